//! The one walk that turns a syntax tree (plus its already extracted definitions) into
//! references, imports, bindings and the declared package.
//!
//! Grammars name things differently, but they share field names: a member access
//! keeps its receiver in a field such as `object`, `operand` or `scope` and the member
//! in `property`, `field`, `attribute` or `name`; a call keeps its callee in `function`
//! or `constructor`; a declaration keeps its type in `type` and its name in `name`,
//! `declarator`, `pattern` or `left`. Reading those fields, rather than a table of node
//! kinds per language, covers every grammar in the registry with one walk.
//!
//! The walk is iterative with an explicit ancestor stack (parents and field names come
//! from the stack, never from `Node::parent`, which searches from the root), and
//! open definitions are tracked the same way, so the cost is linear in the tree.

use std::collections::{HashMap, HashSet};

use rustc_hash::{FxHashMap, FxHashSet};

use tree_sitter::{Node, Tree};

use super::focus::Focus;
use super::grammar::{Class, Grammar};
use super::imports::{self, Import};
use super::{Binding, BindingKind, CallbackSite, FileFacts, Initializer, RefKind, Reference};
use crate::lang::preorder::{preorder, Step, Visit};
use crate::lang::Language;
use crate::symbols::{Kind, Symbol};

/// Fields that hold a member's name, with the receiver in [`RECEIVER_FIELDS`].
const MEMBER_FIELDS: &[&str] = &["property", "field", "attribute", "name", "method", "suffix"];
const RECEIVER_FIELDS: &[&str] = &[
    "object",
    "operand",
    "argument",
    "value",
    "scope",
    "expression",
    "receiver",
    "module",
    "package",
    "path",
    "qualifier",
    "table",
    "target",
];
/// How far down a chain of receivers, or of operators, [`receiver_text`] looks.
const MAX_RECEIVER_CHAIN: usize = 64;
/// Fields that hold what a call invokes as a whole.
const CALLEE_FIELDS: &[&str] = &["function", "constructor", "macro", "type"];
/// Names that stand for the current object or class in some language, never a
/// definition (as receivers they are resolved by the language's own rules).
const SELF_NAMES: &[&str] = &["this", "self", "super", "Self", "$this"];

/// An ancestor on the walk's stack.
#[derive(Clone, Copy)]
struct Frame<'t> {
    node: Node<'t>,
    kind: &'static str,
    class: Class,
    field: Option<&'static str>,
    /// Inside a comment or string (and not in an interpolation inside it).
    quiet: bool,
}

/// A pending call: its callee's name node start, qualifier text and arity.
struct CallSite {
    qualifier: Option<String>,
    arity: Option<u16>,
}

pub(super) fn facts_with(
    path: &std::path::Path,
    lang: &'static Language,
    src: &str,
    tree: &Tree,
    definitions: Vec<Symbol>,
    focus: Option<&Focus>,
) -> FileFacts {
    let mut w = Walk {
        marks: focus.map(|f| f.marks(src)),
        lang,
        g: Grammar::of(lang),
        src,
        defs: &definitions,
        def_names: definitions.iter().map(|s| s.name_byte).collect(),
        order: {
            let mut o: Vec<usize> = (0..definitions.len()).collect();
            // Outer definitions first at equal starts.
            o.sort_by_key(|&i| {
                (
                    definitions[i].start_byte,
                    std::cmp::Reverse(definitions[i].end_byte),
                )
            });
            o
        },
        next_def: 0,
        open: Vec::new(),
        declared: FxHashSet::default(),
        calls: FxHashMap::default(),
        trailing_lambdas: FxHashMap::default(),
        requires: FxHashSet::default(),
        references: Vec::new(),
        imports: Vec::new(),
        bindings: Vec::new(),
        elements: FxHashMap::default(),
        package: None,
        line_starts: line_starts(src),
    };
    w.run(tree);
    let Walk {
        references,
        imports,
        bindings,
        package,
        ..
    } = w;
    let mut references = drop_local_uses(references, &bindings, &imports, &definitions);
    if let Some(f) = focus {
        references.retain(|r| r.kind == RefKind::Inheritance || f.names().contains(&r.name));
    }
    FileFacts {
        path: path.to_path_buf(),
        language: lang,
        package,
        definitions: definitions.into(),
        references,
        imports,
        bindings,
    }
}

fn line_starts(src: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(src.match_indices('\n').map(|(i, _)| i + 1))
        .collect()
}

struct Walk<'a> {
    lang: &'static Language,
    /// With a focus, where the text holds what a skipped body must not hold (see
    /// [`Focus`]); `None`: every body is walked.
    marks: Option<Vec<usize>>,
    g: &'static Grammar,
    src: &'a str,
    defs: &'a [Symbol],
    // The byte-offset sets below hash with FxHash: they are looked up for every node,
    // and a file cannot pick its offsets freely enough to make them collide in bulk.
    def_names: FxHashSet<usize>,
    /// Definition indices by start.
    order: Vec<usize>,
    next_def: usize,
    /// Open definitions, innermost last.
    open: Vec<usize>,
    /// Byte offsets of names that a declaration binds (not uses).
    declared: FxHashSet<usize>,
    /// Callee name offsets of calls seen above the current node.
    calls: FxHashMap<usize, CallSite>,
    /// Lambdas written after the parentheses of a Kotlin call, by the call node (its
    /// id) they are arguments of: the call that holds them is visited first.
    trailing_lambdas: FxHashMap<usize, usize>,
    /// `require(..)` calls already read as the imports of a declaration.
    requires: FxHashSet<usize>,
    references: Vec<Reference>,
    imports: Vec<Import>,
    bindings: Vec<Binding>,
    /// TypeScript: the element type of each name last bound to an array type
    /// (`items: Item[]`; a field as `this.items`), for the callbacks and loops its
    /// elements are passed to.
    elements: FxHashMap<String, (Option<String>, String)>,
    package: Option<String>,
    line_starts: Vec<usize>,
}

impl<'a> Walk<'a> {
    fn run(&mut self, tree: &Tree) {
        let g = self.g;
        let mut stack: Vec<Frame<'_>> = Vec::new();
        preorder(&mut tree.walk(), |step, cursor, _| {
            if step == Step::Leave {
                stack.pop();
                return Visit::Skip;
            }
            let node = cursor.node();
            let named = node.is_named();
            // Finding a node's field searches its parent's field map: anonymous nodes
            // (punctuation, keywords) are leaves whose field nothing reads.
            let field = if named {
                g.field_name(cursor.field_id())
            } else {
                None
            };
            let parent_quiet = stack.last().is_some_and(|f| f.quiet);
            let kind = g.kind(node);
            let class = g.class(node);
            let quiet = if class.has(Class::INTERPOLATION) {
                false
            } else {
                parent_quiet || class.has(Class::STRING)
            };
            self.advance_defs(node.start_byte());
            let mut descend = true;
            // Comments hold nothing; focused, neither do bodies without a mark.
            if class.has(Class::COMMENT) || self.skippable(node) {
                descend = false;
            } else if !quiet && named {
                descend = self.visit(node, kind, class, field, &stack);
            }
            stack.push(Frame {
                node,
                kind,
                class,
                field,
                quiet,
            });
            if descend {
                Visit::Children
            } else {
                Visit::Skip
            }
        });
    }

    /// Keeps `open` equal to the definitions containing `at`.
    fn advance_defs(&mut self, at: usize) {
        while self
            .open
            .last()
            .is_some_and(|&i| self.defs[i].end_byte <= at)
        {
            self.open.pop();
        }
        while let Some(&i) = self.order.get(self.next_def) {
            if self.defs[i].start_byte > at {
                break;
            }
            let start = self.defs[i].start_byte;
            while self
                .open
                .last()
                .is_some_and(|&o| self.defs[o].end_byte <= start)
            {
                self.open.pop();
            }
            // A definition that ended before `at` (inside a node not walked into)
            // encloses nothing from here on.
            if self.defs[i].end_byte > at {
                self.open.push(i);
            }
            self.next_def += 1;
        }
    }

    /// Whether `node` lies in a function or method whose text holds no mark: focused,
    /// nothing in it would be kept or read.
    fn skippable(&self, node: Node<'_>) -> bool {
        let (Some(marks), Some(&d)) = (&self.marks, self.open.last()) else {
            return false;
        };
        let def = &self.defs[d];
        if !matches!(def.kind, Kind::Function | Kind::Method)
            || node.start_byte() < def.start_byte
            || node.end_byte() > def.end_byte
            // A TypeScript constructor's parameters can declare fields of its class.
            || (def.name == "constructor" && matches!(self.lang.name, "typescript" | "tsx"))
        {
            return false;
        }
        let first = marks.partition_point(|&m| m < def.start_byte);
        marks.get(first).is_none_or(|&m| m >= def.end_byte)
    }

    fn enclosing(&self) -> Option<u32> {
        self.open.last().map(|&i| i as u32)
    }

    /// The innermost open definition that is a function, method or type (the scope
    /// of a binding declared here).
    fn binding_scope(&self) -> Option<u32> {
        self.open
            .iter()
            .rev()
            .find(|&&i| self.defs[i].kind != Kind::Scope)
            .map(|&i| i as u32)
    }

    fn in_type_body(&self) -> bool {
        self.binding_scope()
            .is_some_and(|i| self.defs[i as usize].kind.is_type_like())
    }

    fn text(&self, n: Node<'_>) -> &'a str {
        self.src.get(n.byte_range()).unwrap_or("")
    }

    fn position(&self, byte: usize) -> (u32, u32) {
        let line = self.line_starts.partition_point(|&s| s <= byte);
        let start = self.line_starts[line.saturating_sub(1)];
        (
            u32::try_from(line).unwrap_or(u32::MAX),
            u32::try_from(byte - start + 1).unwrap_or(u32::MAX),
        )
    }

    /// Handles one named node; returns whether to walk into it.
    fn visit<'t>(
        &mut self,
        node: Node<'t>,
        kind: &'static str,
        class: Class,
        field: Option<&'static str>,
        stack: &[Frame<'t>],
    ) -> bool {
        let g = self.g;
        if class.has(Class::IMPORT) || imports::is_reexport(self.lang.name, node) {
            self.import(node);
            return false;
        }
        if class.has(Class::PACKAGE_DECL) {
            if self.package.is_none() && self.open.is_empty() {
                self.package = package_name(g, node, self.src);
            }
            // C# and C++ namespaces hold code; Java/Kotlin/Go package clauses do not.
            return g.child(node, "body").is_some()
                || kind.starts_with("namespace")
                || kind == "file_scoped_namespace_declaration";
        }
        if class.has(Class::CALL) {
            self.call(node);
        }
        if kind == "variable_declarator" && self.require_import(node) {
            return true;
        }
        if class.has(Class::PARAMETER) {
            self.declare(node, BindingKind::Parameter, stack);
        } else if class.has(Class::PARAMETER_LIST) {
            self.declare_bare_parameters(node);
        } else if class.has(Class::VARIABLE) {
            let k = if self.in_type_body() {
                BindingKind::Field
            } else {
                BindingKind::Local
            };
            self.declare(node, k, stack);
        } else if matches!(kind, "arrow_function" | "lambda_expression") {
            // `x => ..`, `x -> ..`: a lone untyped parameter stands outside any list.
            for field in ["parameter", "parameters"] {
                if let Some(p) = g
                    .child(node, field)
                    .filter(|p| g.class(*p).has(Class::IDENTIFIER))
                {
                    let before = self.bindings.len();
                    self.bind(p, None, None, BindingKind::Parameter);
                    if let Some(element) = self.element_passed_to(node, stack) {
                        self.give_type(before, element);
                    } else if let Some(site) = self.callback_site(node, stack, 0) {
                        self.place_untyped(before, site);
                    }
                }
            }
        }
        if class.has(Class::IDENTIFIER) {
            self.identifier(node, kind, field, stack);
            return false;
        }
        true
    }

    fn import<'t>(&mut self, node: Node<'t>) {
        let found = imports::read(self.lang.name, node, self.src);
        for imp in found {
            let name = imp
                .name
                .clone()
                .or_else(|| {
                    imp.module
                        .rsplit(['.', '/', ':', '\\'])
                        .find(|s| !s.is_empty())
                        .map(str::to_string)
                })
                .unwrap_or_default();
            if !name.is_empty() && name != "*" {
                let (line, column) = self.position(imp.start_byte as usize);
                let qualifier = if imp.name.is_some() {
                    Some(imp.module.clone())
                } else {
                    imp.module
                        .rsplit_once(['.', '/', ':', '\\'])
                        .map(|(q, _)| q.trim_end_matches([':', '.', '/']).to_string())
                        .filter(|q| !q.is_empty())
                };
                self.references.push(Reference {
                    name: strip_extension(&name).to_string(),
                    qualifier,
                    kind: RefKind::Import,
                    line,
                    column,
                    start_byte: imp.start_byte,
                    enclosing: self.enclosing(),
                    arity: None,
                });
            }
            self.imports.push(imp);
        }
    }

    /// `const x = require('m')` / `const { a, b: c } = require('m')`: CommonJS imports,
    /// which bind names the way `import` does (not as local values).
    fn require_import<'t>(&mut self, declarator: Node<'t>) -> bool {
        let g = self.g;
        let (Some(name), Some(value)) = (g.child(declarator, "name"), g.child(declarator, "value"))
        else {
            return false;
        };
        let Some(module) = require_module(g, value, self.src) else {
            return false;
        };
        self.requires.insert(value.start_byte());
        let push = |w: &mut Self, n: Node<'t>, imported: Option<String>, alias: Option<String>| {
            let (line, column) = w.position(n.start_byte());
            let start_byte = u32::try_from(n.start_byte()).unwrap_or(u32::MAX);
            w.declared.insert(n.start_byte());
            if let Some(i) = &imported {
                w.references.push(Reference {
                    name: i.clone(),
                    qualifier: Some(module.clone()),
                    kind: RefKind::Import,
                    line,
                    column,
                    start_byte,
                    enclosing: w.enclosing(),
                    arity: None,
                });
            }
            let mut imp = imports::base(n, module.clone());
            imp.name = imported;
            imp.alias = alias;
            w.imports.push(imp);
        };
        match g.kind(name) {
            "identifier" => {
                let alias = self.text(name).to_string();
                push(self, name, None, Some(alias));
            }
            "object_pattern" => {
                let mut c = name.walk();
                let parts: Vec<Node<'t>> = name.named_children(&mut c).collect();
                for part in parts {
                    match g.kind(part) {
                        "shorthand_property_identifier_pattern" => {
                            let n = self.text(part).to_string();
                            push(self, part, Some(n), None);
                        }
                        "pair_pattern" => {
                            if let (Some(k), Some(v)) =
                                (g.child(part, "key"), g.child(part, "value"))
                            {
                                let (kn, vn) = (self.text(k).to_string(), self.text(v).to_string());
                                push(self, v, Some(kn), Some(vn));
                            }
                        }
                        _ => {}
                    }
                }
            }
            _ => return false,
        }
        true
    }

    /// Records where a call's callee name is, with its qualifier and arity, so that
    /// the identifier visited below is classified as a call.
    fn call<'t>(&mut self, node: Node<'t>) {
        let g = self.g;
        let Some((name, qualifier)) = callee_parts(g, node) else {
            return;
        };
        // `f(x) { .. }` in Kotlin: the call with the parentheses is the callee of one
        // that holds the lambda, and is visited next.
        if let Some(inner) = node.named_child(0).filter(|c| g.class(*c).has(Class::CALL)) {
            let lambdas = trailing_lambdas(g, node);
            if lambdas > 0 {
                self.trailing_lambdas.insert(inner.id(), lambdas);
            }
        }
        let extra = self.trailing_lambdas.remove(&node.id()).unwrap_or(0);
        let arity = arity(g, node, extra);
        let qualifier = qualifier.map(|q| receiver_text(g, q, self.src));
        // `require('./x')` outside a declaration: a CommonJS import binding nothing.
        if !self.requires.contains(&node.start_byte()) {
            if let Some(module) = require_module(g, node, self.src) {
                if let Some(arg) = arguments(g, node).and_then(|a| a.named_child(0)) {
                    self.imports.push(imports::base(arg, module));
                }
            }
        }
        if g.class(name).has(Class::IDENTIFIER) {
            self.calls
                .insert(name.start_byte(), CallSite { qualifier, arity });
        } else {
            // A callee that is not an identifier node (a shell command's word).
            let text = self.text(name).trim();
            if text.is_empty() || text.len() > 120 || text.contains(char::is_whitespace) {
                return;
            }
            let (line, column) = self.position(name.start_byte());
            self.references.push(Reference {
                name: text.to_string(),
                qualifier,
                kind: RefKind::Call,
                line,
                column,
                start_byte: u32::try_from(name.start_byte()).unwrap_or(u32::MAX),
                enclosing: self.enclosing(),
                arity,
            });
        }
    }

    fn identifier<'t>(
        &mut self,
        node: Node<'t>,
        kind: &'static str,
        field: Option<&'static str>,
        stack: &[Frame<'t>],
    ) {
        let start = node.start_byte();
        let name = self.text(node);
        if name.is_empty()
            || SELF_NAMES.contains(&name)
            || self.def_names.contains(&start)
            || self.declared.contains(&start)
        {
            return;
        }
        let parent = stack.last();
        // `var x = ..`: an inferred type, not a use of a type named `var`.
        if name == "var" && field == Some("type") && is_inferred_type(self.g, node, self.src) {
            return;
        }
        if let Some(p) = parent {
            let pk = p.kind;
            if p.class.has(Class::KEYED)
                && matches!(field, Some("name" | "key" | "label" | "field"))
            {
                return;
            }
            if p.class.has(Class::PACKAGE_DECL) {
                return;
            }
            if pk == "package_identifier" || kind == "package_identifier" {
                return;
            }
            // `A::f` naming a definition: part of the definition's own name.
            if p.class.has(Class::QUALIFIED_NAME) && self.def_names.contains(&p.node.start_byte()) {
                return;
            }
            // `int f(int);`: a prototype declares the name, it does not use it.
            if pk == "function_declarator" && field == Some("declarator") {
                return;
            }
            // `x.len()` in a macro body no parse could read (a DSL): a member of a
            // receiver nothing tells, which as a bare name would be tied to a namesake.
            // (Read off the text: asking a node for its sibling walks its parent.)
            if pk == "token_tree" && {
                let before = self.src.as_bytes()[..start].trim_ascii_end();
                before.ends_with(b".") || before.ends_with(b"::")
            } {
                return;
            }
        }
        let (kind, qualifier, arity) = if let Some(call) = self.calls.remove(&start) {
            (RefKind::Call, call.qualifier, call.arity)
        } else {
            let qualifier = parent.and_then(|p| member_receiver(self.g, p, node, field, self.src));
            (self.classify(kind, field, stack), qualifier, None)
        };
        let (line, column) = self.position(start);
        self.references.push(Reference {
            name: name.to_string(),
            qualifier,
            kind,
            line,
            column,
            start_byte: u32::try_from(start).unwrap_or(u32::MAX),
            enclosing: self.enclosing(),
            arity,
        });
    }

    /// Type use, inheritance, annotation or plain reference, from the ancestors.
    fn classify(&self, kind: &str, field: Option<&'static str>, stack: &[Frame<'_>]) -> RefKind {
        let mut is_type = kind == "type_identifier" || field == Some("type");
        // Inside type arguments (`extends Base<Arg>`, Python's `class A(Base[Arg])`), a
        // name in a supertype list is used, not inherited from.
        let mut argument = field == Some("subscript");
        // Ancestors up to the enclosing statement decide; a handful of levels is
        // enough for every header and annotation shape.
        for (depth, f) in stack.iter().rev().take(8).enumerate() {
            if f.class.has(Class::ANNOTATION) {
                return RefKind::Annotation;
            }
            if f.class.has(Class::INHERITANCE)
                || f.field == Some("superclasses")
                || f.field == Some("superclass")
            {
                return if argument {
                    RefKind::TypeUse
                } else {
                    RefKind::Inheritance
                };
            }
            argument |= f.class.has(Class::TYPE_ARGUMENTS) || f.field == Some("subscript");
            if f.field == Some("arguments") || f.class.has(Class::BODY) {
                break;
            }
            if depth < 4
                && (f.class.has(Class::TYPE_CONTAINER)
                    || matches!(f.field, Some("type" | "return_type")))
            {
                is_type = true;
            }
        }
        if is_type {
            RefKind::TypeUse
        } else {
            RefKind::Reference
        }
    }

    /// The element type the first parameter `param` of a callback receives (see
    /// [`Walk::element_passed_to`]); `stack` holds the frames above `param`.
    fn first_parameter_element(
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
    fn callback_parameter_site(
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
            "arrow_function" | "function_expression" | "function"
        ) || args.kind != "arguments"
            || call.kind != "call_expression"
        {
            return None;
        }
        Some((call, self.position_among(args.node, callback)?))
    }

    /// TypeScript's `f(a, (x) => ..)`: where `callback`'s parameter `parameter` stands
    /// (see [`CallbackSite`]). `stack` holds the frames above `callback`.
    fn callback_site(
        &self,
        callback: Node<'_>,
        stack: &[Frame<'_>],
        parameter: usize,
    ) -> Option<CallbackSite> {
        if !matches!(self.lang.name, "typescript" | "tsx") {
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
    fn place_untyped(&mut self, before: usize, site: CallbackSite) {
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
    fn element_iterated(&self, node: Node<'_>) -> Option<(Option<String>, String)> {
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
    fn element_passed_to(
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
    fn give_type(&mut self, before: usize, (qualifier, name): (Option<String>, String)) {
        for b in self.untyped_since(before) {
            b.type_qualifier = qualifier.clone();
            b.type_name = Some(name.clone());
        }
    }

    fn declare_bare_parameters<'t>(&mut self, list: Node<'t>) {
        let g = self.g;
        let mut c = list.walk();
        let params: Vec<Node<'t>> = list.named_children(&mut c).collect();
        for p in params {
            if g.class(p).has(Class::IDENTIFIER) {
                self.bind(p, None, None, BindingKind::Parameter);
                continue;
            }
            // Python's `*args` is always a tuple, `**kwargs` always a dict.
            let collected = match g.kind(p) {
                "list_splat_pattern" => "tuple",
                "dictionary_splat_pattern" => "dict",
                _ => continue,
            };
            let Some(name) = p
                .named_child(0)
                .filter(|n| g.class(*n).has(Class::IDENTIFIER))
            else {
                continue;
            };
            let before = self.bindings.len();
            self.bind(name, None, None, BindingKind::Parameter);
            self.give_type(before, (None, collected.to_string()));
        }
    }

    /// A declaration: its names, with the type written or constructed.
    fn declare<'t>(&mut self, node: Node<'t>, kind: BindingKind, stack: &[Frame<'t>]) {
        let g = self.g;
        let ty = g
            .child(node, "type")
            .filter(|t| !is_inferred_type(g, *t, self.src))
            .or_else(|| {
                let mut c = node.walk();
                let t = node.named_children(&mut c).find(|n| {
                    matches!(
                        g.kind(*n),
                        "user_type" | "nullable_type" | "type_annotation"
                    )
                });
                t
            });
        // A loop's variable takes the elements of what it iterates, never its value
        // (`for x in make()`, `for _, v := range items`).
        let iterates = g.kind(node).contains("for") || g.kind(node) == "range_clause";
        let value = ["value", "right", "init"]
            .iter()
            .find_map(|f| g.child(node, f))
            .or_else(|| after_equals(g, node, stack.last().map(|f| f.node)))
            .filter(|_| !iterates);
        let mut names = g.children_in_first_field(node, &["name", "declarator", "pattern", "left"]);
        if names.is_empty() {
            // Kotlin parameters and variable declarations: the first identifier child.
            let mut c = node.walk();
            let first = node
                .named_children(&mut c)
                .find(|n| matches!(g.kind(*n), "identifier" | "simple_identifier"));
            names.extend(first);
        }
        // One name declared with no type (not `a, b = f()`, not a pattern): the call
        // that gives it its value tells its type.
        let single = names.len() == 1;
        for (i, n) in names.into_iter().enumerate() {
            // Java's declarators hold their own value (`int a = 1, b = f();`).
            let own = g.child(n, "value");
            let value = own.or(value);
            let before = self.bindings.len();
            self.bind(n, ty, value, kind);
            if let Some(class) = (kind == BindingKind::Parameter)
                .then(|| self.parameter_property_class(node))
                .flatten()
            {
                for b in before..self.bindings.len() {
                    let field = Binding {
                        kind: BindingKind::Field,
                        scope: Some(class),
                        ..self.bindings[b].clone()
                    };
                    self.bindings.push(field);
                }
            }
            if ty.is_some() {
                continue;
            }
            if kind == BindingKind::Parameter {
                if let Some(element) = self.first_parameter_element(node, stack) {
                    self.give_type(before, element);
                } else if let Some(site) = self.callback_parameter_site(node, stack) {
                    self.place_untyped(before, site);
                }
            }
            if let Some(element) = single.then(|| self.element_iterated(node)).flatten() {
                self.give_type(before, element);
            }
            // Go's `v, ok := x.(T)`: the value's type is the first name's alone.
            if go_results(g, node) {
                let first = (i == 0).then(|| self.first_name_made(n, before)).flatten();
                for b in before..self.bindings.len() {
                    if Some(b) != first {
                        self.bindings[b].type_name = None;
                        self.bindings[b].type_qualifier = None;
                    }
                }
            }
            if let Some(b) = self.receives_the_call(node, n, i, single, own.is_some(), before) {
                if self.bindings[b].type_name.is_none() {
                    let init = value.and_then(|v| initializer(g, v, self.src));
                    if init.is_none() {
                        self.bindings[b].copied_from =
                            value.and_then(|v| field_path(g, v, self.src));
                    }
                    self.bindings[b].initializer = init;
                }
            }
        }
    }

    /// TypeScript's `constructor(private db: Db)`: a parameter with an accessibility
    /// or `readonly` modifier is also a field of the class; the class's index.
    fn parameter_property_class(&self, param: Node<'_>) -> Option<u32> {
        if !matches!(self.lang.name, "typescript" | "tsx") {
            return None;
        }
        let mut c = param.walk();
        let mut children = param.children(&mut c);
        if !children.any(|n| {
            matches!(
                n.kind(),
                "accessibility_modifier" | "readonly" | "override_modifier"
            )
        }) {
            return None;
        }
        let method = self.binding_scope()?;
        let class = self.defs[method as usize].parent?;
        self.defs[class]
            .kind
            .is_type_like()
            .then(|| u32::try_from(class).ok())
            .flatten()
    }

    /// Which of the bindings just made for declarator `n` (the `i`th of `node`'s; those
    /// from `before` on) holds the value of the call that initialises it, if one does:
    /// the one name of a declarator that is alone or holds its own value (not
    /// `a, b = f()`, not a pattern), or, in Go, the first name of `a, err := f()`,
    /// which takes the call's first result.
    fn receives_the_call(
        &self,
        node: Node<'_>,
        n: Node<'_>,
        i: usize,
        single: bool,
        own_value: bool,
        before: usize,
    ) -> Option<usize> {
        let g = self.g;
        let made = self.bindings.len() - before;
        let one_name = g.class(n).has(Class::IDENTIFIER)
            || (own_value
                && g.child(n, "name")
                    .is_some_and(|m| g.class(m).has(Class::IDENTIFIER)));
        if (single || own_value) && one_name && made == 1 {
            return Some(before);
        }
        if i == 0 && go_results(g, node) && made > 0 {
            return self.first_name_made(n, before);
        }
        None
    }

    /// The binding, among those made from `before` on for declarator `n` (a name or a
    /// list of names), of its first name.
    fn first_name_made(&self, n: Node<'_>, before: usize) -> Option<usize> {
        let first = if self.g.class(n).has(Class::IDENTIFIER) {
            n
        } else {
            n.named_child(0)?
        };
        let first = self.text(first);
        (before..self.bindings.len()).find(|&b| self.bindings[b].name == first)
    }

    /// Binds every name in a declarator or pattern.
    fn bind<'t>(
        &mut self,
        n: Node<'t>,
        ty: Option<Node<'t>>,
        value: Option<Node<'t>>,
        kind: BindingKind,
    ) {
        let g = self.g;
        let (type_qualifier, type_name) = match ty {
            Some(t) => split_type(self.text(t)),
            None => value
                .and_then(|v| constructed_type(g, v, self.src, self.lang.name))
                .unwrap_or((None, None)),
        };
        // `self.x = Foo()` in a method: a field of the enclosing type.
        if matches!(
            g.kind(n),
            "attribute" | "member_expression" | "field_access"
        ) {
            let obj = ["object", "operand"].iter().find_map(|f| g.child(n, f));
            let member = ["attribute", "property", "field"]
                .iter()
                .find_map(|f| g.child(n, f));
            if let (Some(o), Some(m)) = (obj, member) {
                if SELF_NAMES.contains(&self.text(o)) {
                    let class_scope = self
                        .binding_scope()
                        .and_then(|i| self.defs[i as usize].parent)
                        .filter(|&p| self.defs[p].kind.is_type_like())
                        .map(|p| p as u32);
                    if class_scope.is_some() && type_name.is_some() {
                        self.bindings.push(Binding {
                            name: self.text(m).to_string(),
                            type_name,
                            type_qualifier,
                            kind: BindingKind::Field,
                            scope: class_scope,
                            initializer: None,
                            copied_from: None,
                            passed_to: None,
                        });
                    }
                }
            }
            return;
        }
        let mut names = Vec::new();
        collect_declared(g, n, &mut names);
        let scope = self.binding_scope();
        let tracks_elements = matches!(self.lang.name, "typescript" | "tsx");
        let element = ty
            .filter(|_| tracks_elements)
            .and_then(|t| element_type(self.text(t)));
        for id in names {
            let text = self.text(id);
            if text.is_empty() {
                continue;
            }
            if tracks_elements {
                // A field is written `this.items` where its elements are handed out.
                let key = match kind {
                    BindingKind::Field => format!("this.{text}"),
                    _ => text.to_string(),
                };
                match &element {
                    Some(e) => {
                        self.elements.insert(key, e.clone());
                    }
                    None => {
                        self.elements.remove(&key);
                    }
                }
            }
            self.declared.insert(id.start_byte());
            self.bindings.push(Binding {
                name: text.to_string(),
                type_name: type_name.clone(),
                type_qualifier: type_qualifier.clone(),
                kind,
                scope,
                initializer: None,
                copied_from: None,
                passed_to: None,
            });
        }
    }
}

/// The identifiers a declarator or pattern declares (not the ones it only uses: a
/// default value, an array size).
fn collect_declared<'t>(g: &'static Grammar, n: Node<'t>, out: &mut Vec<Node<'t>>) {
    let mut todo = vec![n];
    while let Some(n) = todo.pop() {
        if out.len() > 64 {
            return;
        }
        let k = g.kind(n);
        if g.class(n).has(Class::IDENTIFIER) || k == "shorthand_property_identifier_pattern" {
            out.push(n);
            continue;
        }
        if k.ends_with("function_declarator") || k.ends_with("_expression") {
            continue;
        }
        // Declarators wrap the name in `declarator`/`name`/`pattern`; patterns list
        // them as children.
        if let Some(d) = ["declarator", "name", "pattern", "left"]
            .iter()
            .find_map(|f| g.child(n, f))
        {
            todo.push(d);
            continue;
        }
        if k.contains("pattern")
            || k.contains("list")
            || k.contains("tuple")
            || k == "variable_declaration"
        {
            let mut c = n.walk();
            for ch in n.named_children(&mut c) {
                todo.push(ch);
            }
        }
    }
}

/// The name node and the receiver node of a call's callee.
fn callee_parts<'t>(g: &'static Grammar, call: Node<'t>) -> Option<(Node<'t>, Option<Node<'t>>)> {
    // Java `a.f()`, Ruby `a.f`, PHP `$a->f()`: the call itself holds name and receiver.
    for f in ["name", "method"] {
        if let Some(n) = g.child(call, f) {
            return Some((n, receiver_of(g, call, n)));
        }
    }
    let mut callee = CALLEE_FIELDS
        .iter()
        .find_map(|f| g.child(call, f))
        .or_else(|| call.named_child(0))?;
    // Unwrap `Foo<T>`, `(f)`, Kotlin's `user_type` down to the part that names it.
    for _ in 0..8 {
        if g.class(callee).has(Class::CALLEE_WRAPPER) {
            callee = callee.named_child(0)?;
        } else {
            break;
        }
    }
    if g.class(callee).has(Class::IDENTIFIER) {
        return Some((callee, None));
    }
    split_member(g, callee).or(Some((callee, None)))
}

/// The receiver of `member` in the member access or call `holder`: the node in one of
/// the [`RECEIVER_FIELDS`] written before the member.
fn receiver_of<'t>(g: &'static Grammar, holder: Node<'t>, member: Node<'t>) -> Option<Node<'t>> {
    RECEIVER_FIELDS
        .iter()
        .find_map(|r| g.child(holder, r))
        .filter(|r| r.end_byte() <= member.start_byte())
}

/// The text of `receiver`, compacted.
///
/// TypeScript's grammar binds a postfix `!` (not null) looser than `&&` or a prefix
/// operator, so `a && b!.c` reads as `(a && b)!.c` and `!b!.c` as `(!b)!.c`: the
/// receiver of `c` is `b!` there. Such a misread `!` can sit anywhere down the chain
/// of receivers (`a && b!.c!.d`); the text starts at its operand, the rightmost one
/// (`a || b && c!.d` reads `c`). A written `(a && b)!.c` is parenthesised, so an
/// operator under a `!` is always a misreading.
fn receiver_text(g: &'static Grammar, receiver: Node<'_>, src: &str) -> String {
    let text = |start: usize| compact(src.get(start..receiver.end_byte()).unwrap_or(""));
    if !src
        .get(receiver.byte_range())
        .is_some_and(|t| t.contains('!'))
    {
        return text(receiver.start_byte());
    }
    let mut at = receiver;
    for _ in 0..MAX_RECEIVER_CHAIN {
        let next = match g.kind(at) {
            "non_null_expression" => {
                let Some(inner) = at.named_child(0) else {
                    break;
                };
                if matches!(g.kind(inner), "binary_expression" | "unary_expression") {
                    return text(rightmost_operand(g, inner).start_byte());
                }
                Some(inner)
            }
            "member_expression" | "subscript_expression" => g.child(at, "object"),
            "call_expression" => g.child(at, "function"),
            _ => None,
        };
        match next {
            Some(n) => at = n,
            None => break,
        }
    }
    text(receiver.start_byte())
}

/// The last operand of a chain of binary and prefix operators (`c` of `a || b && !c`).
fn rightmost_operand<'t>(g: &'static Grammar, mut n: Node<'t>) -> Node<'t> {
    for _ in 0..MAX_RECEIVER_CHAIN {
        let next = match g.kind(n) {
            "binary_expression" => g.child(n, "right"),
            "unary_expression" => g.child(n, "argument"),
            _ => None,
        };
        match next {
            Some(o) => n = o,
            None => break,
        }
    }
    n
}

/// A member access's member name and receiver.
fn split_member<'t>(g: &'static Grammar, n: Node<'t>) -> Option<(Node<'t>, Option<Node<'t>>)> {
    let member = MEMBER_FIELDS.iter().find_map(|f| g.child(n, f));
    if let Some(m) = member {
        let m = if g.class(m).has(Class::CALLEE_WRAPPER) {
            m.named_child(0).unwrap_or(m)
        } else {
            m
        };
        // Swift's `navigation_suffix` wraps the name.
        let m = if g.kind(m) == "navigation_suffix" {
            g.child(m, "suffix").unwrap_or(m)
        } else {
            m
        };
        return Some((m, receiver_of(g, n, m)));
    }
    // Kotlin's `a.b`: a navigation expression whose last child names the member.
    if g.kind(n) == "navigation_expression" {
        let count = n.named_child_count();
        let last = n.named_child(u32::try_from(count.checked_sub(1)?).ok()?)?;
        let last = if g.kind(last) == "navigation_suffix" {
            last.named_child(0).unwrap_or(last)
        } else {
            last
        };
        let first = n.named_child(0).filter(|f| f.id() != last.id());
        return Some((last, first));
    }
    None
}

/// The receiver text of a member access whose member is `node`.
fn member_receiver(
    g: &'static Grammar,
    parent: &Frame<'_>,
    node: Node<'_>,
    field: Option<&str>,
    src: &str,
) -> Option<String> {
    let is_member = field.is_some_and(|f| MEMBER_FIELDS.contains(&f))
        || (matches!(parent.kind, "navigation_expression" | "method_reference")
            && parent.node.named_child_count() > 1)
        || parent.kind == "navigation_suffix";
    if !is_member {
        return None;
    }
    let holder = parent.node;
    let receiver = receiver_of(g, holder, node).or_else(|| {
        matches!(g.kind(holder), "navigation_expression" | "method_reference")
            .then(|| holder.named_child(0))
            .flatten()
            .filter(|r| r.end_byte() <= node.start_byte())
    })?;
    Some(receiver_text(g, receiver, src))
}

/// The value written after `=` in a declaration whose grammar names no field for it,
/// or, for Kotlin's `val x = f()` (where `x` alone is the declaration), after the
/// declaration in the property that holds it (`holder`, its parent).
fn after_equals<'t>(
    g: &'static Grammar,
    node: Node<'t>,
    holder: Option<Node<'t>>,
) -> Option<Node<'t>> {
    let mut c = node.walk();
    let mut children = node.children(&mut c);
    if children.any(|n| !n.is_named() && n.kind() == "=") {
        return children.find(Node::is_named);
    }
    let holder = holder.filter(|h| g.kind(*h) == "property_declaration")?;
    let mut c = holder.walk();
    let mut rest = holder
        .children(&mut c)
        .skip_while(|n| n.id() != node.id())
        .skip(1);
    rest.next().filter(|n| !n.is_named() && n.kind() == "=")?;
    rest.find(Node::is_named)
}

/// Whether `node` declares Go names from the results of a call (`a, err := f()`,
/// `var a, b = f()`), where each name takes the result in its place.
fn go_results(g: &'static Grammar, node: Node<'_>) -> bool {
    matches!(g.kind(node), "short_var_declaration" | "var_spec")
}

/// Java's and C#'s `var`: the type is inferred from the value, and nothing is named.
fn is_inferred_type(g: &'static Grammar, t: Node<'_>, src: &str) -> bool {
    matches!(
        g.kind(t),
        "type_identifier" | "implicit_type" | "identifier"
    ) && src.get(t.byte_range()) == Some("var")
}

/// The number of arguments of a call, where the syntax shows them, `extra` more (a
/// Kotlin lambda written after the parentheses, `f(x) { .. }`, that the call around
/// this one holds). A lambda in the call's own suffix counts too.
fn arity(g: &'static Grammar, call: Node<'_>, extra: usize) -> Option<u16> {
    let args = arguments(g, call)?;
    let mut c = args.walk();
    let mut n = args
        .named_children(&mut c)
        .filter(|n| !g.class(*n).has(Class::COMMENT))
        .count()
        + extra;
    let mut c = call.walk();
    if let Some(suffix) = call
        .named_children(&mut c)
        .find(|n| g.kind(*n) == "call_suffix")
    {
        n += trailing_lambdas(g, suffix);
    }
    Some(u16::try_from(n).unwrap_or(u16::MAX))
}

/// How many lambdas `holder` holds after a call's parentheses.
fn trailing_lambdas(g: &'static Grammar, holder: Node<'_>) -> usize {
    let mut c = holder.walk();
    let n = holder
        .named_children(&mut c)
        .filter(|n| g.kind(*n) == "annotated_lambda")
        .count();
    n
}

/// A value as written: the one value of a list of one (Go's `x := f()` holds its
/// value in a list).
fn sole_value<'t>(g: &'static Grammar, v: Node<'t>) -> Option<Node<'t>> {
    if g.kind(v) == "expression_list" && v.named_child_count() == 1 {
        v.named_child(0)
    } else {
        Some(v)
    }
}

/// The most fields a value path is read through (see [`field_path`]).
const MAX_FIELD_PATH: usize = 8;

/// The path value `v` reads when it is a field of a name, or of a field of one
/// (`dataSource.manager`, `this.a.b`): names joined by dots, nothing else.
fn field_path(g: &'static Grammar, v: Node<'_>, src: &str) -> Option<String> {
    let v = sole_value(g, v)?;
    let text = compact(src.get(v.byte_range())?);
    let parts = text.split('.').count();
    ((2..=MAX_FIELD_PATH).contains(&parts)
        && text
            .split('.')
            .all(|w| !w.is_empty() && w.bytes().all(crate::source::is_word_byte)))
    .then_some(text)
}

/// The call that value `v` is, when it is a plain call of a named callee (not an
/// awaited value, nor Kotlin's `f(x) { .. }`); a construction gives its type directly
/// (see [`constructed_type`]), so its binding never asks for this.
fn initializer(g: &'static Grammar, v: Node<'_>, src: &str) -> Option<Initializer> {
    let v = sole_value(g, v)?;
    // Not `f(x) { .. }` (Kotlin): the call with the parentheses is inside this one.
    if !g.class(v).has(Class::CALL)
        || v.named_child(0)
            .is_some_and(|c| g.class(c).has(Class::CALL))
    {
        return None;
    }
    let (name, qualifier) = callee_parts(g, v)?;
    let text = |n: Node<'_>| src.get(n.byte_range()).unwrap_or("");
    let name = text(name).trim();
    if name.is_empty() || !name.bytes().all(crate::source::is_word_byte) {
        return None;
    }
    Some(Initializer {
        name: name.to_string(),
        qualifier: qualifier.map(|q| receiver_text(g, q, src)),
        arity: arity(g, v, 0),
    })
}

/// The arguments node of a call.
fn arguments<'t>(g: &'static Grammar, call: Node<'t>) -> Option<Node<'t>> {
    for f in ["arguments", "args"] {
        if let Some(n) = g.child(call, f) {
            return Some(n);
        }
    }
    let mut c = call.walk();
    let found = call
        .named_children(&mut c)
        .skip(1)
        // Not `type_arguments` (Kotlin's `get<T>()`): those are no arguments.
        .find(|n| {
            let k = g.kind(*n);
            (k.contains("argument") && !k.starts_with("type")) || k == "call_suffix"
        });
    found.map(|n| {
        if g.kind(n) == "call_suffix" {
            n.named_child(0).unwrap_or(n)
        } else {
            n
        }
    })
}

/// `(qualifier, simple name)` of a written type: `java.util.Map<K, V>` →
/// (`java.util`, `Map`); `*pkg.T` → (`pkg`, `T`); `List[int]` → (None, `List`).
/// An array (`Item[]`, `List<Item>[]`, Java's `Item...`, Go's `[]Item`) has none of
/// its element's members: it names no type here.
pub(crate) fn split_type(t: &str) -> (Option<String>, Option<String>) {
    let mut s = t.trim();
    for prefix in [
        ":", "&", "*", "mut ", "const ", "struct ", "class ", "enum ", "?", "...",
    ] {
        s = s.trim_start_matches(prefix).trim();
    }
    let s = s.trim_start_matches(['&', '*', ' ']);
    let end = s
        .find(['<', '[', '(', '?', ' ', '{', '*', '&', ','])
        .unwrap_or(s.len());
    if s[end..].trim_start().starts_with("[]") || s.ends_with("[]") || s.ends_with("...") {
        return (None, None);
    }
    let s = s[..end].trim_end_matches(['.', ':']);
    if s.is_empty()
        || !s
            .chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_')
    {
        return (None, None);
    }
    match s.rsplit_once("::").or_else(|| s.rsplit_once('.')) {
        Some((q, n)) if !n.is_empty() => (Some(q.to_string()), Some(n.to_string())),
        _ => (None, Some(s.to_string())),
    }
}

/// The element type of a written array type: `Item[]`, `Array<Item>`,
/// `ReadonlyArray<pkg.Item>`, `readonly Item[]`; `None` for anything else, and for an
/// element type that is itself an array or a union (`(A | B)[]`).
fn element_type(t: &str) -> Option<(Option<String>, String)> {
    let t = t.trim().trim_start_matches(':').trim();
    let t = t.strip_prefix("readonly ").unwrap_or(t).trim();
    let inner = match t.strip_suffix("[]") {
        Some(e) => e,
        None => ["Array<", "ReadonlyArray<"]
            .iter()
            .find_map(|p| t.strip_prefix(p))?
            .strip_suffix('>')?,
    }
    .trim();
    if inner.ends_with(']') || inner.starts_with('(') || inner.contains('|') {
        return None;
    }
    match split_type(inner) {
        (q, Some(n)) => Some((q, n)),
        _ => None,
    }
}

/// The type a value constructs: `new Foo(..)`, `Foo(..)` with a capitalised name,
/// `&Foo{..}`, `Foo{..}`, `Foo::new(..)`, or asserts: Go's `x.(Foo)`.
fn constructed_type(
    g: &'static Grammar,
    v: Node<'_>,
    src: &str,
    language: &str,
) -> Option<(Option<String>, Option<String>)> {
    let text = |n: Node<'_>| src.get(n.byte_range()).unwrap_or("");
    let mut v = sole_value(g, v)?;
    if matches!(
        g.kind(v),
        "unary_expression" | "reference_expression" | "await_expression"
    ) {
        v = v.named_child(0)?;
    }
    // Literals have the language's own collection and string types.
    let literal = match g.kind(v) {
        "list" | "list_comprehension" => Some("list"),
        "dictionary" | "dictionary_comprehension" => Some("dict"),
        "set" | "set_comprehension" => Some("set"),
        "string" | "concatenated_string"
            if src
                .get(v.byte_range())?
                .starts_with(['"', '\'', 'f', 'r', 'b']) =>
        {
            Some("str")
        }
        "array" => Some("Array"),
        "template_string" => Some("String"),
        "string_literal" => Some("String"),
        _ => None,
    };
    if let Some(t) = literal {
        return Some((None, Some(t.to_string())));
    }
    match g.kind(v) {
        "new_expression" | "object_creation_expression" | "instance_expression" => {
            let t = g
                .child(v, "constructor")
                .or_else(|| g.child(v, "type"))
                .or_else(|| v.named_child(0))?;
            Some(split_type(text(t)))
        }
        // Go's `x.(T)` asserts that `x` holds a `T`.
        "type_assertion_expression" => Some(split_type(text(g.child(v, "type")?))),
        // TypeScript's `x as Foo`, `this.constructor as typeof Foo` (the class itself,
        // whose static members are its members too).
        "as_expression" if matches!(language, "typescript" | "tsx") => {
            let t = text(v.named_child(1)?);
            let t = t.strip_prefix("typeof ").unwrap_or(t);
            // A union or intersection, `keyof T`, a tuple or object type: no one type.
            let one = t.split_whitespace().count() == 1 && !t.contains(['|', '&', '{', '[']);
            one.then(|| split_type(t))
        }
        "composite_literal" | "struct_expression" => {
            let t = g.child(v, "type").or_else(|| g.child(v, "name"))?;
            Some(split_type(text(t)))
        }
        "call" | "call_expression" => {
            let f = g.child(v, "function").or_else(|| v.named_child(0))?;
            let t = text(f);
            // `Foo::new(..)` / `Foo.new` constructs a Foo.
            if let Some(ty) = t.strip_suffix("::new").or_else(|| t.strip_suffix(".new")) {
                return Some(split_type(ty));
            }
            let last = t.rsplit(['.', ':']).next().unwrap_or(t);
            // Python's builtin collections are called by lowercase names.
            let builtin_type = matches!(
                t,
                "list" | "dict" | "set" | "str" | "tuple" | "frozenset" | "bytes" | "bytearray"
            );
            // A capitalised callee constructs a class, except in Go, where it is any
            // exported function (`w.New(..)`, `pkg.Open(..)`).
            let constructs =
                language != "go" && last.chars().next().is_some_and(char::is_uppercase);
            (builtin_type || constructs).then(|| split_type(t))
        }
        _ => None,
    }
}

/// The module of a `require('m')` call.
fn require_module(g: &'static Grammar, call: Node<'_>, src: &str) -> Option<String> {
    if g.kind(call) != "call_expression" {
        return None;
    }
    let f = g.child(call, "function")?;
    if src.get(f.byte_range())? != "require" {
        return None;
    }
    let arg = g.child(call, "arguments")?.named_child(0)?;
    if !matches!(g.kind(arg), "string" | "template_string") {
        return None;
    }
    let m = src.get(arg.byte_range())?.trim_matches(['"', '\'', '`']);
    (!m.is_empty()).then(|| m.to_string())
}

/// The package a declaration names.
fn package_name(g: &'static Grammar, node: Node<'_>, src: &str) -> Option<String> {
    let n = g.child(node, "name").or_else(|| {
        let mut c = node.walk();
        let found = node.named_children(&mut c).find(|n| {
            matches!(
                g.kind(*n),
                "scoped_identifier"
                    | "identifier"
                    | "package_identifier"
                    | "qualified_identifier"
                    | "qualified_name"
                    | "namespace_identifier"
                    | "simple_identifier"
            )
        });
        found
    })?;
    let t: String = src
        .get(n.byte_range())?
        .split_whitespace()
        .collect::<String>()
        .replace("::", ".");
    (!t.is_empty() && t.len() < 200).then_some(t)
}

/// Drops plain references to parameters, locals, fields and import bindings: they
/// cannot name another definition, and they are most of a file's identifiers.
fn drop_local_uses(
    refs: Vec<Reference>,
    bindings: &[Binding],
    imports: &[Import],
    defs: &[Symbol],
) -> Vec<Reference> {
    let mut by_scope: HashMap<Option<u32>, HashSet<&str>> = HashMap::new();
    for b in bindings {
        by_scope.entry(b.scope).or_default().insert(b.name.as_str());
    }
    let imported: HashSet<&str> = imports.iter().filter_map(Import::bound_name).collect();
    refs.into_iter()
        .filter(|r| {
            if r.kind != RefKind::Reference || r.qualifier.is_some() {
                return true;
            }
            if imported.contains(r.name.as_str()) {
                return false;
            }
            let mut scope = r.enclosing;
            loop {
                if by_scope
                    .get(&scope)
                    .is_some_and(|names| names.contains(r.name.as_str()))
                {
                    return false;
                }
                match scope {
                    Some(i) => scope = defs[i as usize].parent.map(|p| p as u32),
                    None => return true,
                }
            }
        })
        .collect()
}

fn strip_extension(s: &str) -> &str {
    for ext in [
        ".js", ".ts", ".tsx", ".jsx", ".mjs", ".cjs", ".py", ".h", ".hpp", ".hh", ".go", ".vue",
    ] {
        if let Some(stem) = s.strip_suffix(ext) {
            return stem;
        }
    }
    s
}

/// Whitespace collapsed and length bounded (a receiver may span lines).
fn compact(s: &str) -> String {
    const MAX: usize = 160;
    let mut out = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if out.len() > MAX {
        let mut end = MAX;
        while !out.is_char_boundary(end) {
            end -= 1;
        }
        out.truncate(end);
    }
    out
}
