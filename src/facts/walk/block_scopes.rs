//! Block scopes: in the languages listed here a local holds from its declaration to the
//! end of the block (or loop, `if` with a declaration, switch section, catch clause)
//! that declares it, a loop's own variable in its loop, and a lambda's or catch
//! clause's parameter in its lambda or clause. So two locals of one name in one
//! function can be of two types (`for (Foo x : a) {..} for (Bar x : b) {..}`, an `if`
//! branch's `let y = Alpha()` and the `else` branch's `let y = Beta()`), and where a
//! name is used, the latest declaration that holds there is the one it reads: the
//! innermost block's, and in that block the one declared last (Rust's `let x =
//! x.parse()`, Go's `x := ..` in an inner block).

use tree_sitter::Node;

use super::{Frame, Walk};
use crate::facts::BindingKind;

/// How one language scopes its locals by block.
struct BlockScopes {
    /// The nodes that hold the locals declared inside them (the innermost one does).
    holders: &'static [&'static str],
    /// Nodes that declare their own variables, which hold in the whole node (a
    /// `for` over a collection, a match arm).
    loops: &'static [&'static str],
    /// What holds a lambda's or a catch clause's parameter, found at most
    /// [`PARAMETER_LEVELS`] levels above it.
    parameter_holders: &'static [&'static str],
    /// A local may hide another local of its name: it holds only after its own
    /// declaration, whose value still reads the hidden one (`let x = x.trim()`). Where
    /// hiding is forbidden (Java, C#) a local holds from its statement on, which reads
    /// the same and covers the declarations a statement holds apart from it.
    shadows: bool,
}

/// A parameter, its list, and (C++'s lambda, Swift's closure) the list's holder.
const PARAMETER_LEVELS: usize = 3;

const JAVA_CSHARP: BlockScopes = BlockScopes {
    holders: &[
        "block",
        "switch_block_statement_group",
        "switch_rule",
        "switch_section",
        "for_statement",
        "using_statement",
        "try_with_resources_statement",
        "catch_clause",
        "lambda_expression",
    ],
    loops: &["enhanced_for_statement", "foreach_statement"],
    parameter_holders: &["catch_clause", "lambda_expression"],
    shadows: false,
};

const GO: BlockScopes = BlockScopes {
    holders: &[
        "block",
        "if_statement",
        "for_statement",
        "expression_switch_statement",
        "type_switch_statement",
        "expression_case",
        "type_case",
        "default_case",
        "communication_case",
    ],
    loops: &[],
    parameter_holders: &["func_literal"],
    shadows: true,
};

const RUST: BlockScopes = BlockScopes {
    holders: &["block", "if_expression", "while_expression"],
    loops: &["for_expression", "match_arm"],
    parameter_holders: &["closure_expression"],
    shadows: true,
};

const C_CPP: BlockScopes = BlockScopes {
    holders: &[
        "compound_statement",
        "for_statement",
        "if_statement",
        "while_statement",
        "switch_statement",
    ],
    loops: &[],
    parameter_holders: &["catch_clause", "lambda_expression"],
    shadows: true,
};

const KOTLIN: BlockScopes = BlockScopes {
    holders: &[
        "block",
        "lambda_literal",
        "when_entry",
        "control_structure_body",
    ],
    loops: &["for_statement"],
    parameter_holders: &["lambda_literal", "catch_block"],
    shadows: true,
};

const SWIFT: BlockScopes = BlockScopes {
    holders: &["statements"],
    loops: &["for_statement"],
    parameter_holders: &["lambda_literal", "catch_block"],
    shadows: true,
};

const LUA: BlockScopes = BlockScopes {
    holders: &["block"],
    loops: &["for_statement"],
    parameter_holders: &["function_definition"],
    shadows: true,
};

fn block_scopes(language: &str) -> Option<&'static BlockScopes> {
    match language {
        "java" | "csharp" => Some(&JAVA_CSHARP),
        "go" => Some(&GO),
        "rust" => Some(&RUST),
        "c" | "cpp" => Some(&C_CPP),
        "kotlin" => Some(&KOTLIN),
        "swift" => Some(&SWIFT),
        "lua" => Some(&LUA),
        _ => None,
    }
}

/// Whether `language` scopes locals by block as this module reads them: its files hold
/// bindings that hold in part of their scope.
pub(crate) fn scopes_locals_by_block(language: &str) -> bool {
    block_scopes(language).is_some()
}

impl<'a> Walk<'a> {
    /// Makes the locals (and the catch clause's or lambda's parameters) that `node`
    /// declared from binding `before` on hold only in their block; `stack` holds the
    /// frames above `node`.
    pub(super) fn hold_in_block(&mut self, node: Node<'_>, before: usize, stack: &[Frame<'_>]) {
        let Some(scopes) = block_scopes(self.lang.name) else {
            return;
        };
        if before == self.bindings.len() {
            return;
        }
        let kind = self.g.kind(node);
        let (start, end) = if scopes.loops.contains(&kind) {
            // From the body on where there is one: what the loop runs over still
            // reads a local the loop's variable hides (`for x in x.lines()`).
            let body = self.g.child(node, "body").unwrap_or(node);
            (body.start_byte(), node.end_byte())
        } else {
            let parameter = self.bindings[before].kind == BindingKind::Parameter;
            let (holders, levels) = if parameter {
                (scopes.parameter_holders, PARAMETER_LEVELS)
            } else {
                // A local's block may stand a few declaration levels up (C#'s
                // declarator in its declaration in its statement).
                (scopes.holders, usize::MAX)
            };
            let Some(at) = stack
                .iter()
                .rposition(|f| holders.contains(&f.kind))
                .filter(|&at| stack.len() - at <= levels)
            else {
                return;
            };
            let holder = stack[at].node;
            let from = if parameter {
                holder.start_byte()
            } else if scopes.shadows {
                node.end_byte()
            } else {
                // Java and C# read both a declaration and its declarator, which must
                // hold alike: from the statement that declares them.
                stack
                    .get(at + 1)
                    .map_or(node, |statement| statement.node)
                    .start_byte()
            };
            (from, holder.end_byte())
        };
        self.hold_between(before, start, end);
    }

    /// Makes the parameters bound from `before` on hold in `node` alone (a lambda's,
    /// visited at the lambda), where the language scopes locals by block.
    pub(super) fn hold_in_node(&mut self, node: Node<'_>, before: usize) {
        if block_scopes(self.lang.name).is_some() {
            self.hold_between(before, node.start_byte(), node.end_byte());
        }
    }

    /// Makes Ruby block parameters bound from `before` on (in `list`, a block's
    /// `|..|`) hold in that block alone: Ruby's other locals are their method's.
    pub(super) fn hold_ruby_block_parameters(&mut self, list: Node<'_>, before: usize) {
        if self.lang.name != "ruby" || self.g.kind(list) != "block_parameters" {
            return;
        }
        if let Some(block) = list.parent() {
            self.hold_between(before, block.start_byte(), block.end_byte());
        }
    }

    /// Makes the bindings from `before` on, fields aside, hold from `start` to `end`.
    pub(super) fn hold_between(&mut self, before: usize, start: usize, end: usize) {
        let within = u32::try_from(start).ok().zip(u32::try_from(end).ok());
        for b in &mut self.bindings[before..] {
            if b.kind != BindingKind::Field {
                b.within = within;
            }
        }
    }
}
