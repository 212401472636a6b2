//! Where queries get file facts from.
//!
//! [`FactsSource`] is what every query reads: the walked files, the facts of one file,
//! the definitions of every file, and the files that mention a name. [`ParseOnDemand`]
//! answers from the tree as it is now: a whole-word literal search (the regex driver,
//! at ripgrep speed) picks the files that mention a name, and only those are parsed,
//! each at most once per run. The index answers the same questions from stored facts
//! (`super::stored`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;

use super::memo::Memo;
use crate::facts::{facts_of_file, FileFacts};
use crate::lang::Language;
use crate::output::Reporter;
use crate::query::resolve::normalize;
use crate::search::{self, RegexOptions};
use crate::source::SourceError;
use crate::symbols::collect::symbols_of_file;
use crate::symbols::rank::NameParts;
use crate::symbols::Symbol;
use crate::walk::Walker;

/// One file the walker selected.
#[derive(Debug, Clone)]
pub struct FileEntry {
    /// The path as printed (also the path to open, relative to the current directory).
    pub path: PathBuf,
    pub language: Option<&'static Language>,
}

/// The facts a query can read.
pub trait FactsSource: Sync {
    /// Every walked file, in path order.
    fn files(&self) -> &[FileEntry];
    /// The facts of one file (`None` when it has no language, is binary or unreadable;
    /// unreadable files are reported once).
    fn facts(&self, path: &Path) -> Option<Arc<FileFacts>>;
    /// The facts of one file for reading the uses of some names once: a source may
    /// keep only the references whose name `wanted` accepts (and the inheritance
    /// references resolution reads) and leave the result out of its cache, so that
    /// scanning thousands of files does not keep every reference of each in memory.
    fn facts_for_uses(&self, path: &Path, wanted: &UseFilter<'_>) -> Option<Arc<FileFacts>> {
        let _ = wanted;
        self.facts(path)
    }
    /// The files that contain any of `names` as a whole word, in path order.
    fn files_mentioning(&self, names: &[String]) -> Vec<PathBuf>;
    /// The files that may define any of `names`, in path order: those that mention
    /// one, less those a source knows define none (callers check the definitions).
    fn files_defining(&self, names: &[String]) -> Vec<PathBuf> {
        self.files_mentioning(names)
    }
    /// The definitions of walked file `index` (of [`FactsSource::files`]), as
    /// [`FactsSource::for_each_definitions`] hands them on; `None` when the file has no
    /// language, is binary or cannot be read (reported unless `quiet`).
    fn definitions(&self, index: usize, quiet: bool) -> Option<Vec<Symbol>>;
    /// Calls `visit` with the definitions of every walked file (on worker threads, in
    /// no particular order); files that cannot be read are reported unless `quiet`.
    /// With `maybe`, a source may leave out definitions that do not pass it, and skip
    /// files none of whose definitions does (a source that has to parse the file to
    /// know hands on all of them); it returns how many definitions it left out.
    fn for_each_definitions(
        &self,
        quiet: bool,
        maybe: Option<&NameTest<'_>>,
        visit: &(dyn Fn(Vec<Symbol>) + Sync),
    ) -> usize;
}

/// The names searched for: empty ones dropped, each once, sorted.
pub fn distinct_words(names: &[String]) -> Vec<String> {
    let mut words: Vec<String> = names.iter().filter(|n| !n.is_empty()).cloned().collect();
    words.sort_unstable();
    words.dedup();
    words
}

/// A regex alternation matching any of `words` literally.
pub fn alternation(words: &[String]) -> String {
    words
        .iter()
        .map(|w| regex::escape(w))
        .collect::<Vec<_>>()
        .join("|")
}

/// Which reference names a scan for uses wants.
pub type UseFilter<'a> = dyn Fn(&str) -> bool + Sync + 'a;

/// A necessary condition on a definition's name parts.
pub type NameTest<'a> = dyn Fn(&NameParts) -> bool + Sync + 'a;

/// The definitions of one file read fresh, with problems reported as a parse would.
pub fn definitions_of(
    entry: &FileEntry,
    report: &Reporter,
    parse_limit: u64,
) -> Option<Vec<Symbol>> {
    let lang = entry.language?;
    match symbols_of_file(&entry.path, &entry.path, lang, parse_limit) {
        Ok((_, symbols)) => Some(symbols),
        Err(SourceError::Binary) => None,
        Err(e @ SourceError::TooLarge { .. }) => {
            report.path_warning(&entry.path, e);
            None
        }
        Err(e) => {
            report.path_error(&entry.path, e);
            None
        }
    }
}

/// Facts computed fresh from the files, cached for the run.
pub struct ParseOnDemand<'w> {
    walker: &'w Walker,
    report: &'w Reporter,
    /// Files larger than this are skipped with a warning.
    parse_limit: u64,
    files: Vec<FileEntry>,
    /// Walked files by their path with `.` and `..` folded, so that `./a/b.py` and
    /// `a/b.py` are one file.
    by_path: HashMap<PathBuf, usize>,
    cache: Memo<PathBuf, Option<Arc<FileFacts>>>,
    /// The files that mention each set of names already searched for.
    mentions: Memo<Vec<String>, Vec<PathBuf>>,
}

impl<'w> ParseOnDemand<'w> {
    /// Over the walked `files` (in path order).
    pub fn with_files(
        walker: &'w Walker,
        report: &'w Reporter,
        parse_limit: u64,
        files: Vec<FileEntry>,
    ) -> ParseOnDemand<'w> {
        let by_path = files
            .iter()
            .enumerate()
            .map(|(i, f)| (normalize(&f.path), i))
            .collect();
        ParseOnDemand {
            walker,
            report,
            parse_limit,
            files,
            by_path,
            cache: Memo::new(),
            mentions: Memo::new(),
        }
    }

    fn reporter(&self, quiet: bool) -> &Reporter {
        if quiet {
            &QUIET
        } else {
            self.report
        }
    }

    /// The walked spelling of a path (`a/b.py` given for a walked `./a/b.py`).
    fn walked(&self, path: &Path) -> PathBuf {
        match self.by_path.get(&normalize(path)) {
            Some(&i) => self.files[i].path.clone(),
            None => path.to_path_buf(),
        }
    }

    pub(super) fn parse(&self, path: &Path) -> Option<Arc<FileFacts>> {
        let lang = match self.by_path.get(&normalize(path)) {
            Some(&i) => self.files[i].language?,
            // A path outside the walk (a symbol named by its path): detect it.
            None => crate::lang::detect(path)?,
        };
        match facts_of_file(path, path, lang, self.parse_limit) {
            Ok(f) => Some(Arc::new(f)),
            Err(SourceError::Binary) => None,
            Err(e @ SourceError::TooLarge { .. }) => {
                self.report.path_warning(path, e);
                None
            }
            Err(e) => {
                self.report.path_error(path, e);
                None
            }
        }
    }

    /// Parses `paths` on rayon's threads, filling the cache.
    pub fn preload(&self, paths: &[PathBuf]) {
        let missing: Vec<&PathBuf> = paths.iter().filter(|p| !self.cache.contains(*p)).collect();
        let parsed: Vec<(PathBuf, Option<Arc<FileFacts>>)> = missing
            .par_iter()
            .map(|p| ((*p).clone(), self.parse(p)))
            .collect();
        self.cache.extend(parsed);
    }
}

/// Says nothing: for side questions (close names on an error path) whose problems the
/// main question reports.
pub static QUIET: std::sync::LazyLock<Reporter> = std::sync::LazyLock::new(Reporter::quiet);

/// The files the walker selects, in path order.
pub fn walked_files(walker: &Walker, report: &Reporter) -> Vec<FileEntry> {
    walker
        .files(report)
        .into_iter()
        .map(|v| FileEntry {
            path: v.path,
            language: v.item,
        })
        .collect()
}

impl FactsSource for ParseOnDemand<'_> {
    fn for_each_definitions(
        &self,
        quiet: bool,
        _maybe: Option<&NameTest<'_>>,
        visit: &(dyn Fn(Vec<Symbol>) + Sync),
    ) -> usize {
        (0..self.files.len()).into_par_iter().for_each(|i| {
            if let Some(symbols) = self.definitions(i, quiet) {
                visit(symbols);
            }
        });
        0
    }

    fn definitions(&self, index: usize, quiet: bool) -> Option<Vec<Symbol>> {
        definitions_of(&self.files[index], self.reporter(quiet), self.parse_limit)
    }

    fn files(&self) -> &[FileEntry] {
        &self.files
    }

    fn facts(&self, path: &Path) -> Option<Arc<FileFacts>> {
        let path = self.walked(path);
        self.cache
            .get_or_compute(path.clone(), || self.parse(&path))
    }

    fn files_mentioning(&self, names: &[String]) -> Vec<PathBuf> {
        let key = distinct_words(names);
        if key.is_empty() {
            return Vec::new();
        }
        if let Some(hit) = self.mentions.get(&key) {
            return hit;
        }
        let opts = RegexOptions {
            pattern: format!("(?:{})", alternation(&key)),
            word: true,
            files_only: true,
            ..RegexOptions::default()
        };
        // Invariant: escaped literals always compile.
        let found = search::find_candidates(self.walker, self.report, &opts).unwrap_or_default();
        let paths: Vec<PathBuf> = found
            .into_iter()
            .filter(|v| v.item.language.is_some())
            .map(|v| v.path)
            .collect();
        self.preload(&paths);
        self.mentions.insert(key, paths.clone());
        paths
    }
}
