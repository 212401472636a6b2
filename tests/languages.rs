//! Every language in the registry parses a realistic sample without an ERROR node.
//!
//! The samples live in `tests/fixtures/samples/`, one or more per language, detected
//! by the same registry the binary uses. A language without a sample fails the test,
//! so a new table entry cannot land untested.

use std::collections::BTreeSet;
use std::path::Path;

use codesearch::lang::{self, LANGUAGES};

/// The first ERROR or MISSING node, as `kind at row:col`, for a readable failure.
fn first_error(tree: &tree_sitter::Tree) -> Option<String> {
    let mut cursor = tree.walk();
    loop {
        let node = cursor.node();
        if node.is_error() || node.is_missing() {
            let p = node.start_position();
            return Some(format!("{} at {}:{}", node.kind(), p.row + 1, p.column + 1));
        }
        if node.has_error() && cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                return None;
            }
        }
    }
}

#[test]
fn every_language_parses_its_sample_without_error() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/samples");
    let mut covered = BTreeSet::new();
    let mut failures = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("samples dir") {
        let path = entry.expect("dir entry").path();
        let lang = lang::detect(&path)
            .unwrap_or_else(|| panic!("sample {} has no language", path.display()));
        let text = std::fs::read_to_string(&path).expect("sample is UTF-8");
        let tree = lang
            .parser()
            .parse(lang.prepare(&text).as_ref(), None)
            .expect("parses");
        if let Some(err) = first_error(&tree) {
            failures.push(format!("{} ({}): {err}", path.display(), lang.name));
        }
        covered.insert(lang.name);
    }
    let missing: Vec<&str> = LANGUAGES
        .iter()
        .map(|l| l.name)
        .filter(|n| !covered.contains(n))
        .collect();
    assert!(
        missing.is_empty(),
        "languages without a sample: {missing:?}"
    );
    assert!(
        failures.is_empty(),
        "samples with parse errors:\n{}",
        failures.join("\n")
    );
}

mod common;

use common::{json_run as json_records, tree};

fn data<'a>(recs: &'a [serde_json::Value], kind: &str) -> Vec<&'a serde_json::Value> {
    recs.iter()
        .filter(|r| r["type"] == kind)
        .map(|r| &r["data"])
        .collect()
}

#[test]
fn type_ts_selects_tsx_files_too() {
    let dir = tree(&[
        ("a.ts", "export function loadUser() {}\n"),
        ("b.tsx", "export function loadAvatar() { return <img/> }\n"),
        ("c.js", "function loadOther() {}\n"),
    ]);
    let (code, recs) = json_records(dir.path(), &["find-symbol", "load", "-t", "ts"]);
    assert_eq!(code, 0);
    let mut paths: Vec<&str> = data(&recs, "symbol")
        .iter()
        .filter_map(|s| s["path"]["text"].as_str())
        .collect();
    paths.sort_unstable();
    assert_eq!(paths, ["a.ts", "b.tsx"]);
    let (_, recs) = json_records(dir.path(), &["find-symbol", "load", "-t", "tsx"]);
    let tsx: Vec<&str> = data(&recs, "symbol")
        .iter()
        .filter_map(|s| s["path"]["text"].as_str())
        .collect();
    assert_eq!(tsx, ["b.tsx"]);
}

#[test]
fn vue_script_blocks_are_code_at_their_real_lines() {
    let sample = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/samples/App.vue"),
    )
    .expect("sample");
    let dir = tree(&[("src/App.vue", &sample)]);
    let (code, recs) = json_records(dir.path(), &["find-symbol", "increment", "--exact"]);
    assert_eq!(code, 0, "{recs:?}");
    let sym = data(&recs, "symbol")[0];
    assert_eq!(sym["language"], "vue");
    assert_eq!(sym["line"], 12);
    assert_eq!(sym["start_line"], 11);
    let start = usize::try_from(sym["start_byte"].as_u64().unwrap()).unwrap();
    assert!(sample[start..].starts_with("// Adds one."));

    // The call in the second script block is found at its line. The template is not
    // code to the parser (only the script blocks are), so `@click="increment"` is not.
    let (code, recs) = json_records(dir.path(), &["what-breaks", "increment"]);
    assert_eq!(code, 0, "{recs:?}");
    let lines: Vec<u64> = data(&recs, "reference")
        .iter()
        .filter_map(|r| r["line"].as_u64())
        .collect();
    assert_eq!(lines, [26]);
}
