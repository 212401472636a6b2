//! What a few standard-library calls give, where the call alone tells: Kotlin's
//! collection builders (`mutableMapOf<Int, Stream>()` gives a `MutableMap`), Java's
//! static factories (`List.of(..)`, `Arrays.asList(..)`) and Python's built-in types
//! called (`str(x)`, `dict(pairs)`). Whatever such a value holds,
//! it is of a library type, so a member called on it is the library's (or an extension
//! the tree gives that type), where without this table it would be unresolved and a
//! match by name for every method of the tree that shares its name.
//!
//! The same holds of the fluent methods of a few library types, called on a value of
//! that library: `sb.append(a).append(b)`, `list.stream().filter(..).map(..)`,
//! `mono.doOnSuccess(..).then()`, Python's `s.strip().lower()`, JavaScript's
//! `xs.filter(..).map(..)`, Rust's `items.iter().map(..)` and `v.pop()` (an `Option`).
//! Each gives a value of a type of the same library (or the library named beside it),
//! whatever type the elements or callbacks have.
//!
//! A table, not the libraries' signatures: these few calls build most of the values
//! whose type code leaves to inference, and a generic call (`optional.get()`) gives a
//! type only its arguments tell, which is kept out.

/// Kotlin's builders, called bare, and the module of the type each gives.
const KOTLIN_BUILDERS: &[(&str, &str)] = &[
    ("arrayListOf", "kotlin.collections"),
    ("arrayOf", "kotlin"),
    ("buildList", "kotlin.collections"),
    ("buildMap", "kotlin.collections"),
    ("buildSet", "kotlin.collections"),
    ("emptyList", "kotlin.collections"),
    ("emptyMap", "kotlin.collections"),
    ("emptySequence", "kotlin.sequences"),
    ("emptySet", "kotlin.collections"),
    ("hashMapOf", "kotlin.collections"),
    ("hashSetOf", "kotlin.collections"),
    ("linkedMapOf", "kotlin.collections"),
    ("linkedSetOf", "kotlin.collections"),
    ("listOf", "kotlin.collections"),
    ("listOfNotNull", "kotlin.collections"),
    ("mapOf", "kotlin.collections"),
    ("mutableListOf", "kotlin.collections"),
    ("mutableMapOf", "kotlin.collections"),
    ("mutableSetOf", "kotlin.collections"),
    ("sequenceOf", "kotlin.sequences"),
    ("setOf", "kotlin.collections"),
    ("sortedMapOf", "kotlin.collections"),
    ("sortedSetOf", "kotlin.collections"),
];

/// Python's built-in types, which called give a value of themselves.
const PYTHON_BUILTIN_TYPES: &[&str] = &[
    "bool",
    "bytearray",
    "bytes",
    "complex",
    "dict",
    "float",
    "frozenset",
    "int",
    "list",
    "memoryview",
    "set",
    "str",
    "tuple",
];

/// Java's static factories: the class, its methods, and the module of the type they
/// give.
const JAVA_FACTORIES: &[(&str, &[&str], &str)] = &[
    ("Arrays", &["asList"], "java.util"),
    (
        "Base64",
        &[
            "getDecoder",
            "getEncoder",
            "getMimeDecoder",
            "getMimeEncoder",
            "getUrlDecoder",
            "getUrlEncoder",
        ],
        "java.util",
    ),
    ("Arrays", &["stream"], "java.util.stream"),
    (
        "Collections",
        &[
            "emptyList",
            "emptyMap",
            "emptySet",
            "singleton",
            "singletonList",
            "singletonMap",
            "synchronizedList",
            "synchronizedMap",
            "synchronizedSet",
            "unmodifiableCollection",
            "unmodifiableList",
            "unmodifiableMap",
            "unmodifiableSet",
        ],
        "java.util",
    ),
    (
        "IntStream",
        &["of", "range", "rangeClosed"],
        "java.util.stream",
    ),
    ("List", &["copyOf", "of"], "java.util"),
    ("Map", &["copyOf", "entry", "of", "ofEntries"], "java.util"),
    ("Optional", &["empty", "of", "ofNullable"], "java.util"),
    ("Set", &["copyOf", "of"], "java.util"),
    (
        "Stream",
        &["concat", "empty", "generate", "iterate", "of"],
        "java.util.stream",
    ),
];

/// Assertion libraries' entry points on the JVM (called bare after a static import,
/// `assertThat(actual)`, or on their class), each with its library: they give a value
/// of a type of that library.
const ASSERTION_ENTRIES: &[(&str, &str)] = &[
    ("assertThat", "com.google.common.truth"),
    ("assertWithMessage", "com.google.common.truth"),
    ("assertThat", "org.assertj.core.api"),
    ("assertThatCode", "org.assertj.core.api"),
    ("assertThatExceptionOfType", "org.assertj.core.api"),
    ("assertThatThrownBy", "org.assertj.core.api"),
];

/// Assertion libraries whose every method gives a value of the library's own types
/// (the subject or assertion itself, or one about a part of the value:
/// `assertThat(e).hasMessageThat().contains(..)`), or nothing. A tree may extend them
/// (an AssertJ `AssertProvider`, a custom Truth `Subject`): a method of a name the
/// tree defines is then not known to be the library's (see [`fluent_library`]).
const FLUENT_LIBRARIES: &[&str] = &["com.google.common.truth", "org.assertj.core.api"];

/// Whether `module` is one of the [`FLUENT_LIBRARIES`].
pub(super) fn fluent_library(module: &str) -> bool {
    FLUENT_LIBRARIES.contains(&module)
}

/// Fluent methods: the language, the library their receiver's type is of, the
/// methods, and the library of the type they give.
const FLUENT: &[(&str, &str, &[&str], &str)] = &[
    (
        "java",
        "java.lang",
        &[
            "append",
            "concat",
            "delete",
            "deleteCharAt",
            "formatted",
            "getCanonicalName",
            "getClass",
            "getClassLoader",
            "getComponentType",
            "getName",
            "getSimpleName",
            "getSuperclass",
            "getTypeName",
            "insert",
            "intern",
            "repeat",
            "replace",
            "replaceAll",
            "replaceFirst",
            "reverse",
            "strip",
            "stripIndent",
            "stripLeading",
            "stripTrailing",
            "substring",
            "toLowerCase",
            "toString",
            "toUpperCase",
            "trim",
        ],
        "java.lang",
    ),
    (
        "java",
        "java.util",
        &["parallelStream", "stream"],
        "java.util.stream",
    ),
    (
        "java",
        "java.util",
        &[
            "entrySet", "filter", "flatMap", "iterator", "keySet", "map", "or", "subList", "values",
        ],
        "java.util",
    ),
    (
        "java",
        "java.util.stream",
        &[
            "asDoubleStream",
            "asLongStream",
            "boxed",
            "distinct",
            "dropWhile",
            "filter",
            "flatMap",
            "limit",
            "map",
            "mapToDouble",
            "mapToInt",
            "mapToLong",
            "mapToObj",
            "onClose",
            "parallel",
            "peek",
            "sequential",
            "skip",
            "sorted",
            "takeWhile",
            "unordered",
        ],
        "java.util.stream",
    ),
    (
        "java",
        "reactor.core.publisher",
        &[
            "cast",
            "concatMap",
            "concatWith",
            "defaultIfEmpty",
            "doFinally",
            "doOnCancel",
            "doOnComplete",
            "doOnDiscard",
            "doOnError",
            "doOnNext",
            "doOnRequest",
            "doOnSubscribe",
            "doOnSuccess",
            "doOnTerminate",
            "filter",
            "flatMap",
            "flatMapMany",
            "flux",
            "log",
            "map",
            "onErrorMap",
            "onErrorResume",
            "onErrorReturn",
            "publishOn",
            "subscribeOn",
            "switchIfEmpty",
            "take",
            "then",
            "thenMany",
            "thenReturn",
        ],
        "reactor.core.publisher",
    ),
    (
        "python",
        "builtins",
        &[
            "capitalize",
            "casefold",
            "center",
            "copy",
            "decode",
            "encode",
            "expandtabs",
            "format",
            "items",
            "join",
            "keys",
            "ljust",
            "lower",
            "lstrip",
            "partition",
            "removeprefix",
            "removesuffix",
            "replace",
            "rjust",
            "rpartition",
            "rsplit",
            "rstrip",
            "split",
            "splitlines",
            "strip",
            "swapcase",
            "title",
            "translate",
            "upper",
            "values",
            "zfill",
        ],
        "builtins",
    ),
    // Kotlin's collection functions that give a collection again (Kotlin calls the
    // Java rows' methods too, on Java's types).
    (
        "kotlin",
        "kotlin.collections",
        &[
            "asIterable",
            "chunked",
            "distinct",
            "distinctBy",
            "drop",
            "dropLast",
            "filter",
            "filterIsInstance",
            "filterKeys",
            "filterNot",
            "filterNotNull",
            "filterValues",
            "flatMap",
            "flatten",
            "groupBy",
            "iterator",
            "listIterator",
            "map",
            "mapKeys",
            "mapNotNull",
            "mapValues",
            "reversed",
            "sorted",
            "sortedBy",
            "sortedByDescending",
            "sortedDescending",
            "sortedWith",
            "subList",
            "take",
            "takeLast",
            "toHashSet",
            "toList",
            "toMap",
            "toMutableList",
            "toMutableMap",
            "toMutableSet",
            "toSet",
            "windowed",
            "withIndex",
            "zip",
        ],
        "kotlin.collections",
    ),
    // An array's methods that give an array, a string's that give a string (or its
    // parts), the iterators of arrays, maps and sets, and a promise's chain. (An
    // array subclass's `map` gives the subclass: rare enough in typed code.)
    (
        "typescript",
        "globals",
        &[
            "catch",
            "concat",
            "entries",
            "fill",
            "filter",
            "finally",
            "flat",
            "flatMap",
            "join",
            "keys",
            "map",
            "normalize",
            "padEnd",
            "padStart",
            "repeat",
            "replace",
            "replaceAll",
            "reverse",
            "slice",
            "sort",
            "splice",
            "split",
            "substring",
            "then",
            "toLocaleLowerCase",
            "toLocaleUpperCase",
            "toLowerCase",
            "toReversed",
            "toSorted",
            "toSpliced",
            "toUpperCase",
            "trim",
            "trimEnd",
            "trimStart",
            "values",
        ],
        "globals",
    ),
];

/// Methods of Rust's standard library whose result is a type of the standard library
/// whatever type called them there, and whatever their type parameters stand for:
/// iterator adapters (`iter`, `map`, `filter`), what gives an `Option`, a `Result`, a
/// `bool` or a count (`pop`, `next`, `ok`, `is_empty`, `len`), text made anew
/// (`trim`, `to_lowercase`), and paths (`join`, `parent`, `file_name`,
/// `to_path_buf`). Left out: what gives a type parameter's value or the receiver's
/// own type (`unwrap`, `collect`, `sum`, `clone`, `into`, `max`), and what
/// some standard type gives so (`Cell::take`, `Cell::get`, `Option::insert`,
/// `Vec::remove`, `AsRef::as_ref`), or a guard that reaches another value (`lock`,
/// `borrow`).
const RUST_STD_GIVES_STD: &[&str] = &[
    "all",
    "and_then",
    "any",
    "as_bytes",
    "as_deref",
    "as_os_str",
    "as_path",
    "as_slice",
    "as_str",
    "back",
    "bytes",
    "canonicalize",
    "chain",
    "char_indices",
    "chars",
    "chunks",
    "chunks_exact",
    "cloned",
    "components",
    "contains",
    "contains_key",
    "copied",
    "count",
    "cycle",
    "display",
    "drain",
    "ends_with",
    "entry",
    "enumerate",
    "err",
    "exists",
    "extension",
    "file_name",
    "file_stem",
    "filter",
    "filter_map",
    "find",
    "first",
    "flat_map",
    "flatten",
    "front",
    "fuse",
    "inspect",
    "is_dir",
    "is_empty",
    "is_err",
    "is_file",
    "is_none",
    "is_ok",
    "is_some",
    "iter",
    "iter_mut",
    "join",
    "keys",
    "last",
    "len",
    "lines",
    "map",
    "map_err",
    "map_while",
    "max_by",
    "max_by_key",
    "min_by",
    "min_by_key",
    "next",
    "nth",
    "ok",
    "ok_or",
    "ok_or_else",
    "or",
    "or_else",
    "parent",
    "peekable",
    "pop",
    "pop_back",
    "pop_front",
    "position",
    "rev",
    "rsplit",
    "scan",
    "skip",
    "skip_while",
    "split",
    "split_terminator",
    "split_whitespace",
    "splitn",
    "starts_with",
    "step_by",
    "strip_prefix",
    "strip_suffix",
    "take_while",
    "to_ascii_lowercase",
    "to_ascii_uppercase",
    "to_lowercase",
    "to_path_buf",
    "to_str",
    "to_string",
    "to_string_lossy",
    "to_uppercase",
    "to_vec",
    "trim",
    "trim_end",
    "trim_matches",
    "trim_start",
    "values",
    "values_mut",
    "windows",
    "with_extension",
    "with_file_name",
    "zip",
];

/// The assertion library whose entry point a JVM call of `name`, resolved to
/// `callee_module`, is (see [`ASSERTION_ENTRIES`]). A call resolved there by a static
/// import is that library's, whatever methods of the name the tree also has.
pub(super) fn assertion_entry(
    lang: &str,
    name: &str,
    callee_module: Option<&str>,
) -> Option<&'static str> {
    let module = callee_module.filter(|_| matches!(lang, "java" | "kotlin"))?;
    ASSERTION_ENTRIES
        .iter()
        .find(|(entry, library)| *entry == name && *library == module)
        .map(|(_, library)| *library)
}

/// The module of the library type that a call of `name` (on `qualifier`) in `lang`
/// gives, for a callee that resolved outside the tree, to a type of `callee_module`
/// when known; `None` when the table does not know the call.
pub(super) fn library_result(
    lang: &str,
    qualifier: Option<&str>,
    name: &str,
    callee_module: Option<&str>,
) -> Option<&'static str> {
    if let Some(library) = assertion_entry(lang, name, callee_module) {
        return Some(library);
    }
    if let (true, Some(module)) = (matches!(lang, "java" | "kotlin"), callee_module) {
        if qualifier.is_some() {
            if let Some(library) = FLUENT_LIBRARIES.iter().find(|l| **l == module) {
                return Some(library);
            }
        }
    }
    if let (Some(_), Some(module)) = (qualifier, callee_module) {
        // JavaScript's built-ins are TypeScript's.
        let lang = match lang {
            "javascript" | "tsx" => "typescript",
            lang => lang,
        };
        // Kotlin calls Java's libraries as Java does.
        let of_lang = |l: &str| l == lang || (lang == "kotlin" && l == "java");
        let fluent = FLUENT
            .iter()
            .find(|(l, m, methods, _)| of_lang(l) && *m == module && methods.contains(&name));
        if let Some((.., gives)) = fluent {
            return Some(gives);
        }
    }
    match (lang, qualifier) {
        // A method called on a value, not a type's function (`Ref::map(r, f)` gives a
        // guard of what `f` gives): types are named in capitals.
        ("rust", Some(value))
            if !value
                .rsplit(['.', ':'])
                .next()
                .is_some_and(|last| last.starts_with(char::is_uppercase)) =>
        {
            callee_module
                .filter(|m| super::is_rust_std(m) && RUST_STD_GIVES_STD.contains(&name))
                .map(|_| "std")
        }
        ("kotlin", None) => KOTLIN_BUILDERS
            .iter()
            .find(|(builder, _)| *builder == name)
            .map(|(_, module)| *module),
        ("python", None) if PYTHON_BUILTIN_TYPES.contains(&name) => Some("builtins"),
        ("python", _) => callee_module.and_then(|m| super::python_stdlib::stdlib_result(m, name)),
        ("java", Some(class)) => JAVA_FACTORIES
            .iter()
            .find(|(c, methods, _)| *c == class && methods.contains(&name))
            .map(|(_, _, module)| *module),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::library_result;

    #[test]
    fn only_the_listed_calls_of_the_language_give_a_known_library_type() {
        assert_eq!(
            library_result("kotlin", None, "mutableMapOf", None),
            Some("kotlin.collections")
        );
        assert_eq!(
            library_result("kotlin", Some("x"), "mutableMapOf", None),
            None
        );
        assert_eq!(
            library_result("java", Some("List"), "of", None),
            Some("java.util")
        );
        assert_eq!(
            library_result("java", Some("Arrays"), "stream", None),
            Some("java.util.stream")
        );
        assert_eq!(library_result("java", Some("List"), "get", None), None);
        assert_eq!(library_result("java", None, "of", None), None);
        assert_eq!(library_result("scala", Some("List"), "of", None), None);
        assert_eq!(
            library_result("python", None, "str", None),
            Some("builtins")
        );
        assert_eq!(library_result("python", Some("x"), "str", None), None);
        assert_eq!(library_result("python", None, "sorted", None), None);
    }

    #[test]
    fn a_fluent_method_of_a_listed_library_gives_that_library_s_type() {
        let java = |module, name| library_result("java", Some("x"), name, Some(module));
        assert_eq!(java("java.lang", "append"), Some("java.lang"));
        assert_eq!(java("java.util", "stream"), Some("java.util.stream"));
        assert_eq!(java("java.util.stream", "filter"), Some("java.util.stream"));
        assert_eq!(
            java("reactor.core.publisher", "doOnError"),
            Some("reactor.core.publisher")
        );
        // Not listed: what `get` gives is an element, of any type.
        assert_eq!(java("java.util", "get"), None);
        assert_eq!(java("org.acme", "append"), None);
        // A bare call is no method of a receiver.
        assert_eq!(
            library_result("java", None, "append", Some("java.lang")),
            None
        );
        assert_eq!(
            library_result("python", Some("s"), "strip", Some("builtins")),
            Some("builtins")
        );
    }
}
