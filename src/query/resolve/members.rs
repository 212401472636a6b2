//! Members of a type: declared in its body, in its `impl` blocks or extensions, or
//! inherited from its supertypes (depth-bounded, cycles cut). Candidates that are
//! different targets make the lookup ambiguous rather than a guess.

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::Arc;

use super::go_build::default_variant;
use super::guards::{kept_if_complete, SupertypeChain, SUPERTYPE_CUTS};
use super::imports::same_package;
use super::library_results::fluent_library;
use super::overloads::{chosen_overload, takes_no_call_of};
use super::value_types::go_defined_type;
use super::{
    ancestor_kinds, declared_apart, inheritance_clauses, is_rust_std, kind_mask, kind_ok,
    names_tail, target_key, DefRef, MemberKey, NameRole, Resolution, Resolver, RUBY_ANCESTOR_KINDS,
};
use crate::facts::{FileFacts, Reference};
use crate::query::scoping::{interoperate, scoping, PackageScope};
use crate::symbols::{Kind, Symbol};

/// The most types [`Resolver::extends_type`] looks at: deeper than any real hierarchy.
const MAX_EXTENDS_VISITS: usize = 256;

/// How many supertypes deep a member is looked for.
pub(super) const MAX_SUPER_DEPTH: usize = 8;

/// The outcome of a member lookup.
#[derive(Clone)]
pub(super) enum Lookup {
    Found(DefRef),
    External(Option<String>),
    Ambiguous,
    NotFound,
}

pub(super) fn pick_lookup(found: Vec<DefRef>) -> Lookup {
    if found.is_empty() {
        return Lookup::NotFound;
    }
    pick(found).map_or(Lookup::Ambiguous, Lookup::Found)
}

/// The kinds of member of type `t` a use of `kinds` may name: also a variant, where
/// `t` is a Rust enum, whose variants stand where a type does in a pattern or a
/// struct literal (`Mode::Named { .. }`, `Mode::Search(_) =>`).
pub(super) fn with_variants<'k>(t: &DefRef, kinds: &'k [Kind]) -> std::borrow::Cow<'k, [Kind]> {
    let enum_of_rust = t.symbol().kind == Kind::Enum && t.file.language.name == "rust";
    if enum_of_rust && !kinds.is_empty() && !kinds.contains(&Kind::Variant) {
        let mut widened = kinds.to_vec();
        widened.push(Kind::Variant);
        std::borrow::Cow::Owned(widened)
    } else {
        std::borrow::Cow::Borrowed(kinds)
    }
}

/// One candidate, or several that are one target (overloads, a class and its
/// constructors): the first. Candidates that are different targets are ambiguous, and
/// so are JavaScript functions of one name in one file (no overloads: different
/// functions, see [`declared_apart`]).
pub(super) fn pick(found: Vec<DefRef>) -> Option<DefRef> {
    let first = found.first()?;
    let key = target_key(first.symbol(), &first.file);
    if found.iter().all(|d| target_key(d.symbol(), &d.file) == key) {
        if declared_apart(first.symbol()) && found.iter().any(|d| !d.same_as(first)) {
            return None;
        }
        // Prefer the type over its constructor, the first overload otherwise.
        let best = found
            .iter()
            .find(|d| d.symbol().kind.is_type_like())
            .unwrap_or(first);
        return Some(best.clone());
    }
    // The parts of one C# partial type, in several files: one type, whose members and
    // supertypes are looked up in every part (the part that names the base class
    // stands for it).
    if found.iter().all(|d| is_part_of(d, first)) {
        let best = found
            .iter()
            .find(|d| inheritance_clauses(&d.file, d.index).next().is_some())
            .unwrap_or(first);
        return Some(best.clone());
    }
    // Variants of one Go package for different builds: the default build's.
    if let Some(built) = default_variant(&found) {
        return pick(built);
    }
    None
}

/// Whether `d` and `other` are parts of one C# partial type (`partial class A` in two
/// files of one namespace).
pub(super) fn is_part_of(d: &DefRef, other: &DefRef) -> bool {
    let (a, b) = (d.symbol(), other.symbol());
    d.file.language.name == "csharp"
        && a.kind.is_type_like()
        && a.kind == b.kind
        && a.qualified_name == b.qualified_name
        && is_partial(a)
        && is_partial(b)
}

/// Whether `s` is a C# explicit interface implementation (`void ICollection<T>.Add(T
/// item)`): callable only through the interface, never as a member of its class.
pub(super) fn implements_explicitly(s: &Symbol) -> bool {
    if s.language != "csharp" {
        return false;
    }
    let head = s.header().split('(').next().unwrap_or("");
    head.rfind(s.name.as_str()).is_some_and(|at| {
        let after = &head[at + s.name.len()..];
        head[..at].ends_with('.') && (after.trim().is_empty() || after.starts_with('<'))
    })
}

/// Whether Ruby type `ty` declares an attribute method `name` (`port` or `port=` of
/// `attr_accessor :port`), kept in the facts as a field of the type.
pub(super) fn ruby_attribute_of(ty: &DefRef, name: &str) -> bool {
    ty.file.language.name == "ruby"
        && ty.file.bindings.iter().any(|b| {
            b.kind == crate::facts::BindingKind::Field
                && b.scope == u32::try_from(ty.index).ok()
                && b.name == name
        })
}

fn is_partial(s: &Symbol) -> bool {
    s.signature
        .split(|c: char| !c.is_alphanumeric())
        .take_while(|w| *w != s.name)
        .any(|w| w == "partial")
}

/// Whether a language defines members outside the type's body (Go methods, Rust
/// `impl` blocks, C++ `A::f`, Swift and Kotlin extensions, C# partial classes).
pub(super) fn members_outside_types(lang: &str) -> bool {
    matches!(
        lang,
        "go" | "rust" | "cpp" | "c" | "swift" | "kotlin" | "csharp" | "scala"
    )
}

/// Methods a Rust standard pointer (`Box`, `Arc`, `Rc`) answers itself: its own, those
/// of the traits every such pointer implements (`clone`, `eq`, `fmt`, ...), and those
/// `Box` implements by handing the call to the value (`next`, `poll`, `read`, ...),
/// which are the pointer's methods first.
const RUST_POINTER_METHODS: &[&str] = &[
    "clone",
    "clone_from",
    "as_ref",
    "as_mut",
    "borrow",
    "borrow_mut",
    "deref",
    "deref_mut",
    "eq",
    "ne",
    "cmp",
    "partial_cmp",
    "lt",
    "le",
    "gt",
    "ge",
    "max",
    "min",
    "clamp",
    "hash",
    "fmt",
    "to_string",
    "into",
    "try_into",
    "to_owned",
    "type_id",
    "drop",
    "as_ptr",
    "downcast",
    "downcast_ref",
    "downcast_mut",
    "into_inner",
    "into_raw",
    "leak",
    "pin",
    "next",
    "next_back",
    "size_hint",
    "nth",
    "len",
    "poll",
    "poll_next",
    "call",
    "call_mut",
    "call_once",
    "read",
    "read_exact",
    "read_to_end",
    "read_to_string",
    "read_line",
    "read_vectored",
    "write",
    "write_all",
    "write_fmt",
    "write_vectored",
    "flush",
    "seek",
    "fill_buf",
    "consume",
    "source",
    "description",
    "cause",
    "finish",
    "poll_read",
    "poll_write",
    "poll_flush",
    "poll_shutdown",
    "poll_write_vectored",
    "is_write_vectored",
    "poll_fill_buf",
    "poll_ready",
];

/// The method of C#'s `Nullable<T>` that gives the value it holds (or the type's
/// default): called on a `T?` of a repository struct, it gives that struct.
pub(super) const CSHARP_NULLABLE_VALUE: &str = "GetValueOrDefault";

/// Methods Rust's standard library gives every type that has no method of the name
/// itself: derived or blanket (`clone` of `#[derive(Clone)]` or of a reference,
/// `to_string` of every `Display`, `into` of every `From`). Called on a value of a
/// repository type with no such method and no `Deref` of its own, they are the
/// standard library's.
const RUST_STD_GIVEN: &[&str] = &["clone", "to_owned", "to_string", "into", "try_into"];

impl<'s> Resolver<'s> {
    pub(super) fn lookup_result(&self, l: Lookup) -> Resolution {
        match l {
            Lookup::Found(d) => Resolution::Definition(d),
            Lookup::External(m) => Resolution::External(m),
            Lookup::Ambiguous | Lookup::NotFound => Resolution::Unresolved,
        }
    }

    /// [`Resolver::member_of_type_name`] for a type as written where `r` stands (`Map`,
    /// `java.util.Map<K, V>`); `None` when it names no type.
    pub(super) fn member_of_written(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        written: &str,
        name: &str,
        kinds: &[Kind],
    ) -> Option<Resolution> {
        let (tq, tn) = crate::facts::written_type(written, file.language.name);
        Some(self.member_of_type_name(file, r.enclosing, &tn?, tq.as_deref(), name, kinds))
    }

    /// `name` as a member of a value of the type called `ty` as written in `file` at
    /// `at` (with its qualifier): a repository type's member, external for a library
    /// type, and unresolved for anything else the name may stand for.
    pub(super) fn member_of_type_name(
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

    /// [`Resolver::member_of_value`] for a value of code in `file`: in Rust, a method a
    /// trait of the repository declares, where that trait is in scope, is called on a
    /// library type too (see [`Resolver::rust_trait_method_in_scope`]).
    pub(super) fn member_of_value_in(
        &self,
        file: &Arc<FileFacts>,
        ty: Resolution,
        name: &str,
        kinds: &[Kind],
    ) -> Resolution {
        if let (Resolution::External(module), "rust") = (&ty, file.language.name) {
            if let Some(found) =
                self.rust_trait_method_in_scope(file, module.as_deref(), name, kinds)
            {
                return found;
            }
        }
        let found = self.member_of_value(ty.clone(), name, kinds);
        // Java's `writer.getPath()` on a Kotlin class reads its property `path`, which
        // no definition stands for: not a method of the library type it extends.
        if let (Resolution::External(_), Resolution::Definition(t)) = (&found, ty.past_pointer()) {
            if file.language.name == "java" && self.kotlin_property_accessor(&t, name) {
                return Resolution::Unresolved;
            }
        }
        found
    }

    /// Whether `name` is the accessor Java calls for a property (`getPath`, `isLenient`,
    /// `setPath` for `path`, `isLenient`) that Kotlin type `t` or one of its repository
    /// supertypes declares.
    fn kotlin_property_accessor(&self, t: &DefRef, name: &str) -> bool {
        if t.file.language.name != "kotlin" {
            return false;
        }
        let property = |rest: &str| {
            let mut chars = rest.chars();
            chars
                .next()
                .filter(char::is_ascii_uppercase)
                .map(|c| format!("{}{}", c.to_ascii_lowercase(), chars.as_str()))
        };
        ["get", "set"]
            .iter()
            .filter_map(|p| name.strip_prefix(p).and_then(property))
            .chain(name.starts_with("is").then(|| name.to_string()))
            .any(|p| self.declares_field(t, &p))
    }

    /// `name` called on a value in `file` when it is a method every value of its
    /// language has and no definition of the tree the file can call stands in for: the
    /// builtins' own; `None` otherwise.
    pub(super) fn universal_member(&self, file: &FileFacts, name: &str) -> Option<Resolution> {
        let sc = scoping(file.language.name);
        let universal = sc.universal_members.contains(&name)
            && !self
                .defs_named(name)
                .iter()
                .any(|d| interoperate(file.language.name, d.file.language.name));
        universal.then(|| Resolution::External(Some(sc.builtin_module.to_string())))
    }

    /// `name` as a member of a value of type `ty` (a type resolved): a repository
    /// type's member, external for a library type, and unresolved otherwise.
    pub(super) fn member_of_value(&self, ty: Resolution, name: &str, kinds: &[Kind]) -> Resolution {
        match self.unaliased(ty) {
            // The pointer's own methods, and those of the standard traits it implements
            // by handing the call on, are not the value's. One the standard library
            // gives every value is the library's, whichever the pointer, when the
            // value's type has none of its own.
            Resolution::Pointer(to) if RUST_POINTER_METHODS.contains(&name) => {
                let std_given = RUST_STD_GIVEN.contains(&name)
                    && match *to {
                        Resolution::Definition(t) => self.rust_std_gives(&t, name, kinds),
                        Resolution::External(Some(m)) => is_rust_std(&m),
                        _ => false,
                    };
                if std_given {
                    Resolution::External(Some("std".to_string()))
                } else {
                    Resolution::Unresolved
                }
            }
            Resolution::Pointer(to) => self.member_of_value(*to, name, kinds),
            Resolution::Definition(t)
                if t.symbol().kind.is_type_like() || go_defined_type(t.symbol()) =>
            {
                if RUST_STD_GIVEN.contains(&name) && self.rust_std_gives(&t, name, kinds) {
                    return Resolution::External(Some("std".to_string()));
                }
                if self.csharp_nullable_gives(&t, name, kinds) {
                    return Resolution::External(Some("System".to_string()));
                }
                let found = self.member_of(&t, name, kinds);
                if matches!(found, Lookup::External(_)) && self.php_subtype_defines(&t, name, kinds)
                {
                    return Resolution::Unresolved;
                }
                self.lookup_result(found)
            }
            // A value of an assertion library the tree may extend: a method the tree
            // defines may be its own (`assertThat(provider).hasImport(..)` of a custom
            // assertion).
            Resolution::External(Some(m))
                if fluent_library(&m)
                    && self.defs_named(name).iter().any(|d| {
                        matches!(d.file.language.name, "java" | "kotlin")
                            && d.symbol().kind == Kind::Method
                    }) =>
            {
                Resolution::Unresolved
            }
            Resolution::External(m) => Resolution::External(m),
            _ => Resolution::Unresolved,
        }
    }

    /// Whether `name`, one of the methods the standard library gives every Rust type
    /// that has none of its own, is the library's for a value of repository type `t`:
    /// neither `t` nor anything it implements has such a method, nor a `deref` that
    /// could hand the call on to another type's.
    fn rust_std_gives(&self, t: &DefRef, name: &str, kinds: &[Kind]) -> bool {
        // A trait object's methods are those of whatever implements it, which may
        // be written by a macro (`clone_trait_object!`).
        t.file.language.name == "rust"
            && t.symbol().kind.is_type_like()
            && t.symbol().kind != Kind::Trait
            && matches!(self.member_of(t, name, kinds), Lookup::NotFound)
            && matches!(self.member_of(t, "deref", kinds), Lookup::NotFound)
    }

    /// Whether `name` called on a value of C# value type `t` (a struct or an enum) is
    /// `Nullable<T>`'s: only a value declared `T?` has `GetValueOrDefault`, when
    /// neither `t` nor the repository has a method of that name.
    pub(super) fn csharp_nullable_gives(&self, t: &DefRef, name: &str, kinds: &[Kind]) -> bool {
        name == CSHARP_NULLABLE_VALUE
            && t.file.language.name == "csharp"
            && matches!(t.symbol().kind, Kind::Struct | Kind::Enum)
            && matches!(self.member_of(t, name, kinds), Lookup::NotFound)
            && !self
                .defs_named(name)
                .iter()
                .any(|d| d.file.language.name == "csharp")
    }

    /// [`Resolver::member`] from the top, answered once per type, name and kinds (an
    /// answer a dry run gave without a name it has not loaded is not kept).
    pub(super) fn member_of(&self, ty: &DefRef, name: &str, kinds: &[Kind]) -> Lookup {
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
    pub(super) fn member(
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
        // The blocks that add to the type's members in its file: Rust's `impl T`, and
        // a TypeScript namespace of its name (`namespace Linter` beside `class
        // Linter`, or the namespace itself in another block).
        let ts = matches!(ty.file.language.name, "typescript" | "tsx");
        let adds_members = |p: &Symbol| {
            (p.kind == Kind::Scope || (ts && p.kind == Kind::Namespace))
                && p.qualified_name == t.qualified_name
        };
        // A class called as a function or constructed: the class itself.
        let mut found: Vec<DefRef> = DefRef::all_in(&ty.file, |d| {
            d.name == name
                && kind_ok(kinds, d.kind)
                && !implements_explicitly(d)
                && (d.parent == Some(ty.index)
                    || ty
                        .file
                        .definitions
                        .get(d.parent.unwrap_or(usize::MAX))
                        .is_some_and(adds_members))
        });
        // A Ruby class's `attr_accessor :port` makes its own `port` (and `port=`),
        // which no definition stands for: not a supertype's.
        if found.is_empty() && ruby_attribute_of(ty, name) {
            return Lookup::Ambiguous;
        }
        // A Swift type's extensions add to the members its body declares (a
        // `validate(statusCode:)` beside the body's `validate(_:)`).
        let swift = ty.file.language.name == "swift";
        if (found.is_empty() || swift) && members_outside_types(ty.file.language.name) {
            // Members defined outside the type's body: Go methods, Rust `impl` blocks in
            // other files, C++ `A::f` definitions, Swift extensions.
            let qualified = format!("{}.{name}", t.qualified_name);
            let in_body = std::mem::take(&mut found);
            found = self
                .defs_named(name)
                .iter()
                .filter(|d| {
                    kind_ok(kinds, d.symbol().kind)
                        && d.symbol().qualified_name == qualified
                        && interoperate(d.file.language.name, ty.file.language.name)
                        && same_package(&d.file, &ty.file)
                        && !in_body.iter().any(|b| b.same_as(d))
                })
                .cloned()
                .collect();
            found.splice(0..0, in_body);
            // Where packages do not tell namesake types apart (a Rust crate's modules),
            // members in another file are the type's only when no other type has its
            // name, or (Rust) when the type their `impl` names, read in their file, is
            // this one; those in its own file are its own.
            // Swift's extensions in other files are the type's alike, where its name
            // is one type's.
            if scoping(ty.file.language.name).package == PackageScope::None
                && !(swift && self.only_type_named(&t.qualified_name).is_some())
            {
                let own = |d: &DefRef| d.file.path == ty.file.path;
                if found.iter().any(own) {
                    found.retain(own);
                } else if self.only_type_named(&t.qualified_name).is_none() {
                    found.retain(|d| self.rust_impl_of(d, ty));
                }
            }
        }
        // A Rust type has the methods the traits it implements provide.
        if found.is_empty() && ty.file.language.name == "rust" && !t.incomplete {
            if let Some(provided) = self.rust_provided_method(ty, name, kinds) {
                return provided;
            }
        }
        match pick_lookup(found) {
            // A type whose body did not parse may hold the member all the same: not
            // to be looked for in its supertypes, nor taken for a library's.
            Lookup::NotFound if t.incomplete => Lookup::Ambiguous,
            Lookup::NotFound => match self.in_supertypes(ty, name, kinds, depth, seen) {
                // An enum's cases are no definitions of the index: a name it does not
                // declare may be one (`AFError.responseSerializationFailed(..)` of an
                // `enum AFError: LocalizedError`), not a library supertype's member.
                Lookup::External(_) if t.kind == Kind::Enum => Lookup::Ambiguous,
                other => other,
            },
            other => other,
        }
    }

    /// Whether Rust method `d` is in an `impl` of type `ty`: the type its `self` names,
    /// read in its file, is `ty` (`impl Handle` in `worker.rs`, whose `Handle` is
    /// imported, and not another module's `Handle`).
    fn rust_impl_of(&self, d: &DefRef, ty: &DefRef) -> bool {
        d.file.language.name == "rust"
            && u32::try_from(d.index)
                .ok()
                .and_then(|at| self.enclosing_type_def(&d.file, Some(at)))
                .is_some_and(|t| t.same_as(ty))
    }

    /// When no overload of method `d` in its type can take a call of `arity`
    /// arguments: the overload its supertypes declare that can, from the nearest one
    /// that declares the name (Java, C# and Swift look there when the type's own
    /// overloads cannot take a call: `Add(content)` in a class whose own `Add` takes
    /// two arguments calls the base class's).
    pub(super) fn inherited_overload(
        &self,
        d: &DefRef,
        kinds: &[Kind],
        arity: usize,
    ) -> Option<Resolution> {
        let mut current = d.clone();
        for _ in 0..MAX_SUPER_DEPTH {
            let owner = DefRef {
                file: current.file.clone(),
                index: current.symbol().parent?,
            };
            if !owner.symbol().kind.is_type_like() {
                return None;
            }
            let name = current.symbol().name.clone();
            let Lookup::Found(found) =
                self.in_supertypes(&owner, &name, kinds, 0, &mut HashSet::new())
            else {
                return None;
            };
            if !takes_no_call_of(&found, arity) {
                return Some(chosen_overload(found, Some(arity)));
            }
            current = found;
        }
        None
    }

    pub(super) fn in_supertypes(
        &self,
        ty: &DefRef,
        name: &str,
        kinds: &[Kind],
        depth: usize,
        seen: &mut HashSet<String>,
    ) -> Lookup {
        let mut external: Option<Option<String>> = None;
        // Library supertypes from two modules: which one defines the member is not
        // known, so neither module is named.
        let mut inherit_from = |m: Option<String>| {
            external = Some(match external.take() {
                Some(seen) if seen != m => None,
                _ => m,
            })
        };
        let mut unknown = false;
        let mut supertypes = self.supertypes(ty);
        // Ruby looks in the modules a class includes, the last included first, before
        // its superclass (written first); one of a library's, or one not found, that
        // comes before may define the name, and would be the one called.
        let ruby = ty.file.language.name == "ruby";
        if ruby {
            supertypes.reverse();
        }
        // Whether an ancestor looked in so far may hold names the facts do not show.
        let mut opaque_before = false;
        for sup in supertypes {
            match sup {
                Resolution::Definition(s) => match self.member(&s, name, kinds, depth + 1, seen) {
                    Lookup::Found(_) if ruby && (unknown || opaque_before) => {
                        return Lookup::Ambiguous
                    }
                    Lookup::Found(d) => return Lookup::Found(d),
                    Lookup::External(m) => {
                        opaque_before = true;
                        inherit_from(m)
                    }
                    Lookup::Ambiguous => return Lookup::Ambiguous,
                    Lookup::NotFound => {}
                },
                Resolution::External(m) => {
                    opaque_before = true;
                    inherit_from(m)
                }
                // A method's overloads are never a supertype.
                Resolution::Local
                | Resolution::Unresolved
                | Resolution::Overloads(_)
                | Resolution::Pointer(_) => unknown = true,
            }
        }
        match external {
            // Inherited from a library type; not known in Ruby, where modules mixed in
            // and methods made at run time add to what a class has, nor in a PHP class
            // that answers any name through `__call` (Eloquent's models).
            Some(m)
                if !unknown
                    && self.scoping(&ty.file).declared_members
                    && !self.answers_any_call(ty, name) =>
            {
                // What every object has is its root type's, whichever library types a
                // class names.
                let (object_methods, root) = self.scoping(&ty.file).object_methods;
                Lookup::External(if object_methods.contains(&name) {
                    Some(root.to_string())
                } else {
                    m
                })
            }
            // A class that names no supertype extends the root type all the same
            // (`getClass()` in a Java class that extends nothing is `java.lang`'s).
            None if !unknown => {
                let (object_methods, root) = self.scoping(&ty.file).object_methods;
                if object_methods.contains(&name) {
                    Lookup::External(Some(root.to_string()))
                } else {
                    Lookup::NotFound
                }
            }
            _ => Lookup::NotFound,
        }
    }

    /// Ruby's `A::B::Name` as an ancestor: the one class or module of the tree whose
    /// qualified name ends with that path.
    pub(super) fn ruby_constant_path(&self, qualifier: &str, name: &str) -> Resolution {
        let path = format!(
            "{}.{name}",
            qualifier.trim_start_matches("::").replace("::", ".")
        );
        let found: Vec<DefRef> = self
            .defs_named(name)
            .iter()
            .filter(|d| {
                RUBY_ANCESTOR_KINDS.contains(&d.symbol().kind)
                    && names_tail(&d.symbol().qualified_name, &path)
            })
            .cloned()
            .collect();
        // A module reopened in several files (`module Jekyll; module Filters`) has
        // members in each, which a lookup in one would miss: not taken.
        pick(found).map_or(Resolution::Unresolved, Resolution::Definition)
    }

    /// Whether PHP type `ty` (or a repository type it extends) defines `__call` or
    /// `__callStatic`, so that a method `name` it lacks may still be called on it.
    fn answers_any_call(&self, ty: &DefRef, name: &str) -> bool {
        ty.file.language.name == "php"
            && !name.starts_with("__call")
            && ["__call", "__callStatic"]
                .iter()
                .any(|m| matches!(self.member_of(ty, m, &[Kind::Method]), Lookup::Found(_)))
    }

    /// Whether `name`, which no repository type of PHP type `t` declares, is a method a
    /// repository type extending `t` declares: PHP calls whatever the object has, and
    /// code typed with an interface often calls what only its implementing class adds
    /// (`$this->app->configurationIsCached()` on an `Application` contract), not a
    /// method of the library interface the contract extends.
    fn php_subtype_defines(&self, t: &DefRef, name: &str, kinds: &[Kind]) -> bool {
        t.file.language.name == "php"
            && self.defs_named(name).iter().any(|d| {
                let owner = d.symbol().parent.map(|p| DefRef {
                    file: d.file.clone(),
                    index: p,
                });
                kind_ok(kinds, d.symbol().kind)
                    && owner.is_some_and(|o| {
                        o.symbol().kind.is_type_like() && !o.same_as(t) && self.extends_type(&o, t)
                    })
            })
    }

    /// Whether repository type `sub` is `sup` or extends it through repository types.
    pub(super) fn extends_type(&self, sub: &DefRef, sup: &DefRef) -> bool {
        let mut todo = vec![sub.clone()];
        let mut seen: HashSet<(PathBuf, usize)> = HashSet::new();
        while let Some(t) = todo.pop() {
            if t.same_as(sup) {
                return true;
            }
            if seen.len() >= MAX_EXTENDS_VISITS || !seen.insert((t.file.path.clone(), t.index)) {
                continue;
            }
            todo.extend(self.supertypes(&t).into_iter().filter_map(|s| match s {
                Resolution::Definition(d) => Some(d),
                _ => None,
            }));
        }
        false
    }

    /// The class the type enclosing `at` extends, the first of its supertypes (a
    /// JavaScript class names it before any interface it implements): a class of the
    /// tree, or a library's; unresolved for anything else (a mixin call's result).
    pub(super) fn extended_class(&self, file: &Arc<FileFacts>, at: Option<u32>) -> Resolution {
        let Some(ty) = self.enclosing_type_def(file, at) else {
            return Resolution::Unresolved;
        };
        match self.supertypes(&ty).into_iter().next() {
            Some(Resolution::Definition(c)) if c.symbol().kind == Kind::Class => {
                Resolution::Definition(c)
            }
            Some(found @ Resolution::External(_)) => found,
            _ => Resolution::Unresolved,
        }
    }

    /// The resolved supertypes of a type.
    pub(super) fn supertypes(&self, ty: &DefRef) -> Vec<Resolution> {
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
        // A C# partial type's parts each may name supertypes.
        let mut parts: Vec<DefRef> = vec![ty.clone()];
        if is_partial(t) && file.language.name == "csharp" {
            parts.extend(
                self.defs_named(&t.name)
                    .iter()
                    .filter(|d| {
                        is_part_of(d, ty) && !(Arc::ptr_eq(&d.file, file) && d.index == ty.index)
                    })
                    .cloned(),
            );
        }
        parts
            .iter()
            .flat_map(|part| {
                let file = &part.file;
                let t = part.symbol();
                inheritance_clauses(file, part.index)
                    .filter_map(|r| {
                        let sup = match &r.qualifier {
                            Some(q) if file.language.name == "ruby" => {
                                self.ruby_constant_path(q, &r.name)
                            }
                            Some(q) => self.resolve_type_name(
                                file,
                                Some(part.index as u32),
                                &r.name,
                                Some(q),
                            ),
                            None => self.resolve_unqualified(
                                file,
                                t.parent.map(|p| p as u32),
                                &r.name,
                                ancestor_kinds(file.language.name),
                                NameRole::TypeOnly,
                            ),
                        };
                        // A library marker interface declares no members: nothing a
                        // type names bare is inherited from it.
                        let marker = matches!(sup, Resolution::External(_))
                            && self
                                .scoping(file)
                                .marker_interfaces
                                .contains(&r.name.as_str());
                        (!marker).then_some(sup)
                    })
                    .collect::<Vec<_>>()
            })
            .collect()
    }
}
