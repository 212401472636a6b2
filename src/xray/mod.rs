//! `codesearch xray` and `codesearch explore`: two-phase structural search.
//!
//! Phase 1 ([`crate::search`]) picks candidate files with a regex at ripgrep speed;
//! phase 2 ([`engine`]) hands each candidate, once, to an [`evaluator::Evaluator`]:
//! the user's Python evaluator in sandboxed child processes, or the default that turns
//! every hit into a match. [`contract`] validates and types what the evaluator
//! returned; the shared printer ([`crate::output::printer`]) writes the records;
//! `explore` adds [`ast_dump`]s around each match.

pub mod ast_dump;
pub mod contract;
pub mod engine;
pub mod evaluator;
pub mod python;

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use serde_json::Value;

use crate::cli::{EvalArgs, ExploreArgs, PatternArgs, SearchRunArgs, TargetArg, XrayArgs};
use crate::commands::Run;
use crate::output::json::PathJson;
use crate::output::printer::{Printer, Style};
use crate::output::record::{
    AstData, AstSummary, CandidateData, ErrorData, EvaluationErrorData, FileMetadataData, Record,
    Summary, XraySummary,
};
use crate::output::ExitStatus;
use crate::search::{self, CaseMode, RegexOptions, Target};
use crate::source::LineIndex;
use crate::walk::Visited;
use contract::{FileResult, Match};
use engine::{Limits, Outcome, Skip};
use evaluator::{Evaluator, HitsEvaluator};

/// Runs `xray`.
pub fn run_xray(args: &XrayArgs, out: &mut dyn Write) -> Result<ExitStatus> {
    let job = Job {
        pattern: &args.pattern,
        run: &args.run,
        files_only: args.files_with_matches,
        vimgrep: args.vimgrep,
        max_debug_nodes: None,
        all_nodes: false,
    };
    with_error_record(args.run.output.json, out, |out| job.run(out))
}

/// Runs `explore`.
pub fn run_explore(args: &ExploreArgs, out: &mut dyn Write) -> Result<ExitStatus> {
    let max_nodes = usize::from(args.max_debug_nodes);
    let json = args.run.output.json;
    if let Some(file) = &args.file {
        return with_error_record(json, out, |out| {
            dump_file(file, args.all_nodes, &args.run, out)
        });
    }
    let job = Job {
        // Invariant: clap requires PATTERN unless --file is given.
        pattern: args.pattern.as_deref().unwrap_or_default(),
        run: &args.run,
        files_only: false,
        vimgrep: false,
        max_debug_nodes: Some(max_nodes),
        all_nodes: args.all_nodes,
    };
    with_error_record(json, out, |out| job.run(out))
}

/// Runs `run`; in JSON mode an error that ends it is also an `error` record on stdout
/// (the binary's edge still says it on stderr and exits 2).
fn with_error_record(
    json: bool,
    out: &mut dyn Write,
    run: impl FnOnce(&mut dyn Write) -> Result<ExitStatus>,
) -> Result<ExitStatus> {
    match run(&mut *out) {
        Err(e) if json && !crate::output::is_broken_pipe(&e) => {
            let message = format!("{e:#}");
            let mut printer = Printer::new(&mut *out, Style::Json, false);
            printer.record(&Record::Error(ErrorData::message(&message, None)))?;
            printer.flush()?;
            Err(e)
        }
        done => done,
    }
}

/// The parts of xray and explore that are the same.
struct Job<'a> {
    pattern: &'a str,
    run: &'a SearchRunArgs,
    files_only: bool,
    vimgrep: bool,
    /// Some for explore: the size of each AST dump.
    max_debug_nodes: Option<usize>,
    /// explore: anonymous nodes in the dumps too.
    all_nodes: bool,
}

impl Job<'_> {
    fn run(&self, out: &mut dyn Write) -> Result<ExitStatus> {
        let SearchRunArgs {
            paths,
            pattern: pattern_args,
            eval,
            walk,
            parse,
            output,
        } = self.run;
        let run_deadline = eval
            .timeout
            .map(|s| Instant::now() + Duration::from_secs_f64(s));
        let run = Run::for_search(paths, walk, parse, output, self.vimgrep, run_deadline)?;
        let (walker, report) = (&run.walker, &run.report);
        let (threads, budget) =
            python::pool::Budget::shared(run.threads, python::pool::pool_memory());
        // The evaluator is read and validated before any file is searched or any child
        // process starts: rejected code is a usage error (exit 2).
        let evaluator = build_evaluator(eval, budget)?;
        // `-l` alone lists phase 1's candidates; with an evaluator it lists the files the
        // evaluator matched, which needs the whole phase 1 (the hits) and phase 2.
        let list_candidates = self.files_only && eval.eval.is_none() && eval.eval_file.is_none();
        let mut opts = regex_options(self.pattern, pattern_args, list_candidates);
        opts.every_match = self.vimgrep;
        opts.parse_limit = Some(run.parse_limit);
        let candidates = search::find_candidates(walker, report, &opts)?;

        let (color, style) = (run.color, run.style);
        let tty = std::io::stdout().is_terminal();
        let mut printer = Printer::new(&mut *out, style, color)
            .with_heading(tty && style == Style::Text)
            .escaping(color || tty)
            .with_context(pattern_args.context > 0);
        if color && opts.target == search::Target::Content {
            printer = printer.highlighting(search::highlighter(&opts)?);
        }
        let mut summary = XraySummary {
            files_total: candidates.len(),
            excluded_dirs: walker.excluded_dirs(),
            timeout: walker.cut_short(),
            ..XraySummary::default()
        };

        if list_candidates {
            for c in &candidates {
                printer.record(&Record::Candidate(CandidateData {
                    path: PathJson(&c.path),
                }))?;
            }
            summary.partial = summary.timeout;
            summary.elapsed_ms = run.elapsed_ms();
            printer.record(&Record::Summary(Summary::Xray(summary)))?;
            return Ok(ExitStatus::from_outcome(
                !candidates.is_empty(),
                report.had_error(),
            ));
        }

        let limits = Limits {
            max_files: eval.max_files.map(|n| n as usize),
            run_deadline,
            eval_timeout: Duration::from_secs_f64(eval.eval_timeout),
            threads,
            progress: style != Style::Json,
            parse_limit: run.parse_limit,
            max_errors: eval.max_errors.map(|n| n as usize),
            context: usize::from(pattern_args.context),
        };
        let explore_nodes = self.max_debug_nodes;
        let all_nodes = self.all_nodes;
        let files_only = self.files_only;
        // Set when the deadline cut a file's AST dumps short.
        let dumps_cut = AtomicBool::new(false);
        let post = |c: &Visited<search::Candidate>,
                    source: &str,
                    lines: &LineIndex,
                    result: FileResult| {
            let mut matches = result.matches;
            let dumps = explore_nodes.map(|n| {
                let dumps = attach_ast(
                    c,
                    source,
                    lines,
                    &mut matches,
                    DumpShape {
                        max_nodes: n,
                        all_nodes,
                        json: style == Style::Json,
                    },
                    run_deadline,
                );
                if dumps.cut {
                    dumps_cut.store(true, Ordering::Relaxed);
                }
                dumps.text
            });
            Finished {
                matches,
                dumps,
                value: result.value,
            }
        };
        let phase2 =
            engine::evaluate_all(&candidates, evaluator.as_ref(), &limits, post, |done| {
                let c = &candidates[done.index];
                match done.outcome {
                    Outcome::Done(f) if files_only => {
                        summary.matches += f.matches.len();
                        if !f.matches.is_empty() {
                            printer.record(&Record::Candidate(CandidateData {
                                path: PathJson(&c.path),
                            }))?;
                        }
                    }
                    Outcome::Done(f) => {
                        summary.matches += f.matches.len();
                        let lang = c.item.language.map_or("", |l| l.name);
                        printer.file_matches(&c.path, lang, &f.matches, f.dumps.as_deref())?;
                        if let Some(value) = &f.value {
                            printer.record(&Record::FileMetadata(FileMetadataData {
                                path: PathJson(&c.path),
                                value,
                            }))?;
                        }
                    }
                    Outcome::Failed(err) => {
                        summary.evaluation_errors += 1;
                        printer.record(&Record::EvaluationError(EvaluationErrorData {
                            path: PathJson(&c.path),
                            error_type: err.error_type,
                            error_message: &err.message,
                            evaluator_line: err.line_number,
                        }))?;
                    }
                    Outcome::Skipped(Skip::TooLarge(why)) => {
                        summary.skipped_files += 1;
                        report.path_warning(&c.path, why);
                    }
                    Outcome::Skipped(Skip::NoGrammar) => summary.unsupported_files += 1,
                }
                Ok(())
            })?;
        summary.files_evaluated = phase2.files_evaluated;
        summary.timeout |= phase2.timeout || dumps_cut.into_inner();
        summary.max_files_reached = phase2.max_files_reached && !summary.timeout;
        summary.max_errors_reached = phase2.max_errors_reached;
        summary.partial = summary.timeout
            || summary.max_files_reached
            || summary.max_errors_reached
            || summary.evaluation_errors > 0
            || summary.skipped_files > 0
            || report.had_error();
        summary.elapsed_ms = run.elapsed_ms();
        let found = summary.matches > 0;
        let failed = report.had_error() || summary.evaluation_errors > 0;
        printer.record(&Record::Summary(Summary::Xray(summary)))?;
        printer.flush()?;
        Ok(ExitStatus::from_outcome(found, failed))
    }
}

/// One file's results, finished on the worker thread (its source is gone after this).
struct Finished {
    matches: Vec<Match>,
    /// explore's text dumps, one per match (empty in JSON, where they are in the match).
    dumps: Option<Vec<String>>,
    value: Option<Value>,
}

/// The largest `--eval-file` read; an evaluator is a short script.
const MAX_EVAL_FILE_BYTES: u64 = 1024 * 1024;

/// The evaluator for a run: the user's Python code, or the default.
fn build_evaluator(eval: &EvalArgs, budget: python::pool::Budget) -> Result<Box<dyn Evaluator>> {
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
    python_evaluator(&code, budget)
}

/// The sandboxed Python evaluator, each worker within `budget`; rejected code is an
/// error before anything runs.
pub(crate) fn python_evaluator(
    code: &str,
    budget: python::pool::Budget,
) -> Result<Box<dyn Evaluator>> {
    let exe =
        std::env::current_exe().context("cannot find the codesearch binary to run evaluators")?;
    let evaluator = python::PythonEvaluator::new(code, exe, budget)?;
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
        files_only,
        every_match: false,
        parse_limit: None,
    }
}

/// Explore's AST dumps of one file.
pub(crate) struct Dumps {
    /// The text dumps, one per match (JSON puts them in the matches instead).
    pub text: Vec<String>,
    /// Whether the run's deadline stopped the dumps before the last match.
    pub cut: bool,
}

/// What explore's dumps around matches look like.
#[derive(Debug, Clone, Copy)]
pub(crate) struct DumpShape {
    pub max_nodes: usize,
    pub all_nodes: bool,
    /// JSON puts each dump in its match; text keeps them apart.
    pub json: bool,
}

/// Explore: parses the file once and gives every match its `matched_node` and
/// `ast_debug` (JSON) or a text dump, until the run's deadline.
pub(crate) fn attach_ast(
    c: &Visited<search::Candidate>,
    source: &str,
    line_starts: &LineIndex,
    matches: &mut [Match],
    shape: DumpShape,
    deadline: Option<Instant>,
) -> Dumps {
    let mut dumps = Dumps {
        text: Vec::new(),
        cut: false,
    };
    let Some(lang) = c.item.language else {
        return dumps;
    };
    let Ok(tree) = crate::source::parse(&mut lang.parser(), lang, source) else {
        return dumps;
    };
    let mut find = ast_dump::NodeFinder::new(tree.root_node());
    for m in matches.iter_mut() {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            dumps.cut = true;
            break;
        }
        let byte = match_byte(m, source, line_starts);
        let node = find.enclosing(byte);
        let dump = ast_dump::AstDump::new(node, source, shape.max_nodes, shape.all_nodes);
        m.matched_node = Some(ast_dump::describe(node));
        if shape.json {
            m.ast_debug = Some(dump.to_json());
        } else {
            dumps.text.push(dump.to_text("    "));
        }
    }
    dumps
}

/// Where a match points: its `byte_offset`, else its line and column, else the first
/// non-blank character of its line.
fn match_byte(m: &Match, source: &str, line_starts: &LineIndex) -> usize {
    if let Some(b) = m.byte_offset {
        return (b as usize).min(source.len());
    }
    let Some(start) = line_starts.line_start(m.line) else {
        return source.len();
    };
    if let Some(col) = m.column {
        return (start + (col as usize).saturating_sub(1)).min(source.len());
    }
    let rest = &source[start..];
    start + (rest.len() - rest.trim_start_matches([' ', '\t']).len())
}

/// `explore --file PATH`: one file's whole tree, in document order.
fn dump_file(
    path: &Path,
    all_nodes: bool,
    run: &SearchRunArgs,
    out: &mut dyn Write,
) -> Result<ExitStatus> {
    let started = Instant::now();
    let lang = crate::lang::detect(path)
        .with_context(|| format!("{}: unsupported language (see --type-list)", path.display()))?;
    let text = crate::source::read_text_within(path, run.parse.max_parse_size)
        .with_context(|| path.display().to_string())?
        .text;
    let tree = crate::source::parse(&mut lang.parser(), lang, &text)
        .with_context(|| path.display().to_string())?;
    let dump = ast_dump::AstDump::document(
        tree.root_node(),
        &text,
        ast_dump::FILE_DUMP_NODES,
        all_nodes,
    );
    let style = Style::of(run.output.json, false);
    let mut printer = Printer::new(&mut *out, style, false);
    printer.record(&Record::Ast(AstData {
        path: PathJson(path),
        language: lang.name,
        ast_debug: &dump,
        omitted_nodes: dump.omitted(),
    }))?;
    printer.record(&Record::Summary(Summary::Ast(AstSummary {
        files: 1,
        nodes: dump.len(),
        omitted_nodes: dump.omitted(),
        elapsed_ms: started.elapsed().as_millis(),
    })))?;
    printer.flush()?;
    Ok(ExitStatus::Found)
}
