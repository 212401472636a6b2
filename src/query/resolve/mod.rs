//! Resolution: which definition a reference names, following the language's own
//! scoping, and preferring "unresolved" or "external" to a guess.
//!
//! For a reference in a file, in order: parameters and locals (never a repository
//! definition); the enclosing definitions and, where members are visible without
//! `this.`, the enclosing class and its supertypes; the file's top-level definitions;
//! the file's imports (an import that points outside the repository makes the name
//! external); the file's own package (same declared package, or same directory for Go);
//! wildcard imports; the language's builtins; and, only where the language has one
//! global namespace (C, shell, Ruby…), a name that has a single definition in the
//! repository. A receiver or qualifier is resolved first (`this`, a typed local or
//! field, an imported module, a class name) and the member is then looked up in that
//! type and its supertypes. A name that no file of the repository defines is external.

mod argument_types;
mod closed_types;
mod collection_reads;
mod csharp_usings;
mod defined_apart;
mod extensions;
mod generics;
mod go_build;
mod go_library_values;
mod guards;
mod imports;
mod includes;
mod js_workspace;
mod lambda_parameters;
mod lent_values;
mod library_results;
mod lua_tables;
mod members;
mod module_files;
mod overloads;
mod php_names;
mod pytest_fixtures;
mod python_aliases;
mod python_class_members;
mod python_stdlib;
mod qualified;
mod returns;
mod ruby_mixins;
mod rust_closures;
mod rust_inline_modules;
mod rust_macros;
mod rust_modules;
mod rust_traits;
mod scala_imports;
mod scala_synthetic;
mod scope;
mod shell_scripts;
mod test_macros;
mod value_types;
mod web_values;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};

pub use self::go_build::is_variant_of;
pub use imports::is_js;

use self::extensions::has_extension_functions;
use self::guards::{InitializerDepth, SupertypeChain, MISSED_NAMES};
use self::members::Lookup;
use self::module_files::DirIndex;
use self::overloads::{chosen_overload, takes_no_call_of};
use crate::facts::{is_namespace_path, BindingKind, DefinedValues, FileFacts, RefKind, Reference};
use crate::query::memo::Memo;
use crate::query::scoping::reads_reach_methods;
use crate::query::source::FactsSource;
use crate::symbols::rank::constructs;
use crate::symbols::{Kind, Symbol};

pub use module_files::{normalize, plain_form};
pub use overloads::{arguments_passed, reach_of_call, Reach};
pub use test_macros::is_test_body;

/// Dry runs of [`Resolver::resolve_all`] before the real one.
const MAX_PLANNING_ROUNDS: usize = 3;
/// How many levels of supertypes a planning pass loads with the types it loads; a
/// deeper hierarchy has the rest loaded when a resolution reaches it.
const MAX_SUPERTYPE_LEVELS: usize = 16;
/// A definition in a file's facts.
#[derive(Clone)]
pub struct DefRef {
    pub file: Arc<FileFacts>,
    pub index: usize,
}

impl DefRef {
    pub fn symbol(&self) -> &Symbol {
        &self.file.definitions[self.index]
    }

    /// Whether `other` is this same definition (read from the same file, perhaps
    /// decoded apart).
    pub fn same_as(&self, other: &DefRef) -> bool {
        self.index == other.index && self.file.path == other.file.path
    }

    /// The definitions of `file` that `keep` accepts, in source order.
    pub fn all_in(file: &Arc<FileFacts>, keep: impl Fn(&Symbol) -> bool) -> Vec<DefRef> {
        file.definitions
            .iter()
            .enumerate()
            .filter(|(_, d)| keep(d))
            .map(|(index, _)| DefRef {
                file: file.clone(),
                index,
            })
            .collect()
    }
}

impl std::fmt::Debug for DefRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.symbol().id)
    }
}

/// What a reference names.
#[derive(Debug, Clone)]
pub enum Resolution {
    /// A definition in the repository.
    Definition(DefRef),
    /// One of the overloads of a method of the repository (one target), the first of
    /// them: the call's arguments do not say which.
    Overloads(DefRef),
    /// Something outside the repository: a library, the standard library, a builtin;
    /// the module when it is known.
    External(Option<String>),
    /// A parameter, local variable or field: a value, not a definition.
    Local,
    /// The type of a value held through a Rust standard pointer (`Arc<Inner>`): the
    /// type it points to (a definition, or a library's). Only a value's type is one,
    /// never an answer ([`Resolver::resolve`] gives unresolved): a member looked up in
    /// it is the pointer's own or the pointed-to type's.
    Pointer(Box<Resolution>),
    /// Not decidable from the syntax (an untyped receiver, a call result, several
    /// equally visible candidates).
    Unresolved,
}

impl Resolution {
    /// The type a value's members are looked up in: through a Rust pointer or guard,
    /// the value's.
    pub(super) fn past_pointer(self) -> Resolution {
        match self {
            Resolution::Pointer(to) => *to,
            other => other,
        }
    }
}

/// Whether `module` is Rust's standard library or one of its modules.
pub(super) fn is_rust_std(module: &str) -> bool {
    module == "std" || module.starts_with("std::")
}

/// Whether two resolutions name the same thing: one definition, or one library.
pub(super) fn same_target(a: &Resolution, b: &Resolution) -> bool {
    match (a, b) {
        (Resolution::Definition(x), Resolution::Definition(y)) => x.same_as(y),
        (Resolution::External(x), Resolution::External(y)) => x == y,
        _ => false,
    }
}

/// What an unqualified name is looked up as.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum NameRole {
    /// A value: it may be a local, or a member its class inherits from a library type.
    Value,
    /// A type the code names: once the file's package and imports are searched, it may
    /// be a member type its class inherits from a library type.
    Type,
    /// A type looked up to resolve something else (a receiver's type, a supertype):
    /// nothing is assumed inherited from a library type.
    TypeOnly,
}

/// What a definition stands for when a user names it: a class and its constructors are
/// one target, and so are the overloads of one method in one type.
pub fn target_key<'a>(sym: &'a Symbol, file: &'a FileFacts) -> (&'a Path, &'a str) {
    if is_constructor(sym, file) {
        if let Some(p) = sym.parent.and_then(|p| file.definitions.get(p)) {
            return (&p.path, &p.qualified_name);
        }
    }
    (&sym.path, &sym.qualified_name)
}

/// What C# adds to the name written in an attribute's brackets to name its class
/// (`[Requires]` is `RequiresAttribute`).
pub const CSHARP_ATTRIBUTE_SUFFIX: &str = "Attribute";

/// A constructor: a method named after its type, or the language's constructor name.
pub fn is_constructor(sym: &Symbol, file: &FileFacts) -> bool {
    if !matches!(sym.kind, Kind::Method | Kind::Function) {
        return false;
    }
    let Some(parent) = sym.parent.and_then(|p| file.definitions.get(p)) else {
        return false;
    };
    parent.kind.is_type_like() && constructs(file.language.name, &sym.name, &parent.name)
}

/// Which kinds of definition a use of each kind may name in language `lang`.
fn kinds_for(lang: &str, kind: RefKind) -> &'static [Kind] {
    match kind {
        RefKind::Annotation if decorators_are_values(lang) => kinds_for(lang, RefKind::Call),
        RefKind::TypeUse | RefKind::Inheritance if lang == "cpp" => CPP_TYPE_KINDS,
        RefKind::TypeUse if lang == "c" => C_TYPE_KINDS,
        // An interface is called where it is constructed: Java's anonymous class
        // (`new Listener() { .. }`), Kotlin's `fun interface` (`Handler { .. }`), Go's
        // conversion (`Reader(x)`).
        RefKind::Call => &[
            Kind::Function,
            Kind::Method,
            Kind::Class,
            Kind::Struct,
            Kind::Interface,
            Kind::Macro,
            Kind::Enum,
            Kind::Type,
            Kind::Constant,
            // Rust's `Mode::Search(n)`, which makes the enum's value.
            Kind::Variant,
            // A function pointer (`hook(x)`), a callable a module keeps.
            Kind::Variable,
        ],
        RefKind::Inheritance => ancestor_kinds(lang),
        RefKind::TypeUse | RefKind::Annotation => TYPE_KINDS,
        // C writes a struct, union or enum tag after its keyword, which makes a type
        // use: a value is never one (`config` of `static struct config {..} config;`
        // is the variable).
        RefKind::Reference if lang == "c" => C_VALUE_KINDS,
        // A method is only ever called, or referred to by `::` (which the facts keep
        // as a call).
        RefKind::Reference if !reads_reach_methods(lang) => VALUE_KINDS,
        RefKind::Reference | RefKind::Import => &[],
    }
}

/// Whether an annotation of `lang` is a decorator: an expression that gives a callable
/// (`@pass_context`, `@app.route("/")`, `@Component({..})`), a function, a class or a
/// value as any other expression names one, not a type.
fn decorators_are_values(lang: &str) -> bool {
    matches!(lang, "python" | "javascript" | "typescript" | "tsx")
}

pub(super) fn kind_ok(kinds: &[Kind], k: Kind) -> bool {
    k != Kind::Scope && (kinds.is_empty() || kinds.contains(&k))
}

/// The kinds of definition that are types, then macros, then namespaces: in C and C++
/// a macro stands for a type or a type's decoration (`LUA_API void f()`), and C++
/// writes a namespace where a type goes (the `port` of `port::Mutex`).
const CPP_TYPE_KINDS: &[Kind] = &[
    Kind::Class,
    Kind::Struct,
    Kind::Interface,
    Kind::Enum,
    Kind::Trait,
    Kind::Type,
    Kind::Macro,
    Kind::Namespace,
];

/// What a Ruby class's ancestors are: its superclass, and the modules it mixes in.
pub(super) const RUBY_ANCESTOR_KINDS: &[Kind] = &[Kind::Class, Kind::Module];

/// The kinds of definition a supertype named in `lang` may be (C++'s, whose names
/// may also be macros or namespaces, are asked for apart).
pub(super) fn ancestor_kinds(lang: &str) -> &'static [Kind] {
    if lang == "ruby" {
        RUBY_ANCESTOR_KINDS
    } else {
        TYPE_KINDS
    }
}

/// What a name written without a call may name where it never names a method.
const VALUE_KINDS: &[Kind] = &[
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
    Kind::Variant,
];

/// What a C name written as a value may name.
const C_VALUE_KINDS: &[Kind] = &[
    Kind::Function,
    Kind::Variable,
    Kind::Constant,
    Kind::Macro,
    Kind::Type,
];

/// [`CPP_TYPE_KINDS`] without namespaces.
const C_TYPE_KINDS: &[Kind] = CPP_TYPE_KINDS.split_at(CPP_TYPE_KINDS.len() - 1).0;

/// The kinds of definition that are types: [`C_TYPE_KINDS`] without macros.
pub(super) const TYPE_KINDS: &[Kind] = C_TYPE_KINDS.split_at(C_TYPE_KINDS.len() - 1).0;

/// What lookups ask of one file again and again: its types by qualified name, the
/// names it defines, its inline modules' spans, the modules its glob imports name,
/// and (in Rust) the body of the function each import is written in.
pub(super) struct FileIndex {
    types: FxHashMap<String, usize>,
    names: FxHashSet<String>,
    /// Its constants and variables, by the definition they are declared in.
    pub(super) defined_values: DefinedValues,
    modules: Vec<(std::ops::Range<usize>, String)>,
    /// The glob imports (`use super::*;`).
    globs: Vec<Glob>,
    /// By position among the file's imports: the span of the innermost function
    /// whose body holds the import (Rust's `use` in a function), if any.
    import_bodies: Vec<Option<std::ops::Range<usize>>>,
    /// By position among the file's imports: the span of the innermost definition
    /// holding the import, and whether it is a function (Scala's imports hold in the
    /// body they are written in), if any.
    pub(super) import_holders: Vec<Option<(std::ops::Range<usize>, bool)>>,
}

impl FileIndex {
    fn of(file: &FileFacts) -> FileIndex {
        let mut types = FxHashMap::default();
        for (i, d) in file.definitions.iter().enumerate() {
            if d.kind.is_type_like() && d.kind != Kind::Scope {
                types.entry(d.qualified_name.clone()).or_insert(i);
            }
        }
        let modules: Vec<(std::ops::Range<usize>, String)> = file
            .definitions
            .iter()
            .filter(|d| d.kind == Kind::Module)
            .map(|d| (d.start_byte..d.end_byte, d.name.clone()))
            .collect();
        let globs = file
            .imports
            .iter()
            .enumerate()
            .filter(|(_, i)| i.wildcard)
            .map(|(position, i)| Glob {
                module: i.module.clone(),
                inline: modules_around(&modules, i.start_byte as usize),
                position,
            })
            .collect();
        FileIndex {
            types,
            names: file.definitions.iter().map(|d| d.name.clone()).collect(),
            defined_values: DefinedValues::of(&file.definitions),
            modules,
            globs,
            import_bodies: if file.language.name == "rust" {
                file.imports
                    .iter()
                    .map(|i| function_around(file, i.start_byte as usize))
                    .collect()
            } else {
                Vec::new()
            },
            import_holders: if file.language.name == "scala" {
                file.imports
                    .iter()
                    .map(|i| definition_around(file, i.start_byte as usize))
                    .collect()
            } else {
                Vec::new()
            },
        }
    }

    /// The glob imports written at the file's own level: not in an inline module, nor
    /// (Rust) in a function's body. Only these pass names on as the file's.
    pub(super) fn file_level_globs(&self) -> impl Iterator<Item = &Glob> {
        self.globs.iter().filter(|g| {
            g.inline.is_empty()
                && self
                    .import_bodies
                    .get(g.position)
                    .is_none_or(Option::is_none)
        })
    }

    /// The names of the inline modules (`mod tests { .. }`) around byte `at`, outermost
    /// first.
    pub(super) fn inline_modules(&self, at: usize) -> Vec<String> {
        modules_around(&self.modules, at)
    }

    /// Whether the module the inline modules `inline` lead to (the file's own when
    /// none) declares a module `name`, inline or not.
    pub(super) fn declares_module(&self, inline: &[String], name: &str) -> bool {
        self.modules.iter().any(|(span, n)| {
            n == name
                && matches!(modules_around(&self.modules, span.start).split_last(),
                    Some((last, outer)) if last == n && outer == inline)
        })
    }
}

/// A glob import (`use super::*;`): the module it names, the inline modules it is
/// written in (outermost first), and its position among the file's imports.
pub(super) struct Glob {
    pub(super) module: String,
    pub(super) inline: Vec<String>,
    pub(super) position: usize,
}

/// The names of the modules of `modules` whose spans hold byte `at`, in their order.
fn modules_around(modules: &[(std::ops::Range<usize>, String)], at: usize) -> Vec<String> {
    modules
        .iter()
        .filter(|(span, _)| span.contains(&at))
        .map(|(_, name)| name.clone())
        .collect()
}

/// The span of the innermost definition (not a block scope) around byte `at`, and
/// whether it is a function.
fn definition_around(file: &FileFacts, at: usize) -> Option<(std::ops::Range<usize>, bool)> {
    file.definitions
        .iter()
        .filter(|d| d.kind != Kind::Scope && (d.start_byte..d.end_byte).contains(&at))
        .min_by_key(|d| d.end_byte - d.start_byte)
        .map(|d| {
            let function = matches!(d.kind, Kind::Function | Kind::Method);
            (d.start_byte..d.end_byte, function)
        })
}

/// The span of the innermost function or method of `file` around byte `at`.
pub(super) fn function_around(file: &FileFacts, at: usize) -> Option<std::ops::Range<usize>> {
    file.definitions
        .iter()
        .rev()
        .find(|d| {
            matches!(d.kind, Kind::Function | Kind::Method)
                && (d.start_byte..d.end_byte).contains(&at)
        })
        .map(|d| d.start_byte..d.end_byte)
}

/// A module looked up from a directory (or from nowhere, for absolute names).
type ModuleKey = (PathBuf, String);
/// A Go module: the directory of its `go.mod` and the module path it declares.
pub(super) type GoModule = (PathBuf, String);

/// Resolves references against a facts source, caching what it looked up.
pub struct Resolver<'s> {
    source: &'s dyn FactsSource,
    /// Shared, so that a lookup copies a pointer, not every definition of the name.
    by_name: Memo<String, Arc<[DefRef]>>,
    /// The walked files' normalised paths, collected on first use.
    file_set: std::sync::OnceLock<FxHashSet<PathBuf>>,
    /// The walked files by file name, built on first use: a module path is looked up
    /// among the files of its last component's name, not the whole tree.
    by_file_name: std::sync::OnceLock<FxHashMap<std::ffi::OsString, Vec<PathBuf>>>,
    /// The walked files' directories, indexed on first use.
    dirs: std::sync::OnceLock<DirIndex>,
    modules: Memo<ModuleKey, Arc<Vec<PathBuf>>>,
    /// During a dry run of [`Resolver::resolve_all`], the names asked for.
    recording: Mutex<Option<HashSet<String>>>,
    go_modules: Memo<PathBuf, Option<GoModule>>,
    /// Every Go module of the tree, read on first use.
    tree_go_modules: std::sync::OnceLock<Vec<GoModule>>,
    /// The tree's JavaScript and TypeScript configs and package manifests.
    js_workspace: std::sync::OnceLock<js_workspace::JsWorkspace>,
    /// The Rust library crates of the tree by name, read on first use.
    rust_crates: std::sync::OnceLock<FxHashMap<String, PathBuf>>,
    /// The crates each Rust package depends on, by its manifest's path.
    rust_dependencies: Memo<PathBuf, Arc<FxHashSet<String>>>,
    /// What lookups ask of a file's definitions again and again, by path.
    file_indexes: Memo<PathBuf, Arc<FileIndex>>,
    /// Member lookups already answered, by type, member name and kinds: the uses of a
    /// common name mostly go through a few receiver types, whose supertypes would
    /// otherwise be resolved again for every use.
    members: Memo<MemberKey, Lookup>,
    /// Imports already resolved, by file, position among its imports, and kinds.
    imports: Memo<ImportKey, Resolution>,
    /// The include closures of C and C++ files, by path.
    includes: Memo<PathBuf, Arc<includes::Included>>,
    /// The variables C and C++ headers declare at their top level, by path.
    header_variables: Memo<PathBuf, Arc<FxHashSet<String>>>,
    /// The classes that include a Ruby module, by the module's file and index.
    ruby_includers: Memo<(PathBuf, usize), Arc<[DefRef]>>,
    /// The tree's C# project files (`.csproj`) by their directory.
    csharp_projects: std::sync::OnceLock<FxHashMap<PathBuf, Vec<PathBuf>>>,
    /// What each C# project imports into all its files, by the project's directory.
    project_usings: Memo<PathBuf, Arc<csharp_usings::ProjectUsings>>,
}

/// A file's facts as a key: by identity, which the key keeps alive, so that the same
/// address can never stand for another file.
#[derive(Clone)]
pub(super) struct FactsKey(Arc<FileFacts>);

impl PartialEq for FactsKey {
    fn eq(&self, other: &FactsKey) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for FactsKey {}

impl std::hash::Hash for FactsKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        Arc::as_ptr(&self.0).hash(state);
    }
}

/// An import lookup: the importing file, the import's position, the kinds asked.
pub(super) type ImportKey = (FactsKey, usize, u32);

/// `kinds` as a set of bits (none: any kind).
pub(super) fn kind_mask(kinds: &[Kind]) -> u32 {
    kinds.iter().fold(0, |mask, &k| mask | 1 << (k as u32))
}

/// A member lookup: the type (its file and index), the member's name, the kinds asked.
pub(super) type MemberKey = (PathBuf, usize, String, u32);

/// The references of the inheritance clauses of definition `index` of `facts` (its
/// supertypes as written).
pub(super) fn inheritance_clauses(
    facts: &FileFacts,
    index: usize,
) -> impl Iterator<Item = &Reference> {
    let end = facts.definitions.get(index).map_or(0, |d| d.end_byte);
    facts.references.iter().filter(move |r| {
        r.kind == RefKind::Inheritance
            && r.enclosing == Some(index as u32)
            && (r.start_byte as usize) < end
    })
}

/// The names the inheritance clauses of type `index` of `facts` write: each supertype's
/// name and every part of its qualifier.
fn inherited_names(facts: &FileFacts, index: usize) -> Vec<String> {
    inheritance_clauses(facts, index)
        .flat_map(|r| {
            let parts = r.qualifier.iter().flat_map(|q| {
                q.split(|c: char| !is_word_char(c))
                    .filter(|p| !p.is_empty())
            });
            std::iter::once(r.name.as_str()).chain(parts)
        })
        .map(str::to_string)
        .collect()
}

/// The package a definition is a top-level member of: its file's declared package for
/// a definition at the file's top level, or the namespace block holding it (C#'s
/// `namespace A.B { class C {} }`); `None` for a nested definition or a file of no
/// package.
pub(super) fn package_of(d: &DefRef) -> Option<&str> {
    package_of_in(&d.file, d.index)
}

/// [`package_of`] for definition `index` of `file`.
pub(super) fn package_of_in(file: &FileFacts, index: usize) -> Option<&str> {
    match file.definitions.get(index)?.parent {
        // A C# definition outside every namespace block is in the global namespace
        // (`""`), unless a file-scoped `namespace X;` puts the whole file in `X`.
        None if file.language.name == "csharp" && !csharp_file_scoped(file) => Some(""),
        None => file.package.as_deref(),
        Some(p) => file
            .definitions
            .get(p)
            .filter(|p| p.kind == Kind::Namespace)
            .map(|p| p.qualified_name.as_str()),
    }
}

/// The package of the code at `at` in `file`: the innermost namespace block holding
/// it, or the file's declared package (C#'s global namespace, `""`, outside every
/// block of a file with no file-scoped namespace).
pub(super) fn package_at(file: &FileFacts, at: Option<u32>) -> Option<&str> {
    let outside = match file.language.name {
        "csharp" if !csharp_file_scoped(file) => Some(""),
        _ => file.package.as_deref(),
    };
    Resolver::enclosing_chain(file, at)
        .into_iter()
        .map(|i| &file.definitions[i])
        .find(|d| d.kind == Kind::Namespace)
        .map_or(outside, |d| Some(&d.qualified_name))
}

/// Whether C# file `file` declares a file-scoped namespace (`namespace X;`), which
/// holds all its code. Asked for each candidate of a name: C# allows one such
/// namespace, before any type and beside no namespace block, so the file's first
/// namespace tells (a file with none declares no package).
fn csharp_file_scoped(file: &FileFacts) -> bool {
    file.package.is_some()
        && file
            .definitions
            .iter()
            .find(|d| d.kind == Kind::Namespace)
            .is_some_and(|d| {
                let code = d.signature.split("//").next().unwrap_or_default();
                code.trim_end().ends_with(';')
            })
}

/// Whether same-named function declarations of one file are different functions, not
/// overloads of one: JavaScript has no overloads, and a test file declares a function
/// of one name in each of several callbacks (`it('..', function () { function fn1()
/// {} })`), which are no definitions of the index.
pub fn declared_apart(s: &Symbol) -> bool {
    s.language == "javascript" && s.kind == Kind::Function
}

/// Whether a Ruby method is the class's own (`def self.x`, or one in `class <<
/// self`), not its instances'.
pub fn is_ruby_class_method(s: &Symbol) -> bool {
    s.language == "ruby" && s.type_level
}

/// Whether dotted name `path` is `tail`, or ends with it after a dot (`org.acme.Util`
/// and `acme.Util`).
pub fn names_tail(path: &str, tail: &str) -> bool {
    path.strip_suffix(tail)
        .is_some_and(|head| head.is_empty() || head.ends_with('.'))
}

/// The globals a JavaScript test runner gives its test files (Vitest with `globals`,
/// Jest always).
const TEST_RUNNER_GLOBALS: &[&str] = &[
    "afterAll",
    "afterEach",
    "beforeAll",
    "beforeEach",
    "describe",
    "expect",
    "it",
    "jest",
    "test",
    "vi",
];

pub(super) fn is_word(s: &str) -> bool {
    !s.is_empty() && s.chars().all(is_word_char)
}

/// Whether `s` can be a definition's name: a word, a word ending in one of the marks
/// Ruby method names may end in (`nil?`, `save!`, `name=`), or an operator Ruby
/// defines as a method.
pub(super) fn is_defined_name(s: &str) -> bool {
    is_word(s.strip_suffix(['?', '!', '=']).unwrap_or(s))
        || is_operator_name(s)
        || is_computed_name(s)
}

/// A computed member name, which a definition has whole: JavaScript's
/// `[Symbol.iterator]`.
fn is_computed_name(s: &str) -> bool {
    s.strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .is_some_and(|inner| inner.split('.').all(is_word))
}

/// A name made of operator characters only: Ruby's operator methods (`[]`, `[]=`,
/// `<=>`, `<<`), which a definition has as its name.
fn is_operator_name(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| "[]=<>!+-*/%&|^~".contains(c))
}

/// A character of a name as [`is_word`] has it.
fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '$'
}

impl<'s> Resolver<'s> {
    pub fn new(source: &'s dyn FactsSource) -> Resolver<'s> {
        Resolver {
            source,
            by_name: Memo::new(),
            file_set: std::sync::OnceLock::new(),
            by_file_name: std::sync::OnceLock::new(),
            dirs: std::sync::OnceLock::new(),
            modules: Memo::new(),
            recording: Mutex::new(None),
            go_modules: Memo::new(),
            tree_go_modules: std::sync::OnceLock::new(),
            js_workspace: std::sync::OnceLock::new(),
            rust_crates: std::sync::OnceLock::new(),
            rust_dependencies: Memo::new(),
            file_indexes: Memo::new(),
            members: Memo::new(),
            imports: Memo::new(),
            includes: Memo::new(),
            header_variables: Memo::new(),
            ruby_includers: Memo::new(),
            csharp_projects: std::sync::OnceLock::new(),
            project_usings: Memo::new(),
        }
    }

    fn file_set(&self) -> &FxHashSet<PathBuf> {
        self.file_set.get_or_init(|| {
            self.source
                .files()
                .iter()
                .map(|f| normalize(&f.path))
                .collect()
        })
    }

    /// The test runner whose global `r` names, or whose global the receiver of `r`
    /// starts with (`expect(x).toBe`, `vi.fn`, `describe.each`): where `r`'s file
    /// neither binds, imports nor defines that name, and its package depends on one
    /// runner only. `vi` is only Vitest's, `jest` only Jest's.
    fn test_runner_global(&self, file: &Arc<FileFacts>, r: &Reference) -> Option<&'static str> {
        if !is_js(file.language.name) {
            return None;
        }
        let root = match &r.qualifier {
            Some(q) => q.split(['.', '(', '<']).next().unwrap_or(q).trim(),
            None => r.name.as_str(),
        };
        if !TEST_RUNNER_GLOBALS.contains(&root)
            || Self::binding_at(file, r, root).is_some()
            || file.imports.iter().any(|i| i.bound_name() == Some(root))
            || file.definitions.iter().any(|d| d.name == root)
        {
            return None;
        }
        let runner = self.js_workspace().test_runner(&file.path)?;
        match root {
            "vi" => (runner == "vitest").then_some(runner),
            "jest" => (runner == "jest").then_some(runner),
            _ => Some(runner),
        }
    }

    fn js_workspace(&self) -> &js_workspace::JsWorkspace {
        self.js_workspace
            .get_or_init(|| js_workspace::JsWorkspace::over(self.source.files()))
    }

    fn dirs(&self) -> &DirIndex {
        self.dirs.get_or_init(|| DirIndex::of(self.source.files()))
    }

    pub fn source(&self) -> &'s dyn FactsSource {
        self.source
    }

    /// Loads the definitions of all `names` in one pass over the tree.
    pub fn prefetch<I: IntoIterator<Item = String>>(&self, names: I) {
        self.load_names(names);
    }

    /// [`Resolver::prefetch`], then the supertypes the loaded types name, and theirs,
    /// level by level: what finding a member through those types asks for next, loaded
    /// now instead of being found missing by another dry round each level.
    fn prefetch_with_supertypes<I: IntoIterator<Item = String>>(&self, names: I) {
        let mut next = self.load_names(names);
        for _ in 0..MAX_SUPERTYPE_LEVELS {
            if next.is_empty() {
                break;
            }
            next = self.load_names(next);
        }
    }

    /// Loads the definitions of all `names` in one pass over the tree, and gives the
    /// names the loaded types' inheritance clauses write (each part of a qualified one).
    fn load_names<I: IntoIterator<Item = String>>(&self, names: I) -> Vec<String> {
        let mut missing: Vec<String> = names
            .into_iter()
            .filter(|n| is_defined_name(n) && !self.by_name.contains(n.as_str()))
            .collect();
        missing.sort_unstable();
        missing.dedup();
        if missing.is_empty() {
            return Vec::new();
        }
        let files = self.source.files_defining(&missing);
        let wanted: FxHashSet<&str> = missing.iter().map(String::as_str).collect();
        let mut found: FxHashMap<String, Vec<DefRef>> =
            missing.iter().map(|n| (n.clone(), Vec::new())).collect();
        let mut supertypes: Vec<String> = Vec::new();
        for path in files {
            let Some(facts) = self.source.outline(&path) else {
                continue;
            };
            for (i, d) in facts.definitions.iter().enumerate() {
                if d.kind != Kind::Scope && wanted.contains(d.name.as_str()) {
                    if d.kind.is_type_like() {
                        supertypes.extend(inherited_names(&facts, i));
                    }
                    if let Some(v) = found.get_mut(&d.name) {
                        v.push(DefRef {
                            file: facts.clone(),
                            index: i,
                        });
                    }
                }
            }
        }
        self.by_name
            .extend(found.into_iter().map(|(name, defs)| (name, defs.into())));
        supertypes
    }

    /// Every repository definition named `name`.
    pub fn defs_named(&self, name: &str) -> Arc<[DefRef]> {
        if !is_defined_name(name) {
            return Arc::new([]);
        }
        if let Some(v) = self.by_name.get(name) {
            return v;
        }
        // A dry run of `resolve_all`: note the name, load nothing yet.
        if let Some(wanted) = self
            .recording
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .as_mut()
        {
            wanted.insert(name.to_string());
            MISSED_NAMES.set(MISSED_NAMES.get() + 1);
            return Arc::new([]);
        }
        self.prefetch([name.to_string()]);
        self.by_name.get(name).unwrap_or_else(|| Arc::new([]))
    }

    /// Resolves many references with as few passes over the tree as possible: dry
    /// runs record which names the answers need from other files (without loading
    /// them), one pass loads them all, and the next round resolves again only the
    /// references whose answer needed one of those names. An answer that needed none
    /// is final as it stands: every name it looked up was loaded whole. A name only
    /// the last round reaches (a supertype of a type found in that pass) is still
    /// loaded lazily.
    pub fn resolve_all(&self, items: &[(&Arc<FileFacts>, &Reference)]) -> Vec<Resolution> {
        let mut answers: Vec<Option<Resolution>> = vec![None; items.len()];
        let mut pending: Vec<usize> = (0..items.len()).collect();
        for _ in 0..MAX_PLANNING_ROUNDS {
            self.recording
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .replace(HashSet::new());
            // A dry resolution does no parallel work of its own, so the names it
            // could not answer for are counted on the thread that runs it.
            let round: Vec<(usize, Option<Resolution>)> = pending
                .par_iter()
                .map(|&i| {
                    let (f, r) = items[i];
                    let missed = MISSED_NAMES.get();
                    let answer = self.resolve(f, r);
                    (i, (MISSED_NAMES.get() == missed).then_some(answer))
                })
                .collect();
            let wanted = self
                .recording
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .take()
                .unwrap_or_default();
            for (i, answer) in round {
                answers[i] = answer;
            }
            pending.retain(|&i| answers[i].is_none());
            if wanted.is_empty() || pending.is_empty() {
                break;
            }
            self.prefetch_with_supertypes(wanted);
        }
        let last: Vec<(usize, Resolution)> = pending
            .par_iter()
            .map(|&i| (i, self.resolve(items[i].0, items[i].1)))
            .collect();
        for (i, answer) in last {
            answers[i] = Some(answer);
        }
        answers
            .into_iter()
            .map(|a| a.unwrap_or(Resolution::Unresolved))
            .collect()
    }

    /// What `r`, a reference in `file`, names.
    pub fn resolve(&self, file: &Arc<FileFacts>, r: &Reference) -> Resolution {
        // A resolution that rayon runs on a thread while another one waits there for
        // nested parallel work must not see (or be cut by) how deep the other follows
        // initialising calls.
        let _depth = InitializerDepth::fresh();
        let found = self.resolve_within(file, r);
        match &found {
            Resolution::Definition(d) | Resolution::Overloads(d)
                if file.language.name == "go"
                    && d.file.language.name == "go"
                    && !go_build::can_build_together(file, &d.file) =>
            {
                self.variant_built_with(file, d)
            }
            // A pointer is only ever the type of a value, never what a use names.
            Resolution::Pointer(_) => Resolution::Unresolved,
            _ => found,
        }
    }

    /// What a call of a local that copies a member calls (Python's `_append =
    /// items.append`, then `_append(x)`): that member, looked up where the call is.
    /// Only a local given a value once: one given another value elsewhere (`append =
    /// align_append` in a branch) may hold either when it is called.
    fn copied_method_called(&self, file: &Arc<FileFacts>, r: &Reference) -> Option<Resolution> {
        if !(file.language.name == "python" || imports::is_js(file.language.name)) {
            return None;
        }
        let b = Self::binding_at(file, r, &r.name)?;
        let (receiver, member) = b.copied_from.as_deref()?.rsplit_once('.')?;
        let assignments = file
            .bindings
            .iter()
            .filter(|o| o.name == b.name && o.scope == b.scope)
            .count();
        if b.kind != BindingKind::Local || assignments != 1 || receiver.is_empty() {
            return None;
        }
        let call = Reference {
            name: member.to_string(),
            qualifier: Some(receiver.to_string()),
            ..r.clone()
        };
        match self.resolve_within(file, &call) {
            found @ (Resolution::Definition(_)
            | Resolution::Overloads(_)
            | Resolution::External(_)) => Some(found),
            _ => None,
        }
    }

    /// Of the variants of `d` for other builds, the one that builds together with
    /// `file` (a call in `x_windows.go` of a function each system defines in its own
    /// file); unresolved when none or several targets do. Where several could, the
    /// one that builds with `file` while no other variant does wins: a build that
    /// compiles two variants of one name does not compile (`dedupelabels` and
    /// `slicelabels` set together).
    fn variant_built_with(&self, file: &FileFacts, d: &DefRef) -> Resolution {
        let variants: Vec<DefRef> = self
            .defs_named(&d.symbol().name)
            .iter()
            .filter(|v| is_variant_of(v, d) || v.same_as(d))
            .cloned()
            .collect();
        let fitting: Vec<DefRef> = variants
            .iter()
            .filter(|v| !v.same_as(d) && go_build::can_build_together(file, &v.file))
            .cloned()
            .collect();
        let alone: Vec<DefRef> = fitting
            .iter()
            .filter(|v| {
                let others: Vec<&FileFacts> = variants
                    .iter()
                    .filter(|o| o.file.path != v.file.path)
                    .map(|o| o.file.as_ref())
                    .collect();
                go_build::some_build(&[file, &v.file], &others)
            })
            .cloned()
            .collect();
        let chosen = if alone.len() == 1 { alone } else { fitting };
        members::pick(chosen).map_or(Resolution::Unresolved, Resolution::Definition)
    }

    /// Whether the receiver written before reference `r` is a value of the code: the
    /// language's `self` or `this`, a call's result, or a parameter, local or field
    /// bound where `r` stands (`rws.samplesIn`, `f.pre_save(..)`). A member of a value
    /// is never a variable of a file or package, which code names bare or through its
    /// module.
    pub fn receiver_is_a_value(&self, file: &Arc<FileFacts>, r: &Reference) -> bool {
        let Some(q) = &r.qualifier else {
            return false;
        };
        let head = q.split(['.', ':']).next().unwrap_or(q);
        self.scoping(file).self_names.contains(&head)
            || q.contains('(')
            || Self::binding_at(file, r, head).is_some()
    }

    /// [`Resolver::resolve`] inside another resolution (the callee of a call whose
    /// result a member is looked up in), which counts the initialising calls followed.
    fn resolve_within(&self, file: &Arc<FileFacts>, r: &Reference) -> Resolution {
        // A resolution that rayon runs on a thread while another one waits there for
        // nested parallel work must not see (or be cut by) the other's chain.
        let _chain = SupertypeChain::fresh();
        let kinds = kinds_for(file.language.name, r.kind);
        if r.kind == RefKind::Import {
            return self.resolve_import_ref(file, r);
        }
        if let Some(run) = self.direct_command(file, r) {
            return run;
        }
        // Swift's `.contentType(..)`: a member of a type the context gives, which the
        // syntax does not name.
        if r.name.starts_with('.') && file.language.name != "bash" {
            return Resolution::Unresolved;
        }
        // A type, a supertype or an annotation names a type, never a value. A type use
        // may name a member type inherited from a library type (`Entry` in a `Map`);
        // an annotation is not looked for there.
        let role = match r.kind {
            RefKind::TypeUse | RefKind::Inheritance => NameRole::Type,
            RefKind::Annotation if decorators_are_values(file.language.name) => NameRole::Value,
            RefKind::Annotation => NameRole::TypeOnly,
            _ => NameRole::Value,
        };
        // `T` in `<T> T get(Class<T> c)`: a type parameter is a local name.
        if r.kind == RefKind::TypeUse
            && r.qualifier.is_none()
            && (Self::is_type_parameter(file, r.enclosing, &r.name)
                || Self::names_a_test(file, r)
                || self.extended_types_parameter(file, r))
        {
            return Resolution::Local;
        }
        // C#'s `[Requires(..)]` names the class `RequiresAttribute` where there is one
        // (the language tries that name first).
        if r.kind == RefKind::Annotation
            && file.language.name == "csharp"
            && !r.name.ends_with(CSHARP_ATTRIBUTE_SUFFIX)
        {
            let long = Reference {
                name: format!("{}{CSHARP_ATTRIBUTE_SUFFIX}", r.name),
                ..r.clone()
            };
            if let found @ Resolution::Definition(_) = self.resolve_within(file, &long) {
                return found;
            }
        }
        // Swift's `@discardableResult`, Rust's `#[test]`: an attribute of the language.
        if r.kind == RefKind::Annotation && r.qualifier.is_none() {
            let sc = self.scoping(file);
            if sc.attributes.contains(&r.name.as_str()) {
                return Resolution::External(Some(sc.builtin_module.to_string()));
            }
        }
        if let Some(accessor) = self.python_property_accessor(file, r) {
            return accessor;
        }
        // `describe(..)`, `expect(x).toBe(y)`, `vi.fn()` in a test file that imports
        // none of them: the globals of the test runner its package depends on.
        if let Some(runner) = self.test_runner_global(file, r) {
            return Resolution::External(Some(runner.to_string()));
        }
        // JavaScript's `super(..)` in a constructor runs the class the enclosing one
        // extends, as `new` of that class does.
        if r.kind == RefKind::Call
            && r.qualifier.is_none()
            && r.name == "super"
            && is_js(file.language.name)
        {
            return self.extended_class(file, r.enclosing);
        }
        let found = match &r.qualifier {
            Some(q) => match self.resolve_qualified(file, r, q, kinds) {
                // No repository member: an extension function in scope may be what is
                // called.
                found @ (Resolution::External(_) | Resolution::Unresolved)
                    if r.kind == RefKind::Call && has_extension_functions(file.language.name) =>
                {
                    self.through_extensions(file, r, q, kinds, found)
                }
                found => found,
            },
            // Where each local is its block's, whether the name is a local's is told
            // where it stands: `guard let request = request(for: task)` calls the
            // method, which the local declared there does not yet hide.
            None if role == NameRole::Value
                && crate::facts::scopes_locals_by_block(file.language.name) =>
            {
                match Self::binding_at(file, r, &r.name) {
                    // Swift tells a method from a property of its name by the call's
                    // labels (`response(queue: q)` beside `var response`): a call is
                    // the method's where the type has one.
                    Some(b)
                        if b.kind == BindingKind::Field
                            && r.kind == RefKind::Call
                            && file.language.name == "swift" =>
                    {
                        let found =
                            self.resolve_beyond_locals(file, r.enclosing, &r.name, kinds, role);
                        let method = matches!(&found,
                            Resolution::Definition(d) | Resolution::Overloads(d)
                                if d.symbol().kind == Kind::Method);
                        // Else a closure the property holds (a global function of the
                        // name is hidden by it).
                        if method {
                            found
                        } else {
                            Resolution::Local
                        }
                    }
                    // A variable of the file, which the name stands for.
                    Some(b) if self.file_index(file).defined_values.bound_by(b) => {
                        self.resolve_beyond_locals(file, r.enclosing, &r.name, kinds, role)
                    }
                    // Lua's `local fmt = string.format`: a call of the copy is one of
                    // what it copies.
                    Some(b) if file.language.name == "lua" => {
                        self.lua_copy_called(file, r, b, kinds)
                    }
                    Some(_) => Resolution::Local,
                    None => self.resolve_beyond_locals(file, r.enclosing, &r.name, kinds, role),
                }
            }
            None => self.resolve_unqualified(file, r.enclosing, &r.name, kinds, role),
        };
        let found = match found {
            Resolution::Local if r.kind == RefKind::Call && r.qualifier.is_none() => self
                .copied_method_called(file, r)
                .unwrap_or(Resolution::Local),
            Resolution::Unresolved => self
                .python_class_attribute_called(file, r)
                .unwrap_or(Resolution::Unresolved),
            found => found,
        };
        let found = self.in_library_extension(file, r, &found).unwrap_or(found);
        let found = self
            .unreceived_extension(file, r, kinds, &found)
            .unwrap_or(found);
        let found = match found {
            Resolution::External(_) if self.may_run_extension_init(file, r) => {
                Resolution::Unresolved
            }
            // `data.respond_to?(:each)` with `data` of no known type: a method every
            // object has, which nothing in the tree defines, is the language's own
            // (not a library supertype's: `response.also { .. }`).
            found @ (Resolution::Unresolved | Resolution::External(_)) if r.qualifier.is_some() => {
                self.universal_member(file, &r.name).unwrap_or(found)
            }
            // The lambda's receiver may be a type of the tree that defines the name.
            Resolution::External(Some(m))
                if r.qualifier.is_none() && self.inherited_inside_a_lambda(file, r, &m, kinds) =>
            {
                if !self.defs_named(&r.name).is_empty() {
                    Resolution::Unresolved
                } else {
                    Resolution::External(None)
                }
            }
            found => found,
        };
        // Rust's `value.name` without a call reads a field (a method is named as a value
        // only through its type, `Type::method`): never a use of a method or function
        // of that name.
        if r.kind == RefKind::Reference && file.language.name == "rust" {
            if let Some(q) = r.qualifier.as_deref() {
                let head = q.split('.').next().unwrap_or(q);
                // `self::CONST`, `self::Type`: an item of the module, which a field
                // (lower-case, and no symbol) is not; a function stays a field's
                // namesake.
                let module_item = q == "self"
                    && matches!(&found, Resolution::Definition(d)
                        if d.symbol().parent.is_none()
                            && !matches!(d.symbol().kind, Kind::Method | Kind::Function));
                if (head == "self" || Self::binding(file, r.enclosing, head).is_some())
                    && !module_item
                {
                    return Resolution::Local;
                }
            }
        }
        // PHP's `$x->name` without a call reads a property, a method only through a
        // `__get` (Eloquent's relations are read so).
        if let (RefKind::Reference, "php", Some(q), Resolution::Definition(d)) =
            (r.kind, file.language.name, r.qualifier.as_deref(), &found)
        {
            if d.symbol().kind == Kind::Method && !is_namespace_path(q) {
                return self.php_property_read(file, r, q).unwrap_or(found);
            }
        }
        // Kotlin's `value.name` without a call reads a property: a function is named
        // as a value only as `value::name`. Where the type declares a property of the
        // name beside its function (`val body` and the deprecated `fun body()`), the
        // property is read.
        if let (
            RefKind::Reference,
            "kotlin",
            Some(_),
            Resolution::Definition(d) | Resolution::Overloads(d),
        ) = (r.kind, file.language.name, &r.qualifier, &found)
        {
            let owner = d.symbol().parent.map(|index| DefRef {
                file: d.file.clone(),
                index,
            });
            if d.symbol().kind == Kind::Method
                && owner.is_some_and(|t| value_types::declared_fields(&t, &r.name).next().is_some())
            {
                return Resolution::Local;
            }
        }
        let found = match (file.language.name, &r.qualifier, found) {
            // A case class's `copy`, which no library supertype gives it.
            ("scala", Some(q), found @ (Resolution::External(_) | Resolution::Unresolved))
                if r.kind == RefKind::Call && r.name == "copy" =>
            {
                self.scala_case_class_copy(file, r, q).unwrap_or(found)
            }
            (_, _, found) => found,
        };
        // Among overloads, the one whose parameters fit the call's arguments; when
        // the arguments do not tell, the overloads as one (never a guessed one).
        match found {
            // A call no overload can take is to a namesake (an overload inherited from
            // a supertype, a Kotlin extension function): not to be guessed.
            Resolution::Definition(d)
                if r.arity
                    .is_some_and(|n| takes_no_call_of(&d, usize::from(n))) =>
            {
                r.arity
                    .and_then(|n| self.inherited_overload(&d, kinds, usize::from(n)))
                    .unwrap_or(Resolution::Unresolved)
            }
            Resolution::Definition(d) => {
                let passed = arguments_passed(&d, r).map(usize::from);
                match chosen_overload(d, passed) {
                    // Java: the arguments' types may tell what their count did not.
                    Resolution::Overloads(first) => {
                        Self::overload_by_argument_types(file, r, &first)
                            .map_or(Resolution::Overloads(first), Resolution::Definition)
                    }
                    chosen => chosen,
                }
            }
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_c_type_uses_may_name_macros() {
        use super::{Kind, C_TYPE_KINDS, TYPE_KINDS};
        assert!(C_TYPE_KINDS.contains(&Kind::Macro));
        assert!(!TYPE_KINDS.contains(&Kind::Macro));
        assert_eq!(TYPE_KINDS.len() + 1, C_TYPE_KINDS.len());
    }

    #[test]
    fn kind_masks_tell_kind_sets_apart() {
        use super::{kind_mask, Kind};
        assert_eq!(kind_mask(&[]), 0);
        assert_eq!(
            kind_mask(&[Kind::Class, Kind::Method]),
            kind_mask(&[Kind::Method, Kind::Class])
        );
        assert_ne!(kind_mask(&[Kind::Class]), kind_mask(&[Kind::Method]));
        assert_ne!(kind_mask(&[Kind::Function]), 0);
        assert_ne!(kind_mask(&[Kind::Scope]), kind_mask(&[Kind::Block]));
    }
}
