//! Finding a walked file by its path, with `.` and `..` folded, so that `./a/b.py` and
//! `a/b.py` are one file.
//!
//! Every question that reads facts by path looks files up here, and the lookup is
//! built for every question over every walked file (tens of thousands), so it holds no
//! copy of any path: a file is filed under a 64-bit hash of its folded path, and a hit
//! is checked against the file's own path. Two different paths with one hash (which
//! takes astronomically many files) are both kept by their folded bytes instead.

use std::borrow::Cow;
use std::hash::BuildHasher;
use std::os::unix::ffi::OsStringExt;
use std::path::Path;

use rustc_hash::{FxBuildHasher, FxHashMap};

use super::resolve::{normalize, plain_form};
use super::source::FileEntry;

/// Filed under a hash that two different paths share: see `clashes`.
const CLASHED: usize = usize::MAX;

/// The position of each walked file in its list, by folded path.
pub struct WalkedPaths {
    hash: fn(&[u8]) -> u64,
    by_hash: FxHashMap<u64, usize>,
    /// The files whose folded paths share a hash with another's, by those paths.
    clashes: FxHashMap<Vec<u8>, usize>,
}

impl WalkedPaths {
    /// The lookup for `files`; of two files with one folded path, the later wins.
    pub fn of(files: &[FileEntry]) -> WalkedPaths {
        WalkedPaths::hashed_by(files, |bytes| FxBuildHasher.hash_one(bytes))
    }

    fn hashed_by(files: &[FileEntry], hash: fn(&[u8]) -> u64) -> WalkedPaths {
        let mut paths = WalkedPaths {
            hash,
            by_hash: FxHashMap::with_capacity_and_hasher(files.len(), FxBuildHasher),
            clashes: FxHashMap::default(),
        };
        for (i, f) in files.iter().enumerate() {
            let path = folded(&f.path);
            let hash = hash(&path);
            match paths.by_hash.get(&hash).copied() {
                None => {
                    paths.by_hash.insert(hash, i);
                }
                Some(CLASHED) => {
                    paths.clashes.insert(path.into_owned(), i);
                }
                Some(j) if *folded(&files[j].path) == *path => {
                    paths.by_hash.insert(hash, i);
                }
                Some(j) => {
                    paths.clashes.insert(folded(&files[j].path).into_owned(), j);
                    paths.clashes.insert(path.into_owned(), i);
                    paths.by_hash.insert(hash, CLASHED);
                }
            }
        }
        paths
    }

    /// The position of `path` among `files` (the list this lookup was built for).
    pub fn get(&self, files: &[FileEntry], path: &Path) -> Option<usize> {
        let path = folded(path);
        match *self.by_hash.get(&(self.hash)(&path))? {
            CLASHED => self.clashes.get(&*path).copied(),
            i => (*folded(&files[i].path) == *path).then_some(i),
        }
    }
}

/// A path with `.` and `..` folded, as bytes: borrowed when it needs no folding.
fn folded(path: &Path) -> Cow<'_, [u8]> {
    match plain_form(path) {
        Some(bytes) => Cow::Borrowed(bytes),
        None => Cow::Owned(normalize(path).into_os_string().into_vec()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn entries(paths: &[&str]) -> Vec<FileEntry> {
        paths
            .iter()
            .map(|p| FileEntry {
                path: PathBuf::from(p),
                language: None,
            })
            .collect()
    }

    #[test]
    fn a_walked_file_is_found_by_any_spelling_of_its_path() {
        let files = entries(&["./a/b.py", "c.rs", "d/../e/f.go", "/abs/g.c"]);
        let paths = WalkedPaths::of(&files);
        finds(
            &paths,
            &files,
            &[
                ("a/b.py", Some(0)),
                ("./a/b.py", Some(0)),
                ("a/./b.py", Some(0)),
                ("./c.rs", Some(1)),
                ("e/f.go", Some(2)),
                ("x/../e/f.go", Some(2)),
                ("/abs/g.c", Some(3)),
                ("a/b.p", None),
                ("b.py", None),
                ("e/f.go/", Some(2)),
            ],
        );
    }

    fn finds(paths: &WalkedPaths, files: &[FileEntry], cases: &[(&str, Option<usize>)]) {
        for &(asked, want) in cases {
            assert_eq!(paths.get(files, Path::new(asked)), want, "{asked}");
        }
    }

    #[test]
    fn of_two_spellings_of_one_path_the_later_file_is_found() {
        let files = entries(&["a/b.py", "./a/b.py"]);
        assert_eq!(
            WalkedPaths::of(&files).get(&files, Path::new("a/b.py")),
            Some(1)
        );
    }

    #[test]
    fn paths_that_share_a_hash_are_told_apart_by_their_text() {
        // Real clashes of a 64-bit hash cannot be found by search in a test: a hash
        // that files `.py` paths under one value and others under another stands in.
        let files = entries(&["a.py", "./b.py", "c.rs", "x/../a.py", "d.py"]);
        let paths = WalkedPaths::hashed_by(&files, |b| u64::from(b.ends_with(b".py")));
        finds(
            &paths,
            &files,
            &[
                ("a.py", Some(3)),
                ("./a.py", Some(3)),
                ("b.py", Some(1)),
                ("d.py", Some(4)),
                ("c.rs", Some(2)),
                ("e.py", None),
                ("e.rs", None),
            ],
        );
        assert!(paths.clashes.len() == 3, "{:?}", paths.clashes.keys());
    }
}
