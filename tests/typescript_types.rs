//! TypeScript's type annotations name the language's types and declare names of
//! their own: `bigint` is a primitive like `number`, and the `key` of an index
//! signature (`{ [key: number]: any }`) is no use of anything. A type written with
//! its namespace (`TChat.Message`, `Linter.Config` beside `class Linter`) is that
//! namespace's, never a library's. A namespace a module imports whole and passes on
//! (`export * as util from "./util"`) has that module's members. A default import
//! is no use of a method named `default`.

mod common;

use common::answers::{breaks_both_ways, calls, depends};
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

#[test]
fn a_namespace_a_module_imports_whole_and_passes_on_is_that_modules() {
    let dir = tree(&[
        ("src/core/util.ts", "export function normalize(p: string): string {\n  return p;\n}\nexport type Params = { p: string };\n"),
        ("src/core/index.ts", "export * as util from \"./util\";\n"),
        ("src/mini/external.ts", "export function optional(x: number): number {\n  return x;\n}\n"),
        (
            "src/mini/index.ts",
            "import * as z from \"./external\";\nexport { z };\n",
        ),
        (
            "src/app.ts",
            "import { util } from \"./core/index\";\n\
             import { z } from \"./mini/index\";\n\n\
             export function run(p: util.Params): number {\n\
             \x20 util.normalize(p.p);\n\
             \x20 return z.optional(1);\n\
             }\n",
        ),
    ]);
    // `util` and `z` are namespaces the imported modules pass on (`export * as`,
    // `import * as` then `export { }`): their members are those modules'. Both were
    // unresolved.
    assert_eq!(
        depends(dir.path(), &["run"]),
        [
            "4 type_use util.Params -> src/core/util.ts:4",
            "5 call util.normalize -> src/core/util.ts:1",
            "6 call z.optional -> src/mini/external.ts:1",
        ]
    );
}

#[test]
fn a_default_import_is_no_use_of_a_method_named_default() {
    let dir = tree(&[
        (
            "src/schema.ts",
            "export class Schema {\n  default(v: number): number {\n    return v;\n  }\n}\n",
        ),
        ("src/logo.ts", "const logo = 1;\nexport default logo;\n"),
        (
            "src/page.ts",
            "import Logo from \"./logo\";\nimport defaultLogo from \"./logo\";\nimport { Schema } from \"./schema\";\n\n\
             export function page(s: Schema): number {\n\
             \x20 return s.default(Logo + defaultLogo);\n\
             }\n",
        ),
    ]);
    // The index listed both imports as possible uses of `Schema.default` (a default
    // import's reference was named `default`); a fresh parse, which reads the files
    // that mention the word, did not.
    assert_eq!(
        breaks_both_ways(dir.path(), &["Schema.default"]),
        ["src/page.ts:6 definition"]
    );
}
