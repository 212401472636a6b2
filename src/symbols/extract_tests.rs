//! Extraction fixtures: exact symbols (kind, qualified name, lines) for the sample
//! file of every language in `tests/fixtures/samples`, and the awkward cases the issue
//! names, each in a test named after what it guards.

use std::path::Path;

use super::{extract, Kind, Symbol};
use crate::lang;

fn symbols_of(lang_name: &str, path: &str, text: &str) -> Vec<Symbol> {
    let lang = lang::by_name(lang_name).expect("known language");
    let tree = crate::source::parse(&mut lang.parser(), lang, text).expect("parses");
    extract(lang, Path::new(path), text, &tree)
}

fn summary(symbols: &[Symbol]) -> Vec<String> {
    symbols
        .iter()
        .map(|s| {
            let at = if s.line == s.start_line {
                String::new()
            } else {
                format!(" @{}", s.line)
            };
            format!(
                "{} {} {}-{}{at}",
                s.kind, s.qualified_name, s.start_line, s.end_line
            )
        })
        .collect()
}

fn outline(lang_name: &str, text: &str) -> Vec<String> {
    summary(&symbols_of(lang_name, "x", text))
}

/// The expected symbols of each sample, in source order.
const SAMPLES: &[(&str, &[&str])] = &[
    (
        "App.vue",
        &[
            "function increment 11-14 @12",
            "variable count 16-16",
            "class Store 24-28",
            "method Store.load 25-27",
        ],
    ),
    ("Jenkinsfile", &[]),
    (
        "Sample.cs",
        &[
            "namespace Example.Auth 4-39",
            "interface Example.Auth.IAuthenticator 6-10 @7",
            "method Example.Auth.IAuthenticator.Login 9-9",
            "enum Example.Auth.Role 12-12",
            "struct Example.Auth.Credentials 14-18",
            "class Example.Auth.AuthService 20-38",
            "constant Example.Auth.AuthService.MaxAttempts 24-24",
            "method Example.Auth.AuthService.Name 26-26",
            "method Example.Auth.AuthService.Login 28-31",
            "method Example.Auth.AuthService.Main 33-37",
        ],
    ),
    (
        "Sample.java",
        &[
            "class UserRepository 7-32 @8",
            "method UserRepository.UserRepository 11-13",
            "method UserRepository.findNames 15-20",
            "method UserRepository.close 22-25 @23",
            "enum UserRepository.Role 27-27",
            "interface UserRepository.Auditor 29-31",
            "method UserRepository.Auditor.audit 30-30",
        ],
    ),
    ("build.gradle", &["function greeting 18-20"]),
    (
        "list.h",
        &["macro LIST_H 2-2", "type list_t 6-9 @9", "struct list 6-9"],
    ),
    (
        "main.tf",
        &[
            "block terraform 1-3",
            "block region 5-8",
            "block aws 10-12",
            "block aws_s3_bucket.logs 14-19",
            "block locals 21-23",
            "block bucket_arn 25-27",
        ],
    ),
    (
        "sample.c",
        &[
            "macro MAX_ITEMS 5-5",
            "struct node 7-10",
            "type node_t 12-12",
            "enum color 14-14",
            "variable count 16-16",
            "function node_new 18-28 @19",
            "function main 30-35",
        ],
    ),
    (
        "sample.cpp",
        &[
            "namespace geo 6-29",
            "class geo.Vec2 8-20 @9",
            "method geo.Vec2.Vec2 11-11",
            "method geo.Vec2.~Vec2 12-12",
            "method geo.Vec2.dot 14-14",
            "method geo.Vec2.operator+ 15-15",
            "struct geo.Shape 22-25",
            "method geo.Shape.~Shape 23-23",
            "method geo.Shape.area 24-24",
            "method geo.total_area 31-37",
            "function main 39-47",
        ],
    ),
    (
        "sample.css",
        &[
            "selector :root 3-5",
            "selector .nav 7-11 @8",
            "selector #main-nav a:hover, #main-nav a:focus 13-16",
            "selector .nav 19-21",
            r#"selector button[type="submit"] 24-26"#,
        ],
    ),
    (
        "sample.go",
        &[
            "variable auth.ErrDenied 8-9 @9",
            "constant auth.MaxAttempts 11-11",
            "struct auth.Service 13-15",
            "interface auth.Authenticator 17-19",
            "method auth.Authenticator.Login 18-18",
            "function auth.NewService 21-23",
            "method auth.Service.Login 25-31 @26",
        ],
    ),
    (
        "sample.html",
        &[
            "element main-nav 9-13 @10",
            "element content 14-20",
            "element content.login-form 16-19",
        ],
    ),
    (
        "sample.js",
        &[
            "class Queue 4-15",
            "method Queue.push 7-10",
            "method Queue.size 12-14",
            "function join 17-17",
            "function range 19-23",
            "function main 25-30",
        ],
    ),
    (
        "sample.json",
        &[
            "key name 2-2",
            "key version 3-3",
            "key private 4-4",
            "key scripts 5-8",
            "key dependencies 9-11",
            "key keywords 12-12",
            "key port 13-13",
            "key debug 14-14",
            "key proxy 15-15",
        ],
    ),
    (
        "sample.kt",
        &[
            "class Point 5-5",
            "interface Shape 7-9",
            "method Shape.area 8-8",
            "class Circle 11-17",
            "method Circle.area 12-12",
            "constant Circle.UNIT 15-15",
            "class Registry 19-25",
            "method Registry.register 22-24",
            "function largest 27-30",
        ],
    ),
    (
        "sample.lua",
        &[
            "variable Stack 1-2 @2",
            "function Stack.new 5-7",
            "method Stack.push 9-12",
            "method Stack.pop 14-19",
            "function main 21-27",
        ],
    ),
    (
        "sample.md",
        &[
            "heading Auth service 1-25",
            "heading Auth service.Install 5-10",
            "heading Auth service.Usage 11-25",
        ],
    ),
    (
        "sample.php",
        &[
            r"namespace App\Auth 3-3",
            "interface Authenticator 7-10",
            "method Authenticator.login 9-9",
            "class AuthService 12-27",
            "constant AuthService.MAX_ATTEMPTS 14-14",
            "method AuthService.__construct 18-21",
            "method AuthService.login 23-26",
            "function make_service 29-32",
        ],
    ),
    (
        "sample.py",
        &[
            "constant MAX_ATTEMPTS 5-5",
            "class AuthService 8-22",
            "method AuthService.__init__ 11-12",
            "method AuthService.login 14-18",
            "method AuthService.normalise 20-22 @21",
            "function fetch_token 25-27",
            "function main 30-33",
        ],
    ),
    (
        "sample.rb",
        &[
            "module Auth 3-22",
            "constant Auth.MAX_ATTEMPTS 4-4",
            "class Auth.Service 6-21",
            "method Auth.Service.initialize 9-11",
            "method Auth.Service.login 13-16",
            "method Auth.Service.from_json 18-20",
        ],
    ),
    (
        "sample.rs",
        &[
            "constant DEFAULT_CAPACITY 4-4",
            "struct Cache 6-10 @7",
            "trait Evict 12-14",
            "method Evict.evict 13-13",
            "enum Entry 16-19",
            "variant Entry.Hit 17-17",
            "variant Entry.Miss 18-18",
            "method Cache.new 22-24",
            "method Cache.get 26-31",
            "module tests 34-41",
            "function tests.builds 35-40 @36",
        ],
    ),
    (
        "sample.scala",
        &[
            "trait Shape 5-7",
            "method Shape.area 6-6",
            "class Circle 9-11",
            "method Circle.area 10-10",
            "class Registry 13-19",
            "method Registry.register 16-16",
            "method Registry.total 18-18",
            "class Counter 21-24",
            "method Counter.inc 23-23",
            "class Main 26-29",
        ],
    ),
    ("sample.sh", &["function log 6-8", "function cleanup 10-12"]),
    (
        "sample.sql",
        &[
            "table users 1-6 @2",
            "table orders 8-12",
            "view big_spenders 14-19",
        ],
    ),
    (
        "sample.swift",
        &[
            "interface Shape 3-5",
            "method Shape.area 4-4",
            "struct Circle 7-13",
            "method Circle.area 10-12",
            "enum Direction 15-17",
            "class Registry 19-29",
            "method Registry.register 22-24",
            "function main 31-35",
        ],
    ),
    (
        "sample.toml",
        &[
            "table package 1-7 @2",
            "table dependencies 8-11",
            "table bin 12-15",
            "table profile.release 16-18",
        ],
    ),
    (
        "sample.ts",
        &[
            "interface User 4-7",
            "type UserId 9-9",
            "enum Role 11-14",
            "class UserService 16-29",
            "method UserService.constructor 19-19",
            "method UserService.load 21-24",
            "method UserService.find 26-28",
            "function greet 31-31",
            "function isAdmin 33-35",
        ],
    ),
    (
        "sample.tsx",
        &[
            "interface Props 3-6",
            "function List 8-22",
            "function Empty 24-24",
        ],
    ),
    ("sample.xml", &["element compiler 17-17"]),
    (
        "sample.yaml",
        &[
            "key name 1-2 @2",
            "key on 3-5",
            "key env 6-7",
            "key jobs 8-18",
            "key anchors 19-24",
        ],
    ),
];

#[test]
fn every_sample_yields_exactly_its_symbols() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/samples");
    for (file, want) in SAMPLES {
        let path = dir.join(file);
        let text = std::fs::read_to_string(&path).expect("sample exists");
        let lang = lang::detect(&path).expect("sample language is known");
        let got = summary(&symbols_of(lang.name, file, &text));
        assert_eq!(got, *want, "{file}");
    }
}

#[test]
fn every_mandatory_language_has_a_definition_spec() {
    for name in [
        "java",
        "kotlin",
        "go",
        "python",
        "typescript",
        "tsx",
        "javascript",
        "bash",
        "csharp",
        "html",
        "css",
        "hcl",
        "yaml",
        "sql",
        "xml",
        "groovy",
        "c",
        "cpp",
    ] {
        let lang = lang::by_name(name).expect("registered");
        assert!(!lang.symbols.defs.is_empty(), "{name} has no symbol spec");
    }
}

#[test]
fn symbol_fields_follow_the_issue() {
    let text = "class AuthService:\n    def login(self):\n        \"\"\"Logs in.\n\n        More.\"\"\"\n        return 1\n";
    let syms = symbols_of("python", "app/auth.py", text);
    let m = &syms[1];
    assert_eq!(m.id, "app/auth.py::AuthService.login#method");
    assert_eq!(m.name, "login");
    assert_eq!(m.qualified_name, "AuthService.login");
    assert_eq!(m.kind, Kind::Method);
    assert_eq!(m.language, "python");
    assert_eq!((m.start_line, m.end_line), (2, 6));
    assert_eq!(
        &text[m.start_byte..m.end_byte].lines().next(),
        &Some("def login(self):")
    );
    assert_eq!(m.signature, "def login(self):");
    assert_eq!(m.doc.as_deref(), Some("Logs in."));
    assert_eq!(m.parent, Some(0));
}

#[test]
fn doc_is_the_comment_block_right_above() {
    let text = "// Adds numbers.\n// Second line.\nfunction add(a, b) { return a + b }\n\n// far away\n\nfunction sub() {}\nx(); // trailing\nfunction mul() {}\n";
    let syms = symbols_of("javascript", "a.js", text);
    assert_eq!(syms[0].doc.as_deref(), Some("Adds numbers."));
    assert_eq!(syms[1].doc, None, "a blank line separates the comment");
    assert_eq!(syms[2].doc, None, "a trailing comment belongs to its code");
}

#[test]
fn overloads_get_distinct_ids() {
    let text = "class A { void f(int x) {} void f(String s) {} void f() {} }";
    let ids: Vec<String> = symbols_of("java", "A.java", text)
        .into_iter()
        .map(|s| s.id)
        .collect();
    assert_eq!(
        ids,
        [
            "A.java::A#class",
            "A.java::A.f#method",
            "A.java::A.f#method~1",
            "A.java::A.f#method~2"
        ]
    );
}

#[test]
fn c_and_cpp_names_under_nested_declarators() {
    let cpp = "namespace ns {\ntemplate <typename T>\nT* A<T>::make(int n) { return 0; }\nbool A::operator==(const A& o) const { return true; }\nA::~A() {}\nint (*callback)(int);\nstatic const char **names(void) { return 0; }\n}\n";
    assert_eq!(
        outline("cpp", cpp),
        [
            "namespace ns 1-8",
            "method ns.A.make 2-3 @3",
            "method ns.A.operator== 4-4",
            "method ns.A.~A 5-5",
            "variable ns.callback 6-6",
            "function ns.names 7-7",
        ]
    );
    let c = "struct s { int (*cb)(int); };\nvoid *(*get_handler(int sig))(int) { return 0; }\n";
    assert_eq!(
        outline("c", c),
        ["struct s 1-1", "function get_handler 2-2"]
    );
}

#[test]
fn go_methods_are_qualified_by_receiver_and_package() {
    let go = "package store\n\ntype DB struct{}\n\nfunc (d *DB) Query(q string) {}\nfunc (l List[T]) Len() int { return 0 }\nfunc Open() *DB { return nil }\n";
    assert_eq!(
        outline("go", go),
        [
            "struct store.DB 3-3",
            "method store.DB.Query 5-5",
            "method store.List.Len 6-6",
            "function store.Open 7-7",
        ]
    );
}

#[test]
fn js_and_ts_arrow_functions_assigned_to_variables() {
    let js = "export const handler = async (req) => { return 1 };\nconst notFn = 3;\nlet f2 = function () {};\nclass C { onClick = () => {} }\n";
    assert_eq!(
        outline("javascript", js),
        [
            "function handler 1-1",
            "variable notFn 2-2",
            "function f2 3-3",
            "class C 4-4",
            "method C.onClick 4-4"
        ]
    );
    let ts =
        "export const load = (p: string): number => 1;\nclass S { private run = (): void => {} }\n";
    assert_eq!(
        outline("typescript", ts),
        ["function load 1-1", "class S 2-2", "method S.run 2-2"]
    );
    let syms = symbols_of("javascript", "a.js", js);
    assert_eq!(
        syms[0].signature,
        "export const handler = async (req) => { return 1 };"
    );
}

#[test]
fn kotlin_members_inside_error_nodes() {
    let kt = "class A { fun f() = 1 }\n";
    assert_eq!(outline("kotlin", kt), ["class A 1-1", "method A.f 1-1"]);
}

#[test]
fn groovy_def_methods_and_classes() {
    let g = "class Foo {\n  def bar(x) { x }\n  String baz() { 'a' }\n  static final int MAX = 3\n}\ndef top(a) { a }\ninterface I { void m() }\n";
    assert_eq!(
        outline("groovy", g),
        [
            "class Foo 1-5",
            "method Foo.bar 2-2",
            "method Foo.baz 3-3",
            "constant Foo.MAX 4-4",
            "function top 6-6",
            "interface I 7-7",
            "method I.m 7-7",
        ]
    );
}

#[test]
fn hcl_blocks_are_named_by_their_labels() {
    let tf = "resource \"aws_s3_bucket\" \"logs\" {\n  lifecycle {\n  }\n}\nmodule \"vpc\" {}\n";
    assert_eq!(
        outline("hcl", tf),
        ["block aws_s3_bucket.logs 1-4", "block vpc 5-5"]
    );
}

#[test]
fn sql_create_table_view_function() {
    let sql = "CREATE TABLE app.users (id INT);\nCREATE VIEW v AS SELECT 1;\nCREATE FUNCTION add_one(x integer) RETURNS integer AS $$ SELECT x + 1 $$ LANGUAGE sql;\n";
    assert_eq!(
        outline("sql", sql),
        ["table app.users 1-1", "view v 2-2", "function add_one 3-3"]
    );
}

#[test]
fn html_ids_and_css_selectors() {
    let html = "<div id=\"app\"><span id='x'></span><p class=\"y\"></p></div>\n";
    assert_eq!(
        outline("html", html),
        ["element app 1-1", "element app.x 1-1"]
    );
    let css = "a.btn,\n  .link:hover { color: red }\n@media (x) { .inner { } }\n";
    assert_eq!(
        outline("css", css),
        ["selector a.btn, .link:hover 1-2", "selector .inner 3-3"]
    );
}

#[test]
fn broken_files_still_yield_their_symbols() {
    let py =
        "def ok():\n    pass\n\ndef broken(:\n    pass\n\nclass Later:\n    def m(self): pass\n";
    let got = outline("python", py);
    assert!(got.contains(&"function ok 1-2".to_string()), "{got:?}");
    assert!(
        got.iter().any(|s| s.starts_with("method Later.m")),
        "{got:?}"
    );
}

#[test]
fn deeply_nested_code_does_not_overflow_the_stack() {
    // 20k nested arrays: a recursive walk would need far more stack than a test thread has.
    let depth = 20_000;
    let text = format!(
        "x = {}1{}\ndef after(): pass\n",
        "[".repeat(depth),
        "]".repeat(depth)
    );
    let got = outline("python", &text);
    assert_eq!(got, ["variable x 1-1", "function after 2-2"]);
}

#[test]
fn python_lambdas_assigned_to_names_are_functions() {
    let py = "key = lambda x: x[0]\nclass A:\n    def m(self):\n        cb = lambda: 1\nNOT_FN = 3\na, b = lambda: 1, 2\n";
    assert_eq!(
        outline("python", py),
        [
            "function key 1-1",
            "class A 2-4",
            "method A.m 3-4",
            "function A.m.cb 4-4",
            "constant NOT_FN 5-5"
        ]
    );
}

#[test]
fn names_containing_operator_are_not_cpp_operators() {
    let py = "class Test_operator:\n    def test_operator_repeat(self): pass\n";
    assert_eq!(
        outline("python", py),
        [
            "class Test_operator 1-2",
            "method Test_operator.test_operator_repeat 2-2"
        ]
    );
    let cpp = "struct A { A& operator=(const A&); };\nint my_operator(int x) { return x; }\n";
    assert_eq!(
        outline("cpp", cpp),
        [
            "struct A 1-1",
            "method A.operator= 1-1",
            "function my_operator 2-2"
        ]
    );
}

#[test]
fn range_covers_doc_comment_and_annotations_line_is_the_name() {
    let java = "class A {\n  /** Closes. */\n  @Override\n  @Deprecated\n  public void close() {\n  }\n}\n";
    let syms = symbols_of("java", "A.java", java);
    let m = &syms[1];
    assert_eq!((m.start_line, m.line, m.end_line), (2, 5, 6));
    assert!(java[m.start_byte..].starts_with("/** Closes. */"));
    assert_eq!(m.doc.as_deref(), Some("Closes."));
    assert_eq!(m.signature, "public void close() {");

    let py = "# Helper.\n@cache\n@other(1)\ndef f():\n    pass\n";
    let f = &symbols_of("python", "a.py", py)[0];
    assert_eq!((f.start_line, f.line, f.end_line), (1, 4, 5));
    assert_eq!(f.doc.as_deref(), Some("Helper."));

    let rs = "/// Docs.\n#[derive(Debug)]\npub struct S;\n";
    let s = &symbols_of("rust", "a.rs", rs)[0];
    assert_eq!((s.start_line, s.line), (1, 3));
    assert_eq!(s.start_byte, 0);

    // A grouped declaration is not part of each definition in it.
    let go = "package p\n\ntype (\n\t// A is a.\n\tA struct{}\n\tB int\n)\n";
    assert_eq!(outline("go", go), ["struct p.A 4-5 @5", "type p.B 6-6"],);
}

/// Extraction time must grow with the file, not with the square of its nesting:
/// finding parents, wrappers and comments must not search from the root each time.
#[test]
fn ten_thousand_nested_functions_extract_in_linear_time() {
    let n = 10_000;
    let mut js = String::new();
    for i in 0..n {
        js.push_str(&format!("// f{i} doc\nfunction f{i}() {{\n"));
    }
    js.push_str(&"}\n".repeat(n));
    // Python's indentation scanner stops nesting at a few hundred levels, so its
    // 10,000 functions are 20 chains of 500, each under a decorator and a comment.
    let mut py = String::new();
    let mut i = 0;
    for _ in 0..20 {
        for depth in 0..500 {
            let indent = " ".repeat(depth);
            i += 1;
            py.push_str(&format!(
                "{indent}# f{} doc\n{indent}@dec\n{indent}def f{}():\n",
                i - 1,
                i - 1
            ));
        }
        py.push_str(&format!("{}pass\n", " ".repeat(500)));
    }
    for (lang, text) in [("javascript", js), ("python", py)] {
        let started = std::time::Instant::now();
        let syms = symbols_of(lang, "deep", &text);
        let took = started.elapsed();
        assert_eq!(syms.len(), n, "{lang}");
        let last = &syms[n - 1];
        assert_eq!(last.name, format!("f{}", n - 1));
        assert_eq!(last.parent, Some(n - 2));
        assert!(last.qualified_name.ends_with(&format!(".f{}", n - 2 + 1)));
        let longest = syms.iter().map(|s| s.qualified_name.len()).max();
        assert!(longest <= Some(1100), "{lang}: qualified names are bounded");
        assert_eq!(
            last.doc.as_deref(),
            Some(format!("f{} doc", n - 1).as_str())
        );
        eprintln!("{lang}: {n} nested functions in {took:?}");
        assert!(
            took < std::time::Duration::from_secs(5),
            "{lang}: {n} nested functions took {took:?}"
        );
    }
}

#[test]
fn go_interface_methods_are_methods_of_the_interface() {
    let go = "package p\n\ntype Store interface {\n\tGet(k string) error\n\tio.Reader\n}\n\ntype S struct {\n\tField int\n}\n";
    assert_eq!(
        outline("go", go),
        [
            "interface p.Store 3-6",
            "method p.Store.Get 4-4",
            "struct p.S 8-10"
        ]
    );
}

#[test]
fn java_annotation_elements_and_interface_constants() {
    let java = "@interface Tag {\n  String value();\n  int LIMIT = 3;\n}\ninterface Codes {\n  int OK = 0;\n}\n";
    assert_eq!(
        outline("java", java),
        [
            "interface Tag 1-4",
            "method Tag.value 2-2",
            "constant Tag.LIMIT 3-3",
            "interface Codes 5-7",
            "constant Codes.OK 6-6",
        ]
    );
}

#[test]
fn c_functions_behind_macros_and_split_declarations() {
    let c = "#define X(a) a\nstatic inline X(int) f(void) {\n  if (x) {\n  }\n  while (y) { }\n  return sizeof(z);\n}\nint\ng(void)\n{\n  for (;;) { switch (a) { } }\n}\n__attribute__((noreturn)) void h(void) {\n}\nBEGIN_DECLS\nint k(void) { return 0; }\n";
    let got = outline("c", c);
    assert_eq!(
        got,
        [
            "macro X 1-1",
            "function f 2-7",
            "function g 8-12 @9",
            "function h 13-14",
            "function k 15-16 @16",
        ]
    );
    // Statements that error recovery reads as definitions are never functions.
    let broken = "FOREACH(item, list)\n  if (item) {\n    go();\n  }\nwhile (x) {\n}\nswitch (a) {\n}\nreturn (b) {\n}\n";
    for lang_name in ["c", "cpp"] {
        let names: Vec<String> = symbols_of(lang_name, "x", broken)
            .into_iter()
            .map(|s| s.name)
            .collect();
        for word in ["if", "while", "for", "switch", "return", "sizeof"] {
            assert!(!names.iter().any(|n| n == word), "{lang_name}: {names:?}");
        }
    }
}

#[test]
fn kotlin_backticked_names_keep_their_spaces() {
    let kt = "class T {\n  fun `my test name`() {}\n}\n";
    assert_eq!(
        outline("kotlin", kt),
        ["class T 1-3", "method T.my test name 2-2"]
    );
}

#[test]
fn groovy_classes_are_named_after_themselves_not_their_interfaces() {
    let g = "class A implements B {}\nclass N implements java.io.Serializable {\n  def m() {}\n}\n@Slf4j\nclass G extends H implements I, J {}\n";
    assert_eq!(
        outline("groovy", g),
        [
            "class A 1-1",
            "class N 2-4",
            "method N.m 3-3",
            "class G 5-6 @6"
        ]
    );
}

#[test]
fn java_bodies_statements_and_signatures_without_type_keywords_are_skipped_but_local_and_anonymous_types_are_found(
) {
    let text = "class A {\n  void plain() { int x = f(1); g(x); }\n  void local() {\n    if (ok) { record P(int a) { int twice() { return a * 2; } } }\n  }\n  Object anon() {\n    return new Runnable() { public void run() { } };\n  }\n  void notAnonymous() { renew(); newer(); }\n  static final Map<String, List<Integer>> TABLE = new HashMap<>();\n  final Comparator<String> order = new Comparator<String>() { public int compare(String a, String b) { return 0; } };\n  void call(Map<String, Integer> m) throws IOException { if (m != null) { run(1, new Runnable() { public void run() { } }); } }\n}\n";
    assert_eq!(
        outline("java", text),
        vec![
            "class A 1-13",
            "method A.plain 2-2",
            "method A.local 3-5",
            "class A.local.P 4-4",
            "method A.local.P.twice 4-4",
            "method A.anon 6-8",
            "method A.anon.run 7-7",
            "method A.notAnonymous 9-9",
            "constant A.TABLE 10-10",
            "method A.compare 11-11",
            "method A.call 12-12",
            "method A.call.run 12-12",
        ]
    );
}

#[test]
fn python_bodies_without_def_class_or_lambda_are_skipped_but_nested_definitions_are_found() {
    let text = "def outer():\n    x = [1]\n    if x:\n        key = lambda v: v\n    def inner():\n        return 1\n    return x\n\nif True:\n    LIMIT = 3\n";
    assert_eq!(
        outline("python", text),
        vec![
            "function outer 1-7",
            "function outer.key 4-4",
            "function outer.inner 5-6",
            "constant LIMIT 10-10",
        ]
    );
}

#[test]
fn no_body_word_contains_another() {
    // The body-word scan finds leftmost-first matches, which are the matches of every
    // word only while none of them holds another.
    for l in lang::LANGUAGES {
        let words = l.symbols.bodies.words;
        for a in words {
            for b in words {
                assert!(a == b || !a.contains(b), "{}: {a} holds {b}", l.name);
            }
        }
    }
}

#[test]
fn a_local_class_after_a_word_that_starts_like_a_body_word_is_found() {
    let text = "class A {\n  void f() {\n    newer(); classic();\n    class Local {}\n  }\n}\n";
    let names: Vec<String> = symbols_of("java", "A.java", text)
        .into_iter()
        .map(|s| s.qualified_name)
        .collect();
    assert!(names.contains(&"A.f.Local".to_string()), "{names:?}");
}

#[test]
fn a_function_header_over_several_lines_is_kept_whole_and_a_one_line_one_is_not() {
    let ts = "class D {\n  getRepository<E>(\n    target: Target<E>,\n  ): Repository<E> {\n    return x\n  }\n  \
              one(a: number): number {\n    return a\n  }\n}\n";
    let syms = symbols_of("typescript", "d.ts", ts);
    let headers: Vec<(&str, &str, Option<&str>)> = syms
        .iter()
        .map(|s| (s.name.as_str(), s.header(), s.long_header.as_deref()))
        .collect();
    assert_eq!(
        headers,
        [
            ("D", "class D {", None),
            (
                "getRepository",
                "getRepository<E>( target: Target<E>, ): Repository<E> {",
                Some("getRepository<E>( target: Target<E>, ): Repository<E> {")
            ),
            ("one", "one(a: number): number {", None),
        ]
    );
    // An overload declaration has no body: its header runs to its end.
    let decl = "class D {\n  run<T>(\n    cb: (m: M) => T,\n  ): T\n  run(a: any): any {\n    return a\n  }\n}\n";
    let syms = symbols_of("typescript", "d.ts", decl);
    let long: Vec<Option<&str>> = syms.iter().map(|s| s.long_header.as_deref()).collect();
    assert_eq!(long, [None, Some("run<T>( cb: (m: M) => T, ): T"), None]);
    // A body on the next line, after a header of one line, adds nothing.
    let py = "@decorator\ndef f(a) -> int:  # note\n    return a\n\ndef g(\n    a,\n) -> str:\n    return a\n";
    let syms = symbols_of("python", "m.py", py);
    let long: Vec<Option<&str>> = syms.iter().map(|s| s.long_header.as_deref()).collect();
    assert_eq!(long, [None, Some("def g( a, ) -> str:")]);
}
