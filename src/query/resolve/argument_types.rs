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
use super::returns::type_before;
use super::{DefRef, Resolver};
use crate::facts::{FileFacts, Reference};

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
        let types: Vec<Option<&str>> = file.call_arguments_at(r.start_byte)?.types().collect();
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
    let mut fitting: Vec<(usize, Vec<ParameterType>)> = Vec::new();
    for (i, o) in callers_see(d) {
        let params = parameter_types(o.header(), &o.name)?
            .into_iter()
            .collect::<Option<Vec<ParameterType>>>()?;
        if params.len() == types.len() {
            fitting.push((i, params));
        }
    }
    // An argument's type is never an array's.
    let exact: Vec<usize> = fitting
        .iter()
        .filter(|(_, params)| {
            types
                .iter()
                .zip(params)
                .all(|(t, p)| t.is_none_or(|t| p.dims == 0 && t == p.simple))
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

/// A parameter's type: its simple name (`Map` for `java.util.Map<K, V>`) and its
/// array dimensions (1 for `int[]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ParameterType<'h> {
    simple: &'h str,
    dims: usize,
}

/// The type of each parameter a Java header declares after `name`; `None` for a variable-arity parameter or one whose type cannot be
/// read; `None` in all when the list does not close. (Read for every call whose
/// arguments' count leaves its overloads undecided: nothing is copied.)
fn parameter_types<'h>(header: &'h str, name: &str) -> Option<Vec<Option<ParameterType<'h>>>> {
    let rest = after_parameters_open(header, name)?;
    let mut types = Vec::new();
    each_parameter(rest, |p, _| types.push(parameter_type(p))).then_some(types)
}

/// The type of one Java parameter (`@Nullable final Map<K, V> m`): what is written
/// just before its name, read as a declared return type is (annotations and `final`
/// come before it), with its array dimensions.
fn parameter_type(param: &str) -> Option<ParameterType<'_>> {
    let param = param.trim();
    let name_at = param
        .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
        .map_or(0, |i| i + 1);
    let mut written = param[..name_at].trim_end();
    if written.ends_with("...") {
        return None;
    }
    let mut dims = 0;
    while let Some(element) = written.strip_suffix("[]") {
        dims += 1;
        written = element.trim_end();
    }
    let ty = type_before(written)?;
    Some(ParameterType {
        simple: ty.rsplit('.').next().unwrap_or(ty),
        dims,
    })
}

#[cfg(test)]
mod tests {
    use super::{parameter_type, parameter_types, ParameterType};

    fn of(simple: &str, dims: usize) -> Option<ParameterType<'_>> {
        Some(ParameterType { simple, dims })
    }

    #[test]
    fn a_java_parameter_is_its_type_by_simple_name() {
        assert_eq!(parameter_type("Type genericType"), of("Type", 0));
        assert_eq!(
            parameter_type("@Nullable Class<?> contextClass"),
            of("Class", 0)
        );
        assert_eq!(
            parameter_type("final Map<TypeVariable, Type> map"),
            of("Map", 0)
        );
        assert_eq!(
            parameter_type("@Qualifier(\"a\") final java.util.List<String> xs"),
            of("List", 0)
        );
        assert_eq!(parameter_type("int[] xs"), of("int", 1));
        assert_eq!(parameter_type("List<String>[][] grid"), of("List", 2));
        assert_eq!(parameter_type("String... args"), None);
        assert_eq!(parameter_type("x"), None);
    }

    #[test]
    fn a_java_header_gives_each_parameter_type() {
        assert_eq!(
            parameter_types(
                "public static Type resolveType(Type genericType, @Nullable Class<?> c) {",
                "resolveType"
            ),
            Some(vec![of("Type", 0), of("Class", 0)])
        );
        assert_eq!(parameter_types("void f() {", "f"), Some(Vec::new()));
        assert_eq!(parameter_types("void f(int a,", "f"), None);
    }
}
