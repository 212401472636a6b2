//! Locals of one name in one function: in blocks apart, hidden by a later declaration,
//! or only assigned again. Each use must read the local that holds where it stands,
//! never the first one of its name.

mod common;

use common::answers::{breaks_both_ways, depends, has_all};
use common::tree;

/// The calls of `name` in `symbol`'s what-depends answer.
fn calls_of(dir: &std::path::Path, symbol: &str, name: &str) -> Vec<String> {
    depends(dir, &[symbol])
        .into_iter()
        .filter(|d| d.contains(" call ") && d.contains(name))
        .collect()
}

#[test]
fn locals_in_blocks_apart_or_hidden_keep_their_own_types_where_hiding_is_allowed() {
    let dir = tree(&[
        (
            "b.go",
            "package main\n\ntype Alpha struct{}\ntype Beta struct{}\n\n\
             func (a Alpha) Run() Beta { return Beta{} }\nfunc (b Beta) Run() {}\n\n\
             func caller(flag bool) {\n\tif flag {\n\t\ty := Alpha{}\n\t\ty.Run()\n\t} else {\n\
             \t\ty := Beta{}\n\t\ty.Run()\n\t}\n\tx := Alpha{}\n\t{\n\t\tx := Beta{}\n\t\tx.Run()\n\t}\n\
             \tx.Run()\n\tif v := x.Run(); true {\n\t\tv.Run()\n\t}\n}\n",
        ),
        (
            "a.rs",
            "struct Alpha;\nstruct Beta;\nimpl Alpha {\n    fn new() -> Alpha { Alpha }\n    fn run(&self) -> Beta { Beta }\n}\n\
             impl Beta {\n    fn new() -> Beta { Beta }\n    fn run(&self) {}\n}\n\
             fn caller(flag: bool) {\n    if flag {\n        let y = Alpha::new();\n        y.run();\n    } else {\n\
             \x20       let y = Beta::new();\n        y.run();\n    }\n\
             \x20   let z = Alpha::new();\n    let z = z.run();\n    z.run();\n}\n",
        ),
        (
            "c.kt",
            "class Alpha {\n    fun run(): Beta = Beta()\n}\nclass Beta {\n    fun run() {}\n}\n\
             fun caller(flag: Boolean) {\n    if (flag) {\n        val y = Alpha()\n        y.run()\n    } else {\n\
             \x20       val y = Beta()\n        y.run()\n    }\n}\n",
        ),
        (
            "d.swift",
            "class Alpha { func run() -> Beta { return Beta() } }\nclass Beta { func run() {} }\n\
             func caller(flag: Bool) {\n    if flag {\n        let y = Alpha()\n        y.run()\n    } else {\n\
             \x20       let y = Beta()\n        y.run()\n    }\n}\n",
        ),
        (
            "e.cpp",
            "class Alpha { public: void run() {} };\nclass Beta { public: void run() {} };\n\
             void caller(bool flag) {\n    if (flag) {\n        Alpha y;\n        y.run();\n    } else {\n\
             \x20       Beta y;\n        y.run();\n    }\n}\n",
        ),
    ]);
    // Before, the first local of a name stood for all of them: every call here went
    // to Alpha's method.
    assert_eq!(
        calls_of(dir.path(), "b.go:9", "Run"),
        [
            "12 call y.Run -> b.go:6",
            "15 call y.Run -> b.go:7",
            "20 call x.Run -> b.go:7",
            // Past the inner block, the outer `x` holds again.
            "22 call x.Run -> b.go:6",
            "23 call x.Run -> b.go:6",
            "24 call v.Run -> b.go:7",
        ]
    );
    assert_eq!(
        calls_of(dir.path(), "a.rs:11", "run"),
        [
            "14 call y.run -> a.rs:5",
            "17 call y.run -> a.rs:9",
            // `let z = z.run()` reads the `z` it hides, and the next line the new one.
            "20 call z.run -> a.rs:5",
            "21 call z.run -> a.rs:9",
        ]
    );
    assert_eq!(
        calls_of(dir.path(), "c.kt:7", "run"),
        ["10 call y.run -> c.kt:2", "13 call y.run -> c.kt:5"]
    );
    assert_eq!(
        calls_of(dir.path(), "d.swift:3", "run"),
        ["6 call y.run -> d.swift:1", "9 call y.run -> d.swift:2"]
    );
    assert_eq!(
        calls_of(dir.path(), "e.cpp:3", "run"),
        ["6 call y.run -> e.cpp:1", "9 call y.run -> e.cpp:2"]
    );
}

#[test]
fn assigning_a_kotlin_property_declares_no_local_of_its_name() {
    let dir = tree(&[(
        "Client.kt",
        "class Call {\n    fun execute() {}\n}\nclass Client {\n    fun newBuilder(): Client = this\n\
         \x20   fun newCall(): Call = Call()\n}\n\
         class ClientTest {\n    private lateinit var client: Client\n\n    fun test() {\n\
         \x20       client =\n            client\n                .newBuilder()\n\
         \x20       val call = client.newCall()\n        call.execute()\n    }\n}\n",
    )]);
    // The assignment once declared an untyped local `client` that hid the property.
    has_all(
        &depends(dir.path(), &["ClientTest.test"]),
        &[
            "14 call client.newBuilder -> Client.kt:5",
            "15 call client.newCall -> Client.kt:6",
            "16 call call.execute -> Client.kt:2",
        ],
    );
}

#[test]
fn a_receiver_written_as_a_parameter_is_not_counted_among_a_call_s_arguments() {
    let dir = tree(&[
        (
            "lib.rs",
            "use std::future::Future;\nuse std::pin::Pin;\nuse std::task::{Context, Poll};\n\
             pub struct Spawn<T> { t: T }\n\
             impl<T: Future> Spawn<T> {\n    pub fn poll(&mut self) -> Poll<T::Output> { todo!() }\n}\n\
             impl<T: Future> Future for Spawn<T> {\n    type Output = T::Output;\n\
             \x20   fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> { todo!() }\n}\n\
             fn user(task: &mut Spawn<u8>) {\n    task.poll();\n}\n",
        ),
        (
            "m.py",
            "from typing import overload\n\nclass Box:\n    @overload\n    def put(self, a: int) -> None: ...\n\
             \x20   @overload\n    def put(self, a: int, b: int) -> None: ...\n\
             \x20   def put(self, a, b=None):\n        pass\n\n\
             def use(bx: Box):\n    bx.put(1)\n    bx.put(1, 2)\n",
        ),
    ]);
    // `&mut self` is passed before the dot: the call with no argument is the inherent
    // `poll`, not one no overload can take (and so missing from what-breaks).
    has_all(
        &depends(dir.path(), &["user"]),
        &["13 call task.poll -> lib.rs:6"],
    );
    assert_eq!(
        breaks_both_ways(dir.path(), &["--all", "poll"]),
        ["lib.rs:13 definition"]
    );
    let put = breaks_both_ways(dir.path(), &["--all", "put"]);
    assert_eq!(put.len(), 2, "{put:?}");
    assert!(put.iter().any(|u| u.starts_with("m.py:12 ")), "{put:?}");
}

#[test]
fn a_type_named_through_a_type_parameter_is_unresolved_not_a_library() {
    let dir = tree(&[(
        "lib.rs",
        "use std::future::Future;\npub struct Runtime;\nimpl Runtime {\n\
         \x20   pub fn block_on<F: Future>(&self, future: F) -> F::Output { todo!() }\n}\n\
         fn user(rt: Runtime) {\n    let tx = rt.block_on(async { 1 });\n    tx.clone();\n}\n",
    )]);
    // `F::Output` was read as a path into a crate named `F`.
    has_all(
        &depends(dir.path(), &["user"]),
        &["7 call rt.block_on -> lib.rs:4", "8 call tx.clone -> ?"],
    );
}

#[test]
fn a_local_copied_from_another_has_its_type_even_when_it_hides_it() {
    let dir = tree(&[
        (
            "a.kt",
            "class Foo {\n    fun run() {}\n}\nfun verify(hostname: String?, foo: Foo) {\n\
             \x20   var hostname = hostname\n    hostname.startsWith(\".\")\n    val f = foo\n    f.run()\n\
             \x20   var foo = foo\n    foo.run()\n}\n",
        ),
        (
            "a.rs",
            "struct Foo;\nimpl Foo {\n    fn run(&self) {}\n}\nfn verify(foo: Foo) {\n    let f = foo;\n    f.run();\n\
             \x20   let foo = foo;\n    foo.run();\n}\n",
        ),
    ]);
    // `var hostname = hostname` hid the parameter behind a local of no known type.
    has_all(
        &depends(dir.path(), &["a.kt:4"]),
        &[
            "6 call hostname.startsWith -> external:kotlin",
            "8 call f.run -> a.kt:2",
            "10 call foo.run -> a.kt:2",
        ],
    );
    has_all(
        &depends(dir.path(), &["a.rs::verify#function"]),
        &["7 call f.run -> a.rs:3", "9 call foo.run -> a.rs:3"],
    );
}

#[test]
fn a_go_type_switch_variable_has_its_clause_s_type() {
    let dir = tree(&[(
        "a.go",
        "package p\n\ntype Shape interface{ Area() int }\ntype Sq struct{}\n\
         func (s *Sq) Area() int { return 1 }\nfunc (s *Sq) Side() int { return 1 }\n\
         type Ci struct{}\nfunc (c *Ci) Area() int { return 2 }\nfunc (c *Ci) Side() int { return 2 }\n\n\
         func f(x Shape) {\n\tswitch v := x.(type) {\n\tcase *Sq:\n\t\tv.Side()\n\tcase *Ci:\n\t\tv.Side()\n\
         \tcase *Sq, *Ci:\n\t\tv.Area()\n\tdefault:\n\t\tv.Area()\n\t}\n}\n",
    )]);
    // `v` was bound nowhere: every call on it was unresolved.
    assert_eq!(
        calls_of(dir.path(), "a.go:11", "v."),
        [
            "14 call v.Side -> a.go:6",
            "16 call v.Side -> a.go:9",
            // Of several types, or none: what `x` is.
            "18 call v.Area -> a.go:3",
            "20 call v.Area -> a.go:3",
        ]
    );
}

#[test]
fn swift_optional_bindings_hold_in_their_body_or_after_their_guard() {
    let dir = tree(&[(
        "b.swift",
        "class Req {\n    func run() {}\n    var url: Req?\n}\nclass Box {\n    func get() -> Req? { return nil }\n}\n\
         class SD {\n    func request(for t: Int) -> Req? { return nil }\n\
         \x20   func f(box: Box, opt: Req?, any: Any) {\n\
         \x20       guard let request = request(for: 1) else { return }\n        request.run()\n\
         \x20       if let r = box.get() { r.run() }\n        if let opt { opt.run() }\n\
         \x20       while let u = request.url { u.run() }\n        if let q = opt, q.url != nil { q.run() }\n\
         \x20       guard let c = any as? Req else { return }\n        c.run()\n    }\n}\n",
    )]);
    // Before, `request` after the guard was the method of that name (a wrong answer),
    // and the other names were bound nowhere. The guard's own value calls the method:
    // the local it declares holds only after it.
    assert_eq!(
        calls_of(dir.path(), "SD.f", " -> "),
        [
            "11 call request -> b.swift:9",
            "12 call request.run -> b.swift:2",
            "13 call box.get -> b.swift:6",
            "13 call r.run -> b.swift:2",
            "14 call opt.run -> b.swift:2",
            "15 call u.run -> b.swift:2",
            "16 call q.run -> b.swift:2",
            "18 call c.run -> b.swift:2",
        ]
    );
}

#[test]
fn a_ruby_block_parameter_taken_apart_binds_each_of_its_names() {
    let dir = tree(&[(
        "cops.rb",
        "class Cops\n  def key\n  end\n\n  def group\n\
         \x20   @config.each_with_object({}) do |(key, (conf, *rest)), acc|\n\
         \x20     acc[key] = conf.merge(rest)\n    end\n    key\n  end\nend\n",
    )]);
    // `key` inside the block is the block's; after it, the method of that name. Before,
    // `key`, `conf` and `rest` were calls of methods named so.
    assert_eq!(
        depends(dir.path(), &["Cops.group"]),
        [
            "6 call @config.each_with_object -> ?",
            "7 call conf.merge -> ?",
            "9 call key -> cops.rb:2",
        ]
    );
}
