//! Facts from the index: the same answers as parsing on demand, read from stored
//! records.
//!
//! [`FromIndex::open`] brings the index up to date for the walked files, then serves
//! every [`FactsSource`] question from one read snapshot: the files that mention a name
//! come from the stored names (no file is read), facts and definitions from their
//! blobs. Files the index does not hold this run (over the parse limit, unreadable,
//! outside the root) and files whose parse failed are answered exactly as parsing on
//! demand answers them: a whole-word search of their text, a parse, the same messages.

use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;
use rustc_hash::FxHashMap;

use super::memo::Memo;
use super::resolve::{normalize, plain_form};
use super::source::{
    alternation, definitions_of, distinct_words, uses_any, visit_admitted, walked_files,
    FactsSource, FileEntry, NamedVisitor, Outlines, ParseOnDemand, UseNames,
};
use super::walk_memory::{CheckedListing, WalkedFiles};
use super::walked_paths::WalkedPaths;
use crate::facts::FileFacts;
use crate::output::progress::Progress;
use crate::output::Reporter;
use crate::store::{
    decode_definitions, decode_facts, read_name_masks, with_stored_name_parts, Alive, Keep,
    Listing, Refreshed, Slot, Status, Store, StoreError, Walked,
};
use crate::symbols::name_mask::NameScreen;
use crate::symbols::rank::with_name_parts;
use crate::symbols::Symbol;
use crate::walk::Walker;

/// How many name-parts blobs one ranking task takes: enough to pay for the task, few
/// enough that the threads share the work evenly.
const NAME_BLOBS_PER_TASK: usize = 64;

/// A stored content whose name screen admits some of its files: those files, and the
/// screen.
struct Screened {
    id: i64,
    admitted: Vec<usize>,
    screen: NameScreen,
}

/// Facts served from an up-to-date index.
pub struct FromIndex<'w> {
    store: Mutex<Store>,
    report: &'w Reporter,
    parse_limit: u64,
    files: Vec<FileEntry>,
    /// What the index holds for each of `files`.
    slots: Vec<Slot>,
    /// The walked files by path, built when first asked (find-symbol never looks a
    /// file up by its path).
    by_path: std::sync::OnceLock<WalkedPaths>,
    cache: Memo<usize, Option<Arc<FileFacts>>>,
    /// Outlines of files whose whole facts nothing asked for: facts with only the
    /// inheritance references, or with those and the uses of some names.
    outlines: Outlines<usize>,
    /// Files the index does not answer for are parsed as without an index.
    fresh: ParseOnDemand<'w>,
    /// What the last refresh did.
    pub refreshed: Refreshed,
    /// False when the files came from the index's memory of an unchanged walk.
    pub walked: bool,
}

/// The stored keys of walked paths: relative to the root, `.` and `..` folded.
struct Keyer<'r> {
    root: &'r Path,
    /// The canonical working directory.
    cwd: PathBuf,
    /// The working directory's own key, when it is inside the root.
    cwd_key: Option<Vec<u8>>,
}

impl<'r> Keyer<'r> {
    fn new(root: &'r Path) -> Result<Keyer<'r>, StoreError> {
        let cwd = std::env::current_dir()?.canonicalize()?;
        let cwd_key = cwd
            .strip_prefix(root)
            .ok()
            .map(|k| k.as_os_str().as_bytes().to_vec());
        Ok(Keyer { root, cwd, cwd_key })
    }

    /// The stored key of `path`; `None` outside the root.
    fn key(&self, path: &Path) -> Option<Vec<u8>> {
        // The common case, a plain relative path under a working directory inside the
        // root, is the working directory's key joined with the path's bytes.
        match (&self.cwd_key, plain_form(path)) {
            (Some(base), Some(rel)) if !rel.starts_with(b"/") => Some(if base.is_empty() {
                rel.to_vec()
            } else {
                [base, b"/".as_slice(), rel].concat()
            }),
            _ => {
                let abs = if path.is_absolute() {
                    normalize(path)
                } else {
                    normalize(&self.cwd.join(path))
                };
                let rel = abs.strip_prefix(self.root).ok()?;
                Some(rel.as_os_str().as_bytes().to_vec())
            }
        }
    }
}

/// What [`FromIndex::open`] reads once the store is open: the positions among the
/// walked files of those the index answers for (in the order of the refresh's slots),
/// the refresh, and (in the read snapshot) the contents that exist.
type UpToDate = (Store, Vec<usize>, Refreshed, Alive);

/// Brings `store` up to date for `walk`'s files (a damaged index is rebuilt once) and
/// starts the read snapshot. When the index listed the walk's files, only those whose
/// stat changed since are refreshed (usually none), and the others are taken from the
/// list; otherwise every file is planned and refreshed. A list that changed is stored
/// again for the next run.
fn up_to_date(
    mut store: Store,
    walk: &WalkedFiles,
    root: &Path,
    parse_limit: u64,
    report: &Reporter,
    progress: Option<&Progress>,
) -> Result<UpToDate, StoreError> {
    let keyer = Keyer::new(root)?;
    let made_for = walk
        .remembered_as
        .map(|w| listing_made_for(&w.digest, &keyer, parse_limit));
    let listing = walk
        .listing
        .as_ref()
        .filter(|c| Some(c.listing.made_for) == made_for);
    let mut from_list = None;
    let mut rebuilt = false;
    if let Some(CheckedListing {
        listing: l,
        changed,
    }) = listing
    {
        let positions: Vec<usize> = l.files.iter().map(|(i, ..)| *i as usize).collect();
        // Only the files that changed need their keys; a listed file with none was not
        // listed for this root, and every file is planned below.
        let changed_keys: Option<Vec<(usize, Vec<u8>)>> = changed
            .iter()
            .map(|&k| Some((positions[k], keyer.key(&walk.files[positions[k]].path)?)))
            .collect();
        if changed.is_empty() {
            let refreshed = merged(l, &[], Refreshed::default());
            from_list = Some((positions, refreshed, false, l.whole_at));
        } else if let Some(some) = changed_keys {
            match store.refresh_some(&as_walked(&walk.files, &some), parse_limit) {
                Ok(r) => {
                    // Rewritten only when it would say more: a changed file listed
                    // without a stat, or with another one, is checked again anyway.
                    let relist = r.settled.iter().any(Option::is_some);
                    from_list = Some((positions, merged(l, changed, r), relist, None));
                }
                // Rebuilt, the index has no list: it is refreshed whole below.
                Err(e) if e.is_corruption() => {
                    store = store.rebuild(report, &e)?;
                    rebuilt = true;
                }
                Err(e) => return Err(e),
            }
        }
    }
    if let Some((positions, refreshed, relist, mut whole_at)) = from_list {
        if relist {
            whole_at = remember_listing(&mut store, walk, made_for, &positions, &refreshed);
        }
        store.begin_snapshot()?;
        let alive = store.contents_alive(whole_at)?;
        if !refreshed.slots.iter().any(|s| s.lost_from(&alive)) {
            return Ok((store, positions, refreshed, alive));
        }
        // The list names records the index no longer holds (another run read those
        // files under other rules): every file is planned again.
        store.end_snapshot()?;
    }
    let keyed = keyed(&walk.files, &keyer);
    let positions: Vec<usize> = keyed.iter().map(|(i, _)| *i).collect();
    let walked = as_walked(&walk.files, &keyed);
    let refreshed = match store.refresh(&walked, parse_limit, progress) {
        Ok(r) => r,
        Err(e) if e.is_corruption() && !rebuilt => {
            store = store.rebuild(report, &e)?;
            store.refresh(&walked, parse_limit, progress)?
        }
        Err(e) => return Err(e),
    };
    let whole_at = remember_listing(&mut store, walk, made_for, &positions, &refreshed);
    store.begin_snapshot()?;
    let alive = store.contents_alive(whole_at)?;
    Ok((store, positions, refreshed, alive))
}

/// Stores what `refreshed` settled as the list of the walk's files (at `positions`
/// among them), when the walk is remembered; gives the list's [`Listing::whole_at`].
/// Best effort: without the list, the next run plans a refresh of every file.
fn remember_listing(
    store: &mut Store,
    walk: &WalkedFiles,
    made_for: Option<[u8; 32]>,
    positions: &[usize],
    refreshed: &Refreshed,
) -> Option<i64> {
    let (Some(walk), Some(made_for)) = (walk.remembered_as, made_for) else {
        return None;
    };
    let files = positions
        .iter()
        .zip(&refreshed.settled)
        .zip(&refreshed.slots)
        .map(|((&i, stat), slot)| (i as u32, *stat, slot.clone()))
        .collect();
    let mut listing = Listing {
        made_for,
        files,
        whole_at: None,
    };
    store.remember_listing(&walk.key, &mut listing).ok()?;
    listing.whole_at
}

/// What a list of a remembered walk's files must have been made for: that walk (the
/// digest of its stored bytes, which name every file and its language in order), the
/// root and working directory that make each file's key, and the parse limit.
fn listing_made_for(walk_digest: &[u8; 32], keyer: &Keyer, parse_limit: u64) -> [u8; 32] {
    let mut hasher = blake3::Hasher::new();
    hasher.update(walk_digest);
    for dir in [keyer.root, keyer.cwd.as_path()] {
        let bytes = dir.as_os_str().as_bytes();
        hasher.update(&(bytes.len() as u64).to_le_bytes());
        hasher.update(bytes);
    }
    hasher.update(&parse_limit.to_le_bytes());
    *hasher.finalize().as_bytes()
}

/// The listed slots, with those of the `changed` files replaced by `refreshed` (the
/// refresh of just those files, in that order).
fn merged(listing: &Listing, changed: &[usize], refreshed: Refreshed) -> Refreshed {
    let mut out = Refreshed {
        slots: listing
            .files
            .iter()
            .map(|(_, _, slot)| slot.clone())
            .collect(),
        settled: listing.files.iter().map(|(_, stat, _)| *stat).collect(),
        parsed: refreshed.parsed,
        rehashed: refreshed.rehashed,
        removed: refreshed.removed,
    };
    for ((&k, slot), settled) in changed.iter().zip(refreshed.slots).zip(refreshed.settled) {
        out.slots[k] = slot;
        out.settled[k] = settled;
    }
    out
}

/// Why the index could not answer, with the walked files when they were already
/// walked, so that answering without the index need not walk again.
pub struct Unopened {
    pub error: StoreError,
    pub files: Option<Vec<FileEntry>>,
}

/// The walked files the index can hold (those with a language under the root), with
/// their keys.
fn keyed(files: &[FileEntry], keyer: &Keyer) -> Vec<(usize, Vec<u8>)> {
    files
        .iter()
        .enumerate()
        .filter(|(_, f)| f.language.is_some())
        .filter_map(|(i, f)| Some((i, keyer.key(&f.path)?)))
        .collect()
}

fn as_walked<'f>(files: &'f [FileEntry], keyed: &[(usize, Vec<u8>)]) -> Vec<Walked<'f>> {
    keyed
        .iter()
        .filter_map(|(i, key)| {
            Some(Walked {
                key: key.clone(),
                path: &files[*i].path,
                language: files[*i].language?,
            })
        })
        .collect()
}

/// The state of the index of `root` without changing it: where it is, its counts and
/// how many walked files changed since its last update (`None` when there is none).
pub fn index_status(
    walker: &Walker,
    report: &Reporter,
    parse_limit: u64,
    root: &Path,
    index_dir: Option<&Path>,
) -> Result<(PathBuf, Option<(Status, usize)>), StoreError> {
    let path = Store::location(root, index_dir)?;
    if !path.exists() {
        return Ok((path, None));
    }
    let store = Store::open(root, index_dir, report)?;
    let files = walked_files(walker, report);
    let keyed = keyed(&files, &Keyer::new(root)?);
    let changed = store.changed(&as_walked(&files, &keyed), parse_limit)?;
    Ok((path, Some((store.status()?, changed))))
}

impl<'w> FromIndex<'w> {
    /// The index's counts (as of this run's snapshot) and its file.
    pub fn status(&self) -> Result<(PathBuf, Status), StoreError> {
        let store = self.store();
        Ok((store.path().to_path_buf(), store.status()?))
    }

    /// Opens the index of `root` and brings it up to date for `files` (the walked
    /// files, in path order; `None`: walk, or take the index's memory of an unchanged
    /// walk). A damaged index is rebuilt once; any other failure is the caller's to
    /// report.
    pub fn open(
        walker: &'w Walker,
        report: &'w Reporter,
        parse_limit: u64,
        root: &Path,
        index_dir: Option<&Path>,
        files: Option<Vec<FileEntry>>,
        progress: Option<&Progress>,
    ) -> Result<FromIndex<'w>, Unopened> {
        let mut store = match Store::open(root, index_dir, report) {
            Ok(s) => s,
            Err(error) => return Err(Unopened { error, files }),
        };
        let walk = match files {
            Some(files) => WalkedFiles {
                files,
                walked: true,
                remembered_as: None,
                listing: None,
            },
            None => super::walk_memory::walk_files(&mut store, walker, report),
        };
        let refreshed = up_to_date(store, &walk, root, parse_limit, report, progress);
        let WalkedFiles {
            files,
            walked: tree_walked,
            ..
        } = walk;
        let (store, positions, refreshed, alive) = match refreshed {
            Ok(r) => r,
            Err(error) => {
                return Err(Unopened {
                    error,
                    files: Some(files),
                })
            }
        };
        // A concurrent update may have replaced a record this refresh relied on: such
        // files are answered from their text, never from a missing record.
        let mut slots = vec![Slot::Unindexed; files.len()];
        for (i, slot) in positions.iter().zip(&refreshed.slots) {
            slots[*i] = if slot.lost_from(&alive) {
                Slot::Unindexed
            } else {
                slot.clone()
            };
        }
        // Parses only what the index does not hold; it finds languages by file name,
        // as the walk did, so it needs no copy of the file list.
        let fresh = ParseOnDemand::with_files(walker, report, parse_limit, Vec::new());
        Ok(FromIndex {
            store: Mutex::new(store),
            report,
            parse_limit,
            files,
            slots,
            by_path: std::sync::OnceLock::new(),
            cache: Memo::new(),
            outlines: Outlines::new(),
            fresh,
            refreshed,
            walked: tree_walked,
        })
    }

    fn reporter(&self, quiet: bool) -> &Reporter {
        if quiet {
            &super::source::QUIET
        } else {
            self.report
        }
    }

    fn store(&self) -> std::sync::MutexGuard<'_, Store> {
        self.store.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn load(&self, i: usize) -> Option<Arc<FileFacts>> {
        let f = &self.files[i];
        match &self.slots[i] {
            Slot::Parsed(_) => match self.stored_facts(i, Keep::All) {
                Some(facts) => facts.map(Arc::new),
                // A record that cannot be read is answered from the file itself.
                None => self.fresh.parse(&f.path),
            },
            Slot::Binary => None,
            Slot::Failed(message) => {
                self.report.path_error(&f.path, message);
                None
            }
            Slot::Unindexed => self.fresh.parse(&f.path),
        }
    }

    /// The facts the index holds for file `i`, with the references `keep` keeps:
    /// `None` when it holds no readable record, `Some(None)` when `keep` asks for the
    /// uses of names the file does not use.
    fn stored_facts(&self, i: usize, keep: Keep<'_>) -> Option<Option<FileFacts>> {
        let f = &self.files[i];
        let (Slot::Parsed(id), Some(lang)) = (&self.slots[i], f.language) else {
            return None;
        };
        // A file read for several questions shares one copy of its definitions.
        let decoded = self.outlines.definitions(&i);
        // The store's lock is held for the read only: files decode in parallel.
        let body = !matches!(keep, Keep::Inheritance);
        let blobs = self.store().fact_blobs(*id, decoded.is_none(), body);
        blobs
            .and_then(|b| Ok(decode_facts(&b, &f.path, lang, keep, decoded)?))
            .ok()
    }

    /// The index of a walked file by its path, with `.` and `..` folded.
    fn walked_index(&self, path: &Path) -> Option<usize> {
        self.by_path
            .get_or_init(|| WalkedPaths::of(&self.files))
            .get(&self.files, path)
    }

    /// The indices of the files that contain any of `names` as a whole word, in path
    /// order (with `defining`, of those the index holds facts for, only those that
    /// define one); `None` when the index cannot be read.
    fn mentioning(&self, names: &[String], defining: bool) -> Option<Vec<usize>> {
        let words = distinct_words(names);
        if words.is_empty() {
            return Some(Vec::new());
        }
        let stored = if defining {
            self.store().contents_defining(&words)
        } else {
            self.store().contents_mentioning(&words)
        };
        let Ok(stored) = stored else {
            return None;
        };
        // Only files the index holds no facts for are read, so the pattern is built
        // for the first of them (most runs have none).
        let pattern = std::sync::OnceLock::new();
        let pattern = || {
            pattern.get_or_init(|| {
                let any_word = alternation(&words);
                // Whole words as ripgrep's -w has them (a non-word character or a line
                // edge on each side), so that names such as `$x` match too.
                // Invariant: escaped literals always compile.
                regex::bytes::Regex::new(&format!(r"(?m)(?:^|\W)(?:{any_word})(?:$|\W)"))
                    .expect("escaped words compile")
            })
        };
        let hits: Vec<usize> = (0..self.files.len())
            .into_par_iter()
            .filter(|&i| match &self.slots[i] {
                Slot::Parsed(id) => stored.contains(id),
                Slot::Binary => false,
                Slot::Failed(_) | Slot::Unindexed => {
                    self.files[i].language.is_some()
                        && self.text_mentions(&self.files[i], pattern())
                }
            })
            .collect();
        Some(hits)
    }

    /// The paths of `hits`, with their outlines loaded on all threads (the caller, a
    /// resolver, is about to read them).
    fn outlined(&self, hits: Vec<usize>) -> Vec<PathBuf> {
        hits.par_iter().for_each(|&i| {
            let _ = self.outline(&self.files[i].path);
        });
        hits.into_iter()
            .map(|i| self.files[i].path.clone())
            .collect()
    }

    /// Whether a file the index cannot answer for mentions one of `words`, by reading it.
    fn text_mentions(&self, f: &FileEntry, words: &regex::bytes::Regex) -> bool {
        crate::source::read_bytes_within(&f.path, u64::MAX).is_ok_and(|b| words.is_match(&b))
    }

    /// The definitions of walked file `i`: stored ones decoded, or a fresh parse of a
    /// file the index does not hold.
    fn definitions_of_slot(&self, i: usize, quiet: bool) -> Option<Vec<Symbol>> {
        let f = &self.files[i];
        match &self.slots[i] {
            Slot::Parsed(id) => {
                let stored = self.store().definition_blob(*id);
                match stored.map(|b| decode_definitions(&b, &f.path)) {
                    Ok(Ok(s)) => Some(s),
                    _ => definitions_of(f, self.reporter(quiet), self.parse_limit),
                }
            }
            Slot::Binary => None,
            Slot::Failed(message) => {
                if !quiet {
                    self.report.path_error(&f.path, message);
                }
                None
            }
            Slot::Unindexed => definitions_of(f, self.reporter(quiet), self.parse_limit),
        }
    }
}

impl FactsSource for FromIndex<'_> {
    fn files(&self) -> &[FileEntry] {
        &self.files
    }

    fn facts(&self, path: &Path) -> Option<Arc<FileFacts>> {
        let Some(i) = self.walked_index(path) else {
            return self.fresh.facts(path);
        };
        self.cache.get_or_compute(i, || self.load(i))
    }

    fn facts_for_uses(&self, path: &Path, names: &UseNames) -> Option<Arc<FileFacts>> {
        let Some(i) = self.walked_index(path) else {
            return self.fresh.facts_for_uses(path, names);
        };
        if let Some(cached) = self.cache.get(&i) {
            return cached.filter(|f| uses_any(f, names));
        }
        match self.stored_facts(i, Keep::UsesOf(names)) {
            Some(uses) => {
                let uses = uses.map(Arc::new);
                self.outlines.remember_uses(i, &uses);
                uses
            }
            None => self.facts(path).filter(|f| uses_any(f, names)),
        }
    }

    fn read_whole_files(&self) {
        self.fresh.read_whole_files();
    }

    fn outline(&self, path: &Path) -> Option<Arc<FileFacts>> {
        let Some(i) = self.walked_index(path) else {
            return self.fresh.outline(path);
        };
        if let Some(whole) = self.cache.get(&i) {
            return whole;
        }
        if !matches!(self.slots[i], Slot::Parsed(_)) {
            return self.facts(path);
        }
        self.outlines
            .get_or_decode(i, || match self.stored_facts(i, Keep::Inheritance) {
                Some(outline) => outline.map(Arc::new),
                None => self.facts(path),
            })
    }

    fn files_mentioning(&self, names: &[String]) -> Vec<PathBuf> {
        match self.mentioning(names, false) {
            // Not loaded here: the uses are read with `facts_for_uses`.
            Some(hits) => hits
                .into_iter()
                .map(|i| self.files[i].path.clone())
                .collect(),
            // The snapshot became unreadable: answer as without an index.
            None => self.fresh.files_mentioning(names),
        }
    }

    fn files_defining(&self, names: &[String]) -> Vec<PathBuf> {
        match self.mentioning(names, true) {
            Some(hits) => self.outlined(hits),
            None => self.fresh.files_defining(names),
        }
    }

    fn for_each_definitions(&self, quiet: bool, visit: &(dyn Fn(Vec<Symbol>) + Sync)) {
        (0..self.files.len()).into_par_iter().for_each(|i| {
            if let Some(s) = self.definitions_of_slot(i, quiet) {
                visit(s);
            }
        });
    }

    fn for_each_named(
        &self,
        admit: &(dyn Fn(usize, &NameScreen) -> bool + Sync),
        visit: &NamedVisitor<'_>,
    ) {
        // The walked files each stored content answers for (identical files share one).
        let mut files_of: FxHashMap<i64, Vec<usize>> =
            FxHashMap::with_capacity_and_hasher(self.slots.len(), Default::default());
        for (i, slot) in self.slots.iter().enumerate() {
            if let Slot::Parsed(id) = slot {
                files_of.entry(*id).or_default().push(i);
            }
        }
        let visited: Vec<AtomicBool> = self.slots.iter().map(|_| AtomicBool::new(false)).collect();
        let mark_visited = |files: &[usize]| {
            for &i in files {
                visited[i].store(true, Ordering::Relaxed);
            }
        };
        // A content's names are read once, for every file that shares it. Its masks are
        // screened as they are read, and only the name parts of a content whose masks
        // admit one of its files are read and handed on to be decoded. Names that
        // cannot be decoded leave their files unvisited, to be read below as without
        // the index.
        // Read into one screen, copied only for the few contents it admits.
        let mut read = NameScreen::of(&[]);
        let screen = |id: i64, blob: &[u8]| -> Option<Screened> {
            let files = files_of.get(&id)?;
            read_name_masks(blob, &mut read).ok()?;
            let admitted: Vec<usize> = files.iter().copied().filter(|&i| admit(i, &read)).collect();
            if admitted.is_empty() {
                mark_visited(files);
                return None;
            }
            Some(Screened {
                id,
                admitted,
                screen: read.clone(),
            })
        };
        let visit_names = |(s, parts): &(Screened, Vec<u8>)| {
            let decoded = with_stored_name_parts(parts, s.screen.masks.len(), |parts| {
                s.admitted.iter().for_each(|&i| visit(i, parts, &s.screen))
            });
            if let (Ok(()), Some(files)) = (decoded, files_of.get(&s.id)) {
                mark_visited(files);
            }
        };
        // Admitted names are handed to the other threads in batches as they are read,
        // so that reading them (one connection, one thread) and ranking overlap.
        rayon::scope(|scope| {
            let mut batch: Vec<(Screened, Vec<u8>)> = Vec::new();
            let visit_names = &visit_names;
            let read = self.store().for_each_screened_names(screen, |s, parts| {
                batch.push((s, parts));
                if batch.len() == NAME_BLOBS_PER_TASK {
                    let full = std::mem::take(&mut batch);
                    scope.spawn(move |_| full.iter().for_each(visit_names));
                }
            });
            // A read cut short leaves its files to be read as without the index.
            if read.is_ok() {
                batch.iter().for_each(visit_names);
            }
        });
        // Files the index holds no readable names for are read as without it.
        (0..self.files.len()).into_par_iter().for_each(|i| {
            if !visited[i].load(Ordering::Relaxed) {
                if let Some(s) = self.definitions_of_slot(i, false) {
                    with_name_parts(&s, |parts| visit_admitted(i, parts, admit, visit));
                }
            }
        });
    }

    fn definitions(&self, index: usize, quiet: bool) -> Option<Vec<Symbol>> {
        self.definitions_of_slot(index, quiet)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::walk_memory::changed_since;
    use crate::store::FileStat;

    #[test]
    fn a_listing_answers_for_the_files_whose_listed_stat_is_unchanged() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        let files: Vec<FileEntry> = ["a.py", "notes.bin", "b.py"]
            .iter()
            .map(|n| {
                let path = root.join(n);
                std::fs::write(&path, "x = 1\n").unwrap();
                FileEntry {
                    path,
                    language: n
                        .ends_with(".py")
                        .then(|| crate::lang::by_name("python"))
                        .flatten(),
                }
            })
            .collect();
        let keyer = Keyer::new(&root).unwrap();
        let stat = |i: usize| FileStat::of(&files[i].path).unwrap();
        let walk = [7u8; 32];
        let listing = Listing {
            made_for: listing_made_for(&walk, &keyer, 100),
            files: vec![
                (0, Some(stat(0)), Slot::Parsed(7)),
                (2, Some(stat(2)), Slot::Binary),
            ],
            whole_at: None,
        };
        assert!(changed_since(&files, &listing).is_empty());
        let slots = merged(&listing, &[], Refreshed::default()).slots;
        assert_eq!(slots, [Slot::Parsed(7), Slot::Binary]);
        // Another parse limit, or another walk, make another list.
        assert_ne!(listing_made_for(&walk, &keyer, 101), listing.made_for);
        assert_ne!(listing_made_for(&[8u8; 32], &keyer, 100), listing.made_for);
        // The changed file is named by its place in the list, not among the walk's files.
        std::fs::write(&files[2].path, "x = 22\n").unwrap();
        assert_eq!(changed_since(&files, &listing), [1]);
        let refreshed = Refreshed {
            slots: vec![Slot::Parsed(9)],
            settled: vec![None],
            parsed: 1,
            ..Refreshed::default()
        };
        let after = merged(&listing, &[1], refreshed);
        assert_eq!(after.slots, [Slot::Parsed(7), Slot::Parsed(9)]);
        assert_eq!(
            after.settled,
            [Some(stat(0)), None],
            "a file just written is not settled"
        );
        // Listed without a stat, it is checked again by the next run, unchanged or not.
        let relisted = Listing {
            made_for: listing.made_for,
            files: vec![
                (0, Some(stat(0)), Slot::Parsed(7)),
                (2, None, Slot::Parsed(9)),
            ],
            whole_at: None,
        };
        assert_eq!(changed_since(&files, &relisted), [1]);
    }

    #[test]
    fn keys_are_paths_under_the_root_with_dots_folded() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        let keyer = Keyer::new(&root).unwrap();
        assert_eq!(
            keyer.key(&root.join("a/../b/./c.py")),
            Some(b"b/c.py".to_vec())
        );
        assert_eq!(keyer.key(Path::new("/elsewhere/c.py")), None);
    }
}
