//! The `codesearch_*` family: the tool names, argument names and payload keys that
//! agent platforms running codesearch as a spawn-per-call sidecar expect.
//!
//! - `codesearch_search` `{query, limit=10, threshold=0.7, file_pattern, language}` →
//!   `{"results": [{file, line, end_line, content, score, language, metadata}]}`;
//! - `codesearch_trace_callers` / `codesearch_trace_callees` `{symbol, file,
//!   recursive=false, max_depth=3}` → `{"symbols": [{symbol, file, line, kind,
//!   signature}]}`;
//! - `codesearch_trace_graph` `{symbol, file, depth=2, include_callers=true,
//!   include_callees=true}` → `{"nodes": [{symbol, callers, callees, depth}]}`.
//!
//! Every payload also says what a cut left out (`total`, `truncated`, ...). Failures
//! are JSON-RPC errors (see [`super::Family::Sidecar`]).

use std::collections::{HashSet, VecDeque};

use serde_json::{json, Map, Value};

use super::query::with_targets;
use super::{object_schema, page, Args, Family, Tool, ToolContext, ToolError};
use crate::facts::RefKind;
use crate::mcp::budget::fit;
use crate::query::breaks::what_breaks;
use crate::query::depends::what_depends;
use crate::query::resolve::{DefRef, Resolution, Resolver};
use crate::query::target::Target;
use crate::symbols::Symbol;

mod score;
mod search;

pub use search::SEARCH;

pub const TRACE_CALLERS: Tool = Tool {
    name: "codesearch_trace_callers",
    title: "Callers of a symbol",
    description:
        "The definitions that call or use a symbol (recursive: their callers too, up to max_depth).",
    family: Family::Sidecar,
    schema: trace_schema,
    run: run_callers,
};

pub const TRACE_CALLEES: Tool = Tool {
    name: "codesearch_trace_callees",
    title: "Callees of a symbol",
    description: "The repository definitions a symbol calls (recursive: what those call too, up to max_depth).",
    family: Family::Sidecar,
    schema: trace_schema,
    run: run_callees,
};

pub const TRACE_GRAPH: Tool = Tool {
    name: "codesearch_trace_graph",
    title: "Call graph around a symbol",
    description: "The call graph around a symbol: a node per symbol within depth levels, each with its callers and callees.",
    family: Family::Sidecar,
    schema: graph_schema,
    run: run_graph,
};

/// An optional argument's schema.
fn opt(kind: &str, description: &str) -> Value {
    json!({"type": [kind, "null"], "description": description})
}

fn symbol_args() -> Map<String, Value> {
    let mut p = Map::new();
    p.insert("symbol".into(), json!({"type": "string", "description": "A name (login, AuthService.login), an id or path:line."}));
    p.insert(
        "file".into(),
        opt("string", "Only the definitions of symbol in this file."),
    );
    p.insert("limit".into(), opt("integer", "Most items (default 100)."));
    p.insert(
        "offset".into(),
        opt(
            "integer",
            "Items to skip (a previous answer's next_offset).",
        ),
    );
    p.insert(
        "max_chars".into(),
        opt("integer", "Most characters of the answer."),
    );
    p
}

fn trace_schema() -> Value {
    let mut p = symbol_args();
    p.insert(
        "recursive".into(),
        opt(
            "boolean",
            "Follow the trace past the first level (default false).",
        ),
    );
    p.insert(
        "max_depth".into(),
        opt("integer", "Levels when recursive (default 3)."),
    );
    object_schema(p, &["symbol"])
}

fn graph_schema() -> Value {
    let mut p = symbol_args();
    p.insert(
        "depth".into(),
        opt("integer", "Levels of nodes around the symbol (default 2)."),
    );
    p.insert(
        "include_callers".into(),
        opt("boolean", "List each node's callers (default true)."),
    );
    p.insert(
        "include_callees".into(),
        opt("boolean", "List each node's callees (default true)."),
    );
    object_schema(p, &["symbol"])
}

/// `{symbol, file, line, kind, signature}`.
fn trace_symbol(s: &Symbol) -> Value {
    json!({
        "symbol": s.qualified_name,
        "file": s.path.to_string_lossy(),
        "line": s.line,
        "kind": s.kind.as_str(),
        "signature": s.signature,
    })
}

/// The levels a trace follows.
fn trace_depth(args: &Args) -> Result<usize, ToolError> {
    if !args.bool("recursive")?.unwrap_or(false) {
        return Ok(1);
    }
    Ok(args.usize("max_depth")?.unwrap_or(3).clamp(1, 32))
}

/// The definitions that use `t`, each once, in path and line order.
fn callers(t: &Target, resolver: &Resolver) -> Vec<DefRef> {
    let mut seen = HashSet::new();
    what_breaks(std::slice::from_ref(t), 1, resolver)
        .into_iter()
        .filter_map(|u| {
            let index = u.caller?;
            let id = u.file.definitions.get(index)?.id.clone();
            seen.insert(id).then(|| DefRef {
                file: u.file.clone(),
                index,
            })
        })
        .collect()
}

/// The repository definitions `t` calls, each once, in source order.
fn callees(t: &Target, resolver: &Resolver) -> Vec<DefRef> {
    let mut seen = HashSet::new();
    what_depends(t, resolver)
        .into_iter()
        .flat_map(|group| group.dependencies)
        .filter(|d| d.reference.kind == RefKind::Call)
        .filter_map(|d| match d.resolution {
            Resolution::Definition(def) | Resolution::Overloads(def) => {
                seen.insert(def.symbol().id.clone()).then_some(def)
            }
            _ => None,
        })
        .collect()
}

/// Breadth-first from the targets through `next`, up to `depth` levels: every symbol
/// reached, each once.
fn trace(
    targets: &[Target],
    depth: usize,
    resolver: &Resolver,
    next: fn(&Target, &Resolver) -> Vec<DefRef>,
) -> Vec<Value> {
    let mut seen: HashSet<String> = targets.iter().map(|t| t.symbol().id.clone()).collect();
    let mut level: Vec<Target> = targets.to_vec();
    let mut out = Vec::new();
    for _ in 0..depth {
        let mut following = Vec::new();
        for t in &level {
            for d in next(t, resolver) {
                if seen.insert(d.symbol().id.clone()) {
                    out.push(trace_symbol(d.symbol()));
                    following.push(Target::of(&d, resolver));
                }
            }
        }
        level = following;
    }
    out
}

fn run_trace(
    ctx: &ToolContext<'_>,
    args: &Args,
    next: fn(&Target, &Resolver) -> Vec<DefRef>,
    empty: &str,
) -> Result<Value, ToolError> {
    let symbol = args.required_str("symbol")?;
    let file = args.path("file", &ctx.server.root)?;
    let depth = trace_depth(args)?;
    let page = page(ctx, args, 100)?;
    let (items, _) = with_targets(
        ctx,
        args,
        symbol,
        file.as_deref(),
        true,
        |resolver, targets| trace(&targets, depth, resolver, next),
    )?;
    Ok(fit(&page, &items, |shown, cut| {
        let mut m = Map::new();
        m.insert("symbols".into(), Value::Array(shown.to_vec()));
        cut.annotate(&mut m, page.max_chars);
        if cut.total == 0 {
            m.insert("note".into(), json!(empty));
        }
        Value::Object(m)
    }))
}

fn run_callers(ctx: &ToolContext<'_>, args: &Args) -> Result<Value, ToolError> {
    run_trace(
        ctx,
        args,
        callers,
        "nothing in the repository calls or uses it",
    )
}

fn run_callees(ctx: &ToolContext<'_>, args: &Args) -> Result<Value, ToolError> {
    run_trace(
        ctx,
        args,
        callees,
        "it calls no definition of the repository",
    )
}

fn run_graph(ctx: &ToolContext<'_>, args: &Args) -> Result<Value, ToolError> {
    let symbol = args.required_str("symbol")?;
    let file = args.path("file", &ctx.server.root)?;
    let depth = args.usize("depth")?.unwrap_or(2).clamp(1, 8);
    let with_callers = args.bool("include_callers")?.unwrap_or(true);
    let with_callees = args.bool("include_callees")?.unwrap_or(true);
    let page = page(ctx, args, 100)?;
    let (nodes, _) = with_targets(
        ctx,
        args,
        symbol,
        file.as_deref(),
        true,
        |resolver, targets| {
            let mut seen: HashSet<String> = targets.iter().map(|t| t.symbol().id.clone()).collect();
            let mut queue: VecDeque<(Target, usize)> =
                targets.into_iter().map(|t| (t, 0)).collect();
            let mut nodes = Vec::new();
            while let Some((t, d)) = queue.pop_front() {
                let up = if with_callers {
                    callers(&t, resolver)
                } else {
                    Vec::new()
                };
                let down = if with_callees {
                    callees(&t, resolver)
                } else {
                    Vec::new()
                };
                for n in up.iter().chain(&down) {
                    if d + 1 < depth && seen.insert(n.symbol().id.clone()) {
                        queue.push_back((Target::of(n, resolver), d + 1));
                    }
                }
                nodes.push(json!({
                    "symbol": trace_symbol(t.symbol()),
                    "callers": up.iter().map(|c| trace_symbol(c.symbol())).collect::<Vec<_>>(),
                    "callees": down.iter().map(|c| trace_symbol(c.symbol())).collect::<Vec<_>>(),
                    "depth": d,
                }));
            }
            nodes
        },
    )?;
    Ok(fit(&page, &nodes, |shown, cut| {
        let mut m = Map::new();
        m.insert("nodes".into(), Value::Array(shown.to_vec()));
        cut.annotate(&mut m, page.max_chars);
        Value::Object(m)
    }))
}
