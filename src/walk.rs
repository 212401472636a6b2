//! The one walker every subcommand uses.
//!
//! A thin layer over `ignore::WalkBuilder` (ripgrep's walker): `.gitignore` (nested,
//! with negation, also outside git repositories), `.ignore`, git excludes, the default
//! exclusions of [`DEFAULT_EXCLUDED_DIRS`] / [`DEFAULT_EXCLUDED_FILES`], globs, language
//! types from the registry, hidden files, depth, size, symlinks (loop-safe) and
//! threads, all spelled as in ripgrep ([`WalkArgs`]).
//!
//! The built-in exclusions must never hide real code. Names that are always generated
//! or tool-private (`node_modules`, `__pycache__`, `.git`, `.svn`, `.hg`, `.idea`,
//! `.vscode`, `.xray`, `.codesearch`) are skipped by name. Names that are also ordinary
//! source packages (`env`, `venv`, `.venv`, `build`, `target`, `dist`, `vendor`) are
//! skipped only when the directory carries a reliable marker of generated content
//! ([`GENERATED_MARKERS`]):
//! - `CACHEDIR.TAG` (the Cache Directory Tagging standard; cargo writes it in `target`),
//! - `pyvenv.cfg` (every Python `venv` / `virtualenv`),
//! - `conda-meta/` (a conda environment),
//! - `.rustc_info.json` (cargo's `target`, also older cargo without `CACHEDIR.TAG`),
//! - `modules.txt` in `vendor` (Go's `go mod vendor`), `autoload.php` in `vendor`
//!   (Composer).
//!
//! Otherwise `.gitignore` rules decide, as for any directory. `--no-default-excludes`
//! lifts the built-in list only; `--no-ignore` lifts it and the ignore files.
//! [`Walker::excluded_dirs`] counts the directories the built-in list skipped.
//!
//! Symlinks met during a walk are followed only with `-L` (a link to a directory or a
//! file is otherwise skipped silently, as ripgrep does); a path named on the command
//! line is followed. Only regular files are handed to visitors: a FIFO, socket or
//! device in the tree (also behind a followed link) is skipped, and one named on the
//! command line is reported as "not a regular file".
//!
//! Work is split ripgrep-style into produce and consume: [`Walker::collect`] runs a
//! caller's `visit` on the walker's worker threads (each thread fills its own buffer)
//! and returns the results sorted by path, so output order never depends on thread
//! timing. Paths named on the command line are always visited, whatever the filters.

use std::cmp::Ordering;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering as AtomicOrdering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use ignore::overrides::{Override, OverrideBuilder};
use ignore::types::{Types, TypesBuilder};
use ignore::{DirEntry, WalkBuilder, WalkState};

use crate::cli::WalkArgs;
use crate::lang::{self, Language};
use crate::output::Reporter;

/// Directory names never walked unless `--no-ignore` or `--no-default-excludes`:
/// always generated or tool-private.
pub const DEFAULT_EXCLUDED_DIRS: &[&str] = &[
    "node_modules",
    "__pycache__",
    ".git",
    ".svn",
    ".hg",
    ".idea",
    ".vscode",
    ".xray",
    ".codesearch",
];

/// Directory names that are also ordinary package names: walked unless the directory
/// holds one of its [`GENERATED_MARKERS`].
pub const MARKED_EXCLUDED_DIRS: &[&str] =
    &["env", "venv", ".venv", "build", "target", "dist", "vendor"];

/// Marker entries that show a directory is generated, and the directory names each
/// one applies to (`None`: any name in [`MARKED_EXCLUDED_DIRS`]).
pub const GENERATED_MARKERS: &[(&str, Option<&[&str]>)] = &[
    ("CACHEDIR.TAG", None),
    ("pyvenv.cfg", None),
    ("conda-meta", None),
    (".rustc_info.json", Some(&["target"])),
    ("modules.txt", Some(&["vendor"])),
    ("autoload.php", Some(&["vendor"])),
];

/// File names and suffixes never walked unless `--no-ignore`.
pub const DEFAULT_EXCLUDED_FILES: &[&str] = &[".DS_Store", "Thumbs.db"];
/// File extensions never walked unless `--no-ignore`.
pub const DEFAULT_EXCLUDED_EXTENSIONS: &[&str] = &["pyc", "log"];

/// A walker configuration that cannot be built.
#[derive(Debug, thiserror::Error)]
pub enum WalkError {
    #[error("unknown file type '{name}'{}; see --type-list", suggest(.suggestions))]
    UnknownType {
        name: String,
        suggestions: Vec<&'static str>,
    },
    #[error("invalid glob '{glob}': {message}")]
    BadGlob { glob: String, message: String },
    #[error("cannot determine the current directory: {0}")]
    CurrentDir(std::io::Error),
}

fn suggest(names: &[&str]) -> String {
    if names.is_empty() {
        String::new()
    } else {
        format!(" (did you mean: {}?)", names.join(", "))
    }
}

/// One entry that survived the walker's filters.
#[derive(Debug)]
pub struct Entry<'a> {
    /// The path as printed: relative to the root as given, ripgrep style (no `./`
    /// prefix when no path was given on the command line).
    pub path: PathBuf,
    /// Which root (index into the paths given) this entry is under.
    pub root: usize,
    /// 0 for the root itself.
    pub depth: usize,
    pub is_dir: bool,
    /// Whether this path was named on the command line.
    pub explicit: bool,
    /// The language detected from the file name (None for directories and unknowns).
    pub language: Option<&'static Language>,
    /// The underlying entry, for metadata.
    pub dirent: &'a DirEntry,
}

/// One result of [`Walker::collect`], carrying the sort key.
#[derive(Debug)]
pub struct Visited<T> {
    pub root: usize,
    pub path: PathBuf,
    pub item: T,
}

/// The configured walker. Cheap to build; [`Walker::collect`] may run many times.
pub struct Walker {
    roots: Vec<PathBuf>,
    /// Whether the roots came from the command line (false: the default `.`).
    roots_given: bool,
    args: WalkArgs,
    types: Types,
    overrides: Override,
    /// Directories the built-in exclusions skipped; shared with the walker threads.
    excluded_dirs: Arc<AtomicUsize>,
    /// When walks stop (a run's `--timeout`), and whether one did.
    deadline: Option<Instant>,
    cut_short: AtomicBool,
}

impl Walker {
    /// Builds a walker over `paths` (the current directory when empty).
    pub fn new(paths: &[PathBuf], args: &WalkArgs) -> Result<Walker, WalkError> {
        let roots_given = !paths.is_empty();
        let roots = if roots_given {
            paths.to_vec()
        } else {
            vec![PathBuf::from("./")]
        };
        Ok(Walker {
            roots,
            roots_given,
            args: args.clone(),
            types: build_types(args)?,
            overrides: build_overrides(&args.globs)?,
            excluded_dirs: Arc::new(AtomicUsize::new(0)),
            deadline: None,
            cut_short: AtomicBool::new(false),
        })
    }

    /// Makes walks stop at `deadline`, leaving the rest of the tree unvisited.
    pub fn with_deadline(mut self, deadline: Option<Instant>) -> Walker {
        self.deadline = deadline;
        self
    }

    /// Whether a walk stopped at the deadline before the tree was done.
    pub fn cut_short(&self) -> bool {
        self.cut_short.load(AtomicOrdering::Relaxed)
    }

    /// The path to print for root `i`: as given, or `.` for the default root.
    pub fn root_display(&self, i: usize) -> &Path {
        if self.roots_given {
            &self.roots[i]
        } else {
            Path::new(".")
        }
    }

    /// The roots as walked (`./` for the default root).
    pub fn roots(&self) -> &[PathBuf] {
        &self.roots
    }

    /// Everything that decides what a walk yields (roots as given and every flag but
    /// the thread count), as text: two walkers with one fingerprint walk alike.
    pub fn fingerprint(&self) -> String {
        let mut args = self.args.clone();
        args.threads = 0;
        format!("{:?}|{}|{:?}", self.roots, self.roots_given, args)
    }

    /// Sets the excluded-directory count, for a walk replayed from a remembered one.
    pub fn set_excluded_dirs(&self, n: usize) {
        self.excluded_dirs.store(n, AtomicOrdering::Relaxed);
    }

    /// How many directories the built-in exclusions skipped in the last walk (read it
    /// after [`Walker::collect`]).
    pub fn excluded_dirs(&self) -> usize {
        self.excluded_dirs.load(AtomicOrdering::Relaxed)
    }

    /// Visits every surviving entry (directories included) on the walker's threads and
    /// returns what `visit` kept, sorted by root then path. Walk errors (a missing path,
    /// an unreadable directory, a symlink loop) are reported and the walk goes on.
    pub fn collect<T, F>(&self, report: &Reporter, visit: F) -> Vec<Visited<T>>
    where
        T: Send,
        F: Fn(&Entry<'_>) -> Option<T> + Sync,
    {
        let results: Mutex<Vec<Visited<T>>> = Mutex::new(Vec::new());
        // The count describes the tree, not how many times it was walked: a run that
        // walks twice (a search, then a parse) reports each excluded directory once.
        self.excluded_dirs.store(0, AtomicOrdering::Relaxed);
        for (root_index, root) in self.roots.iter().enumerate() {
            // Each root is walked on its own so that its entries know their root; a
            // missing root is reported like ripgrep does and the others still run.
            if let Err(e) = std::fs::symlink_metadata(root) {
                report.path_error(root, e);
                continue;
            }
            let walk = self.builder(root).build_parallel();
            walk.run(|| {
                let mut local = LocalBuffer {
                    items: Vec::new(),
                    sink: &results,
                };
                let visit = &visit;
                let strip_dot = !self.roots_given;
                Box::new(move |res| {
                    if self.deadline.is_some_and(|d| Instant::now() >= d) {
                        self.cut_short.store(true, AtomicOrdering::Relaxed);
                        return WalkState::Quit;
                    }
                    let dent = match res {
                        Ok(d) => d,
                        Err(err) => {
                            report_walk_error(report, err, strip_dot);
                            return WalkState::Continue;
                        }
                    };
                    let explicit = dent.depth() == 0;
                    let Some(is_dir) = classify(&dent, explicit, report, strip_dot) else {
                        return WalkState::Continue;
                    };
                    let path = if strip_dot {
                        strip_dot_prefix(dent.path())
                    } else {
                        dent.path().to_path_buf()
                    };
                    let entry = Entry {
                        language: if is_dir { None } else { lang::detect(&path) },
                        path,
                        root: root_index,
                        depth: dent.depth(),
                        is_dir,
                        explicit,
                        dirent: &dent,
                    };
                    if let Some(item) = visit(&entry) {
                        local.items.push(Visited {
                            root: root_index,
                            path: entry.path,
                            item,
                        });
                    }
                    WalkState::Continue
                })
            });
        }
        // Invariant: the walker threads have all finished (run() joined them), so the
        // mutex cannot be poisoned by a live holder; a panicking visitor would have
        // propagated already.
        let mut all = results.into_inner().unwrap_or_else(|p| p.into_inner());
        all.sort_by(|a, b| compare_entries(a.root, &a.path, b.root, &b.path));
        all
    }

    /// Collects the files (not directories) that survive the walker, sorted.
    pub fn files(&self, report: &Reporter) -> Vec<Visited<Option<&'static Language>>> {
        self.collect(report, |e| (!e.is_dir).then_some(e.language))
    }

    fn builder(&self, root: &Path) -> WalkBuilder {
        let a = &self.args;
        let mut b = WalkBuilder::new(root);
        b.standard_filters(!a.no_ignore)
            .hidden(!a.hidden)
            // .gitignore files apply outside git repositories too: a project's ignore
            // rules are honoured wherever it lives, as users of such tools expect.
            .require_git(false)
            .follow_links(a.follow)
            .max_depth(a.max_depth)
            .max_filesize(a.max_filesize)
            .threads(a.threads)
            .types(self.types.clone())
            .overrides(self.overrides.clone());
        if !a.no_ignore && !a.no_default_excludes {
            let count = Arc::clone(&self.excluded_dirs);
            b.filter_entry(move |d| {
                if !is_default_excluded(d) {
                    return true;
                }
                if d.file_type().is_some_and(|t| t.is_dir()) {
                    count.fetch_add(1, AtomicOrdering::Relaxed);
                }
                false
            });
        }
        b
    }
}

/// Each worker thread's results, moved into the shared list once when the thread ends,
/// so the threads do not contend on a lock per entry.
struct LocalBuffer<'s, T> {
    items: Vec<Visited<T>>,
    sink: &'s Mutex<Vec<Visited<T>>>,
}

impl<T> Drop for LocalBuffer<'_, T> {
    fn drop(&mut self) {
        let mut sink = self.sink.lock().unwrap_or_else(|p| p.into_inner());
        sink.append(&mut self.items);
    }
}

/// Decides what a walked entry is: `Some(true)` for a directory, `Some(false)` for a
/// regular file, `None` to skip it. Symlinks met during a walk without `-L` are
/// skipped silently (the walker only reports them as links then); FIFOs, sockets and
/// devices are skipped, and reported when named on the command line, so that nothing
/// but a regular file is ever opened.
fn classify(dent: &DirEntry, explicit: bool, report: &Reporter, strip_dot: bool) -> Option<bool> {
    if explicit {
        // A path named on the command line is followed whatever `-L` says.
        return match std::fs::metadata(dent.path()) {
            Ok(m) if m.is_dir() => Some(true),
            Ok(m) if m.is_file() => Some(false),
            Ok(_) => {
                let path = if strip_dot {
                    strip_dot_prefix(dent.path())
                } else {
                    dent.path().to_path_buf()
                };
                report.path_error(&path, "not a regular file");
                None
            }
            Err(e) => {
                report.path_error(dent.path(), e);
                None
            }
        };
    }
    // With `-L` the walker reports the target's type; without it a link stays a link.
    let ft = dent.file_type()?;
    if ft.is_dir() {
        Some(true)
    } else if ft.is_file() {
        Some(false)
    } else {
        None
    }
}

/// Whether an entry is one of the default exclusions.
pub fn is_default_excluded(d: &DirEntry) -> bool {
    let Some(name) = d.file_name().to_str() else {
        return false;
    };
    if d.file_type().is_some_and(|t| t.is_dir()) {
        DEFAULT_EXCLUDED_DIRS.contains(&name)
            || (MARKED_EXCLUDED_DIRS.contains(&name) && looks_generated(d.path(), name))
    } else {
        DEFAULT_EXCLUDED_FILES.contains(&name)
            || Path::new(name)
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| DEFAULT_EXCLUDED_EXTENSIONS.contains(&e))
    }
}

/// Whether directory `dir` (named `name`) holds a marker of generated content.
fn looks_generated(dir: &Path, name: &str) -> bool {
    GENERATED_MARKERS.iter().any(|(marker, names)| {
        names.is_none_or(|n| n.contains(&name)) && dir.join(marker).symlink_metadata().is_ok()
    })
}

/// Orders entries by root, then path component by component (so a directory's
/// contents follow it directly, whatever the threads did).
pub fn compare_entries(ra: usize, a: &Path, rb: usize, b: &Path) -> Ordering {
    ra.cmp(&rb).then_with(|| a.cmp(b))
}

/// `./src/a.rs` → `src/a.rs`, and the default root `./` → `.` (ripgrep prints paths
/// without the `./` it walked from when no path was given).
fn strip_dot_prefix(p: &Path) -> PathBuf {
    match p.strip_prefix("./") {
        Ok(rest) if rest.as_os_str().is_empty() => PathBuf::from("."),
        Ok(rest) => rest.to_path_buf(),
        _ => p.to_path_buf(),
    }
}

fn report_walk_error(report: &Reporter, err: ignore::Error, strip_dot: bool) {
    match flatten_error(err) {
        (Some(path), msg) if strip_dot => report.path_error(&strip_dot_prefix(&path), msg),
        (Some(path), msg) => report.path_error(&path, msg),
        (None, msg) => report.error(msg),
    }
}

/// Splits an `ignore` error into the path it concerns and a message without the path.
fn flatten_error(err: ignore::Error) -> (Option<PathBuf>, String) {
    match err {
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
            flatten_error(*err)
        }
        ignore::Error::WithPath { path, err } => (Some(path), flatten_error(*err).1),
        ignore::Error::Loop { ancestor, child } => (
            Some(child),
            format!(
                "symbolic link loop (points to its ancestor {}); skipped",
                strip_dot_prefix(&ancestor).display()
            ),
        ),
        ignore::Error::Partial(errs) => {
            let msgs: Vec<String> = errs.into_iter().map(|e| flatten_error(e).1).collect();
            (None, msgs.join("; "))
        }
        other => (None, other.to_string()),
    }
}

fn build_types(args: &WalkArgs) -> Result<Types, WalkError> {
    let mut tb = TypesBuilder::new();
    // Types are registered under canonical names only (aliases such as `c++` are not
    // valid `ignore` type names); `-t ALIAS` is resolved through the registry below.
    for lang in lang::LANGUAGES {
        for glob in lang.globs() {
            // Invariant: canonical names are plain words and globs are `*.ext` or file
            // names; the walker tests build this set.
            tb.add(lang.name, &glob).expect("registry globs are valid");
        }
    }
    for (names, negate) in [(&args.types, false), (&args.types_not, true)] {
        for name in names {
            let Some(lang) = lang::by_name(name) else {
                return Err(WalkError::UnknownType {
                    name: name.clone(),
                    suggestions: lang::closest_names(name, 3),
                });
            };
            if negate {
                tb.negate(lang.name);
            } else {
                tb.select(lang.name);
            }
        }
    }
    // Invariant: every name selected above was added.
    Ok(tb.build().expect("registry types build"))
}

fn build_overrides(globs: &[String]) -> Result<Override, WalkError> {
    if globs.is_empty() {
        return Ok(Override::empty());
    }
    let cwd = std::env::current_dir().map_err(WalkError::CurrentDir)?;
    let mut ob = OverrideBuilder::new(cwd);
    for g in globs {
        ob.add(g).map_err(|e| WalkError::BadGlob {
            glob: g.clone(),
            message: flatten_error(e).1,
        })?;
    }
    ob.build().map_err(|e| WalkError::BadGlob {
        glob: globs.join(" "),
        message: flatten_error(e).1,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_type_suggests_close_names() {
        let args = WalkArgs {
            types: vec!["pyhton".into()],
            ..WalkArgs::default()
        };
        let err = Walker::new(&[], &args)
            .err()
            .expect("unknown type is an error");
        let msg = err.to_string();
        assert!(msg.contains("unknown file type 'pyhton'"), "{msg}");
        assert!(msg.contains("python"), "{msg}");
    }

    #[test]
    fn bad_glob_is_an_error() {
        let args = WalkArgs {
            globs: vec!["a[".into()],
            ..WalkArgs::default()
        };
        assert!(matches!(
            Walker::new(&[], &args),
            Err(WalkError::BadGlob { .. })
        ));
    }

    #[test]
    fn aliases_select_the_same_language() {
        let args = WalkArgs {
            types: vec!["tf".into()],
            ..WalkArgs::default()
        };
        let w = Walker::new(&[], &args).expect("alias is known");
        assert!(w.types.matched("main.tf", false).is_whitelist());
        assert!(w.types.matched("x.py", false).is_ignore());
    }
}
