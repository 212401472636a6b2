//! Where Rust paths lead beyond the files of a crate: a `#[macro_export]` macro is a
//! name of its crate's root module, whichever module it is written in, and a path
//! through a module written inline (`mod tests { .. }`) leads to that module's items.

mod common;

use common::answers::{breaks_both_ways, depends};
use common::tree;

/// A workspace: `test-helpers` exports `assert_ok!` from its `macros` module (and
/// keeps `hidden!` to itself), `facade` passes all of `test-helpers` on, `other`
/// exports a macro of the same name, and `app` uses them.
fn exported_macro_workspace() -> tempfile::TempDir {
    tree(&[
        (
            "Cargo.toml",
            "[workspace]\nmembers = [\"helpers\", \"facade\", \"other\", \"app\"]\n",
        ),
        (
            "helpers/Cargo.toml",
            "[package]\nname = \"test-helpers\"\nversion = \"0.1.0\"\n",
        ),
        ("helpers/src/lib.rs", "#[macro_use]\nmod macros;\n"),
        (
            "helpers/src/macros.rs",
            "/// Unwraps, or fails the test.\n\
             #[macro_export]\n\
             macro_rules! assert_ok {\n    ($e:expr) => { $e.unwrap() };\n}\n\n\
             macro_rules! hidden {\n    () => {};\n}\n",
        ),
        (
            "facade/Cargo.toml",
            "[package]\nname = \"facade\"\nversion = \"0.1.0\"\n",
        ),
        ("facade/src/lib.rs", "pub use test_helpers::*;\n"),
        (
            "other/Cargo.toml",
            "[package]\nname = \"other\"\nversion = \"0.1.0\"\n",
        ),
        (
            "other/src/lib.rs",
            "mod inner {\n    #[macro_export]\n    macro_rules! assert_ok {\n        () => {};\n    }\n}\n",
        ),
        (
            "app/Cargo.toml",
            "[package]\nname = \"app\"\nversion = \"0.1.0\"\n",
        ),
        (
            "app/src/lib.rs",
            "use test_helpers::{assert_ok, hidden};\n\n\
             pub fn run() {\n\
             \x20   assert_ok!(Ok::<u8, ()>(1));\n\
             \x20   test_helpers::assert_ok!(Ok::<u8, ()>(2));\n\
             \x20   facade::assert_ok!(Ok::<u8, ()>(3));\n\
             \x20   hidden!();\n\
             \x20   test_helpers::hidden!();\n\
             }\n",
        ),
    ])
}

#[test]
fn an_exported_macro_is_a_name_of_its_crates_root() {
    let dir = exported_macro_workspace();
    // Each `assert_ok` was unresolved; `hidden!` is no name of the crate's root, and
    // `other`'s macro of the same name is another crate's.
    assert_eq!(
        depends(dir.path(), &["app/src/lib.rs:3"]),
        [
            "4 call assert_ok -> helpers/src/macros.rs:3",
            "4 call Ok -> external:std",
            "5 call test_helpers.assert_ok -> helpers/src/macros.rs:3",
            "5 call Ok -> external:std",
            "6 call facade.assert_ok -> helpers/src/macros.rs:3",
            "6 call Ok -> external:std",
            "7 call hidden -> ?",
            "8 call test_helpers.hidden -> ?",
        ]
    );
    assert_eq!(
        breaks_both_ways(dir.path(), &["helpers/src/macros.rs:3"]),
        [
            "app/src/lib.rs:1 definition",
            "app/src/lib.rs:4 definition",
            "app/src/lib.rs:5 definition",
            "app/src/lib.rs:6 definition",
        ]
    );
}

#[test]
fn a_path_through_an_inline_module_leads_to_its_items() {
    let dir = tree(&[
        (
            "Cargo.toml",
            "[package]\nname = \"demo\"\nversion = \"0.1.0\"\n",
        ),
        (
            "src/lib.rs",
            "mod util;\nmod missing;\n\n\
             pub mod helpers {\n\
             \x20   pub struct TempDir;\n\
             \x20   impl TempDir {\n\
             \x20       pub fn new() -> TempDir { TempDir }\n\
             \x20       pub fn path(&self) {}\n\
             \x20   }\n\
             \x20   pub fn tmp() -> TempDir { TempDir::new() }\n\
             \x20   pub mod deep {\n        pub fn f() {}\n    }\n\
             }\n\n\
             pub fn tmp() {}\n\n\
             fn run() {\n\
             \x20   helpers::tmp().path();\n\
             \x20   helpers::deep::f();\n\
             \x20   tmp();\n\
             }\n",
        ),
        (
            "src/util.rs",
            "use crate::helpers::{deep, TempDir};\n\n\
             fn check() {\n\
             \x20   let t = TempDir::new();\n\
             \x20   t.path();\n\
             \x20   crate::helpers::tmp();\n\
             \x20   deep::f();\n\
             \x20   crate::missing::gone();\n\
             \x20   crate::helpers::absent();\n\
             }\n",
        ),
    ]);
    // Each call into `helpers` was unresolved. `missing` is declared without a body
    // and has no file, and `helpers` has no `absent`: both stay unknown.
    assert_eq!(
        depends(dir.path(), &["run"]),
        [
            "19 reference helpers -> src/lib.rs:4",
            "19 call helpers.tmp -> src/lib.rs:10",
            "19 call helpers::tmp().path -> src/lib.rs:8",
            "20 reference helpers -> src/lib.rs:4",
            "20 reference helpers.deep -> src/lib.rs:11",
            "20 call helpers::deep.f -> src/lib.rs:12",
            "21 call tmp -> src/lib.rs:16",
        ]
    );
    assert_eq!(
        depends(dir.path(), &["check"]),
        [
            "4 reference TempDir -> src/lib.rs:5",
            "4 call TempDir.new -> src/lib.rs:7",
            "5 call t.path -> src/lib.rs:8",
            "6 reference crate.helpers -> src/lib.rs:4",
            "6 call crate::helpers.tmp -> src/lib.rs:10",
            "7 reference deep -> src/lib.rs:11",
            "7 call deep.f -> src/lib.rs:12",
            "8 reference crate.missing -> src/lib.rs:2",
            "8 call crate::missing.gone -> ?",
            "9 reference crate.helpers -> src/lib.rs:4",
            "9 call crate::helpers.absent -> ?",
        ]
    );
    // The inline module's `tmp` is used where a path leads to it; the file's own
    // `tmp` where the bare name is.
    assert_eq!(
        breaks_both_ways(dir.path(), &["src/lib.rs:10"]),
        ["src/lib.rs:19 definition", "src/util.rs:6 definition"]
    );
    assert_eq!(
        breaks_both_ways(dir.path(), &["src/lib.rs:16"]),
        ["src/lib.rs:21 definition"]
    );
}
