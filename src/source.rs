//! Reading and parsing one source file, the same way for every subcommand.
//!
//! Files are read whole (they are parsed whole anyway), checked for a NUL byte in the
//! first block the way ripgrep detects binary files, decoded lossily when they are not
//! UTF-8 (the parse must never fail on bad bytes) and parsed with the registry's
//! grammar. Byte offsets in the tree refer to the decoded text; for valid UTF-8 that is
//! the file itself.
//!
//! Only regular files are ever read: [`open_regular`] opens without blocking and checks
//! the opened descriptor, so a FIFO or device never hangs or floods a run. Input that
//! is not a file on disk (stdin, an evaluator file) is read through [`read_bounded`].

use std::fs::File;
use std::io::Read;
use std::path::Path;

use crate::lang::Language;

/// How many leading bytes are inspected for a NUL byte (ripgrep's block size order).
pub const BINARY_PROBE_LEN: usize = 8 * 1024;

/// Why a file could not be turned into a syntax tree.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    #[error("{0}")]
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
pub fn decode(bytes: Vec<u8>) -> SourceText {
    match String::from_utf8(bytes) {
        Ok(text) => SourceText { text },
        Err(e) => SourceText {
            text: String::from_utf8_lossy(e.as_bytes()).into_owned(),
        },
    }
}

/// Input larger than the limit [`read_bounded`] was given.
#[derive(Debug, thiserror::Error)]
pub enum BoundedReadError {
    #[error("{0}")]
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
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    if !file.metadata()?.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    Ok(file)
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
    let bytes = read_bytes_within(path, limit)?;
    if looks_binary(&bytes) {
        return Err(SourceError::Binary);
    }
    Ok(decode(bytes))
}

/// The raw bytes of a regular file of at most `limit` bytes.
pub fn read_bytes_within(path: &Path, limit: u64) -> Result<Vec<u8>, SourceError> {
    let mut file = open_regular(path)?;
    let size = file.metadata()?.len();
    if size > limit {
        return Err(SourceError::TooLarge { size, limit });
    }
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Parses text with a language's grammar, reusing `parser` (callers keep one parser per
/// thread).
pub fn parse(
    parser: &mut tree_sitter::Parser,
    lang: &Language,
    text: &str,
) -> Result<tree_sitter::Tree, SourceError> {
    // Setting the language is a pointer swap plus an ABI check: cheap enough per file.
    parser
        .set_language(&lang.ts_language())
        .map_err(|_| SourceError::ParseFailed)?;
    parser
        .parse(lang.prepare(text).as_ref(), None)
        .ok_or(SourceError::ParseFailed)
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn invalid_utf8_is_decoded_lossily() {
        let s = decode(vec![b'a', 0xff, b'b']);
        assert_eq!(s.text, "a\u{fffd}b");
    }
}
