//! The node API evaluators see: tree-sitter nodes as lazy host objects.
//!
//! A node crosses into the interpreter as a `ClassInstance` of class `Node` whose
//! instance id is its index in a per-file [`NodeTable`], with no attributes attached.
//! Reading an attribute pauses the run (`NameLookup`) and [`NodeTable::attribute`]
//! answers; a method call pauses it (`FunctionCall`) and [`NodeTable::call`] answers.
//! So only the nodes an evaluator touches are ever materialised, and host-side helpers
//! (`descendants_of_type`, ...) walk the tree in Rust rather than in Python.
//!
//! tree-sitter finds a node's parent by descending from the root again, so a walk up
//! from a node `d` levels deep costs `d` squared steps (seconds for one walk in a file
//! nested a few thousand levels). The first few steps up are asked of tree-sitter;
//! past [`STEPS_BEFORE_INDEX`] of them (an evaluator that walks up a lot, or from deep
//! down), an index of every node's parent is built in one pass over the file's tree,
//! and each step up is then one lookup. An evaluator that asks for a handful of parents
//! in a large file does not pay for indexing all of it.
//!
//! Properties: `type text children named_children child_count named_child_count parent
//! start_point end_point start_byte end_byte start_line end_line is_named has_error`.
//! Methods: `child_by_field_name children_by_field_name is_descendant_of
//! descendants_of_type count_descendants_of_type enclosing is_in_try_resources
//! enclosing_method_body node_at_byte_offset`; `__iter__`/`__len__` iterate children.

use std::collections::HashMap;

use monty_types::{
    DictPairs, ExcType, MontyClassInstance, MontyClassType, MontyException, MontyObject, MontyUuid,
};
use tree_sitter::Node;

use crate::lang::preorder::{preorder, Step, Visit};

/// Every property name, for "did you mean" hints and documentation.
pub const PROPERTIES: &[&str] = &[
    "type",
    "text",
    "children",
    "named_children",
    "child_count",
    "named_child_count",
    "parent",
    "start_point",
    "end_point",
    "start_byte",
    "end_byte",
    "start_line",
    "end_line",
    "is_named",
    "has_error",
];

/// Every method name.
pub const METHODS: &[&str] = &[
    "child_by_field_name",
    "children_by_field_name",
    "is_descendant_of",
    "descendants_of_type",
    "count_descendants_of_type",
    "enclosing",
    "is_in_try_resources",
    "enclosing_method_body",
    "node_at_byte_offset",
];

/// Node kinds that hold try-with-resources / `with` / `using` resources.
const RESOURCE_KINDS: &[&str] = &[
    "resource_specification",
    "resource",
    "with_clause",
    "with_item",
    "using_statement",
];

/// Node kinds of functions and methods, for `enclosing_method_body`.
const FUNCTION_KINDS: &[&str] = &[
    "method_declaration",
    "constructor_declaration",
    "function_definition",
    "function_declaration",
    "method_definition",
    "function_item",
    "arrow_function",
    "function_expression",
    "lambda_expression",
    "local_function_statement",
    "func_literal",
    "method",
    "singleton_method",
    "anonymous_function",
    "function_literal",
];

/// The class id every node object shares.
const NODE_CLASS_ID: u128 = 0x6e6f_6465;
/// High bits of every node instance id (the low 64 bits are the table index), so an
/// id minted by the sandbox for its own objects is never mistaken for a node.
const NODE_ID_TAG: u128 = 0x636f_6465_7365_6172 << 64;

fn uuid_value(id: MontyUuid) -> u128 {
    u128::from_be_bytes(*id.as_bytes())
}

/// The nodes of one file that have crossed into the interpreter.
pub struct NodeTable<'t> {
    root: Node<'t>,
    source: &'t str,
    nodes: Vec<Node<'t>>,
    index_of: HashMap<usize, u32>,
    /// Each node's parent by node id, built once `steps_up` reaches
    /// [`STEPS_BEFORE_INDEX`].
    parents: Option<HashMap<usize, Node<'t>>>,
    /// Steps up answered by tree-sitter so far.
    steps_up: usize,
}

/// Steps up a file's tree answered by tree-sitter before the parent index is built.
const STEPS_BEFORE_INDEX: usize = 256;

impl<'t> NodeTable<'t> {
    pub fn new(root: Node<'t>, source: &'t str) -> NodeTable<'t> {
        NodeTable {
            root,
            source,
            nodes: Vec::new(),
            index_of: HashMap::new(),
            parents: None,
            steps_up: 0,
        }
    }

    /// The parent of `n` (None at the root).
    fn parent(&mut self, n: Node<'t>) -> Option<Node<'t>> {
        if self.parents.is_none() {
            if self.steps_up < STEPS_BEFORE_INDEX {
                self.steps_up += 1;
                return n.parent();
            }
            self.parents = Some(parent_index(self.root));
        }
        self.parents.as_ref()?.get(&n.id()).copied()
    }

    /// The ancestors of `n`, nearest first.
    fn ancestors(&mut self, n: Node<'t>) -> Vec<Node<'t>> {
        let mut out = Vec::new();
        let mut at = self.parent(n);
        while let Some(p) = at {
            out.push(p);
            at = self.parent(p);
        }
        out
    }

    /// The host object for a node (the same id every time for the same node).
    pub fn object(&mut self, node: Node<'t>) -> MontyObject {
        let next = self.nodes.len() as u32;
        let idx = *self.index_of.entry(node.id()).or_insert_with(|| {
            self.nodes.push(node);
            next
        });
        MontyObject::ClassInstance(Box::new(MontyClassInstance {
            class_type: MontyClassType {
                name: "Node".into(),
                id: MontyUuid::from_u128(NODE_CLASS_ID),
                host_defined: true,
                is_dataclass: false,
                attrs: DictPairs::default(),
            },
            instance_id: MontyUuid::from_u128(NODE_ID_TAG | u128::from(idx)),
            attrs: DictPairs::default(),
        }))
    }

    /// The node behind an object id, if it is one of ours.
    pub fn node(&self, id: MontyUuid) -> Option<Node<'t>> {
        let v = uuid_value(id);
        if v & !(u128::from(u64::MAX)) != NODE_ID_TAG {
            return None;
        }
        let idx = usize::try_from(v & u128::from(u64::MAX)).ok()?;
        self.nodes.get(idx).copied()
    }

    /// The node behind a host object passed back in, for describing returned values.
    pub fn node_of(&self, obj: &MontyObject) -> Option<Node<'t>> {
        match obj {
            MontyObject::ClassInstance(inst) if uuid_value(inst.class_type.id) == NODE_CLASS_ID => {
                self.node(inst.instance_id)
            }
            _ => None,
        }
    }

    pub fn root(&self) -> Node<'t> {
        self.root
    }

    fn text(&self, n: Node<'_>) -> String {
        self.source
            .get(n.start_byte()..n.end_byte())
            .unwrap_or("")
            .to_string()
    }

    fn list(&mut self, nodes: impl IntoIterator<Item = Node<'t>>) -> MontyObject {
        MontyObject::List(nodes.into_iter().map(|n| self.object(n)).collect())
    }

    fn optional(&mut self, node: Option<Node<'t>>) -> MontyObject {
        node.map_or(MontyObject::None, |n| self.object(n))
    }

    /// Answers `node.NAME`.
    pub fn attribute(&mut self, n: Node<'t>, name: &str) -> Result<MontyObject, MontyException> {
        let point = |p: tree_sitter::Point| MontyObject::Tuple(vec![int(p.row), int(p.column)]);
        Ok(match name {
            "type" => MontyObject::String(n.kind().to_string()),
            "text" => MontyObject::String(self.text(n)),
            "children" => {
                let mut c = n.walk();
                let kids: Vec<Node<'t>> = n.children(&mut c).collect();
                self.list(kids)
            }
            "named_children" => {
                let mut c = n.walk();
                let kids: Vec<Node<'t>> = n.named_children(&mut c).collect();
                self.list(kids)
            }
            "child_count" => int(n.child_count() as usize),
            "named_child_count" => int(n.named_child_count()),
            "parent" => {
                let parent = self.parent(n);
                self.optional(parent)
            }
            "start_point" => point(n.start_position()),
            "end_point" => point(n.end_position()),
            "start_byte" => int(n.start_byte()),
            "end_byte" => int(n.end_byte()),
            "start_line" => int(n.start_position().row + 1),
            "end_line" => int(n.end_position().row + 1),
            "is_named" => MontyObject::Bool(n.is_named()),
            "has_error" => MontyObject::Bool(n.has_error()),
            _ if METHODS.contains(&name) => {
                // A method read as a property (`node.enclosing` without a call) would
                // otherwise be an opaque AttributeError.
                return Err(attribute_error(
                    name,
                    &format!("'{name}' is a method: call it, e.g. node.{name}(...)"),
                ));
            }
            _ => return Err(attribute_error(name, &did_you_mean(name))),
        })
    }

    /// Answers `node.NAME(args...)`.
    pub fn call(
        &mut self,
        n: Node<'t>,
        name: &str,
        args: &[MontyObject],
    ) -> Result<MontyObject, MontyException> {
        let str_arg = |i: usize| -> Result<&str, MontyException> {
            match args.get(i) {
                Some(MontyObject::String(s)) => Ok(s.as_str()),
                _ => Err(MontyException::new(
                    ExcType::TypeError,
                    Some(format!("Node.{name}() takes a string argument")),
                )),
            }
        };
        Ok(match name {
            "child_by_field_name" => {
                let f = str_arg(0)?;
                self.optional(n.child_by_field_name(f))
            }
            "children_by_field_name" => {
                let f = str_arg(0)?.to_string();
                let mut c = n.walk();
                let kids: Vec<Node<'t>> = n.children_by_field_name(&f, &mut c).collect();
                self.list(kids)
            }
            "is_descendant_of" => {
                let kind = str_arg(0)?;
                MontyObject::Bool(self.ancestors(n).iter().any(|a| a.kind() == kind))
            }
            "enclosing" => {
                let kind = str_arg(0)?;
                let found = self.ancestors(n).into_iter().find(|a| a.kind() == kind);
                self.optional(found)
            }
            "descendants_of_type" => {
                let kind = str_arg(0)?.to_string();
                let found = descendants_of_kind(n, &kind);
                self.list(found)
            }
            "count_descendants_of_type" => {
                let kind = str_arg(0)?;
                let mut count = 0;
                each_descendant_of_kind(n, kind, |_| count += 1);
                int(count)
            }
            "is_in_try_resources" => MontyObject::Bool(
                self.ancestors(n)
                    .iter()
                    .any(|a| RESOURCE_KINDS.contains(&a.kind())),
            ),
            "enclosing_method_body" => {
                let body = self
                    .ancestors(n)
                    .into_iter()
                    .find(|a| FUNCTION_KINDS.contains(&a.kind()))
                    .and_then(|f| f.child_by_field_name("body"));
                self.optional(body)
            }
            "node_at_byte_offset" => {
                let offset = match args.first() {
                    Some(MontyObject::Int(i)) if *i >= 0 => *i as usize,
                    _ => {
                        return Err(MontyException::new(
                            ExcType::TypeError,
                            Some("Node.node_at_byte_offset() takes a non-negative int".into()),
                        ))
                    }
                };
                let found = self.root.named_descendant_for_byte_range(offset, offset);
                self.optional(found)
            }
            _ if PROPERTIES.contains(&name) => {
                return Err(MontyException::new(
                    ExcType::TypeError,
                    Some(format!(
                        "'{name}' is a property, not a method: use node.{name}"
                    )),
                ))
            }
            _ => return Err(attribute_error(name, &did_you_mean(name))),
        })
    }
}

fn int(n: usize) -> MontyObject {
    MontyObject::Int(i64::try_from(n).unwrap_or(i64::MAX))
}

fn attribute_error(name: &str, hint: &str) -> MontyException {
    let mut msg = format!("'Node' object has no attribute '{name}'");
    if !hint.is_empty() {
        msg.push_str("; ");
        msg.push_str(hint);
    }
    MontyException::new(ExcType::AttributeError, Some(msg))
}

/// "did you mean 'type'?" for the closest property or method, if any is close.
pub fn did_you_mean(name: &str) -> String {
    let best = PROPERTIES
        .iter()
        .chain(METHODS)
        .map(|c| (strsim::jaro_winkler(name, c), *c))
        .max_by(|a, b| a.0.total_cmp(&b.0));
    match best {
        Some((score, c)) if score >= 0.8 => format!("did you mean '{c}'?"),
        _ => String::new(),
    }
}

/// Every node's parent by node id (node ids are unique within a tree), in one pass.
fn parent_index(root: Node<'_>) -> HashMap<usize, Node<'_>> {
    let mut parents = HashMap::with_capacity(root.descendant_count());
    let mut open: Vec<Node<'_>> = Vec::new();
    preorder(&mut root.walk(), |step, cursor, _| {
        if step == Step::Leave {
            open.pop();
            return Visit::Skip;
        }
        let node = cursor.node();
        if let Some(&parent) = open.last() {
            parents.insert(node.id(), parent);
        }
        open.push(node);
        Visit::Children
    });
    parents
}

/// Calls `found` with each node strictly below `n` of kind `kind`, in document order.
fn each_descendant_of_kind<'t>(n: Node<'t>, kind: &str, mut found: impl FnMut(Node<'t>)) {
    preorder(&mut n.walk(), |step, cursor, depth| {
        if step == Step::Enter && depth > 0 && cursor.node().kind() == kind {
            found(cursor.node());
        }
        Visit::Children
    });
}

/// The nodes strictly below `n` of kind `kind`, in document order.
fn descendants_of_kind<'t>(n: Node<'t>, kind: &str) -> Vec<Node<'t>> {
    let mut all = Vec::new();
    each_descendant_of_kind(n, kind, |d| all.push(d));
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descendants_walk_the_subtree_only() {
        let src = "def f():\n    g(1)\nh(2)\n";
        let tree = crate::lang::by_name("python")
            .unwrap()
            .parser()
            .parse(src, None)
            .unwrap();
        let f = tree.root_node().named_child(0).unwrap();
        assert_eq!(descendants_of_kind(f, "call").len(), 1);
        assert_eq!(descendants_of_kind(tree.root_node(), "call").len(), 2);
        assert!(descendants_of_kind(f, "function_definition").is_empty());
    }

    #[test]
    fn the_parent_index_agrees_with_tree_sitter() {
        let src = "class A:\n    def f(self):\n        return [g(1), (2, 3)]\n";
        let tree = crate::lang::by_name("python")
            .unwrap()
            .parser()
            .parse(src, None)
            .unwrap();
        let root = tree.root_node();
        let mut all = Vec::new();
        preorder(&mut root.walk(), |step, cursor, _| {
            if step == Step::Enter {
                all.push(cursor.node());
            }
            Visit::Children
        });
        // Asked of tree-sitter first, then of the index once enough steps were taken.
        let mut table = NodeTable::new(root, src);
        for round in 0..2 {
            for &n in &all {
                assert_eq!(table.parent(n), n.parent(), "{}", n.kind());
                let ours: Vec<_> = table.ancestors(n).iter().map(|a| a.id()).collect();
                let theirs: Vec<_> = std::iter::successors(n.parent(), |p| p.parent())
                    .map(|a| a.id())
                    .collect();
                assert_eq!(ours, theirs);
            }
            if round == 1 {
                assert!(table.parents.is_some(), "the index was built");
            }
            table.steps_up = STEPS_BEFORE_INDEX;
        }
    }

    #[test]
    fn misspellings_get_a_hint() {
        assert_eq!(did_you_mean("typ"), "did you mean 'type'?");
        assert_eq!(did_you_mean("start_lin"), "did you mean 'start_line'?");
        assert_eq!(did_you_mean("zzzzzz"), "");
    }
}
