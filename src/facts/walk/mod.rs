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

mod arguments;
mod bindings;
mod block_scopes;
mod callbacks;
mod collection_elements;
mod define_bodies;
mod go_ranges;
mod go_type_switches;
mod import_sites;
mod lua;
mod narrowing;
mod references;
mod ruby;
mod shell;
mod swift_optionals;
mod syntax;
mod token_members;
mod trait_impls;
mod type_text;

pub(crate) use collection_elements::{entry_read, reads_elements};
#[cfg(test)]
pub(crate) use type_text::split_type;
pub(crate) use type_text::{
    is_rust_pointer, null_marks, past_lifetime, python_annotation, rust_pointee_type,
    split_top_level, type_parts, typescript_annotation, written_type,
};

use rustc_hash::{FxHashMap, FxHashSet};
use tree_sitter::{Node, Tree};

pub(crate) use self::block_scopes::scopes_locals_by_block;
pub(crate) use self::go_ranges::{go_held, go_type_arguments};
pub(crate) use self::import_sites::GLOBAL_USING;
use self::import_sites::{commonjs_export, package_name};
use self::references::drop_local_uses;
use super::focus::Focus;
use super::grammar::{Class, Grammar};
use super::imports::{self, Import};
use super::{Binding, BindingKind, CallArguments, FileFacts, RefKind, Reference, TraitImpl};
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

/// The variable a type pattern declares, and its type: Java's `x instanceof Foo foo`
/// and `case Foo foo ->`, C#'s `x is Foo foo` and `case Foo foo:` (and `Foo { .. } foo`),
/// Go's type switch.
fn pattern_variable<'t>(
    g: &'static Grammar,
    node: Node<'t>,
) -> Option<(Node<'t>, Option<Node<'t>>)> {
    match g.kind(node) {
        "instanceof_expression" => Some((g.child(node, "name")?, g.child(node, "right"))),
        "declaration_pattern" | "recursive_pattern" => {
            Some((g.child(node, "name")?, g.child(node, "type")))
        }
        // Go's `switch v := x.(type)`: `v` has each case's type in turn, which scopes
        // as whole functions cannot tell apart: a local of no known type.
        "type_switch_statement" => {
            let alias = g.child(node, "alias")?;
            let mut c = alias.walk();
            let name = alias
                .named_children(&mut c)
                .find(|n| g.class(*n).has(Class::IDENTIFIER));
            Some((name?, None))
        }
        // Java's has no fields: its type, then its name. (C#'s, a bare type in a
        // `case` or after `is`, names its type as a field and declares nothing.)
        "type_pattern" if g.child(node, "type").is_none() => {
            let mut c = node.walk();
            let parts: Vec<Node<'t>> = node.named_children(&mut c).collect();
            match parts.as_slice() {
                [ty, name] if g.kind(*name) == "identifier" => Some((*name, Some(*ty))),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Leaves without a type every pattern binding whose name another binding
/// of its scope declares with another type: a pattern's variable lives in one branch
/// (`if (x instanceof A a) .. else if (x instanceof B a)`, two `case`s), and the
/// scopes here are whole functions, so a use of that name cannot be given either type.
fn untype_clashing_patterns(bindings: &mut [Binding], patterns: &[usize]) {
    if patterns.is_empty() {
        return;
    }
    // Whether each name of each scope is declared with more than one type: one pass,
    // so that a file of many patterns and many bindings costs no more than its size.
    type Written<'b> = (Option<&'b str>, Option<&'b str>);
    let mut types: FxHashMap<(Option<u32>, &str), (Written<'_>, bool)> = FxHashMap::default();
    for b in bindings.iter() {
        let written = (b.type_name.as_deref(), b.type_qualifier.as_deref());
        types
            .entry((b.scope, b.name.as_str()))
            .and_modify(|(first, mixed)| *mixed |= *first != written)
            .or_insert((written, false));
    }
    let clashing: Vec<usize> = patterns
        .iter()
        .copied()
        .filter(|&p| {
            let b = &bindings[p];
            types
                .get(&(b.scope, b.name.as_str()))
                .is_some_and(|(_, mixed)| *mixed)
        })
        .collect();
    for p in clashing {
        bindings[p].type_name = None;
        bindings[p].type_qualifier = None;
        bindings[p].pointee = None;
    }
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
        values: FxHashSet::default(),
        calls: FxHashMap::default(),
        trailing_lambdas: FxHashMap::default(),
        requires: FxHashSet::default(),
        references: Vec::new(),
        imports: Vec::new(),
        bindings: Vec::new(),
        call_arguments: Vec::new(),
        scopes: Default::default(),
        patterns: Vec::new(),
        narrowing: narrows(lang.name),
        narrowed: Vec::new(),
        elements: FxHashMap::default(),
        ranged: FxHashMap::default(),
        held: FxHashMap::default(),
        package: None,
        outer_packages: Vec::new(),
        direct_commands: Vec::new(),
        trait_impls: Vec::new(),
        line_starts: line_starts(src),
    };
    w.run(tree);
    let Walk {
        references,
        imports,
        mut bindings,
        mut call_arguments,
        patterns,
        package,
        outer_packages,
        held,
        direct_commands,
        trait_impls,
        ..
    } = w;
    for (i, h) in held {
        if let Some(b) = bindings.get_mut(i) {
            b.held = Some(h);
        }
    }
    call_arguments.sort_by_key(|c| c.start_byte);
    let mut direct_commands = direct_commands;
    direct_commands.sort_unstable();
    untype_clashing_patterns(&mut bindings, &patterns);
    // A bare Ruby name is a local or a method of `self`, never a field (those are
    // written `@x`): a field the facts keep for an `attr_reader` is a method's.
    let fields_hide = lang.name != "ruby";
    let mut references = drop_local_uses(references, &bindings, &definitions, fields_hide);
    if lang.name == "ruby" {
        bare_names_are_calls(&mut references);
    }
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
        call_arguments,
        build: (lang.name == "go").then(|| go_build_line(src)).flatten(),
        outer_packages,
        direct_commands,
        trait_impls,
        module_value: match lang.name {
            "lua" => lua::module_value(Grammar::of(lang), tree.root_node(), src),
            "javascript" | "typescript" | "tsx" => commonjs_export(tree.root_node(), src),
            _ => None,
        },
    }
}

/// What a Go file's `//go:build` line says: it stands among the comments and blank
/// lines before the package clause, and only there is it one.
fn go_build_line(src: &str) -> Option<String> {
    let mut in_block = false;
    for line in src.lines() {
        let line = line.trim();
        if in_block {
            in_block = !line.contains("*/");
            continue;
        }
        if let Some(expr) = line.strip_prefix("//go:build") {
            if expr.starts_with(char::is_whitespace) {
                return Some(expr.trim().to_string());
            }
        } else if line.starts_with("/*") {
            in_block = !line.contains("*/");
        } else if !(line.is_empty() || line.starts_with("//")) {
            return None;
        }
    }
    None
}

fn line_starts(src: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(src.match_indices('\n').map(|(i, _)| i + 1))
        .collect()
}

/// Whether type tests in `language` narrow the variable they test (see `narrowing.rs`):
/// only its files hold bindings that hold in part of their scope.
pub(crate) fn narrows(language: &str) -> bool {
    matches!(
        language,
        "php" | "javascript" | "typescript" | "tsx" | "kotlin" | "python"
    )
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
    /// Byte offsets of names the grammar reads as types that are values: the
    /// arguments of C++'s `Slice s(n);` (see `constructed_local`).
    values: FxHashSet<usize>,
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
    /// Java: the calls whose arguments tell something of their types.
    call_arguments: Vec<CallArguments>,
    /// Java: the declarations of the scopes around calls, read once each.
    scopes: arguments::Scopes<'a>,
    /// The bindings made by type patterns (positions in `bindings`).
    patterns: Vec<usize>,
    /// Whether the language's type tests narrow a variable ([`narrows`]): asked of
    /// every node, so answered once.
    narrowing: bool,
    /// The bindings made by type tests that narrow a variable (positions in
    /// `bindings`).
    narrowed: Vec<usize>,
    /// TypeScript: the element type of each name last bound to an array type
    /// (`items: Item[]`; a field as `this.items`), for the callbacks and loops its
    /// elements are passed to.
    elements: FxHashMap<String, (Option<String>, String)>,
    /// Go: what ranging over each name declared so far gives its loop's variables.
    ranged: go_ranges::Ranged,
    /// Java and Kotlin: what the bindings declared as collections hold (by position
    /// in `bindings`).
    held: FxHashMap<usize, super::Held>,
    package: Option<String>,
    /// Scala: the packages of the clauses chained before the last one.
    outer_packages: Vec<String>,
    /// Shell: the commands run past the shell's functions (see `shell.rs`).
    direct_commands: Vec<u32>,
    /// Rust: the `impl Trait for Type` blocks.
    trait_impls: Vec<TraitImpl>,
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
            // A TypeScript or PHP constructor's parameters can declare fields of its
            // class.
            || (def.name == "constructor" && matches!(self.lang.name, "typescript" | "tsx"))
            || (def.name == "__construct" && self.lang.name == "php")
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
    /// of a binding declared here): a constant or variable declared at the top level
    /// (`const cache = new Map()`) binds its name in the file.
    fn binding_scope(&self) -> Option<u32> {
        self.open
            .iter()
            .rev()
            .find(|&&i| self.defs[i].kind != Kind::Scope && !self.defs[i].kind.is_value())
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
            // The first package or namespace declared at the top of the file (PHP's
            // and C#'s `namespace X;` are definitions of their own, open here).
            let at_top = self
                .open
                .iter()
                .all(|&i| self.defs[i].kind == crate::symbols::Kind::Namespace);
            if self.package.is_none() && at_top {
                self.package = package_name(g, node, self.src);
            } else if at_top && self.lang.name == "scala" && g.child(node, "body").is_none() {
                // Scala's `package sbt` then `package nio`: the file is in `sbt.nio`.
                if let (Some(outer), Some(inner)) = (&self.package, package_name(g, node, self.src))
                {
                    self.outer_packages.insert(0, outer.clone());
                    self.package = Some(format!("{outer}.{inner}"));
                }
            }
            // C# and C++ namespaces hold code; Java/Kotlin/Go package clauses do not.
            return g.child(node, "body").is_some()
                || kind.starts_with("namespace")
                || kind == "file_scoped_namespace_declaration";
        }
        if self.lang.name == "rust" {
            match kind {
                "impl_item" => self.trait_impl(node),
                "attribute_item" => self.derives(node),
                _ => {}
            }
        }
        if self.lang.name == "python" && matches!(kind, "return_statement" | "yield") {
            self.note_fixture_value(node, kind);
        }
        if class.has(Class::CALL) {
            self.call(node, stack);
        } else if kind == "infix_expression" && matches!(self.lang.name, "kotlin" | "scala") {
            self.infix_call(node);
        } else if kind == "method_reference" && self.lang.name == "java" {
            self.method_reference(node);
        }
        if self.narrowing {
            self.narrow(node, kind);
            if !self.narrowed.is_empty()
                && matches!(
                    kind,
                    "assignment_expression"
                        | "augmented_assignment_expression"
                        | "assignment"
                        | "augmented_assignment"
                )
            {
                // The value assigned is read before the variable changes: a narrowing
                // holds through the assignment's own right side.
                if let Some(name) = self.assigned_variable(node) {
                    self.end_narrowings(name, node.end_byte());
                }
            }
        }
        if kind == "variable_declarator" && self.require_import(node) {
            return true;
        }
        if kind == "variable_declaration"
            && self.lang.name == "lua"
            && self.lua_require_import(node)
        {
            return true;
        }
        if class.has(Class::PARAMETER) {
            let before = self.bindings.len();
            self.declare(node, BindingKind::Parameter, stack);
            self.hold_in_block(node, before, stack);
        } else if class.has(Class::PARAMETER_LIST) {
            self.declare_bare_parameters(node, stack);
        } else if self.lang.name == "swift"
            && matches!(kind, "if_statement" | "guard_statement" | "while_statement")
        {
            self.bind_optionals(node, stack);
        } else if self.lang.name == "swift" && kind == "switch_entry" {
            self.bind_case_patterns(node);
        } else if self.lang.name == "go" && matches!(kind, "type_case" | "default_case") {
            self.bind_type_case(node, stack);
        } else if kind == "enum_variant" {
            // Rust's `Link(Link)`: the variant's own name is declared, not used (it is
            // no definition of the index, and named like a type it read as a use).
            if let Some(name) = g.child(node, "name") {
                self.declared.insert(name.start_byte());
            }
        } else if self.lang.name == "rust"
            && matches!(kind, "for_expression" | "let_condition" | "match_arm")
        {
            let before = self.bindings.len();
            if kind == "for_expression" {
                self.declare(node, BindingKind::Local, stack);
            } else {
                self.declare_rust_pattern(node);
            }
            self.drop_capitalised(before);
            self.hold_in_block(node, before, stack);
        } else if class.has(Class::VARIABLE)
            && !(kind == "assignment" && scopes_locals_by_block(self.lang.name))
        {
            // Where locals are declared, each in its block (Kotlin, Swift), assigning
            // to a name declares none: it changes the one declared.
            let k = if self.in_type_body() {
                BindingKind::Field
            } else {
                BindingKind::Local
            };
            let before = self.bindings.len();
            self.declare(node, k, stack);
            // Kotlin's `{ f -> .. }` passed to a collection's method: `f` is an element.
            if let [.., lambda, list] = stack {
                if list.kind == "lambda_parameters" && lambda.kind == "lambda_literal" {
                    self.type_lambda_parameter(lambda.node, list.node, node, before);
                }
            }
            self.hold_in_block(node, before, stack);
        } else if kind == "assignment_expression"
            && self.lang.name == "php"
            && self.assigned_variable(node).is_some()
        {
            // PHP declares no locals: a variable (not a property, an element or a
            // list) is bound where it is first assigned (`$d = new Def()`).
            self.declare(node, BindingKind::Local, stack);
        } else if class.has(Class::TYPE_PATTERN) {
            if let Some((name, ty)) = pattern_variable(g, node) {
                let before = self.bindings.len();
                self.bind(name, ty, None, BindingKind::Local);
                self.patterns.extend(before..self.bindings.len());
            }
        } else if matches!(kind, "arrow_function" | "lambda_expression") {
            // `x => ..`, `x -> ..`: a lone untyped parameter stands outside any list.
            for field in ["parameter", "parameters"] {
                if let Some(p) = g.child(node, field).filter(|p| {
                    g.class(*p).has(Class::IDENTIFIER) || g.kind(*p) == "implicit_parameter"
                }) {
                    let before = self.bindings.len();
                    self.bind(p, None, None, BindingKind::Parameter);
                    // Where locals are their blocks', the parameter is the lambda's.
                    self.hold_in_node(node, before);
                    if let Some(element) = self.element_passed_to(node, stack) {
                        self.give_type(before, element);
                    } else if let Some(site) = self.callback_site(node, stack, 0) {
                        self.place_untyped(before, site);
                    } else if collection_elements::reads_elements(self.lang.name) {
                        self.type_lambda_parameter_at(node, 1, 0, before);
                    }
                }
            }
        }
        if kind == "lambda_literal" && self.lang.name == "kotlin" {
            self.bind_implicit_it(node);
        }
        if kind == "preproc_arg" {
            self.define_body(node, stack);
            return false;
        }
        if class.has(Class::IDENTIFIER) {
            self.identifier(node, kind, field, stack);
            return false;
        }
        true
    }
}

/// Ruby: a bare lower-case name that no assignment or parameter makes a local is a
/// call of a method with no arguments (`settings`, `halt` written without
/// parentheses), which the grammar reads as a plain identifier. (`__FILE__` and its
/// kind are keywords.)
fn bare_names_are_calls(references: &mut [Reference]) {
    for r in references.iter_mut().filter(|r| {
        r.kind == RefKind::Reference
            && r.qualifier.is_none()
            && r.name.starts_with(|c: char| c.is_lowercase() || c == '_')
            && r.name.chars().any(|c| c.is_lowercase())
    }) {
        r.kind = RefKind::Call;
        r.arity = Some(0);
    }
}
