//! TypeScript's type annotations name the language's types and declare names of
//! their own: `bigint` is a primitive like `number`, and the `key` of an index
//! signature (`{ [key: number]: any }`) is no use of anything. A type written with
//! its namespace (`TChat.Message`, `Linter.Config` beside `class Linter`) is that
//! namespace's, never a library's.

mod common;

use common::answers::{calls, depends};
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

#[test]
fn a_value_typed_through_readonly_partial_or_a_nullish_union_has_the_type_s_members() {
    let dir = tree(&[(
        "src/a.ts",
        "export class Foo {\n  run(): number { return 1; }\n}\n\
         export function f(a: Foo | undefined, b: Readonly<Foo>, c: Partial<Foo>, d: undefined | Foo,\n\
         \x20 g: Required<Foo>, h: NonNullable<Foo | null>) {\n\
         \x20 a?.run();\n  b.run();\n  c.run?.();\n  d?.run();\n  g.run();\n  h.run();\n}\n",
    )]);
    // All but the first were answered as members of the runtime's globals.
    let calls = calls(dir.path(), &["f"]);
    assert_eq!(
        calls,
        [
            "6 call a.run -> src/a.ts:2",
            "7 call b.run -> src/a.ts:2",
            "8 call c.run -> src/a.ts:2",
            "9 call d.run -> src/a.ts:2",
            "10 call g.run -> src/a.ts:2",
            "11 call h.run -> src/a.ts:2",
        ]
    );
}

#[test]
fn a_type_written_with_its_namespace_is_that_namespace_s() {
    let dir = tree(&[
        (
            "src/types.ts",
            "export namespace TChat {\n  export interface Message { id: string }\n}\n",
        ),
        (
            "src/linter.d.ts",
            "import * as ESTree from \"estree\";\n\n\
             export namespace AST {\n  interface Token { type: string }\n}\n\n\
             export class Linter {\n  verify(config: Linter.Config, t: AST.Token): void;\n}\n\n\
             export namespace Linter {\n  type Config = { rules: ESTree.Node };\n}\n",
        ),
        (
            "src/panel.ts",
            "import { TChat } from './types'\n\n\
             export function show(m: TChat.Message): TChat.Message { return m }\n",
        ),
    ]);
    assert_eq!(
        depends(dir.path(), &["show"]),
        [
            "3 reference TChat -> src/types.ts:1",
            "3 type_use TChat.Message -> src/types.ts:2",
            "3 reference TChat -> src/types.ts:1",
            "3 type_use TChat.Message -> src/types.ts:2",
        ]
    );
    // `AST` is no type of `estree`, the one library the file imports whole.
    assert_eq!(
        depends(dir.path(), &["Linter.verify"]),
        [
            "8 reference Linter -> src/linter.d.ts:7",
            "8 type_use Linter.Config -> src/linter.d.ts:12",
            "8 reference AST -> src/linter.d.ts:3",
            "8 type_use AST.Token -> src/linter.d.ts:4",
        ]
    );
}

#[test]
fn a_namespace_merged_with_a_class_that_implements_a_library_interface_keeps_its_types() {
    let dir = tree(&[(
        "src/source.d.ts",
        "import type { TextSourceCode } from \"@eslint/core\";\n\n\
         export class SourceCode implements TextSourceCode {\n\
         \x20 keys(config: SourceCode.VisitorKeys): void;\n}\n\n\
         export namespace SourceCode {\n  interface VisitorKeys { [type: string]: string[] }\n}\n",
    )]);
    // Not a member the class may inherit from the library's interface.
    assert_eq!(
        depends(dir.path(), &["SourceCode.keys"]),
        [
            "4 reference SourceCode -> src/source.d.ts:3",
            "4 type_use SourceCode.VisitorKeys -> src/source.d.ts:8",
        ]
    );
}
