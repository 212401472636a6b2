//! Every recipe of `docs/evaluators.md` runs on a real fixture with the real binary and
//! finds exactly what the recipe promises. The recipes are read from the document, so
//! the documentation cannot drift from what works.

mod common;

use common::{codesearch, json_lines, tree};
use serde_json::Value;

/// The ```python blocks of the cookbook section, in order.
fn recipes() -> Vec<String> {
    let doc = include_str!("../docs/evaluators.md");
    let cookbook = doc.split("## Cookbook").nth(1).expect("a Cookbook section");
    cookbook
        .split("```python\n")
        .skip(1)
        .map(|rest| {
            rest.split("\n```")
                .next()
                .expect("closed block")
                .to_string()
        })
        .collect()
}

/// Runs recipe `n` (1-based) with `args` in `dir` and returns the JSON records.
fn run(n: usize, dir: &std::path::Path, args: &[&str]) -> Vec<Value> {
    let code = &recipes()[n - 1];
    let out = codesearch()
        .arg("xray")
        .args(args)
        .args(["--json", "--eval", code])
        .current_dir(dir)
        .output()
        .expect("runs");
    let records = json_lines(&out.stdout);
    let errors: Vec<&Value> = records
        .iter()
        .filter(|r| r["type"] == "evaluation_error")
        .collect();
    assert!(
        errors.is_empty(),
        "recipe {n} failed: {errors:?}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    records
}

fn match_lines(records: &[Value]) -> Vec<(String, u64)> {
    records
        .iter()
        .filter(|r| r["type"] == "match")
        .map(|r| {
            (
                r["data"]["path"]["text"].as_str().unwrap().to_string(),
                r["data"]["line"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn the_cookbook_has_at_least_eight_recipes() {
    assert!(recipes().len() >= 8, "{}", recipes().len());
}

#[test]
fn recipe_1_sql_concatenation() {
    let dir = tree(&[(
        "UserDao.java",
        r#"class UserDao {
    void find(Connection conn, String id) throws Exception {
        PreparedStatement safe = conn.prepareStatement("SELECT * FROM users WHERE id = ?");
        PreparedStatement bad = conn.prepareStatement("SELECT * FROM users WHERE id = " + id);
        conn.createStatement().executeQuery("DELETE FROM t WHERE x = '" + id + "'");
    }
}
"#,
    )]);
    let records = run(
        1,
        dir.path(),
        &["prepareStatement|executeQuery", "-t", "java"],
    );
    assert_eq!(
        match_lines(&records),
        vec![("UserDao.java".into(), 4), ("UserDao.java".into(), 5)]
    );
    let first = records.iter().find(|r| r["type"] == "match").unwrap();
    assert_eq!(first["data"]["fields"]["why"], "string concatenation");
    assert_eq!(first["data"]["language"], "java");
}

#[test]
fn recipe_2_returns_inside_ifs() {
    let dir = tree(&[(
        "a.py",
        "def f(x):\n    if x:\n        return 1\n    return 2\n\ndef g():\n    return 3\n",
    )]);
    let records = run(2, dir.path(), &["return", "-t", "python"]);
    assert_eq!(match_lines(&records), vec![("a.py".into(), 3)]);
    assert_eq!(records[0]["data"]["fields"]["function"], "f");
}

#[test]
fn recipe_3_unclosed_streams() {
    let dir = tree(&[(
        "Io.java",
        r#"class Io {
    void read() throws Exception {
        try (FileInputStream in = new FileInputStream("a")) {
            in.read();
        }
        FileInputStream leak = new FileInputStream("b");
        BufferedReader r = new BufferedReader(new FileReader("c"));
    }
}
"#,
    )]);
    let records = run(
        3,
        dir.path(),
        &[r"new \w+(Stream|Reader|Writer)", "-t", "java"],
    );
    assert_eq!(
        match_lines(&records),
        vec![
            ("Io.java".into(), 6),
            ("Io.java".into(), 7),
            ("Io.java".into(), 7)
        ]
    );
}

#[test]
fn recipe_4_long_functions_in_several_languages() {
    let dir = tree(&[
        ("long.py", "def short():\n    return 1\n\ndef long():\n    a = 1\n    b = 2\n    c = 3\n    d = 4\n    return a\n"),
        ("long.go", "package m\n\nfunc Long() int {\n\ta := 1\n\tb := 2\n\tc := 3\n\td := 4\n\treturn a + b + c + d\n}\n"),
    ]);
    let records = run(4, dir.path(), &["def |func |function "]);
    assert_eq!(
        match_lines(&records),
        vec![("long.go".into(), 3), ("long.py".into(), 4)]
    );
    let py = records
        .iter()
        .find(|r| r["data"]["path"]["text"] == "long.py")
        .unwrap();
    assert_eq!(py["data"]["fields"]["lines"], 6);
    assert_eq!(py["data"]["fields"]["name"], "long");
}

#[test]
fn recipe_5_todos_without_owner_only_in_comments() {
    let dir = tree(&[(
        "t.py",
        "# TODO(ann): owned\n# TODO: nobody\nx = \"TODO: in a string\"\n",
    )]);
    let records = run(5, dir.path(), &["TODO"]);
    assert_eq!(match_lines(&records), vec![("t.py".into(), 2)]);
}

#[test]
fn recipe_6_per_file_metric_is_file_metadata() {
    let dir = tree(&[("m.py", "print(1)\nlen([])\nx = 1\n")]);
    let records = run(6, dir.path(), &[".", "-t", "python"]);
    let meta: Vec<&Value> = records
        .iter()
        .filter(|r| r["type"] == "file_metadata")
        .collect();
    assert_eq!(meta.len(), 1);
    assert_eq!(
        meta[0]["data"]["value"],
        serde_json::json!({"calls": 2, "lines": 3})
    );
    assert_eq!(meta[0]["data"]["path"]["text"], "m.py");
}

#[test]
fn recipe_7_bare_excepts() {
    let dir = tree(&[(
        "e.py",
        "try:\n    f()\nexcept ValueError:\n    pass\ntry:\n    g()\nexcept:\n    pass\n",
    )]);
    let records = run(7, dir.path(), &[r"except\s*:", "-t", "python"]);
    assert_eq!(match_lines(&records), vec![("e.py".into(), 7)]);
}

#[test]
fn recipe_8_discarded_go_errors() {
    let dir = tree(&[(
        "d.go",
        "package m\n\nfunc f() {\n\tx, _ := g()\n\t_ = h()\n\tv, _ = k()\n\t_ = 5\n}\n",
    )]);
    let records = run(8, dir.path(), &["_ *=", "-t", "go"]);
    assert_eq!(
        match_lines(&records),
        vec![("d.go".into(), 5), ("d.go".into(), 6)]
    );
}

#[test]
fn recipe_9_filename_mode_tests_without_asserts() {
    let dir = tree(&[
        ("test_ok.py", "def test_a():\n    assert 1 == 1\n"),
        ("test_empty.py", "def test_b():\n    pass\n"),
        ("helper.py", "def test_c():\n    pass\n"),
    ]);
    let records = run(9, dir.path(), &["--target", "filename", r"test_.*\.py$"]);
    assert_eq!(match_lines(&records), vec![("test_empty.py".into(), 1)]);
    // value == 0 is a value, not None: it is reported.
    let meta: Vec<&Value> = records
        .iter()
        .filter(|r| r["type"] == "file_metadata")
        .collect();
    assert_eq!(meta.len(), 1);
    assert_eq!(meta[0]["data"]["value"], 0);
}
