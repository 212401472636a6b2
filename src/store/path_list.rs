//! Lists of paths as a remembered walk stores them, front-coded: each path is the
//! length of the prefix it shares with the path before it and the bytes after that.
//!
//! A walk's paths come in walk order, so neighbours share their directories: on a
//! Java tree ten directories deep, the tails are a fifth of the bytes. Every question
//! on an unchanged tree reads its walk back, and reading it was mostly decompressing
//! and copying the same directory names over and over.

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use serde_bytes::ByteBuf;

/// Paths in order, front-coded.
#[derive(Serialize, Deserialize, Default, Debug, PartialEq, Eq)]
pub struct PathList {
    /// The bytes of each path after the prefix it shares with the one before, one
    /// tail after another.
    tails: ByteBuf,
    /// For each path: how many bytes it shares with the path before, how many follow.
    lengths: Vec<(u32, u32)>,
}

impl PathList {
    /// The list of `paths` (as raw bytes), in their order.
    pub fn of<'p>(paths: impl IntoIterator<Item = &'p [u8]>) -> PathList {
        let mut list = PathList::default();
        let mut before: &[u8] = &[];
        for path in paths {
            let shared = before.iter().zip(path).take_while(|(a, b)| a == b).count();
            list.tails.extend_from_slice(&path[shared..]);
            // Fits: no path of a walk is 4 GiB long.
            list.lengths
                .push((shared as u32, (path.len() - shared) as u32));
            before = path;
        }
        list
    }

    /// The paths, in order, when there is one for each of `values` (what a record
    /// stores beside them, in the same order); `None` when the list is damaged (a path
    /// that shares more than the one before holds, tails that run past the stored
    /// bytes, or another count of paths).
    pub fn paths_for<T>(&self, values: &[T]) -> Option<Vec<PathBuf>> {
        if self.lengths.len() != values.len() {
            return None;
        }
        self.paths()
    }

    /// The paths, in order; `None` when the list is damaged.
    fn paths(&self) -> Option<Vec<PathBuf>> {
        let mut out = Vec::with_capacity(self.lengths.len());
        let mut current: Vec<u8> = Vec::new();
        let mut at = 0usize;
        for &(shared, tail) in &self.lengths {
            let (shared, tail) = (shared as usize, tail as usize);
            if shared > current.len() {
                return None;
            }
            current.truncate(shared);
            current.extend_from_slice(self.tails.get(at..at.checked_add(tail)?)?);
            at += tail;
            out.push(PathBuf::from(OsString::from_vec(current.clone())));
        }
        (at == self.tails.len()).then_some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::ffi::OsStrExt;

    fn bytes(paths: &[PathBuf]) -> Vec<&[u8]> {
        paths.iter().map(|p| p.as_os_str().as_bytes()).collect()
    }

    #[test]
    fn paths_read_back_as_stored_sharing_their_prefixes() {
        let paths: Vec<PathBuf> = [
            "a/b/c/One.java",
            "a/b/c/Two.java",
            "a/b/d/Three.java",
            "a/b",
            "z",
            "",
            "z/\u{e9}\u{0}odd",
        ]
        .iter()
        .map(PathBuf::from)
        .chain([PathBuf::from(OsString::from_vec(b"a/\xff\xfe".to_vec()))])
        .collect();
        let list = PathList::of(bytes(&paths));
        assert_eq!(list.paths().as_deref(), Some(&paths[..]));
        // The second path stores only what follows `a/b/c/`.
        assert_eq!(list.lengths[1], (6, 8));
        assert_eq!(PathList::of(Vec::new()).paths(), Some(Vec::new()));
    }

    #[test]
    fn a_damaged_list_reads_back_as_none() {
        let paths = [PathBuf::from("a/b/One.java"), PathBuf::from("a/b/Two.java")];
        let good = PathList::of(bytes(&paths));
        // Sharing more than the path before holds.
        let mut list = PathList::of(bytes(&paths));
        list.lengths[0].0 = 3;
        assert_eq!(list.paths(), None);
        // A tail past the stored bytes, one that would overflow, bytes left over.
        let mut list = PathList::of(bytes(&paths));
        list.lengths[1].1 += 1;
        assert_eq!(list.paths(), None);
        let mut list = PathList::of(bytes(&paths));
        list.lengths[1].1 = u32::MAX;
        assert_eq!(list.paths(), None);
        let mut list = PathList::of(bytes(&paths));
        list.tails.push(b'x');
        assert_eq!(list.paths(), None);
        assert!(good.paths().is_some());
    }
}
