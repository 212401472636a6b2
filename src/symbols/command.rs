//! The subcommands `find-symbol`, `what-depends` and `what-breaks`: argument handling,
//! text and JSON output, exit codes. The analysis itself lives in [`super::rank`],
//! [`super::depends`], [`super::breaks`] and [`super::resolve`].
//!
//! Text output is `path:line: ...` (colored on a terminal, like ripgrep: path magenta,
//! line green); JSON output is the records of [`super::records`], ending with a
//! summary.

use std::collections::BTreeSet;
use std::io::Write;
use std::time::Instant;

use anyhow::{Context, Result};
use termcolor::{Color, ColorSpec, WriteColor};

use super::breaks::{what_breaks as find_breaks, RefKind, CAVEAT};
use super::collect::symbols_of_file;
use super::depends::what_depends as find_depends;
use super::rank::{rank, sort_ranked, Query, Ranked};
use super::records::{
    BreaksSummary, DependencyRecord, DependsSummary, FindSummary, ReferenceRecord, SymbolRecord,
};
use super::resolve::{parse_arg, resolve, ResolveError};
use super::Symbol;
use crate::cli::{ColorWhen, FindSymbolArgs, WhatBreaksArgs, WhatDependsArgs};
use crate::output::json::JsonLines;
use crate::output::progress::Progress;
use crate::output::{color_choice, display_path, ExitStatus, Reporter};
use crate::source::SourceError;
use crate::walk::Walker;

/// A colored or plain writer over `out`, per `--color`.
fn painter<'a>(when: ColorWhen, out: &'a mut dyn Write) -> Box<dyn WriteColor + 'a> {
    if color_choice(when) == termcolor::ColorChoice::Always {
        Box::new(termcolor::Ansi::new(out))
    } else {
        Box::new(termcolor::NoColor::new(out))
    }
}

fn spec(color: Color, bold: bool) -> ColorSpec {
    let mut s = ColorSpec::new();
    s.set_fg(Some(color)).set_bold(bold);
    s
}

/// `path:line:` in ripgrep's colors.
fn write_location(
    w: &mut dyn WriteColor,
    path: &std::path::Path,
    line: impl std::fmt::Display,
) -> std::io::Result<()> {
    w.set_color(&spec(Color::Magenta, false))?;
    write!(w, "{}", display_path(path))?;
    w.reset()?;
    write!(w, ":")?;
    w.set_color(&spec(Color::Green, false))?;
    write!(w, "{line}")?;
    w.reset()?;
    write!(w, ":")
}

fn write_symbol_line(w: &mut dyn WriteColor, s: &Symbol) -> std::io::Result<()> {
    write_location(w, &s.path, s.start_line)?;
    w.set_color(&spec(Color::Cyan, false))?;
    write!(w, " {}", s.kind)?;
    w.reset()?;
    w.set_color(&spec(Color::Yellow, true))?;
    write!(w, " {}", s.qualified_name)?;
    w.reset()?;
    writeln!(w, "  {}", s.signature)
}

/// `codesearch find-symbol`.
pub fn find_symbol(args: &FindSymbolArgs, out: &mut dyn Write) -> Result<ExitStatus> {
    let started = Instant::now();
    let report = Reporter::new();
    let walker = Walker::new(&args.paths, &args.walk)?;
    let progress = Progress::start("files parsed", !args.output.json);
    let query = Query::new(&args.query);
    // Files are scored on the walker's threads as they are parsed; only matches are
    // kept, so memory follows the results, not the size of the tree.
    let per_file = walker.collect(&report, |entry| {
        if entry.is_dir {
            return None;
        }
        let lang = entry.language?;
        progress.inc();
        match symbols_of_file(entry.dirent.path(), &entry.path, lang) {
            Ok((_, mut symbols)) => {
                let count = symbols.len();
                symbols.retain(|s| {
                    s.kind != super::Kind::Scope
                        && (args.kinds.is_empty() || args.kinds.contains(&s.kind))
                });
                Some((count, rank(&query, symbols, args.exact)))
            }
            Err(SourceError::Binary) => None,
            Err(err) => {
                report.path_error(&entry.path, err);
                None
            }
        }
    });
    progress.finish();
    let searched: usize = per_file.iter().map(|v| v.item.0).sum();
    let mut ranked: Vec<Ranked> = per_file.into_iter().flat_map(|v| v.item.1).collect();
    sort_ranked(&mut ranked);
    let total = ranked.len();
    let shown = &ranked[..total.min(args.limit)];
    if args.output.json {
        let mut json = JsonLines::new(&mut *out);
        for r in shown {
            json.record("symbol", &SymbolRecord::new(&r.symbol, Some(r.score)))?;
        }
        json.record(
            "summary",
            &FindSummary {
                query: &args.query,
                matches: shown.len(),
                total_matches: total,
                symbols: searched,
                elapsed_ms: started.elapsed().as_millis(),
            },
        )?;
        json.flush()?;
    } else {
        let mut w = painter(args.output.color, out);
        for r in shown {
            write_symbol_line(&mut *w, &r.symbol)?;
        }
        w.flush().context("writing results")?;
    }
    Ok(ExitStatus::from_outcome(
        !shown.is_empty(),
        report.had_error(),
    ))
}

/// Resolves the SYMBOL argument, or ends the run with the status the issue asks for:
/// not found → 1, ambiguous (listed on stderr) or bad input → 2.
fn targets(
    symbol: &str,
    all: bool,
    walker: &Walker,
    report: &Reporter,
) -> Result<std::result::Result<Vec<Symbol>, ExitStatus>> {
    let mut stdin = std::io::stdin().lock();
    let resolved = parse_arg(symbol, &mut stdin).and_then(|arg| resolve(&arg, walker, report, all));
    let err = match resolved {
        Ok(found) => return Ok(Ok(found)),
        Err(e) => e,
    };
    let mut stderr = std::io::stderr().lock();
    writeln!(stderr, "codesearch: {err}")?;
    Ok(Err(match err {
        ResolveError::NotFound(_) => ExitStatus::NotFound,
        ResolveError::Ambiguous { candidates, .. } => {
            for c in &candidates {
                writeln!(
                    stderr,
                    "  {}:{}: {} {}  {}",
                    display_path(&c.path),
                    c.start_line,
                    c.kind,
                    c.qualified_name,
                    c.id
                )?;
            }
            ExitStatus::Error
        }
        ResolveError::BadInput(_) => ExitStatus::Error,
    }))
}

/// `codesearch what-depends`.
pub fn what_depends(args: &WhatDependsArgs, out: &mut dyn Write) -> Result<ExitStatus> {
    let started = Instant::now();
    let report = Reporter::new();
    let walker = Walker::new(&args.paths, &args.walk)?;
    let symbols = match targets(&args.symbol, args.all, &walker, &report)? {
        Ok(s) => s,
        Err(status) => return Ok(status),
    };
    let mut total = 0;
    let mut resolved = 0;
    let mut json = args.output.json.then(|| JsonLines::new(Vec::new()));
    let mut text = Vec::new();
    {
        let mut w = painter(args.output.color, &mut text);
        for sym in &symbols {
            let deps = match find_depends(sym, &walker, &report) {
                Ok(d) => d,
                Err(e) => {
                    report.path_error(&sym.path, e);
                    continue;
                }
            };
            total += deps.len();
            resolved += deps.iter().filter(|d| d.resolved.is_some()).count();
            if let Some(json) = json.as_mut() {
                if symbols.len() > 1 {
                    json.record("symbol", &SymbolRecord::new(sym, None))?;
                }
                for d in &deps {
                    json.record("dependency", &DependencyRecord::new(d))?;
                }
                continue;
            }
            write_symbol_line(&mut *w, sym)?;
            for d in &deps {
                let lines: Vec<String> = d.lines.iter().map(usize::to_string).collect();
                w.set_color(&spec(Color::Cyan, false))?;
                write!(w, "  {:<6}", d.kind.as_str())?;
                w.reset()?;
                w.set_color(&spec(Color::Yellow, true))?;
                write!(w, " {}", d.name)?;
                w.reset()?;
                write!(w, "  line {}", lines.join(","))?;
                match &d.resolved {
                    Some(s) => {
                        write!(w, "  -> ")?;
                        write_location(&mut *w, &s.path, s.start_line)?;
                        writeln!(w, " {} {}", s.kind, s.qualified_name)?;
                    }
                    None => writeln!(w, "  (unresolved)")?,
                }
            }
        }
    }
    if let Some(mut json) = json {
        json.record(
            "summary",
            &DependsSummary {
                symbols: symbols.iter().map(|s| s.id.clone()).collect(),
                dependencies: total,
                resolved,
                elapsed_ms: started.elapsed().as_millis(),
            },
        )?;
        out.write_all(&json.into_inner())?;
    } else {
        out.write_all(&text)?;
    }
    out.flush().context("writing results")?;
    Ok(ExitStatus::from_outcome(total > 0, report.had_error()))
}

/// `codesearch what-breaks`.
pub fn what_breaks(args: &WhatBreaksArgs, out: &mut dyn Write) -> Result<ExitStatus> {
    let started = Instant::now();
    let report = Reporter::new();
    let walker = Walker::new(&args.paths, &args.walk)?;
    let symbols = match targets(&args.symbol, args.all, &walker, &report)? {
        Ok(s) => s,
        Err(status) => return Ok(status),
    };
    let depth = usize::from(args.depth);
    let refs = find_breaks(&symbols, depth, &walker, &report);
    let calls = refs.iter().filter(|r| r.kind == RefKind::Call).count();
    let files: BTreeSet<&std::path::Path> = refs.iter().map(|r| r.path.as_path()).collect();
    let note = format!("Found {} potential call sites. Note: {CAVEAT}", refs.len());
    if args.output.json {
        let mut json = JsonLines::new(&mut *out);
        for r in &refs {
            json.record("reference", &ReferenceRecord::new(r, depth > 1))?;
        }
        json.record(
            "summary",
            &BreaksSummary {
                symbols: symbols.iter().map(|s| s.id.clone()).collect(),
                references: refs.len(),
                calls,
                files: files.len(),
                depth,
                note,
                elapsed_ms: started.elapsed().as_millis(),
            },
        )?;
        json.flush()?;
    } else {
        let mut w = painter(args.output.color, out);
        for r in &refs {
            write!(w, "{}", "  ".repeat(r.depth - 1))?;
            write_location(&mut *w, &r.path, r.line)?;
            write!(w, "{}:", r.column)?;
            w.set_color(&spec(Color::Cyan, false))?;
            write!(w, " {:<9}", r.kind.as_str())?;
            w.reset()?;
            match &r.caller {
                Some(c) => {
                    w.set_color(&spec(Color::Yellow, true))?;
                    write!(w, " {}", c.qualified_name)?;
                    w.reset()?;
                }
                None => write!(w, " <top level>")?,
            }
            writeln!(w, "  {}", r.line_content.trim())?;
        }
        writeln!(w, "{note}")?;
        w.flush().context("writing results")?;
    }
    Ok(ExitStatus::from_outcome(
        !refs.is_empty(),
        report.had_error(),
    ))
}
