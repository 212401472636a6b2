//! xray and explore on hostile trees: each run ends within a time bound, and the
//! parent's peak memory stays linear in what it prints. Peak memory is the highest
//! `VmHWM` of `/proc/PID/status` read while the process runs (`ru_maxrss` from `wait4`
//! would include the test process's own memory, which a child inherits at fork on
//! Linux); every run's figures are printed (run the tests with `--nocapture`).
#![cfg(unix)]

mod common;

use std::fs::File;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{json_lines, tree, write};
use serde_json::Value;

/// What a measured run left behind.
struct Measured {
    code: Option<i32>,
    elapsed: Duration,
    /// Peak resident memory of the codesearch process, in KiB.
    peak_kib: u64,
    stdout: Vec<u8>,
    stderr: String,
}

impl Measured {
    fn records(&self) -> Vec<Value> {
        json_lines(&self.stdout)
    }

    fn summary(&self) -> Value {
        let records = self.records();
        let last = records.last().expect("records").clone();
        assert_eq!(last["type"], "summary", "the summary comes last");
        last["data"].clone()
    }
}

/// Runs the binary in `dir`, killing it after `bound`; stdout and stderr go to files so
/// that a large output never blocks the child on a full pipe.
fn measure(dir: &Path, args: &[&str], bound: Duration) -> Measured {
    measure_with(dir, args, bound, |_| {})
}

/// [`measure`], calling `watch` with the child's pid every few milliseconds while it
/// runs.
fn measure_with(
    dir: &Path,
    args: &[&str],
    bound: Duration,
    mut watch: impl FnMut(i32),
) -> Measured {
    let out = tempfile::tempfile().expect("stdout file");
    let err = tempfile::tempfile().expect("stderr file");
    let started = Instant::now();
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("codesearch"))
        .args(args)
        .current_dir(dir)
        .env("TERM", "dumb")
        .env("CODESEARCH_INDEX_DIR", common::index_dir())
        .stdin(Stdio::null())
        .stdout(out.try_clone().expect("dup"))
        .stderr(err.try_clone().expect("dup"))
        .spawn()
        .expect("spawns");
    let pid = child.id() as i32;
    let mut peak_kib = 0;
    let status = loop {
        if let Some(status) = child.try_wait().expect("try_wait") {
            break status;
        }
        if started.elapsed() > bound {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{args:?} did not finish within {bound:?}");
        }
        peak_kib = peak_kib.max(high_water_kib(pid));
        watch(pid);
        std::thread::sleep(Duration::from_millis(2));
    };
    let elapsed = started.elapsed();
    let code = status.code();
    let read = |mut f: File| {
        use std::io::{Read, Seek};
        f.rewind().expect("rewind");
        let mut buf = Vec::new();
        f.read_to_end(&mut buf).expect("read");
        buf
    };
    let m = Measured {
        code,
        elapsed,
        peak_kib,
        stdout: read(out),
        stderr: String::from_utf8_lossy(&read(err)).into_owned(),
    };
    eprintln!(
        "{args:?}: exit {:?}, {:.2}s, peak {} MiB",
        m.code,
        m.elapsed.as_secs_f64(),
        m.peak_kib / 1024
    );
    m
}

/// The peak resident memory of a live process so far, in KiB (0 once it has exited).
fn high_water_kib(pid: i32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

const MIB: u64 = 1024;

/// One match per call in a minified file: every call is on line 1.
const EVERY_CALL: &str = "return {'matches': [{'line_number': c.start_line, 'column': c.start_point[1] + 1} for c in node.descendants_of_type('call_expression')]}";

#[test]
fn one_megabyte_line_with_many_matches_keeps_memory_linear_in_the_output() {
    let dir = tempfile::tempdir().unwrap();
    // 20,000 calls on one line of 1 MB: a copy of the line per match would be 20 GB.
    let call = format!("a(1);{}", " ".repeat(45));
    write(dir.path(), "min.js", call.repeat(20_000).as_bytes());
    let m = measure(
        dir.path(),
        &[
            "xray",
            r"a\(",
            "--json",
            "--eval",
            EVERY_CALL,
            "--eval-timeout",
            "60",
        ],
        Duration::from_secs(90),
    );
    assert_eq!(m.code, Some(0), "{}", m.stderr);
    let records = m.records();
    let matches: Vec<&Value> = records.iter().filter(|r| r["type"] == "match").collect();
    assert_eq!(matches.len(), 20_000);
    let last = &matches[19_999]["data"];
    assert_eq!(last["line_truncated"], true);
    let line = last["line_content"].as_str().unwrap();
    assert!(line.len() < 1024 && line.contains("a(1)"), "{line}");
    assert!(m.peak_kib < 300 * MIB, "peak {} KiB", m.peak_kib);
}

/// The default evaluator builds its matches as typed records, moving each hit's
/// strings: 200,000 matches on one megabyte-long line stayed near 700 MiB while every
/// match was a JSON map, and take about a quarter of that now.
#[test]
fn default_matches_on_a_one_megabyte_line_are_typed_not_maps() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "big.js",
        format!("{}\n", "a(1);".repeat(200_000)).as_bytes(),
    );
    let m = measure(
        dir.path(),
        &["xray", "-U", r"a\(", "big.js", "--json"],
        Duration::from_secs(120),
    );
    assert_eq!(m.code, Some(0), "{}", m.stderr);
    assert_eq!(m.summary()["matches"], 200_000);
    eprintln!("200,000 default matches: peak {} KiB", m.peak_kib);
    assert!(m.peak_kib < 300 * MIB, "peak {} KiB", m.peak_kib);
}

#[test]
fn long_line_is_cut_for_display_with_a_marker() {
    let line = format!("{}NEEDLE{}\n", "x".repeat(300_000), "y".repeat(300_000));
    let dir = tree(&[("a.py", &line)]);
    let m = measure(
        dir.path(),
        &["xray", "NEEDLE", "--color", "never"],
        Duration::from_secs(20),
    );
    assert_eq!(m.code, Some(0), "{}", m.stderr);
    let text = String::from_utf8(m.stdout.clone()).unwrap();
    assert!(text.starts_with("a.py:1:300001:…"), "{}", &text[..80]);
    assert!(text.trim_end().ends_with('…') && text.contains("NEEDLE"));
    assert!(text.len() < 1024, "{} bytes printed", text.len());
}

#[test]
fn eight_hundred_thousand_matches_end_at_the_timeout() {
    // Far more work than the timeout allows even in an optimised build (half of it
    // took 2.8 s there), so that the run is cut short on any machine.
    let dir = tempfile::tempdir().unwrap();
    let body = "x = foo(1)\n".repeat(10_000);
    for i in 0..80 {
        write(dir.path(), &format!("f{i:02}.py"), body.as_bytes());
    }
    let every_call = "return {'matches': [{'line_number': c.start_line} for c in node.descendants_of_type('call')]}";
    let m = measure(
        dir.path(),
        &[
            "xray",
            "foo",
            "--json",
            "--timeout",
            "2",
            "--eval",
            every_call,
        ],
        Duration::from_secs(15),
    );
    assert!(m.elapsed < Duration::from_secs(10), "{:?}", m.elapsed);
    let s = m.summary();
    assert_eq!(s["timeout"], true, "{s}");
    assert_eq!(s["partial"], true);
    assert!(s["files_evaluated"].as_u64().unwrap() < 80);
    assert!(m.peak_kib < 400 * MIB, "peak {} KiB", m.peak_kib);
}

#[test]
fn timeout_in_text_mode_says_the_result_is_partial() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..20 {
        write(dir.path(), &format!("f{i:02}.py"), b"x = 1\n");
    }
    let m = measure(
        dir.path(),
        &[
            "xray",
            "x",
            "--timeout",
            "1",
            "-j",
            "1",
            "--eval",
            "while True:\n    pass",
        ],
        Duration::from_secs(15),
    );
    assert!(m.elapsed < Duration::from_secs(8), "{:?}", m.elapsed);
    assert!(
        m.stderr.contains("--timeout reached") && m.stderr.contains("partial"),
        "{}",
        m.stderr
    );
}

#[test]
fn max_files_in_text_mode_says_the_result_is_partial() {
    let dir = tree(&[("a.py", "x = 1\n"), ("b.py", "x = 2\n")]);
    let m = measure(
        dir.path(),
        &["xray", "x", "--max-files", "1"],
        Duration::from_secs(15),
    );
    assert_eq!(m.code, Some(0), "{}", m.stderr);
    assert!(
        m.stderr.contains("--max-files reached") && m.stderr.contains("1 of 2"),
        "{}",
        m.stderr
    );
}

#[test]
fn twenty_megabyte_minified_file_is_skipped_over_the_parse_limit() {
    let dir = tempfile::tempdir().unwrap();
    let chunk = "var a=function(b){return b+1};";
    write(
        dir.path(),
        "huge.min.js",
        chunk.repeat(20 * 1024 * 1024 / chunk.len()).as_bytes(),
    );
    write(dir.path(), "small.js", b"var f = function () {};\n");
    for cmd in ["xray", "explore"] {
        let m = measure(
            dir.path(),
            &[cmd, "function", "--json"],
            Duration::from_secs(30),
        );
        assert_eq!(m.code, Some(0), "{cmd}: {}", m.stderr);
        assert!(
            m.stderr.contains("huge.min.js: skipped") && m.stderr.contains("--max-parse-size"),
            "{cmd}: {}",
            m.stderr
        );
        let s = m.summary();
        assert_eq!(s["skipped_files"], 1, "{cmd}: {s}");
        assert_eq!(s["matches"], 1, "{cmd}: {s}");
        assert!(
            m.elapsed < Duration::from_secs(20),
            "{cmd}: {:?}",
            m.elapsed
        );
        assert!(m.peak_kib < 200 * MIB, "{cmd}: peak {} KiB", m.peak_kib);
    }
    let m = measure(
        dir.path(),
        &["xray", "function", "--json", "--max-parse-size", "1K"],
        Duration::from_secs(30),
    );
    assert_eq!(m.summary()["skipped_files"], 1, "the small file fits in 1K");
}

#[test]
fn a_thousand_threads_are_clamped_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..30 {
        write(dir.path(), &format!("f{i:02}.py"), b"def f():\n    pass\n");
    }
    let m = measure(
        dir.path(),
        &[
            "xray",
            "def",
            "-j",
            "1000",
            "--json",
            "--eval",
            "return {'matches': [{'line_number': 1}]}",
        ],
        Duration::from_secs(60),
    );
    assert_eq!(m.code, Some(0), "{}", m.stderr);
    assert!(m.stderr.contains("-j is limited to"), "{}", m.stderr);
    assert_eq!(m.summary()["matches"], 30);
}

/// The pids of the live `__xray-worker` children of `parent`.
fn workers_of(parent: i32) -> Vec<i32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<i32>().ok())
        .filter(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            // The parent pid is the fourth field, after the parenthesised name.
            let ppid = stat
                .rsplit_once(')')
                .and_then(|(_, rest)| rest.split_whitespace().nth(1))
                .and_then(|p| p.parse::<i32>().ok());
            let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            ppid == Some(parent) && String::from_utf8_lossy(&cmdline).contains("__xray-worker")
        })
        .collect()
}

#[test]
fn stopped_worker_is_killed_at_the_run_deadline() {
    let dir = tempfile::tempdir().unwrap();
    // Sources larger than a pipe's buffer: writing one to a stopped worker blocks.
    let big = format!("MARK = 1\n{}", "x = 1\n".repeat(400_000));
    for i in 0..4 {
        write(dir.path(), &format!("f{i}.py"), big.as_bytes());
    }
    let mut stopped = Vec::new();
    let m = measure_with(
        dir.path(),
        &[
            "xray",
            "MARK",
            "--json",
            "-j",
            "1",
            "--timeout",
            "3",
            "--eval-timeout",
            "600",
            "--max-parse-size",
            "100M",
            "--eval",
            "return {'matches': []}",
        ],
        Duration::from_secs(20),
        |pid| {
            for w in workers_of(pid) {
                if !stopped.contains(&w) {
                    // SAFETY: stopping a process this test's child started.
                    unsafe { libc::kill(w, libc::SIGSTOP) };
                    stopped.push(w);
                }
            }
        },
    );
    assert!(!stopped.is_empty(), "a worker was seen and stopped");
    assert!(m.elapsed < Duration::from_secs(8), "{:?}", m.elapsed);
    let s = m.summary();
    assert_eq!(s["timeout"], true, "{s}");
    for w in stopped {
        // The stopped worker was killed and reaped: it is gone.
        assert!(
            !Path::new(&format!("/proc/{w}")).exists(),
            "worker {w} lives"
        );
    }
}

#[test]
fn multiline_block_with_two_matches_reports_both() {
    let dir = tree(&[("a.py", "f(\n  1) + f(\n  2)\n")]);
    let m = measure(
        dir.path(),
        &["xray", "-U", r"f\(\s+\d", "--json"],
        Duration::from_secs(15),
    );
    assert_eq!(m.code, Some(0), "{}", m.stderr);
    let at: Vec<(u64, u64)> = m
        .records()
        .iter()
        .filter(|r| r["type"] == "match")
        .map(|r| {
            (
                r["data"]["line"].as_u64().unwrap(),
                r["data"]["column"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(at, vec![(1, 1), (2, 8)]);
}

#[test]
fn same_error_in_many_files_is_reported_once_with_a_count() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..10 {
        write(dir.path(), &format!("f{i}.py"), b"x = 1\n");
    }
    let m = measure(
        dir.path(),
        &["xray", "x", "--eval", "return {'matches': nope}"],
        Duration::from_secs(30),
    );
    assert_eq!(m.code, Some(2));
    let lines: Vec<&str> = m.stderr.lines().collect();
    assert_eq!(
        lines.iter().filter(|l| l.contains("NameError")).count(),
        3,
        "{}",
        m.stderr
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("the same error in 7 more files")),
        "{}",
        m.stderr
    );
}

#[test]
fn max_errors_stops_the_run_after_n_failing_files() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..10 {
        write(dir.path(), &format!("f{i}.py"), b"x = 1\n");
    }
    let m = measure(
        dir.path(),
        &[
            "xray",
            "x",
            "--json",
            "--max-errors",
            "2",
            "--eval",
            "return {'matches': nope}",
        ],
        Duration::from_secs(30),
    );
    assert_eq!(m.code, Some(2));
    let records = m.records();
    let errors = records
        .iter()
        .filter(|r| r["type"] == "evaluation_error")
        .count();
    assert_eq!(errors, 2);
    let s = m.summary();
    assert_eq!(s["max_errors_reached"], true, "{s}");
    assert_eq!(s["files_evaluated"], 2);
    assert_eq!(s["partial"], true);
}

fn utf16le(text: &str) -> Vec<u8> {
    [0xFF, 0xFE]
        .into_iter()
        .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
        .collect()
}

#[test]
fn utf16_file_with_a_byte_order_mark_is_decoded() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "wide.py",
        &utf16le("def wide_function():\n    return 1\n"),
    );
    let m = measure(
        dir.path(),
        &[
            "xray",
            "wide_function",
            "--json",
            "--eval",
            "return {'matches': [{'line_number': f.start_line, 'name': f.child_by_field_name('name').text} for f in node.descendants_of_type('function_definition')]}",
        ],
        Duration::from_secs(15),
    );
    assert_eq!(m.code, Some(0), "{}", m.stderr);
    let records = m.records();
    assert_eq!(records[0]["data"]["fields"]["name"], "wide_function");
    assert_eq!(records[0]["data"]["line_content"], "def wide_function():");
    let m = measure(
        dir.path(),
        &["find-symbol", "wide_function", "--json"],
        Duration::from_secs(15),
    );
    assert_eq!(m.code, Some(0), "{}", m.stderr);
}

#[test]
fn what_breaks_and_what_depends_exit_two_when_a_file_failed() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tree(&[
        ("a.py", "def target():\n    pass\n"),
        ("b.py", "from a import target\ntarget()\n"),
        ("c.py", "from a import target\ntarget()\n"),
    ]);
    let closed = dir.path().join("c.py");
    std::fs::set_permissions(&closed, std::fs::Permissions::from_mode(0o000)).unwrap();
    for args in [["what-breaks", "target"], ["what-depends", "target"]] {
        let started = Instant::now();
        let out = common::unprivileged_codesearch(dir.path())
            .args(args)
            .current_dir(dir.path())
            .output()
            .expect("runs");
        assert!(started.elapsed() < Duration::from_secs(20));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("c.py"), "{args:?}: {err}");
        assert!(
            !out.stdout.is_empty(),
            "{args:?}: results are still printed"
        );
    }
    std::fs::set_permissions(&closed, std::fs::Permissions::from_mode(0o644)).unwrap();
}

#[test]
fn context_lines_are_built_only_for_files_being_evaluated() {
    let dir = tempfile::tempdir().unwrap();
    // 100,000 hits with 10 lines of context each side: held as text for the whole run,
    // the context would take over 600 MB.
    let line = format!("hit {}\n", "z".repeat(300));
    let body = line.repeat(1000);
    for i in 0..100 {
        write(dir.path(), &format!("f{i:03}.py"), body.as_bytes());
    }
    let m = measure(
        dir.path(),
        &["xray", "hit", "-C", "10", "--max-files", "2", "--json"],
        Duration::from_secs(60),
    );
    assert_eq!(m.code, Some(0), "{}", m.stderr);
    let s = m.summary();
    assert_eq!(s["files_total"], 100);
    assert_eq!(s["matches"], 2000);
    let records = m.records();
    assert_eq!(
        records[500]["data"]["context_before"]
            .as_array()
            .unwrap()
            .len(),
        10
    );
    assert!(m.peak_kib < 150 * MIB, "peak {} KiB", m.peak_kib);
}

#[test]
fn ten_thousand_nested_functions_in_xray_and_explore() {
    let n = 10_000;
    let src = format!("{}{}\n", "function f(){".repeat(n), "}".repeat(n));
    let dir = tree(&[("deep.js", &src)]);
    let every_function = "return {'matches': [{'line_number': 1, 'column': f.start_point[1] + 1} for f in node.descendants_of_type('function_declaration')]}";
    let runs: [&[&str]; 4] = [
        &["xray", "function", "--json", "--eval", every_function],
        &["explore", "function", "--json", "--max-debug-nodes", "500"],
        &["explore", "--file", "deep.js"],
        &["explore", "--file", "deep.js", "--json"],
    ];
    for args in runs {
        let m = measure(dir.path(), args, Duration::from_secs(60));
        assert_eq!(m.code, Some(0), "{args:?}: {}", m.stderr);
        assert!(
            m.elapsed < Duration::from_secs(30),
            "{args:?}: {:?}",
            m.elapsed
        );
        assert!(m.peak_kib < 200 * MIB, "{args:?}: peak {} KiB", m.peak_kib);
        if args.contains(&"--json") {
            // Every record is readable by a JSON parser with the usual nesting limit.
            let records = m.records();
            assert!(!records.is_empty());
        } else {
            let widest = m.stdout.split(|&b| b == b'\n').map(<[u8]>::len).max();
            assert!(widest < Some(400), "indentation is capped: {widest:?}");
        }
    }
}

#[test]
fn the_search_for_candidates_stops_at_the_timeout() {
    let dir = tempfile::tempdir().unwrap();
    for d in 0..50 {
        for f in 0..60 {
            write(dir.path(), &format!("d{d:02}/f{f:02}.py"), b"x = 1\n");
        }
    }
    let m = measure(
        dir.path(),
        &["xray", "x", "--json", "--timeout", "0.001"],
        Duration::from_secs(20),
    );
    assert!(m.elapsed < Duration::from_secs(5), "{:?}", m.elapsed);
    let s = m.summary();
    assert_eq!(s["timeout"], true, "{s}");
    assert_eq!(s["partial"], true, "{s}");
    assert!(s["files_total"].as_u64().unwrap() < 3000, "{s}");
}

#[test]
fn explore_on_a_wide_file_is_not_quadratic_in_its_matches() {
    // 40,000 comments side by side at the top level: one child search per match from
    // the root took about 30 s here; with the children listed once it takes a few.
    let dir = tree(&[("c.js", &"// x\n".repeat(40_000))]);
    let m = measure(
        dir.path(),
        &["explore", "x", "--json", "--max-debug-nodes", "1"],
        Duration::from_secs(60),
    );
    assert_eq!(m.code, Some(0), "{}", m.stderr);
    assert_eq!(m.summary()["matches"], 40_000);
    assert!(m.elapsed < Duration::from_secs(20), "{:?}", m.elapsed);
}

/// tree-sitter finds a parent by descending from the root again: fifty walks up from
/// a node 6,000 levels deep took 24 s when each step asked it; with the parent index
/// built once per file they take a fraction of a second.
#[test]
fn walks_up_from_a_deeply_nested_node_are_linear() {
    let dir = tempfile::tempdir().unwrap();
    let body = format!("x = {}1{}\n", "[".repeat(3000), "]".repeat(3000));
    write(dir.path(), "deep.py", body.as_bytes());
    let eval = concat!(
        "d = node.descendants_of_type('integer')[0]\n",
        "n = 0\n",
        "for i in range(50):\n",
        "    if d.is_descendant_of('module') and d.enclosing('assignment') is not None:\n",
        "        n += 1\n",
        "p = d\n",
        "depth = 0\n",
        "while p.parent is not None:\n",
        "    p = p.parent\n",
        "    depth += 1\n",
        "return {'matches': [], 'value': [n, depth, p.type]}",
    );
    let m = measure(
        dir.path(),
        &[
            "xray",
            "x",
            "--json",
            "--eval-timeout",
            "60",
            "--eval",
            eval,
        ],
        Duration::from_secs(90),
    );
    assert_eq!(m.code, Some(1), "{}", m.stderr);
    let records = m.records();
    let value = &records[0]["data"]["value"];
    assert_eq!(value[0], 50, "{records:?}");
    assert!(value[1].as_u64().unwrap() > 3000, "{value}");
    assert_eq!(value[2], "module");
    assert!(m.elapsed < Duration::from_secs(8), "{:?}", m.elapsed);
}

/// Rust item macros are read as items with a second parse: a file of forty thousand of
/// them, half whose bodies are no items, and one nested a thousand deep, stay linear.
#[test]
fn many_and_deeply_nested_rust_macro_bodies_stay_linear() {
    let mut many = String::new();
    for i in 0..20_000 {
        many.push_str(&format!(
            "cfg_x! {{ fn f{i}() {{ g() }} }}\nbits! {{ struct B{i}: u32 {{}} }}\n"
        ));
    }
    let deep = format!(
        "{}fn deepest() {{}}{}\n",
        "m! { ".repeat(1000),
        " }".repeat(1000)
    );
    let dir = tree(&[("many.rs", &many), ("deep.rs", &deep)]);
    let m = measure(
        dir.path(),
        &["find-symbol", "f19999", "--exact", "--no-index", "--json"],
        Duration::from_secs(120),
    );
    assert_eq!(m.code, Some(0), "{}", m.stderr);
    assert_eq!(m.summary()["total_matches"], 1);
    assert!(m.elapsed < Duration::from_secs(30), "{:?}", m.elapsed);
    // Four levels of nesting are read as items; deeper ones are left as they are.
    let m = measure(
        dir.path(),
        &["find-symbol", "deepest", "--exact", "--no-index", "--json"],
        Duration::from_secs(60),
    );
    assert_eq!(m.code, Some(1), "{}", m.stderr);
}

/// A Rust `use` of a hundred thousand names took 12 s when each name was looked for
/// from the end of the statement; a `use` nested three thousand groups deep recursed
/// once per group.
#[test]
fn huge_and_deeply_nested_rust_use_groups_stay_linear() {
    let names: Vec<String> = (0..100_000).map(|i| format!("n{i}")).collect();
    let flat = format!("use a::{{{}}};\nfn f() {{ n5(); }}\n", names.join(", "));
    let deep = format!(
        "use {}x{};\nfn g() {{}}\n",
        "a::{".repeat(3000),
        "}".repeat(3000)
    );
    let dir = tree(&[("flat.rs", &flat), ("deep.rs", &deep)]);
    let m = measure(
        dir.path(),
        &["what-depends", "flat.rs:2", "--no-index", "--json"],
        Duration::from_secs(60),
    );
    assert_eq!(m.code, Some(0), "{}", m.stderr);
    assert!(m.elapsed < Duration::from_secs(10), "{:?}", m.elapsed);
    let m = measure(
        dir.path(),
        &["what-depends", "deep.rs:2", "--no-index", "--json"],
        Duration::from_secs(60),
    );
    assert!(matches!(m.code, Some(0 | 1)), "{}", m.stderr);
    assert!(m.elapsed < Duration::from_secs(10), "{:?}", m.elapsed);
}

/// A minified file's one line holding 40,000 uses: each use's line was a copy of the
/// whole line (8 GB for this 200 kB line) before lines were cut around the use.
#[test]
fn a_line_with_forty_thousand_uses_is_cut_around_each_use() {
    let line = "c0();".repeat(40_000);
    let dir = tree(&[("m.js", &format!("function c0() {{}}\n{line}\n"))]);
    for index in [&["--no-index"][..], &[]] {
        let mut args = vec!["what-breaks", "c0", "--json"];
        args.extend_from_slice(index);
        let m = measure(dir.path(), &args, Duration::from_secs(120));
        assert_eq!(m.code, Some(0), "{}", m.stderr);
        assert!(m.elapsed < Duration::from_secs(30), "{:?}", m.elapsed);
        assert!(m.peak_kib < 400 * MIB, "peak {} KiB", m.peak_kib);
        let records = m.records();
        let uses: Vec<&Value> = records
            .iter()
            .filter(|r| r["type"] == "reference")
            .map(|r| &r["data"])
            .collect();
        assert_eq!(uses.len(), 40_000);
        for u in [uses[0], uses[39_999]] {
            let text = u["line_content"].as_str().unwrap();
            assert!(text.len() < 600 && text.contains("c0();"), "{text}");
            assert_eq!(u["line_truncated"], true);
        }
    }
}

/// Macro bodies read off the text (Rust token trees, C `#define`s): every member's
/// receiver is looked for within a bounded distance, however long the body or deep its
/// brackets.
#[test]
fn huge_and_deeply_bracketed_macro_bodies_read_as_text_stay_linear() {
    let members: Vec<String> = (0..50_000).map(|i| format!("a.b().c{}()", i % 5)).collect();
    let rust = format!(
        "pub fn c0() {{}}\nmacro_rules! m {{ () => {{ {} {}x{}.c0() }}; }}\n",
        members.join(" "),
        "(".repeat(50_000),
        ")".repeat(50_000)
    );
    let calls: Vec<String> = (0..50_000)
        .map(|i| format!("f(x)->g(y).h{}(z)", i % 7))
        .collect();
    let c = format!(
        "int h0(int z) {{ return z; }}\n#define BIG(x, y, z) {}\n#define DEEP(x) {}x{}.h0(x) + h0(1)\n",
        calls.join(" "),
        "(".repeat(50_000),
        ")".repeat(50_000)
    );
    let dir = tree(&[("big.rs", &rust), ("big.c", &c)]);
    for target in ["big.rs:1", "big.c:1"] {
        let m = measure(
            dir.path(),
            &["what-breaks", target, "--json"],
            Duration::from_secs(120),
        );
        assert!(matches!(m.code, Some(0 | 1)), "{}", m.stderr);
        assert!(m.elapsed < Duration::from_secs(30), "{:?}", m.elapsed);
        assert!(m.peak_kib < 600 * MIB, "peak {} KiB", m.peak_kib);
    }
}
