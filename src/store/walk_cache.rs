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

use rusqlite::{params, OptionalExtension};
use serde::{Deserialize, Serialize};

use super::codec::Packing;
use super::update::FileStat;
use super::{Store, StoreError};

/// A remembered walk.
#[derive(Serialize, Deserialize)]
pub struct Walk {
    /// When the walk began (ns since the epoch).
    pub started_ns: i64,
    /// Every directory and ignore file it depended on, with its stat then; `None` for
    /// a file that did not exist.
    pub watched: Vec<(Vec<u8>, Option<FileStat>)>,
    /// The files it produced: path as printed, language name.
    pub files: Vec<(Vec<u8>, Option<String>)>,
    /// Directories the built-in exclusions skipped.
    pub excluded_dirs: usize,
}

impl Store {
    /// The walk stored under `key`, if any.
    pub fn remembered_walk(&self, key: &[u8]) -> Result<Option<Walk>, StoreError> {
        let blob: Option<Vec<u8>> = self
            .conn
            .query_row("SELECT walk FROM walk_cache WHERE key = ?1", [key], |r| {
                r.get(0)
            })
            .optional()?;
        match blob {
            Some(b) => Ok(Some(super::codec::unpack(&b, Packing::Lz4)?)),
            None => Ok(None),
        }
    }

    /// Stores `walk` under `key` (replacing the last one).
    pub fn remember_walk(&mut self, key: &[u8], walk: &Walk) -> Result<(), StoreError> {
        let blob = super::codec::pack(walk, Packing::Lz4);
        self.conn.execute(
            "INSERT OR REPLACE INTO walk_cache(key, walk) VALUES (?1, ?2)",
            params![key, blob],
        )?;
        Ok(())
    }
}
