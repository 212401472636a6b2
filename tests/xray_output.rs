//! How xray and explore print: `-C` context, `--vimgrep`, highlighting, escaping of
//! control characters, `-l` with an evaluator, and `explore --file` dumps.

mod common;

use std::time::Duration;

use common::{json_run, run_within, tree};

const BOUND: Duration = Duration::from_secs(30);

fn stdout_of(dir: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    let out = run_within(dir, args, BOUND);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const LINES: &str = "a\nb\nfoo 1\nc\nfoo 2\nd\ne\nf\ng\nfoo 3 foo\nh\n";

#[test]
fn context_lines_are_printed_like_ripgrep() {
    let dir = tree(&[("a.py", LINES)]);
    let (code, out, err) = stdout_of(dir.path(), &["xray", "foo", "-C", "1", "a.py"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "a.py-2-b\na.py:3:1:foo 1\na.py-4-c\na.py:5:1:foo 2\na.py-6-d\n--\n\
         a.py-9-g\na.py:10:1:foo 3 foo\na.py-11-h\n"
    );
}

#[test]
fn vimgrep_prints_one_line_per_match() {
    let dir = tree(&[("a.py", LINES)]);
    let (code, out, err) = stdout_of(dir.path(), &["xray", "foo", "--vimgrep"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "a.py:3:1:foo 1\na.py:5:1:foo 2\na.py:10:1:foo 3 foo\na.py:10:7:foo 3 foo\n"
    );
}

#[test]
fn matches_are_highlighted_in_color() {
    let dir = tree(&[("a.py", "x = foo + foo\n")]);
    let (code, out, err) = stdout_of(dir.path(), &["xray", "foo", "--color", "always"]);
    assert_eq!(code, 0, "{err}");
    let red = "\x1b[1m\x1b[31mfoo\x1b[0m";
    assert_eq!(out.matches(red).count(), 2, "{out:?}");
}

#[test]
fn control_characters_are_escaped_for_a_terminal() {
    let dir = tree(&[("a.py", "x = \"\x1b]0;pwned\x07 foo\"\n")]);
    let (code, out, err) = stdout_of(dir.path(), &["xray", "foo", "--color", "always"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\\x1b]0;pwned\\x07"), "{out:?}");
    assert!(!out.contains("\x1b]0"), "{out:?}");
    assert!(!out.contains('\x07'), "{out:?}");
}

#[test]
fn files_with_matches_with_an_evaluator_lists_the_files_it_matched() {
    let dir = tree(&[("a.py", "foo = 1\n"), ("b.py", "foo = 2\nkeep = 1\n")]);
    let (code, out, err) = stdout_of(
        dir.path(),
        &[
            "xray",
            "foo",
            "-l",
            "--eval",
            "return {'matches': [{'line_number': 1}] if 'keep' in source else []}",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "b.py\n");
    let (code, out, _) = stdout_of(dir.path(), &["xray", "foo", "-l"]);
    assert_eq!(code, 0);
    assert_eq!(out, "a.py\nb.py\n", "without an evaluator: every candidate");
}

#[test]
fn explore_file_dumps_in_document_order_with_anonymous_nodes_on_request() {
    let dir = tree(&[("a.py", "def f(a):\n    return a + 1\nx = 2\n")]);
    let (code, out, err) = stdout_of(dir.path(), &["explore", "--file", "a.py"]);
    assert_eq!(code, 0, "{err}");
    let kinds: Vec<&str> = out
        .lines()
        .map(|l| l.trim_start().split(' ').next().unwrap())
        .collect();
    assert_eq!(kinds[..3], ["module", "function_definition", "name:"]);
    assert_eq!(kinds.last(), Some(&"right:"), "{out}");
    assert!(!out.contains("operator: +"), "{out}");
    let (_, all, _) = stdout_of(dir.path(), &["explore", "--file", "a.py", "--all-nodes"]);
    assert!(all.contains("operator: + [1:13-1:14]"), "{all}");
    assert!(all.contains("def [0:0-0:3]"), "{all}");
}

#[test]
fn explore_file_stops_at_its_node_limit_with_a_marker() {
    let dir = tree(&[("big.py", &"x = 1\n".repeat(30_000))]);
    let (code, out, err) = stdout_of(dir.path(), &["explore", "--file", "big.py"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.trim_end()
            .ends_with("more nodes not shown (the dump stops at 100000 nodes)"),
        "{}",
        &out[out.len().saturating_sub(200)..]
    );
    let (code, records) = json_run(dir.path(), &["explore", "--file", "big.py"]);
    assert_eq!(code, 0);
    assert_eq!(records[0]["data"]["omitted_nodes"], 20_001);
    assert_eq!(records[1]["data"]["nodes"], 100_000);
}

#[test]
fn two_matches_on_one_line_with_context_are_both_printed() {
    let dir = tree(&[("a.py", "a\nb\nx = f(1) + g(2)\nc\nd\n")]);
    let eval = "return {'matches': [\
        {'line_number': 3, 'column': 5, 'context_before': ['b'], 'context_after': ['c']}, \
        {'line_number': 3, 'column': 12, 'context_before': ['b'], 'context_after': ['c']}]}";
    let (code, out, err) = stdout_of(
        dir.path(),
        &["xray", "x =", "--eval", eval, "-C", "1", "a.py"],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "a.py-2-b\na.py:3:5:x = f(1) + g(2)\na.py:3:12:x = f(1) + g(2)\na.py-4-c\n"
    );
}
