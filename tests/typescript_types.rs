//! TypeScript's type annotations name the language's types and declare names of
//! their own: `bigint` is a primitive like `number`, and the `key` of an index
//! signature (`{ [key: number]: any }`) is no use of anything.

mod common;

use common::answers::depends;
use common::tree;

#[test]
fn a_primitive_and_an_index_signatures_name_are_no_types_of_the_tree() {
    let dir = tree(&[
        (
            "src/a.ts",
            "export class A {\n\
             \x20 get ids(): { [key: number]: Id } { return {}; }\n\
             \x20 n(): bigint { return 1n; }\n\
             }\n",
        ),
        ("src/id.ts", "export class Id {}\nexport class key {}\n"),
    ]);
    // Before, `key` was an unresolved type use and `bigint` unresolved.
    assert_eq!(depends(dir.path(), &["A.ids"]), ["2 type_use Id -> ?"]);
    assert_eq!(
        depends(dir.path(), &["A.n"]),
        ["3 type_use bigint -> external:globals"]
    );
}
