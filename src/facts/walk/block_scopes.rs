//! Java's and C#'s block scopes: a local holds from its declaration to the end of the
//! block (or the `for`, `foreach`, `using`, `try` resource or switch section) that
//! declares it, a loop's own variable in its loop, a catch clause's variable in its
//! clause and a lambda's parameter in its lambda. Neither language lets a local hide
//! another one in scope, so two locals of one name in one method are in blocks apart
//! (`for (Foo x : a) {..} for (Bar x : b) {..}`, `catch (AEx e) {..} catch (BEx e)
//! {..}`), and the innermost one holding where a name is used is the one it reads.

use tree_sitter::Node;

use super::{Frame, Walk};
use crate::facts::BindingKind;

/// Whether `language` scopes locals by block as this module reads them: its files hold
/// bindings that hold in part of their scope.
pub(crate) fn scopes_locals_by_block(language: &str) -> bool {
    matches!(language, "java" | "csharp")
}

/// The nodes that hold the locals declared directly inside them.
const HOLDERS: &[&str] = &[
    "block",
    "switch_block_statement_group",
    "switch_rule",
    "switch_section",
    "for_statement",
    "using_statement",
    "try_with_resources_statement",
    "catch_clause",
    "lambda_expression",
];

/// Loops that declare their own variable, which holds in the loop.
const LOOPS: &[&str] = &["enhanced_for_statement", "foreach_statement"];

/// What holds a lambda's or a catch clause's parameter.
const PARAMETER_HOLDERS: &[&str] = &["catch_clause", "lambda_expression"];

impl<'a> Walk<'a> {
    /// Makes the locals (and the catch clause's or lambda's parameters) that `node`
    /// declared from binding `before` on hold only in their block; `stack` holds the
    /// frames above `node`.
    pub(super) fn hold_in_block(&mut self, node: Node<'_>, before: usize, stack: &[Frame<'_>]) {
        if !scopes_locals_by_block(self.lang.name) || before == self.bindings.len() {
            return;
        }
        let kind = self.g.kind(node);
        let (start, end) = if LOOPS.contains(&kind) {
            (node.start_byte(), node.end_byte())
        } else {
            let parameter = self.bindings[before].kind == BindingKind::Parameter;
            // A parameter's list, then what the list belongs to; a local's block may
            // stand a few declaration levels up (C#'s declarator in its declaration in
            // its statement).
            let (holders, levels) = if parameter {
                (PARAMETER_HOLDERS, 2)
            } else {
                (HOLDERS, usize::MAX)
            };
            let Some(at) = stack
                .iter()
                .rposition(|f| holders.contains(&f.kind))
                .filter(|&at| stack.len() - at <= levels)
            else {
                return;
            };
            let holder = stack[at].node;
            // A local holds from the statement that declares it on (Java and C# read
            // both the declaration and its declarator, which must hold alike); a
            // parameter in the whole of what holds it.
            let from = if parameter {
                holder.start_byte()
            } else {
                stack
                    .get(at + 1)
                    .map_or(node, |statement| statement.node)
                    .start_byte()
            };
            (from, holder.end_byte())
        };
        let within = Some((start as u32, end as u32));
        for b in &mut self.bindings[before..] {
            if b.kind != BindingKind::Field {
                b.within = within;
            }
        }
    }
}
