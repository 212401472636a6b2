//! The evaluator sandbox on the real binary: what a live worker looks like from
//! outside (`/proc/PID/status`), workers dying with their parent, the sandbox failing
//! closed, and hostile evaluator code rejected before any worker starts.
#![cfg(target_os = "linux")]

mod common;

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{codesearch, json_lines, running_as_root, tree};
use serde_json::Value;

const PY: &str = "def f():\n    return 1\n";
const SLOW: &str = "while True:\n    pass\nreturn {'matches': []}";

/// Starts `xray` over `dir` with `code`, as a plain child the test can kill.
fn start_xray(dir: &Path, code: &str, extra: &[&str]) -> Child {
    Command::new(assert_cmd::cargo::cargo_bin("codesearch"))
        .args(["xray", "def", "--json", "--eval", code])
        .args(extra)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("starts")
}

/// Processes whose parent is `parent` (from `/proc/*/stat`).
fn children_of(parent: u32) -> Vec<u32> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir("/proc").expect("/proc") {
        let Ok(entry) = entry else { continue };
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|s| s.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // "pid (comm) state ppid ...": comm may hold spaces, so split after ')'.
        let Some(rest) = stat.rsplit_once(')').map(|(_, r)| r) else {
            continue;
        };
        let mut fields = rest.split_whitespace();
        let (_state, ppid) = (fields.next(), fields.next());
        if ppid.and_then(|p| p.parse::<u32>().ok()) == Some(parent) {
            out.push(pid);
        }
    }
    out
}

/// A field of `/proc/PID/status`, or None once the process is gone.
fn status_field(pid: u32, name: &str) -> Option<String> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(':'))
        .map(|v| v.trim().to_string())
}

/// Whether `pid` is gone (or only a zombie waiting for its new parent to reap it).
fn gone(pid: u32) -> bool {
    status_field(pid, "State").is_none_or(|s| s.starts_with('Z'))
}

/// Waits until `parent` has `n` workers with their filter installed; returns them.
fn locked_workers(parent: u32, n: usize) -> Vec<u32> {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let workers: Vec<u32> = children_of(parent)
            .into_iter()
            .filter(|&p| status_field(p, "Seccomp").as_deref() == Some("2"))
            .collect();
        if workers.len() >= n {
            return workers;
        }
        assert!(
            Instant::now() < deadline,
            "no {n} sandboxed workers appeared under {parent}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn kill(child: &mut Child) {
    let _ = child.kill();
    let _ = child.wait();
}

#[test]
fn a_live_worker_is_confined() {
    let dir = tree(&[("a.py", PY)]);
    let mut cs = start_xray(dir.path(), SLOW, &["--eval-timeout", "30"]);
    let worker = locked_workers(cs.id(), 1)[0];
    let field = |name: &str| status_field(worker, name).unwrap_or_default();
    let (seccomp, nnp) = (field("Seccomp"), field("NoNewPrivs"));
    let caps = ["CapInh", "CapPrm", "CapEff", "CapAmb"].map(|c| (c, field(c)));
    let (uid, gid, groups, bounding) =
        (field("Uid"), field("Gid"), field("Groups"), field("CapBnd"));
    let fds: Vec<String> = std::fs::read_dir(format!("/proc/{worker}/fd"))
        .map(|d| {
            d.filter_map(|e| e.ok()?.file_name().into_string().ok())
                .collect()
        })
        .unwrap_or_default();
    kill(&mut cs);

    assert_eq!(seccomp, "2", "seccomp filter mode");
    assert_eq!(nnp, "1", "no new privileges");
    for (name, value) in caps {
        assert_eq!(value, "0000000000000000", "{name}");
    }
    if running_as_root() {
        for id in uid.split_whitespace().chain(gid.split_whitespace()) {
            assert_eq!(id, "65534", "Uid: {uid}, Gid: {gid}");
        }
        assert_eq!(groups, "", "supplementary groups");
        assert_eq!(bounding, "0000000000000000", "bounding set");
        let mut fds = fds;
        fds.sort();
        assert_eq!(fds, ["0", "1"], "only the two pipes stay open");
    }
}

#[test]
fn workers_die_with_a_killed_parent() {
    let dir = tree(&[("a.py", PY), ("b.py", PY)]);
    let mut cs = start_xray(dir.path(), SLOW, &["--eval-timeout", "60", "-j", "2"]);
    let workers = locked_workers(cs.id(), 2);
    // SIGKILL: the parent gets no chance to clean up.
    cs.kill().expect("kill -9");
    cs.wait().expect("reaped");
    let killed = Instant::now();
    while !workers.iter().all(|&w| gone(w)) {
        assert!(
            killed.elapsed() < Duration::from_secs(2),
            "workers {workers:?} outlived their parent"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_sandbox_layer_that_cannot_be_installed_stops_evaluation() {
    // In a user namespace that maps only root, the worker cannot become an
    // unprivileged user: it must refuse to run evaluator code.
    let probe = Command::new("unshare")
        .args(["--user", "--map-root-user", "true"])
        .output();
    if !probe.is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: user namespaces are not available here");
        return;
    }
    let dir = tree(&[("a.py", PY)]);
    let out = Command::new("unshare")
        .args(["--user", "--map-root-user"])
        .arg(assert_cmd::cargo::cargo_bin("codesearch"))
        .args([
            "xray",
            "def",
            "--json",
            "--eval",
            "return {'matches': [{'line_number': 1}]}",
        ])
        .current_dir(dir.path())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let records = json_lines(&out.stdout);
    let error = records
        .iter()
        .find(|r| r["type"] == "evaluation_error")
        .expect("an evaluation error");
    assert_eq!(error["data"]["error_type"], "EvaluatorCrash");
    let message = error["data"]["error_message"].as_str().unwrap();
    assert!(message.contains("giving up root"), "{message}");
    assert!(!records.iter().any(|r| r["type"] == "match"), "{records:?}");
}

/// Runs `xray` with `code` and expects a validation error naming `needle` and `line`,
/// exit 2, no record on stdout but the `error` record, within `bound`.
fn rejected_up_front(code: &str, needle: &str, line: usize, bound: Duration) {
    let dir = tree(&[("a.py", PY)]);
    // A file: one argument may not exceed 128 KiB.
    let eval_file = dir.path().join("evaluator.py.txt");
    std::fs::write(&eval_file, code).expect("write the evaluator");
    let started = Instant::now();
    let out = codesearch()
        .args(["xray", "def", "--json", "--eval-file"])
        .arg(&eval_file)
        .current_dir(dir.path())
        .output()
        .expect("runs");
    let took = started.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let shown: String = code.chars().take(40).collect();
    assert_eq!(out.status.code(), Some(2), "{shown}: {stderr}");
    let records = json_lines(&out.stdout);
    assert!(
        records.len() == 1 && records[0]["type"] == "error",
        "{shown}: no record before validation but the error: {records:?}"
    );
    assert!(
        stderr.contains(&format!("line {line}:")) && stderr.contains(needle),
        "{shown}: {stderr}"
    );
    assert!(took < bound, "{shown}: took {took:?}");
}

#[test]
fn hundred_kilobyte_chains_are_rejected_quickly() {
    for unit in ["1+", "f()", "x[0]", "a.", "-", "not ", "(", "[", "{1:"] {
        let chain = unit.repeat(100_000 / unit.len());
        let code = match unit {
            "1+" => format!("x = {chain}1"),
            "f()" => format!("x = f{}", "()".repeat(50_000)),
            "x[0]" => format!("x = y{}", "[0]".repeat(33_000)),
            "a." => format!("x = a{}", ".b".repeat(50_000)),
            "(" => format!("x = {chain}1{}", ")".repeat(100_000)),
            "[" => format!("x = {chain}{}", "]".repeat(100_000)),
            "{1:" => format!("x = {chain}1{}", "}".repeat(33_333)),
            _ => format!("x = {chain}1"),
        };
        rejected_up_front(&code, "nested", 1, Duration::from_secs(10));
    }
}

#[test]
fn match_is_rejected_up_front_with_its_line() {
    rejected_up_front(
        "x = 1\nmatch x:\n    case 1:\n        pass\nreturn {'matches': []}",
        "pattern matching",
        2,
        Duration::from_secs(10),
    );
}

#[test]
fn computed_dunder_strings_are_rejected() {
    for (code, needle) in [
        ("y = getattr(node, '__cl' + 'ass__')", "__class__"),
        (
            "y = getattr(node, '_' * 2 + 'class' + '_' * 2)",
            "__class__",
        ),
        (
            "y = getattr(node, ''.join(['__gl', 'obals__']))",
            "__globals__",
        ),
        ("y = '{0.__class__}'.format(node)", "format string"),
        ("y = '{0.__cl' 'ass__}'.format(node)", "format string"),
    ] {
        rejected_up_front(
            &format!("{code}\nreturn {{'matches': []}}"),
            needle,
            1,
            Duration::from_secs(10),
        );
    }
}

#[test]
fn a_lone_carriage_return_cannot_leave_the_function() {
    rejected_up_front(
        "x = 1\rimport os\nreturn {'matches': []}",
        "'os'",
        2,
        Duration::from_secs(10),
    );
    // A form feed resets Python's indentation count: the line would leave the wrapper.
    let dir = tree(&[("a.py", PY)]);
    let out = codesearch()
        .args(["xray", "def", "--json", "--eval"])
        .arg("x = 1\n\x0cy = 2\nreturn {'matches': []}")
        .current_dir(dir.path())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let records = json_lines(&out.stdout);
    assert!(
        records.len() == 1 && records[0]["type"] == "error",
        "{records:?}"
    );
}

#[test]
fn nan_in_a_result_is_reported() {
    let dir = tree(&[("a.py", PY)]);
    let out = codesearch()
        .args([
            "xray",
            "def",
            "--json",
            "--eval",
            "return {'matches': [{'line_number': 1, 'score': float('nan')}]}",
        ])
        .current_dir(dir.path())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let records: Vec<Value> = json_lines(&out.stdout);
    let error = records
        .iter()
        .find(|r| r["type"] == "evaluation_error")
        .expect("an evaluation error");
    assert_eq!(error["data"]["error_type"], "InvalidEvaluatorReturn");
    assert!(
        error["data"]["error_message"]
            .as_str()
            .unwrap()
            .contains("NaN"),
        "{error}"
    );
}
