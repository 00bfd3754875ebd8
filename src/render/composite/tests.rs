//! The walls' cover summaries against their columns.

use super::*;
use proptest::prelude::*;

proptest! {
    /// Where a block's summary answers, it agrees with every one of its columns; where it
    /// says no wall reaches a band of rows, none covers a row of it.
    #[test]
    fn cover_blocks_agree_with_their_columns(
        covers in prop::collection::vec((-2i32..40, -2i32..40), 1..=BLOCK),
        y in -3i32..42,
        band in (-3i32..42, 0i32..12),
    ) {
        let block = CoverBlock::new(&covers);
        let open: Vec<bool> = covers.iter().map(|&(t, b)| y < t || y >= b).collect();
        if let Some(all) = block.open(y) {
            prop_assert!(open.iter().all(|&o| o == all));
        }
        let (y0, y1) = (band.0, band.0 + band.1);
        if !block.reaches(y0, y1) {
            prop_assert!(covers.iter().all(|&(t, b)| t.max(y0) >= b.min(y1)));
        }
    }

    /// Where a group's summary of its blocks answers, it agrees with every column of
    /// every block.
    #[test]
    fn cover_groups_agree_with_their_columns(
        covers in prop::collection::vec((-2i32..40, -2i32..40), 1..=BLOCK * GROUP),
        y in -3i32..42,
    ) {
        let blocks: Vec<CoverBlock> = covers.chunks(BLOCK).map(CoverBlock::new).collect();
        let group = CoverBlock::of_blocks(&blocks);
        let open: Vec<bool> = covers.iter().map(|&(t, b)| y < t || y >= b).collect();
        if let Some(all) = group.open(y) {
            prop_assert!(open.iter().all(|&o| o == all));
        }
    }
}
