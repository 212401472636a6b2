//! Helpers shared by the integration tests: the real binary, temporary trees.
#![allow(dead_code)]

pub mod answers;

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use tempfile::TempDir;

/// The `codesearch` binary built by cargo for this test run, with a clean environment
/// for the things that change its output (colors), and indexes kept under the target
/// directory rather than the user's cache.
pub fn codesearch() -> Command {
    let mut cmd = Command::cargo_bin("codesearch").expect("binary is built");
    cmd.env_remove("NO_COLOR")
        .env("TERM", "xterm")
        .env("CODESEARCH_INDEX_DIR", index_dir());
    cmd
}

/// Where the tests' indexes live: one folder under the target directory, whose indexes
/// older than a day are removed when a test binary first asks (every temporary tree is
/// a new root, so old indexes are never read again).
pub fn index_dir() -> &'static Path {
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("indexes");
        std::fs::create_dir_all(&dir).expect("index dir");
        let day = std::time::Duration::from_secs(24 * 3600);
        for e in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let old = e
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.elapsed().ok())
                .is_some_and(|age| age > day);
            if old {
                let _ = std::fs::remove_file(e.path());
            }
        }
        dir
    })
}

/// A temporary tree made of `(relative path, contents)` pairs; parent directories are
/// created as needed.
pub fn tree(files: &[(&str, &str)]) -> TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    for (path, contents) in files {
        write(dir.path(), path, contents.as_bytes());
    }
    dir
}

/// Writes one file below `root`, creating parent directories.
pub fn write(root: &Path, rel: &str, contents: &[u8]) -> PathBuf {
    let p = root.join(rel);
    if let Some(parent) = p.parent() {
        std::fs::create_dir_all(parent).expect("create parent dirs");
    }
    std::fs::write(&p, contents).expect("write file");
    p
}

/// Parses JSON Lines output into values, failing the test on any bad line.
pub fn json_lines(stdout: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad JSON line {l:?}: {e}")))
        .collect()
}

/// Runs `codesearch ARGS --json` in `dir`: the exit code and the JSON records.
pub fn json_run(dir: &Path, args: &[&str]) -> (i32, Vec<serde_json::Value>) {
    let out = codesearch()
        .current_dir(dir)
        .args(args)
        .arg("--json")
        .output()
        .expect("runs");
    (out.status.code().unwrap_or(-1), json_lines(&out.stdout))
}

/// The binary as a plain `std::process::Command` that permission bits apply to: when
/// the tests run as root (which ignores them), it runs as `nobody` through `setpriv`.
/// `dir` is made traversable for that user.
#[cfg(unix)]
pub fn unprivileged_codesearch(dir: &Path) -> std::process::Command {
    use std::os::unix::fs::PermissionsExt;
    let bin = assert_cmd::cargo::cargo_bin("codesearch");
    if !running_as_root() {
        return std::process::Command::new(bin);
    }
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let mut cmd = std::process::Command::new("setpriv");
    cmd.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .arg(bin);
    cmd
}

/// Whether the tests run as root (permission bits do not stop root).
pub fn running_as_root() -> bool {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() == 0 }
}

/// Runs the binary in `dir` with `args`, killed after `bound`, and asserts that it
/// ended within it.
pub fn run_within(dir: &Path, args: &[&str], bound: std::time::Duration) -> std::process::Output {
    let started = std::time::Instant::now();
    let out = codesearch()
        .args(args)
        .current_dir(dir)
        .timeout(bound)
        .output()
        .expect("runs");
    assert!(
        started.elapsed() < bound,
        "{args:?} did not finish within {bound:?}"
    );
    out
}
