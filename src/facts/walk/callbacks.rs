//! Callback parameters and loop variables: the place a callback's untyped parameters
//! take their type from (the call and argument position), and the element type of
//! what a loop iterates or a callback is handed.

use tree_sitter::Node;

use super::bindings::initializer;
use super::{Frame, Walk};
use crate::facts::grammar::Class;
use crate::facts::{Binding, CallbackSite};

impl<'a> Walk<'a> {
    /// The element type the first parameter `param` of a callback receives (see
    /// [`Walk::element_passed_to`]); `stack` holds the frames above `param`.
    pub(super) fn first_parameter_element(
        &self,
        param: Node<'_>,
        stack: &[Frame<'_>],
    ) -> Option<(Option<String>, String)> {
        match self.parameter_of_callback(param, stack)? {
            (callback, 0) => self.element_passed_to(callback, &stack[..stack.len() - 2]),
            _ => None,
        }
    }

    /// Where untyped parameter `param` of a callback stands (see [`CallbackSite`]);
    /// `stack` holds the frames above `param`.
    pub(super) fn callback_parameter_site(
        &self,
        param: Node<'_>,
        stack: &[Frame<'_>],
    ) -> Option<CallbackSite> {
        let g = self.g;
        // A destructured parameter (`({ a }) =>`) binds parts of the value, not it.
        if !g
            .child(param, "pattern")
            .is_some_and(|p| g.class(p).has(Class::IDENTIFIER))
        {
            return None;
        }
        let (callback, parameter) = self.parameter_of_callback(param, stack)?;
        self.callback_site(callback, &stack[..stack.len() - 2], parameter)
    }

    /// The function whose parameter list holds `param`, and its position there;
    /// `stack` holds the frames above `param`.
    fn parameter_of_callback<'t>(
        &self,
        param: Node<'t>,
        stack: &[Frame<'t>],
    ) -> Option<(Node<'t>, usize)> {
        let [.., callback, list] = stack else {
            return None;
        };
        if list.kind != "formal_parameters" {
            return None;
        }
        Some((callback.node, self.position_among(list.node, param)?))
    }

    /// Where `child` stands among the named children of `parent`, comments left out.
    fn position_among(&self, parent: Node<'_>, child: Node<'_>) -> Option<usize> {
        let mut c = parent.walk();
        let position = parent
            .named_children(&mut c)
            .filter(|n| !self.g.class(*n).has(Class::COMMENT))
            .position(|n| n == child);
        position
    }

    /// A function written as an argument of a call (`f(a, (x) => ..)`): the call and
    /// the argument's position. `stack` holds the frames above `callback`.
    fn call_taking<'s, 't>(
        &self,
        callback: Node<'t>,
        stack: &'s [Frame<'t>],
    ) -> Option<(&'s Frame<'t>, usize)> {
        let [.., call, args] = stack else {
            return None;
        };
        if !matches!(
            self.g.kind(callback),
            "arrow_function" | "function_expression" | "function" | "closure_expression"
        ) || args.kind != "arguments"
            || call.kind != "call_expression"
        {
            return None;
        }
        Some((call, self.position_among(args.node, callback)?))
    }

    /// TypeScript's `f(a, (x) => ..)`, Rust's `f(a, |x| ..)`: where `callback`'s
    /// parameter `parameter` stands (see [`CallbackSite`]). `stack` holds the frames
    /// above `callback`.
    pub(super) fn callback_site(
        &self,
        callback: Node<'_>,
        stack: &[Frame<'_>],
        parameter: usize,
    ) -> Option<CallbackSite> {
        if !matches!(self.lang.name, "typescript" | "tsx" | "rust") {
            return None;
        }
        let (call, argument) = self.call_taking(callback, stack)?;
        Some(CallbackSite {
            call: initializer(self.g, call.node, self.src)?,
            argument: u16::try_from(argument).ok()?,
            parameter: u16::try_from(parameter).ok()?,
        })
    }

    /// Places the untyped bindings made from `before` on at `site`.
    pub(super) fn place_untyped(&mut self, before: usize, site: CallbackSite) {
        for b in self.untyped_since(before) {
            b.passed_to = Some(site.clone());
        }
    }

    /// The bindings made from `before` on that have no type.
    fn untyped_since(&mut self, before: usize) -> impl Iterator<Item = &mut Binding> {
        self.bindings[before..]
            .iter_mut()
            .filter(|b| b.type_name.is_none())
    }

    /// TypeScript's `for (const item of items)` (or `of this.items`, a field): when
    /// `items` was last bound to an array type, the element type `item` takes.
    pub(super) fn element_iterated(&self, node: Node<'_>) -> Option<(Option<String>, String)> {
        let g = self.g;
        if self.elements.is_empty() || g.kind(node) != "for_in_statement" {
            return None;
        }
        let of = g
            .child(node, "operator")
            .is_some_and(|o| self.text(o) == "of");
        let left = g.child(node, "left")?;
        if !of || !g.class(left).has(Class::IDENTIFIER) {
            return None;
        }
        self.elements
            .get(self.text(g.child(node, "right")?))
            .cloned()
    }

    /// TypeScript's `items.forEach((item) => ..)`, `this.items.map(item => ..)`: when the
    /// callback is the first argument of an array method that hands it the elements
    /// one by one, and `items` was last bound to an array type, the element type its
    /// first parameter receives. `stack` holds the frames above `callback`.
    pub(super) fn element_passed_to(
        &self,
        callback: Node<'_>,
        stack: &[Frame<'_>],
    ) -> Option<(Option<String>, String)> {
        if self.elements.is_empty() {
            return None;
        }
        let g = self.g;
        let (call, 0) = self.call_taking(callback, stack)? else {
            return None;
        };
        let callee = g
            .child(call.node, "function")
            .filter(|f| g.kind(*f) == "member_expression")?;
        // `items` or the field `this.items`, as the elements are keyed.
        let array = g
            .child(callee, "object")
            .filter(|o| matches!(g.kind(*o), "identifier" | "member_expression"))?;
        let method = self.text(g.child(callee, "property")?);
        const ELEMENTWISE: &[&str] = &[
            "forEach",
            "map",
            "flatMap",
            "filter",
            "find",
            "findIndex",
            "findLast",
            "findLastIndex",
            "some",
            "every",
        ];
        if !ELEMENTWISE.contains(&method) {
            return None;
        }
        self.elements.get(self.text(array)).cloned()
    }

    /// Types the untyped bindings made from `before` on.
    pub(super) fn give_type(&mut self, before: usize, (qualifier, name): (Option<String>, String)) {
        for b in self.untyped_since(before) {
            b.type_qualifier = qualifier.clone();
            b.type_name = Some(name.clone());
        }
    }
}
