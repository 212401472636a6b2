//! Lua's facts: its locals (`local a, b = ..`, a loop's variables), the locals that
//! `require` binds to a module, and what a chunk returns, which is what `require` of
//! its file gives.
//!
//! All three read an assignment's two sides (`names = values`), which Lua writes the
//! same way for a `local` declaration and for a plain assignment.

use tree_sitter::Node;

use super::import_sites::require_module;
use super::Walk;
use crate::facts::grammar::Grammar;
use crate::facts::{imports, BindingKind, ModuleValue};

/// The names and the values of a Lua assignment (`a, b = x, f()`), or of a loop's
/// clause, whose values are none.
fn sides<'t>(g: &'static Grammar, holder: Node<'t>) -> (Vec<Node<'t>>, Vec<Node<'t>>) {
    let names = match only_named_child(g, holder, "variable_list") {
        Some(list) => g.children_in_first_field(list, &["name"]),
        None => g.child(holder, "name").into_iter().collect(),
    };
    let values = only_named_child(g, holder, "expression_list")
        .filter(|_| g.kind(holder) == "assignment_statement")
        .map(|list| g.children_in_first_field(list, &["value"]))
        .unwrap_or_default();
    (names, values)
}

/// The assignment a `local` declaration holds, if it gives values.
fn declared_assignment<'t>(g: &'static Grammar, declaration: Node<'t>) -> Option<Node<'t>> {
    only_named_child(g, declaration, "assignment_statement")
}

/// The one named child of `node` of kind `kind`, if it has one.
fn only_named_child<'t>(g: &'static Grammar, node: Node<'t>, kind: &str) -> Option<Node<'t>> {
    let mut c = node.walk();
    let mut found = node.named_children(&mut c).filter(|n| g.kind(*n) == kind);
    let first = found.next()?;
    found.next().is_none().then_some(first)
}

/// The text of `n` when it is one name.
fn word<'s>(g: &'static Grammar, n: Node<'_>, src: &'s str) -> Option<&'s str> {
    (g.kind(n) == "identifier")
        .then(|| src.get(n.byte_range()))
        .flatten()
}

/// The global or table field a Lua value copies: `type`, `string.format`.
fn copied_path(g: &'static Grammar, v: Node<'_>, src: &str) -> Option<String> {
    match g.kind(v) {
        "identifier" => word(g, v, src).map(str::to_string),
        "dot_index_expression" => {
            let table = word(g, g.child(v, "table")?, src)?;
            let field = word(g, g.child(v, "field")?, src)?;
            Some(format!("{table}.{field}"))
        }
        _ => None,
    }
}

impl<'a> Walk<'a> {
    /// Lua's `local a, b = ..` and a `for` loop's variables (`for k, v in pairs(t)`,
    /// `for i = 1, n`). Lua writes no types, and what a value is the facts do not
    /// follow, except a copy of a global or of a table's field (`local type = type`,
    /// `local fmt = string.format`), which a call through the local still makes.
    pub(super) fn declare_lua(&mut self, node: Node<'_>, kind: BindingKind) {
        let g = self.g;
        let holder = match g.kind(node) {
            "variable_declaration" => declared_assignment(g, node).unwrap_or(node),
            "for_statement" => match g.child(node, "clause") {
                Some(clause) => clause,
                None => return,
            },
            _ => return,
        };
        let (names, values) = sides(g, holder);
        let paired = values.len() == names.len();
        for (i, name) in names.into_iter().enumerate() {
            if g.kind(name) != "identifier" {
                continue;
            }
            let before = self.bindings.len();
            self.bind(name, None, None, kind);
            let copied = values
                .get(i)
                .filter(|_| paired)
                .and_then(|v| copied_path(g, *v, self.src));
            if let Some(b) = self.bindings.get_mut(before) {
                b.copied_from = copied;
            }
        }
    }

    /// Lua's `local x = require("m")` and `local x = require("m").f`: one local bound
    /// to a module, or to a member of one, the way an import binds a name.
    pub(super) fn lua_require_import(&mut self, declaration: Node<'_>) -> bool {
        let g = self.g;
        let Some(assignment) = declared_assignment(g, declaration) else {
            return false;
        };
        let (names, values) = sides(g, assignment);
        let ([name], [value]) = (names.as_slice(), values.as_slice()) else {
            return false;
        };
        let (name, value) = (*name, *value);
        if g.kind(name) != "identifier" {
            return false;
        }
        let (call, field) = match g.kind(value) {
            "dot_index_expression" => (g.child(value, "table"), g.child(value, "field")),
            _ => (Some(value), None),
        };
        let Some((call, module)) = call.and_then(|c| Some((c, require_module(g, c, self.src)?)))
        else {
            return false;
        };
        self.requires.insert(call.start_byte());
        self.declared.insert(name.start_byte());
        let member = field.map(|f| (self.text(f).to_string(), f.start_byte()));
        if let Some((m, at)) = &member {
            self.import_reference(m.clone(), Some(module.clone()), *at);
        }
        let mut imp = imports::base(name, module);
        imp.name = member.map(|(m, _)| m);
        imp.alias = Some(self.text(name).to_string());
        self.imports.push(imp);
        true
    }
}

/// What a Lua chunk returns: the local its last statement returns (`return M`) with
/// the fields top-level assignments give it a function by name (`M.f = f`), or the
/// table built in the return statement (`return { f = f }`).
pub(super) fn module_value(g: &'static Grammar, chunk: Node<'_>, src: &str) -> Option<ModuleValue> {
    let last = chunk.named_child(u32::try_from(chunk.named_child_count().checked_sub(1)?).ok()?)?;
    if g.kind(last) != "return_statement" {
        return None;
    }
    let values = last
        .named_child(0)
        .filter(|v| g.kind(*v) == "expression_list")?;
    if values.named_child_count() != 1 {
        return None;
    }
    let value = values.named_child(0)?;
    let mut fields = Vec::new();
    let table = match g.kind(value) {
        "identifier" => {
            let table = word(g, value, src)?;
            let mut c = chunk.walk();
            for statement in chunk.named_children(&mut c) {
                if let Some((t, field, function)) = field_assignment(g, statement, src) {
                    if t == table {
                        fields.push((field.to_string(), function.to_string()));
                    }
                }
            }
            Some(table.to_string())
        }
        "table_constructor" => {
            let mut c = value.walk();
            for field in value.named_children(&mut c) {
                let (Some(name), Some(v)) = (g.child(field, "name"), g.child(field, "value"))
                else {
                    continue;
                };
                if let (Some(name), Some(v)) = (word(g, name, src), word(g, v, src)) {
                    fields.push((name.to_string(), v.to_string()));
                }
            }
            None
        }
        _ => return None,
    };
    Some(ModuleValue { table, fields })
}

/// A Lua statement `t.f = g` of three names: (`t`, `f`, `g`).
fn field_assignment<'s>(
    g: &'static Grammar,
    statement: Node<'_>,
    src: &'s str,
) -> Option<(&'s str, &'s str, &'s str)> {
    if g.kind(statement) != "assignment_statement" {
        return None;
    }
    let (targets, values) = sides(g, statement);
    let ([target], [value]) = (targets.as_slice(), values.as_slice()) else {
        return None;
    };
    if g.kind(*target) != "dot_index_expression" {
        return None;
    }
    let table = word(g, g.child(*target, "table")?, src)?;
    let field = src.get(g.child(*target, "field")?.byte_range())?;
    Some((table, field, word(g, *value, src)?))
}
