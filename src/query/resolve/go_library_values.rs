//! Go values of a library whose every member gives the library's values: what a call
//! of the standard library gives (`os.Create(..)`, `w.Header()` of an
//! `http.ResponseWriter`), the fields of such a value (`r.URL`, `rec.Body`), and
//! whatever a value of a library type the tree writes without type arguments gives
//! (`cmd.Flags()` of a `*cobra.Command`, `Log().Named(..)` of a `*zap.Logger`).
//!
//! A library imports nothing of the tree, so a value it makes is of a type it (or one
//! it imports) declares, or of `error`, and so are that value's fields and what its
//! methods give: a method called on such a value is the library's, never one of the
//! tree that happens to share its name. The exception is where a type parameter
//! carries the caller's type in: a generic function (`slices.Max(items)`, `lo.Must(..)`,
//! `errors.AsType[*MyErr](err)`) and the methods of a generic type given the tree's
//! types (`atomic.Pointer[Config]`, `lru.Cache[string, *Entry]`). So a value the
//! standard library's functions give counts only outside the packages that declare
//! generics, a third-party function's never (any may be generic), and a value of a
//! third-party type only where the tree writes its type without type arguments (Go
//! has no generic methods: such a type's methods name no type parameter).
//!
//! Resolution answers such a value's derived values as external with no module
//! named (which type a method gives is not known); in Go nothing else is.

use std::sync::Arc;

use super::returns::{go_result_type, receiver_call, ReceiverCall};
use super::value_types::{by_how_given, declared_fields};
use super::{is_word, Resolution, Resolver};
use crate::facts::{go_type_arguments, Binding, FileFacts, Reference};

/// How many steps of a receiver (calls, fields, locals given them) are followed back to
/// where its type is written.
const MAX_STEPS: usize = 8;

/// The first path element of every package of the standard library.
const STD_ROOTS: &[&str] = &[
    "archive",
    "bufio",
    "bytes",
    "cmp",
    "compress",
    "container",
    "context",
    "crypto",
    "database",
    "debug",
    "embed",
    "encoding",
    "errors",
    "expvar",
    "flag",
    "fmt",
    "go",
    "hash",
    "html",
    "image",
    "index",
    "io",
    "iter",
    "log",
    "maps",
    "math",
    "mime",
    "net",
    "os",
    "path",
    "plugin",
    "reflect",
    "regexp",
    "runtime",
    "slices",
    "sort",
    "strconv",
    "strings",
    "structs",
    "sync",
    "syscall",
    "testing",
    "text",
    "time",
    "unicode",
    "unique",
    "unsafe",
    "weak",
];

/// Packages of the standard library with generic functions or types, whose values may
/// be of the caller's types.
const GENERIC_PACKAGES: &[&str] = &[
    "cmp",
    "database/sql",
    "iter",
    "maps",
    "math/rand/v2",
    "slices",
    "sync",
    "sync/atomic",
    "unique",
    "weak",
];

/// Generic functions of packages otherwise kept here.
const GENERIC_FUNCTIONS: &[(&str, &str)] = &[("errors", "AsType"), ("reflect", "TypeFor")];

/// Whether a value got from `module` (the package a call's callee or a field's owner
/// is of) through `callee` (`None` for a field) is a value of the standard library
/// everything got from which is the library's. `None` stands for a value already
/// known to be such a value of some library, whose package is not known (what
/// resolution answers external with no module named).
pub(super) fn std_value_from(module: Option<&str>, callee: Option<&str>) -> bool {
    let Some(module) = module else {
        return true;
    };
    let root = module.split('/').next().unwrap_or(module);
    STD_ROOTS.contains(&root)
        && !GENERIC_PACKAGES.contains(&module)
        && !callee.is_some_and(|c| GENERIC_FUNCTIONS.contains(&(module, c)))
}

impl Resolver<'_> {
    /// Whether Go value `q`, written where `r` stands and of a library type, is a
    /// value of the library no type argument of which the tree gives: everything got
    /// from it is the library's.
    pub(super) fn go_library_closed(&self, file: &Arc<FileFacts>, r: &Reference, q: &str) -> bool {
        self.closed_within(file, r, q.trim(), 0)
    }

    fn closed_within(&self, file: &Arc<FileFacts>, r: &Reference, q: &str, steps: usize) -> bool {
        if steps > MAX_STEPS {
            return false;
        }
        if let Some(call) = receiver_call(q) {
            return self.closed_call(file, r, &call, steps + 1);
        }
        if is_word(q) {
            return Self::binding_at(file, r, q)
                .is_some_and(|b| self.closed_binding(file, r, b, steps + 1));
        }
        let Some((owner, field)) = q.rsplit_once('.') else {
            return false;
        };
        if !is_word(field) {
            return false;
        }
        let owner_type = if is_word(owner) {
            match Self::binding_at(file, r, owner) {
                Some(b) => Some(self.type_of_binding(file, r, b)),
                // A variable of a library package: its type is the library's whole.
                None => {
                    return self
                        .import_binding(file, r.start_byte as usize, owner)
                        .is_some()
                }
            }
        } else {
            self.field_path_type(file, r, owner)
        };
        match owner_type {
            // A field of the tree's type, written in its declaration.
            Some(Resolution::Definition(t)) => {
                let mut fields = declared_fields(&t, field);
                match (fields.next(), fields.next()) {
                    (Some(b), None) => b.type_name.is_some() && !b.type_arguments,
                    _ => false,
                }
            }
            Some(Resolution::External(module)) => {
                std_value_from(module.as_deref(), None)
                    || self.closed_within(file, r, owner, steps + 1)
            }
            _ => false,
        }
    }

    /// [`Resolver::go_library_closed`] for a binding: typed as written, or given a
    /// call's result or another value's.
    fn closed_binding(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        b: &Binding,
        steps: usize,
    ) -> bool {
        by_how_given(
            b,
            || !b.type_arguments,
            |call| self.closed_call(file, r, call, steps),
            |path| self.closed_within(file, r, path, steps),
        )
    }

    /// [`Resolver::go_library_closed`] for what `call` gives.
    fn closed_call(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        call: &ReceiverCall<'_>,
        steps: usize,
    ) -> bool {
        let callee = self.resolve_within(file, &call.as_reference(r));
        self.gives_closed(file, r, call, &callee, steps)
    }

    /// Whether Go `call`, written where `r` stands, whose callee is `callee` (a
    /// library's, as `call` resolves), gives a value of the library everything got from
    /// which is the library's.
    pub(super) fn go_gives_library_value(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        call: &ReceiverCall<'_>,
        callee: &Resolution,
    ) -> bool {
        self.gives_closed(file, r, call, callee, 0)
    }

    fn gives_closed(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        call: &ReceiverCall<'_>,
        callee: &Resolution,
        steps: usize,
    ) -> bool {
        match callee {
            // A function of the tree whose result is written without type arguments.
            Resolution::Definition(f) => {
                let position = usize::from(call.element.unwrap_or_default());
                go_result_type(f.symbol(), position).is_some_and(|t| !go_type_arguments(t))
            }
            Resolution::External(module) => {
                let Some(q) = call.qualifier else {
                    return false;
                };
                std_value_from(module.as_deref(), Some(call.name))
                    || (!self.names_go_package(file, r, q) && self.closed_within(file, r, q, steps))
            }
            _ => false,
        }
    }

    /// Whether `q`, written where `r` stands, is the name of an imported package (no
    /// local of the name hides it).
    pub(super) fn names_go_package(&self, file: &FileFacts, r: &Reference, q: &str) -> bool {
        Self::binding_at(file, r, q).is_none()
            && self
                .import_binding(file, r.start_byte as usize, q)
                .is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_non_generic_standard_packages_give_standard_values() {
        assert!(std_value_from(Some("net/http"), Some("NewRequest")));
        assert!(std_value_from(Some("os"), None));
        assert!(std_value_from(None, Some("Get")));
        assert!(!std_value_from(Some("slices"), Some("Max")));
        assert!(!std_value_from(Some("sync/atomic"), Some("Load")));
        assert!(!std_value_from(Some("errors"), Some("AsType")));
        assert!(std_value_from(Some("errors"), Some("New")));
        assert!(!std_value_from(Some("github.com/pkg/errors"), Some("New")));
        assert!(!std_value_from(Some("golang.org/x/sync/errgroup"), None));
    }
}
