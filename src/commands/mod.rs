//! The subcommands over the query layer: each turns its arguments (already resolved
//! into a [`Run`]) into a query call and hands the records to the printer.
//!
//! [`Run`] is where parsed flags become the walker, the reporter, the output style,
//! the thread count and the facts source (the index, or a fresh parse), once per run,
//! for every command that walks a tree (`xray` and `explore` too, through
//! [`Run::for_search`]); commands never re-read raw flags for those.

mod index;
mod symbols;

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::Result;

pub use index::{build_in_background, building, index};
pub use symbols::{find_symbol, what_breaks, what_depends};

use crate::cli::{IndexArgs, OutputArgs, ParseArgs, SymbolFlags, WalkArgs};
use crate::output::printer::{Printer, Style};
use crate::output::progress::Progress;
use crate::output::{color_choice, Reporter};
use crate::query::source::{walked_files, FactsSource, FileEntry, ParseOnDemand};
use crate::query::stored::FromIndex;
use crate::store::Store;
use crate::walk::Walker;

/// Trees up to this many parseable files are indexed in the foreground even by
/// [`Run::facts_source_quick`] (a few seconds at most).
pub const COLD_FILES: usize = 1000;

/// Everything a command needs that comes from the shared flags.
pub struct Run {
    pub walker: Walker,
    pub report: Reporter,
    pub style: Style,
    pub color: bool,
    /// Files larger than this are skipped with a warning instead of parsed.
    pub parse_limit: u64,
    /// Worker threads (`-j`; 0 means one per core).
    pub threads: usize,
    /// The index to answer from, if any: its root and the `--index-dir` given.
    index: Option<(PathBuf, Option<PathBuf>)>,
    pub started: Instant,
}

impl Run {
    pub fn new(
        paths: &[PathBuf],
        walk: &WalkArgs,
        parse: &ParseArgs,
        index: &IndexArgs,
        output: &OutputArgs,
        vimgrep: bool,
    ) -> Result<Run> {
        let index = if index.no_index {
            None
        } else {
            index_root(paths).map(|root| (root, index.dir.index_dir.clone()))
        };
        let walker = Walker::new(paths, walk)?;
        Ok(Run::with(walker, walk, parse, index, output, vimgrep))
    }

    /// The run of `xray` or `explore`: the walk stops at the run's `deadline`, and no
    /// index is read (they search and parse the files themselves).
    pub fn for_search(
        paths: &[PathBuf],
        walk: &WalkArgs,
        parse: &ParseArgs,
        output: &OutputArgs,
        vimgrep: bool,
        deadline: Option<Instant>,
    ) -> Result<Run> {
        let walker = Walker::new(paths, walk)?.with_deadline(deadline);
        Ok(Run::with(walker, walk, parse, None, output, vimgrep))
    }

    fn with(
        walker: Walker,
        walk: &WalkArgs,
        parse: &ParseArgs,
        index: Option<(PathBuf, Option<PathBuf>)>,
        output: &OutputArgs,
        vimgrep: bool,
    ) -> Run {
        let style = Style::of(output.json, vimgrep);
        Run {
            walker,
            report: Reporter::new(),
            style,
            parse_limit: parse.max_parse_size,
            threads: crate::pool::threads_for(walk.threads),
            index,
            color: color_choice(output.color) == termcolor::ColorChoice::Always,
            started: Instant::now(),
        }
    }

    /// The run of a symbol command, from the flags they all share.
    pub fn for_symbols(paths: &[PathBuf], flags: &SymbolFlags) -> Result<Run> {
        Run::new(
            paths,
            &flags.walk,
            &flags.parse,
            &flags.index,
            &flags.output,
            flags.vimgrep,
        )
    }

    /// The printer of this run's records: colors in text only, control characters
    /// escaped when the text is for a terminal.
    pub fn printer<W: Write>(&self, out: W) -> Printer<W> {
        let text = self.style == Style::Text;
        Printer::new(out, self.style, self.color && text)
            .escaping(self.color || std::io::stdout().is_terminal())
    }

    /// Where this run's facts come from: the index of the search root, brought up to
    /// date first; or, with `--no-index`, for paths that share no root, or when the
    /// index cannot be used (said once on stderr), a fresh parse.
    pub fn facts_source(&self) -> Box<dyn FactsSource + '_> {
        self.source_over(None, None)
    }

    /// [`Run::facts_source`] over files this run already walked.
    pub fn facts_source_for(&self, files: Vec<FileEntry>) -> Box<dyn FactsSource + '_> {
        self.source_over(Some(files), None)
    }

    /// [`Run::facts_source`], counting the index's update on `progress`.
    pub fn facts_source_with(&self, progress: &Progress) -> Box<dyn FactsSource + '_> {
        self.source_over(None, Some(progress))
    }

    /// [`Run::facts_source_with`] for front ends that must answer quickly: when the
    /// index holds less than half of a tree of more than [`COLD_FILES`] files, this
    /// answer comes from a fresh parse of just the files it needs while the index is
    /// built in the background for the next questions.
    pub fn facts_source_quick(&self, progress: &Progress) -> Box<dyn FactsSource + '_> {
        let Some((root, dir)) = &self.index else {
            return self.facts_source_with(progress);
        };
        let files = walked_files(&self.walker, &self.report);
        let parseable = files.iter().filter(|f| f.language.is_some()).count();
        let stored = Store::location(root, dir.as_deref())
            .ok()
            .filter(|db| db.exists())
            .and_then(|_| Store::open(root, dir.as_deref(), &self.report).ok())
            .and_then(|s| s.file_count().ok())
            .map_or(0, |n| n as usize);
        if parseable > COLD_FILES && stored * 2 < parseable {
            if let Err(e) = build_in_background(root, dir.as_deref()) {
                self.report
                    .note(format_args!("cannot start building the index ({e:#})"));
            }
            return Box::new(ParseOnDemand::with_files(
                &self.walker,
                &self.report,
                self.parse_limit,
                files,
            ));
        }
        self.source_over(Some(files), Some(progress))
    }

    fn source_over(
        &self,
        files: Option<Vec<FileEntry>>,
        progress: Option<&Progress>,
    ) -> Box<dyn FactsSource + '_> {
        if let Some((root, dir)) = &self.index {
            // A spinner of its own unless the caller counts the progress.
            let spinner = Progress::start(
                "files indexed",
                progress.is_none() && self.style != Style::Json,
            );
            match FromIndex::open(
                &self.walker,
                &self.report,
                self.parse_limit,
                root,
                dir.as_deref(),
                files,
                Some(progress.unwrap_or(&spinner)),
            ) {
                Ok(source) => return Box::new(source),
                Err(unopened) => {
                    self.report.note(format_args!(
                        "the index cannot be used ({}); answering without it",
                        unopened.error
                    ));
                    return self.parse_on_demand(unopened.files);
                }
            }
        }
        self.parse_on_demand(files)
    }

    /// Facts from a fresh parse of the walked files (walked now when not given).
    fn parse_on_demand(&self, files: Option<Vec<FileEntry>>) -> Box<dyn FactsSource + '_> {
        let files = files.unwrap_or_else(|| walked_files(&self.walker, &self.report));
        Box::new(ParseOnDemand::with_files(
            &self.walker,
            &self.report,
            self.parse_limit,
            files,
        ))
    }

    pub fn elapsed_ms(&self) -> u128 {
        self.started.elapsed().as_millis()
    }
}

/// The root whose index answers for `paths`: the current directory when every path
/// lies inside it, else the one directory given; `None` when the paths share no root.
pub fn index_root(paths: &[PathBuf]) -> Option<PathBuf> {
    let cwd = std::env::current_dir().ok()?.canonicalize().ok()?;
    let canonical: Vec<PathBuf> = paths
        .iter()
        .map(|p| p.canonicalize())
        .collect::<std::io::Result<_>>()
        .ok()?;
    if canonical.iter().all(|p| p.starts_with(&cwd)) {
        return Some(cwd);
    }
    match canonical.as_slice() {
        [one] if one.is_dir() => Some(one.clone()),
        _ => None,
    }
}

/// The canonical form of a root given on the command line.
pub fn canonical_root(path: Option<&Path>) -> Result<PathBuf> {
    use anyhow::Context;
    let p = path.unwrap_or(Path::new("."));
    let root = p
        .canonicalize()
        .with_context(|| format!("{}: cannot open", p.display()))?;
    anyhow::ensure!(root.is_dir(), "{}: not a directory", p.display());
    Ok(root)
}
