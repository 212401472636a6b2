//! Members written inside a macro body that no parse reads as code (a `macro_rules!`
//! transcriber, a DSL such as `select!` or `json!`, a `quote!` template, the body of a
//! C `#define`), read off the text.
//!
//! The grammar gives such a body as a flat run of tokens, so `$stream.poll_read_ready(cx)`
//! is three tokens and not a call with a receiver. Taken alone, the member's name would
//! be a bare name and be tied to a namesake in scope (a free function `len` for
//! `items.len()`); left out, every use written in a macro's definition would be missing
//! from what-breaks. Instead the receiver written before the member (`$stream`,
//! `afd.as_ref()`, `tokio::runtime::Builder`) becomes the reference's qualifier, as it
//! would for the same code outside a macro, and resolution then decides: a receiver it
//! cannot type (a macro's `$stream`) leaves a match by name only.
//!
//! Only what the text shows plainly is read, and only inside the body: identifiers (a
//! macro's `$name` included) joined by `.` and `::`, each perhaps followed by the
//! bracketed groups of calls and indexing, or a bracketed group that opens the body or
//! follows an operator (`(a + b).abs()`). A receiver that holds anything else (a
//! literal, `?`, a generic argument list, a macro's `!`, a keyword such as `return`)
//! or that runs longer than [`MAX_RECEIVER_BYTES`] is not guessed at, and the member is
//! left out.

use std::ops::Range;

use super::syntax::compact;

/// How far before a member its receiver is looked for: a receiver longer than this is
/// not read, so that its text is never shortened (see [`compact`]) into another path,
/// and nothing in a hostile file makes the search cost more.
const MAX_RECEIVER_BYTES: usize = 160;

/// Words that can stand before an expression but never name a receiver (`return
/// (p)->next`, `x in (a..b).rev()`).
const KEYWORDS: &[&str] = &[
    "as", "await", "break", "case", "const", "continue", "default", "delete", "do", "dyn", "else",
    "enum", "fn", "for", "goto", "if", "impl", "in", "let", "loop", "match", "move", "mut", "new",
    "not", "ref", "return", "sizeof", "static", "struct", "switch", "throw", "typeof", "union",
    "unsafe", "where", "while", "yield",
];

/// Whether `b` can be part of a name as these scans read one: an ASCII letter or digit,
/// or `_` (a macro's `$` and non-ASCII letters are told apart by their callers).
pub(super) fn name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// A member written after `.` or `::` in a token run.
pub(super) struct TokenMember {
    /// The receiver's text, compacted; `None` when the text does not tell it plainly.
    pub receiver: Option<String>,
    /// Whether an argument list follows the member's name in the body (`x.f(..)`).
    pub called: bool,
}

/// The member whose name spans `name` of `src`, in the macro body that spans `body`, if
/// it is written after `.` or `::` (or, with `arrows`, C's `->`); `None` for a name that
/// stands alone, ends a range (`0..len`), or follows a `::` that starts a path
/// (`::check(x)`, the global name).
pub(super) fn token_member(
    src: &str,
    name: Range<usize>,
    body: Range<usize>,
    arrows: bool,
) -> Option<TokenMember> {
    let bytes = src.as_bytes();
    let floor = body.start.min(name.start);
    let before = bytes.get(floor..name.start)?.trim_ascii_end();
    let separator = floor + separator_before(before, arrows)?;
    // A `::` that starts a path (`::check(x)`, `f(::g())`) names a global name.
    let prev = bytes[floor..separator].trim_ascii_end().last();
    if bytes[separator..].starts_with(b"::")
        && prev.is_none_or(|b| b"([{,;=+-*/%&|^!~<?:".contains(b))
    {
        return None;
    }
    let called = bytes
        .get(name.end..body.end.max(name.end))
        .is_some_and(|after| after.trim_ascii_start().starts_with(b"("));
    let receiver = receiver_start(bytes, separator, floor, arrows).and_then(|from| {
        let text = compact(src.get(from..separator)?);
        (!text.is_empty()).then_some(text)
    });
    Some(TokenMember { receiver, called })
}

/// Where the separator that `written` ends with starts, if it ends with one: `::`, `.`
/// (not a range's `..`), or with `arrows`, `->`.
fn separator_before(written: &[u8], arrows: bool) -> Option<usize> {
    let len = written.len();
    if written.ends_with(b"::") || (arrows && written.ends_with(b"->")) {
        Some(len - 2)
    } else if written.ends_with(b".") && !written.ends_with(b"..") {
        Some(len - 1)
    } else {
        None
    }
}

/// Where the receiver that ends right before `separator` starts, looking no further
/// back than `floor` (the body's start): a chain of names joined by separators, each
/// perhaps followed by bracketed groups (see the module doc).
fn receiver_start(bytes: &[u8], separator: usize, floor: usize, arrows: bool) -> Option<usize> {
    let cap = separator.saturating_sub(MAX_RECEIVER_BYTES);
    let limit = cap.max(floor);
    // Reaching the limit set by the length cap (not the body's start) means the
    // receiver may run on before it: not read.
    let cut_short = |i: usize| i == limit && cap > floor;
    let back_over_blanks = |mut i: usize| {
        while i > limit && bytes[i - 1].is_ascii_whitespace() {
            i -= 1;
        }
        i
    };
    let mut i = separator;
    loop {
        i = back_over_blanks(i);
        // The groups of calls and indexing (`f(x)[0]`), or a parenthesised receiver.
        let mut grouped = false;
        while i > limit && matches!(bytes[i - 1], b')' | b']') {
            i = back_over_blanks(group_start(bytes, i - 1, limit)?);
            grouped = true;
        }
        let name_end = i;
        while i > limit && name_byte(bytes[i - 1]) {
            i -= 1;
        }
        if i < name_end && i > limit && bytes[i - 1] == b'$' {
            i -= 1;
        }
        let named = i < name_end;
        if (!named && !grouped) || cut_short(i) {
            return None;
        }
        if named && KEYWORDS.contains(&std::str::from_utf8(&bytes[i..name_end]).ok()?) {
            return None;
        }
        // A separator before it continues the chain.
        let j = back_over_blanks(i);
        if cut_short(j) {
            return None;
        }
        if let Some(at) = separator_before(&bytes[limit..j], arrows) {
            i = limit + at;
            continue;
        }
        // The chain starts here, unless what stands before it makes it part of
        // something the scan cannot read: a longer name (one with a non-ASCII letter,
        // a `#path` interpolation) or, before a bracketed group alone, a name or a
        // generic argument list (`f::<T>(x)`, `m!(x)`).
        let glued = i > limit && (bytes[i - 1] >= 0x80 || bytes[i - 1] == b'#');
        let opaque_group = !named && j > limit && {
            let b = bytes[j - 1];
            name_byte(b) || matches!(b, b'$' | b'>' | b'!' | b'?' | b'\'')
        };
        return (!glued && !opaque_group).then_some(i);
    }
}

/// Where the group that `close` (a `)` or `]`) ends opens, counting nested groups of
/// every kind; `None` when it does not open after `limit`.
fn group_start(bytes: &[u8], close: usize, limit: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = close + 1;
    while i > limit {
        i -= 1;
        match bytes[i] {
            b')' | b']' | b'}' => depth += 1,
            b'(' | b'[' | b'{' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The member named `name` (its last occurrence in `src`, a whole body).
    fn member(src: &str, name: &str) -> Option<(Option<String>, bool)> {
        let start = src.rfind(name).expect("the name is in the text");
        token_member(src, start..start + name.len(), 0..src.len(), true)
            .map(|m| (m.receiver, m.called))
    }

    #[test]
    fn a_member_is_named_through_the_receiver_written_before_it() {
        let got = |src, name| member(src, name).expect("a member");
        assert_eq!(
            got("$stream.poll_read_ready(cx)", "poll_read_ready"),
            (Some("$stream".into()), true)
        );
        assert_eq!(
            got(
                "afd_a . as_ref ( ) . poll_read_ready(&mut w)",
                "poll_read_ready"
            ),
            (Some("afd_a.as_ref ( )".into()), true)
        );
        assert_eq!(
            got(
                "tokio::runtime::Builder::new_multi_thread()",
                "new_multi_thread"
            ),
            (Some("tokio::runtime::Builder".into()), true)
        );
        assert_eq!(
            got("{\"a\": items[f(0)].len }", "len"),
            (Some("items[f(0)]".into()), false)
        );
        assert_eq!(got("(a + b).abs()", "abs"), (Some("(a + b)".into()), true));
        assert_eq!(got("x = (a).abs()", "abs"), (Some("(a)".into()), true));
        assert_eq!(
            got("s->server->notify(x)", "notify"),
            (Some("s->server".into()), true)
        );
    }

    #[test]
    fn a_name_standing_alone_ending_a_range_or_starting_a_path_is_no_member() {
        assert!(member("f(cx)", "f").is_none());
        assert!(member("0..len", "len").is_none());
        assert!(member("::check_impl(x)", "check_impl").is_none());
        assert!(member("y = ::check_impl(x)", "check_impl").is_none());
    }

    #[test]
    fn a_receiver_the_text_does_not_show_plainly_is_not_guessed() {
        let receiver = |src, name| member(src, name).expect("a member").0;
        assert_eq!(receiver("\"x\".len()", "len"), None);
        assert_eq!(receiver("x?.len()", "len"), None);
        assert_eq!(receiver("Vec::<u8>::new()", "new"), None);
        assert_eq!(receiver("a)).len()", "len"), None);
        assert_eq!(receiver("éa.len()", "len"), None);
        assert_eq!(receiver("#path::Builder::new()", "new"), None);
        assert_eq!(receiver("f::<T>(x).len()", "len"), None);
        assert_eq!(receiver("it.collect::<Vec<_>>().len()", "len"), None);
        assert_eq!(receiver("m!(x).f()", "f"), None);
        assert_eq!(receiver("return (p)->next(x)", "next"), None);
        assert_eq!(receiver("for x in (a..b).rev()", "rev"), None);
        let long = format!("{}.len()", "a".repeat(MAX_RECEIVER_BYTES + 1));
        assert_eq!(receiver(&long, "len"), None);
        // Blanks past the limit: `a::` may continue the chain out of sight.
        let spaced = format!("a::{}b::c()", " ".repeat(MAX_RECEIVER_BYTES));
        assert_eq!(receiver(&spaced, "c"), None);
    }

    #[test]
    fn a_receiver_is_looked_for_inside_the_body_only() {
        let src = "#define CHECK(x) a.g(x) + CHECK2(x) . h(x)";
        let body = src.find("a.g").unwrap()..src.len();
        let at = |name: &str| {
            let start = src.find(name).unwrap();
            token_member(src, start..start + name.len(), body.clone(), true)
                .and_then(|m| m.receiver)
        };
        assert_eq!(at("g").as_deref(), Some("a"));
        assert_eq!(at("h").as_deref(), Some("CHECK2(x)"));
        // The body's first name has no receiver, whatever the directive before it says.
        let starts = src.find("a.g").unwrap();
        let bare = token_member(src, starts + 2..starts + 3, starts + 1..src.len(), true);
        assert_eq!(bare.map(|m| m.receiver), Some(None));
    }
}
