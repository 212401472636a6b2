//! `codesearch_search`'s score: how much of a query a definition covers, in 0..1.
//!
//! The query is split into words (spaces, `_`, camelCase humps; common English words
//! dropped). Each word counts for the best place it appears in: the definition's name
//! (1.0), its qualified name (0.9), its signature (0.75), its doc comment (0.7) or its
//! path (0.5); a word that is a prefix of a word there (or the reverse, both at least
//! three letters: `auth` and `authentication`) counts 0.8 of that. The score is the
//! mean over the query's words, so `1.0` means every word is in the name.

use crate::symbols::rank::split_words;
use crate::symbols::Symbol;

/// Words that carry no meaning in a code search.
const STOP_WORDS: &[&str] = &[
    "a", "an", "the", "of", "to", "in", "on", "for", "and", "or", "is", "are", "that", "this",
    "with", "by", "from", "how", "where", "what", "which", "does", "do", "code", "function",
    "method", "find",
];

/// A prepared query.
pub struct Query {
    words: Vec<String>,
    /// The first three letters of each word: any match contains one of them.
    stems: Vec<String>,
}

impl Query {
    pub fn new(text: &str) -> Query {
        let all = split_words(text);
        let meaningful: Vec<String> = all
            .iter()
            .filter(|w| !STOP_WORDS.contains(&w.as_str()))
            .cloned()
            .collect();
        let words = if meaningful.is_empty() {
            all
        } else {
            meaningful
        };
        let stems = words.iter().map(|w| w.chars().take(3).collect()).collect();
        Query { words, stems }
    }

    /// Whether a text holds a stem of the query (ASCII case folded): a cheap test
    /// that spares splitting the texts no word can match.
    fn mentions_stem(&self, text: &str) -> bool {
        self.stems.iter().any(|stem| {
            !stem.is_ascii()
                || text
                    .as_bytes()
                    .windows(stem.len())
                    .any(|w| w.eq_ignore_ascii_case(stem.as_bytes()))
        })
    }

    /// The score of one definition.
    pub fn score(&self, s: &Symbol) -> f64 {
        if self.words.is_empty() {
            return 0.0;
        }
        let path = s.path.to_string_lossy();
        let places: [(&str, f64); 5] = [
            (&s.name, 1.0),
            (&s.qualified_name, 0.9),
            (&s.signature, 0.75),
            (s.doc.as_deref().unwrap_or(""), 0.7),
            (&path, 0.5),
        ];
        let mut best = vec![0.0f64; self.words.len()];
        for (text, weight) in places {
            if !self.mentions_stem(text) {
                continue;
            }
            let words = split_words(text);
            for (b, w) in best.iter_mut().zip(&self.words) {
                *b = b.max(weight * best_match(w, &words));
            }
        }
        best.iter().sum::<f64>() / self.words.len() as f64
    }
}

/// 1.0 for the same word, 0.8 for a prefix either way (three letters or more), else 0.
fn best_match(word: &str, words: &[String]) -> f64 {
    let mut best: f64 = 0.0;
    for w in words {
        if w == word {
            return 1.0;
        }
        let (short, long) = if w.len() < word.len() {
            (w.as_str(), word)
        } else {
            (word, w.as_str())
        };
        if short.len() >= 3 && long.starts_with(short) {
            best = 0.8;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbols::Kind;
    use std::path::Path;

    fn sym(name: &str, qualified: &str, signature: &str, doc: Option<&str>) -> Symbol {
        Symbol {
            id: format!("a.py::{qualified}#function"),
            name: name.into(),
            qualified_name: qualified.into(),
            kind: Kind::Function,
            language: "python",
            path: Path::new("app/a.py").into(),
            line: 1,
            start_line: 1,
            end_line: 2,
            start_byte: 0,
            end_byte: 10,
            signature: signature.into(),
            long_header: None,
            doc: doc.map(str::to_string),
            parent: None,
            name_byte: 0,
            incomplete: false,
            bodiless: false,
            type_level: false,
        }
    }

    #[test]
    fn names_score_above_docs_and_identifiers_score_one() {
        let q = Query::new("authentication middleware");
        let exact = sym(
            "AuthenticationMiddleware",
            "AuthenticationMiddleware",
            "class AuthenticationMiddleware:",
            None,
        );
        assert_eq!(q.score(&exact), 1.0);
        let prefix = sym(
            "auth_middleware",
            "auth_middleware",
            "def auth_middleware(req):",
            None,
        );
        assert!((q.score(&prefix) - 0.9).abs() < 1e-9);
        let doc = sym(
            "check",
            "check",
            "def check(req):",
            Some("Authentication middleware for requests."),
        );
        assert!((q.score(&doc) - 0.7).abs() < 1e-9);
        let none = sym("render", "render", "def render():", None);
        assert_eq!(q.score(&none), 0.0);
        assert_eq!(
            Query::new("the AuthService").score(&sym(
                "AuthService",
                "AuthService",
                "class AuthService:",
                None
            )),
            1.0
        );
    }
}
