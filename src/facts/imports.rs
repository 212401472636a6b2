//! Imports: what an `import`, `use`, `using`, `#include` or `require` brings into a
//! file, read off its syntax node into one shape for every language.
//!
//! Grammars disagree on how they spell an import, but the statements themselves are
//! short and regular, so the dotted-path languages (Java, Kotlin, Scala, Groovy, C#,
//! Rust, PHP, Swift, C++ `using`) are read from the statement's text; Python,
//! JavaScript/TypeScript, Go and C/C++ includes, whose statements carry strings, aliases
//! and name lists in fields, are read from the tree.

use tree_sitter::Node;

/// One imported module, or one name imported from a module.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Import {
    /// The module, package, namespace, header or path as written, without quotes:
    /// `java.util`, `os.path`, `./db`, `github.com/x/y/pkg`, `stdio.h`, `..models`.
    pub module: String,
    /// The member imported from `module` (`Map` in `import java.util.Map`); `None` when
    /// the whole module is imported.
    pub name: Option<String>,
    /// The local name it is bound to when the import renames it
    /// (`import numpy as np`, `import {a as b}`, Go `import f "fmt"`).
    pub alias: Option<String>,
    /// Every public name of `module` is imported (`a.b.*`, `from m import *`,
    /// `using namespace std`, C# `using System.Text`).
    pub wildcard: bool,
    /// Java/Groovy `import static`, C# `using static`: members of a type.
    pub is_static: bool,
    /// C/C++ `#include <...>`: searched on the system paths first.
    pub system: bool,
    /// C#'s `global using`: it holds in every file of the project, not only its own.
    pub global: bool,
    /// 1-based line of the statement.
    pub line: u32,
    /// Byte offset of the imported name (or module) in the file.
    pub start_byte: u32,
}

impl Import {
    /// The local name this import makes usable, if any: the alias, the imported member,
    /// or the module's name (Python `import a.b` binds `a`; Go binds the package's last
    /// path element; JS default and namespace imports always carry their alias).
    pub fn bound_name(&self) -> Option<&str> {
        if let Some(a) = &self.alias {
            return Some(a);
        }
        if let Some(n) = &self.name {
            return Some(n);
        }
        if self.wildcard || self.system {
            return None;
        }
        let m = self.module.trim_matches(['"', '\'']);
        if m.ends_with(".h") || m.ends_with(".hpp") || m.starts_with('.') || m.contains('/') {
            // Paths bind nothing by themselves, except Go import paths (handled by
            // `go_package_name`).
            return None;
        }
        m.split(['.', ':']).find(|s| !s.is_empty())
    }
}

/// Go: the package name an import path binds (its last element, without a major
/// version suffix such as `/v2`).
pub fn go_package_name(path: &str) -> &str {
    let mut parts = path.rsplit('/');
    let last = parts.next().unwrap_or(path);
    let is_version =
        last.len() > 1 && last.starts_with('v') && last[1..].chars().all(|c| c.is_ascii_digit());
    let name = if is_version {
        parts.next().unwrap_or(last)
    } else {
        last
    };
    name.strip_prefix("go-").unwrap_or(name)
}

fn text<'a>(n: Node<'_>, src: &'a str) -> &'a str {
    src.get(n.byte_range()).unwrap_or("")
}

fn unquote(s: &str) -> String {
    s.trim()
        .trim_matches(['"', '\'', '`', '<', '>'])
        .trim()
        .to_string()
}

fn line_of(n: Node<'_>) -> u32 {
    u32::try_from(n.start_position().row + 1).unwrap_or(u32::MAX)
}

fn byte_of(n: Node<'_>) -> u32 {
    u32::try_from(n.start_byte()).unwrap_or(u32::MAX)
}

/// An import of `module` written at `node`, naming nothing in particular yet.
pub(super) fn base(node: Node<'_>, module: String) -> Import {
    Import {
        module,
        name: None,
        alias: None,
        wildcard: false,
        is_static: false,
        system: false,
        global: false,
        line: line_of(node),
        start_byte: byte_of(node),
    }
}

/// The imports one import node makes, per the language's grammar.
pub fn read(lang: &str, node: Node<'_>, src: &str) -> Vec<Import> {
    match (lang, node.kind()) {
        ("python", "import_statement") => python_import(node, src),
        ("python", "import_from_statement") => python_from(node, src),
        (_, "import_statement") if matches!(lang, "javascript" | "typescript" | "tsx") => {
            js_import(node, src)
        }
        _ if is_reexport(lang, node) => js_reexport(node, src),
        ("go", "import_spec") => go_import(node, src),
        (_, "preproc_include") => include(node, src),
        ("rust", _) => rust_use(node, src),
        ("php", _) => dotted_text(node, src, "\\"),
        ("scala", _) => scala_import(node, src),
        ("cpp", "using_declaration") => cpp_using(node, src),
        ("css", _) => Vec::new(),
        _ => dotted_text(node, src, "."),
    }
}

/// Java, Kotlin, Scala, Groovy, C#, Swift, PHP: `import [static] a.b.C [as D];`,
/// `import a.b.*`, `using [static] A.B;`, `using X = A.B;`, `use A\B\C as D;`.
fn dotted_text(node: Node<'_>, src: &str, sep: &str) -> Vec<Import> {
    let raw = text(node, src);
    let mut words: Vec<&str> = raw
        .trim_end_matches(';')
        .split_whitespace()
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() {
        return Vec::new();
    }
    // The statement's keyword.
    let global = words[0] == "global" && node.kind() == "using_directive";
    if matches!(words[0], "import" | "using" | "use" | "global") {
        words.remove(0);
    }
    if words.first() == Some(&"using") {
        words.remove(0);
    }
    let mut is_static = false;
    if words.first() == Some(&"static") {
        is_static = true;
        words.remove(0);
    }
    // Swift `import struct A.B`, PHP `use function A\f`.
    if words.len() > 1
        && matches!(
            words[0],
            "struct"
                | "class"
                | "enum"
                | "protocol"
                | "func"
                | "typealias"
                | "var"
                | "let"
                | "function"
                | "const"
        )
    {
        words.remove(0);
    }
    let joined = words.join(" ");
    // PHP's `use A\{B, C as D};` and `use A\B, C\D;`: one import per name.
    if sep == "\\" && joined.contains(['{', ',']) {
        return php_use_items(&joined)
            .iter()
            .filter_map(|item| one_import(node, src, sep, is_static, item))
            .collect();
    }
    one_import(node, src, sep, is_static, &joined)
        .into_iter()
        .map(|imp| Import { global, ..imp })
        .collect()
}

/// Scala: `import a.b.C`, `import a.b._` and `import a.b.*` (every member of `a.b`),
/// `import a.b.{C, D => E, F => _, _}` (names of one path: renamed, hidden, the rest),
/// Scala 3's `import a.b.C as D`, and several clauses in one statement (`import a.B,
/// c.D`).
fn scala_import(node: Node<'_>, src: &str) -> Vec<Import> {
    let raw = text(node, src).trim();
    let raw = raw.strip_prefix("import").unwrap_or(raw);
    let mut out = Vec::new();
    let mut push = |module: &str, name: Option<&str>, alias: Option<&str>| {
        // `_root_.a.b` is `a.b` from the top, whatever the file's packages hold.
        let module = module.trim().trim_end_matches('.');
        let module = module.strip_prefix("_root_.").unwrap_or(module);
        if module.is_empty() {
            return;
        }
        let mut imp = base(node, module.to_string());
        match name {
            Some("_" | "*") => imp.wildcard = true,
            Some(n) => imp.name = Some(n.to_string()),
            None => {}
        }
        imp.alias = alias.map(str::to_string);
        imp.start_byte = name_offset(node, src, name.unwrap_or(module));
        out.push(imp);
    };
    for clause in top_level_commas(raw) {
        let clause: String = clause.split_whitespace().collect::<Vec<_>>().join(" ");
        if let Some((prefix, selectors)) = clause.split_once('{') {
            for selector in selectors.trim_end_matches('}').split(',') {
                let selector = selector.trim();
                let renamed = selector
                    .split_once("=>")
                    .or_else(|| selector.split_once(" as "));
                match renamed {
                    // Hidden: `C => _`.
                    Some((_, to)) if to.trim() == "_" => {}
                    Some((from, to)) => push(prefix, Some(from.trim()), Some(to.trim())),
                    None if selector.is_empty() || selector.starts_with("given") => {}
                    None => push(prefix, Some(selector), None),
                }
            }
            continue;
        }
        let (path, alias) = match clause.split_once(" as ") {
            Some((path, alias)) => (path.trim(), Some(alias.trim())),
            None => (clause.trim(), None),
        };
        match path.rsplit_once('.') {
            Some((module, name)) => push(module, Some(name), alias),
            None => push(path, None, alias),
        }
    }
    out
}

/// `text` split at the commas outside braces.
fn top_level_commas(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

/// The names of a PHP `use` statement that lists several, each as its own statement
/// would write it (`A\B`, `A\C as D`): a group's prefix goes in front of each of its
/// names; a `function` or `const` inside a group is dropped, as in front of a path.
fn php_use_items(listed: &str) -> Vec<String> {
    let (prefix, names) = match listed.split_once('{') {
        Some((prefix, rest)) => (
            prefix.trim().trim_end_matches('\\'),
            rest.split('}').next().unwrap_or(""),
        ),
        None => ("", listed),
    };
    names
        .split(',')
        .map(|item| {
            let item = item.trim();
            let item = item
                .strip_prefix("function ")
                .or_else(|| item.strip_prefix("const "))
                .unwrap_or(item)
                .trim();
            if prefix.is_empty() {
                item.to_string()
            } else {
                format!("{prefix}\\{item}")
            }
        })
        .filter(|item| !item.ends_with('\\') && !item.is_empty())
        .collect()
}

/// The import one path (with its alias) of an import statement names.
fn one_import(
    node: Node<'_>,
    src: &str,
    sep: &str,
    is_static: bool,
    joined: &str,
) -> Option<Import> {
    // C# alias form `X = A.B`.
    let (alias, path) = match joined.split_once('=') {
        Some((a, p)) => (Some(a.trim().to_string()), p.trim().to_string()),
        None => match joined.split_once(" as ") {
            Some((p, a)) => (Some(a.trim().to_string()), p.trim().to_string()),
            None => (None, joined.trim().to_string()),
        },
    };
    let path = path
        .trim_matches(['{', '}', ' ', ';'])
        .trim_start_matches(sep);
    if path.is_empty() || path.contains(['{', '(', ',']) {
        return None;
    }
    let mut imp = base(node, String::new());
    imp.is_static = is_static;
    imp.alias = alias;
    imp.start_byte = name_offset(node, src, path.rsplit(sep).next().unwrap_or(path));
    if let Some(module) = path.strip_suffix(&format!("{sep}*")) {
        imp.module = module.to_string();
        imp.wildcard = true;
        return Some(imp);
    }
    let is_csharp_namespace = node.kind() == "using_directive" && imp.alias.is_none();
    match path.rsplit_once(sep) {
        // C#'s `using A.B;` imports a namespace's members, like a wildcard.
        _ if is_csharp_namespace => {
            imp.module = path.to_string();
            imp.wildcard = true;
        }
        Some((module, name)) => {
            imp.module = module.to_string();
            imp.name = Some(name.to_string());
        }
        None => imp.module = path.to_string(),
    }
    Some(imp)
}

/// Where `word` appears last in the node's text, as a file offset (for the column).
fn name_offset(node: Node<'_>, src: &str, word: &str) -> u32 {
    let t = text(node, src);
    let at = t.rfind(word).map_or(0, |i| i);
    u32::try_from(node.start_byte() + at).unwrap_or(u32::MAX)
}

/// A name in a Python import list, with its alias: `a.b` or `a.b as c`.
fn python_name(n: Node<'_>, src: &str) -> Option<(String, Option<String>)> {
    if n.kind() != "aliased_import" {
        return Some((text(n, src).to_string(), None));
    }
    let name = n.child_by_field_name("name")?;
    let alias = n.child_by_field_name("alias")?;
    Some((
        text(name, src).to_string(),
        Some(text(alias, src).to_string()),
    ))
}

fn python_import(node: Node<'_>, src: &str) -> Vec<Import> {
    let mut c = node.walk();
    let names: Vec<Node<'_>> = node.children_by_field_name("name", &mut c).collect();
    names
        .into_iter()
        .filter_map(|n| {
            let (module, alias) = python_name(n, src)?;
            let mut imp = base(n, module);
            imp.alias = alias;
            Some(imp)
        })
        .collect()
}

fn python_from(node: Node<'_>, src: &str) -> Vec<Import> {
    let Some(module) = node.child_by_field_name("module_name") else {
        return Vec::new();
    };
    let module_text: String = text(module, src).split_whitespace().collect();
    let mut c = node.walk();
    let names: Vec<Node<'_>> = node.children_by_field_name("name", &mut c).collect();
    let mut out: Vec<Import> = names
        .into_iter()
        .filter_map(|n| {
            let (name, alias) = python_name(n, src)?;
            let mut imp = base(n, module_text.clone());
            imp.name = Some(name);
            imp.alias = alias;
            Some(imp)
        })
        .collect();
    let mut c = node.walk();
    if node
        .named_children(&mut c)
        .any(|n| n.kind() == "wildcard_import")
    {
        let mut imp = base(node, module_text);
        imp.wildcard = true;
        out.push(imp);
    }
    out
}

fn js_import(node: Node<'_>, src: &str) -> Vec<Import> {
    let Some(source) = node.child_by_field_name("source") else {
        return Vec::new();
    };
    let module = unquote(text(source, src));
    let mut out = Vec::new();
    let mut c = node.walk();
    let clause = node
        .named_children(&mut c)
        .find(|n| n.kind() == "import_clause");
    let Some(clause) = clause else {
        // `import './side-effects'`.
        let mut imp = base(source, module);
        imp.wildcard = false;
        return vec![imp];
    };
    let mut c = clause.walk();
    for part in clause.named_children(&mut c) {
        match part.kind() {
            "identifier" => {
                let mut imp = base(part, module.clone());
                imp.name = Some("default".into());
                imp.alias = Some(text(part, src).to_string());
                out.push(imp);
            }
            "namespace_import" => out.push(namespace(part, module.clone(), src)),
            "named_imports" => specified(part, &module, src, &mut out),
            _ => {}
        }
    }
    out
}

/// `export { a, b as c } from "./m"`, `export * as ns from "./m"`, `export * from
/// "./m"`: what a module passes on from another, read as its imports of it (`export *`
/// as a wildcard import without a name of its own).
fn js_reexport(node: Node<'_>, src: &str) -> Vec<Import> {
    let Some(source) = node.child_by_field_name("source") else {
        return Vec::new();
    };
    let module = unquote(text(source, src));
    let mut c = node.walk();
    for part in node.named_children(&mut c) {
        match part.kind() {
            "export_clause" => {
                let mut out = Vec::new();
                specified(part, &module, src, &mut out);
                return out;
            }
            "namespace_export" => return vec![namespace(part, module, src)],
            _ => {}
        }
    }
    let mut imp = base(source, module);
    imp.wildcard = true;
    vec![imp]
}

/// Whether `node` is a JavaScript or TypeScript re-export (`export .. from "./m"`),
/// which [`read`] reads as imports.
pub fn is_reexport(lang: &str, node: Node<'_>) -> bool {
    matches!(lang, "javascript" | "typescript" | "tsx")
        && node.kind() == "export_statement"
        && node.child_by_field_name("source").is_some()
}

/// The names a list of specifiers (`{ a, b as c }` of an import or a re-export)
/// takes from `module`, each with the name it is bound to when renamed.
fn specified(list: Node<'_>, module: &str, src: &str, out: &mut Vec<Import>) {
    let mut c = list.walk();
    for spec in list
        .named_children(&mut c)
        .filter(|s| s.kind().ends_with("_specifier"))
    {
        let Some(name) = spec.child_by_field_name("name") else {
            continue;
        };
        let mut imp = base(name, module.to_string());
        imp.name = Some(unquote(text(name, src)));
        imp.alias = spec
            .child_by_field_name("alias")
            .map(|a| unquote(text(a, src)));
        out.push(imp);
    }
}

/// `* as ns` of an import or a re-export: every name of `module`, under `ns`.
fn namespace(part: Node<'_>, module: String, src: &str) -> Import {
    let mut imp = base(part, module);
    imp.wildcard = true;
    let mut c = part.walk();
    imp.alias = part
        .named_children(&mut c)
        .next()
        .map(|n| unquote(text(n, src)));
    imp
}

fn go_import(node: Node<'_>, src: &str) -> Vec<Import> {
    let Some(path) = node.child_by_field_name("path") else {
        return Vec::new();
    };
    let mut imp = base(path, unquote(text(path, src)));
    match node.child_by_field_name("name") {
        Some(n) if n.kind() == "dot" => imp.wildcard = true,
        Some(n) if n.kind() == "blank_identifier" => return Vec::new(),
        Some(n) => imp.alias = Some(text(n, src).to_string()),
        None => imp.alias = Some(go_package_name(&imp.module).to_string()),
    }
    vec![imp]
}

fn include(node: Node<'_>, src: &str) -> Vec<Import> {
    let Some(path) = node.child_by_field_name("path") else {
        return Vec::new();
    };
    let mut imp = base(path, unquote(text(path, src)));
    imp.system = path.kind() == "system_lib_string";
    vec![imp]
}

fn cpp_using(node: Node<'_>, src: &str) -> Vec<Import> {
    let t = text(node, src);
    let is_namespace = t.split_whitespace().nth(1) == Some("namespace");
    let path = t
        .trim_end_matches(';')
        .split_whitespace()
        .last()
        .unwrap_or("")
        .trim_start_matches("::");
    if path.is_empty() {
        return Vec::new();
    }
    let mut imp = base(node, String::new());
    imp.start_byte = name_offset(node, src, path.rsplit("::").next().unwrap_or(path));
    if is_namespace {
        imp.module = path.to_string();
        imp.wildcard = true;
    } else if let Some((m, n)) = path.rsplit_once("::") {
        imp.module = m.to_string();
        imp.name = Some(n.to_string());
    } else {
        imp.module = path.to_string();
    }
    vec![imp]
}

/// Rust `use a::b::{c, d as e, f::*};`, `use a::b;`, `extern crate x;`.
fn rust_use(node: Node<'_>, src: &str) -> Vec<Import> {
    let t: String = text(node, src)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let t = t.trim_end_matches(';');
    let t = t
        .trim_start_matches("pub(crate) ")
        .trim_start_matches("pub ")
        .trim_start_matches("use ")
        .trim_start_matches("extern crate ");
    let mut out = Vec::new();
    let whole = text(node, src);
    let mut cursor = 0;
    let mut push = |path: &str| {
        let path = path.trim();
        if path.is_empty() {
            return;
        }
        let (path, alias) = match path.split_once(" as ") {
            Some((p, a)) => (p.trim(), Some(a.trim().to_string())),
            None => (path, None),
        };
        let mut imp = base(node, String::new());
        imp.alias = alias.filter(|a| a != "_");
        if let Some(m) = path.strip_suffix("::*") {
            imp.module = m.to_string();
            imp.wildcard = true;
        } else if let Some((m, n)) = path.rsplit_once("::") {
            imp.module = m.to_string();
            imp.name = Some(n.to_string());
        } else {
            imp.module = path.to_string();
        }
        // The names come in the order the text holds them: each is looked for after
        // the last one (a group of a hundred thousand names stays linear).
        let word = imp.name.as_deref().unwrap_or(imp.module.as_str());
        let at = match whole.get(cursor..).and_then(|rest| rest.find(word)) {
            Some(i) => {
                cursor += i + word.len();
                cursor - word.len()
            }
            None => whole.rfind(word).unwrap_or(0),
        };
        imp.start_byte = u32::try_from(node.start_byte() + at).unwrap_or(u32::MAX);
        out.push(imp);
    };
    for path in use_paths(t, 0) {
        push(&path);
    }
    out
}

/// How deep groups inside groups are expanded; a deeper one is read as one path.
const MAX_USE_DEPTH: usize = 16;

/// The paths a use tree names, its groups expanded (`a::{b, c::{d, self}}` is `a::b`,
/// `a::c::d` and `a::c`), `depth` levels down already.
fn use_paths(tree: &str, depth: usize) -> Vec<String> {
    let tree = tree.trim();
    let Some((prefix, rest)) = tree.split_once('{').filter(|_| depth < MAX_USE_DEPTH) else {
        return vec![tree.to_string()];
    };
    let prefix = prefix.trim().trim_end_matches("::");
    let inner = rest.trim_end().strip_suffix('}').unwrap_or(rest);
    let mut out = Vec::new();
    for part in split_top_level(inner) {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        for path in use_paths(part, depth + 1) {
            out.push(match (prefix.is_empty(), path.as_str()) {
                (true, _) => path,
                (false, "self") => prefix.to_string(),
                (false, _) => match path.strip_prefix("self ") {
                    // `{self as x}`
                    Some(alias) => format!("{prefix} {alias}"),
                    None => format!("{prefix}::{path}"),
                },
            });
        }
    }
    out
}

fn split_top_level(s: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut depth = 0usize;
    let mut cur = String::new();
    for ch in s.chars() {
        match ch {
            '{' => {
                depth += 1;
                cur.push(ch);
            }
            '}' => {
                depth = depth.saturating_sub(1);
                cur.push(ch);
            }
            ',' if depth == 0 => parts.push(std::mem::take(&mut cur)),
            _ => cur.push(ch),
        }
    }
    parts.push(cur);
    parts
}

#[cfg(test)]
mod tests {
    use super::go_package_name;

    #[test]
    fn rust_use_groups_expand_at_every_level() {
        assert_eq!(
            super::use_paths(
                "crate::{runtime::{Handle, self}, task::JoinHandle as J, io}",
                0
            ),
            [
                "crate::runtime::Handle",
                "crate::runtime",
                "crate::task::JoinHandle as J",
                "crate::io"
            ]
        );
        assert_eq!(super::use_paths("a::b", 0), ["a::b"]);
        assert_eq!(super::use_paths("{a, b::c}", 0), ["a", "b::c"]);
        // Groups nested past the bound are one (unusable) path, not a deep recursion.
        let deep = format!("{}x{}", "a::{".repeat(10_000), "}".repeat(10_000));
        assert_eq!(super::use_paths(&deep, 0).len(), 1);
    }

    #[test]
    fn go_package_names_drop_major_versions() {
        assert_eq!(go_package_name("github.com/a/b/v2"), "b");
        assert_eq!(go_package_name("net/http"), "http");
        assert_eq!(go_package_name("fmt"), "fmt");
        assert_eq!(go_package_name("github.com/x/go-yaml"), "yaml");
    }
}
