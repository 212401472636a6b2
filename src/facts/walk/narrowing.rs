//! Type tests that narrow a variable. Inside `if ($x instanceof Foo) { .. }` (PHP),
//! `if (x instanceof Foo)` (JavaScript, TypeScript), `if (x is Foo)` (Kotlin) and
//! `if isinstance(x, Foo):` (Python), in the branch a conditional takes when such a
//! test holds, in what follows the test in a chain of `&&` (`and`), after a guard that
//! leaves when the test fails (`if (!($x instanceof Foo)) { throw .. }`, to the end of
//! the block the guard stands in), and in the body of a Kotlin `when` entry `is Foo ->`,
//! the variable holds a `Foo`. Each narrowing is a binding of the variable to the tested
//! type over those bytes, cut short at the first assignment to the variable there. A
//! test under `||`, and an `else` branch, narrow nothing.

use tree_sitter::Node;

use super::bindings::unparenthesized;
use super::type_text::written_type;
use super::Walk;
use crate::facts::{Binding, BindingKind};

impl<'a> Walk<'a> {
    /// Records the narrowings `node` makes, when it is an `if`, a conditional or an
    /// `&&` chain.
    pub(super) fn narrow(&mut self, node: Node<'_>, kind: &str) {
        let g = self.g;
        let (condition, narrowed) = match kind {
            "if_statement" | "if_expression" | "conditional_expression" | "ternary_expression" => {
                let Some(condition) = g.child(node, "condition") else {
                    return;
                };
                // Python's `a if c else b` writes its branch first: not read here.
                let branch = ["body", "consequence"]
                    .iter()
                    .find_map(|f| g.child(node, f))
                    .or_else(|| self.kotlin_then_branch(node, condition));
                if let Some(branch) = branch {
                    self.narrow_after_guard(node, condition, branch);
                }
                (condition, branch)
            }
            "when_entry" => {
                self.narrow_when_entry(node);
                return;
            }
            _ if self.is_and(node) => (
                match g.child(node, "left") {
                    Some(left) => left,
                    None => return,
                },
                g.child(node, "right"),
            ),
            _ => return,
        };
        let Some(narrowed) = narrowed else {
            return;
        };
        let mut tests = Vec::new();
        self.conjuncts(condition, &mut tests);
        for test in tests {
            if let Some((variable, ty, false)) = self.type_test(test) {
                self.bind_narrowed(variable, ty, narrowed.start_byte(), narrowed.end_byte());
            }
        }
    }

    /// Kotlin's `when (x) { is Foo -> x.bar() }` and `when { x is Foo -> x.bar() }`: an
    /// entry of one type test narrows the variable in its body.
    fn narrow_when_entry(&mut self, entry: Node<'_>) {
        let g = self.g;
        let mut c = entry.walk();
        let conditions: Vec<Node<'_>> = entry.children_by_field_name("condition", &mut c).collect();
        let last = entry.named_child_count().checked_sub(1);
        let (&[condition], Some(body)) = (
            conditions.as_slice(),
            last.and_then(|i| entry.named_child(i as u32)),
        ) else {
            return;
        };
        if body.start_byte() < condition.end_byte() {
            return;
        }
        let test = if g.kind(condition) == "type_test" {
            // The subject is a plain name (not `when (val y = ..)`).
            let subject = entry
                .parent()
                .and_then(|w| {
                    let mut c = w.walk();
                    let s = w
                        .named_children(&mut c)
                        .find(|n| g.kind(*n) == "when_subject");
                    s
                })
                .filter(|s| s.named_child_count() == 1)
                .and_then(|s| s.named_child(0))
                .filter(|v| g.kind(*v) == "identifier");
            match (subject, condition.named_child(0)) {
                (Some(v), Some(ty)) => Some((self.text(v), ty, negated_is(condition))),
                _ => None,
            }
        } else {
            self.type_test(condition)
        };
        if let Some((variable, ty, false)) = test {
            self.bind_narrowed(variable, ty, body.start_byte(), body.end_byte());
        }
    }

    /// `if (!($x instanceof Foo)) { throw .. }` (or `return`, `continue`, `break`;
    /// `x !is Foo`, `not isinstance(x, Foo)`), with no `else`: after it, to the end of
    /// the block it stands in, the variable is a `Foo`.
    fn narrow_after_guard(&mut self, node: Node<'_>, condition: Node<'_>, branch: Node<'_>) {
        let g = self.g;
        let mut c = node.walk();
        let has_else = g.child(node, "alternative").is_some()
            || node.children(&mut c).any(|n| n.kind() == "else");
        if has_else || !self.always_leaves(branch) {
            return;
        }
        let Some((variable, ty, true)) = self.type_test(unparenthesized(g, condition)) else {
            return;
        };
        if let Some(block) = node.parent() {
            self.bind_narrowed(variable, ty, node.end_byte(), block.end_byte());
        }
    }

    /// Whether a branch ends by leaving: its last statement returns, throws, raises,
    /// continues or breaks.
    fn always_leaves(&self, branch: Node<'_>) -> bool {
        let g = self.g;
        let mut last = branch;
        for _ in 0..4 {
            let n = last.named_child_count();
            match g.kind(last) {
                "compound_statement"
                | "statement_block"
                | "block"
                | "expression_statement"
                | "control_structure_body"
                    if n > 0 =>
                {
                    match last.named_child(n as u32 - 1) {
                        Some(inner) => last = inner,
                        None => return false,
                    }
                }
                _ => break,
            }
        }
        matches!(
            g.kind(last),
            "return_statement"
                | "throw_statement"
                | "raise_statement"
                | "continue_statement"
                | "break_statement"
                | "throw_expression"
                | "return_expression"
                | "jump_expression"
        )
    }

    /// Binds `variable` to type `ty` over bytes `start..end` of the current scope.
    fn bind_narrowed(&mut self, variable: &str, ty: Node<'_>, start: usize, end: usize) {
        let (type_qualifier, type_name) = written_type(self.text(ty), self.lang.name);
        if type_name.is_none() {
            return;
        }
        self.narrowed.push(self.bindings.len());
        self.bindings.push(Binding {
            // Offsets fit: the parser refuses files past 4 GiB.
            within: Some((start as u32, end as u32)),
            ..Binding::written(
                variable.to_string(),
                (type_qualifier, type_name),
                BindingKind::Local,
                self.binding_scope(),
            )
        });
    }

    /// Ends the narrowings of `name` in the current scope that `at` falls inside: the
    /// variable is assigned there, and holds whatever it is given from then on.
    pub(super) fn end_narrowings(&mut self, name: &str, at: usize) {
        let scope = self.binding_scope();
        let at = at as u32;
        for &i in &self.narrowed {
            let b = &mut self.bindings[i];
            if let Some((start, end)) = b.within {
                if b.name == name && b.scope == scope && start <= at && at < end {
                    b.within = Some((start, at));
                }
            }
        }
    }

    /// The variable an assignment `node` gives a value to, when it is a plain name.
    pub(super) fn assigned_variable(&self, node: Node<'_>) -> Option<&'a str> {
        let g = self.g;
        let left = g.child(node, "left").or_else(|| node.named_child(0))?;
        match g.kind(left) {
            "variable_name" => self.text(left).strip_prefix('$'),
            "identifier" | "simple_identifier" => Some(self.text(left)),
            _ => None,
        }
    }

    /// Kotlin's `if (c) a else b` names no field for `a`: the first part after the
    /// condition.
    fn kotlin_then_branch<'t>(&self, node: Node<'t>, condition: Node<'t>) -> Option<Node<'t>> {
        if self.lang.name != "kotlin" {
            return None;
        }
        let mut c = node.walk();
        let branch = node
            .named_children(&mut c)
            .find(|n| n.start_byte() >= condition.end_byte());
        branch
    }

    /// Whether `node` is `a && b` (`a and b`).
    fn is_and(&self, node: Node<'_>) -> bool {
        let g = self.g;
        matches!(g.kind(node), "binary_expression" | "boolean_operator")
            && g.child(node, "operator")
                .is_some_and(|o| matches!(o.kind(), "&&" | "and"))
    }

    /// The operands of the `&&` chain `node` is (itself when it is none), parentheses
    /// looked through.
    fn conjuncts<'t>(&self, node: Node<'t>, out: &mut Vec<Node<'t>>) {
        let g = self.g;
        let mut todo = vec![node];
        while let Some(n) = todo.pop() {
            let n = unparenthesized(g, n);
            if out.len() > 64 {
                return;
            }
            if self.is_and(n) {
                // Right first: the stack gives the left operand back first.
                todo.extend(g.child(n, "right"));
                todo.extend(g.child(n, "left"));
            } else {
                out.push(n);
            }
        }
    }

    /// The two sides of `a instanceof B`.
    fn instanceof_operands<'t>(&self, test: Node<'t>) -> Option<(Node<'t>, Node<'t>)> {
        let g = self.g;
        (g.child(test, "operator")?.kind() == "instanceof")
            .then(|| Some((g.child(test, "left")?, g.child(test, "right")?)))
            .flatten()
    }

    /// The variable a type test reads, the type it tests for, and whether the test is
    /// negated: `$x instanceof Foo`, `x instanceof Foo`, `x is Foo`, `isinstance(x, Foo)`,
    /// and `!(..)`, `x !is Foo`, `not isinstance(..)`.
    fn type_test<'t>(&self, test: Node<'t>) -> Option<(&'a str, Node<'t>, bool)> {
        let g = self.g;
        match (self.lang.name, g.kind(test)) {
            ("php", "unary_op_expression")
            | ("javascript" | "typescript" | "tsx", "unary_expression")
            | ("python", "not_operator") => {
                let negates = g.kind(test) == "not_operator" || {
                    let mut c = test.walk();
                    let first = test.children(&mut c).next();
                    first.is_some_and(|t| t.kind() == "!")
                };
                let inner = unparenthesized(g, g.child(test, "argument")?);
                match self.type_test(inner)? {
                    (variable, ty, false) if negates => Some((variable, ty, true)),
                    _ => None,
                }
            }
            ("php", "binary_expression") => {
                let (left, right) = self.instanceof_operands(test)?;
                (g.kind(left) == "variable_name"
                    && matches!(g.kind(right), "name" | "qualified_name"))
                .then(|| Some((self.text(left).strip_prefix('$')?, right, false)))
                .flatten()
            }
            ("javascript" | "typescript" | "tsx", "binary_expression") => {
                let (left, right) = self.instanceof_operands(test)?;
                (g.kind(left) == "identifier"
                    && matches!(g.kind(right), "identifier" | "member_expression"))
                .then(|| (self.text(left), right, false))
            }
            ("kotlin", "is_expression") => {
                let left = g.child(test, "left")?;
                let right = g.child(test, "right")?;
                (g.kind(left) == "identifier").then(|| (self.text(left), right, negated_is(test)))
            }
            ("python", "call") => {
                let callee = g.child(test, "function")?;
                let args = g.child(test, "arguments")?;
                let mut c = args.walk();
                let parts: Vec<Node<'t>> = args.named_children(&mut c).collect();
                match parts[..] {
                    [variable, ty]
                        if self.text(callee) == "isinstance"
                            && g.kind(variable) == "identifier"
                            && matches!(g.kind(ty), "identifier" | "attribute") =>
                    {
                        Some((self.text(variable), ty, false))
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }
}

/// Whether Kotlin's type test `node` (`x is T`, or a `when` entry's `is T`) is negated
/// (`!is`).
fn negated_is(node: Node<'_>) -> bool {
    let mut c = node.walk();
    let negated = node.children(&mut c).any(|t| t.kind() == "!is");
    negated
}
