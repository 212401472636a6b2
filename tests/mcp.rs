//! `codesearch mcp serve`: every tool in single-request mode (one `tools/call` line, no
//! handshake, stdin closed: exactly one JSON value out, exit 0), a handshake session,
//! the stateless era, malformed input, cancellation, progress and answer budgets.
//! Payloads are deserialised with `deny_unknown_fields`: their keys are an API.

mod common;
#[path = "mcp/payloads.rs"]
mod payloads;

use std::path::Path;
use std::time::{Duration, Instant};

use serde::de::DeserializeOwned;
use serde_json::{json, Value};

use common::{codesearch, tree};
use payloads::*;

/// A small Python repository with a class, its callers and a helper module.
fn fixture() -> tempfile::TempDir {
    tree(&[
        (
            "app/auth.py",
            "import os\nfrom app.db import query\n\n\nclass AuthService:\n    \"\"\"Authentication service.\"\"\"\n    def login(self, name):\n        query(name)\n        self.audit(name)\n        return os.path.join(\"a\", name)\n\n    def audit(self, name):\n        pass\n\n\ndef authentication_service(svc):\n    return AuthService().login(\"x\") or svc.login(\"y\")\n",
        ),
        ("app/db.py", "def query(sql):\n    return sql\n"),
        ("web/handler.py", "from app.auth import AuthService\n\n\ndef handle(req):\n    return AuthService().login(req)\n"),
    ])
}

/// Runs the server in `dir` with `input` on stdin (then closed): exit code, stdout
/// lines as JSON, and the time it took. The run must end within 60 s.
fn serve_in(dir: &Path, args: &[&str], input: &str) -> (i32, Vec<Value>, Duration) {
    let started = Instant::now();
    let out = codesearch()
        .current_dir(dir)
        .args(["mcp", "serve"])
        .args(args)
        .write_stdin(input.to_string())
        .timeout(Duration::from_secs(60))
        .output()
        .expect("runs");
    let stdout = String::from_utf8(out.stdout).expect("stdout is UTF-8");
    let lines = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad line {l:?}: {e}")))
        .collect();
    (out.status.code().unwrap_or(-1), lines, started.elapsed())
}

fn call_line(id: u64, tool: &str, arguments: Value) -> String {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": tool, "arguments": arguments}})
        .to_string()
}

/// Single-request mode: one `tools/call` line; all of stdout must be one JSON value.
fn single(dir: &Path, tool: &str, arguments: Value) -> Value {
    let input = call_line(1, tool, arguments) + "\n";
    let out = codesearch()
        .current_dir(dir)
        .args(["mcp", "serve"])
        .write_stdin(input)
        .timeout(Duration::from_secs(60))
        .output()
        .expect("runs");
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert_eq!(text.matches('\n').count(), 1, "exactly one line: {text}");
    let response: Value = serde_json::from_str(&text).expect("all of stdout is one JSON value");
    assert_eq!(response["id"], 1);
    response
}

/// The payload of a successful single-request call, deserialised strictly; the
/// structured content is the same object.
fn payload<T: DeserializeOwned>(dir: &Path, tool: &str, arguments: Value) -> T {
    let r = single(dir, tool, arguments);
    assert!(r.get("error").is_none(), "{tool} failed: {r}");
    assert_eq!(r["result"]["isError"], false, "{r}");
    let text = r["result"]["content"][0]["text"]
        .as_str()
        .expect("text content");
    let value: Value = serde_json::from_str(text).expect("the text is JSON");
    assert_eq!(value, r["result"]["structuredContent"]);
    serde_json::from_value(value).unwrap_or_else(|e| panic!("{tool} payload: {e}: {text}"))
}

fn error_of(r: &Value) -> (i64, String) {
    let e = &r["error"];
    (
        e["code"].as_i64().expect("an error code"),
        e["message"].as_str().unwrap_or("").to_string(),
    )
}

#[test]
fn map_lists_files_and_their_outline() {
    let dir = fixture();
    let p: MapPayload = payload(dir.path(), "map", json!({"outline": true}));
    assert_eq!(p.files, 3);
    assert_eq!(p.languages["python"], 3);
    let auth = p
        .entries
        .iter()
        .find(|e| e.path == "app/auth.py")
        .expect("auth.py listed");
    let outline = auth.outline.as_ref().expect("an outline");
    let login = outline
        .iter()
        .find(|o| o.name == "login")
        .expect("login in the outline");
    assert_eq!((login.depth, login.line), (1, 7));
    assert_eq!(login.id, "app/auth.py::AuthService.login#method");
    assert!(!p.truncated);
}

#[test]
fn map_depth_limit_and_root_below_the_served_root() {
    let dir = fixture();
    let p: MapPayload = payload(dir.path(), "map", json!({"max_depth": 1}));
    assert_eq!(p.files, 0, "{:?}", p.entries);
    let p: MapPayload = payload(dir.path(), "map", json!({"root": "web"}));
    assert_eq!(
        p.entries
            .iter()
            .map(|e| e.path.as_str())
            .collect::<Vec<_>>(),
        ["web", "web/handler.py"]
    );
}

#[test]
fn find_symbol_ranks_and_says_why_when_empty() {
    let dir = fixture();
    let p: FindPayload = payload(
        dir.path(),
        "find_symbol",
        json!({"query": "auth service", "limit": 1}),
    );
    assert_eq!(p.symbols[0].qualified_name, "AuthService");
    assert_eq!(
        (p.shown, p.total, p.truncated, p.next_offset),
        (1, 2, true, Some(1))
    );
    let p: FindPayload = payload(dir.path(), "find_symbol", json!({"query": "zzzqqq"}));
    assert_eq!(p.total, 0);
    assert!(p.note.expect("a note").contains("no definition matches"));
}

#[test]
fn symbol_source_returns_one_definition_with_context() {
    let dir = fixture();
    let p: SourcePayload = payload(
        dir.path(),
        "symbol_source",
        json!({"id": "app/auth.py::AuthService.login#method", "context": 1}),
    );
    assert_eq!((p.source_start_line, p.source_end_line), (6, 11));
    assert!(p.source.contains("def login(self, name):"));
    assert!(!p.source.contains("def audit"));
    let r = single(
        dir.path(),
        "symbol_source",
        json!({"id": "app/auth.py::AuthService.logn#method"}),
    );
    assert_eq!(r["result"]["isError"], true);
    let text = r["result"]["content"][0]["text"].as_str().unwrap();
    assert!(
        text.contains("AuthService.login#method"),
        "close ids offered: {text}"
    );
}

#[test]
fn what_depends_resolves_calls_and_libraries() {
    let dir = fixture();
    let p: DependsPayload = payload(
        dir.path(),
        "what_depends",
        json!({"symbol": "AuthService.login"}),
    );
    let query = p
        .dependencies
        .iter()
        .find(|d| d.name == "query")
        .expect("query()");
    assert_eq!(query.resolution, "definition");
    assert_eq!(query.resolved.as_ref().unwrap().path, "app/db.py");
    assert!(p.dependencies.iter().any(|d| d.resolution == "external"));
}

#[test]
fn what_breaks_lists_callers_with_depth() {
    let dir = fixture();
    let p: BreaksPayload = payload(
        dir.path(),
        "what_breaks",
        json!({"symbol": "AuthService.login"}),
    );
    let callers: Vec<&str> = p
        .references
        .iter()
        .filter_map(|r| r.caller.as_ref())
        .map(|c| c.name.as_str())
        .collect();
    assert!(
        callers.contains(&"handle") && callers.contains(&"authentication_service"),
        "{callers:?}"
    );
    let p: BreaksPayload = payload(
        dir.path(),
        "what_breaks",
        json!({"symbol": "query", "depth": 2}),
    );
    assert!(
        p.references.iter().any(|r| r.depth == 2),
        "callers of login reached at depth 2"
    );
    let r = single(dir.path(), "what_breaks", json!({"symbol": "AuthServce"}));
    assert_eq!(r["result"]["isError"], true);
    let text = r["result"]["content"][0]["text"].as_str().unwrap();
    assert!(text.contains("AuthService"), "close names offered: {text}");
}

#[test]
fn xray_runs_an_evaluator_and_explains_a_rejected_one() {
    let dir = fixture();
    let eval = "out = []\nfor c in node.descendants_of_type(\"call\"):\n    out.append({\"line_number\": c.start_line, \"kind\": c.type})\nreturn {\"matches\": out, \"value\": len(out)}";
    let p: XrayPayload = payload(
        dir.path(),
        "xray",
        json!({"pattern": "login", "eval": eval, "glob": "web/**"}),
    );
    assert_eq!(p.files_total, 1);
    assert_eq!(p.matches[0].path, "web/handler.py");
    assert_eq!(p.matches[0].line, 5);
    assert_eq!(p.matches[0].fields.as_ref().unwrap()["kind"], "call");
    assert_eq!(p.values[0].path, "web/handler.py");
    assert!(p.values[0].value.as_u64().is_some_and(|n| n >= 1));
    let r = single(
        dir.path(),
        "xray",
        json!({"pattern": "login", "eval": "import os\nreturn {}"}),
    );
    assert_eq!(r["result"]["isError"], true);
    let text = r["result"]["content"][0]["text"].as_str().unwrap();
    assert!(text.contains("not allowed"), "{text}");
}

#[test]
fn explore_dumps_trees_around_hits_and_whole_files() {
    let dir = fixture();
    let p: XrayPayload = payload(
        dir.path(),
        "explore",
        json!({"pattern": "return sql", "max_debug_nodes": 3}),
    );
    assert!(p.matches[0].ast_debug.is_some() && p.matches[0].matched_node.is_some());
    let d: TreeDump = payload(
        dir.path(),
        "explore",
        json!({"file": "app/db.py", "max_debug_nodes": 5}),
    );
    assert_eq!((d.language.as_str(), d.nodes), ("python", 5));
    assert_eq!(d.ast_debug["kind"], "module");
    let d: TreeDump = payload(
        dir.path(),
        "explore",
        json!({"file": "app/auth.py", "max_debug_nodes": 500, "max_chars": 1500}),
    );
    assert!(d.nodes < 500 && d.note.unwrap().contains("max_chars=1500"));
}

#[test]
fn codesearch_search_scores_definitions_by_words() {
    let dir = fixture();
    let p: SearchPayload = payload(
        dir.path(),
        "codesearch_search",
        json!({"query": "authentication service", "file_pattern": null, "language": "python"}),
    );
    assert!(p.results.iter().all(|r| (0.7..=1.0).contains(&r.score)));
    assert_eq!(p.results[0].metadata.name, "authentication_service");
    assert!(p.results[0]
        .content
        .starts_with("def authentication_service"));
    let p: SearchPayload = payload(
        dir.path(),
        "codesearch_search",
        json!({"query": "query", "filePattern": "app/db.py"}),
    );
    assert_eq!(p.results.len(), 1);
    assert_eq!((p.results[0].line, p.results[0].end_line), (1, 2));
}

#[test]
fn codesearch_trace_callers_and_callees() {
    let dir = fixture();
    let p: TracePayload = payload(
        dir.path(),
        "codesearch_trace_callers",
        json!({"symbol": "query"}),
    );
    assert_eq!(
        p.symbols
            .iter()
            .map(|s| s.symbol.as_str())
            .collect::<Vec<_>>(),
        ["AuthService.login"]
    );
    let p: TracePayload = payload(
        dir.path(),
        "codesearch_trace_callers",
        json!({"symbol": "query", "recursive": true, "maxDepth": 2}),
    );
    let names: Vec<&str> = p.symbols.iter().map(|s| s.symbol.as_str()).collect();
    assert!(
        names.contains(&"handle") && names.contains(&"authentication_service"),
        "{names:?}"
    );
    let p: TracePayload = payload(
        dir.path(),
        "codesearch_trace_callees",
        json!({"symbol": "login", "file": "app/auth.py", "recursive": null}),
    );
    assert_eq!(
        p.symbols,
        [
            TraceSymbol {
                symbol: "query".into(),
                file: "app/db.py".into(),
                line: 1,
                kind: "function".into(),
                signature: "def query(sql):".into()
            },
            TraceSymbol {
                symbol: "AuthService.audit".into(),
                file: "app/auth.py".into(),
                line: 12,
                kind: "method".into(),
                signature: "def audit(self, name):".into()
            },
        ]
    );
}

#[test]
fn codesearch_trace_graph_has_nodes_with_both_directions() {
    let dir = fixture();
    let p: GraphPayload = payload(
        dir.path(),
        "codesearch_trace_graph",
        json!({"symbol": "AuthService.login", "depth": 2, "includeCallers": true}),
    );
    let root = &p.nodes[0];
    assert_eq!(
        (root.symbol.symbol.as_str(), root.depth),
        ("AuthService.login", 0)
    );
    assert_eq!(root.callers.len(), 2);
    assert_eq!(root.callees.len(), 2);
    assert!(p.nodes[1..].iter().all(|n| n.depth == 1));
}

#[test]
fn sidecar_failures_are_json_rpc_errors() {
    let dir = fixture();
    let r = single(
        dir.path(),
        "codesearch_trace_callers",
        json!({"symbol": "nothing_named_so"}),
    );
    let (code, message) = error_of(&r);
    assert_eq!(code, -32000);
    assert!(message.contains("no definition named"), "{message}");
    let r = single(dir.path(), "codesearch_search", json!({"limit": 3}));
    assert_eq!(error_of(&r).0, -32602);
}

#[test]
fn session_initialize_list_call_then_eof_exits_zero() {
    let dir = fixture();
    let input = [
        json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}).to_string(),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string(),
        json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}).to_string(),
        call_line(2, "find_symbol", json!({"query": "query"})),
        call_line(3, "what_breaks", json!({"symbol": "query"})),
        call_line(4, "map", json!({})),
        json!({"jsonrpc": "2.0", "id": 5, "method": "ping"}).to_string(),
    ]
    .join("\n");
    let (code, lines, took) = serve_in(dir.path(), &[], &input);
    assert_eq!(code, 0);
    assert!(took < Duration::from_secs(30), "took {took:?}");
    let ids: Vec<&Value> = lines.iter().map(|l| &l["id"]).collect();
    assert_eq!(
        ids,
        [
            &json!(0),
            &json!(1),
            &json!(2),
            &json!(3),
            &json!(4),
            &json!(5)
        ]
    );
    assert_eq!(lines[0]["result"]["protocolVersion"], "2025-06-18");
    let tools = lines[1]["result"]["tools"].as_array().unwrap();
    let names: Vec<&str> = tools.iter().map(|t| t["name"].as_str().unwrap()).collect();
    for want in [
        "map",
        "find_symbol",
        "symbol_source",
        "what_depends",
        "what_breaks",
        "xray",
        "explore",
        "codesearch_search",
        "codesearch_trace_callers",
        "codesearch_trace_callees",
        "codesearch_trace_graph",
    ] {
        assert!(names.contains(&want), "{want} listed");
    }
    for t in tools {
        assert_eq!(t["annotations"]["readOnlyHint"], true);
        assert_eq!(t["inputSchema"]["type"], "object");
        assert!(t["description"].as_str().unwrap().len() > 40);
    }
    assert!(
        lines[1]["result"].get("resultType").is_none(),
        "handshake-era results carry no resultType"
    );
    assert_eq!(lines[5]["result"], json!({}));
}

#[test]
fn initialize_with_an_unknown_version_offers_the_newest() {
    let dir = fixture();
    let input = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2099-01-01", "capabilities": {}}}).to_string();
    let (_, lines, _) = serve_in(dir.path(), &[], &input);
    assert_eq!(lines[0]["result"]["protocolVersion"], "2025-11-25");
    assert_eq!(lines[0]["result"]["serverInfo"]["name"], "codesearch");
}

fn meta(version: &str) -> Value {
    json!({"io.modelcontextprotocol/protocolVersion": version, "io.modelcontextprotocol/clientCapabilities": {}})
}

#[test]
fn stateless_era_discover_meta_and_result_type() {
    let dir = fixture();
    let input = [
        json!({"jsonrpc": "2.0", "id": "d", "method": "server/discover", "params": {"_meta": meta("2026-07-28")}}).to_string(),
        json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"_meta": meta("2026-07-28")}}).to_string(),
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"_meta": meta("2026-07-28"), "name": "find_symbol", "arguments": {"query": "audit"}}}).to_string(),
        json!({"jsonrpc": "2.0", "id": 3, "method": "tools/list", "params": {"_meta": meta("2031-01-01")}}).to_string(),
        json!({"jsonrpc": "2.0", "id": 4, "method": "tools/list", "params": {"_meta": {"io.modelcontextprotocol/protocolVersion": 7}}}).to_string(),
        json!({"jsonrpc": "2.0", "id": 5, "method": "tools/list", "params": {"_meta": "no"}}).to_string(),
    ]
    .join("\n");
    let (code, lines, _) = serve_in(dir.path(), &[], &input);
    assert_eq!(code, 0);
    let d = &lines[0]["result"];
    assert_eq!(d["resultType"], "complete");
    assert!(d["supportedVersions"]
        .as_array()
        .unwrap()
        .contains(&json!("2026-07-28")));
    assert!(d["supportedVersions"]
        .as_array()
        .unwrap()
        .contains(&json!("2024-11-05")));
    assert_eq!(d["capabilities"], json!({"tools": {}}));
    assert_eq!(
        d["_meta"]["io.modelcontextprotocol/serverInfo"]["name"],
        "codesearch"
    );
    assert!(d["instructions"].is_string() && d["ttlMs"].is_u64() && d["cacheScope"].is_string());
    assert_eq!(lines[1]["result"]["resultType"], "complete");
    assert_eq!(lines[2]["result"]["resultType"], "complete");
    assert_eq!(
        lines[2]["result"]["structuredContent"]["symbols"][0]["name"],
        "audit"
    );
    let (code, _) = error_of(&lines[3]);
    assert_eq!(code, -32022);
    assert_eq!(lines[3]["error"]["data"]["requested"], "2031-01-01");
    assert!(lines[3]["error"]["data"]["supported"]
        .as_array()
        .unwrap()
        .contains(&json!("2026-07-28")));
    assert_eq!(error_of(&lines[4]).0, -32602);
    assert_eq!(error_of(&lines[5]).0, -32602);
}

#[test]
fn malformed_input_gets_json_rpc_errors_and_the_server_goes_on() {
    let dir = fixture();
    let outside = tempfile::tempdir().unwrap();
    let secret = common::write(outside.path(), "secret.py", b"def secret():\n    pass\n");
    let input = [
        "this is not json".to_string(),
        json!([{"jsonrpc": "2.0", "id": 1, "method": "ping"}]).to_string(),
        json!({"jsonrpc": "2.0", "id": 2, "method": "resources/list"}).to_string(),
        call_line(3, "no_such_tool", json!({})),
        call_line(4, "what_breaks", json!({})),
        call_line(5, "map", json!({"root": outside.path()})),
        call_line(6, "map", json!({"root": "../"})),
        call_line(7, "find_symbol", json!({"query": 42})),
        call_line(
            8,
            "what_depends",
            json!({"symbol": format!("{}:1", secret.display())}),
        ),
        json!({"jsonrpc": "2.0", "id": 9, "method": "ping"}).to_string(),
    ]
    .join("\n");
    let (code, lines, _) = serve_in(dir.path(), &[], &input);
    assert_eq!(code, 0);
    let codes: Vec<(Value, i64)> = lines[..9]
        .iter()
        .map(|l| (l["id"].clone(), error_of(l).0))
        .collect();
    assert_eq!(
        codes,
        [
            (Value::Null, -32700),
            (Value::Null, -32600),
            (json!(2), -32601),
            (json!(3), -32602),
            (json!(4), -32602),
            (json!(5), -32602),
            (json!(6), -32602),
            (json!(7), -32602),
            (json!(8), -32602),
        ]
    );
    assert!(error_of(&lines[5]).1.contains("outside the served root"));
    assert!(error_of(&lines[4]).1.contains("symbol"));
    assert!(error_of(&lines[8]).1.contains("outside the served root"));
    assert_eq!(lines[9]["result"], json!({}));
}

#[test]
fn a_huge_line_is_refused_quickly_and_the_next_one_answered() {
    let dir = fixture();
    let huge = format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{{\"x\":\"{}\"}}}}",
        "a".repeat(6 << 20)
    );
    let input = format!(
        "{huge}\n{}\n",
        json!({"jsonrpc": "2.0", "id": 2, "method": "ping"})
    );
    let (code, lines, took) = serve_in(dir.path(), &[], &input);
    assert_eq!(code, 0);
    assert!(took < Duration::from_secs(10), "took {took:?}");
    assert_eq!(lines.len(), 2);
    assert_eq!(error_of(&lines[0]).0, -32600);
    assert_eq!(lines[1]["id"], 2);
}

#[test]
fn a_cancelled_request_gets_no_answer() {
    let dir = fixture();
    let input = [
        call_line(1, "xray", json!({"pattern": "def", "eval": "while True:\n    pass", "eval_timeout": 2})),
        json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1, "reason": "user"}}).to_string(),
        json!({"jsonrpc": "2.0", "id": 2, "method": "ping"}).to_string(),
    ]
    .join("\n");
    let (code, lines, took) = serve_in(dir.path(), &[], &input);
    assert_eq!(code, 0);
    assert_eq!(
        lines.iter().map(|l| l["id"].clone()).collect::<Vec<_>>(),
        [json!(2)]
    );
    assert!(took < Duration::from_secs(20), "took {took:?}");
}

#[test]
fn progress_only_with_a_progress_token() {
    let dir = fixture();
    let with = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"_meta": {"progressToken": "p1"}, "name": "xray", "arguments": {"pattern": "def"}}}).to_string();
    let (_, lines, _) = serve_in(dir.path(), &[], &with);
    let (progress, answers): (Vec<&Value>, Vec<&Value>) =
        lines.iter().partition(|l| l.get("id").is_none());
    assert_eq!(answers.len(), 1);
    assert!(!progress.is_empty(), "a progress notification");
    assert!(progress
        .iter()
        .all(|p| p["method"] == "notifications/progress" && p["params"]["progressToken"] == "p1"));
    let (_, lines, _) = serve_in(
        dir.path(),
        &[],
        &call_line(1, "xray", json!({"pattern": "def"})),
    );
    assert_eq!(lines.len(), 1, "no notification without a token");
}

#[test]
fn answers_stay_within_the_character_budget_and_page_on() {
    let files: Vec<(String, String)> = (0..300)
        .map(|i| {
            (
                format!("pkg/m{i:03}.py"),
                format!("def f{i}():\n    return {i}\n"),
            )
        })
        .collect();
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, c)| (p.as_str(), c.as_str()))
        .collect();
    let dir = tree(&refs);
    let (_, lines, _) = serve_in(
        dir.path(),
        &["--max-chars", "2000"],
        &call_line(1, "map", json!({})),
    );
    let text = lines[0]["result"]["content"][0]["text"].as_str().unwrap();
    assert!(text.len() <= 2000, "{} characters", text.len());
    let first: MapPayload = serde_json::from_str(text).unwrap();
    assert!(first.truncated && first.shown > 0 && first.total == 302);
    let next = first.next_offset.expect("next_offset");
    assert!(first.note.unwrap().contains("max_chars=2000"));
    let p: MapPayload = payload(
        dir.path(),
        "map",
        json!({"offset": next, "max_chars": 1_000_000}),
    );
    assert_eq!(p.entries[0].path, first_after(&first.entries));
    assert_eq!(p.shown, 302 - next);
    assert!(!p.truncated);
}

/// The path that follows the last entry shown (entries are in path order).
fn first_after(entries: &[MapEntry]) -> String {
    let last = &entries.last().unwrap().path;
    let n: usize = last
        .trim_start_matches("pkg/m")
        .trim_end_matches(".py")
        .parse()
        .unwrap();
    format!("pkg/m{:03}.py", n + 1)
}

#[test]
fn the_root_argument_of_the_command_is_the_served_root() {
    let dir = fixture();
    let out = codesearch()
        .args(["mcp", "serve"])
        .arg(dir.path())
        .write_stdin(call_line(1, "find_symbol", json!({"query": "handle"})))
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let r: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        r["result"]["structuredContent"]["symbols"][0]["path"],
        "web/handler.py"
    );
}

#[test]
fn cancelling_a_running_xray_stops_it_between_files() {
    let files: Vec<(String, &str)> = (0..40)
        .map(|i| (format!("m{i:02}.py"), "def f():\n    pass\n"))
        .collect();
    let refs: Vec<(&str, &str)> = files.iter().map(|(p, c)| (p.as_str(), *c)).collect();
    let dir = tree(&refs);
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("codesearch"))
        .current_dir(dir.path())
        .args(["mcp", "serve", "-j", "2"])
        .env("CODESEARCH_INDEX_DIR", common::index_dir())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("spawns");
    let started = Instant::now();
    let mut stdin = child.stdin.take().unwrap();
    use std::io::Write;
    // Every file takes its whole one-second evaluation budget: 20 s for all of them.
    let slow = call_line(
        1,
        "xray",
        json!({"pattern": "def", "eval": "while True:\n    pass", "eval_timeout": 1}),
    );
    writeln!(stdin, "{slow}").unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let cancel =
        json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1}});
    writeln!(
        stdin,
        "{cancel}\n{}",
        json!({"jsonrpc": "2.0", "id": 2, "method": "ping"})
    )
    .unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let took = started.elapsed();
    assert_eq!(out.status.code(), Some(0));
    let ids: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["id"].clone())
        .collect();
    assert_eq!(ids, [json!(2)], "only the ping is answered");
    assert!(took < Duration::from_secs(10), "stopped early: {took:?}");
}

#[cfg(unix)]
#[test]
fn an_empty_answer_with_unreadable_files_says_it_is_partial() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tree(&[
        ("a.py", "def target():\n    pass\n"),
        ("b.py", "from a import target\ntarget()\n"),
    ]);
    std::fs::set_permissions(
        dir.path().join("b.py"),
        std::fs::Permissions::from_mode(0o000),
    )
    .unwrap();
    let out = common::unprivileged_codesearch(dir.path())
        .current_dir(dir.path())
        .args(["mcp", "serve", "--no-index"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            let line = call_line(1, "what_breaks", json!({"symbol": "target"}));
            child.stdin.take().unwrap().write_all(line.as_bytes())?;
            child.wait_with_output()
        })
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
    let r: Value = serde_json::from_slice(&out.stdout).expect("one JSON answer");
    let p: BreaksPayload =
        serde_json::from_value(r["result"]["structuredContent"].clone()).unwrap();
    assert_eq!((p.total, p.unreadable_files), (0, 1));
    assert!(p.note.unwrap().contains("partial"));
}

#[test]
fn index_status_says_missing_then_ready_and_changed_files() {
    let dir = fixture();
    let p = dir.path();
    let s: IndexStatusPayload = payload(p, "index_status", json!({}));
    assert_eq!(
        (s.exists, s.state.as_str(), s.files),
        (false, "missing", 0),
        "{s:?}"
    );
    // A symbol question builds the index of a small tree at once.
    let _: Value = single(p, "find_symbol", json!({"query": "AuthService"}));
    let s: IndexStatusPayload = payload(p, "index_status", json!({}));
    assert!(s.exists && s.files == 3 && s.symbols >= 5, "{s:?}");
    assert_eq!((s.state.as_str(), s.changed_since), ("ready", 0), "{s:?}");
    assert_eq!(s.id.len(), 16);
    std::fs::write(p.join("app/new.py"), "def fresh():\n    pass\n").unwrap();
    let s: IndexStatusPayload = payload(p, "index_status", json!({}));
    assert_eq!((s.state.as_str(), s.changed_since), ("stale", 1), "{s:?}");
}

#[test]
fn codesearch_index_status_and_repo_request_follow_the_sidecar_keys() {
    let dir = fixture();
    let p = dir.path();
    let s: SidecarStatusPayload = payload(p, "codesearch_index_status", json!({"project": null}));
    assert_eq!(
        (s.status.files_indexed, s.status.state.as_str()),
        (0, "idle")
    );
    let r: RepoRequestPayload = payload(
        p,
        "codesearch_repo_request",
        json!({"name": "demo", "type": "local", "path": ".", "strategy": "job", "interval": null}),
    );
    assert_eq!((r.name.as_str(), r.kind.as_str()), ("demo", "local"));
    assert!(matches!(r.status.as_str(), "indexing" | "ready"), "{r:?}");
    // The background build finishes on its own.
    let started = Instant::now();
    loop {
        let s: SidecarStatusPayload =
            payload(p, "codesearch_index_status", json!({"project": r.id}));
        if s.status.files_indexed == 3 && s.status.chunks > 0 {
            assert!(s.status.last_indexed.is_some());
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the build did not finish: {s:?}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    let remote = single(
        p,
        "codesearch_repo_request",
        json!({"name": "x", "type": "remote", "url": "https://example.com/x.git"}),
    );
    let (code, message) = error_of(&remote);
    assert_eq!(code, -32000);
    assert!(message.contains("does not fetch"), "{message}");
    let outside = single(p, "codesearch_repo_request", json!({"path": "/"}));
    assert_eq!(error_of(&outside).0, -32602);
}

#[test]
fn a_first_question_on_a_big_tree_answers_from_a_fresh_parse_and_builds_in_the_background() {
    let dir = tempfile::tempdir().unwrap();
    for n in 0..1200 {
        common::write(
            dir.path(),
            &format!("pkg{}/m{n}.py", n % 30),
            format!("def f{n}():\n    return f{}()\n", (n + 1) % 1200).as_bytes(),
        );
    }
    let p = dir.path();
    let started = Instant::now();
    let answer = single(p, "what_breaks", json!({"symbol": "f5"}));
    assert!(answer.get("error").is_none(), "{answer}");
    let text = answer["result"]["content"][0]["text"].as_str().unwrap();
    assert!(text.contains("pkg4/m4.py"), "{text}");
    assert!(started.elapsed() < Duration::from_secs(20));
    let s: IndexStatusPayload = payload(p, "index_status", json!({}));
    assert!(s.state == "indexing" || s.files == 1200, "{s:?}");
    let started = Instant::now();
    loop {
        let s: IndexStatusPayload = payload(p, "index_status", json!({}));
        if s.files == 1200 && s.state == "ready" {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(60), "{s:?}");
        std::thread::sleep(Duration::from_millis(300));
    }
}
