//! Receivers that are fields: `this.a.b.f()` resolves through the declared types of
//! the fields on the way, wherever the language lets a field be declared (a class
//! body, a superclass, a TypeScript constructor's parameters, an interface), and is
//! left undecided where nothing declares it, never tied to a namesake. A Python field
//! given a typed parameter (`self.session = session`) has the parameter's type, and
//! `*args` and `**options` are a tuple and a dict whatever their entries' type; a
//! class attribute holding a class (`session_class = Session`) is called as that
//! class. A call of a
//! local that copies a member (`_append = items.append`) calls that member. A Java
//! field read (`tm.commit`) is the field's, never a method of its name. A C#
//! property is read as a field of the type it declares, and a field of what a call
//! gives (`lc.Self().WriteTo.Sink()`) as the field of that type. C#'s verbatim
//! name (`@event`) is the local it names. Go's embedded field is named by its type
//! (`h.Dispenser`).

mod common;

use common::answers::{breaks_both_ways as breaks, calls, depends, has_all};
use common::tree;

fn typescript_project() -> tempfile::TempDir {
    tree(&[
        (
            "src/source.ts",
            "export class DataSource {\n  hasMetadata(t: string): boolean { return true }\n}\n",
        ),
        (
            "src/alias.ts",
            "export class Alias {\n  get hasMetadata(): boolean { return true }\n}\n",
        ),
        (
            "src/runner.ts",
            "import { DataSource } from './source'\n\
             export interface Runner {\n  readonly dataSource: DataSource\n}\n",
        ),
        (
            "src/builder.ts",
            "import { DataSource } from './source'\nimport { Alias } from './alias'\n\
             import { Runner } from './runner'\n\
             export class Base {\n  protected dataSource: DataSource\n  mainAlias?: Alias\n}\n\
             export class Builder extends Base {\n\
             \x20 constructor(private runner: Runner, readonly other: DataSource) { super() }\n\
             \x20 go(keys: string[]) {\n\
             \x20   this.dataSource.hasMetadata('a')\n\
             \x20   this.runner.dataSource.hasMetadata('b')\n\
             \x20   this.other.hasMetadata('c')\n\
             \x20   return !keys.length && this.mainAlias!.hasMetadata\n\
             \x20 }\n}\n",
        ),
    ])
}

#[test]
fn typescript_fields_from_superclasses_constructor_parameters_and_interfaces_type_receivers() {
    let dir = typescript_project();
    assert_eq!(
        breaks(dir.path(), &["DataSource.hasMetadata"]),
        [
            "src/builder.ts:11 definition",
            "src/builder.ts:12 definition",
            "src/builder.ts:13 definition",
        ]
    );
}

#[test]
fn typescript_non_null_mark_after_an_operator_marks_the_last_operand() {
    // The grammar reads `a && b!.c` as `(a && b)!.c`: the receiver is still `b`.
    let dir = typescript_project();
    assert_eq!(
        breaks(dir.path(), &["Alias.hasMetadata"]),
        ["src/builder.ts:14 definition"]
    );
}

#[test]
fn a_javascript_or_typescript_getter_is_read_as_a_field_of_the_type_it_returns() {
    let dir = tree(&[
        (
            "src/table.ts",
            "export class Column {\n  drop(): void {}\n}\n\n\
             export class Table {\n  get primary(): Column {\n    return new Column()\n  }\n\
             \x20 get columns(): Column[] {\n    return []\n  }\n\
             \x20 set current(c: Column) {}\n  get loose() {\n    return null\n  }\n}\n",
        ),
        (
            "src/use.ts",
            "import { Table } from './table'\n\n\
             export function dropAll(table: Table) {\n  table.primary.drop()\n\
             \x20 table.columns.map((c) => c)\n  table.loose.drop()\n  table.current.drop()\n}\n",
        ),
    ]);
    let calls = calls(dir.path(), &["dropAll"]);
    assert_eq!(
        calls,
        [
            "4 call table.primary.drop -> src/table.ts:2",
            "5 call table.columns.map -> external:globals",
            // A getter that writes no type, and a setter: no type known.
            "6 call table.loose.drop -> ?",
            "7 call table.current.drop -> ?",
        ]
    );
}

#[test]
fn an_untyped_field_given_a_call_has_the_type_the_call_gives_in_another_file_too() {
    let dir = tree(&[
        (
            "src/p/Queue.kt",
            "package p\n\nclass Queue(val name: String) {\n             \x20 internal val futureTasks = mutableListOf<String>()\n             \x20 val helper = Helper.create()\n  var made = makeHelper()\n             \x20 val loose = unknownCall()\n}\n",
        ),
        (
            "src/p/Helper.kt",
            "package p\n\nfun makeHelper(): Helper = Helper()\n\n             class Helper {\n  fun go() {}\n  companion object {\n             \x20   fun create(): Helper = Helper()\n  }\n}\n\n             class Other {\n  fun go() {}\n}\n",
        ),
        (
            "src/p/Runner.kt",
            "package p\n\nclass Runner(private val queue: Queue) {\n  fun run() {\n             \x20   queue.futureTasks.isNotEmpty()\n    queue.helper.go()\n             \x20   queue.made.go()\n    queue.loose.go()\n  }\n}\n",
        ),
        (
            "src/pool.ts",
            "export class Pool {\n  release(): void {}\n}\n             export function makePool(): Pool {\n  return new Pool()\n}\n",
        ),
        (
            "src/runner.ts",
            "import { makePool } from './pool'\n\n             export class Runner {\n  private pool = makePool()\n             \x20 close() {\n    this.pool.release()\n  }\n}\n",
        ),
    ]);
    let calls = calls(dir.path(), &["Runner.run"]);
    assert_eq!(
        calls,
        [
            "5 call queue.futureTasks.isNotEmpty -> external:kotlin.collections",
            "6 call queue.helper.go -> src/p/Helper.kt:6",
            "7 call queue.made.go -> src/p/Helper.kt:6",
            // A call the tree does not declare gives no known type: not `Other.go`.
            "8 call queue.loose.go -> ?",
        ]
    );
    assert_eq!(
        breaks(dir.path(), &["Pool.release"]),
        ["src/runner.ts:6 definition"]
    );
    // The fields typed by their calls are no longer uses of a namesake; the one
    // given by an unknown call may still be.
    assert_eq!(
        breaks(dir.path(), &["Other.go"]),
        ["src/p/Runner.kt:8 unresolved"]
    );
}

#[test]
fn a_typescript_value_typed_any_has_members_of_nobody_known() {
    let dir = tree(&[
        (
            "src/pool.ts",
            "export class Pool {\n  release(): void {}\n}\n",
        ),
        (
            "src/runner.ts",
            "export class Runner {\n  protected connection: any\n\
             \x20 close() {\n    this.connection.release()\n  }\n}\n",
        ),
    ]);
    let got = depends(dir.path(), &["Runner.close"]);
    assert_eq!(got, ["4 call this.connection.release -> ?"]);
    assert_eq!(
        breaks(dir.path(), &["Pool.release"]),
        ["src/runner.ts:4 unresolved"]
    );
}

#[test]
fn a_kotlin_property_read_is_no_use_of_the_function_of_its_name() {
    let dir = tree(&[(
        "src/Spec.kt",
        "class Spec(private val raw: List<String>) {\n\
         \x20 val versions: List<String>\n    get() = raw\n\
         \x20 @Deprecated(\"moved to val\")\n  fun versions(): List<String> = versions\n\
         \x20 fun helper(x: String) = x\n\
         \x20 fun go(other: Spec) {\n\
         \x20   val a = other.versions\n    val b = other.versions()\n    val c = raw.map(::helper)\n  }\n}\n",
    )]);
    // `other.versions` reads the property; the call is the function's, and a function
    // named as a value (`::helper`) is that function.
    assert_eq!(
        breaks(dir.path(), &["Spec.versions"]),
        ["src/Spec.kt:9 definition"]
    );
    assert_eq!(
        depends(dir.path(), &["Spec.go"]),
        [
            "7 type_use Spec -> src/Spec.kt:1",
            "9 call other.versions -> src/Spec.kt:5",
            "10 call raw.map -> external:kotlin",
            "10 reference helper -> src/Spec.kt:6",
        ]
    );
}

#[test]
fn kotlin_and_scala_constructor_properties_are_fields_of_their_class() {
    let dir = tree(&[
        (
            "src/Queue.kt",
            "package p\n\nclass Queue {\n  fun shutdown() {}\n}\n\n\
             class Runner {\n  fun newQueue(): Queue = Queue()\n}\n",
        ),
        (
            "src/Conn.kt",
            "package p\n\nclass Conn internal constructor(builder: Builder, plain: Plain) {\n\
             \x20 private val runner = builder.runner\n\
             \x20 private val queue = runner.newQueue()\n\n\
             \x20 fun close() {\n    queue.shutdown()\n    plain.runner.newQueue()\n  }\n\n\
             \x20 class Builder(\n    internal var client: Boolean,\n    internal val runner: Runner,\n  )\n}\n\n\
             // Without `val`, a constructor parameter is no property.\n\
             class Plain(runner: Runner)\n",
        ),
        (
            "src/Use.scala",
            "package p\n\nclass Q {\n  def shutdown(): Unit = {}\n}\n\
             class R {\n  def newQueue(): Q = new Q()\n}\n\
             class B(val runner: R, other: R)\ncase class C(runner: R)\n\n\
             class Use(b: B, c: C) {\n  def go(): Unit = {\n\
             \x20   b.runner.newQueue()\n    c.runner.newQueue()\n    b.other.newQueue()\n  }\n}\n",
        ),
    ]);
    assert_eq!(
        depends(dir.path(), &["Conn.close"]),
        [
            "8 call queue.shutdown -> src/Queue.kt:4",
            "9 call plain.runner.newQueue -> ?",
        ]
    );
    assert_eq!(
        depends(dir.path(), &["Use.go"]),
        [
            "13 type_use Unit -> external:scala",
            "14 call b.runner.newQueue -> src/Use.scala:7",
            "15 call c.runner.newQueue -> src/Use.scala:7",
            "16 call b.other.newQueue -> ?",
        ]
    );
}

#[test]
fn python_fields_set_in_a_base_class_type_receivers_in_subclasses() {
    let dir = tree(&[
        (
            "store.py",
            "class Store:\n    def get(self, k):\n        return k\n",
        ),
        (
            "filters.py",
            "from store import Store\n\n\
             class Base:\n    def __init__(self):\n        self.params = {}\n        self.store = Store()\n\n\
             class Filter(Base):\n    def value(self):\n        self.store.get('a')\n        return self.params.get('b')\n",
        ),
    ]);
    assert_eq!(
        breaks(dir.path(), &["Store.get"]),
        ["filters.py:10 definition"]
    );
    let got = depends(dir.path(), &["Filter.value"]);
    assert!(
        got.contains(&"11 call self.params.get -> external:builtins".to_string()),
        "{got:#?}"
    );
}

#[test]
fn a_python_field_given_a_typed_parameter_has_its_type_unless_given_another_value_first() {
    let dir = tree(&[(
        "app.py",
        "from typing import Any


         class Session:
    def save(self):
        pass


         class App:
         \x20   def __init__(self, session: Session, name: str, spare: Session, **options: Any):
         \x20       self.session = session
         \x20       self.name = name
         \x20       self.options = options
         \x20       spare = spare or Session()
         \x20       self.spare = spare

         \x20   def run(self, *args: int):
         \x20       self.session.save()
         \x20       self.name.upper()
         \x20       self.options.get(\"debug\")
         \x20       self.spare.save()
         \x20       args.index(1)
",
    )]);
    assert_eq!(
        calls(dir.path(), &["App.run"]),
        [
            "18 call self.session.save -> app.py:5",
            "19 call self.name.upper -> external:builtins",
            "20 call self.options.get -> external:builtins",
            "21 call self.spare.save -> ?",
            "22 call args.index -> external:builtins",
        ]
    );
}

#[test]
fn a_python_class_attribute_holding_a_class_is_called_as_that_class() {
    let dir = tree(&[(
        "sessions.py",
        "from collections import OrderedDict


         class Session:
    def save(self):
        pass


         class Interface:
         \x20   session_class = Session
         \x20   store_class = OrderedDict
         \x20   chosen = pick()

         \x20   def open(self):
         \x20       s = self.session_class()
         \x20       s.save()
         \x20       self.store_class()
         \x20       self.chosen()
",
    )]);
    assert_eq!(
        calls(dir.path(), &["Interface.open"]),
        [
            "15 call self.session_class -> sessions.py:4",
            "16 call s.save -> sessions.py:5",
            "17 call self.store_class -> external:collections",
            "18 call self.chosen -> ?",
        ]
    );
}

fn rust_project() -> tempfile::TempDir {
    tree(&[
        (
            "Cargo.toml",
            "[package]\nname = \"clock\"\nversion = \"0.1.0\"\n",
        ),
        ("src/lib.rs", "mod time;\n"),
        (
            "src/time/mod.rs",
            "mod handle;\n\n\
             pub(crate) enum Inner {\n    Plain { is_shutdown: bool },\n}\n\n\
             impl Inner {\n    pub(crate) fn is_shutdown(&self) -> bool {\n\
             \x20       match self {\n            Inner::Plain { is_shutdown } => is_shutdown.clone(),\n\
             \x20       }\n    }\n}\n",
        ),
        (
            "src/time/handle.rs",
            "pub(crate) struct Handle {\n    inner: super::Inner,\n}\n\n\
             impl Handle {\n    pub(crate) fn is_shutdown(&self) -> bool {\n\
             \x20       self.inner.is_shutdown()\n    }\n\n\
             \x20   fn waiters(&self, notify: Unknown) {\n        notify.waiters.lock();\n    }\n}\n",
        ),
    ])
}

#[test]
fn rust_field_types_written_as_module_paths_resolve_through_the_module() {
    let dir = rust_project();
    assert_eq!(
        breaks(dir.path(), &["Inner.is_shutdown"]),
        ["src/time/handle.rs:7 definition"]
    );
}

#[test]
fn a_rust_bare_name_is_never_a_use_of_a_method() {
    // `is_shutdown` bound by a pattern, then used bare: a local, not the method, which
    // Rust only reaches through a value or a type.
    let dir = rust_project();
    assert_eq!(
        breaks(
            dir.path(),
            &["src/time/handle.rs::Handle.is_shutdown#method"]
        ),
        Vec::<String>::new()
    );
}

#[test]
fn a_rust_field_of_an_unknown_value_is_not_a_module_path() {
    // `notify.waiters` reads a field: never the item `waiters` of a crate `notify`.
    let dir = rust_project();
    let got = depends(dir.path(), &["Handle.waiters"]);
    assert!(
        got.contains(&"11 call notify.waiters.lock -> ?".to_string()),
        "{got:#?}"
    );
}

#[test]
fn typescript_callbacks_over_an_array_field_receive_its_element_type() {
    let dir = tree(&[
        (
            "src/item.ts",
            "export class Item {\n  push(x: number): void {}\n}\n",
        ),
        (
            "src/box.ts",
            "import { Item } from './item'\n\
             export class Box {\n  items: Item[] = []\n  names: string[] = []\n\
             \x20 run() {\n    this.items.forEach((it) => it.push(1))\n\
             \x20   this.names.forEach((n) => n.push(2))\n  }\n}\n",
        ),
    ]);
    // The names are strings, whatever a namesake of theirs is.
    assert_eq!(
        breaks(dir.path(), &["Item.push"]),
        ["src/box.ts:6 definition"]
    );
}

#[test]
fn a_call_of_a_local_that_copies_a_member_calls_that_member_unless_given_another_value() {
    let dir = tree(&[(
        "app.py",
        "class Theme:\n    def style(self, t):\n        return t\n\n\nclass Console:\n    \
         def __init__(self):\n        self._theme = Theme()\n\n    \
         def collect(self, objects, justify):\n        items = []\n        \
         _append = items.append\n        get_style = self._theme.style\n        \
         append = _append\n        if justify:\n            def align_append(x):\n                \
         _append(x)\n            append = align_append\n        other = items.append\n        \
         other = print\n        for o in objects:\n            _append(o)\n            \
         append(o)\n            get_style(o)\n            other(o)\n",
    )]);
    let got = depends(dir.path(), &["Console.collect"]);
    has_all(
        &got,
        &[
            // Also from a nested function that sees the local.
            "17 call _append -> external:builtins",
            "22 call _append -> external:builtins",
            "24 call get_style -> app.py:2",
        ],
    );
    // `append` and `other` are given two values: which one a call runs is not known.
    assert!(
        !got.iter()
            .any(|d| d.starts_with("23 ") || d.starts_with("25 ")),
        "{got:#?}"
    );
}

#[test]
fn a_java_field_read_is_never_a_method_of_its_name_and_a_method_reference_is_a_call() {
    let dir = tree(&[
        (
            "p/Base.java",
            "package p;\n\npublic class Base {\n    public void commit() {}\n}\n",
        ),
        (
            "p/Sub.java",
            "package p;\n\npublic class Sub extends Base {\n    protected boolean commit = false;\n\n\
             \x20   boolean check(Sub tm) {\n        Runnable r = tm::commit;\n\
             \x20       return tm.commit && this.commit && commit;\n    }\n}\n",
        ),
    ]);
    let got = depends(dir.path(), &["p/Sub.java:6"]);
    assert_eq!(
        got,
        [
            "6 type_use Sub -> p/Sub.java:3",
            "7 type_use Runnable -> external:java.lang",
            "7 call tm.commit -> p/Base.java:4",
        ]
    );
    // Only the method reference uses the method.
    assert_eq!(
        breaks(dir.path(), &["Base.commit"]),
        ["p/Sub.java:7 definition"]
    );
}

#[test]
fn javascript_class_fields_and_private_fields_have_the_type_their_value_shows() {
    let dir = tree(&[
        (
            "src/loader.js",
            "export class Loader {\n  #paths = new Map();\n  items = [];\n  static cache = new WeakMap();\n\n\
             \x20 load(k) {\n    this.items.push(k);\n    this.#paths.get(k);\n    return this.#paths.set(k, 1);\n  }\n\n\
             \x20 static of(k) {\n    return this.cache.get(k);\n  }\n}\n",
        ),
        (
            "src/store.ts",
            "export class Store {\n  #rows: Map<string, number> = new Map();\n  #seen = new Set<string>();\n\n\
             \x20 add(k: string): void {\n    this.#rows.set(k, 1);\n    this.#seen.add(k);\n  }\n}\n",
        ),
    ]);
    // They were unresolved: a JavaScript class field was no field, and a `#` name no
    // field name.
    assert_eq!(
        depends(dir.path(), &["Loader.load"]),
        [
            "7 call this.items.push -> external:globals",
            "8 call this.#paths.get -> external:globals",
            "9 call this.#paths.set -> external:globals",
        ]
    );
    assert_eq!(
        depends(dir.path(), &["Loader.of"]),
        ["13 call this.cache.get -> external:globals"]
    );
    assert_eq!(
        depends(dir.path(), &["Store.add"]),
        [
            "6 call this.#rows.set -> external:globals",
            "7 call this.#seen.add -> external:globals",
        ]
    );
}

#[test]
fn a_chain_written_one_member_per_line_reads_as_on_one_line() {
    let dir = tree(&[
        (
            "Cargo.toml",
            "[package]\nname = \"args\"\nversion = \"0.1.0\"\n",
        ),
        (
            "src/lib.rs",
            "pub struct Registration;\n\n\
             impl Registration {\n    pub fn clear(&self) {}\n}\n\n\
             pub struct Low {\n    with_filename: Option<bool>,\n    reg: Registration,\n}\n\n\
             pub fn high(low: Low) -> bool {\n\
             \x20   low.reg\n        .clear();\n\
             \x20   low\n        .with_filename\n        .unwrap_or(false)\n}\n",
        ),
    ]);
    // `low\n .with_filename` was the receiver `low .with_filename`, which no field
    // path matched: the call was unresolved.
    assert_eq!(
        depends(dir.path(), &["high"]),
        [
            "12 type_use Low -> src/lib.rs:7",
            "14 call low.reg.clear -> src/lib.rs:4",
            "17 call low.with_filename.unwrap_or -> external:std",
        ]
    );
}

#[test]
fn a_csharp_property_and_a_field_of_a_call_s_result_type_receivers() {
    let dir = tree(&[(
        "Conf.cs",
        "namespace Acme;\n\n\
         public class Sinks\n{\n    public Conf Sink(int s) { return null; }\n}\n\n\
         public class Conf\n{\n\
         \x20   public Sinks WriteTo { get; internal set; }\n\
         \x20   public Sinks? Audit => new Sinks();\n\
         \x20   public Conf Again() { return this; }\n}\n\n\
         class User\n{\n    void Go(Conf lc)\n    {\n\
         \x20       lc.WriteTo.Sink(1);\n\
         \x20       lc.Audit.Sink(2);\n\
         \x20       new Conf().WriteTo.Sink(3);\n\
         \x20       lc.Again().WriteTo.Sink(4).Again();\n    }\n}\n",
    )]);
    assert_eq!(
        calls(dir.path(), &["User.Go"]),
        [
            "19 call lc.WriteTo.Sink -> Conf.cs:5",
            "20 call lc.Audit.Sink -> Conf.cs:5",
            "21 call Conf -> Conf.cs:8",
            "21 call new Conf().WriteTo.Sink -> Conf.cs:5",
            "22 call lc.Again -> Conf.cs:12",
            "22 call lc.Again().WriteTo.Sink -> Conf.cs:5",
            "22 call lc.Again().WriteTo.Sink(4).Again -> Conf.cs:12",
        ]
    );
}

#[test]
fn a_csharp_verbatim_name_is_the_local_it_names() {
    let dir = tree(&[(
        "Events.cs",
        "namespace Acme;\n\n\
         public class LogEvent\n{\n    public void Add(int p) { }\n}\n\n\
         class Tests\n{\n\
         \x20   static LogEvent Make() { return new LogEvent(); }\n\n\
         \x20   void Run()\n    {\n\
         \x20       var @event = Make();\n\
         \x20       @event.Add(1);\n    }\n}\n",
    )]);
    assert_eq!(
        calls(dir.path(), &["Tests.Run"]),
        [
            "14 call Make -> Events.cs:10",
            "15 call @event.Add -> Events.cs:5"
        ]
    );
}

#[test]
fn a_go_embedded_field_is_named_by_its_type_and_a_field_of_a_call_s_result_is_read() {
    let dir = tree(&[
        ("go.mod", "module example.com/m\n\ngo 1.22\n"),
        (
            "sub/d.go",
            "package sub\n\ntype Dispenser struct{}\n\n\
             func (d *Dispenser) Next() *Dispenser { return d }\n\n\
             func (d *Dispenser) Val() string { return \"\" }\n",
        ),
        (
            "a.go",
            "package m\n\nimport \"example.com/m/sub\"\n\n\
             type Local struct{}\n\nfunc (l *Local) Run() {}\n\n\
             type Helper struct {\n\t*sub.Dispenser\n\tLocal\n\tIn *Local\n}\n\n\
             func (h Helper) Self() Helper { return h }\n\n\
             func Make() Helper { return Helper{} }\n\n\
             func use(h Helper) {\n\
             \td := h.Dispenser.Next()\n\
             \td.Val()\n\
             \th.Local.Run()\n\
             \th.Self().In.Run()\n\
             \tMake().Local.Run()\n\
             }\n",
        ),
    ]);
    // `h.Self()` calls a method (Go has no `self` keyword) and `Make()` a function:
    // neither names a type.
    assert_eq!(
        calls(dir.path(), &["use"]),
        [
            "20 call h.Dispenser.Next -> sub/d.go:5",
            "21 call d.Val -> sub/d.go:7",
            "22 call h.Local.Run -> a.go:7",
            "23 call h.Self -> a.go:15",
            "23 call h.Self().In.Run -> a.go:7",
            "24 call Make -> a.go:17",
            "24 call Make().Local.Run -> a.go:7",
        ]
    );
}
