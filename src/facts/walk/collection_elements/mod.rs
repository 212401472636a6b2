//! Java's, Kotlin's and C#'s collections: the elements a lambda over a collection
//! receives (`foos.forEach(f -> f.run())`, `more.map { it.run() }`, `byName.forEach((k,
//! v) -> ..)`, `foos.Where(f => f.Ok)`) and a loop over one iterates (`for (var f :
//! foos)`, `for (f in foos)`, `foreach (var f in foos)`), which none of them writes at
//! the lambda or the loop. They are read off the type
//! arguments the collection was declared with (`List<Foo> foos`, `val byName:
//! Map<String, Foo>`), in the same file: a parameter or local of the function that
//! holds where the collection is used, or a field of the enclosing class.
//!
//! Only the library's own collections and the methods that hand each element (or a
//! map's key and value) to the lambda are read, through the views and steps that keep
//! the elements (`values()`, `keySet()`, `stream()`, `filter(..)`, Kotlin's `values`,
//! `keys`, `asSequence()`, C#'s `Values`, `Where(..)`): anything else leaves the
//! parameter untyped.

mod tables;

use tree_sitter::Node;

use self::tables::{
    ELEMENT_CALLBACKS, ELEMENT_COLLECTIONS, ELEMENT_READS, MAPS, SAME_ELEMENTS, VALUE_READS,
};
use super::bindings::initializer;
use super::syntax::{arity, trailing_lambdas};
use super::type_text::split_type;
use super::Walk;
use crate::facts::grammar::{Class, Grammar};
use crate::facts::{Binding, BindingKind, CallbackSite, Held};

/// A type as the facts keep it: its qualifier and simple name.
type TypeName = (Option<String>, String);

/// Where a lambda is passed: the call, the argument it is, and whether it is written
/// after the call's parentheses (Kotlin's `f(a) { .. }`).
struct PassedTo<'t> {
    call: Node<'t>,
    argument: usize,
    trailing: bool,
}

/// What the declared type `written` holds, when it is one of the library's
/// collections or maps with its type arguments written.
pub(super) fn held_by(written: &str) -> Option<Held> {
    let t = written.trim().trim_end_matches('?').trim_end();
    let open = t.find('<')?;
    let head = t[..open].trim();
    let head = head.rsplit('.').next().unwrap_or(head);
    let args = split_arguments(t[open + 1..].strip_suffix('>')?)?;
    if ELEMENT_COLLECTIONS.contains(&head) && args.len() == 1 {
        return Some(Held::Elements(argument_type(args[0])));
    }
    if MAPS.contains(&head) && args.len() == 2 {
        return Some(Held::Map(argument_type(args[0]), argument_type(args[1])));
    }
    None
}

/// The collection value `v` makes, written as a declaration of its type would write it
/// (for [`held_by`]): Java's and C#'s `new ArrayList<Foo>()`, Kotlin's
/// `ArrayList<Foo>()`, and Kotlin's `mutableListOf<Foo>()` (a list) and
/// `mutableMapOf<String, Foo>()` (a map). Only with the type arguments written (not
/// Java's diamond).
pub(super) fn made_collection(g: &'static Grammar, v: Node<'_>, src: &str) -> Option<String> {
    let text = |n: Node<'_>| src.get(n.byte_range());
    let written = match g.kind(v) {
        "object_creation_expression" => text(g.child(v, "type")?).map(str::to_string),
        "call_expression" if g.language == "kotlin" => {
            let callee = v.named_child(0).filter(|c| g.kind(*c) == "identifier")?;
            let mut c = v.walk();
            let arguments = v
                .named_children(&mut c)
                .find(|n| g.kind(*n) == "type_arguments")?;
            let head = match text(callee)? {
                "listOf" | "mutableListOf" | "arrayListOf" | "emptyList" | "listOfNotNull"
                | "setOf" | "mutableSetOf" | "hashSetOf" | "linkedSetOf" | "sortedSetOf"
                | "emptySet" | "setOfNotNull" | "sequenceOf" | "emptySequence" | "arrayOf"
                | "emptyArray" => "List",
                "mapOf" | "mutableMapOf" | "hashMapOf" | "linkedMapOf" | "sortedMapOf"
                | "emptyMap" => "Map",
                constructor => constructor,
            };
            Some(format!("{head}{}", text(arguments)?))
        }
        _ => None,
    }?;
    // Not Java's diamond (`new ArrayList<>()`), which leaves the declaration to say.
    let arguments = written.split_once('<')?.1.trim_end().strip_suffix('>')?;
    (!arguments.trim().is_empty()).then_some(written)
}

/// The entries of a type-argument list, split at its top-level commas; `None` when
/// its brackets do not balance.
fn split_arguments(list: &str) -> Option<Vec<&str>> {
    let mut depth = 0usize;
    let mut start = 0;
    let mut entries = Vec::new();
    let bytes = list.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'<' | b'(' | b'[' => depth += 1,
            // A function type's arrow closes nothing.
            b'>' if i > 0 && bytes[i - 1] == b'-' => {}
            b'>' | b')' | b']' => depth = depth.checked_sub(1)?,
            b',' if depth == 0 => {
                entries.push(&list[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    (depth == 0).then(|| {
        entries.push(&list[start..]);
        entries
    })
}

/// The one named type a type argument stands for: past `? extends` and Kotlin's
/// `out` and `?`; none for a wildcard, a lower bound (`? super T`, `in T`), an array
/// or a function type.
fn argument_type(arg: &str) -> Option<TypeName> {
    let arg = arg.trim();
    let arg = arg
        .strip_prefix("? extends ")
        .or_else(|| arg.strip_prefix("out "))
        .unwrap_or(arg)
        .trim()
        .trim_end_matches('?');
    if arg.is_empty()
        || arg.starts_with(['?', '*', '('])
        || arg.starts_with("in ")
        || arg.ends_with(']')
        || arg.contains("->")
    {
        return None;
    }
    match split_type(arg) {
        (qualifier, Some(name)) => Some((qualifier, name)),
        _ => None,
    }
}

/// Whether the walk reads collections' elements in `language`.
pub(crate) fn reads_elements(language: &str) -> bool {
    matches!(language, "java" | "kotlin" | "csharp")
}

impl<'a> Walk<'a> {
    /// Notes what the binding about to be made at position `index`, declared with
    /// written type `written`, holds.
    pub(super) fn note_held(&mut self, index: usize, written: &str) {
        if let Some(held) = held_by(written) {
            self.held.insert(index, held);
        }
    }

    /// What the collection value `node` holds: a name (a local or parameter that
    /// holds there, or a field of the enclosing class), `this.name`, or a view or
    /// step of one that keeps its elements (`foos.stream()`, `m.values()`,
    /// `m.keys`).
    fn held_by_value(&self, node: Node<'_>, depth: usize) -> Option<Held> {
        if depth > 8 {
            return None;
        }
        let g = self.g;
        match g.kind(node) {
            "identifier" | "simple_identifier" => {
                self.held_by_name(self.text(node), node.start_byte())
            }
            "field_access" | "navigation_expression" => {
                let (object, member) = self.member_parts(node)?;
                if self.text(object) == "this" {
                    return self.held_by_field(self.text(member));
                }
                let held = self.held_by_value(object, depth + 1)?;
                // Kotlin's `m.values`, `m.keys`.
                view_of(held, self.text(member))
            }
            // Java's `foos.stream()`, C#'s `foos.Where(..)`, Kotlin's `foos.filter { .. }`.
            "method_invocation" | "invocation_expression" | "call_expression" => {
                let (object, method) = self.member_call(node)?;
                view_of(self.held_by_value(object, depth + 1)?, method)
            }
            // C#'s `this._foos`, `map.Values`.
            "member_access_expression" => {
                let member = self.text(g.child(node, "name")?);
                let object = g.child(node, "expression")?;
                // The grammar keeps `this` as a bare token.
                if self.text(object) == "this" {
                    return self.held_by_field(member);
                }
                view_of(self.held_by_value(object, depth + 1)?, member)
            }
            _ => None,
        }
    }

    /// The object and the method's name of a method call: Java's `a.m(..)`, C#'s
    /// `a.M(..)`, Kotlin's `a.m(..)` and `a.m { .. }`.
    fn member_call<'t>(&self, call: Node<'t>) -> Option<(Node<'t>, &'a str)> {
        let g = self.g;
        match g.kind(call) {
            "method_invocation" => {
                Some((g.child(call, "object")?, self.text(g.child(call, "name")?)))
            }
            "invocation_expression" => self.csharp_member_call(call),
            "call_expression" if self.lang.name == "kotlin" => {
                let callee = call
                    .named_child(0)
                    .filter(|c| g.kind(*c) == "navigation_expression")?;
                let (object, method) = self.member_parts(callee)?;
                Some((object, self.text(method)))
            }
            _ => None,
        }
    }

    /// The object and the method's name of C#'s `a.M(..)`.
    fn csharp_member_call<'t>(&self, call: Node<'t>) -> Option<(Node<'t>, &'a str)> {
        let g = self.g;
        let callee = g
            .child(call, "function")
            .filter(|f| g.kind(*f) == "member_access_expression")?;
        Some((
            g.child(callee, "expression")?,
            self.text(g.child(callee, "name")?),
        ))
    }

    /// The object and member of Java's `a.b` or Kotlin's `a.b`.
    fn member_parts<'t>(&self, node: Node<'t>) -> Option<(Node<'t>, Node<'t>)> {
        let g = self.g;
        if g.kind(node) == "field_access" {
            return Some((g.child(node, "object")?, g.child(node, "field")?));
        }
        if node.named_child_count() != 2 {
            return None;
        }
        let member = node.named_child(1)?;
        let member = if g.kind(member) == "navigation_suffix" {
            member.named_child(0)?
        } else {
            member
        };
        Some((node.named_child(0)?, member))
    }

    /// What the local or parameter `name` that holds at `at` holds, or else the field
    /// of the enclosing class of that name.
    fn held_by_name(&self, name: &str, at: usize) -> Option<Held> {
        let scope = self.binding_scope();
        let at = u32::try_from(at).ok()?;
        let local = self.bindings.iter().enumerate().rev().find(|(_, b)| {
            b.name == name && b.kind != BindingKind::Field && b.scope == scope && b.holds_at(at)
        });
        match local {
            Some((i, _)) => self.held.get(&i).cloned(),
            None => self.held_by_field(name),
        }
    }

    /// What the field `name` of the class the walk is in holds, as its declarations
    /// with a collection type agree (a constructor's `this.regs = regs` declares it
    /// again, with no type written).
    fn held_by_field(&self, name: &str) -> Option<Held> {
        let class = self.enclosing_class()?;
        let mut held = self
            .bindings
            .iter()
            .enumerate()
            .filter(|(_, b)| {
                b.name == name && b.kind == BindingKind::Field && b.scope == Some(class)
            })
            .filter_map(|(i, _)| self.held.get(&i));
        let first = held.next()?;
        held.all(|h| h == first).then(|| first.clone())
    }

    /// The innermost type definition the walk is in.
    fn enclosing_class(&self) -> Option<u32> {
        let at = self
            .open
            .iter()
            .rev()
            .find(|&&d| self.defs[d].kind.is_type_like())?;
        u32::try_from(*at).ok()
    }

    /// The types the parameters of a lambda (a Java or C# `lambda_expression`, a
    /// Kotlin `lambda_literal`) passed as `passed` receive from the collection method
    /// called, by position; `parameters` is how many it declares (1 for Kotlin's
    /// `it`).
    fn lambda_receives(&self, passed: &PassedTo<'_>, parameters: usize) -> Vec<Option<TypeName>> {
        let none = || vec![None; parameters];
        let (call, argument) = (passed.call, passed.argument);
        let Some((object, method)) = self.member_call(call) else {
            return none();
        };
        let Some(held) = self.held_by_value(object, 0) else {
            return none();
        };
        let mut types = none();
        match held {
            Held::Elements(element) => {
                if let Some(&(_, _, at)) = ELEMENT_CALLBACKS
                    .iter()
                    .find(|(m, arg, _)| *m == method && *arg == argument)
                {
                    if let Some(slot) = types.get_mut(at) {
                        *slot = element;
                    }
                }
            }
            Held::Map(key, value) => {
                let given = match (method, argument, parameters) {
                    ("forEach" | "replaceAll", 0, 2) => [key, value],
                    ("computeIfPresent" | "compute", 1, 2) => [key, value],
                    ("computeIfAbsent", 1, 1) => [key, None],
                    _ => [None, None],
                };
                for (slot, t) in types.iter_mut().zip(given) {
                    *slot = t;
                }
            }
        }
        types
    }

    /// The call `lambda` is an argument of, and where among its arguments (a Kotlin
    /// lambda written after the parentheses comes after those in them).
    fn call_passed_lambda<'t>(&self, lambda: Node<'t>) -> Option<PassedTo<'t>> {
        let g = self.g;
        let parent = lambda.parent()?;
        match g.kind(parent) {
            // Java's `f(a, x -> ..)`; C#'s, whose arguments each stand in an `argument`.
            "argument_list" | "argument" => {
                let (argument, list) = match g.kind(parent) {
                    "argument" => (parent, parent.parent()?),
                    _ => (lambda, parent),
                };
                let call = list.parent().filter(|c| {
                    g.kind(list) == "argument_list"
                        && matches!(g.kind(*c), "method_invocation" | "invocation_expression")
                })?;
                let mut c = list.walk();
                let position = list.named_children(&mut c).position(|a| a == argument)?;
                Some(PassedTo {
                    call,
                    argument: position,
                    trailing: false,
                })
            }
            // Kotlin's `f(a) { .. }`, `f { .. }`.
            "annotated_lambda" => {
                let outer = parent
                    .parent()
                    .filter(|c| g.kind(*c) == "call_expression")?;
                // `f(a) { .. }`: the call with the parentheses is inside.
                let call = outer
                    .named_child(0)
                    .filter(|c| g.kind(*c) == "call_expression")
                    .unwrap_or(outer);
                let mut c = call.walk();
                let written = call
                    .named_children(&mut c)
                    .find(|n| g.kind(*n) == "value_arguments")
                    .map_or(0, |args| {
                        let mut c = args.walk();
                        let count = args
                            .named_children(&mut c)
                            .filter(|a| g.kind(*a) == "value_argument")
                            .count();
                        count
                    });
                Some(PassedTo {
                    call,
                    argument: written,
                    trailing: true,
                })
            }
            _ => None,
        }
    }

    /// Gives parameter `param` of `lambda`'s parameter list `list`, bound from
    /// `before` on, its type (see [`Walk::type_lambda_parameter_at`]).
    pub(super) fn type_lambda_parameter(
        &mut self,
        lambda: Node<'_>,
        list: Node<'_>,
        param: Node<'_>,
        before: usize,
    ) {
        let mut c = list.walk();
        let params: Vec<Node<'_>> = list
            .named_children(&mut c)
            .filter(|p| !self.g.class(*p).has(Class::COMMENT))
            .collect();
        if let Some(position) = params.iter().position(|p| *p == param) {
            self.type_lambda_parameter_at(lambda, params.len(), position, before);
        }
    }

    /// Gives the untyped bindings made from `before` on, parameter `position` of the
    /// `parameters` that `lambda` declares, the element type the collection method it
    /// is passed to hands it; else places them at that call, whose function may
    /// declare what it hands the parameter (`Consumer<Codecs> configure`, `block:
    /// (Codecs) -> Unit`).
    pub(super) fn type_lambda_parameter_at(
        &mut self,
        lambda: Node<'_>,
        parameters: usize,
        position: usize,
        before: usize,
    ) {
        let Some(passed) = self.call_passed_lambda(lambda) else {
            return;
        };
        if let Some(element) = self
            .lambda_receives(&passed, parameters)
            .swap_remove(position)
        {
            return self.give_type(before, element);
        }
        let site = initializer(self.g, passed.call, self.src).and_then(|mut call| {
            // A Kotlin lambda after the parentheses is one more argument of the call.
            if passed.trailing {
                call.arity = call.arity.map(|a| a + 1);
            }
            Some(CallbackSite {
                call,
                argument: u16::try_from(passed.argument).ok()?,
                parameter: u16::try_from(position).ok()?,
            })
        });
        if let Some(site) = site {
            self.place_untyped(before, site);
        }
    }

    /// Kotlin's `{ it.run() }`, passed to a call: the lambda's one implicit parameter,
    /// holding in it alone, typed by what the call hands it.
    pub(super) fn bind_implicit_it(&mut self, lambda: Node<'_>) {
        let g = self.g;
        let declares = {
            let mut c = lambda.walk();
            let found = lambda
                .named_children(&mut c)
                .any(|n| g.kind(n) == "lambda_parameters");
            found
        };
        if declares || self.call_passed_lambda(lambda).is_none() {
            return;
        }
        let before = self.bindings.len();
        self.bindings.push(Binding::written(
            "it".to_string(),
            (None, None),
            BindingKind::Parameter,
            self.binding_scope(),
        ));
        self.hold_in_node(lambda, before);
        self.type_lambda_parameter_at(lambda, 1, 0, before);
    }

    /// The element type a Java `for (var x : xs)` or Kotlin `for (x in xs)` loop
    /// gives its variable.
    pub(super) fn element_looped(
        &self,
        node: Node<'_>,
        stack: &[super::Frame<'_>],
    ) -> Option<TypeName> {
        let g = self.g;
        // Kotlin's loop declares its variable in a declaration of its own.
        let node = match stack.last() {
            Some(f) if g.kind(node) == "variable_declaration" && f.kind == "for_statement" => {
                f.node
            }
            _ => node,
        };
        let over = match g.kind(node) {
            "enhanced_for_statement" => g.child(node, "value")?,
            "foreach_statement" => g.child(node, "right")?,
            "for_statement" if self.lang.name == "kotlin" => {
                let mut c = node.walk();
                let found = node
                    .named_children(&mut c)
                    .skip_while(|n| g.kind(*n) != "variable_declaration")
                    .nth(1)?;
                found
            }
            _ => return None,
        };
        match self.held_by_value(over, 0)? {
            Held::Elements(element) => element,
            Held::Map(..) => None,
        }
    }

    /// The element (or, of a map, the value) that value `v` reads out of a collection
    /// whose type arguments the walk knows: `foos[i]`, `foos.get(i)`, `foos.first()`,
    /// `byName[key]`, `byName.get(key)`, C#'s `foos.First()`.
    pub(super) fn element_read(&self, v: Node<'_>) -> Option<TypeName> {
        let g = self.g;
        let (object, method) = match g.kind(v) {
            "index_expression" if self.lang.name == "kotlin" => (v.named_child(0)?, None),
            "element_access_expression" => (g.child(v, "expression")?, None),
            _ => {
                let (object, method) = self.member_call(v)?;
                (object, Some(method))
            }
        };
        let held = self.held_by_value(object, 0)?;
        let Some(method) = method else {
            return entry_read(&held, None).cloned();
        };
        // Kotlin's lambda after the call (`first { .. }`) is an argument too; its grammar
        // writes it beside the parentheses, not in them.
        let arguments = arity(g, v, 0).unwrap_or(0);
        let trailing = if g.has_kind("call_suffix") {
            0
        } else {
            trailing_lambdas(g, v)
        };
        let read = (method, arguments + u16::try_from(trailing).ok()?);
        entry_read(&held, Some(read)).cloned()
    }
}

/// The type of what reading one entry of a collection holding `held` gives: an
/// element of a list, set, queue or stream, the value of a map. `read` is the method
/// called with its number of arguments (`get`, 1), or `None` for an index (`foos[i]`,
/// `byName[key]`).
pub(crate) fn entry_read<'h>(held: &'h Held, read: Option<(&str, u16)>) -> Option<&'h TypeName> {
    match (held, read) {
        (Held::Elements(element), None) => element.as_ref(),
        (Held::Map(_, value), None) => value.as_ref(),
        (Held::Elements(element), Some(read)) if ELEMENT_READS.contains(&read) => element.as_ref(),
        (Held::Map(_, value), Some(read)) if VALUE_READS.contains(&read) => value.as_ref(),
        _ => None,
    }
}

/// What a view or step named `member` of a collection holding `held` holds.
fn view_of(held: Held, member: &str) -> Option<Held> {
    match (held, member) {
        (Held::Map(_, value), "values" | "Values") => Some(Held::Elements(value)),
        (Held::Map(key, _), "keySet" | "keys" | "Keys") => Some(Held::Elements(key)),
        (held @ Held::Elements(_), m) if SAME_ELEMENTS.contains(&m) => Some(held),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(q: Option<&str>, n: &str) -> Option<TypeName> {
        Some((q.map(str::to_string), n.to_string()))
    }

    #[test]
    fn a_collection_holds_what_its_type_arguments_write() {
        assert_eq!(held_by("List<Foo>"), Some(Held::Elements(t(None, "Foo"))));
        assert_eq!(
            held_by("java.util.Set<? extends a.b.Foo>"),
            Some(Held::Elements(t(Some("a.b"), "Foo")))
        );
        assert_eq!(
            held_by("MutableList<out Foo?>?"),
            Some(Held::Elements(t(None, "Foo")))
        );
        assert_eq!(
            held_by("Map<String, List<Foo>>"),
            Some(Held::Map(t(None, "String"), t(None, "List")))
        );
        assert_eq!(held_by("List<? super Foo>"), Some(Held::Elements(None)));
        assert_eq!(held_by("List<Foo[]>"), Some(Held::Elements(None)));
        assert_eq!(held_by("List<(Foo) -> Unit>"), Some(Held::Elements(None)));
        // Not a collection of the library's, or no type argument written.
        assert_eq!(held_by("Registry<Foo>"), None);
        assert_eq!(held_by("List"), None);
        assert_eq!(held_by("Map<Foo>"), None);
    }

    #[test]
    fn views_keep_the_elements_they_show() {
        let map = Held::Map(t(None, "K"), t(None, "V"));
        assert_eq!(
            view_of(map.clone(), "values"),
            Some(Held::Elements(t(None, "V")))
        );
        assert_eq!(
            view_of(map.clone(), "keys"),
            Some(Held::Elements(t(None, "K")))
        );
        assert_eq!(view_of(map, "stream"), None);
        let list = Held::Elements(t(None, "E"));
        assert_eq!(view_of(list.clone(), "stream"), Some(list.clone()));
        assert_eq!(view_of(list, "map"), None);
    }
}
