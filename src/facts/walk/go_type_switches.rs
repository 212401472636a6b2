//! Go's type switches: in `switch v := x.(type) { case *Foo: .. }` the variable `v`
//! is a `*Foo` in that case's clause, and in a clause of several types (or none, the
//! `default`) it is what `x` is. Each clause is a block of its own, so each clause's
//! `v` holds only there.

use tree_sitter::Node;

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
        let copied = g.child(switch, "value").map(|v| self.text(v)).filter(|v| {
            v.split('.')
                .all(|w| !w.is_empty() && w.bytes().all(crate::source::is_word_byte))
        });
        let within = Some((case.start_byte() as u32, case.end_byte() as u32));
        for b in &mut self.bindings[before..] {
            if one.is_none() {
                b.copied_from = copied.map(str::to_string);
            }
            b.within = within;
        }
    }
}
