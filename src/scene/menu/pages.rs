//! What each page of the menus offers: one function a page, each a list of [`Item`]s (a line,
//! its value, whether it can be chosen, what choosing it does).

use super::{COLUMNS, Field, Menu, MenuCommand, MenuWorld, Page};
use crate::bindings::{ACTIONS, Action};
use crate::level::Difficulty;
use crate::settings::{Settings, corner_name};

/// A setting the Options page changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Setting {
    Sensitivity,
    AlwaysRun,
    MouseMove,
    Fov,
    Resolution,
    Fullscreen,
    FrameCap,
    Mipmaps,
    Master,
    Effects,
    Music,
    Mute,
    HeadBob,
    DamageFlash,
    MinimapSize,
    MinimapCorner,
    NetDifficulty,
    /// The colour the player wears in a networked game.
    NetColour,
    /// A hosted deathmatch's frag limit.
    FragLimit,
    /// A hosted deathmatch's time limit.
    TimeLimit,
}

/// What an item does.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Does {
    Open(Page),
    Command(MenuCommand),
    Change(Setting),
    Rebind(Action),
    DefaultKeys,
    Edit(Field),
    Back,
}

/// One line of a page.
pub(super) struct Item {
    pub(super) text: String,
    pub(super) value: Option<String>,
    pub(super) enabled: bool,
    pub(super) does: Does,
}

pub(super) fn item(text: &str, does: Does) -> Item {
    Item {
        text: text.into(),
        value: None,
        enabled: true,
        does,
    }
}

/// The difficulties New game offers, with what each means.
pub(super) const DIFFICULTIES: [(Difficulty, &str); 4] = [
    (Difficulty::Easy, "EASY: FEWER ENEMIES, HALF DAMAGE"),
    (Difficulty::Normal, "NORMAL"),
    (Difficulty::Hard, "HARD: FASTER, HARDER HITS"),
    (Difficulty::Death, "DEATH INCARNATE: MORE OF THEM"),
];

fn on_off(b: bool) -> String {
    if b { "ON" } else { "OFF" }.into()
}

fn percent(v: f64) -> String {
    format!("{}%", (v * 100.0).round())
}

impl Menu {
    /// The lines of the page shown.
    pub(super) fn items(&self, settings: &Settings, world: &MenuWorld) -> Vec<Item> {
        match self.page() {
            Page::Main => main(world),
            Page::Scores => scores(world),
            Page::Multiplayer => multiplayer(self, settings, world),
            Page::Arenas => arenas(settings, world),
            Page::NameEntry => name_entry(self),
            Page::NewGame => new_game(),
            Page::Pause => pause(world),
            Page::Load => slots(false, world),
            Page::Save => slots(true, world),
            Page::Options => options(settings, world),
            Page::Controls => controls(settings, world),
        }
    }
}

/// MAIN: new game, continue and load (where a save is), multiplayer (where the build plays
/// with others), the level editor, options, high scores, quit (where the platform can).
fn main(world: &MenuWorld) -> Vec<Item> {
    use Does::*;
    let any_save = world.saves.iter().any(|s| s.summary.is_some());
    vec![
        item("NEW GAME", Open(Page::NewGame)),
        Item {
            enabled: any_save,
            ..item("CONTINUE", Command(MenuCommand::Continue))
        },
        Item {
            enabled: any_save,
            ..item("LOAD GAME", Open(Page::Load))
        },
        Item {
            enabled: world.network,
            ..item("MULTIPLAYER", Open(Page::Multiplayer))
        },
        item("EDIT A LEVEL", Command(MenuCommand::EditLevel)),
        item("OPTIONS", Open(Page::Options)),
        item("HIGH SCORES", Open(Page::Scores)),
    ]
    .into_iter()
    // (A page is closed by its player: no line that could never be chosen.)
    .chain(
        world
            .can_quit
            .then(|| item("QUIT", Command(MenuCommand::Quit))),
    )
    .collect()
}

/// HIGH SCORES: the table's lines (not chosen), then back.
fn scores(world: &MenuWorld) -> Vec<Item> {
    use Does::*;
    let mut items: Vec<Item> = world
        .scores
        .iter()
        .map(|line| Item {
            enabled: false,
            ..item(line, Back)
        })
        .collect();
    if items.is_empty() {
        items.push(Item {
            enabled: false,
            ..item("NO SCORES YET", Back)
        });
    }
    items.push(item("BACK", Back));
    // The cursor on BACK, the one line to choose.
    items
}

/// MULTIPLAYER: the player's name and colour, the difficulty, host co-op or a deathmatch,
/// join or watch an address or a room's code.
fn multiplayer(menu: &Menu, settings: &Settings, world: &MenuWorld) -> Vec<Item> {
    use Does::*;
    let net = &settings.network;
    let asked = match (world.addresses, world.rooms) {
        (true, true) => "TYPE AN ADDRESS AND CODE, OR A ROOM CODE",
        (false, _) => "TYPE A ROOM CODE",
        (true, false) => "TYPE AN ADDRESS AND CODE",
    };
    let typing = |field: Field, text: &str, empty: &str| {
        if menu.editing == Some(field) {
            format!("{text}_")
        } else if text.is_empty() {
            empty.to_string()
        } else {
            text.to_string()
        }
    };
    [
        Item {
            value: Some(typing(Field::Name, &net.name, "PLAYER")),
            ..item("YOUR NAME", Edit(Field::Name))
        },
        Item {
            value: Some(
                crate::level::COLOUR_NAMES[net.colour % crate::level::COLOUR_NAMES.len()]
                    .to_ascii_uppercase(),
            ),
            ..item("YOUR COLOUR", Change(Setting::NetColour))
        },
        Item {
            value: Some(net.difficulty.name().to_ascii_uppercase()),
            ..item("DIFFICULTY", Change(Setting::NetDifficulty))
        },
        Item {
            value: Some(if !world.addresses {
                "IN A NEW ROOM".to_string()
            } else {
                format!("PORT {}", net.port)
            }),
            ..item(
                "HOST CO-OP",
                Command(MenuCommand::HostGame {
                    level: None,
                    deathmatch: false,
                }),
            )
        },
        Item {
            enabled: !world.arenas.is_empty(),
            ..item("HOST DEATHMATCH", Open(Page::Arenas))
        },
        Item {
            value: Some(typing(Field::Address, &net.join, asked)),
            ..item("JOIN", Edit(Field::Address))
        },
        Item {
            value: Some(typing(Field::WatchAddress, &net.join, asked)),
            ..item("WATCH", Edit(Field::WatchAddress))
        },
        item("BACK", Back),
    ]
    .into()
}

/// A deathmatch's limits, then the levels it can be hosted on.
fn arenas(settings: &Settings, world: &MenuWorld) -> Vec<Item> {
    use Does::*;
    let net = &settings.network;
    let limit = |n: u32, unit: &str| match n {
        0 => "NONE".to_string(),
        n => format!("{n}{unit}"),
    };
    let mut items = vec![
        Item {
            value: Some(limit(net.frag_limit, " FRAGS")),
            ..item("FRAG LIMIT", Change(Setting::FragLimit))
        },
        Item {
            value: Some(limit(net.time_limit, " MIN")),
            ..item("TIME LIMIT", Change(Setting::TimeLimit))
        },
    ];
    items.extend(world.arenas.iter().map(|(name, path)| {
        item(
            &name.to_ascii_uppercase(),
            Command(MenuCommand::HostGame {
                level: Some(path.clone()),
                deathmatch: true,
            }),
        )
    }));
    items.push(item("BACK", Back));
    items
}

/// The name typed for a high score.
fn name_entry(menu: &Menu) -> Vec<Item> {
    use Does::*;
    vec![Item {
        value: Some(format!("{}_", menu.name)),
        ..item("NAME", Command(MenuCommand::NameEntered(menu.name.clone())))
    }]
}

/// NEW GAME: the difficulties.
fn new_game() -> Vec<Item> {
    use Does::*;
    let mut items: Vec<Item> = DIFFICULTIES
        .iter()
        .map(|&(d, text)| item(text, Command(MenuCommand::NewGame(d))))
        .collect();
    items.push(item("BACK", Back));
    items
}

/// The pause menu.
fn pause(world: &MenuWorld) -> Vec<Item> {
    use Does::*;
    vec![
        item("RESUME", Command(MenuCommand::Resume)),
        item("OPTIONS", Open(Page::Options)),
        item("SAVE GAME", Open(Page::Save)),
        Item {
            enabled: world.saves.iter().any(|s| s.summary.is_some()),
            ..item("LOAD GAME", Open(Page::Load))
        },
        item("RESTART LEVEL", Command(MenuCommand::Restart)),
        item("QUIT TO MENU", Command(MenuCommand::QuitToMenu)),
    ]
    .into_iter()
    .chain(
        world
            .can_quit
            .then(|| item("QUIT GAME", Command(MenuCommand::Quit))),
    )
    .collect()
}

/// LOAD GAME or SAVE GAME: the save slots, each with what it holds.
fn slots(saving: bool, world: &MenuWorld) -> Vec<Item> {
    use Does::*;
    let mut items: Vec<Item> = world
        .saves
        .iter()
        .map(|slot| {
            let command = if saving {
                MenuCommand::Save(slot.path.clone())
            } else {
                MenuCommand::Load(slot.path.clone())
            };
            Item {
                text: slot.name.clone(),
                value: Some(slot.summary.clone().unwrap_or_else(|| "EMPTY".into())),
                enabled: saving || slot.summary.is_some(),
                does: Command(command),
            }
        })
        .collect();
    items.push(item("BACK", Back));
    items
}

/// OPTIONS: each setting with its value, then the controls.
fn options(settings: &Settings, world: &MenuWorld) -> Vec<Item> {
    use Does::*;
    let s = settings;
    let (w, h) = world.base_size;
    let scaled = |v: u32| ((f64::from(v) * s.resolution_scale) as u32).max(1);
    let rows: [(&str, Setting, String); 16] = [
        (
            "MOUSE SENSITIVITY",
            Setting::Sensitivity,
            format!("{:.2}", s.mouse_sensitivity),
        ),
        ("ALWAYS RUN", Setting::AlwaysRun, on_off(s.always_run)),
        ("MOUSE MOVES", Setting::MouseMove, on_off(s.mouse_move)),
        ("FIELD OF VIEW", Setting::Fov, format!("{}", s.fov.round())),
        (
            "RESOLUTION",
            Setting::Resolution,
            format!("{}X{}", scaled(w), scaled(h)),
        ),
        ("FULLSCREEN", Setting::Fullscreen, on_off(s.fullscreen)),
        (
            "FRAME CAP",
            Setting::FrameCap,
            match s.frame_cap {
                0 => "NONE".into(),
                n => format!("{n} FPS"),
            },
        ),
        ("MIPMAPS", Setting::Mipmaps, on_off(s.mipmaps)),
        (
            "MASTER VOLUME",
            Setting::Master,
            percent(f64::from(s.sound.master)),
        ),
        (
            "EFFECTS VOLUME",
            Setting::Effects,
            percent(f64::from(s.sound.effects)),
        ),
        (
            "MUSIC VOLUME",
            Setting::Music,
            percent(f64::from(s.sound.music)),
        ),
        ("SOUND", Setting::Mute, on_off(!s.sound.mute)),
        ("HEAD BOB", Setting::HeadBob, on_off(s.head_bob)),
        (
            "DAMAGE FLASH",
            Setting::DamageFlash,
            percent(s.damage_flash),
        ),
        (
            "MINIMAP SIZE",
            Setting::MinimapSize,
            percent(s.minimap_size),
        ),
        (
            "MINIMAP CORNER",
            Setting::MinimapCorner,
            corner_name(s.minimap_corner).to_ascii_uppercase(),
        ),
    ];
    let mut items: Vec<Item> = rows
        .into_iter()
        .map(|(text, setting, value)| Item {
            value: Some(format!("< {value} >")),
            ..item(text, Change(setting))
        })
        .collect();
    items.push(item("CONTROLS", Open(Page::Controls)));
    items.push(item("BACK", Back));
    items
}

/// CONTROLS: each action with its two keys.
fn controls(settings: &Settings, world: &MenuWorld) -> Vec<Item> {
    use Does::*;
    let mut items: Vec<Item> = ACTIONS
        .iter()
        .map(|info| {
            let slots = settings.keys.slots(info.action);
            let show = |i: usize| {
                slots
                    .get(i)
                    .and_then(|s| s.first())
                    .map_or("-".into(), |&k| (world.label)(k))
            };
            // The two places, split when drawn (the chosen one is marked).
            Item {
                text: info.label.to_ascii_uppercase(),
                value: Some(format!("{}{COLUMNS}{}", show(0), show(1))),
                enabled: true,
                does: Rebind(info.action),
            }
        })
        .collect();
    items.push(item("DEFAULT KEYS", DefaultKeys));
    items.push(item("BACK", Back));
    items
}
