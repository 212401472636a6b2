//! Java overloads that take as many arguments, told apart by the types of the
//! arguments the syntax shows (a literal, `new Foo()`, `Foo.class`, a cast, a local
//! variable, parameter or field declared with its type: see the facts' argument
//! types).
//!
//! Java calls the most specific overload an argument list fits. An overload whose
//! parameter has, at every position where the argument's type is known, that very
//! type is one the call fits, and no other overload that fits is more specific there
//! (a parameter more specific than an argument's type cannot take it). So it is the
//! one called when no other overload also has those very types and, at every position
//! where the argument's type is not known, all of them have the same parameter type
//! (none is more specific there either). Anything less (a subtype, a boxed or widened
//! primitive, a generic parameter, a variable-arity overload) leaves the call to the
//! overloads as one.

use super::generics::after_parameters_open;
use super::overloads::{callers_see, each_parameter};
use super::{DefRef, Resolver};
use crate::facts::{simple_type_name, FileFacts, Reference};

impl Resolver<'_> {
    /// The overload of `d` (a Java method or constructor the call `r` in `file`
    /// resolved to, whose arguments' count left it undecided) that the arguments'
    /// known types pick; `None` when they pick none.
    pub(super) fn overload_by_argument_types(
        file: &FileFacts,
        r: &Reference,
        d: &DefRef,
    ) -> Option<DefRef> {
        if d.symbol().language != "java" {
            return None;
        }
        let types: Vec<Option<&str>> = file
            .argument_types_at(r.start_byte)?
            .iter()
            .map(Option::as_deref)
            .collect();
        overload_for_argument_types(d, &types)
    }
}

/// The one overload of `d` taking `types.len()` arguments that the known `types`
/// pick (see the module doc).
fn overload_for_argument_types(d: &DefRef, types: &[Option<&str>]) -> Option<DefRef> {
    if types.iter().all(Option::is_none) {
        return None;
    }
    // Each overload's parameter types; one whose list or any of whose parameters
    // cannot be read, or that takes any number of arguments, leaves the call
    // undecided.
    let mut fitting: Vec<(usize, Vec<String>)> = Vec::new();
    for (i, o) in callers_see(d) {
        let params = parameter_types(o.header(), &o.name)?
            .into_iter()
            .collect::<Option<Vec<String>>>()?;
        if params.len() == types.len() {
            fitting.push((i, params));
        }
    }
    let exact: Vec<usize> = fitting
        .iter()
        .filter(|(_, params)| {
            types
                .iter()
                .zip(params)
                .all(|(t, p)| t.is_none_or(|t| t == p))
        })
        .map(|(i, _)| *i)
        .collect();
    let [index] = exact[..] else {
        return None;
    };
    let (_, first) = fitting.first()?;
    let alike_where_unknown = types
        .iter()
        .enumerate()
        .filter(|(_, t)| t.is_none())
        .all(|(k, _)| fitting.iter().all(|(_, params)| params[k] == first[k]));
    alike_where_unknown.then(|| DefRef {
        file: d.file.clone(),
        index,
    })
}

/// The type of each parameter a Java header declares after `name`, by its simple name
/// (`Map` for `java.util.Map<K, V> m`, `int[]` for `int[] xs`), annotations and
/// `final` left out; `None` for a variable-arity parameter or one whose type cannot be
/// read; `None` in all when the list does not close.
fn parameter_types(header: &str, name: &str) -> Option<Vec<Option<String>>> {
    let rest = after_parameters_open(header, name)?;
    let mut types = Vec::new();
    each_parameter(rest, |p, _| types.push(parameter_type(p))).then_some(types)
}

/// The type of one Java parameter (`@Nullable final Map<K, V> m`), by its simple name
/// with its array dimensions.
fn parameter_type(param: &str) -> Option<String> {
    let mut rest = param.trim();
    // Annotations (`@Nullable`, `@Qualifier("x")`) and `final`, in any order.
    loop {
        if let Some(after) = rest.strip_prefix('@') {
            let end = after
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.'))
                .unwrap_or(after.len());
            rest = after[end..].trim_start();
            if rest.starts_with('(') {
                rest = rest[closing_paren(rest)? + 1..].trim_start();
            }
        } else if let Some(after) = rest.strip_prefix("final ") {
            rest = after.trim_start();
        } else {
            break;
        }
    }
    // The type is what precedes the parameter's name.
    let name_at = rest
        .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
        .map_or(0, |i| i + 1);
    let written = rest[..name_at].trim();
    if written.is_empty() || written.ends_with("...") {
        return None;
    }
    let dims = written
        .rsplit('>')
        .next()
        .unwrap_or(written)
        .matches('[')
        .count();
    let element = written.trim_end_matches(|c: char| c == '[' || c == ']' || c.is_whitespace());
    let simple = simple_type_name(element)?;
    Some(format!("{simple}{}", "[]".repeat(dims)))
}

/// The position of the `)` that closes the `(` `s` starts with.
fn closing_paren(s: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{parameter_type, parameter_types};

    #[test]
    fn a_java_parameter_is_its_type_by_simple_name() {
        let ty = |p: &str| parameter_type(p);
        assert_eq!(ty("Type genericType").as_deref(), Some("Type"));
        assert_eq!(
            ty("@Nullable Class<?> contextClass").as_deref(),
            Some("Class")
        );
        assert_eq!(
            ty("final Map<TypeVariable, Type> map").as_deref(),
            Some("Map")
        );
        assert_eq!(
            ty("@Qualifier(\"a\") final java.util.List<String> xs").as_deref(),
            Some("List")
        );
        assert_eq!(ty("int[] xs").as_deref(), Some("int[]"));
        assert_eq!(ty("List<String>[][] grid").as_deref(), Some("List[][]"));
        assert_eq!(ty("String... args"), None);
        assert_eq!(ty("x"), None);
    }

    #[test]
    fn a_java_header_gives_each_parameter_type() {
        assert_eq!(
            parameter_types(
                "public static Type resolveType(Type genericType, @Nullable Class<?> c) {",
                "resolveType"
            ),
            Some(vec![Some("Type".to_string()), Some("Class".to_string())])
        );
        assert_eq!(
            parameter_types("void f() {", "f"),
            Some(Vec::<Option<String>>::new())
        );
        assert_eq!(parameter_types("void f(int a,", "f"), None);
    }
}
