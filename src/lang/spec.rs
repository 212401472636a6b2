//! The shape of a language's definition spec: which node kinds define symbols, of
//! which kind, and where their names live.
//!
//! A spec is plain static data ([`SymbolSpec`]), one per language, referenced from the
//! language's registry entry (`Language::symbols`). The generic symbol extractor
//! interprets it; the few grammar shapes that plain fields cannot express (C/C++
//! declarators, Go receivers, HCL labels, markup ids) are named [`Name`] rules rather
//! than per-language code paths.

use super::Kind;

/// How the extractor finds a language's definitions.
#[derive(Debug)]
pub struct SymbolSpec {
    /// Definition rules, tried in order; the first whose node kind and condition match
    /// wins for a node.
    pub defs: &'static [Def],
    /// Nodes that wrap a definition without changing it (`decorated_definition`,
    /// `export_statement`): the comment above the wrapper documents the definition.
    pub wrappers: &'static [&'static str],
    /// Sibling nodes skipped when looking for the comment above (attributes,
    /// decorators, annotations written on their own lines).
    pub doc_skip: &'static [&'static str],
    /// Python: the first string statement of a body is the docstring.
    pub docstrings: bool,
    /// Names may carry their own qualifier (`A::f`, `Stack:push`, `schema.table`):
    /// split it off, so that `name` is the last part.
    pub dotted_names: bool,
    /// Go: the node kind of the package clause; top-level names get the package prefix
    /// (`pkg.Func`).
    pub package: Option<&'static str>,
    /// Kotlin: a class whose body failed to parse is an ERROR node holding the `class`
    /// keyword, the name and the members; recover it as a class.
    pub recover_in_error: bool,
    /// Node kinds that cannot contain a definition (Python expressions): the walk does
    /// not descend into them. Comments and strings are always skipped.
    pub opaque: &'static [&'static str],
    /// Bodies that hold a definition only when one of some keywords is in their text:
    /// inside a definition, a node of one of these kinds whose text has none of the
    /// words (as whole words) is not walked. Java's bodies, statements and
    /// initialisers can define only local and anonymous classes (`class`, `new`, ...),
    /// Python's bodies only what `def`, `class` or `lambda` introduce.
    pub bodies: Bodies,
    /// Words that are never a definition's name: a statement that error recovery
    /// turned into a function (C's `if (x) {` under an unknown macro) is dropped.
    pub reserved: &'static [&'static str],
}

/// The spec of a language without symbols.
pub static NONE: SymbolSpec = SymbolSpec::new(&[]);

impl SymbolSpec {
    pub const fn new(defs: &'static [Def]) -> SymbolSpec {
        SymbolSpec {
            defs,
            wrappers: &[],
            doc_skip: &[],
            docstrings: false,
            dotted_names: true,
            package: None,
            recover_in_error: false,
            opaque: &[],
            bodies: Bodies {
                kinds: &[],
                words: &[],
            },
            reserved: &[],
        }
    }

    pub const fn bodies(
        mut self,
        kinds: &'static [&'static str],
        words: &'static [&'static str],
    ) -> SymbolSpec {
        self.bodies = Bodies { kinds, words };
        self
    }

    pub const fn reserved(mut self, words: &'static [&'static str]) -> SymbolSpec {
        self.reserved = words;
        self
    }

    pub const fn opaque(mut self, kinds: &'static [&'static str]) -> SymbolSpec {
        self.opaque = kinds;
        self
    }

    pub const fn wrappers(mut self, w: &'static [&'static str]) -> SymbolSpec {
        self.wrappers = w;
        self
    }

    pub const fn doc_skip(mut self, s: &'static [&'static str]) -> SymbolSpec {
        self.doc_skip = s;
        self
    }

    pub const fn docstrings(mut self) -> SymbolSpec {
        self.docstrings = true;
        self
    }

    /// Names are taken verbatim (markup, data and config languages).
    pub const fn verbatim_names(mut self) -> SymbolSpec {
        self.dotted_names = false;
        self
    }

    pub const fn package(mut self, kind: &'static str) -> SymbolSpec {
        self.package = Some(kind);
        self
    }

    pub const fn recover_in_error(mut self) -> SymbolSpec {
        self.recover_in_error = true;
        self
    }
}

/// See [`SymbolSpec::bodies`].
#[derive(Debug)]
pub struct Bodies {
    pub kinds: &'static [&'static str],
    pub words: &'static [&'static str],
}

/// One definition rule.
#[derive(Debug)]
pub struct Def {
    /// The node kind (named nodes only).
    pub node: &'static str,
    /// The kind of symbol; a function inside a type becomes a method.
    pub kind: Kind,
    /// Where the name is.
    pub name: Name,
    /// An extra condition.
    pub when: When,
    /// Keywords that refine the kind when they appear as whole words in the
    /// definition's head (the text before the name): Kotlin's `interface`, Swift's
    /// `struct`.
    pub keywords: &'static [(&'static str, Kind)],
    /// The node declares a function without its body (a TypeScript overload
    /// signature, an abstract method): one of the signatures of an implementation
    /// written elsewhere.
    pub bodiless: bool,
    /// The node may declare several names by the name rule (C's `static int a, *b;`,
    /// Go's `var a, b int`): each is a definition of the kind, spanning its own
    /// declarator.
    pub several: bool,
}

impl Def {
    pub const fn new(node: &'static str, kind: Kind, name: Name) -> Def {
        Def {
            node,
            kind,
            name,
            when: When::Always,
            keywords: &[],
            bodiless: false,
            several: false,
        }
    }

    pub const fn when(mut self, when: When) -> Def {
        self.when = when;
        self
    }

    pub const fn keywords(mut self, k: &'static [(&'static str, Kind)]) -> Def {
        self.keywords = k;
        self
    }

    pub const fn bodiless(mut self) -> Def {
        self.bodiless = true;
        self
    }

    pub const fn several(mut self) -> Def {
        self.several = true;
        self
    }
}

/// Where a definition's name lives.
#[derive(Debug, Clone, Copy)]
pub enum Name {
    /// The child in this field.
    Field(&'static str),
    /// A path of steps from the node: `@field` follows a field, a plain word the first
    /// named child of that kind. The last node's text is the name.
    Path(&'static [&'static str]),
    /// C/C++: follow `declarator` fields down to the identifier (through pointer,
    /// reference, array and function declarators); what it declares decides which
    /// declarators are taken (member functions vs data members, a prototype vs a
    /// variable).
    Declarator(Declares),
    /// Go methods: the name field, qualified by the receiver's type.
    GoMethod,
    /// HCL blocks: the block type and its labels joined by dots
    /// (`resource "aws_s3_bucket" "logs"` → `aws_s3_bucket.logs`; the block type is
    /// dropped when there are labels, kept when there are none: `locals`).
    HclBlock,
    /// HTML/XML elements: the value of their `id` attribute.
    MarkupId,
    /// The first identifier after one of these keywords, looking into an ERROR node
    /// right after it (Groovy's `class A implements a.B {}` parses `A implements a` as
    /// an error and names the class `B`).
    AfterKeyword(&'static [&'static str]),
}

/// Where a language declares the variables of a file, package or namespace.
///
/// Such a variable is enclosed by no definition but namespaces and modules, and by
/// no node but those `within` (a declaration inside a function body the grammar
/// could not read as a function, or inside a loop, is no global); it parses without
/// error; its name is a plain identifier (not a pattern, a member or a path) that is
/// not a dunder name (`__all__`); its value is not a module it imports (`const fs =
/// require("fs")`) nor a copy of another name (see `copies`); none of
/// `unless` appear as words in its head (C's `extern` declares a variable defined
/// elsewhere); and it has no child of the kinds `unless_child`.
#[derive(Debug)]
pub struct Globals {
    pub within: &'static [&'static str],
    pub unless: &'static [&'static str],
    /// Child kinds that make the declaration something else (the receiver type of
    /// Kotlin's `val String.size2`, an extension property).
    pub unless_child: &'static [&'static str],
    /// Where the value it is given is, as a [`Name::Path`] (none when empty).
    pub value: &'static [&'static str],
    /// Kinds of value that make it a copy of another name (Lua's `local ngx = ngx`,
    /// `local fmt = string.format`).
    pub copies: &'static [&'static str],
}

/// Whether C/C++ declarator `d` is a name in parentheses (`int (open)(void *)`,
/// written against a macro of the name): that declares what the bare name would, where
/// parentheses around any other declarator group it (`int (*hook)(int)` is a pointer
/// to a function).
pub fn parenthesizes_a_name(d: tree_sitter::Node<'_>) -> bool {
    d.kind() == "parenthesized_declarator"
        && d.named_child(0).is_some_and(|inner| {
            matches!(
                inner.kind(),
                "identifier" | "field_identifier" | "type_identifier"
            )
        })
}

/// What a C/C++ declarator must declare to name a definition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Declares {
    /// A function: a function declarator on the way to the name (`int f(void)`).
    Function,
    /// Whatever it is (`typedef int (*cb)(int);` names a type).
    Anything,
    /// Data, named by a plain identifier: no function declarator of its own on the
    /// way (`int (*hook)(int);` is a variable, `int f(int);` a prototype).
    Data,
}

/// An extra condition on a definition rule.
#[derive(Debug, Clone, Copy)]
pub enum When {
    Always,
    /// The node has this field (C's `struct s { ... }` vs a use of `struct s`).
    HasField(&'static str),
    /// The field's node is one of these kinds (an arrow function as a value).
    FieldKind(&'static str, &'static [&'static str]),
    /// Each field's node is one of its kinds (a plain name given a lambda).
    FieldKinds(&'static [(&'static str, &'static [&'static str])]),
    /// No enclosing symbol (top-level keys of data files).
    TopLevel,
    /// No enclosing symbol and the name is UPPER_CASE (module constants).
    TopLevelUpper,
    /// All these words appear in the definition's head (`static final`, `const`).
    HeadWords(&'static [&'static str]),
    /// A variable of the file, package or namespace: see [`Globals`].
    Global(&'static Globals),
    /// No enclosing symbol, a capitalised name that is not UPPER_CASE, and a type as
    /// the value: the field holds one of these generics subscripted (Python's
    /// `RenderableType = Union[str, Text]`), or the declared type is `TypeAlias`.
    TopLevelAlias(&'static str, &'static [&'static str]),
    /// No enclosing symbol, and the field holds a call of one of these callees, with
    /// or without a module in front (Python's `T = TypeVar("T")`, `UserId =
    /// NewType("UserId", int)`): a type the call makes, whatever the name's case.
    TopLevelMadeBy(&'static str, &'static [&'static str]),
}
