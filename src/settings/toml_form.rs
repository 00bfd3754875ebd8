//! The settings file's TOML form: read with every problem's line and column, and written
//! back with comments.

use super::*;

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    controls: Option<RawControls>,
    video: Option<RawVideo>,
    comfort: Option<RawComfort>,
    minimap: Option<RawMinimap>,
    sound: Option<RawSound>,
    network: Option<RawNetwork>,
    #[serde(default)]
    keys: BTreeMap<Spanned<String>, Vec<Spanned<String>>>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawControls {
    mouse_sensitivity: Option<Spanned<f64>>,
    always_run: Option<bool>,
    mouse_move: Option<bool>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVideo {
    fov: Option<Spanned<f64>>,
    resolution_scale: Option<Spanned<f64>>,
    fullscreen: Option<bool>,
    frame_cap: Option<Spanned<i64>>,
    mipmaps: Option<bool>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawComfort {
    head_bob: Option<bool>,
    damage_flash: Option<Spanned<f64>>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMinimap {
    corner: Option<Spanned<String>>,
    size: Option<Spanned<f64>>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSound {
    master: Option<Spanned<f64>>,
    effects: Option<Spanned<f64>>,
    music: Option<Spanned<f64>>,
    mute: Option<bool>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNetwork {
    name: Option<Spanned<String>>,
    join: Option<Spanned<String>>,
    port: Option<Spanned<i64>>,
    difficulty: Option<Spanned<String>>,
    colour: Option<Spanned<String>>,
    signal: Option<Spanned<String>>,
    frag_limit: Option<Spanned<i64>>,
    time_limit: Option<Spanned<i64>>,
}

/// The corners by their names in the file.
const CORNERS: [(Corner, &str); 4] = [
    (Corner::TopLeft, "top-left"),
    (Corner::TopRight, "top-right"),
    (Corner::BottomLeft, "bottom-left"),
    (Corner::BottomRight, "bottom-right"),
];

/// A corner's name in the settings file (`"top-right"`).
pub fn corner_name(corner: Corner) -> &'static str {
    CORNERS
        .iter()
        .find(|&&(c, _)| c == corner)
        .map_or("top-right", |&(_, n)| n)
}

/// Reads settings from TOML text (named `file` in errors); what is not there keeps its
/// default.
pub fn parse(text: &str, file: &Path) -> Result<Settings, SettingsError> {
    let r = Reading {
        diagnostics: crate::level::Diagnostics::new(&file.display().to_string(), text),
        file,
    };
    let raw: RawFile = toml::from_str(text).map_err(|e| {
        r.at(
            e.span().map_or(0, |s| s.start),
            e.message().trim().to_string(),
        )
    })?;
    let mut s = Settings::default();
    if let Some(c) = raw.controls {
        s.mouse_sensitivity = r.number(
            &c.mouse_sensitivity,
            s.mouse_sensitivity,
            limits::MOUSE_SENSITIVITY,
            "mouse_sensitivity",
        )?;
        s.always_run = c.always_run.unwrap_or(s.always_run);
        s.mouse_move = c.mouse_move.unwrap_or(s.mouse_move);
    }
    if let Some(v) = raw.video {
        r.video(&v, &mut s)?;
    }
    if let Some(c) = raw.comfort {
        s.head_bob = c.head_bob.unwrap_or(s.head_bob);
        s.damage_flash = r.number(
            &c.damage_flash,
            s.damage_flash,
            limits::DAMAGE_FLASH,
            "damage_flash",
        )?;
    }
    if let Some(m) = raw.minimap {
        r.minimap(&m, &mut s)?;
    }
    if let Some(sound) = raw.sound {
        let volume = |v: &Option<Spanned<f64>>, default: f32, name: &str| {
            r.number(v, f64::from(default), (0.0, 1.0), &format!("{name} volume"))
                .map(|v| v as f32)
        };
        s.sound = SoundSettings {
            master: volume(&sound.master, s.sound.master, "master")?,
            effects: volume(&sound.effects, s.sound.effects, "effects")?,
            music: volume(&sound.music, s.sound.music, "music")?,
            mute: sound.mute.unwrap_or(s.sound.mute),
        };
    }
    if let Some(net) = raw.network {
        r.network(net, &mut s)?;
    }
    r.keys(&raw.keys, &mut s)?;
    Ok(s)
}

/// A settings file being read: where its errors are.
struct Reading<'a> {
    diagnostics: crate::level::Diagnostics<'a>,
    file: &'a Path,
}

impl Reading<'_> {
    /// An error at byte `offset` of the file.
    fn at(&self, offset: usize, message: String) -> SettingsError {
        let (line, column) = self.diagnostics.position(offset);
        SettingsError::Invalid {
            file: self.file.to_path_buf(),
            line,
            column,
            message,
        }
    }

    /// A number from `lo` to `hi` (the default where it is not given); an error naming it
    /// (`name`) where it is outside.
    fn number(
        &self,
        v: &Option<Spanned<f64>>,
        default: f64,
        (lo, hi): (f64, f64),
        name: &str,
    ) -> Result<f64, SettingsError> {
        match v {
            None => Ok(default),
            Some(v) if (lo..=hi).contains(v.get_ref()) => Ok(*v.get_ref()),
            Some(v) => Err(self.at(
                v.span().start,
                format!("{name} {}: it must be from {lo} to {hi}", v.get_ref()),
            )),
        }
    }

    /// The `[video]` table.
    fn video(&self, v: &RawVideo, s: &mut Settings) -> Result<(), SettingsError> {
        s.fov = self.number(&v.fov, s.fov, limits::FOV, "fov")?;
        s.resolution_scale = self.number(
            &v.resolution_scale,
            s.resolution_scale,
            limits::RESOLUTION_SCALE,
            "resolution_scale",
        )?;
        s.fullscreen = v.fullscreen.unwrap_or(s.fullscreen);
        s.mipmaps = v.mipmaps.unwrap_or(s.mipmaps);
        if let Some(cap) = &v.frame_cap {
            let (lo, hi) = limits::FRAME_CAP;
            let n = *cap.get_ref();
            if n != 0 && !(i64::from(lo)..=i64::from(hi)).contains(&n) {
                return Err(self.at(
                    cap.span().start,
                    format!("frame_cap {n}: it must be from {lo} to {hi}, or 0 for no cap"),
                ));
            }
            s.frame_cap = n as u32;
        }
        Ok(())
    }

    /// The `[minimap]` table.
    fn minimap(&self, m: &RawMinimap, s: &mut Settings) -> Result<(), SettingsError> {
        if let Some(corner) = &m.corner {
            s.minimap_corner = CORNERS
                .iter()
                .find(|(_, n)| n == corner.get_ref())
                .map(|&(c, _)| c)
                .ok_or_else(|| {
                    self.at(
                        corner.span().start,
                        format!(
                            "unknown corner '{}' (top-left, top-right, bottom-left, bottom-right)",
                            corner.get_ref()
                        ),
                    )
                })?;
        }
        s.minimap_size = self.number(&m.size, s.minimap_size, limits::MINIMAP_SIZE, "size")?;
        Ok(())
    }

    /// The `[network]` table.
    fn network(&self, net: RawNetwork, s: &mut Settings) -> Result<(), SettingsError> {
        if let Some(name) = net.name {
            let text = name.get_ref();
            if text.trim().is_empty()
                || text.chars().count() > limits::NAME_LEN
                || !text.chars().all(name_char)
            {
                return Err(self.at(
                    name.span().start,
                    format!(
                        "name '{text}': it must be 1 to {} letters, digits, spaces and .-'",
                        limits::NAME_LEN
                    ),
                ));
            }
            s.network.name = text.trim().to_ascii_uppercase();
        }
        if let Some(join) = net.join {
            let text = join.get_ref();
            if text.len() > limits::ADDRESS_LEN || !text.chars().all(address_char) {
                return Err(self.at(
                    join.span().start,
                    format!(
                        "join '{text}': expected an address and a code like 192.168.1.5:7300 493017"
                    ),
                ));
            }
            s.network.join = text.clone();
        }
        if let Some(signal) = net.signal {
            let text = signal.get_ref();
            let scheme = text.starts_with("ws://") || text.starts_with("wss://");
            if !scheme || text.len() > 200 || text.chars().any(char::is_whitespace) {
                return Err(self.at(
                    signal.span().start,
                    format!("signal '{text}': expected a ws:// or wss:// address"),
                ));
            }
            s.network.signal = text.clone();
        }
        if let Some(c) = net.colour {
            let names = crate::level::COLOUR_NAMES;
            s.network.colour = names
                .iter()
                .position(|n| n.eq_ignore_ascii_case(c.get_ref()))
                .ok_or_else(|| {
                    self.at(
                        c.span().start,
                        format!("unknown colour '{}' ({})", c.get_ref(), names.join(", ")),
                    )
                })?;
        }
        if let Some(d) = net.difficulty {
            s.network.difficulty =
                crate::level::Difficulty::named(d.get_ref()).ok_or_else(|| {
                    self.at(
                        d.span().start,
                        format!(
                            "unknown difficulty '{}' ({})",
                            d.get_ref(),
                            crate::level::Difficulty::names(", ")
                        ),
                    )
                })?;
        }
        let limit = |value: &Option<Spanned<i64>>, most: u32, what: &str, unit: &str| {
            let Some(v) = value else {
                return Ok(None);
            };
            let n = *v.get_ref();
            u32::try_from(n)
                .ok()
                .filter(|&n| n <= most)
                .map(Some)
                .ok_or_else(|| {
                    self.at(
                        v.span().start,
                        format!("{what} {n}: it must be from 0 to {most}{unit} (0: no limit)"),
                    )
                })
        };
        if let Some(frags) = limit(&net.frag_limit, limits::FRAG_LIMIT, "frag_limit", "")? {
            s.network.frag_limit = frags;
        }
        let minutes = limit(
            &net.time_limit,
            limits::TIME_LIMIT,
            "time_limit",
            " minutes",
        )?;
        if let Some(minutes) = minutes {
            s.network.time_limit = minutes;
        }
        if let Some(port) = net.port {
            s.network.port = u16::try_from(*port.get_ref())
                .ok()
                .filter(|&p| p > 0)
                .ok_or_else(|| {
                    self.at(
                        port.span().start,
                        format!("port {}: it must be from 1 to 65535", port.get_ref()),
                    )
                })?;
        }
        Ok(())
    }

    /// The `[keys]` table: each action's keys, by their names.
    fn keys(
        &self,
        raw: &BTreeMap<Spanned<String>, Vec<Spanned<String>>>,
        s: &mut Settings,
    ) -> Result<(), SettingsError> {
        for (action, names) in raw {
            let Some(action_found) = Action::named(action.get_ref()) else {
                let known: Vec<&str> = ACTIONS.iter().map(|a| a.name).collect();
                return Err(self.at(
                    action.span().start,
                    format!(
                        "unknown action '{}' ({})",
                        action.get_ref(),
                        known.join(", ")
                    ),
                ));
            };
            let mut keys = Vec::new();
            for name in names {
                let found = keys_named(name.get_ref()).ok_or_else(|| {
                    self.at(
                        name.span().start,
                        format!("unknown key '{}' (use {KEY_NAMES_HELP})", name.get_ref()),
                    )
                })?;
                for key in found {
                    if !keys.contains(&key) {
                        keys.push(key);
                    }
                }
            }
            s.keys.set(action_found, keys);
        }
        Ok(())
    }
}

impl Settings {
    /// The settings as a file [`parse`] reads back equal, every value written, with comments.
    pub fn to_toml(&self) -> String {
        let mut out = String::from(
            "# tilecaster's settings, written by its Options menu. Edit freely while the game is\n\
             # closed; `tilecaster --help` lists the actions and key names.\n",
        );
        out.push_str(&format!(
            "\n[controls]\nmouse_sensitivity = {:?}\nalways_run = {}\nmouse_move = {}\n",
            self.mouse_sensitivity, self.always_run, self.mouse_move
        ));
        out.push_str(&format!(
            "\n[video]\nfov = {:?}\nresolution_scale = {:?}\nfullscreen = {}\nframe_cap = {}\nmipmaps = {}\n",
            self.fov, self.resolution_scale, self.fullscreen, self.frame_cap, self.mipmaps
        ));
        out.push_str(&format!(
            "\n[comfort]\nhead_bob = {}\ndamage_flash = {:?}\n",
            self.head_bob, self.damage_flash
        ));
        out.push_str(&format!(
            "\n[minimap]\ncorner = \"{}\"\nsize = {:?}\n",
            corner_name(self.minimap_corner),
            self.minimap_size
        ));
        out.push_str(&format!(
            // As the `f32`s they are (0.8, not the `f64` nearest to it, 0.800000011920929).
            "\n[sound]\nmaster = {:?}\neffects = {:?}\nmusic = {:?}\nmute = {}\n",
            self.sound.master, self.sound.effects, self.sound.music, self.sound.mute
        ));
        out.push_str(&format!(
            "\n[network]\nname = {:?}\njoin = {:?}\nport = {}\ndifficulty = \"{}\"\ncolour = \"{}\"\nsignal = {:?}\nfrag_limit = {}\ntime_limit = {}\n",
            self.network.name,
            self.network.join,
            self.network.port,
            self.network.difficulty.name(),
            crate::level::COLOUR_NAMES[self.network.colour % crate::level::COLOUR_NAMES.len()],
            self.network.signal,
            self.network.frag_limit,
            self.network.time_limit
        ));
        out.push_str("\n[keys]\n");
        for info in &ACTIONS {
            let names: Vec<String> = names_of(self.keys.keys(info.action))
                .iter()
                .map(|n| format!("{n:?}"))
                .collect();
            out.push_str(&format!("{} = [{}]\n", info.name, names.join(", ")));
        }
        out
    }
}
