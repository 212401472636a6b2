//! Phase 1: the regex driver shared by `xray`, `explore` and the symbol questions (which files mention a name).
//!
//! ripgrep's own crates (grep-regex / grep-pcre2 for the matcher, grep-searcher for the
//! search) run on the walker's threads over every walked file, and pick the candidate
//! files for the structural phase. For each candidate it keeps only where each hit is
//! ([`HitPos`]: line, column, byte offset); [`expand`] turns those into the hit list
//! that the evaluator contract calls `match_positions` ([`Hit`]: the line itself and up
//! to [`MAX_CONTEXT`] lines of context on each side) once the file is read again for
//! evaluation. So what phase 1 holds for the whole run is a few numbers per hit, and
//! lines and context exist only for the files being evaluated.
//!
//! Lines longer than [`crate::source::MAX_LINE_BYTES`] are cut to a window around the
//! match ([`Hit::line_truncated`] says so), and lines are found through a line index,
//! so a minified file's single megabyte-long line costs its size once, not once per hit.
//! With `-U` every match of a multi-line block is a hit of its own. Files with a UTF-16
//! byte-order mark are searched as their UTF-8 decoding.
//!
//! In filename mode the pattern is matched against each file's path relative to its
//! root, and a candidate carries no hits. With `files_only` the search of a file stops
//! at its first match, as `rg -l` does.

use std::path::{Path, PathBuf};

use grep_matcher::Matcher;
use grep_searcher::{BinaryDetection, Searcher, SearcherBuilder, Sink, SinkMatch};

use crate::lang::Language;
use crate::output::Reporter;
use crate::source::{excerpt, LineIndex};
use crate::walk::{Visited, Walker};

/// The most context lines a hit carries on each side (`-C`).
pub const MAX_CONTEXT: usize = 10;

/// What the pattern is matched against.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Target {
    /// The file contents.
    #[default]
    Content,
    /// The path relative to the search root.
    Filename,
}

/// Case sensitivity, as ripgrep's `-s`, `-i` and `-S`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum CaseMode {
    #[default]
    Sensitive,
    Insensitive,
    /// Insensitive unless the pattern has an uppercase letter.
    Smart,
}

/// How to run phase 1.
#[derive(Debug, Clone, Default)]
pub struct RegexOptions {
    pub pattern: String,
    pub target: Target,
    pub case: CaseMode,
    /// `-U`: the pattern may match across lines (`.` matches newlines too).
    pub multiline: bool,
    /// `-P`: PCRE2 syntax (look-around, backreferences).
    pub pcre2: bool,
    /// `-F`: the pattern is a literal string.
    pub fixed_strings: bool,
    /// `-w`: only whole-word matches (what-breaks uses this for names).
    pub word: bool,
    /// Stop at the first match of each file and record no hits (`-l`).
    pub files_only: bool,
    /// One hit per match rather than per matching line (`--vimgrep`).
    pub every_match: bool,
    /// Files larger than this are only checked for a match, without hits, and without
    /// being held in memory whole (they are too large to parse anyway).
    pub parse_limit: Option<u64>,
}

/// A pattern that cannot be compiled.
#[derive(Debug, thiserror::Error)]
#[error("invalid pattern: {0}")]
pub struct PatternError(String);

/// One phase-1 hit: a `match_positions` entry.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Hit {
    /// 1-based line of the match start.
    pub line_number: u64,
    /// The matching line(s), without the final line terminator (lossy UTF-8).
    pub line_content: String,
    /// 1-based byte column of the match start within its line.
    pub column: u64,
    /// Absolute byte offset of the match start in the file.
    pub byte_offset: u64,
    pub context_before: Vec<String>,
    pub context_after: Vec<String>,
    /// Whether `line_content` was cut to a window around the match (a very long line).
    #[serde(default)]
    pub line_truncated: bool,
}

/// Where one phase-1 hit is: what phase 1 keeps until the file is evaluated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HitPos {
    /// 1-based line of the match start.
    pub line_number: u64,
    /// 1-based line of the match end (the same line unless the match spans lines).
    pub end_line: u64,
    /// 1-based byte column of the match start within its line.
    pub column: u64,
    /// Absolute byte offset of the match start in the file.
    pub byte_offset: u64,
}

/// A candidate file and its hits.
#[derive(Debug, Clone)]
pub struct Candidate {
    /// The path to open (as walked).
    pub open_path: PathBuf,
    pub language: Option<&'static Language>,
    /// Empty in filename mode and with `files_only`.
    pub hits: Vec<HitPos>,
    /// Named on the command line rather than found by the walk.
    pub explicit: bool,
}

/// Byte ranges of the pattern's matches in a line.
type SpanFinder = dyn Fn(&[u8]) -> Vec<(usize, usize)> + Send + Sync;

/// Finds the pattern's matches within one printed line, for highlighting.
pub struct Highlighter(Box<SpanFinder>);

impl Highlighter {
    /// The pattern's matches in `line` as byte ranges.
    pub fn spans(&self, line: &str) -> Vec<(usize, usize)> {
        (self.0)(line.as_bytes())
    }
}

impl std::fmt::Debug for Highlighter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Highlighter")
    }
}

/// The highlighter of a content pattern.
pub fn highlighter(opts: &RegexOptions) -> Result<Highlighter, PatternError> {
    fn spans<M: Matcher>(m: &M, line: &[u8]) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let _ = m.find_iter(line, |mat| {
            if !mat.is_empty() {
                out.push((mat.start(), mat.end()));
            }
            true
        });
        out
    }
    Ok(if opts.pcre2 {
        let m = build_pcre2(opts)?;
        Highlighter(Box::new(move |line| spans(&m, line)))
    } else {
        let m = build_rust_regex(opts)?;
        Highlighter(Box::new(move |line| spans(&m, line)))
    })
}

/// Runs phase 1 over the walker: the candidate files in path order. (A walker with a
/// deadline stops there: see [`Walker::with_deadline`].)
pub fn find_candidates(
    walker: &Walker,
    report: &Reporter,
    opts: &RegexOptions,
) -> Result<Vec<Visited<Candidate>>, PatternError> {
    Ok(if opts.pcre2 {
        let matcher = build_pcre2(opts)?;
        run(walker, report, opts, &matcher)
    } else {
        let matcher = build_rust_regex(opts)?;
        run(walker, report, opts, &matcher)
    })
}

fn build_rust_regex(opts: &RegexOptions) -> Result<grep_regex::RegexMatcher, PatternError> {
    let mut b = grep_regex::RegexMatcherBuilder::new();
    b.case_insensitive(opts.case == CaseMode::Insensitive)
        .case_smart(opts.case == CaseMode::Smart)
        .fixed_strings(opts.fixed_strings)
        .word(opts.word)
        .multi_line(true)
        .dot_matches_new_line(opts.multiline);
    if !opts.multiline {
        // Lets grep-searcher search line by line, which is what makes it fast.
        b.line_terminator(Some(b'\n'));
    }
    b.build(&opts.pattern)
        .map_err(|e| PatternError(e.to_string()))
}

fn build_pcre2(opts: &RegexOptions) -> Result<grep_pcre2::RegexMatcher, PatternError> {
    let mut b = grep_pcre2::RegexMatcherBuilder::new();
    b.caseless(opts.case == CaseMode::Insensitive)
        .case_smart(opts.case == CaseMode::Smart)
        .fixed_strings(opts.fixed_strings)
        .word(opts.word)
        .multi_line(true)
        .dotall(opts.multiline)
        .utf(true)
        .jit_if_available(true);
    b.build(&opts.pattern)
        .map_err(|e| PatternError(e.to_string()))
}

fn run<M: Matcher + Sync>(
    walker: &Walker,
    report: &Reporter,
    opts: &RegexOptions,
    matcher: &M,
) -> Vec<Visited<Candidate>> {
    walker.collect(report, |entry| {
        if entry.is_dir {
            return None;
        }
        let open_path = entry.dirent.path().to_path_buf();
        let candidate = |hits| Candidate {
            open_path: open_path.clone(),
            language: entry.language,
            hits,
            explicit: entry.explicit,
        };
        if opts.target == Target::Filename {
            let rel = relative_to_root(&entry.path, walker.root_display(entry.root));
            let rel = rel.to_string_lossy();
            return matcher
                .is_match(rel.as_bytes())
                .unwrap_or(false)
                .then(|| candidate(Vec::new()));
        }
        let mut searcher = searcher(opts, entry.explicit);
        let too_large = opts
            .parse_limit
            .is_some_and(|limit| entry.dirent.metadata().is_ok_and(|m| m.len() > limit));
        let result = if opts.files_only {
            let mut sink = FirstMatch(false);
            searcher
                .search_path(matcher, entry.dirent.path(), &mut sink)
                .map(|()| sink.0.then(Vec::new))
        } else if too_large {
            // Read in bounded chunks: a line longer than the limit (a minified file)
            // stops the search, and the file stays a candidate, to be reported as too
            // large to parse rather than read whole.
            let limit = opts.parse_limit.unwrap_or(u64::MAX);
            let mut bounded = searcher_builder(opts, entry.explicit);
            bounded.heap_limit(Some(usize::try_from(limit).unwrap_or(usize::MAX)));
            let mut sink = FirstMatch(false);
            match crate::source::open_regular(entry.dirent.path())
                .and_then(|file| bounded.build().search_file(matcher, &file, &mut sink))
            {
                Ok(()) => Ok(sink.0.then(Vec::new)),
                // grep-searcher's own error for a line over the heap limit.
                Err(e) if e.to_string().contains("allocation limit") => Ok(Some(Vec::new())),
                Err(e) => Err(e),
            }
        } else {
            search_hits(
                &mut searcher,
                matcher,
                entry.dirent.path(),
                opts.multiline || opts.every_match,
            )
        };
        match result {
            Ok(Some(hits)) => Some(candidate(hits)),
            Ok(None) => None,
            Err(err) => {
                report.path_error(&entry.path, err);
                None
            }
        }
    })
}

/// The path below the root, for filename matching (`src/a.rs`, not `./src/a.rs`).
fn relative_to_root<'a>(path: &'a Path, root: &Path) -> &'a Path {
    match path.strip_prefix(root) {
        Ok(rel) if !rel.as_os_str().is_empty() => rel,
        _ => path,
    }
}

fn searcher(opts: &RegexOptions, explicit: bool) -> Searcher {
    searcher_builder(opts, explicit).build()
}

fn searcher_builder(opts: &RegexOptions, explicit: bool) -> SearcherBuilder {
    let mut b = SearcherBuilder::new();
    b.line_number(true).multi_line(opts.multiline);
    // Walked binary files are skipped at the first NUL byte, as ripgrep does; a file
    // named on the command line is searched whatever it holds.
    b.binary_detection(if explicit {
        BinaryDetection::none()
    } else {
        BinaryDetection::quit(b'\0')
    });
    b
}

/// Reads the file once and searches it whole.
fn search_hits<M: Matcher>(
    searcher: &mut Searcher,
    matcher: &M,
    path: &Path,
    every_match: bool,
) -> std::io::Result<Option<Vec<HitPos>>> {
    let (file, size) = crate::source::open_regular_sized(path)?;
    let bytes = crate::source::searchable(crate::source::read_sized(file, size)?);
    let mut sink = HitSink {
        matcher,
        lines: LineIndex::new(&bytes),
        every_match,
        hits: Vec::new(),
        binary: false,
    };
    searcher.search_slice(matcher, &bytes, &mut sink)?;
    if sink.binary {
        return Ok(None);
    }
    Ok((!sink.hits.is_empty()).then_some(sink.hits))
}

struct FirstMatch(bool);

impl Sink for FirstMatch {
    type Error = std::io::Error;

    fn matched(&mut self, _: &Searcher, _: &SinkMatch<'_>) -> Result<bool, Self::Error> {
        self.0 = true;
        Ok(false)
    }
}

struct HitSink<'a, M> {
    matcher: &'a M,
    lines: LineIndex,
    /// A hit per match, not per matching line (always in multi-line mode, where one
    /// block can hold several matches that share lines).
    every_match: bool,
    hits: Vec<HitPos>,
    binary: bool,
}

impl<M: Matcher> HitSink<'_, M> {
    /// The hit for a match spanning `start..end` (absolute offsets).
    fn hit(&self, start: usize, end: usize) -> HitPos {
        let line_number = self.lines.line_of(start);
        // Invariant: line_of returns a line that exists.
        let line_start = self.lines.line_start(line_number).unwrap_or(0);
        HitPos {
            line_number,
            end_line: self.lines.line_of(end.saturating_sub(1).max(start)),
            column: (start - line_start + 1) as u64,
            byte_offset: start as u64,
        }
    }
}

/// The full hits of a file whose decoded text is `text` (indexed by `lines`): each
/// hit's line(s), cut for display around the match, and up to `context` lines (at most
/// [`MAX_CONTEXT`]) of context on each side, each cut too.
pub fn expand(hits: &[HitPos], text: &str, lines: &LineIndex, context: usize) -> Vec<Hit> {
    let context = context.min(MAX_CONTEXT) as u64;
    let cut = |line: &str| excerpt(line, 0).0.into_owned();
    hits.iter()
        .map(|h| {
            let start = lines.line_start(h.line_number).unwrap_or(text.len());
            let end = lines
                .line_range(h.end_line.max(h.line_number))
                .map_or(text.len(), |r| r.end)
                .max(start);
            let span = text.get(start..end).unwrap_or("");
            let span = span.strip_suffix('\r').unwrap_or(span);
            let (line_content, line_truncated) = excerpt(span, h.column.saturating_sub(1) as usize);
            let before = h.line_number.saturating_sub(context).max(1)..h.line_number;
            let after = h.end_line + 1..h.end_line + 1 + context;
            Hit {
                line_number: h.line_number,
                line_content: line_content.into_owned(),
                column: h.column,
                byte_offset: h.byte_offset,
                context_before: before
                    .filter_map(|n| lines.line(text, n))
                    .map(cut)
                    .collect(),
                context_after: after.map_while(|n| lines.line(text, n)).map(cut).collect(),
                line_truncated,
            }
        })
        .collect()
}

impl<M: Matcher> Sink for HitSink<'_, M> {
    type Error = std::io::Error;

    fn matched(&mut self, _: &Searcher, m: &SinkMatch<'_>) -> Result<bool, Self::Error> {
        let block = m.bytes();
        let block_start = m.absolute_byte_offset() as usize;
        if self.every_match {
            let mut spans = Vec::new();
            self.matcher
                .find_iter(block, |mat| {
                    spans.push((block_start + mat.start(), block_start + mat.end()));
                    true
                })
                .map_err(|e| std::io::Error::other(e.to_string()))?;
            for (start, end) in spans {
                let hit = self.hit(start, end);
                self.hits.push(hit);
            }
        } else {
            // One hit per matching line, at its first match.
            let (start, end) = self
                .matcher
                .find(block)
                .ok()
                .flatten()
                .map_or((0, 0), |mat| (mat.start(), mat.end()));
            let hit = self.hit(block_start + start, block_start + end);
            self.hits.push(hit);
        }
        Ok(true)
    }

    fn binary_data(&mut self, _: &Searcher, _: u64) -> Result<bool, Self::Error> {
        self.binary = true;
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hits_in(text: &str, opts: RegexOptions) -> Vec<Hit> {
        hits_with_context(text, opts, 0)
    }

    fn hits_with_context(text: &str, opts: RegexOptions, context: usize) -> Vec<Hit> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        std::fs::write(&path, text).unwrap();
        let matcher = build_rust_regex(&opts).unwrap();
        let mut s = searcher(&opts, false);
        let found = search_hits(&mut s, &matcher, &path, opts.multiline || opts.every_match)
            .unwrap()
            .unwrap_or_default();
        expand(&found, text, &LineIndex::new(text.as_bytes()), context)
    }

    #[test]
    fn byte_offset_is_the_match_not_the_line() {
        let hits = hits_in(
            "one\n  two prepareStatement(x)\nthree\n",
            RegexOptions {
                pattern: "prepareStatement".into(),
                ..RegexOptions::default()
            },
        );
        assert_eq!(hits.len(), 1);
        let h = &hits[0];
        assert_eq!(h.line_number, 2);
        assert_eq!(h.column, 7);
        assert_eq!(h.byte_offset, 4 + 6);
        assert_eq!(h.line_content, "  two prepareStatement(x)");
    }

    #[test]
    fn context_lines_are_cut_on_both_sides() {
        let hits = hits_with_context(
            "a\nb\nc\nHIT\nd\ne\n",
            RegexOptions {
                pattern: "HIT".into(),
                ..RegexOptions::default()
            },
            2,
        );
        assert_eq!(hits[0].context_before, vec!["b", "c"]);
        assert_eq!(hits[0].context_after, vec!["d", "e"]);
    }

    #[test]
    fn context_stops_at_file_edges() {
        let hits = hits_with_context(
            "HIT\nlast",
            RegexOptions {
                pattern: "HIT".into(),
                ..RegexOptions::default()
            },
            3,
        );
        assert!(hits[0].context_before.is_empty());
        assert_eq!(hits[0].context_after, vec!["last"]);
    }

    #[test]
    fn smart_case_and_word_boundaries() {
        let text = "Foo foo food\n";
        let smart = hits_in(
            text,
            RegexOptions {
                pattern: "foo".into(),
                case: CaseMode::Smart,
                ..RegexOptions::default()
            },
        );
        assert_eq!(smart[0].column, 1, "lowercase pattern matches Foo too");
        let word = hits_in(
            "food foo\n",
            RegexOptions {
                pattern: "foo".into(),
                word: true,
                ..RegexOptions::default()
            },
        );
        assert_eq!(word[0].column, 6);
    }

    #[test]
    fn every_match_of_a_multiline_block_is_a_hit() {
        let hits = hits_in(
            "x\nbegin(\n  arg) begin(\n  arg)\n",
            RegexOptions {
                pattern: r"begin\(\s+arg".into(),
                multiline: true,
                ..RegexOptions::default()
            },
        );
        let at: Vec<(u64, u64)> = hits.iter().map(|h| (h.line_number, h.column)).collect();
        assert_eq!(at, vec![(2, 1), (3, 8)]);
    }

    #[test]
    fn every_match_mode_gives_each_match_on_a_line_a_hit() {
        let hits = hits_in(
            "a foo b foo\n",
            RegexOptions {
                pattern: "foo".into(),
                every_match: true,
                ..RegexOptions::default()
            },
        );
        let cols: Vec<u64> = hits.iter().map(|h| h.column).collect();
        assert_eq!(cols, vec![3, 9]);
    }

    #[test]
    fn highlighter_finds_every_match_in_a_line() {
        let h = highlighter(&RegexOptions {
            pattern: "o+".into(),
            ..RegexOptions::default()
        })
        .unwrap();
        assert_eq!(h.spans("foo boo"), vec![(1, 3), (5, 7)]);
    }

    #[test]
    fn a_long_line_is_cut_around_the_match() {
        let line = format!("{}NEEDLE{}\n", "x".repeat(100_000), "y".repeat(100_000));
        let hits = hits_in(
            &line,
            RegexOptions {
                pattern: "NEEDLE".into(),
                ..RegexOptions::default()
            },
        );
        assert!(hits[0].line_truncated);
        assert!(hits[0].line_content.contains("NEEDLE"));
        assert!(hits[0].line_content.len() < 1024);
        assert_eq!(hits[0].column, 100_001);
    }

    #[test]
    fn multiline_matches_report_their_first_line() {
        let hits = hits_in(
            "x\nbegin(\n  arg)\n",
            RegexOptions {
                pattern: r"begin\(\s+arg".into(),
                multiline: true,
                ..RegexOptions::default()
            },
        );
        assert_eq!(hits.len(), 1);
        assert_eq!(hits[0].line_number, 2);
        assert_eq!(hits[0].byte_offset, 2);
    }

    #[test]
    fn bad_patterns_are_errors() {
        let opts = RegexOptions {
            pattern: "(".into(),
            ..RegexOptions::default()
        };
        assert!(build_rust_regex(&opts).is_err());
        assert!(build_pcre2(&opts).is_err());
    }
}
