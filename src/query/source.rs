//! Where queries get file facts from.
//!
//! [`FactsSource`] is what every query reads: the walked files, the facts of one file,
//! the definitions of every file, and the files that mention a name. [`ParseOnDemand`]
//! answers from the tree as it is now: a whole-word literal search (the regex driver,
//! at ripgrep speed) picks the files that mention a name, and only those are parsed:
//! focused on that name (see [`crate::facts::Focus`]), and parsed again whole only if a
//! later question needs more of a file. When many names will be asked about (callers
//! followed level by level), files are parsed whole once and kept packed in the
//! index's encoding, decoded for each question. The index answers the same questions
//! from stored facts (`super::stored`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;

use super::memo::Memo;
use super::walked_paths::WalkedPaths;
use crate::facts::{facts_of_file, FileFacts, Focus};
use crate::lang::Language;
use crate::output::Reporter;
use crate::search::{self, RegexOptions};
use crate::source::SourceError;
use crate::store::{Keep, PackedFacts};
use crate::symbols::collect::symbols_of_file;
use crate::symbols::name_mask::NameScreen;
use crate::symbols::rank::{with_name_parts, NameParts};
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
    /// The facts of one file for reading its uses of `names` once; `None` when no
    /// reference of the file has one of the names. A source may keep only those
    /// references (and the inheritance ones resolution reads) and leave the result out
    /// of its cache, so that scanning thousands of files keeps in memory only what the
    /// files that use the names say about them.
    fn facts_for_uses(&self, path: &Path, names: &UseNames) -> Option<Arc<FileFacts>> {
        self.facts(path).filter(|f| uses_any(f, names))
    }
    /// The facts resolution reads of a file it looks into: every definition and import
    /// and the package, but possibly only the inheritance references and no bindings
    /// (a source may keep such outlines instead of whole facts, which take far more
    /// memory).
    fn outline(&self, path: &Path) -> Option<Arc<FileFacts>> {
        self.facts(path)
    }
    /// Tells the source that the uses of more names than the first will be read (callers
    /// followed level by level): a source that parses files focused on the names asked
    /// about parses them whole from now on, so that no file is parsed twice.
    fn read_whole_files(&self) {}
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
    fn for_each_definitions(&self, quiet: bool, visit: &(dyn Fn(Vec<Symbol>) + Sync));
    /// Calls `visit` with the index of every walked file that has definitions, what
    /// ranking reads of them and their [`NameScreen`], in the order
    /// [`FactsSource::definitions`] gives them (on worker threads, in no particular
    /// order), when `admit` accepts the file's index and that screen; files that
    /// cannot be read are reported. A source that stores them decodes no definition,
    /// and no name of a file `admit` turns down.
    fn for_each_named(
        &self,
        admit: &(dyn Fn(usize, &NameScreen) -> bool + Sync),
        visit: &NamedVisitor<'_>,
    );
}

/// What [`FactsSource::for_each_named`] hands each admitted file to: its index, what
/// ranking reads of its definitions, and their screen.
pub type NamedVisitor<'v> = dyn Fn(usize, &[NameParts<'_>], &NameScreen) + Sync + 'v;

/// Hands the name parts of file `index`, read from its definitions, to `visit` when
/// `admit` accepts their screen.
pub fn visit_admitted(
    index: usize,
    parts: &[NameParts<'_>],
    admit: &(dyn Fn(usize, &NameScreen) -> bool + Sync),
    visit: &NamedVisitor<'_>,
) {
    let screen = NameScreen::of(parts);
    if admit(index, &screen) {
        visit(index, parts, &screen);
    }
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

/// The reference names a scan for uses asks about.
pub type UseNames = rustc_hash::FxHashSet<String>;

/// Whether some reference of `facts` has one of `names`.
pub fn uses_any(facts: &FileFacts, names: &UseNames) -> bool {
    facts.references.iter().any(|r| names.contains(&r.name))
}

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

/// What resolution reads of each file (see [`FactsSource::outline`]), kept for the
/// run by a source that decodes facts in part: the uses read from a file serve as its
/// outline, and a file decoded again shares its outline's definitions.
pub(super) struct Outlines<K> {
    memo: Memo<K, Option<Arc<FileFacts>>>,
}

impl<K: Eq + std::hash::Hash> Outlines<K> {
    pub(super) fn new() -> Outlines<K> {
        Outlines { memo: Memo::new() }
    }

    /// The outline of `key`, decoded by `decode` the first time.
    pub(super) fn get_or_decode(
        &self,
        key: K,
        decode: impl FnOnce() -> Option<Arc<FileFacts>>,
    ) -> Option<Arc<FileFacts>> {
        self.memo.get_or_compute(key, decode)
    }

    /// The definitions already decoded for `key`, to share.
    pub(super) fn definitions(&self, key: &K) -> Option<Arc<[Symbol]>> {
        self.memo.get(key).flatten().map(|o| o.definitions.clone())
    }

    /// Keeps `uses`, the facts read for the uses of some names, as the outline of
    /// `key` when it has none: they hold all an outline holds, and resolution looks
    /// into the files that use a name next.
    pub(super) fn remember_uses(&self, key: K, uses: &Option<Arc<FileFacts>>) {
        if let Some(found) = uses {
            self.memo.get_or_compute(key, || Some(found.clone()));
        }
    }
}

/// A file's facts as parsed, whole or focused.
#[derive(Clone)]
struct Parsed {
    facts: Arc<FileFacts>,
    /// `None` for whole facts; else the focus they were extracted with.
    focus: Option<Arc<Focus>>,
}

impl Parsed {
    /// Whether these facts hold every use of `names`.
    fn has_uses_of(&self, names: &UseNames) -> bool {
        self.focus.as_ref().is_none_or(|f| f.covers(names))
    }
}

/// Facts computed fresh from the files, cached for the run. A scan for the uses of
/// some names caches facts focused on them (far less to extract and to keep); whole
/// facts replace them when a question needs every reference of a file.
pub struct ParseOnDemand<'w> {
    walker: &'w Walker,
    report: &'w Reporter,
    /// Files larger than this are skipped with a warning.
    parse_limit: u64,
    files: Vec<FileEntry>,
    /// Walked files by their path with `.` and `..` folded, so that `./a/b.py` and
    /// `a/b.py` are one file.
    by_path: WalkedPaths,
    cache: Memo<PathBuf, Option<Parsed>>,
    /// The files that mention each set of names already searched for.
    mentions: Memo<Vec<String>, Vec<PathBuf>>,
    /// The focus on each set of names (sorted) already asked about.
    foci: Memo<Vec<String>, Arc<Focus>>,
    /// Parse whole files, never focused ones, and keep them packed (see
    /// [`FactsSource::read_whole_files`]); the `cache` is then unused.
    whole: std::sync::atomic::AtomicBool,
    /// With `whole`: each file's whole facts, packed.
    packed: Memo<PathBuf, Option<Arc<PackedFacts>>>,
    /// With `whole`: what resolution reads of each file (see [`FactsSource::outline`]).
    outlines: Outlines<PathBuf>,
}

impl<'w> ParseOnDemand<'w> {
    /// Over the walked `files` (in path order).
    pub fn with_files(
        walker: &'w Walker,
        report: &'w Reporter,
        parse_limit: u64,
        files: Vec<FileEntry>,
    ) -> ParseOnDemand<'w> {
        let by_path = WalkedPaths::of(&files);
        ParseOnDemand {
            walker,
            report,
            parse_limit,
            files,
            by_path,
            cache: Memo::new(),
            mentions: Memo::new(),
            foci: Memo::new(),
            whole: std::sync::atomic::AtomicBool::new(false),
            packed: Memo::new(),
            outlines: Outlines::new(),
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
        match self.by_path.get(&self.files, path) {
            Some(i) => self.files[i].path.clone(),
            None => path.to_path_buf(),
        }
    }

    pub(super) fn parse(&self, path: &Path) -> Option<Arc<FileFacts>> {
        self.parse_with(path, None)
    }

    /// The facts of `path`, whole or focused on `focus`.
    fn parse_with(&self, path: &Path, focus: Option<&Focus>) -> Option<Arc<FileFacts>> {
        let lang = match self.by_path.get(&self.files, path) {
            Some(i) => self.files[i].language?,
            // A path outside the walk (a symbol named by its path): detect it.
            None => crate::lang::detect(path)?,
        };
        match facts_of_file(path, path, lang, self.parse_limit, focus) {
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

    fn reads_whole_files(&self) -> bool {
        self.whole.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// With `whole`: the facts of `path` with the references `keep` keeps, from its
    /// packed facts (parsed and packed first if need be), sharing the definitions of
    /// its outline when there is one.
    fn unpacked(&self, path: &Path, keep: Keep<'_>) -> Option<FileFacts> {
        let path = self.walked(path);
        let decoded = self.outlines.definitions(&path);
        let packed = self
            .packed
            .get_or_compute(path.clone(), || self.packed_facts(&path));
        packed?.unpack(&path, keep, decoded)
    }

    fn packed_facts(&self, path: &Path) -> Option<Arc<PackedFacts>> {
        let facts = self.parse_with(path, None)?;
        Some(Arc::new(PackedFacts::pack(&facts)))
    }

    /// Parses the `paths` not parsed yet on rayon's threads, focused on `focus` (or
    /// whole and packed, with `whole`), filling the cache.
    fn preload(&self, paths: &[PathBuf], focus: &Arc<Focus>) {
        if self.reads_whole_files() {
            let missing: Vec<&PathBuf> =
                paths.iter().filter(|p| !self.packed.contains(*p)).collect();
            let packed: Vec<(PathBuf, Option<Arc<PackedFacts>>)> = missing
                .par_iter()
                .map(|p| ((*p).clone(), self.packed_facts(p)))
                .collect();
            self.packed.extend(packed);
            return;
        }
        let missing: Vec<&PathBuf> = paths.iter().filter(|p| !self.cache.contains(*p)).collect();
        let parsed: Vec<(PathBuf, Option<Parsed>)> = missing
            .par_iter()
            .map(|p| ((*p).clone(), self.parsed_with(p, Some(focus))))
            .collect();
        self.cache.extend(parsed);
    }

    /// The focus on `names`, prepared once per set of names.
    fn focus_on(&self, names: &UseNames) -> Arc<Focus> {
        let mut key: Vec<String> = names.iter().cloned().collect();
        key.sort_unstable();
        self.foci.get_or_compute(key, || Arc::new(Focus::on(names)))
    }

    /// [`ParseOnDemand::parse_with`], as the cache keeps it.
    fn parsed_with(&self, path: &Path, focus: Option<&Arc<Focus>>) -> Option<Parsed> {
        let facts = self.parse_with(path, focus.map(|f| &**f))?;
        Some(Parsed {
            facts,
            focus: focus.cloned(),
        })
    }

    /// The cached facts of `path` if they pass `enough`, else a parse with `focus`,
    /// cached in their place.
    fn cached_or_parse(
        &self,
        path: &Path,
        enough: impl Fn(&Parsed) -> bool,
        focus: impl FnOnce() -> Option<Arc<Focus>>,
    ) -> Option<Arc<FileFacts>> {
        let path = self.walked(path);
        match self.cache.get(&path) {
            Some(None) => return None,
            Some(Some(hit)) if enough(&hit) => return Some(hit.facts),
            _ => {}
        }
        let parsed = self.parsed_with(&path, focus().as_ref());
        let facts = parsed.as_ref().map(|p| p.facts.clone());
        self.cache.insert(path, parsed);
        facts
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
    fn for_each_definitions(&self, quiet: bool, visit: &(dyn Fn(Vec<Symbol>) + Sync)) {
        (0..self.files.len()).into_par_iter().for_each(|i| {
            if let Some(symbols) = self.definitions(i, quiet) {
                visit(symbols);
            }
        });
    }

    fn for_each_named(
        &self,
        admit: &(dyn Fn(usize, &NameScreen) -> bool + Sync),
        visit: &NamedVisitor<'_>,
    ) {
        (0..self.files.len()).into_par_iter().for_each(|i| {
            if let Some(symbols) = self.definitions(i, false) {
                with_name_parts(&symbols, |parts| visit_admitted(i, parts, admit, visit));
            }
        });
    }

    fn definitions(&self, index: usize, quiet: bool) -> Option<Vec<Symbol>> {
        definitions_of(&self.files[index], self.reporter(quiet), self.parse_limit)
    }

    fn files(&self) -> &[FileEntry] {
        &self.files
    }

    fn facts(&self, path: &Path) -> Option<Arc<FileFacts>> {
        if self.reads_whole_files() {
            return self.unpacked(path, Keep::All).map(Arc::new);
        }
        self.cached_or_parse(path, |p| p.focus.is_none(), || None)
    }

    fn read_whole_files(&self) {
        self.whole.store(true, std::sync::atomic::Ordering::Relaxed);
    }

    fn facts_for_uses(&self, path: &Path, names: &UseNames) -> Option<Arc<FileFacts>> {
        if self.reads_whole_files() {
            let uses = self.unpacked(path, Keep::UsesOf(names)).map(Arc::new);
            self.outlines.remember_uses(self.walked(path), &uses);
            return uses;
        }
        self.cached_or_parse(
            path,
            |p| p.has_uses_of(names),
            || Some(self.focus_on(names)),
        )
        .filter(|f| uses_any(f, names))
    }

    fn outline(&self, path: &Path) -> Option<Arc<FileFacts>> {
        if self.reads_whole_files() {
            return self.outlines.get_or_decode(self.walked(path), || {
                self.unpacked(path, Keep::Inheritance).map(Arc::new)
            });
        }
        // Any facts will do; none cached: focused on no name, the least to extract.
        self.cached_or_parse(path, |_| true, || Some(self.focus_on(&UseNames::default())))
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
        let names: UseNames = key.iter().cloned().collect();
        self.preload(&paths, &self.focus_on(&names));
        self.mentions.insert(key, paths.clone());
        paths
    }
}
