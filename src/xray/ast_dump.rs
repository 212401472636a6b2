//! `explore`'s AST dumps: a bounded, breadth-first view of a syntax subtree.
//!
//! The first `max_nodes` named nodes in breadth-first order are kept (so a dump shows
//! the upper levels of a big subtree rather than one deep corner); where a node's
//! children were cut, a truncation marker says how many. Text form, one node per line:
//! `field: kind [row:col-row:col] "text preview"` (0-based rows and columns, as
//! tree-sitter's points), indented two spaces per level. JSON form: nested objects
//! `{"kind","field","start":[r,c],"end":[r,c],"text","children":[..],"truncated":N}`.
//! Both are built from a flat list with loops: no recursion, whatever the depth.

use std::collections::VecDeque;

use serde_json::{json, Value};
use tree_sitter::Node;

/// How many characters of a node's text the preview shows.
pub const PREVIEW_CHARS: usize = 40;

/// The default and the bounds of `--max-debug-nodes`.
pub const DEFAULT_MAX_NODES: usize = 50;
pub const MAX_NODES_RANGE: std::ops::RangeInclusive<usize> = 1..=500;

struct Item<'t> {
    node: Node<'t>,
    field: Option<&'static str>,
    depth: usize,
    parent: Option<usize>,
    /// Indices of kept children, in source order.
    children: Vec<usize>,
    /// Named children that were not kept.
    truncated: usize,
}

/// A bounded dump of the subtree at `root`.
pub struct AstDump<'t> {
    items: Vec<Item<'t>>,
    source: &'t str,
}

impl<'t> AstDump<'t> {
    /// Keeps up to `max_nodes` named nodes under (and including) `root`.
    pub fn new(root: Node<'t>, source: &'t str, max_nodes: usize) -> AstDump<'t> {
        let max_nodes = max_nodes.max(1);
        let mut items = vec![Item {
            node: root,
            field: None,
            depth: 0,
            parent: None,
            children: Vec::new(),
            truncated: 0,
        }];
        let mut queue = VecDeque::from([0usize]);
        while let Some(i) = queue.pop_front() {
            let node = items[i].node;
            let depth = items[i].depth;
            let mut cursor = node.walk();
            if !cursor.goto_first_child() {
                continue;
            }
            loop {
                let child = cursor.node();
                if child.is_named() {
                    if items.len() < max_nodes {
                        let idx = items.len();
                        items.push(Item {
                            node: child,
                            field: cursor.field_name(),
                            depth: depth + 1,
                            parent: Some(i),
                            children: Vec::new(),
                            truncated: 0,
                        });
                        items[i].children.push(idx);
                        queue.push_back(idx);
                    } else {
                        items[i].truncated += 1;
                    }
                }
                if !cursor.goto_next_sibling() {
                    break;
                }
            }
        }
        AstDump { items, source }
    }

    /// How many nodes the dump holds.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The indented text form, each line prefixed with `indent`.
    pub fn to_text(&self, indent: &str) -> String {
        let mut out = String::new();
        // Depth-first over kept nodes with an explicit stack.
        let mut stack = vec![0usize];
        while let Some(i) = stack.pop() {
            let it = &self.items[i];
            let pad = "  ".repeat(it.depth);
            out.push_str(indent);
            out.push_str(&pad);
            if let Some(f) = it.field {
                out.push_str(f);
                out.push_str(": ");
            }
            let (s, e) = (it.node.start_position(), it.node.end_position());
            out.push_str(&format!(
                "{} [{}:{}-{}:{}]",
                it.node.kind(),
                s.row,
                s.column,
                e.row,
                e.column
            ));
            if let Some(p) = self.preview(it.node) {
                out.push_str(&format!(" {p:?}"));
            }
            out.push('\n');
            if it.truncated > 0 {
                out.push_str(&format!(
                    "{indent}{pad}  … {} more node{} (raise --max-debug-nodes)\n",
                    it.truncated,
                    if it.truncated == 1 { "" } else { "s" }
                ));
            }
            stack.extend(it.children.iter().rev());
        }
        out
    }

    /// The nested JSON form.
    pub fn to_json(&self) -> Value {
        // Children always come after their parent in `items` (breadth-first), so a
        // reverse pass builds every child before the parent that adopts it.
        let mut built: Vec<Option<Value>> = vec![None; self.items.len()];
        for i in (0..self.items.len()).rev() {
            let it = &self.items[i];
            let children: Vec<Value> = it
                .children
                .iter()
                .map(|&c| built[c].take().unwrap_or(Value::Null))
                .collect();
            let (s, e) = (it.node.start_position(), it.node.end_position());
            built[i] = Some(json!({
                "kind": it.node.kind(),
                "field": it.field,
                "start": [s.row, s.column],
                "end": [e.row, e.column],
                "text": self.preview(it.node),
                "children": children,
                "truncated": it.truncated,
            }));
            debug_assert!(it.parent.is_none_or(|p| p < i));
        }
        built[0].take().unwrap_or(Value::Null)
    }

    /// A one-line preview of a node's text: whitespace runs folded, cut at
    /// [`PREVIEW_CHARS`] with an ellipsis.
    fn preview(&self, node: Node<'_>) -> Option<String> {
        let text = self.source.get(node.start_byte()..node.end_byte())?;
        let folded = text.split_whitespace().collect::<Vec<_>>().join(" ");
        if folded.is_empty() {
            return None;
        }
        let mut chars = folded.chars();
        let head: String = chars.by_ref().take(PREVIEW_CHARS).collect();
        Some(if chars.next().is_some() {
            format!("{head}…")
        } else {
            head
        })
    }
}

/// The node whose subtree `explore` shows for a match at `byte`: the innermost named
/// node containing it that has named children (so a match on an identifier shows the
/// expression or statement around it, not a lone leaf).
pub fn enclosing_node(root: Node<'_>, byte: usize) -> Node<'_> {
    let mut node = root
        .named_descendant_for_byte_range(byte, byte)
        .unwrap_or(root);
    while node.named_child_count() == 0 {
        match node.parent() {
            Some(p) => node = p,
            None => break,
        }
    }
    node
}

/// A compact description of a node: `{"kind","start","end"}`.
pub fn describe(node: Node<'_>) -> Value {
    let (s, e) = (node.start_position(), node.end_position());
    json!({"kind": node.kind(), "start": [s.row, s.column], "end": [e.row, e.column]})
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(src: &str) -> tree_sitter::Tree {
        crate::lang::by_name("python")
            .unwrap()
            .parser()
            .parse(src, None)
            .unwrap()
    }

    #[test]
    fn text_dump_shows_fields_positions_and_previews() {
        let src = "def f(a):\n    return g(a)\n";
        let tree = parse(src);
        let dump = AstDump::new(tree.root_node(), src, 50);
        let text = dump.to_text("");
        assert!(
            text.starts_with("module [0:0-2:0] \"def f(a): return g(a)\"\n"),
            "{text}"
        );
        assert!(
            text.contains("\n  function_definition [0:0-1:15]"),
            "{text}"
        );
        assert!(
            text.contains("    name: identifier [0:4-0:5] \"f\"\n"),
            "{text}"
        );
    }

    #[test]
    fn dumps_are_capped_with_a_marker() {
        let src = "a = 1\nb = 2\nc = 3\nd = 4\n";
        let tree = parse(src);
        let dump = AstDump::new(tree.root_node(), src, 3);
        assert_eq!(dump.len(), 3);
        let text = dump.to_text("");
        assert!(text.contains("… 2 more nodes"), "{text}");
        let json = dump.to_json();
        assert_eq!(json["kind"], "module");
        assert_eq!(json["truncated"], 2);
        assert_eq!(json["children"].as_array().unwrap().len(), 2);
    }

    #[test]
    fn enclosing_node_lifts_leaves_to_their_parent() {
        let src = "x = foo(1)\n";
        let tree = parse(src);
        let n = enclosing_node(tree.root_node(), 4);
        assert_eq!(n.kind(), "call");
    }

    #[test]
    fn deep_nesting_does_not_recurse() {
        let src = format!("x = {}1{}\n", "(".repeat(3000), ")".repeat(3000));
        let tree = parse(&src);
        let dump = AstDump::new(tree.root_node(), &src, 500);
        assert_eq!(dump.len(), 500);
        assert!(dump.to_json().is_object());
        assert!(!dump.to_text("").is_empty());
    }
}
