//! Extraction over many files: the walker's threads read, parse and extract, each
//! with its own parser per language (parsers are not shareable across threads).

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::Path;

use tree_sitter::{Parser, Tree};

use super::{extract, Symbol};
use crate::lang::Language;
use crate::output::Reporter;
use crate::source::{self, SourceError, SourceText};
use crate::walk::{Visited, Walker};

thread_local! {
    static PARSERS: RefCell<HashMap<&'static str, Parser>> = RefCell::new(HashMap::new());
}

/// A parsed file.
pub struct ParsedFile {
    pub lang: &'static Language,
    pub source: SourceText,
    pub tree: Tree,
}

/// Reads and parses one file with this thread's parser for its language.
pub fn parse_file(open_path: &Path, lang: &'static Language) -> Result<ParsedFile, SourceError> {
    let source = source::read_text(open_path)?;
    let tree = parse_text(lang, &source.text)?;
    Ok(ParsedFile { lang, source, tree })
}

/// Parses text with this thread's parser for `lang`.
pub fn parse_text(lang: &'static Language, text: &str) -> Result<Tree, SourceError> {
    PARSERS.with(|cell| {
        let mut parsers = cell.borrow_mut();
        let parser = parsers.entry(lang.name).or_insert_with(|| lang.parser());
        source::parse(parser, lang, text)
    })
}

/// Reads, parses and extracts one file; `display` is the path as printed.
pub fn symbols_of_file(
    open_path: &Path,
    display: &Path,
    lang: &'static Language,
) -> Result<(ParsedFile, Vec<Symbol>), SourceError> {
    let parsed = parse_file(open_path, lang)?;
    let symbols = extract(lang, display, &parsed.source.text, &parsed.tree);
    Ok((parsed, symbols))
}

/// The symbols of every walked file of a known language, per file in path order.
/// Binary files are skipped silently (as the walker's other users do); other read
/// errors are reported and the run goes on.
pub fn collect_per_file(walker: &Walker, report: &Reporter) -> Vec<Visited<Vec<Symbol>>> {
    walker.collect(report, |entry| {
        if entry.is_dir {
            return None;
        }
        let lang = entry.language?;
        match symbols_of_file(entry.dirent.path(), &entry.path, lang) {
            Ok((_, symbols)) => Some(symbols),
            Err(SourceError::Binary) => None,
            Err(err) => {
                report.path_error(&entry.path, err);
                None
            }
        }
    })
}

/// Every symbol of the walked files, in path then source order.
pub fn collect_all(walker: &Walker, report: &Reporter) -> Vec<Symbol> {
    collect_per_file(walker, report)
        .into_iter()
        .flat_map(|v| v.item)
        .collect()
}
