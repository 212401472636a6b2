//! `find-symbol`, `what-depends` and `what-breaks`.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::Path;

use anyhow::Result;

use super::Run;
use crate::cli::{FindSymbolArgs, WhatBreaksArgs, WhatDependsArgs};
use crate::facts::RefKind;
use crate::output::json::PathJson;
use crate::output::printer::{Printer, Style};
use crate::output::record::{
    BreaksSummary, CallerData, DefinitionData, DependencyData, DependsSummary, ErrorData,
    FindSummary, Record, ReferenceData, ResolutionKind, Summary, SymbolData,
};
use crate::output::ExitStatus;
use crate::query::breaks::{lines_of, what_breaks as find_uses, UseResolution};
use crate::query::depends::what_depends as find_dependencies;
use crate::query::find::find_symbols;
use crate::query::resolve::{Resolution, Resolver};
use crate::query::target::{targets, Target, TargetError};
use crate::symbols::rank::Query;
use crate::symbols::resolve::parse_arg;

/// What every symbol question says about its results.
const CAVEAT: &str = "Uses are found by name and resolved through imports, receivers and scopes; those marked \"by name\" could not be resolved and may be namesakes.";

/// Leaves `value` to be reclaimed when the process exits, right after the command:
/// the facts, caches and answers of a symbol question are many small allocations, most
/// made on worker threads, and freeing them one by one took several milliseconds of a
/// warm question that the system does at once on exit. Only the one-shot commands do
/// this; the MCP server, which lives on, frees what it reads.
fn left_to_exit<T>(value: T) {
    std::mem::forget(value);
}

/// `codesearch find-symbol`.
pub fn find_symbol(args: &FindSymbolArgs, out: &mut dyn Write) -> Result<ExitStatus> {
    let run = Run::for_symbols(&args.paths, &args.flags)?;
    let query = Query::new(&args.query);
    let source = run.facts_source();
    let found = find_symbols(
        source.as_ref(),
        &query,
        &args.kinds,
        args.exact,
        0..args.limit,
    );
    left_to_exit(source);
    let searched = found.searched;
    let total = found.total;
    let shown = &found.ranked;
    let mut p = run.printer(out);
    for r in shown {
        p.record(&Record::Symbol(SymbolData::new(&r.symbol, Some(r.score))))?;
    }
    p.record(&Record::Summary(Summary::Find(FindSummary {
        query: &args.query,
        matches: shown.len(),
        total_matches: total,
        symbols: searched,
        excluded_dirs: run.walker.excluded_dirs(),
        skipped_files: run.report.warnings(),
        elapsed_ms: run.elapsed_ms(),
    })))?;
    p.flush()?;
    let found_something = !shown.is_empty();
    left_to_exit(found);
    Ok(ExitStatus::from_outcome(
        found_something,
        run.report.had_error(),
    ))
}

/// Resolves the SYMBOL argument; on failure prints the error (with close names or the
/// candidates) and gives the exit status: every failure is exit 2, so that scripts
/// never read a misspelt name as "nothing uses it".
fn resolve_targets<W: Write>(
    symbol: &str,
    all: bool,
    resolver: &Resolver,
    p: &mut Printer<W>,
) -> Result<Option<Vec<Target>>> {
    let mut stdin = std::io::stdin().lock();
    let arg = match parse_arg(symbol, &mut stdin) {
        Ok(a) => a,
        Err(e) => {
            let msg = e.to_string();
            p.record(&Record::Error(ErrorData::message(&msg, None)))?;
            return Ok(None);
        }
    };
    match targets(&arg, resolver, all) {
        Ok(t) => Ok(Some(t)),
        Err(e) => {
            let msg = e.to_string();
            let mut data = ErrorData::message(&msg, None);
            let (suggestions, candidates) = match &e {
                TargetError::NotFound { suggestions, .. } => (suggestions.as_slice(), &[][..]),
                TargetError::Ambiguous { candidates, .. } => (&[][..], candidates.as_slice()),
                TargetError::NoDefinitionAt(_) => (&[][..], &[][..]),
            };
            data.suggestions = suggestions;
            data.candidates = candidates
                .iter()
                .map(|c| SymbolData::new(c, None))
                .collect();
            p.record(&Record::Error(data))?;
            Ok(None)
        }
    }
}

/// Resolves the SYMBOL argument and, when it names targets, lets `answer` print what
/// the command says about them; either way the printer is flushed. A failure to name a
/// target was already printed and is exit 2. `callers_too`: the answer follows
/// callers level by level, each level asking about other names.
fn with_targets(
    run: &Run,
    symbol: &str,
    all: bool,
    callers_too: bool,
    out: &mut dyn Write,
    answer: impl FnOnce(&Resolver, Vec<Target>, &mut Printer<&mut dyn Write>) -> Result<ExitStatus>,
) -> Result<ExitStatus> {
    let source = run.facts_source();
    if callers_too {
        source.read_whole_files();
    }
    let resolver = Resolver::new(source.as_ref());
    let mut p = run.printer(out);
    let status = match resolve_targets(symbol, all, &resolver, &mut p)? {
        Some(targets) => answer(&resolver, targets, &mut p)?,
        None => ExitStatus::Error,
    };
    p.flush()?;
    left_to_exit(resolver);
    left_to_exit(source);
    Ok(status)
}

fn resolution_parts(
    r: &Resolution,
) -> (
    ResolutionKind,
    Option<&crate::symbols::Symbol>,
    Option<&str>,
) {
    match r {
        Resolution::Definition(d) => (ResolutionKind::Definition, Some(d.symbol()), None),
        Resolution::Overloads(d) => (ResolutionKind::Overloads, Some(d.symbol()), None),
        Resolution::External(m) => (ResolutionKind::External, None, m.as_deref()),
        Resolution::Local => (ResolutionKind::Local, None, None),
        Resolution::Unresolved | Resolution::Pointer(_) => (ResolutionKind::Unresolved, None, None),
    }
}

/// `codesearch what-depends`.
pub fn what_depends(args: &WhatDependsArgs, out: &mut dyn Write) -> Result<ExitStatus> {
    let run = Run::for_symbols(&args.paths, &args.flags)?;
    with_targets(
        &run,
        &args.symbol,
        args.all,
        false,
        out,
        |resolver, targets, p| {
            let (mut total, mut resolved, mut external, mut unresolved) = (0, 0, 0, 0);
            for t in &targets {
                if p.style() != Style::Vimgrep {
                    p.record(&Record::Symbol(SymbolData::new(t.symbol(), None)))?;
                }
                for group in find_dependencies(t, resolver) {
                    // A C++ function defined in several source files: each other
                    // file's dependencies under its definition there.
                    if group.definition.file.path != t.primary.file.path
                        && !group.dependencies.is_empty()
                        && p.style() != Style::Vimgrep
                    {
                        let there = group.definition.symbol();
                        p.record(&Record::Symbol(SymbolData::new(there, None)))?;
                    }
                    for d in &group.dependencies {
                        let (kind, def, ext) = resolution_parts(&d.resolution);
                        total += 1;
                        match kind {
                            ResolutionKind::Definition | ResolutionKind::Overloads => resolved += 1,
                            ResolutionKind::External => external += 1,
                            _ => unresolved += 1,
                        }
                        let r = &d.reference;
                        p.record(&Record::Dependency(DependencyData {
                            kind: r.kind.as_str(),
                            name: &r.name,
                            qualifier: r.qualifier.as_deref(),
                            path: PathJson(&d.file.path),
                            line: r.line,
                            column: r.column,
                            resolution: kind,
                            resolved: def.map(DefinitionData::new),
                            external: ext,
                        }))?;
                    }
                }
            }
            p.record(&Record::Summary(Summary::Depends(DependsSummary {
                symbols: targets.iter().map(|t| t.symbol().id.clone()).collect(),
                dependencies: total,
                resolved,
                external,
                unresolved,
                excluded_dirs: run.walker.excluded_dirs(),
                skipped_files: run.report.warnings(),
                elapsed_ms: run.elapsed_ms(),
            })))?;
            Ok(ExitStatus::from_outcome(total > 0, run.report.had_error()))
        },
    )
}

/// `codesearch what-breaks`.
pub fn what_breaks(args: &WhatBreaksArgs, out: &mut dyn Write) -> Result<ExitStatus> {
    let run = Run::for_symbols(&args.paths, &args.flags)?;
    let depth = usize::from(args.depth);
    with_targets(
        &run,
        &args.symbol,
        args.all,
        depth > 1,
        out,
        |resolver, targets, p| {
            let uses = find_uses(&targets, depth, resolver);
            if p.style() == Style::Json {
                for t in &targets {
                    p.record(&Record::Symbol(SymbolData::new(t.symbol(), None)))?;
                }
            }
            let contents = lines_of(&uses);
            for (u, (content, cut)) in uses.iter().zip(&contents) {
                let r = &u.reference;
                p.record(&Record::Reference(ReferenceData {
                    kind: r.kind.as_str(),
                    path: PathJson(&u.file.path),
                    line: r.line,
                    column: r.column,
                    line_content: content,
                    line_truncated: *cut,
                    qualifier: r.qualifier.as_deref(),
                    caller: u.caller_symbol().map(|c| CallerData {
                        id: &c.id,
                        name: &c.name,
                        qualified_name: &c.qualified_name,
                        kind: c.kind,
                    }),
                    resolution: match u.resolution {
                        UseResolution::Definition => ResolutionKind::Definition,
                        UseResolution::Overloads => ResolutionKind::Overloads,
                        UseResolution::Unresolved => ResolutionKind::Unresolved,
                    },
                    target: &u.target,
                    depth: (depth > 1).then_some(u.depth),
                }))?;
            }
            let resolved = uses.iter().filter(|u| u.is_resolved()).count();
            let files: BTreeSet<&Path> = uses.iter().map(|u| u.file.path.as_path()).collect();
            let note = format!(
                "{} uses ({resolved} resolved, {} by name only). Note: {CAVEAT}",
                uses.len(),
                uses.len() - resolved
            );
            p.record(&Record::Summary(Summary::Breaks(BreaksSummary {
                symbols: targets.iter().map(|t| t.symbol().id.clone()).collect(),
                references: uses.len(),
                resolved,
                unresolved: uses.len() - resolved,
                calls: uses
                    .iter()
                    .filter(|u| u.reference.kind == RefKind::Call)
                    .count(),
                files: files.len(),
                depth,
                note: note.clone(),
                excluded_dirs: run.walker.excluded_dirs(),
                skipped_files: run.report.warnings(),
                elapsed_ms: run.elapsed_ms(),
            })))?;
            if p.style() == Style::Text {
                p.flush()?;
                eprintln!("{note}");
            }
            let found_some = !uses.is_empty();
            left_to_exit(uses);
            left_to_exit(contents);
            Ok(ExitStatus::from_outcome(found_some, run.report.had_error()))
        },
    )
}
