//! Type parameters: the `T` of `<T> T get(Class<T> c)` or `class Box<K, V>` names no
//! type of the repository or of a library, only whatever a use supplies. Resolution
//! reads the type parameters a definition declares from its header, so that a type
//! use of one is a local name (never a library or repository type that happens to share
//! it), and a method returning one says nothing of the value it returns.

use crate::facts::split_top_level;
use crate::source::is_word_byte;
use crate::symbols::Symbol;

/// Whether `sym` declares a type parameter called `name`.
pub fn declares_type_parameter(sym: &Symbol, name: &str) -> bool {
    type_parameter_lists(sym)
        .iter()
        .any(|list| parameter_names(list).any(|p| p == name))
}

/// The text of each type-parameter list `sym`'s header holds: the one right after
/// its name (`Box<K, V>`, `get<T>(`, `Map[K, V]` in Go and Scala), and, for functions,
/// one before the name (`public <T> T get(`, `fun <T> get(`).
fn type_parameter_lists(sym: &Symbol) -> Vec<&str> {
    let sig = sym.header();
    let mut lists = Vec::new();
    // C++'s `template <typename Value>` heads a class or a function, before its name
    // (a class's signature may be that line alone).
    if let Some(list) = sig
        .trim_start()
        .strip_prefix("template")
        .map(str::trim_start)
        .and_then(|t| t.strip_prefix('<'))
        .and_then(|rest| group(rest, b'<', b'>'))
    {
        lists.push(list);
    }
    let Some(at) = name_at(sig, &sym.name) else {
        let bound = name_followed_by(sig, &sym.name, |after| after.starts_with('='));
        if let Some(list) =
            bound.and_then(|at| function_value_list(sig[at + sym.name.len()..].trim_start()))
        {
            lists.push(list);
        }
        return lists;
    };
    let after = sig[at + sym.name.len()..].trim_start();
    if let Some(list) = type_parameter_list(after) {
        lists.push(list);
    } else if let Some(list) = after
        .strip_prefix('[')
        .and_then(|rest| group(rest, b'[', b']'))
    {
        lists.push(list);
    }
    // `<T>` before the name: a group that opens after a space (`public <T> T get(`,
    // not the type arguments of `Map<K, V> get(`), outside any annotation's
    // arguments.
    let head = &sig[..at];
    let opens_a_list = |&(i, _): &(usize, &str)| {
        (i == 0 || head.as_bytes()[i - 1].is_ascii_whitespace()) && !head[..i].contains(['(', '='])
    };
    if let Some((open, _)) = head.match_indices('<').find(opens_a_list) {
        if let Some(list) = group(&head[open + 1..], b'<', b'>') {
            lists.push(list);
        }
    }
    lists
}

/// The type-parameter list of a function value bound to a name, read from what follows
/// the name: `= <T, P = {}>(x: T) =>`, `= async <T>(`, `= function <Q>(q: Q)` of
/// JavaScript and TypeScript. Only a list that a parameter list follows counts: the
/// `<` of `= a < b` or of a type annotation (`: Box<T> =`) opens none.
fn function_value_list(after: &str) -> Option<&str> {
    let value = after
        .strip_prefix('=')
        .filter(|v| !v.starts_with(['=', '>']))?;
    let value = past_async(value);
    let value = match value
        .strip_prefix("function")
        .filter(|v| v.starts_with([' ', '\t', '*', '<', '(']))
    {
        Some(rest) => rest
            .trim_start()
            .trim_start_matches('*')
            .trim_start()
            .trim_start_matches(|c: char| c.is_alphanumeric() || c == '_' || c == '$')
            .trim_start(),
        None => value,
    };
    let list = type_parameter_list(value)?;
    after_type_parameters(value)?
        .trim_start()
        .starts_with('(')
        .then_some(list)
}

/// A JavaScript function value's text (what follows a binding's `=`) past its `async`
/// mark, if it has one (`async (c) =>`, `async function`), leading spaces trimmed.
pub(super) fn past_async(value: &str) -> &str {
    let value = value.trim_start();
    value
        .strip_prefix("async")
        .filter(|v| v.starts_with([' ', '\t', '(']))
        .map_or(value, str::trim_start)
}

/// Where the declared name stands in a signature: the first place where it is a whole
/// word followed by its parameters or type parameters (`(`, `<`, `[`).
pub(super) fn name_at(sig: &str, name: &str) -> Option<usize> {
    name_followed_by(sig, name, |after| after.starts_with(['(', '<', '[']))
}

/// The first place in `sig` where `name` starts a word and what follows it (spaces
/// skipped) is as `follows` wants.
pub(super) fn name_followed_by(
    sig: &str,
    name: &str,
    follows: impl Fn(&str) -> bool,
) -> Option<usize> {
    sig.match_indices(name).map(|(i, _)| i).find(|&i| {
        (i == 0 || !is_word_byte(sig.as_bytes()[i - 1]))
            && follows(sig[i + name.len()..].trim_start())
    })
}

/// What follows the `(` that opens the parameter list after `name` in header `sig`
/// (past type parameters written between them: `get<T extends A<B>>(`).
pub(super) fn after_parameters_open<'s>(sig: &'s str, name: &str) -> Option<&'s str> {
    sig.match_indices(name)
        .filter_map(|(i, _)| after_type_parameters(&sig[i + name.len()..]))
        .find_map(|tail| tail.strip_prefix('('))
}

/// What follows the type-parameter list `tail` starts with (`<T, F: Fn() -> T>`,
/// `<R = () => T>`: an arrow's `>` closes nothing), or `tail` itself when it starts
/// with none; `None` when the list never closes.
pub(super) fn after_type_parameters(tail: &str) -> Option<&str> {
    let Some(list) = tail.strip_prefix('<') else {
        return Some(tail);
    };
    let bytes = list.as_bytes();
    let mut depth = 1usize;
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'<' => depth += 1,
            b'>' if i > 0 && matches!(bytes[i - 1], b'=' | b'-') => {}
            b'>' => {
                depth -= 1;
                if depth == 0 {
                    return Some(&list[i + 1..]);
                }
            }
            _ => {}
        }
    }
    None
}

/// The inside of the type-parameter list `tail` starts with (`F: Fn() -> T, T` of
/// `<F: Fn() -> T, T>(f: F)`), if it starts with one that closes.
pub(super) fn type_parameter_list(tail: &str) -> Option<&str> {
    let list = tail.strip_prefix('<')?;
    let after = after_type_parameters(tail)?;
    Some(&list[..list.len() - after.len() - 1])
}

/// The text up to the bracket closing one already open (`rest` follows the opening
/// one); `None` when it never closes.
pub(super) fn group(rest: &str, open: u8, close: u8) -> Option<&str> {
    let mut depth = 1usize;
    for (i, b) in rest.bytes().enumerate() {
        if b == open {
            depth += 1;
        } else if b == close {
            depth -= 1;
            if depth == 0 {
                return Some(&rest[..i]);
            }
        }
    }
    None
}

/// The entries of a comma-separated list: split at the commas outside the brackets
/// `opens` and `closes` (pairs by position), with whether those brackets balance. The
/// `>` of an arrow (`->`, `=>`) closes nothing.
pub(super) fn top_level_entries<'a>(
    list: &'a str,
    opens: &[u8],
    closes: &[u8],
) -> (Vec<&'a str>, bool) {
    split_top_level(list, b',', opens, closes)
}

/// The names a type-parameter list declares: the first word of each of its top-level
/// entries, past variance and other marks (`out T`, `in T`, `+A`, `reified T`,
/// `const N: usize`); lifetimes (`'a`) declare no type.
fn parameter_names(list: &str) -> impl Iterator<Item = &str> {
    let (entries, _) = top_level_entries(list, b"<([{", b">)]}");
    entries.into_iter().filter_map(|entry| {
        entry
            .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$' || c == '\''))
            .filter(|w| !w.is_empty())
            .find(|w| {
                !matches!(
                    *w,
                    "in" | "out" | "reified" | "const" | "type" | "typename" | "class"
                )
            })
            .filter(|w| !w.starts_with('\''))
    })
}

/// A definition with just a language, name, kind and signature, for the tests of the
/// modules that read signatures.
#[cfg(test)]
pub(super) fn signed(
    language: &'static str,
    name: &str,
    kind: crate::symbols::Kind,
    signature: &str,
) -> Symbol {
    let path = std::path::Path::new("x");
    Symbol {
        id: crate::symbols::make_id(path, name, kind),
        name: name.to_string(),
        qualified_name: name.to_string(),
        kind,
        language,
        path: path.into(),
        line: 1,
        start_line: 1,
        end_line: 1,
        start_byte: 0,
        end_byte: 0,
        signature: signature.to_string(),
        long_header: None,
        doc: None,
        parent: None,
        name_byte: 0,
        incomplete: false,
        bodiless: false,
        type_level: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbols::Kind;

    #[test]
    fn type_parameters_are_read_before_and_after_the_name() {
        let m = signed(
            "java",
            "getBean",
            Kind::Method,
            "public <T extends Map<K, V>, U> T getBean(Class<T> t) {",
        );
        assert!(declares_type_parameter(&m, "T"));
        assert!(declares_type_parameter(&m, "U"));
        assert!(!declares_type_parameter(&m, "K"));
        assert!(!declares_type_parameter(&m, "Class"));
        let c = signed(
            "java",
            "Box",
            Kind::Class,
            "public class Box<K, V extends Comparable<V>> implements Map<K, V> {",
        );
        assert!(declares_type_parameter(&c, "K") && declares_type_parameter(&c, "V"));
        assert!(!declares_type_parameter(&c, "Comparable"));
        let k = signed(
            "kotlin",
            "get",
            Kind::Function,
            "inline fun <reified T : Any> get(): T {",
        );
        assert!(declares_type_parameter(&k, "T"));
        let v = signed("kotlin", "Box", Kind::Class, "class Box<out T>(val t: T) {");
        assert!(declares_type_parameter(&v, "T"));
        let g = signed(
            "go",
            "Map",
            Kind::Function,
            "func Map[K comparable, V any](m map[K]V) []V {",
        );
        assert!(declares_type_parameter(&g, "K") && declares_type_parameter(&g, "V"));
        let r = signed(
            "rust",
            "get",
            Kind::Function,
            "pub fn get<'a, T: Into<String>>(x: &'a T) -> T {",
        );
        assert!(declares_type_parameter(&r, "T"));
        assert!(!declares_type_parameter(&r, "a"));
        // A closure bound's arrow closes nothing: the parameters after it are read.
        let arrow = signed(
            "rust",
            "fetch",
            Kind::Function,
            "fn fetch<F: Fn(u8) -> Output, Output>(f: F) -> Output {",
        );
        assert!(declares_type_parameter(&arrow, "F") && declares_type_parameter(&arrow, "Output"));
        let plain = signed(
            "java",
            "run",
            Kind::Method,
            "@Cached(key = \"<T>\") public void run(List<T> xs) {",
        );
        assert!(!declares_type_parameter(&plain, "T"));
        let typed = signed(
            "java",
            "names",
            Kind::Method,
            "public Map<String, Foo> names() {",
        );
        assert!(!declares_type_parameter(&typed, "Foo"));
        // A function value bound to a name declares what its own list does.
        let arrow = signed(
            "typescript",
            "forwardRef",
            Kind::Function,
            "export const forwardRef = <T, P = {}>(c: (p: P) => T): T => {",
        );
        assert!(declares_type_parameter(&arrow, "T") && declares_type_parameter(&arrow, "P"));
        let expression = signed(
            "typescript",
            "h",
            Kind::Function,
            "const h = async function* named<Q>(q: Q) {",
        );
        assert!(declares_type_parameter(&expression, "Q"));
        let compared = signed(
            "typescript",
            "f",
            Kind::Function,
            "const f = a < b && c > (d)",
        );
        assert!(!declares_type_parameter(&compared, "b"));
        let none = signed("java", "size", Kind::Method, "int size() {");
        assert!(!declares_type_parameter(&none, "T"));
    }
}
