//! The one way the code walks a syntax tree: depth first, in document order, with a
//! tree cursor.
//!
//! A cursor walk needs no recursion, so a file nested ten thousand levels deep cannot
//! overflow the stack, and it never calls `Node::parent`, which searches down from the
//! root each time. Symbol extraction, the facts walk, the evaluator's node API and the
//! AST dumps all walk this way; keeping the cursor moves in one place keeps them from
//! disagreeing on where a subtree ends.

use tree_sitter::TreeCursor;

/// Where the walk is: entering a node (before its children) or leaving it (after).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Enter,
    Leave,
}

/// What the walk does next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Visit {
    /// Walk into the node's children (on [`Step::Enter`]; the same as `Skip` on leave).
    Children,
    /// Go on with the node's next sibling.
    Skip,
    /// End the walk now, with no more calls.
    Stop,
}

/// Walks the subtree at the cursor's node. `visit` is called with [`Step::Enter`] for
/// every node, with the cursor on it and its depth below the start (0 for the start
/// node), and with [`Step::Leave`] once the node and whatever of its subtree was
/// walked are done, innermost first. The cursor never leaves the subtree.
pub fn preorder<'t>(
    cursor: &mut TreeCursor<'t>,
    mut visit: impl FnMut(Step, &TreeCursor<'t>, usize) -> Visit,
) {
    let mut depth = 0usize;
    loop {
        match visit(Step::Enter, cursor, depth) {
            Visit::Stop => return,
            Visit::Children if cursor.goto_first_child() => {
                depth += 1;
                continue;
            }
            Visit::Children | Visit::Skip => {}
        }
        loop {
            if visit(Step::Leave, cursor, depth) == Visit::Stop || depth == 0 {
                return;
            }
            if cursor.goto_next_sibling() {
                break;
            }
            cursor.goto_parent();
            depth -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{preorder, Step, Visit};

    fn parsed(src: &str) -> tree_sitter::Tree {
        let mut parser = tree_sitter::Parser::new();
        parser
            .set_language(&tree_sitter_python::LANGUAGE.into())
            .expect("python grammar");
        parser.parse(src, None).expect("parses")
    }

    #[test]
    fn enters_in_document_order_and_leaves_innermost_first() {
        let tree = parsed("f(a)\n");
        let mut events = Vec::new();
        preorder(&mut tree.walk(), |step, c, depth| {
            if c.node().is_named() {
                events.push(format!("{step:?} {} {depth}", c.node().kind()));
            }
            Visit::Children
        });
        let want = [
            "Enter module 0",
            "Enter expression_statement 1",
            "Enter call 2",
            "Enter identifier 3",
            "Leave identifier 3",
            "Enter argument_list 3",
            "Enter identifier 4",
            "Leave identifier 4",
            "Leave argument_list 3",
            "Leave call 2",
            "Leave expression_statement 1",
            "Leave module 0",
        ];
        assert_eq!(events, want);
    }

    #[test]
    fn skip_and_stop_and_subtrees() {
        let tree = parsed("f(a)\ng(b)\n");
        let root = tree.root_node();
        // Skipping the first statement still visits the second.
        let mut seen = Vec::new();
        preorder(&mut tree.walk(), |step, c, _| {
            let n = c.node();
            if step == Step::Enter && n.kind() == "identifier" {
                seen.push(&"f(a)\ng(b)\n"[n.byte_range()]);
            }
            if n.kind() == "expression_statement" && n.start_byte() == 0 {
                Visit::Skip
            } else {
                Visit::Children
            }
        });
        assert_eq!(seen, ["g", "b"]);
        // A walk from one statement stays inside it.
        let first = root.named_child(0).expect("a statement");
        let mut count = 0;
        preorder(&mut first.walk(), |step, _, _| {
            count += usize::from(step == Step::Enter);
            Visit::Children
        });
        assert_eq!(count, first.descendant_count());
        // Stop ends the walk at once.
        let mut calls = 0;
        preorder(&mut tree.walk(), |_, _, _| {
            calls += 1;
            if calls == 3 {
                Visit::Stop
            } else {
                Visit::Children
            }
        });
        assert_eq!(calls, 3);
    }
}
