//! `xray` and `explore`: a regex picks candidate files, then an evaluator (Python code
//! passed as an argument, run sandboxed once per file over its syntax tree) decides
//! what matches. Runs on the xray engine the command line uses.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::{json, Map, Value};

use super::{
    common_properties, object_schema, page, paging_properties, walk_properties, walker, Args,
    Family, Tool, ToolContext, ToolError,
};
use crate::cli::{PatternArgs, TargetArg};
use crate::mcp::budget::{cut_text, fit, size};
use crate::output::Reporter;
use crate::pool::threads_for;
use crate::search::Candidate;
use crate::source::LineIndex;
use crate::walk::Visited;
use crate::xray::contract::{FileResult, Match};
use crate::xray::engine::{self, Limits, Outcome, Skip};
use crate::xray::evaluator::{Evaluator, HitsEvaluator};
use crate::xray::python::pool::{pool_memory, Budget};
use crate::xray::{ast_dump, attach_ast, python_evaluator, regex_options, DumpShape};

/// The longest a whole run may take unless the call says otherwise.
const DEFAULT_TIMEOUT_SECS: f64 = 60.0;
/// The most per-file errors and values listed.
const LIST_CAP: usize = 20;
/// The most characters of one per-file error message or value.
const MAX_ITEM_CHARS: usize = 2000;

pub const XRAY: Tool = Tool {
    name: "xray",
    title: "Structural search (regex, then a Python evaluator per file)",
    description: "Programmable structural search. pattern (a regex) selects candidate files at ripgrep speed; \
eval, a Python function body, then runs once per candidate over its tree-sitter syntax tree (globals: node, \
source, file_path, language, match_positions) and returns {\"matches\": [{\"line_number\": N, ...}], \"value\": \
any}; each match comes back with path, line, column, line_content and the evaluator's own keys under fields. \
Without eval every regex hit is a match. Use it for questions a grep cannot answer (calls with a string \
concatenation argument, classes without a docstring, ...). Use explore to learn the node kinds first. A \
rejected evaluator comes back as an error saying what to fix.",
    family: Family::Native,
    schema: xray_schema,
    run: run_xray,
};

pub const EXPLORE: Tool = Tool {
    name: "explore",
    title: "Explore syntax trees",
    description: "Like xray, with the syntax tree around every match (node kinds, fields, positions), to learn \
which node kinds and fields an xray evaluator should look for. file=PATH dumps the tree of one whole file \
instead. max_debug_nodes bounds each dump.",
    family: Family::Native,
    schema: explore_schema,
    run: run_explore,
};

fn search_properties() -> Map<String, Value> {
    let mut p = common_properties();
    let flag = |d: &str| json!({"type": ["boolean", "null"], "description": d});
    p.insert("pattern".into(), json!({"type": "string", "description": "Regex (Rust syntax) that selects candidate files."}));
    p.insert("eval".into(), json!({"type": ["string", "null"], "description": "Python evaluator: a function body ending in return {\"matches\": [...], \"value\": ...}."}));
    p.insert("target".into(), json!({"type": ["string", "null"], "enum": ["content", "filename", null], "description": "Match pattern against file contents (default) or paths."}));
    p.insert("ignore_case".into(), flag("Case-insensitive regex."));
    p.insert(
        "smart_case".into(),
        flag("Case-insensitive unless the pattern has an uppercase letter."),
    );
    p.insert(
        "fixed_strings".into(),
        flag("Treat pattern as a literal string."),
    );
    p.insert("word_regexp".into(), flag("Only whole-word matches."));
    p.insert(
        "multiline".into(),
        flag("Let the pattern match across lines."),
    );
    p.insert(
        "pcre2".into(),
        flag("PCRE2 syntax (look-around, backreferences)."),
    );
    p.insert("context".into(), json!({"type": ["integer", "null"], "minimum": 0, "maximum": 10, "description": "Lines of context around each regex hit handed to the evaluator."}));
    p.insert("max_files".into(), json!({"type": ["integer", "null"], "minimum": 1, "description": "Evaluate only the first N candidate files (the answer says partial)."}));
    p.insert("timeout".into(), json!({"type": ["number", "null"], "exclusiveMinimum": 0, "description": format!("Seconds for the whole run (default {DEFAULT_TIMEOUT_SECS}); the answer says partial when it stopped early.")}));
    p.insert("eval_timeout".into(), json!({"type": ["number", "null"], "exclusiveMinimum": 0, "description": "Seconds one file's evaluation may take (default 5)."}));
    walk_properties(&mut p);
    paging_properties(&mut p, 50);
    p
}

fn xray_schema() -> Value {
    object_schema(search_properties(), &["pattern"])
}

fn explore_schema() -> Value {
    let mut p = search_properties();
    p.insert("file".into(), json!({"type": ["string", "null"], "description": "Dump the syntax tree of this one file (pattern is then not needed)."}));
    p.insert("max_debug_nodes".into(), json!({"type": ["integer", "null"], "minimum": 1, "maximum": 500, "description": "Most nodes in each tree dump (default 50)."}));
    object_schema(p, &[])
}

fn run_xray(ctx: &ToolContext<'_>, args: &Args) -> Result<Value, ToolError> {
    search(ctx, args, args.required_str("pattern")?, None)
}

fn run_explore(ctx: &ToolContext<'_>, args: &Args) -> Result<Value, ToolError> {
    let nodes = args.usize("max_debug_nodes")?.unwrap_or(50).clamp(1, 500);
    if let Some(file) = args.path("file", &ctx.server.root)? {
        let max_chars = page(ctx, args, 1)?.max_chars;
        return dump_file(&file, nodes, max_chars);
    }
    let Some(pattern) = args.str("pattern")? else {
        return Err(ToolError::InvalidArguments(
            "missing required argument 'pattern' (or 'file')".into(),
        ));
    };
    search(ctx, args, pattern, Some(nodes))
}

fn pattern_args(args: &Args) -> Result<PatternArgs, ToolError> {
    let target = match args.str("target")? {
        None | Some("content") => TargetArg::Content,
        Some("filename") => TargetArg::Filename,
        Some(other) => {
            return Err(ToolError::InvalidArguments(format!(
                "target must be content or filename, not '{other}'"
            )))
        }
    };
    let flag = |n: &str| args.bool(n).map(|b| b.unwrap_or(false));
    Ok(PatternArgs {
        target,
        ignore_case: flag("ignore_case")?,
        case_sensitive: false,
        smart_case: flag("smart_case")?,
        multiline: flag("multiline")?,
        pcre2: flag("pcre2")?,
        fixed_strings: flag("fixed_strings")?,
        word_regexp: flag("word_regexp")?,
        context: u8::try_from(args.usize("context")?.unwrap_or(0).min(10)).unwrap_or(10),
    })
}

fn seconds(args: &Args, name: &str, default: f64) -> Result<Duration, ToolError> {
    let s = args.f64(name)?.unwrap_or(default);
    if !(s > 0.0 && s <= 86_400.0) {
        return Err(ToolError::InvalidArguments(format!(
            "{name} must be a number of seconds in (0, 86400]"
        )));
    }
    Ok(Duration::from_secs_f64(s))
}

/// Phase 1 then phase 2, collected into one answer.
fn search(
    ctx: &ToolContext<'_>,
    args: &Args,
    pattern: &str,
    explore_nodes: Option<usize>,
) -> Result<Value, ToolError> {
    let started = Instant::now();
    let paths = args.root(&ctx.server.root)?;
    let walker = walker(&paths, args)?;
    let page = page(ctx, args, 50)?;
    let run_deadline = Some(started + seconds(args, "timeout", DEFAULT_TIMEOUT_SECS)?);
    let (threads, budget) = Budget::shared(threads_for(ctx.server.threads), pool_memory());
    let limits = Limits {
        max_files: args.usize("max_files")?,
        run_deadline,
        eval_timeout: seconds(args, "eval_timeout", 5.0)?,
        threads,
        progress: false,
        parse_limit: ctx.server.parse_limit,
        max_errors: None,
        context: args.usize("context")?.unwrap_or(0),
    };
    let mut opts = regex_options(pattern, &pattern_args(args)?, false);
    opts.parse_limit = Some(ctx.server.parse_limit);
    // The evaluator is checked before any file is searched: rejected code is an
    // answer the model can act on.
    let evaluator: Box<dyn Evaluator> = match args.str("eval")? {
        Some(code) => python_evaluator(code, budget).map_err(|e| {
            ToolError::failed(
                format!("the evaluator was rejected: {e:#}"),
                json!({"hint": "fix the evaluator and call again; explore shows the node kinds"}),
            )
        })?,
        None => Box::new(HitsEvaluator),
    };
    let report = Reporter::new();
    let candidates = crate::search::find_candidates(&walker, &report, &opts)
        .map_err(|e| ToolError::InvalidArguments(format!("pattern: {e}")))?;
    let total_files = candidates.len() as u64;
    let (mut matches, mut errors, mut values) = (Vec::new(), Vec::new(), Vec::new());
    let mut error_count = 0usize;
    let mut skipped = 0usize;
    let dumps_cut = AtomicBool::new(false);
    // On the worker thread, with the file's source: lines, context and dumps.
    let post = |c: &Visited<Candidate>, source: &str, lines: &LineIndex, result: FileResult| {
        let mut found = result.matches;
        if let Some(n) = explore_nodes {
            let shape = DumpShape {
                max_nodes: n,
                all_nodes: false,
                json: true,
            };
            if attach_ast(c, source, lines, &mut found, shape, run_deadline).cut {
                dumps_cut.store(true, Ordering::Relaxed);
            }
        }
        (found, result.value)
    };
    let phase2 = engine::evaluate_all(&candidates, evaluator.as_ref(), &limits, post, |done| {
        if (ctx.cancelled)() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::Interrupted,
                "cancelled",
            ));
        }
        (ctx.progress)(done.index as u64 + 1, Some(total_files), "files evaluated");
        let c = &candidates[done.index];
        let path = c.path.to_string_lossy().into_owned();
        match done.outcome {
            Outcome::Done((found, value)) => {
                let lang = c.item.language.map_or("", |l| l.name);
                matches.extend(found.iter().map(|m| match_value(&path, lang, m)));
                if let Some(v) = value {
                    if values.len() < LIST_CAP {
                        values.push(file_value(&path, v));
                    }
                }
            }
            Outcome::Failed(err) => {
                error_count += 1;
                if errors.len() < LIST_CAP {
                    errors.push(json!({
                        "path": path,
                        "error_type": err.error_type,
                        "error_message": cut_text(&err.message, MAX_ITEM_CHARS).0,
                        "evaluator_line": err.line_number,
                    }));
                }
            }
            Outcome::Skipped(Skip::TooLarge(_)) => skipped += 1,
            Outcome::Skipped(Skip::NoGrammar) => {}
        }
        Ok(())
    })
    .map_err(|e| ToolError::failed(format!("the search stopped: {e}"), json!({})))?;
    let timeout = phase2.timeout || dumps_cut.into_inner();
    let partial =
        timeout || phase2.max_files_reached || error_count > 0 || skipped > 0 || report.had_error();
    let elapsed_ms = started.elapsed().as_millis() as u64;
    Ok(fit(&page, &matches, |shown, cut| {
        let mut m = Map::new();
        m.insert("matches".into(), Value::Array(shown.to_vec()));
        m.insert("evaluation_errors".into(), Value::Array(errors.clone()));
        m.insert("evaluation_error_count".into(), json!(error_count));
        m.insert("values".into(), Value::Array(values.clone()));
        m.insert("files_total".into(), json!(total_files));
        m.insert("files_evaluated".into(), json!(phase2.files_evaluated));
        m.insert("partial".into(), json!(partial));
        m.insert("timeout".into(), json!(timeout));
        m.insert("skipped_files".into(), json!(skipped));
        m.insert("max_files_reached".into(), json!(phase2.max_files_reached));
        m.insert("elapsed_ms".into(), json!(elapsed_ms));
        cut.annotate(&mut m, page.max_chars);
        if cut.total == 0 {
            m.insert("note".into(), json!(empty_note(total_files, partial)));
        }
        Value::Object(m)
    }))
}

/// A match as the command line's `match` record has it, with the path as a string.
fn match_value(path: &str, language: &str, m: &Match) -> Value {
    let mut v = json!(m);
    if let Value::Object(fields) = &mut v {
        fields.insert("path".into(), json!(path));
        fields.insert("language".into(), json!(language));
    }
    v
}

/// A file's value, left out (and said so) when it alone would crowd the answer.
fn file_value(path: &str, value: Value) -> Value {
    if size(&value) <= MAX_ITEM_CHARS {
        json!({"path": path, "value": value})
    } else {
        json!({"path": path, "value": null, "value_left_out": format!("longer than {MAX_ITEM_CHARS} characters")})
    }
}

fn empty_note(files: u64, partial: bool) -> &'static str {
    match (files, partial) {
        (0, _) => "no file matched the pattern (phase 1 found no candidate)",
        (_, true) => "no match in the files evaluated, but the run was partial (see evaluation_errors, timeout, max_files_reached)",
        _ => "the evaluator found no match in the candidate files",
    }
}

/// One file's whole tree, with fewer nodes when the dump would pass the budget.
fn dump_file(
    path: &std::path::Path,
    max_nodes: usize,
    max_chars: usize,
) -> Result<Value, ToolError> {
    let shown = path.to_string_lossy();
    let lang = crate::lang::detect(path).ok_or_else(|| {
        ToolError::failed(
            format!("{shown}: not a language codesearch parses"),
            json!({}),
        )
    })?;
    let failed =
        |e: crate::source::SourceError| ToolError::failed(format!("{shown}: {e}"), json!({}));
    let text = crate::source::read_text(path).map_err(failed)?.text;
    let tree = crate::source::parse(&mut lang.parser(), lang, &text).map_err(failed)?;
    let mut nodes = max_nodes;
    loop {
        let dump = ast_dump::AstDump::new(tree.root_node(), &text, nodes, false);
        let mut answer = json!({
            "path": shown,
            "language": lang.name,
            "nodes": dump.len(),
            "ast_debug": dump.to_json(),
        });
        if nodes == 1 || size(&answer) <= max_chars {
            if nodes < max_nodes {
                answer["note"] = json!(format!(
                    "the dump was cut to {nodes} nodes to stay within max_chars={max_chars}"
                ));
            }
            return Ok(answer);
        }
        nodes /= 2;
    }
}
