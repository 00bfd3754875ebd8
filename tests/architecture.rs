//! The house: every top-level module of `src/` sits in a layer, and uses only modules in layers
//! below its own. The layer table is the one in ARCHITECTURE.md (read from there, so that the
//! picture newcomers see is the one this test holds).
//!
//! A module's uses are the `crate::NAME` paths in its files (grouped ones too, as in
//! `use crate::{a::X, b}`), and in the binary's files also the `tilecaster::NAME` paths into
//! the library; comments are left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layer table: module name to layer number, from ARCHITECTURE.md's section on the layers
/// (rows like `| 3 | `map`, `frame`, `texture` | ... |`).
fn layer_table() -> BTreeMap<String, u32> {
    let text = std::fs::read_to_string("ARCHITECTURE.md").expect("ARCHITECTURE.md");
    let section = text
        .split("\n## ")
        .find(|s| s.starts_with("The layers"))
        .expect("ARCHITECTURE.md has a section on the layers");
    let mut table = BTreeMap::new();
    for line in section.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // "", layer, modules, what, ""
        if cells.len() < 4 {
            continue;
        }
        let Ok(layer) = cells[1].parse::<u32>() else {
            continue;
        };
        for name in cells[2].split(',') {
            let name = name.trim().trim_matches('`');
            if !name.is_empty() {
                table.insert(name.to_string(), layer);
            }
        }
    }
    table
}

/// The text of a file with its comments removed (line comments, doc comments, block comments).
fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.find('\n').map_or("", |i| &after[i..]);
        } else if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |i| &after[i + 2..]);
        } else if rest.starts_with('"') {
            // Strings are kept whole, so that a "//" inside one is not a comment.
            let end = rest[1..]
                .char_indices()
                .scan(false, |escaped, (i, c)| {
                    let stop = c == '"' && !*escaped;
                    *escaped = c == '\\' && !*escaped;
                    Some((i, stop))
                })
                .find(|&(_, stop)| stop)
                .map_or(rest.len(), |(i, _)| i + 2);
            out.push_str(&rest[..end]);
            rest = &rest[end..];
        } else {
            let c = rest.chars().next().unwrap();
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The top-level modules that `code` names through `prefix` (`crate` or `tilecaster`).
fn uses(code: &str, prefix: &str) -> BTreeSet<String> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut found = BTreeSet::new();
    let needle = format!("{prefix}::");
    let mut at = 0;
    while let Some(i) = code[at..].find(&needle) {
        let start = at + i;
        at = start + needle.len();
        // `crate::` preceded by an identifier character is another path (`my_crate::`).
        if code[..start]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            continue;
        }
        let rest = &code[at..];
        if let Some(group) = rest.strip_prefix('{') {
            // `prefix::{a::X, b, c::{..}}`: the names at the group's top level.
            let mut depth = 0;
            let mut item_start = true;
            for (k, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => item_start = true,
                    c if c.is_whitespace() => {}
                    _ if item_start && depth == 0 => {
                        let name = ident(&group[k..]);
                        if !name.is_empty() {
                            found.insert(name);
                        }
                        item_start = false;
                    }
                    _ => {}
                }
            }
        } else {
            let name = ident(rest);
            if !name.is_empty() {
                found.insert(name);
            }
        }
    }
    found
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The binary's own modules (the rest of `src/` is the library).
const BINARY: [&str; 3] = ["main", "app", "cli"];

/// The source folders: the package's, and the traversal package's (`tilecaster-grid`, whose
/// `math`, `grid` and `geom` the library re-exports under the same names).
const SOURCES: [&str; 2] = ["src", "tilecaster-grid/src"];

/// Per top-level module, the modules it uses (itself left out).
fn module_uses() -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    for dir in SOURCES {
        rust_files(Path::new(dir), &mut files);
    }
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let relative = SOURCES
            .iter()
            .rev()
            .find_map(|dir| file.strip_prefix(dir).ok())
            .unwrap();
        let top = relative
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy()
            .trim_end_matches(".rs")
            .to_string();
        if top == "lib" {
            continue;
        }
        let code = without_comments(&std::fs::read_to_string(&file).unwrap());
        let mut used = uses(&code, "crate");
        if BINARY.contains(&top.as_str()) {
            used.extend(uses(&code, "tilecaster"));
        }
        used.remove(&top);
        graph.entry(top).or_default().extend(used);
    }
    graph
}

#[test]
fn every_module_uses_only_the_layers_below_its_own() {
    let table = layer_table();
    assert!(
        table.len() >= 10,
        "ARCHITECTURE.md's layer table was not found whole: {table:?}"
    );
    let graph = module_uses();
    let mut wrong = Vec::new();
    for (module, used) in &graph {
        let Some(&layer) = table.get(module) else {
            wrong.push(format!(
                "src/{module} is in no layer of ARCHITECTURE.md's table"
            ));
            continue;
        };
        for other in used {
            // Names that are no module of ours (`crate::allocations`, a function in main.rs).
            let Some(&below) = table.get(other) else {
                continue;
            };
            if below >= layer {
                wrong.push(format!(
                    "{module} (layer {layer}) uses {other} (layer {below})"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_simulation_never_names_the_picture() {
    let graph = module_uses();
    let game = &graph["game"];
    for picture in ["render", "scene", "frame", "app"] {
        assert!(!game.contains(picture), "game uses {picture}");
    }
    assert!(!graph["render"].contains("game"), "render uses game");
}

#[test]
fn every_module_in_the_table_exists() {
    let graph = module_uses();
    for module in layer_table().keys() {
        assert!(
            graph.contains_key(module),
            "ARCHITECTURE.md's table names {module}, which neither src/ nor tilecaster-grid/src/ has"
        );
    }
}

#[test]
fn uses_are_found_in_every_form_of_path() {
    let code = without_comments(
        "use crate::{game::Game, render::{Camera, Frame}, map};\n\
         // use crate::commented::Out;\n\
         /* crate::blocked */ let s = \"// not a comment\"; crate::grid::cast_ray(x);\n\
         my_crate::not_ours(); tilecaster::level::Level::load(p);",
    );
    let found: Vec<String> = uses(&code, "crate").into_iter().collect();
    assert_eq!(found, ["game", "grid", "map", "render"]);
    let found: Vec<String> = uses(&code, "tilecaster").into_iter().collect();
    assert_eq!(found, ["level"]);
}

/// The module path of a source file (`src/render/kernels/avx2.rs` -> `render::kernels::avx2`;
/// a `mod.rs` is its folder's module), relative to its source folder, and that folder.
fn module_path(file: &Path) -> Option<(&'static str, Vec<String>)> {
    let (dir, relative) = SOURCES
        .iter()
        .rev()
        .find_map(|dir| file.strip_prefix(dir).ok().map(|r| (*dir, r)))?;
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let last = parts.pop()?;
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" {
        parts.push(stem.to_string());
    }
    Some((dir, parts))
}

/// The names that `code` reaches through exactly `prefix` (`super::`, `super::super::`,
/// `crate::render::`): the first name after it, grouped uses too; not a longer path that
/// merely ends in it (`super::super::x` is not `super::x`).
fn names_after(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut at = 0;
    while let Some(i) = code[at..].find(prefix) {
        let start = at + i;
        at = start + prefix.len();
        let before = &code[..start];
        if before.ends_with("::")
            || before
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            continue;
        }
        let rest = &code[at..];
        if rest.starts_with("super::") {
            continue;
        }
        // The first segment, or a group's top-level names, read as `uses` reads them.
        let text = format!("x::{rest}");
        found.extend(uses(&text, "x"));
    }
    found
}

/// Within every folder of the sources, which of its modules (files and subfolders) use which
/// of the others (the folder's own `mod.rs`, which gathers them, left out).
fn folder_graphs() -> BTreeMap<String, BTreeMap<String, BTreeSet<String>>> {
    let mut files = Vec::new();
    for dir in SOURCES {
        rust_files(Path::new(dir), &mut files);
    }
    let mut graphs: BTreeMap<String, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for file in &files {
        let Some((source, module)) = module_path(file) else {
            continue;
        };
        let is_mod = file.file_name().is_some_and(|n| n == "mod.rs");
        let code = without_comments(&std::fs::read_to_string(file).unwrap());
        // Each folder above the file: the file belongs to one of its modules.
        for depth in 0..module.len() {
            let folder = &module[..depth];
            let child = &module[depth];
            if folder.is_empty() && source == "src" && ["main", "lib"].contains(&child.as_str()) {
                continue;
            }
            // From the file's module, the folder is `super::` repeated this often.
            let ups = module.len() - depth;
            let mut used = names_after(&code, &"super::".repeat(ups));
            let absolute = folder
                .iter()
                .fold("crate::".to_string(), |p, m| format!("{p}{m}::"));
            if !folder.is_empty() {
                used.extend(names_after(&code, &absolute));
            }
            if is_mod && depth + 1 == module.len() {
                // A folder's own mod.rs gathers its modules: not an edge of the folder above.
                let _ = &used;
            }
            let key = format!("{source}/{}", folder.join("/"));
            let graph = graphs.entry(key).or_default();
            let edges = graph.entry(child.clone()).or_default();
            for name in used {
                if &name != child {
                    edges.insert(name);
                }
            }
        }
    }
    // Only names that are modules of the folder.
    for graph in graphs.values_mut() {
        let modules: BTreeSet<String> = graph.keys().cloned().collect();
        for edges in graph.values_mut() {
            edges.retain(|n| modules.contains(n));
        }
    }
    graphs
}

/// The cycles of `graph`: each strongly connected set of two or more modules.
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let reach = |from: &str| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.to_string()];
        while let Some(n) = stack.pop() {
            for m in graph.get(&n).into_iter().flatten() {
                if seen.insert(m.clone()) {
                    stack.push(m.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&String, BTreeSet<String>> =
        graph.keys().map(|k| (k, reach(k))).collect();
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for a in graph.keys() {
        if done.contains(a) {
            continue;
        }
        let set: Vec<String> = graph
            .keys()
            .filter(|b| *b == a || (reached[a].contains(*b) && reached[*b].contains(a)))
            .cloned()
            .collect();
        done.extend(set.iter().cloned());
        if set.len() > 1 {
            out.push(set);
        }
    }
    out
}

#[test]
fn no_two_modules_of_a_folder_use_each_other() {
    let mut wrong = Vec::new();
    for (folder, graph) in folder_graphs() {
        for cycle in cycles(&graph) {
            wrong.push(format!("{folder}: {} use each other", cycle.join(", ")));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn cycles_are_found_through_super_and_crate_paths() {
    let code =
        without_comments("use super::{a::X, b}; super::super::c::f(); crate::render::d::g();");
    assert_eq!(
        names_after(&code, "super::")
            .into_iter()
            .collect::<Vec<_>>(),
        ["a", "b"]
    );
    assert_eq!(
        names_after(&code, "super::super::")
            .into_iter()
            .collect::<Vec<_>>(),
        ["c"]
    );
    assert_eq!(
        names_after(&code, "crate::render::")
            .into_iter()
            .collect::<Vec<_>>(),
        ["d"]
    );
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec!["a"]),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.into_iter().map(String::from).collect()))
    .collect();
    assert_eq!(cycles(&graph), [["a", "b", "c"]]);
}

/// The simulation is the rules alone: no sockets (the network is `net`'s), no threads' panic
/// hooks, no files.
#[test]
fn the_rules_of_play_touch_no_network_and_no_files() {
    let mut files = Vec::new();
    rust_files(Path::new("src/game"), &mut files);
    for file in files {
        let code = without_comments(&std::fs::read_to_string(&file).unwrap());
        for word in [
            "std::net",
            "UdpSocket",
            "TcpStream",
            "set_hook",
            "std::fs",
            "files::read",
        ] {
            assert!(!code.contains(word), "{} names {word}", file.display());
        }
    }
}
/// Files by concern: none in `src/` over 800 lines, the window's controller at most 600.
#[test]
fn no_source_file_is_too_long() {
    let mut files = Vec::new();
    rust_files(Path::new("src"), &mut files);
    let mut wrong = Vec::new();
    for file in files {
        let lines = std::fs::read_to_string(&file).unwrap().lines().count();
        let most = if file.ends_with("app/controller.rs") {
            600
        } else {
            800
        };
        if lines > most {
            wrong.push(format!(
                "{}: {lines} lines (at most {most})",
                file.display()
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The functions of `text` (rustfmt's layout: a body ends at the line of its own indentation
/// holding `}`), each with its name, first line (1-based) and length in lines.
fn function_lengths(text: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        let mut rest = trimmed;
        for prefix in [
            "pub(crate) ",
            "pub(super) ",
            "pub ",
            "const ",
            "async ",
            "unsafe ",
        ] {
            rest = rest.strip_prefix(prefix).unwrap_or(rest);
        }
        if let Some(pub_in) = rest.strip_prefix("pub(in ") {
            rest = pub_in.split_once(") ").map_or(rest, |(_, r)| r);
        }
        let Some(after) = rest.strip_prefix("fn ") else {
            continue;
        };
        let name: String = after
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        // The signature ends at a line ending with `{` (a body) or `;` (a declaration).
        let Some(open) = (i..lines.len()).find(|&k| {
            let l = lines[k].trim_end();
            l.ends_with('{') || l.ends_with(';')
        }) else {
            continue;
        };
        if lines[open].trim_end().ends_with(';') {
            continue;
        }
        let close = format!("{}}}", " ".repeat(indent));
        if let Some(end) = (open..lines.len()).find(|&k| lines[k] == close) {
            found.push((name, i + 1, end - i + 1));
        }
    }
    found
}

#[test]
fn function_lengths_are_read_from_rustfmts_layout() {
    let text = "trait T {\n    fn a(&self);\n}\nfn b(\n    x: u8,\n) -> u8 {\n    x\n}\n";
    assert_eq!(function_lengths(text), [("b".to_string(), 4, 5)]);
}

/// Functions by concern: none in `src/` over 150 lines.
#[test]
fn no_function_is_too_long() {
    let mut files = Vec::new();
    rust_files(Path::new("src"), &mut files);
    let mut wrong = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (name, line, length) in function_lengths(&text) {
            if length > 150 {
                wrong.push(format!(
                    "{}:{line}: {name} is {length} lines (at most 150)",
                    file.display()
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
