//! A roguelike's field of view and a guard's line of sight, drawn as text: the same corner
//! rule everywhere (two walls touching at a corner block; a wall's corner alone does not), and
//! a view that is symmetric (if you see a floor tile, a monster there sees you).
//!
//! `cargo run -p tilecaster-grid --example sight`

use tilecaster_grid::grid::{Cell, field_of_view, line_of_sight};
use tilecaster_grid::math::Vec2;

fn main() {
    let plan = "\
####################
#........#.........#
#..................#
#...#.........#....#
#..#..........#....#
#..........##......#
#..........##......#
####################";
    let read = |plan: &str| -> Vec<Vec<bool>> {
        plan.lines()
            .map(|l| l.chars().map(|c| c == '#').collect())
            .collect()
    };
    let level = read(plan);
    let you = Cell::new(2, 2);
    let seen = field_of_view(&level, you, 12.0);
    for (y, row) in level.iter().enumerate() {
        let line: String = row
            .iter()
            .enumerate()
            .map(|(x, &wall)| {
                let c = Cell::new(x as i32, y as i32);
                match (c == you, seen.contains(&c), wall) {
                    (true, ..) => '@',
                    (_, true, true) => '#',
                    (_, true, false) => '.',
                    (_, false, _) => ' ',
                }
            })
            .collect();
        println!("{line}");
    }
    // Symmetric: every floor tile you see sees you.
    for c in seen.iter().filter(|c| !level[c.y as usize][c.x as usize]) {
        assert!(field_of_view(&level, *c, 12.0).contains(&you), "{c}");
    }
    // The walls at (4, 3) and (3, 4) touch at a corner on your diagonal: nothing slips
    // between them, so (4, 4) and (5, 5) stay dark. Without one of them, both are seen.
    assert!(!seen.contains(&Cell::new(4, 4)) && !seen.contains(&Cell::new(5, 5)));
    let mut opened = level.clone();
    opened[4][3] = false;
    let wider = field_of_view(&opened, you, 12.0);
    assert!(wider.contains(&Cell::new(4, 4)) && wider.contains(&Cell::new(5, 5)));

    // A guard checks three intruders at once.
    let guard = Vec2::new(17.5, 1.5);
    let intruders = [
        Vec2::new(12.5, 1.5),
        Vec2::new(16.5, 5.5),
        Vec2::new(2.5, 1.5),
    ];
    let sees: Vec<bool> = intruders
        .iter()
        .map(|&i| line_of_sight(&level, guard, i))
        .collect();
    println!("the guard at (17.5, 1.5) sees the intruders: {sees:?}");
    assert_eq!(sees, [true, true, false]);
}
