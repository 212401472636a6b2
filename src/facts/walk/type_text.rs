//! Types as written: a qualifier and a name out of a type's text, and the element type
//! of a collection or array type.

/// `(qualifier, simple name)` of a written type: `java.util.Map<K, V>` →
/// (`java.util`, `Map`); `*pkg.T` → (`pkg`, `T`); `List[int]` → (None, `List`).
/// An array (`Item[]`, `List<Item>[]`, Java's `Item...`, Go's `[]Item`) has none of
/// its element's members: it names no type here.
pub(crate) fn split_type(t: &str) -> (Option<String>, Option<String>) {
    match type_parts(t) {
        Some((qualifier, name)) => (qualifier.map(str::to_string), Some(name.to_string())),
        None => (None, None),
    }
}

/// The simple name of a written type (`Map` of `java.util.Map<K, V>`), as
/// [`split_type`] reads it, without copying it; none for an array.
pub(crate) fn simple_type_name(t: &str) -> Option<&str> {
    type_parts(t).map(|(_, name)| name)
}

/// [`split_type`]'s parts, borrowed from `t`; `None` when it names no type.
pub(crate) fn type_parts(t: &str) -> Option<(Option<&str>, &str)> {
    let mut s = t.trim();
    // Swift's `any P`/`some P` and Rust's `dyn T`/`impl T` name the protocol or trait
    // whose members the value has.
    for prefix in [
        ":", "&", "*", "mut ", "const ", "struct ", "class ", "enum ", "?", "...", "any ", "some ",
        "dyn ", "impl ", "inout ",
    ] {
        // `strip_prefix` compares bytes; `trim_start_matches` with a text builds a
        // substring searcher each time, and this runs for every type written.
        while let Some(rest) = s.strip_prefix(prefix) {
            s = rest;
        }
        s = s.trim();
        if prefix == "&" {
            s = past_lifetime(s);
        }
    }
    let s = s.trim_start_matches(['&', '*', ' ']);
    let end = s
        .find(['<', '[', '(', '?', ' ', '{', '*', '&', ','])
        .unwrap_or(s.len());
    if s[end..].trim_start().starts_with("[]") || s.ends_with("[]") || s.ends_with("...") {
        return None;
    }
    let s = s[..end].trim_end_matches(['.', ':']);
    if s.is_empty()
        || !s
            .chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_')
    {
        return None;
    }
    // The last `::` found byte by byte, for the same reason as above.
    let last_colons = s.as_bytes().windows(2).rposition(|w| w == b"::");
    let split = last_colons.map(|at| (&s[..at], &s[at + 2..]));
    match split.or_else(|| s.rsplit_once('.')) {
        Some((q, n)) if !n.is_empty() => Some((Some(q), n)),
        _ => Some((None, s)),
    }
}

/// Rust's reference `&'a T` past its lifetime: `T`, or `mut T` for the next prefix.
/// A quoted text (TypeScript's literal type `'a'`) is no lifetime.
pub(crate) fn past_lifetime(s: &str) -> &str {
    let Some(rest) = s.strip_prefix('\'') else {
        return s;
    };
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    if end > 0 && rest[end..].starts_with(char::is_whitespace) {
        rest[end..].trim_start()
    } else {
        s
    }
}

/// [`split_type`] as `language` reads it: in JavaScript and TypeScript an array as a
/// whole (`Item[]`, `readonly Item[][]`, `(A | B)[]`) is an `Array`, with the
/// members of the standard `Array`; in Java an array (`Item[]`, `Item...`) has only
/// the members of `java.lang.Object`.
pub(crate) fn written_type(t: &str, language: &str) -> (Option<String>, Option<String>) {
    match language {
        "javascript" | "typescript" | "tsx" if is_array_type(t) => {
            (None, Some("Array".to_string()))
        }
        "typescript" | "tsx" => match typescript_annotation(t) {
            one if one != t.trim() => written_type(one, language),
            _ => match typescript_union_member(t) {
                None => split_type(t),
                Some(Some(one)) => written_type(one, language),
                Some(None) => (None, None),
            },
        },
        "java"
            if array_element(t)
                .or_else(|| t.trim().strip_suffix("..."))
                .is_some_and(is_whole_element) =>
        {
            (Some("java.lang".to_string()), Some("Object".to_string()))
        }
        "php" if t.contains('\\') => php_type(t),
        "python" => python_annotation(t).map_or((None, None), split_type),
        "swift" => match parenthesized(t) {
            Some(inner) => written_type(inner, language),
            None => split_type(t),
        },
        _ => split_type(t),
    }
}

/// The one type a Python annotation gives its value, out of the typing forms that
/// only wrap it: quotes (`"Resp"`), `Optional[X]`, `X | None`, `Union[X, None]`,
/// `Annotated[X, ..]`, `ClassVar[X]`, `Final[X]`, and `type[X]` / `Type[X]` (the class
/// itself, whose members are X's), however the typing module is named (`t.Optional`).
/// `None` for a union of several types.
pub(crate) fn python_annotation(written: &str) -> Option<&str> {
    let mut t = written;
    // Each step takes one wrapper off; annotations nest a few deep.
    for _ in 0..8 {
        t = t.trim().trim_matches(['"', '\'']).trim();
        let one = the_one_besides(written_parts(t, b'|'), &["None"])?;
        if one != t {
            t = one;
            continue;
        }
        let Some((head, inner)) = t.strip_suffix(']').and_then(|open| open.split_once('[')) else {
            return Some(t);
        };
        let wrapper = head.rsplit('.').next().unwrap_or(head).trim();
        t = match wrapper {
            "Optional" | "Type" | "type" | "ClassVar" | "Final" => inner,
            "Annotated" => written_parts(inner, b',').into_iter().next()?,
            "Union" => the_one_besides(written_parts(inner, b','), &["None"])?,
            _ => return Some(t),
        };
    }
    None
}

/// A TypeScript annotation without the forms that only wrap its type: `undefined |
/// Foo`, `Foo | null`, `Readonly<Foo>`, `Partial<Foo>`, `Required<Foo>`,
/// `NonNullable<Foo>`, `Pick<Foo, 'a'>`, `Omit<Foo, 'b'>` (whose members are Foo's,
/// or some of them), `Awaited<Promise<Foo>>`. An annotation with a union of several
/// types is left as written.
pub(crate) fn typescript_annotation(written: &str) -> &str {
    let mut t = written;
    for _ in 0..8 {
        t = t.trim().trim_start_matches(':').trim();
        t = t.strip_prefix('|').unwrap_or(t).trim();
        let Some(one) = the_one_besides(written_parts(t, b'|'), &["undefined", "null"]) else {
            return written;
        };
        if one != t {
            t = one;
            continue;
        }
        let Some((head, inner)) = t.strip_suffix('>').and_then(|open| open.split_once('<')) else {
            return t;
        };
        match head.trim() {
            "Readonly" | "Partial" | "Required" | "NonNullable" => t = inner,
            // A part of a type has the members it keeps of that type.
            "Pick" | "Omit" => match written_parts(inner, b',').into_iter().next() {
                Some(kept_of) => t = kept_of,
                None => return written,
            },
            // What awaiting a promise of a type gives.
            "Awaited" => {
                let inner = inner.trim();
                t = ["Promise<", "PromiseLike<"]
                    .iter()
                    .find_map(|p| inner.strip_prefix(p)?.strip_suffix('>'))
                    .unwrap_or(inner);
            }
            _ => return t,
        }
    }
    t
}

/// For TypeScript type `t` written as a union of several types, the member whose
/// members a value of it is read with: its one member that is no primitive or literal
/// type (`Table` of `Table | string`), whatever test narrowed the value to a primitive
/// (whose members the other type does not have, or has in the same name only by
/// chance); of a union of primitives, the first; `Some(None)` for a union of two or
/// more other types (`Foo | Bar`, `Map<K, V> | Foo`: a member called on it is one of
/// the type a test narrowed it to, which only that test tells), or with `any` or
/// `unknown`. `None` for a type that is no union.
fn typescript_union_member(t: &str) -> Option<Option<&str>> {
    // An annotation's text may start with its `:`.
    let t = t.trim().trim_start_matches(':').trim();
    let parts = written_parts(t.trim_start_matches('|'), b'|');
    if parts.len() < 2 {
        return None;
    }
    let parts: Vec<&str> = parts.into_iter().map(str::trim).collect();
    if parts.iter().any(|p| matches!(*p, "any" | "unknown")) {
        return Some(None);
    }
    let primitive = |p: &&str| {
        matches!(
            *p,
            "string"
                | "number"
                | "boolean"
                | "bigint"
                | "symbol"
                | "undefined"
                | "null"
                | "void"
                | "never"
                | "true"
                | "false"
        ) || p.starts_with(['\'', '"', '`', '-'])
            || p.starts_with(|c: char| c.is_ascii_digit())
    };
    let mut others = parts.iter().filter(|p| !primitive(p));
    Some(match (others.next(), others.next()) {
        (Some(one), None) => Some(one),
        (None, _) => parts.first().copied(),
        (Some(_), Some(_)) => None,
    })
}

/// `list` split at each `separator` outside the brackets `opens` and `closes` (pairs
/// by position), with whether those brackets balance. The `>` of an arrow (`->`, `=>`)
/// closes nothing.
pub(crate) fn split_top_level<'a>(
    list: &'a str,
    separator: u8,
    opens: &[u8],
    closes: &[u8],
) -> (Vec<&'a str>, bool) {
    let mut depth = 0i32;
    let mut start = 0;
    let mut entries = Vec::new();
    let bytes = list.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if opens.contains(&b) {
            depth += 1;
        } else if b == b'>' && i > 0 && matches!(bytes[i - 1], b'-' | b'=') {
        } else if closes.contains(&b) {
            depth -= 1;
        } else if b == separator && depth == 0 {
            entries.push(&list[start..i]);
            start = i + 1;
        }
    }
    entries.push(&list[start..]);
    (entries, depth == 0)
}

/// The alternatives of a written union (`A | B`), or the arguments of a generic
/// (`A, B`), at `separator` outside any brackets.
fn written_parts(t: &str, separator: u8) -> Vec<&str> {
    split_top_level(t, separator, b"<([{", b">)]}").0
}

/// The one of `alternatives` that is none of `nothing` (`None`, `undefined`, `null`);
/// `None` when there are several.
pub(super) fn the_one_besides<'a>(alternatives: Vec<&'a str>, nothing: &[&str]) -> Option<&'a str> {
    let mut rest = alternatives
        .into_iter()
        .map(str::trim)
        .filter(|a| !nothing.contains(a));
    let one = rest.next()?;
    rest.next().is_none().then_some(one)
}

/// Rust's standard types that dereference to the one value they hold: the pointers
/// that own or share it, `Pin`, `Cow`, `ManuallyDrop`, the values made on first use,
/// and the guards a lock or a cell lends its value through (those of `std`, and of the
/// async and `parking_lot` locks, which share their names). A method called on one is
/// the pointer's own or the value's.
const RUST_POINTERS: &[&str] = &[
    "Box",
    "Arc",
    "Rc",
    "Pin",
    "Cow",
    "ManuallyDrop",
    "LazyLock",
    "LazyCell",
    "MutexGuard",
    "OwnedMutexGuard",
    "MappedMutexGuard",
    "RwLockReadGuard",
    "RwLockWriteGuard",
    "OwnedRwLockReadGuard",
    "OwnedRwLockWriteGuard",
    "Ref",
    "RefMut",
];

/// Whether `name` (a path's last segment) is one of Rust's standard pointers.
pub(crate) fn is_rust_pointer(name: &str) -> bool {
    RUST_POINTERS.contains(&name)
}

/// Whether Rust standard pointer `name` is made of the value it points to
/// (`Arc::new(x)`): a value made on first use is made of the function that makes it.
pub(super) fn rust_pointer_of_value(name: &str) -> bool {
    is_rust_pointer(name) && !matches!(name, "LazyLock" | "LazyCell")
}

/// The qualifier and simple name of the type a Rust standard pointer written `t`
/// points to (see [`rust_pointee`]).
pub(crate) fn rust_pointee_type(t: &str) -> Option<(Option<String>, String)> {
    match split_type(rust_pointee(t)?) {
        (qualifier, Some(name)) => Some((qualifier, name)),
        (_, None) => None,
    }
}

/// The type a Rust standard pointer written `t` points to, past any pointers and
/// references nested in it (`Inner` of `&Arc<Inner>`, `dyn Handler` of `Box<dyn
/// Handler>`, `T` of `Arc<Box<T>>` and of `Pin<&mut T>`); `None` for any other type,
/// and for a pointer whose type argument is not one plain type (`Box<T, A>`).
fn rust_pointee(t: &str) -> Option<&str> {
    let mut inner = None;
    let mut s = t;
    loop {
        let rest = past_references(s);
        let Some(open) = rest.find('<') else {
            return inner;
        };
        let wrapper = rest[..open].trim_end().rsplit("::").next().unwrap_or("");
        if !is_rust_pointer(wrapper) {
            return inner;
        }
        let argument = past_lifetime_arguments(rest[open + 1..].strip_suffix('>')?.trim());
        if argument.is_empty() || !one_type_argument(argument) {
            return None;
        }
        inner = Some(past_references(argument));
        s = argument;
    }
}

/// Rust type `t` past the references to it (`State` of `&'a mut State`).
fn past_references(t: &str) -> &str {
    let mut rest = t.trim();
    while let Some(r) = rest.strip_prefix('&') {
        rest = past_lifetime(r.trim_start()).trim_start();
        rest = rest.strip_prefix("mut ").unwrap_or(rest).trim_start();
    }
    rest
}

/// Rust's locks and cells, which lend their one value through a guard (`lock()`,
/// `read()`, `borrow_mut()`): those of `std`, and of the async and `parking_lot`
/// locks, which share their names.
const RUST_LENDERS: &[&str] = &["Mutex", "RwLock", "RefCell"];

/// The qualifier and simple name of the value a Rust lock or cell written `t` lends
/// (`State` of `Mutex<State>`, `&RwLock<State>` and `Arc<Mutex<State>>`); `None` for
/// any other type, and for a lock whose value is not one plain type.
pub(crate) fn rust_lent_type(t: &str) -> Option<(Option<String>, String)> {
    let lender = past_references(rust_pointee(t).unwrap_or(t));
    let open = lender.find('<')?;
    let name = lender[..open].trim_end().rsplit("::").next()?;
    if !RUST_LENDERS.contains(&name) {
        return None;
    }
    let argument = lender[open + 1..].strip_suffix('>')?.trim();
    if argument.is_empty() || !one_type_argument(argument) {
        return None;
    }
    match split_type(argument) {
        (qualifier, Some(name)) => Some((qualifier, name)),
        (_, None) => None,
    }
}

/// What a type's angle brackets hold past the lifetimes that lead it (`InnerState`
/// of `'_, InnerState`).
fn past_lifetime_arguments(mut arguments: &str) -> &str {
    while arguments.starts_with('\'') {
        match arguments.split_once(',') {
            Some((_, rest)) => arguments = rest.trim_start(),
            None => return "",
        }
    }
    arguments
}

/// Whether `argument` (what a type's angle brackets hold) is one type: no comma
/// outside nested brackets, the brackets balanced (a closure type's `->` is no
/// bracket).
fn one_type_argument(argument: &str) -> bool {
    let bytes = argument.as_bytes();
    let mut depth = 0i32;
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'<' | b'(' | b'[' => depth += 1,
            b'>' if i > 0 && bytes[i - 1] == b'-' => {}
            b'>' | b')' | b']' => depth -= 1,
            b',' if depth == 0 => return false,
            _ => {}
        }
        if depth < 0 {
            return false;
        }
    }
    depth == 0
}

/// Swift's `(any RequestDelegate)?`, `(P)!`: the one type inside the parentheses, when
/// nothing but an optional's mark follows them and no comma makes them a tuple.
fn parenthesized(t: &str) -> Option<&str> {
    let inner = t
        .trim()
        .trim_start_matches(':')
        .trim_start()
        .strip_prefix('(')?;
    let close = inner.rfind(')')?;
    let (inner, after) = (&inner[..close], &inner[close + 1..]);
    (after.trim().chars().all(|c| matches!(c, '?' | '!')) && !inner.contains([',', '(', ')']))
        .then_some(inner)
}

/// PHP's `\App\Util\Box` (and `?Util\Box`), a type written with a namespace path: the
/// path as written, up to and including its last `\`, and the class.
fn php_type(t: &str) -> (Option<String>, Option<String>) {
    let t = t.trim().trim_start_matches(['?', ':']).trim();
    let (path, name) = t.split_at(t.rfind('\\').map_or(0, |at| at + 1));
    // A union, an intersection or anything else but one name: no one type.
    if is_name(name) && path.split('\\').all(|s| s.is_empty() || is_name(s)) {
        (Some(path.to_string()), Some(name.to_string()))
    } else {
        (None, None)
    }
}

/// Whether `s` is one name as types are written in: letters, digits and `_`, not
/// starting with a digit.
pub(super) fn is_name(s: &str) -> bool {
    s.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
        && s.chars().all(|c| c.is_alphanumeric() || c == '_')
}

/// Whether written type `t` is an array as a whole: `Item[]`, not a union, an
/// intersection or a function type that ends with one (`A | B[]`, `() => B[]`).
fn is_array_type(t: &str) -> bool {
    array_element(t).is_some_and(is_whole_element)
}

/// What stands before the `[]` of written type `t` (see [`annotated`]), however the
/// rest of `t` reads.
fn array_element(t: &str) -> Option<&str> {
    annotated(t).strip_suffix("[]")
}

/// Written type `t` without a TypeScript annotation's `:` and a `readonly`.
fn annotated(t: &str) -> &str {
    let t = t.trim().trim_start_matches(':').trim();
    t.strip_prefix("readonly ").unwrap_or(t).trim()
}

/// Whether `inner`, written before a `[]`, is the whole element type: nothing outside
/// brackets joins it to other types.
fn is_whole_element(inner: &str) -> bool {
    let mut depth = 0i32;
    for c in inner.chars() {
        match c {
            '(' | '[' | '<' | '{' => depth += 1,
            ')' | ']' | '>' | '}' => depth -= 1,
            '|' | '&' | ',' | '=' | ' ' if depth == 0 => return false,
            _ => {}
        }
        if depth < 0 {
            return false;
        }
    }
    depth == 0 && !inner.trim().is_empty()
}

/// The element type of a written array type: `Item[]`, `Array<Item>`,
/// `ReadonlyArray<pkg.Item>`, `readonly Item[]`; `None` for anything else, and for an
/// element type that is itself an array or a union (`(A | B)[]`).
pub(super) fn element_type(t: &str) -> Option<(Option<String>, String)> {
    let inner = match array_element(t) {
        Some(e) => e,
        None => ["Array<", "ReadonlyArray<"]
            .iter()
            .find_map(|p| annotated(t).strip_prefix(p))?
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

/// Whether `?` and `!` in a path of fields or a receiver (`a?.b`, `a!.b`, Kotlin's
/// `a!!.b`) only mark null safety, which changes nothing of the types.
pub(crate) fn null_marks(language: &str) -> bool {
    matches!(
        language,
        "typescript" | "tsx" | "kotlin" | "swift" | "csharp"
    )
}

#[cfg(test)]
mod tests {
    use super::{
        python_annotation, rust_pointee, simple_type_name, split_type, typescript_annotation,
        written_type,
    };

    #[test]
    fn a_written_type_is_its_simple_name_and_an_array_none() {
        assert_eq!(simple_type_name("java.util.Map<K, V>"), Some("Map"));
        assert_eq!(simple_type_name("Class<?>"), Some("Class"));
        assert_eq!(simple_type_name(" int "), Some("int"));
        assert_eq!(simple_type_name("Outer.Inner"), Some("Inner"));
        assert_eq!(simple_type_name("int[]"), None);
        assert_eq!(simple_type_name("String..."), None);
        assert_eq!(simple_type_name("List<String>[]"), None);
        assert_eq!(simple_type_name("Map<String, int[]>"), Some("Map"));
    }

    #[test]
    fn a_written_type_splits_at_its_last_path_separator() {
        assert_eq!(
            split_type("std::collections::HashMap<K, V>"),
            (Some("std::collections".into()), Some("HashMap".into()))
        );
        assert_eq!(
            split_type("&mut crate::a.b::C"),
            (Some("crate::a.b".into()), Some("C".into()))
        );
        assert_eq!(
            split_type("mut mut const Outer.Inner"),
            (Some("Outer".into()), Some("Inner".into()))
        );
        assert_eq!(split_type("::Top"), (None, Some("Top".into())));
        assert_eq!(split_type("dyn Trait"), (None, Some("Trait".into())));
    }

    #[test]
    fn a_rust_reference_with_a_lifetime_names_the_type_it_refers_to() {
        assert_eq!(
            simple_type_name("&'a MetricAtomicUsize"),
            Some("MetricAtomicUsize")
        );
        assert_eq!(
            split_type("&'static mut crate::io::Driver"),
            (Some("crate::io".into()), Some("Driver".into()))
        );
        assert_eq!(simple_type_name("&'_ [u8]"), None);
        // A quoted literal type is no lifetime.
        assert_eq!(simple_type_name("'a' | 'b'"), None);
    }

    #[test]
    fn a_swift_type_in_parentheses_is_the_type_inside_unless_a_tuple_or_a_function() {
        let swift = |t: &str| super::written_type(t, "swift").1;
        assert_eq!(
            swift("(any RequestDelegate)?"),
            Some("RequestDelegate".into())
        );
        assert_eq!(swift(": (Session)!"), Some("Session".into()));
        assert_eq!(swift("(A, B)"), None);
        assert_eq!(swift("(A) -> B"), None);
    }

    #[test]
    fn a_rust_lock_or_cell_lends_its_one_type_argument_behind_references_and_pointers() {
        let lent = |t: &str| super::rust_lent_type(t);
        let t = |q: Option<&str>, n: &str| Some((q.map(str::to_string), n.to_string()));
        assert_eq!(lent("Mutex<State>"), t(None, "State"));
        assert_eq!(
            lent("&std::sync::RwLock<crate::a::State>"),
            t(Some("crate::a"), "State")
        );
        assert_eq!(lent("Arc<Mutex<Inner>>"), t(None, "Inner"));
        assert_eq!(lent("RefCell<Option<Core>>"), t(None, "Option"));
        assert_eq!(lent("Mutex<()>"), None);
        assert_eq!(lent("Mutex<T, R>"), None);
        assert_eq!(lent("Arc<Inner>"), None);
        assert_eq!(lent("Cell<u8>"), None);
    }

    #[test]
    fn a_rust_standard_pointer_points_to_its_one_type_argument_through_nested_pointers() {
        assert_eq!(rust_pointee("Arc<Inner>"), Some("Inner"));
        assert_eq!(rust_pointee("&'a std::sync::Arc<Inner>"), Some("Inner"));
        assert_eq!(rust_pointee("&mut Box<dyn Handler>"), Some("dyn Handler"));
        assert_eq!(rust_pointee("Rc<Box<crate::a::T>>"), Some("crate::a::T"));
        assert_eq!(rust_pointee("Arc<Mutex<State>>"), Some("Mutex<State>"));
        assert_eq!(
            rust_pointee("Box<dyn Fn(u8, u8) -> u8 + Send>"),
            Some("dyn Fn(u8, u8) -> u8 + Send")
        );
        // A guard, past its lifetime.
        assert_eq!(rust_pointee("MutexGuard<'_, State>"), Some("State"));
        assert_eq!(
            rust_pointee("crate::loom::sync::RwLockReadGuard<'a, Vec<u8>>"),
            Some("Vec<u8>")
        );
        assert_eq!(
            rust_pointee("RefMut<'_, Option<Core>>"),
            Some("Option<Core>")
        );
        assert_eq!(rust_pointee("Ref<'a>"), None);
        // Not a standard pointer, or not one plain argument.
        assert_eq!(rust_pointee("Inner"), None);
        assert_eq!(rust_pointee("Vec<Inner>"), None);
        assert_eq!(rust_pointee("Box<T, A>"), None);
        assert_eq!(rust_pointee("Arc<>"), None);
    }

    #[test]
    fn python_typing_wrappers_give_the_one_type_they_hold() {
        for (written, want) in [
            ("Resp", Some("Resp")),
            ("'Resp'", Some("Resp")),
            ("Optional[Resp]", Some("Resp")),
            ("t.Optional[models.Resp]", Some("models.Resp")),
            ("Resp | None", Some("Resp")),
            ("None | Resp", Some("Resp")),
            ("\"Resp | None\"", Some("Resp")),
            ("Union[None, Resp]", Some("Resp")),
            ("typing.Union[Resp, None]", Some("Resp")),
            ("type[Resp]", Some("Resp")),
            ("t.Type[Resp]", Some("Resp")),
            ("ClassVar[Optional[Resp]]", Some("Resp")),
            ("Annotated[Resp, Depends(get)]", Some("Resp")),
            ("list[Resp]", Some("list[Resp]")),
            ("Dict[str, Resp]", Some("Dict[str, Resp]")),
            ("Union[Resp, Other]", None),
            ("Resp | Other | None", None),
            ("None", None),
        ] {
            assert_eq!(python_annotation(written), want, "{written}");
        }
    }

    #[test]
    fn a_typescript_union_is_read_as_its_one_member_that_is_no_primitive() {
        for (written, want) in [
            (": string | Foo", Some("Foo")),
            ("Foo | string", Some("Foo")),
            ("'a' | Foo | undefined", Some("Foo")),
            ("string | number", Some("string")),
            ("Foo | Bar", None),
            ("Map<string, Foo> | Foo", None),
            ("Foo | any", None),
            ("Map<string, A | B>", Some("Map")),
        ] {
            let (_, name) = written_type(written, "typescript");
            assert_eq!(name.as_deref(), want, "{written}");
        }
    }

    #[test]
    fn typescript_wrappers_and_nullish_alternatives_give_the_type_they_hold() {
        for (written, want) in [
            ("Foo", "Foo"),
            (": Foo | undefined", "Foo"),
            ("null | Foo", "Foo"),
            ("Readonly<Foo>", "Foo"),
            ("Partial<Readonly<Foo>> | undefined", "Foo"),
            ("NonNullable<Foo | null>", "Foo"),
            ("Map<string, Foo>", "Map<string, Foo>"),
            ("Omit<Foo, 'id' | 'name'>", "Foo"),
            ("Pick<Readonly<Foo>, 'id'>", "Foo"),
            ("Awaited<Promise<Foo>>", "Foo"),
            ("Awaited<Foo>", "Foo"),
            ("(a: A) => B | undefined", "(a: A) => B"),
            (
                "| Map<string, A>\n  | Cache<string, A>",
                "| Map<string, A>\n  | Cache<string, A>",
            ),
        ] {
            assert_eq!(typescript_annotation(written), want, "{written}");
        }
    }
}
