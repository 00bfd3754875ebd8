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

    /// The ray of screen column `column` of `width`, through the column's centre.
    #[inline]
    pub fn ray(&self, column: u32, width: u32) -> Vec2 {
        let x = 2.0 * (column as f64 + 0.5) / width as f64 - 1.0;
        self.dir + self.plane * x
    }
}
