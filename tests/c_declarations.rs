//! C declarations a header makes through macros the grammar does not expand: a
//! function pointer declared with a linkage macro (`MOD_API int (*Mod_Reply)(..)
//! MOD_ATTR;`) is the tree's, never a library function, and a prototype written
//! `int (name)(..)` declares that function, not a variable hiding it.

mod common;

use common::answers::depends;
use common::tree;

#[test]
fn names_a_header_declares_through_macros_are_never_a_librarys() {
    let dir = tree(&[
        (
            "api.h",
            "#define MOD_API\n\
             #define MOD_ATTR\n\
             MOD_API int (*Mod_Reply)(void *ctx) MOD_ATTR;\n",
        ),
        ("lib.c", "int lib_open(void *ctx) { return 0; }\n"),
        (
            "cmd.c",
            "#include \"api.h\"\n\
             int (lib_open)(void *ctx);\n\
             int cmd(void *ctx) {\n\
             \x20 Mod_Reply(ctx);\n\
             \x20 lib_open(ctx);\n\
             \x20 return memcmp(ctx, ctx, 1);\n\
             }\n",
        ),
    ]);
    // Before, `Mod_Reply` was external (the header's line did not parse), and
    // `lib_open` a variable of the file, left out. The header's pointer is the
    // variable called.
    assert_eq!(
        depends(dir.path(), &["cmd"]),
        [
            "4 call Mod_Reply -> api.h:3",
            "5 call lib_open -> lib.c:1",
            "6 call memcmp -> external:",
        ]
    );
}
