//! Import statements and `require` calls as the walk meets them, and the package a
//! file declares.

use tree_sitter::Node;

use super::Walk;
use crate::facts::grammar::Grammar;
use crate::facts::{imports, RefKind, Reference};

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
}

/// The module of a `require('m')` call.
pub(super) fn require_module(g: &'static Grammar, call: Node<'_>, src: &str) -> Option<String> {
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
