use crate::grid::Cell;
use crate::level::Level;

/// Seconds a door takes to open or close.
const SLIDE_SECONDS: f64 = 1.0;
/// Seconds a door stays open before closing.
const HOLD_SECONDS: f64 = 3.0;

/// What a door is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum DoorPhase {
    /// Shut.
    Closed,
    /// Sliding open.
    Opening,
    /// Open, waiting to close.
    Open,
    /// Sliding shut.
    Closing,
}

#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
struct Door {
    cell: Cell,
    phase: DoorPhase,
    /// 0 closed, 1 open.
    open: f64,
    /// Seconds left before an open door closes.
    hold: f64,
}

/// Every door of a level.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Doors {
    doors: Vec<Door>,
}

impl Doors {
    /// All closed.
    pub fn new(level: &Level) -> Doors {
        Doors {
            doors: level
                .doors
                .iter()
                .map(|d| Door {
                    cell: d.cell,
                    phase: DoorPhase::Closed,
                    open: 0.0,
                    hold: 0.0,
                })
                .collect(),
        }
    }

    fn find(&self, cell: Cell) -> Option<&Door> {
        self.doors.iter().find(|d| d.cell == cell)
    }

    /// Starts opening the door in `cell` (or keeps it open longer).
    /// Whether a closed or closing door started opening (an open one just stays open longer).
    pub fn start_opening(&mut self, cell: Cell) -> bool {
        let Some(d) = self.doors.iter_mut().find(|d| d.cell == cell) else {
            return false;
        };
        match d.phase {
            DoorPhase::Closed | DoorPhase::Closing => {
                d.phase = DoorPhase::Opening;
                true
            }
            DoorPhase::Open => {
                d.hold = HOLD_SECONDS;
                false
            }
            DoorPhase::Opening => false,
        }
    }

    /// The phase of the door in `cell`.
    pub fn phase(&self, cell: Cell) -> Option<DoorPhase> {
        self.find(cell).map(|d| d.phase)
    }

    /// Whether something can pass through `cell`'s door (fully open).
    pub fn passable(&self, cell: Cell) -> bool {
        self.find(cell).is_some_and(|d| d.open >= 1.0)
    }

    /// One tick: doors slide; an open door closes after a while, unless `occupied` (cells
    /// something stands in) includes it. The doors that start closing are added to `closing`.
    pub fn tick(&mut self, occupied: &[Cell], closing: &mut Vec<Cell>) {
        let step = super::TICK / SLIDE_SECONDS;
        for d in &mut self.doors {
            match d.phase {
                DoorPhase::Opening => {
                    d.open = (d.open + step).min(1.0);
                    if d.open >= 1.0 {
                        d.phase = DoorPhase::Open;
                        d.hold = HOLD_SECONDS;
                    }
                }
                DoorPhase::Open => {
                    d.hold -= super::TICK;
                    if d.hold <= 0.0 && !occupied.contains(&d.cell) {
                        d.phase = DoorPhase::Closing;
                        closing.push(d.cell);
                    }
                }
                DoorPhase::Closing => {
                    if occupied.contains(&d.cell) {
                        d.phase = DoorPhase::Opening;
                    } else {
                        d.open = (d.open - step).max(0.0);
                        if d.open <= 0.0 {
                            d.phase = DoorPhase::Closed;
                        }
                    }
                }
                DoorPhase::Closed => {}
            }
        }
    }

    /// Whether `other` has the same doors (in the same cells, in the same order).
    pub(crate) fn same_doors(&self, other: &Doors) -> bool {
        self.doors.len() == other.doors.len()
            && self
                .doors
                .iter()
                .zip(&other.doors)
                .all(|(a, b)| a.cell == b.cell)
    }

    /// How open the door in `cell` is: 0 closed (or no door there), 1 open.
    pub fn open_fraction(&self, cell: Cell) -> f64 {
        self.find(cell).map_or(0.0, |d| d.open)
    }
}
