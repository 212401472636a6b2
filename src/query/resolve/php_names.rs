//! PHP's namespaced names: `\App\Util\helper()`, `new \App\Util\Box()`,
//! `Util\Box::make()`, `namespace\helper()`, looked up in the namespace PHP itself
//! reads them in.
//!
//! A fully qualified name (`\A\B\x`) is in namespace `A\B`; a qualified one (`B\x`) is
//! in the namespace a `use` statement gives its first segment, or else below the
//! code's own namespace; `namespace\x` is in the code's own namespace; `\x` is in the
//! global one. Such a name never falls back to another namespace, so a name the tree
//! does not define in that namespace comes from outside, as one that a `use`
//! statement imports does.
//!
//! PHP also keeps properties apart from methods: a property read names a method only
//! through the `__get` of the receiver's class.

use std::sync::Arc;

use super::members::{pick, Lookup};
use super::value_types::declared_fields;
use super::{kind_ok, package_at, package_of, DefRef, Resolution, Resolver};
use crate::facts::{FileFacts, Reference};
use crate::symbols::Kind;

impl Resolver<'_> {
    /// `name`, written after the namespace path `path` (as the facts keep it: up to
    /// and including its last `\`) in definition `at` of `file`.
    pub(super) fn in_php_namespace(
        &self,
        file: &FileFacts,
        at: Option<u32>,
        path: &str,
        name: &str,
        kinds: &[Kind],
    ) -> Resolution {
        let namespace = php_namespace(file, at, path);
        let found: Vec<DefRef> = self
            .defs_named(name)
            .iter()
            .filter(|d| {
                let s = d.symbol();
                d.file.language.name == "php"
                    && kind_ok(kinds, s.kind)
                    // A class's method is no name of a namespace.
                    && s.parent.is_none_or(|p| {
                        d.file.definitions.get(p).map(|p| p.kind) == Some(Kind::Namespace)
                    })
                    // Namespaces, like classes and functions, ignore case.
                    && package_of(d).unwrap_or("").eq_ignore_ascii_case(&namespace)
            })
            .cloned()
            .collect();
        if found.is_empty() {
            return Resolution::External((!namespace.is_empty()).then_some(namespace));
        }
        // Two classes of one name in one namespace (an IDE helper file beside the
        // class), or a class and a function: not a guess between them.
        pick(found).map_or(Resolution::Unresolved, Resolution::Definition)
    }

    /// What `r` is, a property read on receiver `q` that has the name of a method found
    /// through the receiver's type: a use of that method when the receiver's class (or
    /// one it extends) defines `__get` and declares no property of that name (`None`:
    /// the method stands), the property itself (`Some(Local)`) when it defines none,
    /// and unresolved when that is not known: a trait's `$this` is whatever class uses
    /// the trait, and a library class it extends may define one.
    pub(super) fn php_property_read(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        q: &str,
    ) -> Option<Resolution> {
        let Some(ty) = self.receiver_type(file, r, q) else {
            return Some(Resolution::Unresolved);
        };
        if ty.symbol().kind == Kind::Trait {
            return Some(Resolution::Unresolved);
        }
        if declared_fields(&ty, &r.name).next().is_some() {
            return Some(Resolution::Local);
        }
        match self.member_of(&ty, "__get", &[Kind::Method]) {
            Lookup::Found(_) => None,
            Lookup::NotFound => Some(Resolution::Local),
            Lookup::External(_) | Lookup::Ambiguous => Some(Resolution::Unresolved),
        }
    }
}

/// The namespace `path` (as written, up to and including its last `\`) names in
/// definition `at` of `file`; empty for the global namespace.
fn php_namespace(file: &FileFacts, at: Option<u32>, path: &str) -> String {
    if let Some(absolute) = path.strip_prefix('\\') {
        return absolute.trim_end_matches('\\').to_string();
    }
    let path = path.trim_end_matches('\\');
    let own = package_at(file, at).unwrap_or("");
    let below_own = |rest: &str| match (own.is_empty(), rest.is_empty()) {
        (_, true) => own.to_string(),
        (true, false) => rest.to_string(),
        (false, false) => format!("{own}\\{rest}"),
    };
    // The keyword, like every name of PHP's, ignores case.
    let (first, rest) = path.split_once('\\').unwrap_or((path, ""));
    if first.eq_ignore_ascii_case("namespace") {
        return below_own(rest);
    }
    // `use App\Models;` (or `as M`) names the namespace the first segment stands for.
    let imported = file.imports.iter().find(|i| {
        !i.wildcard
            && i.bound_name()
                .is_some_and(|b| b.eq_ignore_ascii_case(first))
    });
    match imported {
        Some(imp) => {
            let mut full = imp.module.clone();
            if let Some(n) = &imp.name {
                full = if full.is_empty() {
                    n.clone()
                } else {
                    format!("{full}\\{n}")
                };
            }
            if !rest.is_empty() {
                full = format!("{full}\\{rest}");
            }
            full
        }
        None => below_own(path),
    }
}
