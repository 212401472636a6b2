//! Rust names no scope of the file binds: a glob of a library module brings its
//! types, traits and constants, not a crate of the build; a constant's members are
//! its value's, not a type's of its name; and the built-in attributes are the
//! language's.

mod common;

use common::answers::depends;
use common::tree;

#[test]
fn a_library_glob_lends_no_crate_name_and_a_constant_is_no_type() {
    let dir = tree(&[
        (
            "Cargo.toml",
            "[package]\nname = \"demo\"\nversion = \"0.1.0\"\n",
        ),
        (
            "src/lib.rs",
            "use std::io::prelude::*;\n\n\
             const HELLO: &[u8] = b\"hello\";\n\n\
             #[tokio::test]\n\
             #[should_panic]\n\
             async fn reads() {\n\
             \x20   let n = HELLO.len();\n\
             \x20   tracing::trace!(n);\n\
             }\n",
        ),
    ]);
    // Before, `tokio::test`, `HELLO.len` and `tracing::trace` were all said to come
    // from `std::io::prelude`, the file's one glob. (The crate a path goes on from is
    // no attribute: the path's last name is.)
    assert_eq!(
        depends(dir.path(), &["reads"]),
        [
            "5 annotation tokio.test -> ?",
            "6 annotation should_panic -> external:std",
            "8 reference HELLO -> src/lib.rs:3",
            "8 call HELLO.len -> ?",
            "9 call tracing.trace -> ?",
        ]
    );
}

#[test]
fn a_crates_glob_reexport_passes_on_another_crates_names() {
    let dir = tree(&[
        (
            "Cargo.toml",
            "[workspace]\nmembers = [\"inner\", \"other\"]\n\n\
             [package]\nname = \"app\"\nversion = \"0.1.0\"\n",
        ),
        (
            "inner/Cargo.toml",
            "[package]\nname = \"inner\"\nversion = \"0.1.0\"\n",
        ),
        (
            "inner/src/lib.rs",
            "pub mod builder;\npub use crate::builder::Command;\n",
        ),
        (
            "inner/src/builder.rs",
            "pub struct Command;\n\n\
             impl Command {\n\
             \x20   pub fn new() -> Command {\n\
             \x20       Command\n\
             \x20   }\n\
             }\n",
        ),
        (
            "other/Cargo.toml",
            "[package]\nname = \"other\"\nversion = \"0.1.0\"\n",
        ),
        ("other/src/lib.rs", "pub struct Other;\n"),
        (
            "src/lib.rs",
            "pub use inner::*;\n\nmod private {\n    pub use other::*;\n}\n",
        ),
        (
            "tests/cli.rs",
            "use app::*;\nuse app::Other;\n\n\
             fn builds() {\n\
             \x20   let _ = Command::new();\n\
             \x20   let _other: Option<Other> = None;\n\
             }\n\n\
             fn through_module() {\n\
             \x20   let _ = app::builder::Command::new();\n\
             }\n",
        ),
    ]);
    // `app` passes on every name of `inner` (clap's `pub use clap_builder::*;`), so
    // `Command` is `inner`'s, reached through `inner`'s own re-export. The glob of the
    // inline module `private` passes nothing on to the file's names: `app::Other`
    // is no name of `app`.
    assert_eq!(
        depends(dir.path(), &["builds"]),
        [
            "5 reference Command -> inner/src/builder.rs:1",
            "5 call Command.new -> inner/src/builder.rs:4",
            "6 type_use Option -> external:std",
            "6 type_use Other -> ?",
        ]
    );
    // So does it `inner`'s modules: `app::builder` is `inner::builder`.
    assert_eq!(
        depends(dir.path(), &["through_module"]),
        [
            "10 reference app.builder -> inner/src/lib.rs:1",
            "10 reference app::builder.Command -> inner/src/builder.rs:1",
            "10 call app::builder::Command.new -> inner/src/builder.rs:4",
        ]
    );
}

#[test]
fn a_primitive_type_is_the_languages_whatever_library_item_of_its_name_is_imported() {
    let dir = tree(&[
        (
            "Cargo.toml",
            "[package]\nname = \"demo\"\nversion = \"0.1.0\"\n",
        ),
        (
            "src/lib.rs",
            "use snapbox::str;\n\n\
             fn parse(s: &str) -> ::std::option::Option<String> {\n\
             \x20   Some(s.to_owned())\n\
             }\n",
        ),
    ]);
    // `snapbox::str` is a macro: `s` is a `&str` all the same, whose `to_owned` was
    // "external: snapbox". A path from the root (`::std::option`) is the crate
    // `std`'s, not a module `::std`.
    assert_eq!(
        depends(dir.path(), &["parse"]),
        [
            "3 type_use ::std::option.Option -> external:std::option",
            "3 type_use String -> external:std",
            "4 call Some -> external:std",
            "4 call s.to_owned -> external:std",
        ]
    );
}
