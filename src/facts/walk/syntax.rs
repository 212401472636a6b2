//! Shapes every grammar shares, read through field names: a call's callee and
//! arguments, a member access's receiver and member, the text of a receiver.

use tree_sitter::Node;

use super::{Frame, CALLEE_FIELDS, MAX_RECEIVER_CHAIN, MEMBER_FIELDS, RECEIVER_FIELDS};
use crate::facts::grammar::{Class, Grammar};

/// The name node and the receiver node of a call's callee.
pub(super) fn callee_parts<'t>(
    g: &'static Grammar,
    call: Node<'t>,
) -> Option<(Node<'t>, Option<Node<'t>>)> {
    // Java `a.f()`, Ruby `a.f`, PHP `$a->f()`: the call itself holds name and receiver.
    for f in ["name", "method"] {
        if let Some(n) = g.child(call, f) {
            // Lua's `t.f()` and `t:f()`: the name is the whole member access.
            if matches!(
                g.kind(n),
                "dot_index_expression" | "method_index_expression"
            ) {
                return split_member(g, n).or(Some((n, None)));
            }
            return Some((n, receiver_of(g, call, n)));
        }
    }
    let mut callee = CALLEE_FIELDS
        .iter()
        .find_map(|f| g.child(call, f))
        .or_else(|| call.named_child(0))?;
    // Unwrap `Foo<T>`, `(f)`, Kotlin's `user_type` down to the part that names it.
    // Kotlin's grammar reads `!ok(x)` and `-neg(x)` as calls of `!ok` and `-neg`: the
    // operator applies to the call's result, and the operand is what is called (a
    // unary expression that is really called is parenthesised, in every grammar).
    for _ in 0..8 {
        if g.kind(callee) == "unary_expression" {
            callee = g.child(callee, "argument")?;
        } else if g.class(callee).has(Class::CALLEE_WRAPPER) {
            callee = callee.named_child(0)?;
        } else {
            break;
        }
    }
    if g.class(callee).has(Class::IDENTIFIER) {
        return Some((callee, None));
    }
    // Kotlin's `f(a) { .. }` calls what `f(a)` names, and `f()()` calls a value: the
    // inner call is the one named.
    if g.class(callee).has(Class::CALL) {
        return None;
    }
    split_member(g, callee).or(Some((callee, None)))
}

/// The receiver of `member` in the member access or call `holder`: the node in one of
/// the [`RECEIVER_FIELDS`] written before the member.
fn receiver_of<'t>(g: &'static Grammar, holder: Node<'t>, member: Node<'t>) -> Option<Node<'t>> {
    RECEIVER_FIELDS
        .iter()
        .find_map(|r| g.child(holder, r))
        .filter(|r| r.end_byte() <= member.start_byte())
}

/// The text of `receiver`, compacted.
///
/// TypeScript's grammar binds a postfix `!` (not null) looser than `&&` or a prefix
/// operator, so `a && b!.c` reads as `(a && b)!.c` and `!b!.c` as `(!b)!.c`: the
/// receiver of `c` is `b!` there. Such a misread `!` can sit anywhere down the chain
/// of receivers (`a && b!.c!.d`); the text starts at its operand, the rightmost one
/// (`a || b && c!.d` reads `c`). A written `(a && b)!.c` is parenthesised, so an
/// operator under a `!` is always a misreading.
pub(super) fn receiver_text(g: &'static Grammar, receiver: Node<'_>, src: &str) -> String {
    let receiver = without_type_arguments(g, receiver);
    let text = |start: usize| compact(src.get(start..receiver.end_byte()).unwrap_or(""));
    if let Some(operand) = misread_prefix_operand(g, receiver) {
        return text(operand.start_byte());
    }
    if !src
        .get(receiver.byte_range())
        .is_some_and(|t| t.contains('!'))
    {
        return text(receiver.start_byte());
    }
    let mut at = receiver;
    for _ in 0..MAX_RECEIVER_CHAIN {
        let next = match g.kind(at) {
            "non_null_expression" => {
                let Some(inner) = at.named_child(0) else {
                    break;
                };
                if matches!(g.kind(inner), "binary_expression" | "unary_expression") {
                    return text(rightmost_operand(g, inner).start_byte());
                }
                Some(inner)
            }
            "member_expression" | "subscript_expression" => g.child(at, "object"),
            "call_expression" => g.child(at, "function"),
            _ => None,
        };
        match next {
            Some(n) => at = n,
            None => break,
        }
    }
    text(receiver.start_byte())
}

/// Kotlin's grammar reads `!a.b.f()` as `(!a).b.f()`: a prefix operator at the
/// start of a chain of member accesses and calls applies to the whole chain (a
/// written `(!a).b` is parenthesised). The operand it was given, if so.
fn misread_prefix_operand<'t>(g: &'static Grammar, receiver: Node<'t>) -> Option<Node<'t>> {
    let mut at = receiver;
    for _ in 0..MAX_RECEIVER_CHAIN {
        match g.kind(at) {
            "unary_expression" => return g.child(at, "argument"),
            "navigation_expression" | "call_expression" => at = at.named_child(0)?,
            _ => return None,
        }
    }
    None
}

/// The type a Rust path names without its type arguments: `Vec` of `Vec::<u8>` and of
/// `<Vec<u8>>`. Which type's function `Vec::<u8>::new()` calls does not depend on them;
/// `<T as Trait>` names the trait's function and stays as written.
fn without_type_arguments<'t>(g: &'static Grammar, mut n: Node<'t>) -> Node<'t> {
    for _ in 0..MAX_RECEIVER_CHAIN {
        let inner = match g.kind(n) {
            "generic_type" | "generic_type_with_turbofish" => g.child(n, "type"),
            "bracketed_type" => n.named_child(0).filter(|t| g.kind(*t) != "qualified_type"),
            _ => None,
        };
        match inner {
            Some(t) => n = t,
            None => break,
        }
    }
    n
}

/// The last operand of a chain of binary and prefix operators (`c` of `a || b && !c`).
fn rightmost_operand<'t>(g: &'static Grammar, mut n: Node<'t>) -> Node<'t> {
    for _ in 0..MAX_RECEIVER_CHAIN {
        let next = match g.kind(n) {
            "binary_expression" => g.child(n, "right"),
            "unary_expression" => g.child(n, "argument"),
            _ => None,
        };
        match next {
            Some(o) => n = o,
            None => break,
        }
    }
    n
}

/// A member access's member name and receiver.
fn split_member<'t>(g: &'static Grammar, n: Node<'t>) -> Option<(Node<'t>, Option<Node<'t>>)> {
    // C#'s `a?.F()`: the name sits in a `?.F` part of its own, the receiver beside it.
    if let Some(receiver) = conditional_receiver(g, n) {
        let mut c = n.walk();
        let binding = n
            .named_children(&mut c)
            .find(|b| g.kind(*b) == "member_binding_expression")?;
        return Some((g.child(binding, "name")?, Some(receiver)));
    }
    let member = MEMBER_FIELDS.iter().find_map(|f| g.child(n, f));
    if let Some(m) = member {
        let m = if g.class(m).has(Class::CALLEE_WRAPPER) {
            m.named_child(0).unwrap_or(m)
        } else {
            m
        };
        // Swift's `navigation_suffix` wraps the name.
        let m = if g.kind(m) == "navigation_suffix" {
            g.child(m, "suffix").unwrap_or(m)
        } else {
            m
        };
        return Some((m, receiver_of(g, n, m)));
    }
    // Kotlin's `a.b`: a navigation expression whose last child names the member; Java's
    // `new com.acme.Req()`, `new Outer.Inner()`: a type path whose last name is the
    // class constructed.
    if matches!(
        g.kind(n),
        "navigation_expression" | "scoped_type_identifier"
    ) {
        let count = n.named_child_count();
        let last = n.named_child(u32::try_from(count.checked_sub(1)?).ok()?)?;
        let last = if g.kind(last) == "navigation_suffix" {
            last.named_child(0).unwrap_or(last)
        } else {
            last
        };
        let first = n.named_child(0).filter(|f| f.id() != last.id());
        return Some((last, first));
    }
    None
}

/// The receiver of C#'s conditional access `a?.b` (`a`), when `n` is one.
fn conditional_receiver<'t>(g: &'static Grammar, n: Node<'t>) -> Option<Node<'t>> {
    (g.kind(n) == "conditional_access_expression")
        .then(|| g.child(n, "condition"))
        .flatten()
}

/// The receiver text of a member access whose member is `node`.
pub(super) fn member_receiver(
    g: &'static Grammar,
    parent: &Frame<'_>,
    node: Node<'_>,
    field: Option<&str>,
    src: &str,
) -> Option<String> {
    // Java's `Map.Entry`, Scala's `Level.Value`, Rust's `io::Result`: a type named
    // inside another or in a module, whose path is written before it with no field to
    // tell.
    if matches!(
        parent.kind,
        "scoped_type_identifier" | "stable_type_identifier"
    ) {
        let path = src.get(parent.node.start_byte()..node.start_byte())?;
        let path = path.trim_end();
        let path = compact(
            path.strip_suffix("::")
                .unwrap_or(path)
                .trim_end_matches('.'),
        );
        return (!path.is_empty()).then_some(path);
    }
    // Kotlin's and Swift's `Request.Builder`: the names before this one, past their
    // type arguments (`Outer<T>.Inner`) and modifiers.
    if parent.kind == "user_type" {
        let mut cursor = parent.node.walk();
        let path: Vec<&str> = parent
            .node
            .named_children(&mut cursor)
            .take_while(|c| c.id() != node.id())
            .filter(|c| g.class(*c).has(Class::IDENTIFIER))
            .filter_map(|c| src.get(c.byte_range()))
            .collect();
        return (!path.is_empty()).then(|| path.join("."));
    }
    let is_member = field.is_some_and(|f| MEMBER_FIELDS.contains(&f))
        || (matches!(parent.kind, "navigation_expression" | "method_reference")
            && parent.node.named_child_count() > 1)
        || parent.kind == "navigation_suffix";
    if !is_member {
        return None;
    }
    let (holder, node) = template_in_scope(g, parent.node, node);
    if g.kind(holder) == "member_binding_expression" {
        let receiver = holder.parent().and_then(|c| conditional_receiver(g, c))?;
        return Some(receiver_text(g, receiver, src));
    }
    let receiver = receiver_of(g, holder, node).or_else(|| {
        matches!(g.kind(holder), "navigation_expression" | "method_reference")
            .then(|| holder.named_child(0))
            .flatten()
            .filter(|r| r.end_byte() <= node.start_byte())
    })?;
    Some(receiver_text(g, receiver, src))
}

/// C++'s `std::vector<int>`: a template type's name is written after the scope of
/// the qualified name the template type is the name of. That qualified name and the
/// template type stand for the holder and the member; any other holder stays.
fn template_in_scope<'t>(
    g: &'static Grammar,
    holder: Node<'t>,
    node: Node<'t>,
) -> (Node<'t>, Node<'t>) {
    if g.kind(holder) != "template_type" {
        return (holder, node);
    }
    match holder.parent() {
        Some(outer)
            if g.kind(outer) == "qualified_identifier"
                && g.child(outer, "name") == Some(holder) =>
        {
            (outer, holder)
        }
        _ => (holder, node),
    }
}

/// PHP's `\App\Util\helper`, `Util\helper` and `namespace\helper`: a name written
/// after its namespace path, which the grammar keeps as loose children (no field names
/// the path or the name). The name node, and the path as written up to and including
/// its last `\` (`\` alone for the global namespace), which tells it from a class
/// written before `::` or `->`.
pub(super) fn namespaced_name<'t>(
    g: &'static Grammar,
    node: Node<'t>,
    src: &str,
) -> Option<(Node<'t>, String)> {
    if !matches!(g.kind(node), "qualified_name" | "relative_name") {
        return None;
    }
    let name = node
        .named_child(u32::try_from(node.named_child_count().checked_sub(1)?).ok()?)
        .filter(|n| g.kind(*n) == "name")?;
    let path: String = src
        .get(node.start_byte()..name.start_byte())?
        .split_whitespace()
        .collect();
    (crate::facts::is_namespace_path(&path) && path.len() <= 160).then_some((name, path))
}

/// The number of arguments of a call, where the syntax shows them, `extra` more (a
/// Kotlin lambda written after the parentheses, `f(x) { .. }`, that the call around
/// this one holds). A lambda in the call's own suffix counts too.
pub(super) fn arity(g: &'static Grammar, call: Node<'_>, extra: usize) -> Option<u16> {
    let args = arguments(g, call)?;
    let mut c = args.walk();
    let mut n = args
        .named_children(&mut c)
        .filter(|n| !g.class(*n).has(Class::COMMENT))
        .count()
        + extra;
    // Only Kotlin's and Swift's grammars write a call's trailing lambdas in a suffix.
    if g.has_kind("call_suffix") {
        let mut c = call.walk();
        let suffix = call
            .named_children(&mut c)
            .find(|n| g.kind(*n) == "call_suffix");
        n += suffix.map_or(0, |s| trailing_lambdas(g, s));
    }
    Some(u16::try_from(n).unwrap_or(u16::MAX))
}

/// How many lambdas `holder` holds after a call's parentheses (Kotlin's annotated
/// ones, Swift's closures).
pub(super) fn trailing_lambdas(g: &'static Grammar, holder: Node<'_>) -> usize {
    let mut c = holder.walk();
    let n = holder
        .named_children(&mut c)
        .filter(|n| matches!(g.kind(*n), "annotated_lambda" | "lambda_literal"))
        .count();
    n
}

/// The one argument of a call, comments aside; `None` for none or several.
pub(super) fn sole_argument<'t>(g: &'static Grammar, call: Node<'t>) -> Option<Node<'t>> {
    let args = arguments(g, call)?;
    let mut c = args.walk();
    let mut values = args
        .named_children(&mut c)
        .filter(|a| !g.class(*a).has(Class::COMMENT));
    match (values.next(), values.next()) {
        (Some(only), None) => Some(only),
        _ => None,
    }
}

/// The arguments node of a call.
pub(super) fn arguments<'t>(g: &'static Grammar, call: Node<'t>) -> Option<Node<'t>> {
    for f in ["arguments", "args"] {
        if let Some(n) = g.child(call, f) {
            return Some(n);
        }
    }
    let mut c = call.walk();
    let found = call
        .named_children(&mut c)
        .skip(1)
        // Not `type_arguments` (Kotlin's `get<T>()`): those are no arguments.
        .find(|n| {
            let k = g.kind(*n);
            (k.contains("argument") && !k.starts_with("type")) || k == "call_suffix"
        });
    found.map(|n| {
        if g.kind(n) == "call_suffix" {
            n.named_child(0).unwrap_or(n)
        } else {
            n
        }
    })
}

/// Whitespace collapsed and length bounded (a receiver may span lines). None is kept
/// around a member separator: a chain written one call per line (`low\n  .flag`) reads
/// as it would on one line (`low.flag`). (Not `->`, also a lambda's arrow.) A text
/// too long has its calls' arguments cut to one `_` each (see [`elide_arguments`])
/// before it is cut short: a builder's chain still reads as the calls it makes.
pub(super) fn compact(s: &str) -> String {
    const MAX: usize = 160;
    const SEPARATORS: [&str; 3] = [".", "?.", "::"];
    let mut out = String::with_capacity(s.len());
    for word in s.split_whitespace() {
        let joined = out.is_empty()
            || SEPARATORS
                .iter()
                .any(|sep| out.ends_with(sep) || word.starts_with(sep));
        if !joined {
            out.push(' ');
        }
        out.push_str(word);
    }
    if out.len() > MAX {
        if let Some(short) = elide_arguments(&out) {
            out = short;
        }
    }
    if out.len() > MAX {
        let mut end = MAX;
        while !out.is_char_boundary(end) {
            end -= 1;
        }
        out.truncate(end);
    }
    out
}

/// `s` with the arguments of each call written in it cut to one `_` each
/// (`a.f(x, g(y)).h()` reads `a.f(_, _).h()`): which calls the text makes, and how many
/// arguments each takes (counted as the resolver counts them, by the commas outside
/// brackets), stay. `None` when its quotes or brackets do not balance.
fn elide_arguments(s: &str) -> Option<String> {
    let mut out = String::with_capacity(s.len());
    // Brackets open inside the argument list being cut, and whether it is one.
    let mut open: Vec<char> = Vec::new();
    let mut inside = false;
    let (mut args, mut pending) = (0usize, false);
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for c in s.chars() {
        if let Some(q) = quote {
            if !inside {
                out.push(c);
            }
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == q {
                quote = None;
            }
            continue;
        }
        if matches!(c, '"' | '\'' | '`') {
            quote = Some(c);
            pending = true;
            if !inside {
                out.push(c);
            }
            continue;
        }
        if !inside {
            out.push(c);
            if c == '(' {
                inside = true;
                (args, pending) = (0, false);
            }
            continue;
        }
        match c {
            '(' | '[' | '{' => {
                open.push(c);
                pending = true;
            }
            ')' | ']' | '}' => match open.pop() {
                Some(o) if matches!((o, c), ('(', ')') | ('[', ']') | ('{', '}')) => {}
                Some(_) => return None,
                None if c == ')' => {
                    let count = args + usize::from(pending);
                    out.push_str(&vec!["_"; count].join(", "));
                    out.push(')');
                    inside = false;
                }
                None => return None,
            },
            ',' if open.is_empty() => {
                args += 1;
                pending = false;
            }
            c if c.is_whitespace() => {}
            _ => pending = true,
        }
    }
    (quote.is_none() && !inside).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_chain_keeps_its_calls_and_their_argument_counts() {
        let chain = format!(
            "Command::new(\"posix\").arg(arg!(--opt <val> \"{}\").action(ArgAction::Set)).arg(Arg::new(\"x, (y\"), [1, 2]).try_get(vec![\"\", \"--opt=some\"])",
            "a long help text ".repeat(6)
        );
        assert_eq!(
            compact(&chain),
            "Command::new(_).arg(_).arg(_, _).try_get(_)"
        );
        // Short texts stay whole; unbalanced ones are cut as before.
        assert_eq!(compact("a.f(x,\n  y).g()"), "a.f(x, y).g()");
        let open = format!("a.f({}", "x".repeat(200));
        assert_eq!(compact(&open).len(), 160);
    }
}
