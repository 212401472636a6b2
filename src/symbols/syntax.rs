//! Reading calls, imports, comments and strings off a syntax tree, the same way for
//! every language, from the node kinds of the registry (`call_kinds`, `import_kinds`,
//! `comment_kinds`, `string_kinds`) and the field names grammars share.

use tree_sitter::Node;

use super::Symbol;
use crate::lang::Language;

/// Fields that hold the called expression as a whole (`f`, `self.db.query`).
const CALLEE_FIELDS: &[&str] = &["function", "constructor", "type", "macro"];
/// Fields that hold a called method's name, with the receiver in [`RECEIVER_FIELDS`].
const NAME_FIELDS: &[&str] = &["name", "method"];
const RECEIVER_FIELDS: &[&str] = &["object", "receiver", "scope", "expression"];
/// Fields and kinds that hold a call's arguments.
const ARGUMENT_FIELDS: &[&str] = &["arguments", "args", "argument"];
/// Nodes inside a string that are code again (`${f()}`, `#{f}`, `{f()}`).
const INTERPOLATIONS: &[&str] = &[
    "template_substitution",
    "interpolation",
    "string_interpolation",
    "interpolated_expression",
    "line_str_text_interpolation",
    "template_interpolation",
];

/// The longest callee or import text kept.
const MAX_NAME: usize = 160;

/// A call's callee: the node naming what is called (its end is where the called
/// name ends) and the text to show, receiver kept (`self.db.query`).
pub struct Callee<'t> {
    pub name_node: Node<'t>,
    pub text: String,
}

pub fn callee<'t>(call: Node<'t>, src: &str) -> Option<Callee<'t>> {
    for f in CALLEE_FIELDS {
        if let Some(n) = call.child_by_field_name(f) {
            return Some(Callee {
                name_node: n,
                text: compact(text(n, src)),
            });
        }
    }
    for f in NAME_FIELDS {
        if let Some(n) = call.child_by_field_name(f) {
            let receiver = RECEIVER_FIELDS
                .iter()
                .find_map(|r| call.child_by_field_name(r))
                .filter(|r| r.end_byte() <= n.start_byte());
            let t = match receiver {
                Some(r) => format!("{}.{}", text(r, src), text(n, src)),
                None => text(n, src).to_string(),
            };
            return Some(Callee {
                name_node: n,
                text: compact(&t),
            });
        }
    }
    // Kotlin, Swift: the callee is the first child, the arguments follow.
    let n = call.named_child(0)?;
    Some(Callee {
        name_node: n,
        text: compact(text(n, src)),
    })
}

/// Where a call's arguments start (None when it has none).
pub fn arguments_start(call: Node<'_>) -> Option<usize> {
    for f in ARGUMENT_FIELDS {
        if let Some(n) = call.child_by_field_name(f) {
            return Some(n.start_byte());
        }
    }
    let mut c = call.walk();
    let found = call
        .named_children(&mut c)
        .skip(1)
        .find(|n| n.kind().contains("argument") || n.kind() == "call_suffix")
        .map(|n| n.start_byte());
    found
}

/// The name an import brings in: the module or path it names (`os.path`, `./db`,
/// `stdio.h`, `java.util.List`).
pub fn import_names(node: Node<'_>, src: &str) -> Vec<String> {
    // Python `from app.db import query, close` → app.db.query, app.db.close.
    if node.kind() == "import_from_statement" {
        if let Some(module) = node.child_by_field_name("module_name") {
            let m = text(module, src);
            let mut c = node.walk();
            let names: Vec<String> = node
                .children_by_field_name("name", &mut c)
                .map(|n| {
                    let n = n.child_by_field_name("name").unwrap_or(n);
                    format!("{m}.{}", text(n, src))
                })
                .collect();
            if !names.is_empty() {
                return names;
            }
            return vec![m.to_string()];
        }
    }
    if node.kind() == "import_statement" {
        let mut c = node.walk();
        let names: Vec<String> = node
            .children_by_field_name("name", &mut c)
            .map(|n| {
                let n = n.child_by_field_name("name").unwrap_or(n);
                text(n, src).to_string()
            })
            .collect();
        if !names.is_empty() {
            return names;
        }
    }
    for f in ["source", "path", "module_name", "name"] {
        if let Some(n) = node.child_by_field_name(f) {
            return vec![clean_module(text(n, src))];
        }
    }
    let t = text(node, src);
    let t = t
        .trim_start_matches("import")
        .trim_start_matches("#include")
        .trim_start_matches("using")
        .trim_end_matches(';');
    vec![clean_module(t)]
}

fn clean_module(s: &str) -> String {
    compact(
        s.trim()
            .trim_matches(['"', '\'', '<', '>', '`', ';'])
            .trim(),
    )
}

/// The last component of a module path, without extension: the file stem an import
/// most likely refers to (`app.db` → `db`, `./lib/db.js` → `db`, `stdio.h` → `stdio`).
pub fn module_stem(module: &str) -> Option<String> {
    let m = module.trim_end_matches(['/', '\\']);
    let last = m.rsplit(['/', '\\']).next().unwrap_or(m);
    let last = strip_known_extension(last);
    let last = last.rsplit(['.', ':']).next().unwrap_or(last);
    (!last.is_empty() && last != "*").then(|| last.to_string())
}

fn strip_known_extension(s: &str) -> &str {
    for ext in [
        ".js", ".ts", ".tsx", ".jsx", ".mjs", ".py", ".h", ".hpp", ".go", ".rb", ".php",
    ] {
        if let Some(stem) = s.strip_suffix(ext) {
            return stem;
        }
    }
    s
}

/// The last name of a callee (`self.db.query` → `query`, `ns::f` → `f`).
pub fn last_segment(callee: &str) -> String {
    let s = super::extract::strip_generics(callee.trim_start_matches("new ").trim());
    let s = s.split(['(', '[']).next().unwrap_or(&s);
    s.rsplit(['.', ':', '>', '-', ' ', '\\'])
        .find(|p| !p.is_empty())
        .unwrap_or(s)
        .to_string()
}

/// Whether the node lies in a comment or a string (not in an interpolation of one).
pub fn in_comment_or_string(node: Node<'_>, lang: &Language) -> bool {
    let mut cur = Some(node);
    while let Some(n) = cur {
        let k = n.kind();
        if INTERPOLATIONS.contains(&k) {
            return false;
        }
        if lang.comment_kinds.contains(&k) || lang.string_kinds.contains(&k) {
            return true;
        }
        cur = n.parent();
    }
    false
}

/// The nearest ancestor (or the node itself) whose kind is in `kinds`.
pub fn ancestor_of_kind<'t>(node: Node<'t>, kinds: &[&str]) -> Option<Node<'t>> {
    let mut cur = Some(node);
    while let Some(n) = cur {
        if kinds.contains(&n.kind()) {
            return Some(n);
        }
        cur = n.parent();
    }
    None
}

/// The innermost symbol whose byte range contains `offset` (the caller).
pub fn enclosing_symbol(symbols: &[Symbol], offset: usize) -> Option<&Symbol> {
    symbols
        .iter()
        .filter(|s| s.start_byte <= offset && offset < s.end_byte)
        .min_by_key(|s| (s.end_byte - s.start_byte, std::cmp::Reverse(s.start_byte)))
}

pub fn text<'a>(node: Node<'_>, src: &'a str) -> &'a str {
    src.get(node.byte_range()).unwrap_or("")
}

/// Whitespace collapsed and length bounded (a callee may span lines).
pub fn compact(s: &str) -> String {
    let mut out = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if out.len() > MAX_NAME {
        let mut end = MAX_NAME;
        while !out.is_char_boundary(end) {
            end -= 1;
        }
        out.truncate(end);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn module_stems_name_the_likely_file() {
        assert_eq!(module_stem("app.db").as_deref(), Some("db"));
        assert_eq!(module_stem("./lib/db.js").as_deref(), Some("db"));
        assert_eq!(module_stem("stdio.h").as_deref(), Some("stdio"));
        assert_eq!(module_stem("java.util.List").as_deref(), Some("List"));
        assert_eq!(module_stem("github.com/x/store").as_deref(), Some("store"));
    }

    #[test]
    fn last_segments_drop_receivers_and_generics() {
        assert_eq!(last_segment("self.db.query"), "query");
        assert_eq!(last_segment("ns::f"), "f");
        assert_eq!(last_segment("new Foo"), "Foo");
        assert_eq!(last_segment("Vec<T>::new"), "new");
        assert_eq!(last_segment("p->run"), "run");
    }
}
