//! Where the index of a search root lives.
//!
//! One database per root: `DIR/NAME-HASH.sqlite` in `--index-dir DIR` or
//! `CODESEARCH_INDEX_DIR` when given; else `ROOT/.codesearch/index.sqlite` when that
//! directory exists (shared volumes, containers, CI caches); else
//! `codesearch/NAME-HASH.sqlite` under `$XDG_CACHE_HOME` or `~/.cache`. NAME is the root's last component (for
//! people looking at the folder) and HASH a hash of its canonical path (so that two
//! roots never share a database).

use std::path::{Path, PathBuf};

/// The environment variable that overrides where indexes are kept.
const INDEX_DIR_ENV: &str = "CODESEARCH_INDEX_DIR";

/// The database file for `root` (canonical), given an explicit directory if any.
pub fn database_for(root: &Path, index_dir: Option<&Path>) -> Option<PathBuf> {
    let explicit = index_dir.map(Path::to_path_buf).or_else(|| {
        std::env::var_os(INDEX_DIR_ENV)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    });
    if let Some(dir) = explicit {
        return Some(dir.join(file_name(root)));
    }
    let in_tree = root.join(".codesearch");
    if in_tree.is_dir() {
        return Some(in_tree.join("index.sqlite"));
    }
    Some(cache_home()?.join("codesearch").join(file_name(root)))
}

fn cache_home() -> Option<PathBuf> {
    if let Some(x) = std::env::var_os("XDG_CACHE_HOME").filter(|v| !v.is_empty()) {
        let p = PathBuf::from(x);
        // The XDG rules ignore relative paths.
        if p.is_absolute() {
            return Some(p);
        }
    }
    let home = std::env::var_os("HOME").filter(|v| !v.is_empty())?;
    Some(PathBuf::from(home).join(".cache"))
}

fn file_name(root: &Path) -> String {
    let name: String = root
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "root".into())
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .take(40)
        .collect();
    let hash = blake3::hash(root.as_os_str().as_encoded_bytes());
    format!("{name}-{}.sqlite", &hash.to_hex()[..16])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roots_with_one_name_get_different_files() {
        let a = file_name(Path::new("/x/app"));
        let b = file_name(Path::new("/y/app"));
        assert!(a.starts_with("app-") && b.starts_with("app-"), "{a} {b}");
        assert_ne!(a, b);
    }

    #[test]
    fn an_explicit_directory_wins_over_the_cache() {
        let tmp = tempfile::tempdir().expect("temp dir");
        let db = database_for(Path::new("/nowhere/repo"), Some(tmp.path())).expect("a place");
        assert_eq!(db.parent(), Some(tmp.path()));
    }

    #[test]
    fn a_codesearch_directory_in_the_root_is_used() {
        let tmp = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir(tmp.path().join(".codesearch")).expect("mkdir");
        if std::env::var_os(INDEX_DIR_ENV).is_none() {
            let db = database_for(tmp.path(), None).expect("a place");
            assert_eq!(db, tmp.path().join(".codesearch/index.sqlite"));
        }
    }
}
