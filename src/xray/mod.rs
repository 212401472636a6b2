//! `codesearch xray` and `codesearch explore`: two-phase structural search.
//!
//! Phase 1 ([`crate::search`]) picks candidate files with a regex at ripgrep speed;
//! phase 2 ([`engine`]) hands each candidate, once, to an [`evaluator::Evaluator`]:
//! the user's Python evaluator in sandboxed child processes, or the default that turns
//! every hit into a match. [`contract`] validates and enriches what the evaluator
//! returned; [`printer`] writes it; `explore` adds [`ast_dump`]s around each match.

pub mod ast_dump;
pub mod contract;
pub mod engine;
pub mod evaluator;
pub mod printer;
pub mod python;

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use serde_json::{Map, Value};

use crate::cli::{
    EvalArgs, ExploreArgs, OutputArgs, PatternArgs, SearchRunArgs, TargetArg, XrayArgs,
};
use crate::output::{color_choice, ExitStatus, Reporter};
use crate::search::{self, CaseMode, RegexOptions, Target};
use crate::walk::{Visited, Walker};
use engine::Limits;
use evaluator::{Evaluator, HitsEvaluator};
use printer::{Printer, Style, Summary};

/// Runs `xray`.
pub fn run_xray(args: &XrayArgs, out: &mut dyn Write) -> Result<ExitStatus> {
    let job = Job {
        pattern: &args.pattern,
        run: &args.run,
        files_only: args.files_with_matches,
        vimgrep: args.vimgrep,
        max_debug_nodes: None,
    };
    job.run(out)
}

/// Runs `explore`.
pub fn run_explore(args: &ExploreArgs, out: &mut dyn Write) -> Result<ExitStatus> {
    let max_nodes = usize::from(args.max_debug_nodes);
    if let Some(file) = &args.file {
        return dump_file(file, max_nodes, &args.run.output, out);
    }
    let job = Job {
        // Invariant: clap requires PATTERN unless --file is given.
        pattern: args.pattern.as_deref().unwrap_or_default(),
        run: &args.run,
        files_only: false,
        vimgrep: false,
        max_debug_nodes: Some(max_nodes),
    };
    job.run(out)
}

/// The parts of xray and explore that are the same.
struct Job<'a> {
    pattern: &'a str,
    run: &'a SearchRunArgs,
    files_only: bool,
    vimgrep: bool,
    /// Some for explore: the size of each AST dump.
    max_debug_nodes: Option<usize>,
}

impl Job<'_> {
    fn run(&self, out: &mut dyn Write) -> Result<ExitStatus> {
        let SearchRunArgs {
            paths,
            pattern: pattern_args,
            eval,
            walk,
            output,
        } = self.run;
        let started = Instant::now();
        let run_deadline = eval.timeout.map(|s| started + Duration::from_secs_f64(s));
        let report = Reporter::new();
        let walker = Walker::new(paths, walk)?;
        // The evaluator is read and validated before any file is searched or any child
        // process starts: rejected code is a usage error (exit 2).
        let evaluator = build_evaluator(eval)?;
        let opts = regex_options(self.pattern, pattern_args, self.files_only);
        let candidates = search::find_candidates(&walker, &report, &opts)?;

        let color = color_choice(output.color) == termcolor::ColorChoice::Always;
        let style = if output.json {
            Style::Json
        } else if self.vimgrep {
            Style::Vimgrep
        } else {
            Style::Text {
                heading: std::io::stdout().is_terminal(),
            }
        };
        let sink: Box<dyn termcolor::WriteColor + '_> = if color {
            Box::new(termcolor::Ansi::new(&mut *out))
        } else {
            Box::new(termcolor::NoColor::new(&mut *out))
        };
        let mut printer = Printer::new(style, sink);
        let mut summary = Summary {
            files_total: candidates.len(),
            excluded_dirs: walker.excluded_dirs(),
            ..Summary::default()
        };

        if self.files_only {
            for c in &candidates {
                printer.candidate(&c.path)?;
            }
            summary.elapsed_ms = started.elapsed().as_millis();
            printer.finish(&summary)?;
            return Ok(ExitStatus::from_outcome(
                !candidates.is_empty(),
                report.had_error(),
            ));
        }

        let limits = Limits {
            max_files: eval.max_files.map(|n| n as usize),
            run_deadline,
            eval_timeout: Duration::from_secs_f64(eval.eval_timeout),
            threads: walk.threads,
            progress: !output.json,
        };
        let explore_nodes = self.max_debug_nodes;
        let phase2 = engine::evaluate_all(&candidates, evaluator.as_ref(), &limits, |outcome| {
            let c = &candidates[outcome.index];
            match outcome.result {
                Ok(result) => {
                    let mut matches = result.matches;
                    let lang = c.item.language.map_or("", |l| l.name);
                    let file_path = crate::output::json::path_json(&c.path);
                    for m in &mut matches {
                        contract::enrich(m, file_path.clone(), lang, &outcome.source);
                    }
                    let dumps = explore_nodes.map(|n| {
                        attach_ast(c, &outcome.source, &mut matches, n, style == Style::Json)
                    });
                    summary.matches += matches.len();
                    printer.matches(&c.path, &matches, dumps.as_deref())?;
                    if let Some(v) = &result.value {
                        printer.metadata(&c.path, v)?;
                    }
                }
                Err(err) => {
                    summary.evaluation_errors += 1;
                    printer.error(&c.path, &err)?;
                }
            }
            Ok(())
        })?;
        summary.files_evaluated = phase2.files_evaluated;
        summary.timeout = phase2.timeout;
        summary.max_files_reached = phase2.max_files_reached;
        summary.partial = summary.timeout
            || summary.max_files_reached
            || summary.evaluation_errors > 0
            || report.had_error();
        summary.elapsed_ms = started.elapsed().as_millis();
        printer.finish(&summary)?;
        Ok(ExitStatus::from_outcome(
            summary.matches > 0,
            report.had_error() || summary.evaluation_errors > 0,
        ))
    }
}

/// The largest `--eval-file` read; an evaluator is a short script.
const MAX_EVAL_FILE_BYTES: u64 = 1024 * 1024;

/// The evaluator for a run: the user's Python code, or the default.
fn build_evaluator(eval: &EvalArgs) -> Result<Box<dyn Evaluator>> {
    let code = match (&eval.eval, &eval.eval_file) {
        (Some(code), _) => code.clone(),
        (None, Some(file)) => {
            let bytes = crate::source::open_regular(file)
                .map_err(crate::source::BoundedReadError::from)
                .and_then(|f| crate::source::read_bounded(f, MAX_EVAL_FILE_BYTES))
                .with_context(|| format!("{}: cannot read the evaluator", file.display()))?;
            String::from_utf8(bytes)
                .with_context(|| format!("{}: the evaluator is not UTF-8", file.display()))?
        }
        (None, None) => return Ok(Box::new(HitsEvaluator)),
    };
    python_evaluator(&code)
}

/// The sandboxed Python evaluator; rejected code is an error before anything runs.
pub(crate) fn python_evaluator(code: &str) -> Result<Box<dyn Evaluator>> {
    let exe =
        std::env::current_exe().context("cannot find the codesearch binary to run evaluators")?;
    let evaluator = python::PythonEvaluator::new(code, exe, python::pool::Budget::default())?;
    Ok(Box::new(evaluator))
}

pub(crate) fn regex_options(pattern: &str, p: &PatternArgs, files_only: bool) -> RegexOptions {
    RegexOptions {
        pattern: pattern.to_string(),
        target: match p.target {
            TargetArg::Content => Target::Content,
            TargetArg::Filename => Target::Filename,
        },
        case: if p.ignore_case {
            CaseMode::Insensitive
        } else if p.smart_case {
            CaseMode::Smart
        } else {
            CaseMode::Sensitive
        },
        multiline: p.multiline,
        pcre2: p.pcre2,
        fixed_strings: p.fixed_strings,
        word: p.word_regexp,
        context: usize::from(p.context),
        files_only,
    }
}

/// Explore: parses the file once and gives every match its `matched_node` and
/// `ast_debug` (JSON) or a text dump (returned, one per match).
pub(crate) fn attach_ast(
    c: &Visited<search::Candidate>,
    source: &str,
    matches: &mut [Map<String, Value>],
    max_nodes: usize,
    json: bool,
) -> Vec<String> {
    let Some(lang) = c.item.language else {
        return Vec::new();
    };
    let Ok(tree) = crate::source::parse(&mut lang.parser(), lang, source) else {
        return Vec::new();
    };
    let line_starts = line_starts(source);
    let mut dumps = Vec::with_capacity(matches.len());
    for m in matches.iter_mut() {
        let byte = match_byte(m, source, &line_starts);
        let node = ast_dump::enclosing_node(tree.root_node(), byte);
        let dump = ast_dump::AstDump::new(node, source, max_nodes);
        m.insert("matched_node".into(), ast_dump::describe(node));
        if json {
            m.insert("ast_debug".into(), dump.to_json());
        } else {
            dumps.push(dump.to_text("    "));
        }
    }
    dumps
}

fn line_starts(source: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(source.match_indices('\n').map(|(i, _)| i + 1))
        .collect()
}

/// Where a match points: its `byte_offset`, else its line and column, else the first
/// non-blank character of its line.
fn match_byte(m: &Map<String, Value>, source: &str, line_starts: &[usize]) -> usize {
    if let Some(b) = m.get("byte_offset").and_then(Value::as_u64) {
        return (b as usize).min(source.len());
    }
    let line = m.get("line_number").and_then(Value::as_u64).unwrap_or(1) as usize;
    let Some(&start) = line_starts.get(line.saturating_sub(1)) else {
        return source.len();
    };
    if let Some(col) = m.get("column").and_then(Value::as_u64) {
        return (start + (col as usize).saturating_sub(1)).min(source.len());
    }
    let rest = &source[start..];
    start + (rest.len() - rest.trim_start_matches([' ', '\t']).len())
}

/// `explore --file PATH`: one file's whole tree.
fn dump_file(
    path: &Path,
    max_nodes: usize,
    output: &OutputArgs,
    out: &mut dyn Write,
) -> Result<ExitStatus> {
    let started = Instant::now();
    let lang = crate::lang::detect(path)
        .with_context(|| format!("{}: unsupported language (see --type-list)", path.display()))?;
    let text = crate::source::read_text(path)
        .with_context(|| path.display().to_string())?
        .text;
    let tree = crate::source::parse(&mut lang.parser(), lang, &text)
        .with_context(|| path.display().to_string())?;
    let dump = ast_dump::AstDump::new(tree.root_node(), &text, max_nodes);
    if output.json {
        let mut json = crate::output::json::JsonLines::new(&mut *out);
        json.record(
            "ast",
            &serde_json::json!({
                "file_path": crate::output::json::path_json(path),
                "language": lang.name,
                "ast_debug": dump.to_json(),
            }),
        )?;
        json.record(
            "summary",
            &serde_json::json!({
                "files": 1,
                "nodes": dump.len(),
                "elapsed_ms": started.elapsed().as_millis(),
            }),
        )?;
    } else {
        out.write_all(dump.to_text("").as_bytes())?;
    }
    Ok(ExitStatus::Found)
}
