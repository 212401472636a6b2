//! Swift's optional bindings: `if let x = value {..}`, `while let x = value {..}` and
//! `guard let x = value else {..}` declare a local holding what `value` holds (the
//! optional unwrapped), in the `if`'s or `while`'s body, and after a `guard` to the
//! end of its block. `if let x {..}` (no value) unwraps the `x` it hides. A `case` of
//! a `switch` binds the names its patterns mark with `let` or `var` (`case let
//! .custom(f)`, `case .pair(let a, var b)`) in its statements.

use tree_sitter::Node;

use super::bindings::{value_source, ValueSource};
use super::{Frame, Walk};
use crate::facts::grammar::Grammar;
use crate::facts::BindingKind;

impl<'a> Walk<'a> {
    /// Declares the names `node` (an `if`, `while` or `guard` statement) binds.
    pub(super) fn bind_optionals(&mut self, node: Node<'_>, stack: &[Frame<'_>]) {
        let g = self.g;
        let before = self.bindings.len();
        // Each child with its field: the conditions and the names they bind stand
        // side by side.
        let mut children: Vec<(Option<&str>, Node<'_>)> = Vec::new();
        let mut c = node.walk();
        if c.goto_first_child() {
            loop {
                children.push((c.field_name(), c.node()));
                if !c.goto_next_sibling() {
                    break;
                }
            }
        }
        for (i, (field, child)) in children.iter().enumerate() {
            if *field != Some("bound_identifier") {
                continue;
            }
            // The value follows an `=`; without one (`if let x, x > 1`) the next
            // condition is no value of it.
            let value = match &children[i + 1..] {
                [(_, eq), (_, v), ..] if !eq.is_named() && g.kind(*eq) == "=" => Some(*v),
                _ => None,
            };
            let at = self.bindings.len();
            self.bind(*child, None, value, BindingKind::Local);
            let source = match value {
                Some(v) => value_source(g, v, self.src, true),
                None => Some(ValueSource::FieldPath(self.text(*child).to_string())),
            };
            if let (Some(source), Some(b)) = (source, self.bindings.get_mut(at)) {
                if b.type_name.is_none() {
                    source.give_to(b);
                }
            }
        }
        if self.bindings.len() == before {
            return;
        }
        if g.kind(node) == "guard_statement" {
            // After the guard, to the end of its block.
            self.hold_in_block(node, before, stack);
            return;
        }
        let body = children
            .iter()
            .find(|(_, c)| g.kind(*c) == "statements")
            .map(|(_, c)| *c);
        let (start, end) = body.map_or((node.start_byte(), node.end_byte()), |b| {
            (b.start_byte(), b.end_byte())
        });
        self.hold_between(before, start, end);
    }

    /// Declares the names the patterns of `entry` (a `switch` case) bind, locals of
    /// that case.
    pub(super) fn bind_case_patterns(&mut self, entry: Node<'_>) {
        let mut names = Vec::new();
        let mut c = entry.walk();
        for pattern in entry
            .named_children(&mut c)
            .filter(|p| self.g.kind(*p) == "switch_pattern")
        {
            bound_in_pattern(self.g, pattern, &mut names);
        }
        let before = self.bindings.len();
        for name in names {
            self.bind(name, None, None, BindingKind::Local);
        }
        self.hold_between(before, entry.start_byte(), entry.end_byte());
    }
}

/// The names pattern `p` binds: each one after `let` or `var`, which marks every name
/// of the pattern it starts (`let .custom(f)`) or the one it precedes (`.pair(let a,
/// b)`, where `b` is a value to match). Nested patterns are walked without recursion:
/// a hostile file may nest them deeply.
fn bound_in_pattern<'t>(g: &'static Grammar, p: Node<'t>, out: &mut Vec<Node<'t>>) {
    // Each pattern still to read, and whether a `let` above it marks its names.
    let mut todo = vec![(p, false)];
    while let Some((p, bound)) = todo.pop() {
        let mut c = p.walk();
        let bound = bound
            || p.children(&mut c)
                .any(|n| g.kind(n) == "value_binding_pattern");
        let mut c = p.walk();
        if !c.goto_first_child() {
            continue;
        }
        loop {
            let n = c.node();
            if c.field_name() == Some("bound_identifier") {
                out.push(n);
            } else if g.kind(n) == "pattern" {
                match n.named_child(0).filter(|_| n.named_child_count() == 1) {
                    Some(name) if bound && g.kind(name) == "simple_identifier" => out.push(name),
                    _ => todo.push((n, bound)),
                }
            }
            if !c.goto_next_sibling() {
                break;
            }
        }
    }
}
