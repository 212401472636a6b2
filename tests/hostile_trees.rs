//! Trees and input that used to hang a run or exhaust memory: FIFOs, devices behind
//! symlinks, endless stdin. Each run must end within a few seconds.
#![cfg(unix)]

mod common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{run_within, tree};

const BOUND: Duration = Duration::from_secs(10);

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success());
}

/// Runs the binary in `dir` and asserts it ends within [`BOUND`].
fn run_bounded(dir: &Path, args: &[&str]) -> std::process::Output {
    run_within(dir, args, BOUND)
}

fn fifo_tree() -> tempfile::TempDir {
    let dir = tree(&[("a.py", "def a():\n    b()\n\ndef b():\n    pass\n")]);
    mkfifo(&dir.path().join("pipe.py"));
    dir
}

/// Every subcommand ends in time over `dir`, never names `special` and does not fail.
fn every_subcommand_skips(dir: &Path, special: &str) {
    for args in [
        &["build-index", "--symbols"][..],
        &["find-symbol", "a"],
        &["what-breaks", "b"],
        &["what-depends", "a"],
        &["xray", "def"],
        &["index"],
    ] {
        let out = run_bounded(dir, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains(special), "{args:?}: {err}");
        assert_ne!(out.status.code(), Some(2), "{args:?}: {err}");
    }
}

#[test]
fn fifo_in_the_tree_is_skipped_by_every_subcommand() {
    let dir = fifo_tree();
    every_subcommand_skips(dir.path(), "pipe.py");
}

#[test]
fn fifo_named_on_the_command_line_is_not_a_regular_file() {
    let dir = fifo_tree();
    for args in [
        &["build-index", "pipe.py", "a.py"][..],
        &["find-symbol", "a", "pipe.py", "a.py"],
        &["xray", "def", "pipe.py", "a.py"],
    ] {
        let out = run_bounded(dir.path(), args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("pipe.py: not a regular file"),
            "{args:?}: {err}"
        );
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("a.py"),
            "{args:?}: the other path still runs"
        );
    }
}

#[test]
fn link_to_dev_zero_is_skipped_with_follow() {
    let dir = tree(&[("a.py", "def a(): pass\n")]);
    std::os::unix::fs::symlink("/dev/zero", dir.path().join("zero.py")).unwrap();
    for args in [
        &["build-index", "-L", "--symbols"][..],
        &["find-symbol", "-L", "a"],
        &["xray", "-L", "def"],
    ] {
        let out = run_bounded(dir.path(), args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn endless_stdin_for_what_breaks_ends_promptly_with_bounded_memory() {
    let dir = tree(&[("a.py", "def a(): pass\n")]);
    let started = Instant::now();
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("codesearch"))
        .env("CODESEARCH_INDEX_DIR", common::index_dir())
        .args(["what-breaks", "-"])
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawns");
    let mut stdin = child.stdin.take().expect("piped stdin");
    // Feed `yes` output until the reader gives up (the pipe closes) or the bound ends.
    let line = b"y\n".repeat(32 * 1024);
    while started.elapsed() < BOUND {
        if stdin.write_all(&line).is_err() {
            break;
        }
    }
    drop(stdin);
    let out = child.wait_with_output().expect("waits");
    assert!(started.elapsed() < BOUND, "stdin was read without bound");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("larger than"), "{err}");
}

#[test]
fn socket_in_the_tree_is_skipped_and_refused_by_name() {
    let dir = tree(&[("a.py", "def a():\n    b()\n\ndef b():\n    pass\n")]);
    // A listening socket nobody accepts on: opening it as a file fails, and reading
    // from it would wait forever.
    let _listener =
        std::os::unix::net::UnixListener::bind(dir.path().join("sock.py")).expect("binds a socket");
    every_subcommand_skips(dir.path(), "sock.py");
    let out = run_bounded(dir.path(), &["xray", "def", "sock.py", "a.py"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("sock.py: not a regular file"), "{err}");
}

#[test]
fn a_method_of_thirty_thousand_type_patterns_is_answered_in_time() {
    // One name bound by every pattern, all of one type: each pattern's name is checked
    // against every other binding of its method for another type, which must not cost
    // their product.
    let mut body = String::new();
    for _ in 0..30_000 {
        body.push_str("    if (o instanceof A v) { v.act(); }\n");
    }
    let text = format!(
        "class A {{ void act() {{}} }}\nclass P {{\n  void many(Object o) {{\n{body}  }}\n}}\n"
    );
    let dir = tree(&[("P.java", text.as_str())]);
    // Some 4 s of work when nothing else runs, and the suite runs tests side by side
    // on two cores: the bound leaves room for that, not for the product of the
    // bindings (nine hundred million checks).
    let out = run_within(
        dir.path(),
        &["what-breaks", "A.act", "--json"],
        Duration::from_secs(20),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let resolved = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| {
            l.contains("\"type\":\"reference\"") && l.contains("\"resolution\":\"definition\"")
        })
        .count();
    assert_eq!(resolved, 30_000);
}

#[test]
fn fifos_named_like_javascript_configs_do_not_block_import_resolution() {
    let dir = tree(&[
        (
            "packages/app/src/main.ts",
            "import { helper } from \"@x/common\";\nexport function run() {\n  helper();\n}\n",
        ),
        (
            "packages/common/src/index.ts",
            "export function helper() {}\n",
        ),
    ]);
    // Where the resolver looks for a workspace root and a tsconfig: reading a FIFO
    // would wait for a writer forever.
    for name in [
        "package.json",
        "pnpm-workspace.yaml",
        "tsconfig.json",
        "packages/app/tsconfig.json",
    ] {
        mkfifo(&dir.path().join(name));
    }
    for args in [&["what-depends", "run"][..], &["what-breaks", "helper"]] {
        let out = run_bounded(dir.path(), args);
        assert_ne!(out.status.code(), Some(2), "{args:?}: {out:?}");
    }
}

#[test]
fn a_csharp_file_of_deeply_nested_broken_conditionals_is_read_in_time() {
    // Twenty thousand nested conditionals whose branches cannot be read side by side:
    // the file is parsed again as its first branches, and the work for each line must
    // not grow with how deep the conditionals nest (that would be billions of steps).
    // Some 4 s of work alone; kept small so that it does not starve the other bounded
    // tests of this file, which run beside it.
    let depth = 20_000;
    let mut text = String::from("class C {\n  int F(object a) {\n");
    for _ in 0..depth {
        text.push_str("#if X\n  if (a is C c) {\n#else\n  C c = (C)a;\n#endif\n");
    }
    text.push_str("  return G();\n");
    for _ in 0..depth {
        text.push_str("#if X\n  }\n#endif\n");
    }
    text.push_str("  return 0;\n  }\n  int G() { return 1; }\n}\n");
    let dir = tree(&[("C.cs", text.as_str())]);
    let out = run_within(
        dir.path(),
        &["what-depends", "C.F", "--json"],
        Duration::from_secs(30),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("\"name\":\"G\""),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn deeply_nested_swift_case_patterns_and_ruby_block_parameters_are_read_in_time() {
    // The names such patterns bind are gathered without recursion: three thousand
    // levels of either must neither overflow the stack nor take long.
    let depth = 3_000;
    let swift = format!(
        "enum E {{ case a(E); case b(Int) }}\nfunc f(e: E) {{\n  switch e {{\n  case let {}x{}: g(x)\n  default: break\n  }}\n}}\nfunc g(_ x: E) {{}}\n",
        ".a(".repeat(depth),
        ")".repeat(depth)
    );
    let ruby = format!(
        "def f(h)\n  h.each {{ |{}k, v{}| g(k) }}\nend\n\ndef g(k)\nend\n",
        "(".repeat(depth),
        ")".repeat(depth)
    );
    let dir = tree(&[("deep.swift", swift.as_str()), ("deep.rb", ruby.as_str())]);
    for (symbol, call) in [
        ("deep.swift:2", "4: call        g  -> deep.swift:8"),
        ("deep.rb:1", "2: call        g  -> deep.rb:5"),
    ] {
        let out = run_bounded(dir.path(), &["what-depends", symbol, "--color", "never"]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(stdout.contains(call), "{stdout}");
        // The bound names are locals, not calls of something named so.
        assert!(
            !stdout.contains("call        x") && !stdout.contains("call        k"),
            "{stdout}"
        );
    }
}
