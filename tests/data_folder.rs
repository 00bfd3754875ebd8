//! Data folders (`--data DIR`, and a level's own folder): a texture, a sprite sheet of
//! 128-pixel frames and sounds replaced file by file, each seen in a render or heard in the
//! offline mix; `assets --list` says where each comes from; a broken sound file is named.

use crate::common;
use common::scratch;

use std::path::{Path, PathBuf};

use std::sync::Arc;

use tilecaster::assets::{SoundFiles, Sources};
use tilecaster::audio::{Cue, Mixer, Placement, RATE, Sound};
use tilecaster::level::load_with_sources;

/// A room of brick with a guard two tiles ahead of the player, and a brute (a kind of the
/// level's own; `own_sound`: firing with its own sound, which must then be found).
fn room(dir: &Path, own_sound: bool) -> PathBuf {
    let sounds = if own_sound {
        "sounds = { shot = \"brute_shot\", death = \"thud\" }\n"
    } else {
        ""
    };
    let path = dir.join("room.toml");
    std::fs::write(
        &path,
        "name = \"room\"\ngrid = '''\n#######\n#@.g..#\n#....b#\n#######\n'''\n[legend]\n\
         \"#\" = { wall = \"brick\" }\n\"@\" = { player = \"east\" }\n\
         \"g\" = { enemy = \"guard\", facing = \"west\" }\n\
         \"b\" = { enemy = \"brute\", facing = \"west\" }\n\
         [enemies.brute]\nsprite = \"officer\"\n"
            .to_string()
            + sounds,
    )
    .unwrap();
    path
}

/// A mono 16-bit WAV of `samples` at `rate`.
fn wav(path: &Path, rate: u32, samples: &[i16]) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: rate,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut w = hound::WavWriter::create(path, spec).unwrap();
    for &s in samples {
        w.write_sample(s).unwrap();
    }
    w.finalize().unwrap();
}

/// A data folder: green brick, a guard sheet of 128-pixel frames (a blue square in each),
/// a square-wave pistol, and the brute's shot.
fn data_folder(dir: &Path) -> PathBuf {
    let data = dir.join("data");
    std::fs::create_dir_all(data.join("textures/sprites")).unwrap();
    image::RgbaImage::from_pixel(64, 64, image::Rgba([0, 200, 0, 255]))
        .save(data.join("textures/brick.png"))
        .unwrap();
    let sheet = image::RgbaImage::from_fn(8 * 128, 12 * 128, |x, y| {
        let (fx, fy) = (x % 128, y % 128);
        if (24..104).contains(&fx) && (8..128).contains(&fy) {
            image::Rgba([0, 0, 255, 255])
        } else {
            image::Rgba([0, 0, 0, 0])
        }
    });
    sheet.save(data.join("textures/sprites/guard.png")).unwrap();
    let square: Vec<i16> = (0..4800)
        .map(|i| if i / 20 % 2 == 0 { 16000 } else { -16000 })
        .collect();
    wav(&data.join("sounds/pistol.wav"), RATE, &square);
    // At half the rate: resampled to twice as many samples.
    wav(
        &data.join("sounds/brute_shot.wav"),
        RATE / 2,
        &vec![8000; 1200],
    );
    data
}

/// `tilecaster render ARGS -o out`, which must succeed; `out`.
fn render(out: &Path, args: &[&str]) -> PathBuf {
    let mut all = vec!["render"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["-o", out.to_str().unwrap()]);
    common::run_ok(all);
    out.to_path_buf()
}

/// How many pixels of the PNG at `path` pass `test`.
fn count(path: &Path, test: impl Fn([u8; 4]) -> bool) -> usize {
    let img = image::open(path).unwrap().to_rgba8();
    img.pixels().filter(|p| test(p.0)).count()
}

#[test]
fn a_texture_and_a_sheet_of_128_pixel_frames_replaced_by_data_show_in_a_render() {
    let dir = scratch("data-render");
    let level = room(&dir, false);
    let data = data_folder(&dir);
    let level_arg = level.to_str().unwrap();
    let render = |name: &str, extra: &[&str]| {
        let args = [&["--level", level_arg, "--size", "320x200"], extra].concat();
        render(&dir.join(name), &args)
    };
    let plain = render("plain.png", &[]);
    let modded = render("modded.png", &["--data", data.to_str().unwrap()]);
    let wide = |[r, g, b, _]: [u8; 4]| [r, g, b].map(u16::from);
    let green = |p: [u8; 4]| {
        let [r, g, b] = wide(p);
        g > 60 && g > 2 * r.max(b)
    };
    let blue = |p: [u8; 4]| {
        let [r, g, b] = wide(p);
        b > 100 && b > 2 * r.max(g)
    };
    let (w, h) = (320 * 200 / 10, 320 * 200 / 100);
    assert!(
        count(&modded, green) > w,
        "the walls are the data folder's brick"
    );
    assert_eq!(count(&plain, green), 0, "and only with --data");
    assert!(
        count(&modded, blue) > h,
        "the guard is the data folder's sheet"
    );
    assert_eq!(count(&plain, blue), 0);
    let sources = Sources {
        textures: None,
        data: Some(data.clone()),
    };
    let loaded = load_with_sources(&level, &sources).unwrap();
    assert_eq!(loaded.textures.sprite("guard").unwrap().frame_size(), 128);
    assert_eq!(
        loaded.textures.sprite("officer").unwrap().frame_size(),
        64,
        "what the data folder lacks comes from the defaults"
    );
    // `assets --list` names the place of each.
    let out = common::run_ok([
        "assets",
        "--list",
        "--level",
        level_arg,
        "--data",
        data.to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    let line = |kind: &str, name: &str| {
        text.lines()
            .find(|l| l.split_whitespace().take(2).eq([kind, name]))
            .unwrap_or_else(|| panic!("no {kind} {name} in:\n{text}"))
            .to_string()
    };
    assert!(line("texture", "brick").ends_with("--data"), "{text}");
    assert!(line("texture", "stone").ends_with("defaults"), "{text}");
    assert!(line("sprite", "guard").ends_with("--data"), "{text}");
    assert!(line("sound", "pistol").ends_with("--data"), "{text}");
    assert!(line("sound", "alert").contains("made by code"), "{text}");
    assert!(line("hud", "face").contains("made by code"), "{text}");
    assert!(line("music", "music").contains("made by code"), "{text}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// The first `n` samples of the left channel when `cue` is played alone at the listener, with
/// the sound `files` when there are some.
fn mixed(files: Option<&Arc<SoundFiles>>, cue: &Cue, n: usize) -> Vec<f32> {
    let mut mixer = Mixer::new();
    if let Some(files) = files {
        mixer.use_files(files);
    }
    mixer.play_cue(cue, Placement::HERE);
    let mut out = Vec::new();
    mixer.mix(n, &mut out);
    out.chunks(2).map(|f| f[0]).collect()
}

#[test]
fn sounds_replaced_by_data_and_an_enemy_kinds_own_are_heard_in_the_mix() {
    let dir = scratch("data-sound");
    let level = room(&dir, true);
    let data = data_folder(&dir);
    let sources = Sources {
        textures: None,
        data: Some(data),
    };
    let loaded = load_with_sources(&level, &sources).unwrap();
    assert_eq!(
        loaded.sounds.keys().collect::<Vec<_>>(),
        ["brute_shot", "pistol"]
    );
    let files = Some(&loaded.sounds);
    // The pistol: the file's square wave, sample for sample.
    let pistol = mixed(files, &Sound::Pistol.into(), 100);
    let expected: Vec<f32> = (0..100)
        .map(|i| if i / 20 % 2 == 0 { 16000.0 } else { -16000.0 } / 32768.0)
        .collect();
    assert!(
        pistol
            .iter()
            .zip(&expected)
            .all(|(a, b)| (a - b).abs() < 1e-4),
        "{pistol:?}"
    );
    assert_ne!(mixed(None, &Sound::Pistol.into(), 100), pistol);
    // A sound the folder lacks is the one made by code.
    assert_eq!(
        mixed(files, &Sound::Thud.into(), 400),
        mixed(None, &Sound::Thud.into(), 400)
    );
    // The brute fires with its own sound (resampled to 48 kHz); the guard with the guard's.
    let mut game = tilecaster::game::Game::new(loaded.level.clone());
    let brute = game.enemies.iter().position(|e| e.kind == "brute").unwrap();
    let guard = game.enemies.iter().position(|e| e.kind == "guard").unwrap();
    game.events = vec![tilecaster::game::GameEvent::EnemyShot {
        at: game.enemies[brute].position,
        enemy: brute,
    }];
    let heard = tilecaster::play::sounds(&game, &game.events);
    assert_eq!(heard[0].0.own.as_deref(), Some("brute_shot"));
    assert_eq!(
        mixed(None, &heard[0].0, 400),
        mixed(None, &Sound::GuardShot.into(), 400),
        "without the file, the guard's shot"
    );
    let shot = mixed(files, &heard[0].0, 2500);
    assert!(
        shot[..2400]
            .iter()
            .all(|&s| (s - 8000.0 / 32768.0).abs() < 1e-4),
        "the file's samples at twice the rate"
    );
    assert!(shot[2400..].iter().all(|&s| s == 0.0), "then done");
    game.events = vec![tilecaster::game::GameEvent::EnemyShot {
        at: game.enemies[guard].position,
        enemy: guard,
    }];
    let heard = tilecaster::play::sounds(&game, &game.events);
    assert_eq!(heard[0].0, Cue::from(Sound::GuardShot));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn broken_and_missing_sound_files_are_named() {
    let dir = scratch("data-broken");
    let level = room(&dir, true);
    // Without a brute_shot file anywhere: the kind's sound is unknown.
    let out = common::run(["check", level.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("enemy kind 'brute': its shot sound 'brute_shot' is neither a file"),
        "{text}"
    );
    // In the level's own folder, a file that is not a WAV.
    std::fs::create_dir_all(dir.join("sounds")).unwrap();
    std::fs::write(dir.join("sounds/brute_shot.wav"), b"not a wav").unwrap();
    let out = common::run(["check", level.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    let file = dir.join("sounds/brute_shot.wav");
    assert!(
        text.contains(&format!(
            "{}: error: sound 'brute_shot': not a WAV file",
            file.display()
        )),
        "{text}"
    );
    wav(&file, 22_050, &[1000; 100]);
    let out = common::run_ok(["check", level.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("1 sound and 0 HUD pictures from files"),
        "{text}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn weapon_and_face_pictures_from_a_data_folder_replace_the_art_made_by_code() {
    let dir = scratch("data-hud");
    let level = room(&dir, false);
    let data = dir.join("data");
    std::fs::create_dir_all(data.join("hud")).unwrap();
    let magenta = image::Rgba([255, 0, 255, 255]);
    let cyan = image::Rgba([0, 255, 255, 255]);
    // A pistol: a magenta block with a transparent border.
    image::RgbaImage::from_fn(48, 40, |x, y| {
        if (4..44).contains(&x) && y >= 4 {
            magenta
        } else {
            image::Rgba([0, 0, 0, 0])
        }
    })
    .save(data.join("hud/pistol.png"))
    .unwrap();
    image::RgbaImage::from_pixel(4 * 16, 2 * 16, cyan)
        .save(data.join("hud/face.png"))
        .unwrap();
    let render = |name: &str, extra: &[&str]| {
        let level = level.to_str().unwrap();
        let args = [&["--level", level, "--size", "320x200", "--hud"], extra].concat();
        render(&dir.join(name), &args)
    };
    let plain = render("plain.png", &[]);
    let modded = render("modded.png", &["--data", data.to_str().unwrap()]);
    let is = |c: image::Rgba<u8>| move |p: [u8; 4]| p == c.0;
    assert_eq!(count(&plain, is(magenta)), 0);
    assert_eq!(count(&plain, is(cyan)), 0);
    assert!(
        count(&modded, is(magenta)) > 2000,
        "the pistol is the file's"
    );
    assert!(count(&modded, is(cyan)) > 200, "the face is the file's");
    // A face sheet that its frames do not tile is named.
    image::RgbaImage::from_pixel(30, 16, cyan)
        .save(data.join("hud/face.png"))
        .unwrap();
    let out = common::run([
        "check",
        level.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("face.png: error: the face is 30x16: it must be 4 square frames across"),
        "{text}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// A recording keeps a hash of the data besides the level file that decides play (the holes
/// of the grates' textures): replayed with a data folder whose grate has no holes, it is
/// refused, naming both hashes; without it, it plays.
#[test]
fn a_recording_is_refused_when_the_grates_it_was_played_with_changed() {
    use tilecaster::episode::{Recording, Session};
    use tilecaster::game::Input;
    let dir = scratch("data-replay");
    let data = dir.join("data");
    std::fs::create_dir_all(data.join("textures")).unwrap();
    image::RgbaImage::from_pixel(64, 64, image::Rgba([90, 90, 90, 255]))
        .save(data.join("textures/grate.png"))
        .unwrap();
    let level = Path::new("levels/e1m1.toml");
    let plain = Session::start(level, None).unwrap().game.data_hash();
    let sources = Sources {
        textures: None,
        data: Some(data.clone()),
    };
    let solid = Session::start(level, &sources).unwrap().game.data_hash();
    assert_ne!(plain, solid, "the grate's holes count");
    let mut recording =
        Recording::start("levels/e1m1.toml".into(), level).with_data_hash(plain.clone());
    recording.inputs = vec![Input::default(); 30];
    let path = dir.join("run.replay");
    std::fs::write(&path, recording.to_text()).unwrap();
    assert_eq!(
        Recording::parse(&recording.to_text()).unwrap(),
        recording,
        "the data hash reads back"
    );
    common::run_ok(["replay", path.to_str().unwrap()]);
    let out = common::run([
        "replay",
        path.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "the grates' textures or the wall shapes of the level differ from the recording's (their holes' and masks' hash was {plain}, now {solid}"
        )),
        "{stderr}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// `assets --export DIR` writes every asset as a data folder to start from (the ones made by
/// code as WAV and PNG), refuses to overwrite without --force, and that folder given back as
/// --data draws the HUD as the code does (the face's pupils, drawn at half an art pixel by
/// code, may move by that half) and plays the same sounds.
#[test]
fn an_exported_data_folder_stands_in_for_the_assets_made_by_code() {
    let dir = scratch("data-export");
    let data = dir.join("data");
    let out = common::run_ok(["assets", "--export", data.to_str().unwrap()]);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("files in"),
        "{out:?}"
    );
    for file in [
        "textures/brick.png",
        "textures/sprites/guard.png",
        "sounds/pistol.wav",
        "sounds/exit.wav",
        "hud/pistol.png",
        "hud/face.png",
        "sounds/music.wav",
    ] {
        assert!(data.join(file).is_file(), "{file}");
    }
    let again = common::run(["assets", "--export", data.to_str().unwrap()]);
    assert_eq!(again.status.code(), Some(1), "never overwritten unasked");
    // A folder holding one of the files (one written late): every clash is found before
    // anything is written, so nothing else appears.
    let partly = dir.join("partly");
    std::fs::create_dir_all(partly.join("hud")).unwrap();
    std::fs::write(partly.join("hud/face.png"), b"mine").unwrap();
    let clash = common::run(["assets", "--export", partly.to_str().unwrap()]);
    let said = String::from_utf8_lossy(&clash.stderr);
    assert_eq!(clash.status.code(), Some(1), "{said}");
    assert!(
        said.contains("1 of the")
            && said.contains("face.png")
            && said.contains("nothing was written"),
        "{said}"
    );
    let mut left: Vec<_> = walk(&partly);
    left.sort();
    assert_eq!(left, [partly.join("hud/face.png")], "nothing else written");
    assert_eq!(std::fs::read(partly.join("hud/face.png")).unwrap(), b"mine");
    let render = |name: &str, extra: &[&str]| {
        let args = [&["--hud", "--size", "640x400"], extra].concat();
        image::open(render(&dir.join(name), &args))
            .unwrap()
            .to_rgba8()
    };
    let made = render("made.png", &[]);
    let files = render("files.png", &["--data", data.to_str().unwrap()]);
    let differ = made
        .pixels()
        .zip(files.pixels())
        .filter(|(a, b)| a != b)
        .count();
    assert!(differ <= 64, "{differ} pixels differ");
    // A font of solid cells: the status bar's words become blocks.
    assert!(data.join("hud/font.png").is_file());
    image::RgbaImage::from_pixel(16 * 4, 6 * 6, image::Rgba([255, 255, 255, 255]))
        .save(data.join("hud/font.png"))
        .unwrap();
    let blocks = render("blocks.png", &["--data", data.to_str().unwrap()]);
    let bar_top = 400 * 3 / 4;
    let changed = |top: u32, bottom: u32| {
        (top..bottom)
            .flat_map(|y| (0..640).map(move |x| (x, y)))
            .filter(|&(x, y)| made.get_pixel(x, y) != blocks.get_pixel(x, y))
            .count()
    };
    assert!(
        changed(bar_top, 400) > 2000,
        "the status bar's text is the font's"
    );
    assert!(changed(0, 100) == 0, "the view's top has no text");
    let level = Path::new("levels/e1m1.toml");
    let sources = Sources {
        textures: None,
        data: Some(data.clone()),
    };
    let loaded = load_with_sources(level, &sources).unwrap();
    assert_eq!(loaded.sounds.len(), Sound::ALL.len());
    let pistol = mixed(Some(&loaded.sounds), &Sound::Pistol.into(), 2000);
    let code = mixed(None, &Sound::Pistol.into(), 2000);
    assert!(
        pistol.iter().zip(&code).all(|(a, b)| (a - b).abs() < 1e-4),
        "16-bit round trip of the pistol"
    );
    // The music: the theme made by code without a file; the exported file plays the same.
    let theme = tilecaster::audio::theme();
    let exported = loaded.music.as_ref().expect("sounds/music.wav");
    assert_eq!(exported.len(), theme.len());
    assert!(
        exported
            .iter()
            .zip(theme.iter())
            .all(|(a, b)| (a - b).abs() < 1e-4),
        "16-bit round trip of the music"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// Music: `sounds/music.wav` in a data folder (or the file a level's `music` names) loops
/// under the game at the music volume; a named file that is missing is an error at the key;
/// convert carries `music` both ways.
#[test]
fn music_from_a_data_folder_loops_at_the_music_volume() {
    let dir = scratch("data-music");
    let level = room(&dir, false);
    let data = dir.join("data");
    // A tenth of a second of a ramp, at 48 kHz.
    let ramp: Vec<i16> = (0..4800).map(|i| (i * 4) as i16).collect();
    wav(&data.join("sounds/music.wav"), RATE, &ramp);
    let sources = Sources {
        textures: None,
        data: Some(data.clone()),
    };
    let loaded = load_with_sources(&level, &sources).unwrap();
    assert_eq!(loaded.music.as_ref().map(|m| m.len()), Some(4800));
    // Without the folder: no file, and the theme made by code is heard (at master x music
    // volume, from its start).
    let bare = load_with_sources(&level, &Sources::default()).unwrap();
    assert!(bare.music.is_none());
    let mut mixer = Mixer::new();
    mixer.music_volume = 0.5;
    let mut out = Vec::new();
    tilecaster::scene::sound::hear_tick(&[], &bare, &mut mixer, &mut out);
    let theme = tilecaster::audio::theme();
    assert!(out.iter().any(|&s| s != 0.0), "the theme is heard");
    for (i, frame) in out.chunks(2).enumerate() {
        assert!((frame[0] - theme[i] * 0.5).abs() < 1e-6, "sample {i}");
    }
    // Heard looped, at master x music volume, with the game's sounds on top.
    let mut mixer = Mixer::new();
    mixer.master = 1.0;
    mixer.music_volume = 0.5;
    let mut out = Vec::new();
    for _ in 0..7 {
        tilecaster::scene::sound::hear_tick(&[], &loaded, &mut mixer, &mut out);
    }
    let left: Vec<f32> = out.chunks(2).map(|f| f[0]).collect();
    for i in [0, 1, 4799, 4800, 5000] {
        let expected = ramp[i % 4800] as f32 / 32768.0 * 0.5;
        assert!((left[i] - expected).abs() < 1e-4, "sample {i}: {}", left[i]);
    }
    mixer.music_volume = 0.0;
    out.clear();
    tilecaster::scene::sound::hear_tick(&[], &loaded, &mut mixer, &mut out);
    assert!(out.iter().all(|&s| s == 0.0), "music volume 0: silence");
    // A level naming its music: found by name, or an error at the key.
    let text = std::fs::read_to_string(&level).unwrap();
    let named = dir.join("named.toml");
    std::fs::write(&named, format!("music = \"theme\"\n{text}")).unwrap();
    let err = load_with_sources(&named, &sources).unwrap_err().to_string();
    assert!(
        err.contains("named.toml:1:9: error: music 'theme': no sounds/theme.wav"),
        "{err}"
    );
    wav(&dir.join("sounds/theme.wav"), RATE, &[100; 480]);
    let loaded = load_with_sources(&named, &sources).unwrap();
    assert_eq!(loaded.music.as_ref().map(|m| m.len()), Some(480));
    let tmx = dir.join("named.tmx");
    common::run_ok([
        "convert",
        named.to_str().unwrap(),
        "-o",
        tmx.to_str().unwrap(),
    ]);
    assert_eq!(
        tilecaster::level::Level::load(&tmx)
            .unwrap()
            .level
            .music
            .map(|m| m.0),
        Some("theme".to_string())
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// Every file under `dir`, at any depth.
fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files
}

/// Something in a data folder where an asset would be that is not a regular file (a folder, a
/// FIFO, a link to a device, a link to nothing) is an error naming its path, as for levels; the
/// built-in asset does not stand in for it unsaid.
#[cfg(unix)]
#[test]
fn an_asset_path_that_is_not_a_regular_file_is_an_error_naming_it() {
    let dir = scratch("data-not-files");
    let cases: [(&str, &str); 6] = [
        ("sounds/pistol.wav", "folder"),
        ("hud/face.png", "/dev/zero"),
        ("textures/brick.png", "fifo"),
        ("textures/brick_dark.png", "folder"),
        ("textures/sprites/guard.png", "/dev/zero"),
        ("sounds/music.wav", "nowhere"),
    ];
    for (k, (file, what)) in cases.into_iter().enumerate() {
        let data = dir.join(format!("data{k}"));
        let path = data.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        if file == "textures/brick_dark.png" {
            // A dark variant is read beside its texture.
            std::fs::copy("textures/brick.png", data.join("textures/brick.png")).unwrap();
        }
        match what {
            "folder" => std::fs::create_dir(&path).unwrap(),
            "fifo" => assert!(
                std::process::Command::new("mkfifo")
                    .arg(&path)
                    .status()
                    .unwrap()
                    .success()
            ),
            target => std::os::unix::fs::symlink(target, &path).unwrap(),
        }
        let out = common::run([
            "render",
            "--hud",
            "--size",
            "64x40",
            "--data",
            data.to_str().unwrap(),
            "-o",
            dir.join(format!("out{k}.png")).to_str().unwrap(),
        ]);
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{file} ({what}): {said}");
        assert!(
            said.contains(&path.display().to_string()),
            "{file} ({what}): {said}"
        );
        assert!(!dir.join(format!("out{k}.png")).exists());
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// The files a level is played from are the level, the textures it loads from beside it
/// (a dark side with one) and its sprite sheets there; a picture beside it that it never
/// names is not among them (the page's share link packs these alone).
#[test]
fn the_files_a_level_uses_are_the_ones_it_loads_and_no_others() {
    let dir = scratch("files-used");
    let path = room(&dir, false);
    let green = image::RgbaImage::from_pixel(64, 64, image::Rgba([0, 200, 0, 255]));
    green.save(dir.join("brick.png")).unwrap();
    green.save(dir.join("brick_dark.png")).unwrap();
    green.save(dir.join("unrelated.png")).unwrap();
    let loaded = load_with_sources(&path, &Sources::default()).unwrap();
    let used = loaded.files_used(&path);
    let beside: Vec<&Path> = used
        .iter()
        .filter(|f| f.starts_with(&dir))
        .map(PathBuf::as_path)
        .collect();
    assert_eq!(
        beside,
        [
            path.as_path(),
            &dir.join("brick.png"),
            &dir.join("brick_dark.png")
        ],
        "{used:?}"
    );
    // The guard's and the officer's sheets, from the bundled textures.
    assert!(
        used.iter().any(|f| f.ends_with("sprites/guard.png")),
        "{used:?}"
    );
}
