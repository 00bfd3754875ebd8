//! A playing session: the episode's levels one after another, and live reload of the current
//! level and its textures when they change on disk.

use std::path::{Path, PathBuf};

use std::sync::Arc;

use super::{Score, Tally, Totals, VICTORY_SKIP_TICKS, Victory};
use crate::assets::Sources;
use crate::game::{Game, GameEvent, Input, TICK_HZ, Weapon};
use crate::grid::{Cell, Solidity};
use crate::level::Difficulty;
use crate::level::{Holes, LevelError, LevelWithTextures, load_with_sources};

/// Ticks a death plays out, as Wolfenstein 3D's: the view turns to the killer over the
/// first second while the red fizzle begins ([`FIZZLE_FROM`]), then the level starts again
/// by itself; with no life left, it waits for use (game over). Two seconds.
pub const DEATH_TICKS: u32 = 2 * TICK_HZ;

/// Ticks into a death when the view starts fizzling to red (three quarters of a second).
pub const FIZZLE_FROM: u32 = 3 * TICK_HZ / 4;

/// Ticks a message stays on screen (3 seconds).
const MESSAGE_TICKS: u32 = 3 * TICK_HZ;
/// How long a line of chat stays on screen, in ticks.
const CHAT_TICKS: u32 = 6 * TICK_HZ;
/// The most lines of chat on screen (the oldest go first).
const CHAT_SHOWN: usize = 4;
/// Ticks the tally screen stays before use or fire moves on (one second).
const TALLY_MIN_TICKS: u32 = TICK_HZ;

/// The running episode: the current level with its textures, and the game.
pub struct Session {
    /// The current level with its textures.
    pub(super) current: LevelWithTextures,
    /// Counts the levels loaded (a level switch or a reload), so that views built from
    /// `current` know when to build again.
    generation: u64,
    /// The game on it.
    pub game: Game,
    /// Whether the last level's exit was reached.
    pub complete: bool,
    /// Ticks played in the whole episode.
    pub total_ticks: u64,
    pub(super) path: PathBuf,
    sources: Sources,
    /// A fingerprint of the level file, [`Session::watched`] and the asset folders (names,
    /// sizes, times).
    stamp: u64,
    /// The other files the level was read from ([`Level::files`](crate::level::Level::files):
    /// tilesets, templates, shape masks), and after a failed reload the files its errors are in.
    watched: Vec<PathBuf>,
    message: Option<(String, u32)>,
    /// The lines of chat on screen, oldest first, with the ticks each has left.
    chat: Vec<(String, u32)>,
    /// A still picture: no banners ([`Session::hush`]).
    hushed: bool,
    /// A run that just ended (game over, or the episode's end), for the high-score table.
    run_end: Option<Score>,
    /// Ticks since the player died.
    dead_ticks: u32,
    /// What the player carried into the current level: a death starts it again with this
    /// score (and a pistol, 8 bullets and full health), as in Wolfenstein 3D.
    pub level_start: Carried,
    /// The finished levels' totals.
    pub(super) finished: Totals,
    /// How hard the game is.
    pub(super) difficulty: Difficulty,
    /// The seed of every level's random numbers (`None`: the game's own).
    pub(super) seed: Option<u64>,
    /// The tally screen between a level and the next: the finished level's tally, and the
    /// ticks it has been up.
    pub intermission: Option<(Tally, u32)>,
    /// Every finished level's tally, in order.
    pub tallies: Vec<Tally>,
    /// The episode's last exit playing out, before its tally ([`Victory`]).
    pub victory: Option<Victory>,
    /// Ticks the episode's end page has been up (0 before the end).
    pub end_shown: u32,
    /// Whether the player has gone on from the episode's end page (use or fire after its
    /// first second): the run is over then, for the high scores.
    end_passed: bool,
}

/// What the player carries from one level to the next.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Carried {
    /// Health.
    pub health: u32,
    /// Bullets.
    pub ammo: u32,
    /// Launcher rounds.
    pub rounds: u32,
    /// Weapons carried.
    pub weapons: Vec<Weapon>,
    /// The weapon chosen.
    pub chosen: Weapon,
    /// The score.
    pub score: u32,
    /// Lives left.
    pub lives: u32,
    /// The score of the next extra life.
    pub next_life: u32,
}

impl Carried {
    /// What the player of `game` carries (the seat it is shown to).
    pub fn of(game: &Game) -> Carried {
        Carried::of_seat(game.seat())
    }

    /// What `seat` carries.
    pub fn of_seat(seat: &crate::game::Seat) -> Carried {
        Carried {
            health: seat.player.health,
            ammo: seat.player.ammo,
            rounds: seat.player.rounds,
            weapons: seat.player.weapons.clone(),
            chosen: seat.chosen,
            score: seat.score,
            lives: seat.lives,
            next_life: seat.next_life,
        }
    }

    /// Gives `game`'s player (the seat it is shown to, at a level's start) what this carries.
    pub fn onto(&self, game: &mut Game) {
        let at = game.viewer.min(game.seats.len() - 1);
        self.onto_seat(&mut game.seats[at], &game.level.arsenal);
    }

    /// Gives `seat` what this carries, the chosen weapon in hand where it is loaded
    /// (`arsenal`: the level's).
    pub fn onto_seat(&self, seat: &mut crate::game::Seat, arsenal: &crate::level::Arsenal) {
        seat.player.health = self.health;
        seat.player.ammo = self.ammo;
        seat.player.rounds = self.rounds;
        seat.player.weapons.clone_from(&self.weapons);
        seat.chosen = self.chosen;
        seat.weapon = seat.player.fallback(self.chosen, arsenal);
        seat.score = self.score;
        seat.lives = self.lives;
        seat.next_life = self.next_life;
    }
}

impl Game {
    /// The game at the start of `loaded`, its grates' holes read from its textures.
    pub fn from_loaded(loaded: &LevelWithTextures) -> Game {
        Game::from_loaded_on(loaded, Difficulty::Normal)
    }

    /// The game at the start of `loaded` on `difficulty`.
    pub fn from_loaded_on(loaded: &LevelWithTextures, difficulty: Difficulty) -> Game {
        Game::from_loaded_on_unexplored(loaded, difficulty).explored_from_start()
    }

    /// [`Game::from_loaded_on`] with nothing of its automap explored (see
    /// [`Game::unexplored_on`]).
    fn from_loaded_on_unexplored(loaded: &LevelWithTextures, difficulty: Difficulty) -> Game {
        let level = &loaded.level;
        let holes = Arc::new(Holes::new(level, &loaded.textures));
        let mut game = Game::unexplored_on(level.clone(), difficulty);
        game.holes = holes;
        game
    }
}

impl Session {
    /// Starts at the level in `path`; `sources` (a `--textures` folder, `Option<&Path>`, or
    /// [`Sources`] with a `--data` folder too) go over every level's own assets.
    pub fn start(path: &Path, sources: impl Into<Sources>) -> Result<Session, LevelError> {
        Session::start_on(path, sources, Difficulty::Normal)
    }

    /// Starts at the level in `path` on `difficulty`.
    pub fn start_on(
        path: &Path,
        sources: impl Into<Sources>,
        difficulty: Difficulty,
    ) -> Result<Session, LevelError> {
        let sources = sources.into();
        let current = load_with_sources(path, &sources)?;
        Ok(Session::start_loaded(path, sources, current, difficulty))
    }

    /// Starts at `current`, the level of `path` loaded already (an editor's draft, to be saved
    /// there), on `difficulty`.
    pub fn start_loaded(
        path: &Path,
        sources: Sources,
        current: LevelWithTextures,
        difficulty: Difficulty,
    ) -> Session {
        let game = Game::from_loaded_on(&current, difficulty);
        Session::begun(path, sources, current, difficulty, game)
    }

    /// [`Session::start_loaded`] on normal with nothing of the automap explored, for a view
    /// that draws none: the editor's, made again on every change, where working out what the
    /// player sees from the level's start was a fourteenth of a change's time. (The game that
    /// is then played explores: [`Game::explore`].)
    pub fn start_unexplored(path: &Path, current: LevelWithTextures) -> Session {
        let game = Game::from_loaded_on_unexplored(&current, Difficulty::Normal);
        Session::begun(path, Sources::default(), current, Difficulty::Normal, game)
    }

    /// The session that starts with `game` at the start of `current`.
    fn begun(
        path: &Path,
        sources: Sources,
        current: LevelWithTextures,
        difficulty: Difficulty,
        game: Game,
    ) -> Session {
        let level_start = Carried::of(&game);
        let mut session = Session {
            level_start,
            stamp: 0,
            watched: current.level.files.clone(),
            message: None,
            chat: Vec::new(),
            hushed: false,
            run_end: None,
            dead_ticks: 0,
            finished: Totals::default(),
            complete: false,
            total_ticks: 0,
            path: path.to_path_buf(),
            sources,
            current,
            generation: next_generation(),
            game,
            difficulty,
            seed: None,
            intermission: None,
            tallies: Vec::new(),
            victory: None,
            end_shown: 0,
            end_passed: false,
        };
        session.stamp = session.modified();
        session.say(session.game.level.name.clone());
        session
    }

    /// The current level with its textures.
    pub fn current(&self) -> &LevelWithTextures {
        &self.current
    }

    /// Changes whenever the current level is replaced (the next level, or a reload), and
    /// differs between any two sessions (a loaded game replacing the one being played).
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// How hard this game is.
    pub fn difficulty(&self) -> Difficulty {
        self.difficulty
    }

    /// The level file being played.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Shows `text` for a few seconds.
    pub fn say(&mut self, text: String) {
        self.message = Some((text, MESSAGE_TICKS));
    }

    /// Shows a line of chat under the messages for a few seconds (with at most three
    /// earlier ones).
    pub fn chat(&mut self, line: String) {
        if self.chat.len() >= CHAT_SHOWN {
            self.chat.remove(0);
        }
        self.chat.push((line, CHAT_TICKS));
    }

    /// The lines of chat on screen, oldest first.
    pub fn chat_lines(&self) -> impl Iterator<Item = &str> {
        self.chat.iter().map(|(line, _)| line.as_str())
    }

    /// Counts `ticks` off the message's and the chat lines' time on screen (the session's own
    /// ticks do; a networked game's are played outside it).
    pub fn pass_shown(&mut self, ticks: u32) {
        if let Some((_, left)) = &mut self.message {
            *left = left.saturating_sub(ticks);
            if *left == 0 {
                self.message = None;
            }
        }
        for (_, left) in &mut self.chat {
            *left = left.saturating_sub(ticks);
        }
        self.chat.retain(|(_, left)| *left > 0);
    }

    /// The message on screen, if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_ref().map(|(m, _)| m.as_str())
    }

    /// Forgets the message being shown, and keeps the banners of a level's start and a death
    /// off the screen: a still picture of the game wants none.
    pub fn hush(&mut self) {
        self.message = None;
        self.hushed = true;
    }

    /// Whether [`Session::hush`] asked for a still picture without banners.
    pub fn hushed(&self) -> bool {
        self.hushed
    }

    /// One tick of play; at the exit, on to the next level (or the episode is complete).
    pub fn tick(&mut self, input: &Input) {
        // The game's events are this tick's: none when it does not run (the tally screen).
        self.game.events.clear();
        self.pass_shown(1);
        if self.complete {
            // The episode's totals: up for a second at least; then use or fire ends the run
            // (on to the high scores).
            self.end_shown = self.end_shown.saturating_add(1);
            let pressed = input.use_pressed || input.fire;
            if self.end_shown > TALLY_MIN_TICKS && pressed && !self.end_passed {
                self.end_passed = true;
                self.run_end = Some(self.run_score());
            }
            return;
        }
        if let Some(victory) = &mut self.victory {
            victory.ticks += 1;
            let skipped = victory.ticks > VICTORY_SKIP_TICKS && (input.use_pressed || input.fire);
            if victory.done() || skipped {
                self.victory = None;
                self.tally_level();
            }
            return;
        }
        if let Some((tally, shown)) = &mut self.intermission {
            *shown += 1;
            // The bonus counting up: a tick of sound every tenth of a second while it does.
            let counting = tally.bonus_counted(*shown) < tally.bonus();
            if counting && shown.is_multiple_of(6) {
                self.game.events.push(GameEvent::Tally);
            }
            if *shown > TALLY_MIN_TICKS && (input.use_pressed || input.fire) {
                self.intermission = None;
                self.next_level();
            }
            return;
        }
        self.total_ticks += 1;
        self.game.tick(input);
        let messages: Vec<String> = self
            .game
            .events
            .iter()
            .filter_map(|e| e.message_for(self.game.viewer, &[]))
            .collect();
        for m in messages {
            self.say(m);
        }
        if self.game.player_dead() {
            self.dead_ticks += 1;
            let over = self.game.seat().lives == 0;
            if self.dead_ticks == 1 {
                if over {
                    self.say("game over: press use to try again".into());
                } else {
                    self.say("you died".into());
                }
            }
            if self.dead_ticks >= DEATH_TICKS && (input.use_pressed || !over) {
                self.try_again();
            }
            return;
        }
        if self.game.finished {
            // The episode's last exit plays out first: the player runs out.
            if self.next_path().is_none() && self.game.seats.len() == 1 {
                self.victory = Some(Victory::new(&self.game));
            } else {
                self.tally_level();
            }
        }
    }

    /// The finished level's tally screen: its bonus added (with the lives its points earn).
    fn tally_level(&mut self) {
        let mut tally = Tally::of(&self.game, &self.path);
        self.game.add_points(tally.bonus());
        (tally.score, tally.lives) = (self.game.seat().score, self.game.seat().lives);
        self.tallies.push(tally.clone());
        self.intermission = Some((tally, 0));
    }

    /// The level the exit taken leads to (the secret level after a secret exit); `None` at
    /// the episode's end.
    fn next_path(&self) -> Option<PathBuf> {
        let level = &self.game.level;
        if self.game.secret_exit {
            level.secret_next.clone()
        } else {
            level.next.clone()
        }
    }

    /// After `played`, a co-op game of several on this session's level, ended at an exit: the
    /// session on to the next level (the secret one after a secret exit), and that level's
    /// game for the same seats, each carrying what they had ([`Carried`]; the dead only their
    /// score and lives, with a player's starting kit). `None` at the episode's end, or when
    /// the next level will not load (said).
    pub fn next_level_of_several(&mut self, played: &Game) -> Option<Game> {
        self.game = played.clone();
        self.game.viewer = 0;
        self.next_level();
        if self.complete {
            return None;
        }
        let mut next = self.game.clone().seated(played.seats.len());
        let arsenal = next.level.arsenal;
        for (from, to) in played.seats.iter().zip(next.seats.iter_mut()) {
            let carried = if from.dead() {
                Carried {
                    score: from.score,
                    lives: from.lives,
                    next_life: from.next_life,
                    ..Carried::of_seat(to)
                }
            } else {
                Carried::of_seat(from)
            };
            carried.onto_seat(to, &arsenal);
            to.colour = from.colour;
        }
        next.viewer = played.viewer;
        Some(next)
    }

    /// This session's level at its start as a game of `seats` players (co-op, or a deathmatch
    /// under `deathmatch`), reseeded with `seed`: what a networked game plays, and what its
    /// recording replays.
    pub fn game_of_several(
        &mut self,
        seed: u64,
        seats: usize,
        deathmatch: Option<crate::game::MatchRules>,
    ) -> Game {
        self.reseed(seed);
        match deathmatch {
            None => self.game.clone().seated(seats),
            Some(rules) => self.game.clone().into_deathmatch(seats, rules),
        }
    }

    /// The current level's number: the number after the `m` of a file named like `e1m3.toml`
    /// (so a game started on the third level says 3), else its place in this session (1 for
    /// the one it started with).
    pub fn level_number(&self) -> u32 {
        let named = self.episode_level();
        let done = self.tallies.len() as u32;
        named.unwrap_or(done + 1 - u32::from(self.intermission.is_some()))
    }

    /// The number after the `m` of the current level's file where it is named like an
    /// episode's (`e1m3.toml`); none for a level of the player's own, which the status bar
    /// names by its name instead.
    pub fn episode_level(&self) -> Option<u32> {
        let stem = self.path.file_stem()?.to_str()?;
        let (episode, level) = stem.strip_prefix('e')?.split_once('m')?;
        episode.parse::<u32>().ok()?;
        level.parse::<u32>().ok()
    }

    /// Seeds the random numbers of this level (from its start) and of every level after it.
    pub fn reseed(&mut self, seed: u64) {
        self.seed = Some(seed);
        self.game = self.fresh_game(&self.current);
    }

    /// The game at the start of `loaded`, on this session's difficulty and seed.
    fn fresh_game(&self, loaded: &LevelWithTextures) -> Game {
        let mut game = Game::from_loaded_on(loaded, self.difficulty);
        if let Some(seed) = self.seed {
            game.rng = crate::game::Rng::new(seed);
        }
        game
    }

    /// The run as the high-score table would keep it (without a name yet).
    fn run_score(&self) -> Score {
        Score {
            name: String::new(),
            score: self.game.seat().score,
            level: self.level_number(),
            difficulty: self.difficulty,
            // A level of the player's own is named by its file.
            file: match self.episode_level() {
                Some(_) => None,
                None => self
                    .path
                    .file_name()
                    .map(|f| f.to_string_lossy().into_owned()),
            },
        }
    }

    /// Whether the player has gone on from the episode's end page (the run is over).
    pub fn end_passed(&self) -> bool {
        self.end_passed
    }

    /// The run that ended since the last call (at game over, or when the player leaves the
    /// episode's end page), once.
    pub fn take_run_end(&mut self) -> Option<Score> {
        self.run_end.take()
    }

    /// After the tally: on to the next level (the secret level after a secret exit), or the
    /// episode is complete.
    fn next_level(&mut self) {
        match self.next_path() {
            // The run ends when the player leaves the totals' page.
            None => self.complete = true,
            Some(next) => {
                if let Err(e) = self.switch_to(&next) {
                    self.complete = true;
                    self.say(format!("cannot load the next level: {}", first_line(&e)));
                }
            }
        }
    }

    /// Ticks since the player died (0 while alive).
    pub fn dead_ticks(&self) -> u32 {
        self.dead_ticks
    }

    /// After a death: the level again from its start with a life fewer, the score it started
    /// with, full health, a pistol and 8 bullets (Wolfenstein 3D's rule), and the random
    /// numbers going on. With no life left, game over: the level from scratch, as at the start
    /// of the episode.
    fn try_again(&mut self) {
        let (lives, start) = (self.game.seat().lives, self.level_start.clone());
        if lives == 0 {
            self.run_end = Some(self.run_score());
        }
        // The random numbers go on from where they were: the next try is not the last one
        // again, shot for shot.
        let rng = self.game.rng.clone();
        self.restart_level();
        self.game.rng = rng;
        if lives == 0 {
            self.game.seat_mut().score = 0;
            self.level_start = Carried::of(&self.game);
            self.say("game over: the level again, from scratch".into());
            return;
        }
        let fresh = Carried::of(&self.game);
        let again = Carried {
            score: start.score,
            next_life: start.next_life,
            lives: lives - 1,
            ..fresh
        };
        again.onto(&mut self.game);
        self.level_start = again;
    }

    /// The current level again from its start, with a fresh player (health, ammunition and
    /// score as at the start of the episode).
    pub fn restart_level(&mut self) {
        self.dead_ticks = 0;
        // (Restarted from the pause menu while the player ran out: the level again.)
        self.victory = None;
        self.game = self.fresh_game(&self.current);
        self.level_start = Carried::of(&self.game);
        self.say(format!("{} again", self.game.level.name));
    }

    /// The episode's tallies so far: the finished levels' and the current one's (the score is
    /// the current one, which carries over from level to level).
    pub fn totals(&self) -> Totals {
        let current = Totals {
            score: self.game.seat().score,
            ..Totals::of(&self.game)
        };
        self.finished.add(current)
    }

    fn switch_to(&mut self, path: &Path) -> Result<(), LevelError> {
        let loaded = load_with_sources(path, &self.sources)?;
        self.finished = self.finished.add(Totals::of(&self.game));
        let carried = Carried::of(&self.game);
        self.game = self.fresh_game(&loaded);
        carried.onto(&mut self.game);
        self.level_start = carried;
        self.watched = loaded.level.files.clone();
        self.current = loaded;
        self.generation = next_generation();
        self.path = path.to_path_buf();
        self.stamp = self.modified();
        self.say(self.game.level.name.clone());
        Ok(())
    }

    /// Reloads the current level and its textures, keeping the player where the new level
    /// allows (and what they carry). A broken level keeps the last good one; the error is
    /// returned and shown.
    pub fn reload(&mut self) -> Result<(), LevelError> {
        self.stamp = self.modified();
        let loaded = match load_with_sources(&self.path, &self.sources) {
            Ok(l) => l,
            Err(e) => {
                // A tileset or mask the edit named for the first time, broken: its fix must
                // reload too, although the last good level does not use it.
                let known = self.watched.len();
                for d in &e.diagnostics {
                    let file = PathBuf::from(&d.file);
                    if file != self.path && !self.watched.contains(&file) {
                        self.watched.push(file);
                    }
                }
                if self.watched.len() != known {
                    self.stamp = self.modified();
                }
                self.say(format!(
                    "reload failed, kept the last good level: {}",
                    first_line(&e)
                ));
                return Err(e);
            }
        };
        let old = self.game.clone();
        self.game = self.fresh_game(&loaded);
        // A fresh game: the player running out (if they were) stands at the exit again.
        self.victory = None;
        let spot = Cell::containing(old.seat().player.position);
        if !self.game.blocking().footing().is_solid(spot) {
            self.game.seat_mut().player.position = old.seat().player.position;
            self.game.seat_mut().player.angle = old.seat().player.angle;
        }
        Carried::of(&old).onto(&mut self.game);
        self.game.keys = old.keys;
        if self.watched != loaded.level.files {
            // The map names other files now: watch those from here on.
            self.watched = loaded.level.files.clone();
            self.stamp = self.modified();
        }
        self.current = loaded;
        self.generation = next_generation();
        self.say("reloaded".into());
        Ok(())
    }

    /// Reloads if the level file, a tileset, template or mask it uses, or a file in its asset
    /// folders changed since the last load; whether it tried.
    pub fn reload_if_changed(&mut self) -> bool {
        if self.modified() == self.stamp {
            return false;
        }
        let _ = self.reload();
        true
    }

    /// A fingerprint of the level file, the other files it was read from (tilesets,
    /// templates, masks) and the files of every asset folder of its overlay (textures,
    /// sprites, sounds, HUD art): each one's name, size and modification time. Any edit,
    /// addition or removal changes it, even a file put back with an older time.
    fn modified(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        let mut note = |p: &Path| {
            let meta = std::fs::metadata(p).ok();
            p.hash(&mut h);
            meta.map(|m| (m.len(), m.modified().ok())).hash(&mut h);
        };
        note(&self.path);
        self.watched.iter().for_each(|f| note(f));
        for folder in self.current.overlay.folders() {
            let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
                .into_iter()
                .flatten()
                .filter_map(|e| e.ok().map(|e| e.path()))
                .collect();
            files.sort();
            files.iter().for_each(|f| note(f));
        }
        h.finish()
    }
}

/// A number no session's level has had before.
fn next_generation() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

fn first_line(e: &LevelError) -> String {
    e.diagnostics
        .first()
        .map_or_else(|| "unknown error".into(), ToString::to_string)
}
