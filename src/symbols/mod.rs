//! Symbols: definitions extracted from syntax trees, and the three subcommands built on
//! them (`find-symbol`, `what-depends`, `what-breaks`) plus `build-index --symbols`.
//!
//! - [`spec`] / [`specs`]: the table-driven definition spec of each language, hung on
//!   the registry entry (`Language::symbols`);
//! - [`extract`]: one iterative walk of a tree that turns a spec into [`Symbol`]s;
//! - [`collect`]: reading, parsing and extracting a file on any thread;
//! - [`syntax`]: calls, imports, comments and strings read off a tree;
//! - [`records`]: the JSON records;
//! - [`rank`]: find-symbol's scoring; [`resolve`]: the SYMBOL argument forms;
//! - [`depends`] and [`breaks`]: what a symbol uses and who uses it;
//! - [`command`]: the subcommands' printing (text and JSON records).

pub mod collect;
pub mod extract;
pub mod rank;
pub mod resolve;
pub mod spec;
pub mod specs;

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

pub use extract::extract;

/// What a symbol is. Programming languages use the first eleven; the others name the
/// definitions of markup, data and query languages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Function,
    Method,
    Class,
    Struct,
    Interface,
    Enum,
    Trait,
    Type,
    Module,
    Namespace,
    Constant,
    Macro,
    /// SQL `CREATE TABLE`, TOML `[table]`.
    Table,
    /// SQL `CREATE VIEW`.
    View,
    /// A top-level key of a YAML, JSON or TOML file.
    Key,
    /// A CSS rule's selectors.
    Selector,
    /// An HTML/XML element with an `id`.
    Element,
    /// A Markdown heading (its section).
    Heading,
    /// An HCL block (`resource "a" "b"` → `a.b`).
    Block,
    /// Not a symbol: a scope that qualifies the names inside it (Rust `impl T`, Swift
    /// `extension T`). Never reported.
    Scope,
}

impl Kind {
    /// Every reportable kind, for `--kind` and error messages.
    pub const ALL: &'static [Kind] = &[
        Kind::Function,
        Kind::Method,
        Kind::Class,
        Kind::Struct,
        Kind::Interface,
        Kind::Enum,
        Kind::Trait,
        Kind::Type,
        Kind::Module,
        Kind::Namespace,
        Kind::Constant,
        Kind::Macro,
        Kind::Table,
        Kind::View,
        Kind::Key,
        Kind::Selector,
        Kind::Element,
        Kind::Heading,
        Kind::Block,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Function => "function",
            Kind::Method => "method",
            Kind::Class => "class",
            Kind::Struct => "struct",
            Kind::Interface => "interface",
            Kind::Enum => "enum",
            Kind::Trait => "trait",
            Kind::Type => "type",
            Kind::Module => "module",
            Kind::Namespace => "namespace",
            Kind::Constant => "constant",
            Kind::Macro => "macro",
            Kind::Table => "table",
            Kind::View => "view",
            Kind::Key => "key",
            Kind::Selector => "selector",
            Kind::Element => "element",
            Kind::Heading => "heading",
            Kind::Block => "block",
            Kind::Scope => "scope",
        }
    }

    /// Parses a kind name as given to `--kind`.
    pub fn parse(s: &str) -> Option<Kind> {
        let s = s.to_ascii_lowercase();
        let s = match s.as_str() {
            "func" | "fn" | "def" => "function",
            "const" => "constant",
            "ns" => "namespace",
            other => other,
        };
        Kind::ALL.iter().copied().find(|k| k.as_str() == s)
    }

    /// Whether this kind holds members (a function inside it is a method).
    pub fn is_type_like(self) -> bool {
        matches!(
            self,
            Kind::Class | Kind::Struct | Kind::Interface | Kind::Enum | Kind::Trait | Kind::Scope
        )
    }

    /// Rank of the kind in find-symbol's tie-break: types, then functions, then the
    /// rest, constants last among code symbols.
    pub fn tie_rank(self) -> u8 {
        match self {
            Kind::Class
            | Kind::Struct
            | Kind::Interface
            | Kind::Enum
            | Kind::Trait
            | Kind::Type => 0,
            Kind::Function | Kind::Method => 1,
            Kind::Module | Kind::Namespace | Kind::Macro => 2,
            Kind::Table | Kind::View | Kind::Block | Kind::Element | Kind::Selector => 3,
            Kind::Constant => 4,
            Kind::Key | Kind::Heading | Kind::Scope => 5,
        }
    }
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One definition.
///
/// `id` is `{path}::{qualified_name}#{kind}` (seed 004), stable across runs; a second
/// definition with the same id in one file (overloads, property setters) gets `~1`,
/// the third `~2`. Lines are 1-based and inclusive; bytes are a half-open range.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Symbol {
    pub id: String,
    pub name: String,
    pub qualified_name: String,
    pub kind: Kind,
    pub language: String,
    /// The path as printed (relative to the search root as given).
    pub path: PathBuf,
    /// The line of the name (where editors and ctags jump).
    pub line: usize,
    pub start_line: usize,
    pub end_line: usize,
    pub start_byte: usize,
    pub end_byte: usize,
    /// The line of the definition that carries its name, trimmed.
    pub signature: String,
    /// The first line of the docstring or of the comment right above.
    pub doc: Option<String>,
    /// Index of the enclosing symbol in the same file's list (outline nesting).
    #[serde(skip)]
    pub parent: Option<usize>,
    /// Byte offset of the name in the definition (what-breaks drops this hit).
    #[serde(skip)]
    pub name_byte: usize,
}

/// The id of a symbol (seed 004).
pub fn make_id(path: &std::path::Path, qualified_name: &str, kind: Kind) -> String {
    format!("{}::{}#{}", path.to_string_lossy(), qualified_name, kind)
}

#[cfg(test)]
mod extract_tests;
