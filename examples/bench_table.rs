//! Prints the medians of the last `cargo bench --bench traversal` run as a Markdown table, with
//! each peer's time per cell as a multiple of tilecaster's (measured in the same run).
//!
//! ```sh
//! cargo bench --bench traversal && cargo run --example bench_table
//! ```

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

struct Row {
    function: String,
    median_ns: f64,
    elements: f64,
}

fn read_json(path: &Path) -> Option<Value> {
    serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let root = Path::new("target/criterion");
    let mut groups: BTreeMap<String, Vec<Row>> = BTreeMap::new();
    for group in std::fs::read_dir(root)
        .map_err(|e| format!("{}: {e} (run cargo bench first)", root.display()))?
    {
        for function in std::fs::read_dir(group?.path())? {
            let dir = function?.path().join("new");
            let (Some(meta), Some(estimates)) = (
                read_json(&dir.join("benchmark.json")),
                read_json(&dir.join("estimates.json")),
            ) else {
                continue;
            };
            let elements = meta["throughput"]["Elements"].as_f64().unwrap_or(f64::NAN);
            groups
                .entry(meta["group_id"].as_str().unwrap_or("?").to_string())
                .or_default()
                .push(Row {
                    function: meta["function_id"].as_str().unwrap_or("?").to_string(),
                    median_ns: estimates["median"]["point_estimate"]
                        .as_f64()
                        .unwrap_or(f64::NAN),
                    elements,
                });
        }
    }
    println!("| workload | crate | median time | throughput | ns per element | vs tilecaster |");
    println!("|---|---|---:|---:|---:|---:|");
    for (group, mut rows) in groups {
        rows.sort_by(|a, b| {
            (a.function != "tilecaster")
                .cmp(&(b.function != "tilecaster"))
                .then(a.function.cmp(&b.function))
        });
        let unit = if group.starts_with("T3") {
            "rays"
        } else {
            "cells"
        };
        let ours = rows
            .iter()
            .find(|r| r.function == "tilecaster")
            .map(|r| r.median_ns / r.elements);
        for row in &rows {
            let per = row.median_ns / row.elements;
            let ratio = ours.map_or(String::from("-"), |o| format!("{:.2}x", per / o));
            println!(
                "| {group} | {} | {:.1} ms | {:.1} M{unit}/s | {:.2} | {ratio} |",
                row.function,
                row.median_ns / 1e6,
                row.elements / row.median_ns * 1e3,
                per,
            );
        }
    }
    Ok(())
}
