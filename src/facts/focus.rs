//! Extraction focused on the uses of a few names.
//!
//! A question about the uses of some names (who calls `encode`) reads, of each file,
//! its definitions, imports, bindings and package (what resolution looks at) and only
//! the references with those names. A focused extraction records just that, and skips
//! the body of every function or method whose text cannot hold any of it: a body that
//! never spells one of the names as a whole word, holds no import, is no pytest
//! fixture, and assigns no field of `self`/`this` (which would type a field of its
//! class); a TypeScript or PHP
//! constructor, whose parameters can declare fields, is always walked. Everything else it
//! would have recorded there (locals, parameters, other references) is scoped to that
//! body and so never read by such a question. With most of a file's bodies skipped,
//! the walk costs a fraction of a whole one; the parse stays whole.

use aho_corasick::{AhoCorasick, MatchKind};
use rustc_hash::FxHashSet;

use crate::source::{is_word_byte, whole_words};

/// Words that start an import in some language: a body holding one is always walked,
/// because imports are the file's, wherever they are written.
const IMPORT_WORDS: &[&str] = &[
    "import",
    "require",
    "require_relative",
    "include",
    "using",
    "use",
];
/// A word that marks a pytest fixture (`@pytest.fixture`, above its name): its body
/// is always walked, since what it returns or yields is what a test asking for the
/// fixture receives.
const FIXTURE_WORDS: &[&str] = &["fixture"];
/// Names of the current object: `self.x = ...` in a body types a field of its class.
const SELF_WORDS: &[&str] = &["self", "this"];

/// The names a focused extraction keeps the uses of, ready to search file texts for.
pub struct Focus {
    names: FxHashSet<String>,
    /// The names, then [`IMPORT_WORDS`], [`FIXTURE_WORDS`] and [`SELF_WORDS`], longest
    /// match first (so
    /// that `getBean` is not taken for `get`).
    words: AhoCorasick,
}

impl Focus {
    /// A focus on `names` (none: only what resolution reads, no uses at all).
    pub fn on(names: &FxHashSet<String>) -> Focus {
        let mut patterns: Vec<&str> = names.iter().map(String::as_str).collect();
        patterns.extend(IMPORT_WORDS);
        patterns.extend(FIXTURE_WORDS);
        patterns.extend(SELF_WORDS);
        // Invariant: literal patterns always build an automaton.
        let words = AhoCorasick::builder()
            .match_kind(MatchKind::LeftmostLongest)
            .build(&patterns)
            .expect("literal words build an automaton");
        Focus {
            names: names.clone(),
            words,
        }
    }

    pub fn names(&self) -> &FxHashSet<String> {
        &self.names
    }

    /// Whether everything a focus on `names` keeps, this one keeps too.
    pub fn covers(&self, names: &FxHashSet<String>) -> bool {
        names.iter().all(|n| self.names.contains(n))
    }

    /// The byte offsets, in order, of the text a skipped body must not hold: whole
    /// words that are one of the names, start an import or mark a fixture, and
    /// `self.x =`-like field assignments.
    pub(super) fn marks(&self, src: &str) -> Vec<usize> {
        let imports = self.names.len() + IMPORT_WORDS.len() + FIXTURE_WORDS.len();
        whole_words(&self.words, src)
            .filter(|m| {
                m.pattern().as_usize() < imports || assigns_a_field(&src.as_bytes()[m.end()..])
            })
            .map(|m| m.start())
            .collect()
    }
}

/// Whether the text after `self`/`this` assigns one of its fields: `.name =` (not
/// `==`), `.name:` (an annotated assignment) or `->name =`.
fn assigns_a_field(after: &[u8]) -> bool {
    let mut i = 0;
    let skip_space = |i: &mut usize| {
        while after.get(*i).is_some_and(|c| c.is_ascii_whitespace()) {
            *i += 1;
        }
    };
    skip_space(&mut i);
    match after.get(i..i + 2) {
        Some([b'-', b'>', ..]) => i += 2,
        _ if after.get(i) == Some(&b'.') => i += 1,
        _ => return false,
    }
    skip_space(&mut i);
    let name_start = i;
    while after.get(i).is_some_and(|&c| is_word_byte(c)) {
        i += 1;
    }
    if i == name_start {
        return false;
    }
    skip_space(&mut i);
    match (after.get(i), after.get(i + 1)) {
        (Some(b'='), next) => next != Some(&b'='),
        (Some(b':'), next) => next != Some(&b':'),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn focus(names: &[&str]) -> Focus {
        Focus::on(&names.iter().map(|n| n.to_string()).collect())
    }

    #[test]
    fn marks_are_whole_words_imports_and_field_assignments() {
        let f = focus(&["get", "getBean"]);
        let src = "getBean(x); forget(y); get(z); import os; self.a = 1; self.b == 2; this.c: int; budget; @pytest.fixture;";
        let marked: Vec<&str> = f
            .marks(src)
            .into_iter()
            .map(|at| &src[at..at + src[at..].find([';', '(', ' ']).unwrap_or(0)])
            .collect();
        assert_eq!(
            marked,
            ["getBean", "get", "import", "self.a", "this.c:", "fixture"]
        );
    }

    #[test]
    fn a_focus_covers_its_own_names_and_fewer() {
        let f = focus(&["a", "b"]);
        let set =
            |names: &[&str]| -> FxHashSet<String> { names.iter().map(|n| n.to_string()).collect() };
        assert!(f.covers(&set(&["a"])));
        assert!(f.covers(&set(&[])));
        assert!(!f.covers(&set(&["c"])));
    }
}
