//! `codesearch xray` and `explore` on the real binary: phase 1, the evaluator contract,
//! the sandbox against hostile evaluators, hostile source files, output formats and exit
//! codes.

mod common;

use std::time::{Duration, Instant};

use common::{codesearch, json_lines, tree, write};
use predicates::prelude::*;
use serde::Deserialize;
use serde_json::Value;

const PY: &str = "def lookup(conn, name):\n    return conn.execute(\"SELECT \" + name)\n";

fn xray(dir: &std::path::Path, args: &[&str]) -> (Vec<Value>, String, i32) {
    let out = codesearch()
        .arg("xray")
        .args(args)
        .arg("--json")
        .current_dir(dir)
        .output()
        .expect("runs");
    (
        json_lines(&out.stdout),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

fn of_type<'a>(records: &'a [Value], t: &str) -> Vec<&'a Value> {
    records.iter().filter(|r| r["type"] == t).collect()
}

fn summary(records: &[Value]) -> &Value {
    let last = records.last().expect("records");
    assert_eq!(last["type"], "summary", "the summary comes last");
    &last["data"]
}

/// The first evaluation error of a run on a one-file tree (2 s per file).
fn single_error(code: &str) -> (String, String) {
    single_error_within(code, "2")
}

/// The same with a longer per-file deadline, for evaluators that must run into a
/// limit other than time even on a loaded machine.
fn single_error_within(code: &str, eval_timeout: &str) -> (String, String) {
    let dir = tree(&[("a.py", PY)]);
    let (records, stderr, status) = xray(
        dir.path(),
        &["execute", "--eval", code, "--eval-timeout", eval_timeout],
    );
    assert_eq!(status, 2, "an evaluation error exits 2: {stderr}");
    let errors = of_type(&records, "evaluation_error");
    assert_eq!(errors.len(), 1, "{records:?}");
    (
        errors[0]["data"]["error_type"]
            .as_str()
            .unwrap()
            .to_string(),
        errors[0]["data"]["error_message"]
            .as_str()
            .unwrap()
            .to_string(),
    )
}

#[test]
fn prepare_statement_with_concatenation_is_the_only_match() {
    let dir = tree(&[
        (
            "Dao.java",
            "class Dao {\n  void a(Connection c, String id) throws Exception {\n    c.prepareStatement(\"SELECT 1\");\n    c.prepareStatement(\"SELECT * FROM t WHERE id=\" + id);\n  }\n}\n",
        ),
        ("Other.java", "class Other { void b() { } }\n"),
    ]);
    let code = "out = []\nfor p in match_positions:\n    call = p['ast_node'].enclosing('method_invocation')\n    if call is not None and call.child_by_field_name('arguments').count_descendants_of_type('binary_expression') > 0:\n        out.append({'line_number': p['line_number'], 'column': p['column']})\nreturn {'matches': out, 'value': None}";
    let (records, stderr, status) = xray(dir.path(), &["prepareStatement", "--eval", code]);
    assert_eq!(status, 0, "{stderr}");
    let matches = of_type(&records, "match");
    assert_eq!(matches.len(), 1);
    let m = &matches[0]["data"];
    assert_eq!(m["line"], 4);
    assert_eq!(m["column"], 7);
    assert_eq!(m["path"], serde_json::json!({"text": "Dao.java"}));
    assert_eq!(m["language"], "java");
    assert_eq!(
        m["line_content"],
        "    c.prepareStatement(\"SELECT * FROM t WHERE id=\" + id);"
    );
    let s = summary(&records);
    assert_eq!(s["files_total"], 1, "only Dao.java is a phase-1 candidate");
    assert_eq!(s["files_evaluated"], 1);
}

#[test]
fn match_positions_carry_exact_offsets_and_context() {
    let dir = tree(&[("c.py", "a = 1\nb = 2\nx = target(3)\nd = 4\n")]);
    let code = "p = match_positions[0]\nreturn {'matches': [{'line_number': p['line_number']}], 'value': [p['byte_offset'], p['column'], p['context_before'], p['context_after'], p['ast_node'].type, source[p['byte_offset']:p['byte_offset'] + 6]]}";
    let (records, stderr, _) = xray(dir.path(), &["target", "-C", "1", "--eval", code]);
    let meta = of_type(&records, "file_metadata");
    assert_eq!(meta.len(), 1, "{stderr}");
    assert_eq!(
        meta[0]["data"]["value"],
        serde_json::json!([16, 5, ["b = 2"], ["d = 4"], "identifier", "target"])
    );
}

#[test]
fn evaluator_globals_and_legacy_nones() {
    let dir = tree(&[("g.py", "x = 1\n")]);
    let code = "return {'matches': [], 'value': [lang, file_path.startswith('/'), file_path.endswith('g.py'), node.type, root.type, match_byte_offset, match_line_number, match_line_content, len(match_positions)]}";
    let (records, _, _) = xray(dir.path(), &["x", "--eval", code]);
    assert_eq!(
        of_type(&records, "file_metadata")[0]["data"]["value"],
        serde_json::json!(["python", true, true, "module", "module", null, null, null, 1])
    );
}

#[test]
fn filename_mode_reports_value_zero_and_empty_positions() {
    let dir = tree(&[("pkg/mod_a.py", "x = 1\n"), ("pkg/other.py", "")]);
    let code = "return {'matches': [], 'value': len(match_positions)}";
    let (records, _, status) = xray(
        dir.path(),
        &["--target", "filename", r"pkg/mod_.*\.py", "--eval", code],
    );
    let meta = of_type(&records, "file_metadata");
    assert_eq!(meta.len(), 1);
    assert_eq!(meta[0]["data"]["value"], 0);
    assert_eq!(meta[0]["data"]["path"]["text"], "pkg/mod_a.py");
    assert_eq!(status, 1, "no matches");
}

#[test]
fn returning_value_without_matches_is_invalid() {
    let (t, m) = single_error("return {'value': 42}");
    assert_eq!(t, "InvalidEvaluatorReturn");
    assert!(m.contains("matches"), "{m}");
}

#[test]
fn returning_true_is_invalid() {
    let (t, _) = single_error("return True");
    assert_eq!(t, "InvalidEvaluatorReturn");
}

#[test]
fn skip_true_is_accepted() {
    let dir = tree(&[("a.py", PY)]);
    let (records, _, status) = xray(dir.path(), &["execute", "--eval", "return {'skip': True}"]);
    assert_eq!(status, 1);
    assert_eq!(summary(&records)["evaluation_errors"], 0);
}

#[test]
fn undefined_name_crashes_one_file_and_the_job_completes() {
    let dir = tree(&[("a.py", "x = 1\n"), ("b.py", "x = 2\n")]);
    let code = "if 'x = 1' in source:\n    return {'matches': [], 'value': undefined_thing}\nreturn {'matches': [{'line_number': 1}]}";
    let (records, _, status) = xray(dir.path(), &["x", "--eval", code]);
    assert_eq!(status, 2);
    let errors = of_type(&records, "evaluation_error");
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0]["data"]["error_type"], "EvaluatorCrash");
    assert_eq!(errors[0]["data"]["evaluator_line"], 2);
    assert!(errors[0]["data"]["error_message"]
        .as_str()
        .unwrap()
        .contains("NameError"));
    assert_eq!(of_type(&records, "match").len(), 1, "b.py still matched");
    assert_eq!(summary(&records)["partial"], true);
}

#[test]
fn walked_file_without_a_grammar_is_skipped_and_counted() {
    let dir = tree(&[
        ("notes.zzz", "find me\n"),
        ("Makefile", "find:\n\techo find\n"),
        ("a.py", "find = 1\n"),
    ]);
    let (records, stderr, status) = xray(
        dir.path(),
        &["find", "--eval", "return {'matches': [{'line_number': 1}]}"],
    );
    assert_eq!(status, 0, "{stderr}");
    assert!(of_type(&records, "evaluation_error").is_empty());
    assert_eq!(summary(&records)["unsupported_files"], 2);
    assert_eq!(summary(&records)["partial"], false);
    assert_eq!(of_type(&records, "match").len(), 1);
}

#[test]
fn named_file_without_a_grammar_is_unsupported_language() {
    let dir = tree(&[("notes.zzz", "find me\n"), ("a.py", "find = 1\n")]);
    let (records, _, status) = xray(
        dir.path(),
        &[
            "find",
            "notes.zzz",
            "a.py",
            "--eval",
            "return {'matches': [{'line_number': 1}]}",
        ],
    );
    assert_eq!(status, 2);
    let errors = of_type(&records, "evaluation_error");
    assert_eq!(errors[0]["data"]["error_type"], "UnsupportedLanguage");
    assert_eq!(errors[0]["data"]["path"]["text"], "notes.zzz");
    assert_eq!(of_type(&records, "match").len(), 1);
}

#[test]
fn misspelt_node_attribute_gets_a_hint() {
    let (t, m) = single_error("return {'matches': [], 'value': node.start_lin}");
    assert_eq!(t, "EvaluatorCrash");
    assert!(m.contains("did you mean 'start_line'"), "{m}");
}

#[test]
fn rejected_code_exits_two_before_searching() {
    let dir = tree(&[("a.py", PY)]);
    for (code, needle) in [
        ("import os\nreturn {'matches': []}", "import of 'os'"),
        ("__import__('os')\nreturn {'matches': []}", "__import__"),
        (
            "x = ().__class__.__bases__\nreturn {'matches': []}",
            "dunder attribute",
        ),
        ("class A:\n    pass", "class"),
        ("return {'matches': [", "syntax error"),
    ] {
        codesearch()
            .args(["xray", "execute", "--eval", code])
            .current_dir(dir.path())
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(needle).and(predicate::str::contains("line")));
    }
}

#[test]
fn open_is_refused_at_run_time() {
    let (t, m) = single_error("f = open('/etc/passwd')\nreturn {'matches': [], 'value': f.read()}");
    assert_eq!(t, "EvaluatorCrash");
    assert!(m.contains("PermissionError"), "{m}");
}

#[test]
fn infinite_loop_times_out_and_the_parent_goes_on() {
    let started = Instant::now();
    let (t, _) = single_error("while True:\n    pass");
    assert_eq!(t, "EvaluatorTimeout");
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn loop_of_host_calls_times_out() {
    let (t, _) = single_error("while True:\n    x = node.children");
    assert_eq!(t, "EvaluatorTimeout");
}

#[test]
fn memory_bomb_is_contained() {
    let (t, m) = single_error_within(
        "x = []\nwhile True:\n    x.append(x)\n    x = x + [0] * 100000",
        "30",
    );
    assert_eq!(t, "EvaluatorCrash");
    // The interpreter's own check (which reads the allocator's live-byte count) stops
    // it, not the hard ceiling or the address-space limit: a count the allocator
    // stopped keeping would let it run to one of those and die instead.
    assert!(m.contains("MemoryError"), "{m}");
}

#[test]
fn huge_string_is_contained() {
    let (t, m) = single_error_within(
        "s = 'x' * 1000\nwhile True:\n    s = s + s\nreturn {'matches': []}",
        "30",
    );
    assert_eq!(t, "EvaluatorCrash");
    assert!(m.contains("MemoryError") || m.contains("died"), "{m}");
}

#[test]
fn deep_recursion_is_contained() {
    let (t, m) =
        single_error("def f(n):\n    return f(n + 1)\nreturn {'matches': [], 'value': f(0)}");
    assert_eq!(t, "EvaluatorCrash");
    assert!(m.contains("RecursionError"), "{m}");
}

#[test]
fn ten_million_matches_are_contained() {
    let (t, _) = single_error("return {'matches': [{'line_number': 1} for i in range(10000000)]}");
    assert!(
        t == "EvaluatorCrash" || t == "InvalidEvaluatorReturn" || t == "EvaluatorTimeout",
        "{t}"
    );
}

#[test]
fn print_goes_nowhere() {
    let dir = tree(&[("a.py", PY)]);
    let out = codesearch()
        .args([
            "xray",
            "execute",
            "--json",
            "--eval",
            "print('leak')\nreturn {'matches': [{'line_number': 2}]}",
        ])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(!String::from_utf8_lossy(&out.stdout).contains("leak"));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("leak"));
}

#[test]
fn hostile_sources_are_handled() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "binary.py", b"needle\0\x01\x02");
    write(dir.path(), "latin1.py", b"# caf\xe9 needle\nx = 1\n");
    // A 2 MB single line: parsing it takes seconds, so the per-file limit is raised.
    let minified = format!("var needle=1;{}\n", "a=b+c;".repeat(350_000));
    write(dir.path(), "min.js", minified.as_bytes());
    let nested = format!("needle = {}1{}\n", "[".repeat(5000), "]".repeat(5000));
    write(dir.path(), "deep.py", nested.as_bytes());
    let code = "return {'matches': [{'line_number': 1}], 'value': node.type}";
    let (records, stderr, status) = xray(
        dir.path(),
        &["needle", "--eval", code, "--eval-timeout", "60"],
    );
    let files: Vec<&str> = of_type(&records, "match")
        .iter()
        .map(|m| m["data"]["path"]["text"].as_str().unwrap())
        .collect();
    assert_eq!(
        files,
        vec!["deep.py", "latin1.py", "min.js"],
        "binary skipped; {stderr}"
    );
    assert_eq!(status, 0, "{stderr}");
}

#[test]
fn max_files_caps_evaluation() {
    let dir = tree(&[("a.py", "x\n"), ("b.py", "x\n"), ("c.py", "x\n")]);
    let (records, _, _) = xray(dir.path(), &["x", "--max-files", "2"]);
    let s = summary(&records);
    assert_eq!(
        (s["files_total"].as_u64(), s["files_evaluated"].as_u64()),
        (Some(3), Some(2))
    );
    assert_eq!(s["max_files_reached"], true);
    assert_eq!(s["partial"], true);
    assert_eq!(s["timeout"], false);
}

#[test]
fn run_timeout_wins_over_the_cap() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..6 {
        write(dir.path(), &format!("f{i}.py"), b"x = 1\n");
    }
    let slow = "i = 0\nwhile i < 100000000:\n    i += 1\nreturn {'matches': []}";
    let started = Instant::now();
    let (records, _, _) = xray(
        dir.path(),
        &[
            "x",
            "--eval",
            slow,
            "--timeout",
            "1",
            "--max-files",
            "5",
            "-j",
            "1",
        ],
    );
    assert!(started.elapsed() < Duration::from_secs(8));
    let s = summary(&records);
    assert_eq!(s["timeout"], true, "{s}");
    assert_eq!(s["max_files_reached"], false);
    assert_eq!(s["partial"], true);
}

#[test]
fn files_with_matches_lists_candidates_only() {
    let dir = tree(&[
        ("a.py", "needle\n"),
        ("b.py", "hay\n"),
        ("c.rs", "// needle\n"),
    ]);
    codesearch()
        .args(["xray", "-l", "needle"])
        .current_dir(dir.path())
        .assert()
        .success()
        .stdout("a.py\nc.rs\n");
}

#[test]
fn case_flags_and_pcre2() {
    let dir = tree(&[("a.py", "Needle = 1\n")]);
    codesearch()
        .args(["xray", "-l", "needle"])
        .current_dir(dir.path())
        .assert()
        .code(1);
    codesearch()
        .args(["xray", "-l", "-i", "needle"])
        .current_dir(dir.path())
        .assert()
        .success();
    codesearch()
        .args(["xray", "-l", "-S", "needle"])
        .current_dir(dir.path())
        .assert()
        .success();
    codesearch()
        .args(["xray", "-l", "-S", "Needle"])
        .current_dir(dir.path())
        .assert()
        .success();
    codesearch()
        .args(["xray", "-l", "-P", r"Needle(?= =)"])
        .current_dir(dir.path())
        .assert()
        .success();
    codesearch()
        .args(["xray", "-l", "("])
        .current_dir(dir.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("invalid pattern"));
}

#[test]
fn text_and_vimgrep_output() {
    let dir = tree(&[("a.py", PY)]);
    let code = "return {'matches': [{'line_number': 2, 'column': 12, 'rule': 'sql'}]}";
    codesearch()
        .args(["xray", "execute", "--eval", code])
        .current_dir(dir.path())
        .assert()
        .success()
        .stdout("a.py:2:12:    return conn.execute(\"SELECT \" + name)  [rule=sql]\n");
    codesearch()
        .args(["xray", "execute", "--vimgrep", "--eval", code])
        .current_dir(dir.path())
        .assert()
        .success()
        .stdout("a.py:2:12:    return conn.execute(\"SELECT \" + name)\n");
}

#[test]
fn without_eval_every_hit_is_a_match() {
    let dir = tree(&[("a.py", "x = 1\ny = x\n")]);
    codesearch()
        .args(["xray", "x"])
        .current_dir(dir.path())
        .assert()
        .success()
        .stdout("a.py:1:1:x = 1\na.py:2:5:y = x\n");
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SummaryData {
    files_total: u64,
    files_evaluated: u64,
    matches: u64,
    evaluation_errors: u64,
    excluded_dirs: u64,
    elapsed_ms: u64,
    partial: bool,
    timeout: bool,
    max_files_reached: bool,
    max_errors_reached: bool,
    skipped_files: u64,
    unsupported_files: u64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PathData {
    text: Option<String>,
    bytes: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ErrorData {
    path: PathData,
    evaluator_line: Option<u64>,
    error_type: String,
    error_message: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MetadataData {
    path: PathData,
    value: Value,
}

/// Every key of a match is known; the evaluator's own are under `fields`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MatchData {
    path: PathData,
    language: String,
    line: u64,
    column: Option<u64>,
    byte_offset: Option<u64>,
    line_content: String,
    /// Absent unless true.
    line_truncated: Option<bool>,
    context_before: Vec<String>,
    context_after: Vec<String>,
    /// explore only.
    matched_node: Option<NodeData>,
    ast_debug: Option<Value>,
    /// Absent when the evaluator set no key of its own.
    fields: Option<serde_json::Map<String, Value>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NodeData {
    kind: String,
    start: [u64; 2],
    end: [u64; 2],
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CandidateData {
    path: PathData,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AstData {
    path: PathData,
    language: String,
    ast_debug: Value,
    omitted_nodes: u64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AstSummaryData {
    files: u64,
    nodes: u64,
    omitted_nodes: u64,
    elapsed_ms: u64,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum AnySummary {
    Run(SummaryData),
    Ast(AstSummaryData),
}

#[derive(Debug, Deserialize)]
#[serde(tag = "type", content = "data", rename_all = "snake_case")]
enum Record {
    Match(MatchData),
    FileMetadata(MetadataData),
    EvaluationError(ErrorData),
    Candidate(CandidateData),
    Ast(AstData),
    Summary(AnySummary),
}

fn records_of(dir: &std::path::Path, args: &[&str]) -> Vec<Record> {
    let out = codesearch().args(args).current_dir(dir).output().unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

fn run_summary(records: &[Record]) -> &SummaryData {
    match records.last() {
        Some(Record::Summary(AnySummary::Run(s))) => s,
        other => panic!("a run summary last, not {other:?}"),
    }
}

#[test]
fn json_records_follow_the_schema() {
    let dir = tree(&[("a.py", PY), ("b.py", "execute = 1\n")]);
    let code = "if 'def' in source:\n    return {'matches': [{'line_number': 2, 'extra': [1]}], 'value': {'k': 1}}\nreturn {'value': 1}";
    let records = records_of(dir.path(), &["xray", "execute", "--json", "--eval", code]);
    assert!(
        matches!(&records[0], Record::Match(m) if m.line == 2 && m.language == "python" && m.path.text.as_deref() == Some("a.py") && m.line_content.contains("execute"))
    );
    let Record::Match(m) = &records[0] else {
        unreachable!()
    };
    assert_eq!(
        m.fields,
        serde_json::json!({"extra": [1]}).as_object().cloned(),
        "the evaluator's own keys are under fields"
    );
    assert_eq!(
        (m.column, m.byte_offset, m.line_truncated),
        (None, None, None)
    );
    assert!(m.matched_node.is_none() && m.ast_debug.is_none());
    assert!(
        matches!(&records[1], Record::FileMetadata(m) if m.value == serde_json::json!({"k": 1}) && m.path.bytes.is_none())
    );
    assert!(
        matches!(&records[2], Record::EvaluationError(e) if e.error_type == "InvalidEvaluatorReturn" && e.evaluator_line.is_none() && !e.error_message.is_empty() && e.path.text.as_deref() == Some("b.py"))
    );
    let s = run_summary(&records);
    assert_eq!(
        (
            s.files_total,
            s.files_evaluated,
            s.matches,
            s.evaluation_errors
        ),
        (2, 2, 1, 1)
    );
    assert!(s.partial && !s.timeout && !s.max_files_reached && s.elapsed_ms < 60_000);
    assert!(!s.max_errors_reached);
    assert_eq!(
        (s.excluded_dirs, s.skipped_files, s.unsupported_files),
        (0, 0, 0)
    );
}

#[test]
fn explore_prints_the_ast_around_each_hit() {
    let dir = tree(&[("a.py", "x = foo(1)\n")]);
    codesearch()
        .args(["explore", "foo"])
        .current_dir(dir.path())
        .assert()
        .success()
        .stdout(
            "a.py:1:5:x = foo(1)\n    call [0:4-0:10] \"foo(1)\"\n      function: identifier [0:4-0:7] \"foo\"\n      arguments: argument_list [0:7-0:10] \"(1)\"\n        integer [0:8-0:9] \"1\"\n",
        );
}

#[test]
fn explore_json_nests_the_ast_and_caps_it() {
    let dir = tree(&[("a.py", "x = foo(1, 2, 3, 4)\n")]);
    let out = codesearch()
        .args(["explore", "foo", "--json", "--max-debug-nodes", "3"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let records = json_lines(&out.stdout);
    let m = &of_type(&records, "match")[0]["data"];
    assert_eq!(m["matched_node"]["kind"], "call");
    assert_eq!(m["ast_debug"]["kind"], "call");
    assert_eq!(m["ast_debug"]["children"].as_array().unwrap().len(), 2);
    assert_eq!(m["ast_debug"]["children"][1]["truncated"], 4);
}

#[test]
fn explore_file_dumps_one_tree() {
    let dir = tree(&[("a.go", "package m\n\nfunc F() {}\n")]);
    codesearch()
        .args(["explore", "--file", "a.go"])
        .current_dir(dir.path())
        .assert()
        .success()
        .stdout(predicate::str::starts_with("source_file [0:0-3:0]"))
        .stdout(predicate::str::contains(
            "  function_declaration [2:0-2:11] \"func F() {}\"",
        ))
        .stdout(predicate::str::contains(
            "    name: identifier [2:5-2:6] \"F\"",
        ));
    codesearch()
        .args(["explore", "--file", "nope.zzz"])
        .current_dir(dir.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unsupported language"));
}

#[test]
fn max_debug_nodes_is_bounded() {
    codesearch()
        .args(["explore", "--file", "x.py", "--max-debug-nodes", "501"])
        .assert()
        .code(2);
    codesearch()
        .args(["explore", "--file", "x.py", "--max-debug-nodes", "0"])
        .assert()
        .code(2);
    codesearch()
        .args(["xray", "x", "-C", "11"])
        .assert()
        .code(2);
}

#[cfg(unix)]
#[test]
fn non_utf8_path_is_exact_in_json_matches() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let name = std::ffi::OsStr::from_bytes(b"caf\xe9.py");
    std::fs::write(dir.path().join(name), "needle = 1\n").unwrap();
    let (records, _, status) = xray(dir.path(), &["needle"]);
    assert_eq!(status, 0);
    assert_eq!(
        of_type(&records, "match")[0]["data"]["path"],
        serde_json::json!({"bytes": "Y2Fm6S5weQ=="})
    );
}

#[cfg(unix)]
#[test]
fn unreadable_file_is_reported_and_the_run_goes_on() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tree(&[("open.py", "needle = 1\n"), ("closed.py", "needle = 2\n")]);
    let closed = dir.path().join("closed.py");
    std::fs::set_permissions(&closed, std::fs::Permissions::from_mode(0o000)).unwrap();
    let mut cmd = common::unprivileged_codesearch(dir.path());
    let out = cmd
        .args(["xray", "needle"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stdout, "open.py:1:1:needle = 1\n");
    assert!(
        stderr.contains("closed.py") && stderr.contains("Permission denied"),
        "{stderr}"
    );
}

/// The `error` record every command prints in JSON mode when an error ends the run.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RunErrorData {
    message: String,
    path: Option<PathData>,
}

#[test]
fn an_error_that_ends_the_run_is_a_json_record_too() {
    let dir = tree(&[("a.py", PY)]);
    for args in [
        &[
            "xray",
            "execute",
            "--json",
            "--eval",
            "import os\nreturn {}",
        ][..],
        &["xray", "(unclosed", "--json"],
        &["explore", "--file", "nope.zzz", "--json"],
    ] {
        let out = codesearch()
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let records = json_lines(&out.stdout);
        assert_eq!(records.len(), 1, "{args:?}: {records:?}");
        assert_eq!(records[0]["type"], "error");
        let e: RunErrorData = serde_json::from_value(records[0]["data"].clone()).unwrap();
        assert!(e.path.is_none());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(&e.message),
            "the same message on stderr: {stderr}"
        );
    }
}

#[test]
fn default_matches_explore_candidates_and_trees_follow_the_schema() {
    let dir = tree(&[("a.py", "x = foo(1)\ny = 2\nz = foo(3)\n")]);
    let records = records_of(dir.path(), &["xray", "foo", "-C", "1", "--json"]);
    let Record::Match(m) = &records[0] else {
        panic!("a match first: {records:?}")
    };
    assert_eq!((m.line, m.column, m.byte_offset), (1, Some(5), Some(4)));
    assert_eq!(m.line_content, "x = foo(1)");
    assert_eq!(
        (m.context_before.len(), m.context_after.clone()),
        (0, vec!["y = 2".to_string()])
    );
    assert!(m.fields.is_none() && m.line_truncated.is_none() && m.matched_node.is_none());
    assert_eq!(run_summary(&records).matches, 2);

    let records = records_of(dir.path(), &["explore", "foo", "--json"]);
    let Record::Match(m) = &records[0] else {
        panic!("a match first: {records:?}")
    };
    let node = m.matched_node.as_ref().expect("explore names the node");
    assert_eq!(
        (node.kind.as_str(), node.start, node.end),
        ("call", [0, 4], [0, 10])
    );
    assert_eq!(m.ast_debug.as_ref().unwrap()["kind"], "call");
    run_summary(&records);

    let records = records_of(dir.path(), &["xray", "foo", "-l", "--json"]);
    assert!(matches!(&records[0], Record::Candidate(c) if c.path.text.as_deref() == Some("a.py")));
    assert_eq!(run_summary(&records).files_total, 1);

    let records = records_of(dir.path(), &["explore", "--file", "a.py", "--json"]);
    let [Record::Ast(a), Record::Summary(AnySummary::Ast(s))] = records.as_slice() else {
        panic!("one tree, then its summary: {records:?}")
    };
    assert_eq!(a.path.text.as_deref(), Some("a.py"));
    assert_eq!((a.language.as_str(), a.omitted_nodes), ("python", 0));
    assert_eq!(a.ast_debug["kind"], "module");
    assert_eq!((s.files, s.omitted_nodes), (1, 0));
    assert!(s.nodes > 5 && s.elapsed_ms < 60_000);
}

#[test]
fn a_match_returned_with_line_number_prints_as_line() {
    let dir = tree(&[("a.py", PY)]);
    let code = "return {'matches': [{'line_number': 1, 'column': 'wide', 'line': 'mine', 'file_path': 'x'}]}";
    let (records, err, status) = xray(dir.path(), &["lookup", "--eval", code]);
    assert_eq!(status, 0, "{err}");
    let m = &of_type(&records, "match")[0]["data"];
    assert_eq!(m["line"], 1);
    assert!(m.get("line_number").is_none() && m.get("file_path").is_none());
    assert_eq!(
        m["path"]["text"], "a.py",
        "the evaluator's file_path is dropped"
    );
    assert_eq!(m["column"], Value::Null);
    assert_eq!(
        m["fields"],
        serde_json::json!({"column": "wide", "line": "mine"}),
        "keys of the evaluator's own, and known keys of another type, are kept under fields"
    );
}
