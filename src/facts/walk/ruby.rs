//! Ruby's class bodies: the modules a class mixes in (`include M`), which are its
//! ancestors, and the methods `attr_accessor` and its kin make, which no definition
//! stands for.

use tree_sitter::Node;

use super::{Frame, Walk};
use crate::facts::{Binding, BindingKind};
use crate::symbols::Kind;

impl Walk<'_> {
    /// Ruby's `attr_accessor :port` (or `attr_reader`, `attr_writer`) in a class's or
    /// module's body: methods of that class named by the symbols, which the facts
    /// keep as its fields. A method of that name a superclass or a module mixed in
    /// defines is not the one its instances answer.
    pub(super) fn ruby_attributes(&mut self, call: Node<'_>) {
        let g = self.g;
        // The reader (`port`), the writer (`port=`) or both.
        let (reads, writes) = match g.child(call, "method").map(|m| self.text(m)) {
            Some("attr_accessor") => (true, true),
            Some("attr_reader") => (true, false),
            Some("attr_writer") => (false, true),
            _ => return,
        };
        let Some(class) = self
            .binding_scope()
            .filter(|_| g.child(call, "receiver").is_none())
        else {
            return;
        };
        if !matches!(self.defs[class as usize].kind, Kind::Class | Kind::Module) {
            return;
        }
        let Some(args) = g.child(call, "arguments") else {
            return;
        };
        let mut c = args.walk();
        for a in args.named_children(&mut c) {
            if g.kind(a) != "simple_symbol" {
                continue;
            }
            let name = self.text(a).trim_start_matches(':');
            let names = [
                reads.then(|| name.to_string()),
                writes.then(|| format!("{name}=")),
            ];
            for name in names.into_iter().flatten() {
                self.field_of(class, name);
            }
        }
    }

    /// A field `name` of type `class`, with nothing known of its type.
    fn field_of(&mut self, class: u32, name: String) {
        self.bindings.push(Binding::written(
            name,
            (None, None),
            BindingKind::Field,
            Some(class),
        ));
    }

    /// Whether the constant `stack` ends above is the module of a Ruby `include M`
    /// written in a class's or module's body: an ancestor of that class, whose methods
    /// its instances have. (`prepend M` puts the module before the class itself, which
    /// the lookup of members does not model: not taken.)
    pub(super) fn is_ruby_mixin(&self, field: Option<&'static str>, stack: &[Frame<'_>]) -> bool {
        // Not `App` of `App::Helpers`, which holds the module.
        if self.lang.name != "ruby" || field == Some("scope") {
            return false;
        }
        let paths = stack
            .iter()
            .rev()
            .take_while(|f| f.kind == "scope_resolution")
            .count();
        if stack
            .iter()
            .rev()
            .take(paths)
            .any(|f| f.field == Some("scope"))
        {
            return false;
        }
        let mut up = stack.iter().rev().skip(paths);
        let (Some(list), Some(call), Some(body), Some(owner)) =
            (up.next(), up.next(), up.next(), up.next())
        else {
            return false;
        };
        list.kind == "argument_list"
            && call.kind == "call"
            && self.g.child(call.node, "receiver").is_none()
            && self
                .g
                .child(call.node, "method")
                .is_some_and(|m| self.text(m) == "include")
            && body.kind == "body_statement"
            && matches!(owner.kind, "class" | "module")
    }
}
