//! Which letters a definition's name holds, and what letters a query needs of it.
//!
//! Every tier of the ranking compares the query's words with the text of a name (its
//! own words, its container's, its qualified form) and, at most, the path of its file.
//! Any text a tier finds in a name brings its letters along, so a name that lacks the
//! letters every tier would need cannot match. The index stores one [`NameMask`] per
//! definition beside the packed name parts, and a search skips the files none of whose
//! masks the query admits without decoding their names. The gate only ever rejects
//! what the tiers would reject too: `Query::may_match` implies [`MaskGate::admits`],
//! which the tests check over this crate's own definitions.

use super::rank::NameParts;

/// The ASCII letters (one bit each) and digits (folded into six bits) of the lower-cased
/// forms of a name the ranking reads. Other characters count for nothing, on both sides:
/// a query letter outside the mask's alphabet is not asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NameMask(u32);

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
        NameMask(bits)
    }

    pub fn from_bits(bits: u32) -> NameMask {
        NameMask(bits)
    }

    pub fn bits(self) -> u32 {
        self.0
    }

    fn holds(self, needed: u32) -> bool {
        needed & !self.0 == 0
    }
}

/// The bit of one ASCII byte: `a`–`z` (either case) bits 0–25, digits folded into bits
/// 26–31, anything else none.
fn bit(b: u8) -> u32 {
    match b.to_ascii_lowercase() {
        c @ b'a'..=b'z' => 1 << (c - b'a'),
        d @ b'0'..=b'9' => 1 << (26 + (d - b'0') % 6),
        _ => 0,
    }
}

fn ascii_bits(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0, |bits, &b| bits | bit(b))
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
pub struct MaskGate {
    joined: u32,
    heads: Vec<u32>,
    placed: Vec<Vec<u32>>,
}

impl MaskGate {
    /// The gate of a query with these words, each with the words of its abbreviation
    /// group (empty when it has none).
    pub fn new(words: &[String], groups: &[&[&str]]) -> MaskGate {
        let mut heads: Vec<u32> = words
            .iter()
            .map(|q| ascii_bits(&q.as_bytes()[..q.len().min(2)]))
            .collect();
        heads.extend(
            groups
                .iter()
                .flat_map(|g| g.iter().map(|a| ascii_bits(a.as_bytes()))),
        );
        let placed = words
            .iter()
            .zip(groups)
            .map(|(q, group)| {
                let b = q.as_bytes();
                let run = if q.is_ascii() && b.len() >= 4 {
                    ascii_bits(&b[..2]) | ascii_bits(&b[b.len() - 2..])
                } else {
                    ascii_bits(b)
                };
                std::iter::once(run)
                    .chain(group.iter().map(|a| ascii_bits(a.as_bytes())))
                    .collect()
            })
            .collect();
        MaskGate {
            joined: words
                .iter()
                .fold(0, |bits, q| bits | ascii_bits(q.as_bytes())),
            heads,
            placed,
        }
    }

    /// Whether a name with `mask` may match, in a file whose path holds the query words
    /// of bits `in_path` (bit `i` for word `i`, as `Query::path_cover` gives them).
    pub fn admits(&self, mask: NameMask, in_path: u64) -> bool {
        mask.holds(self.joined)
            || (self.heads.iter().any(|&h| mask.holds(h))
                && self.placed.iter().enumerate().all(|(i, alternatives)| {
                    (i < 64 && in_path & (1 << i) != 0)
                        || alternatives.iter().any(|&a| mask.holds(a))
                }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gate(words: &[&str]) -> MaskGate {
        let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        MaskGate::new(&words, &vec![&[][..]; words.len()])
    }

    fn mask(text: &str) -> NameMask {
        NameMask(ascii_bits(text.as_bytes()))
    }

    #[test]
    fn a_name_lacking_the_letters_of_every_tier_is_turned_down() {
        let g = gate(&["bean", "factory"]);
        assert!(g.admits(mask("beanfactory"), 0));
        // `bean` placed and `factory` as a run of words (`fa`…`ry`).
        assert!(g.admits(mask("beanfairy"), 0));
        assert!(!g.admits(mask("beanstalk"), 0));
        // With both words in the path, one word's head in the name is enough.
        assert!(g.admits(mask("be"), 0b11));
        assert!(!g.admits(mask("xyz"), 0b11));
    }

    #[test]
    fn digits_fold_but_still_count() {
        let g = gate(&["utf8"]);
        assert!(g.admits(mask("toutf8"), 0));
        assert!(!g.admits(mask("toutf"), 0));
    }
}
