//! Bringing the index up to date for the files a run walks.
//!
//! A file whose size, mtime, ctime and inode match its location record, and that was
//! last checked comfortably after its mtime, is unchanged without being read. Any
//! other file is read and hashed: the same hash only refreshes its location; a hash
//! already stored under another path reuses that record; only new contents are parsed.
//! Parsing runs on rayon's threads in batches, each batch written by this thread in one
//! transaction, so a run killed mid-build keeps every finished batch and the next run
//! takes over from there. Locations whose files are gone are dropped, and so is every
//! content record nothing points at any more.

use std::collections::{HashMap, HashSet};
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;
use rusqlite::{params, OptionalExtension, Transaction, TransactionBehavior};
use rustc_hash::{FxHashMap, FxHashSet};

use super::schema::{name_key, BLOB_TABLES, STATE_BINARY, STATE_FAILED, STATE_PARSED};
use super::{codec, now_ns, Store, StoreError};
use crate::facts::facts_of_text;
use crate::lang::Language;
use crate::output::progress::Progress;
use crate::source;

/// A file touched less than this long before it was last checked may have changed
/// again within the same timestamp tick: it is re-hashed (git's "racily clean" rule,
/// with a margin for filesystems with coarse timestamps).
const RACY_NS: i64 = 2_000_000_000;

/// Up to this many files to read, stored hashes are not loaded up front.
const FEW_FILES: usize = 64;

/// After an update that wrote more than this many files, the write-ahead log is copied
/// into the database at once; smaller updates leave it to SQLite's own checkpoint once
/// the log has grown, which saves them the file syncs a checkpoint costs.
const CHECKPOINT_AFTER: usize = 64;

/// How many parsed files are committed in one transaction.
const BATCH: usize = 2048;

/// One walked file, as the index sees it.
pub struct Walked<'a> {
    /// The path relative to the root, as stored.
    pub key: Vec<u8>,
    /// The path to open (and to print).
    pub path: &'a Path,
    pub language: &'static Language,
}

/// What the index holds for a walked file after a refresh.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Slot {
    /// Facts stored under this content id.
    Parsed(i64),
    /// Binary content: no facts.
    Binary,
    /// The parser gave up on this content (the message), and is not asked again.
    Failed(String),
    /// Not in the index this run (unreadable, or over the parse limit): read from the
    /// file itself when a question needs it.
    Unindexed,
}

impl Slot {
    /// Whether the slot names a stored content that `alive` says is gone.
    pub fn lost_from(&self, alive: &super::Alive) -> bool {
        matches!(self, Slot::Parsed(id) if !alive.contains(*id))
    }
}

/// What a refresh did.
#[derive(Debug, Default)]
pub struct Refreshed {
    /// One slot per walked file, in the order given.
    pub slots: Vec<Slot>,
    /// Files whose contents were parsed.
    pub parsed: usize,
    /// Files read again whose contents turned out unchanged or already stored.
    pub rehashed: usize,
    /// Locations dropped because their files are gone.
    pub removed: usize,
    /// One per walked file: its stat, when its slot holds for as long as that stat
    /// does: its location records the stat and was checked late enough after its
    /// mtime to be trusted without reading the file, or the file is over the parse
    /// limit. What the next run may take as it is for every file whose stat is
    /// unchanged.
    pub settled: Vec<Option<Stat>>,
}

/// Whether a location checked at `checked_ns` can vouch for a file of this mtime: it
/// was not touched so shortly before the check that a later change could carry the
/// same timestamp.
fn trusted(mtime_ns: i64, checked_ns: i64) -> bool {
    mtime_ns + RACY_NS < checked_ns
}

/// A location record as stored.
struct Loc {
    content: Option<i64>,
    size: i64,
    mtime_ns: i64,
    ctime_ns: i64,
    inode: i64,
    /// The language's canonical name; empty for a name this build does not know.
    language: &'static str,
    checked_ns: i64,
    state: Option<i64>,
    error: Option<String>,
    hash: Option<[u8; 32]>,
}

/// The stored locations by key. Loading them is part of every question's freshness
/// check, so the map uses FxHash: a collision could only cost time, never a wrong
/// answer.
type Locations = FxHashMap<Vec<u8>, Loc>;

/// The stored locations, with what their contents hold.
const LOCATIONS: &str =
    "SELECT l.path, l.content, l.size, l.mtime_ns, l.ctime_ns, l.inode, l.language,
        l.checked_ns, c.state, c.error, c.hash
     FROM location l LEFT JOIN content c ON c.id = l.content";

/// One row of [`LOCATIONS`].
fn location_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<(Vec<u8>, Loc)> {
    Ok((
        r.get::<_, Vec<u8>>(0)?,
        Loc {
            content: r.get(1)?,
            size: r.get(2)?,
            mtime_ns: r.get(3)?,
            ctime_ns: r.get(4)?,
            inode: r.get(5)?,
            // An unknown name (`""`) matches no walked file, so that file is read again.
            language: crate::lang::static_name(r.get_ref(6)?.as_str()?),
            checked_ns: r.get(7)?,
            state: r.get(8)?,
            error: r.get(9)?,
            // A hash of another length is damage: the file is read again.
            hash: r
                .get_ref(10)?
                .as_blob_or_null()?
                .and_then(|h| h.try_into().ok()),
        },
    ))
}

/// A file's or directory's identity on disk: when its bytes (or entries) change, one
/// of these does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FileStat {
    pub size: i64,
    pub mtime_ns: i64,
    pub ctime_ns: i64,
    pub inode: i64,
}

type Stat = FileStat;

impl FileStat {
    /// The stat of a regular file (following symlinks).
    pub fn of(path: &Path) -> Option<Stat> {
        let m = std::fs::metadata(path).ok().filter(|m| m.is_file())?;
        Some(FileStat::from(&m))
    }

    /// The stat of a file or directory (following symlinks).
    pub fn any(path: &Path) -> Option<FileStat> {
        Some(FileStat::from(&std::fs::metadata(path).ok()?))
    }

    fn from(m: &std::fs::Metadata) -> FileStat {
        FileStat {
            size: m.len() as i64,
            mtime_ns: m.mtime() * 1_000_000_000 + m.mtime_nsec(),
            ctime_ns: m.ctime() * 1_000_000_000 + m.ctime_nsec(),
            inode: m.ino() as i64,
        }
    }

    /// Whether it changed so recently before `moment` that a further change could
    /// carry the same timestamp.
    pub fn racy(&self, moment: i64) -> bool {
        self.mtime_ns.max(self.ctime_ns) + RACY_NS >= moment
    }

    fn matches(&self, l: &Loc) -> bool {
        self.size == l.size
            && self.mtime_ns == l.mtime_ns
            && self.ctime_ns == l.ctime_ns
            && self.inode == l.inode
    }
}

/// What the first, stat-only pass decided for a file.
enum Plan {
    Fresh(Slot, Stat),
    /// Over the parse limit: remembered as such, answered from the file.
    TooLarge(Stat),
    Read(Stat),
    Skip,
}

/// The stored contents by (hash, language): their id, state and parse error.
type Known = HashMap<(Vec<u8>, String), (i64, i64, Option<String>)>;

/// What reading a file gave.
enum Read {
    /// Same bytes as its location already says: only the stat changes.
    Same(Stat, i64, Slot),
    /// Bytes already stored under another location.
    Known(Stat, i64, Slot),
    New(Stat, Box<NewContent>),
    Skip,
}

struct NewContent {
    hash: [u8; 32],
    state: i64,
    error: Option<String>,
    symbols: i64,
    refs: i64,
    definitions: Option<Vec<u8>>,
    names_blobs: Option<codec::EncodedNames>,
    outline: Option<Vec<u8>>,
    body: Option<Vec<u8>>,
    /// The key ([`name_key`]) of every name the content defines or references, each
    /// once, with whether it defines a name of that key.
    names: Vec<(i64, bool)>,
    /// The keys encoded for the `content_mentions` table (empty for content without
    /// facts), here on the reading threads rather than by the one writer.
    mentions: Vec<u8>,
}

fn slot_of(content: i64, state: i64, error: Option<String>) -> Slot {
    match state {
        STATE_PARSED => Slot::Parsed(content),
        STATE_BINARY => Slot::Binary,
        _ => Slot::Failed(error.unwrap_or_default()),
    }
}

/// Reads, hashes and (for new bytes) parses one file.
fn read_one(w: &Walked, stat: Stat, loc: Option<&Loc>, known: &Known, limit: u64) -> Read {
    let bytes = match source::read_bytes_within(w.path, limit) {
        Ok(b) => b,
        Err(_) => return Read::Skip,
    };
    let hash = *blake3::hash(&bytes).as_bytes();
    if let Some(l) = loc {
        if let (Some(c), Some(h), Some(state)) = (l.content, &l.hash, l.state) {
            if *h == hash && l.language == w.language.name {
                return Read::Same(stat, c, slot_of(c, state, l.error.clone()));
            }
        }
    }
    if let Some((id, state, error)) = known.get(&(hash.to_vec(), w.language.name.to_string())) {
        return Read::Known(stat, *id, slot_of(*id, *state, error.clone()));
    }
    Read::New(stat, Box::new(parse_content(w, hash, bytes)))
}

fn parse_content(w: &Walked, hash: [u8; 32], bytes: Vec<u8>) -> NewContent {
    let mut c = NewContent {
        hash,
        state: STATE_PARSED,
        error: None,
        symbols: 0,
        refs: 0,
        definitions: None,
        names_blobs: None,
        outline: None,
        body: None,
        names: Vec::new(),
        mentions: codec::encode_mentions(&[]),
    };
    let text = match source::text_of(bytes) {
        Ok(t) => t,
        Err(_) => {
            c.state = STATE_BINARY;
            return c;
        }
    };
    match facts_of_text(w.language, w.path, &text.text) {
        Ok(f) => {
            c.symbols = f.definitions.len() as i64;
            c.refs = f.references.len() as i64;
            c.definitions = Some(codec::encode_definitions(&f));
            c.names_blobs = Some(codec::encode_names(&f));
            let (outline, body) = codec::encode_outline_and_body(&f);
            c.outline = Some(outline);
            c.body = Some(body);
            // Sorted with definitions first among equal keys, so that the one kept
            // says whether a name of that key is defined.
            let mut names: Vec<(i64, bool)> = f
                .definitions
                .iter()
                .map(|d| (name_key(&d.name), true))
                .chain(f.references.iter().map(|r| (name_key(&r.name), false)))
                .collect();
            names.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
            names.dedup_by(|later, first| later.0 == first.0);
            let keys: Vec<i64> = names.iter().map(|&(key, _)| key).collect();
            c.mentions = codec::encode_mentions(&keys);
            c.names = names;
        }
        Err(e) => {
            c.state = STATE_FAILED;
            c.error = Some(e.to_string());
        }
    }
    c
}

/// The stat-only pass: what each file needs.
fn plan(files: &[Walked], locs: &Locations, limit: u64) -> Vec<Plan> {
    files
        .par_iter()
        .map(|w| {
            let Some(stat) = Stat::of(w.path) else {
                return Plan::Skip;
            };
            if stat.size as u64 > limit {
                return Plan::TooLarge(stat);
            }
            match locs.get(&w.key) {
                Some(l)
                    if stat.matches(l)
                        && l.language == w.language.name
                        && trusted(l.mtime_ns, l.checked_ns) =>
                {
                    match (l.content, l.state) {
                        (Some(c), Some(state)) => {
                            Plan::Fresh(slot_of(c, state, l.error.clone()), stat)
                        }
                        _ => Plan::Read(stat),
                    }
                }
                _ => Plan::Read(stat),
            }
        })
        .collect()
}

impl Store {
    /// The stored locations that are gone from disk (not walked, and no longer a file).
    fn gone<'l>(&self, files: &[Walked], locs: &'l Locations) -> Vec<&'l Vec<u8>> {
        let walked: FxHashSet<&[u8]> = files.iter().map(|w| w.key.as_slice()).collect();
        locs.keys()
            .filter(|k| !walked.contains(k.as_slice()))
            .filter(|k| {
                let p = self.root.join(OsStr::from_bytes(k));
                !std::fs::metadata(p).is_ok_and(|m| m.is_file())
            })
            .collect()
    }

    /// How many of `files` changed or were added since the last update, plus how many
    /// stored files are gone; nothing is written.
    pub fn changed(&self, files: &[Walked], limit: u64) -> Result<usize, StoreError> {
        let locs = self.locations()?;
        // Files due only for a re-hash (touched near their last check) are not counted:
        // their stat is what the index recorded.
        let reads = plan(files, &locs, limit)
            .into_iter()
            .zip(files)
            .filter(|(p, w)| match p {
                Plan::Read(stat) => locs.get(&w.key).is_none_or(|l| !stat.matches(l)),
                _ => false,
            })
            .count();
        Ok(reads + self.gone(files, &locs).len())
    }

    fn locations(&self) -> Result<Locations, StoreError> {
        let mut stmt = self.conn.prepare(LOCATIONS)?;
        let rows = stmt.query_map([], location_row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The stored locations of `files`.
    fn locations_of(&self, files: &[Walked]) -> Result<Locations, StoreError> {
        let mut stmt = self
            .conn
            .prepare(&format!("{LOCATIONS} WHERE l.path = ?1"))?;
        let mut out = Locations::default();
        for w in files {
            if let Some((key, loc)) = stmt.query_row([&w.key], location_row).optional()? {
                out.insert(key, loc);
            }
        }
        Ok(out)
    }

    fn known_contents(&self) -> Result<Known, StoreError> {
        let mut stmt = self
            .conn
            .prepare("SELECT hash, language, id, state, error FROM content")?;
        let rows = stmt.query_map([], |r| {
            Ok((
                (r.get::<_, Vec<u8>>(0)?, r.get::<_, String>(1)?),
                (r.get(2)?, r.get(3)?, r.get(4)?),
            ))
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Brings the index up to date for `files` (every file the run walks) and says
    /// what it holds for each. Files over `limit` bytes are not parsed.
    pub fn refresh(
        &mut self,
        files: &[Walked],
        limit: u64,
        progress: Option<&Progress>,
    ) -> Result<Refreshed, StoreError> {
        let locs = self.locations()?;
        self.refresh_from(files, locs, limit, progress, true)
    }

    /// Brings the index up to date for `files` only, some of a walk whose other files
    /// are known unchanged (and none of whose files is gone): only their location
    /// records are read, and no stored location is swept.
    pub fn refresh_some(&mut self, files: &[Walked], limit: u64) -> Result<Refreshed, StoreError> {
        let locs = self.locations_of(files)?;
        self.refresh_from(files, locs, limit, None, false)
    }

    fn refresh_from(
        &mut self,
        files: &[Walked],
        locs: Locations,
        limit: u64,
        progress: Option<&Progress>,
        sweep: bool,
    ) -> Result<Refreshed, StoreError> {
        let started = now_ns();
        let plans = plan(files, &locs, limit);
        let mut out = Refreshed {
            slots: vec![Slot::Unindexed; files.len()],
            settled: vec![None; files.len()],
            ..Refreshed::default()
        };
        let mut too_large: Vec<(usize, Stat)> = Vec::new();
        let mut to_read: Vec<(usize, Stat)> = Vec::new();
        for (i, plan) in plans.into_iter().enumerate() {
            match plan {
                Plan::Fresh(slot, stat) => {
                    out.slots[i] = slot;
                    out.settled[i] = Some(stat);
                }
                Plan::TooLarge(stat) => {
                    // Answered from the file for as long as its size stays the same.
                    out.settled[i] = Some(stat);
                    too_large.push((i, stat));
                }
                Plan::Read(stat) => to_read.push((i, stat)),
                Plan::Skip => {}
            }
        }
        if let Some(p) = progress {
            p.set_total(to_read.len() as u64);
        }
        // Bytes stored under another path are recognised without parsing them again;
        // for a handful of files, loading every stored hash would cost more than the
        // rare parse it saves (the insert finds the stored record either way).
        let known = if to_read.len() > FEW_FILES {
            self.known_contents()?
        } else {
            HashMap::new()
        };
        // Largest first, each thread taking the next file when it is free: a large
        // file left for last kept one thread parsing it while the others had nothing
        // left to do.
        to_read.sort_by_key(|&(i, stat)| (std::cmp::Reverse(stat.size), i));
        // Produce on rayon's threads (read, hash, parse), consume here (one writer,
        // committing a batch at a time); the bounded channel makes readers wait for
        // the writer instead of piling up parsed facts.
        let written = to_read.len();
        let failed = AtomicBool::new(false);
        let (tx, rx) = crossbeam_channel::bounded::<(usize, Read)>(BATCH);
        let mut result: Result<(), StoreError> = Ok(());
        std::thread::scope(|scope| {
            let (failed, locs, known) = (&failed, &locs, &known);
            let to_read = &to_read;
            scope.spawn(move || {
                to_read
                    .iter()
                    .par_bridge()
                    .for_each_with(tx, |tx, &(i, stat)| {
                        if failed.load(Ordering::Relaxed) {
                            return;
                        }
                        let r = read_one(&files[i], stat, locs.get(&files[i].key), known, limit);
                        if let Some(p) = progress {
                            p.inc();
                        }
                        // A closed channel means the writer failed; the error is its.
                        let _ = tx.send((i, r));
                    });
            });
            let mut batch = Vec::with_capacity(BATCH);
            for item in rx.iter() {
                batch.push(item);
                if batch.len() == BATCH {
                    if let Err(e) =
                        self.write_batch(files, std::mem::take(&mut batch), started, &mut out)
                    {
                        result = Err(e);
                        failed.store(true, Ordering::Relaxed);
                        break;
                    }
                }
            }
            drop(rx);
            if result.is_ok() && !batch.is_empty() {
                result = self.write_batch(files, batch, started, &mut out);
            }
        });
        result?;
        let removed = self.finish(files, &locs, &too_large, started, written, sweep)?;
        out.removed = removed;
        Ok(out)
    }

    /// Writes one batch of read files in one transaction.
    fn write_batch(
        &mut self,
        files: &[Walked],
        reads: Vec<(usize, Read)>,
        checked: i64,
        out: &mut Refreshed,
    ) -> Result<(), StoreError> {
        let tx = Transaction::new(&mut self.conn, TransactionBehavior::Immediate)?;
        // Contents whose locations now point elsewhere: dropped in this same
        // transaction when nothing else points at them, so no kill leaves garbage.
        let mut replaced: Vec<i64> = Vec::new();
        let mut names: Vec<(i64, i64, bool)> = Vec::new();
        for (i, read) in reads {
            let w = &files[i];
            let (stat, content, slot) = match read {
                Read::Skip => continue,
                // Bytes already stored: under this path, or under another one.
                Read::Same(stat, c, slot) | Read::Known(stat, c, slot) => {
                    // Another process may have dropped the record since it was looked up.
                    let alive: Option<i64> = tx
                        .prepare_cached("SELECT id FROM content WHERE id = ?1")?
                        .query_row([c], |r| r.get(0))
                        .optional()?;
                    if alive.is_some() {
                        out.rehashed += 1;
                        (stat, c, slot)
                    } else {
                        let Ok(bytes) = source::read_bytes_within(w.path, u64::MAX) else {
                            continue;
                        };
                        let hash = *blake3::hash(&bytes).as_bytes();
                        out.parsed += 1;
                        let new = parse_content(w, hash, bytes);
                        let (c, slot) = insert_content(&tx, w, new, &mut names)?;
                        (stat, c, slot)
                    }
                }
                Read::New(stat, new) => {
                    out.parsed += 1;
                    let (c, slot) = insert_content(&tx, w, *new, &mut names)?;
                    (stat, c, slot)
                }
            };
            if let Some(old) = upsert_location(&tx, w, stat, Some(content), checked)? {
                if old != content {
                    replaced.push(old);
                }
            }
            out.slots[i] = slot;
            out.settled[i] = trusted(stat.mtime_ns, checked).then_some(stat);
        }
        insert_names(&tx, names)?;
        drop_unreferenced(&tx, &replaced)?;
        // Stamped with the files it writes: a reader that sees them sees when.
        stamp_updated(&tx)?;
        tx.commit()?;
        Ok(())
    }

    /// Records over-limit files, drops vanished ones and unreferenced contents, and
    /// stamps the update (`written`: how many files were read and written); returns how
    /// many locations were dropped.
    fn finish(
        &mut self,
        files: &[Walked],
        locs: &Locations,
        too_large: &[(usize, Stat)],
        checked: i64,
        written: usize,
        sweep: bool,
    ) -> Result<usize, StoreError> {
        let gone = if sweep {
            self.gone(files, locs)
        } else {
            Vec::new()
        };
        let large: Vec<&(usize, Stat)> = too_large
            .iter()
            .filter(|(i, stat)| {
                locs.get(&files[*i].key)
                    .is_none_or(|l| l.content.is_some() || !stat.matches(l))
            })
            .collect();
        if gone.is_empty() && large.is_empty() && written == 0 {
            return Ok(0);
        }
        let tx = Transaction::new(&mut self.conn, TransactionBehavior::Immediate)?;
        let mut replaced: Vec<i64> = Vec::new();
        for (i, stat) in large {
            replaced.extend(upsert_location(&tx, &files[*i], *stat, None, checked)?);
        }
        for k in &gone {
            let old: Option<Option<i64>> = tx
                .query_row(
                    "DELETE FROM location WHERE path = ?1 RETURNING content",
                    [k],
                    |r| r.get(0),
                )
                .optional()?;
            replaced.extend(old.flatten());
        }
        drop_unreferenced(&tx, &replaced)?;
        stamp_updated(&tx)?;
        tx.commit()?;
        if written + gone.len() > CHECKPOINT_AFTER {
            // Copies the log into the database without waiting for readers (a reader
            // in another process keeps what it needs); never an error worth failing for.
            let _ = self
                .conn
                .query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
        }
        Ok(gone.len())
    }
}

/// Inserts a new content record (or finds the one another process inserted first)
/// with its mentions; returns its id and slot.
fn insert_content(
    tx: &Transaction,
    w: &Walked,
    c: NewContent,
    names: &mut Vec<(i64, i64, bool)>,
) -> Result<(i64, Slot), StoreError> {
    // Statements run once per file are prepared once per run (`prepare_cached`).
    let inserted = tx
        .prepare_cached(
            "INSERT OR IGNORE INTO content(hash, language, state, error, symbols, refs)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?
        .execute(params![
            c.hash.as_slice(),
            w.language.name,
            c.state,
            c.error,
            c.symbols,
            c.refs,
        ])?;
    let (id, state, error): (i64, i64, Option<String>) = tx
        .prepare_cached("SELECT id, state, error FROM content WHERE hash = ?1 AND language = ?2")?
        .query_row(params![c.hash.as_slice(), w.language.name], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })?;
    if inserted > 0 {
        names.extend(c.names.iter().map(|&(key, defines)| (key, id, defines)));
        // Every content gets its list, empty when it has no facts: a missing list
        // then means damage.
        let blobs = [
            c.definitions.as_deref(),
            c.names_blobs.as_ref().map(|n| n.masks.as_slice()),
            c.names_blobs.as_ref().map(|n| n.parts.as_slice()),
            c.outline.as_deref(),
            c.body.as_deref(),
            Some(c.mentions.as_slice()),
        ];
        for (table, blob) in BLOB_TABLES.iter().zip(blobs) {
            if let Some(blob) = blob {
                tx.prepare_cached(&format!(
                    "INSERT INTO {table}(content, blob) VALUES (?1, ?2)"
                ))?
                .execute(params![id, blob])?;
            }
        }
    }
    Ok((id, slot_of(id, state, error)))
}

/// Lists under each name the contents of a batch that define or mention it, in the
/// order of the name lists' keys: rows added in key order fall on neighbouring pages,
/// where the rows of one file after another fall all over the lists.
fn insert_names(tx: &Transaction, mut names: Vec<(i64, i64, bool)>) -> Result<(), StoreError> {
    names.sort_unstable();
    let mut add_mention =
        tx.prepare_cached("INSERT OR IGNORE INTO mention(name, content) VALUES (?1, ?2)")?;
    for &(key, id, _) in &names {
        add_mention.execute(params![key, id])?;
    }
    let mut add_definition =
        tx.prepare_cached("INSERT OR IGNORE INTO definition(name, content) VALUES (?1, ?2)")?;
    for &(key, id, defines) in &names {
        if defines {
            add_definition.execute(params![key, id])?;
        }
    }
    Ok(())
}

/// Deletes the contents among `ids` that no location points at, with their mentions
/// and definitions: work proportional to what changed.
fn drop_unreferenced(tx: &Transaction, ids: &[i64]) -> Result<(), StoreError> {
    let mut referenced = tx.prepare_cached("SELECT 1 FROM location WHERE content = ?1 LIMIT 1")?;
    let mut mentions_of =
        tx.prepare_cached("SELECT blob FROM content_mentions WHERE content = ?1")?;
    let mut drop_mention =
        tx.prepare_cached("DELETE FROM mention WHERE name = ?1 AND content = ?2")?;
    let mut drop_definition =
        tx.prepare_cached("DELETE FROM definition WHERE name = ?1 AND content = ?2")?;
    // Without a readable list (a damaged record), the whole tables are searched.
    let mut drop_all_mentions = tx.prepare_cached("DELETE FROM mention WHERE content = ?1")?;
    let mut drop_all_definitions =
        tx.prepare_cached("DELETE FROM definition WHERE content = ?1")?;
    let mut drop_content = tx.prepare_cached("DELETE FROM content WHERE id = ?1")?;
    let mut drop_blobs = BLOB_TABLES
        .iter()
        .map(|table| tx.prepare_cached(&format!("DELETE FROM {table} WHERE content = ?1")))
        .collect::<Result<Vec<_>, _>>()?;
    let unique: HashSet<i64> = ids.iter().copied().collect();
    let mut dropped = false;
    for id in unique {
        if referenced.exists([id])? {
            continue;
        }
        dropped = true;
        let listed: Option<Vec<u8>> = mentions_of.query_row([id], |r| r.get(0)).optional()?;
        match listed.map(|blob| codec::decode_mentions(&blob)) {
            Some(Ok(keys)) => {
                for key in keys {
                    drop_mention.execute([key, id])?;
                    drop_definition.execute([key, id])?;
                }
            }
            // A damaged or missing list.
            _ => {
                drop_all_mentions.execute([id])?;
                drop_all_definitions.execute([id])?;
            }
        }
        drop_content.execute([id])?;
        for drop in &mut drop_blobs {
            drop.execute([id])?;
        }
    }
    if dropped {
        super::note_contents_dropped(tx)?;
    }
    Ok(())
}

/// Writes a location record; gives the content it pointed at before, if any.
fn upsert_location(
    tx: &Transaction,
    w: &Walked,
    stat: Stat,
    content: Option<i64>,
    checked: i64,
) -> Result<Option<i64>, StoreError> {
    let old: Option<i64> = tx
        .prepare_cached("SELECT content FROM location WHERE path = ?1")?
        .query_row([&w.key], |r| r.get::<_, Option<i64>>(0))
        .optional()?
        .flatten();
    tx.prepare_cached(
        "INSERT OR REPLACE INTO location(path, content, size, mtime_ns, ctime_ns, inode, language, checked_ns)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?
    .execute(params![
            w.key,
            content,
            stat.size,
            stat.mtime_ns,
            stat.ctime_ns,
            stat.inode,
            w.language.name,
            checked
        ],
    )?;
    Ok(old)
}

/// Records in the header, within transaction `tx`, that the index was updated now.
fn stamp_updated(tx: &Transaction<'_>) -> Result<(), StoreError> {
    tx.execute(
        "INSERT OR REPLACE INTO header(key, value) VALUES ('updated', ?1)",
        [(now_ns() / 1_000_000_000).to_string()],
    )?;
    Ok(())
}
