//! References: what a name in the tree is used as (a call, a type, an inheritance
//! clause, a plain read), with the receiver text and arity a call carries, and the
//! plain uses of locals dropped once the walk is done.

use std::collections::HashMap;

use tree_sitter::Node;

use super::arguments::java_argument_types;
use super::bindings::is_inferred_type;
use super::define_bodies::define_calls;
use super::import_sites::require_module;
use super::syntax::{
    arguments, arity, callee_parts, member_receiver, namespaced_name, receiver_text,
    trailing_lambdas,
};
use super::token_members::token_member;
use super::{CallSite, Frame, Walk, SELF_NAMES};
use crate::facts::grammar::Class;
use crate::facts::{
    imports, Binding, BindingKind, CallArguments, DefinedValues, RefKind, Reference,
};
use crate::symbols::Symbol;

/// Swift attributes whose arguments are words of their own syntax (platforms,
/// selectors, SPI groups), not names of the code.
const SWIFT_WORD_ATTRIBUTES: &[&str] = &[
    "available",
    "backDeployed",
    "objc",
    "_spi",
    "_originallyDefinedIn",
    "_silgen_name",
    "_cdecl",
    "_specialize",
    "_effects",
    "inline",
];

impl<'a> Walk<'a> {
    /// Records where a call's callee name is, with its qualifier and arity, so that
    /// the identifier visited below is classified as a call.
    pub(super) fn call<'t>(&mut self, node: Node<'t>, stack: &[Frame<'t>]) {
        let g = self.g;
        if self.lang.name == "bash" {
            self.shell_command(node);
            return;
        }
        if self.lang.name == "ruby" {
            self.ruby_attributes(node);
        }
        // C++'s `new Regexp*[n]` makes an array of pointers and calls no constructor
        // (the grammar ends the `new` before the `*`): `Regexp` is only a type there.
        if g.kind(node) == "new_expression"
            && g.child(node, "arguments").is_none()
            && self.src[node.end_byte()..].trim_start().starts_with('*')
        {
            return;
        }
        // `f(x) { .. }` in Kotlin: the call with the parentheses is the callee of one
        // that holds the lambda, and is visited next; the outer call names nothing.
        if let Some(inner) = node.named_child(0).filter(|c| g.class(*c).has(Class::CALL)) {
            let lambdas = trailing_lambdas(g, node);
            if lambdas > 0 {
                self.trailing_lambdas.insert(inner.id(), lambdas);
            }
        }
        let Some((callee, receiver)) = callee_parts(g, node) else {
            return;
        };
        let extra = self.trailing_lambdas.remove(&node.id()).unwrap_or(0);
        let arity = arity(g, node, extra);
        // PHP's `\App\f()`: the name after the path is called, in that namespace.
        let (name, qualifier) = match namespaced_name(g, callee, self.src) {
            Some((name, path)) => (name, Some(path)),
            None => (callee, receiver.map(|q| receiver_text(g, q, self.src))),
        };
        // `require('./x')` outside a declaration: a CommonJS import binding nothing.
        // (Lua's binds nothing either, but its module path would read as a name.)
        if !self.requires.contains(&node.start_byte()) && self.lang.name != "lua" {
            if let Some(module) = require_module(g, node, self.src) {
                if let Some(arg) = arguments(g, node).and_then(|a| a.named_child(0)) {
                    self.imports.push(imports::base(arg, module));
                }
            }
        }
        if g.class(name).has(Class::IDENTIFIER) {
            if self.lang.name == "java" {
                if let Some(types) = java_argument_types(g, node, stack, self.src, &mut self.scopes)
                {
                    self.call_arguments.push(CallArguments::of(
                        u32::try_from(name.start_byte()).unwrap_or(u32::MAX),
                        &types,
                    ));
                }
            }
            self.calls
                .insert(name.start_byte(), CallSite { qualifier, arity });
        } else {
            // A callee that is not an identifier node (Swift's `.contentType(..)`).
            // JavaScript's `import(url)` is the language's own syntax, no call of a
            // name.
            let text = self.text(name).trim();
            if text.is_empty()
                || text.len() > 120
                || text.contains(char::is_whitespace)
                || g.kind(name) == "import"
            {
                return;
            }
            self.push_reference(text, qualifier, RefKind::Call, name.start_byte(), arity);
        }
    }

    /// Kotlin's `a and b`, `0 until n`, Scala's `xs map f`, `a eq b`: a call of the
    /// method named between the operands, on the left one, as `a.and(b)` is. (A bare
    /// name, it was tied to any function of that name, whatever its receiver type.)
    pub(super) fn infix_call(&mut self, node: Node<'_>) {
        if let (Some(left), Some(name)) = (node.named_child(0), node.named_child(1)) {
            self.call_written_apart(left, name, Some(1));
        }
    }

    /// Java's `tm::commit`, `String::valueOf`: a use of the method named after `::`,
    /// as a call with its arguments unknown, never of a field of that name (which
    /// `tm.commit` reads).
    pub(super) fn method_reference(&mut self, node: Node<'_>) {
        let last = u32::try_from(node.named_child_count().saturating_sub(1)).ok();
        if let (Some(receiver), Some(name)) =
            (node.named_child(0), last.and_then(|i| node.named_child(i)))
        {
            self.call_written_apart(receiver, name, None);
        }
    }

    /// `name`, an identifier written after `receiver` with no call syntax around the
    /// two, recorded as a call of it on `receiver` (taking `arity` arguments).
    fn call_written_apart(&mut self, receiver: Node<'_>, name: Node<'_>, arity: Option<u16>) {
        let g = self.g;
        if g.class(name).has(Class::IDENTIFIER) && name.start_byte() >= receiver.end_byte() {
            let qualifier = Some(receiver_text(g, receiver, self.src));
            self.calls
                .insert(name.start_byte(), CallSite { qualifier, arity });
        }
    }

    pub(super) fn identifier<'t>(
        &mut self,
        node: Node<'t>,
        kind: &'static str,
        field: Option<&'static str>,
        stack: &[Frame<'t>],
    ) {
        let start = node.start_byte();
        let name = self.text(node);
        // Go has no such keywords: `h.Self()` calls a method named so.
        let go_member = self.lang.name == "go" && field == Some("field");
        // A keyword error recovery took for a name (C's `va_arg(ap, void *)`).
        if name.is_empty()
            || (SELF_NAMES.contains(&name) && !go_member)
            || self.lang.symbols.reserved.contains(&name)
            || self.def_names.contains(&start)
            || self.declared.contains(&start)
        {
            return;
        }
        // PHP's `new static(..)`, `new parent(..)`: the class the method is called on,
        // or its parent, which the facts do not follow (`new self` is as `this`).
        if matches!(name, "static" | "parent") && self.lang.name == "php" {
            return;
        }
        let parent = stack.last();
        // `var x = ..`: an inferred type, not a use of a type named `var`.
        if name == "var" && field == Some("type") && is_inferred_type(self.g, node, self.src) {
            return;
        }
        if let Some(p) = parent {
            let pk = p.kind;
            if p.class.has(Class::KEYED)
                && matches!(field, Some("name" | "key" | "label" | "field"))
            {
                return;
            }
            // Swift's `@available(macOS 10.15, *)`, `@objc(name:)`: words of the
            // attribute's own syntax, no names of the code.
            if pk == "attribute"
                && kind == "simple_identifier"
                && self.lang.name == "swift"
                && p.node
                    .named_child(0)
                    .is_some_and(|a| SWIFT_WORD_ATTRIBUTES.contains(&self.text(a)))
            {
                return;
            }
            // Swift's argument label (`response:` of `Resp(response: r)`) names a
            // parameter, not the method or property of its name. Scala's `private[b]`
            // names the package or class a member is visible in: no value.
            if pk == "value_argument_label" || pk == "access_qualifier" {
                return;
            }
            // TypeScript's `{ [key: number]: any }`: the index's name declares nothing.
            if pk == "index_signature" && field == Some("name") {
                return;
            }
            // The effect of Swift's `@Sendable (Response) async -> Void`, which the
            // grammar reads as a function type of a type named `async`.
            if pk == "user_type"
                && matches!(name, "async" | "throws" | "rethrows")
                && self.lang.name == "swift"
            {
                return;
            }
            // Kotlin's `f(name = v)`, `@Deprecated(level = ..)`: a label, which the
            // grammar gives no field.
            let after = self.src[node.end_byte()..].trim_start();
            if pk == "value_argument"
                && p.node.named_child(0) == Some(node)
                && after.starts_with('=')
                && !after.starts_with("==")
            {
                return;
            }
            // Go's `T{name: v}` names a field of `T`, unless the literal is a map's, a
            // slice's or an array's, whose keys are values (`map[string]int{k: 1}`).
            if pk == "literal_element" && p.field == Some("key") && !go_keys_are_values(stack) {
                return;
            }
            // Lua's `{ get = f }` names a key of the table; `{ [k] = v }` computes the
            // key from `k`, which is a use.
            if pk == "field"
                && field == Some("name")
                && !self.src[..start].trim_end().ends_with('[')
            {
                return;
            }
            // A segment of a PHP namespace path (`App` in `\App\Util\f`) names no
            // definition of its own.
            if p.class.has(Class::PACKAGE_DECL) || pk == "namespace_name" {
                return;
            }
            // A PHP variable (`$message`) never names the function or method of its
            // name: PHP keeps the two apart.
            if pk == "variable_name" && self.lang.name == "php" {
                return;
            }
            if pk == "package_identifier" || kind == "package_identifier" {
                return;
            }
            // Rust's `'a` names a lifetime, no definition; `S` in `impl<S> W<S>` is
            // the block's type parameter (the block is no definition whose header
            // resolution reads, as it reads a function's or a type's), though
            // `Self::Error` is the associated type, whatever parameter shares its name.
            if self.lang.name == "rust" {
                let qualified = matches!(pk, "scoped_type_identifier" | "scoped_identifier")
                    && field == Some("name");
                if pk == "lifetime" || (!qualified && self.impl_declares_parameter(name, stack)) {
                    return;
                }
            }
            // `java.util.Map.Entry`, Scala's `sbt.protocol.Event`, Kotlin's
            // `okhttp3.internal.Util`: a lower-case name a type's path goes on from is
            // a package's, no definition of the tree.
            if (matches!(
                pk,
                "scoped_type_identifier" | "stable_type_identifier" | "user_type"
            ) || in_scala_type_path(stack))
                && name.starts_with(char::is_lowercase)
                && self.src.as_bytes().get(node.end_byte()) == Some(&b'.')
            {
                return;
            }
            // `A::f` naming a definition: part of the definition's own name.
            if self.in_definition_name(field, stack) {
                return;
            }
            // A destructor's name (`~Table`) names the destructor, not the class.
            if pk == "destructor_name" {
                return;
            }
            if self.lang.name == "swift" {
                // `func request(_ r: Request, didCompleteTask task: ..)`: an argument
                // label, no use of anything.
                if pk == "parameter" && field == Some("external_name") {
                    return;
                }
                // `case .retry:`, `completion(.doNotRetry)`: a case or static member
                // of the type the context expects, which no receiver names. Kept as
                // written, as such a call is (`.onQueue(..)`): by its name alone it
                // was tied to any definition so named (a method `retry`).
                if kind == "simple_identifier"
                    && matches!(
                        pk,
                        "prefix_expression" | "pattern" | "if_statement" | "guard_statement"
                    )
                    && self.src[..start].trim_end().ends_with('.')
                {
                    // The callee of a call is the call's, recorded with it.
                    let callee = p.node.parent().is_some_and(|c| {
                        self.g.class(c).has(Class::CALL)
                            && c.named_child(0).is_some_and(|f| f.id() == p.node.id())
                    });
                    if !callee {
                        let kind = self.classify(kind, field, stack);
                        self.push_reference(&format!(".{name}"), None, kind, start, None);
                    }
                    return;
                }
            }
            // `int f(int);`: a prototype declares the name, it does not use it; nor
            // does a macro's parameter list (`#define LIMIT(y, min, max)`).
            if (pk == "function_declarator" && field == Some("declarator"))
                || pk == "preproc_params"
            {
                return;
            }
            // `x.len()` in a macro body no parse could read (a DSL, a `macro_rules!`
            // transcriber): a member named through the receiver written before it,
            // never a bare name (which would be tied to a namesake). Read off the text:
            // asking a node for its sibling walks its parent.
            if pk == "token_tree" {
                let member =
                    token_member(self.src, start..node.end_byte(), p.node.byte_range(), false);
                if let Some(member) = member {
                    if let Some(receiver) = member.receiver {
                        let kind = if member.called {
                            RefKind::Call
                        } else {
                            self.classify(kind, field, stack)
                        };
                        self.push_reference(name, Some(receiver), kind, start, None);
                    }
                    return;
                }
            }
        }
        let (kind, qualifier, arity) = if let Some(call) = self.calls.remove(&start) {
            (RefKind::Call, call.qualifier, call.arity)
        } else if let Some(bound) = self.rust_bound_trait(field, stack) {
            // `Item` of `impl Stream<Item = u8>`: the trait's associated type.
            (RefKind::TypeUse, Some(bound), None)
        } else {
            let qualifier = parent.and_then(|p| {
                member_receiver(self.g, p, node, field, self.src).or_else(|| {
                    namespaced_name(self.g, p.node, self.src)
                        .filter(|(n, _)| n.start_byte() == start)
                        .map(|(_, path)| path)
                })
            });
            let kind = if self.values.contains(&start) {
                RefKind::Reference
            } else {
                self.classify(kind, field, stack)
            };
            (kind, qualifier, None)
        };
        self.push_reference(name, qualifier, kind, start, arity);
    }

    /// The calls written in `body`, the text of the `#define` that is the innermost of
    /// `stack` (see [`define_calls`]).
    pub(super) fn define_body(&mut self, body: Node<'_>, stack: &[Frame<'_>]) {
        let Some(define) = stack
            .last()
            .filter(|f| matches!(f.kind, "preproc_def" | "preproc_function_def"))
        else {
            return;
        };
        // A macro's own name is never expanded inside it (`#define log(m) log(m, 1)`
        // calls the function): its parameters and its own name are left out.
        let mut own = Vec::new();
        own.extend(self.g.child(define.node, "name").map(|n| self.text(n)));
        if let Some(list) = self.g.child(define.node, "parameters") {
            let mut c = list.walk();
            own.extend(list.named_children(&mut c).map(|p| self.text(p)));
        }
        let src = self.src;
        for call in define_calls(src, body.byte_range(), &own, self.lang.symbols.reserved) {
            let start = call.name.start;
            self.push_reference(&src[call.name], call.receiver, RefKind::Call, start, None);
        }
    }

    /// Adds the reference to `name` written at byte `start`.
    pub(super) fn push_reference(
        &mut self,
        name: &str,
        qualifier: Option<String>,
        kind: RefKind,
        start: usize,
        arity: Option<u16>,
    ) {
        let (line, column) = self.position(start);
        self.references.push(Reference {
            name: name.to_string(),
            qualifier,
            kind,
            line,
            column,
            start_byte: u32::try_from(start).unwrap_or(u32::MAX),
            enclosing: self.enclosing(),
            arity,
        });
    }

    /// Whether an identifier (at `field` of the innermost of `stack`) is part of a
    /// definition's own qualified name: any part of `A::f`, and of a nested class's
    /// member `RE2::Set::Add` the member's name (`Add`, in `Set::Add` in the name), not
    /// the class path inside (`Set` is used: renaming that class breaks the line).
    fn in_definition_name(&self, field: Option<&'static str>, stack: &[Frame<'_>]) -> bool {
        let mut names_only = field == Some("name");
        for (depth, f) in stack.iter().rev().enumerate() {
            if !f.class.has(Class::QUALIFIED_NAME) {
                return false;
            }
            if (depth == 0 || names_only) && self.def_names.contains(&f.node.start_byte()) {
                return true;
            }
            names_only &= f.field == Some("name");
            if !names_only {
                return false;
            }
        }
        false
    }

    /// Whether `f` (below `parent`) embeds a type in a Go struct or interface: a field
    /// of no name (`struct { *Base }`, whose methods the struct gains) or an
    /// interface's element that is one type (`interface { io.Reader }`), not a type
    /// set (`~int | ~float64`). Go has no other inheritance.
    fn go_embedding(&self, f: &Frame<'_>, parent: Option<&Frame<'_>>) -> bool {
        if self.lang.name != "go" {
            return false;
        }
        match f.kind {
            "field_declaration" => self.g.child(f.node, "name").is_none(),
            "type_elem" => {
                parent.is_some_and(|p| p.kind == "interface_type")
                    && f.node.named_child_count() == 1
                    && f.node.child_count() == 1
            }
            _ => false,
        }
    }

    /// Whether a Rust `impl` block around the name declares a type or const
    /// parameter called `name` (`S` of `impl<S: Clone> W<S>`, `N` of
    /// `impl<const N: usize>`).
    fn impl_declares_parameter(&self, name: &str, stack: &[Frame<'_>]) -> bool {
        stack
            .iter()
            .filter(|f| f.kind == "impl_item")
            .filter_map(|f| self.g.child(f.node, "type_parameters"))
            .any(|list| {
                let mut cursor = list.walk();
                let found = list
                    .named_children(&mut cursor)
                    .filter_map(|p| self.g.child(p, "name"))
                    .any(|n| self.text(n) == name);
                found
            })
    }

    /// Type use, inheritance, annotation or plain reference, from the ancestors.
    fn classify(&self, kind: &str, field: Option<&'static str>, stack: &[Frame<'_>]) -> RefKind {
        if self.is_ruby_mixin(field, stack) {
            return RefKind::Inheritance;
        }
        // TypeScript's `x is Foo` and `asserts x` name the parameter `x`, not a type.
        let parent = stack.last().map(|f| f.kind);
        if (parent == Some("type_predicate") && field == Some("name"))
            || (parent == Some("asserts") && kind == "identifier")
        {
            return RefKind::Reference;
        }
        // TypeScript's `typeof OPTIONS.size` names a value, not a type.
        if goes_on_through(field, stack)
            || self.rust_path_goes_on(field, stack)
            || stack.iter().rev().take(8).any(|f| f.kind == "type_query")
        {
            return RefKind::Reference;
        }
        // C++'s `Regexp::` before `::` is a class or a namespace, never a function
        // (inside `Regexp` the name alone would read as its constructor).
        let mut is_type = matches!(kind, "type_identifier" | "namespace_identifier")
            || matches!(field, Some("type" | "returns"));
        // Inside type arguments (`extends Base<Arg>`, Python's `class A(Base[Arg])`), a
        // name in a supertype list is used, not inherited from.
        let mut argument = field == Some("subscript");
        // Ancestors up to the enclosing statement decide; a handful of levels is
        // enough for every header and annotation shape.
        for (depth, f) in stack.iter().rev().take(8).enumerate() {
            if f.class.has(Class::ANNOTATION) {
                // The grammar reads Swift's `@Sendable (Response) -> Void` as the
                // attribute `Sendable` given an argument: a type of the function type.
                if depth == 0 && f.kind == "attribute" && self.lang.name == "swift" {
                    return RefKind::TypeUse;
                }
                return RefKind::Annotation;
            }
            if f.class.has(Class::INHERITANCE)
                || f.field == Some("superclasses")
                || f.field == Some("superclass")
                || self.go_embedding(f, stack.len().checked_sub(depth + 2).map(|p| &stack[p]))
            {
                // An anonymous object's supertypes (Kotlin's `object : Runnable { .. }`,
                // PHP's `new class extends Base {}`) are none of the definition it is
                // written in: types it uses.
                let above = stack[..stack.len() - depth]
                    .iter()
                    .rev()
                    .find(|a| !a.class.has(Class::INHERITANCE));
                let anonymous =
                    above.is_some_and(|a| matches!(a.kind, "object_literal" | "anonymous_class"));
                return if argument || anonymous {
                    RefKind::TypeUse
                } else {
                    RefKind::Inheritance
                };
            }
            argument |= f.class.has(Class::TYPE_ARGUMENTS) || f.field == Some("subscript");
            // An argument is a value, also one an annotation is given (C#'s
            // `[Requires(Utils.Warning)]`, whose argument list no field names), or a
            // Kotlin supertype's constructor (`object : Task(name)`). A Kotlin
            // annotation's arguments keep the annotation (`@Throws(IOException::class)`
            // names the exception class).
            let kotlin_arguments = f.kind == "value_arguments"
                && !stack[..stack.len() - depth - 1]
                    .iter()
                    .rev()
                    .take(3)
                    .any(|a| a.class.has(Class::ANNOTATION));
            if f.field == Some("arguments")
                || f.class.has(Class::BODY)
                || f.kind == "attribute_argument_list"
                || kotlin_arguments
            {
                break;
            }
            if depth < 4
                && (f.class.has(Class::TYPE_CONTAINER)
                    || matches!(f.field, Some("type" | "return_type" | "returns")))
            {
                is_type = true;
            }
        }
        if is_type {
            RefKind::TypeUse
        } else {
            RefKind::Reference
        }
    }
}

impl Walk<'_> {
    /// For the name of a Rust associated type given in a trait's type arguments
    /// (`Item` of `impl Stream<Item = u8>`, of `Iterator<Item = T>`): the trait as
    /// written, whose member it is.
    fn rust_bound_trait(&self, field: Option<&'static str>, stack: &[Frame<'_>]) -> Option<String> {
        let [.., generic, arguments, binding] = stack else {
            return None;
        };
        if self.lang.name != "rust"
            || field != Some("name")
            || binding.kind != "type_binding"
            || arguments.kind != "type_arguments"
            || generic.kind != "generic_type"
        {
            return None;
        }
        let trait_node = self.g.child(generic.node, "type")?;
        let text = self.text(trait_node).trim();
        (!text.is_empty()).then(|| text.to_string())
    }

    /// Whether a Rust name (of `field`, below `stack`) is one a path goes on from: a
    /// crate or module (`tokio`, `time` of `tokio::time::Instant` or of
    /// `#[tokio::time::timeout]`), or a type whose item the path names. In a type or an
    /// attribute as in a value, it is a plain reference, not the type used or the
    /// attribute: a value's path reads so already.
    fn rust_path_goes_on(&self, field: Option<&'static str>, stack: &[Frame<'_>]) -> bool {
        let [.., outer, parent] = stack else {
            return false;
        };
        let path = |kind: &str| matches!(kind, "scoped_identifier" | "scoped_type_identifier");
        self.lang.name == "rust"
            && path(parent.kind)
            && (field == Some("path") || (parent.field == Some("path") && path(outer.kind)))
    }
}

/// Node kinds of a dotted path through members (`httpx.Request`, `ns.Foo`).
const MEMBER_PATHS: &[&str] = &[
    "attribute",
    "member_expression",
    "nested_type_identifier",
    "nested_identifier",
];

/// Whether the name (of `field`, below `stack`) is one a dotted path goes on from:
/// the receiver of a member (`httpx` of `httpx.Request`) or a member that is itself
/// one (`mark` of `pytest.mark.anyio`). Such a name is a module, a namespace or an
/// outer class the path goes through, in a type or a decorator as anywhere else: a
/// plain reference, not the type used, inherited from or annotated with.
fn goes_on_through(field: Option<&'static str>, stack: &[Frame<'_>]) -> bool {
    let [.., outer, parent] = stack else {
        return false;
    };
    let receiver = |f: Option<&str>| matches!(f, Some("object" | "module"));
    MEMBER_PATHS.contains(&parent.kind)
        && (receiver(field) || (receiver(parent.field) && MEMBER_PATHS.contains(&outer.kind)))
}

/// Whether the keys of the Go literal whose key `stack` ends in (literal element,
/// keyed element, literal value, then what holds the value) are values: the literal's
/// written type is a map, a slice or an array. A literal inside another, its type left
/// out, is taken for a struct's.
fn go_keys_are_values(stack: &[Frame<'_>]) -> bool {
    let Some(outer) = stack.len().checked_sub(4).map(|i| &stack[i]) else {
        return false;
    };
    outer.kind == "composite_literal"
        && outer.node.child_by_field_name("type").is_some_and(|t| {
            matches!(
                t.kind(),
                "map_type" | "slice_type" | "array_type" | "implicit_length_array_type"
            )
        })
}

/// Drops plain references to parameters, locals and fields: they cannot name another
/// definition, and they are most of a file's identifiers. A name an import binds stays:
/// `DB` in `DB::connection()` is a use of the class the import brings in, which
/// renaming the class breaks as it breaks the import. Fields hide a name only where
/// `fields_hide` says a bare name can read one.
pub(super) fn drop_local_uses(
    refs: Vec<Reference>,
    bindings: &[Binding],
    defs: &[Symbol],
    fields_hide: bool,
) -> Vec<Reference> {
    // Constants and variables are definitions: the names they bind stay uses.
    let defined = DefinedValues::of(defs);
    let mut by_scope: HashMap<Option<u32>, HashMap<&str, Vec<&Binding>>> = HashMap::new();
    for b in bindings
        .iter()
        .filter(|b| (fields_hide || b.kind != BindingKind::Field) && !defined.bound_by(b))
    {
        by_scope
            .entry(b.scope)
            .or_default()
            .entry(b.name.as_str())
            .or_default()
            .push(b);
    }
    refs.into_iter()
        .filter(|r| {
            if r.kind != RefKind::Reference || r.qualifier.is_some() {
                return true;
            }
            // The parameter of a block or a lambda, which holds in it alone, does not
            // make a use of its name outside it a local's (a Ruby block's `|key|`
            // beside a method `key`). A local's own span may leave out the conditions
            // that declare it (Swift's `guard let x = .., x.ok`): any of its name is.
            let holds = |b: &&Binding| b.kind != BindingKind::Parameter || b.holds_at(r.start_byte);
            let mut scope = r.enclosing;
            loop {
                if by_scope
                    .get(&scope)
                    .and_then(|names| names.get(r.name.as_str()))
                    .is_some_and(|named| named.iter().any(holds))
                {
                    return false;
                }
                match scope {
                    Some(i) => scope = defs[i as usize].parent.map(|p| p as u32),
                    None => return true,
                }
            }
        })
        .collect()
}

/// Whether the innermost frames are a Scala type's path: the `stable_identifier`s
/// (`sbt.protocol`) a `stable_type_identifier` (`sbt.protocol.testing.TestResult`)
/// nests its packages in.
fn in_scala_type_path(stack: &[Frame<'_>]) -> bool {
    let mut frames = stack.iter().rev();
    frames.next().is_some_and(|f| f.kind == "stable_identifier")
        && frames
            .find(|f| f.kind != "stable_identifier")
            .is_some_and(|f| f.kind == "stable_type_identifier")
}
