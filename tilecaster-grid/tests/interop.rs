//! A game's own vector types go straight into the queries (features `glam` and `mint`).

#[cfg(feature = "glam")]
#[test]
fn glam_vectors_are_points_and_directions() {
    use tilecaster_grid::grid::{Cell, cast_ray, line_of_sight};
    let wall = |c: Cell| c.x == 3;
    let hit = cast_ray(
        &wall,
        glam::Vec2::new(0.5, 0.5),
        glam::Vec2::X,
        f64::INFINITY,
    );
    assert_eq!(hit.map(|h| h.t), Some(2.5));
    assert!(!line_of_sight(
        &wall,
        glam::DVec2::new(0.5, 0.5),
        glam::DVec2::new(5.5, 0.5)
    ));
}

#[cfg(feature = "mint")]
#[test]
fn mint_points_are_points() {
    use tilecaster_grid::grid::{Cell, line_of_sight};
    let wall = |c: Cell| c.x == 3;
    let a = mint::Point2 { x: 0.5_f32, y: 0.5 };
    let b = mint::Point2 { x: 2.5_f32, y: 4.5 };
    assert!(line_of_sight(&wall, a, b));
}
