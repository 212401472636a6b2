//! Extension functions: Kotlin's `fun Closeable.closeQuietly()`, C#'s
//! `static bool IsNullOrEmpty(this string s)` and the methods of Swift's `extension
//! URLRequest { .. }` are called as if they were members of the type they extend
//! (`response.closeQuietly()`), but they are defined apart from it (Kotlin's and C#'s
//! brought into a file by its imports, Swift's seen throughout the module).
//!
//! Looking such a call up among the members of the receiver's type finds nothing, or,
//! when the type is or extends a library type, calls it a library member: an external
//! call, which what-breaks leaves out of the extension's uses. So when the lookup finds
//! no repository member and an extension of that name is in scope, the call is the
//! extension of the receiver's type when exactly one fits it: the receiver's type is a
//! repository type, and the extension extends it or a type it extends. Otherwise the
//! call is unresolved, never external. A receiver of a library type stays unresolved
//! even when an extension of that very type is in scope: libraries that build for
//! several platforms define extensions that stand in for members some platforms lack
//! (`Type.IsAssignableFrom`), and where the member exists it is what is called. The
//! exception is a library type whose members are all known (the string types of the
//! closed-types table): there the extension is called exactly when no member is named
//! so.
//!
//! Rust's traits are the same idea: a trait of the repository implemented for a library
//! type (`impl ToUrlPath for Path`) gives that type a method wherever the trait is in
//! scope. A call on a value of a library type is that trait's method when the trait is
//! in scope and the repository implements it for a type it does not define
//! ([`Resolver::rust_trait_method_in_scope`]).

use std::collections::HashSet;
use std::sync::Arc;

use super::closed_types::{closed_type, ClosedType};
use super::generics::declares_type_parameter;
use super::members::pick;
use super::qualified::unmarked;
use super::{
    inherited_names, is_word, kind_ok, names_tail, package_at, package_of, package_of_in, DefRef,
    Resolution, Resolver, TYPE_KINDS,
};
use crate::facts::{FileFacts, RefKind, Reference};
use crate::symbols::{Kind, Symbol};

/// The most supertype levels followed to find the types a receiver is.
const MAX_TYPE_DEPTH: usize = 16;

/// Whether `lang` has extension functions called like members.
pub(super) fn has_extension_functions(lang: &str) -> bool {
    matches!(lang, "kotlin" | "csharp" | "swift")
}

/// The name of the type a definition extends, as its signature writes it (without
/// package, type arguments or nullability): `fun <T> List<T>.second()` → `List`,
/// `static bool IsNullOrEmpty(this string s)` → `string`; `None` for a definition
/// that extends no type.
pub(super) fn extended_type<'a>(lang: &str, s: &'a Symbol) -> Option<&'a str> {
    let written = match lang {
        "kotlin" => kotlin_receiver(s.header(), &s.name)?,
        "csharp" => csharp_this_parameter(s.header())?,
        _ => return None,
    };
    let base = written
        .trim()
        .trim_end_matches('?')
        .split('<')
        .next()?
        .trim();
    let last = base.rsplit('.').next()?;
    is_word(last).then_some(last)
}

/// [`extended_type`] of definition `d`, and for Swift the type its `extension` block
/// names (`extension URLRequest { func validate() }` → `URLRequest`).
fn extended_type_of(d: &DefRef) -> Option<&str> {
    let lang = d.file.language.name;
    if lang != "swift" {
        return extended_type(lang, d.symbol());
    }
    // The block's members are written apart from the type: no parent, and the type
    // in their qualified name, which only an extension does in Swift.
    let s = d.symbol();
    if s.parent.is_some() {
        return None;
    }
    let (ty, _) = s.qualified_name.rsplit_once('.')?;
    let last = ty.rsplit('.').next()?;
    is_word(last).then_some(last)
}

/// Kotlin: what comes between `fun` (and its type parameters) and `.name`.
fn kotlin_receiver<'a>(signature: &'a str, name: &str) -> Option<&'a str> {
    let after_fun = signature.split_once("fun ")?.1.trim_start();
    let after_params = match after_fun.strip_prefix('<') {
        Some(rest) => {
            let mut depth = 1usize;
            let end = rest.char_indices().find_map(|(i, c)| {
                match c {
                    '<' => depth += 1,
                    '>' => depth -= 1,
                    _ => {}
                }
                (depth == 0).then_some(i)
            })?;
            rest[end + 1..].trim_start()
        }
        None => after_fun,
    };
    // `Recv.name(..)`: the receiver is what precedes `.name` before the parameters.
    let head = after_params.split('(').next()?.trim_end();
    let receiver = head.strip_suffix(name)?.strip_suffix('.')?;
    // A function type (`(() -> Unit).run`) names no type; type arguments may hold
    // spaces (`Map<K, V>.orEmpty`), the type's own name may not.
    let own = receiver.split('<').next().unwrap_or(receiver);
    (!own.is_empty() && !receiver.contains(['(', ')']) && !own.contains(' ')).then_some(receiver)
}

/// C#: the type of a first parameter marked `this`.
fn csharp_this_parameter(signature: &str) -> Option<&str> {
    let params = signature.split_once('(')?.1.trim_start();
    let rest = params.strip_prefix("this ")?.trim_start();
    // The type ends at the space before the parameter's name; generic arguments may
    // hold spaces of their own (`Dictionary<string, int> d`).
    let mut depth = 0usize;
    let end = rest.char_indices().find_map(|(i, c)| {
        match c {
            '<' | '[' | '(' => depth += 1,
            '>' | ']' | ')' => depth = depth.saturating_sub(1),
            ' ' | ',' if depth == 0 => return Some(i),
            _ => {}
        }
        None
    })?;
    Some(&rest[..end])
}

/// The package (Kotlin) or namespace (C#) an extension is defined in: what a file
/// must be in or import to call it. A C# extension method is a member of a top-level
/// static class: the class's namespace.
fn defining_package<'d>(lang: &str, d: &'d DefRef) -> Option<&'d str> {
    match lang {
        "csharp" => package_of_in(&d.file, d.symbol().parent?),
        _ => package_of(d),
    }
}

/// Whether `file` imports `name` by name from outside `module` (and its packages).
fn imports_by_name(file: &FileFacts, name: &str, module: &str) -> bool {
    file.imports.iter().any(|imp| {
        imp.name.as_deref() == Some(name)
            && imp.alias.as_deref().is_none_or(|a| a == name)
            && imp.module != module
            && !imp
                .module
                .strip_prefix(module)
                .is_some_and(|rest| rest.starts_with('.'))
    })
}

/// The simple name of the type a member written apart from it belongs to, as its
/// qualified name tells (`Mutex` of a Rust `impl` block's `sync.Mutex.lock`).
pub(super) fn owner_type_name(s: &Symbol) -> Option<&str> {
    s.qualified_name
        .strip_suffix(s.name.as_str())?
        .strip_suffix('.')?
        .rsplit(['.', ':'])
        .next()
}

/// A call whose lookup gave `found`, when no repository extension is what it calls.
/// A library's extension imported by name (Kotlin's `import
/// okio.ByteString.Companion.encodeUtf8`) may be what is called on a library type, or a
/// member of that type may: outside the repository either way, but in which module is
/// not known.
fn library_call(file: &FileFacts, r: &Reference, found: Resolution) -> Resolution {
    match found {
        Resolution::External(Some(m)) if imports_by_name(file, &r.name, &m) => {
            Resolution::External(None)
        }
        other => other,
    }
}

/// Whether extension `d` can be called where `r` stands: `In` for one declared at the
/// top level (the candidates are those of the packages in scope), or in a function or
/// class enclosing `r`; `Out` for one local to a function elsewhere; `Maybe` for one
/// declared in another class, which a subclass or a scope with a receiver (`with(w) {
/// .. }`) may call.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    In,
    Maybe,
    Out,
}

fn extension_scope(file: &Arc<FileFacts>, r: &Reference, d: &DefRef) -> Scope {
    let Some(parent) = d.symbol().parent else {
        return Scope::In;
    };
    let in_class = d.file.definitions[parent].kind.is_type_like();
    // A C# extension is a member of a static class: in scope with its namespace.
    if in_class && d.file.language.name == "csharp" {
        return Scope::In;
    }
    if Arc::ptr_eq(file, &d.file) && Resolver::is_within(file, r.enclosing, parent) {
        Scope::In
    } else if in_class {
        Scope::Maybe
    } else {
        Scope::Out
    }
}

impl Resolver<'_> {
    /// What a call `q.name(..)` whose lookup among the receiver's members gave `found`
    /// (external or unresolved) calls, given the extension functions in scope.
    pub(super) fn through_extensions(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        q: &str,
        kinds: &[Kind],
        found: Resolution,
    ) -> Resolution {
        let candidates = self.extensions_in_scope(file, r, kinds);
        if let Some(closed) = self.closed_receiver_type(file, r, q) {
            return self.on_closed_type(file, r, closed, candidates);
        }
        if candidates.is_empty() {
            return library_call(file, r, found);
        }
        // The names of the receiver's repository type and of its supertypes: an
        // extension of one of them is the one called.
        let Some(ty) = self.receiver_type(file, r, q) else {
            return Resolution::Unresolved;
        };
        let names = self.type_names(&ty);
        let fitting: Vec<DefRef> = candidates
            .into_iter()
            .filter(|c| extended_type_of(c).is_some_and(|t| names.contains(t)))
            .collect();
        match pick(fitting) {
            Some(d) => Resolution::Definition(d),
            None => Resolution::Unresolved,
        }
    }

    /// What call `r` on a value of closed library type `closed` calls, given the
    /// repository extensions of its name in scope: the one extension of that very type
    /// when the type has no member of that name; the type's member when no such
    /// extension is in scope; else the library's own extension (or another library's
    /// that the file imports). Unresolved when both the type and an extension of it
    /// have a method of that name (the arguments' types choose), when an extension of
    /// one of the type's supertypes, or of any type, may be the one called, or when one
    /// of that very type is declared in a class that may lend it as a receiver
    /// (`with(w) { .. }`).
    fn on_closed_type(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        closed: &ClosedType,
        candidates: Vec<DefRef>,
    ) -> Resolution {
        let library = Resolution::External(Some(closed.module.into()));
        let member = closed.members.contains(&r.name.as_str());
        let mut exact = Vec::new();
        for c in candidates {
            let Some(extended) = extended_type_of(&c) else {
                continue;
            };
            let scope = extension_scope(file, r, &c);
            if scope == Scope::Out {
                continue;
            }
            if closed.names.contains(&extended) && !self.names_repository_type(&c, extended) {
                if scope == Scope::Maybe {
                    return Resolution::Unresolved;
                }
                exact.push(c);
            } else if closed.supertypes.contains(&extended)
                || declares_type_parameter(c.symbol(), extended)
            {
                return Resolution::Unresolved;
            }
        }
        match (exact.is_empty(), member) {
            (true, true) => library,
            (true, false) => library_call(file, r, library),
            // The member is called when its parameters take the arguments, the
            // extension otherwise (`s.Trim(start, length)`): the argument types tell.
            (false, true) => Resolution::Unresolved,
            (false, false) => pick(exact).map_or(Resolution::Unresolved, Resolution::Definition),
        }
    }

    /// Whether the type `written` that extension `d` extends is a repository type where
    /// `d` is declared.
    fn names_repository_type(&self, d: &DefRef, written: &str) -> bool {
        let at = d.symbol().parent.and_then(|p| u32::try_from(p).ok());
        matches!(
            self.resolve_value_type(&d.file, at, written, None),
            Resolution::Definition(_) | Resolution::Overloads(_)
        )
    }

    /// A method named `name` of a Rust trait of the repository that `file` has in
    /// scope and that the repository implements for a library type (an `impl` of a
    /// method of that name for a type the repository does not define), called on a
    /// value of a library type of `receiver_module` (when known): the one such method,
    /// or unresolved when several traits declare one; `None` when no such trait is in
    /// scope (a library type's own `render` is not a trait's of the repository
    /// implemented only for repository types), or when the trait is implemented for no
    /// type of that module.
    pub(super) fn rust_trait_method_in_scope(
        &self,
        file: &Arc<FileFacts>,
        receiver_module: Option<&str>,
        name: &str,
        kinds: &[Kind],
    ) -> Option<Resolution> {
        let in_scope = |d: &DefRef| {
            let s = d.symbol();
            let Some(t) = s.parent.and_then(|p| d.file.definitions.get(p)) else {
                return false;
            };
            if t.kind != Kind::Trait || d.file.language.name != "rust" {
                return false;
            }
            if Arc::ptr_eq(&d.file, file) {
                return true;
            }
            file.imports
                .iter()
                .filter(|i| !i.wildcard && i.bound_name() == Some(t.name.as_str()))
                .any(|i| match self.resolve_import(file, i, TYPE_KINDS) {
                    Resolution::Definition(found) => {
                        Arc::ptr_eq(&found.file, &d.file) && Some(found.index) == s.parent
                    }
                    _ => false,
                })
        };
        let named = self.defs_named(name);
        // A trait of the tree in scope that declares the method and is implemented for
        // every type of some bound (`impl<St: Stream> StreamExt for St {}`) may be
        // what a library value calls, whichever library's: which one, the tree does
        // not tell.
        let blanket = named
            .iter()
            .any(|d| in_scope(d) && self.rust_blanket_trait_method(d));
        if blanket {
            return Some(Resolution::Unresolved);
        }
        // The library types the method is implemented for: each one's module, `None`
        // where it is not known (a blanket `impl<T: Tr> Trait for T`), which may be any.
        let for_library_types = named.iter().filter_map(|d| {
            let s = d.symbol();
            if d.file.language.name != "rust" || s.parent.is_some() {
                return None;
            }
            let ty = owner_type_name(s)?;
            let in_tree = self
                .defs_named(ty)
                .iter()
                .any(|t| t.symbol().kind.is_type_like());
            (!in_tree).then(|| match self.resolve_type_name(&d.file, None, ty, None) {
                Resolution::External(module) => module,
                _ => None,
            })
        });
        // A value of a library type of a module the trait is implemented for no type of
        // has the library's method (a `Vec`'s `push` beside a trait implemented for a
        // `RefCell`).
        let mut modules = for_library_types.peekable();
        modules.peek()?;
        let fits = |m: Option<String>| {
            m.is_none() || receiver_module.is_none() || m.as_deref() == receiver_module
        };
        if !modules.any(fits) {
            return None;
        }
        let found: Vec<DefRef> = named
            .iter()
            .filter(|d| kind_ok(kinds, d.symbol().kind) && in_scope(d))
            .cloned()
            .collect();
        match found.len() {
            0 => None,
            1 => found.into_iter().next().map(Resolution::Definition),
            _ => Some(Resolution::Unresolved),
        }
    }

    /// The repository type Kotlin extension function `e` of `file` extends: inside it,
    /// that type's members are called without a receiver (`fun Request.forCache() =
    /// newBuilder()..`), as inside the type's own methods.
    pub(super) fn extended_type_def(&self, file: &Arc<FileFacts>, e: usize) -> Option<DefRef> {
        let d = file.definitions.get(e)?;
        if file.language.name != "kotlin" || d.kind.is_type_like() {
            return None;
        }
        let written = extended_type(file.language.name, d)?;
        // Read where the function is declared, outside it: inside it, a name is first
        // looked up among the members of the very type being resolved.
        let outside = d.parent.map(|p| p as u32);
        match self.resolve_type_name(file, outside, written, None) {
            Resolution::Definition(t) if t.symbol().kind.is_type_like() => Some(t),
            _ => None,
        }
    }

    /// For a bare call `r` inside a Kotlin extension function of a library type (`fun
    /// Buffer.count() = size()`), what the tree can tell of it, given `found` by the
    /// usual lookup: the extended value is the innermost receiver, so its members come
    /// before those of the enclosing class and before the package's functions, and the
    /// tree does not show them. `toString`, `equals` and `hashCode`, which every value
    /// has, are the library type's, and so are the members of a type whose members are
    /// all known (`String`'s `get`); otherwise a function of the tree other than one
    /// declared inside the extension is unresolved. `None` when `r` is in no such
    /// extension, or the lookup's answer stands.
    pub(super) fn in_library_extension(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        found: &Resolution,
    ) -> Option<Resolution> {
        // A capitalised call constructs a class.
        if file.language.name != "kotlin"
            || r.qualifier.is_some()
            || r.kind != RefKind::Call
            || r.name.starts_with(char::is_uppercase)
        {
            return None;
        }
        let chain = Self::enclosing_chain(file, r.enclosing);
        let (e, written) = chain.iter().find_map(|&e| {
            let d = &file.definitions[e];
            let written = extended_type("kotlin", d).filter(|_| !d.kind.is_type_like())?;
            Some((e, written))
        })?;
        if self.extended_type_def(file, e).is_some() {
            return None;
        }
        let outside = file.definitions[e].parent.map(|p| p as u32);
        let Resolution::External(module) = self.resolve_type_name(file, outside, written, None)
        else {
            return None;
        };
        if matches!(r.name.as_str(), "toString" | "equals" | "hashCode") {
            return Some(Resolution::External(module));
        }
        // A type whose members are all known: its member, or else what the lookup found.
        if let Some(closed) = closed_type("kotlin", written, None) {
            let member = closed.members.contains(&r.name.as_str());
            return member.then(|| Resolution::External(Some(closed.module.into())));
        }
        match found {
            Resolution::Definition(d) | Resolution::Overloads(d) => {
                let parent = d.symbol().parent.map(|p| p as u32);
                let inside = Arc::ptr_eq(&d.file, file) && Self::is_within(file, parent, e);
                (!inside).then_some(Resolution::Unresolved)
            }
            _ => None,
        }
    }

    /// For a bare Kotlin call `r` the usual lookup tied to a repository extension
    /// function (`found`), whether that extension can be what is called: a bare call
    /// runs an extension on an implicit receiver, so its extended type must be one of
    /// the receivers in scope (the enclosing classes and the types enclosing extension
    /// functions extend, with their supertypes). `indexOf(..)` inside `fun
    /// String.check()` is not `fun Array<String>.indexOf(..)` of the same package: the
    /// call is unresolved, or the one other extension of that name in scope that
    /// extends a receiver there (`fun Lockable.assertLockNotHeld()` in a class that is
    /// `Lockable`, beside `fun Dispatcher.assertLockNotHeld()`, in one file or apart).
    /// An extension of `Any` or of a type parameter fits every receiver. Inside a
    /// lambda, whose receiver the syntax does not show, and when the lookup found no
    /// extension, `None`: the lookup's answer stands.
    pub(super) fn unreceived_extension(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        kinds: &[Kind],
        found: &Resolution,
    ) -> Option<Resolution> {
        if file.language.name != "kotlin" || r.qualifier.is_some() || r.kind != RefKind::Call {
            return None;
        }
        let (Resolution::Definition(d) | Resolution::Overloads(d)) = found else {
            return None;
        };
        if d.file.language.name != "kotlin" || d.symbol().kind.is_type_like() {
            return None;
        }
        let mut extended = extended_type("kotlin", d.symbol())?.to_string();
        // `fun Foo.Companion.parse()`: the companion of `Foo`, a receiver throughout
        // `Foo`'s body.
        if extended == "Companion" {
            let written = kotlin_receiver(d.symbol().header(), &d.symbol().name)?;
            let owner = written.rsplit('.').nth(1)?;
            extended = format!("{owner}.Companion");
        }
        let extended = extended.as_str();
        let fits_any = |d: &DefRef, t: &str| t == "Any" || declares_type_parameter(d.symbol(), t);
        if fits_any(d, extended) || Self::in_kotlin_lambda(file, r) {
            return None;
        }
        let receivers = self.implicit_receivers(file, r);
        let fits = receivers.contains(extended);
        // Overloads may extend different types: the receiver picks one.
        if fits && !matches!(found, Resolution::Overloads(_)) {
            return None;
        }
        let mut fitting: Vec<DefRef> = self
            .extensions_in_scope(file, r, kinds)
            .into_iter()
            .filter(|c| {
                extended_type_of(c).is_some_and(|t| !fits_any(c, t) && receivers.contains(t))
            })
            .collect();
        match (fitting.len(), fits) {
            (1, _) => fitting.pop().map(Resolution::Definition),
            (_, true) => None,
            (_, false) => Some(Resolution::Unresolved),
        }
    }

    /// The names of the types a bare Kotlin call `r` may run on: each enclosing class
    /// (and its companion) and each type an enclosing extension function extends,
    /// with the supertypes of each.
    fn implicit_receivers(&self, file: &Arc<FileFacts>, r: &Reference) -> HashSet<String> {
        let mut receivers: HashSet<String> = HashSet::new();
        for e in Self::enclosing_chain(file, r.enclosing) {
            let def = &file.definitions[e];
            if def.kind.is_type_like() {
                receivers.insert(format!("{}.Companion", def.name));
                receivers.extend(self.type_names(&DefRef {
                    file: file.clone(),
                    index: e,
                }));
                continue;
            }
            let Some(written) = extended_type("kotlin", def) else {
                continue;
            };
            receivers.insert(written.to_string());
            if let Some(closed) = closed_type("kotlin", written, None) {
                receivers.extend(closed.supertypes.iter().map(|s| s.to_string()));
            }
            if let Some(ty) = self.extended_type_def(file, e) {
                receivers.extend(self.type_names(&ty));
            }
        }
        receivers
    }

    /// The repository extensions named `name` the code at `r` can call: Kotlin's in
    /// its file's package, imported by name, in a package it imports whole, or
    /// declared in a class; C#'s in the namespaces its type is in or its file names in
    /// a `using` directive.
    fn extensions_in_scope(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        kinds: &[Kind],
    ) -> Vec<DefRef> {
        let lang = file.language.name;
        let name = r.name.as_str();
        let mut packages: Vec<&str> = Vec::new();
        let own = package_at(file, r.enclosing);
        // Code in `namespace A.B` sees the extensions of `A` too.
        let mut outer = own;
        while let Some(p) = outer {
            packages.push(p);
            outer = (lang == "csharp")
                .then(|| p.rsplit_once('.').map(|(up, _)| up))
                .flatten();
        }
        for imp in &file.imports {
            if imp.wildcard || (imp.name.as_deref() == Some(name) && imp.alias.is_none()) {
                packages.push(&imp.module);
            }
        }
        // Swift's extensions are seen throughout the module that declares them.
        let everywhere = lang == "swift";
        // A Kotlin extension declared in a class is called inside that class, its
        // subclasses, or a scope that takes an instance of it as receiver (`with(w) {
        // sink.writeName(..) }`): wherever it is declared, it may be what is called.
        let in_a_class = |d: &DefRef| {
            lang == "kotlin"
                && d.symbol()
                    .parent
                    .is_some_and(|p| d.file.definitions[p].kind.is_type_like())
        };
        self.defs_named(name)
            .iter()
            .filter(|d| {
                let s = d.symbol();
                d.file.language.name == lang
                    && kind_ok(kinds, s.kind)
                    && extended_type_of(d).is_some()
                    && (everywhere
                        || in_a_class(d)
                        || defining_package(lang, d).is_some_and(|p| packages.contains(&p)))
            })
            .cloned()
            .collect()
    }

    /// Swift: whether call `r`, which constructs a library type, may run an initializer
    /// the repository declares in an extension of that type (`String.Encoding(
    /// ianaCharsetName: name)` beside `extension String.Encoding { init?(ianaCharsetName
    /// name: String) }`). The type's own initializers and the extension's are told
    /// apart by argument labels, which the facts do not hold: such a call is not known
    /// to be the library's.
    pub(super) fn may_run_extension_init(&self, file: &Arc<FileFacts>, r: &Reference) -> bool {
        if file.language.name != "swift"
            || r.kind != RefKind::Call
            || !r.name.starts_with(char::is_uppercase)
        {
            return false;
        }
        let written = match r.qualifier.as_deref().map(str::trim) {
            None => r.name.clone(),
            Some(q) if q.split('.').all(is_word) => format!("{q}.{}", r.name),
            Some(_) => return false,
        };
        self.defs_named("init").iter().any(|d| {
            let s = d.symbol();
            d.file.language.name == "swift"
                && s.parent.is_none()
                && s.qualified_name
                    .strip_suffix(".init")
                    // One type, with more or fewer of its enclosing names written
                    // (`Foundation.URLRequest`, `URLRequest`).
                    .is_some_and(|ty| names_tail(ty, &written) || names_tail(&written, ty))
        })
    }

    /// The repository type of the receiver `q` of `r`, when the code states it: `this`,
    /// a typed parameter, local or field, or a path of fields from one (through a Rust
    /// pointer or guard, the value's type).
    pub(super) fn receiver_type(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        q: &str,
    ) -> Option<DefRef> {
        let unmarked = unmarked(file.language.name, q.trim());
        let q = unmarked.as_ref();
        let ty = if self.scoping(file).self_names.contains(&q) {
            return self.enclosing_type_def(file, r.enclosing);
        } else if let Some(ty) = self.field_path_type(file, r, q) {
            ty
        } else if is_word(q) {
            let b = Self::binding_at(file, r, q)?;
            self.type_of_binding(file, r, b)
        } else {
            return None;
        };
        // A Rust pointer's or guard's members are the value's.
        match ty.past_pointer() {
            Resolution::Definition(t) if t.symbol().kind.is_type_like() => Some(t),
            _ => None,
        }
    }

    /// The names of a repository type and of every type it extends, as written in the
    /// inheritance clauses of it and of its repository supertypes.
    fn type_names(&self, ty: &DefRef) -> HashSet<String> {
        let mut names: HashSet<String> = HashSet::new();
        let mut level = vec![ty.clone()];
        let mut seen: HashSet<(usize, usize)> = HashSet::new();
        for _ in 0..MAX_TYPE_DEPTH {
            let mut next = Vec::new();
            for t in level {
                if !seen.insert((Arc::as_ptr(&t.file) as usize, t.index)) {
                    continue;
                }
                names.insert(t.symbol().name.clone());
                names.extend(inherited_names(&t.file, t.index));
                next.extend(self.supertypes(&t).into_iter().filter_map(|s| match s {
                    Resolution::Definition(d) => Some(d),
                    _ => None,
                }));
            }
            if next.is_empty() {
                break;
            }
            level = next;
        }
        names
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn symbol(name: &str, signature: &str) -> Symbol {
        Symbol {
            id: String::new(),
            name: name.into(),
            qualified_name: name.into(),
            kind: Kind::Function,
            language: "",
            path: std::path::Path::new("x").into(),
            line: 1,
            start_line: 1,
            end_line: 1,
            start_byte: 0,
            end_byte: 0,
            signature: signature.into(),
            long_header: None,
            doc: None,
            parent: None,
            name_byte: 0,
            incomplete: false,
            bodiless: false,
            type_level: false,
        }
    }

    #[test]
    fn the_extended_type_is_read_from_the_signature() {
        let kotlin =
            |sig: &str, name: &str| extended_type("kotlin", &symbol(name, sig)).map(str::to_string);
        assert_eq!(
            kotlin("fun Closeable.closeQuietly() {", "closeQuietly").as_deref(),
            Some("Closeable")
        );
        assert_eq!(
            kotlin(
                "internal fun <T> List<T>.toImmutableList(): List<T> =",
                "toImmutableList"
            )
            .as_deref(),
            Some("List")
        );
        assert_eq!(
            kotlin(
                "fun <K, V : Any> Map<K, V>?.orEmpty(): Map<K, V>",
                "orEmpty"
            )
            .as_deref(),
            Some("Map")
        );
        assert_eq!(
            kotlin("fun okio.BufferedSource.readMedium(): Int {", "readMedium").as_deref(),
            Some("BufferedSource")
        );
        assert_eq!(
            kotlin("fun String?.isNullOrBlank(): Boolean", "isNullOrBlank").as_deref(),
            Some("String")
        );
        // Not extensions: a plain function, a member, a longer name.
        assert_eq!(
            kotlin("fun closeQuietly(c: Closeable) {", "closeQuietly"),
            None
        );
        assert_eq!(kotlin("override fun close() {", "close"), None);
        assert_eq!(kotlin("fun Foo.closeAll() {", "close"), None);
        // A function type as receiver names no type.
        assert_eq!(kotlin("fun (() -> Unit).run() {", "run"), None);
        let csharp =
            |sig: &str, name: &str| extended_type("csharp", &symbol(name, sig)).map(str::to_string);
        assert_eq!(
            csharp(
                "public static bool IsNullOrEmpty(this string s)",
                "IsNullOrEmpty"
            )
            .as_deref(),
            Some("string")
        );
        assert_eq!(
            csharp(
                "public static TValue Get<TKey, TValue>(this IDictionary<TKey, TValue> d, TKey k)",
                "Get"
            )
            .as_deref(),
            Some("IDictionary")
        );
        assert_eq!(
            csharp(
                "public static bool IsNullOrEmpty(string s)",
                "IsNullOrEmpty"
            ),
            None
        );
        assert_eq!(
            extended_type("java", &symbol("f", "static void f(this x)")),
            None
        );
    }
}
