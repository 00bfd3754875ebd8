//! The level editor's controller (issue 75): a [`Draft`] with its history. Every change (a
//! cell, a stroke of the mouse, a rectangle, a line, a paste) is one step that [`Editor::undo`]
//! takes back and [`Editor::redo`] makes again; the level is checked after each, its mistakes
//! found at their cells; the first-person view is drawn from a camera dropped anywhere, as
//! `tilecaster render` draws the saved file. No window here: the presentation drives it (and
//! the tests do, without one).
//!
//! ```
//! use tilecaster::edit::Editor;
//! use tilecaster::grid::Cell;
//! use tilecaster::level::{Brush, Draft};
//!
//! let draft = Draft::new("levels/hall.toml".as_ref(), "Hall", 12, 8, &Brush::wall("brick"));
//! let mut editor = Editor::new(draft);
//! editor.brush = Brush::wall("stone");
//! editor.line(Cell::new(3, 1), Cell::new(3, 5)).unwrap();
//! assert_eq!(editor.draft().brush_at(Cell::new(3, 4)), Some(Brush::wall("stone")));
//! editor.undo();
//! assert_eq!(editor.draft().brush_at(Cell::new(3, 4)), Some(Brush::floor()));
//! ```

use std::path::Path;

use crate::assets::Sources;
use crate::frame::Frame;
use crate::grid::{Cell, CellRect, Walk};
use crate::level::{Brush, Diagnostic, Draft, LevelError, LevelWithTextures, PaintError};

/// One step of the history: each cell it painted, with what it had before and after.
#[derive(Clone, Debug, Default)]
struct Change {
    cells: Vec<(Cell, Brush, Brush)>,
}

/// A region copied: its brushes row by row (`None` where a cell's character means nothing).
#[derive(Clone, Debug, PartialEq)]
pub struct Region {
    /// Its width and height in cells.
    pub size: (u32, u32),
    brushes: Vec<Option<Brush>>,
}

/// A mistake or warning of the level, and the cell it is about where it is about one.
#[derive(Clone, Debug)]
pub struct Problem {
    /// What `tilecaster check` says.
    pub diagnostic: Diagnostic,
    /// The grid's cell it points at.
    pub cell: Option<Cell>,
}

/// See the [module](self).
pub struct Editor {
    draft: Draft,
    /// What the tools paint with.
    pub brush: Brush,
    undone: Vec<Change>,
    redone: Vec<Change>,
    /// The stroke being drawn (the mouse held down): one step when it ends.
    stroke: Option<Change>,
    clipboard: Option<Region>,
    /// The level's own problems, then (from the first past `own`) those with its assets
    /// that [`Editor::shown_after`] found.
    problems: Vec<Problem>,
    own: usize,
}

impl Editor {
    /// An editor of `draft`, with nothing to undo, its brush a brick wall.
    pub fn new(draft: Draft) -> Editor {
        let mut editor = Editor {
            draft,
            brush: Brush::wall("brick"),
            undone: Vec::new(),
            redone: Vec::new(),
            stroke: None,
            clipboard: None,
            problems: Vec::new(),
            own: 0,
        };
        editor.recheck();
        editor
    }

    /// The level being edited.
    pub fn draft(&self) -> &Draft {
        &self.draft
    }

    /// Paints `cell` with the brush: one step.
    pub fn paint(&mut self, cell: Cell) -> Result<bool, PaintError> {
        self.apply(std::iter::once((cell, self.brush.clone())))
    }

    /// Begins a stroke (the mouse pressed): the cells painted until [`Editor::end_stroke`]
    /// are one step.
    pub fn begin_stroke(&mut self) {
        self.end_stroke();
        self.stroke = Some(Change::default());
    }

    /// Paints `cell` in the stroke begun (a step of its own where none is).
    pub fn stroke_to(&mut self, cell: Cell) -> Result<bool, PaintError> {
        let Some(mut stroke) = self.stroke.take() else {
            return self.paint(cell);
        };
        let painted = self.paint_into(&mut stroke, cell, &self.brush.clone());
        self.stroke = Some(stroke);
        painted
    }

    /// Ends the stroke: it becomes one step (when it changed anything).
    pub fn end_stroke(&mut self) {
        if let Some(stroke) = self.stroke.take() {
            self.commit(stroke);
        }
    }

    /// Paints the rectangle with corners `a` and `b`, filled or only its edge: one step.
    pub fn rectangle(&mut self, a: Cell, b: Cell, filled: bool) -> Result<bool, PaintError> {
        let rect = span(a, b);
        let edge = |c: &Cell| {
            filled || c.x == rect.x0 || c.y == rect.y0 || c.x + 1 == rect.x1 || c.y + 1 == rect.y1
        };
        let brush = self.brush.clone();
        let cells: Vec<Cell> = rect.cells().filter(edge).collect();
        self.apply(cells.into_iter().map(|c| (c, brush.clone())))
    }

    /// Paints the cells the line from `a`'s centre to `b`'s crosses (the grid traversal's,
    /// through corners exactly): one step.
    pub fn line(&mut self, a: Cell, b: Cell) -> Result<bool, PaintError> {
        let brush = self.brush.clone();
        let cells = line_cells(a, b);
        self.apply(cells.into_iter().map(|c| (c, brush.clone())))
    }

    /// Copies the rectangle with corners `a` and `b` (cells off the grid copy as nothing).
    pub fn copy(&mut self, a: Cell, b: Cell) -> &Region {
        let rect = span(a, b);
        let brushes = rect.cells().map(|c| self.draft.brush_at(c)).collect();
        self.clipboard.insert(Region {
            size: (rect.width(), rect.height()),
            brushes,
        })
    }

    /// What was copied last.
    pub fn clipboard(&self) -> Option<&Region> {
        self.clipboard.as_ref()
    }

    /// Pastes what was copied with its top-left corner at `corner` (what falls off the grid
    /// is left out): one step. Whether anything changed.
    pub fn paste(&mut self, corner: Cell) -> Result<bool, PaintError> {
        let Some(region) = self.clipboard.clone() else {
            return Ok(false);
        };
        let (width, height) = self.draft.size();
        let rect = CellRect::sized(corner, region.size.0, region.size.1);
        let on_grid =
            |c: &Cell| (0..width as i32).contains(&c.x) && (0..height as i32).contains(&c.y);
        let cells: Vec<(Cell, Brush)> = rect
            .cells()
            .zip(region.brushes)
            .filter_map(|(c, b)| Some((c, b?)))
            .filter(|(c, _)| on_grid(c))
            .collect();
        self.apply(cells.into_iter())
    }

    /// Takes back the last step: whether there was one.
    pub fn undo(&mut self) -> bool {
        self.end_stroke();
        let Some(change) = self.undone.pop() else {
            return false;
        };
        for (cell, before, _) in change.cells.iter().rev() {
            let _ = self.draft.paint(*cell, before);
        }
        self.redone.push(change);
        self.recheck();
        true
    }

    /// Makes the last step taken back again: whether there was one.
    pub fn redo(&mut self) -> bool {
        self.end_stroke();
        let Some(change) = self.redone.pop() else {
            return false;
        };
        for (cell, _, after) in &change.cells {
            let _ = self.draft.paint(*cell, after);
        }
        self.undone.push(change);
        self.recheck();
        true
    }

    /// How many steps can be taken back, and made again.
    pub fn history(&self) -> (usize, usize) {
        (self.undone.len(), self.redone.len())
    }

    /// The level's mistakes and warnings as it stands, each at its cell where it has one.
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// Saves the level at its path (a file there is replaced only with `overwrite`).
    pub fn save(&self, overwrite: bool) -> Result<(), crate::files::FileError> {
        let text = self.draft.text();
        crate::files::write_new(self.draft.path(), text.as_bytes(), overwrite)
    }

    /// The level with its assets (textures from its folder, as the saved file would have
    /// them, and from `sources` over them), or why it cannot be played as it stands.
    pub fn loaded(&self, sources: &Sources) -> Result<LevelWithTextures, LevelError> {
        self.loaded_after(sources, None)
    }

    /// [`Editor::loaded`], the textures and sprites of `before` (the level as it last loaded)
    /// taken from it rather than read again.
    pub fn loaded_after(
        &self,
        sources: &Sources,
        before: Option<&LevelWithTextures>,
    ) -> Result<LevelWithTextures, LevelError> {
        let path = self.draft.path();
        crate::level::with_assets_after(self.draft.check_to_show()?, path, sources, before)
    }

    /// The level as it stands to show while it is mended, with the assets that load
    /// ([`crate::level::with_assets_shown`]: a texture that does not draws as a magenta
    /// checkerboard), `before`'s taken from it as [`Editor::loaded_after`] takes them. The
    /// problems with the rest (an unknown texture, a broken PNG) join [`Editor::problems`]
    /// until the next change. `None` where the level's own mistakes, or a folder that is not
    /// there (which joins the problems too), keep it from loading.
    pub fn shown_after(
        &mut self,
        sources: &Sources,
        before: Option<&LevelWithTextures>,
    ) -> Option<LevelWithTextures> {
        self.problems.truncate(self.own);
        // (The level's own mistakes are its problems already.)
        let loaded = self.draft.check_to_show().ok()?;
        let path = self.draft.path();
        let (shown, problems) = match crate::level::with_assets_shown(loaded, path, sources, before)
        {
            Ok((level, problems)) => (Some(level), problems),
            // (A folder that is not there, after the level's warnings, listed already.)
            Err(e) => (
                None,
                e.diagnostics.into_iter().filter(|d| d.is_error()).collect(),
            ),
        };
        // (None of them is among the level's own: those come from its text alone.)
        let assets = problems.into_iter().map(|diagnostic| Problem {
            cell: self.draft.cell_of(&diagnostic),
            diagnostic,
        });
        self.problems.extend(assets);
        shown
    }

    /// The first-person view from `position` facing `angle` (degrees) with `fov`, into
    /// `frame`: the level as the game starts it, drawn as `tilecaster render` draws the saved
    /// file from there.
    pub fn view(
        loaded: LevelWithTextures,
        path: &Path,
        (position, angle, fov): Viewpoint,
        frame: Frame,
    ) -> Frame {
        Scene::new(loaded, path, (position, angle)).view(fov, frame)
    }

    /// Paints `cells` with their brushes as one step (none where nothing changed).
    fn apply(&mut self, cells: impl Iterator<Item = (Cell, Brush)>) -> Result<bool, PaintError> {
        self.end_stroke();
        let mut change = Change::default();
        let mut result = Ok(false);
        for (cell, brush) in cells {
            match self.paint_into(&mut change, cell, &brush) {
                Ok(changed) => result = result.map(|any| any || changed),
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        let changed = !change.cells.is_empty();
        self.commit(change);
        result.map(|any| any && changed)
    }

    /// Paints `cell` with `brush`, noted in `change`. A level has one start: painting it
    /// somewhere takes it from where it was (in the same step).
    fn paint_into(
        &mut self,
        change: &mut Change,
        cell: Cell,
        brush: &Brush,
    ) -> Result<bool, PaintError> {
        if brush.is_start() && self.draft.brush_at(cell).as_ref() != Some(brush) {
            for start in self.draft.cells_where(Brush::is_start) {
                if start != cell {
                    self.paint_into(change, start, &Brush::floor())?;
                }
            }
        }
        let before = self.draft.brush_at(cell);
        let changed = self.draft.paint(cell, brush)?;
        if changed {
            // (A cell whose character meant nothing goes back to floor when undone.)
            change
                .cells
                .push((cell, before.unwrap_or_else(Brush::floor), brush.clone()));
        }
        Ok(changed)
    }

    /// Makes `change` a step (when it changed anything): nothing is left to redo.
    fn commit(&mut self, change: Change) {
        if !change.cells.is_empty() {
            self.undone.push(change);
            self.redone.clear();
        }
        self.recheck();
    }

    fn recheck(&mut self) {
        let diagnostics = match self.draft.check() {
            Ok(loaded) => loaded.warnings,
            Err(e) => e.diagnostics,
        };
        self.problems = diagnostics
            .into_iter()
            .map(|diagnostic| Problem {
                cell: self.draft.cell_of(&diagnostic),
                diagnostic,
            })
            .collect();
        self.own = self.problems.len();
    }
}

/// The rectangle with corners `a` and `b`, both in it: what [`Editor::rectangle`] paints
/// and [`Editor::copy`] copies.
pub fn span(a: Cell, b: Cell) -> CellRect {
    let corner = Cell::new(a.x.min(b.x), a.y.min(b.y));
    let width = a.x.abs_diff(b.x) + 1;
    let height = a.y.abs_diff(b.y) + 1;
    CellRect::sized(corner, width, height)
}

/// The cells the line from `a`'s centre to `b`'s crosses, in order (the grid traversal's,
/// both cells at a corner): what [`Editor::line`] paints.
pub fn line_cells(a: Cell, b: Cell) -> Vec<Cell> {
    Walk::segment(a.centre(), b.centre())
        .map(|entry| entry.cell)
        .collect()
}

mod palette;
mod screen;
pub use palette::{Palette, SWATCH};
pub use screen::{Layout, Rect, Scene, Shown, Viewpoint, draw_screen, map_view};

#[cfg(test)]
mod tests;
