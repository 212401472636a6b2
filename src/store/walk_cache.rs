//! The last walk of a root, remembered so that an unchanged tree is not walked again.
//!
//! A directory whose mtime, ctime and inode are unchanged has the same entries (what
//! git's untracked cache relies on), and a walk's result depends only on the entries
//! of the directories it saw and on the ignore files it read. So a walk is stored with
//! the stat of every directory it visited (and of the directories it skipped, whose
//! contents can decide a built-in exclusion), the stat of every ignore file that
//! existed, and the files it produced. The next run with the same flags stats those
//! and, if nothing moved, takes the stored files instead of walking. A directory or
//! ignore file touched within a moment of the walk is never trusted (its next change
//! could fall in the same timestamp tick), nor is a walk that reported any error.
//!
//! Beside a walk, the index keeps what a refresh settled for each of its files: the
//! stat its location records and what it holds for it. The next run over the same
//! walk stats each file and takes the list as it is for every file whose stat is as
//! listed, instead of reading every location record and planning a refresh; it
//! refreshes only the others, and those the list holds no stat for (a file edited a
//! moment before a question is one: without such entries, one such file made every
//! question plan a refresh of the whole tree). The list names
//! what it was made for: the stored walk itself (a digest of its bytes, so a walk
//! stored again by another process in between is never paired with it), the working
//! directory and the parse limit, which together decide every file's stored path. A
//! list made for anything else is never used, and a run that takes one need not
//! compute the stored path of any file whose stat is unchanged.
//!
//! A list also names the contents the index held for its files, and those may be
//! dropped since by a run under other rules (another parse limit, files outside its
//! walk). So the index counts the updates that drop contents, and a list is stored
//! with that count when every content it names is there: while the count is the
//! same, a run that takes the list need not read which contents exist.

use super::codec::Packing;
use super::path_list::PathList;
use super::update::{FileStat, Slot};
use super::{Store, StoreError};
use rusqlite::{params, OptionalExtension};
use serde::{Deserialize, Serialize};

/// A remembered walk.
#[derive(Serialize, Deserialize)]
pub struct Walk {
    /// When the walk began (ns since the epoch).
    pub started_ns: i64,
    /// Every directory and ignore file it depended on.
    pub watched: PathList,
    /// The stat of each of `watched` then; `None` for a file that did not exist.
    pub watched_stats: Vec<Option<FileStat>>,
    /// The languages of its files, each named once.
    pub languages: Vec<String>,
    /// The files it produced, as printed.
    pub files: PathList,
    /// The position of each file's language among `languages` (a file of each
    /// language named in full took a tenth of the time of reading a walk back).
    pub file_languages: Vec<Option<u16>>,
    /// Directories the built-in exclusions skipped.
    pub excluded_dirs: usize,
}

/// What the index settled for each file of a remembered walk.
#[derive(Serialize, Deserialize)]
pub struct Listing {
    /// A hash of what the list was made for: the walk's digest, the working directory
    /// and the parse limit.
    pub made_for: [u8; 32],
    /// One per walked file the index can hold, in walk order: its position among the
    /// walk's files, its stat and what the index holds for it. No stat for a file
    /// whose stat cannot vouch for what the index holds (it was touched within a
    /// moment of the check, or could not be read): it is checked again by every run
    /// until one settles it.
    pub files: Vec<(u32, Option<FileStat>, Slot)>,
    /// The index's count of updates that dropped contents (its header's `dropped`),
    /// as it stood when every content the list names was in the index; `None` when
    /// some were not. While it says the same, they
    /// all still are, and a run that takes the list as it is need not read which
    /// contents exist.
    pub whole_at: Option<i64>,
}

/// A remembered walk as read back: the walk, the digest of its stored bytes, and the
/// list of its files if one was stored since.
pub struct Remembered {
    pub walk: Walk,
    pub digest: [u8; 32],
    pub listing: Option<Listing>,
}

impl Store {
    /// The walk stored under `key`, if any.
    pub fn remembered_walk(&self, key: &[u8]) -> Result<Option<Remembered>, StoreError> {
        let row: Option<(Vec<u8>, Option<Vec<u8>>)> = self
            .conn
            .query_row(
                "SELECT walk, listing FROM walk_cache WHERE key = ?1",
                [key],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        let Some((walk, listing)) = row else {
            return Ok(None);
        };
        // Both are read on every question: side by side.
        let digest = *blake3::hash(&walk).as_bytes();
        let (walk, listing) = rayon::join(
            || super::codec::unpack(&walk, Packing::Lz4),
            // A list that cannot be read is only a lost shortcut.
            || listing.and_then(|b| super::codec::unpack(&b, Packing::Lz4).ok()),
        );
        Ok(Some(Remembered {
            walk: walk?,
            digest,
            listing,
        }))
    }

    /// Stores `walk` under `key` (replacing the last one, and its list), and gives the
    /// digest it will be read back with.
    pub fn remember_walk(&mut self, key: &[u8], walk: &Walk) -> Result<[u8; 32], StoreError> {
        let blob = super::codec::pack(walk, Packing::Lz4);
        self.conn.execute(
            "INSERT OR REPLACE INTO walk_cache(key, walk) VALUES (?1, ?2)",
            params![key, blob],
        )?;
        Ok(*blake3::hash(&blob).as_bytes())
    }

    /// Stores the list of the files of the walk under `key` (if one is stored), with
    /// [`Listing::whole_at`] set as it stands when it is written.
    pub fn remember_listing(
        &mut self,
        key: &[u8],
        listing: &mut Listing,
    ) -> Result<(), StoreError> {
        // Checked and stored in one write transaction: no update can drop a content in
        // between.
        let tx = rusqlite::Transaction::new_unchecked(
            &self.conn,
            rusqlite::TransactionBehavior::Immediate,
        )?;
        let there = super::Alive::Only(super::content_ids_in(&tx)?);
        let whole = !listing
            .files
            .iter()
            .any(|(_, _, slot)| slot.lost_from(&there));
        listing.whole_at = super::contents_dropped_in(&tx)?.filter(|_| whole);
        let blob = super::codec::pack(&*listing, Packing::Lz4);
        tx.execute(
            "UPDATE walk_cache SET listing = ?2 WHERE key = ?1",
            params![key, blob],
        )?;
        tx.commit()?;
        Ok(())
    }
}
