//! The symbol subcommands on real temporary trees, through the real binary:
//! find-symbol, what-depends, what-breaks and build-index --symbols, per language
//! family (C/C++, JVM, Python, JS/TS, Go), with the comment/string exclusions, the
//! `find-symbol | what-breaks -` pipeline, the JSON schemas and bad input.

mod common;

use common::answers::{data as records, written_name};
use common::{codesearch, json_lines, json_run as json, tree};
use serde::Deserialize;
use serde_json::Value;

/// Runs codesearch in `dir` with `args`; returns (exit code, stdout, stderr).
fn run(dir: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    let out = codesearch()
        .current_dir(dir)
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// (kind, path, line, caller name) of what-breaks' references.
fn uses(recs: &[Value]) -> Vec<(String, String, u64, String)> {
    records(recs, "reference")
        .into_iter()
        .map(|r| {
            (
                r["kind"].as_str().unwrap_or("").to_string(),
                r["path"]["text"].as_str().unwrap_or("").to_string(),
                r["line"].as_u64().unwrap_or(0),
                r["caller"]["name"].as_str().unwrap_or("-").to_string(),
            )
        })
        .collect()
}

/// (kind, qualifier.name, where it resolves) of what-depends' dependencies: the
/// definition's path, `external:MODULE`, or `-` when unresolved.
fn deps(recs: &[Value]) -> Vec<(String, String, String)> {
    records(recs, "dependency")
        .into_iter()
        .map(|d| {
            let name = written_name(d);
            let target = match d["resolution"].as_str() {
                Some("definition") => d["resolved"]["path"]["text"]
                    .as_str()
                    .unwrap_or("?")
                    .to_string(),
                Some("external") => format!("external:{}", d["external"].as_str().unwrap_or("")),
                _ => "-".to_string(),
            };
            (d["kind"].as_str().unwrap_or("").to_string(), name, target)
        })
        .collect()
}

fn s(a: &str, b: &str, c: u64, d: &str) -> (String, String, u64, String) {
    (a.into(), b.into(), c, d.into())
}

fn d(a: &str, b: &str, c: &str) -> (String, String, String) {
    (a.into(), b.into(), c.into())
}

const PY_DB: &str = "def query(sql):\n    return sql\n";
const PY_AUTH: &str = r#"from app.db import query
import os


class AuthService:
    """Checks credentials."""

    def login(self, name):
        # query() in a comment does not count
        rows = query("query in a string does not count")
        self.audit(name)
        return os.path.join(rows, name)

    def audit(self, name):
        print(name)


def authentication_service():
    return AuthService().login("x")
"#;

fn python_project() -> tempfile::TempDir {
    tree(&[
        ("app/db.py", PY_DB),
        ("app/auth.py", PY_AUTH),
        ("app/__init__.py", ""),
    ])
}

#[test]
fn python_find_symbol_ranks_auth_service_spellings() {
    let dir = python_project();
    let (code, recs) = json(dir.path(), &["find-symbol", "auth service"]);
    assert_eq!(code, 0);
    let names: Vec<&str> = records(&recs, "symbol")
        .iter()
        .map(|r| r["qualified_name"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(names, ["AuthService", "authentication_service"]);
    let summary = records(&recs, "summary");
    assert_eq!(summary[0]["matches"], 2);
}

#[test]
fn python_what_depends_keeps_receivers_and_resolves_imports() {
    let dir = python_project();
    let (code, recs) = json(dir.path(), &["what-depends", "AuthService.login"]);
    assert_eq!(code, 0);
    assert_eq!(
        deps(&recs),
        [
            d("call", "query", "app/db.py"),
            d("call", "self.audit", "app/auth.py"),
            d("call", "os.path.join", "external:os"),
        ]
    );
}

#[test]
fn python_what_breaks_drops_comments_strings_and_the_definition() {
    let dir = python_project();
    let (code, recs) = json(dir.path(), &["what-breaks", "query"]);
    assert_eq!(code, 0);
    assert_eq!(
        uses(&recs),
        [
            s("import", "app/auth.py", 1, "-"),
            s("call", "app/auth.py", 10, "login")
        ]
    );
    let summary = records(&recs, "summary");
    assert_eq!(summary[0]["resolved"], 2);
    assert!(summary[0]["note"]
        .as_str()
        .is_some_and(|n| n.contains("marked \"by name\" could not be resolved")));
}

#[test]
fn what_breaks_text_keeps_the_caveat_off_stdout() {
    let dir = python_project();
    let (code, out, err) = run(dir.path(), &["what-breaks", "query", "--color", "never"]);
    assert_eq!(code, 0);
    assert!(out.contains("app/auth.py:10:16: call"), "{out}");
    assert_eq!(out.lines().count(), 2, "one line per use: {out}");
    assert!(err.contains("2 uses (2 resolved, 0 by name only)"), "{err}");
}

#[test]
fn find_symbol_pipes_into_what_breaks() {
    let dir = python_project();
    let found = codesearch()
        .current_dir(dir.path())
        .args(["find-symbol", "login", "--json", "--limit", "1"])
        .output()
        .expect("runs");
    assert!(found.status.success());
    let (code, recs) = {
        let out = codesearch()
            .current_dir(dir.path())
            .args(["what-breaks", "-", "--json"])
            .write_stdin(found.stdout)
            .output()
            .expect("runs");
        (out.status.code(), json_lines(&out.stdout))
    };
    assert_eq!(code, Some(0));
    assert_eq!(
        uses(&recs),
        [s("call", "app/auth.py", 19, "authentication_service")]
    );
}

#[test]
fn plain_symbol_object_on_stdin_is_accepted() {
    let dir = python_project();
    let plain =
        r#"{"name":"query","type":"function","path":"app/db.py","start_line":1,"end_line":2}"#;
    let out = codesearch()
        .current_dir(dir.path())
        .args(["what-breaks", "-", "--json"])
        .write_stdin(plain)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(uses(&json_lines(&out.stdout)).len(), 2);
}

#[test]
fn what_breaks_depth_follows_callers_and_cuts_cycles() {
    let dir = tree(&[(
        "m.py",
        "def a():\n    b()\n\ndef b():\n    c()\n\ndef c():\n    a()\n",
    )]);
    let (code, recs) = json(dir.path(), &["what-breaks", "c", "--depth", "5"]);
    assert_eq!(code, 0);
    let got: Vec<(u64, String)> = records(&recs, "reference")
        .iter()
        .map(|r| {
            (
                r["depth"].as_u64().unwrap_or(0),
                r["caller"]["name"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    // c <- b <- a <- c: the cycle stops when it reaches c again.
    assert_eq!(got, [(1, "b".into()), (2, "a".into()), (3, "c".into())]);
}

#[test]
fn symbol_forms_id_and_path_line_resolve() {
    let dir = python_project();
    let (code, recs) = json(
        dir.path(),
        &["what-depends", "app/auth.py::AuthService.login#method"],
    );
    assert_eq!(code, 0);
    assert_eq!(deps(&recs).len(), 3);
    let (code, recs) = json(dir.path(), &["what-depends", "app/auth.py:11"]);
    assert_eq!(code, 0);
    assert_eq!(deps(&recs).len(), 3, "line 11 is inside login");
}

#[test]
fn ambiguous_names_list_candidates_and_exit_2_unless_all() {
    let dir = tree(&[
        ("a.py", "def run():\n    pass\n"),
        ("b.py", "def run():\n    pass\n\nrun()\n"),
    ]);
    let (code, out, err) = run(dir.path(), &["what-breaks", "run"]);
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("ambiguous"), "{err}");
    assert!(
        err.contains("a.py::run#function") && err.contains("b.py::run#function"),
        "{err}"
    );
    let (code, recs) = json(dir.path(), &["what-breaks", "run", "--all"]);
    assert_eq!(code, 0);
    assert_eq!(uses(&recs), [s("call", "b.py", 4, "-")]);
}

#[test]
fn unknown_symbol_is_an_error_with_close_names() {
    let dir = python_project();
    let (code, _, err) = run(dir.path(), &["what-breaks", "no_such_thing"]);
    assert_eq!(code, 2);
    assert!(err.contains("no definition named 'no_such_thing'"), "{err}");
    let (code, _, err) = run(dir.path(), &["what-breaks", "AuthServise"]);
    assert_eq!(code, 2);
    assert!(err.contains("did you mean: AuthService"), "{err}");
    let (code, recs) = json(dir.path(), &["what-depends", "qurey"]);
    assert_eq!(code, 2);
    let e = records(&recs, "error");
    assert_eq!(e[0]["suggestions"][0], "query", "{recs:?}");
    // A misspelt qualifier of a defined name: the qualified names close to it.
    let (code, recs) = json(dir.path(), &["what-depends", "AuthServise.login"]);
    assert_eq!(code, 2);
    let e = records(&recs, "error");
    assert_eq!(
        e[0]["suggestions"],
        serde_json::json!(["AuthService.login"]),
        "{recs:?}"
    );
    let (code, _, err) = run(dir.path(), &["what-depends", "app/db.py::nope#function"]);
    assert_eq!(code, 2, "{err}");
    let (code, out, _) = run(dir.path(), &["find-symbol", "zzzzqqq"]);
    assert_eq!(code, 1);
    assert!(out.is_empty());
}

#[test]
fn bad_stdin_is_an_error_with_exit_2() {
    let dir = python_project();
    for input in ["", "garbage", r#"{"type":"summary","data":{}}"#] {
        let out = codesearch()
            .current_dir(dir.path())
            .args(["what-breaks", "-"])
            .write_stdin(input)
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(2), "{input:?}");
        assert!(String::from_utf8_lossy(&out.stderr).starts_with("codesearch: "));
    }
}

#[test]
fn c_and_cpp_project() {
    let dir = tree(&[
        ("list.h", "#include <stddef.h>\nstruct list { int n; };\nint list_len(const struct list *l);\n"),
        ("list.c", "#include \"list.h\"\n/* list_len() is documented here */\nint list_len(const struct list *l) { return l->n; }\n"),
        ("main.cpp", "#include \"list.h\"\nnamespace app {\nclass Runner {\npublic:\n  int run(list *l);\n};\nint Runner::run(list *l) {\n  const char *s = \"list_len\";\n  return list_len(l);\n}\n}\n"),
    ]);
    let (code, recs) = json(dir.path(), &["what-breaks", "list_len"]);
    assert_eq!(code, 0);
    assert_eq!(uses(&recs), [s("call", "main.cpp", 9, "run")]);
    let (code, recs) = json(
        dir.path(),
        &["what-depends", "app.Runner.run", "-g", "*.cpp"],
    );
    assert_eq!(code, 0, "{recs:?}");
    let got = deps(&recs);
    assert_eq!(
        got,
        [d("type_use", "list", "-"), d("call", "list_len", "-")],
        "the definitions are outside -g's files"
    );
    // The method's declaration in its class repeats its definition's signature: the
    // definition alone is read.
    let (_, recs) = json(dir.path(), &["what-depends", "app.Runner.run"]);
    assert_eq!(
        deps(&recs),
        [
            d("type_use", "list", "list.h"),
            d("call", "list_len", "list.c")
        ]
    );
    let (code, recs) = json(dir.path(), &["find-symbol", "Runner::run", "--exact"]);
    assert_eq!(code, 0);
    let ids: Vec<&str> = records(&recs, "symbol")
        .iter()
        .map(|r| r["id"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(
        ids,
        [
            "main.cpp::app.Runner.run#method",
            "main.cpp::app.Runner.run#method~1"
        ]
    );
}

#[test]
fn jvm_project_java_and_kotlin() {
    let dir = tree(&[
        ("src/Repo.java", "package x;\n\npublic class Repo {\n    /** Finds a user. */\n    @Deprecated\n    public String find(String id) {\n        return id;\n    }\n}\n"),
        ("src/Service.java", "package x;\n\nimport x.Repo;\n\npublic class Service {\n    private final Repo repo = new Repo();\n    // repo.find(\"a\") here is a comment\n    public String get() { return repo.find(\"find\"); }\n}\n"),
        ("src/Main.kt", "package x\n\nclass Main { fun go(r: Repo) = r.find(\"k\") }\n"),
    ]);
    let (code, recs) = json(dir.path(), &["what-breaks", "Repo.find"]);
    assert_eq!(code, 0);
    assert_eq!(
        uses(&recs),
        [
            s("call", "src/Main.kt", 3, "go"),
            s("call", "src/Service.java", 8, "get")
        ]
    );
    let (_, recs) = json(dir.path(), &["find-symbol", "find", "--exact"]);
    let syms = records(&recs, "symbol");
    assert_eq!(syms[0]["signature"], "public String find(String id) {");
    assert_eq!(syms[0]["doc"], "Finds a user.");
    let (code, recs) = json(dir.path(), &["what-depends", "Service.get"]);
    assert_eq!(code, 0);
    assert_eq!(
        deps(&recs),
        [
            d("type_use", "String", "external:java.lang"),
            d("call", "repo.find", "src/Repo.java")
        ]
    );
}

#[test]
fn js_ts_project() {
    let dir = tree(&[
        ("src/api.ts", "export const fetchUser = async (id: string) => {\n  return id;\n};\n"),
        ("src/app.tsx", "import { fetchUser } from './api';\n// fetchUser(1) in a comment\nexport function App() {\n  const label = `fetchUser ${fetchUser('7')}`;\n  return fetchUser('x');\n}\n"),
        ("src/old.js", "const { fetchUser } = require('./api');\nmodule.exports = () => fetchUser(2);\n"),
    ]);
    let (code, recs) = json(dir.path(), &["what-breaks", "fetchUser"]);
    assert_eq!(code, 0);
    assert_eq!(
        uses(&recs),
        [
            s("import", "src/app.tsx", 1, "-"),
            s("call", "src/app.tsx", 4, "App"),
            s("call", "src/app.tsx", 5, "App"),
            s("import", "src/old.js", 1, "-"),
            s("call", "src/old.js", 2, "-"),
        ]
    );
    let (code, recs) = json(dir.path(), &["what-depends", "App"]);
    assert_eq!(code, 0);
    assert_eq!(
        deps(&recs),
        [
            d("call", "fetchUser", "src/api.ts"),
            d("call", "fetchUser", "src/api.ts")
        ]
    );
}

#[test]
fn go_project() {
    let dir = tree(&[
        ("store/db.go", "package store\n\ntype DB struct{}\n\n// Query runs a query.\nfunc (d *DB) Query(q string) string { return q }\n"),
        ("main.go", "package main\n\nimport \"example.com/store\"\n\nfunc main() {\n\tdb := &store.DB{}\n\t_ = \"Query\"\n\tdb.Query(\"x\")\n}\n"),
    ]);
    let (code, recs) = json(dir.path(), &["find-symbol", "DB.Query"]);
    assert_eq!(code, 0);
    let first = &records(&recs, "symbol")[0];
    assert_eq!(first["id"], "store/db.go::store.DB.Query#method");
    assert_eq!(first["doc"], "Query runs a query.");
    let (code, recs) = json(dir.path(), &["what-breaks", "store.DB.Query"]);
    assert_eq!(code, 0);
    assert_eq!(uses(&recs), [s("call", "main.go", 8, "main")]);
    let (code, recs) = json(dir.path(), &["what-depends", "main.main"]);
    assert_eq!(code, 0);
    assert_eq!(
        deps(&recs),
        [
            d("type_use", "store.DB", "store/db.go"),
            d("call", "db.Query", "store/db.go")
        ]
    );
}

#[test]
fn build_index_symbols_outlines_each_file() {
    let dir = python_project();
    let (code, out, _) = run(
        dir.path(),
        &["build-index", "--symbols", "--color", "never"],
    );
    assert_eq!(code, 0);
    assert!(
        out.contains("    ├── auth.py\n    │   class AuthService :5\n    │     method login :8\n    │     method audit :14\n    │   function authentication_service :18\n"),
        "{out}"
    );
    let (_, recs) = json(dir.path(), &["build-index", "--symbols"]);
    let kinds: Vec<&str> = recs
        .iter()
        .map(|r| r["type"].as_str().unwrap_or(""))
        .collect();
    let auth = recs
        .iter()
        .position(|r| r["data"]["path"]["text"] == "app/auth.py" && r["type"] == "entry")
        .expect("auth.py entry");
    assert_eq!(
        &kinds[auth..auth + 5],
        ["entry", "symbol", "symbol", "symbol", "symbol"]
    );
}

#[test]
fn build_index_symbols_outlines_a_file_given_as_the_root() {
    let dir = python_project();
    // The outline of a file named on the command line was left out: only its name
    // was printed.
    let (code, out, _) = run(
        dir.path(),
        &[
            "build-index",
            "--symbols",
            "--color",
            "never",
            "app/auth.py",
        ],
    );
    assert_eq!(code, 0);
    assert!(
        out.starts_with("app/auth.py\n    class AuthService :5\n      method login :8\n      method audit :14\n    function authentication_service :18\n"),
        "{out}"
    );
}

#[test]
fn ruby_operator_methods_are_symbols_named_as_written() {
    let dir = tree(&[(
        "cache.rb",
        "class Cache\n  def [](k)\n    fetch(k)\n  end\n  def []=(k, v)\n    store(k, v)\n  end\n\
         \x20 def <=>(o)\n    0\n  end\n  def fetch(k)\n  end\n  def store(k, v)\n  end\nend\n",
    )]);
    // `[]` was no symbol, `[]=` was named `=`, and `<=>` was lost: their brackets were
    // read as quoting and type arguments.
    let (code, out, _) = run(
        dir.path(),
        &["build-index", "--symbols", "--color", "never", "cache.rb"],
    );
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "    class Cache :1\n      method [] :2\n      method []= :5\n      method <=> :8\n"
        ),
        "{out}"
    );
    let (code, recs) = json(dir.path(), &["what-depends", "Cache.[]="]);
    assert_eq!(code, 0, "{recs:?}");
    assert!(
        recs.iter()
            .any(|r| r["type"] == "dependency" && r["data"]["name"] == "store"),
        "{recs:?}"
    );
}

#[test]
fn a_computed_member_name_is_one_name_brackets_and_all() {
    let dir = tree(&[(
        "stream.ts",
        "export class Stream {\n  [Symbol.asyncIterator](): AsyncGenerator<number> {\n\
         \x20   return this.pull();\n  }\n  pull(): AsyncGenerator<number> {\n    return gen();\n  }\n}\n",
    )]);
    // It was `[Symbol.asyncIterator` of type `Stream`: the name, read as a path, lost
    // its closing bracket, and no name given on the command line could reach it.
    let (code, out, _) = run(
        dir.path(),
        &["build-index", "--symbols", "--color", "never", "stream.ts"],
    );
    assert_eq!(code, 0);
    assert!(
        out.contains("    class Stream :1\n      method [Symbol.asyncIterator] :2\n"),
        "{out}"
    );
    let (code, recs) = json(
        dir.path(),
        &["what-depends", "Stream.[Symbol.asyncIterator]"],
    );
    assert_eq!(code, 0, "{recs:?}");
    let found: Vec<_> = records(&recs, "dependency")
        .into_iter()
        .map(|d| {
            (
                written_name(d),
                d["resolution"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            ("AsyncGenerator".to_string(), "external".to_string()),
            ("this.pull".to_string(), "definition".to_string()),
        ],
        "{recs:?}"
    );
}

#[test]
fn a_c_macro_of_a_string_beside_another_string_does_not_swallow_the_file() {
    let dir = tree(&[(
        "lparser.c",
        "#define LUA_QL(x) \"'\" x \"'\"\n\
         static void syntaxerror(const char *m);\n\
         static void forstat(int t) {\n  switch (t) {\n\
         \x20   default: syntaxerror(LUA_QL(\"=\") \" or \" LUA_QL(\"in\") \" expected\");\n  }\n}\n\
         static void ifstat(int t) {\n  forstat(t);\n}\n\
         static void chunk(int t) {\n  ifstat(t);\n}\n",
    )]);
    // `forstat` ended at the end of the file, and held the functions after it.
    let (code, out, _) = run(
        dir.path(),
        &["build-index", "--symbols", "--color", "never", "lparser.c"],
    );
    assert_eq!(code, 0);
    assert!(
        out.contains("    function forstat :3\n    function ifstat :8\n    function chunk :11\n"),
        "{out}"
    );
    let (code, recs) = json(dir.path(), &["what-depends", "chunk"]);
    assert_eq!(code, 0, "{recs:?}");
    assert_eq!(deps(&recs), [d("call", "ifstat", "lparser.c")], "{recs:?}");
}

#[allow(dead_code)]
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PathRec {
    text: String,
}

#[allow(dead_code)]
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SymbolRec {
    id: String,
    name: String,
    qualified_name: String,
    kind: String,
    language: String,
    path: PathRec,
    line: u64,
    start_line: u64,
    end_line: u64,
    start_byte: u64,
    end_byte: u64,
    signature: String,
    doc: Option<String>,
    score: Option<f64>,
}

#[allow(dead_code)]
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CallerRec {
    id: String,
    name: String,
    qualified_name: String,
    kind: String,
}

#[allow(dead_code)]
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReferenceRec {
    kind: String,
    path: PathRec,
    line: u64,
    column: u64,
    line_content: String,
    line_truncated: Option<bool>,
    qualifier: Option<String>,
    caller: Option<CallerRec>,
    resolution: String,
    target: String,
    depth: Option<u64>,
}

#[allow(dead_code)]
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DefinitionRec {
    id: String,
    qualified_name: String,
    kind: String,
    path: PathRec,
    line: u64,
}

#[allow(dead_code)]
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DependencyRec {
    kind: String,
    name: String,
    qualifier: Option<String>,
    path: PathRec,
    line: u64,
    column: u64,
    resolution: String,
    resolved: Option<DefinitionRec>,
    external: Option<String>,
}

#[allow(dead_code)]
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FindSummaryRec {
    query: String,
    matches: u64,
    total_matches: u64,
    symbols: u64,
    excluded_dirs: u64,
    skipped_files: u64,
    elapsed_ms: u64,
}

#[allow(dead_code)]
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DependsSummaryRec {
    symbols: Vec<String>,
    dependencies: u64,
    resolved: u64,
    external: u64,
    unresolved: u64,
    excluded_dirs: u64,
    skipped_files: u64,
    elapsed_ms: u64,
}

#[allow(dead_code)]
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BreaksSummaryRec {
    symbols: Vec<String>,
    references: u64,
    resolved: u64,
    unresolved: u64,
    calls: u64,
    files: u64,
    depth: u64,
    note: String,
    excluded_dirs: u64,
    skipped_files: u64,
    elapsed_ms: u64,
}

#[allow(dead_code)]
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ErrorRec {
    message: String,
    path: Option<PathRec>,
    #[serde(default)]
    suggestions: Vec<String>,
    #[serde(default)]
    candidates: Vec<SymbolRec>,
}

/// Every record of every symbol command, errors included, deserialises into its
/// documented shape with unknown fields rejected.
#[test]
fn every_record_of_every_symbol_command_has_its_documented_shape() {
    let dir = python_project();
    common::write(dir.path(), "app/other.py", b"def query(x):\n    return x\n");
    for args in [
        vec!["find-symbol", "auth"],
        vec!["what-breaks", "app/db.py::query#function", "--depth", "2"],
        vec!["what-depends", "AuthService.login"],
        vec!["what-breaks", "query"],
        vec!["what-depends", "no_such_name"],
    ] {
        let (_, recs) = json(dir.path(), &args);
        assert!(!recs.is_empty(), "{args:?}");
        for r in &recs {
            let v = r["data"].clone();
            let ok = match (r["type"].as_str().unwrap_or(""), args[0]) {
                ("symbol", _) => serde_json::from_value::<SymbolRec>(v).is_ok(),
                ("reference", _) => serde_json::from_value::<ReferenceRec>(v).is_ok(),
                ("dependency", _) => serde_json::from_value::<DependencyRec>(v).is_ok(),
                ("error", _) => serde_json::from_value::<ErrorRec>(v).is_ok(),
                ("summary", "find-symbol") => serde_json::from_value::<FindSummaryRec>(v).is_ok(),
                ("summary", "what-depends") => {
                    serde_json::from_value::<DependsSummaryRec>(v).is_ok()
                }
                ("summary", "what-breaks") => serde_json::from_value::<BreaksSummaryRec>(v).is_ok(),
                _ => false,
            };
            assert!(ok, "{args:?}: record does not match its schema: {r}");
        }
    }
}

#[test]
fn json_records_follow_the_documented_schema() {
    let dir = python_project();
    for (args, kind) in [
        (vec!["find-symbol", "auth"], "symbol"),
        (vec!["what-breaks", "query"], "reference"),
        (vec!["what-depends", "AuthService.login"], "dependency"),
    ] {
        let (_, recs) = json(dir.path(), &args);
        assert!(
            recs.last().is_some_and(|r| r["type"] == "summary"),
            "{args:?}"
        );
        for r in records(&recs, kind) {
            let v = r.clone();
            let ok = match kind {
                "symbol" => serde_json::from_value::<SymbolRec>(v).is_ok(),
                "reference" => serde_json::from_value::<ReferenceRec>(v).is_ok(),
                _ => serde_json::from_value::<DependencyRec>(v).is_ok(),
            };
            assert!(ok, "{kind} record does not match its schema: {r}");
        }
    }
}

#[test]
fn find_symbol_kind_filter_and_bad_kind() {
    let dir = python_project();
    let (code, recs) = json(dir.path(), &["find-symbol", "auth", "--kind", "class"]);
    assert_eq!(code, 0);
    assert!(records(&recs, "symbol")
        .iter()
        .all(|r| r["kind"] == "class"));
    let (code, _, err) = run(dir.path(), &["find-symbol", "auth", "--kind", "klass"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown kind 'klass'"), "{err}");
}

#[test]
fn hostile_files_neither_crash_nor_hide_other_results() {
    let depth = 30_000;
    let nested = format!("x = {}target(1){}\n", "[".repeat(depth), "]".repeat(depth));
    let dir = tree(&[
        ("deep.py", nested.as_str()),
        ("lib.py", "def target(n):\n    return n\n"),
        (
            "minified.js",
            &format!("{}function target(){{}}\n", "var a=1;".repeat(200_000)),
        ),
    ]);
    common::write(dir.path(), "binary.py", b"def target():\0\0\0 pass\n");
    common::write(
        dir.path(),
        "latin1.py",
        b"# caf\xe9\ndef other():\n    return target(2)\n",
    );
    let (code, recs) = json(dir.path(), &["what-breaks", "lib.py::target#function"]);
    assert_eq!(code, 0);
    let got = uses(&recs);
    // Inside the value of the file's variable `x`.
    assert!(got.contains(&s("call", "deep.py", 1, "x")), "{got:?}");
    assert!(got.contains(&s("call", "latin1.py", 3, "other")), "{got:?}");
    assert!(
        !got.iter().any(|u| u.1 == "binary.py"),
        "binary files are skipped: {got:?}"
    );
    let (code, recs) = json(dir.path(), &["find-symbol", "target", "--exact"]);
    assert_eq!(code, 0);
    let paths: Vec<&str> = records(&recs, "symbol")
        .iter()
        .map(|r| r["path"]["text"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(paths, ["lib.py", "minified.js"]);
}

#[test]
fn files_over_the_parse_limit_are_skipped_with_a_warning_not_an_error() {
    let dir = tree(&[
        ("small.py", "def target():\n    pass\n"),
        (
            "big.js",
            &format!("{}function target(){{}}\n", "var a=1;".repeat(20_000)),
        ),
    ]);
    let out = codesearch()
        .args([
            "find-symbol",
            "target",
            "--exact",
            "--json",
            "--max-parse-size",
            "10K",
        ])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("big.js: skipped: 160020 bytes is over the parse limit of 10240 bytes"),
        "{stderr}"
    );
    let recs = common::json_lines(&out.stdout);
    let paths: Vec<&str> = records(&recs, "symbol")
        .iter()
        .map(|r| r["path"]["text"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(paths, ["small.py"]);
    let summary = records(&recs, "summary");
    assert_eq!(summary[0]["skipped_files"], 1);
    // Under the default limit the same file is parsed.
    let (code, recs) = json(dir.path(), &["find-symbol", "target", "--exact"]);
    assert_eq!(code, 0);
    assert_eq!(records(&recs, "symbol").len(), 2);
    assert_eq!(records(&recs, "summary")[0]["skipped_files"], 0);
}

#[test]
fn symbol_names_from_a_file_cannot_drive_the_terminal() {
    let dir = tree(&[("notes.md", "# Evil\x1b]0;pwned\x07Title\n\ntext\n")]);
    let (code, out, err) = run(
        dir.path(),
        &["find-symbol", "Evil", "--no-index", "--color", "always"],
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\\x1b]0;pwned\\x07"), "{out:?}");
    assert!(!out.contains("\x1b]0"), "{out:?}");
    assert!(!out.contains('\x07'), "{out:?}");
}
