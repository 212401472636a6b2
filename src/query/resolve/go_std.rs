//! Values of Go's standard library: what a call of it gives (`os.Create(..)`,
//! `w.Header()` of an `http.ResponseWriter`) and the fields of such a value
//! (`r.URL`, `rec.Body`).
//!
//! The standard library imports nothing of the tree, so a value it makes is of a type
//! it declares (or of `error`), and so are that value's fields and what its methods
//! give: a method called on such a value is the library's, never one of the tree that
//! happens to share its name. The exceptions are where a type parameter carries the
//! caller's type in: generic functions (`slices.Max(items)`, `cmp.Or(a, b)`,
//! `errors.AsType[*MyErr](err)`) and generic types (`atomic.Pointer[Config]`,
//! `sql.Null[Money]`), whose packages are kept out here. A third-party library may
//! be generic anywhere, and its values are left unknown.

/// The first path element of every package of the standard library.
const STD_ROOTS: &[&str] = &[
    "archive",
    "bufio",
    "bytes",
    "cmp",
    "compress",
    "container",
    "context",
    "crypto",
    "database",
    "debug",
    "embed",
    "encoding",
    "errors",
    "expvar",
    "flag",
    "fmt",
    "go",
    "hash",
    "html",
    "image",
    "index",
    "io",
    "iter",
    "log",
    "maps",
    "math",
    "mime",
    "net",
    "os",
    "path",
    "plugin",
    "reflect",
    "regexp",
    "runtime",
    "slices",
    "sort",
    "strconv",
    "strings",
    "structs",
    "sync",
    "syscall",
    "testing",
    "text",
    "time",
    "unicode",
    "unique",
    "unsafe",
    "weak",
];

/// Packages of the standard library with generic functions or types, whose values may
/// be of the caller's types.
const GENERIC_PACKAGES: &[&str] = &[
    "cmp",
    "database/sql",
    "iter",
    "maps",
    "math/rand/v2",
    "slices",
    "sync",
    "sync/atomic",
    "unique",
    "weak",
];

/// Generic functions of packages otherwise kept here.
const GENERIC_FUNCTIONS: &[(&str, &str)] = &[("errors", "AsType"), ("reflect", "TypeFor")];

/// Whether a value got from `module` (the package a call's callee or a field's owner
/// is of; `None` for a value already known to be the standard library's without its
/// package) through `callee` (`None` for a field) is a value of the standard library.
pub(super) fn std_value_from(module: Option<&str>, callee: Option<&str>) -> bool {
    let Some(module) = module else {
        return true;
    };
    let root = module.split('/').next().unwrap_or(module);
    STD_ROOTS.contains(&root)
        && !GENERIC_PACKAGES.contains(&module)
        && !callee.is_some_and(|c| GENERIC_FUNCTIONS.contains(&(module, c)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_non_generic_standard_packages_give_standard_values() {
        assert!(std_value_from(Some("net/http"), Some("NewRequest")));
        assert!(std_value_from(Some("os"), None));
        assert!(std_value_from(None, Some("Get")));
        assert!(!std_value_from(Some("slices"), Some("Max")));
        assert!(!std_value_from(Some("sync/atomic"), Some("Load")));
        assert!(!std_value_from(Some("errors"), Some("AsType")));
        assert!(std_value_from(Some("errors"), Some("New")));
        assert!(!std_value_from(Some("github.com/pkg/errors"), Some("New")));
        assert!(!std_value_from(Some("golang.org/x/sync/errgroup"), None));
    }
}
