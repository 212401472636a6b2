//! The walker's rules on real trees: symlinks, the built-in exclusions and the
//! directories they count, on the real binary.

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::{codesearch, json_lines, tree, write};

/// Runs `build-index ARGS` in `dir` within a time bound: (stdout, stderr, exit code).
fn map(dir: &Path, args: &[&str]) -> (String, String, i32) {
    let started = Instant::now();
    let out = codesearch()
        .arg("build-index")
        .args(args)
        .current_dir(dir)
        .timeout(Duration::from_secs(20))
        .output()
        .expect("runs");
    assert!(started.elapsed() < Duration::from_secs(20), "took too long");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// The `summary` record of `build-index --json ARGS` in `dir`.
fn summary(dir: &Path, args: &[&str]) -> serde_json::Value {
    let out = codesearch()
        .args(["build-index", "--json"])
        .args(args)
        .current_dir(dir)
        .timeout(Duration::from_secs(20))
        .output()
        .expect("runs");
    let records = json_lines(&out.stdout);
    let last = records.last().expect("a summary").clone();
    assert_eq!(last["type"], "summary");
    last["data"].clone()
}

#[cfg(unix)]
fn symlinked_tree() -> tempfile::TempDir {
    let dir = tree(&[
        ("real/lib.py", "def shared():\n    pass\n"),
        ("main.py", "def main():\n    shared()\n"),
    ]);
    std::os::unix::fs::symlink("real", dir.path().join("linkdir")).unwrap();
    std::os::unix::fs::symlink("real/lib.py", dir.path().join("linkfile.py")).unwrap();
    dir
}

#[cfg(unix)]
#[test]
fn symlinks_met_in_a_walk_are_skipped_silently_without_follow() {
    let dir = symlinked_tree();
    let (out, err, code) = map(dir.path(), &[]);
    assert_eq!(code, 0, "no error for a link to a directory: {err}");
    assert!(err.is_empty(), "{err}");
    assert!(
        !out.contains("linkdir") && !out.contains("linkfile.py"),
        "{out}"
    );
    assert!(out.contains("lib.py") && out.contains("main.py"), "{out}");
}

#[cfg(unix)]
#[test]
fn symlinked_file_does_not_duplicate_symbols_without_follow() {
    let dir = symlinked_tree();
    let out = codesearch()
        .args(["find-symbol", "shared", "--json"])
        .current_dir(dir.path())
        .timeout(Duration::from_secs(20))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let defs = json_lines(&out.stdout)
        .into_iter()
        .filter(|r| r["type"] != "summary")
        .count();
    assert_eq!(defs, 1, "{}", String::from_utf8_lossy(&out.stdout));
}

#[cfg(unix)]
#[test]
fn symlinks_are_followed_with_follow() {
    let dir = symlinked_tree();
    let (out, err, code) = map(dir.path(), &["-L"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("linkdir/") && out.contains("linkfile.py"),
        "{out}"
    );
}

#[cfg(unix)]
#[test]
fn symlinks_named_on_the_command_line_are_followed() {
    let dir = symlinked_tree();
    let (out, err, code) = map(dir.path(), &["linkdir", "linkfile.py"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("linkdir") && out.contains("lib.py"), "{out}");
    assert!(out.contains("linkfile.py"), "{out}");
}

#[test]
fn package_directories_named_like_generated_ones_are_walked() {
    let dir = tree(&[
        (
            "src/org/fw/core/env/Environment.java",
            "class Environment {}",
        ),
        ("pkg/build/builder.py", "def build(): pass"),
        ("pkg/target/aim.py", "def aim(): pass"),
        ("pkg/dist/wheel.py", "def wheel(): pass"),
        ("pkg/vendor/lib.go", "package vendor"),
    ]);
    let (out, err, code) = map(dir.path(), &[]);
    assert_eq!(code, 0, "{err}");
    for f in [
        "Environment.java",
        "builder.py",
        "aim.py",
        "wheel.py",
        "lib.go",
    ] {
        assert!(out.contains(f), "{f} must not be hidden:\n{out}");
    }
    assert_eq!(summary(dir.path(), &[])["excluded_dirs"], 0);
}

#[test]
fn generated_directories_with_markers_are_excluded_and_counted() {
    let dir = tree(&[
        ("env/pyvenv.cfg", "home = /usr/bin\n"),
        ("env/lib/site.py", "def site(): pass"),
        (
            "target/CACHEDIR.TAG",
            "Signature: 8a477f597d28d172789f06886806bc55\n",
        ),
        ("target/debug/gen.rs", "fn gen() {}"),
        (
            "build/CACHEDIR.TAG",
            "Signature: 8a477f597d28d172789f06886806bc55\n",
        ),
        ("build/out.py", "def out(): pass"),
        ("node_modules/x/index.js", "function x() {}"),
        ("src/app.py", "def app(): pass"),
    ]);
    let (out, err, code) = map(dir.path(), &[]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("app.py"));
    for f in ["site.py", "gen.rs", "out.py", "index.js"] {
        assert!(!out.contains(f), "{f} is generated:\n{out}");
    }
    assert_eq!(summary(dir.path(), &[])["excluded_dirs"], 4);
    let (stats, _, _) = map(dir.path(), &["--stats"]);
    assert!(
        stats.contains("4 directories excluded by default"),
        "{stats}"
    );
}

#[test]
fn no_default_excludes_lifts_the_list_but_keeps_gitignore() {
    let dir = tree(&[
        (".gitignore", "ignored/\n"),
        ("ignored/x.py", "def x(): pass"),
        ("venv/pyvenv.cfg", ""),
        ("venv/v.py", "def v(): pass"),
        ("node_modules/m.js", "function m() {}"),
        ("kept.py", "def kept(): pass"),
    ]);
    let (out, err, code) = map(dir.path(), &["--no-default-excludes"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("v.py") && out.contains("m.js") && out.contains("kept.py"));
    assert!(!out.contains("x.py"), "gitignore still applies:\n{out}");
    assert_eq!(
        summary(dir.path(), &["--no-default-excludes"])["excluded_dirs"],
        0
    );
    let (all, _, _) = map(dir.path(), &["--no-ignore"]);
    assert!(all.contains("x.py") && all.contains("v.py"), "{all}");
}

#[test]
fn xray_summary_counts_excluded_dirs() {
    let dir = tree(&[
        ("node_modules/m.py", "def m(): pass"),
        ("a.py", "def a(): pass"),
    ]);
    write(dir.path(), ".venv/pyvenv.cfg", b"");
    let out = codesearch()
        .args(["xray", "def", "--json", "--hidden"])
        .current_dir(dir.path())
        .timeout(Duration::from_secs(20))
        .output()
        .unwrap();
    let records = json_lines(&out.stdout);
    let last = records.last().expect("summary");
    assert_eq!(last["type"], "summary");
    assert_eq!(last["data"]["excluded_dirs"], 2);
}

#[test]
fn excluded_dirs_are_counted_once_per_run_even_when_the_tree_is_walked_twice() {
    let dir = tree(&[
        ("node_modules/pkg/index.js", "function foo() {}\n"),
        ("src/a.py", "def foo():\n    pass\n"),
        ("src/b.py", "foo()\n"),
    ]);
    for extra in [&[][..], &["--no-index"][..]] {
        let mut args = vec!["what-breaks", "foo"];
        args.extend_from_slice(extra);
        let (code, recs) = common::json_run(dir.path(), &args);
        assert_eq!(code, 0);
        let last = recs.last().expect("a summary");
        assert_eq!(last["data"]["excluded_dirs"], 1, "{args:?}: {last}");
    }
}
