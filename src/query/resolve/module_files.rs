//! Module names as files: Python dotted and relative modules, JavaScript and TypeScript
//! specifiers, Go import paths and C includes, each mapped to walked files (or to
//! nothing, never a guess); and paths folded without touching the file system.

use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use super::imports::ModuleTarget;
use super::includes::is_standard_header;
use super::python_stdlib::is_stdlib_module;
use super::{GoModule, Resolver};
use crate::facts::{FileFacts, Import};
use crate::query::source::FileEntry;

pub(super) fn file_path(f: &FileFacts) -> PathBuf {
    normalize(&f.path)
}

pub(super) fn file_dir(f: &FileFacts) -> PathBuf {
    file_path(f)
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

/// Whether `path` is in a test source tree (`src/test/..`, `tests/..`), whose
/// definitions the code outside it does not see.
pub(super) fn is_test_source(path: &Path) -> bool {
    path.components()
        .any(|c| matches!(c.as_os_str().to_str(), Some("test" | "tests")))
}

/// A path with `.` and `..` folded (no file system access).
pub fn normalize(p: &Path) -> PathBuf {
    // Most paths are normal already (walked paths are): checking the bytes is much
    // cheaper than rebuilding the path component by component.
    if let Some(plain) = plain_form(p) {
        return PathBuf::from(std::ffi::OsStr::from_bytes(plain));
    }
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// The bytes of `p` when folding it only drops a leading `./` (walked paths begin with
/// one when the walk starts at `.`): no `.` or `..` component, no empty one, no
/// trailing `/`. `None` when it needs the full fold.
pub fn plain_form(p: &Path) -> Option<&[u8]> {
    let mut bytes = p.as_os_str().as_bytes();
    while let Some(rest) = bytes.strip_prefix(b"./") {
        bytes = rest;
    }
    let plain = !bytes.is_empty()
        && !bytes.ends_with(b"/")
        && bytes
            .split(|&b| b == b'/')
            .enumerate()
            .all(|(i, c)| (i == 0 || !c.is_empty()) && c != b"." && c != b"..");
    plain.then_some(bytes)
}

/// The directories of the walked files, indexed for the questions resolution asks of
/// them for every use: which directory ends with a path, which names a component has.
pub(super) struct DirIndex {
    /// Every directory of a walked file and every ancestor of one.
    dirs: Vec<String>,
    /// For each last component, where the directories that end with it are in `dirs`,
    /// in path order: a directory ends with a path only if it ends with that path's
    /// last component, so these are the only candidates for [`Self::with_tail`] (and
    /// only they need an order, not all the directories).
    by_last: FxHashMap<String, Vec<u32>>,
}

impl DirIndex {
    pub(super) fn of(files: &[FileEntry]) -> DirIndex {
        // Built for every question that resolves imports, over every walked file: a
        // relative path with no `.` or `..` in it (nearly every one) has its
        // directories found and compared as slices of its bytes, and only the distinct
        // ones become strings; the files of one directory come one after another, and
        // a directory already seen has its ancestors seen too.
        let mut plain: FxHashSet<&[u8]> = FxHashSet::default();
        let mut other: FxHashSet<String> = FxHashSet::default();
        let mut last: Option<&[u8]> = None;
        for f in files {
            let bytes = f.path.as_os_str().as_bytes();
            let spelled = bytes.iter().rposition(|&b| b == b'/').map(|i| &bytes[..i]);
            if spelled.is_some() && spelled == last {
                continue;
            }
            last = spelled;
            match plain_form(&f.path).filter(|b| !b.starts_with(b"/")) {
                Some(rel) => {
                    // `a/b/c.rs`: `a/b`, `a`, then `` (the walk's own directory).
                    let mut end = rel.len();
                    loop {
                        end = rel[..end].iter().rposition(|&b| b == b'/').unwrap_or(0);
                        if !plain.insert(&rel[..end]) || end == 0 {
                            break;
                        }
                    }
                }
                None => {
                    let normal = normalize(&f.path);
                    let mut p = normal.parent();
                    while let Some(d) = p {
                        let d_slash = slash(d);
                        if other.contains(d_slash.as_ref()) {
                            break;
                        }
                        other.insert(d_slash.into_owned());
                        p = d.parent();
                    }
                }
            }
        }
        // Two spellings can be one string once made text (bytes that are not UTF-8):
        // kept twice, they are still found in the same order.
        let other: Vec<String> = other
            .into_iter()
            .filter(|d| !plain.contains(d.as_bytes()))
            .collect();
        let dirs: Vec<String> = plain
            .into_iter()
            .map(|d| slash(Path::new(std::ffi::OsStr::from_bytes(d))).into_owned())
            .chain(other)
            .collect();
        let mut by_last: FxHashMap<String, Vec<u32>> = FxHashMap::default();
        for (i, d) in dirs.iter().enumerate() {
            let last = last_component(d);
            match by_last.get_mut(last) {
                Some(at) => at.push(i as u32),
                None => {
                    by_last.insert(last.to_string(), vec![i as u32]);
                }
            }
        }
        for at in by_last.values_mut() {
            at.sort_unstable_by(|&a, &b| dirs[a as usize].cmp(&dirs[b as usize]));
        }
        DirIndex { dirs, by_last }
    }

    /// The first directory in path order that is `tail` or ends with `/tail`.
    pub(super) fn with_tail(&self, tail: &str) -> Option<&str> {
        self.by_last
            .get(last_component(tail))?
            .iter()
            .map(|&i| self.dirs[i as usize].as_str())
            .find(|d| {
                d.strip_suffix(tail)
                    .is_some_and(|head| head.is_empty() || head.ends_with('/'))
            })
    }

    /// Whether some directory has a component `name`, which is the same as whether
    /// some directory's last component is `name`: every ancestor of a directory is
    /// one of the directories too, and each component of a directory is the last
    /// component of one of them.
    pub(super) fn has_component(&self, name: &str) -> bool {
        self.by_last.contains_key(name)
    }
}

/// What follows the last `/` of a directory spelled with `/` (all of it when none).
fn last_component(dir: &str) -> &str {
    dir.rsplit('/').next().unwrap_or(dir)
}

/// What [`Resolver::importable_as_top_level`] finds.
enum Importable {
    Files(Vec<PathBuf>),
    /// A module beside the importer inside a package: what the import finds depends
    /// on whether the importer runs as a script.
    BesideImporter,
}

fn slash(p: &Path) -> std::borrow::Cow<'_, str> {
    match p.to_string_lossy() {
        std::borrow::Cow::Borrowed(s) if !s.contains('\\') => std::borrow::Cow::Borrowed(s),
        other => std::borrow::Cow::Owned(other.replace('\\', "/")),
    }
}

impl<'s> Resolver<'s> {
    fn files_ending_with(&self, suffixes: &[PathBuf]) -> Vec<PathBuf> {
        let by_name = self.by_file_name.get_or_init(|| {
            let mut m: FxHashMap<std::ffi::OsString, Vec<PathBuf>> = FxHashMap::default();
            for f in self.file_set() {
                if let Some(n) = f.file_name() {
                    m.entry(n.to_os_string()).or_default().push(f.clone());
                }
            }
            m
        });
        let mut out: Vec<PathBuf> = suffixes
            .iter()
            .filter_map(|s| Some((s, by_name.get(s.file_name()?)?)))
            .flat_map(|(s, files)| files.iter().filter(move |f| f.ends_with(s)))
            .cloned()
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// Where Python module `module` imported by `importer` lives; `in_package` when the
    /// importer is known to run as a module of its package (see
    /// [`Resolver::importable_as_top_level`]).
    pub(super) fn python_module(
        &self,
        importer: &Path,
        module: &str,
        in_package: bool,
    ) -> ModuleTarget {
        let dots = module.chars().take_while(|&c| c == '.').count();
        let rest = &module[dots..];
        let rel: PathBuf = rest.split('.').filter(|s| !s.is_empty()).collect();
        let files: Vec<PathBuf> = if dots > 0 {
            let mut base = importer.parent().map(Path::to_path_buf).unwrap_or_default();
            for _ in 1..dots {
                base.pop();
            }
            let dir = normalize(&base.join(&rel));
            let key = (dir.clone(), String::new());
            self.cached_module(key, || {
                let mut v = Vec::new();
                let as_file = dir.with_extension("py");
                if !rest.is_empty() && self.file_set().contains(&as_file) {
                    v.push(as_file);
                }
                let init = dir.join("__init__.py");
                if self.file_set().contains(&init) {
                    v.push(init);
                }
                v
            })
            .to_vec()
        } else {
            let key = (PathBuf::new(), module.to_string());
            let found = self.cached_module(key, || {
                let mut as_file = rel.clone();
                as_file.set_extension("py");
                self.files_ending_with(&[as_file, rel.join("__init__.py")])
            });
            match self.importable_as_top_level(importer, &rel, &found, in_package) {
                Importable::Files(files) => files,
                Importable::BesideImporter => return ModuleTarget::Unknown,
            }
        };
        if !files.is_empty() {
            return ModuleTarget::Files(files);
        }
        let first = rest.split('.').next().unwrap_or(rest);
        // A directory of the tree named so may be a namespace package, imported by
        // that name: unknown. Not one named like a standard module (`locale/os/`, a
        // translation's): Python takes a namespace package only where no search
        // directory holds a module or a package of the name, and the standard
        // library's does.
        if dots > 0 || (self.dirs().has_component(first) && !is_stdlib_module(first)) {
            ModuleTarget::Unknown
        } else {
            ModuleTarget::External(first.to_string())
        }
    }

    /// Of the files whose paths end with an absolute module's path (`rel`), those the
    /// module can be: a file is `json` or `a.b` only if the directory above the module
    /// path is on Python's search path, and a directory holding `__init__.py` is a
    /// package, imported by its own name, not searched. `app/util/json.py` under a
    /// package `app/util/` is `app.util.json`; `import json` there is the standard
    /// library's. The one exception is a module beside the importer in such a package:
    /// a script run directly finds its neighbours first, so that case is left unknown,
    /// except for the importer itself when named like a standard module
    /// (`serializers/json.py` importing `json` means the standard library's: run as a
    /// script, it would import itself), and except a standard module's name imported
    /// `in_package`, by a module that imports relatively elsewhere and so never runs as
    /// a script (Flask's `ctx.py` importing `typing` beside `flask/typing.py`). A module
    /// named like one of the standard
    /// library's (`scripts/json.py`) is that module only for code of its own search
    /// directory: elsewhere the standard library's comes first on the path.
    fn importable_as_top_level(
        &self,
        importer: &Path,
        rel: &Path,
        found: &[PathBuf],
        in_package: bool,
    ) -> Importable {
        let depth = rel.components().count();
        let init = rel.join("__init__.py");
        let stdlib_name = rel
            .components()
            .next()
            .and_then(|c| c.as_os_str().to_str())
            .is_some_and(is_stdlib_module);
        // Asked only of a candidate named like a standard module, once.
        let mut importer_root = None;
        let mut beside_importer = false;
        let mut files = Vec::with_capacity(found.len());
        for f in found {
            let up = if f.ends_with(&init) { depth + 1 } else { depth };
            let search_dir = f.ancestors().nth(up).unwrap_or(Path::new(""));
            if self.file_set().contains(&search_dir.join("__init__.py")) {
                beside_importer |= importer.parent() == Some(search_dir)
                    && !(stdlib_name && f.as_path() == importer);
            } else if !stdlib_name
                || search_dir
                    == *importer_root.get_or_insert_with(|| self.python_search_dir(importer))
            {
                files.push(f.clone());
            }
        }
        if beside_importer && !(in_package && stdlib_name) {
            Importable::BesideImporter
        } else {
            Importable::Files(files)
        }
    }

    /// The directory Python searches for `file`'s top-level package: the first of its
    /// ancestors that is no package (holds no `__init__.py`).
    fn python_search_dir<'p>(&self, file: &'p Path) -> &'p Path {
        file.ancestors()
            .skip(1)
            .find(|dir| !self.file_set().contains(&dir.join("__init__.py")))
            .unwrap_or(Path::new(""))
    }

    pub(super) fn js_module(&self, importer: &Path, module: &str) -> ModuleTarget {
        if !(module.starts_with("./")
            || module.starts_with("../")
            || module == "."
            || module == "..")
        {
            let spec = module.strip_prefix("node:").unwrap_or(module);
            let found = self.js_workspace().lookup(importer, spec);
            if let Some(files) = found.paths.into_iter().find_map(|p| self.js_files(p)) {
                return ModuleTarget::Files(files);
            }
            if found.ours
                || module.starts_with("@/")
                || module.starts_with("~/")
                || module.starts_with('#')
            {
                return ModuleTarget::Unknown;
            }
            let pkg = if spec.starts_with('@') {
                spec.splitn(3, '/').take(2).collect::<Vec<_>>().join("/")
            } else {
                spec.split('/').next().unwrap_or(spec).to_string()
            };
            return ModuleTarget::External(pkg);
        }
        let base = importer.parent().map(Path::to_path_buf).unwrap_or_default();
        match self.js_files(normalize(&base.join(module))) {
            Some(files) => ModuleTarget::Files(files),
            None => ModuleTarget::Unknown,
        }
    }

    /// The file a JavaScript or TypeScript import of `target` (a path without
    /// `.`/`..`) loads: the file itself, the file with one of the extensions the
    /// bundlers try, or the directory's `index` file.
    fn js_files(&self, target: PathBuf) -> Option<Vec<PathBuf>> {
        let files = self.cached_module((target.clone(), String::new()), || {
            const EXTS: &[&str] = &[
                "ts", "tsx", "js", "jsx", "mjs", "cjs", "mts", "cts", "vue", "d.ts",
            ];
            if self.file_set().contains(&target) {
                return vec![target.clone()];
            }
            let stem = target.to_string_lossy().into_owned();
            // `./x.js` written for a `./x.ts` source (TypeScript's ESM style).
            let stem = ["js", "mjs", "cjs", "jsx"]
                .iter()
                .find_map(|e| stem.strip_suffix(&format!(".{e}")))
                .unwrap_or(&stem)
                .to_string();
            for e in EXTS {
                let p = PathBuf::from(format!("{stem}.{e}"));
                if self.file_set().contains(&p) {
                    return vec![p];
                }
            }
            for e in EXTS {
                let p = target.join(format!("index.{e}"));
                if self.file_set().contains(&p) {
                    return vec![p];
                }
            }
            Vec::new()
        });
        (!files.is_empty()).then(|| files.to_vec())
    }

    /// The Go module a file belongs to: the directory of the nearest `go.mod` of the
    /// walked tree above it and the module path it declares.
    fn go_module_of(&self, file: &Path) -> Option<GoModule> {
        let start = normalize(file.parent()?);
        self.go_modules.get_or_compute(start.clone(), || {
            self.tree_go_modules()
                .iter()
                .filter(|(root, _)| start.starts_with(root))
                .max_by_key(|(root, _)| root.components().count())
                .cloned()
        })
    }

    /// Every Go module of the walked tree, read on first use.
    fn tree_go_modules(&self) -> &[GoModule] {
        self.tree_go_modules.get_or_init(|| {
            let mut found: Vec<GoModule> = self
                .file_set()
                .iter()
                .filter(|f| f.file_name().is_some_and(|n| n == "go.mod"))
                .filter_map(|f| read_go_module(f.parent()?, f))
                .collect();
            found.sort();
            found
        })
    }

    pub(super) fn go_package(&self, importer: &Path, import_path: &str) -> ModuleTarget {
        let mut dir = None;
        if let Some((root, module)) = self.go_module_of(importer) {
            // Within a module, a path names a package of that module, of another
            // module of the tree (which a workspace or a `replace` joins to it), or of
            // its `vendor/` directory; any other comes from the module cache, outside
            // the tree, however much of its path a directory here happens to end with.
            dir = package_dir(&root, &module, import_path)
                .or_else(|| {
                    self.tree_go_modules()
                        .iter()
                        .filter_map(|(d, m)| Some((m.len(), package_dir(d, m, import_path)?)))
                        .max_by_key(|(len, _)| *len)
                        .map(|(_, dir)| dir)
                })
                .or_else(|| {
                    let vendored = normalize(&root.join("vendor").join(import_path));
                    self.has_go_files(&vendored).then_some(vendored)
                });
            if dir.is_none() {
                return ModuleTarget::External(import_path.to_string());
            }
        }
        if dir.is_none() {
            // The standard library's paths have no dot in their first element.
            if !import_path
                .split('/')
                .next()
                .is_some_and(|f| f.contains('.'))
            {
                return ModuleTarget::External(import_path.to_string());
            }
            // No go.mod that covers it: the longest tail of the path that is a
            // directory of the tree (a module vendored or checked out beside this one).
            let parts: Vec<&str> = import_path.split('/').collect();
            dir = (1..parts.len()).rev().find_map(|k| {
                let tail = parts[parts.len() - k..].join("/");
                self.dirs().with_tail(&tail).map(PathBuf::from)
            });
        }
        let Some(dir) = dir else {
            return ModuleTarget::External(import_path.to_string());
        };
        let files = self.go_files_in(&dir);
        if files.is_empty() {
            ModuleTarget::Unknown
        } else {
            ModuleTarget::Files(files.to_vec())
        }
    }

    /// The Go files of the walked tree directly in `dir`, sorted.
    fn go_files_in(&self, dir: &Path) -> Arc<Vec<PathBuf>> {
        self.cached_module((dir.to_path_buf(), "go".into()), || {
            let mut v: Vec<PathBuf> = self
                .file_set()
                .iter()
                .filter(|f| f.parent() == Some(dir) && f.extension().is_some_and(|e| e == "go"))
                .cloned()
                .collect();
            v.sort();
            v
        })
    }

    fn has_go_files(&self, dir: &Path) -> bool {
        !self.go_files_in(dir).is_empty()
    }

    pub(super) fn include_target(&self, importer: &Path, imp: &Import) -> ModuleTarget {
        let rel = PathBuf::from(&imp.module);
        if is_standard_header(imp) {
            // The tree's own copy only where it is the tree's include directory's
            // (a C library's `include/stdio.h`), not a vendored library's stand-in.
            let own: Vec<PathBuf> = [rel.clone(), Path::new("include").join(&rel)]
                .into_iter()
                .filter(|p| self.file_set().contains(p))
                .collect();
            return if own.is_empty() {
                ModuleTarget::External(imp.module.clone())
            } else {
                ModuleTarget::Files(own)
            };
        }
        let local = normalize(&importer.parent().unwrap_or(Path::new("")).join(&rel));
        if self.file_set().contains(&local) {
            return ModuleTarget::Files(vec![local]);
        }
        let found = self.cached_module((PathBuf::new(), imp.module.clone()), || {
            self.files_ending_with(std::slice::from_ref(&rel))
        });
        if found.is_empty() {
            ModuleTarget::External(imp.module.clone())
        } else {
            ModuleTarget::Files(found.to_vec())
        }
    }
}

/// The module a `go.mod` declares, with the directory it covers.
fn read_go_module(dir: &Path, go_mod: &Path) -> Option<GoModule> {
    let text = std::fs::read_to_string(go_mod).ok()?;
    let module = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("module "))?;
    Some((normalize(dir), module.trim().trim_matches('"').to_string()))
}

/// The directory of package `import_path` when it belongs to `module`, rooted at
/// `root`.
fn package_dir(root: &Path, module: &str, import_path: &str) -> Option<PathBuf> {
    let rest = if import_path == module {
        ""
    } else {
        import_path.strip_prefix(module)?.strip_prefix('/')?
    };
    Some(normalize(&root.join(rest)))
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    #[test]
    fn normalize_folds_dots_and_keeps_plain_paths() {
        for (given, want) in [
            ("a/b.py", "a/b.py"),
            ("/abs/x.go", "/abs/x.go"),
            ("./a/b", "a/b"),
            ("././a/b", "a/b"),
            ("./a/./b", "a/b"),
            ("./", ""),
            ("a/./b", "a/b"),
            ("a/../b", "b"),
            ("../x", "../x"),
            ("a//b", "a/b"),
            ("a/b/", "a/b"),
            (".", ""),
            ("a/.hidden/b", "a/.hidden/b"),
        ] {
            assert_eq!(
                super::normalize(Path::new(given)),
                PathBuf::from(want),
                "{given}"
            );
        }
    }

    /// The directories a tail names, by the definition: the first in path order that
    /// is the tail or ends with `/` and the tail, over every directory and ancestor.
    fn first_with_tail(dirs: &[String], tail: &str) -> Option<String> {
        dirs.iter()
            .find(|d| *d == tail || d.ends_with(&format!("/{tail}")))
            .cloned()
    }

    #[test]
    fn a_directory_tail_names_the_first_directory_in_path_order_that_ends_with_it() {
        use crate::query::source::FileEntry;
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files: Vec<FileEntry> = ["src", "tests", "benches"]
            .iter()
            .flat_map(|top| walkdir(&root.join(top)))
            .map(|p| FileEntry {
                path: p.strip_prefix(root).unwrap().to_path_buf(),
                language: None,
            })
            .collect();
        // `asrc/query` ends with `src/query` but not at a component boundary.
        for odd in [
            "top.rs",
            "./dot/x.rs",
            "/abs/deep/y.rs",
            "a/../src/z.rs",
            "asrc/query/w.rs",
        ] {
            files.push(FileEntry {
                path: PathBuf::from(odd),
                language: None,
            });
        }
        let index = super::DirIndex::of(&files);
        let mut dirs: Vec<String> = Vec::new();
        for f in &files {
            let mut p = super::normalize(&f.path).parent().map(Path::to_path_buf);
            while let Some(d) = p {
                dirs.push(d.to_string_lossy().into_owned());
                p = d.parent().map(Path::to_path_buf);
            }
        }
        dirs.sort();
        dirs.dedup();
        assert!(dirs.len() > 20, "too few directories to test: {dirs:?}");
        let mut indexed = index.dirs.clone();
        indexed.sort();
        assert_eq!(indexed, dirs, "every directory of every file, once");
        let mut asked = 0;
        for d in &dirs {
            let mut tails = vec![d.clone(), format!("x{d}"), format!("{d}/nope")];
            let mut rest = d.as_str();
            while let Some((_, after)) = rest.split_once('/') {
                tails.push(after.to_string());
                tails.push(format!("x{after}"));
                rest = after;
            }
            for t in tails {
                assert_eq!(
                    index.with_tail(&t).map(str::to_string),
                    first_with_tail(&dirs, &t),
                    "tail {t:?}"
                );
                asked += 1;
            }
            for c in d.split('/') {
                assert!(index.has_component(c), "{c:?} of {d:?}");
                assert!(!index.has_component(&format!("{c}~")), "{c:?}~");
            }
        }
        assert!(!index.has_component("no-such-directory"));
        assert!(asked > 100);
    }

    fn walkdir(dir: &Path) -> Vec<PathBuf> {
        let mut out = Vec::new();
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                out.extend(walkdir(&p));
            } else {
                out.push(p);
            }
        }
        out
    }
}
