//! Import statements and `require` calls as the walk meets them, and the package a
//! file declares.

use tree_sitter::Node;

use super::Walk;
use crate::facts::grammar::Grammar;
use crate::facts::{imports, ModuleValue, RefKind, Reference};

/// The name a C# `global using` is found by (see [`Walk::import`]).
pub(crate) const GLOBAL_USING: &str = "global";

impl<'a> Walk<'a> {
    pub(super) fn import<'t>(&mut self, node: Node<'t>) {
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
            // A default import written without the word (`import Logo from
            // "./logo.png"`) names no definition `default`: a search for the uses of a
            // method of that name, which reads the files that mention the word, never
            // reads it.
            let unnamed_default = name == "default"
                && !self
                    .text(node)
                    .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
                    .any(|word| word == "default");
            if !name.is_empty() && name != "*" && !unnamed_default {
                let qualifier = if imp.name.is_some() {
                    Some(imp.module.clone())
                } else {
                    imp.module
                        .rsplit_once(['.', '/', ':', '\\'])
                        .map(|(q, _)| q.trim_end_matches([':', '.', '/']).to_string())
                        .filter(|q| !q.is_empty())
                };
                let name = strip_extension(&name).to_string();
                self.import_reference(name, qualifier, imp.start_byte as usize);
            }
            // A C# `global using` also names the word `global`: the files that hold a
            // project's global usings are found by it, as the files that mention any
            // name are, without reading the others.
            if imp.global {
                self.import_reference(
                    GLOBAL_USING.to_string(),
                    Some(imp.module.clone()),
                    imp.start_byte as usize,
                );
            }
            self.imports.push(imp);
        }
    }

    /// `const x = require('m')` / `const { a, b: c } = require('m')`: CommonJS imports,
    /// which bind names the way `import` does (not as local values).
    pub(super) fn require_import<'t>(&mut self, declarator: Node<'t>) -> bool {
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
            w.declared.insert(n.start_byte());
            if let Some(i) = &imported {
                w.import_reference(i.clone(), Some(module.clone()), n.start_byte());
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

    /// The reference an import of `name` (from `qualifier`) makes, written at byte `at`.
    pub(super) fn import_reference(&mut self, name: String, qualifier: Option<String>, at: usize) {
        let (line, column) = self.position(at);
        self.references.push(Reference {
            name,
            qualifier,
            kind: RefKind::Import,
            line,
            column,
            start_byte: u32::try_from(at).unwrap_or(u32::MAX),
            enclosing: self.enclosing(),
            arity: None,
        });
    }
}

/// The module of a `require('m')` call (JavaScript's, or Lua's, which may also be
/// written `require "m"`).
pub(super) fn require_module(g: &'static Grammar, call: Node<'_>, src: &str) -> Option<String> {
    let callee = match g.kind(call) {
        "call_expression" => "function",
        "function_call" => "name",
        _ => return None,
    };
    let f = g.child(call, callee)?;
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

/// What a CommonJS module exports whole with a top-level `module.exports = name;`.
pub(super) fn commonjs_export(program: Node<'_>, src: &str) -> Option<ModuleValue> {
    let mut c = program.walk();
    let exported = program
        .named_children(&mut c)
        .filter(|s| s.kind() == "expression_statement")
        .filter_map(|s| s.named_child(0))
        .filter(|e| e.kind() == "assignment_expression")
        .filter_map(|e| {
            Some((
                e.child_by_field_name("left")?,
                e.child_by_field_name("right")?,
            ))
        })
        .filter(|(left, right)| {
            src.get(left.byte_range()) == Some("module.exports") && right.kind() == "identifier"
        })
        .filter_map(|(_, right)| src.get(right.byte_range()))
        .last()?;
    Some(ModuleValue {
        table: Some(exported.to_string()),
        fields: Vec::new(),
    })
}

/// The package a declaration names.
pub(super) fn package_name(g: &'static Grammar, node: Node<'_>, src: &str) -> Option<String> {
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
