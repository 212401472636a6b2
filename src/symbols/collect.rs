//! Reading, parsing and extracting one file on any thread: each thread keeps its own
//! parser per language (parsers are not shareable across threads), so the walker's
//! workers and rayon's can all call in.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::Path;

use tree_sitter::{Parser, Tree};

use super::macro_bodies::read_macro_bodies;
use super::{extract, Symbol};
use crate::lang::Language;
use crate::source::{self, SourceError, SourceText};

thread_local! {
    static PARSERS: RefCell<HashMap<&'static str, Parser>> = RefCell::new(HashMap::new());
}

/// A parsed file.
pub struct ParsedFile {
    pub source: SourceText,
    pub tree: Tree,
    /// The language it was parsed as: the one its name gives, or the one its text
    /// shows (see [`Language::for_text`]).
    pub language: &'static Language,
}

/// Reads and parses one file, named as `lang`'s, with this thread's parser for the
/// language its text is in. Files larger than `limit` bytes are refused
/// ([`SourceError::TooLarge`]).
pub fn parse_file(
    open_path: &Path,
    lang: &'static Language,
    limit: u64,
) -> Result<ParsedFile, SourceError> {
    let source = source::read_text_within(open_path, limit)?;
    let (language, tree) = parse_as_written(lang, open_path, &source.text)?;
    Ok(ParsedFile {
        source,
        tree,
        language,
    })
}

/// Parses `text`, the contents of the file at `path`, named as `lang`'s, in the
/// language its text is in (see [`Language::for_text`]): that language and the tree.
pub fn parse_as_written(
    lang: &'static Language,
    path: &Path,
    text: &str,
) -> Result<(&'static Language, Tree), SourceError> {
    let language = lang.for_text(path, text);
    Ok((language, parse_text(language, text)?))
}

/// Parses text with this thread's parser for `lang`, the bodies of macros read as
/// the code they hold (see [`super::macro_bodies`]).
pub fn parse_text(lang: &'static Language, text: &str) -> Result<Tree, SourceError> {
    PARSERS.with(|cell| {
        let mut parsers = cell.borrow_mut();
        let parser = parsers.entry(lang.name).or_insert_with(|| lang.parser());
        let (tree, prepared) = source::parse_prepared(parser, lang, text)?;
        Ok(match &lang.macro_bodies {
            Some(spec) => read_macro_bodies(parser, spec, &prepared, tree),
            None => tree,
        })
    })
}

/// Reads, parses and extracts one file; `display` is the path as printed.
pub fn symbols_of_file(
    open_path: &Path,
    display: &Path,
    lang: &'static Language,
    limit: u64,
) -> Result<(ParsedFile, Vec<Symbol>), SourceError> {
    let parsed = parse_file(open_path, lang, limit)?;
    let symbols = extract(parsed.language, display, &parsed.source.text, &parsed.tree);
    Ok((parsed, symbols))
}
