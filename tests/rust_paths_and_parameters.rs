//! Rust names that are no dependency, and module paths that lead to files: an `impl`
//! block's type parameters and lifetimes are local names, an inline module's own
//! modules are files under a directory of its name (`mod support { pub mod panic; }`
//! in an integration test), and a file no crate root is found for still sees the
//! workspace's other crates.

mod common;

use common::answers::{breaks_both_ways, depends};
use common::tree;

#[test]
fn an_impl_blocks_type_parameters_and_lifetimes_are_no_dependencies() {
    let dir = tree(&[(
        "src/lib.rs",
        "pub struct Error;\n\
         pub struct W<S> { s: S }\n\
         fn seen() {}\n\
         pub trait Sink { type Error; }\n\
         impl<'a, S: Clone> W<S> {\n\
         \x20   pub fn get(&'a self) -> &'a S { seen(); &self.s }\n\
         }\n\
         impl<S, Error> Sink for W<S> {\n\
         \x20   type Error = Error;\n\
         \x20   fn fail(e: Error) -> Result<(), Self::Error> { Ok(()) }\n\
         }\n",
    )]);
    // Before, `a` and `S` were unresolved type uses, and `Error` the struct.
    assert_eq!(
        depends(dir.path(), &["W.get"]),
        ["6 call seen -> src/lib.rs:3"]
    );
    assert_eq!(
        depends(dir.path(), &["W.fail"]),
        [
            "10 type_use Result -> external:std",
            "10 type_use Self.Error -> src/lib.rs:9",
            "10 call Ok -> external:std",
        ]
    );
}

#[test]
fn an_inline_modules_own_module_is_the_file_under_its_directory() {
    let dir = tree(&[
        (
            "Cargo.toml",
            "[package]\nname = \"demo\"\nversion = \"0.1.0\"\n",
        ),
        ("src/lib.rs", "pub fn spawn() {}\n"),
        (
            "tests/net.rs",
            "mod support {\n\
             \x20   pub mod panic;\n\
             }\n\
             use support::panic::test_panic;\n\n\
             #[test]\n\
             fn panics() {\n\
             \x20   test_panic();\n\
             \x20   demo::spawn();\n\
             }\n",
        ),
        (
            "tests/support/panic.rs",
            "use demo::spawn;\n\n\
             pub fn test_panic() {\n\
             \x20   spawn();\n\
             }\n",
        ),
    ]);
    // Before, `test_panic` was unresolved, and `spawn` in the support file a library's.
    assert_eq!(
        depends(dir.path(), &["panics"]),
        [
            "6 annotation test -> external:std",
            "8 call test_panic -> tests/support/panic.rs:3",
            "9 call demo.spawn -> src/lib.rs:1",
        ]
    );
    assert_eq!(
        depends(dir.path(), &["test_panic"]),
        ["4 call spawn -> src/lib.rs:1"]
    );
}

#[test]
fn a_path_from_a_crate_the_manifest_depends_on_is_that_library_s() {
    let dir = tree(&[
        (
            "Cargo.toml",
            "[package]\nname = \"app\"\nversion = \"0.1.0\"\n\n\
             [dependencies]\nanyhow = \"1\"\nserde-json = { version = \"1\" }\n\
             util = { path = \"util\" }\nloom = \"0.7\"\n\n\
             [target.'cfg(unix)'.dependencies.libc]\nversion = \"0.2\"\n\n\
             [dev-dependencies]\ntempfile = \"3\"\n",
        ),
        (
            "util/Cargo.toml",
            "[package]\nname = \"util\"\nversion = \"0.1.0\"\n",
        ),
        ("util/src/lib.rs", "pub fn helper() {}\n"),
        (
            "src/main.rs",
            "mod loom;\n\n\
             fn run(n: libc::c_int) -> anyhow::Result<()> {\n\
             \x20   serde_json::to_string(&n)?;\n\
             \x20   tempfile::tempdir()?;\n\
             \x20   util::helper();\n\
             \x20   loom::model();\n\
             \x20   undeclared::thing();\n\
             \x20   anyhow::bail!(\"no\");\n}\n\nfn main() {}\n",
        ),
        ("src/loom.rs", "pub fn model() {}\n"),
    ]);
    // The first names were unresolved, and so were the calls from the libraries: a
    // crate of the tree (`util`) or a module of the crate (`loom`) stays itself, and
    // a name the manifest does not list stays unknown.
    assert_eq!(
        depends(dir.path(), &["run"]),
        [
            "3 type_use libc.c_int -> external:libc",
            "3 type_use anyhow.Result -> external:anyhow",
            "4 call serde_json.to_string -> external:serde_json",
            "5 call tempfile.tempdir -> external:tempfile",
            "6 call util.helper -> util/src/lib.rs:1",
            "7 reference loom -> src/main.rs:1",
            "7 call loom.model -> src/loom.rs:1",
            "8 call undeclared.thing -> ?",
            "9 call anyhow.bail -> external:anyhow",
        ]
    );
}

#[test]
fn a_bare_macro_call_is_the_one_macro_of_that_name_its_crate_defines() {
    let dir = tree(&[
        (
            "Cargo.toml",
            "[package]\nname = \"app\"\nversion = \"0.1.0\"\n\n[features]\nfeature = []\n",
        ),
        (
            "src/main.rs",
            "#[macro_use]\nmod messages;\nmod globbed;\n\n\
             fn run() {\n\
             \x20   err_locked!(\"x\");\n\
             \x20   twice!();\n\
             \x20   #[cfg(feature = \"x\")]\n\
             \x20   other_crate_only!();\n}\n\nfn main() {}\n",
        ),
        (
            "src/messages.rs",
            "macro_rules! err_locked {\n    ($($tt:tt)*) => { eprintln!($($tt)*) }\n}\n\n\
             macro_rules! twice {\n    () => {};\n}\n\n\
             macro_rules! feature {\n    () => {};\n}\n",
        ),
        (
            "src/globbed.rs",
            "use std::collections::*;\n\nmacro_rules! twice {\n    () => {};\n}\n\n\
             fn go() {\n    err_locked!(\"y\");\n}\n",
        ),
        (
            "tools/Cargo.toml",
            "[package]\nname = \"tools\"\nversion = \"0.1.0\"\n",
        ),
        (
            "tools/src/lib.rs",
            "macro_rules! other_crate_only {\n    () => {};\n}\n",
        ),
    ]);
    // `err_locked!` was unresolved. Two `twice!` in the crate, and a macro of
    // another crate only, leave theirs unknown; `feature` in the attribute is no
    // call of the macro of that name.
    assert_eq!(
        depends(dir.path(), &["run"]),
        [
            "6 call err_locked -> src/messages.rs:1",
            "7 call twice -> ?",
            "8 annotation cfg -> external:std",
            "9 call other_crate_only -> ?",
        ]
    );
    // Not where a glob import may bring the name.
    assert_eq!(depends(dir.path(), &["go"]), ["8 call err_locked -> ?"]);
    assert_eq!(
        breaks_both_ways(dir.path(), &["src/messages.rs:1"]),
        ["src/globbed.rs:8 unresolved", "src/main.rs:6 definition"]
    );
}

#[test]
fn the_crates_and_modules_a_type_or_attribute_path_goes_through_are_no_types() {
    let dir = tree(&[
        (
            "Cargo.toml",
            "[workspace]\nmembers = [\"rt\", \"app\"]\n",
        ),
        (
            "rt/Cargo.toml",
            "[package]\nname = \"rt\"\nversion = \"0.1.0\"\n",
        ),
        ("rt/src/lib.rs", "pub mod time;\n"),
        ("rt/src/time.rs", "pub struct Instant;\n"),
        (
            "app/Cargo.toml",
            "[package]\nname = \"app\"\nversion = \"0.1.0\"\n\n[dependencies]\nrt = { path = \"../rt\" }\ntokio = \"1\"\n",
        ),
        (
            "app/src/lib.rs",
            "#[tokio::test]\n\
             async fn wait(at: rt::time::Instant) -> std::io::Result<()> {\n\
             \x20   Ok(())\n\
             }\n",
        ),
    ]);
    // `rt` and `tokio` were an unresolved type use and an annotation, and `rt::time`
    // an unresolved type use: a module is used there, as in a call's path, and the
    // crate's name is no definition.
    assert_eq!(
        depends(dir.path(), &["wait"]),
        [
            "1 annotation tokio.test -> external:tokio",
            "2 reference rt.time -> rt/src/lib.rs:1",
            "2 type_use rt::time.Instant -> rt/src/time.rs:1",
            "2 type_use std::io.Result -> external:std::io",
            "3 call Ok -> external:std",
        ]
    );
    assert_eq!(
        breaks_both_ways(dir.path(), &["rt/src/lib.rs:1"]),
        ["app/src/lib.rs:2 definition"]
    );
}

#[test]
fn a_glob_of_a_test_module_leaves_the_files_other_bare_macro_calls_alone() {
    let dir = tree(&[
        (
            "Cargo.toml",
            "[package]\nname = \"app\"\nversion = \"0.1.0\"\n",
        ),
        ("src/lib.rs", "#[macro_use]\nmod macros;\nmod range;\n"),
        (
            "src/macros.rs",
            "macro_rules! ok {\n    ($e:expr) => { $e? };\n}\n",
        ),
        (
            "src/range.rs",
            "fn parse() -> Result<u8, ()> {\n\
             \x20   let n = ok!(Ok::<u8, ()>(1));\n\
             \x20   Ok(n)\n\
             }\n\n\
             #[cfg(test)]\n\
             mod tests {\n\
             \x20   use super::*;\n\n\
             \x20   fn check() -> Result<u8, ()> {\n\
             \x20       Ok(ok!(parse()))\n\
             \x20   }\n\
             }\n",
        ),
    ]);
    // `ok!` in `parse` was unresolved because the test module's `use super::*;` was
    // taken to bring names into the whole file; inside that module it may.
    let got = depends(dir.path(), &["parse"]);
    assert!(
        got.contains(&"2 call ok -> src/macros.rs:1".to_string()),
        "{got:#?}"
    );
    let got = depends(dir.path(), &["tests.check"]);
    assert!(got.contains(&"11 call ok -> ?".to_string()), "{got:#?}");
}
