//! A real MCP client against `codesearch mcp serve`: the official MCP Python SDK (`mcp`
//! on PyPI) connects over stdio in both eras (the initialize handshake, and
//! `server/discover` with the stateless protocol), lists the tools, checks every input
//! schema is a valid JSON Schema, and calls every tool on a fixture repository.
//!
//! The SDK is installed by this test into a virtual environment under cargo's target
//! directory and kept there, so later runs start at once. When it cannot be installed
//! (no `python3`, PyPI out of reach), the test fails and says why: it never skips.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use serde_json::{json, Value};

/// The SDK versions this test is written for (the 2.x client speaks both eras).
const SDK: &str = "mcp>=2.3,<3";

/// The venv's Python, installing the SDK on first use (once per test binary).
fn sdk_python() -> &'static Path {
    static PYTHON: OnceLock<PathBuf> = OnceLock::new();
    PYTHON.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("mcp-python-sdk");
        let python = dir.join("bin").join("python");
        let marker = dir.join("installed-requirement");
        if std::fs::read_to_string(&marker).ok().as_deref() == Some(SDK) && python.exists() {
            return python;
        }
        run_setup(Command::new("python3").args(["-m", "venv", "--clear"]).arg(&dir), "create a Python venv with `python3 -m venv`");
        run_setup(
            Command::new(dir.join("bin").join("pip"))
                .args(["install", "--quiet", "--disable-pip-version-check", "--timeout", "30", "--retries", "2"])
                .args([SDK, "jsonschema"]),
            "install the MCP Python SDK from PyPI (pip install mcp); this test needs PyPI to be reachable",
        );
        std::fs::write(&marker, SDK).expect("write the venv marker");
        python
    })
}

fn run_setup(cmd: &mut Command, what: &str) {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("could not {what}: {e}"));
    assert!(
        out.status.success(),
        "could not {what}: {}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
}

fn fixture() -> tempfile::TempDir {
    common::tree(&[
        (
            "shop/cart.py",
            "from shop.prices import price_of\n\n\nclass Cart:\n    \"\"\"A shopping cart.\"\"\"\n    def total(self, items):\n        return sum(price_of(i) for i in items)\n\n\ndef checkout(cart, items):\n    first = price_of(items[0])\n    return cart.total(items) + first\n",
        ),
        ("shop/prices.py", "def price_of(item):\n    return len(item)\n"),
    ])
}

/// One call per tool, with arguments the tool's own schema must accept.
fn calls() -> Value {
    json!({
        "map": {"outline": true},
        "find_symbol": {"query": "cart total"},
        "symbol_source": {"id": "shop/cart.py::Cart.total#method", "context": 1},
        "what_depends": {"symbol": "Cart.total"},
        "what_breaks": {"symbol": "price_of", "depth": 2},
        "xray": {"pattern": "return", "eval": "return {\"matches\": [{\"line_number\": n.start_line} for n in node.descendants_of_type(\"return_statement\")]}"},
        "explore": {"file": "shop/prices.py", "max_debug_nodes": 10},
        "codesearch_search": {"query": "shopping cart", "limit": 5},
        "codesearch_trace_callers": {"symbol": "price_of", "recursive": true, "max_depth": 3},
        "codesearch_trace_callees": {"symbol": "checkout"},
        "codesearch_trace_graph": {"symbol": "Cart.total", "depth": 2},
        "index_status": {},
        "codesearch_index_status": {"project": null},
        "codesearch_repo_request": {"name": "shop", "type": "local", "path": "."},
    })
}

/// The list each payload must have, non-empty.
const EXPECTED: &[(&str, &str)] = &[
    ("map", "entries"),
    ("find_symbol", "symbols"),
    ("what_depends", "dependencies"),
    ("what_breaks", "references"),
    ("xray", "matches"),
    ("codesearch_search", "results"),
    ("codesearch_trace_callers", "symbols"),
    ("codesearch_trace_callees", "symbols"),
    ("codesearch_trace_graph", "nodes"),
];

fn drive(mode: &str) -> Value {
    let dir = fixture();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mcp_sdk/client.py");
    let out = Command::new(sdk_python())
        .env("CODESEARCH_INDEX_DIR", common::index_dir())
        .arg(script)
        .arg(assert_cmd::cargo::cargo_bin("codesearch"))
        .arg(dir.path())
        .arg(mode)
        .arg(calls().to_string())
        .output()
        .expect("runs the SDK client");
    assert!(
        out.status.success(),
        "the SDK client failed ({mode}): {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("the client's report is JSON")
}

fn check(report: &Value) {
    assert_eq!(report["server_name"], "codesearch");
    let tools = report["tools"].as_object().expect("tools");
    assert_eq!(tools.len(), calls().as_object().unwrap().len(), "{tools:?}");
    for (name, t) in tools {
        assert_eq!(t["read_only"], true, "{name}");
        assert_eq!(t["described"], true, "{name}");
        let call = &report["calls"][name];
        assert_eq!(call["is_error"], false, "{name}: {call}");
    }
    for (tool, key) in EXPECTED {
        let list = report["calls"][tool]["payload"][key].as_array();
        assert!(
            list.is_some_and(|l| !l.is_empty()),
            "{tool}: {key} is empty: {}",
            report["calls"][tool]
        );
    }
    let source = &report["calls"]["symbol_source"]["payload"]["source"];
    assert!(source.as_str().unwrap().contains("def total(self, items):"));
    assert_eq!(
        report["calls"]["explore"]["payload"]["ast_debug"]["kind"],
        "module"
    );
    let callers: Vec<&str> = report["calls"]["codesearch_trace_callers"]["payload"]["symbols"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["symbol"].as_str().unwrap())
        .collect();
    assert_eq!(callers, ["Cart.total", "checkout"]);
}

#[test]
fn python_sdk_over_the_initialize_handshake() {
    let report = drive("legacy");
    assert_eq!(report["protocol_version"], "2025-11-25");
    check(&report);
}

#[test]
fn python_sdk_over_the_stateless_protocol() {
    // "auto" probes server/discover and adopts the newest version both sides speak.
    let report = drive("auto");
    assert_eq!(report["protocol_version"], "2026-07-28");
    check(&report);
}
