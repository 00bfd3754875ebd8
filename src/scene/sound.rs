//! What the player hears: a tick's placed sounds ([`crate::play::TickOutput::sounds`]) mixed
//! with the level's sound files and music.

use crate::audio::{Cue, FRAMES_PER_TICK, Mixer, Placement};
use crate::level::LevelWithTextures;

/// One tick heard: its `sounds` (placed for the player's ears as the tick was played:
/// [`crate::play::TickOutput::sounds`]) started on `mixer`, with the level's sound files in
/// place of the sounds made by code, and its music, or else the theme made by code; then a
/// tick's worth ([`FRAMES_PER_TICK`] frames) mixed onto `out`. The window, `autoplay
/// --audio-out` (alone and `--net`) and the tests all hear the game through this, once for
/// every tick a runner played.
pub fn hear_tick(
    sounds: &[(Cue, Placement)],
    loaded: &LevelWithTextures,
    mixer: &mut Mixer,
    out: &mut Vec<f32>,
) {
    mixer.use_files(&loaded.sounds);
    let theme;
    let music = match &loaded.music {
        Some(file) => file,
        None => {
            theme = crate::audio::theme();
            &theme
        }
    };
    mixer.set_music(Some(music));
    for (cue, placement) in sounds {
        mixer.play_cue(cue, *placement);
    }
    mixer.mix(FRAMES_PER_TICK, out);
}
