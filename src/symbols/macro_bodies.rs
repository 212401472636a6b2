//! The code inside macro invocations (Rust's `cfg_rt! { pub fn spawn() {..} }`,
//! `assert_eq!(parse(x), y)`), read as the code it is.
//!
//! A grammar sees a macro's body as an opaque token tree, so the definitions in it and
//! the uses inside it would be missing from every answer: a crate that gates its API
//! behind feature macros would have no API, and a function called only inside
//! `assert!`s and `format!`s would have no callers. The text handed to the parser is
//! rewritten in place, every byte and line where it was: in item position `name! {
//! items }` reads `name!{}  items  ` (the invocation stays, an empty one, still a use
//! of the macro, and its items follow it in the same module or impl); elsewhere
//! `name!(args)` and `name![args]` read as the call `name (args)`. A body that does not
//! parse cleanly so (a DSL such as `bitflags!`, `json!`, `select!`) is left as it was,
//! so nothing is guessed from it. Invocations inside rewritten bodies are rewritten in
//! turn, a few levels deep.

use std::ops::Range;

use rustc_hash::FxHashSet;
use tree_sitter::{InputEdit, Node, Parser, Tree};

use crate::lang::MacroBodies;

/// How many levels of invocations nested in unwrapped bodies are unwrapped.
const MAX_DEPTH: usize = 4;

/// One invocation to unwrap: the bytes to change and where it lies.
struct Rewrite {
    /// The whole invocation, which the parser must read again.
    span: Range<usize>,
    start: tree_sitter::Point,
    end: tree_sitter::Point,
    /// New bytes at these offsets (ASCII over ASCII: the text stays UTF-8).
    bytes: Vec<(usize, u8)>,
}

/// `tree` (the parse of `text`) parsed again, by `parser`, with the bodies of the
/// macro invocations of `spec` read as code wherever they parse cleanly so.
pub fn read_macro_bodies(parser: &mut Parser, spec: &MacroBodies, text: &str, tree: Tree) -> Tree {
    // Only subtrees with a `!` in their text can hold an invocation: the others (most
    // function bodies, every file without a macro) are not walked. Rewrites only take
    // `!`s away, so the places found here stay a superset of the text's.
    let bangs: Vec<usize> = (0..text.len())
        .filter(|&i| text.as_bytes()[i] == b'!')
        .collect();
    if bangs.is_empty() {
        return tree;
    }
    let mut tried = FxHashSet::default();
    let mut rewritten: Option<Vec<u8>> = None;
    let mut tree = tree;
    for _ in 0..MAX_DEPTH {
        let current = rewritten.as_deref().unwrap_or(text.as_bytes());
        let candidates = candidates(&tree, spec, current, &bangs, &mut tried);
        if candidates.is_empty() {
            break;
        }
        match attempt(parser, &tree, current, candidates) {
            Some((bytes, parsed)) => {
                rewritten = Some(bytes);
                tree = parsed;
            }
            None => break,
        }
    }
    tree
}

/// The invocations not tried yet whose bodies hold something: braced ones in item
/// position, parenthesised or bracketed ones elsewhere.
fn candidates(
    tree: &Tree,
    spec: &MacroBodies,
    text: &[u8],
    bangs: &[usize],
    tried: &mut FxHashSet<usize>,
) -> Vec<Rewrite> {
    let mut out = Vec::new();
    let mut cursor = tree.walk();
    // A preorder walk without recursion, the kinds above the cursor kept on a stack
    // (asking a node for its parent walks down from the root). An invocation is a
    // leaf here: one inside its body is no node until the body is rewritten.
    let mut above: Vec<&str> = Vec::new();
    let has_bang = |r: Range<usize>| {
        let i = bangs.partition_point(|&b| b < r.start);
        bangs.get(i).is_some_and(|&b| b < r.end)
    };
    loop {
        let node = cursor.node();
        let invocation = node.kind() == spec.invocation;
        if invocation && tried.insert(node.start_byte()) {
            let in_item_position = above.last().is_some_and(|k| spec.containers.contains(k));
            out.extend(parts(node, spec, text).and_then(|p| {
                match (in_item_position, text[p.open], text[p.close]) {
                    (true, b'{', b'}') => items_rewrite(&p, text),
                    (false, b'(', b')') | (false, b'[', b']') => call_rewrite(&p, spec, text),
                    _ => None,
                }
            }));
        }
        if !invocation && has_bang(node.byte_range()) && cursor.goto_first_child() {
            above.push(node.kind());
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                return out;
            }
            above.pop();
        }
    }
}

/// An invocation, its body, where that opens and closes, and where its `!` is (only
/// blanks around it: no comment to keep in place).
struct Parts<'t> {
    invocation: Node<'t>,
    body: Node<'t>,
    open: usize,
    close: usize,
    bang: usize,
}

fn parts<'t>(invocation: Node<'t>, spec: &MacroBodies, text: &[u8]) -> Option<Parts<'t>> {
    let mut cursor = invocation.walk();
    let body = invocation
        .named_children(&mut cursor)
        .find(|c| c.kind() == spec.body)?;
    let open = body.start_byte();
    let close = body.end_byte().checked_sub(1)?;
    let name_end = invocation.child_by_field_name("macro")?.end_byte();
    let between = text.get(name_end..open)?;
    let bang = name_end + between.iter().position(|&b| b == b'!')?;
    let blanks = between.iter().filter(|&&b| b == b'!').count() == 1
        && between
            .iter()
            .all(|&b| b == b'!' || b.is_ascii_whitespace());
    blanks.then_some(Parts {
        invocation,
        body,
        open,
        close,
        bang,
    })
}

fn rewrite(p: &Parts<'_>, bytes: Vec<(usize, u8)>) -> Rewrite {
    Rewrite {
        span: p.invocation.byte_range(),
        start: p.invocation.start_position(),
        end: p.invocation.end_position(),
        bytes,
    }
}

/// How to turn `name!(args)` or `name![args]` into the call `name (args)`.
fn call_rewrite(p: &Parts<'_>, spec: &MacroBodies, text: &[u8]) -> Option<Rewrite> {
    // Only a body with a call or a member in it reads differently as code: its bare
    // names (`assert_eq!(a, b)`) are uses as they stand, and a second parse would buy
    // nothing there.
    let mut children = p.body.walk();
    let worth_it = p
        .body
        .children(&mut children)
        .any(|c| matches!(c.kind(), "." | "::") || c.kind() == spec.body);
    if !worth_it {
        return None;
    }
    let mut bytes = vec![(p.bang, b' ')];
    if text[p.open] == b'[' {
        bytes.push((p.open, b'('));
        bytes.push((p.close, b')'));
    }
    Some(rewrite(p, bytes))
}

/// How to turn `name! { items }` into `name!{}  items  `, if the body holds something
/// and there is room for the empty braces without moving a line break.
fn items_rewrite(p: &Parts<'_>, text: &[u8]) -> Option<Rewrite> {
    let Parts {
        body,
        open,
        close,
        bang,
        ..
    } = *p;
    if body.named_child_count() == 0 {
        return None;
    }
    let is_break = |b: u8| b == b'\n' || b == b'\r';
    // The empty braces take the first two places after the `!` that are not line
    // breaks: the blanks before the body's `{`, the `{` itself, or the blanks after it
    // (on its line or at the start of the next: `m!{` then an indented item).
    let mut places: Vec<usize> = (bang + 1..=open).filter(|&i| !is_break(text[i])).collect();
    let after = (open + 1..close).take_while(|&i| text[i].is_ascii_whitespace());
    places.extend(after.filter(|&i| !is_break(text[i])).take(2));
    let [first, second, ..] = places[..] else {
        return None;
    };
    let mut bytes: Vec<(usize, u8)> = places.iter().map(|&i| (i, b' ')).collect();
    bytes.push((first, b'{'));
    bytes.push((second, b'}'));
    bytes.push((close, b' '));
    Some(rewrite(p, bytes))
}

/// Parses `text` with `candidates` rewritten. Those whose spans then hold a syntax
/// error are dropped and the rest tried once more. `None` (nothing rewritten at this
/// level) when that second try still holds an error in a span, or when any try added
/// an error outside every span: an error there cannot be laid at one invocation's
/// door, and a guess is worse than a body left unread.
fn attempt(
    parser: &mut Parser,
    tree: &Tree,
    text: &[u8],
    mut kept: Vec<Rewrite>,
) -> Option<(Vec<u8>, Tree)> {
    kept.sort_by_key(|r| r.span.start);
    let before = error_spans(tree);
    // First every rewrite, then (from that parse) the failed ones undone: the second
    // parse reads again only their spans.
    let mut bytes = text.to_vec();
    for r in &kept {
        for &(i, b) in &r.bytes {
            bytes[i] = b;
        }
    }
    let mut parsed = reparse(parser, tree, &bytes, &kept)?;
    for pass in 0..2 {
        let spans: Vec<Range<usize>> = kept.iter().map(|r| r.span.clone()).collect();
        let mut clean = vec![true; kept.len()];
        let outside_after = mark_touched(&spans, &error_spans(&parsed), &mut clean);
        let outside_before = mark_touched(&spans, &before, &mut vec![true; kept.len()]);
        if outside_after > outside_before {
            return None;
        }
        if clean.iter().all(|&c| c) {
            return Some((bytes, parsed));
        }
        if pass == 1 {
            return None;
        }
        let (good, bad): (Vec<_>, Vec<_>) = kept.into_iter().zip(clean).partition(|(_, c)| *c);
        let bad: Vec<Rewrite> = bad.into_iter().map(|(r, _)| r).collect();
        kept = good.into_iter().map(|(r, _)| r).collect();
        if kept.is_empty() {
            return None;
        }
        for r in &bad {
            bytes[r.span.clone()].copy_from_slice(&text[r.span.clone()]);
        }
        parsed = reparse(parser, &parsed, &bytes, &bad)?;
    }
    None
}

/// `bytes` parsed from `old` (the parse of the same text before `changed` were
/// rewritten or undone), reading again only the invocations' spans.
fn reparse(parser: &mut Parser, old: &Tree, bytes: &[u8], changed: &[Rewrite]) -> Option<Tree> {
    let mut edited = old.clone();
    for r in changed {
        // Same length, same line breaks: the invocation's end stays where it was.
        edited.edit(&InputEdit {
            start_byte: r.span.start,
            old_end_byte: r.span.end,
            new_end_byte: r.span.end,
            start_position: r.start,
            old_end_position: r.end,
            new_end_position: r.end,
        });
    }
    parser.parse(bytes, Some(&edited))
}

/// The spans of a tree's ERROR and MISSING nodes (an ERROR node's own errors within
/// it are not listed apart).
fn error_spans(tree: &Tree) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut stack = vec![tree.root_node()];
    let mut cursor = tree.walk();
    while let Some(node) = stack.pop() {
        if !node.has_error() {
            continue;
        }
        if node.is_error() || node.is_missing() {
            out.push(node.byte_range());
            continue;
        }
        stack.extend(node.children(&mut cursor).filter(Node::has_error));
    }
    out
}

/// Marks in `clean` (one per span of `spans`, sorted and disjoint) the spans some
/// error touches, and counts the errors that touch none. Each error is placed by a
/// binary search: a file can hold many thousands of invocations.
fn mark_touched(spans: &[Range<usize>], errors: &[Range<usize>], clean: &mut [bool]) -> usize {
    let mut outside = 0;
    for e in errors {
        // A MISSING node is empty: one at a span's edge touches it.
        let touches = |s: &Range<usize>| {
            if e.is_empty() {
                s.start <= e.start && e.start <= s.end
            } else {
                e.start < s.end && s.start < e.end
            }
        };
        let first = spans.partition_point(|s| s.end < e.start);
        let mut any = false;
        for (i, s) in spans.iter().enumerate().skip(first) {
            if s.start > e.end {
                break;
            }
            if touches(s) {
                clean[i] = false;
                any = true;
            }
        }
        if !any {
            outside += 1;
        }
    }
    outside
}
