//! `symbol_source`: the source of one definition by its id, the second half of the
//! outline-then-fetch pattern (an agent reads one function, not the whole file).

use std::path::Path;

use serde_json::{json, Value};

use super::{common_properties, inside, object_schema, Args, Family, Tool, ToolContext, ToolError};
use crate::mcp::budget::{cut_text, size};
use crate::symbols::collect::symbols_of_file;
use crate::symbols::Symbol;

/// The most context lines around a definition.
const MAX_CONTEXT: usize = 50;

pub const SYMBOL_SOURCE: Tool = Tool {
    name: "symbol_source",
    title: "Source of one symbol",
    description: "The source text of one definition, by the id that map (outline=true), find_symbol, \
what_depends and what_breaks give (path::Qualified.name#kind). context adds lines before and after. Use \
it to read just the function or class you need instead of the whole file.",
    family: Family::Native,
    schema,
    run,
};

fn schema() -> Value {
    let mut p = common_properties();
    p.insert(
        "id".into(),
        json!({"type": "string", "description": "The symbol id, e.g. app/auth.py::AuthService.login#method."}),
    );
    p.insert(
        "context".into(),
        json!({"type": ["integer", "null"], "minimum": 0, "maximum": MAX_CONTEXT, "description": "Lines of context before and after the definition (default 0)."}),
    );
    object_schema(p, &["id"])
}

fn run(ctx: &ToolContext<'_>, args: &Args) -> Result<Value, ToolError> {
    let id = args.required_str("id")?;
    let context = args.usize("context")?.unwrap_or(0).min(MAX_CONTEXT);
    let max_chars = args
        .usize("max_chars")?
        .unwrap_or(ctx.server.max_chars)
        .max(200);
    let roots = args.root(&ctx.server.root)?;
    let Some((file, _)) = id.split_once("::").filter(|_| id.contains('#')) else {
        return Err(ToolError::InvalidArguments(format!(
            "'{id}' is not a symbol id (path::Qualified.name#kind, as find_symbol gives)"
        )));
    };
    let path = inside(&ctx.server.root, Path::new(file), "id")?;
    if let Some(root) = roots.first() {
        if !path.starts_with(root) {
            return Err(ToolError::InvalidArguments(format!(
                "'{file}' is outside root '{}'",
                root.display()
            )));
        }
    }
    let Some(lang) = crate::lang::detect(&path) else {
        return Err(ToolError::failed(
            format!("{file}: not a language codesearch parses"),
            json!({}),
        ));
    };
    let (parsed, symbols) = symbols_of_file(&path, Path::new(file), lang, ctx.server.parse_limit)
        .map_err(|e| ToolError::failed(format!("{file}: {e}"), json!({})))?;
    let base = id.split('~').next().unwrap_or(id);
    let Some(sym) = symbols
        .iter()
        .find(|s| s.id == id)
        .or_else(|| symbols.iter().find(|s| s.id == base))
    else {
        return Err(ToolError::failed(
            format!("no symbol with id '{id}' in {file}"),
            json!({"close_ids": close_ids(id, &symbols)}),
        ));
    };
    Ok(answer(sym, &parsed.source.text, context, max_chars))
}

fn answer(sym: &Symbol, text: &str, context: usize, max_chars: usize) -> Value {
    let lines: Vec<&str> = text.lines().collect();
    let first = sym.start_line.saturating_sub(context).max(1);
    let last = (sym.end_line + context).min(lines.len()).max(first);
    let body = lines
        .get(first - 1..last)
        .map(|l| l.join("\n"))
        .unwrap_or_default();
    let mut v = json!({
        "id": sym.id,
        "name": sym.name,
        "qualified_name": sym.qualified_name,
        "kind": sym.kind.as_str(),
        "language": sym.language,
        "path": sym.path.to_string_lossy(),
        "line": sym.line,
        "start_line": sym.start_line,
        "end_line": sym.end_line,
        "signature": sym.signature,
        "doc": sym.doc,
        "source_start_line": first,
        "source_end_line": last,
        "source": "",
        "truncated": false,
    });
    let room = max_chars.saturating_sub(size(&v) + 64);
    // JSON escapes can double a character; keep the escaped text within the budget.
    let (mut shown, mut cut) = cut_text(&body, room);
    while size(&json!(shown)) > room && !shown.is_empty() {
        let (s, _) = cut_text(shown, shown.len() * 3 / 4);
        shown = s;
        cut = true;
    }
    if cut {
        // End on a whole line so that source_end_line is exact.
        let whole = shown.rfind('\n').map_or("", |i| &shown[..i]);
        v["source_end_line"] = json!(first + whole.lines().count().saturating_sub(1));
        v["source"] = json!(whole);
        v["truncated"] = json!(true);
        v["note"] = json!(format!(
            "the definition is longer than max_chars={max_chars}; lines after source_end_line were left out"
        ));
    } else {
        v["source"] = json!(shown);
    }
    v
}

/// The ids in the file closest to the one asked for.
fn close_ids(id: &str, symbols: &[Symbol]) -> Vec<String> {
    let mut scored: Vec<(f64, &str)> = symbols
        .iter()
        .map(|s| (strsim::jaro_winkler(id, &s.id), s.id.as_str()))
        .filter(|(score, _)| *score > 0.7)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    scored
        .into_iter()
        .take(5)
        .map(|(_, s)| s.to_string())
        .collect()
}
