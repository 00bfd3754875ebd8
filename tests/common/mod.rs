//! Helpers shared by the test binaries.

use tilecaster::game::Input;

/// A walk through e1m1's first door: forward, use, wait, forward, turning.
pub fn walk_through_the_door() -> Vec<Input> {
    let mut inputs = vec![
        Input {
            forward: 1.0,
            ..Input::default()
        };
        70
    ];
    inputs.push(Input {
        use_pressed: true,
        ..Input::default()
    });
    inputs.extend(vec![Input::default(); 70]);
    inputs.extend(vec![
        Input {
            forward: 1.0,
            run: true,
            ..Input::default()
        };
        60
    ]);
    inputs.extend(vec![
        Input {
            forward: 1.0,
            turn: 1.5,
            ..Input::default()
        };
        30
    ]);
    inputs
}
