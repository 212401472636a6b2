//! Resolution on small multi-file projects per language: each use must resolve to the
//! right definition, or be reported external or unresolved, never tied to a
//! same-named definition elsewhere.

mod common;

use common::answers::{breaks_both_ways, data, depends, deps, has, has_all, uses};
use common::{codesearch, json_run as json, tree};

fn java_project() -> tempfile::TempDir {
    tree(&[
        (
            "src/a/Util.java",
            "package a;\n\npublic class Util {\n    public static void run() {}\n}\n",
        ),
        (
            "src/b/Util.java",
            "package b;\n\npublic class Util {\n    public static void run() {}\n}\n",
        ),
        (
            "src/a/Repo.java",
            "package a;\n\npublic class Repo {\n    public void put(String k) {}\n    public void save() {}\n}\n",
        ),
        (
            "src/a/Base.java",
            "package a;\n\npublic class Base {\n    protected void helper() {}\n}\n",
        ),
        (
            "src/a/Builder.java",
            "package a;\n\npublic class Builder {\n    public Builder() {}\n\n    public Builder add(String s) { return this; }\n\n    public Builder add(int n) { return add(String.valueOf(n)); }\n}\n",
        ),
        (
            "src/a/Main.java",
            "package a;\n\nimport java.util.Map;\nimport java.util.HashMap;\nimport static b.Util.run;\n\n\
             public class Main extends Base {\n    private Repo repo = new Repo();\n\n    public void go(Map<String, String> m) {\n\
             \x20       Map<String, String> local = new HashMap<>();\n        local.put(\"k\", \"v\");\n        m.put(\"k\", \"v\");\n\
             \x20       repo.put(\"k\");\n        this.repo.save();\n        helper();\n        run();\n        Util.run();\n\
             \x20       new Builder().add(1).add(\"x\");\n    }\n}\n",
        ),
    ])
}

#[test]
fn java_resolves_through_imports_receivers_and_supertypes() {
    let dir = java_project();
    let got = depends(dir.path(), &["Main.go"]);
    has_all(
        &got,
        &[
            "12 call local.put -> external:java.util",
            "13 call m.put -> external:java.util",
            "14 call repo.put -> src/a/Repo.java:4",
            "15 call this.repo.save -> src/a/Repo.java:5",
            "16 call helper -> src/a/Base.java:4",
            // A static import of b.Util.run wins over the same-package a.Util.
            "17 call run -> src/b/Util.java:4",
            // `Util` without an import is the same package's.
            "18 call Util.run -> src/a/Util.java:4",
            "19 call Builder -> src/a/Builder.java:3",
        ],
    );
}

#[test]
fn java_instanceof_pattern_variables_are_locals_of_their_type() {
    let dir = tree(&[
        (
            "src/p/Shapes.java",
            "package p;\n\nclass Base { void run() {} }\nclass A extends Base { void act() {} }\nclass B extends Base { void act() {} }\n",
        ),
        (
            "src/p/Use.java",
            "package p;\n\nclass Use {\n    void one(Base x) {\n        if (x instanceof A a) {\n            a.act();\n        }\n    }\n\n\
             \x20   void two(Base x) {\n        if (x instanceof A v) {\n            v.act();\n        } else if (x instanceof B v) {\n            v.act();\n        }\n    }\n\n\
             \x20   void three(Object o) {\n        switch (o) {\n            case B q -> q.act();\n            default -> {}\n        }\n    }\n}\n",
        ),
    ]);
    // Was taken for a library's package (`a.act` external) before patterns were read.
    let got = depends(dir.path(), &["Use.one"]);
    assert!(has(&got, "6 call a.act -> src/p/Shapes.java:4"), "{got:#?}");
    // One name, two patterns of two types in one method: neither type is a guess.
    let got = depends(dir.path(), &["Use.two"]);
    for line in ["12 call v.act -> ?", "14 call v.act -> ?"] {
        assert!(has(&got, line), "missing {line:?} in {got:#?}");
    }
    // A `case` pattern of a switch.
    let got = depends(dir.path(), &["Use.three"]);
    assert!(
        has(&got, "20 call q.act -> src/p/Shapes.java:5"),
        "{got:#?}"
    );
}

#[test]
fn a_kotlin_infix_call_is_a_call_on_its_left_operand() {
    let dir = tree(&[(
        "src/U.kt",
        "package p\n\
         internal infix fun Byte.and(mask: Int): Int = toInt() and mask\n\
         class R {\n  infix fun to(o: R): R = this\n}\n\
         fun use(r: R, n: Long) {\n  val y = r to r\n  val z = n and 3L\n}\n",
    )]);
    // `toInt() and mask` and `n and 3L` were a bare `and`, tied to the tree's
    // `Byte.and` whatever the left operand was.
    let inner = depends(dir.path(), &["src/U.kt:2"]);
    assert!(
        !inner.iter().any(|d| d.contains("src/U.kt:2")),
        "{inner:#?}"
    );
    let got = depends(dir.path(), &["use"]);
    has_all(&got, &["7 call r.to -> src/U.kt:4"]);
    assert!(!got.iter().any(|d| d.contains("src/U.kt:2")), "{got:#?}");
}

#[test]
fn a_csharp_null_conditional_member_is_the_receiver_s_not_the_class_s_namesake() {
    let dir = tree(&[(
        "W.cs",
        "using System.IO;\nnamespace N {\npublic class W {\n\
         \x20   private TextWriter _writer;\n    private W _next;\n\
         \x20   public bool Copy;\n    public void Close() {}\n\
         \x20   public void Flush() {\n        _writer?.Close();\n        _next?.Close();\n\
         \x20       if (_writer?.Copy ?? true) {}\n    }\n}\n}\n",
    )]);
    let got = depends(dir.path(), &["W.Flush"]);
    // `?.Close` was a bare `Close` of its own, tied to `W.Close`, and the call's
    // receiver was not read.
    has_all(
        &got,
        &[
            "9 call _writer.Close -> external:System.IO",
            "10 call _next.Close -> W.cs:7",
        ],
    );
    assert!(
        !got.iter()
            .any(|d| d.starts_with("9 ") && d.contains("W.cs:7"))
            && !got
                .iter()
                .any(|d| d.starts_with("11 ") && d.contains("W.cs:6")),
        "{got:#?}"
    );
    // what-breaks of `W.Close` finds the call through `_next?.` and no other.
    assert_eq!(
        breaks_both_ways(dir.path(), &["W.Close"]),
        ["W.cs:10 definition"]
    );
}

#[test]
fn csharp_is_and_case_pattern_variables_are_locals_of_their_type() {
    let dir = tree(&[(
        "P.cs",
        "namespace P {\n  class Base { public void Run() {} }\n  class A : Base { public void Act() {} }\n  class Use {\n\
         \x20   void One(Base x) {\n      if (x is A a) {\n        a.Act();\n      }\n    }\n\
         \x20   void Two(object o) {\n      switch (o) {\n        case A b: b.Act(); break;\n      }\n    }\n  }\n}\n",
    )]);
    let got = depends(dir.path(), &["Use.One"]);
    assert!(has(&got, "7 call a.Act -> P.cs:3"), "{got:#?}");
    let got = depends(dir.path(), &["Use.Two"]);
    assert!(has(&got, "12 call b.Act -> P.cs:3"), "{got:#?}");
}

#[test]
fn locals_of_one_name_in_blocks_apart_keep_their_own_types() {
    let dir = tree(&[
        (
            "src/p/L.java",
            "package p;\n\nimport java.util.List;\n\npublic class L {\n\
             \x20   static class Foo { void run() {} }\n    static class Bar { void run() {} }\n\n\
             \x20   void go(List<Foo> foos, List<Bar> bars, boolean c) {\n\
             \x20       for (Foo x : foos) {\n            x.run();\n        }\n\
             \x20       for (Bar x : bars) {\n            x.run();\n        }\n\
             \x20       if (c) {\n            Foo y = null;\n            y.run();\n        } else {\n\
             \x20           Bar y = null;\n            y.run();\n        }\n\
             \x20       Bar z = null;\n        try (z) {\n            z.run();\n        }\n\
             \x20       bars.forEach(w -> w.run());\n        Foo w = null;\n        w.run();\n\
             \x20       for (Foo v : foos) {\n            v.run();\n        }\n        v.run();\n    }\n\n\
             \x20   Bar v;\n}\n",
        ),
        (
            "L.cs",
            "class Foo { public void Run() {} }\nclass Bar { public void Run() {} }\n\n\
             class L {\n  void Go(bool c) {\n    if (c) {\n      var y = new Foo();\n      y.Run();\n\
             \x20   } else {\n      Bar y = null;\n      y.Run();\n    }\n  }\n}\n",
        ),
    ]);
    let calls = |symbol: &str| -> Vec<String> {
        depends(dir.path(), &[symbol])
            .into_iter()
            .filter(|d| d.contains(" call ") && d.contains(".run") || d.contains(".Run"))
            .collect()
    };
    // Before, the first of the method's locals of a name stood for all of them.
    assert_eq!(
        calls("L.go"),
        [
            "11 call x.run -> src/p/L.java:6",
            "14 call x.run -> src/p/L.java:7",
            "18 call y.run -> src/p/L.java:6",
            "21 call y.run -> src/p/L.java:7",
            // A resource naming a local declared before is that local.
            "25 call z.run -> src/p/L.java:7",
            // A lambda's untyped parameter is not the local declared after it: it is
            // an element of `bars`.
            "27 call w.run -> src/p/L.java:7",
            "29 call w.run -> src/p/L.java:6",
            // Past the loop, its variable no longer holds: the field does.
            "31 call v.run -> src/p/L.java:6",
            "33 call v.run -> src/p/L.java:7",
        ]
    );
    // C#'s `L` is not Java's `L`, whose nested `Foo` it once took `new Foo()` for.
    assert_eq!(
        calls("L.Go"),
        ["8 call y.Run -> L.cs:1", "11 call y.Run -> L.cs:2"]
    );
}

#[test]
fn a_catch_variable_has_its_clause_s_type_in_that_clause_only() {
    let dir = tree(&[
        (
            "src/p/K.java",
            "package p;\n\nclass AEx extends RuntimeException { String name() { return \"\"; } }\n\
             class BEx extends RuntimeException { String name() { return \"\"; } }\n\n\
             class K {\n    void run() {\n        try {\n            go();\n        }\n\
             \x20       catch (AEx ex) {\n            ex.name();\n        }\n\
             \x20       catch (BEx ex) {\n            ex.name();\n            ex.getMessage();\n        }\n\
             \x20       catch (IllegalStateException | IllegalArgumentException ex) {\n\
             \x20           ex.name();\n        }\n    }\n\n    void go() {}\n}\n",
        ),
        (
            "K.cs",
            "namespace N {\n  class AEx : System.Exception { public string Name() { return \"\"; } }\n\
             \x20 class BEx : System.Exception { public string Name() { return \"\"; } }\n\
             \x20 class K {\n    void Run() {\n      try { Go(); }\n\
             \x20     catch (AEx ex) { ex.Name(); }\n      catch (BEx ex) { ex.Name(); }\n    }\n\
             \x20   void Go() {}\n  }\n}\n",
        ),
    ]);
    let calls = |symbol: &str| -> Vec<String> {
        depends(dir.path(), &[symbol])
            .into_iter()
            .filter(|d| d.contains(" call ex."))
            .collect()
    };
    // Before, the first clause's variable stood for every one of the method, and
    // Java's had no type at all.
    assert_eq!(
        calls("K.run"),
        [
            "12 call ex.name -> src/p/K.java:3",
            "15 call ex.name -> src/p/K.java:4",
            "16 call ex.getMessage -> external:java.lang",
            // A multi-catch variable is of no one type.
            "19 call ex.name -> ?",
        ]
    );
    assert_eq!(
        calls("K.Run"),
        ["7 call ex.Name -> K.cs:2", "8 call ex.Name -> K.cs:3"]
    );
}

#[test]
fn java_same_named_definitions_in_two_packages_stay_apart() {
    let dir = java_project();
    let (code, recs) = json(dir.path(), &["what-breaks", "b.Util.run"]);
    assert_eq!(code, 0, "{recs:?}");
    // The static import and the call through it.
    assert_eq!(
        uses(&recs),
        [
            "src/a/Main.java:5 definition",
            "src/a/Main.java:17 definition"
        ]
    );
    let (code, recs) = json(dir.path(), &["what-breaks", "a.Util.run"]);
    assert_eq!(code, 0);
    assert_eq!(uses(&recs), ["src/a/Main.java:18 definition"]);
    // The library's Map.put is not the repository's Repo.put.
    let (_, recs) = json(dir.path(), &["what-breaks", "Repo.put"]);
    assert_eq!(uses(&recs), ["src/a/Main.java:14 definition"]);
}

#[test]
fn class_and_constructors_are_one_target_and_overloads_too() {
    let dir = java_project();
    let (code, recs) = json(dir.path(), &["what-breaks", "Builder"]);
    assert_eq!(code, 0, "{recs:?}");
    let syms = data(&recs, "symbol");
    assert_eq!(
        syms.len(),
        1,
        "one target for the class and its constructor"
    );
    assert_eq!(syms[0]["kind"], "class");
    let got = uses(&recs);
    // `new Builder()` and the type in `public Builder add(..)`.
    assert!(has(&got, "src/a/Main.java:19 definition"), "{got:?}");
    assert!(has(&got, "src/a/Builder.java:6 definition"), "{got:?}");
    // Both overloads of add are one target: every call of either is a use.
    let (code, recs) = json(dir.path(), &["what-breaks", "Builder.add"]);
    assert_eq!(code, 0);
    let lines: Vec<u64> = data(&recs, "reference")
        .iter()
        .map(|r| r["line"].as_u64().unwrap_or(0))
        .collect();
    assert_eq!(lines, [8, 19, 19]);
}

#[test]
fn a_call_no_counted_overload_fits_goes_to_the_overload_whose_parameters_span_lines() {
    let dir = tree(&[
        (
            "src/j/Joiner.java",
            "package j;\npublic class Joiner {\n    public static String join() { return \"\"; }\n    public static String join(String a) { return a; }\n    public static String join(final String a, final String b,\n            final String c) { return a + b + c; }\n}\n",
        ),
        (
            "src/j/Use.java",
            "package j;\npublic class Use {\n    static String go(String s) {\n        return Joiner.join(s, s, s) + Joiner.join(s);\n    }\n}\n",
        ),
    ]);
    let got = depends(dir.path(), &["Use.go"]);
    assert!(
        has(&got, "4 call Joiner.join -> src/j/Joiner.java:5"),
        "{got:?}"
    );
    assert!(
        has(&got, "4 call Joiner.join -> src/j/Joiner.java:4"),
        "{got:?}"
    );
}

#[test]
fn an_overload_pointed_at_alone_is_not_used_by_calls_its_arguments_tie_to_another() {
    let dir = tree(&[
        (
            "src/j/Printer.java",
            "package j;\npublic class Printer {\n    public static void print(int n) {\n        print(n, 0);\n    }\n    public static void print(String s) {}\n    public static void print(int a, int b) {}\n}\n",
        ),
        (
            "src/j/Use.java",
            "package j;\npublic class Use {\n    static void go(Object o) {\n        Printer.print(o);\n        Printer.print(1, 2);\n    }\n}\n",
        ),
    ]);
    // `print(int a, int b)`, by its line: the two-argument calls are its uses; the
    // one-argument call, which two other overloads can take, is not.
    assert_eq!(
        breaks_both_ways(dir.path(), &["src/j/Printer.java:7"]),
        [
            "src/j/Printer.java:4 definition",
            "src/j/Use.java:5 definition"
        ]
    );
    // `print(int n)`: the call its arguments cannot tie to one overload may be its,
    // or `print(String s)`'s: it is listed as a call of one of the overloads, not as
    // one of `print(int n)` (nor is it as one of `print(String s)`); the two-argument
    // ones are another overload's.
    assert_eq!(
        breaks_both_ways(dir.path(), &["src/j/Printer.java:3"]),
        ["src/j/Use.java:4 overloads"]
    );
    assert_eq!(
        breaks_both_ways(dir.path(), &["src/j/Printer.java:6"]),
        ["src/j/Use.java:4 overloads"]
    );
    let text = codesearch()
        .current_dir(dir.path())
        .args(["what-breaks", "src/j/Printer.java:3"])
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("Use.go (one of its overloads)"), "{text}");
    // By its id with the overload's suffix, as by its line.
    let (_, recs) = json(dir.path(), &["find-symbol", "Printer.print"]);
    let ids: Vec<&str> = data(&recs, "symbol")
        .iter()
        .filter_map(|s| s["id"].as_str())
        .collect();
    let third = ids
        .iter()
        .find(|id| id.ends_with("~2"))
        .unwrap_or_else(|| panic!("{ids:?}"));
    assert_eq!(
        breaks_both_ways(dir.path(), &[third]),
        [
            "src/j/Printer.java:4 definition",
            "src/j/Use.java:5 definition"
        ]
    );
    // Named, the overloads are one target: every call of any of them is a use.
    assert_eq!(
        breaks_both_ways(dir.path(), &["Printer.print"]),
        [
            "src/j/Printer.java:4 definition",
            "src/j/Use.java:4 definition",
            "src/j/Use.java:5 definition"
        ]
    );
    // What the overload pointed at uses is what is inside it alone.
    assert_eq!(
        depends(dir.path(), &["src/j/Printer.java:3"]),
        ["4 call print -> src/j/Printer.java:7"]
    );
}

#[test]
fn java_overloads_of_one_arity_are_told_apart_by_the_types_their_arguments_show() {
    let dir = tree(&[
        (
            "src/p/R.java",
            "package p;\nimport java.util.Map;\npublic class R {\n\
             \x20   public static String f(String t, Class<?> c) { return t; }\n\
             \x20   public static String f(String t, Map<String, String> m) { return t; }\n\
             \x20   public static void g(int n, String s) {}\n\
             \x20   public static void g(long n, Object s) {}\n}\n",
        ),
        (
            "src/p/U.java",
            "package p;\nimport java.util.Map;\nimport java.util.HashMap;\nimport static p.R.f;\n\
             public class U {\n\
             \x20   void params(Map<String, String> byName, Class<?> k) {\n\
             \x20       R.f(\"a\", byName);\n\
             \x20       f(\"a\", k);\n\
             \x20       R.f(\"a\", U.class);\n\
             \x20       R.f(\"a\", (Map<String, String>) null);\n\
             \x20   }\n\
             \x20   void locals() {\n\
             \x20       Map<String, String> m = new HashMap<>();\n\
             \x20       f(\"a\", m);\n\
             \x20       R.f(\"a\", new HashMap<String, String>());\n\
             \x20       R.f(\"a\", unknown());\n\
             \x20       R.g(1, \"s\");\n\
             \x20       R.g(2L, \"s\");\n\
             \x20   }\n\
             \x20   void twice(boolean b) {\n\
             \x20       if (b) { Class<?> x = U.class; f(\"a\", x); }\n\
             \x20       else { Map<String, String> x = null; f(\"a\", x); }\n\
             \x20   }\n\
             \x20   static Object unknown() { return null; }\n}\n",
        ),
        (
            "src/p/V.java",
            "package p;\nimport java.util.Map;\nimport java.util.function.Consumer;\n\
             public class V {\n\
             \x20   private Class<?> kind;\n\
             \x20   void go(Object o) {\n\
             \x20       R.f(\"a\", kind);\n\
             \x20   }\n\
             \x20   void narrowed(Object o) {\n\
             \x20       if (o instanceof Map kind) { R.f(\"a\", kind); }\n\
             \x20   }\n\
             \x20   void lambda() {\n\
             \x20       Consumer<Map<String, String>> c = (kind) -> R.f(\"a\", kind);\n\
             \x20   }\n\
             \x20   void cases(int k) {\n\
             \x20       switch (k) {\n\
             \x20           case 1:\n\
             \x20               Map<String, String> kind = null;\n\
             \x20               break;\n\
             \x20           case 2:\n\
             \x20               kind = null;\n\
             \x20               R.f(\"a\", kind);\n\
             \x20       }\n\
             \x20   }\n}\n",
        ),
    ]);
    let got = depends(dir.path(), &["U.params"]);
    has_all(
        &got,
        &[
            // A parameter's declared type, a class literal, a cast.
            "7 call R.f -> src/p/R.java:5",
            "8 call f -> src/p/R.java:4",
            "9 call R.f -> src/p/R.java:4",
            "10 call R.f -> src/p/R.java:5",
        ],
    );
    let got = depends(dir.path(), &["U.locals"]);
    has_all(
        &got,
        &[
            // A local declared with its type (and an initialiser).
            "14 call f -> src/p/R.java:5",
            // A `HashMap` is a `Map`, but not the very type: which overload is most
            // specific is not told without the library's types.
            "15 call R.f -> overloads of src/p/R.java:4",
            "16 call R.f -> overloads of src/p/R.java:4",
            // `int` and `String` are the very types of the first `g`; `2L` is a `long`,
            // but `"s"` is not an `Object`: the second `g` is not told.
            "17 call R.g -> src/p/R.java:6",
            "18 call R.g -> overloads of src/p/R.java:6",
        ],
    );
    // One name declared with two types in two blocks of one method: each call sees
    // the one of its block.
    let got = depends(dir.path(), &["U.twice"]);
    has_all(
        &got,
        &["21 call f -> src/p/R.java:4", "22 call f -> src/p/R.java:5"],
    );
    // A field's declared type; a pattern's variable or an untyped lambda parameter
    // that hides the field tells nothing.
    has_all(
        &depends(dir.path(), &["V.go"]),
        &["7 call R.f -> src/p/R.java:4"],
    );
    has_all(
        &depends(dir.path(), &["V.narrowed"]),
        &["10 call R.f -> overloads of src/p/R.java:4"],
    );
    has_all(
        &depends(dir.path(), &["V.lambda"]),
        &["13 call R.f -> overloads of src/p/R.java:4"],
    );
    // A switch's block is one scope: the local one case declares hides the field in
    // the cases after it.
    has_all(
        &depends(dir.path(), &["V.cases"]),
        &["22 call R.f -> src/p/R.java:5"],
    );
    // Pointed at by its line, the `(String, Class)` overload is used by the calls its
    // arguments pick, and may be by those they leave undecided.
    assert_eq!(
        breaks_both_ways(dir.path(), &["src/p/R.java:4"]),
        [
            "src/p/U.java:4 definition",
            "src/p/U.java:8 definition",
            "src/p/U.java:9 definition",
            "src/p/U.java:15 overloads",
            "src/p/U.java:16 overloads",
            "src/p/U.java:21 definition",
            "src/p/V.java:7 definition",
            "src/p/V.java:10 overloads",
            "src/p/V.java:13 overloads",
        ]
    );
}

#[test]
fn a_local_declared_after_a_call_is_not_what_its_argument_names_but_is_for_the_calls_after_it() {
    // The declarations of a scope are read once for all the calls in it: a call before
    // a local's declaration still sees the field, in the method and in each case of a
    // switch, and every call after it sees the local.
    let dir = tree(&[
        (
            "src/p/R.java",
            "package p;\nimport java.util.Map;\npublic class R {\n\
             \x20   public static String f(String t, Class<?> c) { return t; }\n\
             \x20   public static String f(String t, Map<String, String> m) { return t; }\n}\n",
        ),
        (
            "src/p/W.java",
            "package p;\nimport java.util.Map;\npublic class W {\n\
             \x20   private Class<?> kind;\n\
             \x20   void order() {\n\
             \x20       R.f(\"a\", kind);\n\
             \x20       Map<String, String> kind = null;\n\
             \x20       R.f(\"a\", kind);\n\
             \x20       R.f(\"b\", kind);\n\
             \x20   }\n\
             \x20   void cases(int k) {\n\
             \x20       switch (k) {\n\
             \x20           case 1:\n\
             \x20               R.f(\"a\", kind);\n\
             \x20               Map<String, String> kind = null;\n\
             \x20               R.f(\"a\", kind);\n\
             \x20               break;\n\
             \x20           default:\n\
             \x20               R.f(\"a\", kind);\n\
             \x20       }\n\
             \x20   }\n}\n",
        ),
    ]);
    has_all(
        &depends(dir.path(), &["W.order"]),
        &[
            "6 call R.f -> src/p/R.java:4",
            "8 call R.f -> src/p/R.java:5",
            "9 call R.f -> src/p/R.java:5",
        ],
    );
    has_all(
        &depends(dir.path(), &["W.cases"]),
        &[
            "14 call R.f -> src/p/R.java:4",
            "16 call R.f -> src/p/R.java:5",
            "19 call R.f -> src/p/R.java:5",
        ],
    );
}

#[test]
fn a_call_its_arguments_cannot_tie_to_one_overload_resolves_to_the_overloads() {
    let dir = tree(&[
        (
            "src/j/Printer.java",
            "package j;\npublic class Printer {\n    public static void print(int n) {}\n    public static void print(String s) {}\n    public static void print(int a, int b) {}\n}\n",
        ),
        (
            "src/j/Use.java",
            "package j;\npublic class Use {\n    static void go(Object o) {\n        Printer.print(o);\n        Printer.print(1, 2);\n    }\n}\n",
        ),
    ]);
    let (code, recs) = json(dir.path(), &["what-depends", "Use.go"]);
    assert_eq!(code, 0, "{recs:?}");
    let got = deps(&recs);
    // Two overloads take one argument: neither is picked.
    assert!(
        has(
            &got,
            "4 call Printer.print -> overloads of src/j/Printer.java:3"
        ),
        "{got:?}"
    );
    assert!(
        has(&got, "5 call Printer.print -> src/j/Printer.java:5"),
        "{got:?}"
    );
    let summary = data(&recs, "summary");
    // Counted as resolved: the two calls and the two uses of the class.
    assert_eq!(summary[0]["resolved"], 4, "{recs:?}");
    let text = codesearch()
        .current_dir(dir.path())
        .args(["what-depends", "Use.go"])
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("Printer.print (one of its overloads)"),
        "{text}"
    );
    // Both uses are uses of the one target the overloads make.
    assert_eq!(
        breaks_both_ways(dir.path(), &["Printer.print"]),
        ["src/j/Use.java:4 definition", "src/j/Use.java:5 definition"]
    );
}

#[test]
fn a_type_of_the_package_is_not_taken_for_a_member_of_a_library_supertype() {
    let dir = tree(&[
        ("src/p/Root.java", "package p;\npublic class Root {}\n"),
        (
            "src/p/Use.java",
            "package p;\n\nimport java.io.Closeable;\n\npublic class Use implements Closeable {\n    void go() {\n        Root r = make();\n        trace();\n    }\n    Root make() { return new Root(); }\n}\n",
        ),
    ]);
    let got = depends(dir.path(), &["Use.go"]);
    assert!(has(&got, "7 type_use Root -> src/p/Root.java:2"), "{got:?}");
    // A method the class does not define may still come from the library type.
    assert!(has(&got, "8 call trace -> external:java.io"), "{got:?}");
    let got = depends(dir.path(), &["Use.make"]);
    assert!(has(&got, "10 call Root -> src/p/Root.java:2"), "{got:?}");
    assert_eq!(
        breaks_both_ways(dir.path(), &["Root"]),
        [
            "src/p/Use.java:7 definition",
            "src/p/Use.java:10 definition",
            "src/p/Use.java:10 definition"
        ]
    );
}

#[test]
fn ambiguous_names_list_signatures_and_qualified_names_pick_one() {
    let dir = java_project();
    let out = codesearch()
        .current_dir(dir.path())
        .args(["what-breaks", "run"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("ambiguous"), "{err}");
    assert!(
        err.contains("public static void run() {}"),
        "signatures shown: {err}"
    );
    let (code, recs) = json(dir.path(), &["what-breaks", "run"]);
    assert_eq!(code, 2);
    let e = data(&recs, "error");
    assert_eq!(
        e[0]["candidates"].as_array().map(Vec::len),
        Some(2),
        "{recs:?}"
    );
}

fn python_project() -> tempfile::TempDir {
    tree(&[
        ("app/__init__.py", ""),
        ("app/models/__init__.py", "from .user import User\n"),
        (
            "app/models/user.py",
            "class User:\n    def __init__(self, name):\n        self.name = name\n\n    def save(self):\n        return self\n",
        ),
        ("app/helpers.py", "def fmt(x):\n    return x\n"),
        (
            "app/cache.py",
            "class Cache:\n    def save(self):\n        pass\n",
        ),
        (
            "app/signup.py",
            "import json\nimport app.models as m\nfrom app.models import User\nfrom .helpers import fmt\n\n\n\
             def signup(name, items):\n    u = User(name)\n    u.save()\n    items.save()\n    m.User(name)\n\
             \x20   json.dumps(fmt(name))\n    return len(items)\n",
        ),
    ])
}

#[test]
fn python_resolves_modules_reexports_and_typed_locals() {
    let dir = python_project();
    let got = depends(dir.path(), &["signup"]);
    has_all(
        &got,
        &[
            // Through the package's re-export.
            "8 call User -> app/models/user.py:1",
            "9 call u.save -> app/models/user.py:5",
            // An untyped parameter: undecidable.
            "10 call items.save -> ?",
            "11 call m.User -> app/models/user.py:1",
            "12 call json.dumps -> external:json",
            "12 call fmt -> app/helpers.py:1",
            "13 call len -> external:builtins",
        ],
    );
    // Cache.save is used by nobody for sure; items.save() could be it.
    let (code, recs) = json(dir.path(), &["what-breaks", "Cache.save"]);
    assert_eq!(code, 0);
    assert_eq!(uses(&recs), ["app/signup.py:10 unresolved"]);
}

#[test]
fn a_module_inside_a_package_does_not_shadow_a_top_level_import_of_its_name() {
    let dir = tree(&[
        ("app/__init__.py", ""),
        ("app/util/__init__.py", ""),
        // Importable only as `app.util.json`; its own `import json` is the standard
        // library's (run as a script, it would import itself).
        (
            "app/util/json.py",
            "import json\n\n\ndef loads(text):\n    return json.loads(text)\n",
        ),
        (
            "app/main.py",
            "import json\n\n\ndef read(text):\n    return json.loads(text)\n",
        ),
        // Beside a module of the name, in a package: a script run directly would
        // import its neighbour, a module imported by its package would not.
        (
            "app/util/tool.py",
            "import json\n\n\ndef run(text):\n    return json.loads(text)\n",
        ),
        // A directory that is no package may be on the search path.
        ("tools/fmt.py", "def shout(s):\n    return s\n"),
        (
            "app/cli.py",
            "import fmt\n\n\ndef main(s):\n    return fmt.shout(s)\n",
        ),
    ]);
    assert_eq!(
        depends(dir.path(), &["read"]),
        ["5 call json.loads -> external:json"]
    );
    assert_eq!(depends(dir.path(), &["run"]), ["5 call json.loads -> ?"]);
    assert_eq!(
        depends(dir.path(), &["app/util/json.py:4"]),
        ["5 call json.loads -> external:json"]
    );
    assert_eq!(
        depends(dir.path(), &["main"]),
        ["5 call fmt.shout -> tools/fmt.py:1"]
    );
    assert_eq!(
        breaks_both_ways(dir.path(), &["app/util/json.py:4"]),
        ["app/util/tool.py:5 unresolved"]
    );
}

#[test]
fn a_module_named_like_the_standard_library_s_is_it_only_for_its_own_directory() {
    let dir = tree(&[
        ("app/__init__.py", ""),
        (
            "app/main.py",
            "import json\n\n\ndef read(text):\n    return json.loads(text)\n",
        ),
        // A script's helper, found first by the scripts beside it.
        ("scripts/json.py", "def loads(text):\n    return text\n"),
        (
            "scripts/run.py",
            "import json\n\n\ndef run(text):\n    return json.loads(text)\n",
        ),
    ]);
    assert_eq!(
        depends(dir.path(), &["read"]),
        ["5 call json.loads -> external:json"]
    );
    assert_eq!(
        depends(dir.path(), &["run"]),
        ["5 call json.loads -> scripts/json.py:1"]
    );
}

#[test]
fn a_member_inherited_from_library_types_of_two_modules_names_no_module() {
    let dir = tree(&[(
        "errors.py",
        "from collections import UserList\n\n\nclass Mixin:\n    pass\n\n\n\
         class ErrorList(UserList, list, Mixin):\n    def copy(self):\n        return super().copy()\n\n\n\
         class Plain(UserList, Mixin):\n    def copy(self):\n        return super().copy()\n",
    )]);
    // Which of UserList and list defines it is the library's business.
    assert_eq!(
        depends(dir.path(), &["ErrorList.copy"]),
        ["10 call super().copy -> external:"]
    );
    assert_eq!(
        depends(dir.path(), &["Plain.copy"]),
        ["15 call super().copy -> external:collections"]
    );
}

#[test]
fn a_go_type_switch_variable_is_a_local_of_each_clause_s_type() {
    let dir = tree(&[
        ("go.mod", "module example.com/m\n\ngo 1.21\n"),
        (
            "a.go",
            "package m\n\ntype Base interface{ Run() }\ntype Foo struct{}\n\nfunc (f *Foo) Act() {}\nfunc (f *Foo) Run() {}\n\
             \ntype Bar struct{}\n\nfunc (b *Bar) Act() {}\nfunc (b *Bar) Run() {}\n\nfunc Use(x Base) {\n\
             \tswitch v := x.(type) {\n\tcase *Foo:\n\t\tv.Act()\n\tcase *Bar:\n\t\tv.Act()\n\t}\n\
             \tif f, ok := x.(*Foo); ok {\n\t\tf.Act()\n\t}\n}\n",
        ),
    ]);
    // `v` was taken for an imported package: its calls were external, and what-breaks
    // dropped them. Its type changes from clause to clause: each clause's own.
    let got = depends(dir.path(), &["Use"]);
    for line in [
        "17 call v.Act -> a.go:6",
        "19 call v.Act -> a.go:11",
        "22 call f.Act -> a.go:6",
    ] {
        assert!(has(&got, line), "missing {line:?} in {got:#?}");
    }
}

#[test]
fn go_resolves_packages_by_module_path() {
    let dir = tree(&[
        ("go.mod", "module example.com/app\n\ngo 1.22\n"),
        (
            "store/db.go",
            "package store\n\ntype DB struct{}\n\nfunc Open() *DB { return &DB{} }\n\nfunc (d *DB) Query(q string) string { return q }\n",
        ),
        (
            "other/db.go",
            "package other\n\nfunc Open() int { return 1 }\n",
        ),
        (
            "main.go",
            "package main\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/app/store\"\n)\n\n\
             func main() {\n\tdb := &store.DB{}\n\tfmt.Println(db.Query(\"x\"))\n\tstore.Open()\n\thelp()\n}\n",
        ),
        ("help.go", "package main\n\nfunc help() {}\n"),
    ]);
    let got = depends(dir.path(), &["main.main"]);
    has_all(
        &got,
        &[
            "10 type_use store.DB -> store/db.go:3",
            "11 call fmt.Println -> external:fmt",
            "11 call db.Query -> store/db.go:7",
            "12 call store.Open -> store/db.go:5",
            // The same package is the same directory.
            "13 call help -> help.go:3",
        ],
    );
    // No use: it exits 1, as grep does (2 would be an error, answering nothing).
    let (code, recs) = json(dir.path(), &["what-breaks", "other.Open"]);
    assert_eq!(code, 1, "{recs:?}");
    assert!(uses(&recs).is_empty(), "{recs:?}");
}

#[test]
fn a_go_import_from_outside_the_module_is_external_whatever_directory_ends_like_it() {
    let dir = tree(&[
        ("go.mod", "module example.com/app\n\ngo 1.22\n"),
        // A directory named like the library's package, with a function of its name.
        ("cmd/aws/main.go", "package main\n\nfunc String(s string) *string { return &s }\n"),
        ("store/db.go", "package store\n\nfunc Open() int { return 1 }\n"),
        (
            "vendor/github.com/lib/pq/conn.go",
            "package pq\n\nfunc Dial() int { return 1 }\n",
        ),
        (
            "main.go",
            "package main\n\nimport (\n\t\"github.com/aws/aws-sdk-go-v2/aws\"\n\t\"github.com/lib/pq\"\n)\n\n\
             func main() {\n\taws.String(\"x\")\n\tpq.Dial()\n}\n",
        ),
        // Another module of the tree, importing this one's package.
        ("tools/go.mod", "module example.com/tools\n\ngo 1.22\n"),
        (
            "tools/gen.go",
            "package tools\n\nimport \"example.com/app/store\"\n\nfunc Gen() int { return store.Open() }\n",
        ),
    ]);
    let got = depends(dir.path(), &["main.main"]);
    has_all(
        &got,
        &[
            "9 call aws.String -> external:github.com/aws/aws-sdk-go-v2/aws",
            "10 call pq.Dial -> vendor/github.com/lib/pq/conn.go:3",
        ],
    );
    let got = depends(dir.path(), &["tools.Gen"]);
    has_all(&got, &["5 call store.Open -> store/db.go:3"]);
    let (code, recs) = json(dir.path(), &["what-breaks", "cmd/aws/main.go:3"]);
    assert_eq!(code, 1, "{recs:?}");
    assert!(uses(&recs).is_empty(), "{recs:?}");
}

#[test]
fn go_variants_for_different_builds_resolve_to_the_default_build_s() {
    let dir = tree(&[
        ("go.mod", "module example.com/app\n\ngo 1.22\n"),
        (
            "labels/labels_string.go",
            "//go:build !slicelabels\n\npackage labels\n\ntype Labels struct{}\n\n\
             func (l Labels) Get(n string) string { return n }\n",
        ),
        (
            "labels/labels_slice.go",
            "// Copyright\n\n//go:build slicelabels\n\npackage labels\n\ntype Labels []string\n\n\
             func (l Labels) Get(n string) string { return n }\n",
        ),
        (
            "lock_unix.go",
            "//go:build !windows\n\npackage main\n\nfunc newLock() int { return 1 }\n",
        ),
        (
            "lock_windows.go",
            "package main\n\nfunc newLock() int { return windowsLock() }\n\nfunc windowsLock() int { return 2 }\n",
        ),
        (
            "main.go",
            "package main\n\nimport \"example.com/app/labels\"\n\n\
             func main() {\n\tvar l labels.Labels\n\tl.Get(\"a\")\n\tnewLock()\n}\n",
        ),
        // Built only for Windows: the unix variant is never what it calls, Windows's
        // is.
        (
            "service_windows.go",
            "package main\n\nfunc serve() {\n\tnewLock()\n}\n",
        ),
    ]);
    let got = depends(dir.path(), &["main.main"]);
    has_all(
        &got,
        &[
            "6 type_use labels.Labels -> labels/labels_string.go:5",
            "7 call l.Get -> labels/labels_string.go:7",
            "8 call newLock -> lock_unix.go:5",
        ],
    );
    let got = depends(dir.path(), &["main.serve"]);
    has_all(&got, &["4 call newLock -> lock_windows.go:3"]);
    // What a variant uses is its own: not the other variants' calls.
    let got = depends(dir.path(), &["lock_unix.go:5"]);
    assert!(!got.iter().any(|d| d.contains("windowsLock")), "{got:?}");
    let got = depends(dir.path(), &["lock_windows.go:3"]);
    has_all(&got, &["3 call windowsLock -> lock_windows.go:5"]);
    // A use is a use of every variant: changing the other build's breaks it too.
    let found = breaks_both_ways(dir.path(), &["labels/labels_slice.go:9"]);
    assert!(
        found.contains(&"main.go:7 definition".to_string()),
        "{found:?}"
    );
}

#[test]
fn a_go_file_built_with_a_tag_uses_the_variant_no_other_variant_builds_beside() {
    let variant = |constraint: &str| {
        format!(
            "//go:build {constraint}\n\npackage labels\n\ntype SymbolTable struct{{}}\n\n\
             func NewSymbolTable() *SymbolTable {{ return nil }}\n"
        )
    };
    let dir = tree(&[
        ("go.mod", "module example.com/app\n\ngo 1.22\n"),
        (
            "labels/labels_string.go",
            &variant("!slicelabels && !dedupelabels"),
        ),
        ("labels/labels_slice.go", &variant("slicelabels")),
        ("labels/labels_dedupe.go", &variant("dedupelabels")),
        (
            "tsdb/head_dedupe.go",
            "//go:build dedupelabels\n\npackage tsdb\n\nimport \"example.com/app/labels\"\n\n\
             func Rebuild() *labels.SymbolTable { return labels.NewSymbolTable() }\n",
        ),
    ]);
    // Before, both were unresolved: a build with `slicelabels` set too seemed to
    // compile the slice variant, though it would compile two `SymbolTable`s.
    assert_eq!(
        depends(dir.path(), &["Rebuild"]),
        [
            "7 type_use labels.SymbolTable -> labels/labels_dedupe.go:5",
            "7 call labels.NewSymbolTable -> labels/labels_dedupe.go:7",
        ]
    );
}

#[test]
fn chains_of_library_calls_stay_the_library_s() {
    let dir = tree(&[
        (
            "src/Report.java",
            "package acme;\n\nimport java.util.List;\n\npublic class Report {\n\
             \x20 String render(List<String> rows, Object o) {\n\
             \x20   StringBuilder sb = new StringBuilder();\n\
             \x20   sb.append(\"a\").append(rows.size());\n\
             \x20   rows.stream().filter(r -> r.isEmpty()).map(r -> r.trim()).count();\n\
             \x20   return o.getClass().getSimpleName().trim();\n\
             \x20 }\n\
             \x20 void append(int x) {}\n  void filter() {}\n  void trim() {}\n}\n",
        ),
        (
            "tool.py",
            "def split(x):\n    return x\n\ndef clean(s: str):\n    return s.strip().split(\",\")\n",
        ),
    ]);
    let got = depends(dir.path(), &["Report.render"]);
    has_all(
        &got,
        &[
            "8 call sb.append(\"a\").append -> external:java.lang",
            "9 call rows.stream().filter -> external:java.util.stream",
            "9 call rows.stream().filter(r -> r.isEmpty()).map -> external:java.util.stream",
            "10 call o.getClass().getSimpleName().trim -> external:java.lang",
        ],
    );
    let got = depends(dir.path(), &["tool.clean"]);
    has_all(&got, &["5 call s.strip().split -> external:builtins"]);
}

#[test]
fn a_rust_local_unwrapped_from_a_result_or_option_has_the_type_it_holds() {
    let dir = tree(&[(
        "src/lib.rs",
        "pub struct File;\nimpl File {\n    pub async fn open(p: &str) -> std::io::Result<File> { Ok(File) }\n\
         \x20   pub fn find(p: &str) -> Option<Self> { Some(File) }\n    pub fn read(&self) -> usize { 1 }\n}\n\
         pub struct Other;\nimpl Other {\n    pub fn read(&self) -> usize { 2 }\n}\n\
         pub async fn run() -> std::io::Result<()> {\n\
         \x20   let a = File::open(\"a\").await?;\n    a.read();\n\
         \x20   let b = File::open(\"b\").await.unwrap();\n    b.read();\n\
         \x20   let c = File::find(\"c\").expect(\"there\");\n    c.read();\n\
         \x20   File::find(\"d\").unwrap().read();\n    Ok(())\n}\n",
    )]);
    let got = depends(dir.path(), &["run"]);
    has_all(
        &got,
        &[
            "13 call a.read -> src/lib.rs:5",
            "15 call b.read -> src/lib.rs:5",
            "17 call c.read -> src/lib.rs:5",
            "18 call File::find(\"d\").unwrap().read -> src/lib.rs:5",
        ],
    );
}

#[test]
fn rust_names_a_tuple_pattern_takes_apart_have_their_element_s_type() {
    let dir = tree(&[(
        "src/lib.rs",
        "pub struct Sender<T>(T);\npub struct Receiver<T>(T);\n\
         impl<T> Sender<T> {\n    pub fn send(&self) {}\n}\nimpl<T> Receiver<T> {\n    pub fn recv(&self) {}\n}\n\
         pub fn channel<T>() -> (Sender<T>, Receiver<T>) { todo!() }\n\
         pub fn open() -> std::io::Result<(Receiver<u8>, Sender<u8>)> { todo!() }\n\
         pub fn run() -> std::io::Result<()> {\n\
         \x20   let (tx, mut rx) = channel::<u8>();\n    tx.send();\n\
         \x20   std::thread::spawn(move || {\n        rx.recv();\n    });\n\
         \x20   let (_, back) = open()?;\n    back.send();\n    Ok(())\n}\n",
    )]);
    let got = depends(dir.path(), &["run"]);
    has_all(
        &got,
        &[
            "13 call tx.send -> src/lib.rs:4",
            "15 call rx.recv -> src/lib.rs:7",
            "18 call back.send -> src/lib.rs:4",
        ],
    );
}

#[test]
fn a_rust_impl_of_an_imported_type_has_that_type_s_members_though_others_share_its_name() {
    let dir = tree(&[
        ("src/lib.rs", "mod io;\nmod time;\n"),
        (
            "src/io/mod.rs",
            "pub(crate) struct Handle;\nimpl Handle {\n    pub(crate) fn is_shutdown(&self) -> bool { false }\n}\n",
        ),
        (
            "src/time/handle.rs",
            "pub(crate) struct Handle {\n    pub(super) inner: super::Inner,\n}\n\
             impl Handle {\n    pub(crate) fn is_shutdown(&self) -> bool { true }\n}\n",
        ),
        (
            "src/time/mod.rs",
            "mod handle;\npub(crate) use self::handle::Handle;\n\
             pub(crate) struct Inner;\nimpl Inner {\n    pub(super) fn lock(&self) {}\n}\n\
             impl Handle {\n    fn reregister(&self) {\n        self.inner.lock();\n        self.is_shutdown();\n    }\n}\n",
        ),
    ]);
    let got = depends(dir.path(), &["src/time/mod.rs:8"]);
    has_all(
        &got,
        &[
            "9 call self.inner.lock -> src/time/mod.rs:5",
            "10 call self.is_shutdown -> src/time/handle.rs:5",
        ],
    );
}

#[test]
fn a_go_method_called_on_a_value_is_no_conversion_to_a_type_of_its_name() {
    let dir = tree(&[
        ("go.mod", "module example.com/app\n\ngo 1.22\n"),
        (
            "db.go",
            "package app\n\ntype Log interface {\n\tErrorf(f string)\n}\n\n\
             type DB struct{ log Log }\n\nfunc (db *DB) Logger() Log { return db.log }\n\n\
             func (db *DB) run() {\n\tdb.Logger().Errorf(\"x\")\n}\n",
        ),
    ]);
    let got = depends(dir.path(), &["DB.run"]);
    has_all(&got, &["12 call db.Logger().Errorf -> db.go:4"]);
}

#[test]
fn typescript_resolves_relative_imports_and_marks_packages_external() {
    let dir = tree(&[
        ("src/parser.ts", "export function parse(s: string) { return s; }\n"),
        (
            "src/main.ts",
            "import { parse as p } from './parser';\nimport * as path from 'path';\nimport React from 'react';\n\n\
             export class App {\n  run(s: string) {\n    const m = new Map<string, number>();\n    m.set(s, 1);\n\
             \x20   path.join(p(s));\n    this.helper();\n    return React.createElement('div');\n  }\n  helper() {}\n}\n",
        ),
    ]);
    let got = depends(dir.path(), &["App.run"]);
    has_all(
        &got,
        &[
            "7 call Map -> external:globals",
            "8 call m.set -> external:globals",
            "9 call path.join -> external:path",
            "9 call p -> src/parser.ts:1",
            "10 call this.helper -> src/main.ts:13",
            "11 call React.createElement -> external:react",
        ],
    );
}

#[test]
fn c_prefers_the_file_own_static_function_and_marks_libc_external() {
    let dir = tree(&[
        ("buf.h", "typedef struct buf buf;\nbuf *bufnew(int n);\n"),
        (
            "buf.c",
            "#include \"buf.h\"\nstatic int helper(void) { return 1; }\nbuf *bufnew(int n) { helper(); return 0; }\n",
        ),
        (
            "main.c",
            "#include <stdio.h>\n#include \"buf.h\"\nstatic int helper(void) { return 2; }\n\
             int main(void) {\n  buf *b = bufnew(helper());\n  printf(\"%p\", (void *)b);\n  return 0;\n}\n",
        ),
    ]);
    let got = depends(dir.path(), &["main"]);
    has_all(
        &got,
        &[
            "5 call bufnew -> buf.c:3",
            "5 call helper -> main.c:3",
            "6 call printf -> external:",
        ],
    );
    let (_, recs) = json(dir.path(), &["what-breaks", "buf.c::helper#function"]);
    assert_eq!(uses(&recs), ["buf.c:3 definition"]);
}

#[test]
fn c_calls_in_define_bodies_are_uses_and_their_callers_follow_the_macro() {
    let dir = tree(&[
        (
            "util.h",
            "int helper(int x);\n#define CALL_HELPER(v) helper(v)\n\
             #define TWICE(f, v) do { helper(v); f(v); if (v) helper(sizeof(v)); } while (0)\n\
             #define NAMED(n) n##helper(n)\n#pragma omp helper(1)\n",
        ),
        (
            "util.c",
            "#include \"util.h\"\nint helper(int x) { return x + 1; }\n",
        ),
        (
            "main.c",
            "#include \"util.h\"\nint user(int y) { return CALL_HELPER(y); }\n",
        ),
    ]);
    // The macros' own calls are uses, called by the macros; a parameter called
    // (`f(v)`), a pasted name and a pragma's arguments are not.
    assert_eq!(
        breaks_both_ways(dir.path(), &["util.c::helper#function"]),
        [
            "util.h:2 definition",
            "util.h:3 definition",
            "util.h:3 definition"
        ]
    );
    assert_eq!(
        depends(dir.path(), &["TWICE"]),
        ["3 call helper -> util.c:2", "3 call helper -> util.c:2"]
    );
    // Through the macro to the code that expands it.
    let (code, recs) = json(
        dir.path(),
        &["what-breaks", "util.c::helper#function", "--depth", "2"],
    );
    assert_eq!(code, 0, "{recs:?}");
    assert!(has(&uses(&recs), "main.c:2 definition"), "{recs:#?}");
}

#[test]
fn c_a_function_a_header_may_define_as_a_macro_is_named_by_name_only() {
    let dir = tree(&[
        (
            "zm.h",
            "#ifdef HAVE_SIZE\n#define zm_size(p) malloc_size(p)\n#else\nint zm_size(void *p);\n#endif\n",
        ),
        (
            "zm.c",
            "#include \"zm.h\"\n#ifndef HAVE_SIZE\nint zm_size(void *p) { return 0; }\n#endif\n\
             int used(void *p) { return zm_size(p); }\n",
        ),
        ("other.c", "static int own(void) { return 1; }\nint f(void) { return own(); }\n"),
    ]);
    // Which one the call reaches depends on HAVE_SIZE: a match by name, not the function.
    assert_eq!(
        breaks_both_ways(dir.path(), &["zm.c::zm_size#function"]),
        ["zm.c:5 unresolved"]
    );
    // A file's own function that no macro shadows is still the one it calls.
    assert_eq!(depends(dir.path(), &["f"]), ["2 call own -> other.c:1"]);
}

#[test]
fn c_names_only_what_the_file_includes_or_links() {
    let dir = tree(&[
        ("src/util.h", "#include \"types.h\"\nvoid helper(void);\n"),
        ("src/types.h", "#define API extern\ntypedef int sint;\n"),
        ("src/util.c", "#include \"util.h\"\nvoid helper(void) {}\n"),
        // Private to their file: a macro and a static function of a source file.
        (
            "src/alloc.c",
            "#define release(p) my_release(p)\nstatic void only_here(void) {}\n",
        ),
        // A vendored library's stand-ins for the C library, never included by src/.
        ("deps/lib/include/internal/assert.h", "#define assert(x) lib_assert(x)\n"),
        ("deps/lib/win32.h", "#define strcasecmp _stricmp\n"),
        // Another language's namesake.
        ("tools/printf.lua", "function printf(...)\nend\n"),
        (
            "src/app.c",
            "#include <stdio.h>\n#include <assert.h>\n#include \"util.h\"\n\
             API sint run(const char *a) {\n  printf(\"x\");\n  assert(a);\n  helper();\n\
             \x20 strcasecmp(a, \"b\");\n  release(0);\n  only_here();\n  return va_arg(ap, void *);\n}\n",
        ),
    ]);
    assert_eq!(
        depends(dir.path(), &["run"]),
        [
            "4 type_use API -> src/types.h:1",
            "4 reference sint -> src/types.h:2",
            "5 call printf -> external:",
            "6 call assert -> ?",
            "7 call helper -> src/util.c:2",
            "8 call strcasecmp -> ?",
            "9 call release -> ?",
            "10 call only_here -> ?",
            // Not `void`: a keyword is no name.
            "11 call va_arg -> external:",
        ]
    );
}

/// A C++ library laid out as leveldb is: classes in `.h` headers under export and
/// thread-safety macros, members defined in `.cc` files, fields typed with
/// namespace paths or with classes the header only declares ahead.
fn cpp_library() -> tempfile::TempDir {
    tree(&[
        (
            "include/lib/status.h",
            "#include <string>\nnamespace lib {\nclass LIB_EXPORT Status {\n public:\n  bool ok() const { return true; }\n};\n}\n",
        ),
        (
            "port/mutex.h",
            "#include <mutex>\nnamespace lib {\nnamespace port {\nclass LOCKABLE Mutex {\n public:\n\
             \x20 void Lock() EXCLUSIVE_LOCK_FUNCTION() { mu_.lock(); }\n\
             \x20 void Unlock() UNLOCK_FUNCTION() { mu_.unlock(); }\n private:\n  std::mutex mu_;\n};\n}\n}\n",
        ),
        (
            "db/versions.h",
            "#include <cstdint>\nnamespace lib {\nclass Versions {\n public:\n  int Last() const { return 1; }\n};\n}\n",
        ),
        (
            "db/impl.h",
            "#include <deque>\n#include \"include/lib/status.h\"\n#include \"port/mutex.h\"\n\
             namespace lib {\nclass Versions;\nclass Impl {\n public:\n  Status Write();\n private:\n\
             \x20 port::Mutex mutex_;\n  Versions* const versions_ GUARDED_BY(mutex_);\n\
             \x20 std::deque<int> queue_ GUARDED_BY(mutex_);\n};\n}\n",
        ),
        (
            "db/impl.cc",
            "#include \"db/impl.h\"\n#include \"db/versions.h\"\nnamespace lib {\n\
             Status Impl::Write() {\n  mutex_.Lock();\n  versions_->Last();\n  queue_.push_back(1);\n\
             \x20 mutex_.Unlock();\n  return Status();\n}\n}\n",
        ),
    ])
}

#[test]
fn cpp_classes_in_headers_under_macros_and_the_fields_of_members_defined_apart_resolve() {
    let dir = cpp_library();
    // Before: the headers were read as C, `class LIB_EXPORT Status` as a function and
    // the annotated methods as functions named by their macros; `mutex_` and
    // `versions_`, fields of a class declared in a header, were taken for library
    // names in the source file that defines its methods.
    assert_eq!(
        depends(dir.path(), &["db/impl.cc:4"]),
        [
            "4 type_use Status -> include/lib/status.h:3",
            "5 call mutex_.Lock -> port/mutex.h:6",
            "6 call versions_.Last -> db/versions.h:5",
            "7 call queue_.push_back -> external:std",
            "8 call mutex_.Unlock -> port/mutex.h:7",
            "9 call Status -> include/lib/status.h:3",
        ]
    );
    let (_, recs) = json(dir.path(), &["find-symbol", "Unlock", "--exact"]);
    let found: Vec<(&str, &str)> = data(&recs, "symbol")
        .iter()
        .map(|s| {
            (
                s["qualified_name"].as_str().unwrap(),
                s["language"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(found, [("lib.port.Mutex.Unlock", "cpp")]);
}

#[test]
fn cpp_reference_parameters_constructed_locals_and_namespace_members_resolve() {
    let dir = tree(&[
        (
            "slice.h",
            "#include <string>\nnamespace app {\nclass Iter { public: int key() const; };\n\
             class Slice { public: int size() const { return 0; } };\n\
             namespace port { inline bool Compress(int x) { return x > 0; } }\n}\n",
        ),
        (
            "box.h",
            "namespace app {\nclass Box { public: void Insert(int k);\n\
             \x20private: bool Equal(int a, int b) const { return a == b; } };\n\
             void Box::Insert(int k) { Equal(k, k); }\n}\n",
        ),
        (
            "use.cc",
            "#include \"slice.h\"\nnamespace app {\nint Take(const Slice& s) { return 0; }\n\
             int ByRef(const Slice& key) { Take(key); return key.size(); }\n\
             int Vexing(int n) {\n  Slice s(n);\n  port::Compress(n);\n  return s.size();\n}\n}\n",
        ),
        (
            "run.cc",
            "class Runner {\n  typedef int (*Fn)(int);\n  Fn fn_;\n\
             \x20 int Run() { return (*fn_)(1) + Twice(2); }\n  int Twice(int x) { return x; }\n};\n",
        ),
    ]);
    // Before: `key.size()` was external (a `&` parameter was no parameter) and `key`
    // itself `Iter::key`; `s(n)` declared a function taking a type `n`; `port::` was
    // taken for a library.
    assert_eq!(
        depends(dir.path(), &["use.cc:4"]),
        [
            "4 type_use Slice -> slice.h:4",
            "4 call Take -> use.cc:3",
            "4 call key.size -> slice.h:4",
        ]
    );
    assert_eq!(
        depends(dir.path(), &["use.cc:5"]),
        [
            "6 type_use Slice -> slice.h:4",
            "7 type_use port -> slice.h:5",
            "7 call port.Compress -> slice.h:5",
            "8 call s.size -> slice.h:4",
        ]
    );
    // A call through a pointer to a function is a call of that pointer, a field here:
    // not an external function named `*fn_`.
    assert_eq!(
        depends(dir.path(), &["run.cc:4"]),
        ["4 call Twice -> run.cc:5"]
    );
    // A header read as C++ is resolved as C++ from the index too: its stored facts
    // say which language they were read as.
    for index in [&[][..], &["--no-index"][..]] {
        let mut args = vec!["box.h:4"];
        args.extend_from_slice(index);
        assert_eq!(
            depends(dir.path(), &args),
            ["4 call Equal -> box.h:3"],
            "{index:?}"
        );
    }
}

#[test]
fn a_conditional_inside_an_initializer_list_leaves_later_classes_where_they_are() {
    let dir = tree(&[(
        "env.cc",
        "class Limiter {\n public:\n  Limiter(int n)\n      :\n#if !defined(NDEBUG)\n\
         \x20       max_(n),\n#endif  // !defined(NDEBUG)\n        left_(n) {}\n\
         \x20int max_;\n  int left_;\n};\n\nclass File {\n public:\n  int Append(int n) { return n; }\n};\n",
    )]);
    // Before: `File` and `Append` were read as members of `Limiter`.
    let (_, recs) = json(dir.path(), &["find-symbol", "Append", "--exact"]);
    let names: Vec<&str> = data(&recs, "symbol")
        .iter()
        .map(|s| s["qualified_name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["File.Append"]);
}

#[test]
fn cpp_qualifiers_name_classes_and_what_the_tree_cannot_tell_is_not_external() {
    let dir = tree(&[
        (
            "w.h",
            "#include <memory>\nnamespace ns {\nclass Status { public: bool ok() const { return true; } };\n\
             Status Read(int n);\nnamespace log { class Reader { public: class Reporter {}; }; }\n\
             class Widget {\n public:\n  Widget();\n  Widget(const Widget&) = delete;\n\
             \x20 static const int kA = 1;\n  int Get();\n  int Run();\n  class Part { public: int Size(); };\n\
             \x20private:\n  int (*fn_)(int);\n};\n\
             template <typename Value>\nclass Box {\n public:\n  Value Get(const Value& v) { return v; }\n};\n}\n",
        ),
        (
            "w.cc",
            "#include \"w.h\"\nnamespace ns {\nStatus Read(int n) { return Status(); }\n\
             Widget::Widget() {}\nint Widget::Get() { return Widget::kA; }\n\
             int Widget::Part::Size() { return 0; }\n\
             struct Rep : public log::Reader::Reporter {};\n\
             bool Check(const char* b) {\n  char buf[8];\n  Status s(buf, sizeof(buf));\n\
             \x20 std::unique_ptr<Widget> p = std::make_unique<Widget>();\n  p->Get();\n\
             \x20 return Read(2).ok() && s.ok();\n}\n\
             int Widget::Run() { return (*fn_)(1); }\n\
             bool Shadowed(int log) { log::Reader r; return log > 0; }\n\
             Widget** Many(int n) { return new Widget*[n]; }\n}\n",
        ),
    ]);
    let get = depends(dir.path(), &["w.cc:5"]);
    // Before: the qualifier `Widget::` inside `Widget`'s member was its constructor.
    assert_eq!(get, ["5 type_use Widget -> w.h:6"]);
    let size = depends(dir.path(), &["w.cc:6"]);
    has_all(&size, &["6 type_use Part -> w.h:13"]);
    let check = depends(dir.path(), &["w.cc:8"]);
    // Before: `buf` of `Status s(buf, sizeof(buf))` was an external type; a call on a
    // `std::unique_ptr` was `std`'s; `Read(2).ok()` was taken for a class `Read`'s (it
    // is a member of the `Status` the function `Read` returns).
    assert!(!check.iter().any(|d| d.contains("buf")), "{check:?}");
    has_all(
        &check,
        &[
            "10 type_use Status -> w.h:3",
            "12 call p.Get -> ?",
            "13 call Read -> w.cc:3",
            "13 call Read(2).ok -> w.h:3",
            "13 call s.ok -> w.h:3",
        ],
    );
    // Before: the template parameter `Value` was external.
    assert!(depends_or_none(dir.path(), "w.h:20")
        .iter()
        .all(|d| !d.contains("Value")));
    // Before: `fn_`, a field of the class a member is written apart from, was an
    // external function; `log::Reader` was a member of the parameter `log`'s type.
    assert_eq!(depends_or_none(dir.path(), "w.cc:15"), Vec::<String>::new());
    has_all(
        &depends(dir.path(), &["w.cc:16"]),
        &["16 type_use log.Reader -> w.h:5"],
    );
    // Before: `new Widget*[n]`, an array of pointers, was a call of a constructor.
    assert_eq!(
        depends(dir.path(), &["w.cc:17"]),
        ["17 type_use Widget -> w.h:6", "17 type_use Widget -> w.h:6"]
    );
    // Before: the namespace of a base class was external.
    has_all(
        &depends(dir.path(), &["w.cc:7"]),
        &["7 inheritance log -> w.h:5"],
    );
}

/// The [`deps`] of a `what-depends` run, none when it found no dependency (exit 1).
fn depends_or_none(dir: &std::path::Path, target: &str) -> Vec<String> {
    let (_, recs) = json(dir, &["what-depends", target]);
    deps(&recs)
}

#[test]
fn a_c_header_is_still_read_as_c() {
    let dir = tree(&[
        (
            "lib.h",
            "#ifdef __cplusplus\nextern \"C\" {\n#endif\nint lib_run(int n);\n#ifdef __cplusplus\n}\n#endif\n",
        ),
        ("lib.c", "#include \"lib.h\"\nint lib_run(int n) { return n; }\n"),
    ]);
    let (_, recs) = json(dir.path(), &["find-symbol", "lib_run", "--exact"]);
    let languages: Vec<&str> = data(&recs, "symbol")
        .iter()
        .map(|s| s["language"].as_str().unwrap())
        .collect();
    assert!(languages.iter().all(|l| *l == "c"), "{languages:?}");
}

#[test]
fn ruby_names_reach_only_what_the_class_declares_and_keep_class_and_instance_methods_apart() {
    let dir = tree(&[
        (
            "spec/support/helpers.rb",
            "module SpecHelpers\n  def env\n    {}\n  end\nend\n",
        ),
        (
            "spec/util_spec.rb",
            "describe 'x' do\n  def shout(s)\n    s\n  end\nend\n",
        ),
        (
            "lib/base.rb",
            "class Base\n  attr_accessor :env\n\n  def self.settings\n    self\n  end\n\n\
             \x20 def settings\n    self.class.settings\n  end\n\n\
             \x20 def call(*extensions, **options)\n    env\n    settings\n    extensions.any?\n\
             \x20   options.key?(:a)\n    shout(1)\n    puts(2)\n    reader_made_at_run_time\n  end\n\n\
             \x20 def self.build\n    settings\n  end\nend\n",
        ),
    ]);
    assert_eq!(
        depends(dir.path(), &["lib/base.rb:12"]),
        // A bare name no assignment makes a local is a call: `settings` inside an
        // instance method is the instance's; unresolved here are `env` (made by
        // `attr_accessor`, not the method of a module nobody mixes in) and a method
        // made at run time (not external). Before, these were left out as plain
        // references.
        [
            "13 call env -> ?",
            "14 call settings -> lib/base.rb:8",
            "15 call extensions.any? -> ?",
            "16 call options.key? -> ?",
            // Another file's `def` outside a class may be inside a block.
            "17 call shout -> ?",
            "18 call puts -> external:Ruby",
            "19 call reader_made_at_run_time -> ?",
        ]
    );
    assert_eq!(
        depends(dir.path(), &["lib/base.rb:22"]),
        ["23 call settings -> lib/base.rb:4"]
    );
    // Not line 23: the class's own method is called there; nor line 14 for the
    // class's.
    assert_eq!(
        breaks_both_ways(dir.path(), &["lib/base.rb:8"]),
        ["lib/base.rb:9 unresolved", "lib/base.rb:14 definition"]
    );
    assert_eq!(
        breaks_both_ways(dir.path(), &["lib/base.rb:4"]),
        ["lib/base.rb:9 unresolved", "lib/base.rb:23 definition"]
    );
}

#[test]
fn ruby_object_methods_and_core_classes_are_ruby_s_unless_the_tree_defines_them() {
    let dir = tree(&[
        (
            "lib/a.rb",
            "class A\n  def run(data, path)\n    data.nil?\n    data.is_a?(Hash)\n\
             \x20   File.extname(path)\n    data.each { |v| v }\n    data.respond_to?(:each)\n\
             \x20   self.class\n    Rack::Utils.escape(path)\n  end\nend\n",
        ),
        (
            "lib/b.rb",
            "class B\n  def respond_to?(*args)\n    true\n  end\nend\n\ndef ready?\n  true\nend\n",
        ),
        ("lib/c.rb", "class C\n  def go\n    ready?\n  end\nend\n"),
    ]);
    assert_eq!(
        depends(dir.path(), &["lib/a.rb:2"]),
        [
            "3 call data.nil? -> external:Ruby",
            "4 call data.is_a? -> external:Ruby",
            "5 call File.extname -> external:Ruby",
            // Not every object's: the receiver may be one of the tree's.
            "6 call data.each -> ?",
            // The tree defines one: the receiver may be a `B`.
            "7 call data.respond_to? -> ?",
            "8 call self.class -> external:Ruby",
            // A gem's class, not a core one.
            "9 call Rack::Utils.escape -> ?",
        ]
    );
    // A name ending in `?` is a definition's name to ask about, and its uses are
    // found by name.
    assert_eq!(
        breaks_both_ways(dir.path(), &["ready?"]),
        ["lib/c.rb:3 unresolved"]
    );
    assert_eq!(
        breaks_both_ways(dir.path(), &["lib/b.rb:2"]),
        ["lib/a.rb:7 unresolved"]
    );
}

#[test]
fn a_ruby_rescue_variable_is_a_local_not_a_call() {
    let dir = tree(&[(
        "lib/a.rb",
        "class A\n  def run\n    go\n  rescue StandardError => e\n    warn(e)\n    e\n  end\nend\n",
    )]);
    // `go` is a call of a method nothing defines; `e`, bound by the `rescue`, is not.
    assert_eq!(
        depends(dir.path(), &["lib/a.rb:2"]),
        ["3 call go -> ?", "5 call warn -> external:Ruby"]
    );
}

#[test]
fn ruby_self_is_the_innermost_class_or_module_and_constants_are_found_by_nesting() {
    let dir = tree(&[
        (
            "lib/rack/response.rb",
            "module Rack\n  class Response\n    def get_header(k)\n      k\n    end\n\n\
             \x20   module Helpers\n      def add_header(k)\n        get_header(k)\n      end\n    end\n  end\nend\n",
        ),
        (
            "lib/rack/protection/base.rb",
            "module Rack\n  module Protection\n    class Base\n      def warn(env, msg)\n        msg\n      end\n    end\n  end\nend\n",
        ),
        ("lib/sinatra/base.rb", "module Sinatra\n  class Base\n  end\nend\n"),
        (
            "lib/rack/protection/json_csrf.rb",
            "module Rack\n  module Protection\n    class JsonCsrf < Base\n\
             \x20     def call(env)\n        warn(env, 'x')\n      end\n    end\n  end\nend\n",
        ),
    ]);
    // Whatever includes Helpers runs the call: not the class around the module.
    assert_eq!(
        depends(dir.path(), &["lib/rack/response.rb:8"]),
        ["9 call get_header -> ?"]
    );
    // `Base` here is Rack::Protection::Base, whose `warn` hides Kernel's.
    assert_eq!(
        depends(dir.path(), &["lib/rack/protection/json_csrf.rb:4"]),
        ["5 call warn -> lib/rack/protection/base.rb:4"]
    );
}

#[test]
fn a_go_package_variable_of_another_file_is_not_external() {
    let dir = tree(&[
        ("go.mod", "module example.com/m\n\ngo 1.21\n"),
        (
            "cmd.go",
            "package m\n\ntype Command struct{}\n\nfunc (c *Command) Name() string { return \"\" }\n",
        ),
        (
            "hooks.go",
            "package m\n\nvar preExecHookFn = func(c *Command) {}\n\nvar echoCmd = &Command{}\n",
        ),
        (
            "run.go",
            "package m\n\nimport \"fmt\"\n\nfunc run(c *Command) {\n\tpreExecHookFn(c)\n\
             \techoCmd.Name()\n\tfmt.Println(len(c.Name()))\n}\n",
        ),
    ]);
    // The variables are another file's of the package; `echoCmd.Name()` calls the
    // method of the type that file gives `echoCmd`.
    assert_eq!(
        depends(dir.path(), &["run"]),
        [
            "5 type_use Command -> cmd.go:3",
            "6 call preExecHookFn -> hooks.go:3",
            "7 reference echoCmd -> hooks.go:5",
            "7 call echoCmd.Name -> cmd.go:5",
            "8 call fmt.Println -> external:fmt",
            "8 call len -> external:builtin",
            "8 call c.Name -> cmd.go:5",
        ]
    );
}

#[test]
fn a_c_pointer_to_a_function_is_a_variable_not_an_external_function() {
    let dir = tree(&[
        (
            "sort.c",
            "#include <stdio.h>\nstatic void (*oom_handler)(int) = 0;\n\n\
             static int med3(int a, int (*cmp)(const void *, const void *)) {\n\
             \x20   int (*onload)(void *);\n    oom_handler(1);\n    onload(0);\n    printf(\"x\");\n\
             \x20   return cmp(&a, &a);\n}\n",
        ),
        ("mono.h", "extern int (*getMonotonicUs)(void);\n"),
        (
            "ae.c",
            "#include <stdio.h>\n#include \"mono.h\"\nint now(void) {\n    puts(\"x\");\n\
             \x20   return getMonotonicUs();\n}\n",
        ),
    ]);
    // The calls through the parameter and the local are local; the file's variable
    // is the definition called.
    assert_eq!(
        depends(dir.path(), &["med3"]),
        [
            "6 call oom_handler -> sort.c:2",
            "8 call printf -> external:"
        ]
    );
    // A variable a header of the tree declares is the tree's: not known to be external.
    assert_eq!(
        depends(dir.path(), &["now"]),
        ["4 call puts -> external:", "5 call getMonotonicUs -> ?"]
    );
}

#[test]
fn a_c_macro_parameter_is_no_use_of_a_macro_of_its_name() {
    let dir = tree(&[(
        "m.c",
        "#define min(a, b) ((a) < (b) ? (a) : (b))\n\
         #define LIMIT(y, min, max) ((y) < (min) ? (min) : (y))\n\
         int f(int x) { return LIMIT(x, 1, 2) + min(x, 3); }\n",
    )]);
    assert_eq!(
        breaks_both_ways(dir.path(), &["m.c:1"]),
        ["m.c:3 definition"]
    );
}

#[test]
fn javascript_functions_of_one_name_in_two_callbacks_are_two_functions() {
    let dir = tree(&[(
        "test/app.test.js",
        "describe('a', function () {\n  it('one', function () {\n    function fn1(req) {\n\
         \x20     return String(req)\n    }\n    use(fn1)\n  })\n\
         \x20 it('two', function () {\n    function fn1(req) {\n      throw new Error('x')\n    }\n\
         \x20   use(fn1)\n  })\n})\n",
    )]);
    // The first `fn1` alone, not the other's body.
    assert_eq!(
        depends(dir.path(), &["test/app.test.js:3"]),
        ["4 call String -> external:globals"]
    );
    assert_eq!(
        depends(dir.path(), &["test/app.test.js:9"]),
        ["10 call Error -> external:globals"]
    );
    // Each use could be either: by name, never tied to the one pointed at.
    assert_eq!(
        breaks_both_ways(dir.path(), &["test/app.test.js:9"]),
        [
            "test/app.test.js:6 unresolved",
            "test/app.test.js:12 unresolved"
        ]
    );
}

#[test]
fn a_javascript_dynamic_import_is_no_call_of_a_name() {
    let dir = tree(&[(
        "a.js",
        "export async function load(url) {\n  const m = await import(url)\n  return String(m)\n}\n",
    )]);
    // `import` was an unresolved call.
    assert_eq!(
        depends(dir.path(), &["a.js:1"]),
        ["3 call String -> external:globals"]
    );
}

#[test]
fn csharp_collections_and_tasks_are_their_namespaces_not_system() {
    let dir = tree(&[
        (
            "Store.cs",
            "using System;\nusing System.Collections.Generic;\nusing System.Threading.Tasks;\n\n\
             namespace App\n{\n    public class Store\n    {\n\
             \x20       private readonly Dictionary<string, int> _ids = new Dictionary<string, int>();\n\
             \x20       public async Task Save(IEnumerable<string> keys)\n        {\n\
             \x20           _ids.Add(\"x\", 1);\n            await Task.Delay(1);\n\
             \x20           throw new ArgumentException(\"x\");\n        }\n    }\n}\n",
        ),
        (
            "Old.cs",
            "using System.Collections;\nusing System.Collections.Generic;\n\n\
             namespace App\n{\n    public class Old\n    {\n\
             \x20       public int Count(IEnumerable items) { return 0; }\n    }\n}\n",
        ),
    ]);
    // They were all `System`'s.
    has_all(
        &depends(dir.path(), &["Store.Save"]),
        &[
            "10 type_use Task -> external:System.Threading.Tasks",
            "10 type_use IEnumerable -> external:System.Collections.Generic",
            "12 call _ids.Add -> external:System.Collections.Generic",
            "13 call Task.Delay -> external:System.Threading.Tasks",
            "14 call ArgumentException -> external:System",
        ],
    );
    // Beside `using System.Collections`, a bare `IEnumerable` may be either.
    has_all(
        &depends(dir.path(), &["Old.Count"]),
        &["8 type_use IEnumerable -> external:"],
    );
}

#[test]
fn a_ruby_class_has_the_methods_of_the_modules_it_includes_before_its_superclass_s() {
    let dir = tree(&[
        (
            "lib/app/helpers.rb",
            "module App\n  module Helpers\n    def redirect(uri)\n      halt 302\n    end\n\n\
             \x20   def status(code)\n      code\n    end\n  end\nend\n",
        ),
        (
            "lib/app/base.rb",
            "module App\n  class Root\n    def status(code)\n      0\n    end\n  end\n\n\
             \x20 class Base < Root\n    include Helpers\n\n\
             \x20   def call(env)\n      redirect '/'\n      status 200\n    end\n\n\
             \x20   def halt(code)\n      throw :halt, code\n    end\n  end\nend\n",
        ),
    ]);
    // `include Helpers` makes the module an ancestor; `redirect` was unresolved and
    // `status` was the superclass's, which the module's hides.
    let call = depends(dir.path(), &["lib/app/base.rb:11"]);
    assert_eq!(
        call,
        [
            "12 call redirect -> lib/app/helpers.rb:3",
            "13 call status -> lib/app/helpers.rb:7"
        ]
    );
    has_all(
        &depends(dir.path(), &["App.Base"]),
        &["9 inheritance Helpers -> lib/app/helpers.rb:2"],
    );
    // The module's bare call is the method of the class that includes it (it was
    // unresolved).
    assert_eq!(
        depends(dir.path(), &["lib/app/helpers.rb:3"]),
        ["4 call halt -> lib/app/base.rb:16"]
    );
}

#[test]
fn a_ruby_class_s_attribute_hides_its_ancestors_methods_of_that_name() {
    let dir = tree(&[
        (
            "lib/sinatra/runner.rb",
            "module Sinatra\n  class Runner\n    def port\n      1\n    end\n\n    def kill\n      2\n    end\n  end\nend\n",
        ),
        (
            "test/helper.rb",
            "class BaseServer < Sinatra::Runner\n  attr_accessor :server, :port\n\n\
             \x20 def command\n    kill\n    port\n  end\nend\n",
        ),
    ]);
    // `port` is the attribute, a method no definition stands for (it is no longer
    // the superclass's, once that is known); `kill` the superclass's method,
    // written after a qualified name (it was unresolved).
    assert_eq!(
        depends(dir.path(), &["test/helper.rb:4"]),
        ["5 call kill -> lib/sinatra/runner.rb:7", "6 call port -> ?"]
    );
}

#[test]
fn depth_follows_only_callers_that_resolve_to_the_target() {
    let dir = tree(&[
        (
            "a.py",
            "from b import target\n\n\ndef caller():\n    target()\n\n\ndef top():\n    caller()\n",
        ),
        ("b.py", "def target():\n    pass\n"),
        (
            "c.py",
            "class Other:\n    def target(self):\n        pass\n\n\ndef unrelated(o: Other):\n    o.target()\n\n\ndef above():\n    unrelated(None)\n",
        ),
    ]);
    let (code, recs) = json(dir.path(), &["what-breaks", "b.target", "--depth", "3"]);
    assert_eq!(code, 0, "{recs:?}");
    let got: Vec<(u64, String)> = data(&recs, "reference")
        .iter()
        .map(|r| {
            (
                r["depth"].as_u64().unwrap_or(0),
                format!("{}:{}", r["path"]["text"].as_str().unwrap_or(""), r["line"]),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (1, "a.py:1".into()),
            (1, "a.py:5".into()),
            (2, "a.py:9".into())
        ],
        "the typed receiver o: Other is not b.target, so nothing in c.py is followed"
    );
}

#[test]
fn vimgrep_prints_one_quickfix_line_per_use_and_symbol() {
    let dir = java_project();
    let out = codesearch()
        .current_dir(dir.path())
        .args(["what-breaks", "Repo.put", "--vimgrep"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text, "src/a/Main.java:14:14:        repo.put(\"k\");\n");
    let out = codesearch()
        .current_dir(dir.path())
        .args(["find-symbol", "Repo", "--vimgrep", "--exact"])
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("src/a/Repo.java:3:1:class Repo"), "{text}");
}

#[test]
fn a_target_named_by_path_matches_uses_found_under_a_dot_root() {
    let dir = java_project();
    // The walk spells paths `./src/...`; the argument spells `src/...`.
    let (code, recs) = json(dir.path(), &["what-breaks", "src/a/Repo.java:4", "."]);
    assert_eq!(code, 0, "{recs:?}");
    assert_eq!(uses(&recs), ["./src/a/Main.java:14 definition"]);
}

#[test]
fn java_parameters_named_like_python_receivers_are_ordinary_locals() {
    let dir = tree(&[(
        "A.java",
        "class A {\n    static void h(final Class<?> cls, String self) {\n        cls.getInterfaces();\n        self.trim();\n    }\n}\n",
    )]);
    let got = depends(dir.path(), &["A.h"]);
    assert!(
        has(&got, "3 call cls.getInterfaces -> external:java.lang"),
        "{got:#?}"
    );
    assert!(
        has(&got, "4 call self.trim -> external:java.lang"),
        "{got:#?}"
    );
}

#[test]
fn uses_by_name_only_come_from_languages_that_can_name_the_target() {
    let long_line = format!("x = [{}]; normalize(x)\n", "1, ".repeat(400));
    let dir = tree(&[
        ("lib.py", "def normalize(x):\n    return x\n"),
        ("app.py", "def go(p):\n    return p.normalize()\n"),
        (
            "static/vendor.js",
            "function f(plugin) { return plugin.normalize(1); }\n",
        ),
        (
            "wide.py",
            &format!("from lib import normalize\n{long_line}"),
        ),
    ]);
    let (code, recs) = json(dir.path(), &["what-breaks", "lib.normalize"]);
    assert_eq!(code, 0, "{recs:?}");
    let got = uses(&recs);
    assert!(has(&got, "app.py:2 unresolved"), "{got:?}");
    assert!(!got.iter().any(|u| u.starts_with("static/")), "{got:?}");
    // Text output cuts the long line for display; JSON keeps it whole.
    let out = codesearch()
        .current_dir(dir.path())
        .args(["what-breaks", "lib.normalize", "--color", "never"])
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.lines().all(|l| l.len() < 450), "{text}");
    assert!(text.contains("more bytes]"), "{text}");
}

#[test]
fn an_inheritance_cycle_through_an_enclosing_type_is_cut_not_a_stack_overflow() {
    // Illegal Java, but a repository can hold anything: `Outer` inherits its own
    // nested `Inner`, whose supertype is looked up among `Outer`'s members, and so in
    // `Outer`'s supertypes again. This used to recurse until the stack overflowed.
    let dir = tree(&[
        (
            "p/Outer.java",
            "package p;\n\nimport p.Outer.Inner;\n\nclass Outer extends Inner {\n    \
             static class Inner extends Missing {}\n    void caller() { foo(); }\n}\n",
        ),
        (
            "p/Other.java",
            "package p;\n\nclass Other {\n    void foo() {}\n}\n",
        ),
    ]);
    for args in [
        &["what-breaks", "foo", "--all", "--no-index"][..],
        &["what-depends", "Outer.caller", "--no-index"][..],
    ] {
        let (code, recs) = json(dir.path(), args);
        assert!(
            code == 0 || code == 1,
            "{args:?} ended with {code}: {recs:?}"
        );
        assert!(data(&recs, "summary").len() == 1, "{args:?}: {recs:?}");
    }
}

#[test]
fn type_arguments_in_a_class_header_are_uses_not_inheritance() {
    let dir = tree(&[
        ("Arg.java", "class Arg {}\n"),
        ("Base.java", "class Base<T> {}\n"),
        ("Child.java", "class Child extends Base<Arg> {}\n"),
    ]);
    let (code, recs) = json(dir.path(), &["what-breaks", "Arg"]);
    assert_eq!(code, 0, "{recs:?}");
    let kinds: Vec<&str> = data(&recs, "reference")
        .iter()
        .map(|r| r["kind"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(kinds, ["type_use"], "{recs:?}");
}

#[test]
fn a_type_nested_in_a_repository_class_is_not_taken_for_a_package() {
    let dir = tree(&[
        (
            "p/Hint.java",
            "package p;\npublic final class Hint {\n  public static class Builder {\n\
             \x20   public Builder names(String... n) { return this; }\n  }\n}\n",
        ),
        (
            "p/Hints.java",
            "package p;\npublic class Hints {\n  void go(Hint.Builder direct, java.util.List<String> l) {\n\
             \x20   direct.names(\"a\");\n    l.size();\n  }\n}\n",
        ),
    ]);
    // `Hint.Builder` had been read as a type `Builder` of a library package `Hint`.
    let got = depends(dir.path(), &["Hints.go"]);
    assert!(
        has(&got, "4 call direct.names -> p/Hint.java:4"),
        "{got:#?}"
    );
    assert!(has(&got, "5 call l.size -> external:java.util"), "{got:#?}");
}

#[test]
fn an_untyped_lambda_parameter_is_an_element_or_unresolved_never_external() {
    // `bi` is an element of the map's values, as its declared type says; `it`, of
    // items no type is written for, is unresolved: never a library class reached
    // through the wildcard imports.
    let dir = tree(&[
        ("p/B.java", "package p;\nclass B { void go() {} }\n"),
        (
            "p/A.java",
            "package p;\nimport java.util.*;\nimport java.util.concurrent.*;\nclass A {\n    void run(Map<String, B> m) {\n        m.values().forEach(bi -> bi.go());\n        m.values().forEach((B x) -> x.go());\n    }\n}\n",
        ),
        (
            "w.js",
            "import { B } from './b.js';\nexport function run(items) {\n  items.forEach(it => it.go());\n}\n",
        ),
    ]);
    let got = depends(dir.path(), &["A.run"]);
    assert!(has(&got, "6 call bi.go -> p/B.java:2"), "{got:#?}");
    assert!(has(&got, "7 call x.go -> p/B.java:2"), "{got:#?}");
    let got = depends(dir.path(), &["run", "-t", "js"]);
    assert!(has(&got, "3 call it.go -> ?"), "{got:#?}");
}

#[test]
fn a_use_through_its_own_class_supertype_resolves_from_the_index_and_without_it() {
    // what-breaks reads a using file with only the references it asks about: the
    // inheritance the use resolves through must survive that.
    let dir = tree(&[
        ("p/Base.java", "package p;\nclass Base {\n    void go() {}\n}\n"),
        (
            "p/Child.java",
            "package p;\nclass Child extends Base {\n    void run() {\n        this.go();\n        go();\n    }\n}\n",
        ),
        ("p/Other.java", "package p;\nclass Other {\n    void go() {}\n}\n"),
    ]);
    for extra in [None, Some("--no-index")] {
        let mut args = vec!["what-breaks", "Base.go"];
        args.extend(extra);
        let (code, recs) = json(dir.path(), &args);
        assert_eq!(code, 0, "{recs:?}");
        assert_eq!(
            uses(&recs),
            ["p/Child.java:4 definition", "p/Child.java:5 definition"],
            "{extra:?} {recs:?}"
        );
    }
}

#[test]
fn a_field_typed_in_a_constructor_resolves_uses_in_other_methods_without_an_index() {
    // A scan for the uses of `encode` skips the bodies that cannot hold any; the
    // constructor never spells `encode`, but it types the field the use goes through.
    let dir = tree(&[
        (
            "codecs_a.py",
            "class Codec:\n    def encode(self, x):\n        return x\n",
        ),
        (
            "codecs_b.py",
            "class Codec:\n    def encode(self, x):\n        return x\n",
        ),
        (
            "store.py",
            "from codecs_a import Codec\n\nclass Store:\n    def __init__(self):\n        self.codec = Codec()\n\n    def put(self, item):\n        return self.codec.encode(item)\n",
        ),
    ]);
    for extra in [None, Some("--no-index")] {
        let mut args = vec!["what-breaks", "codecs_a.py::Codec.encode#method"];
        args.extend(extra);
        let (code, recs) = json(dir.path(), &args);
        assert_eq!(code, 0, "{recs:?}");
        assert_eq!(uses(&recs), ["store.py:8 definition"], "{extra:?} {recs:?}");
    }
}

#[test]
fn a_call_receiver_resolves_through_the_type_its_method_declares() {
    let dir = tree(&[
        (
            "p/Factory.java",
            "package p;\npublic class Factory {\n    public Object getBean(String n) { return null; }\n}\n",
        ),
        (
            "q/Factory.java",
            "package q;\npublic class Factory {\n    public Object getBean(String n) { return null; }\n}\n",
        ),
        (
            "p/Context.java",
            "package p;\nimport java.util.List;\n\npublic class Context {\n\
             \x20   public Factory getFactory() { return new Factory(); }\n\
             \x20   public Context getParent() { return this; }\n\
             \x20   public List<String> names() { return null; }\n\
             \x20   public <T> T pick() { return null; }\n\
             \x20   public Factory[] all() { return null; }\n\
             \x20   void use(Context other) {\n\
             \x20       getFactory().getBean(\"a\");\n\
             \x20       other.getParent().getFactory().getBean(\"b\");\n\
             \x20       names().add(\"c\");\n\
             \x20       pick().getBean(\"d\");\n\
             \x20       missing().getBean(\"e\");\n\
             \x20   }\n}\n",
        ),
    ]);
    let got = depends(dir.path(), &["Context.use"]);
    has_all(
        &got,
        &[
            "11 call getFactory().getBean -> p/Factory.java:3",
            "12 call other.getParent().getFactory().getBean -> p/Factory.java:3",
            // A library type: the call is the library's.
            "13 call names().add -> external:java.util",
            // A type variable and an unknown method say nothing of the receiver.
            "14 call pick().getBean -> ?",
            "15 call missing().getBean -> ?",
        ],
    );
    // The namesake in another package is used only where the receiver is unknown.
    let (code, recs) = json(dir.path(), &["what-breaks", "q/Factory.java:3"]);
    assert_eq!(code, 0, "{recs:?}");
    assert_eq!(
        uses(&recs),
        [
            "p/Context.java:14 unresolved",
            "p/Context.java:15 unresolved"
        ]
    );
}

#[test]
fn a_python_call_receiver_resolves_through_its_return_annotation() {
    let dir = tree(&[
        (
            "app/models.py",
            "from typing import Any, Optional\n\n\
             class Manager:\n    def create(self):\n        pass\n\n\
             class Model:\n    def manager(self) -> \"Manager\":\n        return Manager()\n\
             \x20   def maybe(self) -> Optional[Manager]:\n        return None\n\
             \x20   def anything(self) -> Any:\n        return None\n\
             \x20   def use(self):\n        self.manager().create()\n        self.maybe().create()\n\
             \x20       self.anything().create()\n",
        ),
        (
            "app/other.py",
            "class Other:\n    def create(self):\n        pass\n",
        ),
    ]);
    let got = depends(dir.path(), &["Model.use"]);
    has_all(
        &got,
        &[
            "15 call self.manager().create -> app/models.py:4",
            "16 call self.maybe().create -> app/models.py:4",
            "17 call self.anything().create -> ?",
        ],
    );
}

#[test]
fn a_typescript_call_receiver_resolves_through_its_declared_type() {
    let dir = tree(&[
        (
            "src/factory.ts",
            "export class Factory {\n  getBean(n: string): object { return {}; }\n}\n",
        ),
        (
            "src/other.ts",
            "export class Other {\n  getBean(n: string): object { return {}; }\n}\n",
        ),
        (
            "src/context.ts",
            "import { Factory } from './factory';\n\nexport class Context {\n\
             \x20 factory(): Factory | undefined { return new Factory(); }\n\
             \x20 use() {\n    this.factory().getBean('a');\n  }\n}\n",
        ),
    ]);
    let got = depends(dir.path(), &["Context.use"]);
    assert!(
        has(&got, "6 call this.factory().getBean -> src/factory.ts:2"),
        "{got:#?}"
    );
}

#[test]
fn a_kotlin_call_receiver_resolves_through_its_declared_type_null_safe_or_not() {
    let dir = tree(&[
        (
            "src/p/Factory.kt",
            "package p\n\nclass Factory {\n    fun getBean(n: String): Any? = null\n}\n",
        ),
        (
            "src/q/Factory.kt",
            "package q\n\nclass Factory {\n    fun getBean(n: String): Any? = null\n}\n",
        ),
        (
            "src/p/Context.kt",
            "package p\n\nclass Context {\n    fun factory(): Factory? = Factory()\n\
             \x20   fun use() {\n        factory()?.getBean(\"a\")\n        factory()!!.getBean(\"b\")\n    }\n}\n",
        ),
    ]);
    let got = depends(dir.path(), &["Context.use"]);
    has_all(
        &got,
        &[
            "6 call factory().getBean -> src/p/Factory.kt:4",
            "7 call factory()!!.getBean -> src/p/Factory.kt:4",
        ],
    );
}

#[test]
fn a_type_parameter_is_a_local_name_not_a_library_or_a_repository_type() {
    let dir = tree(&[
        ("p/T.java", "package p;\npublic class T {}\n"),
        (
            "p/Box.java",
            "package p;\nimport java.io.*;\npublic class Box<V> {\n\
             \x20   public <T> T get(Class<T> c) { return null; }\n\
             \x20   public V value() { return null; }\n\
             \x20   public T real() { return null; }\n}\n",
        ),
    ]);
    // Local names are not dependencies: neither the library's nor the repository's.
    let got = depends(dir.path(), &["Box.get"]);
    assert_eq!(got, ["4 type_use Class -> external:java.lang"]);
    let (code, recs) = json(dir.path(), &["what-depends", "Box.value"]);
    assert_eq!((code, deps(&recs)), (1, Vec::new()), "{recs:?}");
    // Outside the method that declares it, `T` is the repository's class again.
    let got = depends(dir.path(), &["Box.real"]);
    assert!(has(&got, "6 type_use T -> p/T.java:2"), "{got:#?}");
}

#[test]
fn a_local_given_a_call_result_has_the_type_the_callee_returns() {
    let dir = tree(&[
        (
            "src/main/java/p/Repo.java",
            "package p;\n\npublic class Repo {\n    public Item find(int id) { return null; }\n}\n",
        ),
        (
            "src/main/java/p/Item.java",
            "package p;\n\npublic class Item {\n    public void save() {}\n}\n",
        ),
        (
            "src/main/java/q/Item.java",
            "package q;\n\npublic class Item {\n    public void save() {}\n}\n",
        ),
        (
            "src/main/java/p/Service.java",
            "package p;\n\npublic class Service {\n    private Repo repo;\n\
             \x20   void run() {\n        var item = repo.find(1);\n        item.save();\n\
             \x20       Object other = repo.find(2);\n        other.save();\n    }\n}\n",
        ),
        (
            "web/repo.ts",
            "export class Item {\n  save(): void {}\n}\n\
             export class Repo {\n  find(id: number): Item { return new Item(); }\n}\n",
        ),
        (
            "web/service.ts",
            "import { Repo } from './repo';\n\nexport function run(repo: Repo) {\n\
             \x20 const item = repo.find(1);\n  item.save();\n\
             \x20 const { save } = repo.find(2);\n  const [first] = repo.find(3);\n  first.save();\n}\n",
        ),
        (
            "py/store.py",
            "class Item:\n    def save(self):\n        pass\n\n\
             class Repo:\n    def find(self, id) -> Item:\n        return Item()\n",
        ),
        (
            "py/service.py",
            "from store import Repo\n\n\
             def run(repo: Repo):\n    item = repo.find(1)\n    item.save()\n\n\
             def again(repo: Repo, other):\n    item = repo.find(1)\n    item = other\n    item.save()\n\n\
             def loop(node: Repo):\n    node = node.find(1)\n    node = node.find(2)\n    node.save()\n",
        ),
        (
            "kt/p/Repo.kt",
            "package p\n\nclass Item {\n    fun save() {}\n}\n\n\
             class Repo {\n    fun find(id: Int): Item = Item()\n}\n",
        ),
        (
            "kt/p/Service.kt",
            "package p\n\nclass Service(val repo: Repo) {\n    fun run() {\n\
             \x20       val item = repo.find(1)\n        item.save()\n    }\n}\n",
        ),
    ]);
    let java = depends(dir.path(), &["Service.run", "-t", "java"]);
    has_all(
        &java,
        &[
            "7 call item.save -> src/main/java/p/Item.java:4",
            // A declared type wins over the call that gives the value.
            "9 call other.save -> external:java.lang",
        ],
    );
    let ts = depends(dir.path(), &["service.run", "-t", "ts"]);
    has_all(
        &ts,
        &[
            "5 call item.save -> web/repo.ts:2",
            // Names taken apart from the value have no one type.
            "8 call first.save -> ?",
        ],
    );
    let py = depends(dir.path(), &["py/service.py::run#function"]);
    assert!(has(&py, "5 call item.save -> py/store.py:2"), "{py:#?}");
    // Bound again in the same scope: no one type, so no guess.
    let again = depends(dir.path(), &["py/service.py::again#function"]);
    assert!(has(&again, "10 call item.save -> ?"), "{again:#?}");
    let looped = depends(dir.path(), &["py/service.py::loop#function"]);
    assert!(has(&looped, "15 call node.save -> ?"), "{looped:#?}");
    let kt = depends(dir.path(), &["Service.run", "-t", "kotlin"]);
    assert!(has(&kt, "6 call item.save -> kt/p/Repo.kt:4"), "{kt:#?}");
}

#[test]
fn a_local_given_its_own_call_result_ends_not_a_stack_overflow() {
    let dir = tree(&[(
        "chain.py",
        "class Node:\n    def next(self):\n        return self\n\n\
         def walk(start):\n    x = x.next()\n    x.next()\n",
    )]);
    let got = depends(dir.path(), &["chain.py::walk#function"]);
    assert!(has(&got, "7 call x.next -> ?"), "{got:#?}");
}

#[test]
fn a_call_no_java_overload_can_take_is_unresolved_not_guessed() {
    let dir = tree(&[
        (
            "src/p/Factory.java",
            "package p;\n\npublic class Factory {\n    public Object getBean(String name) { return null; }\n\
             \x20   public Object getBean(String name, Object... args) { return null; }\n\
             \x20   public void run(int times, Runnable task) {}\n}\n",
        ),
        (
            "src/p/Use.java",
            "package p;\n\npublic class Use {\n    void go(Factory f) {\n        f.getBean(\"a\");\n\
             \x20       f.getBean();\n    }\n}\n",
        ),
        (
            "src/p/Use.kt",
            "package p\n\nclass KUse {\n    fun go() {\n        val f = Factory()\n\
             \x20       f.getBean(\"a\")\n        f.getBean<Any>()\n        f.run(2) { println() }\n    }\n}\n",
        ),
    ]);
    let java = depends(dir.path(), &["Use.go"]);
    has_all(
        &java,
        &[
            "5 call f.getBean -> src/p/Factory.java:4",
            // No overload takes no argument: a namesake, not a guess among them.
            "6 call f.getBean -> ?",
        ],
    );
    let kotlin = depends(dir.path(), &["KUse.go"]);
    has_all(
        &kotlin,
        &[
            "6 call f.getBean -> src/p/Factory.java:4",
            // Type arguments are no arguments: `getBean<Any>()` passes none (an extension
            // function of that name would be what it calls).
            "7 call f.getBean -> ?",
            // A lambda after the parentheses is an argument.
            "8 call f.run -> src/p/Factory.java:6",
        ],
    );
}

#[test]
fn go_locals_take_the_first_result_of_the_call_that_declares_them() {
    let dir = tree(&[
        ("go.mod", "module example.com/x\n\ngo 1.21\n"),
        (
            "w/w.go",
            "package w\n\ntype Writer struct{}\n\n\
             func New(dir string) (*Writer, error) { return &Writer{}, nil }\n\n\
             func Make() *Writer { return nil }\n\n\
             func (w *Writer) Flush() error { return nil }\n",
        ),
        (
            "v/v.go",
            "package v\n\ntype Writer struct{}\n\nfunc (w *Writer) Flush() error { return nil }\n",
        ),
        (
            "m/m.go",
            "package m\n\nimport \"example.com/x/w\"\n\nfunc Run() {\n\
             \tw1, err := w.New(\"d\")\n\t_ = err\n\tw1.Flush()\n\
             \tw4 := w.Make()\n\tw4.Flush()\n\
             \tn, e := count()\n\t_ = e\n\tn.Flush()\n\
             \tc := w.Writer(other())\n\tc.Flush()\n}\n\n\
             func count() (int, error) { return 0, nil }\n",
        ),
    ]);
    let got = depends(dir.path(), &["m.Run"]);
    has_all(
        &got,
        &[
            "8 call w1.Flush -> w/w.go:9",
            // An exported function is no constructor of a type named after it.
            "10 call w4.Flush -> w/w.go:9",
            "13 call n.Flush -> ?",
            // A conversion gives a value of the type converted to.
            "15 call c.Flush -> w/w.go:9",
        ],
    );
}

#[test]
fn a_go_method_named_like_its_interface_is_no_constructor_of_it() {
    let dir = tree(&[
        ("go.mod", "module example.com/x\n\ngo 1.21\n"),
        (
            "storage/s.go",
            "package storage\n\ntype GetRef interface {\n\tGetRef(h uint64) int\n}\n",
        ),
        (
            "t/t.go",
            "package t\n\nimport \"example.com/x/storage\"\n\ntype a struct{}\n\n\
             func (a) GetRef(h uint64) int { return 0 }\n\nvar _ storage.GetRef = a{}\n\n\
             func use(x any) {\n\tif g, ok := x.(storage.GetRef); ok {\n\t\tg.GetRef(1)\n\t}\n}\n",
        ),
    ]);
    // The uses of the interface type are not uses of its method; the call on the
    // value asserted to be one is.
    let (code, recs) = json(dir.path(), &["what-breaks", "storage.GetRef.GetRef"]);
    assert_eq!(code, 0, "{recs:?}");
    assert_eq!(uses(&recs), ["t/t.go:13 definition"]);
}

#[test]
fn go_embedded_structs_and_interfaces_give_their_methods() {
    let dir = tree(&[
        ("go.mod", "module example.com/x\n\ngo 1.21\n"),
        (
            "s/s.go",
            "package s\n\nimport \"io\"\n\ntype Appendable interface {\n\tAppender() int\n}\n\n\
             type Storage interface {\n\tAppendable\n\tio.Closer\n}\n\n\
             type Number interface {\n\t~int | ~float64\n}\n\n\
             type Base struct{}\n\nfunc (b *Base) Hello() int { return 1 }\n\n\
             func (b *Base) Name() string { return \"\" }\n\n\
             type List[T any] struct{}\n\n\
             type Outer struct {\n\t*Base\n\tList[Base]\n\tprimary Storage\n}\n\n\
             func (o *Outer) Name() string { return \"o\" }\n\n\
             func (o *Outer) Run() int {\n\to.Name()\n\to.primary.Close()\n\
             \treturn o.Hello() + o.primary.Appender()\n}\n",
        ),
    ]);
    assert_eq!(
        depends(dir.path(), &["Outer.Run"]),
        [
            "34 type_use Outer -> s/s.go:26",
            "34 type_use int -> external:builtin",
            // Its own method hides the embedded one's.
            "35 call o.Name -> s/s.go:32",
            "36 call o.primary.Close -> external:io",
            "37 call o.Hello -> s/s.go:20",
            "37 call o.primary.Appender -> s/s.go:6",
        ]
    );
    // An embedded type is inherited from; a type argument (`Base` in `List[Base]`)
    // and a type set's members are used.
    let (code, recs) = json(dir.path(), &["what-breaks", "Base"]);
    assert_eq!(code, 0, "{recs:?}");
    let kinds: Vec<String> = data(&recs, "reference")
        .iter()
        .map(|r| format!("{} {}", r["line"], r["kind"].as_str().unwrap()))
        .collect();
    assert_eq!(
        kinds,
        [
            "20 type_use",
            "22 type_use",
            "27 inheritance",
            "28 type_use"
        ]
    );
}

#[test]
fn go_range_variables_take_the_key_and_element_types_of_what_they_range_over() {
    let dir = tree(&[
        ("go.mod", "module example.com/x\n\ngo 1.21\n"),
        (
            "db.go",
            "package x\n\ntype Block struct{}\n\nfunc (b *Block) Close() error { return nil }\n\n\
             type DB struct {\n\tblocks []*Block\n\tbyName map[string]*Block\n}\n\n\
             func (db *DB) CloseAll(extra []Block, ch <-chan *Block) {\n\
             \tfor _, b := range db.blocks {\n\t\tb.Close()\n\t}\n\
             \tfor name, b := range db.byName {\n\t\tb.Close()\n\t\tname.Close()\n\t}\n\
             \tfor i := range extra {\n\t\ti.Close()\n\t}\n\
             \tfor c := range ch {\n\t\tc.Close()\n\t}\n\
             \tlocal := make([]*Block, 0)\n\tfor _, l := range local {\n\t\tl.Close()\n\t}\n\
             \tother := DB{}\n\tfor _, o := range other.blocks {\n\t\to.Close()\n\t}\n}\n\n\
             func elsewhere() {\n\tfor _, x := range extra {\n\t\tx.Close()\n\t}\n}\n",
        ),
    ]);
    let calls = |symbol: &str| -> Vec<String> {
        depends(dir.path(), &[symbol])
            .into_iter()
            .filter(|d| d.contains(".Close"))
            .collect()
    };
    assert_eq!(
        calls("DB.CloseAll"),
        [
            // A field of the receiver's type, a map's value and key, a channel's
            // element, a local made with `make`.
            "14 call b.Close -> db.go:5",
            "17 call b.Close -> db.go:5",
            "18 call name.Close -> external:builtin",
            // An index, not an element.
            "21 call i.Close -> ?",
            "24 call c.Close -> db.go:5",
            "28 call l.Close -> db.go:5",
            // A field of another value whose type is written (`other := DB{}`).
            "32 call o.Close -> db.go:5",
        ]
    );
    // Another function's parameter of that name is not this one's.
    assert_eq!(calls("elsewhere"), ["38 call x.Close -> ?"]);
}

#[test]
fn a_go_copy_of_a_field_or_a_local_ranges_as_what_it_copies() {
    let dir = tree(&[(
        "a.go",
        "package p\n\ntype AM struct{}\n\nfunc (a *AM) URL() string { return \"\" }\n\n\
         type Set struct{ ams []*AM }\n\nfunc (s *Set) sync() {\n\tprevious := s.ams\n\
         \tfor _, am := range previous {\n\t\tam.URL()\n\t}\n\tcopyOf := previous\n\
         \tfor _, x := range copyOf {\n\t\tx.URL()\n\t}\n}\n",
    )]);
    // Prometheus' `previousAms := s.ams` then `for _, am := range previousAms`: `am`
    // had no type.
    has_all(
        &depends(dir.path(), &["Set.sync"]),
        &["12 call am.URL -> a.go:5", "16 call x.URL -> a.go:5"],
    );
}

#[test]
fn members_of_fields_of_other_values_and_of_asserted_types_resolve() {
    let dir = tree(&[
        (
            "go.mod",
            "module example.com/x

go 1.21
",
        ),
        (
            "tsdb/bw.go",
            "package tsdb

type BlockWriter struct{ n int }

             func (w *BlockWriter) Flush() error { return nil }
",
        ),
        (
            "app/app.go",
            "package app

import (
	\"net/http\"

	\"example.com/x/tsdb\"
)

             type chunked struct {
	flusher http.Flusher
	block   *tsdb.BlockWriter
}

             type outer struct{ c chunked }

             func (c *chunked) Close(o outer) {
	c.flusher.Flush()
	c.block.Flush()
             	o.c.block.Flush()
}

             func run(w http.ResponseWriter, x any) {
             	flusher, ok := w.(http.Flusher)
	if ok {
		flusher.Flush()
	}
             	bw, ok := x.(*tsdb.BlockWriter)
	if ok {
		bw.Flush()
	}
             	x.(*tsdb.BlockWriter).Flush()
	ok.Flush()
}
",
        ),
        (
            "src/p/Writer.java",
            "package p;

public class Writer {
    public void flush() {}
}
",
        ),
        (
            "src/p/Holder.java",
            "package p;

import java.io.PrintStream;

public class Holder {
                 Writer writer;
    PrintStream out;

                 void copy(Holder other) {
        other.writer.flush();
                     other.out.flush();
        other.missing.flush();
    }
}
",
        ),
    ]);
    let (code, recs) = json(dir.path(), &["what-breaks", "tsdb.BlockWriter.Flush"]);
    assert_eq!(code, 0, "{recs:?}");
    // `c.flusher` and the asserted `http.Flusher` are library types: not listed. The
    // second name of `v, ok := x.(T)` is no `T`, and stays a namesake.
    assert_eq!(
        uses(&recs),
        [
            "app/app.go:18 definition",
            "app/app.go:19 definition",
            "app/app.go:29 definition",
            "app/app.go:31 definition",
            "app/app.go:32 unresolved",
        ]
    );
    let (code, recs) = json(dir.path(), &["what-breaks", "Writer.flush"]);
    assert_eq!(code, 0, "{recs:?}");
    // `other.missing` is declared nowhere: unresolved, not guessed.
    assert_eq!(
        uses(&recs),
        [
            "src/p/Holder.java:10 definition",
            "src/p/Holder.java:12 unresolved"
        ]
    );
}

#[test]
fn a_python_field_given_values_of_two_types_has_no_one_type() {
    let dir = tree(&[(
        "pkg/m.py",
        "class A:\n    def f(self):\n        pass\n\n\nclass B:\n    def f(self):\n        pass\n\n\n\
         class Holder:\n    def __init__(self):\n        self.one = A()\n        self.two = A()\n\n\
         \x20   def reset(self):\n        self.two = B()\n\n\
         \x20   def use(self):\n        self.one.f()\n        self.two.f()\n",
    )]);
    let (code, recs) = json(dir.path(), &["what-breaks", "A.f"]);
    assert_eq!(code, 0, "{recs:?}");
    assert_eq!(
        uses(&recs),
        ["pkg/m.py:20 definition", "pkg/m.py:21 unresolved"]
    );
}

#[test]
fn an_array_of_a_type_has_none_of_its_members() {
    let dir = tree(&[
        (
            "src/item.ts",
            "export class Item {\n    push(x: number): void {}\n}\n",
        ),
        (
            "src/use.ts",
            "import { Item } from \"./item\"\n\n\
             export function run(items: Item[], one: Item, many: Array<Item>) {\n\
             \x20   items.push(new Item())\n    one.push(1)\n    many.push(one)\n}\n",
        ),
        (
            "src/p/Use.java",
            "package p;\n\nclass Use {\n    void run(Item[] items, Item one, Item... more) {\n\
             \x20       items.copy();\n        one.copy();\n        more.copy();\n    }\n}\n",
        ),
        (
            "src/p/Item.java",
            "package p;\n\nclass Item {\n    Item copy() { return this; }\n}\n",
        ),
    ]);
    // `items.push` and `many.push` are the standard `Array`'s, never `Item.push`.
    let (code, recs) = json(dir.path(), &["what-breaks", "Item.push"]);
    assert_eq!(code, 0, "{recs:?}");
    assert_eq!(uses(&recs), ["src/use.ts:5 definition"]);
    let (code, recs) = json(dir.path(), &["what-depends", "src/use.ts:3"]);
    assert_eq!(code, 0, "{recs:?}");
    assert_eq!(
        deps(&recs),
        [
            "3 type_use Item -> src/item.ts:1",
            "3 type_use Item -> src/item.ts:1",
            "3 type_use Array -> external:globals",
            "3 type_use Item -> src/item.ts:1",
            "4 call items.push -> external:globals",
            "4 call Item -> src/item.ts:1",
            "5 call one.push -> src/item.ts:2",
            "6 call many.push -> external:globals",
        ]
    );
    // A Java array has only `java.lang.Object`'s members.
    let (code, recs) = json(dir.path(), &["what-breaks", "Item.copy"]);
    assert_eq!(code, 0, "{recs:?}");
    assert_eq!(
        uses(&recs),
        ["src/p/Use.java:6 definition", "src/p/Use.java:7 unresolved"]
    );
    let (code, recs) = json(dir.path(), &["what-depends", "src/p/Use.java:4"]);
    assert_eq!(code, 0, "{recs:?}");
    assert!(
        deps(&recs).contains(&"5 call items.copy -> external:java.lang".to_string()),
        "{:?}",
        deps(&recs)
    );
}

#[test]
fn typescript_callbacks_of_array_methods_receive_the_element_type() {
    let dir = tree(&[
        (
            "src/item.ts",
            "export class Item {\n    push(x: number): void {}\n}\n",
        ),
        (
            "src/cb.ts",
            "import { Item } from \"./item\"\n\n\
             export function many(items: Item[], more: Array<Item>, other: Item[]) {\n\
             \x20   items.forEach((it) => it.push(2))\n\
             \x20   more.map(async (m) => m.push(3))\n\
             \x20   items.filter(x => x.push(4))\n\
             \x20   items.reduce((acc, y) => y.push(5), 0)\n\
             \x20   items.forEach(function (f) { f.push(6) })\n\
             \x20   items.forEach((a, b) => b.push(7))\n\
             \x20   other = []\n\
             \x20   const other: string[] = []\n\
             \x20   other.forEach((s) => s.push(8))\n}\n",
        ),
    ]);
    let (code, recs) = json(dir.path(), &["what-breaks", "Item.push"]);
    assert_eq!(code, 0, "{recs:?}");
    // `reduce` hands its callback an accumulator first, and the second parameter of a
    // callback is an index: namesakes at most. `other`, bound again to strings, holds
    // no `Item`s.
    assert_eq!(
        uses(&recs),
        [
            "src/cb.ts:4 definition",
            "src/cb.ts:5 definition",
            "src/cb.ts:6 definition",
            "src/cb.ts:7 unresolved",
            "src/cb.ts:8 definition",
            "src/cb.ts:9 unresolved",
        ]
    );
}

#[test]
fn typescript_loop_variables_of_an_array_take_its_element_type() {
    let dir = tree(&[(
        "a.ts",
        "export class Item {\n  save(): void {}\n}\n\
         export class Box {\n  items: Item[] = []\n  saveAll(m: Map<string, Item>) {\n\
         \x20   for (const item of this.items) {\n      item.save()\n    }\n\
         \x20   for (const i in this.items) {\n      i.save()\n    }\n\
         \x20   for (const [k, v] of m) {\n      v.save()\n    }\n  }\n}\n",
    )]);
    let (code, recs) = json(dir.path(), &["what-depends", "a.ts:6"]);
    assert_eq!(code, 0, "{recs:?}");
    let got = deps(&recs);
    has_all(
        &got,
        &[
            "8 call item.save -> a.ts:2",
            // `for .. in` gives the keys; a destructured entry has no one type.
            "11 call i.save -> ?",
            "14 call v.save -> ?",
        ],
    );
}

#[test]
fn typescript_overloads_with_optional_parameters_and_casts_resolve_without_a_guess() {
    let dir = tree(&[(
        "a.ts",
        "export class Q {\n  select(s: string, alias?: string): this\n  select(s: string[]): this\n\
         \x20 select(\n    s?: string | string[],\n    alias?: string,\n  ): this {\n    return this\n  }\n\
         \x20 static make(): Q { return new Q() }\n  other?: Q\n}\n\
         export function f(q: Q, o: unknown) {\n  q.select(\"a\")\n  q.select(\"a\", \"b\")\n\
         \x20 const k = o as typeof Q\n  k.make()\n  q.other!.select(\"c\", \"d\")\n}\n",
    )]);
    let (code, recs) = json(dir.path(), &["what-depends", "a.ts:13"]);
    assert_eq!(code, 0, "{recs:?}");
    let got = deps(&recs);
    has_all(
        &got,
        &[
            // One argument fits the first two overloads: which one, only the types tell.
            "14 call q.select -> overloads of a.ts:2",
            "15 call q.select -> a.ts:2",
            "17 call k.make -> a.ts:10",
            "18 call q.other!.select -> a.ts:2",
        ],
    );
}

#[test]
fn typescript_names_passed_on_by_a_barrel_module_resolve() {
    let dir = tree(&[
        (
            "src/ds/DataSource.ts",
            "export class DataSource {\n    getRepository(x: number): number { return x }\n}\n",
        ),
        (
            "src/ds/Manager.ts",
            "export class Manager {\n    getRepository(x: number): number { return x }\n}\n",
        ),
        ("src/ds/index.ts", "export * from \"./DataSource\"\n"),
        (
            "src/index.ts",
            "export * from \"./ds\"\nexport { Manager as EntityManager } from \"./ds/Manager\"\n",
        ),
        (
            "test/a.ts",
            "import type { DataSource, EntityManager } from \"../src\"\n\n\
             export function f(d: DataSource, m: EntityManager) {\n\
             \x20   d.getRepository(1)\n    m.getRepository(2)\n}\n",
        ),
    ]);
    let (code, recs) = json(dir.path(), &["what-depends", "f"]);
    assert_eq!(code, 0, "{recs:?}");
    let got = deps(&recs);
    has_all(
        &got,
        &[
            "4 call d.getRepository -> src/ds/DataSource.ts:2",
            "5 call m.getRepository -> src/ds/Manager.ts:2",
        ],
    );
}

#[test]
fn python_names_a_package_imports_with_a_star_resolve_through_it() {
    let dir = tree(&[
        (
            "pkg/models/base.py",
            "class Model:\n    def save(self):\n        pass\n",
        ),
        ("pkg/models/__init__.py", "from .base import *\n"),
        (
            "app.py",
            "from pkg.models import Model\n\n\ndef run(m: Model):\n    m.save()\n",
        ),
    ]);
    let (code, recs) = json(dir.path(), &["what-depends", "run"]);
    assert_eq!(code, 0, "{recs:?}");
    let got = deps(&recs);
    let want = "5 call m.save -> pkg/models/base.py:2";
    assert!(
        got.contains(&want.to_string()),
        "missing {want:?} in {got:#?}"
    );
}

#[test]
fn a_field_of_a_type_in_another_file_resolves_the_same_with_and_without_the_index() {
    let dir = tree(&[
        (
            "src/EntityManager.ts",
            "export class EntityManager {\n    getRepository(x: number): number { return x }\n}\n",
        ),
        (
            "src/DataSource.ts",
            "import { EntityManager } from \"./EntityManager\"\n\n\
             export class DataSource {\n    manager: EntityManager\n}\n",
        ),
        (
            "test/a.ts",
            "import { DataSource } from \"../src/DataSource\"\n\n\
             export function f(d: DataSource) {\n    d.manager.getRepository(1)\n}\n",
        ),
    ]);
    for index in [&[][..], &["--no-index"][..]] {
        let args: Vec<&str> = ["what-breaks", "EntityManager.getRepository"]
            .into_iter()
            .chain(index.iter().copied())
            .collect();
        let (code, recs) = json(dir.path(), &args);
        assert_eq!(code, 0, "{recs:?}");
        assert_eq!(uses(&recs), ["test/a.ts:4 definition"], "{args:?}");
    }
}

#[test]
fn rust_members_of_self_and_module_paths_resolve_to_their_files() {
    let dir = tree(&[
        ("w/Cargo.toml", "[package]\nname = \"w\"\n"),
        ("w/src/lib.rs", "pub mod runtime;\npub mod task;\n"),
        (
            "w/src/runtime/mod.rs",
            "mod handle;\npub use self::handle::Handle;\n",
        ),
        (
            "w/src/runtime/handle.rs",
            "pub struct Handle {\n    name: u32,\n}\n\
             impl Handle {\n    pub fn current() -> Handle { Handle { name: 0 } }\n\
             \x20   pub fn name(&self) -> u32 { 0 }\n\
             \x20   pub fn label(&self) -> u32 { id(self.name) }\n\
             \x20   fn helper(&self) {}\n}\nfn id(x: u32) -> u32 { x }\n",
        ),
        (
            "w/src/task/mod.rs",
            "mod spawn;\npub(crate) fn spawn_inner() {}\n",
        ),
        (
            "w/src/task/spawn.rs",
            "use crate::{runtime::{Handle}, task};\n\n\
             pub fn spawn() {\n    let h = Handle::current();\n    super::spawn_inner();\n\
             \x20   crate::task::spawn_inner();\n    std::mem::drop(h);\n}\n",
        ),
        (
            "w/src/other.rs",
            "pub struct Handle;\nimpl Handle {\n    pub fn current() {}\n}\n",
        ),
    ]);
    let (code, recs) = json(dir.path(), &["what-depends", "w/src/task/spawn.rs:3"]);
    assert_eq!(code, 0, "{recs:?}");
    let got = deps(&recs);
    has_all(
        &got,
        &[
            "4 call Handle.current -> w/src/runtime/handle.rs:5",
            "5 call super.spawn_inner -> w/src/task/mod.rs:2",
            "6 call crate::task.spawn_inner -> w/src/task/mod.rs:2",
            "7 call std::mem.drop -> external:std::mem",
        ],
    );
    // `self.name` and `Handle { name: 0 }` name the field, not the method of the same
    // name.
    let (code, recs) = json(dir.path(), &["what-breaks", "w/src/runtime/handle.rs:6"]);
    assert_eq!(code, 1, "{recs:?}");
    assert!(uses(&recs).is_empty(), "{recs:#?}");
}

#[test]
fn rust_pattern_locals_associated_types_and_type_parameter_paths_are_not_taken_for_items() {
    let dir = tree(&[
        ("Cargo.toml", "[package]\nname = \"x\"\n"),
        ("src/error.rs", "pub struct Error;\n"),
        ("src/haystack.rs", "pub struct Haystack;\n"),
        (
            "src/lib.rs",
            "mod error;\nmod haystack;\nuse crate::error::Error;\n\
             pub struct M;\nimpl M {\n    pub fn open(&self) -> Option<u32> { None }\n\
             \x20   pub fn new() -> Result<M, Error> { Ok(M) }\n}\n\
             pub trait T { type Error; }\nimpl T for M { type Error = u8; }\n\
             pub fn shadow(items: Vec<u32>, m: M) {\n\
             \x20   for haystack in items { take(&haystack); }\n\
             \x20   if let Some(haystack) = m.open() { take(&haystack); }\n\
             \x20   match m.open() { Some(haystack) => take(&haystack), None => {} }\n}\n\
             fn take(_: &u32) {}\n\
             pub trait Sink { type Error: SinkError; }\n\
             pub trait SinkError { fn message(m: &str) -> Self; }\n\
             pub fn make<S: Sink>() -> S::Error { S::Error::message(\"x\") }\n\
             pub trait ToUrl { fn to_url(&self) -> String; }\n\
             impl ToUrl for std::path::Path { fn to_url(&self) -> String { String::new() } }\n\
             pub fn url(p: &std::path::Path) -> String { p.to_url() }\n\
             pub trait Render { fn render(&self) -> u32; }\nimpl Render for M { fn render(&self) -> u32 { 0 } }\n\
             pub fn page(h: &handlebars::Handlebars) { h.render(); }\n\
             pub struct Core<S> { s: S }\n\
             impl<S: Sink> Core<S> { pub fn fail(&self) -> S::Error { S::Error::message(\"x\") } }\n",
        ),
    ]);
    // Before: `haystack`, bound by the patterns, was the module `haystack`; `Error`
    // in `impl M` was the associated type of `impl T for M` (only `Self::Error`
    // names that one); `S::Error::message` was a library's.
    let got = depends(dir.path(), &["src/lib.rs:11"]);
    assert!(
        !got.iter().any(|d| d.contains("haystack")),
        "a pattern's local taken for the module: {got:?}"
    );
    has_all(
        &got,
        &[
            "12 call take -> src/lib.rs:16",
            "14 call take -> src/lib.rs:16",
        ],
    );
    for (target, want) in [
        ("src/lib.rs:7", "7 type_use Error -> src/error.rs:1"),
        ("src/lib.rs:19", "19 call S::Error.message -> ?"),
        // Before: a method of a trait of the tree called on a library type was the
        // library's.
        ("src/lib.rs:22", "22 call p.to_url -> src/lib.rs:20"),
        // A library type's own method is not one of a trait the tree implements only
        // for its own types; a path through the type parameter of an `impl` is
        // unresolved.
        ("src/lib.rs:25", "25 call h.render -> external:handlebars"),
        ("src/lib.rs:27", "27 call S::Error.message -> ?"),
    ] {
        has_all(&depends(dir.path(), &[target]), &[want]);
    }
}

#[test]
fn a_rust_function_named_like_a_module_of_its_file_is_a_target_of_its_own() {
    let dir = tree(&[
        ("Cargo.toml", "[package]\nname = \"x\"\n"),
        ("src/search.rs", "pub fn run() {}\n"),
        (
            "src/main.rs",
            "mod search;\n\nfn main() {\n    search();\n    search::run();\n}\n\nfn search() {}\n",
        ),
    ]);
    // Before: `main.rs:8` named the module `search` (the first definition of that
    // name in the file) along with the function, and what-breaks listed the module
    // path `search::run` as a use of the function.
    let (_, recs) = json(dir.path(), &["what-breaks", "src/main.rs:8"]);
    let kinds: Vec<&str> = data(&recs, "symbol")
        .iter()
        .map(|s| s["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["function"]);
    assert_eq!(uses(&recs), ["src/main.rs:4 definition"]);
}

#[test]
fn rust_a_test_module_import_shadows_the_file_import_and_a_variant_name_is_no_use() {
    let dir = tree(&[
        ("Cargo.toml", "[workspace]\nmembers = [\"core\", \"app\"]\n"),
        ("core/Cargo.toml", "[package]\nname = \"core_util\"\n"),
        (
            "core/src/lib.rs",
            "pub mod utils;\npub struct Link;\npub enum Item {\n    Link(Link),\n}\n",
        ),
        ("core/src/utils/mod.rs", "pub mod fs;\n"),
        (
            "core/src/utils/fs.rs",
            "pub fn write(_: &str, _: &str) {}\n",
        ),
        ("app/Cargo.toml", "[package]\nname = \"app\"\n"),
        (
            "app/src/lib.rs",
            "use core_util::utils::fs;\n\npub fn save() {\n    fs::write(\"a\", \"x\");\n}\n\n\
             mod tests {\n    use super::*;\n    use std::fs;\n\n    fn save_std() {\n\
             \x20       fs::write(\"b\", \"y\").unwrap();\n    }\n}\n",
        ),
    ]);
    // Before: the test module's `fs::write`, `std::fs`'s, was tied to the file's
    // import of `core_util::utils::fs`.
    let (_, recs) = json(dir.path(), &["what-breaks", "core/src/utils/fs.rs:1"]);
    let resolved: Vec<String> = uses(&recs)
        .into_iter()
        .filter(|u| u.ends_with("definition"))
        .collect();
    assert_eq!(resolved, ["app/src/lib.rs:4 definition"]);
    // Before: the variant's own name in `Link(Link)` was a use of the struct.
    let (_, recs) = json(dir.path(), &["what-breaks", "core/src/lib.rs:2"]);
    let at: Vec<(u64, u64)> = data(&recs, "reference")
        .iter()
        .map(|r| (r["line"].as_u64().unwrap(), r["column"].as_u64().unwrap()))
        .collect();
    assert_eq!(at, [(4, 10)]);
}

#[test]
fn rust_imports_of_one_name_that_cfg_keeps_apart_leave_the_call_undecided() {
    let dir = tree(&[
        ("Cargo.toml", "[package]\nname = \"w\"\n"),
        (
            "src/lib.rs",
            "mod blocking;\nmod mocks;\nmod file;\nmod other;\n",
        ),
        ("src/blocking.rs", "pub fn spawn_blocking() {}\n"),
        ("src/mocks.rs", "pub fn spawn_blocking() {}\n"),
        (
            "src/file.rs",
            "#[cfg(test)]\nuse crate::mocks::spawn_blocking;\n\
             #[cfg(not(test))]\nuse crate::blocking::spawn_blocking;\n\n\
             fn set_len() {\n    spawn_blocking();\n}\n",
        ),
        (
            "src/other.rs",
            "use crate::blocking::spawn_blocking;\n\nfn sync_all() {\n    spawn_blocking();\n}\n",
        ),
    ]);
    // A test build calls the mock, any other build the real one: neither is the
    // answer. The one import of another file is.
    let (code, recs) = json(dir.path(), &["what-depends", "src/file.rs:6"]);
    assert_eq!(code, 0, "{recs:?}");
    has_all(&deps(&recs), &["7 call spawn_blocking -> ?"]);
    let (code, recs) = json(dir.path(), &["what-depends", "src/other.rs:3"]);
    assert_eq!(code, 0, "{recs:?}");
    has_all(
        &deps(&recs),
        &["4 call spawn_blocking -> src/blocking.rs:1"],
    );
}

#[test]
fn a_rust_stub_beside_a_reexport_of_its_name_that_cfg_keeps_apart_is_not_the_answer() {
    let dir = tree(&[
        ("Cargo.toml", "[package]\nname = \"w\"\n"),
        (
            "src/lib.rs",
            "macro_rules! cfg_rt { ($($i:item)*) => { $($i)* } }\n\
             macro_rules! cfg_not_rt { ($($i:item)*) => { $($i)* } }\n\
             mod runtime;\nmod util;\nmod timer;\nmod user;\n",
        ),
        ("src/runtime.rs", "pub fn poll_proceed() {}\n"),
        (
            "src/util.rs",
            "cfg_rt! {\n    pub(crate) use crate::runtime::poll_proceed;\n}\n\
             cfg_not_rt! {\n    pub(crate) fn poll_proceed() {}\n}\n\
             pub(crate) fn other() {}\n",
        ),
        ("src/timer.rs", "mod sleep;\npub use sleep::sleep;\n"),
        ("src/timer/sleep.rs", "pub fn sleep() {}\n"),
        (
            "src/user.rs",
            "use crate::util::{other, poll_proceed};\nuse crate::timer::sleep;\n\n\
             fn run() {\n    poll_proceed();\n    other();\n    sleep();\n}\n",
        ),
    ]);
    // Which of the two `poll_proceed`s a build holds, its features decide.
    let (code, recs) = json(dir.path(), &["what-depends", "src/user.rs:4"]);
    assert_eq!(code, 0, "{recs:?}");
    has_all(
        &deps(&recs),
        &[
            "5 call poll_proceed -> ?",
            "6 call other -> src/util.rs:7",
            // A module is of a namespace of its own: the function it re-exports is
            // no alternative to it.
            "7 call sleep -> src/timer/sleep.rs:1",
        ],
    );
}

#[test]
fn rust_clone_or_to_string_of_a_type_without_its_own_is_the_standard_librarys() {
    let dir = tree(&[(
        "src/lib.rs",
        "use std::sync::{Arc, Mutex};\n\
         \n\
         #[derive(Clone)]\n\
         pub struct Shared {}\n\
         pub struct Manual {}\n\
         impl Clone for Manual {\n    fn clone(&self) -> Manual { Manual {} }\n}\n\
         pub struct Wrapper {}\n\
         impl std::ops::Deref for Wrapper {\n    type Target = Manual;\n    fn deref(&self) -> &Manual { todo!() }\n}\n\
         pub trait Named {}\n\
         \n\
         fn run(a: Arc<Shared>, m: Arc<Manual>, l: Arc<Mutex<Shared>>, s: Shared, n: Manual, w: Wrapper, t: Box<dyn Named>) {\n\
         \x20   a.clone();\n\
         \x20   m.clone();\n\
         \x20   l.clone();\n\
         \x20   s.clone();\n\
         \x20   s.to_string();\n\
         \x20   n.clone();\n\
         \x20   w.clone();\n\
         \x20   t.clone();\n\
         }\n",
    )]);
    let (code, recs) = json(dir.path(), &["what-depends", "run"]);
    assert_eq!(code, 0, "{recs:?}");
    has_all(
        &deps(&recs),
        &[
            // Derived, or of a pointer to a value that has none of its own.
            "17 call a.clone -> external:std",
            "19 call l.clone -> external:std",
            "20 call s.clone -> external:std",
            "21 call s.to_string -> external:std",
            // The type's own.
            "22 call n.clone -> src/lib.rs:7",
            // The pointer's or the value's, as the pointer goes; a `Deref` may hand the
            // call on; a trait object's is whatever implements it.
            "18 call m.clone -> ?",
            "23 call w.clone -> ?",
            "24 call t.clone -> ?",
        ],
    );
}

#[test]
fn rust_self_calls_resolve_to_the_impl_of_the_enclosing_type() {
    let dir = tree(&[(
        "lib.rs",
        "struct Spawner;\nimpl Spawner {\n    fn a(&self) { self.b(1); Self::c(); }\n\
         \x20   fn b(&self, x: u32) {}\n    fn c() {}\n}\n\
         struct Other;\nimpl Other {\n    fn b(&self, x: u32) {}\n}\n",
    )]);
    let (code, recs) = json(dir.path(), &["what-depends", "lib.rs:3"]);
    assert_eq!(code, 0, "{recs:?}");
    assert_eq!(
        deps(&recs),
        ["3 call self.b -> lib.rs:4", "3 call Self.c -> lib.rs:5"]
    );
    // `Other.b` is a namesake in the same file, neither an overload nor a target.
    let (code, recs) = json(dir.path(), &["what-breaks", "lib.rs:9"]);
    assert_eq!(code, 1, "{recs:?}");
    assert!(uses(&recs).is_empty(), "{recs:#?}");
}

#[test]
fn rust_items_inside_macro_bodies_are_definitions_and_their_calls_are_uses() {
    let dir = tree(&[(
        "lib.rs",
        "macro_rules! cfg_rt { ($($i:item)*) => { $($i)* } }\n\
         cfg_rt! {\n    pub fn spawn() { spawn_inner() }\n}\n\
         fn spawn_inner() {}\n\
         bitflags! {\n    pub struct Flags: u32 { const A = 1; }\n}\n\
         struct S;\nimpl S {\n    cfg_rt! {\n        fn m(&self) { self.n() }\n    }\n    fn n(&self) {}\n}\n",
    )]);
    for (query, line) in [("spawn", 3), ("S.m", 12)] {
        let (code, recs) = json(dir.path(), &["find-symbol", query, "--exact"]);
        assert_eq!(code, 0, "{recs:?}");
        assert_eq!(data(&recs, "symbol")[0]["line"], line, "{recs:#?}");
    }
    // A body that is no list of items (a DSL) yields nothing.
    let (code, recs) = json(dir.path(), &["find-symbol", "Flags", "--exact"]);
    assert_eq!(code, 1, "{recs:#?}");
    assert!(data(&recs, "symbol").is_empty(), "{recs:#?}");
    let (code, recs) = json(dir.path(), &["what-breaks", "spawn_inner"]);
    assert_eq!(code, 0, "{recs:?}");
    assert_eq!(uses(&recs), ["lib.rs:3 definition"]);
    let (code, recs) = json(dir.path(), &["what-breaks", "n"]);
    assert_eq!(code, 0, "{recs:?}");
    assert_eq!(uses(&recs), ["lib.rs:12 definition"]);
    // The invocation itself is still a use of the macro.
    let (code, recs) = json(dir.path(), &["what-breaks", "cfg_rt"]);
    assert_eq!(code, 0, "{recs:?}");
    assert_eq!(uses(&recs), ["lib.rs:2 definition", "lib.rs:11 definition"]);
}

#[test]
fn rust_values_take_the_type_their_call_returns_and_a_pointer_field_its_value_s_methods() {
    let dir = tree(&[(
        "lib.rs",
        "use std::sync::Arc;\npub struct Handle { inner: Arc<Inner> }\n\
         impl Handle {\n    pub fn current() -> Self { todo!() }\n\
         \x20   pub fn make() -> Handle { todo!() }\n\
         \x20   pub fn try_make() -> Result<Handle, ()> { todo!() }\n\
         \x20   pub fn spawn(&self) {}\n}\npub struct Inner;\nimpl Inner {\n    pub fn go(&self) {}\n}\n\
         fn f(h: &Handle) -> Result<(), ()> {\n    let a = Handle::current();\n    a.spawn();\n\
         \x20   let b = Handle::make();\n    b.spawn();\n    Handle::make().spawn();\n\
         \x20   h.inner.go();\n    Handle::try_make()?.spawn();\n    h.inner.clone();\n    Ok(())\n}\n",
    )]);
    let (code, recs) = json(dir.path(), &["what-depends", "lib.rs:13"]);
    assert_eq!(code, 0, "{recs:?}");
    let got = deps(&recs);
    has_all(
        &got,
        &[
            "15 call a.spawn -> lib.rs:7",
            "17 call b.spawn -> lib.rs:7",
            "18 call Handle::make().spawn -> lib.rs:7",
            // An `Arc<Inner>` field: `go` is none of the pointer's own methods, so it is
            // the value's.
            "19 call h.inner.go -> lib.rs:11",
            // `?` takes the `Handle` out of the `Result`: not the `Result`'s member.
            "20 call Handle::try_make()?.spawn -> ?",
            // The pointer's own `clone`, the standard library's: the value has none.
            "21 call h.inner.clone -> external:std",
        ],
    );
}

#[test]
fn a_rust_impl_in_another_file_belongs_to_the_type_it_imports_though_another_module_has_a_namesake()
{
    let dir = tree(&[
        ("Cargo.toml", "[package]\nname = \"w\"\n"),
        ("src/lib.rs", "mod mt;\nmod scheduler;\n"),
        (
            "src/scheduler.rs",
            "pub(crate) enum Handle {\n    A,\n}\nimpl Handle {\n    pub(crate) fn there(&self) {}\n}\n",
        ),
        (
            "src/mt/mod.rs",
            "mod handle;\nmod worker;\npub(crate) use handle::Handle;\n",
        ),
        (
            "src/mt/handle.rs",
            "pub(crate) struct Handle {}\nimpl Handle {\n    pub(crate) fn here(&self) {}\n}\n",
        ),
        (
            "src/mt/worker.rs",
            "use std::sync::Arc;\n\
             use crate::mt::Handle;\n\
             \n\
             struct Worker {\n    handle: Arc<Handle>,\n}\n\
             impl Worker {\n\
             \x20   fn run(&self) {\n\
             \x20       self.handle.here();\n\
             \x20       self.handle.there();\n\
             \x20   }\n\
             }\n\
             impl Handle {\n\
             \x20   fn there(&self) {}\n\
             \x20   fn again(&self) {\n        self.there();\n    }\n\
             }\n",
        ),
    ]);
    // `impl Handle` in worker.rs is of the `Handle` worker.rs imports: its `there`,
    // not the scheduler's, is what a value of that type calls.
    let (code, recs) = json(dir.path(), &["what-depends", "Worker.run"]);
    assert_eq!(code, 0, "{recs:?}");
    has_all(
        &deps(&recs),
        &[
            "9 call self.handle.here -> src/mt/handle.rs:3",
            "10 call self.handle.there -> src/mt/worker.rs:14",
        ],
    );
    let (code, recs) = json(dir.path(), &["what-depends", "src/mt/worker.rs:15"]);
    assert_eq!(code, 0, "{recs:?}");
    has_all(&deps(&recs), &["16 call self.there -> src/mt/worker.rs:14"]);
}

#[test]
fn rust_arc_clone_of_a_value_calls_the_values_methods() {
    let dir = tree(&[(
        "lib.rs",
        "use std::sync::Arc;\n\
         pub struct Semaphore;\n\
         impl Semaphore {\n    pub fn acquire_owned(self: Arc<Self>) {}\n}\n\
         pub struct Poll {\n    semaphore: Arc<Semaphore>,\n}\n\
         impl Poll {\n\
         \x20   fn go(&self, local: Arc<Semaphore>) {\n\
         \x20       Arc::clone(&self.semaphore).acquire_owned();\n\
         \x20       std::sync::Arc::clone(&local).acquire_owned();\n\
         \x20       Arc::clone(&make()).acquire_owned();\n\
         \x20   }\n\
         }\n\
         fn make() -> Arc<Semaphore> { todo!() }\n",
    )]);
    let (code, recs) = json(dir.path(), &["what-depends", "Poll.go"]);
    assert_eq!(code, 0, "{recs:?}");
    has_all(
        &deps(&recs),
        &[
            "11 call Arc::clone(&self.semaphore).acquire_owned -> lib.rs:4",
            "12 call std::sync::Arc::clone(&local).acquire_owned -> lib.rs:4",
            // Only a local or a field is read inside.
            "13 call Arc::clone(&make()).acquire_owned -> ?",
        ],
    );
}

#[test]
fn rust_methods_called_through_a_standard_pointer_are_the_pointed_to_type_s() {
    let dir = tree(&[(
        "lib.rs",
        "use std::sync::{Arc, Mutex};\n\
         pub struct Engine;\n\
         impl Engine {\n    pub fn start(&self) {}\n    pub fn clone(&self) -> Engine { Engine }\n}\n\
         pub trait Runner {\n    fn run(&self);\n}\n\
         pub struct Pool {\n    first: Arc<Engine>,\n    boxed: Box<Engine>,\n    \
         shared: Arc<Mutex<Engine>>,\n    spare: Option<Arc<Engine>>,\n}\n\
         impl Pool {\n    fn first(&self) -> &Arc<Engine> { &self.first }\n    \
         fn spare(&self) -> Option<Arc<Engine>> { self.spare.clone() }\n    \
         fn keep<T>(&self, t: Box<T>) -> Box<T> { t }\n    \
         fn go(&self, param: &Arc<Engine>, dynamic: Box<dyn Runner>) {\n        \
         self.first.start();\n        self.boxed.start();\n        self.first().start();\n        \
         self.spare().unwrap().start();\n        param.start();\n        dynamic.run();\n        \
         param.clone();\n        self.shared.lock();\n        \
         let rc: std::rc::Rc<Engine> = std::rc::Rc::new(Engine);\n        rc.start();\n        \
         self.keep(Box::new(Engine)).start();\n        \
         let made = Arc::new(Box::new(Engine::new()));\n        made.start();\n        \
         let copy = param.clone();\n        copy.start();\n        \
         let shared = Arc::clone(&self.first);\n        shared.start();\n    }\n}\n",
    )]);
    let (code, recs) = json(dir.path(), &["what-depends", "Pool.go"]);
    assert_eq!(code, 0, "{recs:?}");
    has_all(
        &deps(&recs),
        &[
            // Fields, a method's return (also in an `Option`), a parameter, a local.
            "21 call self.first.start -> lib.rs:4",
            "22 call self.boxed.start -> lib.rs:4",
            "23 call self.first().start -> lib.rs:4",
            "24 call self.spare().unwrap().start -> lib.rs:4",
            "25 call param.start -> lib.rs:4",
            "30 call rc.start -> lib.rs:4",
            // A boxed trait object: the trait's method.
            "26 call dynamic.run -> lib.rs:8",
            // `clone` is the pointer's own, whatever the value also defines.
            "27 call param.clone -> ?",
            // A library type behind the pointer: the library's method.
            "28 call self.shared.lock -> external:std::sync",
            // A pointer made of a pointer made of a new value.
            "33 call made.start -> lib.rs:4",
            // A clone has the type of what it copies.
            "35 call copy.start -> lib.rs:4",
            "37 call shared.start -> lib.rs:4",
            // A pointer to a type parameter points to whatever a caller supplies.
            "31 call self.keep(Box::new(Engine)).start -> ?",
        ],
    );
    // Who calls `Engine.start`: every call above that reaches it, the index and a
    // fresh parse agreeing.
    let found = breaks_both_ways(dir.path(), &["Engine.start"]);
    for line in [21, 22, 23, 24, 25, 30, 33, 35, 37] {
        assert!(
            found.contains(&format!("lib.rs:{line} definition")),
            "{line}: {found:?}"
        );
    }
    assert!(
        !found.iter().any(|u| u.starts_with("lib.rs:31 definition")),
        "{found:?}"
    );
}

#[test]
fn a_repository_type_named_like_a_rust_pointer_is_that_type() {
    let dir = tree(&[(
        "lib.rs",
        "pub struct Inner;\nimpl Inner {\n    pub fn go(&self) {}\n}\n\
         pub struct Arc<T>(T);\nimpl<T> Arc<T> {\n    pub fn go(&self) {}\n}\n\
         fn f(a: Arc<Inner>) {\n    a.go();\n}\n",
    )]);
    let (code, recs) = json(dir.path(), &["what-depends", "lib.rs:9"]);
    assert_eq!(code, 0, "{recs:?}");
    has_all(&deps(&recs), &["10 call a.go -> lib.rs:7"]);
}

#[test]
fn rust_paths_that_read_alike_stay_undecided_rather_than_guessed() {
    let dir = tree(&[
        ("w/Cargo.toml", "[package]\nname = \"w\"\n"),
        (
            "w/src/lib.rs",
            "mod serde;\nmod tests;\nmod util;\nmod net;\n\
             fn parse(s: u32) -> u32 { s }\nconst LIMIT: u32 = 1;\n\
             pub struct P { s: u32 }\n\
             impl P {\n    fn parse(&self) -> u32 { self::parse(self.s) }\n\
             \x20   fn limit(&self) -> u32 { id(self::LIMIT) }\n\
             \x20   fn de(&self) { ::serde::de::custom(); }\n}\nfn id(x: u32) -> u32 { x }\n",
        ),
        ("w/src/serde.rs", "pub mod de { pub fn custom() {} }\n"),
        ("w/src/util.rs", "pub fn helper() {}\n"),
        ("w/src/tests/mod.rs", "mod util;\n"),
        (
            "w/src/tests/util.rs",
            "use crate::util::helper;\nfn t() { helper(); }\n",
        ),
        ("w/src/net/mod.rs", "pub mod tcp;\nmod tests;\n"),
        ("w/src/net/tcp.rs", "pub fn connect() {}\n"),
        (
            "w/src/net/tests.rs",
            "use super::*;\nfn t() { tcp::connect(); }\n",
        ),
    ]);
    let (code, recs) = json(dir.path(), &["what-depends", "w/src/lib.rs:9"]);
    assert_eq!(code, 0, "{recs:?}");
    // `self::parse` or `self.parse`: both exist, the syntax kept here does not say.
    assert!(
        deps(&recs).contains(&"9 call self.parse -> ?".to_string()),
        "{recs:#?}"
    );
    let (code, recs) = json(dir.path(), &["what-breaks", "w/src/lib.rs:6"]);
    assert_eq!(code, 0, "{recs:?}");
    assert_eq!(uses(&recs), ["w/src/lib.rs:10 definition"]);
    // `::serde` is the library (named `serde`), not the local `mod serde`.
    let (code, recs) = json(dir.path(), &["what-depends", "w/src/lib.rs:11"]);
    assert_eq!(code, 0, "{recs:?}");
    assert!(
        deps(&recs).contains(&"11 call ::serde::de.custom -> external:serde::de".to_string()),
        "{recs:#?}"
    );
    // A `tests` directory inside `src` is a module, not a crate of its own.
    let (code, recs) = json(dir.path(), &["what-breaks", "w/src/util.rs:1"]);
    assert_eq!(code, 0, "{recs:?}");
    assert_eq!(
        uses(&recs),
        [
            "w/src/tests/util.rs:1 definition",
            "w/src/tests/util.rs:2 definition"
        ]
    );
    // A name a glob import of the crate brings is no library's.
    let (code, recs) = json(dir.path(), &["what-depends", "w/src/net/tests.rs:2"]);
    assert_eq!(code, 0, "{recs:?}");
    assert!(
        !deps(&recs).iter().any(|d| d.contains("external")),
        "{recs:#?}"
    );
}

#[test]
fn typescript_casts_to_unions_and_parameters_named_like_fields_give_no_type() {
    let dir = tree(&[(
        "a.ts",
        "export class Item {\n  save(): void {}\n}\nexport class Other {\n  save(): void {}\n}\n\
         export class Box {\n  items: Item[] = []\n  run(items: Other[], o: unknown) {\n\
         \x20   for (const x of items) {\n      x.save()\n    }\n\
         \x20   const u = o as Item | Other\n    u.save()\n  }\n}\n",
    )]);
    let (code, recs) = json(dir.path(), &["what-depends", "a.ts:9"]);
    assert_eq!(code, 0, "{recs:?}");
    let got = deps(&recs);
    has_all(&got, &["11 call x.save -> a.ts:5", "14 call u.save -> ?"]);
}

#[test]
fn python_star_parameters_are_a_tuple_and_a_dict() {
    let dir = tree(&[(
        "a.py",
        "def f(a, *args, **kwargs):\n    kwargs.get(\"x\")\n    args.count(1)\n    a.foo()\n",
    )]);
    let (code, recs) = json(dir.path(), &["what-depends", "a.py:1"]);
    assert_eq!(code, 0, "{recs:?}");
    assert_eq!(
        deps(&recs),
        [
            "2 call kwargs.get -> external:builtins",
            "3 call args.count -> external:builtins",
            "4 call a.foo -> ?"
        ]
    );
}

#[test]
fn rust_calls_inside_expression_macros_are_calls_with_their_receivers() {
    let dir = tree(&[(
        "lib.rs",
        "fn len() -> usize { 0 }\nfn f(x: u32) -> u32 { x }\n\
         pub struct Handle;\nimpl Handle {\n    pub fn spawn(&self) -> u32 { 0 }\n}\n\
         fn t(h: Handle, items: Vec<u32>) {\n    assert_eq!(h.spawn(), f(1));\n\
         \x20   println!(\"{}\", format!(\"{}\", f(2)));\n    assert!(items.len() > 0);\n\
         \x20   let j = json!({\"a\": items.len()});\n}\n",
    )]);
    let (code, recs) = json(dir.path(), &["what-depends", "lib.rs:7"]);
    assert_eq!(code, 0, "{recs:?}");
    let got = deps(&recs);
    has_all(
        &got,
        &[
            "8 call h.spawn -> lib.rs:5",
            "8 call f -> lib.rs:2",
            "9 call f -> lib.rs:2",
            "10 call items.len -> external:std",
        ],
    );
    // `.len()` on a vector, in a macro or in a body no parse reads (`json!`), is never
    // the free function `len`.
    let (code, recs) = json(dir.path(), &["what-breaks", "lib.rs:1"]);
    assert_eq!(code, 1, "{recs:?}");
    assert!(uses(&recs).is_empty(), "{recs:#?}");
}

#[test]
fn rust_members_in_macro_definitions_are_uses_named_through_their_receivers() {
    let dir = tree(&[(
        "lib.rs",
        "pub struct Stream;\nimpl Stream {\n    pub fn poll_ready(&self) -> bool { true }\n    \
         pub fn open() -> Stream { Stream }\n}\n\
         macro_rules! ready {\n    ($s:expr) => {\n        assert!($s.poll_ready());\n    \
         };\n}\n\
         macro_rules! open_one {\n    () => { Stream::open() };\n}\n\
         pub fn len() -> usize { 0 }\n\
         macro_rules! count {\n    ($v:expr) => { $v.len() };\n}\n\
         use std::io::prelude::*;\n",
    )]);
    // `$s` could be anything the macro is given: a match by name, never a guess.
    assert_eq!(
        breaks_both_ways(dir.path(), &["Stream.poll_ready"]),
        ["lib.rs:8 unresolved"]
    );
    // A path names its type where the macro is written.
    assert_eq!(
        breaks_both_ways(dir.path(), &["Stream.open"]),
        ["lib.rs:12 definition"]
    );
    // A member is never taken for the free function of its name.
    let (code, recs) = json(dir.path(), &["what-breaks", "lib.rs:14"]);
    assert!(
        data(&recs, "reference")
            .iter()
            .all(|r| r["resolution"] != "definition"),
        "{code} {recs:#?}"
    );
}

#[test]
fn rust_crate_paths_in_macro_bodies_name_the_macros_own_crate() {
    let dir = tree(&[
        (
            "Cargo.toml",
            "[package]\nname = \"mt\"\nversion = \"0.1.0\"\n",
        ),
        (
            "src/lib.rs",
            "pub mod net;\n#[macro_export]\nmacro_rules! open_stream {\n    \
             () => { $crate::net::Stream::open() };\n}\n\
             macro_rules! make {\n    ($t:ty) => { $t::open() };\n}\n\
             use std::io::prelude::*;\npub fn start() {}\n\
             macro_rules! go {\n    () => { $crate::start() };\n}\n",
        ),
        (
            "src/net.rs",
            "pub struct Stream;\nimpl Stream {\n    pub fn open() -> Stream { Stream }\n}\n",
        ),
    ]);
    // `$crate` is the crate the macro is written in; a metavariable standing for a
    // type (`$t`) may be any type, never a library's.
    // (A glob import of a library must not make `$t` that library's.)
    assert_eq!(
        breaks_both_ways(dir.path(), &["Stream.open"]),
        ["src/lib.rs:4 definition", "src/lib.rs:7 unresolved"]
    );
    assert_eq!(
        breaks_both_ways(dir.path(), &["start"]),
        ["src/lib.rs:12 definition"]
    );
    assert_eq!(depends(dir.path(), &["make"]), ["7 call $t.open -> ?"]);
}

#[test]
fn rust_item_macros_read_as_items_whatever_their_line_breaks() {
    let dir = tree(&[
        (
            "a.rs",
            "cfg_rt!\r\n{\r\n    pub fn a() { b() }\r\n}\r\nfn b() {}\r\n",
        ),
        ("b.rs", "cfg_x!{\n  fn d() {}\n}\n"),
    ]);
    for (query, line) in [("a", 3), ("d", 2)] {
        let (code, recs) = json(dir.path(), &["find-symbol", query, "--exact"]);
        assert_eq!(code, 0, "{recs:?}");
        assert_eq!(data(&recs, "symbol")[0]["line"], line, "{recs:#?}");
    }
}

#[test]
fn a_type_test_narrows_the_variable_where_it_holds_and_nowhere_else() {
    let dir = tree(&[
        (
            "src/a.php",
            "<?php\nclass Foo { public function bar() {} public function baz() { return true; } }\n\
             class Base { public function bar() {} }\n\
             function f(Base $o) {\n    if ($o instanceof Foo) {\n        $o->baz();\n    }\n    \
             if ($o instanceof Foo && $o->baz()) {}\n    $o->bar();\n    \
             if (!($o instanceof Foo)) { $o->baz(); }\n    \
             if ($o instanceof Foo || $o->baz()) {}\n    \
             $x = $o instanceof Foo ? $o->baz() : null;\n    \
             if ($o instanceof Foo) { $o = $o->baz(); } else { $o->baz(); }\n}\n",
        ),
        (
            "src/b.ts",
            "class Foo { bar() {} }\nclass Base { qux() {} }\n\
             function g(o: Base) {\n  if (o instanceof Foo) {\n    o.bar();\n  }\n  o.qux();\n  \
             return o instanceof Foo && o.bar();\n}\n",
        ),
        (
            "src/c.kt",
            "class Foo {\n  fun bar() {}\n}\n\nclass Base {\n  fun qux() {}\n}\n\n\
             fun h(o: Base) {\n  if (o is Foo) {\n    o.bar()\n  }\n  if (o !is Foo) {\n    \
             o.qux()\n  }\n}\n",
        ),
        (
            "src/d.py",
            "class Foo:\n    def bar(self): pass\n\n\
             def k(o):\n    if isinstance(o, Foo):\n        o.bar()\n    o.bar()\n",
        ),
    ]);
    let got = depends(dir.path(), &["src/a.php:4"]);
    has_all(
        &got,
        &[
            // Inside the `if`, after the test in `&&`, in the branch a conditional takes.
            "6 call $o.baz -> src/a.php:2",
            "8 call $o.baz -> src/a.php:2",
            "12 call $o.baz -> src/a.php:2",
            // Through the right side of an assignment to the variable, not past it.
            "13 call $o.baz -> src/a.php:2",
            // Elsewhere the declared type: `Base` has no `baz`.
            "9 call $o.bar -> src/a.php:3",
            "10 call $o.baz -> ?",
            "11 call $o.baz -> ?",
        ],
    );
    // The `else` branch of a test is not narrowed.
    assert!(
        got.iter()
            .filter(|d| d.starts_with("13 call $o.baz"))
            .count()
            == 2
            && has(&got, "13 call $o.baz -> ?"),
        "{got:#?}"
    );
    let got = depends(dir.path(), &["g"]);
    has_all(
        &got,
        &[
            "5 call o.bar -> src/b.ts:1",
            "7 call o.qux -> src/b.ts:2",
            "8 call o.bar -> src/b.ts:1",
        ],
    );
    let got = depends(dir.path(), &["h"]);
    has_all(
        &got,
        &[
            "11 call o.bar -> src/c.kt:2",
            // Not where the test is negated.
            "14 call o.qux -> src/c.kt:6",
        ],
    );
    let got = depends(dir.path(), &["k"]);
    has_all(&got, &["6 call o.bar -> src/d.py:2", "7 call o.bar -> ?"]);
}

#[test]
fn a_guard_that_leaves_when_a_type_test_fails_narrows_what_follows_it() {
    let dir = tree(&[
        (
            "g.php",
            "<?php\nclass Foo { public function bar() {} }\n\
             function f($x) {\n    if (!$x instanceof Foo) {\n        throw new E();\n    }\n    \
             $x->bar();\n}\n\
             function g($x) {\n    if (!($x instanceof Foo)) { $y = 1; }\n    $x->bar();\n}\n",
        ),
        (
            "g.ts",
            "class Foo { bar() {} }\nfunction h(x: unknown) {\n  \
             if (!(x instanceof Foo)) throw new Error();\n  x.bar();\n}\n",
        ),
        (
            "g.py",
            "class Foo:\n    def bar(self): pass\n\n\
             def k(x):\n    if not isinstance(x, Foo):\n        raise TypeError()\n    x.bar()\n",
        ),
        (
            "g.kt",
            "class Foo {\n  fun bar() {}\n}\n\nfun m(x: Any) {\n  if (x !is Foo) return\n  x.bar()\n}\n\n\
             fun w(x: Any) {\n  when (x) {\n    is Foo -> x.bar()\n    else -> {}\n  }\n}\n",
        ),
    ]);
    assert!(has(
        &depends(dir.path(), &["g.php:3"]),
        "7 call $x.bar -> g.php:2"
    ));
    // A guard that does not leave narrows nothing after it.
    assert!(has(
        &depends(dir.path(), &["g.php:9"]),
        "11 call $x.bar -> ?"
    ));
    assert!(has(&depends(dir.path(), &["h"]), "4 call x.bar -> g.ts:1"));
    assert!(has(&depends(dir.path(), &["k"]), "7 call x.bar -> g.py:2"));
    assert!(has(&depends(dir.path(), &["m"]), "7 call x.bar -> g.kt:2"));
    // A `when` entry of one type test narrows its subject in its body.
    assert!(has(&depends(dir.path(), &["w"]), "12 call x.bar -> g.kt:2"));
}

#[test]
fn a_string_literal_receiver_has_the_members_of_the_language_string_type() {
    let dir = tree(&[
        (
            "m.py",
            "def join(xs):\n    return xs\n\n\
             def run(xs):\n    a = \", \".join(xs)\n    b = f\"{a}\".split(\",\")\n    \
             return b\"x\".decode()\n",
        ),
        (
            "A.java",
            "class A {\n  public boolean equals(Object o) { return false; }\n\n  \
             boolean run(String s) {\n    return \"abc\".equals(s);\n  }\n}\n",
        ),
        (
            "l.rs",
            "trait Shout { fn shout(&self) -> String; }\n\
             impl Shout for str { fn shout(&self) -> String { self.to_uppercase() } }\n\n\
             fn run() -> usize {\n    let _ = \"abc\".shout();\n    \"abc\".len()\n}\n",
        ),
        (
            "s.rb",
            "class String\n  def shout\n    upcase\n  end\nend\n\n\
             def run\n  \"abc\".shout\nend\n",
        ),
        // A `String` nested in a module is not the type of a literal.
        (
            "t.rb",
            "module Types\n  class String\n    def whisper\n    end\n  end\n\n  \
             def self.run\n    \"abc\".whisper\n  end\nend\n",
        ),
        // A call on a call's result is no literal's member, even when the chain
        // starts with one.
        (
            "src/User.kt",
            "package app\n\nclass User {\n  fun greet() {}\n}\n\n\
             fun String.toUser(): User = User()\n\n\
             fun hello() {\n  \"bob\".toUser().greet()\n}\n",
        ),
    ]);
    // Before, each was unresolved (and what-breaks took Python's `", ".join(xs)` for a
    // possible use of the tree's `join`).
    let got = depends(dir.path(), &["m.py:4"]);
    has_all(
        &got,
        &[
            "5 call \", \".join -> external:builtins",
            "6 call f\"{a}\".split -> external:builtins",
            // A bytes literal is a literal too.
            "7 call b\"x\".decode -> external:builtins",
        ],
    );
    let got = depends(dir.path(), &["A.run"]);
    has_all(&got, &["5 call \"abc\".equals -> external:java.lang"]);
    // A trait of the tree implemented for `str`, and a class the tree reopens.
    let got = depends(dir.path(), &["l.rs:4"]);
    has_all(
        &got,
        &[
            "5 call \"abc\".shout -> l.rs:1",
            "6 call \"abc\".len -> external:std",
        ],
    );
    let got = depends(dir.path(), &["s.rb:7"]);
    has_all(&got, &["8 call \"abc\".shout -> s.rb:2"]);
    let uses = breaks_both_ways(dir.path(), &["t.rb:3"]);
    assert!(
        !uses.iter().any(|u| u.ends_with(" definition")),
        "{uses:#?}"
    );
    let got = depends(dir.path(), &["hello"]);
    assert!(
        !got.iter().any(|l| l.contains(".greet -> external")),
        "{got:#?}"
    );
    let uses = breaks_both_ways(dir.path(), &["m.py:1"]);
    assert!(uses.is_empty(), "{uses:#?}");
}

#[test]
fn a_class_named_through_its_import_is_used_on_every_line_that_names_it() {
    let dir = tree(&[
        (
            "src/a/Util.java",
            "package a;\n\npublic class Util {\n    public static void run() {}\n}\n",
        ),
        (
            "src/b/Main.java",
            "package b;\n\nimport a.Util;\n\nclass Main {\n    void go() {\n        Util.run();\n    }\n}\n",
        ),
        (
            "src/Facades/DB.php",
            "<?php\nnamespace App\\Facades;\n\nclass DB\n{\n}\n",
        ),
        (
            "src/Query.php",
            "<?php\nnamespace App;\n\nuse App\\Facades\\DB;\n\n\
             function raw()\n{\n    return DB::connection();\n}\n",
        ),
    ]);
    // Before, only the import was: a rename breaks the call's line as well.
    let uses = breaks_both_ways(dir.path(), &["src/a/Util.java:3"]);
    assert_eq!(
        uses,
        [
            "src/b/Main.java:3 definition",
            "src/b/Main.java:7 definition"
        ]
    );
    let uses = breaks_both_ways(dir.path(), &["src/Facades/DB.php:4"]);
    assert_eq!(
        uses,
        ["src/Query.php:4 definition", "src/Query.php:8 definition"]
    );
}

#[test]
fn values_a_standard_library_builder_makes_have_the_library_types_members() {
    let dir = tree(&[
        (
            "src/Conn.kt",
            "package app\n\nclass Conn {\n  fun clear() {}\n}\n",
        ),
        (
            "src/Pool.kt",
            "package app\n\nclass Pool {\n  private val streams = mutableMapOf<Int, Conn>()\n\n  \
             fun close() {\n    streams.clear()\n  }\n}\n",
        ),
        (
            "src/a/Bag.java",
            "package a;\n\nimport java.util.List;\n\npublic class Bag {\n    \
             public int size() { return 0; }\n\n    int count() {\n        \
             var xs = List.of(1, 2);\n        return xs.size();\n    }\n}\n",
        ),
    ]);
    // Before, each call on such a value was unresolved, a match by name for the tree's
    // method of that name.
    let got = depends(dir.path(), &["Pool.close"]);
    has_all(
        &got,
        &["7 call streams.clear -> external:kotlin.collections"],
    );
    let got = depends(dir.path(), &["Bag.count"]);
    has_all(&got, &["10 call xs.size -> external:java.util"]);
    let uses = breaks_both_ways(dir.path(), &["Conn.clear"]);
    assert!(uses.is_empty(), "{uses:#?}");
    // Python's built-in types called: `str(token).strip()` is `str`'s. What a
    // method of one gives is known where it is listed as giving a built-in value
    // (`.strip().split()`), not otherwise (`.count("a").conjugate()`).
    let dir = tree(&[(
        "tok.py",
        "class Token:\n    def strip(self):\n        return self\n\n\ndef clean(token):\n    \
             str(token).count(\"a\").conjugate()\n    return str(token).strip().split()\n",
    )]);
    assert_eq!(
        depends(dir.path(), &["clean"]),
        [
            "7 call str -> external:builtins",
            "7 call str(token).count -> external:builtins",
            "7 call str(token).count(\"a\").conjugate -> ?",
            "8 call str -> external:builtins",
            "8 call str(token).strip -> external:builtins",
            "8 call str(token).strip().split -> external:builtins",
        ]
    );
    // A function of the tree of the builder's name (here in another file of the
    // package) may be what is called: never the library's then.
    let dir = tree(&[
        (
            "src/Own.kt",
            "package own\n\nclass Registry {\n  fun clear() {}\n}\n\n\
             fun mutableMapOf(): Registry = Registry()\n",
        ),
        (
            "src/Reset.kt",
            "package own\n\nfun reset() {\n  val r = mutableMapOf()\n  r.clear()\n}\n",
        ),
    ]);
    let got = depends(dir.path(), &["reset"]);
    assert!(
        !got.iter()
            .any(|l| l.starts_with("5 call r.clear -> external")),
        "{got:#?}"
    );
}

#[test]
fn a_member_of_an_imported_module_may_be_one_the_module_passes_on() {
    let dir = tree(&[
        (
            "src/lib.rs",
            "macro_rules! cfg_rt { ($($item:item)*) => { $($item)* } }\nmod ctx;\nmod user;\n",
        ),
        (
            "src/ctx.rs",
            "cfg_rt! {\n    mod current;\n    pub(crate) use current::with_current;\n}\n",
        ),
        (
            "src/ctx/current.rs",
            "pub(crate) fn with_current() -> Result<(), ()> { Ok(()) }\n",
        ),
        (
            "src/user.rs",
            "use crate::ctx;\n\nfn run() {\n    ctx::with_current().is_ok();\n}\n",
        ),
        ("pkg/__init__.py", ""),
        ("pkg/checks/__init__.py", "from .messages import Error\n"),
        (
            "pkg/checks/messages.py",
            "class Error:\n    def __init__(self, msg):\n        self.msg = msg\n",
        ),
        (
            "pkg/app.py",
            "from pkg import checks\n\n\ndef check():\n    return [checks.Error(\"bad\")]\n",
        ),
    ]);
    has_all(
        &depends(dir.path(), &["run"]),
        &[
            "4 call ctx.with_current -> src/ctx/current.rs:1",
            "4 call ctx::with_current().is_ok -> external:std",
        ],
    );
    has_all(
        &depends(dir.path(), &["check"]),
        &["5 call checks.Error -> pkg/checks/messages.py:1"],
    );
    // The re-export is a use too: renaming the function breaks it.
    assert_eq!(
        breaks_both_ways(dir.path(), &["with_current"]),
        ["src/ctx.rs:3 definition", "src/user.rs:4 definition"]
    );
}

#[test]
fn a_python_standard_module_is_not_a_directory_of_its_name_without_a_package() {
    let dir = tree(&[
        ("app/__init__.py", ""),
        ("app/locale/os/LC_MESSAGES/django.po", "msgid \"\"\n"),
        ("app/http/__init__.py", "from http.client import responses\n\n\ndef reason(code):\n    return responses.get(code)\n"),
        ("app/paths.py", "import os\n\n\ndef here():\n    return os.path.join(os.getcwd(), \"x\")\n"),
        // A directory named like no standard module may be a namespace package.
        ("tools/widgets/readme.txt", "notes\n"),
        ("app/use.py", "import widgets\n\n\ndef run():\n    return widgets.make()\n"),
    ]);
    has_all(
        &depends(dir.path(), &["here"]),
        &[
            "5 call os.path.join -> external:os",
            "5 call os.getcwd -> external:os",
        ],
    );
    has_all(
        &depends(dir.path(), &["reason"]),
        &["5 call responses.get -> external:http"],
    );
    has_all(
        &depends(dir.path(), &["run"]),
        &["5 call widgets.make -> ?"],
    );
}

#[test]
fn a_rust_workspace_crate_named_in_a_path_and_std_beside_a_test_modules_glob() {
    let dir = tree(&[
        (
            "tokio/Cargo.toml",
            "[package]\nname = \"tokio\"\nversion = \"1.0.0\"\n",
        ),
        (
            "tokio/src/lib.rs",
            "macro_rules! cfg_rt { ($($item:item)*) => { $($item)* } }\npub mod task;\n\
             cfg_rt! {\n    pub use task::spawn;\n}\n",
        ),
        (
            "tokio/src/task/mod.rs",
            "cfg_rt! {\n    mod spawn;\n    pub use spawn::spawn;\n}\n",
        ),
        ("tokio/src/task/spawn.rs", "pub fn spawn() {}\n"),
        (
            "tokio/tests/t.rs",
            "use std::sync::Arc;\n\nfn run() {\n    tokio::spawn();\n    Arc::new(1);\n    \
             std::thread::yield_now();\n}\n\nmod inner {\n    use super::*;\n}\n",
        ),
    ]);
    has_all(
        &depends(dir.path(), &["run"]),
        &[
            "4 call tokio.spawn -> tokio/src/task/spawn.rs:1",
            // The test module's `use super::*;` brings nothing into `run`.
            "5 call Arc.new -> external:std::sync",
            "6 call std::thread.yield_now -> external:std::thread",
        ],
    );
}

#[test]
fn a_commonjs_module_exported_whole_is_what_its_require_gives() {
    let dir = tree(&[
        (
            "lib/assert.js",
            "function ok(value) {\n  if (!value) throw new Error('x');\n}\nmodule.exports = ok;\n",
        ),
        (
            "lib/tracker.js",
            "class Tracker {\n  remove() {}\n}\nmodule.exports = Tracker;\n",
        ),
        ("lib/many.js", "function a() {}\nmodule.exports = { a };\n"),
        (
            "lib/use.js",
            "const assert = require('./assert');\nconst Tracker = require('./tracker');\n\
             const many = require('./many');\nfunction go() {\n  assert(1);\n  new Tracker().remove();\n  many();\n}\n",
        ),
    ]);
    // Calls of what `require` gave were unresolved.
    has_all(
        &depends(dir.path(), &["go"]),
        &[
            "5 call assert -> lib/assert.js:1",
            "6 call Tracker -> lib/tracker.js:1",
            "6 call new Tracker().remove -> lib/tracker.js:2",
            "7 call many -> ?",
        ],
    );
}

#[test]
fn a_python_or_typescript_decorator_is_the_callable_it_names() {
    let dir = tree(&[
        ("src/pk/__init__.py", "from .decorators import pass_context as pass_context\n"),
        (
            "src/pk/decorators.py",
            "def pass_context(f):\n    return f\n\n\nclass App:\n    def route(self, path):\n        return pass_context\n",
        ),
        (
            "tests/test_app.py",
            "import pk\nfrom pk.decorators import App\n\napp = App()\n\n\n\
             def test_views():\n\
             \x20   wrap = pk.pass_context\n\n\
             \x20   @app.route(\"/\")\n\
             \x20   @pk.pass_context\n\
             \x20   @wrap\n\
             \x20   @property\n\
             \x20   def index(ctx):\n\
             \x20       pass\n",
        ),
        (
            "web/component.ts",
            "export function Component(options: object): ClassDecorator {\n  return () => {};\n}\n\
             export function sealed(c: Function): void {}\n",
        ),
        (
            "web/view.ts",
            "import { Component, sealed } from \"./component\";\n\n@Component({})\n@sealed\nexport class View {}\n",
        ),
    ]);
    // A decorator gives a callable as any expression does: a function of the tree
    // (through the package that re-exports it), a local (`wrap`, not listed), a
    // builtin. `pk.pass_context` and `sealed` were unresolved, looked up as types.
    assert_eq!(
        depends(dir.path(), &["tests/test_app.py:15"]),
        [
            "10 reference app -> tests/test_app.py:4",
            "10 call app.route -> src/pk/decorators.py:6",
            "11 annotation pk.pass_context -> src/pk/decorators.py:1",
            "13 annotation property -> external:builtins",
        ]
    );
    assert_eq!(
        depends(dir.path(), &["View"]),
        [
            "3 call Component -> web/component.ts:1",
            "4 annotation sealed -> web/component.ts:4",
        ]
    );
}

#[test]
fn a_go_package_qualified_call_names_the_function_not_a_method_of_its_name() {
    let dir = tree(&[
        ("go.mod", "module example.com/m\n\ngo 1.22\n"),
        (
            "util/chars.go",
            "package util\n\ntype Chars struct{}\n\n\
             func (c *Chars) Fold() bool { return Fold(1) }\n\n\
             func Fold(r rune) bool { return false }\n",
        ),
        (
            "algo/algo.go",
            "package algo\n\nimport \"example.com/m/util\"\n\n\
             func normalize(r rune) bool {\n\treturn util.Fold(r)\n}\n",
        ),
    ]);
    let got = depends(dir.path(), &["normalize"]);
    has_all(&got, &["6 call util.Fold -> util/chars.go:7"]);
}

#[test]
fn a_go_constant_of_another_package_has_its_type_repeated_down_its_group() {
    let dir = tree(&[
        ("go.mod", "module example.com/m\n\ngo 1.22\n"),
        (
            "tui/ev.go",
            "package tui\n\ntype EventType int\n\n\
             func (t EventType) AsEvent() int { return 0 }\n\n\
             const (\n\tRune EventType = iota\n\tCtrlA\n\tStart\n)\n\n\
             const Esc EventType = 5\n\nvar Def = Rune\n",
        ),
        (
            "use.go",
            "package m\n\nimport \"example.com/m/tui\"\n\n\
             func use() {\n\
             \ttui.Start.AsEvent()\n\
             \ttui.Esc.AsEvent()\n\
             \ttui.Def.AsEvent()\n\
             }\n",
        ),
    ]);
    let got = depends(dir.path(), &["use"]);
    has_all(
        &got,
        &[
            "6 call tui.Start.AsEvent -> tui/ev.go:5",
            "7 call tui.Esc.AsEvent -> tui/ev.go:5",
            "8 call tui.Def.AsEvent -> tui/ev.go:5",
        ],
    );
}

#[test]
fn a_python_type_written_with_its_module_path_types_values_and_bases() {
    let dir = tree(&[
        ("pkg/__init__.py", ""),
        (
            "pkg/mod.py",
            "class Thing:\n    def run(self):\n        pass\n\n    @classmethod\n    def make(cls):\n        pass\n",
        ),
        (
            "use.py",
            "import pkg.mod\nimport pkg\n\n\n\
             def f():\n    t = pkg.mod.Thing()\n    t.run()\n\n\n\
             def g(t: pkg.mod.Thing):\n    t.run()\n\n\n\
             class Sub(pkg.mod.Thing):\n    pass\n\n\n\
             def h():\n    Sub.make()\n",
        ),
    ]);
    let got = depends(dir.path(), &["f"]);
    has_all(&got, &["7 call t.run -> pkg/mod.py:2"]);
    let got = depends(dir.path(), &["g"]);
    has_all(&got, &["11 call t.run -> pkg/mod.py:2"]);
    let got = depends(dir.path(), &["h"]);
    has_all(&got, &["19 call Sub.make -> pkg/mod.py:6"]);
}

#[test]
fn a_go_type_assertion_names_the_type_whatever_value_it_asserts_of() {
    let dir = tree(&[
        ("go.mod", "module example.com/m\n\ngo 1.22\n"),
        (
            "a.go",
            "package m\n\nimport \"context\"\n\n\
             type Replacer struct{}\n\nfunc (r *Replacer) ReplaceAll(s string) string { return s }\n\n\
             func use(ctx context.Context) string {\n\
             \treturn ctx.Value(\"k\").(*Replacer).ReplaceAll(\"x\")\n\
             }\n",
        ),
    ]);
    let got = depends(dir.path(), &["use"]);
    has_all(
        &got,
        &["10 call ctx.Value(\"k\").(*Replacer).ReplaceAll -> a.go:7"],
    );
}

#[test]
fn a_python_module_that_imports_relatively_reads_a_standard_name_as_the_standard_module() {
    let dir = tree(&[
        ("src/pkg/__init__.py", ""),
        ("src/pkg/typing.py", "import typing as t\n\nX = t.Any\n"),
        ("src/pkg/other.py", "def helper():\n    pass\n"),
        (
            "src/pkg/ctx.py",
            "from .other import helper\nimport typing as t\n\n\n\
             class Attr(t.Generic[t.Any]):\n    def __init__(self, conv):\n        self.conv = conv\n\n\
             \x20   def get(self, x: t.Any):\n        return self.conv(x)\n",
        ),
        (
            "src/pkg/script.py",
            "import typing as t\n\n\ndef run(x: t.Any):\n    pass\n",
        ),
    ]);
    // `ctx.py` runs in its package (it imports relatively): `typing` is the standard
    // module, not the `typing.py` beside it. `Generic` gives `Attr` no method, so
    // `self.conv(..)`, an attribute, is nobody's known.
    let got = depends(dir.path(), &["Attr.get"]);
    has_all(
        &got,
        &[
            "9 type_use t.Any -> external:typing",
            "10 call self.conv -> ?",
        ],
    );
    // `script.py` may run as a script, finding `typing.py` beside it first.
    let got = depends(dir.path(), &["run"]);
    has_all(&got, &["4 type_use t.Any -> ?"]);
}

#[test]
fn a_python_class_gains_no_method_from_generic_protocol_or_abc() {
    let dir = tree(&[(
        "attr.py",
        "from abc import ABC\nfrom typing import Generic, TypeVar\n\nT = TypeVar(\"T\")\n\n\n\
         class Attr(Generic[T], ABC):\n    def __init__(self, conv):\n        self.conv = conv\n\n\
         \x20   def get(self, x):\n        return self.conv(x)\n",
    )]);
    // `self.conv` is an attribute `__init__` sets, not a method of `typing` or `abc`.
    let got = depends(dir.path(), &["Attr.get"]);
    has_all(&got, &["12 call self.conv -> ?"]);
}
