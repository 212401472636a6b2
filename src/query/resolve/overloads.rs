//! Overloads: a method's same-named siblings in one type, and which of them a call's
//! argument count fits, counting optional, defaulted and variadic parameters from the
//! definition's header.

use super::generics::after_parameters_open;
use super::members::implements_explicitly;
use super::returns::past_reference;
use super::{is_ruby_class_method, DefRef, Resolution};
use crate::facts::Reference;
use crate::symbols::{Kind, Symbol};

/// The overloads of method or function `d`: its definitions of the same name and
/// kind in the same enclosing type of the same file (by position in the file).
pub(super) fn overloads(d: &DefRef) -> impl Iterator<Item = (usize, &Symbol)> + '_ {
    let s = d.symbol();
    let callable = matches!(s.kind, Kind::Method | Kind::Function);
    let explicit = implements_explicitly(s);
    d.file.definitions.iter().enumerate().filter(move |(_, o)| {
        // The qualified name tells apart members written apart from their types
        // (Rust `impl` blocks), which have no parent. A C# explicit interface
        // implementation is called only through its interface: never one of the
        // overloads a call on the class chooses from. Nor is a Ruby class's `def
        // self.x` one of its instances' `def x`.
        callable
            && o.name == s.name
            && o.parent == s.parent
            && o.kind == s.kind
            && o.qualified_name == s.qualified_name
            && implements_explicitly(o) == explicit
            && is_ruby_class_method(o) == is_ruby_class_method(s)
    })
}

/// Whether no overload of `d` can take a call of `arity` arguments: it is declared
/// where the parameters a call must pass are all written in its header (Java; C#,
/// Swift and a C++ class, whose defaults, `params` and variadics are counted), and
/// each overload's parameters were counted and take another number. (In C++ an
/// overload that fits and is missing from the facts, a declaration the grammar
/// misread, is more likely than a call that would not compile. A C++ definition
/// outside its class or a function's outside its header gives no default values:
/// those are left alone.) `GetType()` in a C# class that
/// declares a static `GetType(JToken t)` calls the method every object inherits, not
/// that one. A C# extension method, whose receiver is its first parameter, is left
/// alone.
pub(super) fn takes_no_call_of(d: &DefRef, arity: usize) -> bool {
    let s = d.symbol();
    // A callable's overloads include itself: there is always one to ask.
    let declared_in_full = match s.language {
        "java" | "csharp" | "swift" => true,
        "cpp" => s
            .parent
            .and_then(|p| d.file.definitions.get(p))
            .is_some_and(|p| p.kind.is_type_like()),
        _ => false,
    };
    declared_in_full
        && matches!(s.kind, Kind::Method | Kind::Function)
        && !s.header().contains("(this ")
        && overloads(d).all(|(_, o)| !may_take(o, arity))
}

/// The header an overload's parameters are counted in: the whole header, except for
/// Python, whose `@overload` declarations are followed by an implementation that
/// takes every call they take and cannot be told from them: there the signature
/// line, which of an implementation written over several lines holds no countable
/// list, so that the declarations alone tell the overloads apart.
fn counted_header(o: &Symbol) -> &str {
    if o.language == "python" {
        &o.signature
    } else {
        o.header()
    }
}

/// Whether TypeScript overload `o` is the implementation that follows the overload
/// declarations: the one with a body, which no caller sees.
fn implements_overloads(o: &Symbol) -> bool {
    matches!(o.language, "typescript" | "tsx") && !o.bodiless
}

/// Whether a method whose parameters are `count` (from [`parameter_count`]) takes
/// `arity` arguments; `false` when they could not be counted.
fn takes(count: Option<Params>, arity: usize) -> bool {
    match count {
        Some(p) if p.varargs => arity + 1 >= p.required,
        Some(p) => p.required <= arity && arity <= p.total,
        None => false,
    }
}

/// The overloads of `d` a caller sees: of TypeScript's, the declarations without the
/// implementation that follows them.
pub(super) fn callers_see(d: &DefRef) -> impl Iterator<Item = (usize, &Symbol)> + '_ {
    let declared = overloads(d).any(|(_, o)| !implements_overloads(o));
    overloads(d).filter(move |(_, o)| !(declared && implements_overloads(o)))
}

/// How many arguments call `r`, resolved to method `d`, passes it (when counted): those
/// written, and for a C# extension method called on a value (`format.FormatWith(a)`,
/// not `StringUtils.FormatWith(format, a)`) that value too, which the method takes as
/// its first parameter.
pub fn arguments_passed(d: &DefRef, r: &Reference) -> Option<u16> {
    let s = d.symbol();
    let on_a_value = s.language == "csharp"
        && s.header().contains("(this ")
        && r.qualifier.as_deref().is_some_and(|q| {
            let class = s.parent.and_then(|p| d.file.definitions.get(p));
            class.is_none_or(|c| q.rsplit('.').next() != Some(c.name.as_str()))
        });
    r.arity.map(|n| n + u16::from(on_a_value))
}

/// What a call of `arity` arguments (when counted) resolved to method `d` calls: among
/// its overloads, the one whose parameters fit; when the arguments do not tell, the
/// overloads as one (never a guessed one).
pub(super) fn chosen_overload(d: DefRef, arity: Option<usize>) -> Resolution {
    if !has_overloads(&d) {
        return Resolution::Definition(d);
    }
    match arity.and_then(|n| overload_for_arity(&d, n)) {
        Some(fit) => Resolution::Definition(fit),
        None => Resolution::Overloads(first_overload(&d)),
    }
}

/// Whether a call whose arguments did not pick one overload reaches some of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// Every overload it may call is one of them.
    Surely,
    /// It may call one of them, or another.
    Possibly,
}

/// Whether a call of `arity` arguments (when counted), resolved to the overloads of
/// `d` without its arguments picking one, reaches the overloads `held` accepts;
/// `None` when it can call none of them. Every call of a TypeScript method's overload
/// declarations runs the implementation that follows them.
pub fn reach_of_call(
    d: &DefRef,
    arity: Option<u16>,
    held: impl Fn(&DefRef) -> bool,
) -> Option<Reach> {
    let of = |index: usize| DefRef {
        file: d.file.clone(),
        index,
    };
    if overloads(d).any(|(i, o)| implements_overloads(o) && held(&of(i))) {
        return Some(Reach::Surely);
    }
    let fitting: Vec<DefRef> = callers_see(d)
        .filter(|(_, o)| arity.is_none_or(|n| may_take(o, usize::from(n))))
        .map(|(i, _)| of(i))
        .collect();
    match fitting.iter().filter(|o| held(o)).count() {
        0 => None,
        n if n == fitting.len() => Some(Reach::Surely),
        _ => Some(Reach::Possibly),
    }
}

/// Whether overload `o` may take a call of `arity` arguments: its parameters take that
/// many, or could not be counted.
fn may_take(o: &Symbol, arity: usize) -> bool {
    let count = parameter_count(counted_header(o), &o.name);
    count.is_none() || takes(count, arity)
}

/// Whether `d` is one of several overloads.
pub(super) fn has_overloads(d: &DefRef) -> bool {
    overloads(d).nth(1).is_some()
}

/// The first of the overloads of `d` in its file.
pub(super) fn first_overload(d: &DefRef) -> DefRef {
    DefRef {
        file: d.file.clone(),
        index: overloads(d).next().map_or(d.index, |(i, _)| i),
    }
}

/// The overload of `d` (same name, same enclosing type, same file) whose parameter
/// count fits `arity`, when exactly one does (or, when none does, the only one whose
/// parameters were not counted).
pub(super) fn overload_for_arity(d: &DefRef, arity: usize) -> Option<DefRef> {
    // Each overload's parameter count, read once from its header.
    let siblings: Vec<(usize, Option<Params>)> = callers_see(d)
        .map(|(i, o)| (i, parameter_count(counted_header(o), &o.name)))
        .collect();
    if siblings.len() < 2 {
        return None;
    }
    let fits = |count: &Option<Params>| takes(*count, arity);
    let exact: Vec<usize> = siblings
        .iter()
        .filter(|(_, c)| fits(c))
        .map(|(i, _)| *i)
        .collect();
    // Prefer a fixed-arity match over a varargs one.
    let fixed: Vec<usize> = siblings
        .iter()
        .filter(|(_, c)| fits(c) && c.is_some_and(|p| !p.varargs))
        .map(|(i, _)| *i)
        .collect();
    let chosen = match (fixed.as_slice(), exact.as_slice()) {
        ([one], _) => *one,
        ([], [one]) => *one,
        // None of those whose parameters could be counted fits: the call is to the
        // one overload whose parameters could not be counted, if there is one.
        ([], []) => match siblings
            .iter()
            .filter(|(_, c)| c.is_none())
            .collect::<Vec<_>>()[..]
        {
            [(one, _)] => *one,
            _ => return None,
        },
        _ => return None,
    };
    Some(DefRef {
        file: d.file.clone(),
        index: chosen,
    })
}

/// The parameters a signature declares, counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Params {
    /// Those a call must pass (without a default value, not optional).
    required: usize,
    total: usize,
    /// The last takes any number of arguments.
    varargs: bool,
}

/// The parameters a one-line signature declares after `name`; `None` when the list
/// does not close on that line. A parameter with a default value (`x = 1`, `x: Int =
/// 1`) or marked optional (TypeScript's `x?: T`) need not be passed, nor need a
/// receiver written first (Rust's `&mut self`, Python's `self` and `cls`): a method
/// call passes it before the dot, a call through the type (`Spawn::poll(&mut s)`,
/// `Box.put(box, 1)`) among the arguments.
fn parameter_count(signature: &str, name: &str) -> Option<Params> {
    let rest = after_parameters_open(signature, name)?;
    let mut params = Params {
        required: 0,
        total: 0,
        varargs: false,
    };
    // Counted as each parameter ends, in one pass and without allocating: overloaded
    // names are counted for every call of them.
    let closed = each_parameter(rest, |p, defaulted| {
        let first = params.total == 0;
        params.total += 1;
        let head = p.split(':').next().unwrap_or(p).trim_end();
        if !(head.ends_with('?') || defaulted || (first && is_receiver(head))) {
            params.required += 1;
        }
        params.varargs |= p.contains("...") || p.contains("*args") || p.starts_with("params ");
    });
    closed.then_some(params)
}

/// Whether a parameter whose text before any `:` is `head` is a method's receiver:
/// Rust's `self`, `&self`, `&'a mut self`, `mut self` (also with a written type), or
/// Python's `self` or `cls`.
fn is_receiver(head: &str) -> bool {
    matches!(past_reference(head), "self" | "cls")
}

/// A parameter written `pattern: Type` (Rust, Kotlin, TypeScript, Swift) split at
/// its colon (not one of a path's `::`): what names it, and its type.
pub(super) fn declared_type(entry: &str) -> Option<(&str, &str)> {
    let bytes = entry.as_bytes();
    let colon = (0..bytes.len()).find(|&i| {
        bytes[i] == b':' && bytes.get(i + 1) != Some(&b':') && (i == 0 || bytes[i - 1] != b':')
    })?;
    Some((&entry[..colon], entry[colon + 1..].trim()))
}

/// Calls `each` with the text of every parameter (trimmed, none empty) of the list
/// `rest` is the inside of (from just after its `(`), and whether it gives a default
/// value; false when the list does not close.
pub(super) fn each_parameter<'r>(rest: &'r str, mut each: impl FnMut(&'r str, bool)) -> bool {
    let bytes = rest.as_bytes();
    let mut count = |p: &'r str, defaulted: bool| {
        let p = p.trim();
        if !p.is_empty() {
            each(p, defaulted);
        }
    };
    let mut depth = 0usize;
    let mut start = 0;
    // Whether the parameter being read gives a default value: an `=` at its top level
    // that is not part of `=>`, `==` or a comparison.
    let mut defaulted = false;
    for (i, ch) in rest.char_indices() {
        match ch {
            '(' | '<' | '[' | '{' => depth += 1,
            ')' if depth == 0 => {
                count(&rest[start..i], defaulted);
                return true;
            }
            // The arrow of a function type (`=>`, `->`) closes nothing.
            '>' if rest[..i].ends_with(['=', '-']) => {}
            ')' | '>' | ']' | '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                count(&rest[start..i], defaulted);
                start = i + 1;
                defaulted = false;
            }
            '=' if depth == 0
                && bytes.get(i + 1).is_none_or(|&n| n != b'>' && n != b'=')
                && !rest[..i].ends_with(['=', '!', '<', '>']) =>
            {
                defaulted = true;
            }
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    #[test]
    fn optional_and_defaulted_parameters_need_not_be_passed() {
        let count = |sig: &str| super::parameter_count(sig, "f");
        let p = |required, total, varargs| {
            Some(super::Params {
                required,
                total,
                varargs,
            })
        };
        assert_eq!(count("void f(int a, String b) {"), p(2, 2, false));
        assert_eq!(
            count("f(selection: string, alias?: string): this"),
            p(1, 2, false)
        );
        assert_eq!(count("f(cb: (x: T) => void, n = 1) {"), p(1, 2, false));
        assert_eq!(count("def f(self, a, b=None, *args):"), p(2, 4, true));
        assert_eq!(count("def f(cls, a):"), p(1, 2, false));
        assert_eq!(count("fn f(&mut self) -> Poll<T> {"), p(0, 1, false));
        assert_eq!(count("fn f(&'a self, n: usize) {"), p(1, 2, false));
        assert_eq!(
            count("fn f(mut self: Pin<&mut Self>, cx: &mut Context<'_>) {"),
            p(1, 2, false)
        );
        assert_eq!(count("fn f(n: usize, selfish: bool) {"), p(2, 2, false));
        assert_eq!(
            count("fun f(a: Int, b: Boolean = a == 1) {"),
            p(1, 2, false)
        );
        assert_eq!(
            count("fun f(m: Map<() -> Unit, Int>, y: Int) {"),
            p(2, 2, false)
        );
        assert_eq!(count("f() {"), p(0, 0, false));
        assert_eq!(
            count("async f<T extends A<B>, R = () => T>( run: (m: M) => T, ): Promise<T>"),
            p(1, 1, false)
        );
        assert_eq!(count("f(a,"), None);
        assert!(super::takes(count("f(a: string, b?: string)"), 1));
        assert!(super::takes(count("f(a: string, b?: string)"), 2));
        assert!(!super::takes(count("f(a: string, b?: string)"), 3));
    }
}
