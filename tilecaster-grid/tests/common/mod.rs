//! What the reference tests share: the lattice and exact rationals on it.

/// Lattice units per unit: coordinates are integers in units of 1/1024.
pub const S: i64 = 1024;

/// A rational `n / d`, `d > 0`.
#[derive(Clone, Copy, Debug)]
pub struct Q(pub i128, pub i128);

#[allow(dead_code)] // each test file uses its own part
impl Q {
    pub fn new(n: i128, d: i128) -> Q {
        if d < 0 { Q(-n, -d) } else { Q(n, d) }
    }
    pub fn cmp(self, o: Q) -> std::cmp::Ordering {
        (self.0 * o.1).cmp(&(o.0 * self.1))
    }
    pub fn lt(self, o: Q) -> bool {
        self.cmp(o).is_lt()
    }
    pub fn max(self, o: Q) -> Q {
        if self.lt(o) { o } else { self }
    }
    pub fn min(self, o: Q) -> Q {
        if o.lt(self) { o } else { self }
    }
    /// The nearest `f64` (one rounding where both parts are exact in `f64`).
    pub fn f64(self) -> f64 {
        self.0 as f64 / self.1 as f64
    }
}
