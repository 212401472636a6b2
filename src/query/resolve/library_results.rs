//! What a few standard-library calls give, where the call alone tells: Kotlin's
//! collection builders (`mutableMapOf<Int, Stream>()` gives a `MutableMap`), Java's
//! static factories (`List.of(..)`, `Arrays.asList(..)`) and Python's built-in types
//! called (`str(x)`, `dict(pairs)`). Whatever such a value holds,
//! it is of a library type, so a member called on it is the library's (or an extension
//! the tree gives that type), where without this table it would be unresolved and a
//! match by name for every method of the tree that shares its name.
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

/// The module of the library type that a call of `name` (on `qualifier`) in `lang`
/// gives, for a callee that resolved outside the tree; `None` when the table does not
/// know the call.
pub(super) fn library_result(
    lang: &str,
    qualifier: Option<&str>,
    name: &str,
) -> Option<&'static str> {
    match (lang, qualifier) {
        ("kotlin", None) => KOTLIN_BUILDERS
            .iter()
            .find(|(builder, _)| *builder == name)
            .map(|(_, module)| *module),
        ("python", None) => PYTHON_BUILTIN_TYPES.contains(&name).then_some("builtins"),
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
            library_result("kotlin", None, "mutableMapOf"),
            Some("kotlin.collections")
        );
        assert_eq!(library_result("kotlin", Some("x"), "mutableMapOf"), None);
        assert_eq!(
            library_result("java", Some("List"), "of"),
            Some("java.util")
        );
        assert_eq!(
            library_result("java", Some("Arrays"), "stream"),
            Some("java.util.stream")
        );
        assert_eq!(library_result("java", Some("List"), "get"), None);
        assert_eq!(library_result("java", None, "of"), None);
        assert_eq!(library_result("scala", Some("List"), "of"), None);
        assert_eq!(library_result("python", None, "str"), Some("builtins"));
        assert_eq!(library_result("python", Some("x"), "str"), None);
        assert_eq!(library_result("python", None, "sorted"), None);
    }
}
