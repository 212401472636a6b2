//! A cast names the type of its value (`(x as Foo).run()`, `val f = x as? Foo`,
//! `var f = (Foo) x;`), and a null assertion (`x!!`, `x!`) leaves the type of what it
//! asserts as it is: a local given either has that type. A cast to a type that says
//! nothing of the value's members (`any`, `unknown`, `dynamic`) leaves it unknown.

mod common;

use common::answers::breaks_both_ways as breaks;
use common::tree;

#[test]
fn a_cast_gives_its_value_the_type_it_names() {
    let dir = tree(&[
        (
            "src/A.kt",
            "class Foo {\n  fun run() {}\n}\n\
             class A {\n\
             \x20 fun go(x: Any) {\n\
             \x20   (x as Foo).run()\n\
             \x20   (x as? Foo)?.run()\n\
             \x20   val f = x as? Foo\n    f?.run()\n\
             \x20   val g = (x as Foo)\n    g.run()\n\
             \x20 }\n}\n",
        ),
        (
            "src/E.java",
            "class Bar {\n  void run() {}\n}\n\
             class E {\n\
             \x20 void go(Object x) {\n\
             \x20   var b = (Bar) x;\n    b.run();\n\
             \x20 }\n}\n",
        ),
        (
            "A.cs",
            "class Qux { public void Run() {} }\n\
             class C {\n\
             \x20 void Go(object x) {\n\
             \x20   (x as Qux).Run();\n\
             \x20   var a = x as Qux;\n    a.Run();\n\
             \x20   var b = (Qux)x;\n    b.Run();\n\
             \x20   var c = x as dynamic;\n    c.Run();\n\
             \x20   (x as dynamic).Run();\n\
             \x20 }\n}\n",
        ),
        (
            "src/t.ts",
            "class Baz {\n  run(): void {}\n}\n\
             function go(x: unknown) {\n\
             \x20 (x as Baz).run();\n\
             \x20 (x as unknown as Baz).run();\n\
             \x20 (x as any).run();\n\
             \x20 (x as Baz | null)!.run();\n\
             }\n",
        ),
    ]);
    assert_eq!(
        breaks(dir.path(), &["Foo.run"]),
        [
            "src/A.kt:6 definition",
            "src/A.kt:7 definition",
            "src/A.kt:9 definition",
            "src/A.kt:11 definition",
        ]
    );
    assert_eq!(
        breaks(dir.path(), &["Bar.run"]),
        ["src/E.java:7 definition"]
    );
    assert_eq!(
        breaks(dir.path(), &["Qux.Run"]),
        [
            "A.cs:4 definition",
            "A.cs:6 definition",
            "A.cs:8 definition",
            "A.cs:10 unresolved",
            "A.cs:11 unresolved",
        ]
    );
    // A union names no one type.
    assert_eq!(
        breaks(dir.path(), &["Baz.run"]),
        [
            "src/t.ts:5 definition",
            "src/t.ts:6 definition",
            "src/t.ts:7 unresolved",
            "src/t.ts:8 unresolved",
        ]
    );
}

#[test]
fn a_null_assertion_leaves_the_type_of_what_it_asserts() {
    let dir = tree(&[
        (
            "src/A.kt",
            "class Foo {\n  fun run() {}\n}\n\
             class A {\n\
             \x20 private var foo: Foo? = null\n\
             \x20 fun go() {\n\
             \x20   val f = this.foo!!\n    f.run()\n\
             \x20   val g = foo!!\n    g.run()\n\
             \x20 }\n}\n",
        ),
        (
            "src/t.ts",
            "class Baz {\n  run(): void {}\n}\n\
             class T {\n\
             \x20 private maybe?: Baz;\n\
             \x20 go() {\n\
             \x20   const m = this.maybe!;\n    m.run();\n\
             \x20   const n = !this.maybe;\n    n.run();\n\
             \x20 }\n}\n",
        ),
        (
            "A.cs",
            "class Qux { public void Run() {} }\n\
             class C {\n\
             \x20 private Qux? _q;\n\
             \x20 void Go() {\n\
             \x20   var a = this._q!;\n    a.Run();\n\
             \x20   var b = this._q;\n    b.Run();\n\
             \x20 }\n}\n",
        ),
        (
            "Sources/S.swift",
            "class Box {\n  func run() {}\n}\n\
             class S {\n\
             \x20 var box: Box?\n\
             \x20 func go() {\n\
             \x20   let b = self.box!\n    b.run()\n\
             \x20 }\n}\n",
        ),
    ]);
    assert_eq!(
        breaks(dir.path(), &["Foo.run"]),
        ["src/A.kt:8 definition", "src/A.kt:10 definition"]
    );
    // `!this.maybe` is a negation: a boolean.
    assert_eq!(
        breaks(dir.path(), &["Baz.run"]),
        ["src/t.ts:8 definition", "src/t.ts:10 unresolved"]
    );
    // A copy of a field read through `this.` (C#'s member access) is typed too.
    assert_eq!(
        breaks(dir.path(), &["Qux.Run"]),
        ["A.cs:6 definition", "A.cs:8 definition"]
    );
    assert_eq!(
        breaks(dir.path(), &["Box.run"]),
        ["Sources/S.swift:8 definition"]
    );
}
