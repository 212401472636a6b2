//! Walking a root with the index's memory of its last walk: when no directory and no
//! ignore file the last walk depended on has changed, its files are taken as they are
//! (a `stat` per directory instead of reading every directory and matching every
//! entry against the ignore rules), with what the index settled for them when a run
//! over that walk listed it; otherwise the tree is walked and the walk remembered for
//! next time.

use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::source::FileEntry;
use crate::output::Reporter;
use crate::store::{now_ns, FileStat, Listing, PathList, Remembered, Store, Walk};
use crate::walk::Walker;

/// Directories whose contents never change what a walk yields (their own ignore file,
/// `.git/info/exclude`, is watched separately), and whose mtime changes with every
/// commit.
const VCS_DIRS: &[&str] = &[".git", ".hg", ".svn"];

/// The ignore files a directory may hold.
const IGNORE_FILES: &[&str] = &[".gitignore", ".ignore", ".git/info/exclude", ".git"];

/// The files of a walk, and what the index remembers of it.
pub struct WalkedFiles {
    pub files: Vec<FileEntry>,
    /// False when the files came from the index's memory of an unchanged walk.
    pub walked: bool,
    /// Where and as what the walk is remembered, when it is.
    pub remembered_as: Option<RememberedAs>,
    /// What the index settled for the walk's files, as a run over it last stored it,
    /// with the files whose stat it no longer vouches for.
    pub listing: Option<CheckedListing>,
}

/// A remembered walk's list of its files, checked against the files' stats now.
pub struct CheckedListing {
    pub listing: Listing,
    /// The positions in `listing` of the listed files whose stat is no longer the
    /// listed one, or that are listed without one: the index may no longer hold what
    /// it held for them.
    pub changed: Vec<usize>,
}

/// A walk as the index remembers it.
#[derive(Clone, Copy)]
pub struct RememberedAs {
    /// The key it is stored under (a hash of the walk's flags).
    pub key: [u8; 32],
    /// The digest of its stored bytes: another walk stored under the same key has
    /// another one.
    pub digest: [u8; 32],
}

/// The walked files, from memory when possible.
pub fn walk_files(store: &mut Store, walker: &Walker, report: &Reporter) -> WalkedFiles {
    let key = *blake3::hash(walker.fingerprint().as_bytes()).as_bytes();
    if let Ok(Some(Remembered {
        walk,
        digest,
        listing,
    })) = store.remembered_walk(&key)
    {
        // The files are read back and stat'ed while the directories are: on an
        // unchanged tree (the usual case) all of it is needed, and one pool shares the
        // stats of both (they are most of what such a question costs).
        let (valid, files) = rayon::join(
            || still_valid(&walk),
            || {
                let files = remembered_files(&walk.files, &walk.file_languages, &walk.languages)?;
                let listing =
                    listing
                        .filter(|l| lists_only(l, &files))
                        .map(|listing| CheckedListing {
                            changed: changed_since(&files, &listing),
                            listing,
                        });
                Some((files, listing))
            },
        );
        if valid {
            if let Some((files, listing)) = files {
                walker.set_excluded_dirs(walk.excluded_dirs);
                return WalkedFiles {
                    files,
                    walked: false,
                    remembered_as: Some(RememberedAs { key, digest }),
                    listing,
                };
            }
        }
    }
    let started = now_ns();
    let clean = !report.had_error();
    let entries = walker.collect(report, |e| {
        Some((
            e.is_dir,
            e.path.clone(),
            e.dirent.path().to_path_buf(),
            e.language,
        ))
    });
    let files: Vec<FileEntry> = entries
        .iter()
        .filter(|v| !v.item.0)
        .map(|v| FileEntry {
            path: v.item.1.clone(),
            language: v.item.3,
        })
        .collect();
    let mut remembered = None;
    if clean && !report.had_error() && !uses_custom_excludes() {
        let dirs: Vec<PathBuf> = entries
            .iter()
            .filter(|v| v.item.0)
            .map(|v| v.item.2.clone())
            .collect();
        let watched = watched(walker, &dirs);
        // Best effort: a walk that cannot be remembered is simply walked again.
        if watched
            .iter()
            .all(|(_, st)| st.is_none_or(|s| !s.racy(started)))
        {
            let (languages, of_file) = languages_of(&files);
            let walk = Walk {
                started_ns: started,
                languages,
                watched: PathList::of(watched.iter().map(|(p, _)| p.as_os_str().as_bytes())),
                watched_stats: watched.iter().map(|(_, st)| *st).collect(),
                files: PathList::of(files.iter().map(|f| f.path.as_os_str().as_bytes())),
                file_languages: of_file,
                excluded_dirs: walker.excluded_dirs(),
            };
            remembered = store
                .remember_walk(&key, &walk)
                .ok()
                .map(|digest| RememberedAs { key, digest });
        }
    }
    WalkedFiles {
        files,
        walked: true,
        remembered_as: remembered,
        listing: None,
    }
}

/// The languages of `files`, each named once, and the position among them of each
/// file's language.
fn languages_of(files: &[FileEntry]) -> (Vec<String>, Vec<Option<u16>>) {
    let mut names: Vec<String> = Vec::new();
    let of_file = files
        .iter()
        .map(|f| {
            let name = f.language?.name;
            let at = match names.iter().position(|n| n == name) {
                Some(at) => at,
                None => {
                    names.push(name.to_string());
                    names.len() - 1
                }
            };
            // Fits: the registry has a few dozen languages.
            u16::try_from(at).ok()
        })
        .collect();
    (names, of_file)
}

/// The files of a remembered walk; `None` when it names a language it does not list,
/// or its paths and languages do not pair up (a damaged record: walked again).
fn remembered_files(
    files: &PathList,
    of_file: &[Option<u16>],
    languages: &[String],
) -> Option<Vec<FileEntry>> {
    let languages: Vec<Option<&'static crate::lang::Language>> =
        languages.iter().map(|n| crate::lang::by_name(n)).collect();
    files
        .paths_for(of_file)?
        .into_iter()
        .zip(of_file)
        .map(|(path, lang)| {
            Some(FileEntry {
                path,
                language: match lang {
                    Some(at) => *languages.get(usize::from(*at))?,
                    None => None,
                },
            })
        })
        .collect()
}

/// Whether every file `listing` names is one of `files` the index can hold: a list
/// naming any other position was not made for this walk, whatever it says (it could
/// only come from a damaged record).
fn lists_only(listing: &Listing, files: &[FileEntry]) -> bool {
    listing
        .files
        .iter()
        .all(|(i, ..)| files.get(*i as usize).is_some_and(|f| f.language.is_some()))
}

/// The positions in `listing` of the listed files whose stat is no longer the listed
/// one, or that are listed without one. The stats are taken in parallel: they are
/// most of what a question on an unchanged tree costs.
pub(super) fn changed_since(files: &[FileEntry], listing: &Listing) -> Vec<usize> {
    listing
        .files
        .par_iter()
        .enumerate()
        .filter(|(_, (i, stat, _))| {
            stat.is_none() || FileStat::of(&files[*i as usize].path) != *stat
        })
        .map(|(k, _)| k)
        .collect()
}

/// Whether nothing a walk depended on changed; a damaged record never is.
fn still_valid(walk: &Walk) -> bool {
    let Some(paths) = walk.watched.paths_for(&walk.watched_stats) else {
        return false;
    };
    paths
        .par_iter()
        .zip(&walk.watched_stats)
        .all(|(path, st)| FileStat::any(path) == *st)
}

/// Everything a walk's result depends on: the directories it visited, the
/// directories it skipped (whose contents decide built-in exclusions), and every
/// ignore file that can apply, in those directories, above the roots and user-wide
/// (present or not).
fn watched(walker: &Walker, dirs: &[PathBuf]) -> Vec<(PathBuf, Option<FileStat>)> {
    let visited: std::collections::HashSet<&Path> = dirs.iter().map(PathBuf::as_path).collect();
    let mut out: Vec<(PathBuf, Option<FileStat>)> = dirs
        .par_iter()
        .flat_map_iter(|d| {
            let mut here: Vec<(PathBuf, Option<FileStat>)> = vec![(d.clone(), FileStat::any(d))];
            for name in IGNORE_FILES {
                let p = d.join(name);
                if let Some(st) = FileStat::any(&p) {
                    here.push((p, Some(st)));
                }
            }
            for e in std::fs::read_dir(d).into_iter().flatten().flatten() {
                let p = e.path();
                let skipped = e.file_type().is_ok_and(|t| t.is_dir())
                    && !visited.contains(p.as_path())
                    && !VCS_DIRS.iter().any(|v| e.file_name() == *v);
                if skipped {
                    let st = FileStat::any(&p);
                    here.push((p, st));
                }
            }
            here
        })
        .collect();
    for root in walker.roots() {
        let Ok(canonical) = root.canonicalize() else {
            continue;
        };
        // Only their ignore files matter (present or not); their own mtimes change
        // with every sibling created beside the root.
        for a in canonical.ancestors().skip(1) {
            for name in IGNORE_FILES {
                let p = a.join(name);
                let st = FileStat::any(&p);
                out.push((p, st));
            }
        }
    }
    for p in global_git_files() {
        let st = FileStat::any(&p);
        out.push((p, st));
    }
    out
}

/// The user-wide git files that can add ignore rules.
fn global_git_files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let config = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .or_else(|| home.as_ref().map(|h| h.join(".config")));
    if let Some(h) = &home {
        out.push(h.join(".gitconfig"));
    }
    if let Some(c) = config {
        out.push(c.join("git/config"));
        out.push(c.join("git/ignore"));
    }
    out
}

/// A global excludes file named in git's configuration can live anywhere; such setups
/// are walked every time rather than watched.
fn uses_custom_excludes() -> bool {
    global_git_files().iter().any(|p| {
        std::fs::read(p)
            .map(|b| {
                String::from_utf8_lossy(&b)
                    .to_lowercase()
                    .contains("excludesfile")
            })
            .unwrap_or(false)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_remembered_walk_gives_back_each_file_with_its_language() {
        let lang = |n: &str| crate::lang::by_name(n);
        let files: Vec<FileEntry> = [
            ("a.py", lang("python")),
            ("README", None),
            ("b.rs", lang("rust")),
            ("c.py", lang("python")),
        ]
        .into_iter()
        .map(|(p, language)| FileEntry {
            path: PathBuf::from(p),
            language,
        })
        .collect();
        let (languages, of_file) = languages_of(&files);
        assert_eq!(languages, ["python", "rust"]);
        assert_eq!(of_file, [Some(0), None, Some(1), Some(0)]);
        let paths = PathList::of(files.iter().map(|f| f.path.as_os_str().as_bytes()));
        let back = remembered_files(&paths, &of_file, &languages).expect("readable");
        let summary = |fs: &[FileEntry]| -> Vec<(PathBuf, Option<&str>)> {
            fs.iter()
                .map(|f| (f.path.clone(), f.language.map(|l| l.name)))
                .collect()
        };
        assert_eq!(summary(&back), summary(&files));
        // A language position the walk does not list: damaged, walked again.
        assert!(remembered_files(&paths, &[Some(0), None, Some(2), None], &languages).is_none());
        // As many languages as paths, or walked again.
        assert!(remembered_files(&paths, &of_file[..3], &languages).is_none());
    }
}
