//! Conversions between [`Vec2`] and the vector types of glam and mint (features `glam`, `mint`),
//! so that a game's own vectors go in and come out as they are. Every `f32` widens exactly;
//! narrowing to `f32` rounds.

#[cfg(feature = "glam")]
mod glam_types {
    use super::super::Vec2;

    impl From<glam::DVec2> for Vec2 {
        fn from(v: glam::DVec2) -> Vec2 {
            Vec2::new(v.x, v.y)
        }
    }

    impl From<Vec2> for glam::DVec2 {
        fn from(v: Vec2) -> glam::DVec2 {
            glam::DVec2::new(v.x, v.y)
        }
    }

    impl From<glam::Vec2> for Vec2 {
        fn from(v: glam::Vec2) -> Vec2 {
            Vec2::new(f64::from(v.x), f64::from(v.y))
        }
    }

    impl From<Vec2> for glam::Vec2 {
        fn from(v: Vec2) -> glam::Vec2 {
            glam::Vec2::new(v.x as f32, v.y as f32)
        }
    }
}

#[cfg(feature = "mint")]
mod mint_types {
    use super::super::Vec2;

    macro_rules! both_ways {
        ($($t:ident),*) => {$(
            impl From<mint::$t<f64>> for Vec2 {
                fn from(v: mint::$t<f64>) -> Vec2 {
                    Vec2::new(v.x, v.y)
                }
            }

            impl From<Vec2> for mint::$t<f64> {
                fn from(v: Vec2) -> mint::$t<f64> {
                    mint::$t { x: v.x, y: v.y }
                }
            }

            impl From<mint::$t<f32>> for Vec2 {
                fn from(v: mint::$t<f32>) -> Vec2 {
                    Vec2::new(f64::from(v.x), f64::from(v.y))
                }
            }

            impl From<Vec2> for mint::$t<f32> {
                fn from(v: Vec2) -> mint::$t<f32> {
                    mint::$t { x: v.x as f32, y: v.y as f32 }
                }
            }
        )*};
    }

    both_ways!(Point2, Vector2);
}

#[cfg(test)]
mod tests {
    #[allow(unused_imports)]
    use super::super::Vec2;

    #[cfg(feature = "glam")]
    #[test]
    fn glam_vectors_convert_both_ways() {
        let v = Vec2::new(1.5, -2.25);
        assert_eq!(Vec2::from(glam::DVec2::from(v)), v);
        assert_eq!(Vec2::from(glam::Vec2::new(1.5, -2.25)), v);
        assert_eq!(glam::Vec2::from(v), glam::Vec2::new(1.5, -2.25));
    }

    #[cfg(feature = "mint")]
    #[test]
    fn mint_vectors_convert_both_ways() {
        let v = Vec2::new(1.5, -2.25);
        assert_eq!(Vec2::from(mint::Point2::<f64>::from(v)), v);
        assert_eq!(
            Vec2::from(mint::Vector2 {
                x: 1.5_f32,
                y: -2.25
            }),
            v
        );
    }
}
