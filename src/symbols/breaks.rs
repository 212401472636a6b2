//! `what-breaks`: who uses a symbol (seed 002's `what_breaks`), in two phases.
//!
//! Phase 1 is the shared regex driver ([`crate::search`]): a whole-word, literal
//! search for the name over the walker, at ripgrep speed; only the files it selects
//! are read again and parsed. Phase 2 looks at every occurrence on the syntax tree:
//! occurrences in comments and strings are dropped, as are definitions (the symbol's
//! own name, and same-named definitions elsewhere); the rest are classified as a
//! `call` (the name is what a call invokes), an `import`, or a `reference`, and named
//! after their enclosing symbol (the caller).
//!
//! `--depth N` repeats the search for the callers, breadth first, each symbol once
//! (cycles are cut). Results are by name: the caveat of seed 002 ([`CAVEAT`]) applies.

use std::collections::HashSet;
use std::path::PathBuf;

use rayon::prelude::*;
use serde::Serialize;

use super::collect::parse_file;
use super::syntax::{
    ancestor_of_kind, arguments_start, callee, enclosing_symbol, in_comment_or_string,
};
use super::{extract, Kind, Symbol};
use crate::lang::Language;
use crate::output::Reporter;
use crate::search::{self, Candidate, RegexOptions};
use crate::walk::{Visited, Walker};

/// Seed 002's caveat, printed with every result.
pub const CAVEAT: &str = "This search is based on the symbol's name and may include references to other items with the same name in different modules.";

/// How a symbol is used at one place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RefKind {
    Call,
    Reference,
    Import,
}

impl RefKind {
    pub fn as_str(self) -> &'static str {
        match self {
            RefKind::Call => "call",
            RefKind::Reference => "reference",
            RefKind::Import => "import",
        }
    }
}

/// One use of a symbol.
#[derive(Debug, Clone)]
pub struct Reference {
    pub kind: RefKind,
    pub path: PathBuf,
    /// 1-based.
    pub line: u64,
    /// 1-based byte column.
    pub column: u64,
    pub line_content: String,
    /// The enclosing definition.
    pub caller: Option<Symbol>,
    /// 1 for direct uses of the symbol, 2 for uses of its callers, ...
    pub depth: usize,
    /// The id of the symbol this is a use of.
    pub target: String,
}

/// Finds the uses of `targets`, following callers up to `depth` levels.
pub fn what_breaks(
    targets: &[Symbol],
    depth: usize,
    walker: &Walker,
    report: &Reporter,
) -> Vec<Reference> {
    let mut seen: HashSet<String> = targets.iter().map(|t| t.id.clone()).collect();
    // Namesakes (`--all`) find the same places; each place is reported once.
    let mut places: HashSet<(PathBuf, u64, u64)> = HashSet::new();
    let mut level: Vec<Symbol> = targets.to_vec();
    let mut out = Vec::new();
    for d in 1..=depth.max(1) {
        let mut next = Vec::new();
        for target in &level {
            for mut r in references_to(target, walker, report) {
                if !places.insert((r.path.clone(), r.line, r.column)) {
                    continue;
                }
                r.depth = d;
                if let Some(c) = &r.caller {
                    if seen.insert(c.id.clone()) {
                        next.push(c.clone());
                    }
                }
                out.push(r);
            }
        }
        if next.is_empty() {
            break;
        }
        level = next;
    }
    out
}

/// The direct uses of one symbol.
pub fn references_to(target: &Symbol, walker: &Walker, report: &Reporter) -> Vec<Reference> {
    let opts = RegexOptions {
        pattern: target.name.clone(),
        fixed_strings: true,
        word: true,
        ..RegexOptions::default()
    };
    // Invariant: a fixed string always compiles.
    let candidates = search::find_candidates(walker, report, &opts).unwrap_or_default();
    let per_file: Vec<Vec<Reference>> = candidates
        .par_iter()
        .filter_map(|v| {
            let lang = v.item.language?;
            // Data and markup files mention names without using them.
            if lang.call_kinds.is_empty() {
                return None;
            }
            match confirm(target, lang, v) {
                Ok(refs) => Some(refs),
                Err(err) => {
                    report.path_error(&v.path, err);
                    None
                }
            }
        })
        .collect();
    per_file.into_iter().flatten().collect()
}

/// Phase 2 for one candidate file.
fn confirm(
    target: &Symbol,
    lang: &'static Language,
    v: &Visited<Candidate>,
) -> Result<Vec<Reference>, crate::source::SourceError> {
    let parsed = parse_file(&v.item.open_path, lang)?;
    let src = parsed.source.text.as_str();
    let symbols = extract(lang, &v.path, src, &parsed.tree);
    let root = parsed.tree.root_node();
    let name = target.name.as_str();
    let mut out = Vec::new();
    for hit in &v.item.hits {
        let line_start = (hit.byte_offset - (hit.column - 1)) as usize;
        for offset in word_occurrences(&hit.line_content, name) {
            let at = line_start + offset;
            if src.get(at..at + name.len()) != Some(name) {
                continue;
            }
            let Some(node) = root.descendant_for_byte_range(at, at + name.len()) else {
                continue;
            };
            if in_comment_or_string(node, lang) {
                continue;
            }
            // A definition of this name (the symbol itself or a namesake), or a C/C++
            // prototype declaring it.
            if symbols.iter().any(|s| s.name_byte == at && s.name == name) || is_declared_name(node)
            {
                continue;
            }
            let kind = classify(node, at + name.len(), lang, src);
            let caller = enclosing_symbol(&symbols, at)
                .filter(|s| s.kind != Kind::Scope)
                .cloned();
            out.push(Reference {
                kind,
                path: v.path.clone(),
                line: hit.line_number,
                column: offset as u64 + 1,
                line_content: hit.line_content.clone(),
                caller,
                depth: 1,
                target: target.id.clone(),
            });
        }
    }
    Ok(out)
}

/// `int f(int);`: the name a function declarator declares.
fn is_declared_name(node: tree_sitter::Node<'_>) -> bool {
    node.parent().is_some_and(|p| {
        p.kind() == "function_declarator" && p.child_by_field_name("declarator") == Some(node)
    })
}

/// Call, import or plain reference.
fn classify(node: tree_sitter::Node<'_>, end: usize, lang: &Language, src: &str) -> RefKind {
    if ancestor_of_kind(node, lang.import_kinds).is_some() {
        return RefKind::Import;
    }
    if let Some(call) = ancestor_of_kind(node, lang.call_kinds) {
        let before_args = arguments_start(call).is_none_or(|a| end <= a);
        let names_callee = callee(call, src).is_some_and(|c| c.name_node.end_byte() == end);
        if before_args && names_callee {
            return RefKind::Call;
        }
    }
    RefKind::Reference
}

/// Byte offsets of whole-word occurrences of `word` in `line`.
fn word_occurrences(line: &str, word: &str) -> Vec<usize> {
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    line.match_indices(word)
        .filter(|(i, _)| {
            let before_ok = line[..*i].chars().next_back().is_none_or(|c| !is_word(c));
            let after_ok = line[i + word.len()..]
                .chars()
                .next()
                .is_none_or(|c| !is_word(c));
            before_ok && after_ok
        })
        .map(|(i, _)| i)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn occurrences_respect_word_boundaries() {
        assert_eq!(word_occurrences("foo(foo_bar, foo) + xfoo", "foo"), [0, 13]);
    }
}
