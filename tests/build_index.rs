//! `codesearch build-index` and the walker rules it exposes, on the real binary.

mod common;

use std::process::Stdio;

use common::{codesearch, json_lines, tree, write};
use predicates::prelude::*;
use serde::Deserialize;

fn map(dir: &std::path::Path, extra: &[&str]) -> (String, String, i32) {
    let out = codesearch()
        .arg("build-index")
        .args(extra)
        .current_dir(dir)
        .output()
        .expect("runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn tree_rendering_is_exact_and_sorted() {
    let dir = tree(&[
        ("app/main.py", "print(1)\n"),
        ("app/util/helpers.py", "x = 1\n"),
        ("requirements.txt", "flask\n"),
        ("Dockerfile", "FROM python\n"),
    ]);
    std::fs::create_dir(dir.path().join("frontend")).unwrap();
    let (out, err, code) = map(dir.path(), &[]);
    assert_eq!(code, 0, "stderr: {err}");
    assert_eq!(
        out,
        "./\n\
         ├── Dockerfile\n\
         ├── app/\n\
         │   ├── main.py\n\
         │   └── util/\n\
         │       └── helpers.py\n\
         ├── frontend/\n\
         └── requirements.txt\n"
    );
}

#[test]
fn root_given_is_printed_as_given_with_slash() {
    let dir = tree(&[("src/a.rs", "fn a() {}\n")]);
    codesearch()
        .args(["build-index", "src"])
        .current_dir(dir.path())
        .assert()
        .success()
        .stdout("src/\n└── a.rs\n");
}

#[test]
fn nested_gitignore_with_negation_is_honoured() {
    let dir = tree(&[
        (".gitignore", "*.tmp\n"),
        ("keep.py", ""),
        ("junk.tmp", ""),
        ("sub/.gitignore", "!important.tmp\nsecret/\n"),
        ("sub/important.tmp", ""),
        ("sub/other.tmp", ""),
        ("sub/secret/x.py", ""),
    ]);
    let (out, _, code) = map(dir.path(), &[]);
    assert_eq!(code, 0);
    assert!(out.contains("keep.py"));
    assert!(out.contains("important.tmp"), "negation re-includes: {out}");
    assert!(!out.contains("junk.tmp"));
    assert!(!out.contains("other.tmp"));
    assert!(!out.contains("secret"));
}

#[test]
fn dot_ignore_file_is_honoured() {
    let dir = tree(&[(".ignore", "gen/\n"), ("gen/a.py", ""), ("b.py", "")]);
    let (out, _, _) = map(dir.path(), &[]);
    assert!(!out.contains("gen"));
    assert!(out.contains("b.py"));
}

#[test]
fn each_default_exclusion_is_skipped_unless_no_ignore() {
    // Names that are also ordinary package names are excluded only when generated,
    // so each of them carries a marker here.
    let markers = [
        ("vendor", "modules.txt"),
        ("venv", "pyvenv.cfg"),
        (".venv", "pyvenv.cfg"),
        ("env", "pyvenv.cfg"),
        ("target", "CACHEDIR.TAG"),
        ("build", "CACHEDIR.TAG"),
        ("dist", "CACHEDIR.TAG"),
    ];
    let dirs = [
        "node_modules",
        "vendor",
        "__pycache__",
        "venv",
        ".venv",
        "env",
        "target",
        "build",
        "dist",
        ".git",
        ".svn",
        ".hg",
        ".idea",
        ".vscode",
        ".xray",
        ".codesearch",
    ];
    let mut files: Vec<(String, &str)> = dirs
        .iter()
        .map(|d| (format!("{d}/inner.txt"), "x"))
        .collect();
    for (d, m) in markers {
        files.push((format!("{d}/{m}"), ""));
    }
    for f in ["a.pyc", "run.log", ".DS_Store", "Thumbs.db"] {
        files.push((f.to_string(), "x"));
    }
    files.push(("kept.txt".into(), "x"));
    let pairs: Vec<(&str, &str)> = files.iter().map(|(p, c)| (p.as_str(), *c)).collect();
    let dir = tree(&pairs);
    let (out, _, code) = map(dir.path(), &["--hidden"]);
    assert_eq!(code, 0);
    assert!(out.contains("kept.txt"));
    for d in dirs {
        assert!(
            !out.contains(&format!("{d}/")),
            "{d} should be excluded:\n{out}"
        );
    }
    for f in ["a.pyc", "run.log", ".DS_Store", "Thumbs.db"] {
        assert!(!out.contains(f), "{f} should be excluded");
    }
    let (all, _, _) = map(dir.path(), &["--hidden", "--no-ignore"]);
    for d in dirs {
        assert!(
            all.contains(&format!("{d}/")),
            "{d} shown with --no-ignore:\n{all}"
        );
    }
    assert!(all.contains("run.log"));
}

#[test]
fn hidden_files_need_hidden_flag() {
    let dir = tree(&[(".hidden/a.py", ""), (".env.py", ""), ("shown.py", "")]);
    let (out, _, _) = map(dir.path(), &[]);
    assert!(!out.contains(".hidden") && !out.contains(".env.py"));
    let (out, _, _) = map(dir.path(), &["--hidden"]);
    assert!(out.contains(".hidden/") && out.contains(".env.py"));
}

#[test]
fn globs_include_and_exclude() {
    let dir = tree(&[
        ("a.py", ""),
        ("b.rs", ""),
        ("sub/c.py", ""),
        ("other/d.rs", ""),
    ]);
    let (out, _, _) = map(dir.path(), &["-g", "*.py"]);
    assert!(out.contains("a.py") && out.contains("c.py"));
    assert!(
        !out.contains("b.rs") && !out.contains("other"),
        "empty dirs pruned: {out}"
    );
    let (out, _, _) = map(dir.path(), &["-g", "!*.py"]);
    assert!(!out.contains(".py"));
    assert!(out.contains("b.rs") && out.contains("d.rs"));
}

#[test]
fn types_select_and_negate_languages() {
    let dir = tree(&[
        ("a.py", ""),
        ("b.rs", ""),
        ("c.tf", ""),
        ("Jenkinsfile", ""),
    ]);
    let (out, _, _) = map(dir.path(), &["-t", "py"]);
    assert!(out.contains("a.py") && !out.contains("b.rs"));
    let (out, _, _) = map(dir.path(), &["-t", "terraform", "-t", "groovy"]);
    assert!(out.contains("c.tf") && out.contains("Jenkinsfile") && !out.contains("a.py"));
    let (out, _, _) = map(dir.path(), &["-T", "rust"]);
    assert!(out.contains("a.py") && !out.contains("b.rs"));
}

#[test]
fn unknown_type_lists_the_closest_names() {
    let dir = tree(&[("a.py", "")]);
    codesearch()
        .args(["build-index", "-t", "pyhton"])
        .current_dir(dir.path())
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("unknown file type 'pyhton'"))
        .stderr(predicate::str::contains("python"));
}

#[test]
fn max_depth_limits_descent() {
    let dir = tree(&[("top.py", ""), ("a/mid.py", ""), ("a/b/deep.py", "")]);
    let (out, _, _) = map(dir.path(), &["-d", "2"]);
    assert!(out.contains("mid.py") && !out.contains("deep.py") && out.contains("b/"));
    let (out, _, _) = map(dir.path(), &["--max-depth", "1"]);
    assert!(out.contains("top.py") && !out.contains("mid.py"));
}

#[test]
fn max_filesize_skips_large_files() {
    let dir = tree(&[("small.py", "x"), ("big.py", &"y".repeat(5000))]);
    let (out, _, _) = map(dir.path(), &["--max-filesize", "1K"]);
    assert!(out.contains("small.py") && !out.contains("big.py"));
}

#[cfg(unix)]
#[test]
fn symlink_loop_is_reported_once_and_skipped() {
    let dir = tree(&[("a/file.py", "")]);
    std::os::unix::fs::symlink("..", dir.path().join("a/loop")).unwrap();
    let (out, err, code) = map(dir.path(), &["-L"]);
    assert_eq!(code, 2, "a loop is an error: {err}");
    assert!(out.contains("file.py"));
    assert_eq!(err.lines().count(), 1, "reported once: {err}");
    assert!(
        err.starts_with("codesearch: a/loop: symbolic link loop"),
        "{err}"
    );
}

#[test]
fn binary_files_are_skipped_unless_named() {
    let dir = tree(&[("text.py", "print()\n")]);
    write(dir.path(), "blob.dat", b"abc\0def");
    let (out, _, _) = map(dir.path(), &[]);
    assert!(out.contains("text.py") && !out.contains("blob.dat"));
    let (out, _, code) = map(dir.path(), &["blob.dat"]);
    assert_eq!(code, 0);
    assert_eq!(out, "blob.dat\n");
}

#[test]
fn explicit_path_is_walked_even_when_ignored() {
    let dir = tree(&[(".gitignore", "gen/\n"), ("gen/a.py", "")]);
    let (out, _, code) = map(dir.path(), &["gen"]);
    assert_eq!(code, 0);
    assert!(out.contains("a.py"), "{out}");
}

#[test]
fn missing_path_is_reported_and_other_paths_still_walked() {
    let dir = tree(&[("real/a.py", "")]);
    codesearch()
        .args(["build-index", "nope", "real"])
        .current_dir(dir.path())
        .assert()
        .code(2)
        .stdout(predicate::str::contains("a.py"))
        .stderr("codesearch: nope: No such file or directory (os error 2)\n");
}

#[test]
fn empty_tree_exits_one() {
    let dir = tempfile::tempdir().unwrap();
    codesearch()
        .arg("build-index")
        .current_dir(dir.path())
        .assert()
        .code(1);
}

#[cfg(unix)]
#[test]
fn unreadable_directory_is_reported_and_skipped() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tree(&[("open/a.py", ""), ("closed/b.py", "")]);
    let closed = dir.path().join("closed");
    std::fs::set_permissions(&closed, std::fs::Permissions::from_mode(0o000)).unwrap();
    let mut cmd = common::unprivileged_codesearch(dir.path());
    let out = cmd
        .arg("build-index")
        .current_dir(dir.path())
        .output()
        .unwrap();
    std::fs::set_permissions(&closed, std::fs::Permissions::from_mode(0o755)).unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "stderr: {stderr}");
    assert!(stdout.contains("a.py"));
    assert!(!stdout.contains("b.py"));
    assert!(
        stderr.contains("closed") && stderr.contains("Permission denied"),
        "{stderr}"
    );
}

#[cfg(unix)]
#[test]
fn non_utf8_file_name_is_lossy_in_text_and_exact_in_json() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let name = std::ffi::OsStr::from_bytes(b"caf\xe9.py");
    std::fs::write(dir.path().join(name), "x = 1\n").unwrap();
    let (out, _, code) = map(dir.path(), &[]);
    assert_eq!(code, 0);
    assert!(out.contains("caf\u{fffd}.py"), "{out}");
    let json = codesearch()
        .args(["build-index", "--json"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let records = json_lines(&json.stdout);
    let file = records
        .iter()
        .find(|r| r["type"] == "entry" && r["data"]["kind"] == "file")
        .expect("a file entry");
    // base64 of b"caf\xe9.py"
    assert_eq!(
        file["data"]["path"],
        serde_json::json!({"bytes": "Y2Fm6S5weQ=="})
    );
}

/// The JSON records as documented in the README and `src/index/mod.rs`; unknown
/// fields fail the test, so any change to the API is deliberate.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", content = "data", rename_all = "snake_case")]
enum Record {
    Entry(EntryData),
    Summary(SummaryData),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PathData {
    text: Option<String>,
    bytes: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EntryData {
    path: PathData,
    kind: String,
    depth: usize,
    language: Option<String>,
    size: Option<u64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LangData {
    files: u64,
    bytes: u64,
    lines: Option<u64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SummaryData {
    dirs: u64,
    files: u64,
    bytes: u64,
    languages: std::collections::BTreeMap<String, LangData>,
    excluded_dirs: u64,
    elapsed_ms: u64,
}

#[test]
fn json_records_follow_the_schema() {
    let dir = tree(&[
        ("src/a.py", "a\nb\n"),
        ("src/b.rs", "fn x() {}"),
        ("notes", "hi"),
    ]);
    let out = codesearch()
        .args(["build-index", "--json", "--stats"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<Record> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    let Some(Record::Summary(summary)) = lines.last() else {
        panic!("last record is the summary: {lines:?}");
    };
    assert_eq!((summary.dirs, summary.files, summary.bytes), (1, 3, 15));
    assert_eq!(summary.languages["python"].lines, Some(2));
    assert_eq!(summary.languages["rust"].lines, Some(1));
    assert_eq!(summary.languages["python"].files, 1);
    assert_eq!(summary.languages["rust"].bytes, 9);
    assert_eq!(summary.excluded_dirs, 0);
    assert!(summary.elapsed_ms < 60_000);
    let entries: Vec<&EntryData> = lines
        .iter()
        .filter_map(|r| match r {
            Record::Entry(e) => Some(e),
            Record::Summary(_) => None,
        })
        .collect();
    let paths: Vec<&str> = entries
        .iter()
        .map(|e| e.path.text.as_deref().unwrap())
        .collect();
    assert_eq!(paths, vec![".", "notes", "src", "src/a.py", "src/b.rs"]);
    assert!(entries.iter().all(|e| e.path.bytes.is_none()));
    assert_eq!(entries[0].depth, 0);
    assert_eq!(entries[0].kind, "dir");
    assert_eq!(entries[3].language.as_deref(), Some("python"));
    assert_eq!(entries[3].size, Some(4));
    assert_eq!(entries[3].depth, 2);
    assert_eq!(entries[2].size, None);
    assert_eq!(entries[1].language, None);
}

#[test]
fn stats_print_a_table_after_the_tree() {
    let dir = tree(&[("a.py", "1\n2\n3\n"), ("b.py", "1\n")]);
    let (out, _, code) = map(dir.path(), &["--stats"]);
    assert_eq!(code, 0);
    let table = out
        .split("\n\n")
        .nth(1)
        .expect("a blank line before the table");
    assert!(table.contains("python"), "{table}");
    let python = table.lines().find(|l| l.starts_with("python")).unwrap();
    let cols: Vec<&str> = python.split_whitespace().collect();
    assert_eq!(cols[1..3], ["2", "4"]);
    assert!(out.contains("0 directories, 2 files"));
}

#[test]
fn colors_follow_the_color_flag_and_no_color() {
    let dir = tree(&[("d/a.py", "")]);
    let (out, _, _) = map(dir.path(), &["--color", "always"]);
    assert!(out.contains("\x1b["), "ANSI escapes with --color always");
    let (out, _, _) = map(dir.path(), &["--color", "never"]);
    assert!(!out.contains("\x1b["));
    // Not a terminal: auto means plain.
    let (out, _, _) = map(dir.path(), &[]);
    assert!(!out.contains("\x1b["));
}

#[test]
fn broken_pipe_exits_quietly() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..3000 {
        write(dir.path(), &format!("d{}/file_{i}.py", i % 50), b"");
    }
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("codesearch"))
        .args(["build-index", "--json"])
        .current_dir(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read one line, then close our end of the pipe.
    {
        use std::io::BufRead;
        let stdout = child.stdout.take().unwrap();
        let mut line = String::new();
        std::io::BufReader::new(stdout)
            .read_line(&mut line)
            .unwrap();
        assert!(line.starts_with("{\"type\":\"entry\""));
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn type_list_names_every_language_with_globs() {
    let out = codesearch().arg("--type-list").assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    for (name, glob) in [
        ("c", "*.h"),
        ("cpp", "*.hpp"),
        ("groovy", "Jenkinsfile"),
        ("hcl", "*.tf"),
        ("kotlin", "*.kts"),
        ("tsx", "*.tsx"),
        ("javascript", "*.mjs"),
        ("csharp", "*.cs"),
        ("sql", "*.sql"),
    ] {
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("{name}: ")))
            .unwrap_or_else(|| panic!("{name} listed"));
        assert!(line.contains(glob), "{line}");
    }
}

#[test]
fn no_arguments_prints_help_and_fails() {
    codesearch()
        .assert()
        .code(2)
        .stderr(predicate::str::contains("Usage"));
}

#[test]
fn deeply_nested_tree_renders_without_recursion_limits() {
    let dir = tempfile::tempdir().unwrap();
    let deep: String = (0..300).map(|i| format!("d{i}/")).collect();
    write(dir.path(), &format!("{deep}leaf.py"), b"x = 1\n");
    let (out, err, code) = map(dir.path(), &[]);
    assert_eq!(code, 0, "{err}");
    let last = out.lines().last().unwrap();
    assert!(last.ends_with("└── leaf.py"), "{last}");
    // 300 directories above the leaf, each indenting by four columns.
    assert_eq!(
        last.chars().count(),
        300 * 4 + "└── leaf.py".chars().count()
    );
}

#[test]
fn output_order_does_not_depend_on_thread_count() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..400 {
        write(dir.path(), &format!("p{}/q{}/f{i}.rs", i % 7, i % 3), b"");
    }
    let (one, _, _) = map(dir.path(), &["-j", "1"]);
    let (many, _, _) = map(dir.path(), &["-j", "8"]);
    assert_eq!(one, many);
    let (json_one, _, _) = map(dir.path(), &["-j", "1", "--json"]);
    let (json_many, _, _) = map(dir.path(), &["-j", "8", "--json"]);
    let strip = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| !l.contains("\"summary\""))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(strip(&json_one), strip(&json_many));
}
