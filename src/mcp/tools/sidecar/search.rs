//! `codesearch_search`: definitions scored by the query's words (see [`super::score`]),
//! best first, each with its source as `content`.

use std::sync::Mutex;

use serde_json::{json, Map, Value};

use super::super::query::{facts_run, facts_source};
use super::super::{object_schema, page, Args, Family, Tool, ToolContext, ToolError};
use super::{opt, score};
use crate::mcp::budget::fit_window;
use crate::symbols::{Kind, Symbol};

/// The most characters of one result's `content`.
const MAX_CONTENT: usize = 4000;

pub const SEARCH: Tool = Tool {
    name: "codesearch_search",
    title: "Search code by words",
    description: "Natural-language or identifier search over the definitions of the repository: each \
definition is scored 0..1 by how many of the query's words its name, qualified name, signature, doc \
comment and path contain; results at or above threshold come best first with their source as content.",
    family: Family::Sidecar,
    schema: search_schema,
    run: run_search,
};

fn search_schema() -> Value {
    let mut p = Map::new();
    p.insert("query".into(), json!({"type": "string", "description": "Words or an identifier (\"authentication middleware\", \"AuthService\")."}));
    p.insert("limit".into(), opt("integer", "Most results (default 10)."));
    p.insert(
        "threshold".into(),
        opt("number", "Lowest score kept, 0..1 (default 0.7)."),
    );
    p.insert(
        "file_pattern".into(),
        opt(
            "string",
            "Only files matching this glob (e.g. src/**/*.py).",
        ),
    );
    p.insert(
        "language".into(),
        opt("string", "Only files of this language."),
    );
    p.insert(
        "offset".into(),
        opt(
            "integer",
            "Results to skip (a previous answer's next_offset).",
        ),
    );
    p.insert(
        "max_chars".into(),
        opt("integer", "Most characters of the answer."),
    );
    object_schema(p, &["query"])
}

fn run_search(ctx: &ToolContext<'_>, args: &Args) -> Result<Value, ToolError> {
    let text = args.required_str("query")?;
    let threshold = args.f64("threshold")?.unwrap_or(0.7).clamp(0.0, 1.0);
    let page = page(ctx, args, 10)?;
    let mut walk = Map::new();
    if let Some(glob) = args.str("file_pattern")? {
        walk.insert("glob".into(), json!(glob));
    }
    if let Some(lang) = args.str("language")? {
        walk.insert("type".into(), json!(lang));
    }
    let run = facts_run(ctx, &Args::new(walk))?;
    let query = score::Query::new(text);
    let hits: Mutex<Vec<(f64, Symbol)>> = Mutex::new(Vec::new());
    facts_source(ctx, &run).for_each_definitions(false, &|symbols| {
        let scored = symbols.into_iter().filter_map(|s| {
            let score = query.score(&s);
            (s.kind != Kind::Scope && score >= threshold).then_some((score, s))
        });
        hits.lock()
            .unwrap_or_else(|p| p.into_inner())
            .extend(scored);
    });
    let mut hits = hits.into_inner().unwrap_or_else(|p| p.into_inner());
    // Best first, then in path and line order: files arrive in no particular order.
    hits.sort_by(|a, b| {
        b.0.total_cmp(&a.0)
            .then_with(|| (&a.1.path, a.1.start_byte).cmp(&(&b.1.path, b.1.start_byte)))
    });
    // Only the results the page can show are read for their content.
    let mut sources = SourceCache::default();
    let window: Vec<Value> = hits[page.window(hits.len())]
        .iter()
        .map(|(score, s)| result_json(s, sources.text(&s.path), *score))
        .collect();
    Ok(fit_window(&page, hits.len(), &window, |shown, cut| {
        let mut m = Map::new();
        m.insert("results".into(), Value::Array(shown.to_vec()));
        cut.annotate(&mut m, page.max_chars);
        if cut.total == 0 {
            m.insert("note".into(), json!(format!("no definition scored {threshold} or more for '{text}'; lower threshold or use other words")));
        }
        Value::Object(m)
    }))
}

fn result_json(s: &Symbol, text: &str, score: f64) -> Value {
    let body = text.get(s.start_byte..s.end_byte).unwrap_or("");
    let (content, cut) = crate::mcp::budget::cut_text(body, MAX_CONTENT);
    json!({
        "file": s.path.to_string_lossy(),
        "line": s.start_line,
        "end_line": s.end_line,
        "content": content,
        "score": (score * 1000.0).round() / 1000.0,
        "language": s.language,
        "metadata": {
            "id": s.id,
            "name": s.name,
            "qualified_name": s.qualified_name,
            "kind": s.kind.as_str(),
            "signature": s.signature,
            "content_truncated": cut,
        },
    })
}

/// The text of the files results come from, one file held at a time.
#[derive(Default)]
struct SourceCache {
    path: std::path::PathBuf,
    text: String,
}

impl SourceCache {
    fn text(&mut self, path: &std::path::Path) -> &str {
        if self.path != path {
            self.path = path.to_path_buf();
            self.text = crate::source::read_text(path)
                .map(|s| s.text)
                .unwrap_or_default();
        }
        &self.text
    }
}
