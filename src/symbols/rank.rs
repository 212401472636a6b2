//! find-symbol's ranking: how well a definition answers a half-remembered query.
//!
//! Tiers, best first, each a band of scores so that a lower tier never outranks a
//! higher one:
//! 1. the name or the qualified name exactly as typed, then the name case-folded;
//! 2. the query's words run together equal the name's (`auth service` = `AuthService`
//!    = `auth_service`), or those of a member's container and name together
//!    (`order service create` = `OrderService.create`); just below, the same words
//!    with abbreviations spelled out (`db cache` = `DatabaseCache`);
//! 3. the name (or container and name) starts with the query's words;
//! 4. every query word is found among the name's words (as itself, as a common
//!    abbreviation `cfg` ~ `config`, or as a prefix `auth` ~ `authentication`), among
//!    the words of the symbol's container, or, counting for less, among the words of
//!    its file's path (`http client get` ~ `get` in `http/client.py`); at least one
//!    must be in the name itself;
//! 5. fuzzy subsequence of the name (fuzzy-matcher's skim algorithm).
//!
//! Words are split at camelCase humps, separators and digits; a lowercase run such as
//! C's `bufnew` is split further when known words (the query's own or the
//! abbreviations') cover it whole, and a run-together query word (`queryset`) matches
//! the name's words it is made of.
//!
//! Within a tier the kind of definition and its place count a little: tests, and the
//! definitions of documents and data (Markdown headings, keys, selectors...) lose
//! points, so that the code they test or describe comes first at equal text
//! scores; a test needs a clearly better match than code to outrank it. Query words
//! that the path repeats add a point or two (`send mail` prefers `send_mail` in
//! `mail/`). A constructor is folded into its class: when the class matches, only the
//! class is listed. Remaining ties are broken by public before private names
//! (`_helper`), kind (types and functions before constants), then by path depth, path
//! and line.

use std::cell::RefCell;
use std::cmp::Ordering;
use std::collections::HashSet;
use std::path::Path;

use aho_corasick::AhoCorasick;
use fuzzy_matcher::skim::SkimMatcherV2;
use fuzzy_matcher::FuzzyMatcher;
use rustc_hash::FxHashSet;

use super::name_mask::{path_holds, FileGate, GateQuery, MaskGate, NameMask, NameScreen, PairSet};
use super::{Kind, Symbol};

const EXACT: f64 = 1000.0;
const QUALIFIED: f64 = 950.0;
const EXACT_FOLDED: f64 = 900.0;
const JOINED: f64 = 850.0;
const JOINED_ABBREVIATED: f64 = 825.0;
const PREFIX: f64 = 700.0;
const WORDS: f64 = 400.0;
const FUZZY: f64 = 100.0;

/// A test keeps this share of its score within its tier, and loses a few points more
/// (more than the path can add back): below the code it tests at an equal text score, and needing a clearly better
/// text match to outrank code (test names describe behaviour in many words, so they
/// match descriptive queries by construction), without falling from its tier.
const TEST_SHARE: f64 = 0.8;
const TEST_PENALTY: f64 = 4.0;
/// At most this many points for query words that the path repeats (`send mail` ~
/// `send_mail` in `mail/__init__.py`): a tie-break among equal names, far below a tier.
const PATH_ECHO: f64 = 3.0;
/// Points a document or data definition (heading, key, selector...) loses: below code
/// definitions at an equal text score, whatever the path adds.
const DATA_PENALTY: f64 = 8.0;

/// What a query word found in one place is worth, against 1.0 for the same word in
/// the name: an abbreviation or a run of the name's words, a word of the container
/// (`OrderService` for `create`), a word of the path.
const ABBREVIATED: f64 = 0.9;
const PREFIXED: f64 = 0.7;
const IN_CONTAINER: f64 = 0.9;
const IN_PATH: f64 = 0.35;

/// Words developers abbreviate, each group one meaning. Short on purpose: only
/// abbreviations that rarely mean anything else.
const ABBREVIATIONS: &[&[&str]] = &[
    &["msg", "message"],
    &["cfg", "conf", "config", "configuration"],
    &["ctx", "context"],
    &["impl", "implementation"],
    &["init", "initialize", "initialise", "initialization"],
    &["btn", "button"],
    &["req", "request"],
    &["res", "resp", "response"],
    &["err", "error"],
    &["str", "string"],
    &["num", "number"],
    &["db", "database"],
    &["fn", "func", "function"],
    &["obj", "object"],
    &["arg", "argument"],
    &["param", "parameter"],
    &["app", "application"],
    &["env", "environment"],
    &["dir", "directory"],
    &["buf", "buffer"],
    &["attr", "attribute"],
    &["idx", "index"],
    &["len", "length"],
    &["mgr", "manager"],
    &["tmp", "temp", "temporary"],
];

/// The abbreviation group of a word, plural `s` ignored (`errors` ~ `err`).
fn abbreviation_group(word: &str) -> Option<usize> {
    let find = |w: &str| ABBREVIATIONS.iter().position(|g| g.contains(&w));
    find(word).or_else(|| {
        word.strip_suffix('s')
            .filter(|w| w.len() >= 2)
            .and_then(find)
    })
}

/// The words a lowercase run may be split into. Splitting a run tries every piece of
/// it, for every name a search scores: a piece is first looked up by its length and
/// its first two letters (few known words share them), and hashed only when those fit.
struct KnownWords {
    words: FxHashSet<String>,
    /// For each first letter `a`..`z`, a bit per second letter of a known word.
    heads: [u32; 26],
    longest: usize,
}

impl KnownWords {
    fn new(words: impl IntoIterator<Item = String>) -> KnownWords {
        let words: FxHashSet<String> = words.into_iter().collect();
        let mut heads = [0u32; 26];
        for w in &words {
            if let Some((first, second)) = KnownWords::head(w.as_bytes()) {
                heads[first] |= 1 << second;
            }
        }
        let longest = words.iter().map(String::len).max().unwrap_or(0);
        KnownWords {
            words,
            heads,
            longest,
        }
    }

    /// The first two letters of a word as positions in the alphabet, when both are
    /// lowercase ASCII letters.
    fn head(w: &[u8]) -> Option<(usize, usize)> {
        match w {
            [a @ b'a'..=b'z', b @ b'a'..=b'z', ..] => {
                Some(((a - b'a') as usize, (b - b'a') as usize))
            }
            _ => None,
        }
    }

    fn contains(&self, w: &str) -> bool {
        if w.len() > self.longest {
            return false;
        }
        match KnownWords::head(w.as_bytes()) {
            Some((first, second)) if self.heads[first] & (1 << second) == 0 => false,
            _ => self.words.contains(w),
        }
    }
}

/// A prepared query.
pub struct Query {
    raw: String,
    lower: String,
    /// Whether the query is one token (no whitespace).
    single_token: bool,
    /// The query's words, lower-cased (`auth service`, `authService` → auth, service).
    words: Vec<String>,
    /// Each word's abbreviation group.
    groups: Vec<Option<usize>>,
    /// The words run together (`authservice`).
    joined: String,
    /// Words a lowercase run of a name may be split into: the query's words and the
    /// abbreviations' words.
    known: KnownWords,
    /// Whether a name's words run together hold a query word, a word of its
    /// abbreviation group, or a known word it begins with (two letters at least): all
    /// of them found in one pass.
    word_parts: AhoCorasick,
    /// What every tier needs of a name's letters and of the pairs of its file's names.
    gate: MaskGate,
    /// The query as skim's pattern (without spaces).
    fuzzy_pattern: String,
}

/// The query words a file's path can match, one bit per word (from
/// [`Query::path_cover`]); words past the 64th always count as matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PathCover(u64);

/// What the path of a definition says about it, computed once per file.
struct Place {
    /// The words of the directories and of the file name without its extension.
    words: Vec<String>,
    test: bool,
    /// How many components the path has (shallower paths rank first on ties).
    depth: usize,
    /// The last container a scored name of the file was in, and its words: a file's
    /// members come container by container, and splitting its name for each of them
    /// was a tenth of a search.
    last_container: RefCell<Option<(String, Vec<String>)>>,
}

impl Place {
    fn of(path: &Path) -> Place {
        let parts: Vec<String> = path
            .components()
            .filter_map(|c| match c {
                std::path::Component::Normal(s) => Some(s.to_string_lossy().into_owned()),
                _ => None,
            })
            .collect();
        let mut words = Vec::new();
        for (i, part) in parts.iter().enumerate() {
            let part = if i + 1 == parts.len() {
                part.split_once('.').map_or(part.as_str(), |(stem, _)| stem)
            } else {
                part.as_str()
            };
            words.extend(split_words(part));
        }
        Place {
            words,
            test: is_test_path(&parts),
            depth: path.components().count(),
            last_container: RefCell::new(None),
        }
    }

    /// `f` of the words of `container` (none without one), split by `query`.
    fn with_container_words<R>(
        &self,
        container: Option<&str>,
        query: &Query,
        f: impl FnOnce(&[String]) -> R,
    ) -> R {
        let Some(container) = container else {
            return f(&[]);
        };
        let mut last = self.last_container.borrow_mut();
        match &*last {
            Some((name, words)) if name == container => f(words),
            _ => {
                let words = query.name_words(container);
                let answer = f(&words);
                *last = Some((container.to_string(), words));
                answer
            }
        }
    }
}

/// Whether a file holds tests, by the conventions of the common test runners: a
/// directory named test, tests, spec or __tests__, a JVM test source set
/// (`src/test`, `src/androidTest`, `src/jvmTest`...), or a file named `test_*.py`,
/// `*_test.py`, `*_test.go`, `*Test.java` / `*Tests.kt` / `*Test.cs`, `*_spec.rb`,
/// `*.test.ts` or `*.spec.js`.
fn is_test_path(parts: &[String]) -> bool {
    let Some((file, dirs)) = parts.split_last() else {
        return false;
    };
    let test_dir = dirs.iter().enumerate().any(|(i, d)| {
        matches!(d.as_str(), "test" | "tests" | "spec" | "__tests__")
            || (i > 0 && dirs[i - 1] == "src" && d.len() > 4 && d.ends_with("Test"))
    });
    if test_dir {
        return true;
    }
    let Some((stem, ext)) = file.rsplit_once('.') else {
        return false;
    };
    match ext {
        "py" => stem.starts_with("test_") || stem.ends_with("_test"),
        "go" => stem.ends_with("_test"),
        "java" | "kt" | "scala" | "groovy" | "cs" => {
            stem.len() > 4 && (stem.ends_with("Test") || stem.ends_with("Tests"))
        }
        "rb" => stem.ends_with("_spec") || stem.ends_with("_test"),
        "js" | "jsx" | "ts" | "tsx" | "mjs" | "cjs" | "mts" | "cts" => {
            stem.ends_with(".test") || stem.ends_with(".spec")
        }
        _ => false,
    }
}

/// The lowest score of the tier a score is in.
fn tier_floor(score: f64) -> f64 {
    if score >= JOINED {
        score
    } else if score >= PREFIX {
        PREFIX
    } else if score >= WORDS {
        WORDS
    } else {
        FUZZY
    }
}

/// Private by the naming convention of Python, JavaScript and others (`_helper`, but
/// not the protocol names `__init__`).
fn is_private(name: &str) -> bool {
    name.starts_with('_') && !(name.starts_with("__") && name.ends_with("__"))
}

/// Kinds that name parts of documents and data rather than code.
fn is_data_kind(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::Heading | Kind::Key | Kind::Selector | Kind::Element | Kind::Table | Kind::Block
    )
}

/// The qualified name of a definition's container (`OrderService` for
/// `OrderService.create`), when the qualified name is the container's plus the name.
fn container<'a>(name: &str, qualified_name: &'a str) -> Option<&'a str> {
    qualified_name
        .strip_suffix(name)?
        .strip_suffix('.')
        .filter(|c| !c.is_empty())
}

/// Whether a method is its class's constructor, by each language's convention.
fn is_constructor(d: &NameParts<'_>, language: &str) -> bool {
    if !matches!(d.kind, Kind::Method | Kind::Function) {
        return false;
    }
    let Some(class) = container(d.name, d.qualified_name) else {
        return false;
    };
    constructs(language, d.name, class.rsplit('.').next().unwrap_or(class))
}

/// Whether a method called `name`, defined in a type called `class`, is that type's
/// constructor in `language` (Go and Rust have none: a method named like its type is
/// an ordinary method).
pub fn constructs(language: &str, name: &str, class: &str) -> bool {
    match language {
        "java" | "csharp" | "cpp" => name == class,
        "kotlin" => name == class || name == "constructor",
        "python" => name == "__init__",
        "javascript" | "typescript" | "tsx" => name == "constructor",
        "php" => name == "__construct",
        "ruby" => name == "initialize",
        "swift" => name == "init",
        _ => false,
    }
}

/// What ranking reads of a definition: its name in the forms the tiers compare, its
/// kind and its first line. The index keeps these per definition, so that a search
/// ranks every definition without decoding any, and decodes only those it shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NameParts<'a> {
    pub name: &'a str,
    pub qualified_name: &'a str,
    /// The name's words run together, lower-cased.
    pub name_joined: &'a str,
    /// The name's words, lower-cased, separated by spaces.
    pub name_words: &'a str,
    /// The same for the last component of its container, if any.
    pub parent_joined: Option<&'a str>,
    pub kind: Kind,
    pub start_line: usize,
}

/// [`NameParts`] owned, as computed from a symbol.
pub struct NameKey {
    name_joined: String,
    name_words: String,
    parent_joined: Option<String>,
}

impl NameKey {
    pub fn of(sym: &Symbol) -> NameKey {
        let words = split_words(&sym.name);
        NameKey {
            name_joined: words.concat(),
            name_words: words.join(" "),
            parent_joined: container(&sym.name, &sym.qualified_name)
                .map(|c| joined_words(c.rsplit('.').next().unwrap_or(c))),
        }
    }

    pub fn parts<'a>(&'a self, sym: &'a Symbol) -> NameParts<'a> {
        NameParts {
            name: &sym.name,
            qualified_name: &sym.qualified_name,
            name_joined: &self.name_joined,
            name_words: &self.name_words,
            parent_joined: self.parent_joined.as_deref(),
            kind: sym.kind,
            start_line: sym.start_line,
        }
    }
}

/// Calls `visit` with the name parts of `symbols`, in their order.
pub fn with_name_parts<R>(symbols: &[Symbol], visit: impl FnOnce(&[NameParts<'_>]) -> R) -> R {
    let keys: Vec<NameKey> = symbols.iter().map(NameKey::of).collect();
    let parts: Vec<NameParts> = keys.iter().zip(symbols).map(|(k, s)| k.parts(s)).collect();
    visit(&parts)
}

impl Query {
    /// Whether the query can match a definition with these name parts, in a file whose
    /// path covers the query words of `in_path` (see [`Query::path_cover`]): a
    /// necessary condition of every scoring tier, cheap and without allocation.
    /// [`rank_file`] applies it first, so a search that skips what fails it finds
    /// exactly the same results.
    pub fn may_match(&self, k: &NameParts<'_>, in_path: PathCover, exact: bool) -> bool {
        let named = k.name == self.raw
            || k.qualified_name == self.raw
            || qualified_suffix(k.qualified_name, &self.raw);
        if exact || named {
            return named;
        }
        if self.folded_equal(k.name) {
            return true;
        }
        if self.joined.is_empty() {
            return false;
        }
        // The word tiers need some query word to match a word of the name: it is in
        // the name, or a word of its abbreviation group is, or it begins with one of
        // the name's words or with a known word (a query word or an abbreviation) that
        // is in the name (a run-together query word made of the name's words).
        if is_subsequence(&self.joined, k.name_joined)
            || ((self.word_parts.is_match(k.name_joined)
                || k.name_words
                    .as_bytes()
                    .split(|&b| b == b' ')
                    .any(|w| self.heads_a_query_word(w)))
                && self.every_word_placed(k, in_path))
        {
            return true;
        }
        // A member named through its container (`order service create`).
        k.parent_joined.is_some_and(|p| {
            !p.is_empty()
                && self.joined.len() > p.len()
                && self.joined.starts_with(p)
                && k.name_joined.starts_with(&self.joined[p.len()..])
        })
    }

    /// What the gate needs to know of a file: the pairs of its names, and the query
    /// words its path covers (see [`Query::path_cover`]).
    pub fn file_gate(&self, pairs: &PairSet, in_path: PathCover) -> FileGate {
        self.gate.for_file(pairs, in_path.0)
    }

    /// Whether a definition whose name parts have `mask` may match, in a file with gate
    /// `file`: implied by [`Query::may_match`], and decided from what is stored of the
    /// name, without decoding it.
    pub fn admits(&self, mask: NameMask, file: FileGate) -> bool {
        self.gate.admits(mask, file)
    }

    /// Whether word `w` of a name (two letters at least) begins a query word: a
    /// run-together query word may be made of the name's words. In bytes: splitting
    /// at spaces per name cost more than the test itself.
    fn heads_a_query_word(&self, w: &[u8]) -> bool {
        w.len() >= 2 && self.words.iter().any(|q| q.as_bytes().starts_with(w))
    }

    /// Whether `name` case-folded is a query of one token (`authservice` =
    /// `AuthService`).
    fn folded_equal(&self, name: &str) -> bool {
        if !self.single_token {
            return false;
        }
        if name.is_ascii() && self.lower.is_ascii() {
            return name.eq_ignore_ascii_case(&self.lower);
        }
        name.chars()
            .flat_map(char::to_lowercase)
            .eq(self.lower.chars())
    }

    /// The query words a file's path can match (a bit per word), as the word tier
    /// reads the path: a word of a directory or of the file name that is the query
    /// word, begins with it, or is of its abbreviation group.
    pub fn path_cover(&self, path: &Path) -> PathCover {
        let Some(path) = path.to_str().filter(|p| p.is_ascii()) else {
            // Non-ASCII words are lower-cased character by character: assume any.
            return PathCover(u64::MAX);
        };
        let lower = path.to_ascii_lowercase();
        let mut bits = 0;
        for (i, (q, g)) in self.words.iter().zip(&self.groups).enumerate() {
            if i >= 64 || self.held_in(q, *g, &lower) {
                bits |= 1 << i.min(63);
            }
        }
        PathCover(bits)
    }

    /// Whether every query word can be matched somewhere the word tier looks: the
    /// name, its container or the path. The tier gives no score otherwise.
    fn every_word_placed(&self, k: &NameParts<'_>, in_path: PathCover) -> bool {
        self.words
            .iter()
            .zip(&self.groups)
            .enumerate()
            .all(|(i, (q, g))| {
                let ran = |s: &str| self.held_in(q, *g, s) || run_of_words_in(q, s);
                path_holds(in_path.0, i) || ran(k.name_joined) || k.parent_joined.is_some_and(ran)
            })
    }

    /// Whether `text` (lower-case) holds query word `q` or a word of its abbreviation
    /// group: where any word that matches `q` is found, it holds one of them.
    fn held_in(&self, q: &str, group: Option<usize>, text: &str) -> bool {
        text.contains(q) || group_held_in(group, text)
    }

    pub fn new(query: &str) -> Query {
        let raw = query.trim().replace("::", ".");
        let words = split_words(&raw);
        let known = KnownWords::new(
            ABBREVIATIONS
                .iter()
                .flat_map(|g| g.iter().map(|w| w.to_string()))
                .chain(words.iter().filter(|w| w.len() >= 2).cloned()),
        );
        let groups: Vec<Option<usize>> = words.iter().map(|w| abbreviation_group(w)).collect();
        let mut parts: Vec<&str> = words.iter().map(String::as_str).collect();
        parts.extend(
            groups
                .iter()
                .flatten()
                .flat_map(|&g| ABBREVIATIONS[g].iter().copied()),
        );
        parts.extend(words.iter().flat_map(|q| {
            known
                .words
                .iter()
                .filter(move |k| k.len() >= 2 && q.starts_with(k.as_str()))
                .map(String::as_str)
        }));
        let group_words: Vec<&[&str]> = groups
            .iter()
            .map(|g| g.map_or(&[][..], |g| ABBREVIATIONS[g]))
            .collect();
        let lower = raw.to_lowercase();
        let single_token = !raw.contains(char::is_whitespace);
        let gate = MaskGate::new(&GateQuery {
            raw: &raw,
            folded: single_token.then_some(lower.as_str()),
            words: &words,
            groups: &group_words,
            word_parts: &parts,
        });
        // Invariant: a few dozen short literal words always build an automaton.
        let word_parts = AhoCorasick::new(parts).expect("query words build an automaton");
        Query {
            word_parts,
            gate,
            lower,
            single_token,
            joined: words.concat(),
            groups,
            words,
            known,
            fuzzy_pattern: raw.replace(' ', ""),
            raw,
        }
    }

    fn score_at(&self, d: &NameParts<'_>, place: &Place) -> Option<f64> {
        let mut score = self.text_score(d, place)?;
        if place.test {
            let floor = tier_floor(score);
            score = floor + (score - floor) * TEST_SHARE - TEST_PENALTY;
        }
        if is_data_kind(d.kind) {
            score -= DATA_PENALTY;
        }
        let echoed = self
            .words
            .iter()
            .filter(|q| place.words.contains(q))
            .count();
        if echoed > 0 {
            score += PATH_ECHO * echoed as f64 / self.words.len() as f64;
        }
        Some(score)
    }

    /// How well the name, the container and the path answer the query.
    fn text_score(&self, d: &NameParts<'_>, place: &Place) -> Option<f64> {
        let name = d.name;
        if name == self.raw {
            return Some(EXACT);
        }
        if d.qualified_name == self.raw || qualified_suffix(d.qualified_name, &self.raw) {
            return Some(QUALIFIED);
        }
        // Only for a single-token query (`authservice` = `AuthService`): a query of
        // several words equal to a heading's text is a match of words, in the tier
        // below, where code comes first.
        if self.single_token && name.to_lowercase() == self.lower {
            return Some(EXACT_FOLDED);
        }
        if self.joined.is_empty() {
            return None;
        }
        // Splitting a lowercase run changes the words, never their concatenation.
        let name_joined = d.name_joined;
        if name_joined == self.joined {
            return Some(JOINED);
        }
        let by_container = d
            .parent_joined
            .and_then(|p| self.container_score(p, name_joined));
        if by_container == Some(JOINED) {
            return by_container;
        }
        let by_prefix = name_joined.starts_with(&self.joined).then(|| {
            // Closer in length is better: `auth` prefers `authn` over `authorization`.
            let extra = (name_joined.len() - self.joined.len()) as f64;
            PREFIX + 100.0 / (1.0 + extra)
        });
        // The word tiers need a query word in the name: most names fail this cheap
        // test and are spared the splitting of their runs.
        let by_words = if self.may_share_a_word(name_joined) {
            let name_words = self.name_words(name);
            if self.same_words_abbreviated(&name_words) {
                return Some(JOINED_ABBREVIATED);
            }
            let parent =
                container(name, d.qualified_name).map(|c| c.rsplit('.').next().unwrap_or(c));
            place
                .with_container_words(parent, self, |parent_words| {
                    self.word_overlap(&name_words, parent_words, &place.words)
                })
                .map(|w| WORDS + w)
        } else {
            None
        };
        let best = [by_container, by_prefix, by_words]
            .into_iter()
            .flatten()
            .reduce(f64::max);
        if best.is_some() {
            return best;
        }
        // Most names fail here; the cheap subsequence test spares them skim's scoring.
        if !is_subsequence(&self.joined, name_joined) {
            return None;
        }
        // A matcher per name: skim reuses its score matrix from call to call and reads
        // cells the call before left in it, so a shared one scores a name differently
        // depending on what the same thread scored just before (on a pool, on how the
        // work was shared out), and its switch to turn the reuse off panics.
        let s = SkimMatcherV2::default().fuzzy_match(name, &self.fuzzy_pattern)?;
        // Map skim's unbounded score into the fuzzy band (below the word tier).
        let s = s.max(0) as f64;
        Some(FUZZY + 250.0 * s / (s + 50.0))
    }

    /// Whether some query word may match a word of the name: the name's words run
    /// together hold it (a word equal to it or beginning with it), a word of its
    /// abbreviation group, or its first and last two letters (it may be a run of the
    /// name's words). A necessary condition of the word tiers.
    fn may_share_a_word(&self, name_joined: &str) -> bool {
        self.words.iter().zip(&self.groups).any(|(q, g)| {
            name_joined.contains(q.as_str())
                || group_held_in(*g, name_joined)
                || run_of_words_in(q, name_joined)
        })
    }

    /// Whether the name is the query's words in order, some abbreviated on one side and
    /// spelled out on the other (`db cache` = `DatabaseCache`, `http request` =
    /// `HttpReq`).
    fn same_words_abbreviated(&self, name_words: &[String]) -> bool {
        name_words.len() == self.words.len()
            && self.groups.iter().any(Option::is_some)
            && self
                .words
                .iter()
                .zip(&self.groups)
                .zip(name_words)
                .all(|((q, g), w)| q == w || (g.is_some() && abbreviation_group(w) == *g))
    }

    /// The joined and prefix tiers for a member named through its container: the query
    /// must reach past the container into the member's name, so that querying a class
    /// does not list all its methods.
    fn container_score(&self, parent_joined: &str, name_joined: &str) -> Option<f64> {
        if parent_joined.is_empty() || self.joined.len() <= parent_joined.len() {
            return None;
        }
        let whole = format!("{parent_joined}{name_joined}");
        if whole == self.joined {
            return Some(JOINED);
        }
        let extra = whole.strip_prefix(self.joined.as_str())?.len() as f64;
        Some(PREFIX + 100.0 / (1.0 + extra))
    }

    /// Whether a definition matches `--exact`: its name or qualified name, as written.
    fn is_exact(&self, d: &NameParts<'_>) -> bool {
        d.name == self.raw
            || d.qualified_name == self.raw
            || qualified_suffix(d.qualified_name, &self.raw)
    }

    /// The words of an identifier, a lowercase run split further when known words
    /// cover it whole (`bufnew` → buf, new).
    fn name_words(&self, name: &str) -> Vec<String> {
        let mut out = Vec::new();
        for word in split_words(name) {
            if word.len() >= 4 && !self.known.contains(&word) {
                if let Some(parts) = split_run(&word, |p| self.known.contains(p)) {
                    out.extend(parts);
                    continue;
                }
            }
            out.push(word);
        }
        out
    }

    /// 0..300: every query word must be found in the name, the container or the path
    /// (at least one in the name), each place counting less than the one before;
    /// exact words count more than abbreviations and prefixes, extra name words less.
    fn word_overlap(&self, name: &[String], parent: &[String], path: &[String]) -> Option<f64> {
        if self.words.is_empty() || name.is_empty() {
            return None;
        }
        let mut total = 0.0;
        let mut in_name = 0;
        for (q, group) in self.words.iter().zip(&self.groups) {
            let best_in = |words: &[String]| {
                words
                    .iter()
                    .map(|w| word_match(q, *group, w))
                    .fold(0.0, f64::max)
            };
            let mut best = best_in(name);
            if best > 0.0 {
                in_name += 1;
            } else if let Some(parts) = split_run(q, |p| name.iter().any(|w| w == p)) {
                // A run-together query word (`queryset`) made of the name's words.
                best = ABBREVIATED;
                in_name += parts.len();
            } else {
                best = IN_CONTAINER * best_in(parent);
                if best == 0.0 && split_run(q, |p| parent.iter().any(|w| w == p)).is_some() {
                    best = IN_CONTAINER * ABBREVIATED;
                }
                if best == 0.0 {
                    best = IN_PATH * best_in(path);
                }
            }
            if best == 0.0 {
                return None;
            }
            total += best;
        }
        if in_name == 0 {
            return None;
        }
        let coverage = total / self.words.len() as f64;
        let unmatched = name.len().saturating_sub(in_name) as f64;
        Some(250.0 * coverage + 50.0 / (1.0 + unmatched))
    }
}

/// How well one query word matches one word of a name: itself 1.0, the same
/// abbreviation group 0.9, a prefix of it (two letters at least) 0.7.
fn word_match(q: &str, group: Option<usize>, w: &str) -> f64 {
    if q == w {
        1.0
    } else if group.is_some() && abbreviation_group(w) == group {
        ABBREVIATED
    } else if q.len() >= 2 && w.starts_with(q) {
        PREFIXED
    } else {
        0.0
    }
}

/// Whether `text` holds a word of abbreviation group `group`.
fn group_held_in(group: Option<usize>, text: &str) -> bool {
    group.is_some_and(|g| ABBREVIATIONS[g].iter().any(|a| text.contains(a)))
}

/// Whether `text` may hold run-together query word `q` as two or more words (what
/// [`split_run`] looks for): its first and last two letters are in `text`.
fn run_of_words_in(q: &str, text: &str) -> bool {
    q.is_ascii() && q.len() >= 4 && text.contains(&q[..2]) && text.contains(&q[q.len() - 2..])
}

/// Splits a lowercase run into the fewest pieces (two at least, each two letters at
/// least) that `known` accepts and that cover it whole, or None.
fn split_run(run: &str, known: impl Fn(&str) -> bool) -> Option<Vec<String>> {
    if !run.is_ascii() || run.len() < 4 {
        return None;
    }
    let n = run.len();
    // best[i]: the fewest pieces covering run[..i], and where the last piece starts.
    let mut best: Vec<Option<(usize, usize)>> = vec![None; n + 1];
    best[0] = Some((0, 0));
    for end in 2..=n {
        // Known words are short: no piece longer than 24 letters is tried.
        for start in end.saturating_sub(24)..=end - 2 {
            let Some((count, _)) = best[start] else {
                continue;
            };
            if known(&run[start..end]) && best[end].is_none_or(|(c, _)| count + 1 < c) {
                best[end] = Some((count + 1, start));
            }
        }
    }
    let (count, _) = best[n]?;
    if count < 2 {
        return None;
    }
    let mut parts = Vec::with_capacity(count);
    let mut end = n;
    while end > 0 {
        let (_, start) = best[end]?;
        parts.push(run[start..end].to_string());
        end = start;
    }
    parts.reverse();
    Some(parts)
}

/// Whether the characters of `needle` appear in order in `haystack`.
fn is_subsequence(needle: &str, haystack: &str) -> bool {
    if needle.is_ascii() {
        // ASCII bytes are never part of another character: bytes compare as characters.
        let mut h = haystack.bytes();
        return needle.bytes().all(|c| h.by_ref().any(|x| x == c));
    }
    let mut h = haystack.chars();
    needle.chars().all(|c| h.by_ref().any(|x| x == c))
}

/// `Class.method` matches `pkg.Class.method` (whole components only).
fn qualified_suffix(qualified: &str, query: &str) -> bool {
    // The cheap tests first: this runs for every definition a search ranks.
    qualified.len() > query.len()
        && qualified.as_bytes()[qualified.len() - query.len() - 1] == b'.'
        && qualified.ends_with(query)
        && query.contains('.')
}

/// Splits an identifier or a query into lower-case words at spaces, `_`, `-`, `.`,
/// digits boundaries and camelCase humps (`HTTPServer` → http, server).
pub fn split_words(s: &str) -> Vec<String> {
    if s.is_ascii() {
        let mut words = Vec::new();
        ascii_words(s.as_bytes(), |w| words.push(w.to_ascii_lowercase()));
        return words;
    }
    split_chars(s)
}

/// The words of [`split_words`] run together (`HTTPServer` → `httpserver`).
pub fn joined_words(s: &str) -> String {
    if s.is_ascii() {
        let mut joined = String::with_capacity(s.len());
        ascii_words(s.as_bytes(), |w| {
            joined.extend(w.chars().map(|c| c.to_ascii_lowercase()));
        });
        return joined;
    }
    split_chars(s).concat()
}

/// [`split_words`] over ASCII text: the same boundaries, on bytes, without copying
/// the text first (names are split for every candidate of every search).
fn ascii_words(b: &[u8], mut emit: impl FnMut(&str)) {
    let mut start: Option<usize> = None;
    for (i, &c) in b.iter().enumerate() {
        if !c.is_ascii_alphanumeric() {
            if let Some(st) = start.take() {
                emit(ascii(&b[st..i]));
            }
            continue;
        }
        if c.is_ascii_uppercase() {
            if let Some(st) = start {
                let prev = b[i - 1];
                let next_lower = b.get(i + 1).is_some_and(u8::is_ascii_lowercase);
                if prev.is_ascii_lowercase()
                    || prev.is_ascii_digit()
                    || (prev.is_ascii_uppercase() && next_lower)
                {
                    emit(ascii(&b[st..i]));
                    start = Some(i);
                }
            }
        }
        if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(st) = start {
        emit(ascii(&b[st..]));
    }
}

fn ascii(b: &[u8]) -> &str {
    // Slices of ASCII text at ASCII positions are UTF-8.
    std::str::from_utf8(b).unwrap_or("")
}

fn split_chars(s: &str) -> Vec<String> {
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

/// A match among one file's definitions: its place in the file's list, its score, and
/// what orders it among equal scores.
#[derive(Debug, Clone, Copy)]
pub struct Match {
    pub ordinal: usize,
    pub score: f64,
    private: bool,
    kind: Kind,
    start_line: usize,
    /// The components of the file's path, counted once per file rather than in every
    /// comparison of a sort.
    path_depth: usize,
}

impl Match {
    /// Whether `symbol` is the definition this match was ranked from (by its kind and
    /// place, which a file rewritten since would hardly keep).
    pub fn is_of(&self, symbol: &Symbol) -> bool {
        symbol.kind == self.kind && symbol.start_line == self.start_line
    }
}

/// A file whose definitions are ranked: its path as printed, its language, and the
/// query words its path can match ([`Query::path_cover`], which a search computes once
/// per file, to screen the file before its names are read).
pub struct RankedFile<'a> {
    pub path: &'a Path,
    pub language: &'a str,
    pub cover: PathCover,
}

/// Scores the definitions of one file (their name parts, in the file's order) of the
/// kinds `keep` accepts, and keeps the matches. A constructor is dropped when its
/// class matches too: the class stands for it.
pub fn rank_file(
    query: &Query,
    file: &RankedFile<'_>,
    defs: &[NameParts<'_>],
    screen: &NameScreen,
    exact: bool,
    keep: impl Fn(Kind) -> bool,
) -> Vec<Match> {
    let RankedFile {
        path,
        language,
        cover,
    } = *file;
    let gate = query.file_gate(&screen.pairs, cover);
    // Most files have no match: their path is split only when one may.
    let mut place: Option<Place> = None;
    // A definition whose mask the query's gate turns down cannot match (the gate is
    // a necessary condition of every tier): most names of a file are passed over on
    // a few bytes, before any of their text is compared.
    let mut out: Vec<Match> = defs
        .iter()
        .zip(&screen.masks)
        .enumerate()
        .filter(|(_, (d, &m))| {
            keep(d.kind) && query.admits(m, gate) && query.may_match(d, cover, exact)
        })
        .map(|(ordinal, (d, _))| (ordinal, d))
        .filter(|(_, d)| !exact || query.is_exact(d))
        .filter_map(|(ordinal, d)| {
            let place = place.get_or_insert_with(|| Place::of(path));
            Some(Match {
                ordinal,
                score: query.score_at(d, place)?,
                private: is_private(d.name),
                kind: d.kind,
                start_line: d.start_line,
                path_depth: place.depth,
            })
        })
        .collect();
    let classes: HashSet<&str> = out
        .iter()
        .map(|m| &defs[m.ordinal])
        .filter(|d| d.kind.is_type_like())
        .map(|d| d.qualified_name)
        .collect();
    out.retain(|m| {
        let d = &defs[m.ordinal];
        !(is_constructor(d, language)
            && container(d.name, d.qualified_name).is_some_and(|c| classes.contains(c)))
    });
    out
}

/// Best first: score, then public before private names (`_helper`), kind, path depth,
/// path and line.
pub fn compare(a: &Match, a_path: &Path, b: &Match, b_path: &Path) -> Ordering {
    b.score
        .total_cmp(&a.score)
        .then_with(|| a.private.cmp(&b.private))
        .then_with(|| a.kind.tie_rank().cmp(&b.kind.tie_rank()))
        .then_with(|| a.path_depth.cmp(&b.path_depth))
        .then_with(|| a_path.cmp(b_path))
        .then_with(|| a.start_line.cmp(&b.start_line))
}

/// Ranks symbols of one or more files, best first, as a search ranks them.
#[cfg(test)]
pub fn rank(query: &Query, symbols: Vec<Symbol>, exact: bool) -> Vec<Ranked> {
    let mut files: Vec<Vec<Symbol>> = Vec::new();
    for s in symbols {
        match files.iter_mut().find(|f| f[0].path == s.path) {
            Some(f) => f.push(s),
            None => files.push(vec![s]),
        }
    }
    let mut matches: Vec<(&[Symbol], Match)> = Vec::new();
    for file in &files {
        let found = with_name_parts(file, |parts| {
            let ranked = RankedFile {
                path: &file[0].path,
                language: file[0].language,
                cover: query.path_cover(&file[0].path),
            };
            rank_file(query, &ranked, parts, &NameScreen::of(parts), exact, |_| {
                true
            })
        });
        matches.extend(found.into_iter().map(|m| (file.as_slice(), m)));
    }
    matches.sort_by(|(fa, a), (fb, b)| compare(a, &fa[0].path, b, &fb[0].path));
    matches
        .into_iter()
        .map(|(file, m)| Ranked {
            symbol: file[m.ordinal].clone(),
            score: m.score,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbols::{make_id, Kind};

    /// Whether the gate admits one definition, in a file of its own (the pairs of a
    /// file's names hold those of each: admitted alone, admitted in any file).
    fn admitted_alone(query: &Query, parts: &NameParts<'_>, cover: PathCover) -> bool {
        let pairs = PairSet::of(std::slice::from_ref(parts));
        query.admits(NameMask::of(parts), query.file_gate(&pairs, cover))
    }

    fn sym(name: &str, kind: Kind, path: &str) -> Symbol {
        Symbol {
            id: make_id(std::path::Path::new(path), name, kind),
            name: name.to_string(),
            qualified_name: name.to_string(),
            kind,
            language: "python",
            path: Path::new(path).into(),
            line: 1,
            start_line: 1,
            end_line: 1,
            start_byte: 0,
            end_byte: 0,
            signature: String::new(),
            long_header: None,
            doc: None,
            parent: None,
            name_byte: 0,
            incomplete: false,
            bodiless: false,
            type_level: false,
        }
    }

    fn names(query: &str, symbols: Vec<Symbol>) -> Vec<String> {
        rank(&Query::new(query), symbols, false)
            .into_iter()
            .map(|r| r.symbol.name)
            .collect()
    }

    #[test]
    fn the_name_gate_rejects_a_name_lacking_a_query_word_its_container_and_path_lack_too() {
        let query = Query::new("getBean");
        let gate = |name: &str, qualified: &str, path: &str| {
            let mut s = sym(name, Kind::Method, path);
            s.qualified_name = qualified.to_string();
            let key = NameKey::of(&s);
            query.may_match(&key.parts(&s), query.path_cover(&s.path), false)
        };
        assert!(!gate("getName", "Person.getName", "src/people/Person.java"));
        assert!(gate(
            "getName",
            "BeanInfo.getName",
            "src/people/BeanInfo.java"
        ));
        assert!(gate("getName", "Person.getName", "src/beans/Person.java"));
        assert!(gate("getBeans", "Registry.getBeans", "src/Registry.java"));
    }

    #[test]
    fn the_name_gate_never_rejects_what_the_scoring_would_match() {
        let names = [
            "AuthService",
            "auth_service",
            "AuthenticationService",
            "urlparse",
            "url_parse",
            "parseURL",
            "HttpRequest",
            "HttpReq",
            "http_req_handler",
            "DatabaseCache",
            "db_cache",
            "getConfig",
            "get_cfg",
            "cfgLoader",
            "bufnew",
            "buf_new",
            "OrderService.create",
            "create",
            "errors",
            "ErrHandler",
            "msgQueue",
            "queryset",
            "QuerySet",
            "query_set_filter",
            "__init__",
            "x",
            "xx",
            "Σίσυφος",
            "to_string",
            "ToString",
            "strRepr",
            "request",
            "req",
            "reqs",
            "getattr",
            "get",
            "getBean",
            "getName",
            "BeanFactory.getName",
            "Service.create",
            "ConfigLoader.load",
        ];
        let queries = [
            "auth service",
            "urlparse",
            "url parse",
            "http request",
            "db cache",
            "cfg",
            "config",
            "buf new",
            "order service create",
            "create",
            "err",
            "errors handler",
            "msg",
            "queryset",
            "query set",
            "init",
            "__init__",
            "x",
            "xx",
            "σίσυφος",
            "str",
            "to str",
            "req",
            "reqs",
            "get attr",
            "getattr",
            "OrderService.create",
            "get",
            "g",
            "zzz",
            "set filter",
            "getBean",
            "get bean",
            "bean factory name",
            "service create",
            "cfg load",
            "test request",
        ];
        // Paths whose words the word tier can count: a query word found only there.
        let paths = [
            "pkg/mod.py",
            "order/service.py",
            "src/test/java/db/HttpRequestTest.java",
            "beans/factory/Configs.java",
            "errors/σίσυφος.py",
        ];
        let symbols: Vec<Symbol> = paths
            .iter()
            .flat_map(|path| {
                names.iter().map(move |n| {
                    let mut s = sym(n.rsplit('.').next().unwrap_or(n), Kind::Method, path);
                    s.qualified_name = n.to_string();
                    s
                })
            })
            .collect();
        let (mut scored, mut needed_the_path) = (0, 0);
        for q in queries {
            let query = Query::new(q);
            for s in &symbols {
                let place = Place::of(&s.path);
                let key = NameKey::of(s);
                if query.text_score(&key.parts(s), &place).is_some() {
                    scored += 1;
                    if !query.may_match(&key.parts(s), PathCover(0), false) {
                        needed_the_path += 1;
                    }
                    assert!(
                        query.may_match(&key.parts(s), query.path_cover(&s.path), false),
                        "{q:?} vs {} in {}",
                        s.qualified_name,
                        s.path.display()
                    );
                }
                for cover in [PathCover(0), query.path_cover(&s.path)] {
                    let parts = key.parts(s);
                    assert!(
                        !query.may_match(&parts, cover, false)
                            || admitted_alone(&query, &parts, cover),
                        "the mask turns down {q:?} vs {} in {}",
                        s.qualified_name,
                        s.path.display()
                    );
                }
            }
        }
        // The cases must exercise every part of the condition, the path's included.
        assert!(scored > 400, "too few names scored: {scored}");
        assert!(
            needed_the_path > 10,
            "too few matched through the path: {needed_the_path}"
        );
    }

    /// The mask gate over real names: every definition of this crate's own sources
    /// against queries made of their words (joined, split, cut short, abbreviated,
    /// qualified), with and without the words of their paths.
    #[test]
    fn the_mask_gate_admits_every_name_the_tiers_may_match_in_this_crate() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        let mut dirs = vec![root];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    files.push(path);
                }
            }
        }
        files.sort();
        let mut symbols = Vec::new();
        for path in files.iter().step_by(2) {
            let lang = crate::lang::detect(path).unwrap();
            let (_, found) =
                crate::symbols::collect::symbols_of_file(path, path, lang, 1 << 24).unwrap();
            symbols.extend(found);
        }
        let mut queries: Vec<String> = vec!["cfg".into(), "err msg".into(), "x".into()];
        for s in symbols.iter().step_by(23) {
            let words = split_words(&s.name);
            queries.push(s.name.clone());
            queries.push(words.join(" "));
            queries.push(
                words
                    .iter()
                    .map(|w| &w[..w.len().min(3)])
                    .collect::<Vec<_>>()
                    .join(" "),
            );
            queries.push(s.qualified_name.clone());
            if let Some(first) = words.first() {
                queries.push(format!("{first} store"));
            }
        }
        queries.sort();
        queries.dedup();
        let (mut matched, mut turned_down) = (0, 0);
        for q in &queries {
            let query = Query::new(q);
            for s in &symbols {
                let key = NameKey::of(s);
                let parts = key.parts(s);
                for cover in [PathCover(0), query.path_cover(&s.path)] {
                    if query.may_match(&parts, cover, false) {
                        matched += 1;
                        assert!(
                            admitted_alone(&query, &parts, cover),
                            "the mask turns down {q:?} vs {}",
                            s.qualified_name
                        );
                    } else if !admitted_alone(&query, &parts, cover) {
                        turned_down += 1;
                    }
                }
            }
        }
        assert!(matched > 1000, "too few matches to check: {matched}");
        // And the gate is worth having: it turns down most of what cannot match.
        let pairs = 2 * queries.len() * symbols.len();
        assert!(
            turned_down * 2 > pairs - matched,
            "the gate turned down only {turned_down} of {pairs}"
        );
    }

    #[test]
    fn words_split_at_camel_humps_acronyms_and_separators() {
        assert_eq!(split_words("HTTPServer"), ["http", "server"]);
        for name in [
            "HTTPServer",
            "getURLFor2",
            "auth_service",
            "__init__",
            "A",
            "aB",
            "ABc",
            "x2Y",
            "IOError",
            "parse-JSON.v2 now",
            "",
            "--",
            "MAX_VALUE",
            "bufnewsize",
        ] {
            assert_eq!(split_words(name), split_chars(name), "{name}");
            assert_eq!(joined_words(name), split_chars(name).concat(), "{name}");
        }
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
    fn a_fuzzy_score_does_not_depend_on_the_names_scored_before() {
        let query = Query::new("ssecur");
        let place = Place::of(Path::new("src/Cookies.java"));
        let score = |name: &str| {
            let s = sym(name, Kind::Method, "src/Cookies.java");
            let key = NameKey::of(&s);
            query.score_at(&key.parts(&s), &place)
        };
        let alone = score("setCookieSecure");
        assert!(alone.is_some());
        // Scoring this name first left cells in skim's reused matrix that raised the
        // next name's score.
        score("PropertySourcesPlaceholderConfigurer");
        assert_eq!(score("setCookieSecure"), alone);
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

    fn member(name: &str, class: &str, language: &'static str, path: &str) -> Symbol {
        let mut m = sym(name, Kind::Method, path);
        m.qualified_name = format!("{class}.{name}");
        m.language = language;
        m
    }

    fn located(query: &str, symbols: Vec<Symbol>) -> Vec<String> {
        rank(&Query::new(query), symbols, false)
            .into_iter()
            .map(|r| format!("{} {}", r.symbol.path.display(), r.symbol.qualified_name))
            .collect()
    }

    #[test]
    fn query_spanning_type_and_member_finds_the_member_first() {
        let got = located(
            "order service create",
            vec![
                sym("create_order", Kind::Function, "a.py"),
                sym("OrderService", Kind::Class, "a.py"),
                member("create", "OrderService", "python", "a.py"),
                member("create", "UserService", "python", "a.py"),
            ],
        );
        assert_eq!(got, ["a.py OrderService.create"]);
    }

    #[test]
    fn querying_a_class_does_not_list_its_members() {
        let got = names(
            "order service",
            vec![
                member("create", "OrderService", "python", "a.py"),
                sym("OrderService", Kind::Class, "a.py"),
            ],
        );
        assert_eq!(got, ["OrderService"]);
    }

    #[test]
    fn member_found_by_type_words_in_any_order_with_abbreviations() {
        let got = located(
            "user mgr create",
            vec![
                member("create", "UserManager", "python", "m.py"),
                member("create_user", "Admin", "python", "m.py"),
            ],
        );
        assert_eq!(got, ["m.py UserManager.create"]);
    }

    #[test]
    fn path_words_count_a_little_and_never_more_than_the_name() {
        let got = located(
            "http client get",
            vec![
                sym("get", Kind::Function, "db/client.py"),
                sym("get", Kind::Function, "http/client.py"),
                sym("http_client_get", Kind::Function, "z/other.py"),
                sym("get_http_client", Kind::Function, "z/other.py"),
            ],
        );
        assert_eq!(
            got,
            [
                "z/other.py http_client_get",
                "z/other.py get_http_client",
                "http/client.py get",
            ]
        );
    }

    #[test]
    fn a_path_alone_matches_nothing() {
        let got = names(
            "http client",
            vec![sym("get", Kind::Function, "http/client.py")],
        );
        assert!(got.is_empty(), "{got:?}");
    }

    #[test]
    fn documents_and_data_rank_below_code_at_equal_text() {
        let mut heading = sym("Install", Kind::Heading, "README.md");
        heading.language = "markdown";
        let got: Vec<Kind> = rank(
            &Query::new("install"),
            vec![
                heading,
                sym("install", Kind::Key, "a.yaml"),
                sym("install", Kind::Function, "deep/er/setup.py"),
            ],
            false,
        )
        .into_iter()
        .map(|r| r.symbol.kind)
        .collect();
        assert_eq!(got, [Kind::Function, Kind::Key, Kind::Heading]);
    }

    #[test]
    fn tests_rank_below_the_code_they_test() {
        let got = located(
            "parse config",
            vec![
                sym("parse_config", Kind::Function, "tests/test_parse.py"),
                sym("parse_config", Kind::Function, "src/test_helpers.go"),
                sym("parse_config", Kind::Function, "deep/er/pkg/loader.py"),
            ],
        );
        assert_eq!(
            got,
            [
                // Not a Go test file (those end in `_test.go`): code, and shallower.
                "src/test_helpers.go parse_config",
                "deep/er/pkg/loader.py parse_config",
                "tests/test_parse.py parse_config",
            ]
        );
    }

    #[test]
    fn test_files_are_known_by_each_runner_convention() {
        let test = |p: &str| Place::of(std::path::Path::new(p)).test;
        for p in [
            "tests/a.rs",
            "pkg/test/a.py",
            "web/__tests__/a.js",
            "spec/models/user_spec.rb",
            "test_views.py",
            "pkg/views_test.py",
            "server/handler_test.go",
            "src/main/../test/java/FooTest.java",
            "app/src/androidTest/kotlin/Ui.kt",
            "lib/src/jvmTest/kotlin/Codec.kt",
            "FooTests.kt",
            "src/app.test.ts",
            "src/app.spec.tsx",
        ] {
            assert!(test(p), "{p} is a test");
        }
        for p in [
            "src/testing/scheduler.ts",
            "src/contest.py",
            "attest.go",
            "Test.java",
            "src/latest.ts",
            "protest/main.c",
        ] {
            assert!(!test(p), "{p} is not a test");
        }
    }

    #[test]
    fn constructors_fold_into_their_class() {
        let got = located(
            "Widget",
            vec![
                member("Widget", "Widget", "java", "W.java"),
                sym("Widget", Kind::Class, "W.java"),
                sym("WidgetFactory", Kind::Class, "W.java"),
            ],
        );
        assert_eq!(got, ["W.java Widget", "W.java WidgetFactory"]);
        for (language, ctor) in [
            ("python", "__init__"),
            ("typescript", "constructor"),
            ("javascript", "constructor"),
            ("csharp", "Widget"),
            ("cpp", "Widget"),
            ("kotlin", "constructor"),
        ] {
            let mut class = sym("Widget", Kind::Class, "w");
            class.language = language;
            let got = located("widget", vec![member(ctor, "Widget", language, "w"), class]);
            assert_eq!(got, ["w Widget"], "{language}");
        }
    }

    #[test]
    fn a_constructor_stays_when_its_class_does_not_match() {
        let got = located(
            "widget init",
            vec![
                sym("Widget", Kind::Class, "w.py"),
                member("__init__", "Widget", "python", "w.py"),
            ],
        );
        assert_eq!(got, ["w.py Widget.__init__"]);
    }

    #[test]
    fn a_method_named_like_its_class_is_no_constructor_in_python() {
        let got = located(
            "widget",
            vec![
                sym("Widget", Kind::Class, "w.py"),
                member("Widget", "Widget", "python", "w.py"),
            ],
        );
        assert_eq!(got, ["w.py Widget", "w.py Widget.Widget"]);
    }

    #[test]
    fn abbreviations_match_their_long_forms_both_ways() {
        for (query, name) in [
            ("msg queue", "MessageQueue"),
            ("cfg loader", "ConfigLoader"),
            ("conf loader", "ConfigurationLoader"),
            ("request ctx", "RequestContext"),
            ("storage impl", "StorageImplementation"),
            ("init db", "initialize_database"),
            ("submit button", "SubmitBtn"),
            ("http req", "HttpRequest"),
            ("json resp", "JsonResponse"),
            ("parse err", "ParseErrors"),
            ("to str", "toString"),
            ("page num", "page_number"),
            ("db pool", "DatabasePool"),
        ] {
            assert_eq!(
                names(query, vec![sym(name, Kind::Class, "a.py")]),
                [name],
                "{query:?} finds {name}"
            );
        }
    }

    #[test]
    fn abbreviations_rank_below_the_words_as_written() {
        let got = names(
            "msg queue",
            vec![
                sym("MessageQueueSet", Kind::Class, "a.py"),
                sym("MessageQueue", Kind::Class, "a.py"),
                sym("MsgQueueSet", Kind::Class, "a.py"),
                sym("MsgQueue", Kind::Class, "a.py"),
            ],
        );
        assert_eq!(
            got,
            ["MsgQueue", "MessageQueue", "MsgQueueSet", "MessageQueueSet"]
        );
    }

    #[test]
    fn a_name_that_spells_out_the_abbreviations_is_nearly_a_joined_match() {
        let got = names(
            "db cache",
            vec![
                sym("DBCacheTests", Kind::Class, "a.py"),
                sym("DatabaseCache", Kind::Class, "b.py"),
                sym("DbCache", Kind::Class, "c.py"),
            ],
        );
        assert_eq!(got, ["DbCache", "DatabaseCache", "DBCacheTests"]);
    }

    #[test]
    fn c_lowercase_runs_split_into_known_words() {
        let got = names(
            "new buf",
            vec![
                sym("bufnew", Kind::Function, "buffer.c"),
                sym("bufgrow", Kind::Function, "buffer.c"),
            ],
        );
        assert_eq!(got, ["bufnew"]);
        let got = names(
            "pg stat report",
            vec![
                sym("pgstat_report_stat", Kind::Function, "pgstat.c"),
                sym("pgstat_flush", Kind::Function, "pgstat.c"),
            ],
        );
        assert_eq!(got, ["pgstat_report_stat"]);
        // A run is split only when known words cover it whole.
        let q = Query::new("stat");
        assert_eq!(q.name_words("pgstat_report"), ["pgstat", "report"]);
        let q = Query::new("buf new");
        assert_eq!(q.name_words("bufnewsize"), ["bufnewsize"]);
        assert_eq!(q.name_words("strbufnew"), ["str", "buf", "new"]);
    }

    #[test]
    fn known_words_answer_as_the_set_of_them_would() {
        let words = ["buf", "new", "str", "utf8", "x", "élan", "config"];
        let known = KnownWords::new(words.iter().map(|w| w.to_string()));
        let set: HashSet<&str> = words.into_iter().collect();
        // Every piece of some runs, as splitting tries them: the letters filter and
        // the length bound never turn down a known word, nor let in another one.
        for run in [
            "strbufnew",
            "utf8config",
            "xbufx",
            "élanbuf",
            "confignew",
            "b1new",
        ] {
            for (start, _) in run.char_indices() {
                for (end, c) in run[start..].char_indices() {
                    let piece = &run[start..start + end + c.len_utf8()];
                    assert_eq!(known.contains(piece), set.contains(piece), "{piece}");
                }
            }
        }
    }

    #[test]
    fn run_together_query_words_match_the_name_words() {
        let got = located(
            "queryset filter",
            vec![
                member("filter", "QuerySet", "python", "query.py"),
                member("filter", "Manager", "python", "query.py"),
            ],
        );
        assert_eq!(got, ["query.py QuerySet.filter"]);
    }

    #[test]
    fn public_names_before_private_ones_at_equal_scores() {
        let got = located(
            "prefetch related objects",
            vec![
                member(
                    "_prefetch_related_objects",
                    "QuerySet",
                    "python",
                    "query.py",
                ),
                sym("prefetch_related_objects", Kind::Function, "query.py"),
                member("__init__", "Prefetch", "python", "query.py"),
            ],
        );
        assert_eq!(
            got,
            [
                "query.py prefetch_related_objects",
                "query.py QuerySet._prefetch_related_objects",
            ]
        );
    }

    #[test]
    fn path_repeating_the_query_breaks_ties_but_never_lifts_a_test() {
        let got = located(
            "send mail",
            vec![
                sym("send_mail", Kind::Function, "log.py"),
                sym("send_mail", Kind::Function, "core/mail/api.py"),
                sym("send_mail", Kind::Function, "tests/mail/tests.py"),
            ],
        );
        assert_eq!(
            got,
            [
                "core/mail/api.py send_mail",
                "log.py send_mail",
                "tests/mail/tests.py send_mail",
            ]
        );
    }

    #[test]
    fn descriptive_test_names_need_a_clearly_better_match_to_outrank_code() {
        let got = located(
            "csrf get token",
            vec![
                sym(
                    "test_get_token_csrf_cookie_set",
                    Kind::Function,
                    "tests/test_csrf.py",
                ),
                sym("get_token", Kind::Function, "middleware/csrf.py"),
            ],
        );
        assert_eq!(
            got,
            [
                "middleware/csrf.py get_token",
                "tests/test_csrf.py test_get_token_csrf_cookie_set",
            ]
        );
    }

    #[test]
    fn a_heading_spelled_like_a_function_ranks_below_it() {
        let got: Vec<Kind> = rank(
            &Query::new("render widget"),
            vec![
                sym("Render widget", Kind::Heading, "README.md"),
                sym("render_widget", Kind::Function, "deep/er/ui.py"),
            ],
            false,
        )
        .into_iter()
        .map(|r| r.symbol.kind)
        .collect();
        assert_eq!(got, [Kind::Function, Kind::Heading]);
    }

    #[test]
    fn unrelated_names_do_not_match() {
        assert!(names("zzz", vec![sym("login", Kind::Function, "a.py")]).is_empty());
    }
}
