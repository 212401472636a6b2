//! TypeScript's type annotations name the language's types and declare names of
//! their own: `bigint` is a primitive like `number`, and the `key` of an index
//! signature (`{ [key: number]: any }`) is no use of anything. A type written with
//! its namespace (`TChat.Message`, `Linter.Config` beside `class Linter`) is that
//! namespace's, never a library's. A namespace a module imports whole and passes on
//! (`export * as util from "./util"`) has that module's members. A default import
//! is no use of a method named `default`.

mod common;

use common::answers::{breaks_both_ways, calls, depends, has_all};
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

#[test]
fn a_super_call_runs_the_class_the_enclosing_one_extends() {
    let dir = tree(&[
        (
            "src/base.ts",
            "export class Base {\n  constructor(a: string) {}\n}\nexport interface Named {}\n",
        ),
        (
            "src/sub.ts",
            "import { Base, Named } from './base'\n\n\
             export class Sub extends Base implements Named {\n\
             \x20 constructor() {\n    super('a')\n  }\n\
             }\n\
             export class Failed extends Error {\n\
             \x20 constructor(m: string) {\n    super(m)\n  }\n\
             }\n",
        ),
        (
            "src/mixed.js",
            "import { Base } from './base'\n\n\
             export class Mixed extends mixin(Base) {\n\
             \x20 constructor() {\n    super()\n  }\n\
             }\n",
        ),
    ]);
    // Before, each `super(..)` was an unresolved call.
    assert_eq!(
        calls(dir.path(), &["Sub.constructor"]),
        ["5 call super -> src/base.ts:1"]
    );
    assert_eq!(
        calls(dir.path(), &["Failed.constructor"]),
        ["10 call super -> external:globals"]
    );
    // A mixin's result is no class the tree names.
    has_all(
        &calls(dir.path(), &["src/mixed.js:5"]),
        &["5 call super -> ?"],
    );
}

#[test]
fn an_untyped_parameter_of_a_function_value_declared_with_a_function_type_has_its_type() {
    let dir = tree(&[
        (
            "src/types.ts",
            "import { Context } from './context'\n\n\
             export type GetInfo = (c: Context) => string\n\
             export type Handler<\n\
             \x20 E extends object = {},\n\
             > = (c: Context, next: () => Promise<void>) => Promise<void>\n\
             export type Mapper<T> = (value: T) => T\n",
        ),
        (
            "src/context.ts",
            "export class Context {\n  header(name: string) { return name }\n}\n\
             export class Other {\n  header(name: string) { return name }\n}\n",
        ),
        (
            "src/use.ts",
            "import { Context } from './context'\n\
             import { GetInfo, Handler, Mapper } from './types'\n\n\
             export const getInfo: GetInfo = c => c.header('ip')\n\
             export const handler: Handler = async (c, next) => {\n\
             \x20 c.header('a')\n\
             \x20 await next()\n\
             }\n\
             export const inline: (c: Context) => void = (c) => { c.header('b') }\n\
             export const mapped: Mapper<Context> = (value) => { value.header('c'); return value }\n\
             export class App {\n\
             \x20 onError: GetInfo = (c) => c.header('d')\n\
             }\n",
        ),
    ]);
    // Before, each was unresolved, and `what-breaks Other.header` listed them by name.
    has_all(
        &calls(dir.path(), &["getInfo"]),
        &["4 call c.header -> src/context.ts:2"],
    );
    has_all(
        &calls(dir.path(), &["handler"]),
        &["6 call c.header -> src/context.ts:2"],
    );
    has_all(
        &calls(dir.path(), &["inline"]),
        &["9 call c.header -> src/context.ts:2"],
    );
    has_all(
        &calls(dir.path(), &["App.onError"]),
        &["12 call c.header -> src/context.ts:2"],
    );
    // A type parameter of the alias is whatever a use supplies: not read.
    has_all(
        &calls(dir.path(), &["mapped"]),
        &["10 call value.header -> ?"],
    );
}

#[test]
fn a_value_of_a_type_computed_from_others_has_no_members_of_the_operator() {
    let dir = tree(&[(
        "src/store.ts",
        "export class Store {\n  save() {}\n}\n\
         export function createStore() { return new Store() }\n\
         export function use(a: ReturnType<typeof createStore>, b: Omit<Store, 'x'>,\n\
         \x20 c: Record<string, () => void>, d: Pick<Store, 'save'>, e: Awaited<Promise<Store>>) {\n\
         \x20 a.save()\n  b.save()\n  c.save()\n  d.save()\n  e.save()\n\
         }\n",
    )]);
    // Before, each was answered as a member of the runtime's globals (wrong).
    assert_eq!(
        calls(dir.path(), &["use"]),
        [
            "7 call a.save -> ?",
            "8 call b.save -> src/store.ts:2",
            "9 call c.save -> ?",
            "10 call d.save -> src/store.ts:2",
            "11 call e.save -> src/store.ts:2",
        ]
    );
}

#[test]
fn a_value_typed_by_an_alias_has_the_members_of_the_aliased_type() {
    let dir = tree(&[
        (
            "src/types.ts",
            "import { Element } from './element'\n\n\
             export type ElementsMap = Map<string, Element>\n\
             export type Names = readonly string[]\n\
             export type Shape = Element\n\
             export type Either = Element | Map<string, Element>\n\
             export type Handlers = Record<string, Element>\n",
        ),
        (
            "src/element.ts",
            "export class Element {\n  get(k: string) { return k }\n  includes() {}\n}\n",
        ),
        (
            "src/use.ts",
            "import { ElementsMap, Names, Shape, Either, Handlers } from './types'\n\n\
             export function run(m: ElementsMap, n: Names, s: Shape, e: Either, h: Handlers) {\n\
             \x20 m.get('a')\n  n.includes()\n  s.get('b')\n  e.get('c')\n  h.get('d')\n\
             }\n",
        ),
    ]);
    // Before, all but `s.get` were unresolved, and `what-breaks Element.get` listed
    // them by name.
    assert_eq!(
        calls(dir.path(), &["run"]),
        [
            "4 call m.get -> external:globals",
            "5 call n.includes -> external:globals",
            "6 call s.get -> src/element.ts:2",
            // A union's members and a record's entries are no one type's.
            "7 call e.get -> ?",
            "8 call h.get -> ?",
        ]
    );
}

#[test]
fn react_s_global_namespace_is_the_library_s_where_nothing_else_names_it() {
    let card = (
        "src/card.tsx",
        "export function Card(p: { children: React.ReactNode }): React.JSX.Element {\n\
         \x20 return <div>{p.children}</div>\n\
         }\n",
    );
    let dir = tree(&[card]);
    // Before, both were unresolved.
    assert_eq!(
        depends(dir.path(), &["Card"]),
        [
            "1 type_use React.ReactNode -> external:react",
            "1 type_use React.JSX.Element -> external:react",
        ]
    );
    // Where the tree declares a `React`, a module that imports it has the tree's, and
    // one that names it bare is left unresolved.
    let shimmed = tree(&[
        card,
        (
            "src/shim/react.ts",
            "export namespace React {\n  export interface ReactNode { id: string }\n}\n",
        ),
        (
            "src/own.ts",
            "import { React } from './shim/react'\n\n\
             export function show(n: React.ReactNode) {}\n",
        ),
    ]);
    has_all(
        &depends(shimmed.path(), &["show"]),
        &["3 type_use React.ReactNode -> src/shim/react.ts:2"],
    );
    has_all(
        &depends(shimmed.path(), &["Card"]),
        &["1 type_use React.ReactNode -> ?"],
    );
}

#[test]
fn a_type_predicate_names_its_parameter_not_a_type() {
    let dir = tree(&[(
        "src/guards.ts",
        "export class Foo {}\n\
         export function isFoo(name: unknown): name is Foo { return true }\n\
         export function check(v: unknown): asserts v is Foo {}\n\
         export function ok(v: unknown, f: Foo): asserts v {}\n",
    )]);
    // Before, `name` and `v` were unresolved type uses.
    assert_eq!(
        depends(dir.path(), &["isFoo"]),
        ["2 type_use Foo -> src/guards.ts:1"]
    );
    assert_eq!(
        depends(dir.path(), &["check"]),
        ["3 type_use Foo -> src/guards.ts:1"]
    );
    assert_eq!(
        depends(dir.path(), &["ok"]),
        ["4 type_use Foo -> src/guards.ts:1"]
    );
}

#[test]
fn a_generic_call_signature_starting_a_line_loses_no_declaration_after_it() {
    // Two of Hono's call signatures (its `HandlerInterface`): the second starts a line
    // with its `<`, after a member without a `;`.
    let interface = include_str!("fixtures/grammar/call_signatures.ts");
    let types = format!(
        "{interface}export type Handler<P> = {{ path: P }}\n\
         export class Base<E> {{\n  run() {{}}\n}}\n"
    );
    let dir = tree(&[
        ("src/types.ts", types.as_str()),
        (
            "src/use.ts",
            "import { Base, Handler } from './types'\n\n\
             export function serve(h: Handler<string>, b: Base<{}>) {\n  b.run()\n}\n",
        ),
    ]);
    // Before, the grammar read the second signature's `<` as going on with the type
    // before it, and `Handler` and `Base` were lost with the rest of the file.
    assert_eq!(
        depends(dir.path(), &["serve"]),
        [
            "3 type_use Handler -> src/types.ts:42",
            "3 type_use Base -> src/types.ts:43",
            "4 call b.run -> src/types.ts:44",
        ]
    );
}

#[test]
fn a_union_typed_value_is_read_as_its_one_object_member_or_not_at_all() {
    let dir = tree(&[(
        "src/a.ts",
        "export class Foo {\n  bar() {}\n}\n\
         export function run(x: string | Foo, m: Map<string, Foo> | Foo, f: Foo | Other) {\n\
         \x20 if (typeof x !== 'string') x.bar()\n\
         \x20 if (!(m instanceof Map)) m.bar()\n\
         \x20 f.bar()\n\
         }\n\
         export class Other {\n  bar() {}\n}\n",
    )]);
    // Before, `x.bar()` and `m.bar()` were answered as the runtime's (wrong): the
    // first member of the union was taken, and `f.bar()` as `Foo.bar` alone.
    assert_eq!(
        calls(dir.path(), &["run"]),
        [
            "5 call x.bar -> src/a.ts:2",
            "6 call m.bar -> ?",
            "7 call f.bar -> ?",
        ]
    );
}

#[test]
fn a_parameter_of_a_union_of_library_types_has_the_library_s_members() {
    let dir = tree(&[(
        "src/keys.ts",
        "export class Foo {\n  preventDefault() {}\n}\n\
         export class Keys {\n\
         \x20 handle(event: React.KeyboardEvent | KeyboardEvent, other: KeyboardEvent | Foo,\n\
         \x20   third: MouseEvent | KeyboardEvent | null, fc: React.FC) {\n\
         \x20   event.preventDefault()\n\
         \x20   other.preventDefault()\n\
         \x20   third.preventDefault()\n\
         \x20   fc.call(null)\n\
         \x20 }\n\
         }\n",
    )]);
    // Before, the first two were answered by the union's first member alone, and
    // `fc.call` was unresolved.
    assert_eq!(
        calls(dir.path(), &["Keys.handle"]),
        [
            "7 call event.preventDefault -> external:",
            // A member of the tree makes it up: whichever a test narrowed it to.
            "8 call other.preventDefault -> ?",
            "9 call third.preventDefault -> external:globals",
            "10 call fc.call -> external:react",
        ]
    );
}
