//! Benches only: see `benches/peers.rs`.
