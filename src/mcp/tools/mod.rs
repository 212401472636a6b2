//! The tools: one registry entry each ([`TOOLS`]), one file per family.
//!
//! A tool is a name, a description that tells an agent when to use it, a JSON Schema
//! for its arguments, its family, and a function from arguments to a payload object.
//! Adding a tool is adding one entry. Every payload goes out as the JSON text of
//! `content[0]` and again as `structuredContent`.
//!
//! Failures: arguments the schema does not allow (a missing or ill-typed argument, a
//! path outside the served root) are JSON-RPC `-32602` errors for every tool. A tool
//! that ran and failed (a symbol not found, an evaluator rejected) answers, in the
//! native family, a result with `isError: true` whose payload says what to change; in
//! the sidecar family (`codesearch_*`, whose clients read only JSON-RPC errors) a
//! JSON-RPC error `-32000` with the same payload as `data`.

mod args;
mod index;
mod map;
mod query;
mod sidecar;
mod source;
mod symbols;
mod xray;

use serde_json::{json, Map, Value};

pub use args::{inside, Args};

use super::budget::Page;
use super::protocol::{RpcError, INVALID_PARAMS, TOOL_FAILED};
use super::Server;

/// What a tool call runs with.
pub struct ToolContext<'a> {
    pub server: &'a Server,
    /// Whether the client cancelled this request.
    pub cancelled: &'a (dyn Fn() -> bool + Sync),
    /// Reports progress (done, total, message); a no-op unless the request carried a
    /// `progressToken`.
    pub progress: &'a (dyn Fn(u64, Option<u64>, &str) + Sync),
}

/// Why a tool call gives no payload.
#[derive(Debug)]
pub enum ToolError {
    /// The arguments do not fit the tool's schema or the served root.
    InvalidArguments(String),
    /// The tool ran and failed; the payload (with an `error` message) says why.
    Failed(Value),
}

impl ToolError {
    /// A failure with a message and extra keys.
    pub fn failed(message: impl Into<String>, extra: Value) -> ToolError {
        let mut payload = json!({"error": message.into()});
        if let (Value::Object(p), Value::Object(e)) = (&mut payload, extra) {
            p.extend(e);
        }
        ToolError::Failed(payload)
    }
}

/// The two tool families.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// Follows the MCP spec: execution failures are `isError` results.
    Native,
    /// The `codesearch_*` tools of spawn-per-call clients: failures are JSON-RPC errors.
    Sidecar,
}

/// One tool.
pub struct Tool {
    pub name: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    pub family: Family,
    /// The JSON Schema of the arguments (an object schema).
    pub schema: fn() -> Value,
    pub run: fn(&ToolContext<'_>, &Args) -> Result<Value, ToolError>,
}

/// Every tool, in the order `tools/list` shows them.
pub const TOOLS: &[Tool] = &[
    map::MAP,
    symbols::FIND_SYMBOL,
    source::SYMBOL_SOURCE,
    symbols::WHAT_DEPENDS,
    symbols::WHAT_BREAKS,
    xray::XRAY,
    xray::EXPLORE,
    index::INDEX_STATUS,
    sidecar::SEARCH,
    sidecar::TRACE_CALLERS,
    sidecar::TRACE_CALLEES,
    sidecar::TRACE_GRAPH,
    index::SIDECAR_STATUS,
    index::REPO_REQUEST,
];

/// The `tools/list` entries.
pub fn list() -> Vec<Value> {
    TOOLS
        .iter()
        .map(|t| {
            json!({
                "name": t.name,
                "title": t.title,
                "description": t.description,
                "inputSchema": (t.schema)(),
                "annotations": {
                    "title": t.title,
                    "readOnlyHint": true,
                    "destructiveHint": false,
                    "idempotentHint": true,
                    "openWorldHint": false,
                },
            })
        })
        .collect()
}

/// Answers `tools/call`.
pub fn call(ctx: &ToolContext<'_>, params: &Map<String, Value>) -> Result<Value, RpcError> {
    let name = match params.get("name") {
        Some(Value::String(n)) => n.as_str(),
        _ => {
            return Err(RpcError::invalid_params(
                "tools/call needs \"name\" (a string)",
            ))
        }
    };
    let Some(tool) = TOOLS.iter().find(|t| t.name == name) else {
        let names: Vec<&str> = TOOLS.iter().map(|t| t.name).collect();
        return Err(RpcError::invalid_params(format!("unknown tool: {name}"))
            .with_data(json!({"tools": names})));
    };
    let args = match params.get("arguments") {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(a)) => a.clone(),
        Some(_) => return Err(RpcError::invalid_params("\"arguments\" must be an object")),
    };
    match (tool.run)(ctx, &Args::new(args)) {
        Ok(payload) => Ok(tool_result(&payload, false)),
        Err(ToolError::InvalidArguments(msg)) => Err(RpcError::new(
            INVALID_PARAMS,
            format!("{}: {msg}", tool.name),
        )),
        Err(ToolError::Failed(payload)) => match tool.family {
            Family::Native => Ok(tool_result(&payload, true)),
            Family::Sidecar => {
                let msg = payload["error"].as_str().unwrap_or("the tool failed");
                Err(RpcError::new(TOOL_FAILED, format!("{}: {msg}", tool.name)).with_data(payload))
            }
        },
    }
}

fn tool_result(payload: &Value, is_error: bool) -> Value {
    let text = payload.to_string();
    json!({
        "content": [{"type": "text", "text": text}],
        "structuredContent": payload,
        "isError": is_error,
    })
}

/// The schema of the arguments every native tool takes: `root` and the budget.
fn common_properties() -> Map<String, Value> {
    let mut p = Map::new();
    p.insert(
        "root".into(),
        json!({"type": ["string", "null"], "description": "Directory to answer about: the server's root (the default) or a directory below it, absolute or relative to the server's root. Paths outside it are refused."}),
    );
    p.insert(
        "max_chars".into(),
        json!({"type": ["integer", "null"], "minimum": 200, "description": "Most characters of the answer (default: the server's budget, 20000). A cut answer says truncated, total and next_offset."}),
    );
    p
}

/// The paging arguments of list tools.
fn paging_properties(p: &mut Map<String, Value>, default_limit: usize) {
    p.insert(
        "limit".into(),
        json!({"type": ["integer", "null"], "minimum": 1, "description": format!("Most items to show (default {default_limit}).")}),
    );
    p.insert(
        "offset".into(),
        json!({"type": ["integer", "null"], "minimum": 0, "description": "Items to skip: pass a previous answer's next_offset to read on."}),
    );
}

/// The walker over `paths` with the call's walk options; a bad glob or type is an
/// argument error.
fn walker(paths: &[std::path::PathBuf], args: &Args) -> Result<crate::walk::Walker, ToolError> {
    crate::walk::Walker::new(paths, &args.walk()?)
        .map_err(|e| ToolError::InvalidArguments(e.to_string()))
}

/// The schema of the walk options (`glob`, `type`, `type_not`, `hidden`, `no_ignore`).
fn walk_properties(p: &mut Map<String, Value>) {
    let list = |d: &str| json!({"type": ["array", "string", "null"], "items": {"type": "string"}, "description": d});
    p.insert("glob".into(), list("Only paths matching these globs (gitignore style, relative to root; a leading ! excludes)."));
    p.insert(
        "type".into(),
        list("Only files of these languages (python, rust, ts, ...)."),
    );
    p.insert("type_not".into(), list("Not files of these languages."));
    p.insert("hidden".into(), json!({"type": ["boolean", "null"], "description": "Also walk hidden files and directories."}));
    p.insert("no_ignore".into(), json!({"type": ["boolean", "null"], "description": "Ignore .gitignore/.ignore rules and the default exclusions."}));
}

/// An object schema from properties and the required names.
fn object_schema(properties: Map<String, Value>, required: &[&str]) -> Value {
    json!({"type": "object", "properties": properties, "required": required})
}

/// The page a list tool shows: `offset`, `limit` (default `default_limit`) and
/// `max_chars` (default the server's).
fn page(ctx: &ToolContext<'_>, args: &Args, default_limit: usize) -> Result<Page, ToolError> {
    Ok(Page {
        offset: args.usize("offset")?.unwrap_or(0),
        limit: args.usize("limit")?.unwrap_or(default_limit).max(1),
        max_chars: args
            .usize("max_chars")?
            .unwrap_or(ctx.server.max_chars)
            .max(200),
    })
}
