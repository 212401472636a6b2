//! Names with a receiver or qualifier (`a.b()`, `Type::f`, `this.x.y()`): the receiver
//! is resolved first, to a module, a type or a value whose type is known, and the name
//! is then looked up there. A receiver whose type the code does not state leaves the
//! name unresolved.

use std::borrow::Cow;
use std::collections::HashSet;
use std::sync::Arc;

use super::go_library_values::std_value_from;
use super::imports::is_js;
use super::imports::ModuleTarget;
use super::members::{pick, with_variants, Lookup};
use super::returns::{receiver_call, ReceiverCall};
use super::value_types::declares_field_types;
use super::{is_word, DefRef, NameRole, Resolution, Resolver, TYPE_KINDS};
use crate::facts::{is_namespace_path, null_marks, FileFacts, Import, RefKind, Reference};
use crate::query::scoping::PackageScope;
use crate::symbols::Kind;

/// The import by which `file` sees module path `q` (`os.path`): an import of it whole,
/// or of its first module, of which it is a submodule (`import os` for `os.path`).
pub(super) fn imported_module_path<'f>(file: &'f FileFacts, q: &str) -> Option<Cow<'f, Import>> {
    if let Some(imp) = file
        .imports
        .iter()
        .find(|i| i.name.is_none() && i.alias.is_none() && i.module == q)
    {
        return Some(Cow::Borrowed(imp));
    }
    let first = q.split('.').next().unwrap_or(q);
    let imp = file
        .imports
        .iter()
        .find(|i| i.name.is_none() && !i.wildcard && i.bound_name() == Some(first))?;
    Some(Cow::Owned(Import {
        module: format!("{}{}", imp.module, &q[first.len()..]),
        alias: None,
        ..imp.clone()
    }))
}

/// The import that binds a whole module's names as `name` (`import * as name from
/// ".."`).
fn namespace_import<'f>(file: &'f FileFacts, name: &str) -> Option<&'f Import> {
    file.imports
        .iter()
        .find(|i| i.wildcard && i.alias.as_deref() == Some(name))
}

/// The class a receiver constructs: `new Foo(..)`, or `Foo(..)` with a capitalised
/// name where the language constructs by calling the class (Python, Kotlin, Swift).
/// In C#, Java or TypeScript, `Serializer.GetReferenceResolver()` calls a method.
fn constructed_class<'q>(q: &'q str, lang: &str) -> Option<&'q str> {
    let by_call = !matches!(
        lang,
        "java" | "csharp" | "javascript" | "typescript" | "tsx" | "php" | "groovy"
    );
    let q = q.strip_suffix(')')?;
    let open = q.find('(')?;
    let callee = q[..open].trim();
    let (explicit, callee) = match callee.strip_prefix("new ") {
        Some(c) => (true, c.trim()),
        None => (false, callee),
    };
    let last = callee.rsplit('.').next().unwrap_or(callee);
    let plain = !callee.is_empty() && callee.split('.').all(is_word);
    let capitalised = last.chars().next().is_some_and(char::is_uppercase);
    (plain && (explicit || (by_call && capitalised))).then_some(callee)
}

/// Whether `s` is one name: a word, or C#'s verbatim form of one (`@event`, the local
/// named `event`), which its declaration writes alike.
fn is_name(lang: &str, s: &str) -> bool {
    is_word(s) || (lang == "csharp" && s.strip_prefix('@').is_some_and(is_word))
}

/// A receiver that reads fields of what a call gives: the call, `a.f()` of
/// `a.f().items.b`.
fn call_then_fields(q: &str) -> Option<&str> {
    let close = q.rfind(')')?;
    let fields = q[close + 1..].strip_prefix('.')?;
    fields.split('.').all(is_word).then_some(&q[..=close])
}

/// The type a receiver is cast to or asserted to hold: `((Map<K, V>) x)` →
/// `Map<K, V>`; Go's `x.(*T)` → `*T`; C++'s `static_cast<Impl*>(db)` → `Impl`.
fn cast_type(q: &str) -> Option<&str> {
    for cast in [
        "static_cast<",
        "dynamic_cast<",
        "reinterpret_cast<",
        "const_cast<",
    ] {
        if let Some(rest) = q.strip_prefix(cast) {
            let (ty, arg) = rest.rsplit_once(">(")?;
            let ty = ty.trim().trim_start_matches("const ");
            let ty = ty
                .trim_end_matches(['*', '&', ' '])
                .trim_end_matches(" const");
            let ok = arg.ends_with(')') && ty.split("::").all(is_word);
            return ok.then_some(ty);
        }
    }
    // Go's assertion names the type whatever value it is of (`x.(*T)`,
    // `ctx.Value(key).(*T)`).
    if let Some((value, ty)) = q.strip_suffix(')').and_then(|q| q.rsplit_once(".(")) {
        let ok = (value.split('.').all(is_word) || balanced(value))
            && ty != "type"
            && !ty.contains(['(', ')']);
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

/// Whether `text` is a whole expression as far as parentheses go: not empty, each one
/// closed, none closed before it opens.
fn balanced(text: &str) -> bool {
    let mut depth = 0usize;
    for b in text.bytes() {
        match b {
            b'(' => depth += 1,
            b')' => match depth.checked_sub(1) {
                Some(d) => depth = d,
                None => return false,
            },
            _ => {}
        }
    }
    depth == 0 && !text.trim().is_empty()
}

/// The type a parenthesized `as` cast names (Kotlin's `(x as Foo)`, `(x as? Foo)`,
/// TypeScript's and C#'s `(x as Foo)`, Swift's `(x as! Foo)`): the receiver is a
/// `Foo`. Only the last `as` of the parentheses counts (`(x as unknown as Foo)`), and
/// only a named type: not TypeScript's `as const`, a union or a function type, nor a
/// type that says nothing of the value's members (`any`, `unknown`, C#'s `dynamic`).
fn as_cast_type<'q>(lang: &str, q: &'q str) -> Option<&'q str> {
    if !matches!(lang, "kotlin" | "typescript" | "tsx" | "csharp" | "swift") {
        return None;
    }
    let inner = q.strip_prefix('(')?.strip_suffix(')')?;
    // The parentheses must be one pair around the whole receiver.
    let mut depth = 0usize;
    for b in inner.bytes() {
        match b {
            b'(' => depth += 1,
            b')' => depth = depth.checked_sub(1)?,
            _ => {}
        }
    }
    if depth != 0 {
        return None;
    }
    let (value, ty) = inner.rsplit_once(" as")?;
    let ty = ty
        .strip_prefix(['?', '!'])
        .unwrap_or(ty)
        .strip_prefix(' ')?
        .trim()
        .trim_end_matches(['?', '!']);
    // `typeof Foo`, `keyof T`: no space before the type arguments.
    let head = ty.split('<').next().unwrap_or(ty);
    let named = !value.trim().is_empty()
        && ty.chars().next().is_some_and(char::is_alphabetic)
        && !matches!(ty, "const" | "any" | "unknown" | "never" | "dynamic")
        && !head.contains(' ')
        && ty
            .split(['.', '<', '>', ',', ' '])
            .all(|w| w.is_empty() || is_word(w));
    named.then_some(ty)
}

/// Namespaces a library's type declarations make global (`export as namespace
/// React;`), and the library.
const LIBRARY_GLOBAL_NAMESPACES: &[(&str, &str)] = &[("React", "react")];

/// Whether receiver `q` is one string literal (`"a,b"`, `f"{x}"`, `r#"..."#`) in a
/// language whose strings have members: its members are the language's string type's,
/// whatever the tree names alike. Not where a string has no members (Go, PHP, C), nor
/// where the tree may add members to the standard string through its prototype
/// (JavaScript). The literal must end where the receiver does: `"bob".toUser()` is a
/// call's result.
fn is_string_literal(lang: &str, q: &str) -> bool {
    let (prefixes, quotes): (&[char], &[char]) = match lang {
        "java" | "kotlin" | "swift" => (&[], &['"']),
        "csharp" => (&['@', '$'], &['"']),
        "python" => (&['r', 'R', 'u', 'U', 'f', 'F', 'b', 'B'], &['"', '\'']),
        "ruby" => (&[], &['"', '\'']),
        "rust" => (&['r', '#'], &['"']),
        _ => return false,
    };
    let body = q.trim_start_matches(prefixes);
    let Some(open) = body.chars().next().filter(|c| quotes.contains(c)) else {
        return false;
    };
    let end = if lang == "rust" {
        q.trim_end_matches('#')
    } else {
        q
    };
    q.len() - body.len() <= 3 && body.len() >= 2 && end.ends_with(open)
}

/// C#'s lower-case names of library types (`string.Equals`, `char.IsUpper`).
const CSHARP_TYPE_KEYWORDS: &[&str] = &[
    "bool", "byte", "char", "decimal", "double", "dynamic", "float", "int", "long", "nint",
    "nuint", "object", "sbyte", "short", "string", "uint", "ulong", "ushort",
];

/// Whether a lower-case name in `lang` never names a class (the conventions of
/// Swift, Kotlin and C#, and Ruby's rule that a constant is capitalised; Java code
/// names library fields inherited from its base classes that way, and answers them
/// external).
fn lower_case_is_a_value(lang: &str) -> bool {
    matches!(lang, "swift" | "kotlin" | "csharp" | "ruby" | "scala")
}

/// Receiver `q` as a path of fields (`a.b`): without null-safety marks (`a?.b`, `a!.b`,
/// Kotlin's `a!!.b`), which change nothing of the types, and with PHP's `$this->items`
/// (and `?->`) written `$this.items`, C and C++'s `r->block` (a field through a
/// pointer) `r.block`.
/// A Rust receiver that makes another pointer to a value: the pointer type as written,
/// the value (`Arc` and `self.shared` of `Arc::clone(&self.shared)`), and the methods
/// that are the pointer's own rather than the value's (`Pin`'s, of `std::pin`).
struct SharedAgain<'q> {
    pointer: &'q str,
    value: &'q str,
    own: &'static [&'static str],
}

/// The methods of `Pin` itself: any other called on `Pin::new(&mut x)` is `x`'s.
const PIN_OWN_METHODS: &[&str] = &[
    "as_deref_mut",
    "as_mut",
    "as_ref",
    "get_mut",
    "get_ref",
    "get_unchecked_mut",
    "into_inner",
    "into_inner_unchecked",
    "into_ref",
    "map_unchecked",
    "map_unchecked_mut",
    "set",
];

/// Reads `q` as `Arc::clone(&x)` or `Rc::clone(&x)`, or as `Pin::new(&mut x)` (the
/// pointer perhaps written with its path), of a local or a field path `x`.
fn rust_shared_again(q: &str) -> Option<SharedAgain<'_>> {
    let inner = q.strip_suffix(')')?;
    let (callee, argument) = inner.split_once('(')?;
    let callee = callee.trim();
    let (pointer, value, own) = if let Some(pointer) = callee.strip_suffix("::clone") {
        if !matches!(pointer.rsplit("::").next(), Some("Arc" | "Rc")) {
            return None;
        }
        (pointer, argument.trim().strip_prefix('&')?, &[][..])
    } else {
        let pointer = callee.strip_suffix("::new")?;
        if pointer.rsplit("::").next() != Some("Pin") {
            return None;
        }
        let value = argument.trim();
        let value = value
            .strip_prefix("&mut ")
            .or_else(|| value.strip_prefix('&'))
            .unwrap_or(value);
        (pointer, value, PIN_OWN_METHODS)
    };
    let value = value.trim();
    value.split('.').all(is_word).then_some(SharedAgain {
        pointer,
        value,
        own,
    })
}

pub(super) fn unmarked<'q>(lang: &str, q: &'q str) -> Cow<'q, str> {
    if null_marks(lang) && q.contains(['!', '?']) {
        Cow::Owned(q.replace(['!', '?'], ""))
    } else if lang == "php" && q.contains("->") {
        Cow::Owned(q.replace("?->", ".").replace("->", "."))
    } else if matches!(lang, "c" | "cpp") && q.contains("->") {
        Cow::Owned(q.replace("->", "."))
    } else {
        Cow::Borrowed(q)
    }
}

impl<'s> Resolver<'s> {
    pub(super) fn resolve_qualified(
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
        if file.language.name == "lua" {
            return self.lua_member(file, r, q, kinds);
        }
        // Ruby's `include Jekyll::Filters::URLFilters`: the module at that path.
        if file.language.name == "ruby" && r.kind == RefKind::Inheritance {
            return self.ruby_constant_path(q, name);
        }
        if r.kind == RefKind::TypeUse {
            // Swift's metatypes (`T.Type`, `P.Protocol`): the language gives every type
            // one.
            if file.language.name == "swift" && matches!(name, "Type" | "Protocol") {
                return Resolution::External(Some(sc.builtin_module.to_string()));
            }
            // `Serializer.SerializedObject`, with `Serializer` a type parameter: a
            // member type of whatever type a caller supplies.
            if Self::is_type_parameter(file, r.enclosing, q.split('.').next().unwrap_or(q)) {
                return Resolution::Unresolved;
            }
        }
        // Scala's `_.get(k)`: a lambda's parameter, of whatever type the call it is
        // passed to gives it.
        if file.language.name == "scala" && (q == "_" || q.starts_with("_.")) {
            return Resolution::Unresolved;
        }
        // PHP's `\App\f()` (a namespace's name) and `\App\Box::make()` (a member of
        // a class named with its namespace).
        if file.language.name == "php" && q.contains('\\') {
            if is_namespace_path(q) {
                return self.in_php_namespace(file, r.enclosing, q, name, kinds);
            }
            if let Some(found) = self.member_of_written(file, r, q, name, kinds) {
                return found;
            }
        }
        // `((Collection<?>) object).isEmpty()`, `(x as Foo).run()`: the cast names the
        // receiver's type.
        if let Some(found) = cast_type(q)
            .or_else(|| as_cast_type(file.language.name, q))
            .and_then(|ty| self.member_of_written(file, r, ty, name, kinds))
        {
            return found;
        }
        // `foos[i].run()`, `foos.get(i).run()`: an entry of a collection whose
        // declaration says what it holds.
        if let Some(ty) = self.entry_read_type(file, r, &unmarked(file.language.name, q)) {
            return self.member_of_value_in(file, ty, name, kinds);
        }
        // A string literal's members are the language's string type's: Ruby's top-level
        // `String`, which the tree may reopen, or the library's.
        if is_string_literal(file.language.name, q) {
            let reopened = (file.language.name == "ruby")
                .then(|| self.only_type_named("String"))
                .flatten()
                .filter(|d| d.file.language.name == "ruby");
            let ty = reopened.map_or_else(
                || Resolution::External(Some(sc.builtin_module.to_string())),
                Resolution::Definition,
            );
            return self.member_of_value_in(file, ty, name, kinds);
        }
        // Rust's `Arc::clone(&self.shared).f()`, `Pin::new(&mut self.io).f()`:
        // another pointer to the same value.
        if let Some(shared) = rust.then(|| rust_shared_again(q)).flatten() {
            let pointer = shared.pointer.rsplit("::").next().unwrap_or(shared.pointer);
            let owned = matches!(
                self.resolve_type_name(file, r.enclosing, pointer, None),
                Resolution::Definition(_)
            );
            if !owned {
                if shared.own.contains(&name) {
                    return Resolution::External(Some("std::pin".to_string()));
                }
                return self.resolve_qualified(file, r, shared.value, kinds);
            }
        }
        // Rust's `f()?.g()`: `?` takes the value out of a `Result` or an `Option`, a
        // type the written return type only holds as an argument.
        if rust && q.ends_with('?') {
            return Resolution::Unresolved;
        }
        // A macro's metavariable (`$s.poll()`, `$t::new()`) stands for whatever the
        // macro is given: neither the tree's nor a library's. Its `$crate` is the crate
        // the macro is written in, read as a path below.
        if rust && q.starts_with('$') && q != "$crate" && !q.starts_with("$crate::") {
            return Resolution::Unresolved;
        }
        // `anyhow::bail!(..)`, `log::debug!(..)`: a path from a library crate the
        // package depends on (a qualifier of one name, which no local or import binds;
        // a module of the crate of that name still comes first).
        if rust
            && is_word(q)
            && q.starts_with(char::is_lowercase)
            && Self::binding_at(file, r, q).is_none()
            && self
                .import_binding(file, r.start_byte as usize, q)
                .is_none()
            && self.names_library_crate(file, r.start_byte as usize, q)
        {
            return self.member_of_rust_path(file, r.start_byte as usize, q, name, kinds);
        }
        // `super::spawn::spawn_inner()`, `crate::runtime::Handle::current()`.
        if rust
            && (q == "super"
                || q == "crate"
                || q == "$crate"
                || (q.contains("::")
                    && q.split("::")
                        .enumerate()
                        .all(|(i, s)| (i == 0 && s.is_empty()) || is_word(s.trim()))))
        {
            // `S::Error::new(..)` with `S` a type parameter: a member of whatever type
            // a caller supplies, neither the tree's nor a library's. A capitalised
            // first name is a type (crates are lower-case): one neither the prelude,
            // an import nor the tree gives is such a parameter, of the function or of
            // its `impl<S: Sink>` block (whose parameters the facts do not keep).
            let first = q.trim_start_matches("::").split("::").next().unwrap_or(q);
            let unknown_type = || {
                first.starts_with(char::is_uppercase)
                    && first != "Self"
                    && sc.builtin_module_of(first).is_none()
                    && self
                        .import_binding(file, r.start_byte as usize, first)
                        .is_none()
                    && !self
                        .defs_named(first)
                        .iter()
                        .any(|d| d.symbol().kind.is_type_like())
            };
            if Self::is_type_parameter(file, r.enclosing, first) || unknown_type() {
                return Resolution::Unresolved;
            }
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
        // the type of a field of the enclosing type or of a typed binding.
        let unmarked = unmarked(file.language.name, q);
        let q = unmarked.as_ref();
        if let Some(ty) = self.field_path_type(file, r, q) {
            return self.member_of_value_in(file, ty, name, kinds);
        }
        // The type of the enclosing types' field the first name of `q` is, when one
        // was looked for (C++ asks before a namespace path; a bare receiver after).
        let mut first_field: Option<Option<Resolution>> = None;
        // C++'s `port::Snappy_Compress(..)`, `crc32c::Value(..)`: a member of a
        // namespace (the facts write `::` as `.`), unless the first name is a value.
        if file.language.name == "cpp" {
            let mut words = q.split(['.', ':']).filter(|w| !w.is_empty());
            let first = words.clone().next().unwrap_or(q);
            // Where a type is written (`log::Reader reader(..)`), the path is never a
            // value's, whatever variable shares its first name.
            let type_path = matches!(r.kind, RefKind::TypeUse | RefKind::Inheritance);
            let mut value = || {
                Self::binding_at(file, r, first).is_some()
                    || (sc.implicit_this
                        && first_field
                            .get_or_insert_with(|| self.inherited_field_type(file, r, first))
                            .is_some())
            };
            if words.all(is_word) && (type_path || !value()) {
                if let Some(found) = self.cpp_scoped(file, r.enclosing, q, name, kinds) {
                    return found;
                }
            }
        }
        // `React.ReactNode` in a module that imports no `React`: the namespace the
        // library's type declarations make global.
        let first = q.split('.').next().unwrap_or(q);
        if let Some(module) = self
            .library_global_namespace(file, q)
            .filter(|_| Self::binding_at(file, r, first).is_none())
        {
            return Resolution::External(Some(module.to_string()));
        }
        if is_name(file.language.name, q) {
            // A parameter, local or field with a known type, or one given the result
            // of a call.
            if let Some(b) = Self::binding_at(file, r, q) {
                let ty = self.type_of_named_binding(file, r, q, b);
                return self.member_of_value_in(file, ty, name, kinds);
            }
            // An imported module, or an imported type.
            if let Some(imp) = self.import_binding(file, r.start_byte as usize, q) {
                return self.member_of_import(file, imp, name, kinds);
            }
            // Rust's `tokio::spawn()`: a crate of the workspace (or a module of this
            // one) by its name.
            if rust && q.starts_with(char::is_lowercase) {
                if let Some(target) = self.rust_path_files(file, r.start_byte as usize, q) {
                    return self.module_member(&target, name, kinds);
                }
            }
            if let Some(imp) = namespace_import(file, q) {
                let target = self.module_target(file, imp);
                if let ModuleTarget::External(m) = target {
                    return Resolution::External(Some(m));
                }
                return self.module_member(&target, name, kinds);
            }
            // A PHP `$variable` is never a class: one with no known type is unresolved.
            if file.language.name == "php" && q.starts_with('$') {
                return Resolution::Unresolved;
            }
            // A field the enclosing type inherits (`Serializer.GetReferenceResolver()`
            // with `Serializer` declared by a base class in another file): a field's
            // name hides a type's.
            if sc.implicit_this {
                // `q` is one word here: the first name a C++ path check looked up.
                let field = first_field.unwrap_or_else(|| self.inherited_field_type(file, r, q));
                if let Some(ty) = field {
                    return self.member_of_value_in(file, ty, name, kinds);
                }
            }
            // A constant or variable of the tree (Rust's `HELLO.len()`, C's
            // `server.clients`): a member of its value, whose type the facts do not
            // hold; not a class named so.
            if let Resolution::Definition(c) = self.resolve_unqualified(
                file,
                r.enclosing,
                q,
                &[Kind::Constant, Kind::Variable],
                NameRole::Value,
            ) {
                if c.symbol().kind.is_value() {
                    if let Some(found) = self.rust_constant_member(file, &c, name, kinds) {
                        return found;
                    }
                    // One of another file of the package (Go's `echoCmd.Name()`): a
                    // member of the type its own file gives it.
                    if !Arc::ptr_eq(&c.file, file) {
                        if let Some(ty) = self.file_value_type(&c.file.path, q) {
                            return self.member_of_value_in(file, ty, name, kinds);
                        }
                    }
                    return Resolution::Unresolved;
                }
            }
            // A class name: a static member.
            let class =
                self.resolve_unqualified(file, r.enclosing, q, TYPE_KINDS, NameRole::TypeOnly);
            // A TypeScript namespace of the file or the tree (`TChat.Message`), which
            // no type of the name hides: its member, not a library's.
            if !matches!(class, Resolution::Definition(_))
                && matches!(file.language.name, "typescript" | "tsx")
            {
                if let Resolution::Definition(ns) = self.resolve_unqualified(
                    file,
                    r.enclosing,
                    q,
                    &[Kind::Namespace],
                    NameRole::TypeOnly,
                ) {
                    return self.lookup_result(self.member_of(&ns, name, kinds));
                }
            }
            return match class {
                Resolution::Definition(ty) => {
                    self.lookup_result(self.member_of(&ty, name, &with_variants(&ty, kinds)))
                }
                // Where types are capitalised, a lower-case receiver no scope binds is
                // a value bound where the facts do not show it (Swift's `guard let`,
                // a closure's parameter), not a library class.
                Resolution::External(_)
                    if lower_case_is_a_value(file.language.name)
                        && q.starts_with(|c: char| c.is_lowercase())
                        && !CSHARP_TYPE_KEYWORDS.contains(&q) =>
                {
                    Resolution::Unresolved
                }
                Resolution::External(m) => Resolution::External(m),
                _ => Resolution::Unresolved,
            };
        }
        // `Foo().bar()`, `new Foo().bar()`: a member of the class just constructed.
        // Unless no type but a function of the tree has that name (C++'s
        // `ReadBlock(..).ok()`): then it is what the function returns, below.
        // Not `db.Logger()` (Go's methods are capitalised): a value's method, called.
        let constructed = constructed_class(q, file.language.name).filter(|ty| {
            ty.split_once('.').is_none_or(|(first, _)| {
                !matches!(first, "this" | "self")
                    && Self::binding(file, r.enclosing, first).is_none()
            })
        });
        if let Some(ty) = constructed {
            let last = ty.rsplit('.').next().unwrap_or(ty);
            match self.member_of_written(file, r, ty, name, kinds) {
                Some(Resolution::External(_))
                    if self
                        .defs_named(last)
                        .iter()
                        .any(|d| matches!(d.symbol().kind, Kind::Function | Kind::Method)) => {}
                // Go's `F(..)`, `pkg.F(..)`, calls a function as often as it converts
                // to a type; of a library, the function may be generic
                // (`slices.Max(items)` gives the tree's type): unless it names a type of
                // the tree, read as a call below.
                Some(found) if file.language.name == "go" => {
                    if let Resolution::Definition(_) = found {
                        return found;
                    }
                }
                Some(found) => return found,
                None => {}
            }
        }
        // `getBeanFactory().getBean()`, `context.getParent().getBean()`: a member of
        // the type the called method declares it returns.
        if let Some(call) = receiver_call(q) {
            return self.member_of_call_result(file, r, &call, name, kinds);
        }
        // `lc.Self().WriteTo.Sink()`, `new Conf().WriteTo.Sink()`: a member of a field
        // of what a call gives, where fields declare their types.
        if let Some(head) = call_then_fields(q) {
            if declares_field_types(file.language.name) {
                let constructed = constructed_class(head, file.language.name).map(|ty| {
                    match crate::facts::written_type(ty, file.language.name) {
                        (tq, Some(tn)) => {
                            self.resolve_type_name(file, r.enclosing, &tn, tq.as_deref())
                        }
                        _ => Resolution::Unresolved,
                    }
                });
                let given = match constructed {
                    // Go's `p.Get()`, `F()`: a call, unless it names a type of the tree.
                    Some(ty)
                        if file.language.name != "go"
                            || matches!(ty, Resolution::Definition(_)) =>
                    {
                        ty
                    }
                    _ => self.type_of_receiver(file, r, head),
                };
                let ty = self.type_of_fields(file, r, q, given, head.len());
                return self.member_of_value_in(file, ty, name, kinds);
            }
        }
        // `flask.g.get(..)`, `config.db.query(..)`: a member of a module's variable,
        // named through an import.
        if let Some(ty) = self.module_variable_type(file, r, q) {
            return self.member_of_value_in(file, ty, name, kinds);
        }
        // `a.b.c.f()`: an imported module path, or a package-qualified type. (Rust's
        // paths are written with `::`: its `a.b` is always a value's field.)
        if !rust && q.split('.').all(is_word) {
            if let Some(imp) = imported_module_path(file, q) {
                return self.member_of_import(file, &imp, name, kinds);
            }
            let first = q.split('.').next().unwrap_or(q);
            // `org.acme.env.PropertySource`: a type written with its package.
            if sc.package == PackageScope::Declared
                && q.split('.').all(|w| w.starts_with(char::is_lowercase))
                && Self::binding(file, r.enclosing, first).is_none()
            {
                match self.type_in_package(q, name) {
                    Resolution::Unresolved => {}
                    found => return found,
                }
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

    /// The type of the module-level variable a Python or JavaScript path `q` names
    /// through an imported module (`flask.g` of `import flask`, whose package passes on
    /// `g` of `globals.py`; `cfg.db` of `import * as cfg`): the type its own module
    /// gives it. `None` when `q` names anything else, or starts at a local.
    fn module_variable_type(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        q: &str,
    ) -> Option<Resolution> {
        if !(file.language.name == "python" || is_js(file.language.name)) {
            return None;
        }
        let (path, last) = q.rsplit_once('.')?;
        let head = path.split('.').next().unwrap_or(path);
        // A module imported by name, or whole (`import * as cfg`).
        let imported = self
            .import_binding(file, r.start_byte as usize, head)
            .is_some()
            || namespace_import(file, head).is_some();
        if !imported || !q.split('.').all(is_word) || Self::binding_at(file, r, head).is_some() {
            return None;
        }
        let read = Reference {
            name: last.to_string(),
            qualifier: Some(path.to_string()),
            kind: RefKind::Reference,
            ..r.clone()
        };
        match self.resolve_within(file, &read) {
            Resolution::Definition(d)
                if d.symbol().kind.is_value() && d.symbol().parent.is_none() =>
            {
                self.file_value_type(&d.file.path, &d.symbol().name)
            }
            _ => None,
        }
    }

    /// The library whose type declarations make the first name of qualifier `q` a
    /// global namespace (`React` of `React.ReactNode`, which `@types/react` declares
    /// so), where `file` imports no such name and the tree defines nothing of it (a
    /// use as a value checks that no local holds it either).
    pub(super) fn library_global_namespace(
        &self,
        file: &Arc<FileFacts>,
        q: &str,
    ) -> Option<&'static str> {
        if !is_js(file.language.name) {
            return None;
        }
        let first = q.split('.').next().unwrap_or(q);
        let (_, module) = LIBRARY_GLOBAL_NAMESPACES
            .iter()
            .find(|(name, _)| *name == first)?;
        let hidden = file.imports.iter().any(|i| i.bound_name() == Some(first))
            || !self.defs_named(first).is_empty();
        (!hidden).then_some(module)
    }

    /// The type of the value at field path `q` (`this.a.b`, `other.items`) where `r`
    /// stands: the fields' declared types from the enclosing type or from a typed
    /// binding on. `None` when `q` is no such path, or starts at a name whose fields'
    /// types the language leaves to what its methods assign (Python's `other.x`).
    pub(super) fn field_path_type(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        q: &str,
    ) -> Option<Resolution> {
        let (head, fields) = q.split_once('.')?;
        // A JavaScript class's private fields are named with a `#` (`this.#cache`).
        let field_name = |f: &str| is_word(f.strip_prefix('#').unwrap_or(f));
        if !is_name(file.language.name, head) || !fields.split('.').all(field_name) {
            return None;
        }
        // Go's `pkg.Name`, a variable or constant of an imported package: of a
        // library's (`jsoniter.ConfigCompatibleWithStandardLibrary`), a value of a type
        // the library or one it imports declares (a library package cannot import the
        // tree's); of the tree's (`tui.Esc`), of the type its declaration gives it.
        if file.language.name == "go" && Self::binding_at(file, r, head).is_none() {
            if let Some(imp) = self.import_binding(file, r.start_byte as usize, head) {
                let target = self.module_target(file, imp);
                if let ModuleTarget::External(m) = target {
                    return Some(Resolution::External(Some(m)));
                }
                let value = fields.split('.').next().unwrap_or(fields);
                let ty = match self.module_member(&target, value, &[Kind::Constant, Kind::Variable])
                {
                    Resolution::Definition(c) if c.symbol().kind.is_value() => self
                        .file_value_type(&c.file.path, value)
                        .unwrap_or(Resolution::Unresolved),
                    _ => Resolution::Unresolved,
                };
                return Some(self.type_of_fields(file, r, q, ty, head.len() + 1 + value.len()));
            }
        }
        let owner = if self.scoping(file).self_names.contains(&head) {
            match self.enclosing_type_def(file, r.enclosing) {
                Some(ty) => Resolution::Definition(ty),
                None => Resolution::Unresolved,
            }
        } else if declares_field_types(file.language.name) {
            match Self::binding_at(file, r, head) {
                Some(b) => self.type_of_named_binding(file, r, head, b),
                // A field of the enclosing type, named bare (C++'s `rep_->index_block`
                // in a member written apart from its class).
                None if self.scoping(file).implicit_this => {
                    self.inherited_field_type(file, r, head)?
                }
                // The web platform's `crypto` of `crypto.subtle`.
                None if is_js(file.language.name) && self.closed_web_global(file, r, head) => {
                    Resolution::External(Some(self.scoping(file).builtin_module.to_string()))
                }
                None => return None,
            }
        } else {
            // Elsewhere a field's type is read from what the methods assign to it,
            // which only a whole read of its type's file shows.
            return None;
        };
        Some(self.type_of_fields(file, r, q, owner, head.len()))
    }

    /// The type of the value at the end of path `q` written where `r` stands, whose
    /// first `owner_end` bytes are a value of type `owner` and the rest its fields
    /// (`.a.b`).
    fn type_of_fields(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        q: &str,
        owner: Resolution,
        owner_end: usize,
    ) -> Resolution {
        let go = file.language.name == "go";
        let mut ty = owner;
        let mut end = owner_end;
        for field in q[owner_end..].split('.').skip(1) {
            ty = match ty {
                // A field of a Go library value everything got from which is the
                // library's (`r.URL` of an `*http.Request`).
                Resolution::External(module)
                    if go
                        && (std_value_from(module.as_deref(), None)
                            || self.go_library_closed(file, r, &q[..end])) =>
                {
                    Resolution::External(None)
                }
                // A field of a web platform value whose fields are the platform's
                // (`request.headers` of a `Request`).
                Resolution::External(module)
                    if is_js(file.language.name) && self.web_value_closed(file, r, &q[..end]) =>
                {
                    Resolution::External(module)
                }
                ty => self.field_type(ty, field, Some((file, r.enclosing))),
            };
            end += 1 + field.len();
        }
        ty
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
        self.member_of_value_in(file, self.type_of_call_result(file, r, call), name, kinds)
    }
}

impl Resolver<'_> {
    /// Member `name` of Rust constant or static `c` (`const SHERLOCK: &str = ..`,
    /// `static GLOBAL: Cfg = Cfg;`), read in `file`: a member of the type it is
    /// declared with. `None` when no type is written on its name's line, or `c` is
    /// declared twice (under `cfg`s) with two types.
    pub(super) fn rust_constant_member(
        &self,
        file: &Arc<FileFacts>,
        c: &DefRef,
        name: &str,
        kinds: &[Kind],
    ) -> Option<Resolution> {
        let written = rust_constant_type(c.symbol())?;
        let one_type = c
            .file
            .definitions
            .iter()
            .filter(|d| d.name == c.symbol().name && d.kind == Kind::Constant)
            .all(|d| rust_constant_type(d) == Some(written));
        if !one_type {
            return None;
        }
        let ty = self.type_written_in(c, written);
        (!matches!(ty, Resolution::Unresolved))
            .then(|| self.member_of_value_in(file, ty, name, kinds))
    }
}

/// The type a Rust `const` or `static` is declared with, when its name's line writes
/// it whole: `&'static str` of `const SHERLOCK: &'static str = "..";`.
fn rust_constant_type(sym: &crate::symbols::Symbol) -> Option<&str> {
    if sym.language != "rust" || sym.kind != Kind::Constant {
        return None;
    }
    let sig = sym.signature.as_str();
    let declared = sig
        .match_indices(sym.name.as_str())
        .map(|(at, _)| &sig[at + sym.name.len()..])
        .find_map(|rest| {
            let rest = rest.trim_start().strip_prefix(':')?;
            (!rest.starts_with(':')).then_some(rest)
        })?;
    let end = declared.find(['=', ';'])?;
    Some(declared[..end].trim()).filter(|t| !t.is_empty())
}
