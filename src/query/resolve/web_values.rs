//! JavaScript and TypeScript values of the web platform whose every field is the
//! platform's: a `Request`, a `Response`, their `Headers`, a `URL`, Web Crypto's
//! `crypto.subtle`. A field read of such a value (`request.headers`, `this.raw.url`,
//! `crypto.subtle`) is a value of the platform too, so a method called on it
//! (`request.headers.get(..)`, `url.indexOf(..)` of `const url = request.url`) is the
//! platform's, never one of the tree that happens to share its name.
//!
//! Only types none of whose fields holds a value the program chose are listed: an
//! `AbortSignal`'s `reason`, an event's `detail` or `data`, an error's `cause` may hold
//! any object of the tree, and so do the values a generic type (`ReadableStream<T>`,
//! `Map<K, V>`) gives, so those stay out. A field of that kind reached from a listed
//! type (`request.signal`) ends the chain.

use std::sync::Arc;

use super::imports::is_js;
use super::returns::{receiver_call, ReceiverCall};
use super::value_types::{by_how_given, declared_fields};
use super::{is_word, Resolution, Resolver};
use crate::facts::{Binding, FileFacts, RefKind, Reference};

/// How many steps of a path (fields, locals given them) are followed back to where its
/// type is written.
const MAX_STEPS: usize = 8;

/// The platform's types whose fields hold only the platform's values.
const CLOSED_TYPES: &[&str] = &[
    "Blob",
    "CryptoKey",
    "Date",
    "File",
    "FormData",
    "Headers",
    "RegExp",
    "Request",
    "Response",
    "SubtleCrypto",
    "Crypto",
    "TextDecoder",
    "TextEncoder",
    "URL",
    "URLSearchParams",
    "bigint",
    "boolean",
    "number",
    "string",
];

/// The platform's global values of such types (`crypto.subtle`).
const CLOSED_GLOBALS: &[&str] = &["crypto"];

/// Fields of a listed type that hold a value whose fields the program may choose
/// (`request.signal.reason`).
const OPEN_FIELDS: &[&str] = &["signal"];

/// The functions of the platform whose result is a value of a listed type.
const GIVES_CLOSED: &[&str] = &["fetch"];

impl Resolver<'_> {
    /// Whether the value at path `q`, written where `r` stands, is a value of a listed
    /// type of the web platform (see the module's documentation), whose fields are
    /// then the platform's.
    pub(super) fn web_value_closed(&self, file: &Arc<FileFacts>, r: &Reference, q: &str) -> bool {
        self.web_closed_within(file, r, q.trim(), 0)
    }

    /// The type of binding `b`, called `name`, where `r` stands, as
    /// [`Resolver::type_of_binding`] reads it; for a value of a listed type that no
    /// written type names (`const res = await fetch(..)`), the platform's.
    pub(super) fn type_of_named_binding(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        name: &str,
        b: &Binding,
    ) -> Resolution {
        match self.type_of_binding(file, r, b) {
            Resolution::Unresolved
                if is_js(file.language.name) && self.web_value_closed(file, r, name) =>
            {
                Resolution::External(Some(self.scoping(file).builtin_module.to_string()))
            }
            ty => ty,
        }
    }

    /// Whether bare name `name`, where `r` stands, is one of the platform's global
    /// values of a listed type (`crypto`): no local, import or definition of the file
    /// hides it.
    pub(super) fn closed_web_global(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        name: &str,
    ) -> bool {
        CLOSED_GLOBALS.contains(&name)
            && Self::binding_at(file, r, name).is_none()
            && self.is_platform_global(file, r, name, RefKind::Reference)
    }

    /// Whether `name`, used as `kind` where `r` stands, resolves to the platform's
    /// globals.
    fn is_platform_global(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        name: &str,
        kind: RefKind,
    ) -> bool {
        let use_of_name = Reference {
            name: name.to_string(),
            qualifier: None,
            kind,
            arity: None,
            ..r.clone()
        };
        let module = self.scoping(file).builtin_module;
        matches!(self.resolve_within(file, &use_of_name),
            Resolution::External(Some(m)) if m == module)
    }

    fn web_closed_within(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        q: &str,
        steps: usize,
    ) -> bool {
        if steps > MAX_STEPS {
            return false;
        }
        if let Some(call) = receiver_call(q) {
            return self.web_gives_closed(file, r, &call);
        }
        if is_word(q) {
            return match Self::binding_at(file, r, q) {
                Some(b) => self.web_closed_binding(file, r, b, steps + 1),
                None => self.closed_web_global(file, r, q),
            };
        }
        let Some((owner, field)) = q.rsplit_once('.') else {
            return false;
        };
        let field = field.strip_prefix('#').unwrap_or(field);
        if !is_word(field) || OPEN_FIELDS.contains(&field) {
            return false;
        }
        if self.web_closed_within(file, r, owner, steps + 1) {
            return true;
        }
        // A field of the tree's type declared with a listed type (`raw: Request`).
        let owner_type = if self.scoping(file).self_names.contains(&owner) {
            self.enclosing_type_def(file, r.enclosing)
                .map(Resolution::Definition)
        } else if is_word(owner) {
            Self::binding_at(file, r, owner).map(|b| self.type_of_binding(file, r, b))
        } else {
            self.field_path_type(file, r, owner)
        };
        let Some(Resolution::Definition(t)) = owner_type else {
            return false;
        };
        let mut fields = declared_fields(&t, field);
        let (Some(b), None) = (fields.next(), fields.next()) else {
            return false;
        };
        let at = u32::try_from(t.index).ok();
        let in_owner = Reference {
            enclosing: at,
            ..r.clone()
        };
        written_closed(b) && self.written_type_is_platform(&t.file, &in_owner, b)
    }

    /// [`Resolver::web_value_closed`] for a local or parameter: declared with a listed
    /// type, or given a value of one (`new Headers()`, `await fetch(..)`, another
    /// value's field).
    fn web_closed_binding(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        b: &Binding,
        steps: usize,
    ) -> bool {
        by_how_given(
            b,
            || written_closed(b) && self.written_type_is_platform(file, r, b),
            |call| self.web_gives_closed(file, r, call),
            |path| self.web_closed_within(file, r, path, steps),
        )
    }

    /// Whether `call` builds a value of a listed type (`new Headers(..)`) or is a
    /// platform function that gives one (`fetch(..)`).
    fn web_gives_closed(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        call: &ReceiverCall<'_>,
    ) -> bool {
        call.qualifier.is_none()
            && (CLOSED_TYPES.contains(&call.name) || GIVES_CLOSED.contains(&call.name))
            && self.is_platform_global(file, r, call.name, RefKind::Call)
    }

    /// Whether the type binding `b` is written with, seen from `r`, is the platform's
    /// (no type of the tree or of an import hides it).
    fn written_type_is_platform(&self, file: &Arc<FileFacts>, r: &Reference, b: &Binding) -> bool {
        b.type_name
            .as_deref()
            .is_some_and(|t| self.is_platform_global(file, r, t, RefKind::TypeUse))
    }
}

/// Whether binding `b` is declared with a listed type, as a plain name.
fn written_closed(b: &Binding) -> bool {
    b.type_qualifier.is_none()
        && !b.type_arguments
        && b.type_name
            .as_deref()
            .is_some_and(|t| CLOSED_TYPES.contains(&t))
}
