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
        let tree = lang.parser().parse(&text, None).expect("parses");
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
