//! What a Java call's arguments tell of their types: enough for resolution to tell
//! apart overloads that take as many arguments, by the one whose parameters have the
//! very types of the arguments whose types the syntax shows.
//!
//! Only what is certain is said: a literal's type, the class an object is made of, a
//! cast's type, and the type a local variable, parameter or field is declared with,
//! found as Java scopes names: in the blocks around the call, before it, in the
//! parameters of the enclosing lambdas, loops, resources and method, then among the
//! fields of the innermost class (a name two blocks of one method each declare is
//! told apart here, where the tree shows which one the call sees). A name declared
//! nowhere there (a superclass's or an outer class's field, a pattern's variable), an
//! array, a call's result, `var`, a lambda or `null` tell nothing.

use rustc_hash::FxHashMap;
use tree_sitter::Node;

use super::bindings::is_inferred_type;
use super::syntax::arguments;
use super::type_text::simple_type_name;
use super::Frame;
use crate::facts::grammar::{Class, Grammar};
use crate::lang::preorder::{preorder, Step, Visit};

/// The declarations of one file's scopes, each read once, when first asked about: a
/// call's argument naming a variable is looked up in the blocks and the class around
/// it, and a long method's statements or a large class's members were otherwise read
/// again for every such argument.
#[derive(Default)]
pub(super) struct Scopes<'s> {
    /// By block (its node's id): each name its local declarations declare, with the
    /// end of the first that does and the type that one is written with.
    locals: FxHashMap<usize, FxHashMap<&'s str, (usize, Option<&'s str>)>>,
    /// By class body: each name its fields declare, with the type of the first.
    fields: FxHashMap<usize, FxHashMap<&'s str, Option<&'s str>>>,
    /// By member of a class: the names the patterns inside it declare.
    patterns: FxHashMap<usize, Vec<&'s str>>,
}

/// The type of each argument of Java call `call`, seen from inside `stack` (its
/// ancestors), when the syntax shows it; `None` when the call shows no argument list
/// or the type of none of its arguments.
pub(super) fn java_argument_types<'s>(
    g: &'static Grammar,
    call: Node<'_>,
    stack: &[Frame<'_>],
    src: &'s str,
    scopes: &mut Scopes<'s>,
) -> Option<Vec<Option<&'s str>>> {
    let args = arguments(g, call)?;
    let mut c = args.walk();
    let types: Vec<Option<&str>> = args
        .named_children(&mut c)
        .filter(|n| !g.class(*n).has(Class::COMMENT))
        .map(|n| argument_type(g, n, stack, src, scopes))
        .collect();
    types.iter().any(Option::is_some).then_some(types)
}

fn argument_type<'s>(
    g: &'static Grammar,
    arg: Node<'_>,
    stack: &[Frame<'_>],
    src: &'s str,
    scopes: &mut Scopes<'s>,
) -> Option<&'s str> {
    let text = |n: Node<'_>| &src[n.byte_range()];
    let sized = |wide: bool, wide_name: &'static str, name: &'static str| {
        Some(if wide { wide_name } else { name })
    };
    match g.kind(arg) {
        "identifier" => scopes.declared(g, stack, text(arg), arg.start_byte(), src),
        "string_literal" | "text_block" => Some("String"),
        "character_literal" => Some("char"),
        "true" | "false" => Some("boolean"),
        "class_literal" => Some("Class"),
        "decimal_integer_literal"
        | "hex_integer_literal"
        | "octal_integer_literal"
        | "binary_integer_literal" => sized(text(arg).ends_with(['l', 'L']), "long", "int"),
        "decimal_floating_point_literal" | "hex_floating_point_literal" => {
            sized(text(arg).ends_with(['f', 'F']), "float", "double")
        }
        "object_creation_expression" | "cast_expression" => {
            simple_type_name(text(g.child(arg, "type")?))
        }
        _ => None,
    }
}

/// The type a declaration is written with, by its simple name; `None` when it writes
/// none usable (`var`, an array).
fn written_with<'s>(g: &'static Grammar, ty: Option<Node<'_>>, src: &'s str) -> Option<&'s str> {
    ty.filter(|t| !is_inferred_type(g, *t, src))
        .map(|t| &src[t.byte_range()])
        .and_then(simple_type_name)
}

/// Adds to `table` each name the declarators of the declarations of `kinds` among
/// `nodes` declare (unless it holds the name already: the first declaration counts),
/// with what `value` makes of that declaration and the type it is written with.
fn add_declared<'t, 's, V>(
    g: &'static Grammar,
    nodes: impl Iterator<Item = Node<'t>>,
    kinds: &[&str],
    src: &'s str,
    table: &mut FxHashMap<&'s str, V>,
    value: impl Fn(Node<'t>, Option<&'s str>) -> V,
) {
    for d in nodes.filter(|n| kinds.contains(&g.kind(*n))) {
        let ty = written_with(g, g.child(d, "type"), src);
        let mut c = d.walk();
        for v in d.children_by_field_name("declarator", &mut c) {
            if let Some(name) = g.child(v, "name") {
                table
                    .entry(&src[name.byte_range()])
                    .or_insert_with(|| value(d, ty));
            }
        }
    }
}

/// Each name the local variable declarations among `statements` declare, with the end
/// of the first that does and the type that one is written with.
fn first_locals<'t, 's>(
    g: &'static Grammar,
    statements: impl Iterator<Item = Node<'t>>,
    src: &'s str,
) -> FxHashMap<&'s str, (usize, Option<&'s str>)> {
    let mut table = FxHashMap::default();
    let kinds = ["local_variable_declaration"];
    add_declared(g, statements, &kinds, src, &mut table, |d, ty| {
        (d.end_byte(), ty)
    });
    table
}

/// Each name the fields among the children of `body` declare, with the type of the
/// first, unless `table` has the name already.
fn add_fields<'s>(
    g: &'static Grammar,
    body: Node<'_>,
    src: &'s str,
    table: &mut FxHashMap<&'s str, Option<&'s str>>,
) {
    let mut c = body.walk();
    let kinds = ["field_declaration", "constant_declaration"];
    add_declared(
        g,
        body.named_children(&mut c),
        &kinds,
        src,
        table,
        |_, ty| ty,
    );
}

impl<'s> Scopes<'s> {
    /// The type (by its simple name) that the declaration of `name` a use at byte `at`
    /// sees is written with, looked for from the innermost of the frames `stack`
    /// outward up to the fields of the innermost class; `None` when that declaration
    /// writes no type (`var`, an untyped lambda parameter), an array, or is not found
    /// there.
    fn declared(
        &mut self,
        g: &'static Grammar,
        stack: &[Frame<'_>],
        name: &str,
        at: usize,
        src: &'s str,
    ) -> Option<&'s str> {
        let named = |n: Option<Node<'_>>| n.is_some_and(|n| &src[n.byte_range()] == name);
        // The type a declaration found writes: `Some(None)` when it writes none usable.
        let of = |ty: Option<Node<'_>>| Some(written_with(g, ty, src));
        // The first declaration of the name in a block is the one a use after it sees;
        // one that ends after the use is not seen, nor is any after it.
        let seen = |table: &FxHashMap<&'s str, (usize, Option<&'s str>)>| {
            table
                .get(name)
                .filter(|(end, _)| *end <= at)
                .map(|(_, ty)| *ty)
        };
        // The member of the innermost class the use is in (a method, a constructor, a
        // field's initialiser): a pattern there may declare the name a field also has.
        let mut member: Option<Node<'_>> = None;
        for frame in stack.iter().rev() {
            let n = frame.node;
            let found: Option<Option<&'s str>> = match frame.kind {
                "block" | "constructor_body" => {
                    seen(self.locals.entry(n.id()).or_insert_with(|| {
                        let mut c = n.walk();
                        first_locals(g, n.named_children(&mut c), src)
                    }))
                }
                // A switch's block is one scope: a name one case declares is seen by the
                // cases after it.
                "switch_block" => seen(self.locals.entry(n.id()).or_insert_with(|| {
                    let mut c = n.walk();
                    let statements = n.named_children(&mut c).flat_map(|group| {
                        let mut c = group.walk();
                        let statements: Vec<Node<'_>> = group.named_children(&mut c).collect();
                        statements
                    });
                    first_locals(g, statements, src)
                })),
                // Its header's locals are seen everywhere in it, the header included.
                "for_statement" => {
                    let mut c = n.walk();
                    let locals = first_locals(g, n.children_by_field_name("init", &mut c), src);
                    locals.get(name).map(|&(_, ty)| ty)
                }
                "enhanced_for_statement" => {
                    if named(g.child(n, "name")) {
                        of(g.child(n, "type"))
                    } else {
                        None
                    }
                }
                "try_with_resources_statement" => g.child(n, "resources").and_then(|list| {
                    let mut c = list.walk();
                    let found = list
                        .named_children(&mut c)
                        .find(|r| named(g.child(*r, "name")));
                    found.and_then(|r| of(g.child(r, "type")))
                }),
                // A caught exception may be of several types.
                "catch_clause" => {
                    let mut c = n.walk();
                    let caught = n
                        .named_children(&mut c)
                        .find(|p| g.kind(*p) == "catch_formal_parameter");
                    caught
                        .is_some_and(|p| named(g.child(p, "name")))
                        .then_some(None)
                }
                "lambda_expression" => g.child(n, "parameters").and_then(|p| {
                    if g.kind(p) == "identifier" {
                        return named(Some(p)).then_some(None);
                    }
                    parameter_in(g, p, &named, &of)
                }),
                "method_declaration"
                | "constructor_declaration"
                | "compact_constructor_declaration" => g
                    .child(n, "parameters")
                    .and_then(|p| parameter_in(g, p, &named, &of)),
                // A class's own fields, wherever declared; one a superclass or an outer
                // class declares (or a local of an enclosing method, which a local class
                // sees unless a superclass declares the name) is not followed.
                "class_body" | "interface_body" | "enum_body" => {
                    if let Some(m) = member {
                        let patterns = self
                            .patterns
                            .entry(m.id())
                            .or_insert_with(|| pattern_names(g, m, src));
                        if patterns.contains(&name) {
                            return None;
                        }
                    }
                    let fields = self.fields.entry(n.id()).or_insert_with(|| {
                        let mut table = FxHashMap::default();
                        add_fields(g, n, src, &mut table);
                        let mut c = n.walk();
                        let declarations = n
                            .named_children(&mut c)
                            .find(|s| g.kind(*s) == "enum_body_declarations");
                        if let Some(d) = declarations {
                            add_fields(g, d, src, &mut table);
                        }
                        table
                    });
                    return fields.get(name).copied().flatten();
                }
                _ => None,
            };
            if let Some(ty) = found {
                return ty;
            }
            member = Some(n);
        }
        None
    }
}

/// The names the patterns inside `member` declare (`o instanceof Foo name`,
/// `case Foo name ->`). Patterns are rare: a member whose text shows none is not
/// walked.
fn pattern_names<'s>(g: &'static Grammar, member: Node<'_>, src: &'s str) -> Vec<&'s str> {
    let text = &src[member.byte_range()];
    if !(text.contains("instanceof") || text.contains("case")) {
        return Vec::new();
    }
    let mut cursor = member.walk();
    let mut names = Vec::new();
    preorder(&mut cursor, |step, at, _| {
        if step == Step::Leave {
            return Visit::Children;
        }
        let node = at.node();
        let declares = match g.kind(node) {
            "instanceof_expression" => g.child(node, "name"),
            "type_pattern" | "record_pattern_component" => {
                let mut c = node.walk();
                let last = node
                    .named_children(&mut c)
                    .filter(|n| g.kind(*n) == "identifier")
                    .last();
                last
            }
            _ => None,
        };
        if let Some(n) = declares {
            names.push(&src[n.byte_range()]);
        }
        Visit::Children
    });
    names
}

/// What the parameter `named` accepts of list `params` is declared with (see
/// [`declared`]); `None` when none is.
fn parameter_in<'s>(
    g: &'static Grammar,
    params: Node<'_>,
    named: &dyn Fn(Option<Node<'_>>) -> bool,
    of: &dyn Fn(Option<Node<'_>>) -> Option<Option<&'s str>>,
) -> Option<Option<&'s str>> {
    let mut c = params.walk();
    let found = params.named_children(&mut c).find_map(|p| match g.kind(p) {
        "formal_parameter" => {
            if named(g.child(p, "name")) {
                of(g.child(p, "type"))
            } else {
                None
            }
        }
        // An untyped lambda parameter, or a variable-arity one (an array).
        "identifier" => named(Some(p)).then_some(None),
        "spread_parameter" => {
            let mut c = p.walk();
            let found = p
                .named_children(&mut c)
                .any(|v| g.kind(v) == "variable_declarator" && named(g.child(v, "name")));
            found.then_some(None)
        }
        _ => None,
    });
    found
}
