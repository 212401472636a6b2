//! Reading and parsing one source file, the same way for every subcommand.
//!
//! Files are read whole (they are parsed whole anyway), checked for a NUL byte in the
//! first block the way ripgrep detects binary files, decoded lossily when they are not
//! UTF-8 (the parse must never fail on bad bytes) and parsed with the registry's
//! grammar. Byte offsets in the tree refer to the decoded text; for valid UTF-8 that is
//! the file itself.
//!
//! A file that starts with a UTF-16 byte-order mark is decoded to UTF-8 (as ripgrep
//! does) rather than taken for binary; offsets then refer to the decoded text.
//!
//! [`LineIndex`] finds a line by number or by byte offset in logarithmic time, and
//! [`excerpt`] cuts a long line (a minified file's only line) down to a window around
//! a position for display, so that what is printed per match stays small.
//!
//! [`whole_words`] finds literal words in a text where they stand as whole words.
//!
//! Only regular files are ever read: [`open_regular`] opens without blocking and checks
//! the opened descriptor, so a FIFO or device never hangs or floods a run. Input that
//! is not a file on disk (stdin, an evaluator file) is read through [`read_bounded`].

use std::borrow::Cow;
use std::fs::File;
use std::io::Read;
use std::path::Path;

use rayon::prelude::*;

use crate::lang::Language;

/// Whether a byte can be part of an identifier in some language (any non-ASCII byte
/// counts: identifiers may be written in any script).
pub fn is_word_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c >= 0x80
}

/// The matches of `finder` in `text` that stand as whole words: no identifier byte
/// right before or after, where the match itself begins or ends with one (a word such
/// as `$x` or `operator+` brings its own edge on that side).
pub fn whole_words<'a>(
    finder: &'a aho_corasick::AhoCorasick,
    text: &'a str,
) -> impl Iterator<Item = aho_corasick::Match> + 'a {
    let b = text.as_bytes();
    let clear = |inner: u8, outside: Option<&u8>| {
        !is_word_byte(inner) || outside.is_none_or(|&c| !is_word_byte(c))
    };
    finder.find_iter(text).filter(move |m| {
        let before = m.start().checked_sub(1).map(|i| &b[i]);
        clear(b[m.start()], before) && clear(b[m.end() - 1], b.get(m.end()))
    })
}

/// How many leading bytes are inspected for a NUL byte (ripgrep's block size order).
pub const BINARY_PROBE_LEN: usize = 8 * 1024;

/// Why a file could not be turned into a syntax tree.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    #[error(transparent)]
    Io(#[from] std::io::Error),
    #[error("binary file (NUL byte in the first {BINARY_PROBE_LEN} bytes)")]
    Binary,
    #[error("the parser gave up (timeout or cancellation)")]
    ParseFailed,
    /// Larger than the parse limit: skipped, not parsed (a warning, not an error).
    #[error("skipped: {size} bytes is over the parse limit of {limit} bytes (raise it with --max-parse-size)")]
    TooLarge { size: u64, limit: u64 },
}

/// A file's text, decoded.
#[derive(Debug, Clone)]
pub struct SourceText {
    pub text: String,
}

/// Whether these bytes look binary: a NUL byte in the first [`BINARY_PROBE_LEN`] bytes.
pub fn looks_binary(bytes: &[u8]) -> bool {
    let probe = &bytes[..bytes.len().min(BINARY_PROBE_LEN)];
    memchr_nul(probe)
}

fn memchr_nul(bytes: &[u8]) -> bool {
    bytes.contains(&0)
}

/// Decodes bytes as UTF-8, replacing invalid sequences (never fails).
fn decode(bytes: Vec<u8>) -> SourceText {
    match String::from_utf8(bytes) {
        Ok(text) => SourceText { text },
        Err(e) => SourceText {
            text: String::from_utf8_lossy(e.as_bytes()).into_owned(),
        },
    }
}

/// The UTF-8 text of UTF-16 bytes with a byte-order mark (None without one). Unpaired
/// surrogates become U+FFFD and an odd last byte is dropped, as a lossy decoder does.
pub fn decode_utf16_bom(bytes: &[u8]) -> Option<String> {
    let (rest, little) = match bytes {
        [0xFF, 0xFE, rest @ ..] => (rest, true),
        [0xFE, 0xFF, rest @ ..] => (rest, false),
        _ => return None,
    };
    let units = rest.chunks_exact(2).map(|p| {
        if little {
            u16::from_le_bytes([p[0], p[1]])
        } else {
            u16::from_be_bytes([p[0], p[1]])
        }
    });
    Some(
        char::decode_utf16(units)
            .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
            .collect(),
    )
}

/// The bytes a search sees: UTF-16 with a byte-order mark transcoded to UTF-8, anything
/// else unchanged.
pub fn searchable(bytes: Vec<u8>) -> Vec<u8> {
    match decode_utf16_bom(&bytes) {
        Some(text) => text.into_bytes(),
        None => bytes,
    }
}

/// Input larger than the limit [`read_bounded`] was given.
#[derive(Debug, thiserror::Error)]
pub enum BoundedReadError {
    #[error(transparent)]
    Io(#[from] std::io::Error),
    #[error("input larger than {limit} bytes; refusing to read more")]
    TooLarge { limit: u64 },
}

/// Opens `path` for reading only if it is a regular file.
///
/// Checking the type before opening would race with the path being replaced, and
/// opening a FIFO blocks until a writer appears; so the file is opened with
/// `O_NONBLOCK` (which does not change how a regular file reads) and the type is then
/// checked on the open descriptor with `fstat`, which is race-free.
pub fn open_regular(path: &Path) -> std::io::Result<File> {
    open_regular_sized(path).map(|(file, _)| file)
}

/// [`open_regular`], with the size the same `fstat` gave: readers size their buffer
/// from it instead of asking again or growing it read by read.
pub fn open_regular_sized(path: &Path) -> std::io::Result<(File, u64)> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    Ok((file, meta.len()))
}

/// The rest of `file`, whose size was `size` when it was opened (a hint: a file that
/// changed since is still read to its end).
pub fn read_sized(mut file: File, size: u64) -> std::io::Result<Vec<u8>> {
    // One byte more than the size, so that the read that finds the end needs no
    // growth of the buffer.
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0).saturating_add(1));
    file.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Reads at most `limit` bytes from `reader`: an error naming the limit when there is
/// more, so that endless input (`yes | ...`) ends promptly with bounded memory.
pub fn read_bounded(reader: impl Read, limit: u64) -> Result<Vec<u8>, BoundedReadError> {
    let mut buf = Vec::new();
    reader.take(limit.saturating_add(1)).read_to_end(&mut buf)?;
    if buf.len() as u64 > limit {
        return Err(BoundedReadError::TooLarge { limit });
    }
    Ok(buf)
}

/// Reads a text file: an error for I/O problems, non-regular files and binary content.
pub fn read_text(path: &Path) -> Result<SourceText, SourceError> {
    read_text_within(path, u64::MAX)
}

/// [`read_text`] for a file that is about to be parsed: one larger than `limit` bytes
/// is refused before it is read (parsing costs tens of bytes of memory per byte).
pub fn read_text_within(path: &Path, limit: u64) -> Result<SourceText, SourceError> {
    text_of(read_bytes_within(path, limit)?)
}

/// The raw bytes of a regular file of at most `limit` bytes.
pub fn read_bytes_within(path: &Path, limit: u64) -> Result<Vec<u8>, SourceError> {
    let (file, size) = open_regular_sized(path)?;
    if size > limit {
        return Err(SourceError::TooLarge { size, limit });
    }
    Ok(read_sized(file, size)?)
}

/// A file's bytes as text: UTF-16 with a byte-order mark decoded, binary content (a
/// NUL byte in the first block) refused, anything else decoded as UTF-8, lossily.
pub fn text_of(bytes: Vec<u8>) -> Result<SourceText, SourceError> {
    Ok(decode(text_bytes_of(bytes)?))
}

/// [`text_of`] before the UTF-8 check: the bytes of the text (UTF-16 with a byte-order
/// mark decoded), binary content refused.
fn text_bytes_of(bytes: Vec<u8>) -> Result<Vec<u8>, SourceError> {
    if let Some(text) = decode_utf16_bom(&bytes) {
        return Ok(text.into_bytes());
    }
    if looks_binary(&bytes) {
        return Err(SourceError::Binary);
    }
    Ok(bytes)
}

/// The text of each wanted line (a path, a 1-based line and the 1-based byte column of
/// what is shown on it), in order, without its line ending; empty when missing; with
/// whether it was cut. A line longer than [`MAX_LINE_BYTES`] is cut to a window around
/// the column ([`excerpt`]):
/// the one line of a minified file can hold thousands of uses, and a copy of the whole
/// line for each would take gigabytes. The files are read on all threads, each run of
/// one path once (reported uses come sorted by file), so that printing thousands of
/// uses waits for one read at a time per thread, not for every read in turn.
pub fn lines_at(wanted: &[(&Path, u32, u32)]) -> Vec<(String, bool)> {
    let mut runs = Vec::new();
    let mut start = 0;
    for end in 1..=wanted.len() {
        if end == wanted.len() || wanted[end].0 != wanted[start].0 {
            runs.push(start..end);
            start = end;
        }
    }
    let read: Vec<Vec<(String, bool)>> = runs
        .into_par_iter()
        .map(|run| {
            let mut lines = LineCache::default();
            wanted[run]
                .iter()
                .map(|&(path, line, column)| {
                    let at = column.saturating_sub(1) as usize;
                    let (text, cut) = excerpt(lines.line(path, line), at);
                    (text.into_owned(), cut)
                })
                .collect()
        })
        .collect();
    read.into_iter().flatten().collect()
}

/// Lines of one file at a time. Only what the lines asked for need is done: line breaks
/// are looked for as far as the furthest line asked, and only those lines are decoded
/// (a reported use is usually one line of a long file).
#[derive(Default)]
struct LineCache {
    path: std::path::PathBuf,
    /// The file's text as [`text_bytes_of`] gives it, not yet checked as UTF-8; empty
    /// when the file cannot be read or is binary.
    bytes: Vec<u8>,
    /// Where the lines found so far start (the first at 0).
    starts: Vec<usize>,
    /// Whether every line break has been found.
    scanned: bool,
    /// The last line asked for, decoded: the uses on one line are asked for in a row.
    last: Option<(u32, String)>,
}

impl LineCache {
    /// Line `line` (1-based) of `path`, without its line ending; empty when missing.
    /// The same text as slicing the whole decoded file: a line break is one byte that no
    /// multi-byte sequence contains, so decoding line by line replaces the same bytes.
    fn line(&mut self, path: &Path, line: u32) -> &str {
        if self.path != path {
            self.path = path.to_path_buf();
            self.bytes = read_bytes_within(path, u64::MAX)
                .and_then(text_bytes_of)
                .unwrap_or_default();
            self.starts = vec![0];
            self.scanned = false;
            self.last = None;
        }
        if self.last.as_ref().is_none_or(|(n, _)| *n != line) {
            let text = self.decode(line);
            self.last = Some((line, text));
        }
        self.last.as_ref().map_or("", |(_, text)| text.as_str())
    }

    /// Line `line` (1-based) of the file read last, decoded.
    fn decode(&mut self, line: u32) -> String {
        let i = (line as usize).saturating_sub(1);
        while self.starts.len() <= i + 1 && !self.scanned {
            let from = self.starts[self.starts.len() - 1];
            match memchr::memchr(b'\n', &self.bytes[from..]) {
                Some(at) => self.starts.push(from + at + 1),
                None => self.scanned = true,
            }
        }
        let Some(&start) = self.starts.get(i) else {
            return String::new();
        };
        let end = self.starts.get(i + 1).map_or(self.bytes.len(), |e| e - 1);
        String::from_utf8_lossy(&self.bytes[start..end])
            .trim_end_matches('\r')
            .to_string()
    }
}

/// Parses text with a language's grammar, reusing `parser` (callers keep one parser per
/// thread).
pub fn parse(
    parser: &mut tree_sitter::Parser,
    lang: &Language,
    text: &str,
) -> Result<tree_sitter::Tree, SourceError> {
    parse_prepared(parser, lang, text).map(|(tree, _)| tree)
}

/// [`parse`], with the text the tree was parsed from: `text` with what the grammar
/// would misread blanked (see [`Language::prepare`]). When that parses with errors and
/// the language has another text to try, the one of the two with fewer errors.
pub fn parse_prepared<'t>(
    parser: &mut tree_sitter::Parser,
    lang: &Language,
    text: &'t str,
) -> Result<(tree_sitter::Tree, Cow<'t, str>), SourceError> {
    // Setting the language is a pointer swap plus an ABI check: cheap enough per file.
    parser
        .set_language(&lang.ts_language())
        .map_err(|_| SourceError::ParseFailed)?;
    let prepared = lang.prepare(text);
    let tree = parser
        .parse(prepared.as_ref(), None)
        .ok_or(SourceError::ParseFailed)?;
    if !tree.root_node().has_error() {
        return Ok((tree, prepared));
    }
    // The other text is often the same (nothing in it to blank): it would parse the same.
    let Some(other) = lang
        .prepare_if_broken(text)
        .filter(|other| other.as_ref() != prepared.as_ref())
    else {
        return Ok((tree, prepared));
    };
    let other_tree = parser
        .parse(other.as_ref(), None)
        .ok_or(SourceError::ParseFailed)?;
    if errors_in(&other_tree) < errors_in(&tree) {
        Ok((other_tree, other))
    } else {
        Ok((tree, prepared))
    }
}

/// How many error and missing nodes a tree holds.
fn errors_in(tree: &tree_sitter::Tree) -> usize {
    let mut count = 0;
    let mut cursor = tree.walk();
    loop {
        let node = cursor.node();
        if node.is_error() || node.is_missing() {
            count += 1;
        }
        // Only subtrees that hold an error are entered.
        if node.has_error() && cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                return count;
            }
        }
    }
}

/// Line starts of a text, for finding a line by number or by offset without rescanning.
#[derive(Debug, Clone)]
pub struct LineIndex {
    /// Byte offset of the start of each line; the first is 0.
    starts: Vec<usize>,
    len: usize,
}

impl LineIndex {
    /// Indexes `text` (UTF-8 text or raw bytes: only `\n` matters).
    pub fn new(text: &[u8]) -> LineIndex {
        let starts = std::iter::once(0)
            .chain(
                text.iter()
                    .enumerate()
                    .filter(|&(_, &b)| b == b'\n')
                    .map(|(i, _)| i + 1),
            )
            .collect();
        LineIndex {
            starts,
            len: text.len(),
        }
    }

    /// The 1-based line holding byte `offset`.
    pub fn line_of(&self, offset: usize) -> u64 {
        self.starts.partition_point(|&s| s <= offset).max(1) as u64
    }

    /// The byte range of 1-based line `n` without its `\n` (None past the end).
    pub fn line_range(&self, n: u64) -> Option<std::ops::Range<usize>> {
        let i = usize::try_from(n.checked_sub(1)?).ok()?;
        let start = *self.starts.get(i)?;
        if start == self.len && i > 0 {
            // The empty "line" after a final newline is not a line.
            return None;
        }
        let end = self.starts.get(i + 1).map_or(self.len, |&e| e - 1);
        Some(start..end)
    }

    /// 1-based line `n` of `text` (the text this index was built from), without its
    /// terminator.
    pub fn line<'t>(&self, text: &'t str, n: u64) -> Option<&'t str> {
        let r = self.line_range(n)?;
        let line = text.get(r)?;
        Some(line.strip_suffix('\r').unwrap_or(line))
    }

    /// The byte offset where 1-based line `n` starts.
    pub fn line_start(&self, n: u64) -> Option<usize> {
        let i = usize::try_from(n.checked_sub(1)?).ok()?;
        self.starts.get(i).copied()
    }
}

/// The most bytes of one line printed for a match; longer lines are cut around the
/// match (ripgrep's `--max-columns` idea, with the window kept rather than dropped).
pub const MAX_LINE_BYTES: usize = 512;

/// The marker put where a line was cut.
pub const CUT_MARKER: &str = "…";

/// `line` cut to at most [`MAX_LINE_BYTES`] bytes around byte `at` (a position within
/// the line), with [`CUT_MARKER`] at each end that was cut; the flag says whether it
/// was cut.
pub fn excerpt(line: &str, at: usize) -> (std::borrow::Cow<'_, str>, bool) {
    // A line cut once (markers included) is not cut again.
    if line.len() <= MAX_LINE_BYTES + 2 * CUT_MARKER.len() {
        return (std::borrow::Cow::Borrowed(line), false);
    }
    let at = at.min(line.len());
    // A little context before the position, the rest after it.
    let mut start = at.saturating_sub(MAX_LINE_BYTES / 4);
    let mut end = (start + MAX_LINE_BYTES).min(line.len());
    start = end.saturating_sub(MAX_LINE_BYTES).min(start);
    while !line.is_char_boundary(start) {
        start -= 1;
    }
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    let mut out = String::with_capacity(end - start + 2 * CUT_MARKER.len());
    if start > 0 {
        out.push_str(CUT_MARKER);
    }
    out.push_str(&line[start..end]);
    if end < line.len() {
        out.push_str(CUT_MARKER);
    }
    (std::borrow::Cow::Owned(out), true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_read_in_the_order_asked_with_missing_ones_empty() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.py");
        let b = dir.path().join("b.py");
        std::fs::write(&a, "one\r\ntwo\nthree").unwrap();
        std::fs::write(&b, "x = 1\n").unwrap();
        let gone = dir.path().join("gone.py");
        let wanted = [
            (a.as_path(), 3, 1),
            (a.as_path(), 1, 1),
            (b.as_path(), 1, 1),
            (b.as_path(), 9, 1),
            (gone.as_path(), 1, 1),
            // The same file again after another: read again, same answer.
            (a.as_path(), 2, 1),
        ];
        let texts: Vec<String> = lines_at(&wanted).into_iter().map(|(t, _)| t).collect();
        assert_eq!(texts, ["three", "one", "x = 1", "", "", "two"]);
        assert!(lines_at(&[]).is_empty());
    }

    #[test]
    fn a_line_read_alone_is_that_line_of_the_whole_decoded_file() {
        let dir = tempfile::tempdir().unwrap();
        let mut utf16 = vec![0xFF, 0xFE];
        for unit in "a\r\nb\u{e9}\n\nc".encode_utf16() {
            utf16.extend_from_slice(&unit.to_le_bytes());
        }
        let contents: [&[u8]; 7] = [
            b"one\r\r\ntwo\n\nfour\n",
            // Invalid sequences at a line's end, across a break, and at the file's end.
            b"ab\xE2\x82\ncd\xF0\x9F\n\x98\x80 ok\r\n\xE2",
            "caf\u{e9} \u{1F600}\nx".as_bytes(),
            b"\xEF\xBB\xBFbom\nsecond",
            b"bin\0ary\nline",
            b"",
            &utf16,
        ];
        for (n, bytes) in contents.iter().enumerate() {
            let path = dir.path().join(format!("f{n}.txt"));
            std::fs::write(&path, bytes).unwrap();
            // What slicing the whole decoded text gives, line by line.
            let text = read_text(&path).map(|t| t.text).unwrap_or_default();
            let mut whole: Vec<String> = text
                .split('\n')
                .map(|l| l.trim_end_matches('\r').to_string())
                .collect();
            whole.extend(["".to_string(), "".to_string()]);
            // Asked out of order, past the end, and again.
            let mut order: Vec<u32> = (1..=whole.len() as u32).rev().collect();
            order.extend(1..=whole.len() as u32);
            let wanted: Vec<(&Path, u32, u32)> =
                order.iter().map(|&l| (path.as_path(), l, 1)).collect();
            let got = lines_at(&wanted);
            for (&l, (line, _)) in order.iter().zip(&got) {
                assert_eq!(line, &whole[l as usize - 1], "file {n}, line {l}");
            }
        }
    }

    #[test]
    fn nul_in_first_block_is_binary() {
        assert!(looks_binary(b"abc\0def"));
        assert!(!looks_binary(b"plain text\n"));
        let mut late = vec![b'a'; BINARY_PROBE_LEN + 10];
        late.push(0);
        assert!(!looks_binary(&late));
    }

    #[test]
    fn bounded_read_names_the_limit() {
        assert_eq!(read_bounded(&b"abc"[..], 3).expect("fits"), b"abc");
        let err = read_bounded(std::io::repeat(b'y'), 10).expect_err("endless input");
        assert!(err.to_string().contains("10 bytes"), "{err}");
    }

    #[test]
    fn utf16_with_a_byte_order_mark_is_decoded() {
        let le: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain("x = 1\n".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        assert_eq!(text_of(le).expect("text").text, "x = 1\n");
        let be: Vec<u8> = [0xFE, 0xFF]
            .into_iter()
            .chain("é\n".encode_utf16().flat_map(u16::to_be_bytes))
            .collect();
        assert_eq!(text_of(be).expect("text").text, "é\n");
    }

    #[test]
    fn line_index_finds_lines_by_number() {
        let text = "one\r\ntwo\n\nfour";
        let idx = LineIndex::new(text.as_bytes());
        assert_eq!(idx.line(text, 1), Some("one"));
        assert_eq!(idx.line(text, 2), Some("two"));
        assert_eq!(idx.line(text, 3), Some(""));
        assert_eq!(idx.line(text, 4), Some("four"));
        assert_eq!(idx.line(text, 5), None);
        assert_eq!(idx.line(text, 0), None);
        let ended = "a\n";
        assert_eq!(LineIndex::new(ended.as_bytes()).line(ended, 2), None);
        assert_eq!(idx.line_start(2), Some(5));
        assert_eq!(idx.line_of(0), 1);
        assert_eq!(idx.line_of(4), 1, "the newline belongs to its line");
        assert_eq!(idx.line_of(5), 2);
        assert_eq!(idx.line_of(11), 4);
    }

    #[test]
    fn long_lines_are_cut_around_the_position() {
        let short = "short line";
        assert_eq!(
            excerpt(short, 3),
            (std::borrow::Cow::Borrowed(short), false)
        );
        let long = format!("{}NEEDLE{}", "a".repeat(5000), "é".repeat(3000));
        let (cut, truncated) = excerpt(&long, 5000);
        assert!(truncated);
        assert!(cut.contains("NEEDLE"), "{cut}");
        assert!(cut.starts_with(CUT_MARKER) && cut.ends_with(CUT_MARKER));
        assert!(cut.len() <= MAX_LINE_BYTES + 2 * CUT_MARKER.len());
        let (head, _) = excerpt(&long, 0);
        assert!(head.starts_with('a') && head.ends_with(CUT_MARKER));
    }

    #[test]
    fn invalid_utf8_is_decoded_lossily() {
        let s = decode(vec![b'a', 0xff, b'b']);
        assert_eq!(s.text, "a\u{fffd}b");
    }
}
