//! Java's, Kotlin's and C#'s lambdas and loops over a collection: the lambda's
//! parameters and the loop's variable are the collection's elements (a map's keys and
//! values), as the collection's declared type arguments say, through views that keep
//! them (`values()`, `stream()`, `keys`, `Values`, `Where(..)`). Kotlin's `it` is the implicit parameter of a
//! lambda passed to a call. So is a local given one element (`foos[i]`, `foos.get(i)`,
//! `foos.first()`, a map's `get(key)`). Go's index reads of a slice or a map declared
//! with its element type (`c.stack[i].count()`, `v, ok := m[key]`) give that type.
//! Anything else leaves them untyped, never guessed.

mod common;

use common::answers::{breaks_both_ways as breaks, calls as calls_of, depends};
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
             \x20 fun receive() {\n    var set = 0\n    set = set or 1\n  }\n\n\
             \x20 fun reset(code: Int) {}\n}\n",
        ),
        (
            "src/Conn.kt",
            "package p\n\nclass Conn {\n  fun go(s: Stream) {\n    s.reset(1)\n    s.also { }\n  }\n}\n",
        ),
    ]);
    // The grammar reads no body for `Stream` (`set` starts an accessor to it): `reset` is
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

#[test]
fn a_local_given_an_element_of_a_collection_has_the_element_type() {
    let dir = tree(&[
        (
            "src/E.java",
            "import java.util.*;\n\
             class Reg {\n  String name() { return \"\"; }\n}\n\
             class E {\n\
             \x20 private final List<Reg> regs = new ArrayList<>();\n\
             \x20 void go(Map<String, Reg> byName, Deque<Reg> queue, Box<Reg> box, int i) {\n\
             \x20   var a = regs.get(i);\n    a.name();\n\
             \x20   var b = byName.get(\"x\");\n    b.name();\n\
             \x20   var c = queue.peek();\n    c.name();\n\
             \x20   var d = box.get(i);\n    d.name();\n\
             \x20   var e = byName.keySet().iterator();\n    e.name();\n\
             \x20 }\n}\n\
             class Box<T> {\n  T get(int i) { return null; }\n}\n",
        ),
        (
            "src/B.kt",
            "class Foo {\n  fun run() {}\n}\n\
             class B(private val foos: List<Foo>) {\n\
             \x20 fun go(m: Map<String, Foo>, i: Int) {\n\
             \x20   val a = foos[i]\n    a.run()\n\
             \x20   val b = this.foos.first { true }\n    b.run()\n\
             \x20   val c = m[\"x\"]!!\n    c.run()\n\
             \x20   val d = m.getValue(\"x\")\n    d.run()\n\
             \x20   val e = foos.size\n    e.run()\n\
             \x20 }\n}\n",
        ),
        (
            "A.cs",
            "using System.Collections.Generic;\nusing System.Linq;\n\
             class Qux { public void Run() {} }\n\
             class A {\n\
             \x20 private readonly List<Qux> _all = new List<Qux>();\n\
             \x20 void Go(Dictionary<string, Qux> map, int i) {\n\
             \x20   var a = _all[i];\n    a.Run();\n\
             \x20   var b = map[\"x\"];\n    b.Run();\n\
             \x20   var c = _all.First();\n    c.Run();\n\
             \x20   var d = _all.Count();\n    d.Run();\n\
             \x20 }\n}\n",
        ),
        (
            "src/t.ts",
            "class Baz {\n  run(): void {}\n}\n\
             class T {\n  private items: Baz[] = [];\n\
             \x20 go(i: number) {\n\
             \x20   const a = this.items[i];\n    a.run();\n\
             \x20   const b = this.items.length;\n    b.run();\n\
             \x20 }\n}\n",
        ),
    ]);
    // Not a collection of the tree's own (`Box`), whose `get` may give anything; not
    // a read that gives no element (an iterator, a size, a count).
    assert_eq!(
        breaks(dir.path(), &["Reg.name"]),
        [
            "src/E.java:9 definition",
            "src/E.java:11 definition",
            "src/E.java:13 definition",
            "src/E.java:15 unresolved",
            "src/E.java:17 unresolved",
        ]
    );
    assert_eq!(
        breaks(dir.path(), &["Foo.run"]),
        [
            "src/B.kt:7 definition",
            "src/B.kt:9 definition",
            "src/B.kt:11 definition",
            "src/B.kt:13 definition",
            "src/B.kt:15 unresolved",
        ]
    );
    assert_eq!(
        breaks(dir.path(), &["Qux.Run"]),
        [
            "A.cs:8 definition",
            "A.cs:10 definition",
            "A.cs:12 definition",
            "A.cs:14 unresolved",
        ]
    );
    assert_eq!(
        breaks(dir.path(), &["Baz.run"]),
        ["src/t.ts:8 definition", "src/t.ts:10 unresolved"]
    );
}

#[test]
fn a_member_called_on_an_element_read_out_of_a_collection_is_the_element_types() {
    let dir = tree(&[
        (
            "src/E.java",
            "import java.util.*;\n\
             class Reg {\n  String name() { return \"\"; }\n}\n\
             class E {\n\
             \x20 private final List<Reg> regs = new ArrayList<>();\n\
             \x20 void go(Map<String, Reg> byName, Box<Reg> box, int i) {\n\
             \x20   regs.get(i).name();\n\
             \x20   this.regs.get(i).name();\n\
             \x20   byName.get(\"x\").name();\n\
             \x20   box.get(i).name();\n\
             \x20   regs.iterator().name();\n\
             \x20   List<Reg> regs = null;\n\
             \x20 }\n\
             \x20 void shadowed(Set<String> regs) {\n\
             \x20   regs.get(0).name();\n\
             \x20 }\n}\n\
             class Box<T> {\n  T get(int i) { return null; }\n}\n",
        ),
        (
            "src/B.kt",
            "class Foo {\n  fun run() {}\n}\n\
             class B(private val foos: List<Foo>) {\n\
             \x20 fun go(m: Map<String, Foo>, i: Int) {\n\
             \x20   foos[i].run()\n\
             \x20   this.foos.first().run()\n\
             \x20   m[\"x\"]!!.run()\n\
             \x20   m[\"x\"]?.run()\n\
             \x20 }\n}\n",
        ),
        (
            "A.cs",
            "using System.Collections.Generic;\nusing System.Linq;\n\
             class Qux { public void Run() {} }\n\
             class A {\n\
             \x20 private readonly List<Qux> _all = new List<Qux>();\n\
             \x20 void Go(Dictionary<string, Qux> map, int i) {\n\
             \x20   _all[i].Run();\n\
             \x20   map[\"x\"].Run();\n\
             \x20   _all.Last().Run();\n\
             \x20 }\n}\n",
        ),
    ]);
    // Not a collection of the tree's own (`Box`); a read that gives no element (an
    // iterator) and a parameter of other elements that hides the field (`regs` in
    // `shadowed`) give the library's members, not the tree's.
    assert_eq!(
        breaks(dir.path(), &["Reg.name"]),
        [
            "src/E.java:8 definition",
            "src/E.java:9 definition",
            "src/E.java:10 definition",
            "src/E.java:11 unresolved",
        ]
    );
    assert_eq!(
        breaks(dir.path(), &["Foo.run"]),
        [
            "src/B.kt:6 definition",
            "src/B.kt:7 definition",
            "src/B.kt:8 definition",
            "src/B.kt:9 definition",
        ]
    );
    assert_eq!(
        breaks(dir.path(), &["Qux.Run"]),
        [
            "A.cs:7 definition",
            "A.cs:8 definition",
            "A.cs:9 definition"
        ]
    );
}

#[test]
fn a_collection_made_with_its_type_arguments_holds_them() {
    let dir = tree(&[
        (
            "src/A.kt",
            "class Foo {\n  fun run() {}\n}\n\
             class A {\n\
             \x20 private val qs = mutableListOf<Foo>()\n\
             \x20 private val byName = HashMap<String, Foo>()\n\
             \x20 private val untyped = mutableListOf(Foo())\n\
             \x20 fun go(i: Int) {\n\
             \x20   qs[i].run()\n\
             \x20   for (q in qs) {\n      q.run()\n    }\n\
             \x20   byName[\"a\"]!!.run()\n\
             \x20   val local = arrayListOf<Foo>()\n    local.first().run()\n\
             \x20   untyped[i].run()\n\
             \x20 }\n}\n",
        ),
        (
            "B.cs",
            "using System.Collections.Generic;\n\
             class Qux { public void Run() {} }\n\
             class B {\n\
             \x20 void Go() {\n\
             \x20   var xs = new List<Qux>();\n    xs[0].Run();\n\
             \x20   foreach (var x in xs) { x.Run(); }\n\
             \x20 }\n}\n",
        ),
    ]);
    // A factory given no type arguments (`mutableListOf(Foo())`) says nothing here.
    assert_eq!(
        breaks(dir.path(), &["Foo.run"]),
        [
            "src/A.kt:9 definition",
            "src/A.kt:11 definition",
            "src/A.kt:13 definition",
            "src/A.kt:15 definition",
            "src/A.kt:16 unresolved",
        ]
    );
    assert_eq!(
        breaks(dir.path(), &["Qux.Run"]),
        ["B.cs:6 definition", "B.cs:7 definition"]
    );
}

#[test]
fn a_go_index_read_of_a_declared_slice_or_map_gives_its_element() {
    let dir = tree(&[
        (
            "elems.go",
            "package p\n\ntype elemRef struct{ n int }\n\n\
             func (r *elemRef) count() int { return r.n }\n\n\
             type entry struct{ refs int }\n\nfunc (e *entry) Inc() {}\n\n\
             type other struct{}\n\nfunc (o *other) Inc() {}\n",
        ),
        (
            "cursor.go",
            "package p\n\ntype Cursor struct {\n\tstack []elemRef\n\tpool  map[string]*entry\n\
             \tnames []string\n}\n\n\
             func (c *Cursor) Run(s string) int {\n\tc.pool[s].Inc()\n\
             \tinterned, ok := c.pool[s]\n\tif ok {\n\t\tinterned.Inc()\n\t}\n\
             \treturn c.stack[len(c.stack)-1].count()\n}\n\n\
             func Loose(xs []*entry, m map[string]other) {\n\tx := xs[0]\n\tx.Inc()\n\
             \to := m[\"a\"]\n\to.Inc()\n}\n",
        ),
    ]);
    let calls: Vec<String> = depends(dir.path(), &["Cursor.Run"])
        .into_iter()
        .filter(|d| d.contains(" call ") && !d.contains(" len "))
        .collect();
    assert_eq!(
        calls,
        [
            "10 call c.pool[s].Inc -> elems.go:9",
            "13 call interned.Inc -> elems.go:9",
            "15 call c.stack[len(c.stack)-1].count -> elems.go:5",
        ]
    );
    assert_eq!(
        calls_of(dir.path(), &["Loose"]),
        [
            "20 call x.Inc -> elems.go:9",
            "22 call o.Inc -> elems.go:13"
        ]
    );
    assert_eq!(
        breaks(dir.path(), &["other.Inc"]),
        ["cursor.go:22 definition"]
    );
}
