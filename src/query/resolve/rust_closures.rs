//! Rust closures passed to a repository function: `state.fetch(|next| next.ref_dec())`.
//! The closure's untyped parameters take the types the callee's header gives the
//! closure's `Fn`, `FnMut` or `FnOnce` bound: written in the parameter's own type
//! (`f: impl Fn(&Snapshot)`, `f: &dyn FnMut(Snapshot)`), or on the type parameter it
//! names, in the type-parameter list (`<F: Fn(Snapshot)>`) or the `where` clause
//! (`where F: FnMut(Snapshot) -> T`).
//!
//! Only one plain reading is taken: a parameter whose type is anything else (a boxed
//! closure, a type alias, a trait of the repository), a type parameter bound by two
//! closure traits, or a call whose arguments do not match the callee's parameters
//! gives nothing, and the closure's parameter stays untyped.

use super::generics::{after_type_parameters, name_at, top_level_entries, type_parameter_list};
use super::overloads::{declared_type, each_parameter};
use super::returns::past_reference;
use crate::facts::split_top_level;
use crate::symbols::Symbol;

/// The closure traits, as written in a bound.
const CLOSURE_TRAITS: &[&str] = &["Fn(", "FnMut(", "FnOnce("];

/// The type Rust function `sym` gives parameter `parameter` of the closure passed as
/// argument `argument` of a call with `arity` arguments (a method called on a value
/// is passed its receiver before them; one called by its path, `Type::f(x, ..)`, among
/// them), as its header writes it (`&Snapshot`: `Snapshot`).
pub fn closure_parameter_type(
    sym: &Symbol,
    argument: usize,
    parameter: usize,
    arity: Option<u16>,
) -> Option<&str> {
    let header = sym.header();
    let at = name_at(header, &sym.name)?;
    let tail = header[at + sym.name.len()..].trim_start();
    let after_generics = after_type_parameters(tail)?;
    let generics = type_parameter_list(tail);
    let rest = after_generics.trim_start().strip_prefix('(')?;
    let mut params = Vec::new();
    if !each_parameter(rest, |p, _| params.push(p)) {
        return None;
    }
    let receiver = params
        .first()
        .is_some_and(|p| past_reference(p.split(':').next().unwrap_or(p)) == "self");
    let arity = usize::from(arity?);
    let index = match (receiver, params.len()) {
        (true, n) if arity + 1 == n => argument + 1,
        (_, n) if arity == n => argument,
        _ => return None,
    };
    let (_, written) = declared_type(params.get(index)?)?;
    let bound = match closure_bound(written) {
        Some(bound) => bound,
        None => {
            let name = written.trim();
            if !name.bytes().all(crate::source::is_word_byte) {
                return None;
            }
            let mut bounds = bounds_in(generics, rest, name)
                .into_iter()
                .filter_map(closure_bound);
            let one = bounds.next()?;
            if bounds.next().is_some() {
                return None;
            }
            one
        }
    };
    let mut taken = Vec::new();
    if !each_parameter(bound, |p, _| taken.push(p)) {
        return None;
    }
    let written = past_reference(taken.get(parameter)?);
    (!written.is_empty()).then_some(written)
}

/// The bounds the header of Rust function `sym` gives its type parameter `name`, in
/// its type-parameter list or its `where` clause (`M: Matcher + Send`), each as
/// written.
pub fn type_parameter_bounds<'h>(sym: &'h Symbol, name: &str) -> Vec<&'h str> {
    let header = sym.header();
    let Some(at) = name_at(header, &sym.name) else {
        return Vec::new();
    };
    let tail = header[at + sym.name.len()..].trim_start();
    let Some(rest) = after_type_parameters(tail).and_then(|t| t.trim_start().strip_prefix('('))
    else {
        return Vec::new();
    };
    bounds_in(type_parameter_list(tail), rest, name)
}

/// The bounds type parameter `name` is given in type-parameter list `generics` or in
/// the `where` clause past the parameters (`rest` follows their `(`).
fn bounds_in<'h>(generics: Option<&'h str>, rest: &'h str, name: &str) -> Vec<&'h str> {
    generics
        .into_iter()
        .chain(where_clause(rest))
        .flat_map(|list| top_level_entries(list, b"<([{", b">)]}").0)
        .filter_map(|entry| entry.split_once(':'))
        .filter(|(named, _)| named.trim() == name)
        .flat_map(|(_, bounds)| split_bounds(bounds))
        .collect()
}

/// What follows the `(` of a closure trait written as a type or a bound (`impl Fn(A,
/// B) -> R`, `&mut dyn FnMut(A)`, `for<'a> Fn(&'a A)`): its parameters, up to and
/// with their closing `)`.
fn closure_bound(written: &str) -> Option<&str> {
    let mut rest = past_reference(written);
    for mark in ["impl ", "dyn "] {
        rest = rest.strip_prefix(mark).unwrap_or(rest).trim_start();
    }
    if let Some(higher) = rest.strip_prefix("for<") {
        rest = higher.split_once('>')?.1.trim_start();
    }
    CLOSURE_TRAITS.iter().find_map(|t| rest.strip_prefix(t))
}

/// The bounds of one entry (`FnMut(A) -> B + Send + 'static`), split at the `+`s
/// outside brackets.
fn split_bounds(bounds: &str) -> impl Iterator<Item = &str> {
    split_top_level(bounds, b'+', b"<([{", b">)]}")
        .0
        .into_iter()
        .map(str::trim)
}

/// The `where` clause after the parameters (`rest` follows their `(`), up to the
/// body or the `;` that ends a declaration.
fn where_clause(rest: &str) -> Option<&str> {
    let after = rest.find(" where ")? + " where ".len();
    let clause = &rest[after..];
    let end = clause.rfind(['{', ';']).unwrap_or(clause.len());
    Some(&clause[..end])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::resolve::generics::signed;
    use crate::symbols::Kind;

    fn at(header: &str, argument: usize, parameter: usize, arity: u16) -> Option<String> {
        let sym = signed("rust", "fetch", Kind::Method, header);
        closure_parameter_type(&sym, argument, parameter, Some(arity)).map(str::to_string)
    }

    #[test]
    fn a_closure_bound_is_read_wherever_the_header_writes_it() {
        let clause = "fn fetch<F, T>(&self, mut f: F) -> T where F: FnMut(Snapshot) -> (T, Option<Snapshot>), {";
        assert_eq!(at(clause, 0, 0, 1).as_deref(), Some("Snapshot"));
        // Called by its path, the receiver is the first argument.
        assert_eq!(at(clause, 1, 0, 2).as_deref(), Some("Snapshot"));
        let listed =
            "pub fn fetch<T, F: for<'a> Fn(&'a mut Entry, u32) -> T + Send>(key: u32, f: F) {";
        assert_eq!(at(listed, 1, 0, 2).as_deref(), Some("Entry"));
        assert_eq!(at(listed, 1, 1, 2).as_deref(), Some("u32"));
        let written = "fn fetch(&self, f: impl FnOnce(&Core) -> bool) {}";
        assert_eq!(at(written, 0, 0, 1).as_deref(), Some("Core"));
        let object = "fn fetch(f: &mut dyn FnMut(Snapshot)) {";
        assert_eq!(at(object, 0, 0, 1).as_deref(), Some("Snapshot"));
    }

    #[test]
    fn anything_but_one_plain_closure_bound_gives_nothing() {
        // The argument count matches no way of calling the function.
        let clause = "fn fetch<F>(&self, f: F) where F: Fn(Snapshot) {";
        assert_eq!(at(clause, 0, 0, 3), None);
        // The argument is no closure; the closure takes no such parameter.
        assert_eq!(at("fn fetch(&self, f: Snapshot) {", 0, 0, 1), None);
        assert_eq!(at(clause, 0, 1, 1), None);
        // Two closure bounds on one type parameter, a boxed closure, a bound through
        // a trait of the repository.
        let two = "fn fetch<F: Fn(A)>(f: F) where F: FnMut(B) {";
        assert_eq!(at(two, 0, 0, 1), None);
        assert_eq!(at("fn fetch(f: Box<dyn Fn(A)>) {", 0, 0, 1), None);
        assert_eq!(at("fn fetch<F: Visitor>(f: F) {", 0, 0, 1), None);
    }
}
