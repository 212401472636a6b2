//! Calls as receivers: `getBeanFactory().getBean(..)` calls `getBean` on whatever
//! `getBeanFactory()` returns, and a method that declares its return type says what
//! that is. This module reads a receiver that is a call, and the type a definition's
//! signature declares it returns, in the languages whose signatures state it plainly.
//!
//! Only a type that names a definite type is given: a type variable (`T`), a
//! primitive, `void`, an unknown or self type (`Any`, `unknown`, `Self`) or a union of
//! real types gives none, so that the call stays unresolved rather than tied to a
//! guess.

use super::generics::{after_type_parameters, group, name_at, name_followed_by, top_level_entries};
use crate::facts::{past_lifetime, python_annotation, Initializer, RefKind, Reference};
use crate::query::scoping::scoping;
use crate::source::is_word_byte;
use crate::symbols::Symbol;

/// A receiver that is a call: `qualifier.name(args)`.
#[derive(Debug, PartialEq, Eq)]
pub struct ReceiverCall<'q> {
    /// The text before the callee (`context` in `context.getParent()`), if any.
    pub qualifier: Option<&'q str>,
    pub name: &'q str,
    /// The number of arguments, when they could be counted.
    pub arity: Option<u16>,
    /// Its result is awaited: what the call gives is what its promise gives.
    pub awaited: bool,
    /// Rust's `f()?`, `f().unwrap()`: the value is what the call's `Result` or
    /// `Option` holds (read for Rust only: elsewhere a `?` after a call is a null-safe
    /// mark, which changes nothing of the type).
    pub unwrapped: bool,
    /// Rust's `let (a, b) = f();`: the value is this element of the tuple the call
    /// gives.
    pub element: Option<u16>,
}

impl<'q> From<&'q Initializer> for ReceiverCall<'q> {
    /// The call that initialises a binding, or that a callback is passed to.
    fn from(init: &'q Initializer) -> ReceiverCall<'q> {
        ReceiverCall {
            qualifier: init.qualifier.as_deref(),
            name: &init.name,
            arity: init.arity,
            awaited: init.awaited,
            unwrapped: init.unwrapped,
            element: init.element,
        }
    }
}

impl ReceiverCall<'_> {
    /// The call as a reference written where `r` stands.
    pub(super) fn as_reference(&self, r: &Reference) -> Reference {
        Reference {
            name: self.name.to_string(),
            qualifier: self.qualifier.map(str::to_string),
            kind: RefKind::Call,
            arity: self.arity,
            ..r.clone()
        }
    }
}

/// Reads `q` as a call, when it is one whose arguments can be read (balanced
/// parentheses, every string and character literal closed: what a literal holds is
/// no bracket and no comma). A null-safe or non-null mark after it (`factory()?.`,
/// `factory()!!.`) changes nothing of the type.
pub fn receiver_call(q: &str) -> Option<ReceiverCall<'_>> {
    let q = q.trim();
    if let Some(call) = call_with_trailing_block(q) {
        return Some(call);
    }
    let body = q.trim_end_matches(['?', '!']).strip_suffix(')')?;
    let blank = blank_literals(body)?;
    let open = opening(&blank, b'(', b')')?;
    let callee = without_type_arguments(body[..open].trim_end());
    // `a.f(..)`, Rust's `Type::f(..)`: whichever separator comes last.
    let dot = callee.rfind('.').map(|i| (i, 1));
    let path = callee.rfind("::").map(|i| (i, 2));
    let (qualifier, name) = match dot.max(path) {
        Some((i, len)) => (Some(callee[..i].trim()), callee[i + len..].trim()),
        None => (None, callee),
    };
    let word = |s: &str| !s.is_empty() && s.bytes().all(is_word_byte);
    if !word(name) || qualifier.is_some_and(str::is_empty) {
        return None;
    }
    Some(ReceiverCall {
        qualifier,
        name,
        arity: argument_count(&blank[open + 1..]),
        awaited: false,
        unwrapped: q.ends_with('?'),
        element: None,
    })
}

/// A callee without the type arguments written after its name (Rust's turbofish
/// `m.get_one::<String>`, TypeScript's `repo.find<User>`): which method is called
/// does not depend on them.
fn without_type_arguments(callee: &str) -> &str {
    let Some(open) = callee
        .strip_suffix('>')
        .and_then(|inner| opening(inner, b'<', b'>'))
    else {
        return callee;
    };
    let before = callee[..open].trim_end();
    let name = before.strip_suffix("::").unwrap_or(before);
    if name.bytes().last().is_some_and(is_word_byte) {
        name
    } else {
        callee
    }
}

/// Reads `q` as a call whose last argument is a block written after it (Kotlin's and
/// Swift's trailing lambda, Ruby's block: `names.filter { it.isNotEmpty() }`,
/// `xs.map(f) { .. }`), counting the block as an argument. Elsewhere such a text is a
/// value built of a type (`Foo { a: 1 }`, `Foo{1, 2}`), which a call of the type's name
/// reads the same.
fn call_with_trailing_block(q: &str) -> Option<ReceiverCall<'_>> {
    let body = q.trim_end_matches(['?', '!']).strip_suffix('}')?;
    let blank = blank_literals(body)?;
    let open = opening(&blank, b'{', b'}')?;
    let callee = body[..open].trim_end();
    // Two blocks in a row, or a block after a null-safe mark, follow no call.
    if callee.ends_with(['?', '!', '}']) {
        return None;
    }
    let call = match receiver_call(callee) {
        Some(call) => call,
        None => {
            let (qualifier, name) = match callee.rfind('.') {
                Some(i) => (Some(callee[..i].trim()), callee[i + 1..].trim()),
                None => (None, callee),
            };
            let word = !name.is_empty() && name.bytes().all(is_word_byte);
            if !word || qualifier.is_some_and(str::is_empty) {
                return None;
            }
            ReceiverCall {
                qualifier,
                name,
                arity: Some(0),
                awaited: false,
                unwrapped: false,
                element: None,
            }
        }
    };
    Some(ReceiverCall {
        arity: call.arity.map(|n| n + 1),
        unwrapped: false,
        ..call
    })
}

/// Reads `q` as one entry of a collection (`foos[i]`, `byName["a]"]`): the collection
/// as written, when the brackets balance and every literal closes. A non-null mark
/// after it (`byName[key]!!`) changes nothing of the type.
pub(super) fn receiver_indexed(q: &str) -> Option<&str> {
    let body = q.trim().trim_end_matches(['?', '!']).strip_suffix(']')?;
    let blank = blank_literals(body)?;
    let open = opening(&blank, b'[', b']')?;
    let collection = body[..open].trim_end();
    (!collection.is_empty()).then_some(collection)
}

/// Rust's `q.unwrap()` or `q.expect(..)` read as the call `q` unwrapped, when `q` is a
/// call (awaited or not: `File::open(p).await.unwrap()`) not already unwrapped.
pub(super) fn rust_unwrapping<'q>(call: &ReceiverCall<'q>) -> Option<ReceiverCall<'q>> {
    if call.unwrapped || !matches!(call.name, "unwrap" | "expect") {
        return None;
    }
    let q = call.qualifier?.trim_end();
    let (q, awaited) = match q.strip_suffix(".await") {
        Some(inner) => (inner, true),
        None => (q, false),
    };
    let inner = receiver_call(q).filter(|c| !c.unwrapped)?;
    Some(ReceiverCall {
        awaited,
        unwrapped: true,
        ..inner
    })
}

/// The part of Rust return type `written` a value takes: what a `Result` or `Option`
/// holds when `unwrapped`, then the `element` of a tuple (`(Sender<T>, Receiver<T>)`).
pub(super) fn rust_part(written: &str, unwrapped: bool, element: Option<u16>) -> Option<&str> {
    let held = if unwrapped {
        rust_held(written)?
    } else {
        written.trim()
    };
    let Some(at) = element else {
        return Some(held);
    };
    let inside = held.strip_prefix('(')?.strip_suffix(')')?;
    let (entries, balanced) = top_level_entries(inside, b"<([{", b">)]}");
    let part = entries.get(usize::from(at))?.trim();
    (balanced && entries.len() > 1 && !part.is_empty()).then_some(part)
}

/// What a Rust `Result<T, E>` or `Option<T>` holds (`io::Result<File>`,
/// `std::option::Option<&Node>`): `T`.
fn rust_held(written: &str) -> Option<&str> {
    let (wrapper, held) = generic_head(written)?;
    matches!(wrapper, "Result" | "Option").then_some(held)
}

/// The last name of generic type `written` and its first type argument: `Result` and
/// `File` of `io::Result<File>`; `None` when it has no type arguments, or they do
/// not balance.
pub(super) fn generic_head(written: &str) -> Option<(&str, &str)> {
    let written = written.trim();
    let open = written.find('<')?;
    let name = written[..open].trim().rsplit("::").next()?;
    let args = written[open + 1..].strip_suffix('>')?;
    let (entries, balanced) = top_level_entries(args, b"<([{", b">)]}");
    let first = entries.first()?.trim();
    (balanced && !first.is_empty()).then_some((name, first))
}

/// `text` with what each string or character literal holds (its quotes kept) made
/// blanks, byte for byte, so that brackets and commas are read outside literals
/// alone. `None` when a literal does not close, or for a literal whose end a plain
/// scan cannot tell (a triple-quoted one).
fn blank_literals(text: &str) -> Option<String> {
    let mut out = text.as_bytes().to_vec();
    let mut i = 0;
    while i < out.len() {
        let quote = out[i];
        if !matches!(quote, b'"' | b'\'' | b'`') {
            i += 1;
            continue;
        }
        if out[i..].starts_with(b"\"\"\"") {
            return None;
        }
        let mut j = i + 1;
        loop {
            match out.get(j) {
                None => return None,
                Some(b'\\') => {
                    out[j] = b'_';
                    if let Some(next) = out.get_mut(j + 1) {
                        *next = b'_';
                    }
                    j += 2;
                }
                Some(&b) if b == quote => break,
                Some(_) => {
                    out[j] = b'_';
                    j += 1;
                }
            }
        }
        i = j + 1;
    }
    // Every byte replaced stood inside a literal, whose characters are replaced
    // whole: the text stays UTF-8.
    String::from_utf8(out).ok()
}

/// Where the bracket opens that closes right after `text` (read backwards, nested
/// pairs skipped); `None` when it never opens.
fn opening(text: &str, open: u8, close: u8) -> Option<usize> {
    let mut depth = 1usize;
    for (i, b) in text.bytes().enumerate().rev() {
        if b == close {
            depth += 1;
        } else if b == open {
            depth -= 1;
            if depth == 0 {
                return Some(i);
            }
        }
    }
    None
}

/// The number of comma-separated arguments at the top level of `args` (`<` opens no
/// bracket here: an argument may compare two values).
fn argument_count(args: &str) -> Option<u16> {
    if args.trim().is_empty() {
        return Some(0);
    }
    let (entries, balanced) = top_level_entries(args, b"([{", b")]}");
    balanced
        .then(|| u16::try_from(entries.len()).ok())
        .flatten()
}

/// What a function or method declares it returns.
#[derive(Debug, PartialEq, Eq)]
pub enum Returned<'s> {
    /// A definite type, as written.
    Type(&'s str),
    /// A value of the type whose (Rust `impl`) block it is in: `-> Self`, `-> &mut Self`.
    OwnType,
}

/// What a call of `sym` gives, `awaited` or not, as far as its header tells:
/// - TypeScript: awaited, the `X` of a declared `Promise<X>` (nothing for any other
///   type); otherwise the declared type.
/// - Python and Rust, whose `async` definitions declare what awaiting a call gives: an
///   `async` definition's declared type when awaited, nothing when not (the value is a
///   coroutine or a future); a definition that is not `async`, its declared type when
///   not awaited, nothing when awaited.
/// - Swift: the declared type, awaited or not.
/// - Elsewhere: the declared type, and nothing for an awaited call.
pub fn call_gives(sym: &Symbol, awaited: bool) -> Option<Returned<'_>> {
    let declared = declared_return(sym)?;
    match sym.language {
        "typescript" | "tsx" if awaited => match declared {
            Returned::Type(written) => {
                let inner = written
                    .trim()
                    .strip_prefix("Promise<")?
                    .strip_suffix('>')?
                    .trim();
                definite(inner).then_some(Returned::Type(inner))
            }
            Returned::OwnType => None,
        },
        "python" | "rust" => (is_async(sym) == awaited).then_some(declared),
        // An `async` Swift function's declared type is what `await` gives.
        "swift" => Some(declared),
        _ => (!awaited).then_some(declared),
    }
}

/// Whether Python method `sym` declares it returns the object it is called on, when
/// called `awaited` exactly if it is `async`: `-> Self` (`typing.Self`, `te.Self`), or
/// `-> T` with its first parameter written `self: T` (a type variable: nothing else
/// annotates `self`). What such a call gives is of the receiver's own type, which may
/// be a subclass of the method's.
pub(super) fn returns_its_receiver<'s>(sym: &'s Symbol, awaited: bool) -> bool {
    if sym.language != "python" || is_async(sym) != awaited {
        return false;
    }
    let sig = sym.header();
    let Some(at) = name_at(sig, &sym.name) else {
        return false;
    };
    let tail = &sig[at + sym.name.len()..];
    let unquoted = |t: &'s str| t.trim().trim_matches(['"', '\'']);
    let Some(returned) = type_after(tail, "->").map(unquoted) else {
        return false;
    };
    if returned.rsplit('.').next() == Some("Self") {
        return true;
    }
    let first = tail
        .trim_start()
        .strip_prefix('(')
        .and_then(|params| params.split([',', ')']).next());
    first
        .and_then(|p| p.split_once(':'))
        .is_some_and(|(_, ty)| unquoted(ty) == returned && returned.bytes().all(is_word_byte))
}

/// Whether `sym`'s header declares it `async`.
fn is_async(sym: &Symbol) -> bool {
    let sig = sym.header();
    name_at(sig, &sym.name).is_some_and(|at| sig[..at].split_whitespace().any(|w| w == "async"))
}

/// What `sym` (a function or method) declares it returns, when its header states a
/// definite type or its own type; the header is read once.
pub fn declared_return(sym: &Symbol) -> Option<Returned<'_>> {
    let sig = sym.header();
    let at = name_at(sig, &sym.name)?;
    let written = match sym.language {
        "java" => type_before(&sig[..at])?,
        // A nullable reference type (`ITraceWriter? Get()`) holds the same type.
        "csharp" => type_before(sig[..at].trim_end().trim_end_matches('?'))?,
        "kotlin" => match type_after(&sig[at + sym.name.len()..], ":") {
            Some(written) => written,
            None => {
                return kotlin_returns_itself(&sig[at + sym.name.len()..])
                    .then_some(Returned::OwnType)
            }
        },
        "typescript" | "tsx" => type_after(&sig[at + sym.name.len()..], ":")?,
        // `function get(): ?Command`: a nullable type holds the same type.
        "php" => type_after(&sig[at + sym.name.len()..], ":")?.trim_start_matches('?'),
        // A generic of several arguments (`Dict[str, X]`) is not followed.
        "python" => python_annotation(type_after(&sig[at + sym.name.len()..], "->")?)
            .filter(|t| !t.contains(','))?,
        "go" => go_result(&sig[at + sym.name.len()..], 0)?,
        "rust" => rust_return_type(&sig[at + sym.name.len()..])?,
        "swift" => swift_return_type(&sig[at + sym.name.len()..])?,
        // C++ names its types in lower case as often as not (`std::string`): the
        // words that are no class are ruled out instead.
        "cpp" => return cpp_return_type(&sig[..at]).map(Returned::Type),
        _ => return None,
    };
    let written = written.trim();
    if matches!(sym.language, "rust" | "swift") && written == "Self" {
        return Some(Returned::OwnType);
    }
    let definite = match sym.language {
        "go" => go_definite(written),
        _ => definite(written),
    };
    definite.then_some(Returned::Type(written))
}

/// Whether Go result type `written` (its pointer mark taken off) names one type: a
/// package's type, exported or not (`*branchPageElement`, which an exported method
/// may return, `BucketIterator[float64]`), or the predeclared `error` (whose one
/// method is the language's), and no other predeclared type (`int`), type parameter,
/// slice, map or function.
fn go_definite(written: &str) -> bool {
    let named = written.split('[').next().unwrap_or(written);
    let simple = named.rsplit('.').next().unwrap_or(named);
    simple.starts_with(|c: char| c.is_alphabetic() || c == '_')
        && simple.bytes().all(is_word_byte)
        && (named == "error" || !scoping("go").builtins.contains(&simple))
        && !is_type_variable(simple)
}

/// Whether a Kotlin function with no declared type (`tail` follows its name) returns
/// the object it is called on, as a builder's methods do: its body is `= apply {..}`,
/// `= also {..}` or `= this`.
fn kotlin_returns_itself(tail: &str) -> bool {
    let Some(tail) = after_type_parameters(tail.trim_start()) else {
        return false;
    };
    let Some(params) = tail
        .trim_start()
        .strip_prefix('(')
        .and_then(|rest| group(rest, b'(', b')'))
    else {
        return false;
    };
    let Some(body) = tail.trim_start()[params.len() + 2..]
        .trim_start()
        .strip_prefix('=')
    else {
        return false;
    };
    let body = body.trim_start();
    let body = body.strip_prefix("this.").unwrap_or(body);
    body == "this"
        || ["apply", "also"].iter().any(|scope| {
            body.strip_prefix(scope)
                .is_some_and(|rest| rest.trim_start().starts_with('{'))
        })
}

/// The type a JavaScript or TypeScript getter's header writes for its value (`get
/// columns(): Column[]`), or a C# property's (`public Sinks WriteTo { get; }`, a
/// nullable `Sinks?` holding the same type), as a field's declared type is read:
/// whatever it names.
pub fn getter_type(sym: &Symbol) -> Option<&str> {
    let sig = sym.header();
    if sym.language == "csharp" {
        let at = csharp_property_at(sig, &sym.name)?;
        return type_before(sig[..at].trim_end().trim_end_matches('?'));
    }
    let at = name_at(sig, &sym.name)?;
    type_after(&sig[at + sym.name.len()..], ":").map(str::trim)
}

/// Where the name of C# property `name` stands in header `sig`: followed by its
/// accessors (`{ get; }`) or an expression body (`=> ..`).
pub(super) fn csharp_property_at(sig: &str, name: &str) -> Option<usize> {
    name_followed_by(sig, name, |after| {
        after.starts_with('{') || after.starts_with("=>")
    })
}

/// Whether a written type says something definite about a value (not `Any`, a type
/// variable, or a lower-case builtin).
fn definite(written: &str) -> bool {
    // A tuple (`(Sender<T>, Receiver<T>)`): each element is taken on its own.
    if written.starts_with('(') && written.ends_with(')') && !written.contains("=>") {
        return true;
    }
    // The last segment of a path: `io::Result`, `java.util.List`, `\\App\\Box`.
    let simple = written
        .split('<')
        .next()
        .unwrap_or(written)
        .rsplit(['.', ' ', '\\', ':'])
        .next()
        .unwrap_or(written)
        .split(['<', '[', '?'])
        .next()
        .unwrap_or("");
    !simple.is_empty()
        && simple.chars().next().is_some_and(char::is_uppercase)
        && !is_type_variable(simple)
        && !INDEFINITE.contains(&simple)
}

/// Types that say nothing definite about a value, or name the receiver's own type.
const INDEFINITE: &[&str] = &["Any", "Self", "Unit", "Nothing", "Object", "TypeVar"];

/// `T`, `K`, `T1`: the names generic code gives its type parameters.
fn is_type_variable(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase()) && chars.all(|c| c.is_ascii_digit())
}

/// The type written just before the name (`public @Nullable Foo get(`), without its
/// type arguments; none for an array or a declaration without a type.
pub(super) fn type_before(head: &str) -> Option<&str> {
    let head = head.trim_end();
    let head = match head.strip_suffix('>') {
        Some(inner) => inner[..opening(inner, b'<', b'>')?].trim_end(),
        None => head,
    };
    let start = head
        .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$' || c == '.'))
        .map_or(0, |i| i + 1);
    let ty = &head[start..];
    (!ty.is_empty() && !ty.ends_with('.')).then_some(ty)
}

/// The class type a C++ function's header writes before its name (`head`), that of
/// the value a call gives or points to: `Version` of `Version* current() const`,
/// `std::string` of `const std::string& name()`, `Status` of `Status
/// DBImpl::Write(` (the class path of a member defined apart is no part of it).
/// None for a built-in type, `auto`, a constructor, or a head it cannot read.
fn cpp_return_type(head: &str) -> Option<&str> {
    let mut head = head.trim_end();
    // `Status DBImpl::`, `int RE2::Set::`: the class path the name is written in.
    while let Some(rest) = head.strip_suffix("::") {
        let rest = match rest.strip_suffix('>') {
            Some(inner) => &inner[..opening(inner, b'<', b'>')?],
            None => rest,
        };
        let start = rest
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        head = rest[..start].trim_end();
    }
    let head = head.trim_end_matches(['*', '&', ' ']).trim_end();
    let head = head.strip_suffix("const").map_or(head, str::trim_end);
    let head = head.trim_end_matches(['*', '&', ' ']).trim_end();
    let head = match head.strip_suffix('>') {
        Some(inner) => inner[..opening(inner, b'<', b'>')?].trim_end(),
        None => head,
    };
    let start = head
        .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .map_or(0, |i| i + 1);
    let ty = head[start..].trim_start_matches("::");
    let last = ty.rsplit("::").next().unwrap_or(ty);
    let keyword =
        |w: &str| crate::lang::by_name("cpp").is_some_and(|l| l.symbols.reserved.contains(&w));
    let built_in = last.is_empty()
        || last.starts_with(|c: char| c.is_ascii_digit())
        || keyword(last)
        || CPP_SPECIFIERS.contains(&last)
        // `uint64_t`, `size_t`: the C library's integer types.
        || (last.ends_with("_t") && ty == last);
    (!built_in).then_some(ty)
}

/// Words before a C++ function's name that are no class type, besides the
/// language's keywords: the other built-in types, specifiers, and `auto`, which
/// leaves the type to the body.
const CPP_SPECIFIERS: &[&str] = &[
    "bool",
    "auto",
    "constexpr",
    "consteval",
    "static",
    "inline",
    "virtual",
    "explicit",
    "extern",
    "friend",
    "typename",
    "template",
    "operator",
    "mutable",
    "wchar_t",
    "char8_t",
    "char16_t",
    "char32_t",
];

/// The type written after the parameters and `marker` (`): Foo {`, `) -> Foo:`).
fn type_after<'s>(tail: &'s str, marker: &str) -> Option<&'s str> {
    let tail = tail.trim_start();
    // Type parameters between the name and the parameters (`foo<T>(`).
    let tail = match tail.strip_prefix('<') {
        Some(rest) => rest.split_once('>')?.1.trim_start(),
        None => tail,
    };
    let params = group(tail.strip_prefix('(')?, b'(', b')')?;
    let rest = tail[params.len() + 2..].trim_start().strip_prefix(marker)?;
    let end = rest.find(['{', '=']).unwrap_or(rest.len());
    one_type(rest[..end].trim().trim_end_matches(':').trim_end())
}

/// A union of types says nothing definite, unless all but one are "no value".
pub(super) fn one_type(written: &str) -> Option<&str> {
    let mut real = written
        .split('|')
        .map(str::trim)
        .filter(|t| !matches!(*t, "null" | "undefined" | "None"));
    let one = real.next()?;
    real.next().is_none().then_some(one)
}

/// What a Rust or Swift header writes after its parameters' `->` (and Swift's
/// `async`, `throws`), up to the body, a `where` clause or a `;`.
fn arrow_return(tail: &str) -> Option<&str> {
    let tail = after_type_parameters(tail.trim_start())?.trim_start();
    let params = group(tail.strip_prefix('(')?, b'(', b')')?;
    let mut rest = tail[params.len() + 2..].trim_start();
    while let Some(after) = ["async", "throws", "rethrows"]
        .iter()
        .find_map(|w| rest.strip_prefix(w))
    {
        rest = after.trim_start();
    }
    let rest = rest.strip_prefix("->")?;
    let end = [rest.find('{'), rest.find(" where"), rest.find(';')]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(rest.len());
    Some(rest[..end].trim())
}

/// What Rust writes past a reference's `&`, its lifetime and `mut` (`&'a mut Foo`,
/// `&mut self`, `mut self`).
pub(super) fn past_reference(written: &str) -> &str {
    let rest = past_lifetime(written.trim_start_matches('&').trim_start());
    rest.strip_prefix("mut ").unwrap_or(rest).trim()
}

/// The type a Rust function returns (`) -> Foo {`, `) -> &mut Self where ..`), a
/// reference's target for a reference: methods are called through it alike.
fn rust_return_type(tail: &str) -> Option<&str> {
    let written = past_reference(arrow_return(tail)?);
    (!written.is_empty()).then_some(written)
}

/// The type a Swift function returns (`) -> Foo {`, `) async throws -> Foo? where ..`):
/// an optional's wrapped type, whose members a call through `?.` reaches.
fn swift_return_type(tail: &str) -> Option<&str> {
    let written = arrow_return(tail)?.trim_end_matches(['?', '!']);
    (!written.is_empty()).then_some(written)
}

/// The type of a Go function's result at `position` (`tail` follows its name): `*Foo`
/// of `) *Foo {` at 0, `error` of `) (*Foo, error) {` at 1; a declaration `a, err :=
/// f()` gives each name the result in its place. Named results may share one type
/// (`(a, b *Foo, err error)`).
fn go_result(tail: &str, position: usize) -> Option<&str> {
    let tail = tail.trim_start();
    // Type parameters between the name and the parameters (`Map[T any](`).
    let tail = match tail.strip_prefix('[') {
        Some(rest) => rest[group(rest, b'[', b']')?.len() + 1..].trim_start(),
        None => tail,
    };
    let params = group(tail.strip_prefix('(')?, b'(', b')')?;
    let rest = tail[params.len() + 2..].trim_start();
    let written = match rest.strip_prefix('(') {
        Some(inner) => {
            let (entries, balanced) = top_level_entries(group(inner, b'(', b')')?, b"([{", b")]}");
            if !balanced {
                return None;
            }
            if entries.last().is_some_and(|e| go_named_result(e)) {
                // A name alone shares the type of the next entry that writes one.
                entries
                    .get(position..)?
                    .iter()
                    .find_map(|e| e.trim().split_once(' ').map(|(_, ty)| ty))?
            } else {
                entries.get(position)?
            }
        }
        None if position == 0 => rest.split(['{', ' ']).next()?,
        None => return None,
    };
    let written = written.trim().trim_start_matches('*');
    (!written.is_empty()).then_some(written)
}

/// Whether Go result entry `entry` names its result (`err error`, `f func() error`),
/// rather than writing a type of two words (`chan int`, `func() error`).
fn go_named_result(entry: &str) -> bool {
    entry.trim().split_once(' ').is_some_and(|(first, _)| {
        first.bytes().all(is_word_byte)
            && !matches!(first, "chan" | "func" | "struct" | "interface")
    })
}

/// The type Go function `sym` declares for its result at `position`, when that is a
/// definite type (see [`go_definite`]).
pub(super) fn go_result_type(sym: &Symbol, position: usize) -> Option<&str> {
    let sig = sym.header();
    let at = name_at(sig, &sym.name)?;
    go_result(&sig[at + sym.name.len()..], position).filter(|written| go_definite(written))
}

#[cfg(test)]
mod tests {
    #[test]
    fn cpp_return_types_are_read_before_the_name_and_the_class_path() {
        for (head, want) in [
            ("Status DBImpl::", Some("Status")),
            ("Version* ", Some("Version")),
            ("const std::string& ", Some("std::string")),
            ("virtual Iterator* ", Some("Iterator")),
            ("static const Comparator* const ", Some("Comparator")),
            ("std::vector<int> Box<T>::", Some("std::vector")),
            ("int RE2::Set::", None),
            ("uint64_t ", None),
            ("DBImpl::", None),
            ("explicit ", None),
            ("auto ", None),
            ("", None),
        ] {
            assert_eq!(super::cpp_return_type(head), want, "{head}");
        }
    }

    use super::*;
    use crate::symbols::Kind;

    fn method(language: &'static str, name: &str, signature: &str) -> Symbol {
        super::super::generics::signed(language, name, Kind::Method, signature)
    }

    fn returns(language: &'static str, name: &str, signature: &str) -> Option<String> {
        match declared_return(&method(language, name, signature))? {
            Returned::Type(t) => Some(t.to_string()),
            Returned::OwnType => None,
        }
    }

    fn returns_self(sym: &Symbol) -> bool {
        declared_return(sym) == Some(Returned::OwnType)
    }

    #[test]
    fn a_call_receiver_is_read_with_its_qualifier_and_argument_count() {
        let call = |q| receiver_call(q);
        assert_eq!(
            call("getBeanFactory()"),
            Some(ReceiverCall {
                qualifier: None,
                name: "getBeanFactory",
                arity: Some(0),
                awaited: false,
                unwrapped: false,
                element: None,
            })
        );
        assert_eq!(
            call("context.getParent(a, f(b, c))"),
            Some(ReceiverCall {
                qualifier: Some("context"),
                name: "getParent",
                arity: Some(2),
                awaited: false,
                unwrapped: false,
                element: None,
            })
        );
        assert_eq!(
            call("a.b().c(x -> x.d())").map(|c| (c.qualifier, c.name)),
            Some((Some("a.b()"), "c"))
        );
        assert_eq!(call("factory()?").map(|c| c.name), Some("factory"));
        assert_eq!(
            call("Handle::current()").map(|c| (c.qualifier, c.name)),
            Some((Some("Handle"), "current"))
        );
        assert_eq!(
            call("a::B::new(x).with(y)").map(|c| (c.qualifier, c.name)),
            Some((Some("a::B::new(x)"), "with"))
        );
        // A literal's brackets and commas are no argument's.
        assert_eq!(
            call("b.header(\"a, (b\", '\\'').build(\")\")"),
            Some(ReceiverCall {
                qualifier: Some("b.header(\"a, (b\", '\\'')"),
                name: "build",
                arity: Some(1),
                awaited: false,
                unwrapped: false,
                element: None,
            })
        );
        assert_eq!(call("get(\")\")").map(|c| c.arity), Some(Some(1)));
        assert_eq!(call("get(\"a)"), None);
        assert_eq!(call("get(\"\"\"a\"\"\")"), None);
        assert_eq!(call("context"), None);
        assert_eq!(call("(x)"), None);
        assert_eq!(call("new Foo()").map(|c| c.name), None);
    }

    #[test]
    fn a_call_with_a_trailing_block_counts_the_block_as_an_argument() {
        let call = |q| receiver_call(q).map(|c| (c.qualifier, c.name, c.arity));
        assert_eq!(
            call("names.filter { it.isNotEmpty() }"),
            Some((Some("names"), "filter", Some(1)))
        );
        assert_eq!(
            call("xs.fold(0) { acc, x -> acc + x }"),
            Some((Some("xs"), "fold", Some(2)))
        );
        assert_eq!(
            call("a.map { it }.filter { \"}\" != it }"),
            Some((Some("a.map { it }"), "filter", Some(1)))
        );
        // Built of a type: read as a call of the type's name.
        assert_eq!(call("Point { x: 1 }"), Some((None, "Point", Some(1))));
        // No call before the block.
        assert_eq!(call("if a { b } else { c }"), None);
        assert_eq!(call("match x { _ => y }"), None);
        assert_eq!(call("f { a } { b }"), None);
        assert_eq!(call("x!! { a }"), None);
        assert_eq!(call("{ a }"), None);
    }

    #[test]
    fn java_return_types_are_read_before_the_name() {
        assert_eq!(
            returns(
                "java",
                "getBeanFactory",
                "protected @Nullable BeanFactory getBeanFactory() {"
            ),
            Some("BeanFactory".into())
        );
        assert_eq!(
            returns("java", "names", "public List<Map<String, Foo>> names() {"),
            Some("List".into())
        );
        assert_eq!(
            returns("java", "entry", "Map.Entry<K, V> entry(int i) {"),
            Some("Map.Entry".into())
        );
        assert_eq!(returns("java", "pick", "public <T> T pick() {"), None);
        assert_eq!(returns("java", "run", "public void run() {"), None);
        assert_eq!(returns("java", "size", "int size() {"), None);
        assert_eq!(returns("java", "all", "Foo[] all() {"), None);
        assert_eq!(returns("java", "Foo", "public Foo(int x) {"), None);
    }

    #[test]
    fn rust_return_types_are_read_after_the_arrow() {
        let rust = |name, sig| returns("rust", name, sig);
        assert_eq!(
            rust("make", "pub fn make() -> Handle {"),
            Some("Handle".into())
        );
        assert_eq!(
            rust(
                "spawn",
                "pub fn spawn<F: Fn() -> T, T>(f: F) -> JoinHandle<T> where F: Send {"
            ),
            Some("JoinHandle<T>".into())
        );
        assert_eq!(
            rust("name", "fn name<'a>(&'a mut self) -> &'a mut Builder {"),
            Some("Builder".into())
        );
        assert_eq!(rust("run", "fn run(&self) {"), None);
        assert_eq!(rust("get", "fn get<T>() -> T {"), None);
        assert_eq!(rust("me", "fn me(&self) -> Self {"), None);
        assert!(returns_self(&method(
            "rust",
            "me",
            "fn me(&mut self) -> &mut Self {"
        )));
        assert!(!returns_self(&method(
            "rust",
            "make",
            "fn make() -> Handle {"
        )));
        // Kotlin builders: `apply` and `also` give the object they run on.
        for (name, header) in [
            ("url", "fun url(url: String) = apply {"),
            (
                "header",
                "open fun header( name: String, value: String, ) = also {",
            ),
            ("me", "fun <T> me(t: T) = this"),
        ] {
            assert!(returns_self(&method("kotlin", name, header)), "{header}");
        }
        for header in [
            "fun url(url: String) = run {",
            "fun url(a: String) = apply(a)",
        ] {
            assert!(!returns_self(&method("kotlin", "url", header)), "{header}");
        }
    }

    #[test]
    fn return_types_written_after_the_parameters_are_read() {
        assert_eq!(
            returns(
                "kotlin",
                "factory",
                "fun factory(name: String): BeanFactory? {"
            ),
            Some("BeanFactory?".into())
        );
        assert_eq!(returns("kotlin", "x", "fun <T> x(): T ="), None);
        assert_eq!(returns("kotlin", "u", "fun u() {"), None);
        assert_eq!(
            returns(
                "typescript",
                "make",
                "make<T>(a: (x: T) => void): Maker | undefined {"
            ),
            Some("Maker".into())
        );
        assert_eq!(returns("typescript", "m", "m(): Foo | Bar {"), None);
        assert_eq!(returns("typescript", "n", "n(): any {"), None);
        assert_eq!(
            returns("python", "manager", "def manager(self) -> \"Manager\":"),
            Some("Manager".into())
        );
        assert_eq!(
            returns("python", "m", "def m(self) -> Optional[Manager]:"),
            Some("Manager".into())
        );
        assert_eq!(returns("python", "a", "def a(self) -> Any:"), None);
        assert_eq!(returns("python", "s", "def s(self) -> Self:"), None);
        assert_eq!(returns("python", "u", "def u(self) -> Union[A, B]:"), None);
        assert_eq!(returns("python", "n", "def n(self):"), None);
        assert_eq!(returns("go", "F", "func F() *Foo {"), Some("Foo".into()));
        assert_eq!(
            returns(
                "go",
                "Appender",
                "func (db *DB) Appender(ctx context.Context) storage.Appender {"
            ),
            Some("storage.Appender".into())
        );
        assert_eq!(
            returns(
                "go",
                "Open",
                "func Open(dir string, opts *Options) (*DB, error) {"
            ),
            Some("DB".into())
        );
        assert_eq!(
            returns("go", "Read", "func Read(p []byte) (n int, err error) {"),
            None
        );
        assert_eq!(
            returns("go", "Make", "func Make[T any](xs []T) (*Box[T], error) {"),
            Some("Box[T]".into())
        );
        assert_eq!(returns("go", "Size", "func (b *Box) Size() int {"), None);
        assert_eq!(returns("go", "Do", "func Do() {"), None);
        assert_eq!(
            returns("go", "Check", "func Check() error {"),
            Some("error".into())
        );
    }

    #[test]
    fn go_results_are_read_in_their_place_and_named_ones_share_their_type() {
        let at = |signature: &str, position: usize| {
            let sym = method("go", "f", signature);
            go_result_type(&sym, position).map(str::to_string)
        };
        assert_eq!(at("func f() (*Foo, error) {", 1), Some("error".into()));
        assert_eq!(at("func f() (*Foo, error) {", 2), None);
        assert_eq!(
            at("func f() (a, b *Foo, err error) {", 0),
            Some("Foo".into())
        );
        assert_eq!(
            at("func f() (a, b *Foo, err error) {", 1),
            Some("Foo".into())
        );
        assert_eq!(
            at("func f() (a, b *Foo, err error) {", 2),
            Some("error".into())
        );
        assert_eq!(at("func f() (chan int, *Bar) {", 1), Some("Bar".into()));
        assert_eq!(
            at("func f() (m map[string]int, b Bar) {", 1),
            Some("Bar".into())
        );
        assert_eq!(at("func f() (int, error) {", 0), None);
        assert_eq!(at("func f() *Foo {", 1), None);
    }
}
