//! Callbacks' parameters: the types the function a callback is passed to declares for
//! the callback's untyped parameters, read from that function's header.
//! - TypeScript writes a function type (`transaction(run: (manager: EntityManager) =>
//!   T)`).
//! - Java and C# write the type arguments of a library functional type (`Consumer<Codecs>
//!   configure`, `BiFunction<A, B, R>`, `Action<Options> setup`, `Func<Row, bool>
//!   keep`).
//! - Kotlin writes a function type (`block: (Codecs) -> Unit`, `onEach: ((name: String,
//!   Row) -> Unit)?`).
//! - Rust writes a closure bound (see [`super::rust_closures`]).
//!
//! Only those plain readings are taken: a functional interface of the repository, a
//! Kotlin function type with a receiver (`Codecs.() -> Unit`, whose lambda has `this`,
//! not a parameter), a wildcard's lower bound, a union, or a parameter that is not
//! there gives nothing, and the callback's parameter stays untyped.

use super::generics::{
    after_parameters_open, after_type_parameters, name_at, name_followed_by, past_async,
    top_level_entries,
};
use super::overloads::{declared_type, each_parameter};
use super::returns::one_type;
use super::rust_closures::closure_parameter_type;
use crate::source::is_word_byte;
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

/// The type function `sym` gives parameter `parameter` of the callback passed as its
/// argument `argument` of a call with `arity` arguments, as its header writes it.
pub fn callback_parameter_type(
    sym: &Symbol,
    argument: usize,
    parameter: usize,
    arity: Option<u16>,
) -> Option<&str> {
    match sym.language {
        "rust" => closure_parameter_type(sym, argument, parameter, arity),
        "java" | "csharp" | "kotlin" => lambda_parameter_type(sym, argument, parameter),
        _ => typescript_callback_parameter_type(sym, argument, parameter),
    }
}

/// The type function `sym` (Java, C# or Kotlin) gives parameter `parameter` of the
/// lambda passed as its argument `argument`, as its header writes it.
fn lambda_parameter_type(sym: &Symbol, argument: usize, parameter: usize) -> Option<&str> {
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

/// The type TypeScript function `sym` declares for parameter `parameter` of the
/// function it takes as argument `argument` (`transaction(run: (m: Manager) =>
/// Promise<T>)`: `Manager` for argument 0, parameter 0); none when that argument is
/// not declared a function type or the parameter has no one written type.
fn typescript_callback_parameter_type(
    sym: &Symbol,
    argument: usize,
    parameter: usize,
) -> Option<&str> {
    if !matches!(sym.language, "typescript" | "tsx") {
        return None;
    }
    let header = sym.header();
    let at = name_at(header, &sym.name)?;
    let tail = after_type_parameters(header[at + sym.name.len()..].trim_start())?.trim_start();
    let (arguments, closed) = arrow_entries(tail.strip_prefix('(')?, b')');
    let function = typescript_parameter_type(arguments.get(argument).filter(|_| closed)?)?;
    function_type_parameter(function, parameter)
}

/// The one type TypeScript function type `function` (`(c: Context, next: Next) =>
/// Promise<void>`) writes for its parameter `parameter`.
pub fn function_type_parameter(function: &str, parameter: usize) -> Option<&str> {
    let function = function.trim_start();
    let (parameters, closed) = arrow_entries(function.strip_prefix('(')?, b')');
    let taken: usize = parameters.iter().map(|e| e.len() + 1).sum();
    if !closed || !function.get(taken + 1..)?.trim_start().starts_with("=>") {
        return None;
    }
    one_type(typescript_parameter_type(parameters.get(parameter)?)?)
}

/// For TypeScript function value `sym` bound to a name declared with a type (`const
/// getConnInfo: GetConnInfo = (c) =>`, a class's `handler: Handler = async (c, next)
/// =>`): that type as written, and where the value's parameter `name` stands in its
/// parameter list.
pub fn declared_function_value_type<'h>(sym: &'h Symbol, name: &str) -> Option<(&'h str, usize)> {
    if !matches!(sym.language, "typescript" | "tsx") {
        return None;
    }
    let header = sym.header();
    let at = name_followed_by(header, &sym.name, |after| after.starts_with(':'))?;
    let after = header[at + sym.name.len()..]
        .trim_start()
        .strip_prefix(':')?;
    let (declared, value) = split_at_assignment(after)?;
    let value = past_async(value);
    let parameters = match value.strip_prefix('(') {
        Some(list) => {
            let (entries, closed) = arrow_entries(list, b')');
            if !closed {
                return None;
            }
            entries
        }
        // `c => ..`: one parameter, unparenthesised.
        None => {
            let word = value.split("=>").next()?.trim();
            (!word.is_empty() && word.bytes().all(is_word_byte)).then(|| vec![word])?
        }
    };
    let position = parameters.iter().position(|entry| {
        parameter_name(entry.split([':', '=']).next().unwrap_or(entry)) == name
    })?;
    Some((declared.trim(), position))
}

/// The type TypeScript function `sym` writes for its own parameter `name`, as written
/// (`React.KeyboardEvent | KeyboardEvent` of `handleKeyDown(event: React.KeyboardEvent
/// | KeyboardEvent)`), without a default value.
pub fn typescript_parameter_written<'h>(sym: &'h Symbol, name: &str) -> Option<&'h str> {
    if !matches!(sym.language, "typescript" | "tsx") {
        return None;
    }
    let rest = after_parameters_open(sym.header(), &sym.name)?;
    let mut found = None;
    each_parameter(rest, |p, _| {
        let Some((declared, written)) = declared_type(p) else {
            return;
        };
        if parameter_name(declared) == name {
            found = Some(
                split_at_assignment(written)
                    .map_or(written, |(t, _)| t)
                    .trim(),
            );
        }
    });
    found
}

/// What a type alias's header (`type Handler<E = Env> = (c: Context<E>) => R`) gives
/// its name to: the text after its `=`.
pub fn aliased_type_text(sym: &Symbol) -> Option<&str> {
    let header = sym.header();
    let at = name_at(header, &sym.name)
        .or_else(|| name_followed_by(header, &sym.name, |after| after.starts_with('=')))?;
    let tail = after_type_parameters(header[at + sym.name.len()..].trim_start())?;
    Some(tail.trim_start().strip_prefix('=')?.trim())
}

/// `text` split at its first top-level assignment `=` (not `=>`, `==`, `<=`, `>=` or
/// `!=`): a declared type and the value after it.
fn split_at_assignment(text: &str) -> Option<(&str, &str)> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'(' | b'[' | b'{' | b'<' => depth += 1,
            b'>' if i > 0 && bytes[i - 1] == b'=' => {}
            b')' | b']' | b'}' | b'>' => depth = depth.checked_sub(1)?,
            b'=' if depth == 0 => {
                let next = bytes.get(i + 1).copied();
                let previous = i.checked_sub(1).map(|p| bytes[p]);
                if !matches!(next, Some(b'>' | b'=')) && !matches!(previous, Some(b'=' | b'!')) {
                    return Some((&text[..i], &text[i + 1..]));
                }
            }
            _ => {}
        }
    }
    None
}

/// The entries of a TypeScript list that `close` ends (`rest` follows its opening
/// bracket), split at its top-level commas; an arrow's `>` closes nothing. Whether
/// the list was closed.
fn arrow_entries(rest: &str, close: u8) -> (Vec<&str>, bool) {
    let bytes = rest.as_bytes();
    let mut depth = 0usize;
    let mut start = 0;
    let mut entries = Vec::new();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'(' | b'[' | b'{' | b'<' => depth += 1,
            b'>' if i > 0 && bytes[i - 1] == b'=' => {}
            b')' | b']' | b'}' | b'>' if depth > 0 => depth -= 1,
            b',' if depth == 0 => {
                entries.push(&rest[start..i]);
                start = i + 1;
            }
            _ if b == close && depth == 0 => {
                entries.push(&rest[start..i]);
                return (entries, true);
            }
            _ => {}
        }
    }
    (entries, false)
}

/// The type written for a parameter (`name: T`, `name?: T`, `readonly name: T`);
/// none for a destructured or rest one.
fn typescript_parameter_type(entry: &str) -> Option<&str> {
    let (name, ty) = declared_type(entry)?;
    let name = parameter_name(name);
    let ty = ty.trim();
    (!name.is_empty() && name.bytes().all(is_word_byte) && !ty.is_empty()).then_some(ty)
}

/// The name a TypeScript parameter's text before its type (`name`, `name?`, `readonly
/// name`, `private db`) declares.
fn parameter_name(declared: &str) -> &str {
    let declared = declared.trim().trim_end_matches('?');
    declared.rsplit(' ').next().unwrap_or(declared)
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
    Some(declared_type(entry).map_or(*entry, |(_, ty)| ty).trim())
}

/// The function type a Kotlin parameter (`name: (A, B) -> R`, `name: ((A) -> R)?`,
/// `crossinline name: suspend (A) -> R`) is declared with, from its `(`; none for
/// another type, or a function type with a receiver.
fn kotlin_function_type(param: &str) -> Option<&str> {
    let (_, mut ty) = declared_type(param)?;
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

    fn signed_method(language: &'static str, name: &str, signature: &str) -> Symbol {
        signed(language, name, Kind::Method, signature)
    }

    #[test]
    fn typescript_callback_parameters_are_read_from_the_callee_header() {
        let header = "async transaction<T>( isolation: string, run: (manager: EntityManager, \
                      level?: Level | undefined) => Promise<T>, done: () => void, ): Promise<T>";
        let m = signed_method("typescript", "transaction", header);
        let at = |argument, parameter| typescript_callback_parameter_type(&m, argument, parameter);
        assert_eq!(at(1, 0), Some("EntityManager"));
        assert_eq!(at(1, 1), Some("Level"));
        // Not a function type, no such parameter, no such argument.
        assert_eq!(at(0, 0), None);
        assert_eq!(at(2, 0), None);
        assert_eq!(at(3, 0), None);
        let union = signed_method(
            "typescript",
            "f",
            "f(cb: ((m: M) => void) | undefined, { a }: (m: M) => void)",
        );
        assert_eq!(typescript_callback_parameter_type(&union, 0, 0), None);
        assert_eq!(typescript_callback_parameter_type(&union, 1, 0), None);
        let java = signed_method("java", "f", "void f(Consumer<M> cb) {");
        assert_eq!(typescript_callback_parameter_type(&java, 0, 0), None);
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
