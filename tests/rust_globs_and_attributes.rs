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
    // Before, `tokio`, `HELLO.len` and `tracing::trace` were all said to come from
    // `std::io::prelude`, the file's one glob.
    assert_eq!(
        depends(dir.path(), &["reads"]),
        [
            "5 annotation tokio -> ?",
            "5 annotation tokio.test -> ?",
            "6 annotation should_panic -> external:std",
            "8 reference HELLO -> src/lib.rs:3",
            "8 call HELLO.len -> ?",
            "9 call tracing.trace -> ?",
        ]
    );
}
