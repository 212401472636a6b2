//! Declarations: parameters, locals and fields, with the type written for them or
//! what their value says of it (a constructor, a call, a field path).

use tree_sitter::Node;

use super::go_ranges::go_type_arguments;
use super::syntax::{arity, callee_parts, compact, receiver_text, sole_argument};
use super::type_text::{
    element_type, rust_lent_type, rust_pointee_type, rust_pointer_of_value, split_type,
    the_one_besides, written_type,
};
use super::{collection_elements, Frame, Walk, SELF_NAMES};
use crate::facts::grammar::{Class, Grammar};
use crate::facts::{Binding, BindingKind, Initializer};
use crate::lang::spec::parenthesizes_a_name;
use crate::symbols::Kind;

impl<'a> Walk<'a> {
    /// The untyped parameters a list holds as bare names (`|a, mut b|`, `def f(a,
    /// *rest)`); `stack` holds the frames above `list`. A closure's parameters hold
    /// in it alone, and take the types the function it is passed to declares for
    /// them.
    pub(super) fn declare_bare_parameters<'t>(&mut self, list: Node<'t>, stack: &[Frame<'t>]) {
        let first = self.bindings.len();
        self.declare_parameters_by_position(list, stack);
        self.hold_ruby_block_parameters(list, first);
    }

    /// Binds the parameters of `list`, each where the language scopes it (see
    /// [`Walk::declare_bare_parameters`]).
    fn declare_parameters_by_position<'t>(&mut self, list: Node<'t>, stack: &[Frame<'t>]) {
        let g = self.g;
        for (position, p, name) in names_by_position(g, list) {
            if let Some(name) = name {
                let before = self.bindings.len();
                self.bind(name, None, None, BindingKind::Parameter);
                if let Some(site) = stack
                    .split_last()
                    .filter(|(closure, _)| closure.kind == "closure_expression")
                    .and_then(|(closure, above)| self.callback_site(closure.node, above, position))
                {
                    self.place_untyped(before, site);
                }
                // Java's `(k, v) -> ..` passed to a collection's method.
                if let Some(lambda) = stack
                    .last()
                    .filter(|l| l.kind == "lambda_expression" && self.lang.name == "java")
                {
                    self.type_lambda_parameter(lambda.node, list, p, before);
                }
                self.hold_in_block(list, before, stack);
                continue;
            }
            // Ruby's `|(key, conf), acc|`: each name of the element taken apart.
            if g.kind(p) == "destructured_parameter" {
                let mut names = Vec::new();
                destructured_names(g, p, &mut names);
                let before = self.bindings.len();
                for name in names {
                    self.bind(name, None, None, BindingKind::Parameter);
                }
                self.hold_in_block(list, before, stack);
                continue;
            }
            self.bind_python_splat(p);
        }
    }

    /// Python's `*args` is always a tuple, `**kwargs` always a dict, whatever type
    /// their entries are written with (`**options: Any`). Whether `p` is such a
    /// parameter.
    fn bind_python_splat(&mut self, p: Node<'_>) -> bool {
        let g = self.g;
        let collected = match g.kind(p) {
            "list_splat_pattern" => "tuple",
            "dictionary_splat_pattern" => "dict",
            _ => return false,
        };
        let Some(name) = p
            .named_child(0)
            .filter(|n| g.class(*n).has(Class::IDENTIFIER))
        else {
            return false;
        };
        let before = self.bindings.len();
        self.bind(name, None, None, BindingKind::Parameter);
        self.give_type(before, (None, collected.to_string()));
        true
    }

    /// A declaration: its names, with the type written or constructed.
    pub(super) fn declare<'t>(&mut self, node: Node<'t>, kind: BindingKind, stack: &[Frame<'t>]) {
        let g = self.g;
        if self.lang.name == "lua" {
            self.declare_lua(node, kind);
            return;
        }
        if g.kind(node) == "with_item" {
            self.declare_entered(node, kind, stack);
            return;
        }
        if g.kind(node) == "typed_parameter"
            && node
                .named_child(0)
                .is_some_and(|p| self.bind_python_splat(p))
        {
            return;
        }
        // Java's `try (context) {..}` names a local declared before: it declares none.
        if g.kind(node) == "resource" && g.child(node, "type").is_none() {
            return;
        }
        // Kotlin's `for (f in foos)` declares `f` in a declaration of its own; the
        // loop itself declares nothing (not the `foos` it iterates).
        if g.kind(node) == "for_statement" && self.lang.name == "kotlin" {
            return;
        }
        if let Some((name, arguments)) = self.constructed_local(node) {
            self.values.extend(arguments);
            self.bind(name, g.child(node, "type"), None, kind);
            return;
        }
        let ty = g
            .child(node, "type")
            .filter(|t| !is_inferred_type(g, *t, self.src))
            .or_else(|| {
                let mut c = node.walk();
                // Java's `catch (IOException e)` holds its type in a `catch_type`,
                // which a multi-catch (`A | B e`) fills with several: then no one type.
                let t = node.named_children(&mut c).find(|n| {
                    matches!(
                        g.kind(*n),
                        "user_type" | "nullable_type" | "type_annotation"
                    ) || (g.kind(*n) == "catch_type" && n.named_child_count() == 1)
                });
                t
            });
        // C#'s `Engine x = .., y;`: the declaration holds the type, and each of its
        // declarators one variable; they are declared with the declarators.
        let declarators = g.kind(node) == "variable_declaration" && {
            let mut c = node.walk();
            let found = node
                .named_children(&mut c)
                .any(|n| g.kind(n) == "variable_declarator");
            found
        };
        if declarators {
            return;
        }
        let ty = ty.or_else(|| {
            stack
                .last()
                .map(|f| f.node)
                .filter(|p| {
                    g.kind(node) == "variable_declarator" && g.kind(*p) == "variable_declaration"
                })
                .and_then(|p| g.child(p, "type"))
                .filter(|t| !is_inferred_type(g, *t, self.src))
        });
        // A loop's variable takes the elements of what it iterates, never its value
        // (`for x in make()`, `for _, v := range items`).
        let iterates = g.kind(node).contains("for") || g.kind(node) == "range_clause";
        let value = ["value", "right", "init"]
            .iter()
            .find_map(|f| g.child(node, f))
            .or_else(|| after_equals(g, node, stack.last().map(|f| f.node)))
            .filter(|_| !iterates);
        // Go's `const ( A Kind = iota; B; C )`: a constant that writes neither type nor
        // value repeats those of the last one before it that did.
        let (ty, value) = match (ty, value) {
            (None, None) if g.kind(node) == "const_spec" => go_repeated_spec(g, node),
            written => written,
        };
        // Swift's `for item in items` holds its variable in `item`.
        let mut names = g.children_in_first_field(
            node,
            &["name", "declarator", "pattern", "left", "item", "property"],
        );
        // Rust's `let Some(x) = f() else { .. }`, `let (a, b) = pair;`: the pattern
        // takes the value apart, so neither the type written nor the value's is a
        // name's.
        let taken_apart = value.filter(|_| {
            self.lang.name == "rust" && names.iter().any(|n| rust_destructures(g.kind(*n)))
        });
        let (ty, value) = if taken_apart.is_some() {
            (None, None)
        } else {
            (ty, value)
        };
        if names.is_empty() && g.kind(node) == "property_declaration" {
            // PHP: `private Command $a, $b;` declares one property per element.
            let mut c = node.walk();
            names.extend(
                node.named_children(&mut c)
                    .filter(|n| g.kind(*n) == "property_element"),
            );
        }
        if names.is_empty() {
            // Kotlin parameters and variable declarations: the first identifier child.
            let mut c = node.walk();
            let first = node
                .named_children(&mut c)
                .find(|n| matches!(g.kind(*n), "identifier" | "simple_identifier"));
            names.extend(first);
        }
        // PHP's `/** @var IOInterface */ private $io;` and `@param IOInterface $io`
        // of a function's `($io)`: the docblock declares the type the code does not.
        let documented = if ty.is_some() || self.lang.name != "php" {
            None
        } else {
            self.php_documented(node, stack)
        }
        .filter(|written| !self.php_template(written, stack));
        let first_binding = self.bindings.len();
        // One name declared with no type (not `a, b = f()`, not a pattern): the call
        // that gives it its value tells its type.
        let single = names.len() == 1;
        for (i, n) in names.into_iter().enumerate() {
            // Java's declarators hold their own value (`int a = 1, b = f();`).
            let own = g.child(n, "value");
            let value = own.or(value);
            let before = self.bindings.len();
            self.bind(n, ty, value, kind);
            if let Some(class) = (kind == BindingKind::Parameter)
                .then(|| self.parameter_property_class(node))
                .flatten()
            {
                for b in before..self.bindings.len() {
                    let field = Binding {
                        kind: BindingKind::Field,
                        scope: Some(class),
                        ..self.bindings[b].clone()
                    };
                    if let Some(held) = self.held.get(&b).cloned() {
                        self.held.insert(self.bindings.len(), held);
                    }
                    self.bindings.push(field);
                }
            }
            if ty.is_some() {
                continue;
            }
            if kind == BindingKind::Parameter {
                if let Some(element) = self.first_parameter_element(node, stack) {
                    self.give_type(before, element);
                } else if let Some(site) = self.callback_parameter_site(node, stack) {
                    self.place_untyped(before, site);
                } else if let [.., lambda, list] = stack {
                    // C#'s `(x) => ..` passed to a collection's method.
                    if lambda.kind == "lambda_expression" && list.kind == "parameter_list" {
                        self.type_lambda_parameter(lambda.node, list.node, node, before);
                    }
                }
            }
            if let Some(element) = single.then(|| self.element_iterated(node)).flatten() {
                self.give_type(before, element);
            }
            // Java's `for (var f : foos)`, Kotlin's `for (f in foos)`.
            if let Some(element) = (single && collection_elements::reads_elements(self.lang.name))
                .then(|| self.element_looped(node, stack))
                .flatten()
            {
                self.give_type(before, element);
            }
            // `val foo = foos[i]`, `var foo = foos.get(i);`, `const foo = this.foos[i]`.
            if let Some(element) = value
                .filter(|_| single)
                .and_then(|v| self.element_read_by(v))
            {
                self.give_type(before, element);
            }
            if g.kind(node) == "range_clause" {
                match self.range_of(node) {
                    Some(types) => self.give_range_types(node, before, types),
                    None => self.note_ranges_over(node, before),
                }
            }
            // Go's `v, ok := x.(T)`: the value's type is the first name's alone. So is
            // the entry's of `v := xs[i]`, `v, ok := m[key]`.
            if go_results(g, node) {
                let first = (i == 0).then(|| self.first_name_made(n, before)).flatten();
                let entry = first
                    .and(value)
                    .and_then(|v| sole_value(g, v))
                    .and_then(|v| self.go_entry_read(v));
                if let (Some((qualifier, name)), Some(b)) = (entry, first) {
                    if self.bindings[b].type_name.is_none() {
                        self.bindings[b].type_qualifier = qualifier;
                        self.bindings[b].type_name = Some(name);
                    }
                }
                for b in before..self.bindings.len() {
                    if Some(b) != first {
                        self.bindings[b].type_name = None;
                        self.bindings[b].type_qualifier = None;
                    }
                }
                if let Some(call) = value.and_then(|v| initializer(g, v, self.src)) {
                    self.give_go_results(n, i, &call, before);
                }
            }
            // Rust's `let (tx, rx) = channel(8);`: each name takes its element of the
            // tuple the call gives.
            if let (Some(v), true) = (taken_apart, g.kind(n) == "tuple_pattern") {
                self.give_tuple_elements(n, v, before);
            }
            if let Some(b) = self.receives_the_call(node, n, i, single, own.is_some(), before) {
                if self.bindings[b].type_name.is_none() {
                    let either = value
                        .filter(|_| matches!(self.lang.name, "javascript" | "typescript" | "tsx"))
                        .and_then(|v| either_values(g, v));
                    match either {
                        Some([first, second]) => self.bind_either(b, first, second),
                        None => {
                            // Where each local is its block's, one named bare is
                            // a copy of another (`let entry = entry;`); so is a
                            // Python class's attribute (`session_class = Session`).
                            let lone = super::scopes_locals_by_block(self.lang.name)
                                || (self.lang.name == "python" && kind == BindingKind::Field);
                            if let Some(source) =
                                value.and_then(|v| value_source(g, v, self.src, lone))
                            {
                                source.give_to(&mut self.bindings[b]);
                            }
                        }
                    }
                }
            }
        }
        if let Some(written) = documented {
            let (qualifier, name) = written_type(written, self.lang.name);
            for b in &mut self.bindings[first_binding..] {
                if b.type_name.is_none() && b.initializer.is_none() && b.copied_from.is_none() {
                    b.type_qualifier.clone_from(&qualifier);
                    b.type_name.clone_from(&name);
                }
            }
        }
    }

    /// The one class the docblock above PHP declaration `node` gives it: a property's
    /// `@var`, a parameter's `@param` in its function's docblock.
    fn php_documented<'t>(&self, node: Node<'t>, stack: &[Frame<'t>]) -> Option<&'a str> {
        let g = self.g;
        match g.kind(node) {
            "property_declaration" => php_documented_type(self.comment_above(node)?, None),
            "simple_parameter" => {
                let function = stack
                    .iter()
                    .rev()
                    .find(|f| matches!(f.kind, "method_declaration" | "function_definition"))?;
                let name = self.text(g.child(node, "name")?);
                php_documented_type(self.comment_above(function.node)?, Some(name))
            }
            _ => None,
        }
    }

    /// The comment written right before `node`, if any.
    fn comment_above(&self, node: Node<'_>) -> Option<&'a str> {
        node.prev_named_sibling()
            .filter(|c| self.g.kind(*c) == "comment")
            .map(|c| self.text(c))
    }

    /// Whether `name` is a type parameter the docblock of a PHP class, interface or
    /// trait around the walk declares (`@template TModel of Model`).
    fn php_template(&self, name: &str, stack: &[Frame<'_>]) -> bool {
        stack
            .iter()
            .filter(|f| {
                matches!(
                    f.kind,
                    "class_declaration" | "interface_declaration" | "trait_declaration"
                )
            })
            .filter_map(|f| self.comment_above(f.node))
            .any(|doc| {
                [
                    "@template ",
                    "@template-covariant ",
                    "@template-contravariant ",
                ]
                .iter()
                .any(|tag| {
                    doc.split(tag)
                        .skip(1)
                        .any(|rest| rest.split_whitespace().next() == Some(name))
                })
            })
    }

    /// Python's `with make() as x`: `x` holds what the value's `__enter__` gives
    /// (`__aenter__`'s, awaited, in an `async with`), which the facts write as that
    /// call. A target that is no single name (`as (a, b)`, `as self.f`) takes no type.
    fn declare_entered<'t>(&mut self, item: Node<'t>, kind: BindingKind, stack: &[Frame<'t>]) {
        let g = self.g;
        let Some(pattern) = g
            .child(item, "value")
            .filter(|v| g.kind(*v) == "as_pattern")
        else {
            return;
        };
        let (Some(value), Some(target)) = (pattern.named_child(0), g.child(pattern, "alias"))
        else {
            return;
        };
        let name = target.named_child(0).unwrap_or(target);
        let before = self.bindings.len();
        self.bind(name, None, None, kind);
        if g.kind(name) != "identifier" || self.bindings.len() != before + 1 {
            return;
        }
        let awaited = stack
            .iter()
            .rev()
            .find(|f| f.kind == "with_statement")
            .is_some_and(|f| self.text(f.node).starts_with("async"));
        self.bindings[before].initializer = Some(Initializer {
            name: if awaited { "__aenter__" } else { "__enter__" }.to_string(),
            qualifier: Some(receiver_text(g, value, self.src)),
            arity: Some(0),
            awaited,
            unwrapped: false,
            element: None,
        });
    }

    /// The element (or map value) value `v` reads out of a collection whose element
    /// type the walk knows, where the language's collections are read.
    fn element_read_by(&self, v: Node<'_>) -> Option<(Option<String>, String)> {
        let v = bare_value(self.g, v)?;
        if collection_elements::reads_elements(self.lang.name) {
            return self.element_read(v);
        }
        // TypeScript's `items[i]` of an array the walk knows the elements of.
        (self.g.kind(v) == "subscript_expression" && !self.elements.is_empty())
            .then(|| self.g.child(v, "object"))
            .flatten()
            .and_then(|o| self.elements.get(self.text(o)).cloned())
    }

    /// The bindings from `before` on, made for the names of Rust tuple pattern
    /// `pattern` whose value is `value`: each name (`a`, `mut a`) of the pattern's
    /// positions, when `value` is a call, takes that position of what it gives.
    fn give_tuple_elements(&mut self, pattern: Node<'_>, value: Node<'_>, before: usize) {
        let Some(call) = initializer(self.g, value, self.src) else {
            return;
        };
        for (position, _, name) in names_by_position(self.g, pattern) {
            let (Some(name), Ok(position)) = (name, u16::try_from(position)) else {
                continue;
            };
            let name = self.text(name);
            if let Some(b) = (before..self.bindings.len()).find(|&b| self.bindings[b].name == name)
            {
                self.bindings[b].initializer = Some(Initializer {
                    element: Some(position),
                    ..call.clone()
                });
            }
        }
    }

    /// The bindings from `before` on, made for declarator `n` (the `i`th of its
    /// declaration) of Go names given the results of `call` (`a, err := f()`, `var a,
    /// err = f()`): each name after the first takes the result in its place (the
    /// first takes the call's value as any single name does).
    fn give_go_results(&mut self, n: Node<'_>, i: usize, call: &Initializer, before: usize) {
        let positions: Vec<(usize, String)> = if self.g.class(n).has(Class::IDENTIFIER) {
            vec![(i, self.text(n).to_string())]
        } else {
            names_by_position(self.g, n)
                .into_iter()
                .filter_map(|(position, _, name)| Some((position, self.text(name?).to_string())))
                .collect()
        };
        for (position, name) in positions {
            let Ok(element @ 1..) = u16::try_from(position) else {
                continue;
            };
            if let Some(b) = (before..self.bindings.len()).find(|&b| self.bindings[b].name == name)
            {
                self.bindings[b].initializer = Some(Initializer {
                    element: Some(element),
                    ..call.clone()
                });
            }
        }
    }

    /// What a pytest fixture returns or yields (`return CliRunner()`, `yield obj`):
    /// the value a test that names the fixture among its parameters receives, kept as a
    /// local of the fixture named `return` or `yield` (words no name can be), which also
    /// tells the function is a fixture.
    pub(super) fn note_fixture_value(&mut self, node: Node<'_>, kind: &str) {
        let g = self.g;
        let Some(scope) = self.binding_scope() else {
            return;
        };
        let def = &self.defs[scope as usize];
        let Some(value) = node.named_child(0) else {
            return;
        };
        let yields_from = kind == "yield" && self.text(node).starts_with("yield from");
        if !matches!(def.kind, Kind::Function | Kind::Method)
            || yields_from
            || g.kind(value) == "none"
        {
            return;
        }
        let decorated = self
            .src
            .get(def.start_byte..def.name_byte)
            .is_some_and(|head| head.lines().any(decorates_as_fixture));
        if !decorated {
            return;
        }
        let mut b = Binding::written(
            if kind == "yield" { "yield" } else { "return" }.to_string(),
            constructed_type(g, value, self.src, self.lang.name).unwrap_or((None, None)),
            BindingKind::Local,
            Some(scope),
        );
        if b.type_name.is_none() {
            if let Some(source) = value_source(g, value, self.src, true) {
                source.give_to(&mut b);
            }
        }
        self.bindings.push(b);
    }

    /// C++'s `Slice s(n);` in a function's body, which the grammar reads as the
    /// declaration of a function `s` taking a parameter of type `n` (the "most vexing
    /// parse"): in a body it is almost always a local constructed from values. The
    /// local's name, and where the names of its arguments start. Not `Slice s();`,
    /// which the language itself reads as a function.
    fn constructed_local<'t>(&self, node: Node<'t>) -> Option<(Node<'t>, Vec<usize>)> {
        let g = self.g;
        if self.lang.name != "cpp" || g.kind(node) != "declaration" {
            return None;
        }
        let scope = self.binding_scope()?;
        if !matches!(
            self.defs[scope as usize].kind,
            Kind::Function | Kind::Method
        ) {
            return None;
        }
        let declarator = g
            .child(node, "declarator")
            .filter(|d| g.kind(*d) == "function_declarator")?;
        let name = g
            .child(declarator, "declarator")
            .filter(|n| g.kind(*n) == "identifier")?;
        let parameters = g.child(declarator, "parameters")?;
        let mut c = parameters.walk();
        let mut arguments = Vec::new();
        for p in parameters.named_children(&mut c) {
            // A name (`buf`), a constant of a class or namespace (`RE2::Latin1`), or a
            // call's shape (`sizeof(buf)`, `f(x)`).
            let called = g
                .child(p, "declarator")
                .is_none_or(|d| g.kind(d) == "abstract_function_declarator");
            if g.kind(p) != "parameter_declaration"
                || !called
                || g.child(p, "type").is_none_or(|t| {
                    !matches!(g.kind(t), "type_identifier" | "qualified_identifier")
                })
            {
                return None;
            }
            let mut todo = vec![p];
            while let Some(n) = todo.pop() {
                if g.kind(n) == "type_identifier" {
                    arguments.push(n.start_byte());
                }
                let mut c = n.walk();
                todo.extend(n.named_children(&mut c));
            }
        }
        (!arguments.is_empty()).then_some((name, arguments))
    }

    /// Rust's `if let`/`while let` conditions and `match` arms: the names their
    /// patterns bind, locals of no type the facts tell (the pattern takes the value
    /// apart).
    pub(super) fn declare_rust_pattern(&mut self, node: Node<'_>) {
        if let Some(pattern) = self.g.child(node, "pattern") {
            self.bind(pattern, None, None, BindingKind::Local);
        }
    }

    /// Drops the bindings made since `from` whose names are capitalised: in a Rust
    /// pattern such a name is a constant or an enum variant it matches (`None`,
    /// `Less`), not a variable it binds.
    pub(super) fn drop_capitalised(&mut self, from: usize) {
        let made: Vec<Binding> = self
            .bindings
            .drain(from..)
            .filter(|b| !b.name.starts_with(char::is_uppercase))
            .collect();
        self.bindings.extend(made);
    }

    /// A binding whose value is one of two (`a ?? b`): its own value is the first, and
    /// a twin of it beside it holds the second, so that its type is known only where
    /// both give the same one (two values of one local that disagree leave its type
    /// unknown). A value neither a call nor a field path gives it no value at all.
    fn bind_either(&mut self, b: usize, first: Node<'_>, second: Node<'_>) {
        let (Some(one), Some(other)) = (
            value_source(self.g, first, self.src, false),
            value_source(self.g, second, self.src, false),
        ) else {
            return;
        };
        let mut twin = self.bindings[b].clone();
        one.give_to(&mut self.bindings[b]);
        other.give_to(&mut twin);
        self.bindings.push(twin);
    }

    /// A constructor parameter that is also a field of its class: TypeScript's
    /// `constructor(private db: Db)` (an accessibility or `readonly` modifier), Kotlin's
    /// and Scala's `class A(val db: Db)` (`val` or `var`), and every parameter of a
    /// Scala `case class`. The class's index.
    fn parameter_property_class(&self, param: Node<'_>) -> Option<u32> {
        // PHP's `__construct(private Application $app)`: the grammar names the kind.
        let promoted = self.lang.name == "php" && param.kind() == "property_promotion_parameter";
        let marks: &[&str] = match self.lang.name {
            "typescript" | "tsx" => &["accessibility_modifier", "readonly", "override_modifier"],
            "kotlin" | "scala" if param.kind() == "class_parameter" => &["val", "var"],
            "php" if promoted => &[],
            _ => return None,
        };
        let mut c = param.walk();
        let mut children = param.children(&mut c);
        let class = match self.lang.name {
            // A constructor's parameter: the constructor is a method of the class.
            "typescript" | "tsx" | "php" => self.defs[self.binding_scope()? as usize].parent?,
            // A primary constructor's parameter: the class is the open definition.
            _ => self.binding_scope()? as usize,
        };
        let case_class = self.lang.name == "scala"
            && param
                .parent()
                .and_then(|list| list.parent())
                .is_some_and(|def| {
                    let mut c = def.walk();
                    let found = def.children(&mut c).any(|n| n.kind() == "case");
                    found
                });
        if !case_class && !promoted && !children.any(|n| marks.contains(&n.kind())) {
            return None;
        }
        self.defs[class]
            .kind
            .is_type_like()
            .then(|| u32::try_from(class).ok())
            .flatten()
    }

    /// Which of the bindings just made for declarator `n` (the `i`th of `node`'s; those
    /// from `before` on) holds the value of the call that initialises it, if one does:
    /// the one name of a declarator that is alone or holds its own value (not
    /// `a, b = f()`, not a pattern), or, in Go, the first name of `a, err := f()`,
    /// which takes the call's first result.
    fn receives_the_call(
        &self,
        node: Node<'_>,
        n: Node<'_>,
        i: usize,
        single: bool,
        own_value: bool,
        before: usize,
    ) -> Option<usize> {
        let g = self.g;
        let made = self.bindings.len() - before;
        // PHP's `$x` is a `variable_name` around the identifier, Swift's `x` a
        // `pattern` around it.
        let one_name = g.class(n).has(Class::IDENTIFIER)
            || g.kind(n) == "variable_name"
            || (g.kind(n) == "pattern"
                && n.named_child_count() == 1
                && g.child(n, "bound_identifier").is_some())
            || (own_value
                && g.child(n, "name")
                    .is_some_and(|m| g.class(m).has(Class::IDENTIFIER)));
        if (single || own_value) && one_name && made == 1 {
            return Some(before);
        }
        if i == 0 && go_results(g, node) && made > 0 {
            return self.first_name_made(n, before);
        }
        None
    }

    /// The binding, among those made from `before` on for declarator `n` (a name or a
    /// list of names), of its first name.
    fn first_name_made(&self, n: Node<'_>, before: usize) -> Option<usize> {
        let first = if self.g.class(n).has(Class::IDENTIFIER) {
            n
        } else {
            n.named_child(0)?
        };
        let first = self.text(first);
        (before..self.bindings.len()).find(|&b| self.bindings[b].name == first)
    }

    /// The written type of parameter `name` of the function being read, when the
    /// function binds the name nowhere else before here (a parameter given another
    /// value first, `sess = sess or Session()`, is no longer known to hold its type).
    fn sole_typed_parameter(&self, name: &str) -> Option<(Option<String>, Option<String>)> {
        let scope = self.binding_scope()?;
        let mut named = self
            .bindings
            .iter()
            .filter(|b| b.scope == Some(scope) && b.name == name);
        let (Some(only), None) = (named.next(), named.next()) else {
            return None;
        };
        (only.kind == BindingKind::Parameter && only.type_name.is_some())
            .then(|| (only.type_qualifier.clone(), only.type_name.clone()))
    }

    /// Binds every name in a declarator or pattern.
    pub(super) fn bind<'t>(
        &mut self,
        n: Node<'t>,
        ty: Option<Node<'t>>,
        value: Option<Node<'t>>,
        kind: BindingKind,
    ) {
        let g = self.g;
        let (type_qualifier, type_name) = match ty {
            Some(t) => written_type(self.text(t), self.lang.name),
            None => value
                .and_then(|v| constructed_type(g, v, self.src, self.lang.name))
                .unwrap_or((None, None)),
        };
        let pointee = match (ty, value) {
            _ if self.lang.name != "rust" => None,
            (Some(t), _) => rust_pointee_type(self.text(t)),
            (None, Some(v)) => rust_pointer_made_of(g, v, self.src)
                .and_then(|made_of| constructed_type(g, made_of, self.src, "rust"))
                .and_then(|(qualifier, name)| Some((qualifier, name?))),
            (None, None) => None,
        };
        let lent = ty
            .filter(|_| self.lang.name == "rust")
            .and_then(|t| rust_lent_type(self.text(t)));
        let type_arguments = self.lang.name == "go"
            && ty
                .map(|t| self.text(t))
                .or_else(|| value.and_then(|v| go_value_type(g, v, self.src)))
                .is_some_and(go_type_arguments);
        // `self.x = Foo()` in a method: a field of the enclosing type.
        if matches!(
            g.kind(n),
            "attribute" | "member_expression" | "field_access"
        ) {
            let obj = ["object", "operand"].iter().find_map(|f| g.child(n, f));
            let member = ["attribute", "property", "field"]
                .iter()
                .find_map(|f| g.child(n, f));
            if let (Some(o), Some(m)) = (obj, member) {
                if SELF_NAMES.contains(&self.text(o)) {
                    let class_scope = self
                        .binding_scope()
                        .and_then(|i| self.defs[i as usize].parent)
                        .filter(|&p| self.defs[p].kind.is_type_like())
                        .map(|p| p as u32);
                    // Python's `self.sess = sess` of a parameter `sess: Session`: the
                    // field has the parameter's type, as a type checker infers it.
                    let (type_qualifier, type_name) = match value {
                        Some(v)
                            if type_name.is_none()
                                && self.lang.name == "python"
                                && g.class(v).has(Class::IDENTIFIER) =>
                        {
                            self.sole_typed_parameter(self.text(v))
                                .unwrap_or((type_qualifier, type_name))
                        }
                        _ => (type_qualifier, type_name),
                    };
                    if class_scope.is_some() && type_name.is_some() {
                        self.bindings.push(Binding {
                            pointee,
                            ..Binding::written(
                                self.text(m).to_string(),
                                (type_qualifier, type_name),
                                BindingKind::Field,
                                class_scope,
                            )
                        });
                    }
                }
            }
            return;
        }
        let mut names = Vec::new();
        collect_declared(g, n, &mut names);
        let scope = self.binding_scope();
        let tracks_elements = matches!(self.lang.name, "typescript" | "tsx");
        let element = ty
            .filter(|_| tracks_elements)
            .and_then(|t| element_type(self.text(t)));
        for id in names {
            let text = self.text(id);
            if text.is_empty() {
                continue;
            }
            if self.lang.name == "go" {
                self.note_ranged(text, kind, ty, value);
                // Declared a slice or a map (`stack []elemRef`): what one entry read
                // out of it is.
                if let Some(held) = ty.and_then(|t| super::go_ranges::go_held(self.text(t))) {
                    self.held.insert(self.bindings.len(), held);
                }
            }
            if tracks_elements {
                // A field is written `this.items` where its elements are handed out.
                let key = match kind {
                    BindingKind::Field => format!("this.{text}"),
                    _ => text.to_string(),
                };
                match &element {
                    Some(e) => {
                        self.elements.insert(key, e.clone());
                    }
                    None => {
                        self.elements.remove(&key);
                    }
                }
            }
            self.declared.insert(id.start_byte());
            // Declared (`List<Foo> foos`) or made (`val foos = mutableListOf<Foo>()`).
            if collection_elements::reads_elements(self.lang.name) {
                match ty {
                    Some(t) => self.note_held(self.bindings.len(), self.text(t)),
                    None => {
                        let made = value
                            .and_then(|v| bare_value(g, v))
                            .and_then(|v| collection_elements::made_collection(g, v, self.src));
                        if let Some(written) = made {
                            self.note_held(self.bindings.len(), &written);
                        }
                    }
                }
            }
            self.bindings.push(Binding {
                pointee: pointee.clone(),
                lent: lent.clone(),
                type_arguments,
                ..Binding::written(
                    text.to_string(),
                    (type_qualifier.clone(), type_name.clone()),
                    kind,
                    scope,
                )
            });
        }
    }
}

/// The one class a PHP docblock names: its `@var`'s (`IOInterface` of `@var
/// IOInterface|null the io`), or, given a parameter's name, that parameter's `@param`
/// (`@param IOInterface $io`). Nothing for a union of classes, a generic or array
/// shape (`array<string, int>`), or a type that names no class (`mixed`, `static`).
fn php_documented_type<'d>(doc: &'d str, parameter: Option<&str>) -> Option<&'d str> {
    if !doc.starts_with("/**") {
        return None;
    }
    let written = match parameter {
        None => doc.split_once("@var")?.1.split_whitespace().next()?,
        Some(name) => doc.split("@param").skip(1).find_map(|tag| {
            let mut words = tag.split_whitespace();
            let written = words.next()?;
            (words.next()? == name).then_some(written)
        })?,
    };
    let alternatives = written.split('|').map(|t| t.trim_start_matches('?'));
    let one = the_one_besides(alternatives.collect(), &["null", "NULL", "Null"])?;
    let plain = !one.is_empty()
        && one
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '\\');
    let pseudo = PHP_PSEUDO_TYPES.iter().any(|p| one.eq_ignore_ascii_case(p));
    (plain && !pseudo).then_some(one)
}

/// The types a PHP docblock writes that name no class whose members a value has.
const PHP_PSEUDO_TYPES: &[&str] = &[
    "mixed", "object", "callable", "iterable", "resource", "void", "never", "static", "self",
    "parent", "scalar", "numeric", "false", "true",
];

/// The names Ruby's destructured block parameter `(key, (a, *rest))` binds (nested
/// ones walked without recursion: a hostile file may nest them deeply).
fn destructured_names<'t>(g: &'static Grammar, p: Node<'t>, out: &mut Vec<Node<'t>>) {
    let mut todo = vec![p];
    while let Some(p) = todo.pop() {
        let mut c = p.walk();
        for part in p.named_children(&mut c) {
            if g.kind(part) == "destructured_parameter" {
                todo.push(part);
            } else {
                collect_declared(g, part, out);
            }
        }
    }
}

/// The identifiers a declarator or pattern declares (not the ones it only uses: a
/// default value, an array size).
fn collect_declared<'t>(g: &'static Grammar, n: Node<'t>, out: &mut Vec<Node<'t>>) {
    let mut todo = vec![n];
    while let Some(n) = todo.pop() {
        if out.len() > 64 {
            return;
        }
        let k = g.kind(n);
        // C#'s lone lambda parameter (`f => ..`) is an `implicit_parameter`; a
        // JavaScript class's private field is named by a `private_property_identifier`.
        if g.class(n).has(Class::IDENTIFIER)
            || k == "private_property_identifier"
            || k == "shorthand_property_identifier_pattern"
            || k == "shorthand_field_identifier"
            || k == "implicit_parameter"
        {
            out.push(n);
            continue;
        }
        // C++'s `const Slice& key`: the name follows the `&` with no field of its own.
        if k == "reference_declarator" {
            let mut c = n.walk();
            todo.extend(n.named_children(&mut c));
            continue;
        }
        // Rust's `Mode::Files =>` matches a variant or a constant by its path: it
        // declares nothing.
        if k == "scoped_identifier" {
            continue;
        }
        // Rust's `Config { path: p, .. }` binds `p`, not the field's name.
        if let Some(p) = (k == "field_pattern")
            .then(|| g.child(n, "pattern"))
            .flatten()
        {
            todo.push(p);
            continue;
        }
        if k.ends_with("function_declarator") || k.ends_with("_expression") {
            // C's `int (*cmp)(const void *, const void *)` declares a variable, a
            // pointer to a function, where `int f(int)` and `int (f)(int)` (Lua's
            // headers) declare a function.
            if let Some(pointer) = g
                .child(n, "declarator")
                .filter(|d| g.kind(*d) == "parenthesized_declarator" && !parenthesizes_a_name(*d))
            {
                let mut c = pointer.walk();
                todo.extend(pointer.named_children(&mut c));
            }
            continue;
        }
        // PHP's `$command`: the name after the `$`.
        if k == "variable_name" {
            let mut c = n.walk();
            out.extend(
                n.named_children(&mut c)
                    .filter(|ch| g.class(*ch).has(Class::IDENTIFIER)),
            );
            continue;
        }
        // Declarators wrap the name in `declarator`/`name`/`pattern`; patterns list
        // them as children.
        if let Some(d) = ["declarator", "name", "pattern", "left"]
            .iter()
            .find_map(|f| g.child(n, f))
        {
            todo.push(d);
            continue;
        }
        if k.contains("pattern")
            || k.contains("list")
            || k.contains("tuple")
            || k == "variable_declaration"
        {
            // Not the type a pattern matches (`Some` of `Some(x)`, `Config` of
            // `Config { .. }`) nor a match arm's guard: they declare nothing.
            let mut c = n.walk();
            if c.goto_first_child() {
                loop {
                    if c.node().is_named() && !matches!(c.field_name(), Some("type" | "condition"))
                    {
                        todo.push(c.node());
                    }
                    if !c.goto_next_sibling() {
                        break;
                    }
                }
            }
        }
    }
}

/// Whether a Rust pattern of kind `k` takes its value apart rather than naming it
/// whole (`x`, `mut x`, `ref x`).
fn rust_destructures(k: &str) -> bool {
    matches!(
        k,
        "tuple_pattern"
            | "tuple_struct_pattern"
            | "struct_pattern"
            | "slice_pattern"
            | "or_pattern"
            | "reference_pattern"
            | "captured_pattern"
    )
}

/// The value written after `=` in a declaration whose grammar names no field for it,
/// or, for Kotlin's `val x = f()` (where `x` alone is the declaration), after the
/// declaration in the property that holds it (`holder`, its parent).
fn after_equals<'t>(
    g: &'static Grammar,
    node: Node<'t>,
    holder: Option<Node<'t>>,
) -> Option<Node<'t>> {
    let mut c = node.walk();
    let mut children = node.children(&mut c);
    if children.any(|n| !n.is_named() && n.kind() == "=") {
        return children.find(Node::is_named);
    }
    let holder = holder.filter(|h| g.kind(*h) == "property_declaration")?;
    let mut c = holder.walk();
    let mut rest = holder
        .children(&mut c)
        .skip_while(|n| n.id() != node.id())
        .skip(1);
    rest.next().filter(|n| !n.is_named() && n.kind() == "=")?;
    rest.find(Node::is_named)
}

/// Whether Python line `line` decorates what follows as a pytest fixture:
/// `@pytest.fixture`, `@pytest.fixture(scope="module")`, `@fixture` (imported from
/// pytest), `@pytest_asyncio.fixture`.
fn decorates_as_fixture(line: &str) -> bool {
    let Some(decorator) = line.trim().strip_prefix('@') else {
        return false;
    };
    let callee = decorator.split('(').next().unwrap_or(decorator).trim();
    matches!(
        callee,
        "fixture" | "pytest.fixture" | "pytest_asyncio.fixture"
    )
}

/// The type and value Go constant `spec` repeats: those of the last constant before
/// it in its declaration that writes a value.
fn go_repeated_spec<'t>(
    g: &'static Grammar,
    spec: Node<'t>,
) -> (Option<Node<'t>>, Option<Node<'t>>) {
    let mut before = spec.prev_named_sibling();
    while let Some(s) = before {
        if g.kind(s) == "const_spec" {
            if let Some(value) = g.child(s, "value") {
                return (g.child(s, "type"), Some(value));
            }
        }
        before = s.prev_named_sibling();
    }
    (None, None)
}

/// Whether `node` declares Go names from the results of a call (`a, err := f()`,
/// `var a, b = f()`), where each name takes the result in its place.
fn go_results(g: &'static Grammar, node: Node<'_>) -> bool {
    matches!(g.kind(node), "short_var_declaration" | "var_spec")
}

/// Java's and C#'s `var`: the type is inferred from the value, and nothing is named.
pub(super) fn is_inferred_type(g: &'static Grammar, t: Node<'_>, src: &str) -> bool {
    matches!(
        g.kind(t),
        "type_identifier" | "implicit_type" | "identifier"
    ) && src.get(t.byte_range()) == Some("var")
}

/// A value as written: the one value of a list of one (Go's `x := f()` holds its
/// value in a list), looked at past a null assertion (Kotlin's `x!!`, TypeScript's,
/// C#'s and Swift's `x!`), which says the value is there and leaves its type as it is
/// (the resolver reads types without their nullability).
pub(super) fn sole_value<'t>(g: &'static Grammar, v: Node<'t>) -> Option<Node<'t>> {
    let mut v = if g.kind(v) == "expression_list" && v.named_child_count() == 1 {
        v.named_child(0)?
    } else {
        v
    };
    while let Some(asserted) = null_asserted(g, v) {
        v = asserted;
    }
    Some(v)
}

/// [`sole_value`] past any parentheses around it.
fn bare_value<'t>(g: &'static Grammar, v: Node<'t>) -> Option<Node<'t>> {
    Some(unparenthesized(g, sole_value(g, v)?))
}

/// What null assertion `v` asserts is there, when it is one.
fn null_asserted<'t>(g: &'static Grammar, v: Node<'t>) -> Option<Node<'t>> {
    let last_token = || v.child(v.child_count().checked_sub(1)?).map(|c| c.kind());
    let asserts = match (g.language, g.kind(v)) {
        ("typescript" | "tsx", "non_null_expression") => true,
        ("kotlin", "unary_expression") => last_token() == Some("!!"),
        ("csharp", "postfix_unary_expression") => last_token() == Some("!"),
        ("swift", "postfix_expression") => last_token() == Some("bang"),
        _ => false,
    };
    asserts.then(|| v.named_child(0)).flatten()
}

/// The most fields a value path is read through (see [`field_path`]).
const MAX_FIELD_PATH: usize = 8;

/// The path value `v` reads when it is a field of a name, or of a field of one
/// (`dataSource.manager`, `this.a.b`, PHP's `$this->a->b` written `$this.a.b`): names
/// joined by dots, nothing else; with `lone`, a name alone too.
fn field_path(g: &'static Grammar, v: Node<'_>, src: &str, lone: bool) -> Option<String> {
    let v = sole_value(g, v)?;
    let mut text = compact(src.get(v.byte_range())?);
    if super::type_text::null_marks(g.language) && text.contains(['!', '?']) {
        // `a!!.b`, `a!.b`, `a?.b`: the marks say nothing of the types.
        text = text
            .replace("!!.", ".")
            .replace("!.", ".")
            .replace("?.", ".");
    }
    let php = g.language == "php" && g.kind(v) == "member_access_expression";
    if php {
        text = text.replace("->", ".");
    }
    let parts = text.split('.').count();
    let fewest = if lone { 1 } else { 2 };
    ((fewest..=MAX_FIELD_PATH).contains(&parts)
        && text.split('.').enumerate().all(|(i, w)| {
            // PHP's variable comes first, marked `$`.
            let w = if php && i == 0 {
                w.strip_prefix('$').unwrap_or("")
            } else {
                w
            };
            !w.is_empty() && w.bytes().all(crate::source::is_word_byte)
        }))
    .then_some(text)
}

/// What a value with no type written says of its type: the call whose result it is,
/// or else the field path it reads.
pub(super) enum ValueSource {
    Call(Initializer),
    FieldPath(String),
}

pub(super) fn value_source(
    g: &'static Grammar,
    v: Node<'_>,
    src: &str,
    lone: bool,
) -> Option<ValueSource> {
    if let Some(copied) = rust_clone_of(g, v, src) {
        return field_path(g, copied, src, true).map(ValueSource::FieldPath);
    }
    initializer(g, v, src)
        .map(ValueSource::Call)
        .or_else(|| field_path(g, v, src, lone).map(ValueSource::FieldPath))
}

/// What Rust's `x.clone()`, `Arc::clone(&x)` or `Rc::clone(&x)` copies: `x`, whose
/// type the copy has (`Clone::clone` gives `Self`).
fn rust_clone_of<'t>(g: &'static Grammar, v: Node<'t>, src: &str) -> Option<Node<'t>> {
    if g.language != "rust" {
        return None;
    }
    let v = sole_value(g, v)?;
    if calls_rust_pointer(g, v, src, "clone") {
        let copied = sole_argument(g, v).filter(|a| g.kind(*a) == "reference_expression")?;
        return g.child(copied, "value");
    }
    let (method, receiver) = rust_method_call(g, v, src)?;
    (method == "clone" && arity(g, v, 0) == Some(0)).then_some(receiver)
}

/// Rust's method call `v` (`x.m(..)`): the method's name and the receiver.
fn rust_method_call<'t, 's>(
    g: &'static Grammar,
    v: Node<'t>,
    src: &'s str,
) -> Option<(&'s str, Node<'t>)> {
    if g.kind(v) != "call_expression" {
        return None;
    }
    let callee = g
        .child(v, "function")
        .filter(|f| g.kind(*f) == "field_expression")?;
    let method = src.get(g.child(callee, "field")?.byte_range())?;
    Some((method, g.child(callee, "value")?))
}

/// Whether `v` calls function `name` of one of Rust's standard pointers made of the
/// value they point to (`Arc::new(..)`, `std::rc::Rc::clone(..)`).
fn calls_rust_pointer(g: &'static Grammar, v: Node<'_>, src: &str, name: &str) -> bool {
    (g.kind(v) == "call_expression")
        .then(|| g.child(v, "function"))
        .flatten()
        .and_then(|f| {
            src.get(f.byte_range())?
                .strip_suffix(name)?
                .strip_suffix("::")
        })
        .is_some_and(|path| rust_pointer_of_value(path.rsplit("::").next().unwrap_or(path)))
}

impl ValueSource {
    pub(super) fn give_to(self, b: &mut Binding) {
        match self {
            ValueSource::Call(init) => b.initializer = Some(init),
            ValueSource::FieldPath(path) => b.copied_from = Some(path),
        }
    }
}

/// The two values JavaScript's `a ?? b`, `a || b` and `c ? a : b` may take, with
/// parentheses looked through.
fn either_values<'t>(g: &'static Grammar, v: Node<'t>) -> Option<[Node<'t>; 2]> {
    let v = bare_value(g, v)?;
    let [first, second] = match g.kind(v) {
        "binary_expression" => {
            let op = g.child(v, "operator")?;
            if !matches!(op.kind(), "??" | "||") {
                return None;
            }
            [g.child(v, "left")?, g.child(v, "right")?]
        }
        "ternary_expression" => [g.child(v, "consequence")?, g.child(v, "alternative")?],
        _ => return None,
    };
    Some([unparenthesized(g, first), unparenthesized(g, second)])
}

pub(super) fn unparenthesized<'t>(g: &'static Grammar, mut v: Node<'t>) -> Node<'t> {
    while g.kind(v) == "parenthesized_expression" && v.named_child_count() == 1 {
        match v.named_child(0) {
            Some(inner) => v = inner,
            None => break,
        }
    }
    v
}

/// The call that value `v` is, when it is a plain call of a named callee, awaited or
/// not (not Kotlin's `f(x) { .. }`); a construction gives its type directly (see
/// [`constructed_type`]), so its binding never asks for this.
pub(super) fn initializer(g: &'static Grammar, v: Node<'_>, src: &str) -> Option<Initializer> {
    let mut v = sole_value(g, v)?;
    // Rust's `f()?`, `f().unwrap()`, `f().await.expect("..")`. A local unwrapped
    // (`res.unwrap()`) stays the call of `unwrap`, which resolution reads through the
    // call that gives the local.
    let unwrapped = g.language == "rust" && {
        let inner = rust_unwrapped(g, v, src).filter(|i| g.kind(*i) != "identifier");
        v = inner.unwrap_or(v);
        inner.is_some()
    };
    // Swift's `try f()`, `try await f()`: the call's value, or its error thrown.
    if g.kind(v) == "try_expression" && !unwrapped {
        v = g.child(v, "expr")?;
    }
    // `await f()` (Python's node is `await`), Rust's `f().await`.
    let (v, awaited) = match g.kind(v) {
        "await_expression" | "await" => (v.named_child(0)?, true),
        _ => (v, false),
    };
    // Not `f(x) { .. }` (Kotlin): the call with the parentheses is inside this one.
    if !g.class(v).has(Class::CALL)
        || v.named_child(0)
            .is_some_and(|c| g.class(c).has(Class::CALL))
    {
        return None;
    }
    let (name, qualifier) = callee_parts(g, v)?;
    let text = |n: Node<'_>| src.get(n.byte_range()).unwrap_or("");
    let name = text(name).trim();
    if name.is_empty() || !name.bytes().all(crate::source::is_word_byte) {
        return None;
    }
    Some(Initializer {
        name: name.to_string(),
        qualifier: qualifier.map(|q| receiver_text(g, q, src)),
        arity: arity(g, v, 0),
        awaited,
        unwrapped,
        element: None,
    })
}

/// The elements of a list of parameters or patterns by position, each with the name
/// it binds, if one: Rust's `_` (`|_, fut|`, `(_, rx)`) takes a place though it binds
/// nothing, and `mut next` binds `next`.
fn names_by_position<'t>(
    g: &'static Grammar,
    list: Node<'t>,
) -> Vec<(usize, Node<'t>, Option<Node<'t>>)> {
    let mut c = list.walk();
    let elements: Vec<Node<'t>> = list
        .children(&mut c)
        .filter(|p| (p.is_named() && !g.class(*p).has(Class::COMMENT)) || p.kind() == "_")
        .collect();
    elements
        .into_iter()
        .enumerate()
        .map(|(position, p)| {
            let name = if g.kind(p) == "mut_pattern" {
                p.named_child(p.named_child_count().saturating_sub(1) as u32)
            } else {
                Some(p)
            };
            (
                position,
                p,
                name.filter(|n| g.class(*n).has(Class::IDENTIFIER)),
            )
        })
        .collect()
}

/// What Rust's `x?`, `x.unwrap()` or `x.expect(..)` unwraps: `x`.
fn rust_unwrapped<'t>(g: &'static Grammar, v: Node<'t>, src: &str) -> Option<Node<'t>> {
    match g.kind(v) {
        "try_expression" => v.named_child(0),
        _ => rust_method_call(g, v, src)
            .filter(|(method, _)| matches!(*method, "unwrap" | "expect"))
            .map(|(_, receiver)| receiver),
    }
}

/// What Rust's `Arc::new(x)`, `Rc::new(x)` or `Box::new(x)` makes a pointer to, past
/// pointers made of pointers (`Arc::new(Box::new(x))`): `x`.
fn rust_pointer_made_of<'t>(g: &'static Grammar, v: Node<'t>, src: &str) -> Option<Node<'t>> {
    let mut made_of = None;
    let mut v = sole_value(g, v)?;
    while calls_rust_pointer(g, v, src, "new") {
        let only = sole_argument(g, v)?;
        made_of = Some(only);
        v = only;
    }
    made_of
}

/// The type Go value `v` is written to hold: asserted (`x.(T)`), made by `new(T)`
/// or built (`T{..}`, `&T{..}`).
fn go_value_type<'s>(g: &'static Grammar, v: Node<'_>, src: &'s str) -> Option<&'s str> {
    let mut v = bare_value(g, v)?;
    if g.kind(v) == "unary_expression" {
        v = v.named_child(0)?;
    }
    let t = match g.kind(v) {
        "type_assertion_expression" | "composite_literal" => g.child(v, "type")?,
        // `new(bytes.Buffer)` makes a value of the type it is given.
        "call_expression" if src.get(g.child(v, "function")?.byte_range()) == Some("new") => {
            let args = g.child(v, "arguments")?;
            args.named_child(0)
                .filter(|_| args.named_child_count() == 1)?
        }
        _ => return None,
    };
    src.get(t.byte_range())
}

/// The type a value constructs: `new Foo(..)`, `Foo(..)` with a capitalised name,
/// `&Foo{..}`, `Foo{..}`, `Foo::new(..)`, or asserts: Go's `x.(Foo)`.
fn constructed_type(
    g: &'static Grammar,
    v: Node<'_>,
    src: &str,
    language: &str,
) -> Option<(Option<String>, Option<String>)> {
    let text = |n: Node<'_>| src.get(n.byte_range()).unwrap_or("");
    let mut v = bare_value(g, v)?;
    if matches!(
        g.kind(v),
        "unary_expression" | "reference_expression" | "await_expression"
    ) {
        v = v.named_child(0)?;
    }
    // Literals have the language's own collection and string types.
    let literal = match g.kind(v) {
        "list" | "list_comprehension" => Some("list"),
        "dictionary" | "dictionary_comprehension" => Some("dict"),
        "set" | "set_comprehension" => Some("set"),
        "string" | "concatenated_string"
            if src
                .get(v.byte_range())?
                .starts_with(['"', '\'', 'f', 'r', 'b']) =>
        {
            Some("str")
        }
        "array" => Some("Array"),
        "template_string" => Some("String"),
        "string_literal" => Some("String"),
        _ => None,
    };
    if let Some(t) = literal {
        return Some((None, Some(t.to_string())));
    }
    match g.kind(v) {
        "new_expression" | "object_creation_expression" | "instance_expression" => {
            let t = g
                .child(v, "constructor")
                .or_else(|| g.child(v, "type"))
                .or_else(|| v.named_child(0))?;
            Some(written_type(text(t), language))
        }
        // Go's `x.(T)` asserts that `x` holds a `T`.
        "type_assertion_expression" => Some(split_type(go_value_type(g, v, src)?)),
        // TypeScript's `x as Foo`, `this.constructor as typeof Foo` (the class itself,
        // whose static members are its members too).
        "as_expression" if matches!(language, "typescript" | "tsx") => {
            let t = text(v.named_child(1)?);
            let t = t.strip_prefix("typeof ").unwrap_or(t);
            // A union or intersection, `keyof T`, a tuple or object type: no one type.
            let one = t.split_whitespace().count() == 1 && !t.contains(['|', '&', '{', '[']);
            one.then(|| split_type(t))
        }
        // Swift's `x as? Foo`, `x as! Foo`: a `Foo` (unwrapped, where optional).
        "as_expression" if language == "swift" => {
            Some(written_type(text(g.child(v, "name")?), language))
        }
        // Kotlin's `x as Foo`, `x as? Foo` and C#'s `x as Foo`.
        // (C#'s `dynamic` says nothing of the value's members.)
        "as_expression" if matches!(language, "kotlin" | "csharp") => {
            let t = text(g.child(v, "right")?);
            (t != "dynamic").then(|| written_type(t, language))
        }
        // Java's and C#'s `(Foo) x` (not an intersection, `(A & B) x`).
        "cast_expression" if matches!(language, "java" | "csharp") => {
            let t = text(g.child(v, "type")?);
            (!t.contains('&') && t != "dynamic").then(|| written_type(t, language))
        }
        "composite_literal" | "struct_expression" => {
            let t = g.child(v, "type").or_else(|| g.child(v, "name"))?;
            Some(split_type(text(t)))
        }
        "call" | "call_expression" => {
            let f = g.child(v, "function").or_else(|| v.named_child(0))?;
            let t = text(f);
            // `Foo::new(..)` / `Foo.new` constructs a Foo.
            if let Some(ty) = t.strip_suffix("::new").or_else(|| t.strip_suffix(".new")) {
                return Some(split_type(ty));
            }
            if language == "go" && t == "new" {
                return Some(split_type(go_value_type(g, v, src)?));
            }
            let last = t.rsplit(['.', ':']).next().unwrap_or(t);
            // Python's builtin collections are called by lowercase names.
            let builtin_type = matches!(
                t,
                "list" | "dict" | "set" | "str" | "tuple" | "frozenset" | "bytes" | "bytearray"
            );
            // A capitalised callee constructs a class, except in Go, where it is any
            // exported function (`w.New(..)`, `pkg.Open(..)`).
            let constructs =
                language != "go" && last.chars().next().is_some_and(char::is_uppercase);
            (builtin_type || constructs).then(|| split_type(t))
        }
        _ => None,
    }
}
