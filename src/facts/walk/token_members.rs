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
//! Only what the text shows plainly is read: identifiers (a macro's `$name` included)
//! joined by `.` and `::`, with the bracketed groups of calls and indexing. A receiver
//! that starts or ends with anything else (a literal, `?`, a generic argument list) or
//! that runs longer than [`MAX_RECEIVER_BYTES`] is not guessed at, and the member is left
//! out as before.

use super::syntax::compact;

/// How far before a member its receiver is looked for: a receiver longer than this is
/// not read (and nothing in a hostile file makes the search cost more).
const MAX_RECEIVER_BYTES: usize = 256;

/// A member written after `.` or `::` in a token run.
pub(super) struct TokenMember {
    /// The receiver's text, compacted; `None` when the text does not tell it plainly.
    pub receiver: Option<String>,
    /// Whether an argument list follows the member's name (`x.f(..)`).
    pub called: bool,
}

/// The member whose name spans `start..end` of `src`, if it is written after `.` or
/// `::` (or, with `arrows`, C's `->`); `None` for a name that stands alone (or ends a
/// range, `0..len`).
pub(super) fn token_member(
    src: &str,
    start: usize,
    end: usize,
    arrows: bool,
) -> Option<TokenMember> {
    let bytes = src.as_bytes();
    let before = bytes.get(..start)?.trim_ascii_end();
    let separator = separator_before(before, arrows)?;
    let called = bytes
        .get(end..)
        .is_some_and(|after| after.trim_ascii_start().starts_with(b"("));
    let receiver = receiver_start(bytes, separator, arrows).and_then(|from| {
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

/// Where the receiver that ends right before `separator` starts: a chain of
/// identifiers joined by separators, each perhaps followed by bracketed groups.
fn receiver_start(bytes: &[u8], separator: usize, arrows: bool) -> Option<usize> {
    let limit = separator.saturating_sub(MAX_RECEIVER_BYTES);
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
        while i > limit && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_') {
            i -= 1;
        }
        if i < name_end && i > limit && bytes[i - 1] == b'$' {
            i -= 1;
        }
        // Nothing read, or a scan cut short by the limit: no receiver to tell.
        if (i == name_end && !grouped) || (i == limit && limit > 0) {
            return None;
        }
        // A separator before it continues the chain.
        let j = back_over_blanks(i);
        if let Some(at) = separator_before(&bytes[..j], arrows) {
            i = at;
        } else {
            // Not when it is only the end of a name the scan cannot read (one with a
            // non-ASCII letter) or of an interpolation (`#path` in a `quote!`).
            let glued = i > 0 && (bytes[i - 1] >= 0x80 || bytes[i - 1] == b'#');
            return (!glued).then_some(i);
        }
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

    /// The member named `name` (its first occurrence in `src`).
    fn member(src: &str, name: &str) -> Option<(Option<String>, bool)> {
        let start = src.find(name).expect("the name is in the text");
        token_member(src, start, start + name.len(), true).map(|m| (m.receiver, m.called))
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
            (Some("afd_a . as_ref ( )".into()), true)
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
        assert_eq!(
            got("s->server->notify(x)", "notify"),
            (Some("s->server".into()), true)
        );
    }

    #[test]
    fn a_name_standing_alone_or_ending_a_range_is_no_member() {
        assert!(member("f(cx)", "f").is_none());
        assert!(member("0..len", "len").is_none());
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
        let long = format!("{}.len()", "a".repeat(MAX_RECEIVER_BYTES + 1));
        assert_eq!(receiver(&long, "len"), None);
    }
}
