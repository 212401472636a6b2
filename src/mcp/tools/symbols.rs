//! `find_symbol`, `what_depends` and `what_breaks`: the symbol questions, answered by
//! the query layer the command line uses.

use std::collections::BTreeSet;

use serde_json::{json, Map, Value};

use super::query::{facts_run, facts_source, symbol_json, with_targets};
use super::{
    common_properties, object_schema, page, paging_properties, walk_properties, Args, Family, Tool,
    ToolContext, ToolError,
};
use crate::mcp::budget::{fit, fit_window};
use crate::query::breaks::{lines_of, what_breaks, UseResolution};
use crate::query::depends::what_depends;
use crate::query::find::find_symbols;
use crate::query::resolve::Resolution;
use crate::symbols::rank::Query;
use crate::symbols::Kind;

/// What every answer about uses says about them.
const CAVEAT: &str = "Uses are found by name and resolved through imports, receivers and scopes; those with resolution \"unresolved\" could not be resolved and may be namesakes.";

pub const FIND_SYMBOL: Tool = Tool {
    name: "find_symbol",
    title: "Find a definition by name",
    description: "Fuzzy search over the definitions (functions, methods, classes, types, constants, ...) of \
every file under root. query is a name, part of one, or words (\"auth service\" finds AuthService and \
auth_service; \"order service create\" finds OrderService.create). Each result has an id for \
symbol_source, what_depends and what_breaks. Use it when you know roughly what a thing is called but not \
where it is.",
    family: Family::Native,
    schema: find_schema,
    run: run_find,
};

pub const WHAT_DEPENDS: Tool = Tool {
    name: "what_depends",
    title: "What a symbol uses",
    description: "Every call, type use, supertype, annotation and import inside one symbol, each resolved to \
the definition it names (resolved, with its id), a library (external, with the module), or unresolved. \
symbol is an id from find_symbol, path:line, or a name (Class.method). Use it to understand what a \
function needs before reading or moving it.",
    family: Family::Native,
    schema: depends_schema,
    run: run_depends,
};

pub const WHAT_BREAKS: Tool = Tool {
    name: "what_breaks",
    title: "Who uses a symbol",
    description: "Every call site, reference and import of one symbol, with the enclosing definition (the \
caller) of each; depth > 1 follows callers of callers. symbol is an id from find_symbol, path:line, or a \
name. Use it before changing or removing a symbol, to see what would break.",
    family: Family::Native,
    schema: breaks_schema,
    run: run_breaks,
};

fn symbol_properties() -> Map<String, Value> {
    let mut p = common_properties();
    p.insert("symbol".into(), json!({"type": "string", "description": "An id (path::Qualified.name#kind), path:line, or a name (login, AuthService.login)."}));
    p.insert("all".into(), json!({"type": ["boolean", "null"], "description": "When the name matches several definitions, use them all instead of failing with the candidates."}));
    walk_properties(&mut p);
    paging_properties(&mut p, 100);
    p
}

fn find_schema() -> Value {
    let mut p = common_properties();
    p.insert(
        "query".into(),
        json!({"type": "string", "description": "A name, part of one, or words."}),
    );
    let kinds: Vec<&str> = Kind::ALL.iter().map(|k| k.as_str()).collect();
    p.insert("kind".into(), json!({"type": ["array", "string", "null"], "items": {"type": "string", "enum": kinds}, "description": "Only definitions of these kinds."}));
    p.insert("exact".into(), json!({"type": ["boolean", "null"], "description": "Only definitions named exactly query."}));
    walk_properties(&mut p);
    paging_properties(&mut p, 10);
    object_schema(p, &["query"])
}

fn depends_schema() -> Value {
    object_schema(symbol_properties(), &["symbol"])
}

fn breaks_schema() -> Value {
    let mut p = symbol_properties();
    p.insert("depth".into(), json!({"type": ["integer", "null"], "minimum": 1, "maximum": 32, "description": "Follow callers this many levels (default 1: direct uses)."}));
    object_schema(p, &["symbol"])
}

fn kinds(args: &Args) -> Result<Vec<Kind>, ToolError> {
    args.strings("kind")?
        .iter()
        .map(|k| {
            Kind::parse(k).ok_or_else(|| {
                let names: Vec<&str> = Kind::ALL.iter().map(|k| k.as_str()).collect();
                ToolError::InvalidArguments(format!(
                    "unknown kind '{k}' (one of: {})",
                    names.join(", ")
                ))
            })
        })
        .collect()
}

fn run_find(ctx: &ToolContext<'_>, args: &Args) -> Result<Value, ToolError> {
    let text = args.required_str("query")?;
    let kinds = kinds(args)?;
    let exact = args.bool("exact")?.unwrap_or(false);
    let page = page(ctx, args, 10)?;
    let run = facts_run(ctx, args)?;
    let query = Query::new(text);
    let window = page.window(usize::MAX);
    let found = find_symbols(
        facts_source(ctx, &run).as_ref(),
        &query,
        &kinds,
        exact,
        window,
    );
    let items: Vec<Value> = found
        .ranked
        .iter()
        .map(|r| {
            let mut v = symbol_json(&r.symbol);
            v["doc"] = json!(r.symbol.doc);
            v["score"] = json!(r.score);
            v
        })
        .collect();
    Ok(fit_window(&page, found.total, &items, |shown, cut| {
        let mut m = Map::new();
        m.insert("symbols".into(), Value::Array(shown.to_vec()));
        m.insert("searched".into(), json!(found.searched));
        m.insert("skipped_files".into(), json!(run.report.warnings()));
        cut.annotate(&mut m, page.max_chars);
        if cut.total == 0 {
            m.insert(
                "note".into(),
                json!(format!("no definition matches '{text}': try fewer words, part of the name, or another kind")),
            );
        }
        Value::Object(m)
    }))
}

fn run_depends(ctx: &ToolContext<'_>, args: &Args) -> Result<Value, ToolError> {
    let symbol = args.required_str("symbol")?;
    let all = args.bool("all")?.unwrap_or(false);
    let page = page(ctx, args, 100)?;
    let ((targets, items), errors) =
        with_targets(ctx, args, symbol, None, all, |resolver, targets| {
            let mut items = Vec::new();
            for t in &targets {
                for d in what_depends(t, resolver)
                    .into_iter()
                    .flat_map(|group| group.dependencies)
                {
                    let r = &d.reference;
                    let (resolution, resolved, external) = match &d.resolution {
                        Resolution::Definition(def) => {
                            ("definition", Some(symbol_json(def.symbol())), None)
                        }
                        Resolution::Overloads(def) => {
                            ("overloads", Some(symbol_json(def.symbol())), None)
                        }
                        Resolution::External(m) => ("external", None, m.clone()),
                        Resolution::Local => ("local", None, None),
                        Resolution::Unresolved | Resolution::Pointer(_) => {
                            ("unresolved", None, None)
                        }
                    };
                    items.push(json!({
                        "kind": r.kind.as_str(),
                        "name": r.name,
                        "qualifier": r.qualifier,
                        "path": d.file.path.to_string_lossy(),
                        "line": r.line,
                        "column": r.column,
                        "resolution": resolution,
                        "resolved": resolved,
                        "external": external,
                    }));
                }
            }
            let targets: Vec<Value> = targets.iter().map(|t| symbol_json(t.symbol())).collect();
            (targets, items)
        })?;
    let count = |what: &str| items.iter().filter(|i| i["resolution"] == what).count();
    let resolved = count("definition") + count("overloads");
    let external = count("external");
    let unresolved = items.len() - resolved - external;
    Ok(fit(&page, &items, |shown, cut| {
        let mut m = Map::new();
        m.insert("targets".into(), json!(targets));
        m.insert("dependencies".into(), Value::Array(shown.to_vec()));
        m.insert("resolved".into(), json!(resolved));
        m.insert("external".into(), json!(external));
        m.insert("unresolved".into(), json!(unresolved));
        m.insert("unreadable_files".into(), json!(errors));
        cut.annotate(&mut m, page.max_chars);
        if cut.total == 0 {
            m.insert(
                "note".into(),
                json!("the symbol uses nothing: no call, type use or import inside it"),
            );
        }
        Value::Object(m)
    }))
}

fn run_breaks(ctx: &ToolContext<'_>, args: &Args) -> Result<Value, ToolError> {
    let symbol = args.required_str("symbol")?;
    let all = args.bool("all")?.unwrap_or(false);
    let depth = args.usize("depth")?.unwrap_or(1);
    if !(1..=32).contains(&depth) {
        return Err(ToolError::InvalidArguments("depth must be 1 to 32".into()));
    }
    let page = page(ctx, args, 100)?;
    let ((targets, items, files), errors) = with_targets(
        ctx,
        args,
        symbol,
        None,
        all,
        |resolver, targets| {
            let uses = what_breaks(&targets, depth, resolver);
            let contents = lines_of(&uses);
            let files: BTreeSet<String> = uses
                .iter()
                .map(|u| u.file.path.to_string_lossy().into_owned())
                .collect();
            let items: Vec<Value> = uses
            .iter()
            .zip(&contents)
            .map(|(u, (content, _))| {
                let r = &u.reference;
                json!({
                    "kind": r.kind.as_str(),
                    "path": u.file.path.to_string_lossy(),
                    "line": r.line,
                    "column": r.column,
                    "line_content": crate::mcp::budget::cut_text(content.trim(), 300).0,
                    "qualifier": r.qualifier,
                    "caller": u.caller_symbol().map(|c| json!({
                        "id": c.id, "name": c.name, "qualified_name": c.qualified_name, "kind": c.kind.as_str(),
                    })),
                    "resolution": match u.resolution {
                        UseResolution::Definition => "definition",
                        UseResolution::Overloads => "overloads",
                        UseResolution::Unresolved => "unresolved",
                    },
                    "target": u.target,
                    "depth": u.depth,
                })
            })
            .collect();
            let targets: Vec<Value> = targets.iter().map(|t| symbol_json(t.symbol())).collect();
            (targets, items, files.len())
        },
    )?;
    let resolved = items
        .iter()
        .filter(|i| i["resolution"] != "unresolved")
        .count();
    Ok(fit(&page, &items, |shown, cut| {
        let mut m = Map::new();
        m.insert("targets".into(), json!(targets));
        m.insert("references".into(), Value::Array(shown.to_vec()));
        m.insert("resolved".into(), json!(resolved));
        m.insert("unresolved".into(), json!(items.len() - resolved));
        m.insert("files".into(), json!(files));
        m.insert("depth".into(), json!(depth));
        m.insert("unreadable_files".into(), json!(errors));
        cut.annotate(&mut m, page.max_chars);
        let note = match (cut.total, errors) {
            (0, 0) => {
                format!("nothing uses it: no reference to the symbol under the root. {CAVEAT}")
            }
            (0, n) => format!(
                "no use found, but {n} files could not be read: the answer is partial. {CAVEAT}"
            ),
            _ => CAVEAT.to_string(),
        };
        m.insert("note".into(), json!(note));
        Value::Object(m)
    }))
}
