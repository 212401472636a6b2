//! Locals given the result of a call take the type its callee declares it returns,
//! wherever the callee's header writes it (a return type below the parameters, as
//! formatters lay out long headers), and no type where two locals of one name share
//! a scope with different values; a callback's untyped parameters take the types its
//! callee declares for them; a local given one of two values (`a ?? b`) takes a type
//! only when both give the same one; a call of overloads that all return one type
//! gives that type. A call read as the receiver of another is read past the string
//! literals among its arguments, and a Kotlin builder method whose body is `= apply
//! {..}` returns its own type. Python's `with make() as x` gives `x` what the
//! value's `__enter__` returns (`__aenter__`'s in an `async with`), and a method
//! declared to return `Self` (or the type variable its `self` is annotated with)
//! returns a value of its receiver's own type, a subclass's too. Go's `a, err :=
//! f()` gives each name its result, `new(T)` a `T`, and a library's value whose type
//! no type argument of the tree fills gives the library's values.

mod common;

use common::answers::{breaks_both_ways, calls, depends, deps, has_all};
use common::{json_run as json, tree};

fn breaks(dir: &std::path::Path, target: &str) -> Vec<String> {
    breaks_both_ways(dir, &[target])
}

#[test]
fn a_return_type_below_the_parameters_types_the_result() {
    let dir = tree(&[
        (
            "src/source.ts",
            "export class Repository<E> {\n  save(e: E): E { return e }\n}\n\
             export class Other {\n  save(e: number): number { return e }\n}\n\
             export class DataSource {\n  getRepository<E>(\n    target: E,\n  ): Repository<E> {\n\
             \x20   return new Repository<E>()\n  }\n}\n",
        ),
        (
            "src/use.ts",
            "import { DataSource } from './source'\n\
             export function run(ds: DataSource) {\n  const repo = ds.getRepository(1)\n  repo.save(2)\n}\n",
        ),
        (
            "src/Store.java",
            "class Store {\n  Store open(String name) { return this; }\n\
             \x20 Store open(\n      String name,\n      int size) { return this; }\n\
             \x20 Store open(\n      String name,\n      int size,\n      int mode) { return this; }\n\
             \x20 void use() {\n    open(\"a\", 1);\n  }\n}\n",
        ),
    ]);
    assert_eq!(
        breaks(dir.path(), "Repository.save"),
        ["src/use.ts:4 definition"]
    );
    // Java's parameters counted across the lines of the header: of three overloads,
    // the call fits the one of two.
    let (code, recs) = json(dir.path(), &["what-depends", "Store.use"]);
    assert_eq!(code, 0, "{recs:?}");
    assert_eq!(deps(&recs), ["11 call open -> src/Store.java:3"]);
}

#[test]
fn locals_of_one_name_in_two_callbacks_with_different_values_have_no_one_type() {
    let dir = tree(&[
        (
            "src/source.ts",
            "export class Repository {\n  save(e: number): number { return e }\n}\n\
             export class MongoRepository {\n  save(e: number): number { return e }\n}\n\
             export class DataSource {\n  getRepository(): Repository { return new Repository() }\n\
             \x20 getMongoRepository(): MongoRepository { return new MongoRepository() }\n}\n",
        ),
        (
            "test/a.test.ts",
            "import { DataSource } from '../src/source'\n\
             describe('x', () => {\n  let ds: DataSource\n  before(() => { ds = open() })\n\
             \x20 it('a', () => {\n    const repo = ds.getRepository()\n    repo.save(1)\n  })\n\
             \x20 it('b', () => {\n    const repo = ds.getMongoRepository()\n    repo.save(2)\n  })\n\
             \x20 it('c', () => {\n    const same = ds.getRepository()\n    same.save(3)\n  })\n\
             \x20 it('d', () => {\n    const same = ds.getRepository()\n    same.save(4)\n  })\n})\n",
        ),
    ]);
    // `repo` is one or the other: by name under both; `same` is a Repository in both
    // callbacks, and `ds` keeps its declared type whatever is assigned to it later.
    assert_eq!(
        breaks(dir.path(), "Repository.save"),
        [
            "test/a.test.ts:7 unresolved",
            "test/a.test.ts:11 unresolved",
            "test/a.test.ts:15 definition",
            "test/a.test.ts:19 definition",
        ]
    );
    assert_eq!(
        breaks(dir.path(), "MongoRepository.save"),
        [
            "test/a.test.ts:7 unresolved",
            "test/a.test.ts:11 unresolved",
        ]
    );
}

#[test]
fn a_callback_parameter_takes_the_type_its_callee_declares_for_it() {
    let dir = tree(&[
        (
            "src/em.ts",
            "export class EntityManager {\n  save(e: number): number { return e }\n\
             \x20 transaction<T>(\n    run: (manager: EntityManager) => Promise<T>,\n  ): Promise<T>\n\
             \x20 transaction<T>(\n    level: string,\n    run: (manager: EntityManager) => Promise<T>,\n  ): Promise<T>\n\
             \x20 transaction<T>(\n    a: string | ((m: EntityManager) => Promise<T>),\n    b?: (m: EntityManager) => Promise<T>,\n\
             \x20 ): Promise<T> {\n    return null as any\n  }\n\
             \x20 each(items: number[], visit: (n: number) => void): void {}\n}\n",
        ),
        (
            "src/other.ts",
            "export class Other {\n  save(e: number): number { return e }\n}\n",
        ),
        (
            "test/a.test.ts",
            "import { EntityManager } from '../src/em'\n\
             export function go(em: EntityManager) {\n\
             \x20 em.transaction(async (manager) => {\n    await manager.save(1)\n  })\n\
             \x20 em.transaction('x', async (inner) => inner.save(2))\n\
             \x20 em.each([1], (n) => n.save(3))\n\
             \x20 em.transaction(async ({ save }) => save(4))\n}\n",
        ),
    ]);
    // The overload is told by the arguments (its type parameters skipped), and the
    // callback parameter of each takes the declared type; a number has no repository
    // methods; a destructured parameter is no value of that type.
    assert_eq!(
        breaks(dir.path(), "EntityManager.save"),
        ["test/a.test.ts:4 definition", "test/a.test.ts:6 definition"]
    );
    assert_eq!(breaks(dir.path(), "Other.save"), Vec::<String>::new());
}

#[test]
fn java_csharp_and_kotlin_lambda_parameters_take_the_types_their_callee_declares() {
    let dir = tree(&[
        (
            "src/p/Builder.java",
            "package p;\n\nimport java.util.function.Consumer;\n\n\
             class Codecs {\n  void max(int n) {}\n}\n\n\
             public class Builder {\n\
             \x20 Builder codecs(String name, Consumer<? super Codecs> configurer) { return this; }\n\
             \x20 void go() {\n    codecs(\"a\", c -> c.max(1));\n    this.codecs(\"b\", (c) -> c.max(2));\n  }\n}\n",
        ),
        (
            "src/K.kt",
            "class Opts {\n  fun max(n: Int) {}\n}\n\n\
             class K {\n\
             \x20 fun setup(name: String, delay: Long = 0L, block: (Opts) -> Unit) {}\n\
             \x20 fun go() {\n    setup(\"a\") { it.max(1) }\n    setup(\"b\") { o -> o.max(2) }\n  }\n}\n",
        ),
        (
            "src/A.cs",
            "using System;\n\
             class Options { public void Max(int n) {} }\n\
             class A {\n\
             \x20 void Setup(Action<Options> setup) {}\n\
             \x20 void Go() { Setup(o => o.Max(1)); }\n}\n",
        ),
    ]);
    // Java's functional type, past its wildcard; Kotlin's function type, the lambda
    // after the parentheses being the last parameter whatever defaults come before;
    // C#'s delegate type.
    assert_eq!(
        breaks(dir.path(), "Codecs.max"),
        [
            "src/p/Builder.java:12 definition",
            "src/p/Builder.java:13 definition"
        ]
    );
    assert_eq!(
        breaks(dir.path(), "Opts.max"),
        ["src/K.kt:8 definition", "src/K.kt:9 definition"]
    );
    assert_eq!(breaks(dir.path(), "Options.Max"), ["src/A.cs:5 definition"]);
    // `setup("a") { .. }` calls `setup` once: no call is named `setup("a")`.
    let (code, recs) = json(dir.path(), &["what-depends", "K.go"]);
    assert_eq!(code, 0, "{recs:?}");
    assert_eq!(
        deps(&recs),
        [
            "8 call setup -> src/K.kt:6",
            "8 call it.max -> src/K.kt:2",
            "9 call setup -> src/K.kt:6",
            "9 call o.max -> src/K.kt:2",
        ]
    );
}

#[test]
fn a_rust_closure_parameter_takes_the_type_the_callee_bounds_it_with() {
    let dir = tree(&[
        (
            "src/state.rs",
            "pub struct Snapshot(u32);\n\
             impl Snapshot {\n    pub fn ref_dec(&mut self) {}\n}\n\
             pub struct Entry;\n\
             impl Entry {\n    pub fn ref_dec(&self) {}\n}\n\
             pub struct State;\n\
             impl State {\n\
             \x20   fn fetch<F, T>(&self, mut f: F) -> T\n    where\n        F: FnMut(Snapshot) -> (T, Option<Snapshot>),\n    {\n        loop {}\n    }\n\
             \x20   fn each(&self, f: impl Fn(&Entry, u32)) {}\n\
             \x20   fn any<T, F: FnOnce(T)>(&self, f: F) {}\n\
             \x20   fn pair<F: FnOnce(u8, Snapshot)>(&self, f: F) {}\n\
             \x20   fn run(&self) {\n\
             \x20       self.fetch(|mut next| {\n            next.ref_dec();\n            (1, None)\n        });\n\
             \x20       State::each(self, |e, _| e.ref_dec());\n\
             \x20       self.any(|x| x.ref_dec());\n\
             \x20       self.pair(|_, s| s.ref_dec());\n\
             \x20   }\n}\n",
        ),
    ]);
    // The bound is read from the `where` clause, from `impl Fn` (the receiver passed
    // first when the method is called by its path); a bound on a type parameter of
    // the callee names no type; `_` takes its place among the parameters.
    assert_eq!(
        breaks(dir.path(), "Snapshot.ref_dec"),
        [
            "src/state.rs:22 definition",
            "src/state.rs:26 unresolved",
            "src/state.rs:27 definition",
        ]
    );
    assert_eq!(
        breaks(dir.path(), "Entry.ref_dec"),
        ["src/state.rs:25 definition", "src/state.rs:26 unresolved"]
    );
}

#[test]
fn a_go_call_returning_an_unexported_or_generic_type_types_the_local() {
    let dir = tree(&[
        ("go.mod", "module example.com/x\n\ngo 1.21\n"),
        (
            "common/page.go",
            "package common\n\n\
             type Page struct{ count uint16 }\n\n\
             type branchPageElement struct{ pgid uint64 }\n\n\
             func (n *branchPageElement) Pgid() uint64 { return n.pgid }\n\n\
             type Iterator[T any] interface {\n\tNext() bool\n}\n\n\
             func (p *Page) BranchPageElement(index uint16) *branchPageElement { return nil }\n\n\
             func (p *Page) Elements() Iterator[uint64] { return nil }\n\n\
             func (p *Page) Count() int { return 0 }\n",
        ),
        (
            "tx.go",
            "package x\n\n\
             import \"example.com/x/common\"\n\n\
             func check(p *common.Page) {\n\
             \telem := p.BranchPageElement(1)\n\
             \telem.Pgid()\n\
             \tit := p.Elements()\n\
             \tit.Next()\n\
             \tn := p.Count()\n\
             \tn.Pgid()\n\
             }\n",
        ),
    ]);
    // An exported method may return a type its package does not export; a generic
    // type's arguments do not hide it; a predeclared type is none of the tree's.
    let (code, recs) = json(dir.path(), &["what-depends", "check"]);
    assert_eq!(code, 0, "{recs:?}");
    has_all(
        &deps(&recs),
        &[
            "7 call elem.Pgid -> common/page.go:7",
            "9 call it.Next -> common/page.go:10",
            "11 call n.Pgid -> ?",
        ],
    );
}

#[test]
fn a_go_type_defined_from_a_slice_map_or_number_has_its_own_methods_and_an_alias_has_its_target_s()
{
    let dir = tree(&[
        ("go.mod", "module example.com/x\n\ngo 1.21\n"),
        (
            "kinds.go",
            "package x\n\n\
             type Box struct{}\n\n\
             func (b *Box) Open() {}\n\n\
             type Pairs []string\n\n\
             func (p Pairs) Search(s string) bool { return false }\n\n\
             type Count int\n\n\
             func (c Count) Twice() Count { return c * 2 }\n\n\
             type (\n\tAlias = Box // the same type\n\tWrapped Box\n)\n\n\
             func makePairs() Pairs { return nil }\n",
        ),
        (
            "use.go",
            "package x\n\n\
             type holder struct{ pairs Pairs }\n\n\
             func use(h holder, c Count, a Alias, w Wrapped) {\n\
             \tps := makePairs()\n\
             \tps.Search(\"a\")\n\
             \th.pairs.Search(\"b\")\n\
             \tc.Twice().Twice()\n\
             \ta.Open()\n\
             \tw.Open()\n\
             }\n",
        ),
    ]);
    // A defined type has the methods declared on it, whatever it is made from; one
    // made from a struct has none of that struct's methods (`w.Open` does not compile).
    has_all(
        &depends(dir.path(), &["use"]),
        &[
            "7 call ps.Search -> kinds.go:9",
            "8 call h.pairs.Search -> kinds.go:9",
            "9 call c.Twice -> kinds.go:13",
            "9 call c.Twice().Twice -> kinds.go:13",
            "10 call a.Open -> kinds.go:5",
            "11 call w.Open -> ?",
        ],
    );
    assert_eq!(
        breaks(dir.path(), "Pairs.Search"),
        ["use.go:7 definition", "use.go:8 definition"]
    );
}

#[test]
fn a_go_value_of_a_library_package_has_that_library_s_members() {
    let dir = tree(&[
        ("go.mod", "module example.com/x\n\ngo 1.21\n"),
        (
            "codec.go",
            "package x\n\n\
             import (\n\t\"encoding/binary\"\n\n\tjsoniter \"github.com/json-iterator/go\"\n)\n\n\
             var json = jsoniter.ConfigCompatibleWithStandardLibrary\n\n\
             func encode(b []byte) {\n\
             \tjson.Marshal(b)\n\
             \tbinary.BigEndian.Uint32(b)\n\
             }\n",
        ),
    ]);
    // A library package's value is of a type the library declares (or one it
    // imports): no library can name a type of the tree.
    assert_eq!(
        calls(dir.path(), &["encode"]),
        [
            "12 call json.Marshal -> external:github.com/json-iterator/go",
            "13 call binary.BigEndian.Uint32 -> external:encoding/binary",
        ]
    );
}

#[test]
fn a_go_local_made_by_new_has_the_type_it_is_given() {
    let dir = tree(&[
        ("go.mod", "module example.com/x\n\ngo 1.21\n"),
        (
            "a.go",
            "package x\n\nimport \"bytes\"\n\n\
             type Foo struct{}\n\nfunc (f *Foo) Run() {}\n\n\
             func use() {\n\
             \tf := new(Foo)\n\
             \tf.Run()\n\
             \tbuf := new(bytes.Buffer)\n\
             \tbuf.WriteString(\"x\")\n\
             }\n",
        ),
    ]);
    assert_eq!(
        calls(dir.path(), &["use"]),
        [
            "10 call new -> external:builtin",
            "11 call f.Run -> a.go:7",
            "12 call new -> external:builtin",
            "13 call buf.WriteString -> external:bytes",
        ]
    );
}

#[test]
fn each_name_of_a_go_declaration_from_a_call_takes_the_result_in_its_place() {
    let dir = tree(&[
        ("go.mod", "module example.com/x\n\ngo 1.21\n"),
        (
            "a.go",
            "package x\n\n\
             type Foo struct{}\n\nfunc (f *Foo) Run() {}\n\n\
             type Bar struct{}\n\nfunc (b *Bar) Run() {}\n\n\
             func pair() (*Foo, *Bar, error) { return nil, nil, nil }\n\n\
             func named() (a, b *Bar, err error) { return }\n\n\
             func use() {\n\
             \t_, bar, err := pair()\n\
             \tbar.Run()\n\
             \terr.Error()\n\
             \tvar x, y, e = named()\n\
             \tx.Run()\n\
             \ty.Run()\n\
             \te.Error()\n\
             }\n",
        ),
    ]);
    // Names written together share the type after them (`a, b *Bar`).
    assert_eq!(
        calls(dir.path(), &["use"]),
        [
            "16 call pair -> a.go:11",
            "17 call bar.Run -> a.go:9",
            "18 call err.Error -> external:builtin",
            "19 call named -> a.go:13",
            "20 call x.Run -> a.go:9",
            "21 call y.Run -> a.go:9",
            "22 call e.Error -> external:builtin",
        ]
    );
}

#[test]
fn a_go_value_of_the_standard_library_has_the_library_s_methods_unless_generic() {
    let dir = tree(&[
        ("go.mod", "module example.com/x\n\ngo 1.23\n"),
        (
            "a.go",
            "package x\n\n\
             import (\n\t\"net/http\"\n\t\"net/http/httptest\"\n\t\"os\"\n\t\"slices\"\n\
             \t\"sync/atomic\"\n\n\tlru \"github.com/hashicorp/golang-lru/v2\"\n)\n\n\
             type Item struct{}\n\nfunc (i Item) Close() {}\n\nfunc (i Item) String() string { return \"\" }\n\n\
             type Holder struct{ cur atomic.Pointer[Item] }\n\n\
             func use(r *http.Request, items []Item, h *Holder, c *lru.Cache[string, Item]) {\n\
             \tf, err := os.Create(\"x\")\n\
             \tf.Close()\n\
             \terr.Error()\n\
             \tw := httptest.NewRecorder()\n\
             \tw.Body.String()\n\
             \tw.Header().Get(\"a\")\n\
             \tr.URL.Query().Get(\"a\")\n\
             \tslices.Max(items).Close()\n\
             \th.cur.Load().Close()\n\
             \tv, _ := c.Get(\"k\")\n\
             \tv.Close()\n\
             }\n",
        ),
    ]);
    let got = depends(dir.path(), &["use"]);
    has_all(
        &got,
        &[
            "23 call f.Close -> external:os",
            "24 call err.Error -> external:",
            "26 call w.Body.String -> external:",
            "27 call w.Header -> external:net/http/httptest",
            "27 call w.Header().Get -> external:",
            "28 call r.URL.Query -> external:",
            "28 call r.URL.Query().Get -> external:",
            // What a generic function or a generic type's method gives may be the
            // tree's own type; a third-party library may be generic anywhere.
            "29 call slices.Max(items).Close -> ?",
            "30 call h.cur.Load().Close -> ?",
            "32 call v.Close -> ?",
        ],
    );
    // The library's `Close` is no use of the tree's.
    assert_eq!(
        breaks(dir.path(), "Item.Close"),
        [
            "a.go:29 unresolved",
            "a.go:30 unresolved",
            "a.go:32 unresolved"
        ]
    );
}

#[test]
fn a_go_value_of_a_library_type_written_without_type_arguments_gives_the_library_s_values() {
    let dir = tree(&[
        ("go.mod", "module example.com/x\n\ngo 1.23\n"),
        (
            "a.go",
            "package x\n\n\
             import (\n\t\"github.com/samber/lo\"\n\t\"github.com/spf13/cobra\"\n\t\"go.uber.org/zap\"\n\
             \tlru \"github.com/hashicorp/golang-lru/v2\"\n\t\"example.com/lib\"\n)\n\n\
             type Item struct{}\n\nfunc (i Item) Close() {}\n\n\
             type Server struct {\n\tlog   *zap.Logger\n\tcache *lru.Cache[string, Item]\n}\n\n\
             func Log() *zap.Logger { return nil }\n\n\
             func (s *Server) use(cmd *cobra.Command, cfg *lib.Config) {\n\
             \tcmd.Flags().StringP(\"a\", \"b\", \"c\", \"d\")\n\
             \tLog().Named(\"x\").Info(\"y\")\n\
             \ts.log.Named(\"x\").Info(\"y\")\n\
             \tcfg.Inner.Close()\n\
             \tflags := cmd.Flags()\n\
             \tflags.Lookup(\"a\").Value.String()\n\
             \tv, _ := s.cache.Get(\"k\")\n\
             \tv.Close()\n\
             \tx := lo.Must(lib.Load())\n\
             \tx.Close()\n\
             \tb := &lib.Box[Item]{}\n\
             \tb.Get().Close()\n\
             \tp := &lib.Plain{}\n\
             \tp.Get().Close()\n\
             }\n",
        ),
    ]);
    let got = depends(dir.path(), &["use"]);
    has_all(
        &got,
        &[
            "23 call cmd.Flags -> external:github.com/spf13/cobra",
            "23 call cmd.Flags().StringP -> external:",
            "24 call Log().Named -> external:go.uber.org/zap",
            "24 call Log().Named(\"x\").Info -> external:",
            "25 call s.log.Named(\"x\").Info -> external:",
            "26 call cfg.Inner.Close -> external:",
            "28 call flags.Lookup(\"a\").Value.String -> external:",
            "36 call p.Get().Close -> external:",
            // A generic type given the tree's type, and any third-party function
            // (which may be generic), may give the tree's values.
            "30 call v.Close -> ?",
            "32 call x.Close -> ?",
            "34 call b.Get().Close -> ?",
        ],
    );
    assert_eq!(
        breaks(dir.path(), "Item.Close"),
        [
            "a.go:30 unresolved",
            "a.go:32 unresolved",
            "a.go:34 unresolved"
        ]
    );
}

#[test]
fn an_entry_of_a_go_slice_type_is_read_where_written_and_from_a_call_s_result_too() {
    let dir = tree(&[
        ("go.mod", "module example.com/x\n\ngo 1.21\n"),
        (
            "pool/pool.go",
            "package pool\n\ntype Up struct{}\n\nfunc (u *Up) Check() {}\n\n\
             type Pool []*Up\n\nfunc Make() Pool { return nil }\n",
        ),
        (
            "use.go",
            "package x\n\nimport \"example.com/x/pool\"\n\n\
             type Up struct{}\n\nfunc (u *Up) Check() {}\n\n\
             func use(given pool.Pool) {\n\
             \tgiven[0].Check()\n\
             \tmade := pool.Make()\n\
             \tmade[1].Check()\n\
             }\n",
        ),
    ]);
    // The entries are the `Up` of the package that writes `Pool`, not this file's.
    assert_eq!(
        calls(dir.path(), &["use"]),
        [
            "10 call given[0].Check -> pool/pool.go:5",
            "11 call pool.Make -> pool/pool.go:9",
            "12 call made[1].Check -> pool/pool.go:5",
        ]
    );
}

#[test]
fn an_entry_of_a_go_type_defined_from_a_slice_or_map_has_the_entry_s_type() {
    let dir = tree(&[
        ("go.mod", "module example.com/x\n\ngo 1.21\n"),
        (
            "heap.go",
            "package x\n\n\
             type Box struct{}\n\n\
             func (b *Box) Open() {}\n\n\
             type Heap []*Box\n\n\
             type ByName map[string]Box\n\n\
             type List[T any] []T\n\n\
             type set struct{ heap Heap }\n\n\
             func use(s *set, m ByName, l List[Box]) {\n\
             \ts.heap[0].Open()\n\
             \tm[\"a\"].Open()\n\
             \tvar local Heap\n\
             \tlocal[1].Open()\n\
             \tl[0].Open()\n\
             }\n",
        ),
    ]);
    // A generic type's entries are of its type parameter: not followed.
    assert_eq!(
        calls(dir.path(), &["use"]),
        [
            "16 call s.heap[0].Open -> heap.go:5",
            "17 call m[\"a\"].Open -> heap.go:5",
            "19 call local[1].Open -> heap.go:5",
            "20 call l[0].Open -> ?",
        ]
    );
}

#[test]
fn a_call_with_string_arguments_is_read_as_a_receiver() {
    let dir = tree(&[(
        "src/Cache.java",
        "class Wrapper {\n  Object get() { return null; }\n}\n\
         class Cache {\n  Wrapper get(Object key) { return null; }\n\
         \x20 Object get(Object key, Object other) { return null; }\n\
         \x20 void use() {\n    get(\"a, (b\").get();\n    get(\"a\", ')').get();\n  }\n}\n",
    )]);
    // The commas and brackets inside the literals are no argument's: `get("a, (b")`
    // is the one-argument overload, which gives a Wrapper.
    let (code, recs) = json(dir.path(), &["what-depends", "Cache.use"]);
    assert_eq!(code, 0, "{recs:?}");
    assert_eq!(
        deps(&recs),
        [
            "8 call get -> src/Cache.java:5",
            "8 call get(\"a, (b\").get -> src/Cache.java:2",
            "9 call get -> src/Cache.java:6",
            "9 call get(\"a\", ')').get -> ?",
        ]
    );
}

#[test]
fn a_kotlin_builder_method_returning_apply_returns_its_builder() {
    let dir = tree(&[(
        "src/Request.kt",
        "class Request(val url: String) {\n\
         \x20 class Builder {\n\
         \x20   var url: String = \"\"\n\
         \x20   fun url(url: String) = apply { this.url = url }\n\
         \x20   fun header(\n      name: String,\n      value: String,\n    ) =\n      apply {\n        println(name)\n      }\n\
         \x20   fun build(): Request = Request(url)\n\
         \x20 }\n}\n\
         class Response {\n  fun build(): Response = this\n}\n\
         fun make(): Request =\n  Request.Builder()\n    .url(\"https://a\")\n    .header(\"A\", \"b\")\n    .build()\n",
    )]);
    // `header`'s parameters and its `apply` lie on the lines below its name.
    assert_eq!(
        breaks(dir.path(), "Request.Builder.build"),
        ["src/Request.kt:22 definition"]
    );
    assert_eq!(breaks(dir.path(), "Response.build"), Vec::<String>::new());
}

#[test]
fn a_local_copied_from_a_field_takes_the_field_type() {
    let dir = tree(&[
        (
            "src/source.ts",
            "export class EntityManager {\n  save(e: number): number { return e }\n}\n\
             export class DataSource {\n  readonly manager: EntityManager\n}\n",
        ),
        (
            "src/use.ts",
            "import { DataSource } from './source'\n\
             export function run(ds: DataSource) {\n  const manager = ds.manager\n  manager.save(1)\n}\n",
        ),
    ]);
    assert_eq!(
        breaks(dir.path(), "EntityManager.save"),
        ["src/use.ts:4 definition"]
    );
}

#[test]
fn a_loop_variable_takes_no_type_from_what_it_iterates() {
    // `x` is an element of what `make()` returns, never that value itself.
    let dir = tree(&[
        (
            "a.py",
            "class Items:\n    def save(self):\n        pass\n\n\
             def make() -> Items:\n    return Items()\n\n\
             class Box:\n    def __init__(self):\n        self.items = []\n\n\
             \x20   def go(self):\n        for x in make():\n            x.save()\n\
             \x20       for y in self.items:\n            y.save()\n\
             \x20       z = make()\n        z.save()\n",
        ),
        (
            "b.go",
            "package b\n\ntype Items struct{}\n\nfunc (i Items) Save() {}\n\n\
             func make() Items { return Items{} }\n\n\
             func run() {\n\tfor _, v := range make() {\n\t\tv.Save()\n\t}\n}\n",
        ),
    ]);
    assert_eq!(
        breaks(dir.path(), "Items.save"),
        [
            "a.py:14 unresolved",
            "a.py:16 unresolved",
            "a.py:18 definition",
        ]
    );
    assert_eq!(breaks(dir.path(), "Items.Save"), ["b.go:11 unresolved"]);
}

#[test]
fn a_local_given_one_of_two_values_takes_a_type_only_when_both_agree() {
    let dir = tree(&[
        (
            "src/source.ts",
            "export class Runner {\n  release(): void {}\n}\n\
             export class Other {\n  release(): void {}\n}\n\
             export class DataSource {\n  createRunner(): Runner { return new Runner() }\n\
             \x20 createOther(): Other { return new Other() }\n}\n\
             export class Manager {\n  readonly runner?: Runner\n  readonly ds: DataSource\n\
             \x20 both() {\n    const r = this.runner ?? this.ds.createRunner()\n    r.release()\n\
             \x20   const t = (flag() ? this.ds.createRunner() : this.runner)\n    t.release()\n  }\n\
             \x20 apart() {\n    const o = this.runner || this.ds.createOther()\n    o.release()\n\
             \x20   const n = this.runner ?? make()\n    n.release()\n\
             \x20   const l = this.runner ?? {}\n    l.release()\n  }\n}\n\
             function flag(): boolean { return true }\n\
             function make(): Other { return new Other() }\n",
        ),
    ]);
    // Both values are a `Runner`: the local is one.
    assert_eq!(
        breaks(dir.path(), "Runner.release"),
        [
            "src/source.ts:16 definition",
            "src/source.ts:18 definition",
            "src/source.ts:22 unresolved",
            "src/source.ts:24 unresolved",
            "src/source.ts:26 unresolved",
        ]
    );
    // A `Runner` or an `Other`, or a value that is neither a call nor a field: no one
    // type, so never taken for the other class's method either.
    assert_eq!(
        breaks(dir.path(), "Other.release"),
        [
            "src/source.ts:22 unresolved",
            "src/source.ts:24 unresolved",
            "src/source.ts:26 unresolved",
        ]
    );
}

#[test]
fn a_call_of_overloads_that_all_return_one_type_gives_that_type() {
    let dir = tree(&[
        (
            "src/store.ts",
            "export class Table {\n  drop(): void {}\n}\n\
             export class Store {\n  find(name: string): Table\n  find(names: string[]): Table\n\
             \x20 find(x: any): Table { return new Table() }\n\
             \x20 list(name: string): Table[]\n  list(names: string[]): Table[]\n\
             \x20 list(x: any): Table[] { return [] }\n}\n\
             export function run(s: Store) {\n  const t = s.find(\"a\")\n  t.drop()\n\
             \x20 const all = s.list(\"a\")\n  all.filter((x) => x)\n}\n",
        ),
        (
            "src/p/Builder.java",
            "package p;\n\nclass Builder {\n    Builder append(int x) { return this; }\n\
             \x20   Builder append(String x) { return this; }\n    String build() { return \"\"; }\n}\n",
        ),
        (
            "src/p/Mixed.java",
            "package p;\n\nclass Mixed {\n    Builder get(int x) { return null; }\n\
             \x20   Other get(String x) { return null; }\n}\n",
        ),
        (
            "src/p/Other.java",
            "package p;\n\nclass Other {\n    String build() { return \"\"; }\n}\n",
        ),
        (
            "src/p/Use.java",
            "package p;\n\nclass Use {\n    void run(Builder b, Mixed m) {\n\
             \x20       b.append(1).build();\n        m.get(1).build();\n    }\n}\n",
        ),
    ]);
    // Every overload of `find` returns a `Table`: `t` is one, whichever is called.
    assert_eq!(
        breaks(dir.path(), "Table.drop"),
        ["src/store.ts:14 definition"]
    );
    let (code, recs) = json(dir.path(), &["what-depends", "src/store.ts:12"]);
    assert_eq!(code, 0, "{recs:?}");
    assert!(
        deps(&recs).contains(&"16 call all.filter -> external:globals".to_string()),
        "{:?}",
        deps(&recs)
    );
    // `append`'s overloads both return a `Builder`; `get`'s return two types, so which
    // `build` follows is not known.
    assert_eq!(
        breaks(dir.path(), "Builder.build"),
        ["src/p/Use.java:5 definition", "src/p/Use.java:6 unresolved"]
    );
    assert_eq!(
        breaks(dir.path(), "Other.build"),
        ["src/p/Use.java:6 unresolved"]
    );
}

#[test]
fn an_awaited_call_gives_what_its_promise_or_coroutine_gives() {
    let dir = tree(&[
        (
            "src/runner.ts",
            "export class Runner {\n  release(): void {}\n}\n\
             export class DataSource {\n  async connect(): Promise<Runner> { return new Runner() }\n\
             \x20 open(): Runner { return new Runner() }\n}\n\
             export async function run(ds: DataSource) {\n\
             \x20 const a = await ds.connect()\n  a.release()\n\
             \x20 const p = ds.connect()\n  p.release()\n\
             \x20 const b = await ds.open()\n  b.release()\n}\n",
        ),
        (
            "app.py",
            "class Conn:\n    def close(self):\n        pass\n\n\
             async def connect() -> Conn:\n    return Conn()\n\n\
             def open_now() -> Conn:\n    return Conn()\n\n\
             async def main():\n    a = await connect()\n    a.close()\n\
             \x20   c = connect()\n    c.close()\n\
             \x20   d = open_now()\n    d.close()\n",
        ),
    ]);
    // Awaiting `connect()` gives the `Runner` of its `Promise<Runner>`; not awaited,
    // it is the promise (the standard library's); awaiting what is not declared a
    // promise gives nothing known.
    assert_eq!(
        breaks(dir.path(), "Runner.release"),
        ["src/runner.ts:10 definition", "src/runner.ts:14 unresolved"]
    );
    // A coroutine not awaited has none of its result's members.
    assert_eq!(
        breaks(dir.path(), "Conn.close"),
        [
            "app.py:13 definition",
            "app.py:15 unresolved",
            "app.py:17 definition"
        ]
    );
}

#[test]
fn an_imported_module_level_variable_has_the_type_of_its_value() {
    let dir = tree(&[
        (
            "pkg/registry.py",
            "class Apps:\n    def get_model(self, name):\n        pass\n\n\
             apps = Apps()\n",
        ),
        ("pkg/__init__.py", "from .registry import apps\n"),
        (
            "pkg/twice.py",
            "from .registry import Apps\n\nclass Other:\n    def get_model(self, name):\n        pass\n\n\
             shared = Apps()\nshared = Other()\n",
        ),
        (
            "use.py",
            "from pkg import apps\nfrom pkg.twice import shared\n\n\
             def run():\n    apps.get_model(\"a\")\n    shared.get_model(\"b\")\n",
        ),
        (
            "src/db.ts",
            "export class Db {\n  query(sql: string): void {}\n}\n\
             export const db = new Db()\n",
        ),
        (
            "src/use.ts",
            "import { db } from \"./db\"\n\nexport function run() {\n  db.query(\"x\")\n}\n",
        ),
    ]);
    // `apps` is an `Apps`, passed on by the package; `shared` is bound twice, to two
    // types, so which `get_model` it has is not known.
    assert_eq!(
        breaks(dir.path(), "Apps.get_model"),
        ["use.py:5 definition", "use.py:6 unresolved"]
    );
    assert_eq!(breaks(dir.path(), "Db.query"), ["src/use.ts:4 definition"]);
}

#[test]
fn a_python_name_bound_again_to_another_type_has_no_one_type() {
    let dir = tree(&[(
        "a.py",
        "class Foo:\n    def run(self):\n        pass\n\n\
         class Bar:\n    def run(self):\n        pass\n\n\
         def f():\n    x = Foo()\n    x.run()\n    x = Bar()\n    x.run()\n\n\
         def g():\n    y = Foo()\n    y.run()\n    y = Foo()\n    y.run()\n",
    )]);
    // Before this, both of `f`'s uses were taken for `Foo.run`: the second is `Bar`'s.
    assert_eq!(
        breaks(dir.path(), "Foo.run"),
        [
            "a.py:11 unresolved",
            "a.py:13 unresolved",
            "a.py:17 definition",
            "a.py:19 definition",
        ]
    );
}

#[test]
fn a_rust_std_method_giving_an_option_an_iterator_or_text_gives_a_std_value() {
    let dir = tree(&[
        ("src/lib.rs", "mod ext;\nmod steps;\n"),
        (
            "src/ext.rs",
            "pub trait OptionExt {\n    fn or_poke(&self) -> bool;\n}\n\
             impl<T> OptionExt for Option<T> {\n    fn or_poke(&self) -> bool { true }\n}\n\
             pub struct Bar;\nimpl Bar {\n    pub fn go(&self) {}\n}\n",
        ),
        (
            "src/steps.rs",
            "use std::cell::{Cell, Ref, RefCell};\n\
             use crate::ext::{Bar, OptionExt};\n\
             \n\
             fn run(items: &mut Vec<u64>, bars: &Vec<Bar>, name: &str, cell: &RefCell<Bar>, dir: &std::path::Path) {\n\
             \x20   items.iter().map(|x| x + 1).filter(|x| *x > 2).count();\n\
             \x20   let last = items.pop();\n\
             \x20   last.is_some();\n\
             \x20   name.trim().to_lowercase().len();\n\
             \x20   bars.first().or_poke();\n\
             \x20   bars.iter().next().unwrap().go();\n\
             \x20   Ref::map(cell.borrow(), |b| b).go();\n\
             \x20   let git = dir.join(\".git\");\n\
             \x20   git.join(\"info\").to_str().unwrap();\n\
             }\n",
        ),
    ]);
    let got = depends(dir.path(), &["run"]);
    has_all(
        &got,
        &[
            "5 call items.iter().map -> external:std",
            "5 call items.iter().map(|x| x + 1).filter -> external:std",
            "5 call items.iter().map(|x| x + 1).filter(|x| *x > 2).count -> external:std",
            "7 call last.is_some -> external:std",
            "8 call name.trim().to_lowercase -> external:std",
            "8 call name.trim().to_lowercase().len -> external:std",
            // The repository's trait for `Option` is still what an `Option` calls.
            "9 call bars.first().or_poke -> src/ext.rs:2",
            // What `unwrap` gives is the element, not the library's.
            "10 call bars.iter().next().unwrap -> external:std",
            "10 call bars.iter().next().unwrap().go -> ?",
            // A type's function (`Ref::map`) gives a guard of another value.
            "11 call Ref::map(cell.borrow(), |b| b).go -> ?",
            // A path joined is the library's, and so is what it gives.
            "13 call git.join -> external:std",
            "13 call git.join(\"info\").to_str -> external:std",
        ],
    );
}

#[test]
fn a_typescript_or_javascript_array_method_giving_an_array_gives_a_library_value() {
    let dir = tree(&[
        (
            "src/store.ts",
            "export class Table {\n  drop(): void {}\n}\n\
             export class Store {\n  tables: Table[] = []\n\
             \x20 filterTables(t: string): Table[] {\n    return this.tables\n  }\n}\n",
        ),
        (
            "src/run.ts",
            "import { Store } from './store'\n\n\
             export function run(s: Store, flag: boolean) {\n\
             \x20 const all = flag ? s.filterTables(\"a\") : s.tables\n\
             \x20 const real = all.filter((t) => t !== null)\n\
             \x20 const names = real.map((t) => t.drop())\n\
             \x20 names.forEach((n) => n)\n\
             \x20 s.tables.slice(1).forEach((t) => t.drop())\n}\n",
        ),
        (
            "src/keys.js",
            "export function keysOf(o) {\n  const xs = Object.keys(o)\n\
             \x20 const ys = xs.map((k) => k + \"!\")\n  return ys.join(\",\")\n}\n",
        ),
    ]);
    let got = depends(dir.path(), &["run"]);
    has_all(
        &got,
        &[
            "5 call all.filter -> external:globals",
            "6 call real.map -> external:globals",
            "7 call names.forEach -> external:globals",
            "8 call s.tables.slice(1).forEach -> external:globals",
        ],
    );
    let got = depends(dir.path(), &["keysOf"]);
    has_all(
        &got,
        &[
            "3 call xs.map -> external:globals",
            "4 call ys.join -> external:globals",
        ],
    );
    // What the arrays hold is not known past `filter`: the element's calls stay
    // undecided, and still may use `Table.drop`.
    assert_eq!(
        breaks(dir.path(), "Table.drop"),
        ["src/run.ts:6 unresolved", "src/run.ts:8 unresolved"]
    );
}

#[test]
fn a_csharp_nullable_struct_gives_the_struct_it_holds() {
    let dir = tree(&[
        (
            "src/Pos.cs",
            "namespace N {\n  public struct Pos {\n    public int Len() { return 1; }\n  }\n\
             \x20 public enum Mode { A, B }\n\
             \x20 public class Other {\n    public int Len() { return 2; }\n  }\n}\n",
        ),
        (
            "src/Use.cs",
            "namespace N {\n  class Use {\n    static int Run(Pos? p, Mode? m) {\n\
             \x20     var v = p.GetValueOrDefault();\n\
             \x20     m.GetValueOrDefault();\n\
             \x20     return p.GetValueOrDefault().Len() + v.Len();\n    }\n  }\n}\n",
        ),
    ]);
    let got = depends(dir.path(), &["Use.Run"]);
    has_all(
        &got,
        &[
            "4 call p.GetValueOrDefault -> external:System",
            "5 call m.GetValueOrDefault -> external:System",
            "6 call p.GetValueOrDefault().Len -> src/Pos.cs:3",
            "6 call v.Len -> src/Pos.cs:3",
        ],
    );
    assert_eq!(breaks(dir.path(), "Other.Len"), Vec::<String>::new());
}

#[test]
fn a_kotlin_collection_chain_past_a_trailing_lambda_and_a_java_iterator_are_the_librarys() {
    let dir = tree(&[
        (
            "src/p/D.kt",
            "package p\n\nimport java.util.ArrayDeque\n\nclass D {\n\
             \x20 private val ready = ArrayDeque<String>()\n\
             \x20 private val names = mutableListOf<String>()\n\
             \x20 fun run() {\n    val i = ready.iterator()\n    i.hasNext()\n\
             \x20   val kept = names.filter { it.isNotEmpty() }.sorted()\n    kept.first()\n  }\n}\n",
        ),
        ("src/p/Other.kt", "package p\n\nclass Other {\n  fun first() {}\n  fun hasNext() {}\n}\n"),
    ]);
    has_all(
        &depends(dir.path(), &["D.run"]),
        &[
            "10 call i.hasNext -> external:java.util",
            "11 call names.filter { it.isNotEmpty() }.sorted -> external:kotlin.collections",
            "12 call kept.first -> external:kotlin.collections",
        ],
    );
    assert_eq!(breaks(dir.path(), "Other.first"), Vec::<String>::new());
}

#[test]
fn a_with_statement_s_name_holds_what_enter_gives_and_a_self_returning_method_its_receiver_s_type()
{
    let dir = tree(&[(
        "client.py",
        "import typing\n\n\
         T = typing.TypeVar(\"T\", bound=\"Client\")\n\n\
         class Response:\n    def json(self):\n        pass\n\n\
         class Client:\n\
         \x20   def __enter__(self: T) -> T:\n        return self\n\n\
         \x20   async def __aenter__(self) -> typing.Self:\n        return self\n\n\
         \x20   def get(self) -> Response:\n        return Response()\n\n\
         \x20   def close(self):\n        pass\n\n\
         class Traced(Client):\n    def close(self):\n        pass\n\n\
         class Plain:\n    def __enter__(self):\n        return self\n\n\
         \x20   def go(self):\n        pass\n\n\
         def run():\n\
         \x20   with Client() as c, Plain() as p:\n\
         \x20       c.get().json()\n\
         \x20       p.go()\n\
         \x20   with Traced() as t:\n        t.close()\n\
         \x20   lock = Plain()\n\
         \x20   with lock:\n        lock.go()\n\n\
         async def arun():\n\
         \x20   async with Traced() as t:\n        t.close()\n\
         \x20   with Client() as c:\n        c.close()\n",
    )]);
    // An `__enter__` that declares nothing says nothing of what it gives; a `with`
    // without `as` binds no name again.
    assert_eq!(
        calls(dir.path(), &["run"]),
        [
            "34 call Client -> client.py:9",
            "34 call Plain -> client.py:26",
            "35 call c.get -> client.py:16",
            "35 call c.get().json -> client.py:6",
            "36 call p.go -> ?",
            "37 call Traced -> client.py:22",
            "38 call t.close -> client.py:23",
            "39 call Plain -> client.py:26",
            "41 call lock.go -> client.py:30",
        ]
    );
    assert_eq!(
        calls(dir.path(), &["arun"]),
        [
            "44 call Traced -> client.py:22",
            "45 call t.close -> client.py:23",
            "46 call Client -> client.py:9",
            "47 call c.close -> client.py:19",
        ]
    );
}

#[test]
fn a_rust_local_holding_a_result_unwrapped_and_an_alias_of_result_give_what_they_hold() {
    let dir = tree(&[
        (
            "Cargo.toml",
            "[package]\nname = \"demo\"\nversion = \"0.1.0\"\n",
        ),
        (
            "src/lib.rs",
            "pub struct Error;\n\
             pub(crate) type Result<T, E = Error> = StdResult<T, E>;\n\
             pub type Count<T> = std::result::Result<u8, T>;\n\
             use crate::Result as ClapResult;\nuse std::result::Result as StdResult;\n\
             pub struct Matches;\n\
             impl Matches {\n\
             \x20   pub fn get_one(&self) -> u8 {\n\
             \x20       1\n\
             \x20   }\n\
             }\n\n\
             pub struct Cmd;\n\
             impl Cmd {\n\
             \x20   pub fn plain(&self) -> std::result::Result<Matches, Error> {\n\
             \x20       Ok(Matches)\n\
             \x20   }\n\
             \x20   pub fn aliased(&self) -> ClapResult<Matches> {\n\
             \x20       Ok(Matches)\n\
             \x20   }\n\
             \x20   pub fn count(&self) -> Count<Matches> {\n\
             \x20       Ok(1)\n\
             \x20   }\n\
             }\n\n\
             fn run(c: Cmd) {\n\
             \x20   let res = c.plain();\n\
             \x20   let m = res.unwrap();\n\
             \x20   m.get_one();\n\
             \x20   let a = c.aliased();\n\
             \x20   a.is_ok();\n\
             \x20   a.expect(\"parsed\").get_one();\n\
             \x20   c.count().unwrap().get_one();\n\
             \x20   let s = c.plain();\n\
             \x20   let s = s.unwrap();\n\
             \x20   s.get_one();\n\
             }\n",
        ),
    ]);
    // `res.unwrap()` opens the `Result` the call that gives `res` returns; an alias of
    // `Result` (here renamed on import, `StdResult`) that holds its first parameter
    // does as `Result` does, and is the library's type. `Count<Matches>` holds a
    // `u8`. A name bound again (`let s = s.unwrap();`) is the binding that holds
    // where it is read, and each `let` reads the one before it.
    let got = depends(dir.path(), &["run"]);
    for want in [
        "29 call m.get_one -> src/lib.rs:8",
        "31 call a.is_ok -> external:std::result",
        "32 call a.expect(\"parsed\").get_one -> src/lib.rs:8",
        "33 call c.count().unwrap().get_one -> ?",
        "36 call s.get_one -> src/lib.rs:8",
    ] {
        assert!(got.contains(&want.to_string()), "{want}: {got:#?}");
    }
    // The index and a fresh parse agree on who calls `get_one`.
    let uses = breaks(dir.path(), "Matches.get_one");
    for want in [
        "src/lib.rs:29 definition",
        "src/lib.rs:32 definition",
        "src/lib.rs:36 definition",
    ] {
        assert!(uses.contains(&want.to_string()), "{want}: {uses:#?}");
    }
}

#[test]
fn a_rust_clone_has_its_originals_type_and_type_arguments_do_not_hide_the_method() {
    let dir = tree(&[
        (
            "Cargo.toml",
            "[package]\nname = \"demo\"\nversion = \"0.1.0\"\n",
        ),
        (
            "src/lib.rs",
            "#[derive(Clone)]\n\
             pub struct Cmd;\n\
             pub struct Matches;\n\
             pub struct Own;\n\
             impl Cmd {\n\
             \x20   pub fn parse(self) -> Result<Matches, ()> {\n\
             \x20       Ok(Matches)\n\
             \x20   }\n\
             \x20   pub fn get_one<T: Clone>(&self, id: &str) -> Option<&T> {\n\
             \x20       None\n\
             \x20   }\n\
             }\n\
             impl Own {\n\
             \x20   pub fn clone(&self) -> Matches {\n\
             \x20       Matches\n\
             \x20   }\n\
             }\n\
             impl Matches {\n\
             \x20   pub fn flag(&self) -> bool {\n\
             \x20       true\n\
             \x20   }\n\
             }\n\n\
             fn run(cmd: Cmd, own: Own, p: std::path::PathBuf) {\n\
             \x20   cmd.clone().parse().unwrap().flag();\n\
             \x20   own.clone().flag();\n\
             \x20   p.clone().join(\"x\");\n\
             \x20   cmd.get_one::<String>(\"a\").map(|v| v.len());\n\
             }\n",
        ),
    ]);
    // Each was unresolved past the `clone()` or the `::<String>`. A type's own
    // `clone` gives what it declares. What a library value's copy has is not read.
    assert_eq!(
        depends(dir.path(), &["run"]),
        [
            "24 type_use Cmd -> src/lib.rs:2",
            "24 type_use Own -> src/lib.rs:4",
            "24 type_use std::path.PathBuf -> external:std::path",
            "25 call cmd.clone -> external:std",
            "25 call cmd.clone().parse -> src/lib.rs:6",
            "25 call cmd.clone().parse().unwrap -> external:std",
            "25 call cmd.clone().parse().unwrap().flag -> src/lib.rs:19",
            "26 call own.clone -> src/lib.rs:14",
            "26 call own.clone().flag -> src/lib.rs:19",
            "27 call p.clone -> external:std::path",
            "27 call p.clone().join -> ?",
            "28 call cmd.get_one -> src/lib.rs:9",
            "28 type_use String -> external:std",
            "28 call cmd.get_one::<String>(\"a\").map -> external:std",
            "28 call v.len -> ?",
        ]
    );
}

#[test]
fn a_go_loop_over_a_type_defined_from_a_slice_or_map_gives_its_variables_the_entry_types() {
    let dir = tree(&[
        ("go.mod", "module example.com/g\n\ngo 1.21\n"),
        (
            "b/b.go",
            "package b\n\ntype Item struct{}\n\nfunc (i *Item) Name() string { return \"\" }\n\n\
             type Items []*Item\n\ntype ByName map[string]Item\n\n\
             type Holder struct {\n\tAll   Items\n\tNames ByName\n}\n",
        ),
        (
            "a.go",
            "package g\n\nimport \"example.com/g/b\"\n\n\
             type Item struct{}\n\nfunc (i *Item) Name() string { return \"\" }\n\n\
             func Use(x b.Items, h *b.Holder) {\n\
             \tfor _, it := range x {\n\t\tit.Name()\n\t}\n\
             \tfor _, it := range h.All {\n\t\tit.Name()\n\t}\n\
             \tfor k, v := range h.Names {\n\t\tk.Name()\n\t\tv.Name()\n\t}\n\
             \tfor i := range x {\n\t\ti.Name()\n\t}\n\
             }\n",
        ),
    ]);
    // The entries are `b`'s `Item`, read where `Items` is written, not the `Item`
    // of the loop's own package. A map's key is its key type (here the language's
    // `string`); ranging with one variable gives a slice's index, no entry.
    assert_eq!(
        calls(dir.path(), &["Use"]),
        [
            "11 call it.Name -> b/b.go:5",
            "14 call it.Name -> b/b.go:5",
            "17 call k.Name -> external:builtin",
            "18 call v.Name -> b/b.go:5",
            "21 call i.Name -> ?",
        ]
    );
    let uses = breaks(dir.path(), "b/b.go:5");
    assert_eq!(
        uses,
        [
            "a.go:11 definition",
            "a.go:14 definition",
            "a.go:18 definition",
            "a.go:21 unresolved"
        ]
    );
}

#[test]
fn a_long_builder_chain_reads_as_the_calls_it_makes() {
    let dir = tree(&[
        (
            "Cargo.toml",
            "[package]\nname = \"demo\"\nversion = \"0.1.0\"\n",
        ),
        (
            "src/lib.rs",
            "pub struct Builder;\n\
             pub struct Built;\n\
             impl Builder {\n\
             \x20   pub fn new(name: &str) -> Builder {\n\
             \x20       Builder\n\
             \x20   }\n\
             \x20   pub fn about(self, text: &str, (a, b): (u8, u8)) -> Builder {\n\
             \x20       self\n\
             \x20   }\n\
             \x20   pub fn build(self) -> Result<Built, ()> {\n\
             \x20       Ok(Built)\n\
             \x20   }\n\
             }\n\
             impl Built {\n\
             \x20   pub fn run(&self) {}\n\
             }\n\n\
             fn main() {\n\
             \x20   let built = Builder::new(\"a tool with a long name\")\n\
             \x20       .about(\"what it does, (in a sentence) long enough to run past the line\", (1, 2))\n\
             \x20       .about(\"and then more of it, for anyone who reads that far\", (3, 4))\n\
             \x20       .build();\n\
             \x20   built.unwrap().run();\n\
             }\n",
        ),
    ]);
    // The receiver of `build` was cut short at 160 bytes, in the middle of the second
    // string, and read as nothing: `build` and `run` were unresolved.
    assert_eq!(
        depends(dir.path(), &["main"]),
        [
            "19 reference Builder -> src/lib.rs:1",
            "19 call Builder.new -> src/lib.rs:4",
            "20 call Builder::new(\"a tool with a long name\").about -> src/lib.rs:7",
            "21 call Builder::new(\"a tool with a long name\").about(\"what it does, (in a sentence) long enough to run past the line\", (1, 2)).about -> src/lib.rs:7",
            "22 call Builder::new(_).about(_, _).about(_, _).build -> src/lib.rs:10",
            "23 call built.unwrap -> external:std",
            "23 call built.unwrap().run -> src/lib.rs:15",
        ]
    );
}
