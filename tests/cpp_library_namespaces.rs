//! A C++ library's namespace, used where the file includes the library's headers
//! from outside the tree, is that library's: `absl::StrFormat` beside `#include
//! "absl/strings/str_format.h"`. The tree's own namespaces still come first.

mod common;

use common::answers::depends;
use common::tree;

#[test]
fn a_namespace_named_like_an_included_library_directory_is_that_library() {
    let dir = tree(&[
        (
            "re/walk.cc",
            "#include \"absl/strings/str_format.h\"\n#include \"util/strutil.h\"\n\n\
             namespace re {\n\
             int Walk(int n) {\n\
             \x20 absl::PrintF(\"%d\", n);\n\
             \x20 util::Trim(n);\n\
             \x20 other::Run(n);\n\
             \x20 return n;\n}\n}\n",
        ),
        (
            "util/strutil.h",
            "namespace util {\ninline int Trim(int n) { return n; }\n}\n",
        ),
    ]);
    // `absl` was unresolved. `util` is the tree's; `other` is no included library's.
    assert_eq!(
        depends(dir.path(), &["re.Walk"]),
        [
            "6 type_use absl -> external:absl",
            "6 call absl.PrintF -> external:absl",
            "7 type_use util -> util/strutil.h:1",
            "7 call util.Trim -> util/strutil.h:2",
            "8 type_use other -> ?",
            "8 call other.Run -> ?",
        ]
    );
}
