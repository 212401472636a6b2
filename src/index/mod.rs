//! `codesearch build-index`: the map of a repository.
//!
//! The walker produces the surviving entries (on its threads, which also probe files
//! for binary content and count lines for `--stats`); this module consumes them in path
//! order and prints either the `├──` tree ([`tree`]) or, with `--json`, the records
//! `entry` (one per entry, each file's `symbol`s after it with `--symbols`) and a
//! last `summary` through the shared printer (documented in `docs/json.md`).

mod tree;

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::time::Instant;

use anyhow::{Context, Result};

use crate::cli::{BuildIndexArgs, WalkArgs};
use crate::commands::Run;
use crate::lang::Language;
use crate::output::json::PathJson;
use crate::output::printer::{Paint, Printer};
use crate::output::progress::Progress;
use crate::output::record::{EntryData, LanguageStats, MapSummary, Record, Summary, SymbolData};
use crate::output::{color_choice, ExitStatus, Reporter};
use crate::pool::{Flow, InOrder};
use crate::query::source::{FactsSource, FileEntry};
use crate::source::BINARY_PROBE_LEN;
use crate::symbols::Symbol;
use crate::walk::{Visited, Walker};

/// One entry of the map, as produced on a walker thread.
#[derive(Debug, Clone)]
pub struct MapEntry {
    pub is_dir: bool,
    pub depth: usize,
    pub language: Option<&'static Language>,
    /// File size in bytes (None for directories).
    pub size: Option<u64>,
    /// Line count, with `--stats` only.
    pub lines: Option<u64>,
    /// The file's symbols, with `--symbols` only (source order, parents first).
    pub symbols: Vec<Symbol>,
}

/// Runs `build-index` and returns the exit status.
pub fn run(args: &BuildIndexArgs, out: &mut dyn Write) -> Result<ExitStatus> {
    let started = Instant::now();
    let run = Run::new(
        &args.paths,
        &args.walk,
        &args.parse,
        &args.index,
        &args.output,
        false,
    )?;
    let opts = MapOptions {
        symbols: args.symbols,
        count_lines: args.stats,
        progress: !args.output.json,
    };
    let entries = walk_map(&run, &args.walk, &opts);
    let (walker, report) = (&run.walker, &run.report);

    let mut totals = Totals::default();
    for v in &entries {
        totals.add(&v.item, args.stats);
    }
    let source = args
        .symbols
        .then(|| run.facts_source_for(files_of(&entries)));
    let source = source.as_deref();

    if args.output.json {
        let mut json = Printer::new(out, run.style, false);
        for_each_outline(&run, &entries, source, |_, v, symbols| {
            json.record(&Record::Entry(EntryData {
                path: PathJson(&v.path),
                kind: if v.item.is_dir { "dir" } else { "file" },
                depth: v.item.depth,
                language: v.item.language.map(|l| l.name),
                size: v.item.size,
            }))?;
            for sym in &symbols {
                json.record(&Record::Symbol(SymbolData::new(sym, None)))?;
            }
            Ok(())
        })?;
        json.record(&Record::Summary(Summary::Map(MapSummary {
            dirs: totals.dirs,
            files: totals.files,
            bytes: totals.bytes,
            languages: &totals.languages,
            excluded_dirs: walker.excluded_dirs(),
            elapsed_ms: started.elapsed().as_millis(),
        })))?;
        json.flush()?;
    } else {
        let use_color = color_choice(args.output.color) == termcolor::ColorChoice::Always;
        let mut tree = tree::Renderer::new(walker, &entries);
        let painted = &mut Paint::new(&mut *out, use_color);
        for_each_outline(&run, &entries, source, |i, v, s| {
            tree.entry(i, v, &s, painted)
        })?;
        if args.stats {
            write_stats(&totals, walker.excluded_dirs(), out)?;
        }
        out.flush().context("writing the map")?;
    }
    Ok(ExitStatus::from_outcome(
        totals.files > 0,
        report.had_error(),
    ))
}

/// What the map holds besides the tree.
#[derive(Debug, Clone, Copy)]
pub struct MapOptions {
    /// Each file's symbols (its outline).
    pub symbols: bool,
    /// Each file's line count.
    pub count_lines: bool,
    /// A progress spinner on a terminal.
    pub progress: bool,
}

/// The entries of the map of `run`'s walker, in path order, with each file's symbols
/// when asked. With globs or types, directories that hold no selected file are left out.
pub fn map_entries(run: &Run, walk: &WalkArgs, opts: &MapOptions) -> Vec<Visited<MapEntry>> {
    let mut entries = walk_map(run, walk, opts);
    if opts.symbols {
        let source = run.facts_source_for(files_of(&entries));
        let mut outlines = Vec::with_capacity(entries.len());
        let gathered = for_each_outline(run, &entries, Some(&*source), |_, _, symbols| {
            outlines.push(symbols);
            Ok(())
        });
        // Invariant: gathering into memory cannot fail.
        gathered.expect("collecting outlines");
        for (v, symbols) in entries.iter_mut().zip(outlines) {
            v.item.symbols = symbols;
        }
    }
    entries
}

/// The walked entries, without symbols.
fn walk_map(run: &Run, walk: &WalkArgs, opts: &MapOptions) -> Vec<Visited<MapEntry>> {
    let entries = collect(&run.walker, &run.report, opts.progress, opts.count_lines);
    let filtered = !walk.globs.is_empty() || !walk.types.is_empty() || !walk.types_not.is_empty();
    if filtered {
        tree::prune_empty_dirs(entries)
    } else {
        entries
    }
}

/// The files among the entries, in order.
fn files_of(entries: &[Visited<MapEntry>]) -> Vec<FileEntry> {
    entries
        .iter()
        .filter(|v| !v.item.is_dir)
        .map(|v| FileEntry {
            path: v.path.clone(),
            language: v.item.language,
        })
        .collect()
}

/// Hands every entry with its symbols (none without a `source`) to `visit`, in path
/// order: the symbols of later files are read or parsed on the run's threads while
/// earlier entries are visited, so printing overlaps parsing and only a few files'
/// symbols are held at once. `source` is over [`files_of`] these entries.
fn for_each_outline(
    run: &Run,
    entries: &[Visited<MapEntry>],
    source: Option<&dyn FactsSource>,
    mut visit: impl FnMut(usize, &Visited<MapEntry>, Vec<Symbol>) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let Some(source) = source else {
        for (i, v) in entries.iter().enumerate() {
            visit(i, v, Vec::new())?;
        }
        return Ok(());
    };
    // Each entry's index among the files (what the source numbers).
    let mut files = 0usize;
    let file_index: Vec<Option<usize>> = entries
        .iter()
        .map(|v| {
            (!v.item.is_dir).then(|| {
                files += 1;
                files - 1
            })
        })
        .collect();
    InOrder::new(run.threads, OUTLINES_AHEAD_PER_THREAD).run(
        entries.len(),
        |i| {
            Some(
                file_index[i]
                    .and_then(|f| source.definitions(f, false))
                    .unwrap_or_default(),
            )
        },
        |i, symbols| visit(i, &entries[i], symbols).map(|()| Flow::Continue),
    )?;
    Ok(())
}

/// How many files' symbols a thread may read ahead of the entry being printed.
const OUTLINES_AHEAD_PER_THREAD: usize = 16;

/// Walks and probes: directories are kept; files are kept unless binary (a NUL byte
/// in the first block; a path named on the command line is always kept).
fn collect(
    walker: &Walker,
    report: &Reporter,
    show_progress: bool,
    count_lines: bool,
) -> Vec<Visited<MapEntry>> {
    let progress = Progress::start("entries walked", show_progress);
    let entries = walker.collect(report, |e| {
        progress.inc();
        if e.is_dir {
            return Some(MapEntry {
                is_dir: true,
                depth: e.depth,
                language: None,
                size: None,
                lines: None,
                symbols: Vec::new(),
            });
        }
        let probe = match probe_file(e.dirent.path(), count_lines) {
            Ok(p) => p,
            Err(err) => {
                report.path_error(&e.path, err);
                return None;
            }
        };
        if probe.binary && !e.explicit {
            return None;
        }
        Some(MapEntry {
            is_dir: false,
            depth: e.depth,
            language: e.language,
            size: Some(probe.size),
            lines: probe.lines,
            symbols: Vec::new(),
        })
    });
    progress.finish();
    entries
}

struct Probe {
    size: u64,
    binary: bool,
    lines: Option<u64>,
}

/// Opens a file once: its size, whether its first block has a NUL byte, and (when
/// asked) its line count.
fn probe_file(path: &std::path::Path, count_lines: bool) -> std::io::Result<Probe> {
    let (mut file, size) = crate::source::open_regular_sized(path)?;
    let mut buf = vec![0u8; BINARY_PROBE_LEN];
    let mut filled = 0;
    // A file shorter than the block is read whole by its first read: no second read
    // to find its end.
    while filled < buf.len() && (filled as u64) < size.max(1) {
        let n = file.read(&mut buf[filled..])?;
        if n == 0 {
            break;
        }
        filled += n;
    }
    let head = &buf[..filled];
    let binary = head.contains(&0);
    let lines = if count_lines && !binary {
        let mut newlines = bytecount(head);
        let mut last = head.last().copied();
        let mut chunk = vec![0u8; 64 * 1024];
        loop {
            let n = file.read(&mut chunk)?;
            if n == 0 {
                break;
            }
            newlines += bytecount(&chunk[..n]);
            last = Some(chunk[n - 1]);
        }
        // A last line without a trailing newline still counts, as `wc -l` would not.
        Some(newlines + u64::from(last.is_some_and(|b| b != b'\n')))
    } else {
        None
    };
    Ok(Probe {
        size,
        binary,
        lines,
    })
}

fn bytecount(bytes: &[u8]) -> u64 {
    bytes.iter().filter(|&&b| b == b'\n').count() as u64
}

#[derive(Default)]
struct Totals {
    dirs: u64,
    files: u64,
    bytes: u64,
    languages: BTreeMap<&'static str, LanguageStats>,
}

impl Totals {
    fn add(&mut self, e: &MapEntry, stats: bool) {
        if e.is_dir {
            if e.depth > 0 {
                self.dirs += 1;
            }
            return;
        }
        let size = e.size.unwrap_or(0);
        self.files += 1;
        self.bytes += size;
        if let Some(lang) = e.language {
            let s = self.languages.entry(lang.name).or_default();
            s.files += 1;
            s.bytes += size;
            if stats {
                *s.lines.get_or_insert(0) += e.lines.unwrap_or(0);
            }
        }
    }
}

fn write_stats(t: &Totals, excluded_dirs: usize, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(out)?;
    writeln!(
        out,
        "{:<12} {:>8} {:>10} {:>12}",
        "language", "files", "lines", "bytes"
    )?;
    let mut rows: Vec<_> = t.languages.iter().collect();
    rows.sort_by(|a, b| b.1.files.cmp(&a.1.files).then(a.0.cmp(b.0)));
    for (name, s) in rows {
        writeln!(
            out,
            "{:<12} {:>8} {:>10} {:>12}",
            name,
            s.files,
            s.lines.unwrap_or(0),
            s.bytes
        )?;
    }
    writeln!(
        out,
        "{} directories, {} files, {} bytes; {} directories excluded by default",
        t.dirs, t.files, t.bytes, excluded_dirs
    )
}
