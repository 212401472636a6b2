//! find-symbol's ranking: how well a definition's name answers a half-remembered
//! query.
//!
//! Tiers, best first, each a band of scores so that a lower tier never outranks a
//! higher one: exact name (or qualified name) > the query's words run together equal
//! the name's (`auth service` = `AuthService` = `auth_service`) > prefix > overlap of
//! camelCase/snake_case words (`auth service` ~ `AuthenticationService`) > fuzzy
//! subsequence (fuzzy-matcher's skim algorithm). Ties are broken by kind (types and
//! functions before constants), then by path depth, path and line.

use std::cmp::Ordering;

use fuzzy_matcher::skim::SkimMatcherV2;
use fuzzy_matcher::FuzzyMatcher;

use super::Symbol;

const EXACT: f64 = 1000.0;
const QUALIFIED: f64 = 950.0;
const EXACT_FOLDED: f64 = 900.0;
const JOINED: f64 = 850.0;
const PREFIX: f64 = 700.0;
const WORDS: f64 = 400.0;
const FUZZY: f64 = 100.0;

/// A prepared query.
pub struct Query {
    raw: String,
    lower: String,
    /// The query's words, lower-cased (`auth service`, `authService` → auth, service).
    words: Vec<String>,
    /// The words run together (`authservice`).
    joined: String,
    fuzzy: SkimMatcherV2,
}

impl Query {
    pub fn new(query: &str) -> Query {
        let raw = query.trim().replace("::", ".");
        let words = split_words(&raw);
        Query {
            lower: raw.to_lowercase(),
            joined: words.concat(),
            words,
            raw,
            fuzzy: SkimMatcherV2::default(),
        }
    }

    /// The score of a symbol, or None when it does not match at all.
    pub fn score(&self, sym: &Symbol) -> Option<f64> {
        let name = sym.name.as_str();
        if name == self.raw {
            return Some(EXACT);
        }
        if sym.qualified_name == self.raw || qualified_suffix(&sym.qualified_name, &self.raw) {
            return Some(QUALIFIED);
        }
        let lower = name.to_lowercase();
        if lower == self.lower {
            return Some(EXACT_FOLDED);
        }
        let name_words = split_words(name);
        let name_joined = name_words.concat();
        if !self.joined.is_empty() && name_joined == self.joined {
            return Some(JOINED);
        }
        if !self.joined.is_empty() && name_joined.starts_with(&self.joined) {
            // Closer in length is better: `auth` prefers `authn` over `authorization`.
            let extra = (name_joined.len() - self.joined.len()) as f64;
            return Some(PREFIX + 100.0 / (1.0 + extra));
        }
        if let Some(w) = self.word_overlap(&name_words) {
            return Some(WORDS + w);
        }
        // Most names fail here; the cheap subsequence test spares them skim's scoring.
        if !is_subsequence(&self.joined, &name_joined) {
            return None;
        }
        let s = self.fuzzy.fuzzy_match(name, &self.raw.replace(' ', ""))?;
        // Map skim's unbounded score into the fuzzy band (below the word tier).
        let s = s.max(0) as f64;
        Some(FUZZY + 250.0 * s / (s + 50.0))
    }

    /// Whether a symbol matches `--exact`: its name or qualified name, as written.
    pub fn is_exact(&self, sym: &Symbol) -> bool {
        sym.name == self.raw
            || sym.qualified_name == self.raw
            || qualified_suffix(&sym.qualified_name, &self.raw)
    }

    /// 0..300: every query word must match a name word exactly or as its prefix
    /// (`auth` ~ `authentication`); exact words count more, extra name words less.
    fn word_overlap(&self, name_words: &[String]) -> Option<f64> {
        if self.words.is_empty() || name_words.is_empty() {
            return None;
        }
        let mut total = 0.0;
        for q in &self.words {
            let best = name_words
                .iter()
                .map(|w| {
                    if w == q {
                        1.0
                    } else if w.starts_with(q.as_str()) && q.len() >= 2 {
                        0.7
                    } else {
                        0.0
                    }
                })
                .fold(0.0, f64::max);
            if best == 0.0 {
                return None;
            }
            total += best;
        }
        let coverage = total / self.words.len() as f64;
        let unmatched = name_words.len().saturating_sub(self.words.len()) as f64;
        Some(250.0 * coverage + 50.0 / (1.0 + unmatched))
    }
}

/// Whether the characters of `needle` appear in order in `haystack`.
fn is_subsequence(needle: &str, haystack: &str) -> bool {
    let mut h = haystack.chars();
    needle.chars().all(|c| h.by_ref().any(|x| x == c))
}

/// `Class.method` matches `pkg.Class.method` (whole components only).
fn qualified_suffix(qualified: &str, query: &str) -> bool {
    query.contains('.')
        && qualified.len() > query.len()
        && qualified.ends_with(query)
        && qualified.as_bytes()[qualified.len() - query.len() - 1] == b'.'
}

/// Splits an identifier or a query into lower-case words at spaces, `_`, `-`, `.`,
/// digits boundaries and camelCase humps (`HTTPServer` → http, server).
pub fn split_words(s: &str) -> Vec<String> {
    let mut words = Vec::new();
    let chars: Vec<char> = s.chars().collect();
    let mut cur = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if !c.is_alphanumeric() {
            if !cur.is_empty() {
                words.push(std::mem::take(&mut cur));
            }
            continue;
        }
        if c.is_uppercase() && !cur.is_empty() {
            let prev = chars[i - 1];
            let next_lower = chars.get(i + 1).is_some_and(|n| n.is_lowercase());
            // a|B (camel hump) or HTTP|Server (end of an acronym).
            if prev.is_lowercase() || prev.is_ascii_digit() || (prev.is_uppercase() && next_lower) {
                words.push(std::mem::take(&mut cur));
            }
        }
        cur.extend(c.to_lowercase());
    }
    if !cur.is_empty() {
        words.push(cur);
    }
    words
}

/// A scored result.
#[derive(Debug, Clone)]
pub struct Ranked {
    pub symbol: Symbol,
    pub score: f64,
}

/// Scores every symbol, keeps the matches and sorts them best first.
pub fn rank(query: &Query, symbols: Vec<Symbol>, exact: bool) -> Vec<Ranked> {
    let mut out: Vec<Ranked> = symbols
        .into_iter()
        .filter_map(|symbol| {
            if exact && !query.is_exact(&symbol) {
                return None;
            }
            let score = query.score(&symbol)?;
            Some(Ranked { symbol, score })
        })
        .collect();
    sort_ranked(&mut out);
    out
}

/// Best first: score, then kind, path depth, path and line.
pub fn sort_ranked(ranked: &mut [Ranked]) {
    ranked.sort_by(compare);
}

fn compare(a: &Ranked, b: &Ranked) -> Ordering {
    b.score
        .total_cmp(&a.score)
        .then_with(|| a.symbol.kind.tie_rank().cmp(&b.symbol.kind.tie_rank()))
        .then_with(|| {
            a.symbol
                .path
                .components()
                .count()
                .cmp(&b.symbol.path.components().count())
        })
        .then_with(|| a.symbol.path.cmp(&b.symbol.path))
        .then_with(|| a.symbol.start_line.cmp(&b.symbol.start_line))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbols::{make_id, Kind};

    fn sym(name: &str, kind: Kind, path: &str) -> Symbol {
        Symbol {
            id: make_id(std::path::Path::new(path), name, kind),
            name: name.to_string(),
            qualified_name: name.to_string(),
            kind,
            language: "python".into(),
            path: path.into(),
            line: 1,
            start_line: 1,
            end_line: 1,
            start_byte: 0,
            end_byte: 0,
            signature: String::new(),
            doc: None,
            parent: None,
            name_byte: 0,
        }
    }

    fn names(query: &str, symbols: Vec<Symbol>) -> Vec<String> {
        rank(&Query::new(query), symbols, false)
            .into_iter()
            .map(|r| r.symbol.name)
            .collect()
    }

    #[test]
    fn words_split_at_camel_humps_acronyms_and_separators() {
        assert_eq!(split_words("HTTPServer"), ["http", "server"]);
        assert_eq!(split_words("auth_service"), ["auth", "service"]);
        assert_eq!(split_words("getURLFor2"), ["get", "url", "for2"]);
        assert_eq!(split_words("auth service"), ["auth", "service"]);
    }

    #[test]
    fn auth_service_finds_all_three_spellings() {
        let got = names(
            "auth service",
            vec![
                sym("unrelated", Kind::Function, "a.py"),
                sym("AuthenticationService", Kind::Class, "a.py"),
                sym("auth_service", Kind::Function, "a.py"),
                sym("AuthService", Kind::Class, "a.py"),
            ],
        );
        assert_eq!(
            got,
            ["AuthService", "auth_service", "AuthenticationService"]
        );
    }

    #[test]
    fn tiers_exact_then_prefix_then_words_then_fuzzy() {
        let got = names(
            "login",
            vec![
                sym("blogIndex", Kind::Function, "a.py"),
                sym("user_login", Kind::Function, "a.py"),
                sym("login_user", Kind::Function, "a.py"),
                sym("login", Kind::Function, "a.py"),
            ],
        );
        assert_eq!(got, ["login", "login_user", "user_login", "blogIndex"]);
    }

    #[test]
    fn ties_prefer_types_and_functions_then_shallow_paths() {
        let got: Vec<(String, String)> = rank(
            &Query::new("Config"),
            vec![
                sym("Config", Kind::Constant, "a.py"),
                sym("Config", Kind::Function, "deep/er/b.py"),
                sym("Config", Kind::Function, "b.py"),
                sym("Config", Kind::Class, "z/c.py"),
            ],
            false,
        )
        .into_iter()
        .map(|r| {
            (
                r.symbol.kind.to_string(),
                r.symbol.path.display().to_string(),
            )
        })
        .collect();
        assert_eq!(
            got,
            [
                ("class".into(), "z/c.py".into()),
                ("function".into(), "b.py".into()),
                ("function".into(), "deep/er/b.py".into()),
                ("constant".into(), "a.py".into()),
            ]
        );
    }

    #[test]
    fn exact_mode_keeps_only_the_name_or_qualified_name() {
        let mut m = sym("login", Kind::Method, "a.py");
        m.qualified_name = "Auth.login".into();
        let symbols = vec![m, sym("login_user", Kind::Function, "a.py")];
        let got = rank(&Query::new("Auth.login"), symbols.clone(), true);
        assert_eq!(got.len(), 1);
        assert_eq!(rank(&Query::new("login"), symbols, true).len(), 1);
    }

    #[test]
    fn unrelated_names_do_not_match() {
        assert!(names("zzz", vec![sym("login", Kind::Function, "a.py")]).is_empty());
    }
}
