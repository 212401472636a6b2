//! Rust's module paths (`crate::a::b`, `self::c`, `super::d`, `other_crate::e`) as
//! the files that hold those modules.
//!
//! A crate's modules follow its files: the crate root (`src/lib.rs`, `src/main.rs`, or
//! a file of `src/bin`, `tests`, `examples` or `benches`, each a crate of its own), and
//! under its directory `a/b.rs` or `a/b/mod.rs` for module `a::b`. A path into a module
//! written inline (`mod tests { .. }`) or into a type names no file: it is left
//! unknown rather than guessed. Another crate of the same workspace is found by the
//! package name its `Cargo.toml` declares; any other first segment is a library.

use std::path::{Path, PathBuf};

use rustc_hash::{FxHashMap, FxHashSet};

/// Where a module path leads.
#[derive(Debug, PartialEq, Eq)]
pub enum RustModule {
    File(PathBuf),
    External,
    Unknown,
}

/// The largest `Cargo.toml` read for its package name.
pub const MANIFEST_LIMIT: u64 = 1 << 20;

/// Directories beside a `Cargo.toml` whose files are each a crate of their own.
const SINGLE_FILE_CRATES: &[&str] = &["tests", "examples", "benches"];

/// The workspace's library crates by the name code uses for them (`tokio_util`): the
/// package name of a `Cargo.toml` beside a `src/lib.rs` of `files`, dashes as
/// underscores.
pub fn workspace_crates(files: &FxHashSet<PathBuf>) -> FxHashMap<String, PathBuf> {
    let mut out: FxHashMap<String, PathBuf> = FxHashMap::default();
    // Two crates of one name (a fixture beside the real one): neither is the name's.
    let mut twice: FxHashSet<String> = FxHashSet::default();
    for lib in files.iter().filter(|f| f.ends_with("src/lib.rs")) {
        let Some(dir) = lib.parent().and_then(Path::parent) else {
            continue;
        };
        let manifest = dir.join("Cargo.toml");
        if !files.contains(&manifest) {
            continue;
        }
        // A manifest is a few kilobytes; anything else (a huge file, one that stopped
        // being a regular file since the walk) is not read.
        let Ok(text) = crate::source::read_text_within(&manifest, MANIFEST_LIMIT) else {
            continue;
        };
        if let Some(name) = crate_name(&text.text) {
            let name = name.replace('-', "_");
            if out.insert(name.clone(), lib.clone()).is_some() {
                twice.insert(name);
            }
        }
    }
    out.retain(|name, _| !twice.contains(name));
    out
}

/// The library name a manifest declares: `[lib] name`, else `[package] name`.
fn crate_name(manifest: &str) -> Option<String> {
    let mut section = "";
    let (mut package, mut lib) = (None, None);
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line;
            continue;
        }
        let Some(value) = line
            .strip_prefix("name")
            .map(str::trim_start)
            .and_then(|l| l.strip_prefix('='))
        else {
            continue;
        };
        let value = value.trim().trim_matches('"').to_string();
        match section {
            "[package]" => package = Some(value),
            "[lib]" => lib = Some(value),
            _ => {}
        }
    }
    lib.or(package).filter(|n| !n.is_empty())
}

/// The manifest of the package `file` belongs to: the nearest `Cargo.toml` above it
/// among `files`.
pub fn package_manifest(files: &FxHashSet<PathBuf>, file: &Path) -> Option<PathBuf> {
    file.ancestors()
        .skip(1)
        .map(|dir| dir.join("Cargo.toml"))
        .find(|m| files.contains(m))
}

/// The names a package's code uses for the crates its manifest depends on (normal,
/// dev, build, per-target and workspace dependencies; a renamed one by its key),
/// dashes as underscores. `[dependencies] anyhow = "1"` and `[dependencies.log]` both
/// list theirs.
pub fn dependency_names(manifest: &str) -> FxHashSet<String> {
    let mut names = FxHashSet::default();
    let mut listing = false;
    let word = |s: &str| {
        let s = s.trim().trim_matches(['"', '\'']);
        (!s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'))
        .then(|| s.replace('-', "_"))
    };
    for line in manifest.lines().map(str::trim) {
        if let Some(header) = line.strip_prefix('[') {
            let header = header.trim_end_matches(']').trim();
            listing = header.ends_with("dependencies");
            // `[dependencies.log]`, `[target.'cfg(unix)'.dev-dependencies.libc]`.
            if let Some((table, name)) = header.rsplit_once('.') {
                if table.ends_with("dependencies") {
                    names.extend(word(name));
                }
            }
            continue;
        }
        if listing {
            if let Some((key, _)) = line.split_once('=') {
                names.extend(word(key));
            }
        }
    }
    names
}

/// The root file of the crate `file` belongs to, among `files`: itself when it is a
/// crate root (`lib.rs`, `main.rs`, a file of `src/bin`, or of `tests`, `examples` or
/// `benches` beside a `Cargo.toml`), else the nearest `lib.rs` (or `main.rs`) above it
/// within its package.
fn crate_root(files: &FxHashSet<PathBuf>, file: &Path) -> Option<PathBuf> {
    let dir = file.parent()?;
    let name_is = |p: &Path, n: &str| p.file_name().is_some_and(|f| f == n);
    let manifest_in = |p: Option<&Path>| p.is_some_and(|p| files.contains(&p.join("Cargo.toml")));
    let own_crate = name_is(file, "lib.rs")
        || name_is(file, "main.rs")
        || (SINGLE_FILE_CRATES.iter().any(|c| name_is(dir, c)) && manifest_in(dir.parent()))
        || (name_is(dir, "bin")
            && dir.parent().is_some_and(|src| name_is(src, "src"))
            && manifest_in(dir.parent().and_then(Path::parent)));
    if own_crate {
        return Some(file.to_path_buf());
    }
    for a in dir.ancestors() {
        for root in ["lib.rs", "main.rs"] {
            let candidate = a.join(root);
            if files.contains(&candidate) {
                return Some(candidate);
            }
        }
        if files.contains(&a.join("Cargo.toml")) {
            break;
        }
    }
    None
}

/// Whether `file` is the root file of its crate (see [`crate_root`]).
pub fn is_crate_root(files: &FxHashSet<PathBuf>, file: &Path) -> bool {
    crate_root(files, file).is_some_and(|root| root == file)
}

/// Whether files `a` and `b` belong to one crate (the same root file).
pub fn same_crate(files: &FxHashSet<PathBuf>, a: &Path, b: &Path) -> bool {
    crate_root(files, a).is_some_and(|root| crate_root(files, b) == Some(root))
}

/// The module path of `file` in the crate rooted at `root`.
fn module_of(root: &Path, file: &Path) -> Option<Vec<String>> {
    if root == file {
        return Some(Vec::new());
    }
    let rel = file.strip_prefix(root.parent()?).ok()?;
    let mut segments: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let last = segments.pop()?;
    let stem = last.strip_suffix(".rs")?;
    if stem != "mod" {
        segments.push(stem.to_string());
    }
    Some(segments)
}

/// The file of module `path` of the crate rooted at `root`.
fn module_file(files: &FxHashSet<PathBuf>, root: &Path, path: &[String]) -> Option<PathBuf> {
    if path.is_empty() {
        return Some(root.to_path_buf());
    }
    let mut base = root.parent()?.to_path_buf();
    base.extend(path);
    let file = base.with_extension("rs");
    if files.contains(&file) {
        return Some(file);
    }
    let file = base.join("mod.rs");
    files.contains(&file).then_some(file)
}

/// What a Rust path is written in: the importing file, the inline modules around the
/// path (outermost first), the names its module defines (a path can start with a
/// local enum or module), whether a name is a module declared in the module the path
/// is written in, and the modules its glob imports (`use super::*`) name.
pub struct PathSite<'a> {
    pub importer: &'a Path,
    pub inline: &'a [String],
    pub defined_here: &'a dyn Fn(&str) -> bool,
    pub module_here: &'a dyn Fn(&str) -> bool,
    pub globs: &'a [String],
}

/// Where `module`, written at `site`, leads; `crates` are the workspace's.
pub fn rust_module(
    files: &FxHashSet<PathBuf>,
    crates: &FxHashMap<String, PathBuf>,
    site: &PathSite<'_>,
    module: &str,
) -> RustModule {
    let PathSite {
        importer,
        inline,
        defined_here,
        module_here,
        globs,
    } = *site;
    // `::name::..`: a crate by its name, never a module of this one.
    let absolute = module.strip_prefix("::");
    let segments: Vec<&str> = absolute
        .unwrap_or(module)
        .split("::")
        .map(str::trim)
        .collect();
    let Some((&first, rest)) = segments.split_first() else {
        return RustModule::Unknown;
    };
    if absolute.is_some() {
        return match crates.get(first) {
            Some(lib) => in_module(files, lib, Vec::new(), rest),
            None => RustModule::External,
        };
    }
    let local = matches!(first, "crate" | "$crate" | "self" | "super");
    let Some(root) = crate_root(files, importer) else {
        // A file no crate root is found for (a test crate's `tests/support/x.rs`, which
        // the crates that use it declare inline): its own paths are unknown, but a
        // crate of the workspace is still that crate.
        return if local || defined_here(first) {
            RustModule::Unknown
        } else if let Some(lib) = crates.get(first) {
            in_module(files, lib, Vec::new(), rest)
        } else {
            RustModule::External
        };
    };
    let Some(mut here) = module_of(&root, importer) else {
        return RustModule::Unknown;
    };
    here.extend(inline.iter().cloned());
    let (root, path, rest): (PathBuf, Vec<String>, &[&str]) = match first {
        // `$crate::` in a macro's body: the crate the macro is defined in.
        "crate" | "$crate" => (root, Vec::new(), rest),
        "self" => (root, here, rest),
        "super" => {
            let supers = 1 + rest.iter().take_while(|s| **s == "super").count();
            if supers > here.len() {
                return RustModule::Unknown;
            }
            here.truncate(here.len() - supers);
            (root, here, &rest[supers - 1..])
        }
        other => {
            if let Some(sub) = submodule(files, &root, &here, other) {
                (root, sub, rest)
            } else if module_here(other) {
                // `mod support { pub mod panic; }`: an inline module whose own
                // modules are files, under a directory of its name.
                let mut inner = here;
                inner.push(other.to_string());
                return in_module(files, &root, inner, rest);
            } else if defined_here(other) {
                return RustModule::Unknown;
            } else if let Some(lib) = crates.get(other) {
                (lib.clone(), Vec::new(), rest)
            } else if submodule(files, &root, &[], other).is_some()
                || globs.iter().any(|g| local_glob(files, &root, &here, g))
            {
                // A module of the crate's root (a 2015 path), or a name a glob import
                // of this crate may bring: not a library, but which is unknown.
                return RustModule::Unknown;
            } else {
                return RustModule::External;
            }
        }
    };
    in_module(files, &root, path, rest)
}

/// The file of module `path` then `rest` of the crate rooted at `root`.
fn in_module(
    files: &FxHashSet<PathBuf>,
    root: &Path,
    mut path: Vec<String>,
    rest: &[&str],
) -> RustModule {
    path.extend(rest.iter().map(|s| s.to_string()));
    match module_file(files, root, &path) {
        Some(f) => RustModule::File(f),
        None => RustModule::Unknown,
    }
}

/// The path of module `here`'s submodule `name`, when a file holds it.
fn submodule(
    files: &FxHashSet<PathBuf>,
    root: &Path,
    here: &[String],
    name: &str,
) -> Option<Vec<String>> {
    let mut sub = here.to_vec();
    sub.push(name.to_string());
    module_file(files, root, &sub).map(|_| sub)
}

/// Whether glob import `glob` (`super::*`'s `super`) brings names from this crate.
fn local_glob(files: &FxHashSet<PathBuf>, root: &Path, here: &[String], glob: &str) -> bool {
    let first = glob.split("::").next().unwrap_or(glob).trim();
    matches!(first, "crate" | "self" | "super")
        || submodule(files, root, here, first).is_some()
        || submodule(files, root, &[], first).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(paths: &[&str]) -> FxHashSet<PathBuf> {
        paths.iter().map(PathBuf::from).collect()
    }

    fn at(files: &FxHashSet<PathBuf>, importer: &str, inline: &[&str], module: &str) -> RustModule {
        within(files, importer, inline, &[], module)
    }

    fn within(
        files: &FxHashSet<PathBuf>,
        importer: &str,
        inline: &[&str],
        globs: &[&str],
        module: &str,
    ) -> RustModule {
        let crates: FxHashMap<String, PathBuf> =
            [("other_crate".to_string(), PathBuf::from("other/src/lib.rs"))]
                .into_iter()
                .collect();
        let inline: Vec<String> = inline.iter().map(|s| s.to_string()).collect();
        let globs: Vec<String> = globs.iter().map(|s| s.to_string()).collect();
        let site = PathSite {
            importer: Path::new(importer),
            inline: &inline,
            defined_here: &|n| n == "Local" || n == "support",
            module_here: &|n| n == "support",
            globs: &globs,
        };
        rust_module(files, &crates, &site, module)
    }

    #[test]
    fn module_paths_lead_to_the_files_of_their_modules() {
        let files = tree(&[
            "w/Cargo.toml",
            "w/src/lib.rs",
            "w/src/runtime/mod.rs",
            "w/src/runtime/handle.rs",
            "w/src/task.rs",
            "w/src/task/spawn.rs",
            "w/tests/it.rs",
            "w/tests/support/panic.rs",
            "w/tests/support/mpsc.rs",
            "other/Cargo.toml",
            "other/src/lib.rs",
        ]);
        let file = |p: &str| RustModule::File(PathBuf::from(p));
        let spawn = "w/src/task/spawn.rs";
        let cases = [
            (
                spawn,
                &[][..],
                "crate::runtime",
                file("w/src/runtime/mod.rs"),
            ),
            (
                spawn,
                &[],
                "crate::runtime::handle",
                file("w/src/runtime/handle.rs"),
            ),
            (spawn, &[], "super", file("w/src/task.rs")),
            (
                spawn,
                &[],
                "super::super::runtime",
                file("w/src/runtime/mod.rs"),
            ),
            ("w/src/task.rs", &[], "self::spawn", file(spawn)),
            // 2018 paths: a submodule of the current module, before any crate.
            ("w/src/task.rs", &[], "spawn", file(spawn)),
            (
                "w/src/runtime/mod.rs",
                &[],
                "handle",
                file("w/src/runtime/handle.rs"),
            ),
            // Inside `mod tests { use super::*; }`: the file's own module.
            (spawn, &["tests"], "super", file(spawn)),
            ("w/tests/it.rs", &[], "crate", file("w/tests/it.rs")),
            (spawn, &[], "other_crate", file("other/src/lib.rs")),
            (spawn, &[], "std::sync", RustModule::External),
            (spawn, &[], "::serde", RustModule::External),
            // `::name` is a crate, never a module of this one.
            (spawn, &[], "::other_crate", file("other/src/lib.rs")),
            ("w/src/lib.rs", &[], "::runtime", RustModule::External),
            // Inline modules and types name no file; a local name is not a library.
            (spawn, &[], "crate::runtime::Handle", RustModule::Unknown),
            (spawn, &[], "Local", RustModule::Unknown),
            ("w/src/lib.rs", &[], "super", RustModule::Unknown),
            // A module of the crate's root written as in 2015: not a library.
            (spawn, &[], "runtime::handle", RustModule::Unknown),
            // `mod support { pub mod panic; }`: the inline module's own module is a
            // file under a directory of its name; the inline module itself is none.
            (
                "w/tests/it.rs",
                &[],
                "support::panic",
                file("w/tests/support/panic.rs"),
            ),
            ("w/tests/it.rs", &[], "support", RustModule::Unknown),
            ("w/tests/it.rs", &[], "support::signal", RustModule::Unknown),
            (spawn, &[], "support::panic", RustModule::Unknown),
            // A file no crate root is found for still sees the workspace's crates.
            (
                "w/tests/support/mpsc.rs",
                &[],
                "other_crate",
                file("other/src/lib.rs"),
            ),
            (
                "w/tests/support/mpsc.rs",
                &[],
                "std::sync",
                RustModule::External,
            ),
            (
                "w/tests/support/mpsc.rs",
                &[],
                "crate::x",
                RustModule::Unknown,
            ),
        ];
        for (importer, inline, module, want) in cases {
            assert_eq!(
                at(&files, importer, inline, module),
                want,
                "{module} in {importer}"
            );
        }
        // A name a glob import of this crate may bring is not a library's.
        assert_eq!(
            within(&files, spawn, &[], &["super"], "tcp"),
            RustModule::Unknown
        );
        assert_eq!(
            within(&files, spawn, &[], &["serde"], "tcp"),
            RustModule::External
        );
    }

    #[test]
    fn only_crate_roots_and_their_own_directories_are_crates() {
        let files = tree(&[
            "w/Cargo.toml",
            "w/src/lib.rs",
            "w/src/main.rs",
            "w/src/util.rs",
            "w/src/tests/mod.rs",
            "w/src/tests/util.rs",
            "w/src/bin/tool.rs",
            "w/tests/it.rs",
        ]);
        let root = |f: &str| crate_root(&files, Path::new(f)).map(|p| p.display().to_string());
        assert_eq!(root("w/src/tests/util.rs").as_deref(), Some("w/src/lib.rs"));
        assert_eq!(root("w/src/main.rs").as_deref(), Some("w/src/main.rs"));
        assert_eq!(root("w/src/util.rs").as_deref(), Some("w/src/lib.rs"));
        assert_eq!(
            root("w/src/bin/tool.rs").as_deref(),
            Some("w/src/bin/tool.rs")
        );
        assert_eq!(root("w/tests/it.rs").as_deref(), Some("w/tests/it.rs"));
        assert_eq!(
            at(&files, "w/src/tests/util.rs", &[], "crate::util"),
            RustModule::File(PathBuf::from("w/src/util.rs"))
        );
    }

    #[test]
    fn a_manifest_names_its_library() {
        assert_eq!(
            crate_name("[package]\nname = \"tokio-util\"\n").as_deref(),
            Some("tokio-util")
        );
        assert_eq!(
            crate_name("[package]\nname = \"a\"\n[lib]\nname = \"b\"\n").as_deref(),
            Some("b")
        );
        assert_eq!(crate_name("[dependencies]\nname = \"x\"\n"), None);
    }
}
