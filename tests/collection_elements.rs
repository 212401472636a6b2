//! Java's, Kotlin's and C#'s lambdas and loops over a collection: the lambda's
//! parameters and the loop's variable are the collection's elements (a map's keys and
//! values), as the collection's declared type arguments say, through views that keep
//! them (`values()`, `stream()`, `keys`, `Values`, `Where(..)`). Kotlin's `it` is the implicit parameter of a
//! lambda passed to a call. Anything else leaves them untyped, never guessed.

mod common;

use common::answers::{breaks_both_ways as breaks, depends};
use common::tree;

#[test]
fn java_lambdas_and_loops_over_a_collection_receive_its_elements() {
    let dir = tree(&[(
        "src/E.java",
        "import java.util.*;\n\
         class Reg {\n  String name() { return \"\"; }\n}\n\
         class Other {\n  String name() { return \"\"; }\n}\n\
         class E {\n\
         \x20 private final List<Reg> regs;\n\
         \x20 private final Map<String, Reg> byName = new HashMap<>();\n\
         \x20 E(List<Reg> regs) { this.regs = regs; }\n\
         \x20 void go(Set<? extends Reg> more, Registry<Other> others) {\n\
         \x20   this.regs.forEach(r -> r.name());\n\
         \x20   regs.stream().filter(r -> true).forEach((r) -> r.name());\n\
         \x20   for (var r : more) { r.name(); }\n\
         \x20   byName.forEach((k, v) -> v.name());\n\
         \x20   byName.values().forEach(v -> v.name());\n\
         \x20   others.forEach(o -> o.name());\n\
         \x20 }\n}\n\
         class Registry<T> {\n  void forEach(Object f) {}\n}\n",
    )]);
    // The field (declared again, untyped, by the constructor's assignment), a stream
    // of it, a `var` loop over a wildcard's bound, a map's values; not a collection of
    // the tree's own (`Registry`), whose `forEach` may hand anything.
    assert_eq!(
        breaks(dir.path(), &["Reg.name"]),
        [
            "src/E.java:13 definition",
            "src/E.java:14 definition",
            "src/E.java:15 definition",
            "src/E.java:16 definition",
            "src/E.java:17 definition",
            "src/E.java:18 unresolved",
        ]
    );
}

#[test]
fn kotlin_lambdas_it_and_loops_over_a_collection_receive_its_elements() {
    let dir = tree(&[(
        "src/B.kt",
        "class Foo {\n  fun run() {}\n}\n\
         class B(private val foos: List<Foo>) {\n\
         \x20 fun go(more: MutableList<Foo>, m: Map<String, Foo>) {\n\
         \x20   foos.forEach { it.run() }\n\
         \x20   more.mapIndexed { i, f -> f.run() }\n\
         \x20   for (f in foos) {\n      f.run()\n    }\n\
         \x20   m.values.forEach { it.run() }\n\
         \x20   m.forEach { entry -> entry.run() }\n\
         \x20   m.forEach { k, v -> v.run() }\n\
         \x20 }\n}\n",
    )]);
    // A map's `forEach` hands one parameter an entry, two a key and a value.
    assert_eq!(
        breaks(dir.path(), &["Foo.run"]),
        [
            "src/B.kt:6 definition",
            "src/B.kt:7 definition",
            "src/B.kt:9 definition",
            "src/B.kt:11 definition",
            "src/B.kt:12 unresolved",
            "src/B.kt:13 definition",
        ]
    );
}

#[test]
fn csharp_lambdas_and_loops_over_a_collection_receive_its_elements() {
    let dir = tree(&[(
        "A.cs",
        "using System.Collections.Generic;\nusing System.Linq;\n\
         class Foo { public bool Run() { return true; } }\n\
         class A {\n\
         \x20 private readonly List<Foo> _foos = new List<Foo>();\n\
         \x20 void Go(IEnumerable<Foo> more, Dictionary<string, Foo> map) {\n\
         \x20   this._foos.ForEach(f => f.Run());\n\
         \x20   more.Where(f => f.Run()).Select((x) => x.Run());\n\
         \x20   foreach (var f in more) { f.Run(); }\n\
         \x20   map.Values.Any(v => v.Run());\n\
         \x20   foreach (var pair in map) { pair.Run(); }\n\
         \x20 }\n}\n",
    )]);
    // A dictionary's own elements are key-value pairs, of no type of the tree.
    assert_eq!(
        breaks(dir.path(), &["Foo.Run"]),
        [
            "A.cs:7 definition",
            "A.cs:8 definition",
            "A.cs:8 definition",
            "A.cs:9 definition",
            "A.cs:10 definition",
            "A.cs:11 unresolved",
        ]
    );
}

#[test]
fn a_member_of_a_type_whose_body_did_not_parse_is_not_taken_for_a_library_one() {
    let dir = tree(&[
        (
            "src/Stream.kt",
            "package p\n\nimport okio.Socket\n\n\
             class Stream(val id: Int) : Socket {\n\
             \x20 fun receive() {\n    withLock {\n      open = isOpen\n    }\n  }\n\n\
             \x20 fun reset(code: Int) {}\n}\n",
        ),
        (
            "src/Conn.kt",
            "package p\n\nclass Conn {\n  fun go(s: Stream) {\n    s.reset(1)\n    s.also { }\n  }\n}\n",
        ),
    ]);
    // The grammar reads no body for `Stream` (`open` is a modifier to it): `reset` is
    // its own, though unseen, so the call is not said to be the library supertype's;
    // `also` is Kotlin's, on any value.
    assert_eq!(
        depends(dir.path(), &["Conn.go"]),
        [
            "4 type_use Stream -> src/Stream.kt:5",
            "5 call s.reset -> ?",
            "6 call s.also -> external:kotlin",
        ]
    );
}
