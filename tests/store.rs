//! The index: every answer equals a fresh parse's, whatever happened to the tree or to
//! the index between runs (edits, renames, same-second edits, kills, concurrent
//! writers, damage, an older format, an unwritable cache).
#![cfg(unix)]

mod common;

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use common::{codesearch, tree, write};
use serde::Deserialize;
use serde_json::Value;

/// Runs the binary in `dir` with indexes in `index`: exit code, stdout, stderr.
fn run_in(dir: &Path, index: &Path, args: &[&str]) -> (i32, String, String) {
    let out = codesearch()
        .env("CODESEARCH_INDEX_DIR", index)
        .current_dir(dir)
        .args(args)
        .timeout(Duration::from_secs(60))
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// JSON records of a run, with the fields that differ between two equal answers (time)
/// removed.
fn answer(dir: &Path, index: &Path, args: &[&str]) -> (i32, Vec<Value>) {
    let mut all: Vec<&str> = args.to_vec();
    all.push("--json");
    let (code, out, err) = run_in(dir, index, &all);
    assert!(
        code != 2 || args.contains(&"--all") || !err.is_empty(),
        "{args:?}: {err}"
    );
    let recs = common::json_lines(out.as_bytes())
        .into_iter()
        .map(|mut v| {
            if let Some(d) = v.get_mut("data").and_then(Value::as_object_mut) {
                d.remove("elapsed_ms");
            }
            v
        })
        .collect();
    (code, recs)
}

/// Asserts that the index and a fresh parse give the same answer.
fn same_as_fresh(dir: &Path, index: &Path, args: &[&str]) -> Vec<Value> {
    let indexed = answer(dir, index, args);
    let mut fresh_args = args.to_vec();
    fresh_args.push("--no-index");
    let fresh = answer(dir, index, &fresh_args);
    assert_eq!(
        indexed, fresh,
        "{args:?}: the index and a fresh parse disagree"
    );
    indexed.1
}

fn names(recs: &[Value]) -> Vec<String> {
    recs.iter()
        .filter(|r| r["type"] == "symbol")
        .map(|r| {
            format!(
                "{}:{}",
                r["data"]["path"]["text"].as_str().unwrap_or("?"),
                r["data"]["name"].as_str().unwrap_or("?")
            )
        })
        .collect()
}

/// A function in one file and its caller, importing it, in another.
fn helper_and_its_caller() -> tempfile::TempDir {
    tree(&[
        ("lib.py", "def helper():\n    pass\n"),
        (
            "app.py",
            "from lib import helper\n\ndef run():\n    helper()\n",
        ),
    ])
}

/// Waits until what was just written is older than a timestamp tick: only then is a
/// walk remembered, and a file listed with its stat.
fn settle() {
    std::thread::sleep(Duration::from_millis(2100));
}

fn index_dir() -> tempfile::TempDir {
    tempfile::tempdir().expect("index dir")
}

/// The number a `SELECT count(*) ...` gives.
fn count_rows(db: &rusqlite::Connection, sql: &str) -> i64 {
    db.query_row(sql, [], |r| r.get(0)).unwrap()
}

/// Rewrites `file` with `text` and puts its old mtime back: to the stat, only the
/// size (the same when `text` is as long) and the ctime can tell.
fn rewrite_keeping_mtime(file: &Path, text: &str) {
    let mtime = std::fs::metadata(file).unwrap().modified().unwrap();
    std::fs::write(file, text).unwrap();
    std::fs::File::options()
        .write(true)
        .open(file)
        .unwrap()
        .set_modified(mtime)
        .unwrap();
}

/// How many remembered walks hold a list of their files.
fn listed_walks(db: &rusqlite::Connection) -> i64 {
    count_rows(
        db,
        "SELECT count(*) FROM walk_cache WHERE listing IS NOT NULL",
    )
}

/// The one database in an index directory.
fn database(index: &Path) -> PathBuf {
    let dbs: Vec<PathBuf> = std::fs::read_dir(index)
        .expect("index dir")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "sqlite"))
        .collect();
    assert_eq!(dbs.len(), 1, "{dbs:?}");
    dbs[0].clone()
}

#[test]
fn added_modified_deleted_and_renamed_files_change_the_answer() {
    let dir = tree(&[
        ("a.py", "def alpha():\n    return 1\n"),
        (
            "b.py",
            "from a import alpha\n\ndef beta():\n    return alpha()\n",
        ),
    ]);
    let idx = index_dir();
    let (p, i) = (dir.path(), idx.path());
    let recs = same_as_fresh(p, i, &["what-breaks", "alpha"]);
    assert_eq!(recs.iter().filter(|r| r["type"] == "reference").count(), 2);

    write(p, "c.py", b"from a import alpha\nalpha()\n");
    let recs = same_as_fresh(p, i, &["what-breaks", "alpha"]);
    assert_eq!(recs.iter().filter(|r| r["type"] == "reference").count(), 4);

    write(
        p,
        "a.py",
        b"def alpha():\n    return 1\n\ndef gamma():\n    pass\n",
    );
    assert_eq!(
        names(&same_as_fresh(p, i, &["find-symbol", "gamma", "--exact"])),
        ["a.py:gamma"]
    );

    std::fs::remove_file(p.join("c.py")).unwrap();
    let recs = same_as_fresh(p, i, &["what-breaks", "alpha"]);
    assert_eq!(recs.iter().filter(|r| r["type"] == "reference").count(), 2);

    std::fs::rename(p.join("b.py"), p.join("renamed.py")).unwrap();
    let recs = same_as_fresh(p, i, &["what-breaks", "alpha"]);
    let paths: Vec<&str> = recs
        .iter()
        .filter(|r| r["type"] == "reference")
        .map(|r| r["data"]["path"]["text"].as_str().unwrap())
        .collect();
    assert_eq!(paths, ["renamed.py", "renamed.py"]);
    same_as_fresh(p, i, &["what-depends", "renamed.py::beta#function"]);
}

#[test]
fn an_edit_in_the_same_second_with_the_same_size_is_seen() {
    let dir = tree(&[("a.py", "def aaaa():\n    pass\n")]);
    let idx = index_dir();
    let (p, i) = (dir.path(), idx.path());
    assert_eq!(
        names(&same_as_fresh(p, i, &["find-symbol", "aaaa", "--exact"])),
        ["a.py:aaaa"]
    );
    // Same size, and the old mtime put back: only the content (and ctime) differ.
    rewrite_keeping_mtime(&p.join("a.py"), "def bbbb():\n    pass\n");
    assert_eq!(
        names(&same_as_fresh(p, i, &["find-symbol", "bbbb", "--exact"])),
        ["a.py:bbbb"]
    );
    let (code, recs) = answer(p, i, &["find-symbol", "aaaa", "--exact"]);
    assert_eq!((code, names(&recs)), (1, vec![]));
}

#[test]
fn identical_files_share_one_stored_record_and_both_answer() {
    let body = "class Twin:\n    def run(self):\n        return 2\n";
    let dir = tree(&[
        ("one/t.py", body),
        ("two/t.py", body),
        ("x.py", "def other(): pass\n"),
    ]);
    let idx = index_dir();
    let (p, i) = (dir.path(), idx.path());
    let recs = same_as_fresh(p, i, &["find-symbol", "Twin", "--exact"]);
    assert_eq!(names(&recs), ["one/t.py:Twin", "two/t.py:Twin"]);
    let ids: Vec<&str> = recs
        .iter()
        .filter(|r| r["type"] == "symbol")
        .map(|r| r["data"]["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["one/t.py::Twin#class", "two/t.py::Twin#class"]);
    let (code, out, _) = run_in(p, i, &["index", "--status", "--json"]);
    assert_eq!(code, 0);
    let status = &common::json_lines(out.as_bytes())[0]["data"];
    assert_eq!(
        (status["files"].as_u64(), status["contents"].as_u64()),
        (Some(3), Some(2))
    );
}

#[test]
fn a_file_that_becomes_binary_loses_its_symbols() {
    let dir = tree(&[("a.py", "def tool():\n    pass\n")]);
    let idx = index_dir();
    let (p, i) = (dir.path(), idx.path());
    assert_eq!(
        names(&same_as_fresh(p, i, &["find-symbol", "tool"])),
        ["a.py:tool"]
    );
    write(p, "a.py", b"def tool():\0\0 pass\n");
    let (code, recs) = answer(p, i, &["find-symbol", "tool"]);
    assert_eq!((code, names(&recs)), (1, vec![]));
    same_as_fresh(p, i, &["find-symbol", "tool"]);
}

#[test]
fn changed_ignore_rules_and_walk_flags_filter_answers_without_reparsing() {
    let dir = tree(&[
        ("keep.py", "def shared():\n    pass\n"),
        (
            "gen/out.py",
            "def shared():\n    pass\n\ndef generated_only():\n    pass\n",
        ),
        (".hidden/h.py", "def secret():\n    pass\n"),
    ]);
    let idx = index_dir();
    let (p, i) = (dir.path(), idx.path());
    assert_eq!(
        names(&same_as_fresh(p, i, &["find-symbol", "shared", "--exact"])).len(),
        2
    );
    write(p, ".gitignore", b"gen/\n");
    assert_eq!(
        names(&same_as_fresh(p, i, &["find-symbol", "shared", "--exact"])),
        ["keep.py:shared"]
    );
    std::fs::remove_file(p.join(".gitignore")).unwrap();
    // The stored facts of gen/out.py were kept while it was ignored.
    let (code, out, _) = run_in(p, i, &["index", "--json"]);
    assert_eq!(code, 0);
    let summary = &common::json_lines(out.as_bytes())[0]["data"];
    assert_eq!(summary["parsed"], 0, "{summary}");
    assert_eq!(
        names(&same_as_fresh(
            p,
            i,
            &["find-symbol", "shared", "--exact", "-g", "gen/**"]
        )),
        ["gen/out.py:shared"]
    );
    assert_eq!(
        names(&same_as_fresh(p, i, &["find-symbol", "secret", "--hidden"])),
        [".hidden/h.py:secret"]
    );
    let (code, recs) = answer(p, i, &["find-symbol", "secret"]);
    assert_eq!((code, names(&recs)), (1, vec![]));
}

#[test]
fn symlinks_are_answered_only_when_followed() {
    let dir = tree(&[("real/a.py", "def linked():\n    pass\n")]);
    std::os::unix::fs::symlink(dir.path().join("real"), dir.path().join("alias")).unwrap();
    std::os::unix::fs::symlink(dir.path().join("real/a.py"), dir.path().join("b.py")).unwrap();
    let idx = index_dir();
    let (p, i) = (dir.path(), idx.path());
    assert_eq!(
        names(&same_as_fresh(p, i, &["find-symbol", "linked"])),
        ["real/a.py:linked"]
    );
    let mut followed = names(&same_as_fresh(p, i, &["find-symbol", "linked", "-L"]));
    followed.sort();
    assert_eq!(
        followed,
        ["alias/a.py:linked", "b.py:linked", "real/a.py:linked"]
    );
}

#[test]
fn non_utf8_file_names_are_indexed() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tree(&[]);
    let name = std::ffi::OsStr::from_bytes(b"caf\xe9.py");
    std::fs::write(dir.path().join(name), "def brew():\n    pass\n").unwrap();
    let idx = index_dir();
    let recs = same_as_fresh(dir.path(), idx.path(), &["find-symbol", "brew"]);
    let sym = recs.iter().find(|r| r["type"] == "symbol").expect("found");
    assert!(sym["data"]["path"]["bytes"].is_string(), "{sym}");
}

#[test]
fn index_dir_flag_and_codesearch_folder_decide_where_the_index_lives() {
    let dir = tree(&[("a.py", "def place():\n    pass\n")]);
    let flag = index_dir();
    let env = index_dir();
    let p = dir.path();
    let flag_arg = flag.path().to_str().unwrap();
    let (code, _, _) = run_in(
        p,
        env.path(),
        &["find-symbol", "place", "--index-dir", flag_arg],
    );
    assert_eq!(code, 0);
    database(flag.path());
    assert_eq!(
        std::fs::read_dir(env.path()).unwrap().count(),
        0,
        "the flag wins over the variable"
    );
    let (code, _, _) = run_in(p, env.path(), &["find-symbol", "place"]);
    assert_eq!(code, 0);
    database(env.path());
    // Nothing was written inside the tree.
    let entries: Vec<_> = std::fs::read_dir(p)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(entries, ["a.py"]);
    // A .codesearch folder at the root is used when no directory is named.
    std::fs::create_dir(p.join(".codesearch")).unwrap();
    let out = codesearch()
        .env_remove("CODESEARCH_INDEX_DIR")
        .current_dir(p)
        .args(["find-symbol", "place"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(p.join(".codesearch/index.sqlite").is_file());
}

#[test]
fn index_status_and_clear_report_the_index() {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Status {
        root: Value,
        index: Value,
        exists: bool,
        files: u64,
        symbols: u64,
        references: u64,
        contents: u64,
        bytes_on_disk: u64,
        created: Option<String>,
        last_update: Option<String>,
        changed_since: u64,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Summary {
        root: Value,
        index: Value,
        parsed: u64,
        rehashed: u64,
        removed: u64,
        walked: bool,
        files: u64,
        symbols: u64,
        references: u64,
        contents: u64,
        bytes_on_disk: u64,
        skipped_files: u64,
        elapsed_ms: u64,
    }
    let dir = tree(&[
        ("a.py", "def f():\n    g()\n\ndef g():\n    pass\n"),
        ("notes.txt", "hi"),
    ]);
    let idx = index_dir();
    let (p, i) = (dir.path(), idx.path());
    let (code, out, _) = run_in(p, i, &["index", "--status", "--json"]);
    assert_eq!(code, 1, "no index yet");
    let s: Status =
        serde_json::from_value(common::json_lines(out.as_bytes())[0]["data"].clone()).unwrap();
    assert!(!s.exists);
    let (code, out, _) = run_in(p, i, &["index", "--json"]);
    assert_eq!(code, 0);
    let rec = &common::json_lines(out.as_bytes())[0];
    assert_eq!(rec["type"], "summary");
    let sum: Summary = serde_json::from_value(rec["data"].clone()).unwrap();
    assert_eq!(
        (sum.parsed, sum.files, sum.symbols, sum.references),
        (1, 1, 2, 1)
    );
    let (code, out, _) = run_in(p, i, &["index", "--status", "--json"]);
    assert_eq!(code, 0);
    let s: Status =
        serde_json::from_value(common::json_lines(out.as_bytes())[0]["data"].clone()).unwrap();
    assert!(s.exists && s.bytes_on_disk > 0 && s.last_update.is_some());
    assert_eq!((s.files, s.symbols, s.changed_since), (1, 2, 0));
    write(p, "b.py", b"def h(): pass\n");
    let (_, out, _) = run_in(p, i, &["index", "--status", "--json"]);
    assert_eq!(
        common::json_lines(out.as_bytes())[0]["data"]["changed_since"],
        1
    );
    let (code, out, _) = run_in(p, i, &["index", "--status"]);
    assert_eq!(code, 0);
    assert!(out.contains("changed since:  1"), "{out}");
    let (code, out, _) = run_in(p, i, &["index", "--clear"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("deleted "), "{out}");
    assert_eq!(std::fs::read_dir(i).unwrap().count(), 0);
}

#[test]
fn a_writer_killed_at_any_point_leaves_a_usable_index() {
    let dir = tempfile::tempdir().unwrap();
    for n in 0..400 {
        let body = format!(
            "def f{n}(x):\n    return g{}(x)\n\ndef g{n}(y):\n    return y\n",
            (n + 1) % 400
        );
        write(dir.path(), &format!("m{}/f{n}.py", n % 20), body.as_bytes());
    }
    let idx = index_dir();
    let (p, i) = (dir.path(), idx.path());
    for round in 0..8u64 {
        if round % 2 == 1 {
            write(p, &format!("m0/new{round}.py"), b"def g7(): pass\n");
        }
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("codesearch"))
            .env("CODESEARCH_INDEX_DIR", i)
            .arg("index")
            .current_dir(p)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(30 + round * 45));
        // SAFETY: kill has no memory-safety preconditions; the pid is our child's.
        unsafe { libc::kill(child.id() as i32, libc::SIGKILL) };
        let _ = child.wait();
    }
    let (_, _, err) = run_in(p, i, &["find-symbol", "g7"]);
    assert!(
        !err.contains("rebuilding"),
        "a killed writer must not damage the index: {err}"
    );
    same_as_fresh(p, i, &["what-breaks", "g7", "--all"]);
    same_as_fresh(p, i, &["find-symbol", "f3"]);
    same_as_fresh(p, i, &["what-depends", "m3/f3.py::f3#function"]);
}

#[test]
fn two_writers_at_once_both_finish_with_a_correct_index() {
    let dir = tempfile::tempdir().unwrap();
    for n in 0..300 {
        write(
            dir.path(),
            &format!("f{n}.py"),
            format!("def w{n}():\n    return w{}()\n", (n + 7) % 300).as_bytes(),
        );
    }
    let idx = index_dir();
    let (p, i) = (dir.path(), idx.path());
    let spawn = |args: &[&str]| {
        std::process::Command::new(assert_cmd::cargo::cargo_bin("codesearch"))
            .env("CODESEARCH_INDEX_DIR", i)
            .args(args)
            .current_dir(p)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let started = Instant::now();
    let a = spawn(&["index"]);
    let b = spawn(&["what-breaks", "w5"]);
    for child in [a, b] {
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.code().is_some_and(|c| c == 0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            String::from_utf8_lossy(&out.stderr)
                .lines()
                .all(|l| !l.contains("index")),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert!(started.elapsed() < Duration::from_secs(60));
    same_as_fresh(p, i, &["what-breaks", "w5"]);
    same_as_fresh(p, i, &["find-symbol", "w12", "--exact"]);
}

#[test]
fn a_truncated_index_is_reported_once_and_rebuilt() {
    let dir = tree(&[
        ("a.py", "def keep():\n    pass\n"),
        ("b.py", "from a import keep\nkeep()\n"),
    ]);
    let idx = index_dir();
    let (p, i) = (dir.path(), idx.path());
    let mut big = String::new();
    for n in 0..300 {
        big.push_str(&format!("def filler{n}():\n    return keep()\n"));
    }
    write(p, "c.py", big.as_bytes());
    assert_eq!(run_in(p, i, &["index"]).0, 0);
    let db = database(i);
    // Fold the write-ahead log in, then cut the file in half.
    rusqlite::Connection::open(&db)
        .unwrap()
        .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
        .unwrap();
    let len = std::fs::metadata(&db).unwrap().len();
    std::fs::File::options()
        .write(true)
        .open(&db)
        .unwrap()
        .set_len(len / 2)
        .unwrap();
    let (code, out, err) = run_in(p, i, &["what-breaks", "keep", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(err.matches("rebuilding").count(), 1, "{err}");
    let refs = common::json_lines(out.as_bytes())
        .iter()
        .filter(|r| r["type"] == "reference")
        .count();
    assert_eq!(refs, 302);
    let (_, _, err) = run_in(p, i, &["what-breaks", "keep"]);
    assert!(!err.contains("rebuilding"), "{err}");
    same_as_fresh(p, i, &["what-breaks", "keep"]);
}

#[test]
fn foreign_and_older_format_files_are_rebuilt_never_trusted() {
    let dir = tree(&[("a.py", "def fmt():\n    pass\n")]);
    let idx = index_dir();
    let (p, i) = (dir.path(), idx.path());
    assert_eq!(run_in(p, i, &["index"]).0, 0);
    let db = database(i);
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute("UPDATE header SET value = '0' WHERE key = 'format'", [])
        .unwrap();
    let (code, out, err) = run_in(p, i, &["find-symbol", "fmt"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("has format 0") && err.contains("rebuilding"),
        "{err}"
    );
    assert!(out.contains("a.py:1: function fmt"), "{out}");
    std::fs::write(
        &db,
        b"this is not a database at all, just text that is long enough",
    )
    .unwrap();
    for suffix in ["-wal", "-shm"] {
        let mut p = db.as_os_str().to_owned();
        p.push(suffix);
        let _ = std::fs::remove_file(p);
    }
    let (code, out, err) = run_in(p, i, &["find-symbol", "fmt"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("rebuilding"), "{err}");
    assert!(out.contains("a.py:1: function fmt"), "{out}");
}

#[test]
fn an_unwritable_cache_degrades_to_fresh_answers_with_one_warning() {
    let dir = tree(&[("a.py", "def ro():\n    pass\n")]);
    let idx = index_dir();
    let locked = idx.path().join("locked");
    std::fs::create_dir(&locked).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o555)).unwrap();
    std::fs::set_permissions(
        dir.path().join("a.py"),
        std::fs::Permissions::from_mode(0o644),
    )
    .unwrap();
    let out = common::unprivileged_codesearch(dir.path())
        .env("CODESEARCH_INDEX_DIR", locked.join("sub"))
        .args(["find-symbol", "ro"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("the index cannot be used") && err.contains("answering without it"),
        "{err}"
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("a.py:1: function ro"));
}

#[test]
fn index_answers_equal_fresh_answers_on_a_multi_language_fixture() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/samples");
    let idx = index_dir();
    let i = idx.path();
    for q in ["main", "Sample", "render", "greet", "list"] {
        same_as_fresh(&fixtures, i, &["find-symbol", q, "-n", "50"]);
    }
    let recs = same_as_fresh(&fixtures, i, &["build-index", "--symbols"]);
    let ids: Vec<String> = recs
        .iter()
        .filter(|r| r["type"] == "symbol" && r["data"]["kind"] != "module")
        .map(|r| r["data"]["id"].as_str().unwrap().to_string())
        .collect();
    assert!(ids.len() > 100, "{}", ids.len());
    for id in ids.iter().step_by(7) {
        same_as_fresh(&fixtures, i, &["what-breaks", id]);
        same_as_fresh(&fixtures, i, &["what-depends", id]);
    }
}

/// find-symbol ranks every definition but reads in full only those it shows: a short
/// page is the head of the whole ranking, with the same total, from the index and
/// without it.
#[test]
fn a_page_of_find_symbol_is_the_head_of_the_whole_ranking() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/samples");
    let idx = index_dir();
    let i = idx.path();
    for q in ["main", "get", "s"] {
        let whole = same_as_fresh(&fixtures, i, &["find-symbol", q, "-n", "1000"]);
        let page = same_as_fresh(&fixtures, i, &["find-symbol", q, "-n", "3"]);
        let symbols = |recs: &[Value]| -> Vec<Value> {
            recs.iter()
                .filter(|r| r["type"] == "symbol")
                .cloned()
                .collect()
        };
        let total = |recs: &[Value]| recs.last().map(|r| r["data"]["total_matches"].clone());
        assert!(symbols(&whole).len() > 3, "{q}: too few matches to page");
        assert_eq!(symbols(&page), symbols(&whole)[..3], "{q}");
        assert_eq!(total(&page), total(&whole), "{q}");
        assert_eq!(page.last().unwrap()["data"]["matches"], 3, "{q}");
    }
}

#[test]
fn index_answers_equal_fresh_answers_on_our_own_sources() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let idx = index_dir();
    let i = idx.path();
    for q in ["resolve", "FactsSource", "refresh", "Printer"] {
        same_as_fresh(root, i, &["find-symbol", q, "src"]);
    }
    for s in [
        "FileFacts",
        "Resolver.resolve",
        "Store.refresh",
        "read_text_within",
        "Reporter.path_error",
    ] {
        same_as_fresh(root, i, &["what-breaks", s, "src", "--all"]);
        same_as_fresh(root, i, &["what-depends", s, "src", "--all"]);
    }
    same_as_fresh(
        root,
        i,
        &["what-breaks", "normalize", "src", "--all", "--depth", "2"],
    );
}

#[test]
fn a_remembered_walk_is_dropped_when_a_directory_or_ignore_file_changes() {
    let dir = tree(&[
        (".gitignore", "skip.py\n"),
        ("a/x.py", "def one():\n    pass\n"),
        ("skip.py", "def two():\n    pass\n"),
        ("env/pyvenv.cfg", "home = /usr\n"),
        ("env/lib.py", "def three():\n    pass\n"),
    ]);
    let idx = index_dir();
    let (p, i) = (dir.path(), idx.path());
    let found = |q: &str| names(&same_as_fresh(p, i, &["find-symbol", q, "--exact"]));
    let walked = || {
        let (code, out, _) = run_in(p, i, &["index", "--json"]);
        assert_eq!(code, 0);
        common::json_lines(out.as_bytes())[0]["data"]["walked"]
            .as_bool()
            .expect("walked")
    };
    settle();
    assert!(walked(), "nothing remembered yet");
    assert!(!walked(), "an unchanged tree is not walked again");
    assert_eq!(found("one"), ["a/x.py:one"]);
    assert_eq!(found("two"), Vec::<String>::new());
    // An ignore file edited in place (its directory's mtime does not change).
    std::fs::write(p.join(".gitignore"), "# nothing\n").unwrap();
    assert_eq!(found("two"), ["skip.py:two"]);
    settle();
    assert!(walked());
    assert!(!walked());
    assert_eq!(found("three"), Vec::<String>::new());
    // A skipped directory that stops looking generated.
    std::fs::remove_file(p.join("env/pyvenv.cfg")).unwrap();
    assert_eq!(found("three"), ["env/lib.py:three"]);
    settle();
    assert!(walked());
    assert!(!walked());
    assert_eq!(found("one"), ["a/x.py:one"]);
    // A new file in a visited directory.
    write(p, "a/new.py", b"def four():\n    pass\n");
    assert_eq!(found("four"), ["a/new.py:four"]);
}

#[test]
fn a_file_edited_in_place_after_its_walk_was_listed_changes_the_answer() {
    let dir = tree(&[
        ("a.py", "def aaaa():\n    pass\n"),
        ("b.py", "def keep():\n    pass\n"),
    ]);
    let idx = index_dir();
    let (p, i) = (dir.path(), idx.path());
    let found = |q: &str, extra: &[&str]| {
        let mut args = vec!["find-symbol", q, "--exact"];
        args.extend_from_slice(extra);
        names(&same_as_fresh(p, i, &args))
    };
    settle();
    assert_eq!(found("aaaa", &[]), ["a.py:aaaa"]);
    let db = rusqlite::Connection::open(database(i)).unwrap();
    assert_eq!(listed_walks(&db), 1, "the walk's files are listed");
    assert_eq!(found("keep", &[]), ["b.py:keep"]);
    // Same size and the old mtime put back, in a directory whose mtime does not
    // change: only the ctime says the listed file changed.
    rewrite_keeping_mtime(&p.join("a.py"), "def bbbb():\n    pass\n");
    assert_eq!(found("bbbb", &[]), ["a.py:bbbb"]);
    assert_eq!(found("aaaa", &[]), Vec::<String>::new());
    assert_eq!(listed_walks(&db), 1, "listed again after the refresh");
    // A list made under one parse limit never answers under another.
    assert_eq!(
        found("bbbb", &["--max-parse-size", "10"]),
        Vec::<String>::new()
    );
    assert_eq!(found("bbbb", &[]), ["a.py:bbbb"]);
}

#[test]
fn a_file_edited_a_moment_before_a_question_is_listed_to_be_checked_again() {
    let dir = tree(&[
        ("a.py", "def aaaa():\n    pass\n"),
        ("b.py", "def keep():\n    pass\n"),
    ]);
    let idx = index_dir();
    let (p, i) = (dir.path(), idx.path());
    let found = |q: &str| names(&same_as_fresh(p, i, &["find-symbol", q, "--exact"]));
    // The directory is older than a timestamp tick; a.py, rewritten in place, is not.
    settle();
    let file = p.join("a.py");
    std::fs::write(&file, "def bbbb():\n    pass\n").unwrap();
    assert_eq!(found("bbbb"), ["a.py:bbbb"]);
    // The walk's files are listed all the same, a.py as one to check again: without
    // the list, every question until a.py aged would plan a refresh of every file.
    let db = rusqlite::Connection::open(database(i)).unwrap();
    assert_eq!(listed_walks(&db), 1, "the walk's files are listed");
    // Rewritten again within the same tick as far as the stat can tell (same size, the
    // mtime put back): the list does not vouch for it, so the new bytes answer.
    rewrite_keeping_mtime(&file, "def cccc():\n    pass\n");
    assert_eq!(found("cccc"), ["a.py:cccc"]);
    assert_eq!(found("bbbb"), Vec::<String>::new());
    assert_eq!(found("keep"), ["b.py:keep"]);
    assert_eq!(listed_walks(&db), 1);
}

#[test]
fn a_listed_walk_whose_records_are_gone_is_refreshed_whole() {
    let dir = helper_and_its_caller();
    let idx = index_dir();
    let (p, i) = (dir.path(), idx.path());
    settle();
    same_as_fresh(p, i, &["what-breaks", "helper"]);
    let db = rusqlite::Connection::open(database(i)).unwrap();
    let contents = "SELECT count(*) FROM content";
    assert_eq!((listed_walks(&db), count_rows(&db, contents)), (1, 2));
    // Another build of the extractor: its facts are dropped, and so is the list.
    db.execute(
        "UPDATE header SET value = 'another' WHERE key = 'extractor'",
        [],
    )
    .unwrap();
    same_as_fresh(p, i, &["what-breaks", "helper"]);
    assert_eq!((listed_walks(&db), count_rows(&db, contents)), (1, 2));
    // Records gone under a list that still names them (as when another run read the
    // files under other rules), dropped as an update drops them, counted: the files
    // are read again, not parsed on every run.
    for table in [
        "content",
        "content_definitions",
        "content_masks",
        "content_names",
        "content_outline",
        "content_facts",
        "content_mentions",
        "mention",
        "definition",
    ] {
        db.execute(&format!("DELETE FROM {table}"), []).unwrap();
    }
    db.execute(
        "UPDATE header SET value = CAST(value AS INTEGER) + 1 WHERE key = 'dropped'",
        [],
    )
    .unwrap();
    same_as_fresh(p, i, &["what-breaks", "helper"]);
    assert_eq!((listed_walks(&db), count_rows(&db, contents)), (1, 2));
}

#[test]
fn a_listed_content_another_run_dropped_is_never_taken_as_there() {
    let dir = helper_and_its_caller();
    let idx = index_dir();
    let (p, i) = (dir.path(), idx.path());
    settle();
    // Listed once, then taken as listed.
    for _ in 0..2 {
        same_as_fresh(p, i, &["what-breaks", "helper"]);
    }
    let db = rusqlite::Connection::open(database(i)).unwrap();
    let dropped = "SELECT CAST(value AS INTEGER) FROM header WHERE key = 'dropped'";
    let before = db
        .query_row(dropped, [], |r| r.get::<_, i64>(0))
        .unwrap_or(0);
    // A run with other walk flags (its walk and list are kept apart) under a parse
    // limit both files are over keeps no facts for them: their contents are dropped
    // while the first walk's list still names them, unchanged files and all.
    let other = ["what-breaks", "helper", "--hidden", "--max-parse-size", "8"];
    let (code, _, err) = run_in(p, i, &other);
    assert_eq!(code, 2, "{err}");
    assert_eq!(count_rows(&db, "SELECT count(*) FROM content"), 0);
    assert_eq!(count_rows(&db, dropped), before + 1);
    assert_eq!(listed_walks(&db), 2);
    // The list is not trusted: the same uses as a fresh parse, and the files are
    // listed again for the runs after.
    let uses = same_as_fresh(p, i, &["what-breaks", "helper"]);
    assert_eq!(uses.iter().filter(|r| r["type"] == "reference").count(), 2);
    same_as_fresh(p, i, &["what-breaks", "helper"]);
    assert_eq!(count_rows(&db, "SELECT count(*) FROM content"), 2);
}

#[test]
fn replaced_and_deleted_contents_leave_no_garbage_behind() {
    let dir = tree(&[
        ("a.py", "def only_in_v1():\n    pass\n"),
        ("b.py", "def shared_name():\n    pass\n"),
    ]);
    let idx = index_dir();
    let (p, i) = (dir.path(), idx.path());
    assert_eq!(run_in(p, i, &["index"]).0, 0);
    write(p, "a.py", b"def only_in_v2():\n    shared_name()\n");
    std::fs::remove_file(p.join("b.py")).unwrap();
    write(p, "c.py", b"def shared_name():\n    pass\n");
    assert_eq!(run_in(p, i, &["index"]).0, 0);
    let db = rusqlite::Connection::open(database(i)).unwrap();
    let count = |sql: &str| count_rows(&db, sql);
    assert_eq!(count("SELECT count(*) FROM content"), 2);
    assert_eq!(count("SELECT count(*) FROM location"), 2);
    let mentions_of = |name: &str| {
        count(&format!(
            "SELECT count(*) FROM mention WHERE name = {}",
            name_key(name)
        ))
    };
    assert_eq!(mentions_of("only_in_v1"), 0);
    assert_eq!(mentions_of("only_in_v2"), 1);
    assert_eq!(
        count("SELECT count(*) FROM mention WHERE content NOT IN (SELECT id FROM content)"),
        0
    );
    for blobs in [
        "content_definitions",
        "content_masks",
        "content_names",
        "content_outline",
        "content_facts",
        "content_mentions",
    ] {
        assert_eq!(
            count(&format!("SELECT count(*) FROM {blobs}")),
            2,
            "{blobs}"
        );
        assert_eq!(
            count(&format!(
                "SELECT count(*) FROM {blobs} WHERE content NOT IN (SELECT id FROM content)"
            )),
            0,
            "{blobs}"
        );
    }
    same_as_fresh(p, i, &["what-breaks", "shared_name"]);
}

/// The key the index lists a name under: 31 bits of its BLAKE3 hash (part of the
/// index's format).
fn name_key(name: &str) -> i64 {
    let hash = blake3::hash(name.as_bytes());
    let [a, b, c, d, ..] = *hash.as_bytes();
    i64::from(u32::from_le_bytes([a, b, c, d]) & 0x7fff_ffff)
}

/// No mention or definition row points at a content that is gone.
fn assert_no_rows_of_dropped_contents(db: &rusqlite::Connection) {
    for table in ["mention", "definition"] {
        let orphans =
            format!("SELECT count(*) FROM {table} WHERE content NOT IN (SELECT id FROM content)");
        assert_eq!(count_rows(db, &orphans), 0, "{table}");
    }
}

#[test]
fn a_damaged_mention_list_still_lets_an_update_drop_every_mention() {
    let dir = tree(&[("a.py", "def old_name():\n    helper()\n")]);
    let idx = index_dir();
    let (p, i) = (dir.path(), idx.path());
    assert_eq!(run_in(p, i, &["index"]).0, 0);
    {
        let db = rusqlite::Connection::open(database(i)).unwrap();
        let damaged = db
            .execute("UPDATE content_mentions SET blob = x'ffffffff00'", [])
            .unwrap();
        assert_eq!(damaged, 1);
    }
    write(p, "a.py", b"def new_name():\n    pass\n");
    assert_eq!(run_in(p, i, &["index"]).0, 0);
    let db = rusqlite::Connection::open(database(i)).unwrap();
    assert_no_rows_of_dropped_contents(&db);
    same_as_fresh(p, i, &["what-breaks", "new_name"]);
}

#[test]
fn names_the_index_cannot_read_are_read_from_their_files() {
    // A search reads every file's name masks and the name parts of those its masks
    // admit: a file whose masks are damaged, or whose name parts are gone, is still
    // searched, from its text.
    let dir = tree(&[
        ("a.py", "def parse_alpha():\n    pass\n"),
        ("b.py", "def parse_beta():\n    pass\n"),
        ("c.py", "def parse_gamma():\n    pass\n"),
    ]);
    let idx = index_dir();
    let (p, i) = (dir.path(), idx.path());
    assert_eq!(run_in(p, i, &["index"]).0, 0);
    settle();
    let whole = same_as_fresh(p, i, &["find-symbol", "parse"]);
    {
        let db = rusqlite::Connection::open(database(i)).unwrap();
        let content_of = |path: &str| -> i64 {
            db.query_row(
                "SELECT content FROM location WHERE path = CAST(?1 AS BLOB)",
                [path],
                |r| r.get(0),
            )
            .unwrap()
        };
        let (a, b) = (content_of("a.py"), content_of("b.py"));
        // Masks claiming more definitions than they hold; name parts missing.
        let damaged = db
            .execute(
                "UPDATE content_masks SET blob = x'05000000ffffffff' WHERE content = ?1",
                [a],
            )
            .unwrap();
        let dropped = db
            .execute("DELETE FROM content_names WHERE content = ?1", [b])
            .unwrap();
        assert_eq!((damaged, dropped), (1, 1));
    }
    let found = same_as_fresh(p, i, &["find-symbol", "parse"]);
    assert_eq!(found, whole);
    let mut found = names(&found);
    found.sort();
    assert_eq!(
        found,
        ["a.py:parse_alpha", "b.py:parse_beta", "c.py:parse_gamma"]
    );
}

#[test]
fn a_search_reads_the_names_stored_after_a_content_whose_names_are_gone() {
    // Name parts are read content after content, in the order of their ids, moving
    // one read handle along: a content whose name parts are gone, between others and
    // last, leaves the answer what a fresh parse gives.
    let dir = tree(&[
        ("a.py", "def parse_alpha():\n    pass\n"),
        ("b.py", "def parse_beta():\n    pass\n"),
        ("c.py", "def parse_gamma():\n    pass\n"),
        ("d.py", "def parse_delta():\n    pass\n"),
    ]);
    let idx = index_dir();
    let (p, i) = (dir.path(), idx.path());
    assert_eq!(run_in(p, i, &["index"]).0, 0);
    settle();
    {
        let db = rusqlite::Connection::open(database(i)).unwrap();
        let mut stmt = db
            .prepare("SELECT content FROM content_names ORDER BY content")
            .unwrap();
        let ids: Vec<i64> = stmt
            .query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert_eq!(ids.len(), 4);
        for gone in [ids[1], ids[3]] {
            let dropped = db
                .execute("DELETE FROM content_names WHERE content = ?1", [gone])
                .unwrap();
            assert_eq!(dropped, 1);
        }
    }
    let found = same_as_fresh(p, i, &["find-symbol", "parse"]);
    let mut found = names(&found);
    found.sort();
    assert_eq!(
        found,
        [
            "a.py:parse_alpha",
            "b.py:parse_beta",
            "c.py:parse_gamma",
            "d.py:parse_delta"
        ]
    );
}

#[test]
fn an_update_forgets_what_a_rewritten_file_defined() {
    // Definitions are looked up by name in the index: a rewritten file must stop
    // defining its old names there, and start defining its new ones.
    let dir = tree(&[
        ("lib.py", "def old_name():\n    pass\n"),
        (
            "app.py",
            "from lib import *\n\ndef run():\n    old_name()\n    new_name()\n",
        ),
    ]);
    let idx = index_dir();
    let (p, i) = (dir.path(), idx.path());
    assert_eq!(run_in(p, i, &["index"]).0, 0);
    write(p, "lib.py", b"def new_name():\n    pass\n");
    let db = rusqlite::Connection::open(database(i)).unwrap();
    let defined = |db: &rusqlite::Connection| {
        let mut stmt = db
            .prepare("SELECT name FROM definition ORDER BY name")
            .unwrap();
        let keys: Vec<i64> = stmt
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        keys
    };
    let keys = |names: &[&str]| {
        let mut keys: Vec<i64> = names.iter().map(|n| name_key(n)).collect();
        keys.sort_unstable();
        keys
    };
    assert_eq!(defined(&db), keys(&["old_name", "run"]));
    same_as_fresh(p, i, &["what-depends", "run"]);
    assert_eq!(defined(&db), keys(&["new_name", "run"]));
    same_as_fresh(p, i, &["what-breaks", "new_name"]);
    let (code, _, _) = run_in(p, i, &["what-breaks", "old_name"]);
    assert_eq!(code, 2, "old_name is defined nowhere any more");
}

#[test]
fn index_clear_prints_one_cleared_record() {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Cleared {
        root: Value,
        index: Value,
        existed: bool,
    }
    let dir = tree(&[("a.py", "def f():\n    pass\n")]);
    let idx = index_dir();
    let (p, i) = (dir.path(), idx.path());
    assert_eq!(run_in(p, i, &["index"]).0, 0);
    for existed in [true, false] {
        let (code, out, _) = run_in(p, i, &["index", "--clear", "--json"]);
        assert_eq!(code, 0);
        let recs = common::json_lines(out.as_bytes());
        assert_eq!(recs.len(), 1, "{out}");
        assert_eq!(recs[0]["type"], "cleared");
        let c: Cleared = serde_json::from_value(recs[0]["data"].clone()).unwrap();
        assert_eq!(c.existed, existed);
        assert!(c.root["text"].is_string() && c.index["text"].is_string());
    }
}

#[test]
fn facts_from_another_extractor_are_discarded_with_their_name_lists() {
    let dir = helper_and_its_caller();
    let idx = index_dir();
    let (p, i) = (dir.path(), idx.path());
    assert_eq!(run_in(p, i, &["index"]).0, 0);
    {
        let db = rusqlite::Connection::open(database(i)).unwrap();
        let changed = db
            .execute(
                "UPDATE header SET value = 'another' WHERE key = 'extractor'",
                [],
            )
            .unwrap();
        assert_eq!(changed, 1);
        // A stale row that no content of the new extraction explains.
        db.execute(
            "INSERT INTO definition(name, content) VALUES (?1, 999)",
            [name_key("stale")],
        )
        .unwrap();
    }
    same_as_fresh(p, i, &["what-breaks", "helper"]);
    let db = rusqlite::Connection::open(database(i)).unwrap();
    assert_no_rows_of_dropped_contents(&db);
    assert_eq!(
        count_rows(
            &db,
            &format!(
                "SELECT count(*) FROM definition WHERE name = {}",
                name_key("stale")
            )
        ),
        0
    );
}

/// A content record dropped under one parse limit, and new bytes stored after it, must
/// never take its id: a list made under another limit still names that id for a file
/// whose stat has not changed, and would answer for it with the new bytes' facts.
#[test]
fn a_dropped_content_id_is_never_given_to_other_bytes() {
    let big = |name: &str| {
        let mut text = format!("def {name}():\n    pass\n");
        for n in 0..60 {
            text.push_str(&format!(
                "# padding line {n} to pass the small parse limit\n"
            ));
        }
        text
    };
    let dir = tree(&[("b.py", big("beta").as_str())]);
    let idx = index_dir();
    let (p, i) = (dir.path(), idx.path());
    assert_eq!(run_in(p, i, &["index"]).0, 0);
    write(p, "a.py", b"def alpha():\n    pass\n");
    settle();
    assert_eq!(run_in(p, i, &["index"]).0, 0);
    // b.py's new bytes take the highest id; the default walk lists both files.
    write(p, "b.py", big("beta_two").as_bytes());
    settle();
    assert_eq!(run_in(p, i, &["find-symbol", "beta_two"]).0, 0);
    // Under a small limit (and another walk, so the list above stays), b.py is not
    // parsed: its record is dropped. Then a.py's new bytes are stored.
    let small = ["--hidden", "--max-parse-size", "1K"];
    let (_, _, err) = run_in(p, i, &[&["find-symbol"][..], &small, &["beta"]].concat());
    assert!(err.contains("over the parse limit"), "{err}");
    write(p, "a.py", b"def gamma():\n    pass\n");
    let (_, out, _) = run_in(p, i, &[&["find-symbol"][..], &small, &["gamma"]].concat());
    assert!(out.contains("a.py:1: function gamma"), "{out}");
    // Back under the default limit, b.py is unchanged since the list named its record.
    let (_, out, err) = run_in(p, i, &["find-symbol", "gamma"]);
    assert!(
        !out.contains("b.py"),
        "b.py answered with a.py's facts: {out}{err}"
    );
    let found = names(&same_as_fresh(p, i, &["find-symbol", "beta_two"]));
    assert_eq!(found, ["b.py:beta_two"]);
    same_as_fresh(p, i, &["find-symbol", "gamma"]);
}
