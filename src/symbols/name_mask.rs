//! Which letters a definition's name holds, and what letters a query needs of it.
//!
//! Every tier of the ranking compares the query's words with the text of a name (its
//! own words, its container's, its qualified form) and, at most, the path of its file.
//! Any text a tier finds in a name brings its letters along, so a name that lacks the
//! letters every tier would need cannot match. The index stores one [`NameMask`] per
//! definition, and the [`PairSet`] of all of a file's names, beside the packed name
//! parts, and a search skips the files none of whose masks the query admits without
//! decoding their names. The gate only ever rejects what the tiers would reject too:
//! `Query::may_match` implies [`MaskGate::admits`], which the tests check over this
//! crate's own definitions.
//!
//! Letters alone admit too much: most names of a large tree hold the letters of a
//! query like `urlparse` somewhere. Two finer facts, each still implied by every way a
//! tier can match, turn most of those down:
//! - where the letters are: a query whose words run together are a subsequence of a
//!   name's words run together has a first part within the first half of that text
//!   and the rest within the second half ([`NameMask`] holds the letters of each
//!   half);
//! - which letters stand side by side: every text a tier looks for inside a name (a
//!   query word, a word of its abbreviation group, a word's first or last two letters,
//!   the query itself) brings its adjacent pairs along, so a file none of whose names
//!   has those pairs cannot match through that tier ([`PairSet`]).

use super::rank::NameParts;

/// The ASCII letters (one bit each) and digits (folded into six bits) of the lower-cased
/// forms of a name the ranking reads, and those of each half of its words run together.
/// Other characters count for nothing, on both sides: a query letter outside the mask's
/// alphabet is not asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NameMask {
    letters: u32,
    /// The letters of the name's words run together, before and from its middle.
    first_half: u32,
    second_half: u32,
}

/// The bytes one [`NameMask`] is stored in.
pub const NAME_MASK_BYTES: usize = 12;

impl NameMask {
    /// The letters of every form of a name that a tier may compare with the query.
    pub fn of(parts: &NameParts<'_>) -> NameMask {
        let mut bits = 0;
        for text in [parts.name, parts.qualified_name] {
            // As the case-folded tiers lower-case it: a character at a time, which
            // may give ASCII letters for non-ASCII ones (the Kelvin sign gives `k`).
            for c in text.chars().flat_map(char::to_lowercase) {
                if c.is_ascii() {
                    bits |= bit(c as u8);
                }
            }
        }
        // The name's words are its joined form with spaces between: the same letters.
        for text in std::iter::once(parts.name_joined).chain(parts.parent_joined) {
            bits |= ascii_bits(text.as_bytes());
        }
        let joined = parts.name_joined;
        let mut middle = joined.len() / 2;
        while !joined.is_char_boundary(middle) {
            middle += 1;
        }
        NameMask {
            letters: bits,
            first_half: ascii_bits(&joined.as_bytes()[..middle]),
            second_half: ascii_bits(&joined.as_bytes()[middle..]),
        }
    }

    pub fn to_bytes(self) -> [u8; NAME_MASK_BYTES] {
        let mut out = [0; NAME_MASK_BYTES];
        for (chunk, v) in
            out.chunks_exact_mut(4)
                .zip([self.letters, self.first_half, self.second_half])
        {
            chunk.copy_from_slice(&v.to_le_bytes());
        }
        out
    }

    /// The mask of [`NameMask::to_bytes`]; `bytes` holds [`NAME_MASK_BYTES`] of them.
    pub fn from_bytes(bytes: &[u8]) -> Option<NameMask> {
        let b: &[u8; NAME_MASK_BYTES] = bytes.try_into().ok()?;
        let word =
            |i: usize| u32::from_le_bytes([b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]]);
        Some(NameMask {
            letters: word(0),
            first_half: word(1),
            second_half: word(2),
        })
    }

    fn holds(self, needed: u32) -> bool {
        needed & !self.letters == 0
    }
}

/// The bit of one ASCII byte: its [`symbol`] when a letter or a digit (`a`–`z` of
/// either case bits 0–25, digits folded into bits 26–31), anything else none.
fn bit(b: u8) -> u32 {
    match symbol(b) {
        OTHER => 0,
        s => 1 << s,
    }
}

fn ascii_bits(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0, |bits, &b| bits | bit(b))
}

/// Whether query word `i` is among the words of bits `in_path` that a file's path
/// holds (bit `i` for word `i`, as `Query::path_cover` gives them; a word past the
/// 64th is never taken as held).
pub fn path_holds(in_path: u64, i: usize) -> bool {
    i < 64 && in_path & (1 << i) != 0
}

/// The symbol of one byte, in a mask and in a pair: a letter of either case (0–25), a
/// digit folded into six (26–31), or anything else (non-ASCII bytes and punctuation)
/// as one, [`OTHER`].
fn symbol(b: u8) -> usize {
    match b.to_ascii_lowercase() {
        c @ b'a'..=b'z' => usize::from(c - b'a'),
        d @ b'0'..=b'9' => 26 + usize::from((d - b'0') % 6),
        _ => OTHER,
    }
}

/// The symbol of every byte that is neither a letter nor a digit.
const OTHER: usize = 32;

const PAIR_SYMBOLS: usize = OTHER + 1;
const PAIR_WORDS: usize = (PAIR_SYMBOLS * PAIR_SYMBOLS).div_ceil(64);

/// The bytes one [`PairSet`] is stored in.
pub const PAIR_SET_BYTES: usize = PAIR_WORDS * 8;

/// Which pairs of bytes stand side by side (folded as [`symbol`] folds them) in
/// the names of a file's definitions, as the tiers read them: the name and qualified
/// name as written and lower-cased, the words run together, and the container's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairSet([u64; PAIR_WORDS]);

impl PairSet {
    pub fn of(parts: &[NameParts<'_>]) -> PairSet {
        let mut set = PairSet([0; PAIR_WORDS]);
        let mut lowered = String::new();
        for p in parts {
            for text in [p.name, p.qualified_name, p.name_joined]
                .into_iter()
                .chain(p.parent_joined)
            {
                set.add(text.as_bytes());
            }
            // The case-folded tier compares the name lower-cased a character at a
            // time, which may turn non-ASCII letters into ASCII ones.
            if !p.name.is_ascii() {
                lowered.clear();
                lowered.extend(p.name.chars().flat_map(char::to_lowercase));
                set.add(lowered.as_bytes());
            }
        }
        set
    }

    fn add(&mut self, text: &[u8]) {
        for i in pairs_in(text) {
            self.0[i / 64] |= 1 << (i % 64);
        }
    }

    fn has(&self, i: usize) -> bool {
        self.0[i / 64] & (1 << (i % 64)) != 0
    }

    /// Whether every pair of `needed` is in the set.
    fn holds(&self, needed: &Pairs) -> bool {
        needed.0.iter().all(|&i| self.has(i))
    }

    pub fn to_bytes(&self) -> [u8; PAIR_SET_BYTES] {
        let mut out = [0; PAIR_SET_BYTES];
        for (chunk, w) in out.chunks_exact_mut(8).zip(self.0) {
            chunk.copy_from_slice(&w.to_le_bytes());
        }
        out
    }

    /// The set of [`PairSet::to_bytes`]; `bytes` holds [`PAIR_SET_BYTES`] of them.
    pub fn from_bytes(bytes: &[u8]) -> Option<PairSet> {
        (bytes.len() == PAIR_SET_BYTES).then_some(())?;
        let mut words = [0; PAIR_WORDS];
        for (w, chunk) in words.iter_mut().zip(bytes.chunks_exact(8)) {
            *w = u64::from_le_bytes(chunk.try_into().ok()?);
        }
        Some(PairSet(words))
    }
}

fn pair_index(a: u8, b: u8) -> usize {
    symbol(a) * PAIR_SYMBOLS + symbol(b)
}

/// The pairs of `text`'s adjacent bytes, in order.
fn pairs_in(text: &[u8]) -> impl Iterator<Item = usize> + '_ {
    text.windows(2).map(|w| pair_index(w[0], w[1]))
}

/// The pairs a text brings along: none for a text shorter than two bytes.
#[derive(Debug, Clone, Default)]
struct Pairs(Vec<usize>);

impl Pairs {
    fn of(text: &str) -> Pairs {
        let mut v: Vec<usize> = pairs_in(text.as_bytes()).collect();
        v.sort_unstable();
        v.dedup();
        Pairs(v)
    }
}

/// What a search reads of one file's definitions before deciding whether to decode
/// their names: a mask per definition and the pairs of all of them.
#[derive(Debug, Clone)]
pub struct NameScreen {
    pub masks: Vec<NameMask>,
    pub pairs: PairSet,
}

impl NameScreen {
    pub fn of(parts: &[NameParts<'_>]) -> NameScreen {
        NameScreen {
            masks: parts.iter().map(NameMask::of).collect(),
            pairs: PairSet::of(parts),
        }
    }
}

/// The query text the gate reads, as `Query` derives it.
pub struct GateQuery<'q> {
    /// The query as written (trimmed, `::` as `.`).
    pub raw: &'q str,
    /// `raw` lower-cased, when the query is one token.
    pub folded: Option<&'q str>,
    /// The query's words.
    pub words: &'q [String],
    /// The words of each one's abbreviation group (empty when it has none).
    pub groups: &'q [&'q [&'q str]],
    /// The texts whose presence in a name's words run together lets the word tiers
    /// look further (the query words, their abbreviations, known words they begin
    /// with).
    pub word_parts: &'q [&'q str],
}

/// What a query needs of a name's letters, derived from the tiers' own necessary
/// condition (`Query::may_match`): the query's words run together are found in the
/// name (in order, or split between its container and its name), or the word tier
/// can match, which needs
/// - some query word to match a word of the name: the name holds a query word's first
///   two letters (as the word itself, a prefix of it, or a word it begins with), or a
///   word of one of the query words' abbreviation groups;
/// - every query word the path does not hold to be held by the name or its container:
///   as itself, as a word of its abbreviation group, or, for an ASCII word of four
///   letters or more, as a run of words (its first two and last two letters).
///
/// The same conditions, read as adjacent pairs, decide for a whole file whether some
/// tier other than the subsequence one can match there ([`MaskGate::for_file`]); a
/// subsequence match needs the letters of each half ([`NameMask`]).
pub struct MaskGate {
    joined: u32,
    heads: Vec<u32>,
    placed: Vec<Vec<u32>>,
    /// None for a query that is not ASCII: its pairs and halves are not worked out.
    finer: Option<FinerGate>,
}

/// The pairs and halves a query needs, for [`MaskGate`].
struct FinerGate {
    /// The query as written, and lower-cased when one token: a name equal to it, a
    /// qualified name ending with it, or a name equal to it case-folded.
    named: Vec<Pairs>,
    /// The letters of the joined query up to each of its positions, and from it.
    prefix_bits: Vec<u32>,
    suffix_bits: Vec<u32>,
    /// The pairs of the joined query in order, pair `k` of its bytes `k` and `k + 1`
    /// (a container named by a first part of it, its member beginning with the rest).
    joined_pairs: Vec<usize>,
    /// Some query word may match a word of the name.
    shares: Vec<Pairs>,
    /// Per query word: the alternatives that hold it in a name or container.
    placed: Vec<Vec<Pairs>>,
}

/// A query's gate for one file: whether the file's pairs let a tier other than the
/// subsequence one match, and which words its path holds.
#[derive(Debug, Clone, Copy)]
pub struct FileGate {
    in_path: u64,
    /// Some tier that needs adjacent pairs may match in this file.
    by_pairs: bool,
}

impl MaskGate {
    /// The gate of a query.
    pub fn new(q: &GateQuery<'_>) -> MaskGate {
        let words = q.words;
        let groups = q.groups;
        let mut heads: Vec<u32> = words
            .iter()
            .map(|w| ascii_bits(&w.as_bytes()[..w.len().min(2)]))
            .collect();
        heads.extend(
            groups
                .iter()
                .flat_map(|g| g.iter().map(|a| ascii_bits(a.as_bytes()))),
        );
        let placed = words
            .iter()
            .zip(groups)
            .map(|(w, group)| {
                let b = w.as_bytes();
                let run = if w.is_ascii() && b.len() >= 4 {
                    ascii_bits(&b[..2]) | ascii_bits(&b[b.len() - 2..])
                } else {
                    ascii_bits(b)
                };
                std::iter::once(run)
                    .chain(group.iter().map(|a| ascii_bits(a.as_bytes())))
                    .collect()
            })
            .collect();
        let joined: String = words.concat();
        MaskGate {
            joined: ascii_bits(joined.as_bytes()),
            heads,
            placed,
            finer: q.raw.is_ascii().then(|| FinerGate::new(q, &joined)),
        }
    }

    /// The gate for a file with these pairs, whose path holds the query words of bits
    /// `in_path` (bit `i` for word `i`, as `Query::path_cover` gives them).
    pub fn for_file(&self, pairs: &PairSet, in_path: u64) -> FileGate {
        FileGate {
            in_path,
            by_pairs: self
                .finer
                .as_ref()
                .is_none_or(|f| f.by_pairs(pairs, in_path)),
        }
    }

    /// Whether a name with `mask` may match, in a file with gate `file`.
    pub fn admits(&self, mask: NameMask, file: FileGate) -> bool {
        let joined = mask.holds(self.joined);
        if !file.by_pairs {
            // Only a subsequence can match in this file: the query's letters, placed
            // in the halves of the name.
            return joined && self.finer.as_ref().is_none_or(|f| f.in_halves(mask));
        }
        let in_path = file.in_path;
        joined
            || (self.heads.iter().any(|&h| mask.holds(h))
                && self.placed.iter().enumerate().all(|(i, alternatives)| {
                    path_holds(in_path, i) || alternatives.iter().any(|&a| mask.holds(a))
                }))
    }
}

impl FinerGate {
    fn new(q: &GateQuery<'_>, joined: &str) -> FinerGate {
        let mut named = vec![Pairs::of(q.raw)];
        named.extend(q.folded.map(Pairs::of));
        // ASCII throughout (the query is): every byte position is a split point.
        let n = joined.len();
        let b = joined.as_bytes();
        let prefix_bits = (0..=n).map(|k| ascii_bits(&b[..k])).collect();
        let suffix_bits = (0..=n).map(|k| ascii_bits(&b[k..])).collect();
        let joined_pairs = pairs_in(b).collect();
        let mut shares: Vec<Pairs> = q.word_parts.iter().map(|p| Pairs::of(p)).collect();
        shares.extend(
            q.words
                .iter()
                .filter(|w| w.len() >= 2)
                .map(|w| Pairs::of(&w[..2])),
        );
        let placed = q
            .words
            .iter()
            .zip(q.groups)
            .map(|(w, group)| {
                let mut alternatives = vec![Pairs::of(w)];
                alternatives.extend(group.iter().map(|a| Pairs::of(a)));
                if w.len() >= 4 {
                    let mut ends = Pairs::of(&w[..2]);
                    ends.0.extend(Pairs::of(&w[w.len() - 2..]).0);
                    alternatives.push(ends);
                }
                alternatives
            })
            .collect();
        FinerGate {
            named,
            prefix_bits,
            suffix_bits,
            joined_pairs,
            shares,
            placed,
        }
    }

    /// Whether a tier other than the subsequence one may match in a file with `pairs`.
    fn by_pairs(&self, pairs: &PairSet, in_path: u64) -> bool {
        if self.named.iter().any(|p| pairs.holds(p)) {
            return true;
        }
        // A container named by the joined query's first `k` bytes (1 <= k < its
        // length), a member beginning with the rest: the split that keeps the most in
        // the first part leaves the least for the rest. The first part brings pairs
        // `0..k - 1` along, the rest pairs `k..`.
        let held = |&i: &usize| pairs.has(i);
        let steps = &self.joined_pairs;
        if !steps.is_empty() {
            let k = (steps.iter().take_while(|i| held(i)).count() + 1).min(steps.len());
            if steps[k..].iter().all(held) {
                return true;
            }
        }
        self.shares.iter().any(|p| pairs.holds(p))
            && self.placed.iter().enumerate().all(|(i, alternatives)| {
                path_holds(in_path, i) || alternatives.iter().any(|a| pairs.holds(a))
            })
    }

    /// Whether the joined query may be a subsequence of a name with `mask`'s halves: the
    /// longest part of it the first half can hold leaves the least to the second.
    fn in_halves(&self, mask: NameMask) -> bool {
        let k = self
            .prefix_bits
            .iter()
            .take_while(|&&b| b & !mask.first_half == 0)
            .count()
            - 1;
        self.suffix_bits[k] & !mask.second_half == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Kind;

    fn parts<'a>(name: &'a str, joined: &'a str, parent: Option<&'a str>) -> NameParts<'a> {
        NameParts {
            name,
            qualified_name: name,
            name_joined: joined,
            name_words: joined,
            parent_joined: parent,
            kind: Kind::Function,
            start_line: 1,
        }
    }

    fn gate(words: &[&str]) -> MaskGate {
        let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        let raw = words.join(" ");
        let groups = vec![&[][..]; words.len()];
        let parts: Vec<&str> = words.iter().map(String::as_str).collect();
        MaskGate::new(&GateQuery {
            raw: &raw,
            folded: None,
            words: &words,
            groups: &groups,
            word_parts: &parts,
        })
    }

    /// A gate that reads letters only: every file's pairs let every tier through.
    fn letters(g: &MaskGate, text: &str, in_path: u64) -> bool {
        let mask = NameMask {
            letters: ascii_bits(text.as_bytes()),
            first_half: u32::MAX,
            second_half: u32::MAX,
        };
        let all = PairSet([u64::MAX; PAIR_WORDS]);
        g.admits(mask, g.for_file(&all, in_path))
    }

    fn alone(g: &MaskGate, p: &NameParts<'_>, in_path: u64) -> bool {
        let pairs = PairSet::of(std::slice::from_ref(p));
        g.admits(NameMask::of(p), g.for_file(&pairs, in_path))
    }

    #[test]
    fn a_name_lacking_the_letters_of_every_tier_is_turned_down() {
        let g = gate(&["bean", "factory"]);
        assert!(letters(&g, "beanfactory", 0));
        // `bean` placed and `factory` as a run of words (`fa`…`ry`).
        assert!(letters(&g, "beanfairy", 0));
        assert!(!letters(&g, "beanstalk", 0));
        // With both words in the path, one word's head in the name is enough.
        assert!(letters(&g, "be", 0b11));
        assert!(!letters(&g, "xyz", 0b11));
    }

    #[test]
    fn digits_fold_but_still_count() {
        let g = gate(&["utf8"]);
        assert!(letters(&g, "toutf8", 0));
        assert!(!letters(&g, "toutf", 0));
    }

    #[test]
    fn letters_out_of_order_or_apart_are_turned_down() {
        let g = gate(&["urlparse"]);
        assert!(alone(&g, &parts("urlParser", "urlparser", None), 0));
        assert!(alone(
            &g,
            &parts("UserRoleListParse", "userrolelistparse", None),
            0
        ));
        // The letters of `urlparse`, but the run's ends (`ur`, `se`) are not side by
        // side and the second half lacks the `u`, `r`, `l` a subsequence needs after
        // `p`.
        assert!(!alone(
            &g,
            &parts("parseRuleList", "parserulelist", None),
            0
        ));
        // Its path holds the word: the head (`ur`) side by side is still needed.
        assert!(!alone(
            &g,
            &parts("parseRuleList", "parserulelist", None),
            1
        ));
        assert!(alone(&g, &parts("urgeParse", "urgeparse", None), 1));
    }

    #[test]
    fn a_member_named_through_its_container_is_admitted() {
        let g = gate(&["order", "service", "create"]);
        let member = parts("create", "create", Some("orderservice"));
        assert!(alone(&g, &member, 0));
        let other = parts("remove", "remove", Some("orderservice"));
        assert!(!alone(&g, &other, 0));
    }

    #[test]
    fn masks_and_pair_sets_read_back_as_stored() {
        let p = parts("getBeanFactory", "getbeanfactory", Some("registry"));
        let mask = NameMask::of(&p);
        assert_eq!(NameMask::from_bytes(&mask.to_bytes()), Some(mask));
        assert_eq!(NameMask::from_bytes(&mask.to_bytes()[1..]), None);
        let pairs = PairSet::of(&[p]);
        assert_eq!(PairSet::from_bytes(&pairs.to_bytes()), Some(pairs.clone()));
        assert_eq!(PairSet::from_bytes(&[0; 3]), None);
    }
}
