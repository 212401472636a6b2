//! Rust: an enum's variants are definitions of their own (kind `variant`): find-symbol
//! finds them, and a variant made (`Mode::Search(1)`), named as a value
//! (`Mode::Files`, `Self::Files`) or matched (`Mode::Search(_) =>`, `Mode::Named {
//! .. }`) is a use of that variant.

mod common;

use common::answers::{breaks_both_ways, depends};
use common::{json_run, tree};

fn enum_tree() -> tempfile::TempDir {
    tree(&[
        (
            "Cargo.toml",
            "[package]\nname = \"demo\"\nversion = \"0.1.0\"\n",
        ),
        (
            "src/lib.rs",
            "pub enum Mode {\n\
             \x20   Search(u8),\n\
             \x20   Files,\n\
             \x20   Named { x: u8 },\n\
             }\n\
             impl Mode {\n\
             \x20   fn reset(&self) -> Mode {\n\
             \x20       Self::Files\n\
             \x20   }\n\
             }\n\
             fn pick(m: Mode) -> Mode {\n\
             \x20   let x = Mode::Search(1);\n\
             \x20   let y = Mode::Named { x: 1 };\n\
             \x20   match m {\n\
             \x20       Mode::Search(_) => {}\n\
             \x20       Mode::Files | Mode::Named { .. } => {}\n\
             \x20   }\n\
             \x20   Mode::Files\n\
             }\n",
        ),
    ])
}

#[test]
fn an_enum_variant_is_a_definition_find_symbol_finds() {
    let dir = enum_tree();
    let (code, recs) = json_run(
        dir.path(),
        &["find-symbol", "Search", ".", "--kind", "variant"],
    );
    assert_eq!(code, 0);
    let found: Vec<String> = recs
        .iter()
        .filter(|r| r["type"] == "symbol")
        .map(|r| {
            let d = &r["data"];
            format!("{} {} {}", d["kind"], d["qualified_name"], d["line"])
        })
        .collect();
    assert_eq!(found, ["\"variant\" \"Mode.Search\" 2"]);
}

#[test]
fn a_variant_made_named_or_matched_is_a_use_of_it() {
    let dir = enum_tree();
    // Each `Mode::..` and `Self::Files` was unresolved, or (a variant named as a
    // value, or matched by its path alone) no record at all.
    assert_eq!(
        depends(dir.path(), &["pick"]),
        [
            "11 type_use Mode -> src/lib.rs:1",
            "11 type_use Mode -> src/lib.rs:1",
            "12 reference Mode -> src/lib.rs:1",
            "12 call Mode.Search -> src/lib.rs:2",
            "13 reference Mode -> src/lib.rs:1",
            "13 type_use Mode.Named -> src/lib.rs:4",
            "15 reference Mode -> src/lib.rs:1",
            "15 type_use Mode.Search -> src/lib.rs:2",
            "16 reference Mode -> src/lib.rs:1",
            "16 reference Mode.Files -> src/lib.rs:3",
            "16 reference Mode -> src/lib.rs:1",
            "16 type_use Mode.Named -> src/lib.rs:4",
            "18 reference Mode -> src/lib.rs:1",
            "18 reference Mode.Files -> src/lib.rs:3",
        ]
    );
    assert_eq!(
        depends(dir.path(), &["Mode.reset"]),
        [
            "7 type_use Mode -> src/lib.rs:1",
            "8 reference Self.Files -> src/lib.rs:3",
        ]
    );
    assert_eq!(
        breaks_both_ways(dir.path(), &["Mode.Search"]),
        ["src/lib.rs:12 definition", "src/lib.rs:15 definition"]
    );
    assert_eq!(
        breaks_both_ways(dir.path(), &["Mode.Files"]),
        [
            "src/lib.rs:8 definition",
            "src/lib.rs:16 definition",
            "src/lib.rs:18 definition",
        ]
    );
}
