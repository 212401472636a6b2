//! `explore`'s AST dumps: a bounded view of a syntax subtree.
//!
//! Around a match, the first `max_nodes` named nodes in breadth-first order are kept
//! (so a dump shows the upper levels of a big subtree rather than one deep corner);
//! where a node's children were cut, a truncation marker says how many. For a whole
//! file (`explore --file`) the nodes are kept in document order (depth-first, as
//! `tree-sitter parse` prints them) up to a generous limit, and a last marker says how
//! many were left out. With `all_nodes` anonymous nodes (keywords, operators,
//! punctuation) are kept too. Text form, one node per line:
//! `field: kind [row:col-row:col] "text preview"` (0-based rows and columns, as
//! tree-sitter's points), indented two spaces per level. JSON form: nested objects
//! `{"kind","field","start":[r,c],"end":[r,c],"text","children":[..],"truncated":N}`.
//! Both are built from a flat list with loops: no recursion, whatever the depth.

use std::collections::VecDeque;

use serde_json::{json, Value};
use tree_sitter::Node;

use crate::lang::preorder::{preorder, Step, Visit};

/// How many characters of a node's text the preview shows.
pub const PREVIEW_CHARS: usize = 40;

/// The default and the bounds of `--max-debug-nodes`.
pub const DEFAULT_MAX_NODES: usize = 50;
pub const MAX_NODES_RANGE: std::ops::RangeInclusive<usize> = 1..=500;

struct Item<'t> {
    node: Node<'t>,
    field: Option<&'t str>,
    depth: usize,
    parent: Option<usize>,
    /// Indices of kept children, in source order.
    children: Vec<usize>,
    /// Named children that were not kept.
    truncated: usize,
}

impl<'t> Item<'t> {
    /// The first item of a dump: the node it starts from.
    fn root(node: Node<'t>) -> Item<'t> {
        Item {
            node,
            field: None,
            depth: 0,
            parent: None,
            children: Vec::new(),
            truncated: 0,
        }
    }
}

/// A bounded dump of the subtree at `root`.
pub struct AstDump<'t> {
    items: Vec<Item<'t>>,
    source: &'t str,
    /// Nodes of a document-order dump left out after the limit.
    omitted: usize,
}

/// Indentation of text dumps grows to this depth and no further.
pub const MAX_INDENT_DEPTH: usize = 64;

/// Node levels of the JSON form (two JSON levels each: the node and its children).
pub const MAX_JSON_DEPTH: usize = 60;

/// The most nodes `explore --file` prints.
pub const FILE_DUMP_NODES: usize = 100_000;

impl<'t> AstDump<'t> {
    /// Keeps up to `max_nodes` nodes under (and including) `root`, breadth-first:
    /// named ones only unless `all_nodes`.
    pub fn new(root: Node<'t>, source: &'t str, max_nodes: usize, all_nodes: bool) -> AstDump<'t> {
        let max_nodes = max_nodes.max(1);
        let mut items = vec![Item::root(root)];
        let mut queue = VecDeque::from([0usize]);
        while let Some(i) = queue.pop_front() {
            let node = items[i].node;
            let depth = items[i].depth;
            // Counted, not walked: a node with a million children (a minified file's
            // top level) costs no more than the children kept.
            let total = if all_nodes {
                node.child_count() as usize
            } else {
                node.named_child_count()
            };
            let mut cursor = node.walk();
            let mut kept = 0usize;
            if items.len() < max_nodes && cursor.goto_first_child() {
                loop {
                    let child = cursor.node();
                    if all_nodes || child.is_named() {
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
                        kept += 1;
                        if items.len() >= max_nodes {
                            break;
                        }
                    }
                    if !cursor.goto_next_sibling() {
                        break;
                    }
                }
            }
            items[i].truncated = total.saturating_sub(kept);
        }
        AstDump {
            items,
            source,
            omitted: 0,
        }
    }

    /// The whole subtree at `root` in document order, up to `limit` nodes: named ones
    /// only unless `all_nodes`. A node left out (anonymous) passes its children to its
    /// nearest kept ancestor.
    pub fn document(root: Node<'t>, source: &'t str, limit: usize, all_nodes: bool) -> AstDump<'t> {
        let mut items = vec![Item::root(root)];
        let mut omitted = 0usize;
        // Kept ancestors of the cursor's node: (tree depth, item index).
        let mut kept: Vec<(usize, usize)> = vec![(0, 0)];
        preorder(&mut root.walk(), |step, cursor, depth| {
            // The root is the first item already.
            if step == Step::Leave || depth == 0 {
                return Visit::Children;
            }
            let node = cursor.node();
            if !(all_nodes || node.is_named()) {
                return Visit::Children;
            }
            if items.len() >= limit {
                omitted += 1;
                return Visit::Children;
            }
            while kept.last().is_some_and(|&(d, _)| d >= depth) {
                kept.pop();
            }
            // Invariant: the root (depth 0) is never popped, as depth >= 1 here.
            let &(_, parent) = kept.last().unwrap_or(&(0, 0));
            let idx = items.len();
            items.push(Item {
                node,
                field: cursor.field_name(),
                depth: items[parent].depth + 1,
                parent: Some(parent),
                children: Vec::new(),
                truncated: 0,
            });
            items[parent].children.push(idx);
            kept.push((depth, idx));
            Visit::Children
        });
        AstDump {
            items,
            source,
            omitted,
        }
    }

    /// How many nodes a document-order dump left out after its limit.
    pub fn omitted(&self) -> usize {
        self.omitted
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
        let mut out = Vec::new();
        // Invariant: writing to a Vec cannot fail, and only UTF-8 is written.
        let _ = self.write_text(indent, &mut out);
        String::from_utf8(out).unwrap_or_default()
    }

    /// Writes the indented text form line by line (a whole file's dump can be large).
    /// Indentation stops growing at [`MAX_INDENT_DEPTH`] levels; deeper lines say
    /// their depth instead, so deeply nested code cannot make the output quadratic.
    pub fn write_text(&self, indent: &str, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        // Depth-first over kept nodes with an explicit stack.
        let mut stack = vec![0usize];
        while let Some(i) = stack.pop() {
            let it = &self.items[i];
            let pad = "  ".repeat(it.depth.min(MAX_INDENT_DEPTH));
            write!(out, "{indent}{pad}")?;
            if it.depth > MAX_INDENT_DEPTH {
                write!(out, "(depth {}) ", it.depth)?;
            }
            if let Some(f) = it.field {
                write!(out, "{f}: ")?;
            }
            let (s, e) = (it.node.start_position(), it.node.end_position());
            write!(
                out,
                "{} [{}:{}-{}:{}]",
                it.node.kind(),
                s.row,
                s.column,
                e.row,
                e.column
            )?;
            if let Some(p) = self.preview(it.node) {
                write!(out, " {p:?}")?;
            }
            writeln!(out)?;
            if it.truncated > 0 {
                writeln!(
                    out,
                    "{indent}{pad}  … {} more node{} (raise --max-debug-nodes)",
                    it.truncated,
                    if it.truncated == 1 { "" } else { "s" }
                )?;
            }
            stack.extend(it.children.iter().rev());
        }
        if self.omitted > 0 {
            writeln!(
                out,
                "{indent}… {} more nodes not shown (the dump stops at {} nodes)",
                self.omitted,
                self.items.len()
            )?;
        }
        Ok(())
    }

    /// The nested JSON form. Nesting stops at [`MAX_JSON_DEPTH`] levels: a node there
    /// keeps no children, and its `truncated` counts every node below it that the dump
    /// holds (JSON readers commonly refuse documents nested much deeper).
    pub fn to_json(&self) -> Value {
        // Children always come after their parent in `items` (breadth-first or
        // document order), so a reverse pass builds every child before the parent that
        // adopts it.
        let mut built: Vec<Option<Value>> = vec![None; self.items.len()];
        // Nodes each item's subtree holds in the dump, itself included.
        let mut size = vec![1usize; self.items.len()];
        for i in (0..self.items.len()).rev() {
            let it = &self.items[i];
            debug_assert!(it.parent.is_none_or(|p| p < i));
            if let Some(p) = it.parent {
                size[p] += size[i];
            }
            if it.depth > MAX_JSON_DEPTH {
                continue;
            }
            let (children, truncated) = if it.depth == MAX_JSON_DEPTH {
                (Vec::new(), it.truncated + size[i] - 1)
            } else {
                let children = it
                    .children
                    .iter()
                    .map(|&c| built[c].take().unwrap_or(Value::Null))
                    .collect();
                (children, it.truncated)
            };
            let (s, e) = (it.node.start_position(), it.node.end_position());
            built[i] = Some(json!({
                "kind": it.node.kind(),
                "field": it.field,
                "start": [s.row, s.column],
                "end": [e.row, e.column],
                "text": self.preview(it.node),
                "children": children,
                "truncated": truncated,
            }));
        }
        built[0].take().unwrap_or(Value::Null)
    }

    /// A one-line preview of a node's text: whitespace runs folded, cut at
    /// [`PREVIEW_CHARS`] with an ellipsis.
    fn preview(&self, node: Node<'_>) -> Option<String> {
        // Only the start of a big node is read: a preview of a whole minified file
        // must not fold megabytes.
        let start = node.start_byte();
        let mut end = node.end_byte().min(start + PREVIEW_CHARS * 16);
        while end > start && !self.source.is_char_boundary(end) {
            end -= 1;
        }
        let text = self.source.get(start..end)?;
        let folded = text.split_whitespace().collect::<Vec<_>>().join(" ");
        if folded.is_empty() {
            return None;
        }
        let mut chars = folded.chars();
        let head: String = chars.by_ref().take(PREVIEW_CHARS).collect();
        Some(if chars.next().is_some() || end < node.end_byte() {
            format!("{head}…")
        } else {
            head
        })
    }
}

/// Finds the nodes around many byte offsets of one tree.
///
/// tree-sitter looks a child up by walking the children in order, and a node's parent
/// by searching from the root; on a file whose top level holds tens of thousands of
/// nodes (a minified bundle, a file of comments), one such lookup per match made a run
/// quadratic. Here the children of each wide node are listed once and searched by
/// binary search, so each lookup costs the depth of the tree.
pub struct NodeFinder<'t> {
    root: Node<'t>,
    /// The children of wide nodes, by node id, in document order.
    wide: std::collections::HashMap<usize, Vec<Node<'t>>>,
}

/// Nodes with more children than this get their children listed once.
const WIDE: usize = 32;

impl<'t> NodeFinder<'t> {
    pub fn new(root: Node<'t>) -> NodeFinder<'t> {
        NodeFinder {
            root,
            wide: std::collections::HashMap::new(),
        }
    }

    /// The named nodes containing `byte`, outermost (the root) first.
    fn path(&mut self, byte: usize) -> Vec<Node<'t>> {
        let mut path = vec![self.root];
        let mut node = self.root;
        loop {
            let next = if node.child_count() as usize > WIDE {
                let children = self.wide.entry(node.id()).or_insert_with(|| {
                    let mut cursor = node.walk();
                    node.children(&mut cursor).collect()
                });
                let i = children.partition_point(|c| c.end_byte() <= byte);
                children.get(i).copied()
            } else {
                let mut cursor = node.walk();
                cursor
                    .goto_first_child_for_byte(byte)
                    .map(|_| cursor.node())
            };
            match next {
                Some(child) if child.start_byte() <= byte => {
                    if child.is_named() {
                        path.push(child);
                    }
                    node = child;
                }
                _ => return path,
            }
        }
    }

    /// The smallest named node containing `byte` (the root when none is smaller).
    pub fn smallest_named(&mut self, byte: usize) -> Node<'t> {
        self.path(byte).pop().unwrap_or(self.root)
    }

    /// The node whose subtree `explore` shows for a match at `byte`: the innermost
    /// named node containing it that has named children (so a match on an identifier
    /// shows the expression or statement around it, not a lone leaf).
    pub fn enclosing(&mut self, byte: usize) -> Node<'t> {
        let root = self.root;
        self.path(byte)
            .into_iter()
            .rev()
            .find(|n| n.named_child_count() > 0)
            .unwrap_or(root)
    }
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
        let dump = AstDump::new(tree.root_node(), src, 50, false);
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
        let dump = AstDump::new(tree.root_node(), src, 3, false);
        assert_eq!(dump.len(), 3);
        let text = dump.to_text("");
        assert!(text.contains("… 2 more nodes"), "{text}");
        let json = dump.to_json();
        assert_eq!(json["kind"], "module");
        assert_eq!(json["truncated"], 2);
        assert_eq!(json["children"].as_array().unwrap().len(), 2);
    }

    #[test]
    fn document_dump_is_depth_first_and_capped_with_a_marker() {
        let src = "def f(a):\n    return a\nx = 1\n";
        let tree = parse(src);
        let text = AstDump::document(tree.root_node(), src, 1000, false).to_text("");
        let kinds: Vec<&str> = text
            .lines()
            .map(|l| l.trim_start().split(' ').next().unwrap())
            .collect();
        assert_eq!(
            kinds,
            vec![
                "module",
                "function_definition",
                "name:",
                "parameters:",
                "identifier",
                "body:",
                "return_statement",
                "identifier",
                "expression_statement",
                "assignment",
                "left:",
                "right:"
            ],
            "{text}"
        );
        let capped = AstDump::document(tree.root_node(), src, 4, false);
        assert_eq!(capped.len(), 4);
        assert_eq!(capped.omitted(), 8);
        assert!(capped.to_text("").contains("… 8 more nodes not shown"));
    }

    #[test]
    fn all_nodes_shows_keywords_and_operators() {
        let src = "x = a + 1\n";
        let tree = parse(src);
        let named = AstDump::document(tree.root_node(), src, 1000, false).to_text("");
        assert!(!named.contains("\n      + ["), "{named}");
        let all = AstDump::document(tree.root_node(), src, 1000, true).to_text("");
        assert!(all.contains("operator: + [0:6-0:7]"), "{all}");
        assert!(all.contains("= [0:2-0:3]"), "{all}");
        let around = AstDump::new(tree.root_node(), src, 50, true).to_text("");
        assert!(around.contains("operator: + [0:6-0:7]"), "{around}");
    }

    #[test]
    fn enclosing_node_lifts_leaves_to_their_parent() {
        let src = "x = foo(1)\n";
        let tree = parse(src);
        let mut find = NodeFinder::new(tree.root_node());
        assert_eq!(find.enclosing(4).kind(), "call");
        assert_eq!(find.enclosing(8).kind(), "argument_list");
        assert_eq!(find.enclosing(0).kind(), "assignment");
        assert_eq!(find.smallest_named(4).kind(), "identifier");
        let top = "# c\n# d\n";
        let tree = parse(top);
        assert_eq!(
            NodeFinder::new(tree.root_node()).enclosing(5).kind(),
            "module"
        );
    }

    #[test]
    fn lookups_in_a_wide_tree_agree_with_tree_sitter() {
        let src = "# c\nx = f(1)\n".repeat(200);
        let tree = parse(&src);
        let root = tree.root_node();
        let mut find = NodeFinder::new(root);
        for byte in (0..src.len()).step_by(7) {
            assert_eq!(
                Some(find.smallest_named(byte)),
                root.named_descendant_for_byte_range(byte, byte),
                "at {byte}"
            );
        }
    }

    #[test]
    fn deep_nesting_does_not_recurse() {
        let src = format!("x = {}1{}\n", "(".repeat(3000), ")".repeat(3000));
        let tree = parse(&src);
        let dump = AstDump::new(tree.root_node(), &src, 500, false);
        assert_eq!(dump.len(), 500);
        assert!(dump.to_json().is_object());
        let json = serde_json::to_string(&dump.to_json()).unwrap();
        let back: Value = serde_json::from_str(&json).expect("readable by serde_json");
        // Down the parenthesised chain: the last child of each node is the deep one.
        let mut node = &back;
        for _ in 0..MAX_JSON_DEPTH {
            node = node["children"].as_array().unwrap().last().unwrap();
        }
        assert_eq!(node["children"].as_array().map(Vec::len), Some(0));
        assert!(node["truncated"].as_u64().unwrap() > 0, "{node}");
        let text = dump.to_text("");
        assert!(text.contains("(depth 65) "), "{}", &text[..200]);
        let widest = text.lines().map(|l| l.len()).max().unwrap();
        assert!(widest < 2 * MAX_INDENT_DEPTH + 200, "{widest}");
    }
}
