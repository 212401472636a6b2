//! Types written with the type they are nested in (`Request.Builder` in Kotlin and
//! Swift) are that type's member, never a namesake the enclosing class has, and so is
//! the class Java's `new Outer.Inner()` or `new com.acme.Req()` constructs (an
//! interface too, given an anonymous class or Kotlin's lambda); a member
//! type of a type parameter (`S.Output`) is nobody's the tree can tell; and Kotlin's
//! `!ok(x)` calls `ok`. The module, namespace or object a dotted type or decorator
//! goes through (`httpx` of `httpx.Request`, `pytest.mark` of `@pytest.mark.anyio`)
//! is no type used, inherited from or annotated with: a plain reference, answered only
//! when it names a definition.

mod common;

use common::answers::depends;
use common::tree;

#[test]
fn a_nested_type_written_with_its_outer_type_is_that_types_member() {
    let dir = tree(&[
        (
            "B.kt",
            "package com.acme\n\n\
             class Req {\n\
             \x20 class Builder\n\
             }\n\n\
             class Client {\n\
             \x20 class Builder\n\
             \x20 fun make(): Req.Builder = Req.Builder()\n\
             \x20 fun path(): com.acme.Req = Req()\n\
             }\n",
        ),
        (
            "S.swift",
            "struct Req {\n\
             \x20 struct Builder {}\n\
             }\n\
             struct Client {\n\
             \x20 struct Builder {}\n\
             \x20 func make(kind: Req.Type) -> Req.Builder { return Req.Builder() }\n\
             }\n",
        ),
    ]);
    // Before, the type `Req.Builder` was the bare `Builder`: the client's own.
    assert_eq!(
        depends(dir.path(), &["B.kt::Client.make#method"]),
        [
            "9 type_use Req -> B.kt:3",
            "9 type_use Req.Builder -> B.kt:4",
            "9 reference Req -> B.kt:3",
            "9 call Req.Builder -> B.kt:4",
        ]
    );
    // A lower-case name a type's path goes on from is the package's: `com` and
    // `acme` were external types.
    assert_eq!(
        depends(dir.path(), &["B.kt::Client.path#method"]),
        [
            "10 type_use com.acme.Req -> B.kt:3",
            "10 call Req -> B.kt:3"
        ]
    );
    assert_eq!(
        depends(dir.path(), &["S.swift::Client.make#method"]),
        [
            "6 type_use Req -> S.swift:1",
            "6 type_use Req.Type -> external:Swift",
            "6 type_use Req -> S.swift:1",
            "6 type_use Req.Builder -> S.swift:2",
            "6 reference Req -> S.swift:1",
            "6 call Req.Builder -> S.swift:2",
        ]
    );
}

#[test]
fn a_member_type_of_a_type_parameter_is_unresolved() {
    let dir = tree(&[(
        "P.swift",
        "protocol Serializer { associatedtype Output }\n\
         struct Output {}\n\
         func run<S: Serializer>(s: S) -> S.Output? { return nil }\n",
    )]);
    // Before, `S.Output` was the bare `Output`: the struct.
    assert_eq!(
        depends(dir.path(), &["run"]),
        [
            "3 type_use Serializer -> P.swift:1",
            "3 type_use S.Output -> ?"
        ]
    );
}

#[test]
fn a_kotlin_call_under_a_prefix_operator_calls_its_operand() {
    let dir = tree(&[(
        "N.kt",
        "package p\n\n\
         class N {\n\
         \x20 private fun ok(x: Int): Boolean = x > 0\n\
         \x20 fun neg(n: Int): Int = -n\n\
         \x20 fun t(x: Int): Boolean {\n\
         \x20   if (!ok(x)) return false\n\
         \x20   val m = -neg(x)\n\
         \x20   return !this.ok(m)\n\
         \x20 }\n\
         }\n",
    )]);
    // Before, `!ok` and `-neg` were external calls, and `!this.ok` unresolved.
    assert_eq!(
        depends(dir.path(), &["N.t"]),
        [
            "6 type_use Int -> external:kotlin",
            "6 type_use Boolean -> external:kotlin",
            "7 call ok -> N.kt:4",
            "8 call neg -> N.kt:5",
            "9 call this.ok -> N.kt:4",
        ]
    );
}

#[test]
fn a_java_constructor_written_with_its_path_constructs_that_class() {
    let dir = tree(&[
        ("com/acme/Req.java", "package com.acme;\nclass Req {}\n"),
        (
            "com/acme/O.java",
            "package com.acme;\n\
             class O {\n\
             \x20 static class Inner {}\n\
             \x20 Object make() { return new O.Inner(); }\n\
             \x20 Object req() { return new com.acme.Req(); }\n\
             }\n",
        ),
    ]);
    // Before, both calls were external: the path was read as one name.
    assert_eq!(
        depends(dir.path(), &["O.make"]),
        [
            "4 type_use Object -> external:java.lang",
            "4 type_use O -> com/acme/O.java:2",
            "4 call O.Inner -> com/acme/O.java:3",
        ]
    );
    assert_eq!(
        depends(dir.path(), &["O.req"]),
        [
            "5 type_use Object -> external:java.lang",
            "5 call com.acme.Req -> com/acme/Req.java:2",
        ]
    );
}

#[test]
fn a_constructed_interface_is_the_trees_interface() {
    let dir = tree(&[
        (
            "H.kt",
            "package p\n\n\
             fun interface Handler {\n\
             \x20 fun handle(x: Int): Int\n\
             }\n\n\
             class U {\n\
             \x20 fun make(): Handler = Handler { it + 1 }\n\
             }\n",
        ),
        (
            "q/J.java",
            "package q;\n\
             interface Listener { void on(); }\n\
             class J {\n\
             \x20 Listener make() { return new Listener() { public void on() {} }; }\n\
             }\n",
        ),
    ]);
    // Before, both calls were external.
    assert_eq!(
        depends(dir.path(), &["U.make"]),
        ["8 type_use Handler -> H.kt:3", "8 call Handler -> H.kt:3"]
    );
    assert_eq!(
        depends(dir.path(), &["J.make"]),
        [
            "4 type_use Listener -> q/J.java:2",
            "4 call Listener -> q/J.java:2"
        ]
    );
}

#[test]
fn the_module_a_dotted_type_or_decorator_goes_through_is_no_type_used() {
    let dir = tree(&[
        ("pkg/__init__.py", "class Req:\n    pass\n"),
        (
            "use.py",
            "import typing\nimport pytest\nimport pkg\n\n\
             @pytest.mark.slow\n\
             def f(a: pkg.Req) -> typing.Optional[pkg.Req]:\n    return a\n\n\
             class Sub(pkg.Req):\n    pass\n",
        ),
        (
            "x.ts",
            "export class Foo {}\nexport const OPTIONS = { size: 1 };\n",
        ),
        (
            "y.ts",
            "import * as ns from './x'\nimport { OPTIONS } from './x'\n\
             export function g(a: ns.Foo, s: typeof OPTIONS.size): ns.Foo { return a }\n\
             export class C extends ns.Foo {}\n",
        ),
    ]);
    let mut got = depends(dir.path(), &["f"]);
    got.extend(depends(dir.path(), &["Sub"]));
    assert_eq!(
        got,
        [
            "5 annotation pytest.mark.slow -> external:pytest",
            "6 type_use pkg.Req -> pkg/__init__.py:1",
            "6 type_use typing.Optional -> external:typing",
            "6 type_use pkg.Req -> pkg/__init__.py:1",
            "9 inheritance pkg.Req -> pkg/__init__.py:1",
        ]
    );
    let mut got = depends(dir.path(), &["g"]);
    got.extend(depends(dir.path(), &["C"]));
    assert_eq!(
        got,
        [
            "3 type_use ns.Foo -> x.ts:1",
            "3 reference OPTIONS -> x.ts:2",
            "3 type_use ns.Foo -> x.ts:1",
            "4 inheritance ns.Foo -> x.ts:1",
        ]
    );
}
