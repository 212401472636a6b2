//! Names without a qualifier, looked up the way the language scopes them: parameters
//! and locals (never a repository definition), the enclosing definitions and, where
//! members are visible without `this.`, the enclosing type and its supertypes, the
//! file's own definitions, its imports, its package, and last the builtins.

use std::cmp::Reverse;
use std::sync::Arc;

use super::csharp_usings::{namespaces_in_scope, CSHARP_IMPLICIT_USINGS};
use super::generics::declares_type_parameter;
use super::guards::MISSED_NAMES;
use super::imports::ModuleTarget;
use super::members::{implements_explicitly, members_outside_types, pick, Lookup};
use super::module_files::{file_dir, is_test_source};
use super::{
    is_ruby_class_method, kind_ok, package_at, package_of, same_target, DefRef, NameRole,
    Resolution, Resolver, TYPE_KINDS,
};
use crate::facts::{BindingKind, FileFacts, RefKind, Reference};
use crate::query::scoping::{
    interoperate, scoping, PackageScope, Scoping, CSHARP_NON_GENERIC_TWINS, RUST_PRIMITIVE_TYPES,
};
use crate::symbols::{Kind, Symbol};

/// The name a binding of `name` is stored under, and whether it is a PHP variable:
/// PHP's `$command` is bound as `command`, and a PHP variable is never a property
/// (those are read through `$this->`).
fn bound_name<'n>(file: &FileFacts, name: &'n str) -> (&'n str, bool) {
    match name.strip_prefix('$') {
        Some(bare) if file.language.name == "php" => (bare, true),
        _ => (name, false),
    }
}

/// Whether binding `b` is one of `name` (as [`bound_name`] gives it, with whether it
/// is a PHP variable, which no property is).
fn names(b: &crate::facts::Binding, name: &str, variable: bool) -> bool {
    b.name == name && !(variable && b.kind == BindingKind::Field)
}

impl<'s> Resolver<'s> {
    pub(super) fn scoping(&self, file: &FileFacts) -> Scoping {
        scoping(file.language.name)
    }

    /// The enclosing definitions of `at`, innermost first.
    pub(super) fn enclosing_chain(file: &FileFacts, at: Option<u32>) -> Vec<usize> {
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

    /// The innermost function or method at or around definition `at`.
    pub(super) fn enclosing_method(file: &FileFacts, at: Option<u32>) -> Option<&Symbol> {
        Self::enclosing_chain(file, at)
            .into_iter()
            .map(|i| &file.definitions[i])
            .find(|d| matches!(d.kind, Kind::Method | Kind::Function))
    }

    /// Whether definition `index` of `file` is `at` or encloses it.
    pub(super) fn is_within(file: &FileFacts, at: Option<u32>, index: usize) -> bool {
        Self::enclosing_chain(file, at).contains(&index)
    }

    /// The positions of the types (not scopes) enclosing `at`, innermost first.
    fn enclosing_type_indices(
        file: &FileFacts,
        at: Option<u32>,
    ) -> impl Iterator<Item = usize> + '_ {
        Self::enclosing_chain(file, at).into_iter().filter(|&i| {
            let k = file.definitions[i].kind;
            k.is_type_like() && k != Kind::Scope
        })
    }

    /// The types (not scopes) enclosing `at`, innermost first.
    pub(super) fn enclosing_types(
        file: &Arc<FileFacts>,
        at: Option<u32>,
    ) -> impl Iterator<Item = DefRef> + '_ {
        Self::enclosing_type_indices(file, at).map(|index| DefRef {
            file: file.clone(),
            index,
        })
    }

    /// Whether a definition enclosing `at` (itself included) declares a type
    /// parameter called `name`.
    pub(super) fn is_type_parameter(file: &FileFacts, at: Option<u32>, name: &str) -> bool {
        Self::enclosing_chain(file, at)
            .into_iter()
            .any(|e| declares_type_parameter(&file.definitions[e], name))
    }

    /// Whether type use `r`, in a Swift extension of a generic type, names one of that
    /// type's type parameters (`Key` in `extension KeyedContainer { func f(_ k: Key) }`
    /// of `class KeyedContainer<Key>`), which an extension keeps in scope.
    pub(super) fn extended_types_parameter(&self, file: &Arc<FileFacts>, r: &Reference) -> bool {
        file.language.name == "swift"
            && Self::enclosing_type(file, r.enclosing).is_none()
            && self
                .enclosing_type_def(file, r.enclosing)
                .is_some_and(|t| declares_type_parameter(t.symbol(), &r.name))
    }

    pub(super) fn enclosing_type(file: &FileFacts, at: Option<u32>) -> Option<usize> {
        Self::enclosing_type_indices(file, at).next().or_else(|| {
            // A Rust `impl T` block or a Go method: the type its scope names.
            Self::enclosing_chain(file, at)
                .into_iter()
                .find(|&i| file.definitions[i].kind == Kind::Scope)
        })
    }

    /// The type whose members `self`/`this` names at `at`: the enclosing type, or for
    /// a member written apart from its type (Rust's `impl` blocks), the type its
    /// qualified name is in, here or, when no other type has that name, elsewhere.
    pub(super) fn enclosing_type_def(
        &self,
        file: &Arc<FileFacts>,
        at: Option<u32>,
    ) -> Option<DefRef> {
        if let Some(t) = Self::enclosing_type(file, at) {
            return Some(self.type_of_scope(file, t));
        }
        // `this` in a Kotlin extension function: the extended type.
        if let Some(t) = Self::enclosing_chain(file, at)
            .into_iter()
            .find_map(|e| self.extended_type_def(file, e))
        {
            return Some(t);
        }
        if !members_outside_types(file.language.name) {
            return None;
        }
        let member = Self::enclosing_chain(file, at)
            .into_iter()
            .map(|i| &file.definitions[i])
            .find(|d| !d.kind.is_type_like())?;
        if let Some(fixture) = super::test_macros::test_fixture(member) {
            return self.fixture_type(file, at, fixture);
        }
        let (ty, _) = member.qualified_name.rsplit_once('.')?;
        if let Some(found) = self.type_in_file(file, ty) {
            return Some(found);
        }
        // Rust's `impl Handle` in a file that imports `Handle`, Go's method of a type
        // of another file of its package: the type the file's scope names, though
        // other modules have types of that name.
        if matches!(file.language.name, "rust" | "go") && !ty.contains('.') {
            let named = self.resolve_beyond_locals(file, None, ty, TYPE_KINDS, NameRole::TypeOnly);
            if let Resolution::Definition(d) = named {
                if d.symbol().kind.is_type_like() {
                    return Some(d);
                }
            }
        }
        self.only_type_named(ty)
    }

    /// The one type definition of the tree whose qualified name is `qualified`; `None`
    /// when there is none or several (namesakes in different modules).
    pub(super) fn only_type_named(&self, qualified: &str) -> Option<DefRef> {
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

    /// The definitions of `file` named `name` at its top level. A member written apart
    /// from its type has no parent but is no bare name: a method, and in Rust and C++
    /// anything its qualified name puts in a type (an `impl` block's `type Error` or
    /// `const MAX`, C++'s `int Box::count = 0`).
    pub(super) fn file_level(file: &Arc<FileFacts>, name: &str, kinds: &[Kind]) -> Vec<DefRef> {
        // Not a Rust `impl`'s or a C++ class's member written apart, nor a function
        // Lua stores in a table (`function M.f`): none is named bare.
        let apart = matches!(file.language.name, "rust" | "cpp" | "lua");
        DefRef::all_in(file, |d| {
            d.parent.is_none()
                && d.kind != Kind::Method
                && d.name == name
                && kind_ok(kinds, d.kind)
                && !(apart && d.qualified_name != d.name && !d.kind.is_type_like())
        })
    }

    /// A parameter, local or field visible at `at` named `name`: one that holds in the
    /// whole of its scope, else (in Java, C#) a block's local of that name somewhere
    /// in the scopes, where whether the name is a local's is all that is asked. (A
    /// narrowing elsewhere only narrows a variable bound for its whole scope.)
    pub(super) fn binding<'f>(
        file: &'f FileFacts,
        at: Option<u32>,
        name: &str,
    ) -> Option<&'f crate::facts::Binding> {
        Self::whole_scope_binding(file, at, name).or_else(|| {
            if !crate::facts::scopes_locals_by_block(file.language.name) {
                return None;
            }
            let (name, variable) = bound_name(file, name);
            let chain = Self::enclosing_chain(file, at);
            file.bindings.iter().find(|b| {
                b.within.is_some()
                    && b.scope.is_some_and(|s| chain.contains(&(s as usize)))
                    && names(b, name, variable)
            })
        })
    }

    /// A parameter, local or field visible at `at` named `name` that holds in the whole
    /// of its scope, the innermost scope's first.
    fn whole_scope_binding<'f>(
        file: &'f FileFacts,
        at: Option<u32>,
        name: &str,
    ) -> Option<&'f crate::facts::Binding> {
        let (name, variable) = bound_name(file, name);
        let chain = Self::enclosing_chain(file, at);
        chain
            .iter()
            .map(|&i| Some(i as u32))
            .chain([None])
            .find_map(|scope| {
                file.bindings
                    .iter()
                    .find(|b| b.scope == scope && b.within.is_none() && names(b, name, variable))
            })
    }

    /// The binding of `name` where reference `r` stands: a type test that narrows
    /// the variable there or a local of the block there (the one that starts last: the
    /// innermost, and of a block's locals the last declared), else one that holds in
    /// the whole of its scope (never a block's local where it does not hold).
    pub(super) fn binding_at<'f>(
        file: &'f FileFacts,
        r: &Reference,
        name: &str,
    ) -> Option<&'f crate::facts::Binding> {
        let lang = file.language.name;
        if !crate::facts::narrows(lang) && !crate::facts::scopes_locals_by_block(lang) {
            return Self::whole_scope_binding(file, r.enclosing, name);
        }
        let (bare, _) = bound_name(file, name);
        let at = r.start_byte;
        let mut narrowed = file
            .bindings
            .iter()
            .filter(|b| b.name == bare && b.within.is_some() && b.holds_at(at))
            .peekable();
        if narrowed.peek().is_none() {
            return Self::whole_scope_binding(file, r.enclosing, name);
        }
        let chain = Self::enclosing_chain(file, r.enclosing);
        narrowed
            .filter(|b| b.scope.is_none_or(|s| chain.contains(&(s as usize))))
            .min_by_key(|b| b.within.map(|(start, end)| (Reverse(start), end)))
            .or_else(|| Self::whole_scope_binding(file, r.enclosing, name))
    }

    /// Whether JavaScript, TypeScript, Python or PHP local `b` (of type `ty`) shares its
    /// name and scope with another one of another type: the locals of two callbacks of
    /// one function (`it(() => { const repo = a() })`, `it(() => { const repo = b()
    /// })`), which share its scope here, or a Python or PHP name bound again (`x =
    /// Foo()` then `x = Bar()`), so which one a use reads is not known. A declared type and a
    /// value assigned later (`let ds: DataSource[]` then `ds = await open()`) are one
    /// local: its type is the declared one.
    pub(super) fn bound_apart(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        b: &crate::facts::Binding,
        ty: &Resolution,
    ) -> bool {
        if !matches!(
            file.language.name,
            "javascript" | "typescript" | "tsx" | "python" | "php"
        ) || b.kind == BindingKind::Field
            || b.within.is_some()
        {
            return false;
        }
        let typed = b.type_name.is_some();
        file.bindings.iter().any(|o| {
            o.kind != BindingKind::Field
                && o.within.is_none()
                && o.scope == b.scope
                && o.name == b.name
                && o.type_name.is_some() == typed
                && (typed
                    || o.initializer.is_some()
                    || o.copied_from.is_some()
                    || o.passed_to.is_some())
                && !o.written_alike(b)
                && {
                    let other = self.type_as_bound(file, r, o);
                    !same_target(ty, &other) && !self.conforms_to_parameter(b, ty, &other)
                }
        })
    }

    /// Whether a value of type `other` assigned to typed parameter `b` (of type `ty`)
    /// is one of that type (PHP's `InputInterface $input` given `new ArrayInput(..)`):
    /// a use of the parameter reads it as the type it declares.
    fn conforms_to_parameter(
        &self,
        b: &crate::facts::Binding,
        ty: &Resolution,
        other: &Resolution,
    ) -> bool {
        match (ty, other) {
            (Resolution::Definition(declared), Resolution::Definition(assigned))
                if b.kind == BindingKind::Parameter =>
            {
                self.extends_type(assigned, declared)
            }
            _ => false,
        }
    }

    /// Whether a binding holds a value of the type its initialising call returns for
    /// as long as it is in scope: always where the language types it statically from
    /// that call (Java, Kotlin, TypeScript, Go), and a block's local where locals are
    /// held by block (a Rust `let` hidden by a later one is another local); elsewhere
    /// only when nothing else in its scope binds the name again (`x = f()` then `x =
    /// g()` leaves no one type).
    pub(super) fn keeps_its_initial_type(file: &FileFacts, b: &crate::facts::Binding) -> bool {
        let lang = file.language.name;
        matches!(lang, "java" | "kotlin" | "typescript" | "tsx" | "go")
            || (b.within.is_some() && crate::facts::scopes_locals_by_block(lang))
            || file
                .bindings
                .iter()
                .filter(|o| o.scope == b.scope && o.name == b.name && o.within.is_none())
                .count()
                == 1
    }

    /// The top-level definitions named `name` in the package of `file` (its declared
    /// package, or its directory, as the language scopes them).
    /// The definitions named `name` at the top level of package `pkg`.
    pub(super) fn declared_in(&self, pkg: &str, name: &str, kinds: &[Kind]) -> Vec<DefRef> {
        self.defs_named(name)
            .iter()
            .filter(|d| package_of(d) == Some(pkg) && kind_ok(kinds, d.symbol().kind))
            .cloned()
            .collect()
    }

    fn in_package(
        &self,
        file: &Arc<FileFacts>,
        at: Option<u32>,
        sc: &Scoping,
        name: &str,
        kinds: &[Kind],
    ) -> Vec<DefRef> {
        match sc.package {
            PackageScope::Declared => match package_at(file, at) {
                Some(pkg) => {
                    // C# code in `namespace A.B` sees the types of `A` as well, and
                    // Scala's those of the packages its chained clauses name.
                    let nested = file.language.name == "csharp";
                    // C#'s global namespace (`""`) is outside all the others.
                    let sees = |p: &str| {
                        p == pkg
                            || file.outer_packages.iter().any(|o| o == p)
                            || (nested
                                && (p.is_empty()
                                    || (pkg.len() > p.len()
                                        && pkg.starts_with(p)
                                        && pkg.as_bytes()[p.len()] == b'.')))
                    };
                    let seen: Vec<DefRef> = self
                        .defs_named(name)
                        .iter()
                        .filter(|d| {
                            package_of(d).is_some_and(sees) && kind_ok(kinds, d.symbol().kind)
                        })
                        .cloned()
                        .collect();
                    // The innermost package's hide the outer ones'.
                    let innermost = seen
                        .iter()
                        .filter_map(|d| package_of(d).map(str::len))
                        .max();
                    seen.into_iter()
                        .filter(|d| package_of(d).map(str::len) == innermost)
                        .collect()
                }
                None => Vec::new(),
            },
            PackageScope::Directory => {
                let dir = file_dir(file);
                self.defs_named(name)
                    .iter()
                    .filter(|d| {
                        // A Go method is declared at the top level too, but is only
                        // ever called through a receiver, never by its bare name.
                        file_dir(&d.file) == dir
                            && d.symbol().parent.is_none()
                            && d.symbol().kind != Kind::Method
                            && kind_ok(kinds, d.symbol().kind)
                    })
                    .cloned()
                    .collect()
            }
            PackageScope::None => Vec::new(),
        }
    }

    pub(super) fn resolve_unqualified(
        &self,
        file: &Arc<FileFacts>,
        at: Option<u32>,
        name: &str,
        kinds: &[Kind],
        role: NameRole,
    ) -> Resolution {
        // 1. Parameters and locals (values only: a type name is never a local).
        let local = (role == NameRole::Value)
            .then(|| Self::binding(file, at, name))
            .flatten();
        if let Some(b) = local.filter(|b| !self.file_index(file).defined_values.bound_by(b)) {
            if file.language.name != "ruby" || b.kind != BindingKind::Field {
                return Resolution::Local;
            }
            // A Ruby attribute (`attr_reader :port`) is a method of the class that no
            // definition stands for: none of its ancestors' of that name, unless the
            // class defines a method of the name too (`def docs` beside `attr_writer
            // :docs`).
            let defined = file.definitions.iter().any(|d| {
                d.name == name
                    && matches!(d.kind, Kind::Method | Kind::Function)
                    && d.parent.and_then(|p| u32::try_from(p).ok()) == b.scope
            });
            if !defined {
                return Resolution::Unresolved;
            }
        }
        self.resolve_beyond_locals(file, at, name, kinds, role)
    }

    /// [`Resolver::resolve_unqualified`] of a name no parameter or local stands for
    /// where it is used.
    pub(super) fn resolve_beyond_locals(
        &self,
        file: &Arc<FileFacts>,
        at: Option<u32>,
        name: &str,
        kinds: &[Kind],
        role: NameRole,
    ) -> Resolution {
        let sc = self.scoping(file);
        // 2. Enclosing definitions: nested definitions, then members of enclosing types.
        //    A member a type may inherit from a library type is only a possibility
        //    until the file's other scopes have been searched.
        let mut inherited: Option<Option<String>> = None;
        let ruby = file.language.name == "ruby";
        for e in Self::enclosing_chain(file, at) {
            let ek = file.definitions[e].kind;
            // Ruby's `self` is an object of the innermost class or module: the methods
            // of a class around it are not its own (`class Response; module Helpers`).
            let outermost = ruby && matches!(ek, Kind::Class | Kind::Module);
            // Without an implicit `this` (Python, JavaScript), a class's members are
            // not visible by their bare names inside it.
            if !sc.implicit_this && ek.is_type_like() {
                continue;
            }
            let lua = file.language.name == "lua";
            let mut found: Vec<DefRef> = DefRef::all_in(file, |d| {
                d.parent == Some(e)
                    && d.name == name
                    && kind_ok(kinds, d.kind)
                    && !implements_explicitly(d)
                    && !(lua && super::lua_tables::is_in_a_table(file, d))
            });
            if ruby {
                found = ruby_callable(file, at, found);
            }
            if let Some(d) = pick(found) {
                return Resolution::Definition(d);
            }
            let receiver = if ek.is_type_like() {
                Some(DefRef {
                    file: file.clone(),
                    index: e,
                })
            } else {
                // Inside an extension function: the extended type's members.
                self.extended_type_def(file, e)
            };
            if let Some(ty) = receiver.filter(|_| sc.implicit_this) {
                if let Some(d) = self.enclosing_member(&ty, name, kinds, role, &mut inherited) {
                    return Resolution::Definition(d);
                }
            }
            if outermost && role != NameRole::TypeOnly {
                // In a module's instance method, `self` is an object of a class that
                // includes the module: its methods are called bare.
                if ek == Kind::Module {
                    let module = DefRef {
                        file: file.clone(),
                        index: e,
                    };
                    if let Some(d) = self.includer_method(file, at, &module, name, kinds) {
                        return Resolution::Definition(d);
                    }
                }
                break;
            }
        }
        // A C++ member written apart from its class (`void DBImpl::Write() {..}`), a
        // Swift method of an extension: the members of the type its qualified name
        // puts it in.
        if matches!(file.language.name, "cpp" | "swift") && Self::enclosing_type(file, at).is_none()
        {
            if let Some(ty) = self.enclosing_type_def(file, at) {
                // A field of the class (`(*block_function_)(..)`): a value, no
                // definition. Swift tells a method from a property of its name by the
                // call's labels (`response(queue: q)` and `var response`): the method
                // first.
                let swift = file.language.name == "swift";
                let field = role == NameRole::Value && self.declares_field(&ty, name);
                if field && !swift {
                    return Resolution::Local;
                }
                if let Some(d) = self.enclosing_member(&ty, name, kinds, role, &mut inherited) {
                    return Resolution::Definition(d);
                }
                if field {
                    return Resolution::Local;
                }
            }
        }
        // 3. The file's own top-level definitions; not a variable the file also
        //    imports the name as (`try: from lib import f` .. `except ImportError:
        //    f = None`), which the import normally binds.
        let written_at = at
            .and_then(|i| file.definitions.get(i as usize))
            .map_or(0, |d| d.start_byte);
        if let Some(d) = pick(Self::file_level(file, name, kinds)) {
            let fallback = d.symbol().kind == Kind::Variable
                && !self.imports_binding(file, written_at, name).is_empty();
            if !fallback {
                if self.macro_may_stand_for(file, at, &d)
                    || self.sourced_file_may_redefine(file, &d)
                {
                    return Resolution::Unresolved;
                }
                return Resolution::Definition(d);
            }
        }
        // A Python type the file renames (`JSONDict = dict`).
        if role != NameRole::Value {
            if let Some(found) = self.python_type_renamed_in(file, name, kinds) {
                return found;
            }
        }
        // 4. Explicit imports of the name (seen where the enclosing definition is).
        if let Some((first, others)) = self.imports_binding(file, written_at, name).split_first() {
            let found = self.resolve_import(file, first, kinds);
            // Imports that builds choose between: the name is known only where they
            // all name one thing.
            let agree = others
                .iter()
                .all(|imp| same_target(&self.resolve_import(file, imp, kinds), &found));
            // A Rust type named as a primitive is the primitive, whatever library
            // item of its name the file imports.
            let primitive = role != NameRole::Value
                && file.language.name == "rust"
                && RUST_PRIMITIVE_TYPES.contains(&name)
                && matches!(found, Resolution::External(_));
            if !primitive {
                return if agree { found } else { Resolution::Unresolved };
            }
        }
        // The language's own names, unless the file or its imports define them (a
        // same-package class shadowing one is too rare to pay a lookup for).
        if let Some(module) = sc.builtin_module_of(name) {
            // Scala imports its own package and `Predef` last: a type of the file's
            // package or of a package it imports whole (`Range`, `Option`) comes first.
            let shadowed = file.language.name == "scala"
                && (!self.in_package(file, at, &sc, name, kinds).is_empty()
                    || !self
                        .wildcard_imported_types(file, &sc, name, kinds)
                        .is_empty());
            // C#'s `IEnumerable` in a file that imports `System.Collections` as well
            // as `System.Collections.Generic` may be either namespace's.
            let twin = file.language.name == "csharp"
                && CSHARP_NON_GENERIC_TWINS.contains(&name)
                && file
                    .imports
                    .iter()
                    .any(|i| i.wildcard && i.module == "System.Collections");
            if twin {
                return Resolution::External(None);
            }
            if !shadowed {
                return Resolution::External(Some(module.to_string()));
            }
        }
        // Where names are global (Swift, C++), a top-level definition of the tree is
        // seen from inside a class whatever library types the class extends: before
        // the name is taken for a member inherited from one of them.
        if sc.global_names && inherited.is_some() {
            let top_level: Vec<DefRef> = self
                .defs_named(name)
                .iter()
                .filter(|d| {
                    kind_ok(kinds, d.symbol().kind)
                        && !is_type_member(d)
                        && self.can_name(file, at, d)
                })
                .cloned()
                .collect();
            if let Some(d) = pick(top_level) {
                return Resolution::Definition(d);
            }
        }
        // A member of the enclosing type that none of its repository types defines:
        // inherited from the library type it extends. A type is looked for in the
        // file's package and wildcard imports first: a library type seldom declares a
        // nested type, while classes that extend one use the types of their package
        // all the time.
        if role == NameRole::Value {
            if let Some(m) = inherited.take() {
                // Unless it constructs a class of the file's package (`new Item(..)`),
                // or one a wildcard import brings in (`Range(..)` after `import
                // a.b._`).
                let mut types: Vec<DefRef> = self
                    .in_package(file, at, &sc, name, kinds)
                    .into_iter()
                    .filter(|d| d.symbol().kind.is_type_like())
                    .collect();
                if let Some(decided) =
                    self.scala_wildcard_over_package(file, at, &sc, name, kinds, &types)
                {
                    return decided;
                }
                if types.is_empty() {
                    types = self.wildcard_imported_types(file, &sc, name, kinds);
                }
                return match pick(types.clone()) {
                    Some(d) => Resolution::Definition(d),
                    None if types.is_empty() => Resolution::External(m),
                    None => Resolution::Unresolved,
                };
            }
        }
        // 5. The file's own package.
        let package_mates = self.in_package(file, at, &sc, name, kinds);
        if let Some(decided) =
            self.scala_wildcard_over_package(file, at, &sc, name, kinds, &package_mates)
        {
            return decided;
        }
        if let Some(d) = pick(package_mates) {
            return Resolution::Definition(d);
        }
        // 6. Wildcard imports.
        let mut external_wildcards: Vec<String> = Vec::new();
        let project = self.project_usings(file);
        let globals = project.as_ref().map_or(&[][..], |p| &p.global);
        for imp in namespaces_in_scope(file, globals) {
            let (found, library) = self.through_wildcard(file, imp, &sc, name, kinds);
            if let Some(d) = pick(found) {
                return Resolution::Definition(d);
            }
            external_wildcards.extend(library);
        }
        if project.is_some_and(|p| p.implicit) {
            external_wildcards.extend(CSHARP_IMPLICIT_USINGS.iter().map(|n| n.to_string()));
        }
        if let Some(m) = inherited {
            // A type the tree defines where the file does not see it (an import the
            // facts miss) is as likely as a member type of the library supertype.
            let defined = role == NameRole::Type
                && self.defs_named(name).iter().any(|d| {
                    kind_ok(kinds, d.symbol().kind)
                        && interoperate(file.language.name, d.file.language.name)
                });
            return if defined {
                Resolution::Unresolved
            } else {
                Resolution::External(m)
            };
        }
        // Where every name a file uses must be imported or defined in it (Python,
        // JavaScript, Rust), a name none of its scopes binds is a global of the
        // runtime or a binding the syntax hides: nothing in other files can tell which.
        //
        // A Rust glob of a library module (`use std::io::prelude::*`) is taken to
        // bring its types, traits and constants, never a lower-case name: that is as
        // likely a crate of the build (`tokio` of `#[tokio::test]`) or a macro's.
        if sc.package == PackageScope::None && !sc.global_names {
            // The first name of a Rust path in a type (`anyhow` of `anyhow::Result`): a
            // crate the package depends on.
            if file.language.name == "rust"
                && role != NameRole::Value
                && name.starts_with(char::is_lowercase)
                && self.names_library_crate(file, written_at, name)
            {
                return Resolution::External(Some(name.to_string()));
            }
            if role == NameRole::Value {
                if let Some(d) = self.crate_macro(file, written_at, name, kinds) {
                    return Resolution::Definition(d);
                }
            }
            let brought = file.language.name != "rust" || name.starts_with(char::is_uppercase);
            return match external_wildcards.as_slice() {
                [only] if brought && file.imports.iter().filter(|i| i.wildcard).count() == 1 => {
                    Resolution::External(Some(only.clone()))
                }
                _ => Resolution::Unresolved,
            };
        }
        // Without an implicit `this` (PHP), a member of a type is never named bare:
        // `substr(..)` is the global function, not some class's static `substr`.
        // Definitions in languages the file cannot call (a Lua `printf` for C) are no
        // candidates, and do not make the name the tree's.
        //
        // In C++ and Swift a type's members are named bare only in its own members
        // (and those of types derived from it or extending it), which were searched
        // above: a parameter the facts missed is not some other type's method of its
        // name. A nested type is still seen (`Widget::Part::Size()` names `Part`
        // inside `Widget`).
        let members_stay_in = matches!(file.language.name, "cpp" | "swift");
        let reachable = |d: &DefRef| {
            let member = is_type_member(d);
            let seen = if members_stay_in {
                !member || d.symbol().kind.is_type_like()
            } else {
                sc.implicit_this || !member
            };
            seen && interoperate(file.language.name, d.file.language.name)
        };
        let missed = MISSED_NAMES.get();
        let everywhere: Vec<DefRef> = self
            .defs_named(name)
            .iter()
            .filter(|d| kind_ok(kinds, d.symbol().kind) && reachable(d))
            .cloned()
            .collect();
        // A dry run of a batch has not loaded the name yet: its answer is thrown away
        // (the name is loaded and the use resolved again), so nothing more is worth
        // reading for it.
        if MISSED_NAMES.get() != missed {
            return Resolution::Unresolved;
        }
        // 7. One global namespace: a name with one definition the file can name is that
        //    definition, preferably one in a file this file includes. Definitions
        //    it cannot name (another language's, a header it does not include) leave
        //    the name unresolved: the tree has a use for the name, so it is not known
        //    to come from outside.
        if sc.global_names && !everywhere.is_empty() {
            let visible: Vec<DefRef> = everywhere
                .into_iter()
                .filter(|d| self.can_name(file, at, d))
                .collect();
            let included: Vec<DefRef> = visible
                .iter()
                .filter(|d| self.is_included(file, &d.file))
                .cloned()
                .collect();
            if let Some(d) = pick(included) {
                return Resolution::Definition(d);
            }
            if let Some(d) = pick(visible) {
                return Resolution::Definition(d);
            }
            return Resolution::Unresolved;
        }
        // A C++ library's namespace, named as the directory of its headers the file
        // includes (`absl::StrFormat` beside `#include "absl/strings/str_format.h"`).
        if everywhere.is_empty()
            && matches!(file.language.name, "c" | "cpp")
            && self.library_namespace(file, name)
        {
            return Resolution::External(Some(name.to_string()));
        }
        // 8. Nothing in the repository defines it: it comes from outside, unless the
        //    file includes repository files this run does not see (filtered out). Not
        //    in Go: a bare name that is neither a builtin nor imported can only be the
        //    package's, declared in a file another build compiles; nor for a variable
        //    a C header the file includes declares.
        if everywhere.is_empty()
            && !self.includes_unseen_files(file)
            && sc.declared_members
            && sc.package != PackageScope::Directory
            && !(matches!(file.language.name, "c" | "cpp") && self.c_header_declares(file, name))
        {
            return Resolution::External(match external_wildcards.as_slice() {
                [only] => Some(only.clone()),
                _ => None,
            });
        }
        Resolution::Unresolved
    }

    /// What wildcard import `imp` of `file` brings in named `name`: the tree's
    /// definitions, and the library's module when it names one outside the tree. A
    /// package no directory of the tree shows may still be declared by files of it
    /// (C#'s namespaces need not follow directories). On the JVM a test source's
    /// definition is not seen from outside the tests (`import sbt._` in a build's
    /// plugin brings no `object Test` of a project's tests).
    pub(super) fn through_wildcard(
        &self,
        file: &Arc<FileFacts>,
        imp: &crate::facts::Import,
        sc: &Scoping,
        name: &str,
        kinds: &[Kind],
    ) -> (Vec<DefRef>, Option<String>) {
        let (mut found, module) = match self.module_target(file, imp) {
            ModuleTarget::External(m) if sc.package == PackageScope::Declared => {
                (self.declared_in(&m, name, kinds), Some(m))
            }
            ModuleTarget::External(m) => (Vec::new(), Some(m)),
            target => match self.module_member(&target, name, kinds) {
                Resolution::Definition(d) => (vec![d], None),
                _ => (Vec::new(), None),
            },
        };
        if !found.is_empty()
            && matches!(file.language.name, "scala" | "java" | "kotlin")
            && !is_test_source(&file.path)
        {
            found.retain(|d| !is_test_source(&d.file.path));
        }
        (found, module)
    }

    /// The types named `name` of the tree that the wildcard imports of `file` bring
    /// in.
    fn wildcard_imported_types(
        &self,
        file: &Arc<FileFacts>,
        sc: &Scoping,
        name: &str,
        kinds: &[Kind],
    ) -> Vec<DefRef> {
        let project = self.project_usings(file);
        namespaces_in_scope(file, project.as_ref().map_or(&[][..], |p| &p.global))
            .flat_map(|imp| self.through_wildcard(file, imp, sc, name, kinds).0)
            .filter(|d| d.symbol().kind.is_type_like())
            .collect()
    }

    /// The member `name` of `ty`, a type whose members the code inside it names bare,
    /// when the tree's types define it. One that only a library supertype may have is
    /// noted in `inherited` (unless a type is asked for): a possibility until the
    /// file's other scopes have been searched.
    fn enclosing_member(
        &self,
        ty: &DefRef,
        name: &str,
        kinds: &[Kind],
        role: NameRole,
        inherited: &mut Option<Option<String>>,
    ) -> Option<DefRef> {
        match self.member_of(ty, name, kinds) {
            Lookup::Found(d) => Some(d),
            Lookup::External(m) if role != NameRole::TypeOnly => {
                inherited.get_or_insert(m);
                None
            }
            Lookup::External(_) | Lookup::Ambiguous | Lookup::NotFound => None,
        }
    }

    /// Whether Kotlin reference `r` stands inside a lambda (each of which binds `it`),
    /// which may have a receiver the syntax does not show (`buildString { .. }`,
    /// `with(w) { .. }`).
    pub(super) fn in_kotlin_lambda(file: &FileFacts, r: &Reference) -> bool {
        file.bindings.iter().any(|b| {
            b.name == "it"
                && b.kind == BindingKind::Parameter
                && b.within.is_some()
                && b.holds_at(r.start_byte)
        })
    }

    /// Whether a Kotlin bare call `r`, answered as external in `module`, is so as a
    /// member of a library supertype of a type it is written in, and stands inside a
    /// lambda passed to a call. Such a lambda may have a receiver whose members it
    /// names bare (`fileSystem.write(file) { writeUtf8(..) }` calls `BufferedSink`'s),
    /// which the syntax does not show: the supertype's library is then no more than a
    /// guess.
    pub(super) fn inherited_inside_a_lambda(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        module: &str,
        kinds: &[Kind],
    ) -> bool {
        // A capitalised call constructs a class; an imported name is what the import
        // says.
        let imported = || {
            file.imports
                .iter()
                .any(|i| i.alias.as_deref().or(i.name.as_deref()) == Some(r.name.as_str()))
        };
        file.language.name == "kotlin"
            && r.kind == RefKind::Call
            && r.name.starts_with(|c: char| c.is_lowercase())
            && Self::in_kotlin_lambda(file, r)
            && !imported()
            && Self::enclosing_types(file, r.enclosing).any(|ty| {
                matches!(self.member_of(&ty, &r.name, kinds),
                    Lookup::External(Some(m)) if m == module)
            })
    }

    /// Whether a C or C++ macro of the name of `d` (a definition of `file` that is not
    /// a macro itself) may be what a call at `at` expands instead: one the file itself
    /// or its includes bring (`#undef` is not followed). Which one a call reaches then
    /// depends on the preprocessor's branches (a header that defines `zmalloc_size(p)`
    /// as a macro for some allocators, a file that defines the function for the
    /// others), which no answer here can tell.
    fn macro_may_stand_for(&self, file: &FileFacts, at: Option<u32>, d: &DefRef) -> bool {
        let symbol = d.symbol();
        matches!(file.language.name, "c" | "cpp")
            && symbol.kind != Kind::Macro
            && self
                .defs_named(&symbol.name)
                .iter()
                .any(|m| m.symbol().kind == Kind::Macro && self.can_name(file, at, m))
    }

    /// Whether code in `file`, where names are global, can name definition `d` by its
    /// bare name: one of a language it calls directly, and for C and C++ one its
    /// includes or the linker bring in.
    fn can_name(&self, file: &FileFacts, at: Option<u32>, d: &DefRef) -> bool {
        interoperate(file.language.name, d.file.language.name)
            && match file.language.name {
                "c" | "cpp" => self.c_can_name(file, d),
                // Classes and modules are constants, seen from everywhere by their
                // names. A method of a module or class is called bare only where the
                // module is mixed in or inside the class: the enclosing types were
                // searched. A `def` outside any class may still be inside a block (an
                // RSpec `describe`), which defines it on that block's object: only
                // the file's own are taken, before this.
                "ruby" => {
                    matches!(d.symbol().kind, Kind::Class | Kind::Module)
                        && ruby_constant_in_reach(file, at, d)
                }
                // Past the code's own namespace and its imports, a bare PHP name can
                // only be the global namespace's (where a function falls back to):
                // never another namespace's namesake.
                "php" => package_of(d).is_none_or(str::is_empty),
                // Only a global function of another chunk, never its `local function`
                // or a function it keeps in a table.
                "lua" => super::lua_tables::is_lua_global(d),
                _ => true,
            }
    }
}

/// Ruby: of a class's own method (`def self.x`, or one in `class << self`) and its
/// instances' `def x`, the one code at `at` calls by its bare name: the class's own in
/// a method of the class itself or in the class body, where `self` is the class; the
/// instances' inside an instance method. Candidates all of one sort are returned as
/// they are.
fn ruby_callable(file: &FileFacts, at: Option<u32>, found: Vec<DefRef>) -> Vec<DefRef> {
    let class_methods = found
        .iter()
        .filter(|d| is_ruby_class_method(d.symbol()))
        .count();
    if class_methods == 0 || class_methods == found.len() {
        return found;
    }
    let in_instance_method =
        Resolver::enclosing_method(file, at).is_some_and(|m| !is_ruby_class_method(m));
    found
        .into_iter()
        .filter(|d| is_ruby_class_method(d.symbol()) != in_instance_method)
        .collect()
}

/// Ruby: whether constant `d` (a class or module) is named by its bare name at `at`:
/// a top-level one, or one of a module or class the code is written inside
/// (`Base` inside `module Rack; module Protection` is `Rack::Protection::Base`, not
/// `Sinatra::Base`).
fn ruby_constant_in_reach(file: &FileFacts, at: Option<u32>, d: &DefRef) -> bool {
    let Some((namespace, _)) = d.symbol().qualified_name.rsplit_once('.') else {
        return true;
    };
    Resolver::enclosing_chain(file, at)
        .into_iter()
        .any(|i| file.definitions[i].qualified_name == namespace)
}

/// Whether `d` is a member of a type (its parent is one).
fn is_type_member(d: &DefRef) -> bool {
    d.symbol()
        .parent
        .and_then(|p| d.file.definitions.get(p))
        .is_some_and(|p| p.kind.is_type_like())
}
