//! The calls written in the body of a C or C++ `#define`.
//!
//! The grammar keeps a macro's body as raw text, so a function called only through a
//! macro (`#define CHECK(x) assert_ok(x)`) would have no callers, though every use of
//! the macro calls it. The body is read as tokens instead: a name followed by an
//! argument list is a call, except where it is not code of the macro's own (a
//! parameter, whatever the caller passes; a name pasted with `##` or made a string with
//! `#`; a keyword, `if (..)`, `sizeof(..)`, `defined(..)`). A call written after a
//! receiver (`s->notify(x)`, `ns::f(x)`) is named through it (see [`token_member`]).
//!
//! Only calls are read: a bare name that is not called (`err` in `return err`) is as
//! often a variable of the code the macro expands into as one the macro's file knows,
//! and taken as a use it would be tied to a namesake.

use super::token_members::token_member;

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
];

/// A call found in a body: where its name is in the file, and the receiver written
/// before it, if any.
pub(super) struct DefineCall {
    pub start: usize,
    pub end: usize,
    pub receiver: Option<String>,
}

/// The calls in the body of a `#define`, which spans `body` of `src`, whose parameters
/// are `params`, in a language whose keywords are `reserved`. A call written after a
/// receiver the text does not show plainly is left out.
pub(super) fn define_calls(
    src: &str,
    body: std::ops::Range<usize>,
    params: &[&str],
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
                i = find(bytes, i + 2, end, b"*/").map_or(end, |at| at + 2)
            }
            b'0'..=b'9' => {
                // A number, with its suffix or exponent (`1e5`, `0x1fUL`).
                while i < end && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'.') {
                    i += 1;
                }
            }
            _ if b.is_ascii_alphabetic() || b == b'_' => {
                let start = i;
                while i < end && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                if let Some(call) = call_at(src, start, i, end, params, reserved) {
                    out.push(call);
                }
            }
            _ => i += 1,
        }
    }
    out
}

/// The call whose name spans `start..end`, if the name is one (see the module doc).
fn call_at(
    src: &str,
    start: usize,
    end: usize,
    body_end: usize,
    params: &[&str],
    reserved: &[&str],
) -> Option<DefineCall> {
    let bytes = src.as_bytes();
    let name = &src[start..end];
    let after = bytes[end..body_end].trim_ascii_start();
    let before = bytes[..start].trim_ascii_end();
    // A name glued to a non-ASCII letter is part of a name this scan cannot read.
    let glued = bytes.get(end).is_some_and(|&b| b >= 0x80) || before.last() == Some(&b'#');
    if !after.starts_with(b"(")
        || glued
        || params.contains(&name)
        || reserved.contains(&name)
        || NOT_CALLS.contains(&name)
        || (start > 0 && bytes[start - 1] >= 0x80)
    {
        return None;
    }
    match token_member(src, start, end, true) {
        Some(member) => member.receiver.map(|receiver| DefineCall {
            start,
            end,
            receiver: Some(receiver),
        }),
        None => Some(DefineCall {
            start,
            end,
            receiver: None,
        }),
    }
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

/// Where `needle` first occurs in `bytes[from..end]`.
fn find(bytes: &[u8], from: usize, end: usize, needle: &[u8]) -> Option<usize> {
    bytes
        .get(from..end)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|at| from + at)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The calls of a body written alone, as `name` or `receiver.name`.
    fn calls(body: &str, params: &[&str]) -> Vec<String> {
        define_calls(
            body,
            0..body.len(),
            params,
            &["if", "while", "sizeof", "return"],
        )
        .into_iter()
        .map(|c| {
            let name = &body[c.start..c.end];
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
        assert!(calls("\"g(1)\" 'h' /* k(2) */ // m(3)", &[]).is_empty());
        assert!(calls("defined(X) && __attribute__((unused))", &[]).is_empty());
        assert!(calls("1e5(x) 0x1f(y)", &[]).is_empty());
    }

    #[test]
    fn a_receiver_the_text_does_not_show_plainly_leaves_the_call_out() {
        assert!(calls("\"s\".len() x?.f()", &[]).is_empty());
    }
}
