use crate::math::Vec2;

/// A first-person camera: position, unit view direction, and the camera plane (perpendicular,
/// to the screen's right; its length is `tan(fov / 2)`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// Eye position, world units.
    pub pos: Vec2,
    /// Unit view direction.
    pub dir: Vec2,
    /// Camera plane: `dir + plane * x` for `x` in `[-1, 1]` spans the view from left to right.
    pub plane: Vec2,
}

impl Camera {
    /// The default horizontal field of view, degrees.
    pub const DEFAULT_FOV: f64 = 66.0;

    /// A camera at `pos` facing `angle_degrees` (from east towards south) with a horizontal
    /// field of view of `fov_degrees`, clamped to `[0.01, 179]` (NaN: the default).
    ///
    /// ```
    /// use tilecaster::render::Camera;
    /// use tilecaster::geom::Vec2;
    /// let c = Camera::new(Vec2::new(2.5, 2.5), 0.0, 90.0);
    /// assert!((c.plane.y - 1.0).abs() < 1e-12, "facing east, the screen's right is south");
    /// ```
    pub fn new(pos: Vec2, angle_degrees: f64, fov_degrees: f64) -> Camera {
        let fov = if fov_degrees.is_nan() {
            Self::DEFAULT_FOV
        } else {
            fov_degrees.clamp(0.01, 179.0)
        };
        let angle = if angle_degrees.is_finite() {
            angle_degrees
        } else {
            0.0
        };
        let dir = Vec2::from_angle_degrees(angle);
        let half = (fov / 2.0).to_radians().tan();
        Camera {
            pos,
            dir,
            plane: Vec2::new(-dir.y, dir.x) * half,
        }
    }

    /// World point `at` in the camera's own terms: how far across the view (in camera-plane
    /// lengths at its depth, so `across / depth` is -1 at the view's left edge and 1 at its
    /// right) and its depth along the view direction; `None` where the camera has no plane or
    /// the point is not finite.
    ///
    /// ```
    /// use tilecaster::render::Camera;
    /// use tilecaster::geom::Vec2;
    /// let c = Camera::new(Vec2::new(2.5, 2.5), 0.0, 90.0);
    /// // Two tiles ahead (east) and two to the right (south): the view's right edge.
    /// let (across, depth) = c.to_view(Vec2::new(4.5, 4.5)).unwrap();
    /// assert!((across - 2.0).abs() < 1e-9 && (depth - 2.0).abs() < 1e-9);
    /// ```
    #[inline]
    pub fn to_view(&self, at: Vec2) -> Option<(f64, f64)> {
        let rel = at - self.pos;
        let det = self.plane.x * self.dir.y - self.dir.x * self.plane.y;
        if det == 0.0 || !rel.is_finite() {
            return None;
        }
        let across = (self.dir.y * rel.x - self.dir.x * rel.y) / det;
        let depth = (self.plane.x * rel.y - self.plane.y * rel.x) / det;
        Some((across, depth))
    }

    /// The ray of screen column `column` of `width`, through the column's centre.
    #[inline]
    pub fn ray(&self, column: u32, width: u32) -> Vec2 {
        let x = 2.0 * (column as f64 + 0.5) / width as f64 - 1.0;
        self.dir + self.plane * x
    }
}

/// The distance to the floor (below the horizon) or ceiling (above) seen through row `y` of a
/// frame `height` rows tall, through the row's centre.
#[inline]
pub(super) fn row_distance(y: i32, height: u32) -> f32 {
    let half = height as f32 / 2.0;
    half / (y as f32 + 0.5 - half).abs().max(0.5)
}

/// The world footprint of a floor pixel on a row looking `distance` away, its neighbour along
/// the row `across` away, in a frame `half` rows from horizon to edge: the larger of that and
/// how much further the next row looks (`d(distance)/dy = distance² / half`).
#[inline]
pub(super) fn pixel_footprint(across: f64, distance: f64, half: f64) -> f64 {
    across.max(distance * distance / half)
}
