//! Symbols: the definitions of a file, extracted from its syntax tree by the language's
//! definition spec (`crate::lang::spec`), and find-symbol's ranking.
//!
//! - [`extract`]: one iterative walk of a tree that turns the spec into [`Symbol`]s;
//! - [`collect`]: reading, parsing and extracting a file on any thread;
//! - [`macro_bodies`]: the code inside macro invocations, parsed as code;
//! - [`rank`]: find-symbol's scoring;
//! - [`name_mask`]: the letters a name holds, to pass over names no tier can match;
//! - [`resolve`]: the forms of a SYMBOL argument.

pub mod collect;
pub mod extract;
mod macro_bodies;
pub mod name_mask;
pub mod rank;
pub mod resolve;

use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

pub use crate::lang::Kind;
pub use extract::extract;

/// One definition.
///
/// `id` is `{path}::{qualified_name}#{kind}` stable across runs; a second
/// definition with the same id in one file (overloads, property setters) gets `~1`,
/// the third `~2`. Lines are 1-based and inclusive; bytes are a half-open range.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Symbol {
    pub id: String,
    pub name: String,
    pub qualified_name: String,
    pub kind: Kind,
    pub language: &'static str,
    /// The path as printed (relative to the search root as given).
    pub path: Arc<Path>,
    /// The line of the definition's name (where ctags and editors jump to).
    pub line: usize,
    /// The whole definition, from its doc comment, attributes or decorators on.
    pub start_line: usize,
    pub end_line: usize,
    pub start_byte: usize,
    pub end_byte: usize,
    /// The line of the definition that carries its name, trimmed.
    pub signature: String,
    /// A function's or a type's whole header on one line (whitespace collapsed, up to
    /// its body's opening brace), when it runs past the signature line: a function's
    /// parameters and return type, a type's type parameters (`class Hono<` over the
    /// lines below), which the signature line then holds only part of. Read through [`Symbol::header`].
    pub long_header: Option<String>,
    /// The first line of the docstring or of the comment right above.
    pub doc: Option<String>,
    /// Index of the enclosing symbol in the same file's list (outline nesting).
    #[serde(skip)]
    pub parent: Option<usize>,
    /// Byte offset of the name in the definition (what-breaks drops this hit).
    #[serde(skip)]
    pub name_byte: usize,
    /// A type whose text the parser could not read whole (it holds a syntax error, or
    /// was recovered from one): members missing from it may be there all the same.
    #[serde(skip)]
    pub incomplete: bool,
    /// A function declared without its body (an overload signature, an abstract or
    /// interface method): what it does is written elsewhere.
    #[serde(skip)]
    pub bodiless: bool,
    /// A Ruby method of the class or module itself (`def self.x`, or one written in
    /// `class << self`), which its objects do not have.
    #[serde(skip)]
    pub type_level: bool,
}

impl Symbol {
    /// The declaration's header as far as it is kept: the whole of it for a function
    /// or a type written over several lines, else the signature line.
    pub fn header(&self) -> &str {
        self.long_header.as_deref().unwrap_or(&self.signature)
    }
}

/// The id of a symbol: `{path}::{qualified_name}#{kind}`.
pub fn make_id(path: &std::path::Path, qualified_name: &str, kind: Kind) -> String {
    format!("{}::{}#{}", path.to_string_lossy(), qualified_name, kind)
}

#[cfg(test)]
mod extract_tests;
