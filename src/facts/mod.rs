//! File facts: everything a symbol question needs from one file, computed by one pure
//! function of the file's language and text.
//!
//! [`FileFacts`] holds the file's definitions (the symbols of [`crate::symbols`]), the
//! references it makes (every identifier use that could name a definition: calls,
//! plain references, type uses, inheritance, annotations, imports), the imports with
//! the names they bind, the package or namespace the file declares, and the local
//! bindings (parameters, local variables, fields) with the type the syntax gives them.
//! Bindings let resolution tell a call on a local `Map` (a library type) from a call on
//! a local `Builder` (a repository type), and keep parameter names from being mistaken
//! for uses of same-named definitions.
//!
//! Extraction is one pre-order walk of the tree with a cursor and an explicit ancestor
//! stack, so it is linear in the size of the file and never recurses.

mod focus;
mod grammar;
mod imports;
mod walk;

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::lang::Language;
use crate::source::SourceError;
use crate::symbols::collect::{parse_as_written, parse_file};
use crate::symbols::Symbol;

pub use focus::Focus;
pub use imports::Import;
pub(crate) use walk::{
    entry_read, go_held, go_type_arguments, is_rust_pointer, narrows, null_marks, past_lifetime,
    python_annotation, reads_elements, rust_pointee_type, scopes_locals_by_block, split_top_level,
    type_parts, typescript_annotation, written_type, GLOBAL_USING,
};

/// Whether a reference's qualifier is a PHP namespace path (`\App\Util\` in
/// `\App\Util\helper()`, `\` for the global namespace): the facts keep such a path up
/// to and including its last `\`, which tells it from a class written before `::`
/// (`\App\Util\Box` in `\App\Util\Box::make()`).
pub fn is_namespace_path(qualifier: &str) -> bool {
    qualifier.ends_with('\\')
}

/// How an identifier is used at one place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RefKind {
    /// What a call or `new` invokes.
    Call,
    /// Any other use of a name as a value (`x = CONST`, `f(handler)`).
    Reference,
    /// A type in a declaration, cast, generic argument or `instanceof`.
    TypeUse,
    /// A name brought in by an import, include or use.
    Import,
    /// A supertype in a class header (`extends`, `implements`, base lists).
    Inheritance,
    /// An annotation, decorator or attribute.
    Annotation,
}

impl RefKind {
    pub fn as_str(self) -> &'static str {
        match self {
            RefKind::Call => "call",
            RefKind::Reference => "reference",
            RefKind::TypeUse => "type_use",
            RefKind::Import => "import",
            RefKind::Inheritance => "inheritance",
            RefKind::Annotation => "annotation",
        }
    }
}

/// One use of a name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reference {
    /// The identifier itself (`add` in `builder.add(x)`).
    pub name: String,
    /// The text in front of it: the receiver or qualifier (`builder`, `pkg`,
    /// `this.items`), whitespace collapsed.
    pub qualifier: Option<String>,
    pub kind: RefKind,
    /// 1-based line and byte column of the name.
    pub line: u32,
    pub column: u32,
    /// Byte offset of the name in the file.
    pub start_byte: u32,
    /// Index of the innermost enclosing definition in [`FileFacts::definitions`].
    pub enclosing: Option<u32>,
    /// The number of arguments of a call, where the syntax shows them.
    pub arity: Option<u16>,
}

/// What declared a local name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BindingKind {
    Parameter,
    Local,
    /// A field or property of a type (its scope is the type).
    Field,
}

/// The constants and variables of a file, by the definition they are declared in
/// (`None` at file level): a binding of one of their names in that scope (a file's
/// `registry = {}`, a class's `static final int MAX`) is the definition's, so a use of
/// the name names the definition, not a local. So are C and C++ functions: those
/// languages give a name in a scope to one thing, so a declaration of a function's
/// name there declares the function (through a typedef of a function type:
/// `SearchImpl SearchDFA;`). A namespace opened again (C++'s `namespace re2 {`
/// twice in one file) is one scope.
#[derive(Debug)]
pub struct DefinedValues {
    by_name: rustc_hash::FxHashMap<String, Vec<Option<u32>>>,
    /// Each namespace opened again, to the first block of its name.
    reopened: rustc_hash::FxHashMap<u32, u32>,
}

impl DefinedValues {
    pub fn of(definitions: &[Symbol]) -> DefinedValues {
        use crate::symbols::Kind;
        let mut first_block: rustc_hash::FxHashMap<&str, u32> = Default::default();
        let mut reopened: rustc_hash::FxHashMap<u32, u32> = Default::default();
        for (i, d) in definitions.iter().enumerate() {
            let Ok(i) = u32::try_from(i) else { break };
            if d.kind == Kind::Namespace {
                let first = *first_block.entry(d.qualified_name.as_str()).or_insert(i);
                if first != i {
                    reopened.insert(i, first);
                }
            }
        }
        let mut by_name: rustc_hash::FxHashMap<String, Vec<Option<u32>>> = Default::default();
        let declared_apart =
            |d: &Symbol| d.kind == Kind::Function && matches!(d.language, "c" | "cpp");
        for d in definitions
            .iter()
            .filter(|d| d.kind.is_value() || declared_apart(d))
        {
            let scope = d.parent.and_then(|p| u32::try_from(p).ok());
            let scope = scope.map(|s| reopened.get(&s).copied().unwrap_or(s));
            by_name.entry(d.name.clone()).or_default().push(scope);
        }
        DefinedValues { by_name, reopened }
    }

    /// Whether `b` binds the name of one of them, in its scope.
    pub fn bound_by(&self, b: &Binding) -> bool {
        let scope = b.scope.map(|s| self.reopened.get(&s).copied().unwrap_or(s));
        self.by_name
            .get(&b.name)
            .is_some_and(|scopes| scopes.contains(&scope))
    }
}

/// A name declared inside a definition (or at file level) that is not itself a symbol.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Binding {
    pub name: String,
    /// The simple name of its declared or constructed type (`Map` for
    /// `Map<String, X> m`, `Builder` for `b = new Builder()`), when the syntax shows it.
    pub type_name: Option<String>,
    /// The qualifier written in front of the type (`java.util` in `java.util.Map`).
    pub type_qualifier: Option<String>,
    /// For a Rust value held through a standard pointer (`Arc<Inner>`, whose
    /// `type_name` is `Arc`): the qualifier and simple name of the type it points to,
    /// whose methods it has besides the pointer's own.
    pub pointee: Option<(Option<String>, String)>,
    /// For a Java, Kotlin or C# library collection or map declared with its type
    /// arguments (`List<Foo>`, `Map<String, Foo>`): what it holds.
    pub held: Option<Held>,
    /// For a Rust lock or cell declared with the type of its value (`Mutex<State>`,
    /// `Arc<RwLock<State>>`, `RefCell<State>`): the qualifier and simple name of that
    /// type, whose members are called through the guard it lends (`state.lock()`).
    pub lent: Option<(Option<String>, String)>,
    /// For Go: its type is written with type arguments (`*lru.Cache[string, *Entry]`),
    /// which may be the tree's types, so what the library's methods give may be too.
    pub type_arguments: bool,
    pub kind: BindingKind,
    /// The definition it belongs to (a function for locals and parameters, a type for
    /// fields); `None` at file level.
    pub scope: Option<u32>,
    /// The call whose result gives the binding its value, when the syntax shows no type
    /// (`user = repo.find(id)`): its type is the one the callee declares it returns.
    pub initializer: Option<Initializer>,
    /// The field path whose value initialises the binding, when the syntax shows no
    /// type and no call (`manager = dataSource.manager`): its type is that field's.
    pub copied_from: Option<String>,
    /// For an untyped parameter of a callback written as an argument of a call
    /// (TypeScript's `ds.transaction(async (manager) => ..)`), where it stands: its
    /// type is the one the callee declares for that parameter of that argument.
    pub passed_to: Option<CallbackSite>,
    /// For a Go loop variable whose type the ranged value's written type does not
    /// show (`for _, it := range b.items`, `items Items`): the name or field path
    /// ranged over, and which variable of the loop it is (0 the index or key, 1 the
    /// element or value).
    pub ranges_over: Option<(String, u8)>,
    /// The bytes where a type test narrows a variable to the tested type (`if ($x
    /// instanceof Foo) { .. }`, `x is Foo && ..`), up to the first assignment to it
    /// there, or the block a local holds in where the language scopes locals by block
    /// (from its declaration to the block's end; a catch clause's variable, a lambda's
    /// parameter, in theirs); `None` for a binding that holds wherever its scope does.
    pub within: Option<(u32, u32)>,
}

impl Binding {
    /// A binding of `name`, of `kind` in `scope`, whose type is written as
    /// `(qualifier, name)` (both `None` where it is not), with nothing else known of
    /// its value.
    pub fn written(
        name: String,
        (type_qualifier, type_name): (Option<String>, Option<String>),
        kind: BindingKind,
        scope: Option<u32>,
    ) -> Binding {
        Binding {
            name,
            type_name,
            type_qualifier,
            pointee: None,
            held: None,
            lent: None,
            type_arguments: false,
            kind,
            scope,
            initializer: None,
            copied_from: None,
            passed_to: None,
            ranges_over: None,
            within: None,
        }
    }

    /// Whether the binding holds at byte `at`: it holds wherever its scope does, or
    /// `at` is within its span.
    pub fn holds_at(&self, at: u32) -> bool {
        self.within
            .is_none_or(|(start, end)| start <= at && at < end)
    }

    /// Whether `other` is written with the same value: the same declared type,
    /// pointee, held elements and lent value, initialising call, copied field path and
    /// callback place.
    pub fn written_alike(&self, other: &Binding) -> bool {
        self.type_name == other.type_name
            && self.type_qualifier == other.type_qualifier
            && self.pointee == other.pointee
            && self.held == other.held
            && self.lent == other.lent
            && self.type_arguments == other.type_arguments
            && self.initializer == other.initializer
            && self.copied_from == other.copied_from
            && self.passed_to == other.passed_to
            && self.ranges_over == other.ranges_over
    }
}

/// What a collection holds, as its declared type's arguments write it: each type as
/// its qualifier and simple name, `None` where the argument names no one type (a
/// wildcard, a lower bound, a function type).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Held {
    /// A list, set, queue, stream or array: its elements.
    Elements(Option<(Option<String>, String)>),
    /// A map: its keys and its values.
    Map(
        Option<(Option<String>, String)>,
        Option<(Option<String>, String)>,
    ),
}

/// An untyped callback parameter's place: the call the callback is an argument of,
/// which argument it is, and which of its parameters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CallbackSite {
    pub call: Initializer,
    pub argument: u16,
    pub parameter: u16,
}

/// A call that initialises a binding: its callee's name, what is written before it,
/// its number of arguments, and whether its result is awaited.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Initializer {
    pub name: String,
    pub qualifier: Option<String>,
    pub arity: Option<u16>,
    /// `await f()`, Rust's `f().await`: the value is what the call's promise,
    /// coroutine or future gives.
    pub awaited: bool,
    /// Rust's `f()?`, `f().unwrap()`, `f().expect(..)`: the value is what the
    /// `Result` or `Option` the call gives holds.
    pub unwrapped: bool,
    /// Rust's `let (a, b) = f();`: the value is the element at this position of the
    /// tuple the call gives (after unwrapping).
    pub element: Option<u16>,
}

/// The types of the arguments of a call, when the syntax shows one of them (Java
/// only: where overloads of one arity are told apart by their parameters' types).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CallArguments {
    /// The call's [`Reference::start_byte`]: the byte offset of the callee's name.
    pub start_byte: u32,
    /// Each argument's type by its simple name (`Map`), or nothing where the syntax
    /// does not show it, joined with commas (`String,,Map`): one text per call, which
    /// a reader of a file's facts that wants only a few calls decodes in place.
    pub types: String,
}

impl CallArguments {
    pub fn of(start_byte: u32, types: &[Option<&str>]) -> CallArguments {
        let joined: Vec<&str> = types.iter().map(|t| t.unwrap_or("")).collect();
        CallArguments {
            start_byte,
            types: joined.join(","),
        }
    }

    /// Each argument's type, where known.
    pub fn types(&self) -> impl Iterator<Item = Option<&str>> {
        self.types.split(',').map(|t| (!t.is_empty()).then_some(t))
    }
}

/// Everything one file contributes to symbol questions.
#[derive(Debug, Clone)]
pub struct FileFacts {
    /// The path as printed.
    pub path: PathBuf,
    pub language: &'static Language,
    /// The package or namespace the file declares (`org.acme.web`, Go `http`).
    pub package: Option<String>,
    pub definitions: std::sync::Arc<[Symbol]>,
    pub references: Vec<Reference>,
    pub imports: Vec<Import>,
    pub bindings: Vec<Binding>,
    /// The calls whose arguments tell something, by position.
    pub call_arguments: Vec<CallArguments>,
    /// The build constraint a Go file states before its package clause, as written
    /// after `//go:build` (`linux && !cgo`).
    pub build: Option<String>,
    /// What `require` of the file gives (Lua, CommonJS).
    pub module_value: Option<ModuleValue>,
    /// Packages around the file's own whose members its code sees too: Scala's after
    /// chained package clauses (`package sbt` then `package nio`: the file is in
    /// `sbt.nio` and sees `sbt`'s members), innermost first.
    pub outer_packages: Vec<String>,
    /// Shell: the start bytes of the commands run past the shell's functions
    /// (`command X`, `builtin X`, `exec X`): a builtin or a program, never a function
    /// of the tree. Sorted.
    pub direct_commands: Vec<u32>,
    /// Rust: the `impl Trait for Type` blocks and the traits types derive, in order.
    pub trait_impls: Vec<TraitImpl>,
}

/// A Rust `impl Trait for Type` block, or a trait a type derives (`#[derive(Parser)]
/// struct Opt`), as written: each a path without type arguments
/// (`crate::derive::Parser` of `impl<T> crate::derive::Parser<T> for Opt<T>`), split
/// into its last name and the path before it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TraitImpl {
    pub trait_name: String,
    pub trait_path: Option<String>,
    pub type_name: String,
    pub type_path: Option<String>,
    /// Byte offset of the block, or of the deriving type, in the file.
    pub start_byte: u32,
}

/// What a module gives `require` of it, as far as the facts follow it: a Lua chunk's
/// returned table, its functions being what other files call; a CommonJS module's
/// `module.exports = name;`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModuleValue {
    /// The name the module gives: the local a Lua chunk returns (`return M`), whose
    /// `function M.f` are its fields, or what `module.exports` is set to.
    pub table: Option<String>,
    /// Fields of the returned table that hold a function of the file by its name, as
    /// (field, function): `M.f = helper` at the top level, `return { f = helper }`.
    pub fields: Vec<(String, String)>,
}

impl FileFacts {
    /// The arguments of the call at `start_byte`, when the syntax shows the type of
    /// one.
    pub fn call_arguments_at(&self, start_byte: u32) -> Option<&CallArguments> {
        let i = self
            .call_arguments
            .binary_search_by_key(&start_byte, |c| c.start_byte)
            .ok()?;
        Some(&self.call_arguments[i])
    }

    /// The position in `definitions` of the definition enclosing a reference,
    /// skipping scopes that are not symbols.
    pub fn enclosing_symbol(&self, r: &Reference) -> Option<usize> {
        let mut at = r.enclosing.map(|i| i as usize);
        while let Some(i) = at {
            let s = self.definitions.get(i)?;
            if s.kind != crate::symbols::Kind::Scope {
                return Some(i);
            }
            at = s.parent;
        }
        None
    }
}

/// The facts of one parsed file. `path` is the path as printed.
pub fn extract_facts(
    lang: &'static Language,
    path: &Path,
    text: &str,
    tree: &tree_sitter::Tree,
) -> FileFacts {
    extract_with(lang, path, text, tree, None)
}

/// [`extract_facts`], with `focus` only what a scan for the uses of its names reads:
/// every definition, import, binding and the package, but of the references only
/// those with one of the names and the inheritance ones (see [`Focus`]).
fn extract_with(
    lang: &'static Language,
    path: &Path,
    text: &str,
    tree: &tree_sitter::Tree,
    focus: Option<&Focus>,
) -> FileFacts {
    let definitions = crate::symbols::extract(lang, path, text, tree);
    walk::facts_with(path, lang, text, tree, definitions, focus)
}

/// Parses text already read and decoded, of a file named as `lang`'s, and extracts its
/// facts (in the language its text is in, see [`Language::for_text`]).
pub fn facts_of_text(
    lang: &'static Language,
    display: &Path,
    text: &str,
) -> Result<FileFacts, SourceError> {
    let (lang, tree) = parse_as_written(lang, display, text)?;
    Ok(extract_facts(lang, display, text, &tree))
}

/// Reads, parses and extracts the facts of one file (with `focus`, as
/// [`extract_with`] does); `display` is the path as printed.
pub fn facts_of_file(
    open_path: &Path,
    display: &Path,
    lang: &'static Language,
    limit: u64,
    focus: Option<&Focus>,
) -> Result<FileFacts, SourceError> {
    let parsed = parse_file(open_path, lang, limit)?;
    Ok(extract_with(
        parsed.language,
        display,
        &parsed.source.text,
        &parsed.tree,
        focus,
    ))
}

#[cfg(test)]
mod tests;
