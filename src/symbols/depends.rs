//! `what-depends`: what a symbol uses (seed 002's `what_depends`).
//!
//! Every call and import inside the symbol's byte range, deduplicated by name with all
//! their lines; method calls keep their receiver (`self.db.query`). Each is resolved,
//! best effort, to a definition in the repository: in the same file first, then in the
//! files the file imports (matched by module name and file stem), then a definition
//! that is the only one of that name in the tree; otherwise it stays unresolved. The
//! repository search is one whole-word regex pass for all unresolved names, then a
//! parse of only the files it selects.

use std::collections::{BTreeMap, HashSet};
use std::path::Path;

use rayon::prelude::*;
use serde::Serialize;

use super::collect::{parse_file, symbols_of_file};
use super::syntax::{callee, import_names, last_segment, module_stem};
use super::{extract, Kind, Symbol};
use crate::lang;
use crate::output::Reporter;
use crate::search::{self, RegexOptions};
use crate::source::SourceError;
use crate::walk::Walker;

/// What kind of use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DepKind {
    Call,
    Import,
}

impl DepKind {
    pub fn as_str(self) -> &'static str {
        match self {
            DepKind::Call => "call",
            DepKind::Import => "import",
        }
    }
}

/// One dependency of a symbol.
#[derive(Debug, Clone)]
pub struct Dependency {
    pub kind: DepKind,
    pub name: String,
    /// Every line it appears on, ascending.
    pub lines: Vec<usize>,
    pub resolved: Option<Symbol>,
}

/// The dependencies of `sym`, in order of first appearance.
pub fn what_depends(
    sym: &Symbol,
    walker: &Walker,
    report: &Reporter,
) -> Result<Vec<Dependency>, SourceError> {
    let lang = lang::by_name(&sym.language)
        .or_else(|| lang::detect(&sym.path))
        .ok_or(SourceError::ParseFailed)?;
    let parsed = parse_file(&sym.path, lang)?;
    let src = parsed.source.text.as_str();
    let file_symbols = extract(lang, &sym.path, src, &parsed.tree);
    let root = parsed.tree.root_node();

    let mut found: BTreeMap<(DepKind, String), Vec<usize>> = BTreeMap::new();
    let mut first_seen: Vec<(DepKind, String)> = Vec::new();
    let mut file_imports: Vec<String> = Vec::new();
    // One iterative walk of the file: imports anywhere (they drive resolution), calls
    // and imports inside the symbol's range (the answer).
    let mut cursor = root.walk();
    'walk: loop {
        let node = cursor.node();
        let inside = node.start_byte() >= sym.start_byte && node.end_byte() <= sym.end_byte;
        let overlaps = node.start_byte() < sym.end_byte && node.end_byte() > sym.start_byte;
        let mut names: Vec<(DepKind, String)> = Vec::new();
        if lang.import_kinds.contains(&node.kind()) {
            let imported = import_names(node, src);
            file_imports.extend(imported.iter().cloned());
            if inside {
                names.extend(imported.into_iter().map(|n| (DepKind::Import, n)));
            }
        } else if inside && lang.call_kinds.contains(&node.kind()) {
            if let Some(c) = callee(node, src) {
                if !c.text.is_empty() {
                    names.push((DepKind::Call, c.text));
                }
            }
        }
        let line = node.start_position().row + 1;
        for key in names {
            let lines = found.entry(key.clone()).or_default();
            if lines.is_empty() {
                first_seen.push(key);
            }
            if lines.last() != Some(&line) {
                lines.push(line);
            }
        }
        // Outside the range only imports matter, and they sit at the top levels; but a
        // nested import is still an import, so descend everywhere the range overlaps
        // and into top-level statements.
        let descend = overlaps
            || node.parent().is_none()
            || node.parent().is_some_and(|p| p.parent().is_none());
        if descend && cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                continue 'walk;
            }
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }

    let mut deps: Vec<Dependency> = first_seen
        .into_iter()
        .map(|key| {
            let mut lines = found.remove(&key).unwrap_or_default();
            lines.sort_unstable();
            lines.dedup();
            Dependency {
                kind: key.0,
                name: key.1,
                lines,
                resolved: None,
            }
        })
        .collect();
    resolve_all(&mut deps, sym, &file_symbols, &file_imports, walker, report);
    Ok(deps)
}

/// Resolution: same file, then imported files, then a unique definition anywhere.
fn resolve_all(
    deps: &mut [Dependency],
    sym: &Symbol,
    file_symbols: &[Symbol],
    file_imports: &[String],
    walker: &Walker,
    report: &Reporter,
) {
    let mut pending: Vec<usize> = Vec::new();
    for (i, d) in deps.iter_mut().enumerate() {
        let target = last_segment(&d.name);
        if target.is_empty() {
            continue;
        }
        if d.kind == DepKind::Call {
            if let Some(s) = file_symbols
                .iter()
                .find(|s| s.name == target && s.kind != Kind::Scope)
            {
                d.resolved = Some(s.clone());
                continue;
            }
        }
        pending.push(i);
    }
    if pending.is_empty() {
        return;
    }
    let names: Vec<String> = pending
        .iter()
        .map(|&i| last_segment(&deps[i].name))
        .filter(|n| n.chars().all(|c| c.is_alphanumeric() || c == '_'))
        .collect::<HashSet<_>>()
        .into_iter()
        .collect();
    if names.is_empty() {
        return;
    }
    let definitions = definitions_named(&names, walker, report);
    let stems: HashSet<String> = file_imports.iter().filter_map(|m| module_stem(m)).collect();
    let from_import_module: HashSet<String> = file_imports
        .iter()
        .filter_map(|m| {
            m.rsplit_once('.')
                .and_then(|(module, _)| module_stem(module))
        })
        .collect();
    for i in pending {
        let target = last_segment(&deps[i].name);
        let named: Vec<&Symbol> = definitions
            .iter()
            .filter(|s| s.name == target && s.path != sym.path)
            .collect();
        let imported = named.iter().find(|s| {
            let stem = file_stem(&s.path);
            stems.contains(&stem) || from_import_module.contains(&stem)
        });
        deps[i].resolved = match (imported, named.as_slice()) {
            (Some(s), _) => Some((*s).clone()),
            (None, [only]) => Some((*only).clone()),
            _ => None,
        };
    }
}

fn file_stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The definitions of any of `names` in the tree (one regex pass, then parses).
fn definitions_named(names: &[String], walker: &Walker, report: &Reporter) -> Vec<Symbol> {
    let alternation = names
        .iter()
        .map(|n| regex::escape(n))
        .collect::<Vec<_>>()
        .join("|");
    let opts = RegexOptions {
        pattern: format!("(?:{alternation})"),
        word: true,
        files_only: true,
        ..RegexOptions::default()
    };
    let Ok(candidates) = search::find_candidates(walker, report, &opts) else {
        return Vec::new();
    };
    let wanted: HashSet<&str> = names.iter().map(String::as_str).collect();
    let per_file: Vec<Vec<Symbol>> = candidates
        .par_iter()
        .filter_map(|v| {
            let lang = v.item.language?;
            let (_, symbols) = symbols_of_file(&v.item.open_path, &v.path, lang).ok()?;
            Some(
                symbols
                    .into_iter()
                    .filter(|s| s.kind != Kind::Scope && wanted.contains(s.name.as_str()))
                    .collect(),
            )
        })
        .collect();
    per_file.into_iter().flatten().collect()
}
