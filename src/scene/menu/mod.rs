//! The game's menus: the main menu (new game, continue, load, options, quit), the pause menu
//! (resume, options, save, load, restart, quit), the options and the controls, as a state
//! machine that window-free input drives ([`MenuInput`]) and that answers with what the game
//! should do ([`MenuCommand`]); and their drawing, title art included, into a [`Frame`](crate::frame::Frame).
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

mod draw;
mod pages;
mod settings;
/// The host's address and code typed on the Multiplayer page (`192.168.1.5:7300 493017`; an IP
/// address alone is on the default port), if the text reads as them.
pub(super) fn address_and_code(text: &str) -> Option<(std::net::SocketAddr, String)> {
    let mut words = text.split_whitespace();
    let (address, code) = (words.next()?, words.next()?);
    let address = address.parse().ok().or_else(|| {
        let ip = address.parse().ok()?;
        Some(std::net::SocketAddr::new(ip, crate::settings::DEFAULT_PORT))
    })?;
    Some((address, code.to_string()))
}

#[cfg(test)]
mod tests;

use std::path::PathBuf;

pub use draw::draw;
use pages::{Does, Item};
use settings::change;

use crate::bindings::{ACTIONS, Bindings, Key};
use crate::level::Difficulty;
use crate::settings::Settings;

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
    /// Where lines are tapped with a finger (the page on a touch screen): the least height of
    /// a line in frame pixels (what the page shows 32 CSS pixels tall), and the help speaks of
    /// taps, not keys. None where a mouse, keys or a gamepad choose.
    pub finger_row: Option<u32>,
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
            finger_row: None,
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
    /// Open the level editor on the level behind the menu.
    EditLevel,
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
    /// Join the networked game hosted at this address, with the host's code.
    JoinGame(std::net::SocketAddr, String),
    /// Watch the networked game hosted at this address, with the host's code, as a
    /// spectator.
    WatchGame(std::net::SocketAddr, String),
    /// Join the networked game hosted in the room of this code (the page's network play,
    /// through a signalling server).
    JoinRoom(String),
    /// Watch the networked game hosted in the room of this code, as a spectator.
    WatchRoom(String),
}

/// A line of text the Multiplayer page edits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// The player's name.
    Name,
    /// The address to join.
    Address,
    /// The address to watch (the same line as [`Field::Address`]'s: the last one typed).
    WatchAddress,
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
                // A "- MORE -" line scrolls (a finger has no arrow keys).
                if let Some(i) = self.more_at(items.len(), world, y) {
                    self.choose(i);
                    return None;
                }
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
            Field::Address | Field::WatchAddress => (
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
                // Enter joins (or watches) an address (an IP address alone: on the default
                // port) with the host's code after a space, or where games are in rooms, a
                // room's code (digits); what does not read as one stays to be mended.
                let code = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
                let join = match (field, input) {
                    (Field::Address, MenuInput::Select) if world.rooms && code => {
                        Some(MenuCommand::JoinRoom(text.clone()))
                    }
                    (Field::Address, MenuInput::Select) if !world.addresses => return None,
                    (Field::Address, MenuInput::Select) => {
                        let (address, code) = address_and_code(text)?;
                        Some(MenuCommand::JoinGame(address, code))
                    }
                    (Field::WatchAddress, MenuInput::Select) if world.rooms && code => {
                        Some(MenuCommand::WatchRoom(text.clone()))
                    }
                    (Field::WatchAddress, MenuInput::Select) if !world.addresses => return None,
                    (Field::WatchAddress, MenuInput::Select) => {
                        let (address, code) = address_and_code(text)?;
                        Some(MenuCommand::WatchGame(address, code))
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
