//! Java's, C#'s and Kotlin's lambdas passed to a repository function: the types its
//! header gives the lambda's parameters. Java and C# write them as the type arguments
//! of a library functional type (`Consumer<Codecs> configure`, `BiFunction<A, B, R>`,
//! `Action<Options> setup`, `Func<Row, bool> keep`); Kotlin as a function type
//! (`block: (Codecs) -> Unit`, `onEach: ((name: String, Row) -> Unit)?`).
//!
//! Only those plain readings are taken: a functional interface of the repository, a
//! Kotlin function type with a receiver (`Codecs.() -> Unit`, whose lambda has `this`,
//! not a parameter), a wildcard's lower bound, or a parameter that is not there gives
//! nothing, and the lambda's parameter stays untyped.

use super::generics::{after_parameters_open, top_level_entries};
use super::overloads::each_parameter;
use crate::symbols::Symbol;

/// The library's functional types, and which of their type arguments the function's
/// parameters take, in order (the rest is what it returns).
const FUNCTIONAL_TYPES: &[(&str, Taken)] = &[
    // Java's.
    ("Consumer", Taken::All),
    ("BiConsumer", Taken::All),
    ("Predicate", Taken::All),
    ("BiPredicate", Taken::All),
    ("UnaryOperator", Taken::All),
    ("Function", Taken::AllButLast),
    ("BiFunction", Taken::AllButLast),
    ("ToIntFunction", Taken::All),
    ("ToLongFunction", Taken::All),
    ("ToDoubleFunction", Taken::All),
    ("ObjIntConsumer", Taken::First),
    // C#'s.
    ("Action", Taken::All),
    ("Func", Taken::AllButLast),
];

/// Which type arguments of a functional type are its parameters' types.
#[derive(Clone, Copy)]
enum Taken {
    All,
    AllButLast,
    First,
}

/// The type function `sym` (Java, C# or Kotlin) gives parameter `parameter` of the
/// lambda passed as its argument `argument`, as its header writes it.
pub fn lambda_parameter_type(sym: &Symbol, argument: usize, parameter: usize) -> Option<&str> {
    let rest = after_parameters_open(sym.header(), &sym.name)?;
    let mut params = Vec::new();
    if !each_parameter(rest, |p, _| params.push(p)) {
        return None;
    }
    let written = match sym.language {
        "kotlin" => kotlin_function_parameter(&params, argument, parameter)?,
        _ => functional_parameter(params.get(argument)?, parameter)?,
    };
    let written = written
        .trim()
        .trim_start_matches("? super ")
        .trim_start_matches("? extends ")
        .trim();
    let plain =
        !written.is_empty() && !written.starts_with(['?', '(', '[']) && !written.contains("->");
    plain.then_some(written)
}

/// Java's or C#'s `Consumer<Codecs> configure`: the type argument parameter
/// `parameter` takes.
fn functional_parameter(param: &str, parameter: usize) -> Option<&str> {
    // The name is the last word; annotations, `final` and modifiers stand before the
    // type, which is one word of balanced brackets.
    let (mut ty, _name) = param.trim().rsplit_once(char::is_whitespace)?;
    loop {
        ty = ty.trim_start();
        if let Some(rest) = ty.strip_prefix("final ") {
            ty = rest;
        } else if ty.starts_with('@') && !ty.contains('(') {
            ty = ty.split_once(char::is_whitespace)?.1;
        } else {
            break;
        }
    }
    let open = ty.find('<')?;
    let head = ty[..open].rsplit('.').next().unwrap_or(&ty[..open]);
    let (_, taken) = FUNCTIONAL_TYPES.iter().find(|(name, _)| *name == head)?;
    let (arguments, balanced) = top_level_entries(ty[open + 1..].strip_suffix('>')?, b"<", b">");
    if !balanced {
        return None;
    }
    let usable = match taken {
        Taken::All => arguments.len(),
        Taken::AllButLast => arguments.len().checked_sub(1)?,
        Taken::First => 1,
    };
    (parameter < usable).then(|| arguments[parameter])
}

/// Kotlin's `block: (Codecs) -> Unit`: parameter `parameter` of the one function-typed
/// parameter the lambda can be (a lambda passed last is the last parameter, whatever
/// defaults stand before it), or of argument `argument`'s when several are.
fn kotlin_function_parameter<'h>(
    params: &[&'h str],
    argument: usize,
    parameter: usize,
) -> Option<&'h str> {
    let types: Vec<Option<&str>> = params.iter().map(|p| kotlin_function_type(p)).collect();
    let function = match types.iter().flatten().count() {
        0 => return None,
        1 => types.iter().flatten().next()?,
        _ => types.get(argument)?.as_ref()?,
    };
    let inside = function.strip_prefix('(')?;
    let mut entries = Vec::new();
    if !each_parameter(inside, |p, _| entries.push(p)) {
        return None;
    }
    let entry = entries.get(parameter)?;
    // A parameter of a function type may be named (`(name: String) -> Unit`).
    Some(entry.split_once(':').map_or(*entry, |(_, ty)| ty).trim())
}

/// The function type a Kotlin parameter (`name: (A, B) -> R`, `name: ((A) -> R)?`,
/// `crossinline name: suspend (A) -> R`) is declared with, from its `(`; none for
/// another type, or a function type with a receiver.
fn kotlin_function_type(param: &str) -> Option<&str> {
    let (_, ty) = param.split_once(':')?;
    let mut ty = ty.trim();
    if let Some(default) = ty.find(" = ") {
        ty = ty[..default].trim();
    }
    ty = ty.strip_prefix("suspend ").unwrap_or(ty).trim();
    // `((A) -> R)?`: the type in its parentheses.
    if let Some(inner) = ty
        .strip_suffix('?')
        .and_then(|t| t.strip_prefix('('))
        .and_then(|t| t.strip_suffix(')'))
    {
        ty = inner.trim();
    }
    (ty.starts_with('(') && ty.contains("->")).then_some(ty)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::resolve::generics::signed;
    use crate::symbols::Kind;

    fn at(
        language: &'static str,
        header: &str,
        argument: usize,
        parameter: usize,
    ) -> Option<String> {
        let sym = signed(language, "codecs", Kind::Method, header);
        lambda_parameter_type(&sym, argument, parameter).map(str::to_string)
    }

    #[test]
    fn java_and_csharp_functional_types_give_their_parameters_types() {
        let java = "public Builder codecs(String name, @Nullable final Consumer<? super Codecs> configurer) {";
        assert_eq!(at("java", java, 1, 0).as_deref(), Some("Codecs"));
        assert_eq!(at("java", java, 0, 0), None);
        let bi = "void codecs(BiFunction<Request, Response, Result> f) {";
        assert_eq!(at("java", bi, 0, 1).as_deref(), Some("Response"));
        assert_eq!(at("java", bi, 0, 2), None);
        let csharp = "public void codecs(Func<Row, bool> keep, Action<Options> setup)";
        assert_eq!(at("csharp", csharp, 0, 0).as_deref(), Some("Row"));
        assert_eq!(at("csharp", csharp, 1, 0).as_deref(), Some("Options"));
        // An interface of the repository's own says nothing here.
        assert_eq!(at("java", "void codecs(Visitor<Codecs> v) {", 0, 0), None);
    }

    #[test]
    fn kotlin_function_types_give_their_parameters_types() {
        let one = "fun codecs(name: String, delay: Long = 0L, block: (Codecs) -> Unit) {";
        // A lambda passed last is `block`, whatever defaults come before it.
        assert_eq!(at("kotlin", one, 1, 0).as_deref(), Some("Codecs"));
        let named = "fun codecs(onEach: ((name: String, row: Row) -> Unit)?) {";
        assert_eq!(at("kotlin", named, 0, 1).as_deref(), Some("Row"));
        let two = "fun codecs(a: (A) -> Unit, b: suspend (B) -> Unit) {";
        assert_eq!(at("kotlin", two, 1, 0).as_deref(), Some("B"));
        // A receiver's lambda has no parameter of that type.
        assert_eq!(
            at("kotlin", "fun codecs(block: Codecs.() -> Unit) {", 0, 0),
            None
        );
    }
}
