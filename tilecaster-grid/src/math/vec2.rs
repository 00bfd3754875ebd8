use std::ops::{Add, Mul, Neg, Sub};

/// A 2D vector or point in world units (tiles). `y` grows downwards (south).
///
/// ```
/// use tilecaster_grid::math::Vec2;
/// let a = Vec2::new(1.0, 2.0);
/// assert_eq!(a + Vec2::new(0.5, 0.5), Vec2::new(1.5, 2.5));
/// assert_eq!(Vec2::new(3.0, 4.0).length(), 5.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Vec2 {
    /// East-west component.
    pub x: f64,
    /// North-south component (grows southwards).
    pub y: f64,
}

impl Vec2 {
    /// The zero vector.
    pub const ZERO: Vec2 = Vec2 { x: 0.0, y: 0.0 };

    /// A vector from its components.
    pub const fn new(x: f64, y: f64) -> Vec2 {
        Vec2 { x, y }
    }

    /// The unit vector at `degrees` from +x (east) towards +y (south), the same to the last
    /// bit on every platform ([`super::sin_cos_degrees`]).
    pub fn from_angle_degrees(degrees: f64) -> Vec2 {
        let (sin, cos) = super::sin_cos_degrees(degrees);
        Vec2::new(cos, sin)
    }

    /// Euclidean length, the same to the last bit on every platform ([`super::length`]).
    pub fn length(self) -> f64 {
        super::length(self.x, self.y)
    }

    /// Its angle in degrees from +x towards +y, in (-180, 180], the same on every platform
    /// ([`super::atan2_degrees`]).
    pub fn angle_degrees(self) -> f64 {
        super::atan2_degrees(self.y, self.x)
    }

    /// Dot product.
    pub fn dot(self, other: Vec2) -> f64 {
        self.x * other.x + self.y * other.y
    }

    /// The z component of the 3D cross product: positive when `other` is clockwise of `self`
    /// on screen (y grows downwards).
    pub fn cross(self, other: Vec2) -> f64 {
        self.x * other.y - self.y * other.x
    }

    /// Whether both components are finite (neither NaN nor infinite).
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }
}

impl Add for Vec2 {
    type Output = Vec2;
    fn add(self, o: Vec2) -> Vec2 {
        Vec2::new(self.x + o.x, self.y + o.y)
    }
}

impl Sub for Vec2 {
    type Output = Vec2;
    fn sub(self, o: Vec2) -> Vec2 {
        Vec2::new(self.x - o.x, self.y - o.y)
    }
}

impl Mul<f64> for Vec2 {
    type Output = Vec2;
    fn mul(self, s: f64) -> Vec2 {
        Vec2::new(self.x * s, self.y * s)
    }
}

impl Neg for Vec2 {
    type Output = Vec2;
    fn neg(self) -> Vec2 {
        Vec2::new(-self.x, -self.y)
    }
}

impl From<(f64, f64)> for Vec2 {
    fn from((x, y): (f64, f64)) -> Vec2 {
        Vec2::new(x, y)
    }
}

impl From<[f64; 2]> for Vec2 {
    fn from([x, y]: [f64; 2]) -> Vec2 {
        Vec2::new(x, y)
    }
}

/// An f32 game's points and directions, widened exactly (every `f32` is an `f64`).
impl From<(f32, f32)> for Vec2 {
    fn from((x, y): (f32, f32)) -> Vec2 {
        Vec2::new(f64::from(x), f64::from(y))
    }
}

/// An f32 game's points and directions, widened exactly (every `f32` is an `f64`).
impl From<[f32; 2]> for Vec2 {
    fn from([x, y]: [f32; 2]) -> Vec2 {
        Vec2::new(f64::from(x), f64::from(y))
    }
}

impl From<Vec2> for (f64, f64) {
    fn from(v: Vec2) -> (f64, f64) {
        (v.x, v.y)
    }
}

impl From<Vec2> for [f64; 2] {
    fn from(v: Vec2) -> [f64; 2] {
        [v.x, v.y]
    }
}
