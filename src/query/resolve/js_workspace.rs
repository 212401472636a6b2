//! The tree's own code behind non-relative JavaScript and TypeScript imports: the
//! `paths` aliases and `baseUrl` of a `tsconfig.json` or `jsconfig.json`
//! (`@app/util` → `src/util.ts`), and the packages of a workspace, named by their
//! `package.json` (`@scope/pkg` → its sources). A specifier that names one of them is
//! never a library's, even where no file of it can be found: that is unresolved.
//!
//! A package is a workspace's only where a `package.json` (`"workspaces"`) or a
//! `pnpm-workspace.yaml` (`packages:`) lists its directory: a test fixture's manifest
//! that happens to be named like a library must not take that library's imports.
//!
//! The files are looked for on disk, as the compiler and the package managers look
//! for them: the nearest config above the importing file, the nearest workspace root
//! above it and the directories its patterns list. So walker flags (`-t ts`, `-g`)
//! that leave the JSON files out of the walk change nothing; the search stops at the
//! directory the walk's paths start from. They are read as a `go.mod` is, when the
//! first import needs them: answers depend on them but stored facts do not, so an
//! edited config never leaves a stale answer. They are JSON with comments and
//! trailing commas; those are stripped by hand (a few lines) so that `serde_json`
//! stays the one JSON reader.

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use globset::GlobBuilder;
use serde_json::Value;

use super::module_files::normalize;
use crate::query::memo::Memo;
use crate::query::source::FileEntry;

/// How many `extends` a config may chain (also ends a cycle).
const MAX_EXTENDS: usize = 8;
/// How deep a workspace pattern's `**` looks below its fixed part.
const MAX_GLOB_DEPTH: usize = 4;
/// How many packages one workspace root lists at most.
const MAX_PACKAGES: usize = 5000;

/// What the configs and package manifests around the walked files say, read as
/// imports ask.
pub(super) struct JsWorkspace {
    /// The directory the walk's paths start from: nothing above it is read.
    top: PathBuf,
    /// The settings of the nearest config above each directory asked about.
    configs: Memo<PathBuf, Option<Arc<Config>>>,
    /// The packages of the nearest workspace root above each directory asked about.
    workspaces: Memo<PathBuf, Arc<Vec<Package>>>,
    /// The test runner the nearest manifest naming one above each directory asked
    /// about depends on.
    runners: Memo<PathBuf, Option<&'static str>>,
    /// The `package.json` of each directory asked about, read once for the questions
    /// above.
    manifests: Memo<PathBuf, Option<Arc<Value>>>,
}

/// The test runners whose globals (`describe`, `it`, `expect`, `vi`, `jest`) test
/// files use without importing them, as the manifest that depends on one names it.
const TEST_RUNNERS: &[&str] = &["vitest", "jest"];

/// The sections of a manifest that name dependencies.
const DEPENDENCY_SECTIONS: &[&str] = &["dependencies", "devDependencies", "peerDependencies"];

#[derive(Debug)]
struct Config {
    /// The directory non-relative specifiers are looked up in.
    base_url: Option<PathBuf>,
    /// `paths` patterns with their targets, made whole (relative to `baseUrl`, or
    /// to the config that wrote them).
    paths: Vec<(String, Vec<PathBuf>)>,
}

#[derive(Debug)]
struct Package {
    name: String,
    dir: PathBuf,
    /// The sources the manifest names (`source`, `types`), tried before a `src/`
    /// directory.
    sources: Vec<PathBuf>,
    /// The built entry files it names (`module`, `main`), tried after it: in a
    /// TypeScript package `main` is often a shim that loads the build output
    /// (`module.exports = require('./dist/x.cjs.js')`), while `src/` holds the code.
    builds: Vec<PathBuf>,
}

/// Where a non-relative specifier may lead in the tree.
pub(super) struct SpecifierPaths {
    /// Paths to probe as a relative import's target is, best first.
    pub paths: Vec<PathBuf>,
    /// Whether the specifier names the tree's code (an alias or a workspace
    /// package): then finding no file leaves it unresolved, not a library's. A
    /// `baseUrl` path alone does not make it so.
    pub ours: bool,
}

impl JsWorkspace {
    /// The workspace of walked `files`, read below the directory their paths start
    /// from.
    pub(super) fn over(files: &[FileEntry]) -> JsWorkspace {
        JsWorkspace {
            top: walk_top(files),
            configs: Memo::new(),
            workspaces: Memo::new(),
            runners: Memo::new(),
            manifests: Memo::new(),
        }
    }

    /// The `package.json` in `dir`, if one reads.
    fn manifest(&self, dir: &Path) -> Option<Arc<Value>> {
        self.manifests.get_or_compute(dir.to_path_buf(), || {
            read_jsonc(&dir.join("package.json")).map(Arc::new)
        })
    }

    /// The test runner the code of `file` runs under: the one the nearest
    /// `package.json` above it that depends on one names; none where it names both.
    pub(super) fn test_runner(&self, file: &Path) -> Option<&'static str> {
        self.runner_for(file.parent()?)
    }

    fn runner_for(&self, dir: &Path) -> Option<&'static str> {
        self.runners.get_or_compute(dir.to_path_buf(), || {
            let named: Vec<&'static str> = self
                .manifest(dir)
                .map(|json| {
                    TEST_RUNNERS
                        .iter()
                        .copied()
                        .filter(|runner| {
                            DEPENDENCY_SECTIONS.iter().any(|section| {
                                json.get(section).and_then(|d| d.get(runner)).is_some()
                            })
                        })
                        .collect()
                })
                .unwrap_or_default();
            match named.as_slice() {
                [] => self.runner_for(self.parent_within(dir)?),
                [one] => Some(*one),
                _ => None,
            }
        })
    }

    /// Where `spec`, imported by the file at `importer`, may lead.
    pub(super) fn lookup(&self, importer: &Path, spec: &str) -> SpecifierPaths {
        let dir = importer.parent().map(Path::to_path_buf).unwrap_or_default();
        let mut candidates = Vec::new();
        let mut ours = false;
        if let Some(config) = self.config_for(&dir) {
            if let Some((prefix, targets)) = config.alias(spec) {
                // A catch-all `"*": ["types/*"]` adds places to look for every
                // specifier: only a file found there makes one the tree's.
                ours = prefix > 0;
                candidates.extend(targets);
            }
            if let Some(base) = &config.base_url {
                candidates.push(normalize(&base.join(spec)));
            }
        }
        let packages = self.packages_for(&dir);
        let owners = packages.iter().filter(|p| {
            spec.strip_prefix(p.name.as_str())
                .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
        });
        let longest = owners.clone().map(|p| p.name.len()).max();
        for p in owners.filter(|p| Some(p.name.len()) == longest) {
            ours = true;
            match spec[p.name.len()..].trim_start_matches('/') {
                "" => {
                    candidates.extend(p.sources.iter().cloned());
                    candidates.push(p.dir.join("src"));
                    candidates.extend(p.builds.iter().cloned());
                    candidates.push(p.dir.clone());
                }
                sub => {
                    candidates.push(normalize(&p.dir.join(sub)));
                    candidates.push(normalize(&p.dir.join("src").join(sub)));
                }
            }
        }
        SpecifierPaths {
            paths: candidates,
            ours,
        }
    }

    /// The directory above `dir`, while inside the top.
    fn parent_within<'p>(&self, dir: &'p Path) -> Option<&'p Path> {
        dir.parent()
            .filter(|p| *p != dir && p.starts_with(&self.top))
    }

    /// The settings of the nearest `tsconfig.json` or `jsconfig.json` above `dir`.
    /// Each directory is looked at once: the answer for a directory without one is
    /// its parent's.
    fn config_for(&self, dir: &Path) -> Option<Arc<Config>> {
        self.configs.get_or_compute(dir.to_path_buf(), || {
            let here = ["tsconfig.json", "jsconfig.json"]
                .iter()
                .map(|n| dir.join(n))
                .find(|p| on_disk(p).is_file());
            match here {
                Some(p) => Some(Arc::new(read_config(&p, &self.top))),
                None => self.config_for(self.parent_within(dir)?),
            }
        })
    }

    /// The packages of the nearest workspace root above `dir`, each directory looked
    /// at once as [`JsWorkspace::config_for`] does.
    fn packages_for(&self, dir: &Path) -> Arc<Vec<Package>> {
        self.workspaces.get_or_compute(dir.to_path_buf(), || {
            let mut patterns = self
                .manifest(dir)
                .map(|json| workspace_patterns(&json))
                .unwrap_or_default();
            patterns.extend(pnpm_packages(&dir.join("pnpm-workspace.yaml")));
            if patterns.is_empty() {
                return match self.parent_within(dir) {
                    Some(parent) => self.packages_for(parent),
                    None => Arc::new(Vec::new()),
                };
            }
            let mut dirs: Vec<PathBuf> = patterns
                .iter()
                .flat_map(|p| expand(dir, p))
                .take(MAX_PACKAGES)
                .collect();
            dirs.sort();
            dirs.dedup();
            Arc::new(
                dirs.into_iter()
                    .filter_map(|d| read_package(&d, self.manifest(&d)?.as_ref()))
                    .collect(),
            )
        })
    }
}

/// The directory the walked paths start from: the current directory (`""`) for
/// relative paths, else the deepest directory above them all.
fn walk_top(files: &[FileEntry]) -> PathBuf {
    let mut top: Option<PathBuf> = None;
    for f in files {
        let dir = normalize(f.path.parent().unwrap_or(Path::new("")));
        if dir.is_relative() {
            return PathBuf::new();
        }
        top = Some(match top {
            None => dir,
            Some(t) => t
                .ancestors()
                .find(|a| dir.starts_with(a))
                .map(Path::to_path_buf)
                .unwrap_or_default(),
        });
    }
    top.unwrap_or_default()
}

/// Whether `p` lies inside `top`: below it, and not reached through a `..` that
/// leaves it (a relative path folds `a/../../x` to `../x`).
fn within(top: &Path, p: &Path) -> bool {
    p.starts_with(top) && !p.components().any(|c| c == Component::ParentDir)
}

/// The path to open for walked path `p` (`""` is the current directory).
fn on_disk(p: &Path) -> &Path {
    if p.as_os_str().is_empty() {
        Path::new(".")
    } else {
        p
    }
}

/// The directories below `root` that workspace pattern `pattern` lists, each holding
/// a `package.json`. `*` stands for one directory name, `**` for any number of them
/// (dependencies and hidden directories excluded); a pattern that leaves the root
/// (`..`, `/..`) or excludes (`!..`) lists nothing.
fn expand(root: &Path, pattern: &str) -> Vec<PathBuf> {
    let pattern = pattern.trim_start_matches("./").trim_end_matches('/');
    if pattern.starts_with(['!', '/']) || pattern.split('/').any(|s| s == "..") {
        return Vec::new();
    }
    let fixed: Vec<&str> = pattern
        .split('/')
        .take_while(|s| !s.contains(['*', '?', '[', '{']))
        .collect();
    let base = normalize(&root.join(fixed.join("/")));
    let Ok(glob) = GlobBuilder::new(&normalize(&root.join(pattern)).to_string_lossy())
        .literal_separator(true)
        .build()
        .map(|g| g.compile_matcher())
    else {
        return Vec::new();
    };
    let rest = pattern.split('/').count() - fixed.len();
    let depth = if pattern.contains("**") {
        MAX_GLOB_DEPTH
    } else {
        rest
    };
    let mut found = Vec::new();
    let mut level = vec![base];
    for _ in 0..=depth {
        let mut next = Vec::new();
        for d in level {
            if glob.is_match(&d) && on_disk(&d.join("package.json")).is_file() {
                found.push(d.clone());
            }
            let Ok(entries) = std::fs::read_dir(on_disk(&d)) else {
                continue;
            };
            for e in entries.flatten() {
                let name = e.file_name();
                let skip = name.to_string_lossy().starts_with('.') || name == "node_modules";
                if !skip && e.file_type().is_ok_and(|t| t.is_dir()) {
                    next.push(d.join(name));
                }
            }
        }
        level = next;
        if found.len() >= MAX_PACKAGES {
            break;
        }
    }
    found
}

impl Config {
    /// The targets of the `paths` pattern that `spec` matches best (the longest
    /// prefix before its `*`), with the `*` filled in, and the length of that prefix.
    fn alias(&self, spec: &str) -> Option<(usize, Vec<PathBuf>)> {
        let mut best: Option<(usize, Vec<PathBuf>)> = None;
        for (pattern, targets) in &self.paths {
            let (matched, star) = match pattern.split_once('*') {
                None => (pattern == spec, String::new()),
                Some((pre, post)) => match spec
                    .strip_prefix(pre)
                    .and_then(|rest| rest.strip_suffix(post))
                {
                    Some(star) => (true, star.to_string()),
                    None => (false, String::new()),
                },
            };
            let prefix = pattern.split('*').next().map_or(0, str::len);
            if matched && best.as_ref().is_none_or(|(len, _)| prefix > *len) {
                let filled = targets
                    .iter()
                    .map(|t| normalize(Path::new(&t.to_string_lossy().replacen('*', &star, 1))))
                    .collect();
                best = Some((prefix, filled));
            }
        }
        best
    }
}

/// A config's settings, with what the configs it extends give where it says nothing.
/// A config outside `top` is not read.
fn read_config(path: &Path, top: &Path) -> Config {
    let mut config = Config {
        base_url: None,
        paths: Vec::new(),
    };
    let mut have_paths = false;
    let mut at = Some(path.to_path_buf());
    for _ in 0..MAX_EXTENDS {
        let Some(file) = at.take() else { break };
        let Some(json) = read_jsonc(&file) else { break };
        let here = file.parent().map(Path::to_path_buf).unwrap_or_default();
        let options = &json["compilerOptions"];
        let base = options["baseUrl"]
            .as_str()
            .map(|b| normalize(&here.join(b)));
        if config.base_url.is_none() {
            config.base_url.clone_from(&base);
        }
        if let (false, Some(paths)) = (have_paths, options["paths"].as_object()) {
            // Targets are relative to `baseUrl` where there is one, else to the
            // config that writes them.
            let root = config.base_url.clone().or(base).unwrap_or(here.clone());
            config.paths = paths
                .iter()
                .map(|(pattern, targets)| {
                    let targets = targets
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(Value::as_str)
                        .map(|t| normalize(&root.join(t)))
                        .collect();
                    (pattern.clone(), targets)
                })
                .collect();
            have_paths = true;
        }
        // Only a config of the tree, named by a relative path, is followed (a
        // package's shared config lies outside it, in `node_modules`).
        let parent = match &json["extends"] {
            Value::String(s) => Some(s.as_str()),
            Value::Array(list) => list.last().and_then(Value::as_str),
            _ => None,
        };
        at = parent
            .filter(|p| p.starts_with('.'))
            .map(|p| {
                let p = normalize(&here.join(p));
                if p.extension().is_some_and(|e| e == "json") {
                    p
                } else {
                    p.with_extension("json")
                }
            })
            .filter(|p| within(top, p));
    }
    config
}

/// The package manifest `json` of `dir` names, with the entry files it gives.
fn read_package(dir: &Path, json: &Value) -> Option<Package> {
    let name = json["name"].as_str().filter(|n| !n.is_empty())?;
    Some(Package {
        name: name.to_string(),
        dir: dir.to_path_buf(),
        sources: ["source", "types", "typings"]
            .iter()
            .filter_map(|field| json[*field].as_str())
            .map(|e| normalize(&dir.join(e)))
            .collect(),
        builds: ["module", "main"]
            .iter()
            .filter_map(|field| json[*field].as_str())
            .map(|e| normalize(&dir.join(e)))
            .collect(),
    })
}

/// The workspace directories a `package.json` lists: `"workspaces": [..]` (npm,
/// Yarn) or `{"packages": [..]}` (Yarn's older form).
fn workspace_patterns(json: &Value) -> Vec<String> {
    let listed = match &json["workspaces"] {
        Value::Array(list) => list.as_slice(),
        Value::Object(o) => o
            .get("packages")
            .and_then(Value::as_array)
            .map_or(&[][..], Vec::as_slice),
        _ => &[],
    };
    listed
        .iter()
        .filter_map(Value::as_str)
        .map(str::to_string)
        .collect()
}

/// The directories a `pnpm-workspace.yaml` lists under `packages:`, one `- item` per
/// line (the form pnpm documents).
fn pnpm_packages(path: &Path) -> Vec<String> {
    let Some(text) = read_config_file(path) else {
        return Vec::new();
    };
    let mut in_packages = false;
    let mut found = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if !line.starts_with([' ', '\t', '-']) && !trimmed.is_empty() {
            in_packages = trimmed.starts_with("packages:");
            continue;
        }
        if let Some(item) = trimmed.strip_prefix('-').filter(|_| in_packages) {
            let item = item.split(" #").next().unwrap_or("").trim();
            found.push(item.trim_matches(['"', '\'']).to_string());
        }
    }
    found
}

fn read_jsonc(path: &Path) -> Option<Value> {
    serde_json::from_str(&strip_jsonc(&read_config_file(path)?)).ok()
}

/// The text of config file `path`: only a regular file (a FIFO or a device of that
/// name would block or never end), and only a small one (a config is small; a huge
/// file of that name is no config worth reading).
fn read_config_file(path: &Path) -> Option<String> {
    const MAX_BYTES: u64 = 1 << 20;
    let meta = std::fs::metadata(on_disk(path)).ok()?;
    if !meta.is_file() || meta.len() > MAX_BYTES {
        return None;
    }
    std::fs::read_to_string(on_disk(path)).ok()
}

/// `text` without its comments and the commas before a closing bracket.
fn strip_jsonc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            match c {
                '\\' => out.extend(chars.next()),
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match (c, chars.peek()) {
            ('"', _) => {
                in_string = true;
                out.push(c);
            }
            ('/', Some('/')) => while chars.next_if(|&n| n != '\n').is_some() {},
            ('/', Some('*')) => {
                chars.next();
                let mut last = ' ';
                for n in chars.by_ref() {
                    if last == '*' && n == '/' {
                        break;
                    }
                    last = n;
                }
            }
            (']' | '}', _) => {
                let kept = out.trim_end().len();
                if out[..kept].ends_with(',') {
                    out.truncate(kept - 1);
                }
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jsonc_loses_comments_and_trailing_commas_but_not_string_text() {
        let text = "{ // a\n \"a\": \"x // not a comment\", /* b */ \"p\": [\"./*\",],\n}";
        let v: Value = serde_json::from_str(&strip_jsonc(text)).unwrap();
        assert_eq!(v["a"], "x // not a comment");
        assert_eq!(v["p"][0], "./*");
    }

    #[test]
    fn pnpm_lists_the_items_under_packages_only() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("pnpm-workspace.yaml");
        let text = "packages:\n  - 'packages/*'\n  - \"tools\" # ours\n  - apps/**\n\ncatalog:\n  - 'not/this'\n";
        std::fs::write(&path, text).unwrap();
        assert_eq!(pnpm_packages(&path), ["packages/*", "tools", "apps/**"]);
    }

    #[test]
    fn the_longest_alias_prefix_wins_and_fills_its_star() {
        let c = Config {
            base_url: None,
            paths: vec![
                ("@x/*".into(), vec![PathBuf::from("app/src/*")]),
                ("@x/ui/*".into(), vec![PathBuf::from("app/ui/src/*")]),
                ("@x".into(), vec![PathBuf::from("app/src/index.ts")]),
                ("*".into(), vec![PathBuf::from("app/types/*")]),
            ],
        };
        let target = |spec| c.alias(spec).map(|(_, t)| t);
        assert_eq!(
            target("@x/ui/button"),
            Some(vec![PathBuf::from("app/ui/src/button")])
        );
        assert_eq!(target("@x/util"), Some(vec![PathBuf::from("app/src/util")]));
        assert_eq!(target("@x"), Some(vec![PathBuf::from("app/src/index.ts")]));
        // Only the catch-all matches: a place to look, with no prefix that makes the
        // specifier the tree's.
        assert_eq!(
            c.alias("react"),
            Some((0, vec![PathBuf::from("app/types/react")]))
        );
    }
}
