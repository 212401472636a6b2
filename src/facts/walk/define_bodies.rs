//! The calls written in the body of a C or C++ `#define`.
//!
//! The grammar keeps a macro's body as raw text, so a function called only through a
//! macro (`#define CHECK(x) assert_ok(x)`) would have no callers, though every use of
//! the macro calls it. The body is read as tokens instead: a name followed by an
//! argument list is a call, except where it is not code of the macro's own (a
//! parameter, whatever the caller passes; a name pasted with `##` or made a string with
//! `#`; a keyword, `if (..)`, `sizeof(..)`, `defined(..)`, `_Pragma(..)`). A call of the
//! macro's own name is left out too: the preprocessor never expands a macro inside
//! itself, so it calls a function of that name, which a reference by name could not
//! tell from the macro. A call written after a receiver (`s->notify(x)`, `ns::f(x)`)
//! is named through it (see [`token_member`]).
//!
//! Only calls are read: a bare name that is not called (`err` in `return err`) is as
//! often a variable of the code the macro expands into as one the macro's file knows,
//! and taken as a use it would be tied to a namesake.

use std::ops::Range;

use super::token_members::{name_byte, token_member};

/// Names that are followed by parentheses in a body without being calls.
const NOT_CALLS: &[&str] = &[
    "defined",
    "__VA_ARGS__",
    "__VA_OPT__",
    "__attribute__",
    "__declspec",
    "__typeof__",
    "typeof",
    "_Generic",
    "_Alignof",
    "_Static_assert",
    "alignas",
    "_Alignas",
    "__alignof__",
    "__typeof",
    "_Pragma",
    "__pragma",
    "asm",
    "__asm",
    "__asm__",
    "__has_include",
    "__has_include_next",
    "__has_attribute",
    "__has_cpp_attribute",
    "__has_builtin",
    "__has_feature",
];

/// A call found in a body: where its name is in the file, and the receiver written
/// before it, if any.
pub(super) struct DefineCall {
    pub name: Range<usize>,
    pub receiver: Option<String>,
}

/// The calls in the body of a `#define`, which spans `body` of `src`, leaving out the
/// names in `own` (the macro's name and parameters), in a language whose keywords are
/// `reserved`. A call written after a receiver the text does not show plainly is left
/// out.
pub(super) fn define_calls(
    src: &str,
    body: Range<usize>,
    own: &[&str],
    reserved: &[&str],
) -> Vec<DefineCall> {
    let bytes = src.as_bytes();
    let end = body.end.min(bytes.len());
    let mut out = Vec::new();
    let mut i = body.start;
    while i < end {
        let b = bytes[i];
        match b {
            b'"' | b'\'' => i = past_literal(bytes, i, end),
            b'/' if bytes.get(i + 1) == Some(&b'/') => i = end,
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = bytes
                    .get(i + 2..end)
                    .and_then(|rest| memchr::memmem::find(rest, b"*/"))
                    .map_or(end, |at| i + 4 + at)
            }
            b'0'..=b'9' => {
                // A number, with its suffix, exponent or digit separators (`1e5`,
                // `0x1fUL`, `1'000`).
                while i < end
                    && (bytes[i].is_ascii_alphanumeric()
                        || bytes[i] == b'.'
                        || (bytes[i] == b'\''
                            && bytes.get(i + 1).is_some_and(u8::is_ascii_alphanumeric)))
                {
                    i += 1;
                }
            }
            _ if b.is_ascii_alphabetic() || b == b'_' => {
                let start = i;
                while i < end && name_byte(bytes[i]) {
                    i += 1;
                }
                if let Some(call) = call_at(src, start..i, body.start..end, own, reserved) {
                    out.push(call);
                }
            }
            _ => i += 1,
        }
    }
    out
}

/// The call whose name spans `name` of the body `body`, if the name is one (see the
/// module doc).
fn call_at(
    src: &str,
    name: Range<usize>,
    body: Range<usize>,
    own: &[&str],
    reserved: &[&str],
) -> Option<DefineCall> {
    let bytes = src.as_bytes();
    let word = &src[name.clone()];
    let after = bytes[name.end..body.end].trim_ascii_start();
    let before = bytes[body.start..name.start].trim_ascii_end();
    // Part of a longer name this scan cannot read (one with a non-ASCII letter or a
    // GNU `$`), or a name pasted (`##`) or made a string (`#`).
    let glued = bytes.get(name.end).is_some_and(|&b| b >= 0x80)
        || (name.start > body.start && matches!(bytes[name.start - 1], 0x80.. | b'$'))
        || before.last() == Some(&b'#');
    if !after.starts_with(b"(")
        || glued
        || own.contains(&word)
        || reserved.contains(&word)
        || NOT_CALLS.contains(&word)
    {
        return None;
    }
    // A member whose receiver the text does not show is left out; a bare name is not.
    let receiver = match token_member(src, name.clone(), body, true) {
        Some(member) => Some(member.receiver?),
        None => None,
    };
    Some(DefineCall { name, receiver })
}

/// Where the string or character literal that opens at `open` ends (past its closing
/// quote, or at `end` when it does not close).
fn past_literal(bytes: &[u8], open: usize, end: usize) -> usize {
    let quote = bytes[open];
    let mut i = open + 1;
    while i < end {
        match bytes[i] {
            b'\\' => i += 2,
            b if b == quote => return i + 1,
            _ => i += 1,
        }
    }
    end
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The calls of a body written alone, as `name` or `receiver.name`.
    fn calls(body: &str, own: &[&str]) -> Vec<String> {
        define_calls(
            body,
            0..body.len(),
            own,
            &["if", "while", "sizeof", "return"],
        )
        .into_iter()
        .map(|c| {
            let name = &body[c.name];
            match c.receiver {
                Some(r) => format!("{r}.{name}"),
                None => name.to_string(),
            }
        })
        .collect()
    }

    #[test]
    fn a_name_followed_by_arguments_is_a_call_of_the_macros_own_code() {
        assert_eq!(
            calls(
                "do { helper(v); if (ok(v)) log_it (\"x\"); } while (0)",
                &["v"]
            ),
            ["helper", "ok", "log_it"]
        );
        assert_eq!(
            calls("(s)->server->notify(x); ns::reset(x)", &["s", "x"]),
            ["(s)->server.notify", "ns.reset"]
        );
    }

    #[test]
    fn parameters_keywords_pasted_names_and_text_are_no_calls() {
        assert!(calls("f(x) + sizeof(x)", &["f", "x"]).is_empty());
        assert!(calls("name##_init(x) #name(y)", &["name"]).is_empty());
        assert!(calls("a##init(x) # other(y) a$b(z)", &[]).is_empty());
        // The macro's own name: the function of that name, not the macro.
        assert!(calls("log_it(m, 1)", &["log_it", "m"]).is_empty());
        assert!(calls("_Pragma(\"x\") __asm__(\"nop\")", &[]).is_empty());
        assert_eq!(calls("f(1'000) + g(x)", &[]), ["f", "g"]);
        assert!(calls("\"g(1)\" 'h' /* k(2) */ // m(3)", &[]).is_empty());
        assert!(calls("defined(X) && __attribute__((unused))", &[]).is_empty());
        assert!(calls("1e5(x) 0x1f(y)", &[]).is_empty());
        // A comment or literal the body ends inside, or that opens at its last byte.
        let cut = "g(x) /*h(";
        let got = define_calls(cut, 0..6, &[], &[]);
        assert_eq!(got.len(), 1);
        assert_eq!(calls("g(x) /* h(", &[]), ["g"]);
        assert_eq!(calls("g(x) '\\", &[]), ["g"]);
    }

    #[test]
    fn a_receiver_the_text_does_not_show_plainly_leaves_the_call_out() {
        assert!(calls("\"s\".len() x?.f()", &[]).is_empty());
    }
}
