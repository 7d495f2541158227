//! The backend's layout holds (issue 22): `platform/` never imports an area or the fixtures,
//! and no two modules import each other, directly or around a loop. The modules are each
//! `platform/X`, each `areas/X` and `fixtures`; an import is any `crate::` path in their
//! source (grouped `use` paths expanded, `super::` resolved), comments left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's imports: the module imported, and one file that imports it.
type Graph = BTreeMap<String, BTreeMap<String, String>>;

#[test]
fn the_platform_imports_no_area_and_no_module_imports_another_back() {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = graph(&source);
    assert!(graph.len() > 10, "the modules are found: {:?}", graph.keys().collect::<Vec<_>>());
    let upward: Vec<String> = graph
        .iter()
        .filter(|(module, _)| module.starts_with("platform/"))
        .flat_map(|(module, imports)| {
            imports
                .iter()
                .filter(|(imported, _)| !imported.starts_with("platform/"))
                .map(move |(imported, file)| format!("{module} imports {imported} (in {file})"))
        })
        .collect();
    let cycles = cycles(&graph);
    assert!(
        upward.is_empty() && cycles.is_empty(),
        "the platform imports areas or fixtures:\n{}\nmodules that import each other:\n{}",
        upward.join("\n"),
        cycles.join("\n")
    );
}

#[test]
fn a_cycle_and_an_upward_import_are_found() {
    let mut graph = Graph::new();
    let mut import = |from: &str, to: &str| {
        graph.entry(from.into()).or_default().insert(to.into(), format!("{from}.rs"));
    };
    import("areas/a", "areas/b");
    import("areas/b", "platform/x");
    import("platform/x", "areas/a");
    import("areas/c", "platform/x");
    assert_eq!(
        cycles(&graph),
        ["areas/a -> areas/b (areas/a.rs), areas/b -> platform/x (areas/b.rs), platform/x -> areas/a (platform/x.rs)"]
    );
    assert_eq!(
        imports(
            "platform/x/mod.rs",
            "use crate::areas::{a::A, b};\nfn f() { super::super::fixtures::seed(); }"
        ),
        BTreeSet::from(["areas/a".into(), "areas/b".into(), "fixtures".into()])
    );
}

/// Every module's imports of other modules.
fn graph(source: &Path) -> Graph {
    let mut graph = Graph::new();
    for file in files(source) {
        let relative = file.strip_prefix(source).expect("under src").to_string_lossy().replace('\\', "/");
        let Some(module) = module_of(&relative) else { continue };
        let text = std::fs::read_to_string(&file).expect("readable source");
        let imports = graph.entry(module.clone()).or_default();
        for imported in self::imports(&relative, &text) {
            if imported != module {
                imports.entry(imported).or_insert_with(|| relative.clone());
            }
        }
    }
    graph
}

fn files(folder: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(folder).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            found.extend(files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
    found
}

/// The module a path of the crate belongs to: `platform/X`, `areas/X` or `fixtures`; none
/// for the crate's root (`lib.rs`, `main.rs`), which builds and mounts them all.
fn module_of(path: &str) -> Option<String> {
    let mut segments = path.trim_end_matches(".rs").split('/').filter(|s| !s.is_empty() && *s != "mod");
    match (segments.next(), segments.next()) {
        (Some("fixtures"), _) => Some("fixtures".into()),
        (Some(top @ ("platform" | "areas")), Some(module)) => Some(format!("{top}/{module}")),
        _ => None,
    }
}

/// The modules the source of the file at `path` imports.
fn imports(path: &str, text: &str) -> BTreeSet<String> {
    let code: String =
        text.lines().map(|line| line.split("//").next().unwrap_or_default()).collect::<Vec<_>>().join("\n");
    // The module path of the file itself, from which `super::` climbs.
    let mut own: Vec<&str> = path.trim_end_matches(".rs").split('/').collect();
    if own.last() == Some(&"mod") {
        own.pop();
    }
    let mut found = BTreeSet::new();
    let bytes = code.as_bytes();
    let mut at = 0;
    while at < code.len() {
        let rest = &code[at..];
        let starts_word = at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_');
        let base: Option<(Vec<String>, usize)> = if starts_word && rest.starts_with("crate::") {
            Some((Vec::new(), "crate::".len()))
        } else if starts_word && rest.starts_with("super::") {
            let mut base: Vec<String> = own.iter().map(|s| (*s).to_owned()).collect();
            let mut length = 0;
            while code[at + length..].starts_with("super::") {
                base.pop();
                length += "super::".len();
            }
            Some((base, length))
        } else {
            None
        };
        match base {
            Some((base, length)) => {
                let (paths, used) = tree(&code[at + length..]);
                for tail in paths {
                    let full = base.iter().cloned().chain(tail).collect::<Vec<_>>().join("/");
                    found.extend(module_of(&full));
                }
                at += length + used.max(1);
            }
            None => at += rest.chars().next().map_or(1, char::len_utf8),
        }
    }
    found
}

/// The paths a `use` tree spells from here: `a::b`, `a::{b, c::d}`; and how far it reaches.
fn tree(text: &str) -> (Vec<Vec<String>>, usize) {
    let word: String = text.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    let mut used = word.len();
    if word.is_empty() && text.starts_with('{') {
        let mut paths = Vec::new();
        used = 1;
        loop {
            used += text[used..].len() - text[used..].trim_start().len();
            if text[used..].starts_with('}') || used >= text.len() {
                return (paths, used + 1);
            }
            let (inner, length) = tree(&text[used..]);
            paths.extend(inner);
            used += length.max(1);
            used += text[used..].len() - text[used..].trim_start().len();
            if text[used..].starts_with(',') {
                used += 1;
            }
        }
    }
    if word.is_empty() || word == "self" {
        return (vec![Vec::new()], used);
    }
    if text[used..].starts_with("::") {
        let (inner, length) = tree(&text[used + 2..]);
        let paths =
            inner.into_iter().map(|tail| std::iter::once(word.clone()).chain(tail).collect()).collect();
        return (paths, used + 2 + length);
    }
    (vec![vec![word]], used)
}

/// The knots of the graph: each set of modules that reach one another through imports,
/// with the imports that tie it (the graph is a few dozen modules).
fn cycles(graph: &Graph) -> Vec<String> {
    let reach = |from: &String| {
        let mut seen = BTreeSet::new();
        let mut next = vec![from];
        while let Some(module) = next.pop() {
            for imported in graph.get(module).map(|imports| imports.keys()).into_iter().flatten() {
                if seen.insert(imported) {
                    next.push(imported);
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&String, BTreeSet<&String>> = graph.keys().map(|m| (m, reach(m))).collect();
    let mut knots: Vec<BTreeSet<&String>> = Vec::new();
    for (module, reached) in &reaches {
        let knot: BTreeSet<&String> = reached
            .iter()
            .copied()
            .filter(|other| reaches.get(other).is_some_and(|back| back.contains(module)))
            .collect();
        if !knot.is_empty() && !knots.contains(&knot) {
            knots.push(knot);
        }
    }
    knots
        .into_iter()
        .map(|knot| {
            let edges: Vec<String> = knot
                .iter()
                .flat_map(|from| {
                    graph[*from]
                        .iter()
                        .filter(|(to, _)| knot.contains(to))
                        .map(move |(to, file)| format!("{from} -> {to} ({file})"))
                })
                .collect();
            edges.join(", ")
        })
        .collect()
}
