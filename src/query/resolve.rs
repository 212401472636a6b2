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

use std::collections::HashSet;
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};

use super::generics::{after_type_parameters, declares_type_parameter};
use super::memo::Memo;
use super::returns::{
    callback_parameter_type, declared_return, receiver_call, ReceiverCall, Returned,
};
use super::rust_modules::{rust_module, workspace_crates, PathSite, RustModule};
use super::scoping::{scoping, PackageScope, Scoping};
use super::source::{FactsSource, FileEntry};
use crate::facts::{BindingKind, CallbackSite, FileFacts, Import, RefKind, Reference};
use crate::symbols::rank::constructs;
use crate::symbols::{Kind, Symbol};

/// Dry runs of [`Resolver::resolve_all`] before the real one.
const MAX_PLANNING_ROUNDS: usize = 3;
/// How many supertypes deep a member is looked for.
const MAX_SUPER_DEPTH: usize = 8;

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
    /// Not decidable from the syntax (an untyped receiver, a call result, several
    /// equally visible candidates).
    Unresolved,
}

/// What an unqualified name is looked up as.
#[derive(Clone, Copy, PartialEq, Eq)]
enum NameRole {
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

/// Which kinds of definition a use of each kind may name.
fn kinds_for(kind: RefKind) -> &'static [Kind] {
    match kind {
        RefKind::Call => &[
            Kind::Function,
            Kind::Method,
            Kind::Class,
            Kind::Struct,
            Kind::Macro,
            Kind::Enum,
            Kind::Type,
            Kind::Constant,
        ],
        RefKind::TypeUse | RefKind::Inheritance | RefKind::Annotation => &[
            Kind::Class,
            Kind::Struct,
            Kind::Interface,
            Kind::Enum,
            Kind::Trait,
            Kind::Type,
        ],
        RefKind::Reference | RefKind::Import => &[],
    }
}

fn kind_ok(kinds: &[Kind], k: Kind) -> bool {
    k != Kind::Scope && (kinds.is_empty() || kinds.contains(&k))
}

const TYPE_KINDS: &[Kind] = &[
    Kind::Class,
    Kind::Struct,
    Kind::Interface,
    Kind::Enum,
    Kind::Trait,
    Kind::Type,
];

/// Where an import's module lives.
enum ModuleTarget {
    Files(Vec<PathBuf>),
    /// A declared package (Java-like languages): definitions are found by package.
    Package(String),
    External(String),
    Unknown,
}

/// What lookups ask of one file again and again: its types by qualified name, the
/// names it defines, its inline modules' spans, the modules its glob imports name.
struct FileIndex {
    types: FxHashMap<String, usize>,
    names: FxHashSet<String>,
    modules: Vec<(std::ops::Range<usize>, String)>,
    globs: Vec<String>,
}

impl FileIndex {
    fn of(file: &FileFacts) -> FileIndex {
        let mut types = FxHashMap::default();
        for (i, d) in file.definitions.iter().enumerate() {
            if d.kind.is_type_like() && d.kind != Kind::Scope {
                types.entry(d.qualified_name.clone()).or_insert(i);
            }
        }
        FileIndex {
            types,
            names: file.definitions.iter().map(|d| d.name.clone()).collect(),
            modules: file
                .definitions
                .iter()
                .filter(|d| d.kind == Kind::Module)
                .map(|d| (d.start_byte..d.end_byte, d.name.clone()))
                .collect(),
            globs: file
                .imports
                .iter()
                .filter(|i| i.wildcard)
                .map(|i| i.module.clone())
                .collect(),
        }
    }
}

/// A module looked up from a directory (or from nowhere, for absolute names).
type ModuleKey = (PathBuf, String);
/// A Go module: the directory of its `go.mod` and the module path it declares.
type GoModule = (PathBuf, String);

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
    /// The Rust library crates of the tree by name, read on first use.
    rust_crates: std::sync::OnceLock<FxHashMap<String, PathBuf>>,
    /// What lookups ask of a file's definitions again and again, by path.
    file_indexes: Memo<PathBuf, Arc<FileIndex>>,
    /// Member lookups already answered, by type, member name and kinds: the uses of a
    /// common name mostly go through a few receiver types, whose supertypes would
    /// otherwise be resolved again for every use.
    members: Memo<MemberKey, Lookup>,
    /// Imports already resolved, by file, position among its imports, and kinds.
    imports: Memo<ImportKey, Resolution>,
}

/// A file's facts as a key: by identity, which the key keeps alive, so that the same
/// address can never stand for another file.
#[derive(Clone)]
struct FactsKey(Arc<FileFacts>);

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
type ImportKey = (FactsKey, usize, u32);

/// `kinds` as a set of bits (none: any kind).
fn kind_mask(kinds: &[Kind]) -> u32 {
    kinds.iter().fold(0, |mask, &k| mask | 1 << (k as u32))
}

/// A member lookup: the type (its file and index), the member's name, the kinds asked.
type MemberKey = (PathBuf, usize, String, u32);

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
            rust_crates: std::sync::OnceLock::new(),
            file_indexes: Memo::new(),
            members: Memo::new(),
            imports: Memo::new(),
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

    fn dirs(&self) -> &DirIndex {
        self.dirs.get_or_init(|| DirIndex::of(self.source.files()))
    }

    pub fn source(&self) -> &'s dyn FactsSource {
        self.source
    }

    /// Loads the definitions of all `names` in one pass over the tree.
    pub fn prefetch<I: IntoIterator<Item = String>>(&self, names: I) {
        let mut missing: Vec<String> = names
            .into_iter()
            .filter(|n| is_word(n) && !self.by_name.contains(n.as_str()))
            .collect();
        missing.sort_unstable();
        missing.dedup();
        if missing.is_empty() {
            return;
        }
        let files = self.source.files_defining(&missing);
        let wanted: FxHashSet<&str> = missing.iter().map(String::as_str).collect();
        let mut found: FxHashMap<String, Vec<DefRef>> =
            missing.iter().map(|n| (n.clone(), Vec::new())).collect();
        for path in files {
            let Some(facts) = self.source.outline(&path) else {
                continue;
            };
            for (i, d) in facts.definitions.iter().enumerate() {
                if d.kind != Kind::Scope && wanted.contains(d.name.as_str()) {
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
    }

    /// Every repository definition named `name`.
    pub fn defs_named(&self, name: &str) -> Arc<[DefRef]> {
        if !is_word(name) {
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
            self.prefetch(wanted);
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
        self.resolve_within(file, r)
    }

    /// [`Resolver::resolve`] inside another resolution (the callee of a call whose
    /// result a member is looked up in), which counts the initialising calls followed.
    fn resolve_within(&self, file: &Arc<FileFacts>, r: &Reference) -> Resolution {
        // A resolution that rayon runs on a thread while another one waits there for
        // nested parallel work must not see (or be cut by) the other's chain.
        let _chain = SupertypeChain::fresh();
        let kinds = kinds_for(r.kind);
        if r.kind == RefKind::Import {
            return self.resolve_import_ref(file, r);
        }
        // A type, a supertype or an annotation names a type, never a value.
        let role = match r.kind {
            RefKind::TypeUse | RefKind::Inheritance | RefKind::Annotation => NameRole::Type,
            _ => NameRole::Value,
        };
        // `T` in `<T> T get(Class<T> c)`: a type parameter is a local name.
        if r.kind == RefKind::TypeUse
            && r.qualifier.is_none()
            && Self::is_type_parameter(file, r.enclosing, &r.name)
        {
            return Resolution::Local;
        }
        let found = match &r.qualifier {
            Some(q) => self.resolve_qualified(file, r, q, kinds),
            None => self.resolve_unqualified(file, r.enclosing, &r.name, kinds, role),
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
        // Among overloads, the one whose parameters fit the call's arguments; when
        // the arguments do not tell, the overloads as one (never a guessed one).
        match found {
            // A call no overload can take is to a namesake (an overload inherited from
            // a supertype, a Kotlin extension function): not to be guessed.
            Resolution::Definition(d)
                if r.arity
                    .is_some_and(|n| takes_no_call_of(&d, usize::from(n))) =>
            {
                Resolution::Unresolved
            }
            Resolution::Definition(d) if has_overloads(&d) => {
                match r.arity.and_then(|n| overload_for_arity(&d, usize::from(n))) {
                    Some(fit) => Resolution::Definition(fit),
                    None => Resolution::Overloads(first_overload(&d)),
                }
            }
            other => other,
        }
    }

    fn scoping(&self, file: &FileFacts) -> Scoping {
        scoping(file.language.name)
    }

    /// The enclosing definitions of `at`, innermost first.
    fn enclosing_chain(file: &FileFacts, at: Option<u32>) -> Vec<usize> {
        let mut chain = Vec::new();
        let mut cur = at.map(|i| i as usize);
        while let Some(i) = cur {
            if chain.len() > 256 {
                break;
            }
            chain.push(i);
            cur = file.definitions.get(i).and_then(|d| d.parent);
        }
        chain
    }

    /// Whether a definition enclosing `at` (itself included) declares a type
    /// parameter called `name`.
    fn is_type_parameter(file: &FileFacts, at: Option<u32>, name: &str) -> bool {
        Self::enclosing_chain(file, at)
            .into_iter()
            .any(|e| declares_type_parameter(&file.definitions[e], name))
    }

    fn enclosing_type(file: &FileFacts, at: Option<u32>) -> Option<usize> {
        Self::enclosing_chain(file, at)
            .into_iter()
            .find(|&i| {
                let k = file.definitions[i].kind;
                k.is_type_like() && k != Kind::Scope
            })
            .or_else(|| {
                // A Rust `impl T` block or a Go method: the type its scope names.
                Self::enclosing_chain(file, at)
                    .into_iter()
                    .find(|&i| file.definitions[i].kind == Kind::Scope)
            })
    }

    /// The type whose members `self`/`this` names at `at`: the enclosing type, or for
    /// a member written apart from its type (Rust's `impl` blocks), the type its
    /// qualified name is in, here or, when no other type has that name, elsewhere.
    fn enclosing_type_def(&self, file: &Arc<FileFacts>, at: Option<u32>) -> Option<DefRef> {
        if let Some(t) = Self::enclosing_type(file, at) {
            return Some(self.type_of_scope(file, t));
        }
        if !members_outside_types(file.language.name) {
            return None;
        }
        let member = Self::enclosing_chain(file, at)
            .into_iter()
            .map(|i| &file.definitions[i])
            .find(|d| !d.kind.is_type_like())?;
        let (ty, _) = member.qualified_name.rsplit_once('.')?;
        if let Some(found) = self.type_in_file(file, ty) {
            return Some(found);
        }
        self.only_type_named(ty)
    }

    /// The one type definition of the tree whose qualified name is `qualified`; `None`
    /// when there is none or several (namesakes in different modules).
    fn only_type_named(&self, qualified: &str) -> Option<DefRef> {
        let last = qualified.rsplit('.').next().unwrap_or(qualified);
        let types = self.defs_named(last);
        let mut named = types.iter().filter(|d| {
            let s = d.symbol();
            s.kind.is_type_like() && s.kind != Kind::Scope && s.qualified_name == qualified
        });
        match (named.next(), named.next()) {
            (Some(only), None) => Some(only.clone()),
            _ => None,
        }
    }

    /// The definitions of `file` named `name` at its top level (a method written apart
    /// from its type, in a Rust `impl` block, has no parent but is no bare name).
    fn file_level(file: &Arc<FileFacts>, name: &str, kinds: &[Kind]) -> Vec<DefRef> {
        DefRef::all_in(file, |d| {
            d.parent.is_none() && d.kind != Kind::Method && d.name == name && kind_ok(kinds, d.kind)
        })
    }

    /// A parameter, local or field visible at `at` named `name`.
    fn binding<'f>(
        file: &'f FileFacts,
        at: Option<u32>,
        name: &str,
    ) -> Option<&'f crate::facts::Binding> {
        let chain = Self::enclosing_chain(file, at);
        for scope in chain.iter().map(|&i| Some(i as u32)).chain([None]) {
            if let Some(b) = file
                .bindings
                .iter()
                .find(|b| b.scope == scope && b.name == name)
            {
                return Some(b);
            }
        }
        None
    }

    /// Whether JavaScript or TypeScript local `b` (of type `ty`) shares its name and
    /// scope with another one of another type: the locals of two callbacks of one
    /// function (`it(() => { const repo = a() })`, `it(() => { const repo = b() })`),
    /// which share its scope here, so which one a use reads is not known. A declared
    /// type and a value assigned later (`let ds: DataSource[]` then `ds = await
    /// open()`) are one local: its type is the declared one.
    fn bound_apart(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        b: &crate::facts::Binding,
        ty: &Resolution,
    ) -> bool {
        if !matches!(file.language.name, "javascript" | "typescript" | "tsx")
            || b.kind == BindingKind::Field
        {
            return false;
        }
        let typed = b.type_name.is_some();
        let same = |other: &Resolution| match (ty, other) {
            (Resolution::Definition(x), Resolution::Definition(y)) => {
                x.file.path == y.file.path && x.index == y.index
            }
            (Resolution::External(x), Resolution::External(y)) => x == y,
            _ => false,
        };
        file.bindings.iter().any(|o| {
            o.kind != BindingKind::Field
                && o.scope == b.scope
                && o.name == b.name
                && o.type_name.is_some() == typed
                && (typed
                    || o.initializer.is_some()
                    || o.copied_from.is_some()
                    || o.passed_to.is_some())
                && !o.written_alike(b)
                && !same(&self.type_as_bound(file, r, o))
        })
    }

    /// Whether a binding holds a value of the type its initialising call returns for
    /// as long as it is in scope: always where the language types it statically from
    /// that call (Java, Kotlin, TypeScript, Go); elsewhere only when nothing else in its
    /// scope binds the name again (`x = f()` then `x = g()` leaves no one type).
    fn keeps_its_initial_type(file: &FileFacts, b: &crate::facts::Binding) -> bool {
        matches!(
            file.language.name,
            "java" | "kotlin" | "typescript" | "tsx" | "go"
        ) || file
            .bindings
            .iter()
            .filter(|o| o.scope == b.scope && o.name == b.name)
            .count()
            == 1
    }

    /// The top-level definitions named `name` in the package of `file` (its declared
    /// package, or its directory, as the language scopes them).
    fn in_package(
        &self,
        file: &Arc<FileFacts>,
        sc: &Scoping,
        name: &str,
        kinds: &[Kind],
    ) -> Vec<DefRef> {
        match sc.package {
            PackageScope::Declared => match &file.package {
                Some(pkg) => self
                    .defs_named(name)
                    .iter()
                    .filter(|d| {
                        d.file.package.as_deref() == Some(pkg.as_str())
                            && d.symbol().parent.is_none()
                            && kind_ok(kinds, d.symbol().kind)
                    })
                    .cloned()
                    .collect(),
                None => Vec::new(),
            },
            PackageScope::Directory => {
                let dir = file_dir(file);
                self.defs_named(name)
                    .iter()
                    .filter(|d| {
                        file_dir(&d.file) == dir
                            && d.symbol().parent.is_none()
                            && kind_ok(kinds, d.symbol().kind)
                    })
                    .cloned()
                    .collect()
            }
            PackageScope::None => Vec::new(),
        }
    }

    fn resolve_unqualified(
        &self,
        file: &Arc<FileFacts>,
        at: Option<u32>,
        name: &str,
        kinds: &[Kind],
        role: NameRole,
    ) -> Resolution {
        let sc = self.scoping(file);
        // 1. Parameters and locals (values only: a type name is never a local).
        if role == NameRole::Value && Self::binding(file, at, name).is_some() {
            return Resolution::Local;
        }
        // 2. Enclosing definitions: nested definitions, then members of enclosing types.
        //    A member a type may inherit from a library type is only a possibility
        //    until the file's other scopes have been searched.
        let mut inherited: Option<Option<String>> = None;
        for e in Self::enclosing_chain(file, at) {
            let ek = file.definitions[e].kind;
            // Without an implicit `this` (Python, JavaScript), a class's members are
            // not visible by their bare names inside it.
            if !sc.implicit_this && ek.is_type_like() {
                continue;
            }
            let found: Vec<DefRef> = DefRef::all_in(file, |d| {
                d.parent == Some(e) && d.name == name && kind_ok(kinds, d.kind)
            });
            if let Some(d) = pick(found) {
                return Resolution::Definition(d);
            }
            if sc.implicit_this && ek.is_type_like() {
                let ty = DefRef {
                    file: file.clone(),
                    index: e,
                };
                match self.member_of(&ty, name, kinds) {
                    Lookup::Found(d) => return Resolution::Definition(d),
                    Lookup::External(m) if role != NameRole::TypeOnly => {
                        inherited.get_or_insert(m);
                    }
                    Lookup::External(_) | Lookup::Ambiguous | Lookup::NotFound => {}
                }
            }
        }
        // 3. The file's own top-level definitions.
        if let Some(d) = pick(Self::file_level(file, name, kinds)) {
            return Resolution::Definition(d);
        }
        // 4. Explicit imports of the name.
        if let Some(imp) = file
            .imports
            .iter()
            .find(|i| !i.wildcard && i.bound_name() == Some(name))
        {
            return self.resolve_import(file, imp, kinds);
        }
        // The language's own names, unless the file or its imports define them (a
        // same-package class shadowing one is too rare to pay a lookup for).
        if sc.builtins.contains(&name) {
            return Resolution::External(Some(sc.builtin_module.to_string()));
        }
        // A member of the enclosing type that none of its repository types defines:
        // inherited from the library type it extends. A type is looked for in the
        // file's package and wildcard imports first: a library type seldom declares a
        // nested type, while classes that extend one use the types of their package
        // all the time.
        if role == NameRole::Value {
            if let Some(m) = inherited.take() {
                // Unless it constructs a class of the file's package (`new Item(..)`).
                let types: Vec<DefRef> = self
                    .in_package(file, &sc, name, kinds)
                    .into_iter()
                    .filter(|d| d.symbol().kind.is_type_like())
                    .collect();
                return match pick(types) {
                    Some(d) => Resolution::Definition(d),
                    None => Resolution::External(m),
                };
            }
        }
        // 5. The file's own package.
        if let Some(d) = pick(self.in_package(file, &sc, name, kinds)) {
            return Resolution::Definition(d);
        }
        // 6. Wildcard imports.
        let mut external_wildcards: Vec<String> = Vec::new();
        for imp in file.imports.iter().filter(|i| i.wildcard) {
            match self.module_target(file, imp) {
                ModuleTarget::External(m) => external_wildcards.push(m),
                target => {
                    if let Resolution::Definition(d) = self.module_member(&target, name, kinds) {
                        return Resolution::Definition(d);
                    }
                }
            }
        }
        if let Some(m) = inherited {
            return Resolution::External(m);
        }
        // Where every name a file uses must be imported or defined in it (Python,
        // JavaScript, Rust), a name none of its scopes binds is a global of the
        // runtime or a binding the syntax hides: nothing in other files can tell which.
        if sc.package == PackageScope::None && !sc.global_names {
            return match external_wildcards.as_slice() {
                [only] if file.imports.iter().filter(|i| i.wildcard).count() == 1 => {
                    Resolution::External(Some(only.clone()))
                }
                _ => Resolution::Unresolved,
            };
        }
        let everywhere: Vec<DefRef> = self
            .defs_named(name)
            .iter()
            .filter(|d| kind_ok(kinds, d.symbol().kind))
            .cloned()
            .collect();
        // 7. One global namespace: a name with one definition is that definition,
        //    preferably one in a file this file includes.
        if sc.global_names && !everywhere.is_empty() {
            let included: Vec<DefRef> = everywhere
                .iter()
                .filter(|d| self.is_included(file, &d.file))
                .cloned()
                .collect();
            if let Some(d) = pick(included) {
                return Resolution::Definition(d);
            }
            if let Some(d) = pick(everywhere) {
                return Resolution::Definition(d);
            }
            return Resolution::Unresolved;
        }
        // 8. Nothing in the repository defines it: it comes from outside, unless the
        //    file includes repository files this run does not see (filtered out).
        if everywhere.is_empty() && !self.includes_unseen_files(file) {
            return Resolution::External(match external_wildcards.as_slice() {
                [only] => Some(only.clone()),
                _ => None,
            });
        }
        Resolution::Unresolved
    }

    fn resolve_qualified(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        q: &str,
        kinds: &[Kind],
    ) -> Resolution {
        let name = r.name.as_str();
        let sc = self.scoping(file);
        let rust = file.language.name == "rust";
        // A leading `::` only says "from the top" (C++), except in Rust, where it names
        // a crate.
        let q = q.trim();
        let q = if rust { q } else { q.trim_start_matches("::") };
        // `((Collection<?>) object).isEmpty()`: the cast names the receiver's type.
        if let Some(found) =
            cast_type(q).and_then(|ty| self.member_of_written(file, r, ty, name, kinds))
        {
            return found;
        }
        // Rust's `f()?.g()`: `?` takes the value out of a `Result` or an `Option`, a
        // type the written return type only holds as an argument.
        if rust && q.ends_with('?') {
            return Resolution::Unresolved;
        }
        // `super::spawn::spawn_inner()`, `crate::runtime::Handle::current()`.
        if rust
            && (q == "super"
                || q == "crate"
                || (q.contains("::")
                    && q.split("::")
                        .enumerate()
                        .all(|(i, s)| (i == 0 && s.is_empty()) || is_word(s.trim()))))
        {
            return self.member_of_rust_path(file, r.start_byte as usize, q, name, kinds);
        }
        // `this.f()`, `self.f()`: the enclosing type.
        if sc.self_names.contains(&q) {
            let member = match self.enclosing_type_def(file, r.enclosing) {
                Some(ty) => self.member_of(&ty, name, kinds),
                None => Lookup::NotFound,
            };
            // Rust's `self::f` (this module's `f`) reads here as `self.f` does: a
            // member and an item of the file of that name leave it undecided.
            if rust && q == "self" {
                return match (member, pick(Self::file_level(file, name, kinds))) {
                    (Lookup::NotFound, Some(item)) => Resolution::Definition(item),
                    (member, None) => self.lookup_result(member),
                    _ => Resolution::Unresolved,
                };
            }
            return self.lookup_result(member);
        }
        if sc.super_names.contains(&q) {
            let Some(ty) = self.enclosing_type_def(file, r.enclosing) else {
                return Resolution::Unresolved;
            };
            return self.lookup_result(self.in_supertypes(
                &ty,
                name,
                kinds,
                0,
                &mut HashSet::new(),
            ));
        }
        // `this.items.add()`, `other.items.add()`, `w.buf.out.Flush()`: a member of
        // the type of a field of the enclosing type or of a typed binding. Null-safety
        // marks (`a?.b`, `a!.b`, Kotlin's `a!!.b`) change nothing of the types.
        let unmarked;
        let q = if null_marks(file.language.name) && q.contains(['!', '?']) {
            unmarked = q.replace(['!', '?'], "");
            unmarked.as_str()
        } else {
            q
        };
        if let Some(ty) = self.field_path_type(file, r, q) {
            return self.member_of_value(ty, name, kinds);
        }
        if is_word(q) {
            // A parameter, local or field with a known type, or one given the result
            // of a call.
            if let Some(b) = Self::binding(file, r.enclosing, q) {
                return self.member_of_value(self.type_of_binding(file, r, b), name, kinds);
            }
            // An imported module, or an imported type.
            if let Some(imp) = file
                .imports
                .iter()
                .find(|i| !i.wildcard && i.bound_name() == Some(q))
            {
                return self.member_of_import(file, imp, name, kinds);
            }
            if let Some(imp) = file
                .imports
                .iter()
                .find(|i| i.wildcard && i.alias.as_deref() == Some(q))
            {
                let target = self.module_target(file, imp);
                if let ModuleTarget::External(m) = target {
                    return Resolution::External(Some(m));
                }
                return self.module_member(&target, name, kinds);
            }
            // A class name: a static member.
            return match self.resolve_unqualified(
                file,
                r.enclosing,
                q,
                TYPE_KINDS,
                NameRole::TypeOnly,
            ) {
                Resolution::Definition(ty) => self.lookup_result(self.member_of(&ty, name, kinds)),
                Resolution::External(m) => Resolution::External(m),
                _ => Resolution::Unresolved,
            };
        }
        // `Foo().bar()`, `new Foo().bar()`: a member of the class just constructed.
        if let Some(found) =
            constructed_class(q).and_then(|ty| self.member_of_written(file, r, ty, name, kinds))
        {
            return found;
        }
        // `getBeanFactory().getBean()`, `context.getParent().getBean()`: a member of
        // the type the called method declares it returns.
        if let Some(call) = receiver_call(q) {
            return self.member_of_call_result(file, r, &call, name, kinds);
        }
        // `a.b.c.f()`: an imported module path, or a package-qualified type. (Rust's
        // paths are written with `::`: its `a.b` is always a value's field.)
        if !rust && q.split('.').all(is_word) {
            if let Some(imp) = file
                .imports
                .iter()
                .find(|i| i.name.is_none() && i.alias.is_none() && i.module == q)
            {
                return self.member_of_import(file, imp, name, kinds);
            }
            let first = q.split('.').next().unwrap_or(q);
            // `os.path.join`: a submodule of an imported module.
            if let Some(imp) = file
                .imports
                .iter()
                .find(|i| i.name.is_none() && !i.wildcard && i.bound_name() == Some(first))
            {
                let rest = &q[first.len()..];
                let sub = Import {
                    module: format!("{}{rest}", imp.module),
                    alias: None,
                    ..imp.clone()
                };
                return self.member_of_import(file, &sub, name, kinds);
            }
            // `Map.Entry::getValue`: a member of a library type's nested type.
            if first.chars().next().is_some_and(char::is_uppercase)
                && Self::binding(file, r.enclosing, first).is_none()
            {
                if let Resolution::External(m) = self.resolve_unqualified(
                    file,
                    r.enclosing,
                    first,
                    TYPE_KINDS,
                    NameRole::TypeOnly,
                ) {
                    return Resolution::External(m);
                }
            }
            if let Some((pkg, ty)) = q.rsplit_once('.') {
                let lower = first.chars().next().is_some_and(char::is_lowercase);
                if lower
                    && Self::binding(file, r.enclosing, first).is_none()
                    && !file.imports.iter().any(|i| i.bound_name() == Some(first))
                {
                    return self.member_of_type_name(file, r.enclosing, ty, Some(pkg), name, kinds);
                }
            }
        }
        Resolution::Unresolved
    }

    /// The type of the value at field path `q` (`this.a.b`, `other.items`) where `r`
    /// stands: the fields' declared types from the enclosing type or from a typed
    /// binding on. `None` when `q` is no such path, or starts at a name whose fields'
    /// types the language leaves to what its methods assign (Python's `other.x`).
    fn field_path_type(&self, file: &Arc<FileFacts>, r: &Reference, q: &str) -> Option<Resolution> {
        let (head, fields) = q.split_once('.')?;
        if !is_word(head) || !fields.split('.').all(is_word) {
            return None;
        }
        let owner = if self.scoping(file).self_names.contains(&head) {
            match self.enclosing_type_def(file, r.enclosing) {
                Some(ty) => Resolution::Definition(ty),
                None => Resolution::Unresolved,
            }
        } else if declares_field_types(file.language.name) {
            let b = Self::binding(file, r.enclosing, head)?;
            self.type_of_binding(file, r, b)
        } else {
            // Elsewhere a field's type is read from what the methods assign to it,
            // which only a whole read of its type's file shows.
            return None;
        };
        Some(
            fields
                .split('.')
                .fold(owner, |ty, field| self.field_type(ty, field)),
        )
    }

    /// `name` as a member of what `call` (the receiver of `r`) returns.
    fn member_of_call_result(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        call: &ReceiverCall<'_>,
        name: &str,
        kinds: &[Kind],
    ) -> Resolution {
        self.member_of_value(self.type_of_call_result(file, r, call), name, kinds)
    }

    /// The type of the value a binding visible where `r` stands holds: the type it
    /// is declared with, or the one the call that initialises it returns.
    fn type_of_binding(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        b: &crate::facts::Binding,
    ) -> Resolution {
        let ty = self.type_as_bound(file, r, b);
        if self.bound_apart(file, r, b, &ty) {
            return Resolution::Unresolved;
        }
        ty
    }

    /// [`Resolver::type_of_binding`] as `b` alone gives it.
    fn type_as_bound(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        b: &crate::facts::Binding,
    ) -> Resolution {
        if let Some(t) = &b.type_name {
            return self.resolve_value_type(file, r.enclosing, t, b.type_qualifier.as_deref());
        }
        let Some(_depth) = InitializerDepth::enter() else {
            return Resolution::Unresolved;
        };
        if let Some(site) = &b.passed_to {
            return self.type_of_callback_parameter(file, r, site);
        }
        if !Self::keeps_its_initial_type(file, b) {
            return Resolution::Unresolved;
        }
        match (&b.initializer, &b.copied_from) {
            (Some(init), _) => self.type_of_call_result(file, r, &ReceiverCall::from(init)),
            (None, Some(path)) => self
                .field_path_type(file, r, path)
                .unwrap_or(Resolution::Unresolved),
            (None, None) => Resolution::Unresolved,
        }
    }

    /// The type of an untyped callback parameter at `site`: the one the callee (one
    /// repository definition, its overload told by the call's arguments) declares for
    /// that parameter of the function it takes there.
    fn type_of_callback_parameter(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        site: &CallbackSite,
    ) -> Resolution {
        let Some(method) = self.callee(file, r, &ReceiverCall::from(&site.call)) else {
            return Resolution::Unresolved;
        };
        let argument = usize::from(site.argument);
        let parameter = usize::from(site.parameter);
        match callback_parameter_type(method.symbol(), argument, parameter) {
            Some(written) => self.type_written_in(&method, written),
            None => Resolution::Unresolved,
        }
    }

    /// The type of field `field` of a value of type `owner`, as its declaration in
    /// the owner's body writes it, or, when the body declares no such field, the body
    /// of the nearest repository supertype that does (a subclass has its superclass's
    /// fields). Unresolved for a library type (its fields are not seen), a field
    /// declared nowhere the repository shows (embedded, or assigned elsewhere), an
    /// untyped one, one given values of different types, and one typed by a type
    /// parameter.
    fn field_type(&self, owner: Resolution, field: &str) -> Resolution {
        let Resolution::Definition(t) = owner else {
            return Resolution::Unresolved;
        };
        self.declared_field_type(&t, field, 0)
            .unwrap_or(Resolution::Unresolved)
    }

    /// [`Resolver::field_type`] in `t`, `depth` supertypes below the owner: `None`
    /// when neither `t` nor its supertypes declare the field.
    fn declared_field_type(&self, t: &DefRef, field: &str, depth: usize) -> Option<Resolution> {
        if depth > MAX_SUPER_DEPTH || !t.symbol().kind.is_type_like() {
            return None;
        }
        let at = u32::try_from(t.index).ok();
        let mut fields = t
            .file
            .bindings
            .iter()
            .filter(|b| b.kind == BindingKind::Field && b.scope == at && b.name == field)
            .peekable();
        if fields.peek().is_none() {
            return self.supertypes(t).into_iter().find_map(|sup| match sup {
                Resolution::Definition(s) => self.declared_field_type(&s, field, depth + 1),
                _ => None,
            });
        }
        let mut declared =
            fields.filter_map(|b| Some((b.type_name.as_deref()?, b.type_qualifier.as_deref())));
        let Some((ty, tq)) = declared.next() else {
            return Some(Resolution::Unresolved);
        };
        // Python's `self.x = A()` here and `self.x = B()` there: no one type.
        if !declares_field_types(t.file.language.name) && declared.any(|other| other != (ty, tq)) {
            return Some(Resolution::Unresolved);
        }
        Some(self.resolve_declared_type(&t.file, at, ty, tq))
    }

    /// A type a definition's declaration writes (a field's, a method's return type),
    /// resolved where it is written; unresolved when it is one of the type parameters
    /// declared there (`<E> E first()`, the `V` of `Box<V>`), which stand for whatever
    /// a use supplies.
    fn resolve_declared_type(
        &self,
        file: &Arc<FileFacts>,
        at: Option<u32>,
        ty: &str,
        qualifier: Option<&str>,
    ) -> Resolution {
        if qualifier.is_none() && Self::is_type_parameter(file, at, ty) {
            return Resolution::Unresolved;
        }
        self.resolve_value_type(file, at, ty, qualifier)
    }

    /// A value's type, as far as its members go: a Rust smart pointer or guard of the
    /// standard library (`Arc<Inner>`) has its own few methods and those of the value
    /// it points to, which the written type's name alone does not tell, so it gives
    /// none; nor does TypeScript's `any`.
    fn resolve_value_type(
        &self,
        file: &Arc<FileFacts>,
        at: Option<u32>,
        ty: &str,
        qualifier: Option<&str>,
    ) -> Resolution {
        // TypeScript's `any` lets a value be anything: its members are nobody's in
        // particular, neither a library's nor the repository's.
        if ty == "any" && qualifier.is_none() && matches!(file.language.name, "typescript" | "tsx")
        {
            return Resolution::Unresolved;
        }
        let found = self.resolve_type_name(file, at, ty, qualifier);
        if file.language.name == "rust"
            && RUST_DEREF_WRAPPERS.contains(&ty)
            && !matches!(found, Resolution::Definition(_))
        {
            return Resolution::Unresolved;
        }
        found
    }

    /// The type of what `call` (the receiver of `r`) returns: the type its callee
    /// declares, read in the callee's own file. Unresolved when the callee is not one
    /// repository definition or declares no definite type.
    fn type_of_call_result(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        call: &ReceiverCall<'_>,
    ) -> Resolution {
        let Some(method) = self.callee(file, r, call) else {
            return Resolution::Unresolved;
        };
        // A type called (`Celsius(x)` in Go, a class in Python or Kotlin) gives a value
        // of that type.
        if method.symbol().kind.is_type_like() {
            return Resolution::Definition(method);
        }
        match declared_return(method.symbol()) {
            Some(Returned::Type(written)) => self.type_written_in(&method, written),
            Some(Returned::OwnType) => self
                .enclosing_type_def(&method.file, u32::try_from(method.index).ok())
                .map_or(Resolution::Unresolved, Resolution::Definition),
            None => Resolution::Unresolved,
        }
    }

    /// The one repository definition `call`, written where `r` stands, calls.
    fn callee(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        call: &ReceiverCall<'_>,
    ) -> Option<DefRef> {
        let callee = Reference {
            name: call.name.to_string(),
            qualifier: call.qualifier.map(str::to_string),
            kind: RefKind::Call,
            arity: call.arity,
            ..r.clone()
        };
        match self.resolve_within(file, &callee) {
            Resolution::Definition(method) => Some(method),
            _ => None,
        }
    }

    /// A type `written` in the header of `method` (what it returns, what a callback it
    /// takes receives), resolved there.
    fn type_written_in(&self, method: &DefRef, written: &str) -> Resolution {
        let (tq, tn) = crate::facts::split_type(written);
        let Some(tn) = tn else {
            return Resolution::Unresolved;
        };
        let at = u32::try_from(method.index).ok();
        self.resolve_declared_type(&method.file, at, &tn, tq.as_deref())
    }

    /// Rust `impl T` and similar scopes stand for the type they name.
    fn type_of_scope(&self, file: &Arc<FileFacts>, t: usize) -> DefRef {
        let d = &file.definitions[t];
        if d.kind == Kind::Scope {
            if let Some(real) = self.type_in_file(file, &d.qualified_name) {
                return real;
            }
        }
        DefRef {
            file: file.clone(),
            index: t,
        }
    }

    fn lookup_result(&self, l: Lookup) -> Resolution {
        match l {
            Lookup::Found(d) => Resolution::Definition(d),
            Lookup::External(m) => Resolution::External(m),
            Lookup::Ambiguous | Lookup::NotFound => Resolution::Unresolved,
        }
    }

    /// [`Resolver::member_of_type_name`] for a type as written where `r` stands (`Map`,
    /// `java.util.Map<K, V>`); `None` when it names no type.
    fn member_of_written(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        written: &str,
        name: &str,
        kinds: &[Kind],
    ) -> Option<Resolution> {
        let (tq, tn) = crate::facts::split_type(written);
        Some(self.member_of_type_name(file, r.enclosing, &tn?, tq.as_deref(), name, kinds))
    }

    /// `name` as a member of a value of the type called `ty` as written in `file` at
    /// `at` (with its qualifier): a repository type's member, external for a library
    /// type, and unresolved for anything else the name may stand for.
    fn member_of_type_name(
        &self,
        file: &Arc<FileFacts>,
        at: Option<u32>,
        ty: &str,
        qualifier: Option<&str>,
        name: &str,
        kinds: &[Kind],
    ) -> Resolution {
        self.member_of_value(self.resolve_type_name(file, at, ty, qualifier), name, kinds)
    }

    /// `name` as a member of a value of type `ty` (a type resolved): a repository
    /// type's member, external for a library type, and unresolved otherwise.
    fn member_of_value(&self, ty: Resolution, name: &str, kinds: &[Kind]) -> Resolution {
        match ty {
            Resolution::Definition(t) if t.symbol().kind.is_type_like() => {
                self.lookup_result(self.member_of(&t, name, kinds))
            }
            Resolution::External(m) => Resolution::External(m),
            _ => Resolution::Unresolved,
        }
    }

    /// A type name as written in `file` (with the qualifier written before it).
    fn resolve_type_name(
        &self,
        file: &Arc<FileFacts>,
        at: Option<u32>,
        ty: &str,
        qualifier: Option<&str>,
    ) -> Resolution {
        let Some(q) = qualifier.filter(|q| !q.is_empty()) else {
            return self.resolve_unqualified(file, at, ty, TYPE_KINDS, NameRole::TypeOnly);
        };
        // Rust's `super::Inner`, `crate::runtime::Handle`, `io::Error`: a module path,
        // read where the definition that writes it stands (its inline module).
        if file.language.name == "rust" {
            let written_at = at
                .and_then(|i| file.definitions.get(i as usize))
                .map_or(0, |d| d.start_byte);
            return self.member_of_rust_path(file, written_at, q, ty, TYPE_KINDS);
        }
        // `pkg.T` where `pkg` is an import (Go, Python modules).
        if let Some(imp) = file
            .imports
            .iter()
            .find(|i| !i.wildcard && i.bound_name() == Some(q))
        {
            return self.member_of_import(file, imp, ty, TYPE_KINDS);
        }
        // A package-qualified type (`java.util.Map`).
        let sc = self.scoping(file);
        if sc.package == PackageScope::Declared {
            return self.type_in_package(q, ty);
        }
        Resolution::Unresolved
    }

    fn type_in_package(&self, pkg: &str, ty: &str) -> Resolution {
        let found: Vec<DefRef> = self
            .defs_named(ty)
            .iter()
            .filter(|d| {
                let s = d.symbol();
                s.kind.is_type_like() && full_name_is(d, pkg, ty)
            })
            .cloned()
            .collect();
        if let Some(d) = pick(found) {
            return Resolution::Definition(d);
        }
        if self.package_in_repo(pkg) {
            Resolution::Unresolved
        } else {
            Resolution::External(Some(pkg.to_string()))
        }
    }

    /// Whether any directory of the tree ends with the package's path.
    fn package_in_repo(&self, pkg: &str) -> bool {
        self.dirs().with_tail(&pkg.replace('.', "/")).is_some()
    }

    /// `name` as a member of what `imp` binds (a module, or a type).
    fn member_of_import(
        &self,
        file: &Arc<FileFacts>,
        imp: &Import,
        name: &str,
        kinds: &[Kind],
    ) -> Resolution {
        if imp.name.as_deref() == Some("default") {
            // A default export: whatever it is, its members are not visible here.
            return match self.module_target(file, imp) {
                ModuleTarget::External(m) => Resolution::External(Some(m)),
                _ => Resolution::Unresolved,
            };
        }
        if imp.name.is_none() {
            // A whole module.
            let target = self.module_target(file, imp);
            if let ModuleTarget::External(m) = target {
                return Resolution::External(Some(m));
            }
            return self.module_member(&target, name, kinds);
        }
        match self.resolve_import(file, imp, &[]) {
            Resolution::Definition(d) if d.symbol().kind.is_type_like() => {
                self.lookup_result(self.member_of(&d, name, kinds))
            }
            Resolution::External(m) => Resolution::External(m),
            _ => {
                // Python `from pkg import module`, Rust `use crate::util::trace`: the
                // name is a submodule.
                let separator = match file.language.name {
                    "rust" => "::",
                    _ if imp.module.ends_with('.') => "",
                    _ => ".",
                };
                let sub = Import {
                    module: format!(
                        "{}{separator}{}",
                        imp.module,
                        imp.name.as_deref().unwrap_or_default()
                    ),
                    name: None,
                    ..imp.clone()
                };
                match self.module_target(file, &sub) {
                    target @ ModuleTarget::Files(_) => {
                        pick(self.top_level_in(&target, name, kinds))
                            .map_or(Resolution::Unresolved, Resolution::Definition)
                    }
                    _ => Resolution::Unresolved,
                }
            }
        }
    }

    fn resolve_import_ref(&self, file: &Arc<FileFacts>, r: &Reference) -> Resolution {
        let imp = file
            .imports
            .iter()
            .find(|i| i.start_byte == r.start_byte)
            .or_else(|| file.imports.iter().find(|i| i.line == r.line));
        match imp {
            Some(imp) if imp.name.is_some() => self.resolve_import(file, imp, &[]),
            Some(imp) => match self.module_target(file, imp) {
                ModuleTarget::External(m) => Resolution::External(Some(m)),
                _ => Resolution::Unresolved,
            },
            None => Resolution::Unresolved,
        }
    }

    /// [`Resolver::import_target`], answered once per import and kinds: the uses in a
    /// file mostly go through a few imported types (an answer a dry run gave without
    /// a name it has not loaded, or that met a cut chain, is not kept).
    fn resolve_import(&self, file: &Arc<FileFacts>, imp: &Import, kinds: &[Kind]) -> Resolution {
        let Some(at) = file.imports.iter().position(|i| std::ptr::eq(i, imp)) else {
            return self.import_target(file, imp, kinds);
        };
        let key: ImportKey = (FactsKey(file.clone()), at, kind_mask(kinds));
        kept_if_complete(&self.imports, key, || self.import_target(file, imp, kinds))
    }

    /// The definition an import of a name brings in (or the module of one that names
    /// none), of `kinds`.
    fn import_target(&self, file: &Arc<FileFacts>, imp: &Import, kinds: &[Kind]) -> Resolution {
        let Some(name) = imp.name.as_deref() else {
            return match self.module_target(file, imp) {
                ModuleTarget::External(m) => Resolution::External(Some(m)),
                _ => Resolution::Unresolved,
            };
        };
        if imp.is_static {
            // `import static a.b.C.m`: member `m` of type `a.b.C`.
            let (pkg, ty) = imp
                .module
                .rsplit_once('.')
                .unwrap_or(("", imp.module.as_str()));
            return match self.type_in_package(pkg, ty) {
                Resolution::Definition(t) => self.lookup_result(self.member_of(&t, name, kinds)),
                other => other,
            };
        }
        let target = self.module_target(file, imp);
        match &target {
            ModuleTarget::External(m) => Resolution::External(Some(m.clone())),
            ModuleTarget::Package(pkg) => {
                let found: Vec<DefRef> = self
                    .defs_named(name)
                    .iter()
                    .filter(|d| kind_ok(kinds, d.symbol().kind) && full_name_is(d, pkg, name))
                    .cloned()
                    .collect();
                match pick(found) {
                    Some(d) => Resolution::Definition(d),
                    None if self.package_in_repo(pkg) => Resolution::Unresolved,
                    None => Resolution::External(Some(pkg.clone())),
                }
            }
            ModuleTarget::Files(_) => self.module_member(&target, name, kinds),
            ModuleTarget::Unknown => Resolution::Unresolved,
        }
    }

    /// `name` defined at the top of a module, or re-exported by it (`from .user
    /// import User` in a package's `__init__.py`), a few re-exports deep.
    fn module_member(&self, target: &ModuleTarget, name: &str, kinds: &[Kind]) -> Resolution {
        self.module_member_within(target, name, kinds, 0, &mut HashSet::new())
    }

    /// [`Resolver::module_member`], following what the module passes on from others
    /// (`from .m import X`, `export { X } from "./m"`, `export * from "./m"`, Python's
    /// `from .m import *`), looking in each module file for each name once (`seen`).
    fn module_member_within(
        &self,
        target: &ModuleTarget,
        name: &str,
        kinds: &[Kind],
        depth: usize,
        seen: &mut HashSet<(PathBuf, String)>,
    ) -> Resolution {
        if let Some(d) = pick(self.top_level_in(target, name, kinds)) {
            return Resolution::Definition(d);
        }
        let ModuleTarget::Files(files) = target else {
            return Resolution::Unresolved;
        };
        if depth >= 3 {
            return Resolution::Unresolved;
        }
        for f in files {
            if !seen.insert((f.clone(), name.to_string())) {
                continue;
            }
            let Some(facts) = self.source.outline(f) else {
                continue;
            };
            let named = facts
                .imports
                .iter()
                .filter(|i| !i.wildcard && i.name.is_some() && i.bound_name() == Some(name));
            // A wildcard import without a name of its own passes every name on, where
            // the language makes the imported names the module's own.
            let passes_all = matches!(
                facts.language.name,
                "python" | "javascript" | "typescript" | "tsx"
            );
            let everything = facts
                .imports
                .iter()
                .filter(|i| passes_all && i.wildcard && i.alias.is_none());
            for imp in named.chain(everything) {
                let inner = imp.name.as_deref().unwrap_or(name);
                let next = self.module_target(&facts, imp);
                if let Resolution::Definition(d) =
                    self.module_member_within(&next, inner, kinds, depth + 1, seen)
                {
                    return Resolution::Definition(d);
                }
            }
        }
        Resolution::Unresolved
    }

    /// Top-level definitions named `name` in a module.
    fn top_level_in(&self, target: &ModuleTarget, name: &str, kinds: &[Kind]) -> Vec<DefRef> {
        match target {
            ModuleTarget::Files(files) => {
                let mut out = Vec::new();
                for f in files {
                    let Some(facts) = self.source.outline(f) else {
                        continue;
                    };
                    // A Rust item in an inline `mod` is reached through that module's
                    // name, not the file's.
                    let rust = facts.language.name == "rust";
                    for (i, d) in facts.definitions.iter().enumerate() {
                        let top = match d.parent {
                            // A member of a Rust `impl` block is no top-level name.
                            None => !rust || d.qualified_name == d.name,
                            Some(p) => {
                                !rust
                                    && facts.definitions.get(p).is_some_and(|p| {
                                        p.kind == Kind::Namespace || p.kind == Kind::Module
                                    })
                            }
                        };
                        if top && d.name == name && kind_ok(kinds, d.kind) {
                            out.push(DefRef {
                                file: facts.clone(),
                                index: i,
                            });
                        }
                    }
                }
                out
            }
            ModuleTarget::Package(pkg) => self
                .defs_named(name)
                .iter()
                .filter(|d| {
                    kind_ok(kinds, d.symbol().kind)
                        && d.file.package.as_deref() == Some(pkg.as_str())
                        && d.symbol().parent.is_none()
                })
                .cloned()
                .collect(),
            ModuleTarget::External(_) | ModuleTarget::Unknown => Vec::new(),
        }
    }

    /// [`Resolver::member`] from the top, answered once per type, name and kinds (an
    /// answer a dry run gave without a name it has not loaded is not kept).
    fn member_of(&self, ty: &DefRef, name: &str, kinds: &[Kind]) -> Lookup {
        let key: MemberKey = (
            ty.file.path.clone(),
            ty.index,
            name.to_string(),
            kind_mask(kinds),
        );
        kept_if_complete(&self.members, key, || {
            self.member(ty, name, kinds, 0, &mut HashSet::new())
        })
    }

    /// `name` as a member of type `ty` or of its supertypes.
    fn member(
        &self,
        ty: &DefRef,
        name: &str,
        kinds: &[Kind],
        depth: usize,
        seen: &mut HashSet<String>,
    ) -> Lookup {
        if depth > MAX_SUPER_DEPTH || !seen.insert(ty.symbol().id.clone()) {
            return Lookup::NotFound;
        }
        let t = ty.symbol();
        // A class called as a function or constructed: the class itself.
        let mut found: Vec<DefRef> = DefRef::all_in(&ty.file, |d| {
            d.name == name
                && kind_ok(kinds, d.kind)
                && (d.parent == Some(ty.index)
                    || ty
                        .file
                        .definitions
                        .get(d.parent.unwrap_or(usize::MAX))
                        .is_some_and(|p| {
                            p.kind == Kind::Scope && p.qualified_name == t.qualified_name
                        }))
        });
        if found.is_empty() && members_outside_types(ty.file.language.name) {
            // Members defined outside the type's body: Go methods, Rust `impl` blocks in
            // other files, C++ `A::f` definitions.
            let qualified = format!("{}.{name}", t.qualified_name);
            found = self
                .defs_named(name)
                .iter()
                .filter(|d| {
                    kind_ok(kinds, d.symbol().kind)
                        && d.symbol().qualified_name == qualified
                        && same_package(&d.file, &ty.file)
                })
                .cloned()
                .collect();
            // Where packages do not tell namesake types apart (a Rust crate's modules),
            // members in another file are the type's only when no other type has its
            // name; those in its own file are its own.
            if scoping(ty.file.language.name).package == PackageScope::None {
                let own = |d: &DefRef| d.file.path == ty.file.path;
                if found.iter().any(own) {
                    found.retain(own);
                } else if self.only_type_named(&t.qualified_name).is_none() {
                    found.clear();
                }
            }
        }
        match pick_lookup(found) {
            Lookup::NotFound => self.in_supertypes(ty, name, kinds, depth, seen),
            other => other,
        }
    }

    fn in_supertypes(
        &self,
        ty: &DefRef,
        name: &str,
        kinds: &[Kind],
        depth: usize,
        seen: &mut HashSet<String>,
    ) -> Lookup {
        let mut external: Option<Option<String>> = None;
        let mut unknown = false;
        for sup in self.supertypes(ty) {
            match sup {
                Resolution::Definition(s) => match self.member(&s, name, kinds, depth + 1, seen) {
                    Lookup::Found(d) => return Lookup::Found(d),
                    Lookup::External(m) => external = Some(m),
                    Lookup::Ambiguous => return Lookup::Ambiguous,
                    Lookup::NotFound => {}
                },
                Resolution::External(m) => external = Some(m),
                // A method's overloads are never a supertype.
                Resolution::Local | Resolution::Unresolved | Resolution::Overloads(_) => {
                    unknown = true
                }
            }
        }
        match external {
            // Inherited from a library type.
            Some(m) if !unknown => Lookup::External(m),
            _ => Lookup::NotFound,
        }
    }

    /// The resolved supertypes of a type.
    fn supertypes(&self, ty: &DefRef) -> Vec<Resolution> {
        let file = &ty.file;
        let t = ty.symbol();
        // Resolving a supertype's name can need the members of an enclosing type, and
        // so its supertypes: a chain that comes back to a type already being resolved
        // on this thread (or grows past any real hierarchy) is cut, and the supertype
        // counts as unknown.
        let Some(_open) = SupertypeChain::enter((Arc::as_ptr(file) as usize, ty.index)) else {
            SUPERTYPE_CUTS.set(SUPERTYPE_CUTS.get() + 1);
            return vec![Resolution::Unresolved];
        };
        file.references
            .iter()
            .filter(|r| {
                r.kind == RefKind::Inheritance
                    && r.enclosing == Some(ty.index as u32)
                    && (r.start_byte as usize) < t.end_byte
            })
            .map(|r| match &r.qualifier {
                Some(q) => self.resolve_type_name(file, Some(ty.index as u32), &r.name, Some(q)),
                None => self.resolve_unqualified(
                    file,
                    t.parent.map(|p| p as u32),
                    &r.name,
                    TYPE_KINDS,
                    NameRole::TypeOnly,
                ),
            })
            .collect()
    }

    /// Whether a quoted `#include` of `file` names a file outside this run's files.
    fn includes_unseen_files(&self, file: &FileFacts) -> bool {
        matches!(file.language.name, "c" | "cpp")
            && file.imports.iter().any(|i| {
                !i.system
                    && !i.module.contains("::")
                    && matches!(
                        self.include_target(&file_path(file), i),
                        ModuleTarget::External(_)
                    )
            })
    }

    /// Whether `file` includes `other` (C/C++), directly or as the header's source twin.
    fn is_included(&self, file: &FileFacts, other: &FileFacts) -> bool {
        let Some(other_path) = other.definitions.first().map(|d| normalize(&d.path)) else {
            return false;
        };
        let other_stem = other_path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned());
        file.imports.iter().any(|i| {
            let inc = Path::new(&i.module);
            other_path.ends_with(inc)
                || inc.file_stem().map(|s| s.to_string_lossy().into_owned()) == other_stem
        })
    }

    /// Where an import's module lives: repository files, a declared package, or
    /// outside the repository.
    fn module_target(&self, file: &FileFacts, imp: &Import) -> ModuleTarget {
        let lang = file.language.name;
        let importer = file_path(file);
        match lang {
            "python" => self.python_module(&importer, &imp.module),
            "javascript" | "typescript" | "tsx" => self.js_module(&importer, &imp.module),
            "go" => self.go_package(&importer, &imp.module),
            "rust" => {
                self.rust_module_target(file, &importer, &imp.module, imp.start_byte as usize)
            }
            // C++ `using std::string` names a namespace, not a file.
            "c" | "cpp" if !imp.module.contains("::") && imp.name.is_none() && !imp.wildcard => {
                self.include_target(&importer, imp)
            }
            _ => match scoping(lang).package {
                PackageScope::Declared => {
                    if imp.is_static && !imp.wildcard {
                        ModuleTarget::Package(
                            imp.module
                                .rsplit_once('.')
                                .map_or(String::new(), |(p, _)| p.to_string()),
                        )
                    } else if self.package_in_repo(&imp.module) || !imp.module.contains('.') {
                        ModuleTarget::Package(imp.module.clone())
                    } else {
                        // Not a directory of the tree: a library, unless some file
                        // declares the package anyway (checked by the caller's lookup).
                        let first = imp.module.split('.').next().unwrap_or("");
                        if self.dirs().components.contains(first) {
                            ModuleTarget::Package(imp.module.clone())
                        } else {
                            ModuleTarget::External(imp.module.clone())
                        }
                    }
                }
                _ => {
                    let first = imp
                        .module
                        .split(['.', ':', '\\', '/'])
                        .find(|s| !s.is_empty())
                        .unwrap_or("");
                    if matches!(first, "crate" | "self" | "super")
                        || self.dirs().components.contains(first)
                    {
                        ModuleTarget::Unknown
                    } else {
                        ModuleTarget::External(imp.module.clone())
                    }
                }
            },
        }
    }

    /// `name` in what Rust path `path` names: a module, or a type of a module. A
    /// path that starts with an imported name starts where that import leads.
    fn member_of_rust_path(
        &self,
        file: &Arc<FileFacts>,
        written_at: usize,
        path: &str,
        name: &str,
        kinds: &[Kind],
    ) -> Resolution {
        let (first, rest) = path.split_once("::").unwrap_or((path, ""));
        let mut path = path.to_string();
        if let Some(imp) = file
            .imports
            .iter()
            .find(|i| !i.wildcard && i.bound_name() == Some(first))
        {
            let full = match &imp.name {
                Some(n) => format!("{}::{n}", imp.module),
                None => imp.module.clone(),
            };
            path = if rest.is_empty() {
                full
            } else {
                format!("{full}::{rest}")
            };
        }
        let importer = file_path(file);
        let at = |module: &str| self.rust_module_target(file, &importer, module, written_at);
        match at(&path) {
            ModuleTarget::External(m) => return Resolution::External(Some(m)),
            ModuleTarget::Unknown => {}
            target => return self.module_member(&target, name, kinds),
        }
        // `module::Type::member`.
        let Some((module, ty)) = path.rsplit_once("::") else {
            return Resolution::Unresolved;
        };
        match at(module) {
            ModuleTarget::External(m) => Resolution::External(Some(m)),
            ModuleTarget::Unknown => Resolution::Unresolved,
            target => match self.module_member(&target, ty, TYPE_KINDS) {
                Resolution::Definition(t) => self.lookup_result(self.member_of(&t, name, kinds)),
                _ => Resolution::Unresolved,
            },
        }
    }

    /// The file of the module Rust path `module`, written at byte `at` of `file`, names
    /// (see [`rust_module`]).
    fn rust_module_target(
        &self,
        file: &FileFacts,
        importer: &Path,
        module: &str,
        at: usize,
    ) -> ModuleTarget {
        let index = self.file_index(file);
        // The inline modules (`mod tests { .. }`) the import sits in, outermost first.
        let inline: Vec<String> = index
            .modules
            .iter()
            .filter(|(span, _)| span.contains(&at))
            .map(|(_, name)| name.clone())
            .collect();
        let crates = self
            .rust_crates
            .get_or_init(|| workspace_crates(self.file_set()));
        let site = PathSite {
            importer,
            inline: &inline,
            defined_here: &|name: &str| index.names.contains(name),
            globs: &index.globs,
        };
        match rust_module(self.file_set(), crates, &site, module) {
            RustModule::File(f) => ModuleTarget::Files(vec![f]),
            RustModule::External => ModuleTarget::External(module.to_string()),
            RustModule::Unknown => ModuleTarget::Unknown,
        }
    }

    /// The [`FileIndex`] of `file`, built on first use.
    fn file_index(&self, file: &FileFacts) -> Arc<FileIndex> {
        self.file_indexes
            .get_or_compute(file.path.to_path_buf(), || Arc::new(FileIndex::of(file)))
    }

    /// The type of `file` whose qualified name is `qualified` (not an `impl` scope).
    fn type_in_file(&self, file: &Arc<FileFacts>, qualified: &str) -> Option<DefRef> {
        let index = *self.file_index(file).types.get(qualified)?;
        Some(DefRef {
            file: file.clone(),
            index,
        })
    }

    fn cached_module(
        &self,
        key: (PathBuf, String),
        compute: impl FnOnce() -> Vec<PathBuf>,
    ) -> Arc<Vec<PathBuf>> {
        self.modules.get_or_compute(key, || Arc::new(compute()))
    }

    fn files_ending_with(&self, suffixes: &[PathBuf]) -> Vec<PathBuf> {
        let by_name = self.by_file_name.get_or_init(|| {
            let mut m: FxHashMap<std::ffi::OsString, Vec<PathBuf>> = FxHashMap::default();
            for f in self.file_set() {
                if let Some(n) = f.file_name() {
                    m.entry(n.to_os_string()).or_default().push(f.clone());
                }
            }
            m
        });
        let mut out: Vec<PathBuf> = suffixes
            .iter()
            .filter_map(|s| Some((s, by_name.get(s.file_name()?)?)))
            .flat_map(|(s, files)| files.iter().filter(move |f| f.ends_with(s)))
            .cloned()
            .collect();
        out.sort();
        out.dedup();
        out
    }

    fn python_module(&self, importer: &Path, module: &str) -> ModuleTarget {
        let dots = module.chars().take_while(|&c| c == '.').count();
        let rest = &module[dots..];
        let rel: PathBuf = rest.split('.').filter(|s| !s.is_empty()).collect();
        let files = if dots > 0 {
            let mut base = importer.parent().map(Path::to_path_buf).unwrap_or_default();
            for _ in 1..dots {
                base.pop();
            }
            let dir = normalize(&base.join(&rel));
            let key = (dir.clone(), String::new());
            self.cached_module(key, || {
                let mut v = Vec::new();
                let as_file = dir.with_extension("py");
                if !rest.is_empty() && self.file_set().contains(&as_file) {
                    v.push(as_file);
                }
                let init = dir.join("__init__.py");
                if self.file_set().contains(&init) {
                    v.push(init);
                }
                v
            })
        } else {
            let key = (PathBuf::new(), module.to_string());
            self.cached_module(key, || {
                let mut as_file = rel.clone();
                as_file.set_extension("py");
                self.files_ending_with(&[as_file, rel.join("__init__.py")])
            })
        };
        if !files.is_empty() {
            return ModuleTarget::Files(files.to_vec());
        }
        let first = rest.split('.').next().unwrap_or(rest);
        if dots > 0 || self.dirs().last_components.contains(first) {
            ModuleTarget::Unknown
        } else {
            ModuleTarget::External(first.to_string())
        }
    }

    fn js_module(&self, importer: &Path, module: &str) -> ModuleTarget {
        if !(module.starts_with("./")
            || module.starts_with("../")
            || module == "."
            || module == "..")
        {
            if module.starts_with("@/") || module.starts_with("~/") || module.starts_with('#') {
                return ModuleTarget::Unknown;
            }
            let pkg = if module.starts_with('@') {
                module.splitn(3, '/').take(2).collect::<Vec<_>>().join("/")
            } else {
                module.split('/').next().unwrap_or(module).to_string()
            };
            let pkg = pkg.strip_prefix("node:").unwrap_or(&pkg).to_string();
            return ModuleTarget::External(pkg);
        }
        let base = importer.parent().map(Path::to_path_buf).unwrap_or_default();
        let target = normalize(&base.join(module));
        let files = self.cached_module((target.clone(), String::new()), || {
            const EXTS: &[&str] = &[
                "ts", "tsx", "js", "jsx", "mjs", "cjs", "mts", "cts", "vue", "d.ts",
            ];
            if self.file_set().contains(&target) {
                return vec![target.clone()];
            }
            let stem = target.to_string_lossy().into_owned();
            // `./x.js` written for a `./x.ts` source (TypeScript's ESM style).
            let stem = ["js", "mjs", "cjs", "jsx"]
                .iter()
                .find_map(|e| stem.strip_suffix(&format!(".{e}")))
                .unwrap_or(&stem)
                .to_string();
            for e in EXTS {
                let p = PathBuf::from(format!("{stem}.{e}"));
                if self.file_set().contains(&p) {
                    return vec![p];
                }
            }
            for e in EXTS {
                let p = target.join(format!("index.{e}"));
                if self.file_set().contains(&p) {
                    return vec![p];
                }
            }
            Vec::new()
        });
        if files.is_empty() {
            ModuleTarget::Unknown
        } else {
            ModuleTarget::Files(files.to_vec())
        }
    }

    /// The Go module a file belongs to: the directory of the nearest `go.mod` above it and
    /// the module path it declares.
    fn go_module_of(&self, file: &Path) -> Option<GoModule> {
        let start = file.parent()?.to_path_buf();
        self.go_modules
            .get_or_compute(start.clone(), || self.find_go_module(&start))
    }

    /// The nearest `go.mod` of the walked tree at or above `start`, read.
    fn find_go_module(&self, start: &Path) -> Option<GoModule> {
        let mut dir = Some(start);
        let mut found = None;
        // A handful of levels: go.mod sits at the module root.
        for _ in 0..32 {
            let Some(d) = dir else { break };
            let candidate = if d.as_os_str().is_empty() {
                PathBuf::from("go.mod")
            } else {
                d.join("go.mod")
            };
            // Only a go.mod of the walked tree: nothing outside it is read.
            if self.file_set().contains(&normalize(&candidate)) {
                if let Ok(text) = std::fs::read_to_string(&candidate) {
                    if let Some(m) = text.lines().find_map(|l| l.trim().strip_prefix("module ")) {
                        found = Some((normalize(d), m.trim().trim_matches('"').to_string()));
                        break;
                    }
                }
            }
            dir = d.parent();
        }
        found
    }

    fn go_package(&self, importer: &Path, import_path: &str) -> ModuleTarget {
        let mut dir = None;
        if let Some((root, module)) = self.go_module_of(importer) {
            let rest = if import_path == module {
                Some("")
            } else {
                import_path.strip_prefix(&format!("{module}/"))
            };
            dir = rest.map(|r| normalize(&root.join(r)));
        }
        if dir.is_none() {
            // The standard library's paths have no dot in their first element.
            if !import_path
                .split('/')
                .next()
                .is_some_and(|f| f.contains('.'))
            {
                return ModuleTarget::External(import_path.to_string());
            }
            // No go.mod that covers it: the longest tail of the path that is a
            // directory of the tree (a module vendored or checked out beside this one).
            let parts: Vec<&str> = import_path.split('/').collect();
            dir = (1..parts.len()).rev().find_map(|k| {
                let tail = parts[parts.len() - k..].join("/");
                self.dirs().with_tail(&tail).map(PathBuf::from)
            });
        }
        let Some(dir) = dir else {
            return ModuleTarget::External(import_path.to_string());
        };
        let files = self.cached_module((dir.clone(), "go".into()), || {
            let mut v: Vec<PathBuf> = self
                .file_set()
                .iter()
                .filter(|f| {
                    f.parent() == Some(dir.as_path()) && f.extension().is_some_and(|e| e == "go")
                })
                .cloned()
                .collect();
            v.sort();
            v
        });
        if files.is_empty() {
            ModuleTarget::Unknown
        } else {
            ModuleTarget::Files(files.to_vec())
        }
    }

    fn include_target(&self, importer: &Path, imp: &Import) -> ModuleTarget {
        let rel = PathBuf::from(&imp.module);
        let local = normalize(&importer.parent().unwrap_or(Path::new("")).join(&rel));
        if self.file_set().contains(&local) {
            return ModuleTarget::Files(vec![local]);
        }
        let found = self.cached_module((PathBuf::new(), imp.module.clone()), || {
            self.files_ending_with(std::slice::from_ref(&rel))
        });
        if found.is_empty() {
            ModuleTarget::External(imp.module.clone())
        } else {
            ModuleTarget::Files(found.to_vec())
        }
    }
}

/// How many types' supertypes may be in resolution at once on one thread.
const MAX_SUPERTYPE_CHAIN: usize = 32;

thread_local! {
    /// The types (file, definition index) whose supertypes this thread is resolving.
    static RESOLVING_SUPERTYPES: std::cell::RefCell<Vec<(usize, usize)>> =
        const { std::cell::RefCell::new(Vec::new()) };
    /// How many chains this thread has cut.
    static SUPERTYPE_CUTS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// How many times a dry run on this thread needed a name not loaded yet.
    static MISSED_NAMES: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// How many initialising calls the resolution on this thread is following.
    static INITIALIZERS_FOLLOWED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The answer `memo` holds for `key`, or the one `compute` gives, kept for other callers
/// only when it is complete: an answer that met a cut supertype chain depends on where
/// the chain was entered, and one a dry run gave without a name it has not loaded
/// lacks what that name defines.
fn kept_if_complete<K: Eq + std::hash::Hash, V: Clone>(
    memo: &Memo<K, V>,
    key: K,
    compute: impl FnOnce() -> V,
) -> V {
    if let Some(hit) = memo.get(&key) {
        return hit;
    }
    let (cuts, missed) = (SUPERTYPE_CUTS.get(), MISSED_NAMES.get());
    let found = compute();
    if SUPERTYPE_CUTS.get() == cuts && MISSED_NAMES.get() == missed {
        memo.insert(key, found.clone());
    }
    found
}

/// How many initialising calls one resolution follows, one inside the other
/// (`a = f(); b = a.g(); b.h()`): enough for real code, and an end to `x = x.next()`.
const MAX_INITIALIZERS_FOLLOWED: usize = 4;

/// The count of initialising calls a resolution is following, kept right when it ends
/// early or unwinds.
enum InitializerDepth {
    /// A resolution's own count; the one it set aside comes back when it ends.
    Fresh(usize),
    /// One call followed, uncounted when its answer is known.
    Entered,
}

impl InitializerDepth {
    fn fresh() -> InitializerDepth {
        InitializerDepth::Fresh(INITIALIZERS_FOLLOWED.replace(0))
    }

    /// Counts one more call followed; `None` when there are too many already.
    fn enter() -> Option<InitializerDepth> {
        let n = INITIALIZERS_FOLLOWED.get();
        (n < MAX_INITIALIZERS_FOLLOWED).then(|| {
            INITIALIZERS_FOLLOWED.set(n + 1);
            InitializerDepth::Entered
        })
    }
}

impl Drop for InitializerDepth {
    fn drop(&mut self) {
        match self {
            InitializerDepth::Fresh(saved) => INITIALIZERS_FOLLOWED.set(*saved),
            InitializerDepth::Entered => {
                INITIALIZERS_FOLLOWED.set(INITIALIZERS_FOLLOWED.get().saturating_sub(1));
            }
        }
    }
}

/// The thread's chain of types whose supertypes are being resolved, kept right when a
/// resolution ends early or unwinds.
enum SupertypeChain {
    /// A resolution's own chain; the one it set aside comes back when it ends.
    Fresh(Vec<(usize, usize)>),
    /// One type on the chain, taken off when its supertypes are resolved.
    Open,
}

impl SupertypeChain {
    fn fresh() -> SupertypeChain {
        SupertypeChain::Fresh(RESOLVING_SUPERTYPES.with_borrow_mut(std::mem::take))
    }

    /// Puts a type on the chain; `None` when it is on it already (a cycle) or the
    /// chain is longer than any real hierarchy.
    fn enter(key: (usize, usize)) -> Option<SupertypeChain> {
        RESOLVING_SUPERTYPES.with_borrow_mut(|open| {
            if open.len() >= MAX_SUPERTYPE_CHAIN || open.contains(&key) {
                return None;
            }
            open.push(key);
            Some(SupertypeChain::Open)
        })
    }
}

impl Drop for SupertypeChain {
    fn drop(&mut self) {
        match self {
            SupertypeChain::Fresh(saved) => {
                let saved = std::mem::take(saved);
                RESOLVING_SUPERTYPES.with_borrow_mut(|open| *open = saved);
            }
            SupertypeChain::Open => {
                RESOLVING_SUPERTYPES.with_borrow_mut(|open| open.pop());
            }
        }
    }
}

/// The outcome of a member lookup.
#[derive(Clone)]
enum Lookup {
    Found(DefRef),
    External(Option<String>),
    Ambiguous,
    NotFound,
}

fn pick_lookup(found: Vec<DefRef>) -> Lookup {
    if found.is_empty() {
        return Lookup::NotFound;
    }
    pick(found).map_or(Lookup::Ambiguous, Lookup::Found)
}

/// One candidate, or several that are one target (overloads, a class and its
/// constructors): the first. Candidates that are different targets are ambiguous.
fn pick(found: Vec<DefRef>) -> Option<DefRef> {
    let first = found.first()?;
    let key = target_key(first.symbol(), &first.file);
    if found.iter().all(|d| target_key(d.symbol(), &d.file) == key) {
        // Prefer the type over its constructor, the first overload otherwise.
        let best = found
            .iter()
            .find(|d| d.symbol().kind.is_type_like())
            .unwrap_or(first);
        return Some(best.clone());
    }
    None
}

/// The overloads of method or function `d`: its definitions of the same name and
/// kind in the same enclosing type of the same file (by position in the file).
fn overloads(d: &DefRef) -> impl Iterator<Item = (usize, &Symbol)> + '_ {
    let s = d.symbol();
    let callable = matches!(s.kind, Kind::Method | Kind::Function);
    d.file.definitions.iter().enumerate().filter(move |(_, o)| {
        // The qualified name tells apart members written apart from their types
        // (Rust `impl` blocks), which have no parent.
        callable
            && o.name == s.name
            && o.parent == s.parent
            && o.kind == s.kind
            && o.qualified_name == s.qualified_name
    })
}

/// Whether no overload of `d` can take a call of `arity` arguments: it is declared
/// where every parameter must be passed (Java: no default values), and each overload's
/// parameters were counted and take another number.
fn takes_no_call_of(d: &DefRef, arity: usize) -> bool {
    let s = d.symbol();
    // A callable's overloads include itself: there is always one to ask.
    s.language == "java"
        && matches!(s.kind, Kind::Method | Kind::Function)
        && overloads(d).all(|(_, o)| {
            let count = parameter_count(counted_header(o), &o.name);
            count.is_some() && !takes(count, arity)
        })
}

/// The header an overload's parameters are counted in: the whole header, except for
/// Python, whose `@overload` declarations are followed by an implementation that
/// takes every call they take and cannot be told from them: there the signature
/// line, which of an implementation written over several lines holds no countable
/// list, so that the declarations alone tell the overloads apart.
fn counted_header(o: &Symbol) -> &str {
    if o.language == "python" {
        &o.signature
    } else {
        o.header()
    }
}

/// Whether TypeScript overload `o` is the implementation that follows the overload
/// declarations: the one with a body, which no caller sees.
fn implements_overloads(o: &Symbol) -> bool {
    matches!(o.language, "typescript" | "tsx") && o.header().trim_end().ends_with('{')
}

/// Whether a method whose parameters are `count` (from [`parameter_count`]) takes
/// `arity` arguments; `false` when they could not be counted.
fn takes(count: Option<Params>, arity: usize) -> bool {
    match count {
        Some(p) if p.varargs => arity + 1 >= p.required,
        Some(p) => p.required <= arity && arity <= p.total,
        None => false,
    }
}

/// Whether `d` is one of several overloads.
fn has_overloads(d: &DefRef) -> bool {
    overloads(d).nth(1).is_some()
}

/// The first of the overloads of `d` in its file.
fn first_overload(d: &DefRef) -> DefRef {
    DefRef {
        file: d.file.clone(),
        index: overloads(d).next().map_or(d.index, |(i, _)| i),
    }
}

/// The overload of `d` (same name, same enclosing type, same file) whose parameter
/// count fits `arity`, when exactly one does (or, when none does, the only one whose
/// parameters were not counted).
fn overload_for_arity(d: &DefRef, arity: usize) -> Option<DefRef> {
    // Each overload's parameter count, read once from its header; of TypeScript's,
    // the declarations alone.
    let declared = overloads(d).any(|(_, o)| !implements_overloads(o));
    let siblings: Vec<(usize, Option<Params>)> = overloads(d)
        .filter(|(_, o)| !(declared && implements_overloads(o)))
        .map(|(i, o)| (i, parameter_count(counted_header(o), &o.name)))
        .collect();
    if siblings.len() < 2 {
        return None;
    }
    let fits = |count: &Option<Params>| takes(*count, arity);
    let exact: Vec<usize> = siblings
        .iter()
        .filter(|(_, c)| fits(c))
        .map(|(i, _)| *i)
        .collect();
    // Prefer a fixed-arity match over a varargs one.
    let fixed: Vec<usize> = siblings
        .iter()
        .filter(|(_, c)| fits(c) && c.is_some_and(|p| !p.varargs))
        .map(|(i, _)| *i)
        .collect();
    let chosen = match (fixed.as_slice(), exact.as_slice()) {
        ([one], _) => *one,
        ([], [one]) => *one,
        // None of those whose parameters could be counted fits: the call is to the
        // one overload whose parameters could not be counted, if there is one.
        ([], []) => match siblings
            .iter()
            .filter(|(_, c)| c.is_none())
            .collect::<Vec<_>>()[..]
        {
            [(one, _)] => *one,
            _ => return None,
        },
        _ => return None,
    };
    Some(DefRef {
        file: d.file.clone(),
        index: chosen,
    })
}

/// The parameters a signature declares, counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Params {
    /// Those a call must pass (without a default value, not optional).
    required: usize,
    total: usize,
    /// The last takes any number of arguments.
    varargs: bool,
}

/// The parameters a one-line signature declares after `name`; `None` when the list
/// does not close on that line. A parameter with a default value (`x = 1`, `x: Int =
/// 1`) or marked optional (TypeScript's `x?: T`) need not be passed.
fn parameter_count(signature: &str, name: &str) -> Option<Params> {
    // The name, then its type parameters if any (`get<T extends A<B>>(`), then `(`.
    let rest = signature
        .match_indices(name)
        .filter_map(|(i, _)| after_type_parameters(&signature[i + name.len()..]))
        .find_map(|tail| tail.strip_prefix('('))?;
    let bytes = rest.as_bytes();
    let mut params = Params {
        required: 0,
        total: 0,
        varargs: false,
    };
    // Counted as each parameter ends, in one pass and without allocating: overloaded
    // names are counted for every call of them.
    let mut count = |p: &str, defaulted: bool| {
        let p = p.trim();
        if p.is_empty() {
            return;
        }
        params.total += 1;
        let head = p.split(':').next().unwrap_or(p).trim_end();
        if !(head.ends_with('?') || defaulted) {
            params.required += 1;
        }
        params.varargs |= p.contains("...") || p.contains("*args");
    };
    let mut depth = 0usize;
    let mut start = 0;
    // Whether the parameter being read gives a default value: an `=` at its top level
    // that is not part of `=>`, `==` or a comparison.
    let mut defaulted = false;
    for (i, ch) in rest.char_indices() {
        match ch {
            '(' | '<' | '[' | '{' => depth += 1,
            ')' if depth == 0 => {
                count(&rest[start..i], defaulted);
                return Some(params);
            }
            // The arrow of a function type (`=>`, `->`) closes nothing.
            '>' if rest[..i].ends_with(['=', '-']) => {}
            ')' | '>' | ']' | '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                count(&rest[start..i], defaulted);
                start = i + 1;
                defaulted = false;
            }
            '=' if depth == 0
                && bytes.get(i + 1).is_none_or(|&n| n != b'>' && n != b'=')
                && !rest[..i].ends_with(['=', '!', '<', '>']) =>
            {
                defaulted = true;
            }
            _ => {}
        }
    }
    None
}

/// The class a receiver constructs: `new Foo(..)`, or `Foo(..)` with a capitalised
/// name (Python, Kotlin, Swift construct by calling the class).
fn constructed_class(q: &str) -> Option<&str> {
    let q = q.strip_suffix(')')?;
    let open = q.find('(')?;
    let callee = q[..open].trim();
    let (explicit, callee) = match callee.strip_prefix("new ") {
        Some(c) => (true, c.trim()),
        None => (false, callee),
    };
    let last = callee.rsplit('.').next().unwrap_or(callee);
    let plain = !callee.is_empty() && callee.split('.').all(is_word);
    (plain && (explicit || last.chars().next().is_some_and(char::is_uppercase))).then_some(callee)
}

/// The type a receiver is cast to or asserted to hold: `((Map<K, V>) x)` →
/// `Map<K, V>`; Go's `x.(*T)` → `*T`.
fn cast_type(q: &str) -> Option<&str> {
    if let Some((value, ty)) = q.strip_suffix(')').and_then(|q| q.rsplit_once(".(")) {
        let ok = value.split('.').all(is_word) && ty != "type" && !ty.contains(['(', ')']);
        return ok.then_some(ty.trim());
    }
    let inner = q.strip_prefix("((")?;
    let close = inner.find(')')?;
    let ty = inner[..close].trim();
    let rest = inner[close + 1..].trim();
    let ok = !ty.is_empty()
        && ty.chars().next().is_some_and(char::is_alphabetic)
        && rest.ends_with(')')
        && is_word(rest.trim_end_matches(')').trim());
    ok.then_some(ty)
}

/// Whether a language gives each field one declared type (its first typed
/// declaration, where a constructor's `this.x = new Impl()` may add another);
/// elsewhere a field holds whatever the methods assign to it.
fn declares_field_types(lang: &str) -> bool {
    matches!(
        lang,
        "java"
            | "kotlin"
            | "scala"
            | "csharp"
            | "go"
            | "rust"
            | "swift"
            | "cpp"
            | "c"
            | "typescript"
            | "tsx"
    )
}

/// Whether `?` and `!` in a receiver (`a?.b`, `a!.b`, `a!!.b`) only mark null safety.
fn null_marks(lang: &str) -> bool {
    matches!(lang, "typescript" | "tsx" | "kotlin" | "swift" | "csharp")
}

/// Rust's standard types that dereference to the value they hold: a method called on
/// one may be the pointer's or the value's.
const RUST_DEREF_WRAPPERS: &[&str] = &[
    "Box",
    "Arc",
    "Rc",
    "Pin",
    "Cow",
    "Ref",
    "RefMut",
    "MutexGuard",
    "RwLockReadGuard",
    "RwLockWriteGuard",
    "ManuallyDrop",
    "LazyLock",
    "LazyCell",
];

/// Whether a language defines members outside the type's body (Go methods, Rust
/// `impl` blocks, C++ `A::f`, Swift and Kotlin extensions, C# partial classes).
fn members_outside_types(lang: &str) -> bool {
    matches!(
        lang,
        "go" | "rust" | "cpp" | "c" | "swift" | "kotlin" | "csharp" | "scala"
    )
}

/// Whether `d`'s name with its package in front (unless its qualified name already
/// starts with the package) is `{pkg}.{name}`; compared in place, since resolving an
/// import asks this of every definition of the imported name.
fn full_name_is(d: &DefRef, pkg: &str, name: &str) -> bool {
    let q = d.symbol().qualified_name.as_str();
    let in_front = match &d.file.package {
        Some(p) if !(q.starts_with(p.as_str()) && q[p.len()..].starts_with('.')) => p.as_str(),
        _ => "",
    };
    let full = [in_front, if in_front.is_empty() { "" } else { "." }, q];
    let wanted = [pkg, ".", name];
    full.iter()
        .flat_map(|s| s.bytes())
        .eq(wanted.iter().flat_map(|s| s.bytes()))
}

fn same_package(a: &FileFacts, b: &FileFacts) -> bool {
    match scoping(a.language.name).package {
        PackageScope::Directory => file_dir(a) == file_dir(b),
        _ => true,
    }
}

fn file_path(f: &FileFacts) -> PathBuf {
    normalize(&f.path)
}

fn file_dir(f: &FileFacts) -> PathBuf {
    file_path(f)
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

fn is_word(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '$')
}

/// A path with `.` and `..` folded (no file system access).
pub fn normalize(p: &Path) -> PathBuf {
    // Most paths are normal already (walked paths are): checking the bytes is much
    // cheaper than rebuilding the path component by component.
    if let Some(plain) = plain_form(p) {
        return PathBuf::from(std::ffi::OsStr::from_bytes(plain));
    }
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// The bytes of `p` when folding it only drops a leading `./` (walked paths begin with
/// one when the walk starts at `.`): no `.` or `..` component, no empty one, no
/// trailing `/`. `None` when it needs the full fold.
pub fn plain_form(p: &Path) -> Option<&[u8]> {
    let mut bytes = p.as_os_str().as_bytes();
    while let Some(rest) = bytes.strip_prefix(b"./") {
        bytes = rest;
    }
    let plain = !bytes.is_empty()
        && !bytes.ends_with(b"/")
        && bytes
            .split(|&b| b == b'/')
            .enumerate()
            .all(|(i, c)| (i == 0 || !c.is_empty()) && c != b"." && c != b"..");
    plain.then_some(bytes)
}

/// The directories of the walked files, indexed for the questions resolution asks of
/// them for every use: which directory ends with a path, which names a component has.
struct DirIndex {
    /// Every tail of every directory, at component boundaries (`b/c` and `c` for
    /// `a/b/c`), with the first directory in path order that ends with it.
    tails: FxHashMap<String, String>,
    /// Every component of every directory.
    components: FxHashSet<String>,
    /// The last component of every directory.
    last_components: FxHashSet<String>,
}

impl DirIndex {
    fn of(files: &[FileEntry]) -> DirIndex {
        // Built for every question that resolves imports, over every walked file: the
        // files of one directory come one after another, and a name already present
        // is looked up before anything is allocated for it.
        let mut dirs: FxHashSet<String> = FxHashSet::default();
        let mut last: Option<PathBuf> = None;
        for f in files {
            let normal = match plain_form(&f.path) {
                Some(bytes) => {
                    std::borrow::Cow::Borrowed(Path::new(std::ffi::OsStr::from_bytes(bytes)))
                }
                None => std::borrow::Cow::Owned(normalize(&f.path)),
            };
            let parent = normal.parent();
            if parent.is_some() && parent == last.as_deref() {
                continue;
            }
            last = parent.map(Path::to_path_buf);
            let mut p = parent;
            while let Some(d) = p {
                let d_slash = slash(d);
                if dirs.contains(d_slash.as_ref()) {
                    break;
                }
                dirs.insert(d_slash.into_owned());
                p = d.parent();
            }
        }
        let mut sorted: Vec<String> = dirs.into_iter().collect();
        sorted.sort();
        let mut index = DirIndex {
            tails: FxHashMap::default(),
            components: FxHashSet::default(),
            last_components: FxHashSet::default(),
        };
        let add = |set: &mut FxHashSet<String>, word: &str| {
            if !set.contains(word) {
                set.insert(word.to_string());
            }
        };
        for d in &sorted {
            add(
                &mut index.last_components,
                d.rsplit('/').next().unwrap_or(""),
            );
            for c in d.split('/') {
                add(&mut index.components, c);
            }
            let mut tail: &str = d;
            loop {
                // Directories come in path order: the first to end with a tail keeps it.
                if !index.tails.contains_key(tail) {
                    index.tails.insert(tail.to_string(), d.clone());
                }
                match tail.split_once('/') {
                    Some((_, rest)) => tail = rest,
                    None => break,
                }
            }
        }
        index
    }

    /// The first directory that is `tail` or ends with `/tail`.
    fn with_tail(&self, tail: &str) -> Option<&str> {
        self.tails.get(tail).map(String::as_str)
    }
}

fn slash(p: &Path) -> std::borrow::Cow<'_, str> {
    match p.to_string_lossy() {
        std::borrow::Cow::Borrowed(s) if !s.contains('\\') => std::borrow::Cow::Borrowed(s),
        other => std::borrow::Cow::Owned(other.replace('\\', "/")),
    }
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    #[test]
    fn normalize_folds_dots_and_keeps_plain_paths() {
        for (given, want) in [
            ("a/b.py", "a/b.py"),
            ("/abs/x.go", "/abs/x.go"),
            ("./a/b", "a/b"),
            ("././a/b", "a/b"),
            ("./a/./b", "a/b"),
            ("./", ""),
            ("a/./b", "a/b"),
            ("a/../b", "b"),
            ("../x", "../x"),
            ("a//b", "a/b"),
            ("a/b/", "a/b"),
            (".", ""),
            ("a/.hidden/b", "a/.hidden/b"),
        ] {
            assert_eq!(
                super::normalize(Path::new(given)),
                PathBuf::from(want),
                "{given}"
            );
        }
    }

    fn def_in_package(package: Option<&str>, qualified_name: &str) -> super::DefRef {
        let mut symbol = crate::query::generics::signed(
            "java",
            qualified_name.rsplit('.').next().unwrap_or(qualified_name),
            super::Kind::Class,
            "class C",
        );
        symbol.qualified_name = qualified_name.to_string();
        let file = crate::facts::FileFacts {
            path: PathBuf::from("x"),
            language: crate::lang::by_name("java").unwrap(),
            package: package.map(str::to_string),
            definitions: vec![symbol].into(),
            references: Vec::new(),
            imports: Vec::new(),
            bindings: Vec::new(),
        };
        super::DefRef {
            file: std::sync::Arc::new(file),
            index: 0,
        }
    }

    #[test]
    fn a_full_name_is_compared_with_its_package_in_front_once() {
        use super::full_name_is;
        let d = def_in_package(Some("org.demo"), "Outer.Inner");
        assert!(full_name_is(&d, "org.demo.Outer", "Inner"));
        assert!(full_name_is(&d, "org.demo", "Outer.Inner"));
        assert!(!full_name_is(&d, "org.demo", "Inner"));
        assert!(!full_name_is(&d, "org", "demo.Outer.Inne"));
        // A qualified name that already starts with the package is not prefixed again.
        let d = def_in_package(Some("org.demo"), "org.demo.Thing");
        assert!(full_name_is(&d, "org.demo", "Thing"));
        assert!(!full_name_is(&d, "org.demo.org.demo", "Thing"));
        // Only a whole package component counts as that start.
        let d = def_in_package(Some("org.demo"), "org.demonstration.Thing");
        assert!(full_name_is(&d, "org.demo.org.demonstration", "Thing"));
        let d = def_in_package(None, "Thing");
        assert!(!full_name_is(&d, "", "Thing"));
        assert!(full_name_is(&def_in_package(None, "a.Thing"), "a", "Thing"));
    }

    #[test]
    fn optional_and_defaulted_parameters_need_not_be_passed() {
        let count = |sig: &str| super::parameter_count(sig, "f");
        let p = |required, total, varargs| {
            Some(super::Params {
                required,
                total,
                varargs,
            })
        };
        assert_eq!(count("void f(int a, String b) {"), p(2, 2, false));
        assert_eq!(
            count("f(selection: string, alias?: string): this"),
            p(1, 2, false)
        );
        assert_eq!(count("f(cb: (x: T) => void, n = 1) {"), p(1, 2, false));
        assert_eq!(count("def f(self, a, b=None, *args):"), p(3, 4, true));
        assert_eq!(
            count("fun f(a: Int, b: Boolean = a == 1) {"),
            p(1, 2, false)
        );
        assert_eq!(
            count("fun f(m: Map<() -> Unit, Int>, y: Int) {"),
            p(2, 2, false)
        );
        assert_eq!(count("f() {"), p(0, 0, false));
        assert_eq!(
            count("async f<T extends A<B>, R = () => T>( run: (m: M) => T, ): Promise<T>"),
            p(1, 1, false)
        );
        assert_eq!(count("f(a,"), None);
        assert!(super::takes(count("f(a: string, b?: string)"), 1));
        assert!(super::takes(count("f(a: string, b?: string)"), 2));
        assert!(!super::takes(count("f(a: string, b?: string)"), 3));
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
