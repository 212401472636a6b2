//! The index: a persistent, incremental store of file facts, so that a symbol question
//! never parses a file whose bytes it has parsed before.
//!
//! Content records, keyed by (content hash, language) under one extractor version, hold
//! a file's facts; location records map each path to its content and to the size,
//! times and inode that tell whether the file changed. Every question first brings the
//! index up to date for the files it walks ([`Store::refresh`]: a `stat` per file, a
//! re-read only of what changed or was touched in the same timestamp tick as the last
//! check, a parse only of contents never seen) and then answers from one read snapshot,
//! so no answer comes from a file's previous contents.
//!
//! It is SQLite, compiled in through `rusqlite`'s `bundled` feature: transactions make
//! a run killed at any instant leave the last committed state, write-ahead logging lets
//! readers in other processes go on while one process writes, and a busy timeout
//! serialises concurrent writers. (`redb`, the pure-Rust alternative, locks a database
//! to one process at a time, which two shells or an editor beside an agent would hit.)

mod codec;
mod path_list;
mod place;
mod schema;
mod update;
mod walk_cache;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rusqlite::{params, Connection, ErrorCode, OptionalExtension, MAIN_DB};
use rustc_hash::FxHashSet;

pub use codec::{
    decode_definitions, decode_facts, read_name_masks, with_stored_name_parts, FactBlobs, Keep,
    PackedFacts,
};
pub use path_list::PathList;
pub use update::{FileStat, Refreshed, Slot, Walked};
pub use walk_cache::{Listing, Remembered, Walk};

use crate::output::Reporter;

/// How long a writer waits for another process's write transaction to finish.
const BUSY_TIMEOUT: Duration = Duration::from_secs(60);

/// The page size of a new index, in bytes.
const PAGE_SIZE: i64 = 16 * 1024;

/// Why the index could not be used (the question is then answered without it).
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("{0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("no cache directory (set HOME, XDG_CACHE_HOME or --index-dir)")]
    NoPlace,
    #[error(transparent)]
    Codec(#[from] codec::CodecError),
}

impl StoreError {
    /// Whether the database itself is damaged (then it is rebuilt, not trusted).
    pub fn is_corruption(&self) -> bool {
        match self {
            StoreError::Sqlite(e) => matches!(
                e.sqlite_error_code(),
                Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase)
            ),
            StoreError::Codec(_) => true,
            _ => false,
        }
    }
}

/// An open index of one root.
pub struct Store {
    conn: Connection,
    path: PathBuf,
    root: PathBuf,
}

/// What `index --status` reports.
#[derive(Debug, Clone, Default)]
pub struct Status {
    pub files: u64,
    pub symbols: u64,
    pub references: u64,
    pub contents: u64,
    pub bytes_on_disk: u64,
    /// Seconds since the epoch of the last completed update.
    pub updated: Option<u64>,
    pub created: Option<u64>,
}

/// Now, in nanoseconds since the epoch (the unit of stored file times).
pub fn now_ns() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as i64)
}

fn is_busy(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)
    )
}

/// Why an existing database is not used as it is.
enum Unusable {
    Rebuild(String),
    Failed(StoreError),
}

impl From<rusqlite::Error> for Unusable {
    fn from(e: rusqlite::Error) -> Unusable {
        let e = StoreError::from(e);
        if e.is_corruption() {
            Unusable::Rebuild(format!("unreadable ({e})"))
        } else {
            Unusable::Failed(e)
        }
    }
}

/// The queries for one blob of one content, by table.
const DEFINITIONS_OF: &str = "SELECT blob FROM content_definitions WHERE content = ?1";
const OUTLINE_OF: &str = "SELECT blob FROM content_outline WHERE content = ?1";
const BODY_OF: &str = "SELECT blob FROM content_facts WHERE content = ?1";

impl Store {
    /// Where the index of `root` (a canonical directory) lives.
    pub fn location(root: &Path, index_dir: Option<&Path>) -> Result<PathBuf, StoreError> {
        place::database_for(root, index_dir).ok_or(StoreError::NoPlace)
    }

    /// Opens (creating it if needed) the index of `root`. A damaged, foreign or
    /// older-format database is reported once on stderr and rebuilt.
    pub fn open(
        root: &Path,
        index_dir: Option<&Path>,
        report: &Reporter,
    ) -> Result<Store, StoreError> {
        let path = Store::location(root, index_dir)?;
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        match Store::open_at(&path, root) {
            Ok(s) => Ok(s),
            Err(Unusable::Failed(e)) => Err(e),
            Err(Unusable::Rebuild(why)) => {
                report.note(format_args!(
                    "{}: index {why}; rebuilding it",
                    path.to_string_lossy()
                ));
                Store::remove_files(&path)?;
                Store::open_at(&path, root).map_err(|u| match u {
                    Unusable::Failed(e) => e,
                    Unusable::Rebuild(why) => StoreError::Io(std::io::Error::other(why)),
                })
            }
        }
    }

    /// Removes a damaged database so that the next open starts afresh.
    pub fn rebuild(self, report: &Reporter, why: &StoreError) -> Result<Store, StoreError> {
        report.note(format_args!(
            "{}: index unreadable ({why}); rebuilding it",
            self.path.to_string_lossy()
        ));
        let (path, root) = (self.path.clone(), self.root.clone());
        drop(self);
        Store::remove_files(&path)?;
        Store::open_at(&path, &root).map_err(|u| match u {
            Unusable::Failed(e) => e,
            Unusable::Rebuild(why) => StoreError::Io(std::io::Error::other(why)),
        })
    }

    fn remove_files(path: &Path) -> std::io::Result<()> {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            let mut p = path.as_os_str().to_owned();
            p.push(suffix);
            match std::fs::remove_file(&p) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    fn open_at(path: &Path, root: &Path) -> Result<Store, Unusable> {
        let conn = Connection::open(path)?;
        conn.busy_timeout(BUSY_TIMEOUT)?;
        // Only a new, empty database takes it (before write-ahead logging is set up
        // below). A question reads thousands of small blobs: on pages four times the
        // default size most fit beside others instead of in chains of their own, and
        // the index is smaller.
        conn.pragma_update(None, "page_size", PAGE_SIZE)?;
        let tables: i64 = conn.query_row(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table'",
            [],
            |r| r.get(0),
        )?;
        // WAL mode is a property of the file, set once by whoever creates it; switching
        // takes an exclusive lock, which a second process opening a new index at the
        // same moment may have to wait for.
        let mut mode: String = conn.query_row("PRAGMA journal_mode", [], |r| r.get(0))?;
        let mut tries = 0;
        while !mode.eq_ignore_ascii_case("wal") {
            match conn.query_row("PRAGMA journal_mode=WAL", [], |r| r.get::<_, String>(0)) {
                Ok(m) if m.eq_ignore_ascii_case("wal") || tries >= 100 => mode = m,
                Ok(_) => {}
                Err(e) if is_busy(&e) && tries < 100 => {}
                Err(e) => return Err(e.into()),
            }
            tries += 1;
            std::thread::sleep(Duration::from_millis(50));
        }
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(Unusable::Failed(StoreError::Io(std::io::Error::other(
                format!("cannot use write-ahead logging (journal mode {mode})"),
            ))));
        }
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        // A big update grows the write-ahead log; once checkpointed it shrinks back to
        // this, so the index's size on disk is its data.
        conn.pragma_update(None, "journal_size_limit", 8 * 1024 * 1024)?;
        let store = Store {
            conn,
            path: path.to_path_buf(),
            root: root.to_path_buf(),
        };
        if tables == 0 {
            store.create()?;
        }
        store.check()?;
        Ok(store)
    }

    fn create(&self) -> Result<(), Unusable> {
        let tx = rusqlite::Transaction::new_unchecked(
            &self.conn,
            rusqlite::TransactionBehavior::Immediate,
        )?;
        // Another process may have created it while this one waited for the lock.
        let tables: i64 = tx.query_row(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table'",
            [],
            |r| r.get(0),
        )?;
        if tables == 0 {
            tx.execute_batch(schema::CREATE)?;
            let now = (now_ns() / 1_000_000_000).to_string();
            let root = self.root.to_string_lossy();
            for (k, v) in [
                ("format", schema::FORMAT_VERSION.to_string().as_str()),
                ("extractor", schema::EXTRACTOR),
                ("root", root.as_ref()),
                ("created", now.as_str()),
            ] {
                tx.execute(
                    "INSERT INTO header(key, value) VALUES (?1, ?2)",
                    params![k, v],
                )?;
            }
        }
        tx.commit()?;
        Ok(())
    }

    fn header(&self, key: &str) -> Result<Option<String>, rusqlite::Error> {
        header_in(&self.conn, key)
    }

    /// Decides whether the database can be trusted as it is.
    fn check(&self) -> Result<(), Unusable> {
        let has_header: i64 = self.conn.query_row(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'header'",
            [],
            |r| r.get(0),
        )?;
        if has_header == 0 {
            return Err(Unusable::Rebuild("is not a codesearch index".into()));
        }
        let format = self.header("format")?;
        if format.as_deref() != Some(schema::FORMAT_VERSION.to_string().as_str()) {
            return Err(Unusable::Rebuild(format!(
                "has format {} (this version reads format {})",
                format.as_deref().unwrap_or("unknown"),
                schema::FORMAT_VERSION
            )));
        }
        let root = self.header("root")?;
        if root.as_deref() != Some(self.root.to_string_lossy().as_ref()) {
            return Err(Unusable::Rebuild(format!(
                "belongs to another root ({})",
                root.as_deref().unwrap_or("unknown")
            )));
        }
        if self.header("extractor")?.as_deref() != Some(schema::EXTRACTOR) {
            // Facts from another build of the extractor are simply dropped.
            let tx = rusqlite::Transaction::new_unchecked(
                &self.conn,
                rusqlite::TransactionBehavior::Immediate,
            )?;
            if header_in(&tx, "extractor")?.as_deref() != Some(schema::EXTRACTOR) {
                tx.execute_batch(
                    "DELETE FROM mention; DELETE FROM definition;
                     DELETE FROM location; DELETE FROM content;
                     UPDATE walk_cache SET listing = NULL;",
                )?;
                for table in schema::BLOB_TABLES {
                    tx.execute(&format!("DELETE FROM {table}"), [])?;
                }
                note_contents_dropped(&tx)?;
                tx.execute(
                    "INSERT OR REPLACE INTO header(key, value) VALUES ('extractor', ?1)",
                    [schema::EXTRACTOR],
                )?;
            }
            tx.commit()?;
        }
        Ok(())
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Ends the read snapshot [`Store::begin_snapshot`] started.
    pub fn end_snapshot(&self) -> Result<(), StoreError> {
        self.conn.execute_batch("COMMIT")?;
        Ok(())
    }

    /// Starts the read snapshot every later read of this run sees (other processes'
    /// updates after this point are not seen, so one answer is never a mix).
    pub fn begin_snapshot(&self) -> Result<(), StoreError> {
        self.conn.execute_batch("BEGIN DEFERRED")?;
        self.conn
            .query_row("SELECT count(*) FROM header", [], |r| r.get::<_, i64>(0))?;
        Ok(())
    }

    /// Which contents exist in the read snapshot, for slots taken from a list of a
    /// walk's files stamped `whole_at` ([`Listing::whole_at`]): all it names while no
    /// update has dropped a content since, else those the snapshot holds (read whole).
    pub fn contents_alive(&self, whole_at: Option<i64>) -> Result<Alive, StoreError> {
        if whole_at.is_some() && whole_at == contents_dropped_in(&self.conn)? {
            return Ok(Alive::All);
        }
        Ok(Alive::Only(content_ids_in(&self.conn)?))
    }

    /// Hands `screen` the name-masks blob of every parsed content (only parsed contents
    /// have one) as it is read, and `visit` what `screen` kept of one with the content's
    /// name-parts blob, read then: only the names of contents a search may match are
    /// read at all. A content whose name parts cannot be read is not visited (the
    /// caller answers for its files without the index).
    pub fn for_each_screened_names<T>(
        &self,
        mut screen: impl FnMut(i64, &[u8]) -> Option<T>,
        mut visit: impl FnMut(T, Vec<u8>),
    ) -> Result<(), StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT content, blob FROM content_masks")?;
        // One handle moved from row to row: a search reads the names of a thousand
        // contents, and moving a handle skips running a statement for each.
        let mut names: Option<rusqlite::blob::Blob<'_>> = None;
        let mut rows = stmt.query([])?;
        while let Some(row) = rows.next()? {
            let id: i64 = row.get(0)?;
            let masks = row.get_ref(1)?.as_blob().map_err(|e| {
                rusqlite::Error::FromSqlConversionFailure(1, rusqlite::types::Type::Blob, e.into())
            })?;
            if let Some(kept) = screen(id, masks) {
                if let Some(parts) = self.names_blob(&mut names, id) {
                    visit(kept, parts);
                }
            }
        }
        Ok(())
    }

    /// The name-parts blob of content `id`, read through `handle` (opened on the first
    /// read, moved to each next one); `None` when the content has none.
    fn names_blob<'c>(
        &'c self,
        handle: &mut Option<rusqlite::blob::Blob<'c>>,
        id: i64,
    ) -> Option<Vec<u8>> {
        // A handle that fails to move is spent (SQLite aborts it): a fresh one is
        // opened.
        if handle.as_mut().is_none_or(|b| b.reopen(id).is_err()) {
            *handle = self
                .conn
                .blob_open(MAIN_DB, "content_names", "blob", id, true)
                .ok();
        }
        let blob = handle.as_mut()?;
        let mut bytes = vec![0; blob.len()];
        blob.read_at_exact(&mut bytes, 0).ok()?;
        Some(bytes)
    }

    /// The definitions blob of one content.
    pub fn definition_blob(&self, id: i64) -> Result<Vec<u8>, StoreError> {
        self.blob_of(DEFINITIONS_OF, id)
    }

    /// The fact blobs of one content: the definitions when `definitions`, the outline,
    /// and the body when `body`.
    pub fn fact_blobs(
        &self,
        id: i64,
        definitions: bool,
        body: bool,
    ) -> Result<FactBlobs, StoreError> {
        Ok(FactBlobs {
            definitions: definitions
                .then(|| self.blob_of(DEFINITIONS_OF, id))
                .transpose()?,
            outline: self.blob_of(OUTLINE_OF, id)?,
            body: body.then(|| self.blob_of(BODY_OF, id)).transpose()?,
        })
    }

    /// One blob of one content, by one of the queries below (fixed text: a question
    /// reads thousands of blobs, and the statement cache is keyed by it).
    fn blob_of(&self, sql: &'static str, id: i64) -> Result<Vec<u8>, StoreError> {
        Ok(self
            .conn
            .prepare_cached(sql)?
            .query_row([id], |r| r.get(0))?)
    }

    /// The contents that define or reference any of `names`.
    pub fn contents_mentioning(&self, names: &[String]) -> Result<HashSet<i64>, StoreError> {
        self.contents_listed("mention", names)
    }

    /// The contents that define any of `names`.
    pub fn contents_defining(&self, names: &[String]) -> Result<HashSet<i64>, StoreError> {
        self.contents_listed("definition", names)
    }

    /// The contents `table` (`mention` or `definition`) lists under any of `names`.
    fn contents_listed(&self, table: &str, names: &[String]) -> Result<HashSet<i64>, StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached(&format!("SELECT content FROM {table} WHERE name = ?1"))?;
        let mut out = HashSet::new();
        for n in names {
            for id in stmt.query_map([schema::name_key(n)], |r| r.get::<_, i64>(0))? {
                out.insert(id?);
            }
        }
        Ok(out)
    }

    /// How many files the index holds (cheaper than [`Store::status`]).
    pub fn file_count(&self) -> Result<u64, StoreError> {
        let n: i64 = self
            .conn
            .query_row("SELECT count(*) FROM location", [], |r| r.get(0))?;
        Ok(n as u64)
    }

    /// Counts for `index --status`.
    pub fn status(&self) -> Result<Status, StoreError> {
        let (files, symbols, references): (i64, i64, i64) = self.conn.query_row(
            "SELECT count(*), coalesce(sum(c.symbols), 0), coalesce(sum(c.refs), 0)
             FROM location l LEFT JOIN content c ON c.id = l.content",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )?;
        let contents: i64 = self
            .conn
            .query_row("SELECT count(*) FROM content", [], |r| r.get(0))?;
        let mut bytes = 0;
        for suffix in ["", "-wal", "-shm"] {
            let mut p = self.path.as_os_str().to_owned();
            p.push(suffix);
            bytes += std::fs::metadata(&p).map_or(0, |m| m.len());
        }
        let secs = |k: &str| -> Result<Option<u64>, StoreError> {
            Ok(self.header(k)?.and_then(|v| v.parse().ok()))
        };
        Ok(Status {
            files: files as u64,
            symbols: symbols as u64,
            references: references as u64,
            contents: contents as u64,
            bytes_on_disk: bytes,
            updated: secs("updated")?,
            created: secs("created")?,
        })
    }

    /// Deletes the index of `root`; false when there was none.
    pub fn clear(root: &Path, index_dir: Option<&Path>) -> Result<(PathBuf, bool), StoreError> {
        let path = Store::location(root, index_dir)?;
        let existed = path.exists();
        Store::remove_files(&path)?;
        Ok((path, existed))
    }
}

/// Which stored contents exist in a read snapshot (see [`Store::contents_alive`]).
pub enum Alive {
    /// Every content named by the list of a walk's files the question took: the list
    /// was written when they were all there, and no update has dropped a content since.
    All,
    /// Those with these ids.
    Only(FxHashSet<i64>),
}

impl Alive {
    pub fn contains(&self, id: i64) -> bool {
        match self {
            Alive::All => true,
            Alive::Only(ids) => ids.contains(&id),
        }
    }
}

/// The header value under `key`, through `conn` (the store's, or a transaction of it).
fn header_in(conn: &Connection, key: &str) -> Result<Option<String>, rusqlite::Error> {
    conn.query_row("SELECT value FROM header WHERE key = ?1", [key], |r| {
        r.get(0)
    })
    .optional()
}

/// The ids of every content record, through `conn`.
fn content_ids_in(conn: &Connection) -> Result<FxHashSet<i64>, StoreError> {
    let mut stmt = conn.prepare_cached("SELECT id FROM content")?;
    let ids = stmt.query_map([], |r| r.get::<_, i64>(0))?;
    Ok(ids.collect::<Result<_, _>>()?)
}

/// How many updates have dropped contents, through `conn`: while it is the same,
/// every content that was in the index still is. `None` when the count is unreadable
/// (then nothing may be assumed from it).
fn contents_dropped_in(conn: &Connection) -> Result<Option<i64>, StoreError> {
    Ok(match header_in(conn, "dropped")? {
        None => Some(0),
        Some(v) => v.parse().ok(),
    })
}

/// Counts one more update that dropped contents, in its transaction `tx`.
fn note_contents_dropped(tx: &Connection) -> Result<(), rusqlite::Error> {
    tx.execute(
        "INSERT INTO header(key, value) VALUES ('dropped', '1')
         ON CONFLICT(key) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT)",
        [],
    )?;
    Ok(())
}
