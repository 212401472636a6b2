//! The tables of the index and the versions that decide whether a database can be
//! trusted.
//!
//! - `header`: the format version, the extractor version, the root, created/updated,
//!   and how many updates have dropped contents (`dropped`; see `walk_cache.rs`);
//! - `content`: one row per (content hash, language): the state of the parse and its
//!   counts; rows no location points at are deleted by every update. Ids are never
//!   given again once deleted: a remembered list of a walk's files may still name a
//!   deleted id, which must then be missing, never another file's record.
//!   The `content_state` index holds only the state of each row beside its id: a
//!   question that cannot take its list of a walk's files as it is reads the ids of
//!   all records, and SQLite reads them from the smallest index that has them (a few
//!   dozen pages instead of the whole table);
//! - `content_definitions`, `content_masks`, `content_names`, `content_outline`,
//!   `content_facts`: the fact blobs of a parsed content (its definitions, what a
//!   search screens their names by, their name parts for searching, what resolution
//!   reads of a file it only looks into, every reference and binding), one table
//!   each. SQLite reads a row's columns in order, through every overflow page
//!   of the columns before the one asked for: kept apart, a scan of the name parts or
//!   of the small columns of `content` never reads the large blobs;
//! - `location`: path (relative to the root, raw bytes) → content, with the size,
//!   mtime, ctime and inode that say whether the file changed, and when it was last
//!   checked (to catch edits in the same timestamp tick as an update);
//! - `mention`: which contents define or reference each name, so that the files that
//!   can use a symbol are found without reading any file; `definition`: which of them
//!   define it, so that resolution finds the definitions of a name without decoding
//!   the names of every file that merely uses it. A name is keyed by a hash of its
//!   text ([`name_key`]), not by a row of a table of names: such a table would hold
//!   every name twice (its rows and its index by text), and every update would look
//!   each name up. Two names with one key only make both lists a little longer: the
//!   files a list gives are always checked for the name itself;
//!   `content_mentions` lists each content's name keys, so that dropping a content
//!   deletes its mentions by key (an index of mentions by content would cost as much
//!   space as the mentions themselves);
//! - `walk_cache`: the last walk per set of walk flags, and what the index settled
//!   for each of its files (see `walk_cache.rs`).

/// Bumped whenever the tables or blobs change shape: an index of another format is
/// rebuilt, never read.
pub const FORMAT_VERSION: i64 = 45;

/// The version of the extraction code (a hash of its sources, computed at build time):
/// facts stored by another extractor are discarded.
pub const EXTRACTOR: &str = env!("CODESEARCH_EXTRACTOR");

pub const CREATE: &str = "
CREATE TABLE header(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE content(
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    hash BLOB NOT NULL,
    language TEXT NOT NULL,
    state INTEGER NOT NULL,
    error TEXT,
    symbols INTEGER NOT NULL DEFAULT 0,
    refs INTEGER NOT NULL DEFAULT 0,
    UNIQUE(hash, language)
);
CREATE INDEX content_state ON content(state);
CREATE TABLE content_definitions(content INTEGER PRIMARY KEY, blob BLOB NOT NULL);
CREATE TABLE content_masks(content INTEGER PRIMARY KEY, blob BLOB NOT NULL);
CREATE TABLE content_names(content INTEGER PRIMARY KEY, blob BLOB NOT NULL);
CREATE TABLE content_outline(content INTEGER PRIMARY KEY, blob BLOB NOT NULL);
CREATE TABLE content_facts(content INTEGER PRIMARY KEY, blob BLOB NOT NULL);
CREATE TABLE location(
    path BLOB PRIMARY KEY,
    content INTEGER,
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    ctime_ns INTEGER NOT NULL,
    inode INTEGER NOT NULL,
    language TEXT NOT NULL,
    checked_ns INTEGER NOT NULL
);
CREATE INDEX location_content ON location(content);
CREATE TABLE mention(
    name INTEGER NOT NULL,
    content INTEGER NOT NULL,
    PRIMARY KEY(name, content)
) WITHOUT ROWID;
CREATE TABLE definition(
    name INTEGER NOT NULL,
    content INTEGER NOT NULL,
    PRIMARY KEY(name, content)
) WITHOUT ROWID;
CREATE TABLE content_mentions(content INTEGER PRIMARY KEY, blob BLOB NOT NULL);
CREATE TABLE walk_cache(key BLOB PRIMARY KEY, walk BLOB NOT NULL, listing BLOB);
";

/// The key a name is listed under in `mention` and `definition`: 31 bits of its
/// BLAKE3 hash, which SQLite stores in four bytes.
pub fn name_key(name: &str) -> i64 {
    let hash = blake3::hash(name.as_bytes());
    let [a, b, c, d, ..] = *hash.as_bytes();
    i64::from(u32::from_le_bytes([a, b, c, d]) & 0x7fff_ffff)
}

/// The tables holding a content's blobs, each keyed by the content's id (every content
/// has its mention list; only parsed ones have the others).
pub const BLOB_TABLES: [&str; 6] = [
    "content_definitions",
    "content_masks",
    "content_names",
    "content_outline",
    "content_facts",
    "content_mentions",
];

/// `content.state`: what parsing the content gave.
pub const STATE_PARSED: i64 = 0;
pub const STATE_BINARY: i64 = 1;
pub const STATE_FAILED: i64 = 2;
