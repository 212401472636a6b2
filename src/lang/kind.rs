//! What a symbol is: the kinds a definition spec assigns and every symbol carries.

use serde::{Deserialize, Serialize};

/// What a symbol is. Programming languages use the first fourteen; the others name
/// the definitions of markup, data and query languages.
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
    /// A variable declared at the top level of a file or package (C's `int count;`,
    /// Go's `var cache = ..`, Python's `registry = {}`), not inside a type or function.
    Variable,
    Macro,
    /// A case of an enum that is a definition of its own (Rust's `Search(u8)` of `enum
    /// Mode { Search(u8), Files }`).
    Variant,
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
        Kind::Variable,
        Kind::Macro,
        Kind::Variant,
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
            Kind::Variable => "variable",
            Kind::Macro => "macro",
            Kind::Variant => "variant",
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
            "var" => "variable",
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

    /// Whether this kind names a value: a constant or a variable, which holds no
    /// definitions and whose name its scope binds.
    pub fn is_value(self) -> bool {
        matches!(self, Kind::Constant | Kind::Variable)
    }

    /// Rank of the kind in find-symbol's tie-break: types, then functions, then the
    /// rest, constants and variables last among code symbols.
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
            Kind::Constant | Kind::Variable | Kind::Variant => 4,
            Kind::Key | Kind::Heading | Kind::Scope => 5,
        }
    }
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
