//! Library types whose every member the resolver knows: Kotlin's `String` and C#'s
//! `string`. A repository's extension of such a type (`fun String.percentDecode()`,
//! `static string FormatWith(this string format, ..)`) is what a call on a value of it
//! names whenever the type has no member of that name; where it has one, the member
//! wins when its parameters take the arguments, which only their types tell. For other
//! library types the members are not known,
//! so a repository extension of one may stand in for a member some platforms lack, and
//! such a call stays unresolved (see the extensions module).
//!
//! A table, one entry per type and language: the names code writes the type with, the
//! qualifiers that may precede them, the module of its members, the supertypes an
//! extension may extend instead (an extension of one of them, or of a type parameter,
//! fits the type too and leaves the call undecided), and its members.

use std::sync::Arc;

use super::guards::InitializerDepth;
use super::qualified::unmarked;
use super::returns::{call_gives, receiver_call, ReceiverCall, Returned};
use super::value_types::declared_fields;
use super::{is_word, Resolution, Resolver};
use crate::facts::{Binding, FileFacts, Reference};

/// A library type whose members are all known.
pub(super) struct ClosedType {
    language: &'static str,
    /// How code writes the type.
    pub(super) names: &'static [&'static str],
    /// The qualifiers that may be written before one of `names`.
    qualifiers: &'static [&'static str],
    /// The module of its members.
    pub(super) module: &'static str,
    /// The types it extends, as code writes them.
    pub(super) supertypes: &'static [&'static str],
    /// Its instance members: methods and properties.
    pub(super) members: &'static [&'static str],
    /// The methods, its own or its library's extensions, that give a value of the type
    /// again, whatever their overload (`trim`, `substring`).
    same_type_results: &'static [&'static str],
    /// The method every value has that, called without arguments, gives a value of
    /// the type (`toString`): a class may override it, never change what it gives.
    given_by_any: &'static str,
}

const CLOSED_TYPES: &[ClosedType] = &[
    ClosedType {
        language: "kotlin",
        names: &["String"],
        qualifiers: &["kotlin"],
        module: "kotlin",
        supertypes: &["Any", "CharSequence", "Comparable"],
        members: &[
            "compareTo",
            "equals",
            "get",
            "hashCode",
            "length",
            "plus",
            "subSequence",
            "toString",
        ],
        same_type_results: &[
            "capitalize",
            "decapitalize",
            "format",
            "lowercase",
            "padEnd",
            "padStart",
            "plus",
            "prependIndent",
            "removePrefix",
            "removeRange",
            "removeSuffix",
            "removeSurrounding",
            "repeat",
            "replace",
            "replaceAfter",
            "replaceAfterLast",
            "replaceBefore",
            "replaceBeforeLast",
            "replaceFirst",
            "replaceIndent",
            "replaceRange",
            "reversed",
            "substring",
            "substringAfter",
            "substringAfterLast",
            "substringBefore",
            "substringBeforeLast",
            "toLowerCase",
            "toString",
            "toUpperCase",
            "trim",
            "trimEnd",
            "trimIndent",
            "trimMargin",
            "trimStart",
            "uppercase",
        ],
        given_by_any: "toString",
    },
    ClosedType {
        language: "csharp",
        names: &["string", "String"],
        qualifiers: &["System"],
        module: "System",
        supertypes: &[
            "object",
            "Object",
            "ICloneable",
            "IComparable",
            "IConvertible",
            "IEnumerable",
            "IEquatable",
            "IParsable",
            "ISpanParsable",
        ],
        members: &[
            "Chars",
            "Clone",
            "CompareTo",
            "Contains",
            "CopyTo",
            "EndsWith",
            "EnumerateRunes",
            "Equals",
            "GetEnumerator",
            "GetHashCode",
            "GetPinnableReference",
            "GetType",
            "GetTypeCode",
            "IndexOf",
            "IndexOfAny",
            "Insert",
            "IsNormalized",
            "LastIndexOf",
            "LastIndexOfAny",
            "Length",
            "MemberwiseClone",
            "Normalize",
            "PadLeft",
            "PadRight",
            "Remove",
            "Replace",
            "ReplaceLineEndings",
            "Split",
            "StartsWith",
            "Substring",
            "ToCharArray",
            "ToLower",
            "ToLowerInvariant",
            "ToString",
            "ToUpper",
            "ToUpperInvariant",
            "Trim",
            "TrimEnd",
            "TrimStart",
            "TryCopyTo",
        ],
        same_type_results: &[
            "Insert",
            "Normalize",
            "PadLeft",
            "PadRight",
            "Remove",
            "Replace",
            "ReplaceLineEndings",
            "Substring",
            "ToLower",
            "ToLowerInvariant",
            "ToString",
            "ToUpper",
            "ToUpperInvariant",
            "Trim",
            "TrimEnd",
            "TrimStart",
        ],
        given_by_any: "ToString",
    },
];

/// The closed type `lang` code writes `name` (after `qualifier`, if any) for.
pub(super) fn closed_type(
    lang: &str,
    name: &str,
    qualifier: Option<&str>,
) -> Option<&'static ClosedType> {
    let name = name.trim().trim_end_matches('?');
    CLOSED_TYPES.iter().find(|t| {
        t.language == lang
            && t.names.contains(&name)
            && qualifier.is_none_or(|q| t.qualifiers.contains(&q))
    })
}

/// Whether receiver `q` is a string literal of `lang` (plain, verbatim, interpolated or
/// raw): one expression, since a receiver made of several needs parentheses.
fn is_string_literal(lang: &str, q: &str) -> bool {
    let body = match lang {
        "csharp" => q.trim_start_matches(['$', '@']),
        "kotlin" => q,
        _ => return false,
    };
    body.len() >= 2 && body.starts_with('"') && body.ends_with('"')
}

impl Resolver<'_> {
    /// The closed library type of the receiver `q` of `r`, when the code states it: a
    /// string literal, a parameter, local or field of the enclosing types declared with
    /// that type (and no repository type of its name hides the library's), or a call
    /// that gives it (see [`Resolver::closed_type_returned`]).
    pub(super) fn closed_receiver_type(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        q: &str,
    ) -> Option<&'static ClosedType> {
        let lang = file.language.name;
        if !CLOSED_TYPES.iter().any(|t| t.language == lang) {
            return None;
        }
        let unmarked = unmarked(lang, q.trim());
        let q = unmarked.as_ref();
        if is_string_literal(lang, q) {
            return CLOSED_TYPES
                .iter()
                .find(|t| t.language == lang && t.names.contains(&"String"));
        }
        if let Some(call) = receiver_call(q) {
            return self.closed_type_returned(file, r, &call);
        }
        let (bare, field) = match q.split_once('.') {
            Some((head, field)) if self.scoping(file).self_names.contains(&head) => (false, field),
            Some(_) => return None,
            None => (true, q),
        };
        if !is_word(field) {
            return None;
        }
        let binding = if bare {
            Self::binding_at(file, r, q)
        } else {
            None
        };
        if let Some(b) = binding {
            let Some(name) = b.type_name.as_deref() else {
                return self.closed_type_given(file, r, b);
            };
            let ty = closed_type(lang, name, b.type_qualifier.as_deref())?;
            return matches!(self.type_of_binding(file, r, b), Resolution::External(_))
                .then_some(ty);
        }
        // A field of a type enclosing `r`: the innermost that declares one.
        Self::enclosing_types(file, r.enclosing)
            .find_map(|owner| {
                let b = declared_fields(&owner, field).next()?;
                let at = u32::try_from(owner.index).ok();
                Some(b.type_name.as_deref().and_then(|name| {
                    self.written_closed_type(&owner.file, at, name, b.type_qualifier.as_deref())
                }))
            })
            .flatten()
    }

    /// The closed library type of untyped local `b` (seen from `r`), when it keeps the
    /// one it is given where it is declared: that of the call that initialises it
    /// (`val host = s.trim()`), or of the local it copies (`var hostname = hostname`).
    fn closed_type_given(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        b: &Binding,
    ) -> Option<&'static ClosedType> {
        let _depth = InitializerDepth::enter()?;
        if b.passed_to.is_some() || !Self::keeps_its_initial_type(file, b) {
            return None;
        }
        let declared = Self::where_given(file, r, b);
        match (&b.initializer, &b.copied_from) {
            (Some(init), _) => self.closed_type_returned(file, &declared, &init.into()),
            (None, Some(name)) if is_word(name) => self.closed_receiver_type(file, &declared, name),
            _ => None,
        }
    }

    /// The closed library type `call` gives: the one a repository function or method
    /// declares it returns (`host.percentDecode()` of a `fun String.percentDecode():
    /// String`), the one a library method of a closed type that gives that type again
    /// is called on (`host.removePrefix(".")`), or that of the method every value has
    /// for it (`code.toString()`).
    fn closed_type_returned(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        call: &ReceiverCall<'_>,
    ) -> Option<&'static ClosedType> {
        let lang = file.language.name;
        if call.arity == Some(0) {
            if let Some(ty) = CLOSED_TYPES
                .iter()
                .find(|t| t.language == lang && t.given_by_any == call.name)
            {
                return Some(ty);
            }
        }
        let method = match self.resolve_within(file, &call.as_reference(r)) {
            Resolution::Definition(method) => method,
            // The type's library's own method (not another library's of that name
            // that the file imports), which the receiver's type decides.
            Resolution::External(Some(module)) => {
                let ty = self.closed_receiver_type(file, r, call.qualifier?)?;
                let same = module == ty.module && ty.same_type_results.contains(&call.name);
                return same.then_some(ty);
            }
            _ => return None,
        };
        let Some(Returned::Type(written)) = call_gives(method.symbol(), call.awaited) else {
            return None;
        };
        let (qualifier, name) = crate::facts::written_type(written, method.file.language.name);
        let at = u32::try_from(method.index).ok();
        self.written_closed_type(&method.file, at, name.as_deref()?, qualifier.as_deref())
            .filter(|ty| ty.language == lang)
    }

    /// The closed library type written `name` (after `qualifier`) at `at` in `file`
    /// names, unless a repository type of that name hides the library's there.
    fn written_closed_type(
        &self,
        file: &Arc<FileFacts>,
        at: Option<u32>,
        name: &str,
        qualifier: Option<&str>,
    ) -> Option<&'static ClosedType> {
        let ty = closed_type(file.language.name, name, qualifier)?;
        let found = self.resolve_value_type(file, at, name, qualifier);
        matches!(found, Resolution::External(_)).then_some(ty)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_type_is_known_by_its_names_and_qualifiers_in_its_language() {
        assert!(closed_type("kotlin", "String", None).is_some());
        assert!(closed_type("kotlin", "String?", Some("kotlin")).is_some());
        assert!(closed_type("kotlin", "String", Some("java.lang")).is_none());
        assert!(closed_type("kotlin", "string", None).is_none());
        assert!(closed_type("csharp", "string", None).is_some());
        assert!(closed_type("csharp", "String", Some("System")).is_some());
        assert!(closed_type("java", "String", None).is_none());
    }

    #[test]
    fn string_literals_of_each_language_are_told_from_other_receivers() {
        assert!(is_string_literal("kotlin", "\"a $b\""));
        assert!(is_string_literal("kotlin", "\"\"\"raw\"\"\""));
        assert!(is_string_literal("csharp", "\"Error {0}.\""));
        assert!(is_string_literal("csharp", "@\"C:\\x\""));
        assert!(is_string_literal("csharp", "$\"{a}\""));
        assert!(!is_string_literal("csharp", "\"a\".Trim()"));
        assert!(!is_string_literal("csharp", "\"a\"u8"));
        assert!(!is_string_literal("csharp", "\""));
        assert!(!is_string_literal("swift", "\"a\""));
        assert!(!is_string_literal("kotlin", "name"));
    }
}
