//! Go's type switches: in `switch v := x.(type) { case *Foo: .. }` the variable `v`
//! is a `*Foo` in that case's clause, and in a clause of several types (or none, the
//! `default`) it is what `x` is. Each clause is a block of its own, so each clause's
//! `v` holds only there.

use tree_sitter::Node;

use super::bindings::value_source;
use super::{Frame, Walk};
use crate::facts::BindingKind;

impl<'a> Walk<'a> {
    /// Binds the switch's variable in clause `case` (a `type_case` or a `default_case`
    /// directly under a type switch, the last frame of `stack`).
    pub(super) fn bind_type_case(&mut self, case: Node<'_>, stack: &[Frame<'_>]) {
        let g = self.g;
        let Some(switch) = stack
            .last()
            .filter(|f| f.kind == "type_switch_statement")
            .map(|f| f.node)
        else {
            return;
        };
        let Some(alias) = g
            .child(switch, "alias")
            .filter(|a| a.named_child_count() == 1)
            .and_then(|a| a.named_child(0))
        else {
            return;
        };
        let mut c = case.walk();
        let types: Vec<Node<'_>> = case
            .children_by_field_name("type", &mut c)
            .filter(|t| t.is_named())
            .collect();
        let one = match types.as_slice() {
            [t] if self.text(*t) != "nil" => Some(*t),
            _ => None,
        };
        let before = self.bindings.len();
        self.bind(alias, one, None, BindingKind::Local);
        let within = Some((case.start_byte() as u32, case.end_byte() as u32));
        for b in before..self.bindings.len() {
            if one.is_none() {
                // What the switched value is: a name's, a field's or a call's.
                let value = g.child(switch, "value");
                if let Some(source) = value.and_then(|v| value_source(g, v, self.src, true)) {
                    source.give_to(&mut self.bindings[b]);
                }
            }
            self.bindings[b].within = within;
        }
    }
}
