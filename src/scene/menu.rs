//! The game's menus: the main menu (new game, continue, load, options, quit), the pause menu
//! (resume, options, save, load, restart, quit), the options and the controls, as a state
//! machine that window-free input drives ([`MenuInput`]) and that answers with what the game
//! should do ([`MenuCommand`]); and their drawing, title art included, into a [`Frame`].
//!
//! ```
//! use tilecaster::scene::menu::{Menu, MenuCommand, MenuInput, MenuWorld};
//! use tilecaster::settings::Settings;
//! use tilecaster::level::Difficulty;
//!
//! let mut settings = Settings::default();
//! let world = MenuWorld::default();
//! let mut menu = Menu::main();
//! // NEW GAME: the cursor starts on NORMAL.
//! assert_eq!(menu.handle(MenuInput::Select, &mut settings, &world), None);
//! let chosen = menu.handle(MenuInput::Select, &mut settings, &world);
//! assert_eq!(chosen, Some(MenuCommand::NewGame(Difficulty::Normal)));
//! ```

use std::path::PathBuf;

use crate::bindings::{ACTIONS, Action, Bindings, Key};
use crate::frame::draw::{Canvas, text_width, wrap_words};
use crate::frame::{Colour, Frame};
use crate::level::Difficulty;
use crate::scene::topdown::Corner;
use crate::settings::{Settings, corner_name};

/// A page of the menus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    /// The front door.
    Main,
    /// Choosing the difficulty of a new game.
    NewGame,
    /// Over a game that stands still.
    Pause,
    /// The saves to load.
    Load,
    /// The slots to save to.
    Save,
    /// The settings.
    Options,
    /// Every action's keys.
    Controls,
    /// The high-score table.
    Scores,
    /// A run that made the table: its name typed in.
    NameEntry,
    /// Network play: the player's name, hosting a game, joining one.
    Multiplayer,
    /// The levels a deathmatch can be hosted on.
    Arenas,
}

/// One save the menus offer: its file and what it holds.
#[derive(Clone, Debug, PartialEq)]
pub struct SaveSlot {
    /// How the menu names it ("QUICK SAVE", "SLOT 1").
    pub name: String,
    /// Its file.
    pub path: PathBuf,
    /// What is in it ("E1M2 THE CELLS, 2:15"), `None` while it is empty.
    pub summary: Option<String>,
}

/// The bundled episode's name, as New game shows it.
pub const EPISODE: &str = "EPISODE 1";

/// What the menus show but do not own: the saves, the episode, the base frame size, and how
/// keys are labelled on the player's keyboard.
pub struct MenuWorld<'a> {
    /// The save slots, the quick save first.
    pub saves: &'a [SaveSlot],
    /// The episode's name, as New game shows it.
    pub episode: &'a str,
    /// The frame size at resolution scale 1.
    pub base_size: (u32, u32),
    /// The size of the frame the menu is drawn in (where the mouse points).
    pub frame: (u32, u32),
    /// A key's label on the player's keyboard.
    pub label: &'a dyn Fn(Key) -> String,
    /// A line to show above the help (what went wrong last).
    pub notice: Option<&'a str>,
    /// Whether the game can end itself (not in a browser page, which the player closes).
    pub can_quit: bool,
    /// The high-score table, a line a run ("1. BJ  12400  E1M3  HARD").
    pub scores: &'a [String],
    /// Whether network play is offered.
    pub network: bool,
    /// Whether games are joined by a room's code (of a signalling server, over WebRTC: the
    /// page, and native builds with the `webrtc` feature).
    pub rooms: bool,
    /// Whether games are hosted on a port and joined by address (natively; the page hosts in
    /// rooms).
    pub addresses: bool,
    /// The levels a deathmatch can be hosted on: each one's name and file.
    pub arenas: &'a [(String, PathBuf)],
}

impl Default for MenuWorld<'_> {
    fn default() -> Self {
        MenuWorld {
            saves: &[],
            episode: EPISODE,
            base_size: (640, 400),
            frame: (640, 400),
            label: &Key::label,
            notice: None,
            can_quit: true,
            scores: &[],
            network: true,
            rooms: false,
            addresses: true,
            arenas: &[],
        }
    }
}

/// What the player did in a menu, with the window's keys and mouse already translated.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MenuInput {
    /// The choice above.
    Up,
    /// The choice below.
    Down,
    /// A setting smaller, or the first key column.
    Left,
    /// A setting larger, or the second key column.
    Right,
    /// Enter: choose.
    Select,
    /// Escape: back a page (or cancel a key being bound).
    Back,
    /// Backspace or Delete: clear the chosen key binding.
    Clear,
    /// A key or button pressed while the menu waits for one to bind.
    Bind(Key),
    /// The mouse pointer at frame pixel `(x, y)`: the item under it is chosen.
    Point(f64, f64),
    /// A click at frame pixel `(x, y)`.
    Click(f64, f64),
    /// A character typed (the name of a high score).
    Type(char),
}

/// What the game should do, as the menu asks.
#[derive(Clone, Debug, PartialEq)]
pub enum MenuCommand {
    /// Start the episode at this difficulty.
    NewGame(Difficulty),
    /// Load the newest save.
    Continue,
    /// Load this save.
    Load(PathBuf),
    /// Save the game here.
    Save(PathBuf),
    /// Back to the game.
    Resume,
    /// The level again from its start.
    Restart,
    /// Leave the game for the main menu.
    QuitToMenu,
    /// End the program.
    Quit,
    /// A setting or binding changed (the game applies and saves them).
    SettingsChanged,
    /// The name of the run that made the high-score table, typed in (then the table shows).
    NameEntered(String),
    /// Host a networked game (a lobby the others join) on this level: a deathmatch, or co-op
    /// through the episode.
    HostGame {
        /// The level.
        level: Option<PathBuf>,
        /// A deathmatch (else co-op).
        deathmatch: bool,
    },
    /// Join the networked game hosted at this address.
    JoinGame(std::net::SocketAddr),
    /// Join the networked game hosted in the room of this code (the page's network play,
    /// through a signalling server).
    JoinRoom(String),
}

/// A line of text the Multiplayer page edits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// The player's name.
    Name,
    /// The address to join.
    Address,
}

/// A setting the Options page changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Setting {
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
}

/// What an item does.
#[derive(Clone, Debug, PartialEq)]
enum Does {
    Open(Page),
    Command(MenuCommand),
    Change(Setting),
    Rebind(Action),
    DefaultKeys,
    Edit(Field),
    Back,
}

/// One line of a page.
struct Item {
    text: String,
    value: Option<String>,
    enabled: bool,
    does: Does,
}

fn item(text: &str, does: Does) -> Item {
    Item {
        text: text.into(),
        value: None,
        enabled: true,
        does,
    }
}

/// The menus' state: the pages open (the last shown) with the item chosen on each, the key
/// column chosen on the controls page, and whether a key is awaited.
#[derive(Clone, Debug, PartialEq)]
pub struct Menu {
    pages: Vec<(Page, usize)>,
    column: usize,
    waiting: bool,
    /// The name typed so far, and the score it is for (the name entry page).
    name: String,
    score: u32,
    /// The Multiplayer page's line being typed, if one is.
    editing: Option<Field>,
}

/// Between the two key places of a controls row's value.
const COLUMNS: char = '\t';

/// The difficulties New game offers, with what each means.
const DIFFICULTIES: [(Difficulty, &str); 3] = [
    (Difficulty::Easy, "EASY: FEWER ENEMIES, HALF DAMAGE"),
    (Difficulty::Normal, "NORMAL"),
    (Difficulty::Hard, "HARD: FASTER, HARDER HITS"),
];

const SENSITIVITIES: [f64; 14] = [
    0.03, 0.05, 0.08, 0.1, 0.12, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.7, 1.0, 1.5,
];
const RESOLUTION_SCALES: [f64; 7] = [0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0];
/// Frame caps, "none" (0) last as if it were the largest.
const FRAME_CAPS: [f64; 7] = [30.0, 60.0, 75.0, 120.0, 144.0, 240.0, NO_CAP];
const NO_CAP: f64 = 1e9;
const MINIMAP_SIZES: [f64; 9] = [0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6, 0.8, 1.0];
const CORNERS: [Corner; 4] = [
    Corner::TopLeft,
    Corner::TopRight,
    Corner::BottomRight,
    Corner::BottomLeft,
];

/// The value after (`up`) or before `now` in `list` (ordered as shown), clamped to its ends; a
/// value between two steps goes to the nearer step in that direction.
fn step(list: &[f64], now: f64, up: bool) -> f64 {
    let at = list.iter().position(|&v| (v - now).abs() < 1e-9);
    match (at, up) {
        (Some(i), true) => list[(i + 1).min(list.len() - 1)],
        (Some(i), false) => list[i.saturating_sub(1)],
        (None, true) => *list
            .iter()
            .find(|&&v| v > now)
            .unwrap_or(&list[list.len() - 1]),
        (None, false) => *list.iter().rev().find(|&&v| v < now).unwrap_or(&list[0]),
    }
}

/// `now` moved by `by` and clamped to `lo..=hi`, rounded to hundredths.
fn nudge(now: f64, by: f64, lo: f64, hi: f64) -> f64 {
    ((now + by).clamp(lo, hi) * 100.0).round() / 100.0
}

fn on_off(b: bool) -> String {
    if b { "ON" } else { "OFF" }.into()
}

fn percent(v: f64) -> String {
    format!("{}%", (v * 100.0).round())
}

impl Menu {
    /// The main menu, at its first item.
    pub fn main() -> Menu {
        Menu {
            pages: vec![(Page::Main, 0)],
            column: 0,
            waiting: false,
            name: String::new(),
            score: 0,
            editing: None,
        }
    }

    /// The name entry for a run that scored `score` and made the high-score table, over the
    /// main menu (where the table's page shows once the name is in).
    pub fn name_entry(score: u32) -> Menu {
        Menu {
            pages: vec![(Page::Main, 0), (Page::NameEntry, 0)],
            score,
            ..Menu::main()
        }
    }

    /// The high-score table's page, over the main menu.
    pub fn scores() -> Menu {
        Menu {
            pages: vec![(Page::Main, 0), (Page::Scores, 0)],
            ..Menu::main()
        }
    }

    /// The pause menu, at its first item (Resume).
    pub fn pause() -> Menu {
        Menu {
            pages: vec![(Page::Pause, 0)],
            ..Menu::main()
        }
    }

    /// The page shown.
    pub fn page(&self) -> Page {
        self.pages.last().map_or(Page::Main, |p| p.0)
    }

    /// The item chosen on the page shown.
    pub fn selected(&self) -> usize {
        self.pages.last().map_or(0, |p| p.1)
    }

    /// Whether the menus stand over the main menu (no game under them).
    pub fn is_front_door(&self) -> bool {
        self.pages.first().is_some_and(|p| p.0 == Page::Main)
    }

    /// Whether the controls page waits for a key to bind: every key and button is then the
    /// menu's ([`MenuInput::Bind`]), but Escape, which cancels.
    pub fn waiting_for_key(&self) -> bool {
        self.waiting
    }

    fn items(&self, settings: &Settings, world: &MenuWorld) -> Vec<Item> {
        use Does::*;
        match self.page() {
            Page::Main => {
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
                    item("OPTIONS", Open(Page::Options)),
                    item("HIGH SCORES", Open(Page::Scores)),
                    Item {
                        enabled: world.can_quit,
                        ..item("QUIT", Command(MenuCommand::Quit))
                    },
                ]
            }
            Page::Scores => {
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
            Page::Multiplayer => {
                let net = &settings.network;
                let typing = |field: Field, text: &str, empty: &str| {
                    if self.editing == Some(field) {
                        format!("{text}_")
                    } else if text.is_empty() {
                        empty.to_string()
                    } else {
                        text.to_string()
                    }
                };
                vec![
                    Item {
                        value: Some(typing(Field::Name, &net.name, "PLAYER")),
                        ..item("YOUR NAME", Edit(Field::Name))
                    },
                    Item {
                        value: Some(
                            crate::level::COLOUR_NAMES
                                [net.colour % crate::level::COLOUR_NAMES.len()]
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
                        value: Some(typing(
                            Field::Address,
                            &net.join,
                            match (world.addresses, world.rooms) {
                                (true, true) => "TYPE AN ADDRESS OR A CODE",
                                (false, _) => "TYPE A ROOM CODE",
                                (true, false) => "TYPE AN ADDRESS",
                            },
                        )),
                        ..item("JOIN", Edit(Field::Address))
                    },
                    item("BACK", Back),
                ]
            }
            Page::Arenas => {
                let mut items: Vec<Item> = world
                    .arenas
                    .iter()
                    .map(|(name, path)| {
                        item(
                            &name.to_ascii_uppercase(),
                            Command(MenuCommand::HostGame {
                                level: Some(path.clone()),
                                deathmatch: true,
                            }),
                        )
                    })
                    .collect();
                items.push(item("BACK", Back));
                items
            }
            Page::NameEntry => vec![Item {
                value: Some(format!("{}_", self.name)),
                ..item("NAME", Command(MenuCommand::NameEntered(self.name.clone())))
            }],
            Page::NewGame => {
                let mut items: Vec<Item> = DIFFICULTIES
                    .iter()
                    .map(|&(d, text)| item(text, Command(MenuCommand::NewGame(d))))
                    .collect();
                items.push(item("BACK", Back));
                items
            }
            Page::Pause => vec![
                item("RESUME", Command(MenuCommand::Resume)),
                item("OPTIONS", Open(Page::Options)),
                item("SAVE GAME", Open(Page::Save)),
                Item {
                    enabled: world.saves.iter().any(|s| s.summary.is_some()),
                    ..item("LOAD GAME", Open(Page::Load))
                },
                item("RESTART LEVEL", Command(MenuCommand::Restart)),
                item("QUIT TO MENU", Command(MenuCommand::QuitToMenu)),
                Item {
                    enabled: world.can_quit,
                    ..item("QUIT GAME", Command(MenuCommand::Quit))
                },
            ],
            Page::Load | Page::Save => {
                let saving = self.page() == Page::Save;
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
            Page::Options => {
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
            Page::Controls => {
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
        }
    }

    /// Takes one input; what the game should do about it, if anything.
    pub fn handle(
        &mut self,
        input: MenuInput,
        settings: &mut Settings,
        world: &MenuWorld,
    ) -> Option<MenuCommand> {
        if self.waiting {
            return self.bind_awaited(input, &mut settings.keys);
        }
        if let Some(field) = self.editing {
            return self.edit(field, input, settings, world);
        }
        if self.page() == Page::NameEntry {
            match input {
                MenuInput::Type(c) if self.name.chars().count() < crate::episode::NAME_LEN => {
                    if c.is_ascii_alphanumeric() || " .-'".contains(c) {
                        self.name.push(c.to_ascii_uppercase());
                    }
                    return None;
                }
                MenuInput::Clear => {
                    self.name.pop();
                    return None;
                }
                // Escape keeps the run too, under the name typed so far.
                MenuInput::Select | MenuInput::Back | MenuInput::Click(..) => {
                    let name = std::mem::take(&mut self.name);
                    self.pages = vec![(Page::Main, 0), (Page::Scores, 0)];
                    return Some(MenuCommand::NameEntered(name));
                }
                _ => return None,
            }
        }
        let items = self.items(settings, world);
        let chosen = self.selected().min(items.len().saturating_sub(1));
        match input {
            MenuInput::Up | MenuInput::Down => {
                let n = items.len();
                let mut i = chosen;
                // The next enabled item that way, wrapping around.
                for _ in 0..n {
                    i = if input == MenuInput::Up {
                        (i + n - 1) % n
                    } else {
                        (i + 1) % n
                    };
                    if items[i].enabled {
                        break;
                    }
                }
                self.choose(i);
                None
            }
            MenuInput::Left | MenuInput::Right => {
                let up = input == MenuInput::Right;
                match &items[chosen].does {
                    Does::Change(setting) => {
                        change(settings, *setting, up);
                        Some(MenuCommand::SettingsChanged)
                    }
                    Does::Rebind(_) => {
                        self.column = usize::from(up);
                        None
                    }
                    _ => None,
                }
            }
            MenuInput::Select => self.activate(&items[chosen], settings),
            MenuInput::Back => self.back(),
            MenuInput::Clear => match items[chosen].does {
                Does::Rebind(action) => {
                    settings.keys.unbind(action, self.column);
                    Some(MenuCommand::SettingsChanged)
                }
                _ => None,
            },
            MenuInput::Bind(_) | MenuInput::Type(_) => None,
            MenuInput::Point(x, y) => {
                if let Some(i) = self.item_at(items.len(), world, x, y) {
                    if items[i].enabled {
                        self.choose(i);
                    }
                }
                None
            }
            MenuInput::Click(x, y) => {
                let i = self.item_at(items.len(), world, x, y)?;
                if !items[i].enabled {
                    return None;
                }
                self.choose(i);
                // A click on a setting's right half raises it, on its left half lowers it.
                if let Does::Change(setting) = items[i].does {
                    change(settings, setting, x >= f64::from(world.frame.0) / 2.0);
                    return Some(MenuCommand::SettingsChanged);
                }
                self.activate(&items[i], settings)
            }
        }
    }

    fn choose(&mut self, i: usize) {
        if let Some(page) = self.pages.last_mut() {
            page.1 = i;
        }
    }

    fn activate(&mut self, item: &Item, settings: &mut Settings) -> Option<MenuCommand> {
        if !item.enabled {
            return None;
        }
        match &item.does {
            Does::Open(page) => {
                // New game starts on NORMAL, the difficulty the game is made for.
                let first = if *page == Page::NewGame { 1 } else { 0 };
                self.pages.push((*page, first));
                self.column = 0;
                None
            }
            Does::Command(c) => Some(c.clone()),
            Does::Change(setting) => {
                change(settings, *setting, true);
                Some(MenuCommand::SettingsChanged)
            }
            Does::Rebind(_) => {
                self.waiting = true;
                None
            }
            Does::DefaultKeys => {
                settings.keys = Bindings::default();
                Some(MenuCommand::SettingsChanged)
            }
            Does::Edit(field) => {
                self.editing = Some(*field);
                None
            }
            Does::Back => self.back(),
        }
    }

    /// The Multiplayer page's line being typed: characters added, Backspace deleting, Enter
    /// keeping it (and joining, for an address that reads as one), Escape keeping it too.
    fn edit(
        &mut self,
        field: Field,
        input: MenuInput,
        settings: &mut Settings,
        world: &MenuWorld,
    ) -> Option<MenuCommand> {
        use crate::settings::limits;
        let net = &mut settings.network;
        let (text, fits, most) = match field {
            Field::Name => (
                &mut net.name,
                crate::settings::name_char as fn(char) -> bool,
                limits::NAME_LEN,
            ),
            Field::Address => (
                &mut net.join,
                crate::settings::address_char as fn(char) -> bool,
                limits::ADDRESS_LEN,
            ),
        };
        match input {
            MenuInput::Type(c) => {
                if fits(c) && text.chars().count() < most {
                    text.push(c.to_ascii_uppercase());
                }
                None
            }
            MenuInput::Clear => {
                text.pop();
                None
            }
            MenuInput::Select | MenuInput::Back | MenuInput::Click(..) => {
                if field == Field::Name && text.trim().is_empty() {
                    *text = "PLAYER".into();
                }
                *text = text.trim().to_string();
                // Enter joins an address (an IP address alone: on the default port), or
                // where games are in rooms, a room's code (digits); what does not read as
                // one stays to be mended.
                let code = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
                let join = match (field, input) {
                    (Field::Address, MenuInput::Select) if world.rooms && code => {
                        Some(MenuCommand::JoinRoom(text.clone()))
                    }
                    (Field::Address, MenuInput::Select) if !world.addresses => return None,
                    (Field::Address, MenuInput::Select) => {
                        let address = text.parse().ok().or_else(|| {
                            let ip = text.parse().ok()?;
                            Some(std::net::SocketAddr::new(ip, crate::settings::DEFAULT_PORT))
                        });
                        Some(MenuCommand::JoinGame(address?))
                    }
                    _ => None,
                };
                self.editing = None;
                Some(join.unwrap_or(MenuCommand::SettingsChanged))
            }
            _ => None,
        }
    }

    /// The line being typed on the Multiplayer page, if one is.
    pub fn editing(&self) -> Option<Field> {
        self.editing
    }

    /// Back a page; from the pause menu itself, back to the game.
    fn back(&mut self) -> Option<MenuCommand> {
        if self.pages.len() > 1 {
            self.pages.pop();
            self.column = 0;
            None
        } else if self.page() == Page::Pause {
            Some(MenuCommand::Resume)
        } else {
            None
        }
    }

    fn bind_awaited(&mut self, input: MenuInput, keys: &mut Bindings) -> Option<MenuCommand> {
        let action = ACTIONS.get(self.selected())?.action;
        match input {
            MenuInput::Bind(key) => {
                self.waiting = false;
                keys.bind(action, self.column, key);
                Some(MenuCommand::SettingsChanged)
            }
            MenuInput::Back => {
                self.waiting = false;
                None
            }
            _ => None,
        }
    }
}

/// Moves a setting one step up or down (a switch flips either way).
fn change(s: &mut Settings, setting: Setting, up: bool) {
    let dir = if up { 1.0 } else { -1.0 };
    match setting {
        Setting::Sensitivity => s.mouse_sensitivity = step(&SENSITIVITIES, s.mouse_sensitivity, up),
        Setting::Fov => s.fov = nudge(s.fov, 5.0 * dir, 60.0, 110.0),
        Setting::Resolution => {
            s.resolution_scale = step(&RESOLUTION_SCALES, s.resolution_scale, up)
        }
        Setting::Fullscreen => s.fullscreen = !s.fullscreen,
        Setting::FrameCap => {
            let now = match s.frame_cap {
                0 => NO_CAP,
                n => f64::from(n),
            };
            let next = step(&FRAME_CAPS, now, up);
            s.frame_cap = if next == NO_CAP { 0 } else { next as u32 };
        }
        Setting::Mipmaps => s.mipmaps = !s.mipmaps,
        Setting::Master => {
            s.sound.master = nudge(f64::from(s.sound.master), 0.1 * dir, 0.0, 1.0) as f32;
        }
        Setting::Effects => {
            s.sound.effects = nudge(f64::from(s.sound.effects), 0.1 * dir, 0.0, 1.0) as f32;
        }
        Setting::Music => {
            s.sound.music = nudge(f64::from(s.sound.music), 0.1 * dir, 0.0, 1.0) as f32;
        }
        Setting::Mute => s.sound.mute = !s.sound.mute,
        Setting::HeadBob => s.head_bob = !s.head_bob,
        Setting::AlwaysRun => s.always_run = !s.always_run,
        Setting::MouseMove => s.mouse_move = !s.mouse_move,
        Setting::DamageFlash => s.damage_flash = nudge(s.damage_flash, 0.25 * dir, 0.0, 1.0),
        Setting::MinimapSize => s.minimap_size = step(&MINIMAP_SIZES, s.minimap_size, up),
        Setting::NetColour => {
            let count = crate::level::COLOUR_NAMES.len();
            let step = if up { 1 } else { count - 1 };
            s.network.colour = (s.network.colour + step) % count;
        }
        Setting::NetDifficulty => {
            let all = Difficulty::ALL;
            let at = all
                .iter()
                .position(|&d| d == s.network.difficulty)
                .unwrap_or(1);
            let next = if up {
                (at + 1).min(all.len() - 1)
            } else {
                at.saturating_sub(1)
            };
            s.network.difficulty = all[next];
        }
        Setting::MinimapCorner => {
            let at = CORNERS
                .iter()
                .position(|&c| c == s.minimap_corner)
                .unwrap_or(0);
            let next = if up { at + 1 } else { at + CORNERS.len() - 1 };
            s.minimap_corner = CORNERS[next % CORNERS.len()];
        }
    }
}

/// Where a page's items go in a frame: the first row's top, the row height, the rows that
/// fit, and the first item shown (the list scrolls to keep the chosen one in view).
#[derive(Clone, Copy, Debug)]
struct Layout {
    scale: u32,
    top: i64,
    row: i64,
    visible: usize,
    first: usize,
}

impl Menu {
    fn layout(&self, items: usize, height: u32) -> Layout {
        let scale = (height / 200).max(1);
        let s = i64::from(scale);
        let h = i64::from(height);
        // The title art takes the top of the front door's own pages.
        let top = if self.page() == Page::Main {
            80 * s
        } else {
            34 * s
        };
        // Above the status bar (the pause menu shows it beneath), with rows a little closer
        // where a long page would otherwise run into it or scroll.
        // The help line sits just above the status bar, and the rows above it.
        let bar = i64::from(crate::scene::hud::bar_height_for(height));
        let bottom = (h - bar - 10 * s).min(h - 16 * s);
        let row = if top + items as i64 * 9 * s <= bottom {
            9 * s
        } else {
            8 * s
        };
        let visible = (((bottom - top) / row).max(1) as usize).min(items);
        let chosen = self.selected();
        let first = chosen
            .saturating_sub(visible / 2)
            .min(items.saturating_sub(visible));
        Layout {
            scale,
            top,
            row,
            visible,
            first,
        }
    }

    /// The item at frame pixel `(x, y)` (rows span the frame's width), using the frame
    /// height the menu is drawn at.
    fn item_at(&self, items: usize, world: &MenuWorld, _x: f64, y: f64) -> Option<usize> {
        let layout = self.layout(items, world.frame.1);
        if y < layout.top as f64 {
            return None;
        }
        let i = ((y - layout.top as f64) / layout.row as f64) as usize;
        (i < layout.visible).then_some(layout.first + i)
    }
}

/// Draws the menu over `frame`: the title art on the front door, the page's items, the chosen
/// one marked, and a line of help at the bottom. The frame under it is darkened (the game, or
/// the attract view behind the main menu).
pub fn draw(frame: &mut Frame, menu: &Menu, settings: &Settings, world: &MenuWorld) {
    let items = menu.items(settings, world);
    let layout = menu.layout(items.len(), frame.height());
    let (w, h) = (i64::from(frame.width()), i64::from(frame.height()));
    let scale = layout.scale;
    let s = i64::from(scale);
    let mut canvas = Canvas::new(frame);
    canvas.darken(2);
    let gold = Colour::rgb(240, 210, 110);
    let white = Colour::rgb(235, 235, 235);
    let grey = Colour::rgb(120, 120, 120);
    if menu.page() == Page::Main {
        draw_title(&mut canvas, w, 14 * s, s);
        let sub = "A RAYCASTING ADVENTURE";
        centred(&mut canvas, w, 62 * s, sub, gold, scale);
    } else {
        let title = match menu.page() {
            Page::NewGame => format!("NEW GAME - {}", world.episode.to_ascii_uppercase()),
            Page::Pause => "PAUSED".into(),
            Page::Load => "LOAD GAME".into(),
            Page::Save => "SAVE GAME".into(),
            Page::Options => "OPTIONS".into(),
            Page::Controls => "CONTROLS".into(),
            Page::Scores => "HIGH SCORES".into(),
            Page::NameEntry => format!("NEW HIGH SCORE: {}", menu.score),
            Page::Multiplayer => "MULTIPLAYER".into(),
            Page::Arenas => "HOST A DEATHMATCH".into(),
            Page::Main => String::new(),
        };
        let big = scale * 2;
        centred(&mut canvas, w, 10 * s, &title, gold, big);
    }
    let has_values = items.iter().any(|i| i.value.is_some());
    // Items left of the middle with values right of it; alone, centred.
    let text_x = if has_values {
        w / 2 - 4 * s - 100 * s
    } else {
        0
    };
    let value_x = w / 2 + 4 * s;
    for (row, i) in (layout.first..layout.first + layout.visible).enumerate() {
        let it = &items[i];
        let y = layout.top + row as i64 * layout.row;
        let chosen = i == menu.selected();
        if chosen {
            canvas.mix_rect(0..w, y - s..y + 7 * s, Colour::rgb(150, 30, 30), 0.6);
        }
        let colour = match (it.enabled, chosen) {
            (false, _) => grey,
            (true, true) => Colour::rgb(255, 255, 255),
            (true, false) => white,
        };
        if has_values {
            canvas.text(text_x.max(4 * s), y, &it.text, colour, scale);
        } else {
            centred(&mut canvas, w, y, &it.text, colour, scale);
        }
        if let Some(value) = &it.value {
            let value = if menu.page() == Page::Controls {
                // The chosen place in brackets.
                let column = chosen.then_some(menu.column);
                mark_column(value, column, menu.waiting)
            } else {
                value.clone()
            };
            canvas.text(
                value_x,
                y,
                &value,
                if it.enabled { gold } else { grey },
                scale,
            );
        }
    }
    if layout.first > 0 {
        centred(&mut canvas, w, layout.top - 7 * s, "- MORE -", grey, scale);
    }
    if layout.first + layout.visible < items.len() {
        let y = layout.top + layout.visible as i64 * layout.row;
        centred(&mut canvas, w, y, "- MORE -", grey, scale);
    }
    let help = if menu.waiting {
        let action = ACTIONS
            .get(menu.selected())
            .map_or("", |a| a.label)
            .to_ascii_uppercase();
        format!("PRESS A KEY OR BUTTON FOR {action} - ESC CANCELS")
    } else if menu.editing == Some(Field::Address) {
        "TYPE THE HOST'S ADDRESS (LIKE 192.168.1.5:7300) - ENTER JOINS".into()
    } else if menu.editing.is_some() {
        "TYPE YOUR NAME - BACKSPACE DELETES - ENTER KEEPS IT".into()
    } else {
        match menu.page() {
            Page::Multiplayer => "HOST: THE OTHERS JOIN YOUR ADDRESS - ESC BACK".into(),
            Page::Options => "UP/DOWN CHOOSE - LEFT/RIGHT CHANGE - ESC BACK".into(),
            Page::Controls => {
                "ENTER REBIND - LEFT/RIGHT FIRST/SECOND KEY - BACKSPACE CLEARS - ESC BACK".into()
            }
            Page::NameEntry => "TYPE YOUR NAME - BACKSPACE DELETES - ENTER KEEPS IT".into(),
            _ => "UP/DOWN CHOOSE - ENTER SELECT - ESC BACK".into(),
        }
    };
    let help_scale = if text_width(&help, scale) as i64 > w - 4 * s {
        (scale / 2).max(1)
    } else {
        scale
    };
    // Above the status bar the pause menu shows beneath it, never over its digits.
    let bar = i64::from(crate::scene::hud::bar_height_for(h as u32));
    let help_y = h - bar - 8 * s;
    centred(&mut canvas, w, help_y, &help, grey, help_scale);
    if let Some(notice) = world.notice {
        let notice = notice.to_ascii_uppercase();
        let fits = (w - 4 * s) / (4 * i64::from(help_scale));
        let lines = wrap_words(&notice, fits.max(1) as usize, NOTICE_LINES);
        let red = Colour::rgb(255, 110, 90);
        let step = 8 * i64::from(help_scale);
        let top = help_y - 8 * s - step * (lines.len() as i64 - 1);
        for (i, line) in lines.iter().enumerate() {
            centred(&mut canvas, w, top + step * i as i64, line, red, help_scale);
        }
    }
}

/// The most lines a menu's notice takes (the rest is cut, marked `...`).
const NOTICE_LINES: usize = 4;

/// A controls row's two key places, the chosen one (if any) marked: `[W]   UP`, or `[?]`
/// while a key is awaited.
fn mark_column(value: &str, column: Option<usize>, waiting: bool) -> String {
    let (first, second) = value.split_once(COLUMNS).unwrap_or((value, ""));
    let mark = |v: &str, here: bool| match (here, waiting) {
        (true, true) => "[?]".to_string(),
        (true, false) => format!("[{v}]"),
        (false, _) => format!(" {v} "),
    };
    format!(
        "{:<14}{}",
        mark(first, column == Some(0)),
        mark(second, column == Some(1))
    )
}

fn centred(canvas: &mut Canvas, w: i64, y: i64, text: &str, colour: Colour, scale: u32) {
    let x = (w - text_width(text, scale) as i64) / 2;
    canvas.text(x, y, text, colour, scale);
}

/// The title, "TILECASTER", in big letters built of bricks: each pixel of the 3x5 font a
/// block with a lit top-left edge, a shadowed bottom-right edge and a mortar line, over a drop
/// shadow.
fn draw_title(canvas: &mut Canvas, w: i64, y: i64, s: i64) {
    const TITLE: &str = "TILECASTER";
    // Blocks as large as fit: 10 letters of 4 blocks in 90% of the width, at most 9 units.
    let block = ((w * 9 / 10) / (TITLE.len() as i64 * 4)).clamp(2, 9 * s);
    let width = TITLE.len() as i64 * 4 * block - block;
    let x0 = (w - width) / 2;
    let brick = Colour::rgb(150, 40, 30);
    let light = Colour::rgb(205, 90, 70);
    let dark = Colour::rgb(80, 15, 10);
    let mortar = Colour::rgb(60, 50, 45);
    let edge = (block / 6).max(1);
    for (i, c) in TITLE.chars().enumerate() {
        for (row, bits) in crate::frame::draw::glyph(c).iter().enumerate() {
            for col in 0..3 {
                if bits & (4 >> col) == 0 {
                    continue;
                }
                let bx = x0 + (i as i64 * 4 + col) * block;
                let by = y + row as i64 * block;
                canvas.fill_rect(bx + edge * 2, by + edge * 2, block, block, Colour::BLACK);
                canvas.fill_rect(bx, by, block, block, brick);
                canvas.fill_rect(bx, by, block, edge, light);
                canvas.fill_rect(bx, by, edge, block, light);
                canvas.fill_rect(bx, by + block - edge, block, edge, dark);
                canvas.fill_rect(bx + block - edge, by, edge, block, dark);
                // A mortar line across every other block, offset by row: brickwork.
                if (row + col as usize).is_multiple_of(2) && block >= 6 {
                    canvas.fill_rect(
                        bx + block / 2,
                        by + edge,
                        1.max(edge / 2),
                        block / 2,
                        mortar,
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod scores_tests {
    use super::*;

    /// The name entry takes letters, digits and a few marks, up to the name's length;
    /// Backspace takes one back; Enter (or Escape) keeps the run under it and shows the
    /// table, which the main menu offers too.
    #[test]
    fn a_high_score_takes_a_typed_name_and_the_table_shows() {
        let mut s = Settings::default();
        let lines = ["1. BJ  12400  E1M3  HARD".to_string()];
        let world = MenuWorld {
            scores: &lines,
            ..MenuWorld::default()
        };
        let mut menu = Menu::name_entry(12_400);
        for c in "bj!x".chars() {
            assert_eq!(menu.handle(MenuInput::Type(c), &mut s, &world), None);
        }
        menu.handle(MenuInput::Clear, &mut s, &world);
        for _ in 0..20 {
            menu.handle(MenuInput::Type('z'), &mut s, &world);
        }
        let done = menu.handle(MenuInput::Select, &mut s, &world);
        assert_eq!(done, Some(MenuCommand::NameEntered("BJZZZZZZZZZZ".into())));
        assert_eq!(menu.page(), Page::Scores);
        let items = menu.items(&s, &world);
        assert_eq!(items[0].text, lines[0]);
        assert!(!items[0].enabled, "a line of the table is not a choice");
        assert_eq!(items.last().unwrap().text, "BACK");
        let main = Menu::main();
        assert!(
            main.items(&s, &world)
                .iter()
                .any(|i| i.text == "HIGH SCORES")
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn world() -> MenuWorld<'static> {
        MenuWorld::default()
    }

    fn press(menu: &mut Menu, s: &mut Settings, inputs: &[MenuInput]) -> Vec<MenuCommand> {
        inputs
            .iter()
            .filter_map(|&i| menu.handle(i, s, &world()))
            .collect()
    }

    #[test]
    fn the_front_door_skips_what_is_disabled_and_starts_each_difficulty() {
        use MenuInput::*;
        let mut s = Settings::default();
        let mut menu = Menu::main();
        // No saves: Continue and Load are skipped.
        press(&mut menu, &mut s, &[Down]);
        assert_eq!(menu.selected(), 3, "OPTIONS");
        press(&mut menu, &mut s, &[Up]);
        assert_eq!(menu.selected(), 0, "NEW GAME");
        for (n, difficulty) in [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard]
            .into_iter()
            .enumerate()
        {
            let mut menu = Menu::main();
            // The cursor starts on NORMAL: up to EASY, down to HARD.
            let inputs = match n {
                0 => vec![Select, Up, Select],
                1 => vec![Select, Select],
                _ => vec![Select, Down, Select],
            };
            assert_eq!(
                press(&mut menu, &mut s, &inputs),
                [MenuCommand::NewGame(difficulty)]
            );
        }
        // Back from New game; Escape on the front door itself does nothing.
        let mut menu = Menu::main();
        press(&mut menu, &mut s, &[Select, Back, Back]);
        assert_eq!((menu.page(), menu.selected()), (Page::Main, 0));
        assert_eq!(press(&mut menu, &mut s, &[Up, Select]), [MenuCommand::Quit]);
        // In a browser page there is no quitting: Up from New game skips Quit.
        let page = MenuWorld {
            can_quit: false,
            ..MenuWorld::default()
        };
        let mut menu = Menu::main();
        menu.handle(Up, &mut s, &page);
        assert_eq!(menu.selected(), 5, "HIGH SCORES");
    }

    /// The Multiplayer page: the name typed (what the font lacks left out), the address typed
    /// and joined with Enter (an IP address alone on the default port; one that does not read
    /// as an address stays to be mended), the hosts' commands.
    #[test]
    fn the_multiplayer_page_types_a_name_and_joins_an_address() {
        use MenuInput::*;
        let mut s = Settings::default();
        let arenas = [(
            "Command Post".to_string(),
            PathBuf::from("levels/e1m3.toml"),
        )];
        let world = MenuWorld {
            arenas: &arenas,
            ..MenuWorld::default()
        };
        let mut menu = Menu::main();
        let mut press = |menu: &mut Menu, inputs: &[MenuInput]| -> Vec<MenuCommand> {
            inputs
                .iter()
                .filter_map(|&i| menu.handle(i, &mut s, &world))
                .collect()
        };
        press(&mut menu, &[Down, Select]);
        assert_eq!(menu.page(), Page::Multiplayer);
        // The name: PLAYER cleared, "bj!" typed ("!" is not in the font), kept.
        press(&mut menu, &[Select]);
        assert_eq!(menu.editing(), Some(Field::Name));
        press(&mut menu, &[Clear; 6]);
        let kept = press(&mut menu, &[Type('b'), Type('j'), Type('!'), Select]);
        assert_eq!(kept, [MenuCommand::SettingsChanged]);
        assert_eq!(menu.editing(), None);
        // The colour: red, then back past blue round to white (checked below).
        press(&mut menu, &[Down, Right, Left, Left]);
        // The hosted game's difficulty: up from normal to hard, and no further.
        assert_eq!(press(&mut menu, &[Down, Right, Right]).len(), 2);
        // Host co-op.
        let host = press(&mut menu, &[Down, Select]);
        assert_eq!(
            host,
            [MenuCommand::HostGame {
                level: None,
                deathmatch: false
            }]
        );
        // Host deathmatch: the arenas, each a command.
        press(&mut menu, &[Down, Select]);
        assert_eq!(menu.page(), Page::Arenas);
        let dm = press(&mut menu, &[Select]);
        assert_eq!(
            dm,
            [MenuCommand::HostGame {
                level: Some("levels/e1m3.toml".into()),
                deathmatch: true
            }]
        );
        press(&mut menu, &[Back, Down, Select]);
        assert_eq!(menu.editing(), Some(Field::Address));
        // "10.0.0" does not read as an address: Enter leaves it to be mended.
        for c in "10.0.0".chars() {
            press(&mut menu, &[Type(c)]);
        }
        assert_eq!(press(&mut menu, &[Select]), []);
        assert_eq!(menu.editing(), Some(Field::Address));
        let joined = press(&mut menu, &[Type('.'), Type('7'), Type('x'), Select]);
        assert_eq!(
            joined,
            [MenuCommand::JoinGame("10.0.0.7:7300".parse().unwrap())]
        );
        assert_eq!(s.network.name, "BJ");
        assert_eq!(s.network.join, "10.0.0.7");
        assert_eq!(s.network.difficulty, Difficulty::Hard);
        assert_eq!(crate::level::COLOUR_NAMES[s.network.colour], "white");
        // Where games are in rooms (the page): JOIN takes a room's code, digits only.
        let rooms = MenuWorld {
            rooms: true,
            addresses: false,
            ..MenuWorld::default()
        };
        let mut menu = Menu::main();
        // (No arenas here: HOST DEATHMATCH is passed over.)
        for input in [Down, Select, Down, Down, Down, Down, Select] {
            menu.handle(input, &mut s, &rooms);
        }
        assert_eq!(menu.editing(), Some(Field::Address));
        let mut typed = |menu: &mut Menu, text: &str| -> Vec<MenuCommand> {
            let mut inputs: Vec<MenuInput> = vec![Clear; 20];
            inputs.extend(text.chars().map(Type));
            inputs.push(Select);
            inputs
                .into_iter()
                .filter_map(|i| menu.handle(i, &mut s, &rooms))
                .collect()
        };
        assert_eq!(
            typed(&mut menu, "10.0.0.7"),
            [],
            "an address is not a room's code"
        );
        assert_eq!(
            typed(&mut menu, "482913"),
            [MenuCommand::JoinRoom("482913".into())]
        );
        // Natively with WebRTC: either.
        let both = MenuWorld {
            rooms: true,
            ..MenuWorld::default()
        };
        let mut menu = Menu::main();
        for input in [Down, Select, Down, Down, Down, Down, Select] {
            menu.handle(input, &mut s, &both);
        }
        let mut typed = |menu: &mut Menu, text: &str| -> Vec<MenuCommand> {
            let mut inputs: Vec<MenuInput> = vec![Clear; 20];
            inputs.extend(text.chars().map(Type));
            inputs.push(Select);
            let commands = inputs
                .into_iter()
                .filter_map(|i| menu.handle(i, &mut s, &both))
                .collect();
            // (Back to typing on JOIN for the next line.)
            menu.handle(Select, &mut s, &both);
            commands
        };
        assert_eq!(
            typed(&mut menu, "482913"),
            [MenuCommand::JoinRoom("482913".into())]
        );
        assert_eq!(
            typed(&mut menu, "10.0.0.7"),
            [MenuCommand::JoinGame("10.0.0.7:7300".parse().unwrap())]
        );
        // In the page, no Multiplayer: Down from New game goes to Options.
        let page = MenuWorld {
            network: false,
            ..MenuWorld::default()
        };
        let mut menu = Menu::main();
        menu.handle(Down, &mut s, &page);
        menu.handle(Select, &mut s, &page);
        assert_eq!(menu.page(), Page::Options);
    }

    #[test]
    fn options_change_within_their_ranges() {
        use MenuInput::*;
        let mut s = Settings::default();
        let mut menu = Menu::main();
        press(&mut menu, &mut s, &[Down, Down, Select]);
        assert_eq!(menu.page(), Page::Options);
        let changed = press(&mut menu, &mut s, &[Right, Right]);
        assert_eq!(changed, vec![MenuCommand::SettingsChanged; 2]);
        assert_eq!(s.mouse_sensitivity, 0.25);
        for _ in 0..30 {
            press(&mut menu, &mut s, &[Left]);
        }
        assert_eq!(s.mouse_sensitivity, 0.03);
        press(&mut menu, &mut s, &[Down, Right]);
        assert!(s.always_run, "toggled");
        press(&mut menu, &mut s, &[Down, Down]);
        for _ in 0..30 {
            press(&mut menu, &mut s, &[Right]);
        }
        assert_eq!(s.fov, 110.0);
        press(&mut menu, &mut s, &[Down, Down, Down, Left]);
        assert_eq!(s.frame_cap, 30);
        press(&mut menu, &mut s, &[Down, Down, Left, Left, Left]);
        assert!((s.sound.master - 0.5).abs() < 1e-6, "{}", s.sound.master);
        assert_eq!(
            crate::settings::parse(&s.to_toml(), std::path::Path::new("s")).unwrap(),
            s,
            "every value the menu makes is valid"
        );
    }

    #[test]
    fn controls_rebind_either_column_and_escape_cancels() {
        use MenuInput::*;
        let mut s = Settings::default();
        let mut menu = Menu::main();
        // Options (past Multiplayer), then CONTROLS (after the 16 settings).
        press(&mut menu, &mut s, &[Down, Down, Select]);
        for _ in 0..16 {
            press(&mut menu, &mut s, &[Down]);
        }
        press(&mut menu, &mut s, &[Select]);
        assert_eq!(menu.page(), Page::Controls);
        // Forward's second key: Up becomes the left button... then cancelled once.
        press(&mut menu, &mut s, &[Right, Select]);
        assert!(menu.waiting_for_key());
        assert_eq!(press(&mut menu, &mut s, &[Down, Back]), []);
        assert!(!menu.waiting_for_key());
        assert_eq!(menu.selected(), 0);
        let changed = press(&mut menu, &mut s, &[Select, Bind(Key::Mouse(2))]);
        assert_eq!(changed, [MenuCommand::SettingsChanged]);
        assert_eq!(
            s.keys.keys(Action::Forward),
            [Key::Letter(b'W'), Key::Mouse(2)]
        );
        // Taking Fire's Ctrl keys for Back's first slot takes them from Fire.
        press(
            &mut menu,
            &mut s,
            &[Down, Left, Select, Bind(Key::CtrlLeft)],
        );
        assert_eq!(s.keys.keys(Action::Back)[0], Key::CtrlLeft);
        assert!(!s.keys.is_bound(Action::Fire, Key::CtrlLeft));
        press(&mut menu, &mut s, &[Clear]);
        assert_eq!(s.keys.keys(Action::Back), [Key::Down]);
    }

    #[test]
    fn the_pause_menu_resumes_saves_and_quits() {
        use MenuInput::*;
        let mut s = Settings::default();
        let saves = [
            SaveSlot {
                name: "QUICK SAVE".into(),
                path: "q.json".into(),
                summary: Some("E1M1".into()),
            },
            SaveSlot {
                name: "SLOT 1".into(),
                path: "1.json".into(),
                summary: None,
            },
        ];
        let world = MenuWorld {
            saves: &saves,
            ..MenuWorld::default()
        };
        let mut menu = Menu::pause();
        assert_eq!(menu.handle(Back, &mut s, &world), Some(MenuCommand::Resume));
        menu.handle(Down, &mut s, &world);
        menu.handle(Down, &mut s, &world);
        menu.handle(Select, &mut s, &world);
        assert_eq!(menu.page(), Page::Save);
        menu.handle(Down, &mut s, &world);
        assert_eq!(
            menu.handle(Select, &mut s, &world),
            Some(MenuCommand::Save("1.json".into()))
        );
        menu.handle(Back, &mut s, &world);
        menu.handle(Down, &mut s, &world);
        menu.handle(Select, &mut s, &world);
        assert_eq!(menu.page(), Page::Load);
        // The empty slot cannot be chosen: Down goes to BACK.
        assert_eq!(
            menu.handle(Select, &mut s, &world),
            Some(MenuCommand::Load("q.json".into()))
        );
        menu.handle(Down, &mut s, &world);
        assert_eq!(menu.selected(), 2, "BACK, past the empty slot");
    }

    #[test]
    fn the_mouse_points_and_clicks_at_the_rows_drawn() {
        let mut s = Settings::default();
        let world = MenuWorld {
            base_size: (640, 400),
            ..MenuWorld::default()
        };
        let mut menu = Menu::main();
        let layout = menu.layout(7, 400);
        let row_y = |i: usize| (layout.top + i as i64 * layout.row + 2) as f64;
        menu.handle(MenuInput::Point(320.0, row_y(3)), &mut s, &world);
        assert_eq!(menu.selected(), 3);
        menu.handle(MenuInput::Point(320.0, row_y(1)), &mut s, &world);
        assert_eq!(menu.selected(), 3, "a disabled row is not chosen");
        assert_eq!(
            menu.handle(MenuInput::Click(320.0, row_y(6)), &mut s, &world),
            Some(MenuCommand::Quit)
        );
        assert_eq!(
            menu.handle(MenuInput::Click(320.0, 1.0), &mut s, &world),
            None,
            "the title"
        );
    }

    #[test]
    fn every_page_draws_at_every_size_with_its_title_and_marks_the_choice() {
        let s = Settings::default();
        let world = MenuWorld::default();
        for (w, h) in [(160, 100), (320, 200), (640, 400), (1920, 1080)] {
            for page in [
                Page::Main,
                Page::NewGame,
                Page::Pause,
                Page::Load,
                Page::Save,
                Page::Options,
                Page::Controls,
                Page::Scores,
                Page::NameEntry,
            ] {
                let mut frame = Frame::new(w, h).unwrap();
                let menu = Menu {
                    pages: vec![(page, 0)],
                    ..Menu::main()
                };
                draw(&mut frame, &menu, &s, &world);
                let lit = (0..h)
                    .flat_map(|y| (0..w).map(move |x| (x, y)))
                    .filter(|&(x, y)| frame.colour(x, y).r > 100)
                    .count();
                assert!(lit > 50, "{page:?} at {w}x{h}: {lit} lit pixels");
            }
        }
        // The chosen row is marked red across the frame.
        let mut frame = Frame::new(640, 400).unwrap();
        let menu = Menu::main();
        draw(&mut frame, &menu, &s, &world);
        let layout = menu.layout(5, 400);
        let c = frame.colour(2, (layout.top + 2) as u32);
        assert!(c.r > 60 && c.g < 40, "{c:?}");
    }

    #[test]
    fn steps_snap_to_the_list_and_clamp() {
        assert_eq!(step(&SENSITIVITIES, 0.15, true), 0.2);
        assert_eq!(step(&SENSITIVITIES, 0.17, true), 0.2);
        assert_eq!(step(&SENSITIVITIES, 0.17, false), 0.15);
        assert_eq!(step(&SENSITIVITIES, 1.5, true), 1.5);
        let mut s = Settings::default();
        for _ in 0..10 {
            change(&mut s, Setting::FrameCap, true);
        }
        assert_eq!(s.frame_cap, 0, "no cap, past the largest");
        change(&mut s, Setting::FrameCap, false);
        assert_eq!(s.frame_cap, 240);
        s.frame_cap = 50;
        change(&mut s, Setting::FrameCap, false);
        assert_eq!(s.frame_cap, 30);
        assert_eq!(mark_column("W\tUP", Some(1), false), " W            [UP]");
        assert_eq!(mark_column("W\tUP", None, false), " W             UP ");
        assert_eq!(mark_column("W\t-", Some(0), true), "[?]            - ");
    }
}
