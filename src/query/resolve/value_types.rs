//! The type a value holds: a typed parameter or local, a field's declared type (also
//! through a path of fields), what a call returns, what a callback parameter receives.
//! This is the step between a receiver and the member looked up in it; a type that is
//! only a type parameter or a guess gives no answer.

use std::borrow::Cow;
use std::sync::Arc;

use super::generics::declares_type_parameter;
use super::generics::{after_type_parameters, name_followed_by, type_parameter_list};
use super::guards::InitializerDepth;
use super::imports::is_js;
use super::lambda_parameters::{
    aliased_type_text, callback_parameter_type, declared_function_value_type,
    function_type_parameter, typescript_parameter_written,
};
use super::library_results::{assertion_entry, library_result};
use super::members::{CSHARP_NULLABLE_VALUE, MAX_SUPER_DEPTH};
use super::overloads::callers_see;
use super::python_stdlib::typing_alias_module;
use super::returns::{
    call_gives, csharp_property_at, generic_head, getter_type, go_result_type, receiver_call,
    returns_its_receiver, rust_part, rust_unwrapping, ReceiverCall, Returned,
};
use super::rust_closures::type_parameter_bounds;
use super::{inheritance_clauses, same_target, DefRef, Resolution, Resolver};
use crate::facts::{
    split_top_level, type_parts, typescript_annotation, Binding, BindingKind, CallbackSite,
    FileFacts, RefKind, Reference,
};
use crate::source::is_word_byte;
use crate::symbols::{Kind, Symbol};

/// Whether a language gives each field one declared type (its first typed
/// declaration, where a constructor's `this.x = new Impl()` may add another);
/// elsewhere a field holds whatever the methods assign to it.
pub(super) fn declares_field_types(lang: &str) -> bool {
    matches!(
        lang,
        "java"
            | "kotlin"
            | "scala"
            | "csharp"
            | "go"
            | "rust"
            | "swift"
            | "cpp"
            | "c"
            | "typescript"
            | "tsx"
    )
}

/// Reads binding `b` by how its value is given, for the walks that follow a value back
/// to where its type is written: `written` when it is declared with a type, else
/// `called` with the call that gives it its value, else `copied` with the path of the
/// value it copies; false when none tells.
pub(super) fn by_how_given(
    b: &Binding,
    written: impl FnOnce() -> bool,
    called: impl FnOnce(&ReceiverCall<'_>) -> bool,
    copied: impl FnOnce(&str) -> bool,
) -> bool {
    if b.type_name.is_some() {
        return written();
    }
    if let Some(init) = &b.initializer {
        return called(&ReceiverCall::from(init));
    }
    b.copied_from.as_deref().is_some_and(copied)
}

/// The definition binding `b` of `file` belongs to (the function of a parameter or a
/// local); `None` at file level.
fn scope_def(file: &Arc<FileFacts>, b: &Binding) -> Option<DefRef> {
    b.scope.map(|i| DefRef {
        file: file.clone(),
        index: i as usize,
    })
}

/// The fields named `name` that type `t` declares in its own body.
pub(super) fn declared_fields<'t>(
    t: &'t DefRef,
    name: &'t str,
) -> impl Iterator<Item = &'t crate::facts::Binding> {
    let at = u32::try_from(t.index).ok();
    t.file
        .bindings
        .iter()
        .filter(move |b| b.kind == BindingKind::Field && b.scope == at && b.name == name)
}

/// The getter type `t` declares for `name`, read as a field (`get columns():
/// Column[]` in JavaScript and TypeScript, a C# property): its value is what the
/// getter returns.
fn getter_of(t: &DefRef, name: &str) -> Option<DefRef> {
    let is_getter: fn(&Symbol) -> bool = match t.symbol().language {
        "typescript" | "tsx" | "javascript" => is_getter,
        "csharp" => is_csharp_property,
        _ => return None,
    };
    DefRef::all_in(&t.file, |d| {
        d.parent == Some(t.index) && d.name == name && d.kind == Kind::Method && is_getter(d)
    })
    .into_iter()
    .next()
}

/// Whether C# member `d` is a property: its name is followed by its accessors
/// (`{ get; set; }`) or an expression body (`=> ..`), not by parameters.
fn is_csharp_property(d: &Symbol) -> bool {
    csharp_property_at(d.header(), &d.name).is_some()
}

/// Whether method `d`'s header makes it a getter: `get` written right before its name
/// (after modifiers such as `public` or `static`).
fn is_getter(d: &Symbol) -> bool {
    let mut words = d.header().split_whitespace();
    words.any(|w| w == "get")
        && words.next().is_some_and(|w| {
            w.strip_prefix(d.name.as_str())
                .is_some_and(|rest| rest.starts_with(['(', '<']))
        })
}

/// The type binding `b` points to, when it holds a Rust standard pointer: its
/// qualifier and name.
fn pointee_of(b: &crate::facts::Binding) -> Option<(Option<&str>, &str)> {
    b.pointee
        .as_ref()
        .map(|(qualifier, name)| (qualifier.as_deref(), name.as_str()))
}

/// C++'s standard types whose `->` reaches the value they hold: a member called
/// through one may be the wrapper's (`p.reset()`) or the value's (`p->Add(..)`).
const CPP_POINTER_WRAPPERS: &[&str] = &[
    "unique_ptr",
    "shared_ptr",
    "weak_ptr",
    "auto_ptr",
    "optional",
];

impl<'s> Resolver<'s> {
    /// The type of the value a binding visible where `r` stands holds: the type it
    /// is declared with, or the one the call that initialises it returns.
    pub(super) fn type_of_binding(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        b: &crate::facts::Binding,
    ) -> Resolution {
        let ty = self.type_as_bound(file, r, b);
        if self.bound_apart(file, r, b, &ty) {
            return Resolution::Unresolved;
        }
        ty
    }

    /// [`Resolver::type_of_binding`] as `b` alone gives it.
    pub(super) fn type_as_bound(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        b: &crate::facts::Binding,
    ) -> Resolution {
        if let Some(t) = &b.type_name {
            if let Some(bound) = self.rust_bounding_trait(file, r.enclosing, t, b) {
                return Resolution::Definition(bound);
            }
            let found = self.resolve_value_type(file, r.enclosing, t, b.type_qualifier.as_deref());
            return self.through_pointer(file, r.enclosing, pointee_of(b), found);
        }
        let Some(_depth) = InitializerDepth::enter() else {
            return Resolution::Unresolved;
        };
        let declared = Self::where_given(file, r, b);
        let r = declared.as_ref();
        if let Some(site) = &b.passed_to {
            return self.type_of_callback_parameter(file, r, site);
        }
        if let Some((path, position)) = &b.ranges_over {
            return self
                .type_ranged_over(file, r, path, *position)
                .unwrap_or(Resolution::Unresolved);
        }
        if !Self::keeps_its_initial_type(file, b) {
            return Resolution::Unresolved;
        }
        match (&b.initializer, &b.copied_from) {
            (Some(init), _) => self.type_of_call_result(file, r, &ReceiverCall::from(init)),
            // A copy of another local (`let entry = entry;`, where each local is its
            // block's): that one's type, read where the copy is made.
            (None, Some(name)) if !name.contains('.') => match Self::binding_at(file, r, name) {
                Some(other) => self.type_of_binding(file, r, other),
                None => Resolution::Unresolved,
            },
            (None, Some(path)) => self
                .field_path_type(file, r, path)
                .unwrap_or(Resolution::Unresolved),
            // An untyped parameter of a TypeScript function value whose name is
            // declared with a function type (`const f: Handler = (c) =>`).
            (None, None) if b.kind == BindingKind::Parameter && is_js(file.language.name) => {
                match self.function_value_parameter(file, b) {
                    Resolution::Unresolved => self.library_union_parameter(file, b),
                    found => found,
                }
            }
            // A test's parameter named after a pytest fixture.
            (None, None) => self.pytest_fixture_value(file, b),
        }
    }

    /// Where binding `b`, seen from `r`, is given its value. A block's local is given
    /// it where it is declared, before it holds: there its value reads the local it
    /// hides (`let message = message.to_string()`), not itself.
    pub(super) fn where_given<'r>(
        file: &FileFacts,
        r: &'r Reference,
        b: &crate::facts::Binding,
    ) -> Cow<'r, Reference> {
        match b.within {
            Some((start, _))
                if start > 0 && crate::facts::scopes_locals_by_block(file.language.name) =>
            {
                Cow::Owned(Reference {
                    start_byte: start - 1,
                    ..r.clone()
                })
            }
            _ => Cow::Borrowed(r),
        }
    }

    /// The type of an untyped callback parameter at `site`: the one the callee (one
    /// repository definition, its overload told by the call's arguments) declares for
    /// that parameter of the function it takes there.
    fn type_of_callback_parameter(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        site: &CallbackSite,
    ) -> Resolution {
        let Some(method) = self.callee(file, r, &ReceiverCall::from(&site.call)) else {
            return Resolution::Unresolved;
        };
        let argument = usize::from(site.argument);
        let parameter = usize::from(site.parameter);
        let sym = method.symbol();
        match callback_parameter_type(sym, argument, parameter, site.call.arity) {
            Some("Self") => self
                .enclosing_type_def(&method.file, u32::try_from(method.index).ok())
                .map_or(Resolution::Unresolved, Resolution::Definition),
            Some(written) if !written.starts_with(['(', '[', '*']) => {
                self.type_written_in(&method, written)
            }
            _ => Resolution::Unresolved,
        }
    }

    /// The type the declared type of the TypeScript function value that parameter `b`
    /// belongs to gives it: a function type written there (`const f: (c: Context) =>
    /// void = (c) =>`) or a type alias of the tree naming one (`const getConnInfo:
    /// GetConnInfo = (c) =>`, `type GetConnInfo = (c: Context) => ConnInfo`), its
    /// parameter at `b`'s position, read where that function type is written.
    fn function_value_parameter(&self, file: &Arc<FileFacts>, b: &Binding) -> Resolution {
        let Some(function) = scope_def(file, b) else {
            return Resolution::Unresolved;
        };
        let Some((declared, position)) = declared_function_value_type(function.symbol(), &b.name)
        else {
            return Resolution::Unresolved;
        };
        if declared.starts_with('(') {
            return function_type_parameter(declared, position)
                .map_or(Resolution::Unresolved, |t| {
                    self.type_written_in(&function, t)
                });
        }
        let Resolution::Definition(alias) = self.type_written_in(&function, declared) else {
            return Resolution::Unresolved;
        };
        let sym = alias.symbol();
        if sym.kind != Kind::Type || !is_js(alias.file.language.name) {
            return Resolution::Unresolved;
        }
        aliased_type_text(sym)
            .and_then(|aliased| function_type_parameter(aliased, position))
            .map_or(Resolution::Unresolved, |t| self.type_written_in(&alias, t))
    }

    /// A TypeScript parameter `b` declared with a union of library types only
    /// (`event: React.KeyboardEvent | KeyboardEvent`), which the facts give no one type:
    /// a value of the library, whichever member a test narrowed it to, and of its module
    /// where all members are of one.
    fn library_union_parameter(&self, file: &Arc<FileFacts>, b: &Binding) -> Resolution {
        let Some(function) = scope_def(file, b) else {
            return Resolution::Unresolved;
        };
        let Some(written) = typescript_parameter_written(function.symbol(), &b.name) else {
            return Resolution::Unresolved;
        };
        let (members, balanced) =
            split_top_level(written.trim_start_matches('|'), b'|', b"<([{", b">)]}");
        let members: Vec<&str> = members
            .into_iter()
            .map(str::trim)
            .filter(|m| !matches!(*m, "null" | "undefined"))
            .collect();
        if !balanced || members.len() < 2 {
            return Resolution::Unresolved;
        }
        let mut module: Option<Option<String>> = None;
        for member in members {
            let Resolution::External(m) = self.type_written_in(&function, member) else {
                return Resolution::Unresolved;
            };
            module = Some(match module {
                Some(seen) if seen != m => None,
                _ => m,
            });
        }
        Resolution::External(module.flatten())
    }

    /// The type of field `field` of a value of type `owner`, as its declaration in
    /// the owner's body writes it, or, when the body declares no such field, the body
    /// of the nearest repository supertype that does (a subclass has its superclass's
    /// fields). Unresolved for a library type (its fields are not seen), a field
    /// declared nowhere the repository shows (embedded, or assigned elsewhere), an
    /// untyped one, one given values of different types, and one typed by a type
    /// parameter.
    ///
    /// `unit`: the C or C++ source file (and where in it) the path is read in, whose
    /// includes show the types a header only declares ahead (see
    /// [`Resolver::declared_field_type`]).
    pub(super) fn field_type(
        &self,
        owner: Resolution,
        field: &str,
        unit: Option<(&Arc<FileFacts>, Option<u32>)>,
    ) -> Resolution {
        // A pointer's fields are the value's (the pointers have none of their own).
        let Resolution::Definition(t) = owner.past_pointer() else {
            return Resolution::Unresolved;
        };
        self.declared_field_type(&t, field, 0, unit)
            .unwrap_or(Resolution::Unresolved)
    }

    /// The type of field `name` of a type enclosing `r` (or that `r`'s member is
    /// written apart from) or of one of their supertypes, innermost type first; `None`
    /// when none of them declares such a field.
    pub(super) fn inherited_field_type(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        name: &str,
    ) -> Option<Resolution> {
        if Self::enclosing_type(file, r.enclosing).is_none() {
            // A member written apart from its type (C++'s `void DBImpl::Write() {..}`
            // in a source file, the class in a header): the fields of the type its
            // qualified name puts it in.
            let ty = self.enclosing_type_def(file, r.enclosing)?;
            return self.declared_field_type(&ty, name, 0, Some((file, r.enclosing)));
        }
        Self::enclosing_types(file, r.enclosing)
            .find_map(|ty| self.declared_field_type(&ty, name, 0, None))
    }

    /// Whether type `t` or one of its supertypes declares a field `name`.
    pub(super) fn declares_field(&self, t: &DefRef, name: &str) -> bool {
        self.declared_field_type(t, name, 0, None).is_some()
    }

    /// [`Resolver::field_type`] in `t`, `depth` supertypes below the owner: `None`
    /// when neither `t` nor its supertypes declare the field. `unit`: the C or C++
    /// source file (and where in it) the field is read from, when that is not where
    /// `t` is declared: a type its header only declares ahead (`class VersionSet;`)
    /// is the one the source file includes.
    fn declared_field_type(
        &self,
        t: &DefRef,
        field: &str,
        depth: usize,
        unit: Option<(&Arc<FileFacts>, Option<u32>)>,
    ) -> Option<Resolution> {
        if depth > MAX_SUPER_DEPTH || !t.symbol().kind.is_type_like() {
            return None;
        }
        let at = u32::try_from(t.index).ok();
        let mut fields = declared_fields(t, field).peekable();
        if fields.peek().is_none() {
            // Go's embedded field is named by its type's name (`h.Dispenser` of a
            // struct embedding `*caddyfile.Dispenser`).
            if let Some(embedded) = (t.file.language.name == "go")
                .then(|| inheritance_clauses(&t.file, t.index).find(|r| r.name == field))
                .flatten()
            {
                return Some(self.resolve_type_name(
                    &t.file,
                    at,
                    &embedded.name,
                    embedded.qualifier.as_deref(),
                ));
            }
            if let Some(getter) = getter_of(t, field) {
                return Some(
                    getter_type(getter.symbol()).map_or(Resolution::Unresolved, |ty| {
                        self.type_written_in(&getter, ty)
                    }),
                );
            }
            return self.supertypes(t).into_iter().find_map(|sup| match sup {
                Resolution::Definition(s) => self.declared_field_type(&s, field, depth + 1, unit),
                _ => None,
            });
        }
        let fields: Vec<&crate::facts::Binding> = fields.collect();
        let mut declared = fields
            .iter()
            .filter_map(|b| Some((b.type_name.as_deref()?, b.type_qualifier.as_deref(), *b)));
        let Some((ty, tq, first)) = declared.next() else {
            return Some(self.type_of_field_initializer(t, &fields));
        };
        // Python's `self.x = A()` here and `self.x = B()` there: no one type.
        if !declares_field_types(t.file.language.name)
            && declared.any(|(other, oq, _)| (other, oq) != (ty, tq))
        {
            return Some(Resolution::Unresolved);
        }
        let found = self.resolve_declared_type(&t.file, at, ty, tq);
        let found = self.through_pointer(&t.file, at, pointee_of(first), found);
        Some(match found {
            Resolution::Unresolved => match unit {
                Some((unit, unit_at))
                    if matches!(t.file.language.name, "c" | "cpp")
                        && !Arc::ptr_eq(unit, &t.file) =>
                {
                    self.resolve_declared_type(unit, unit_at, ty, tq)
                }
                _ => Resolution::Unresolved,
            },
            found => found,
        })
    }

    /// The type of an untyped field of `t` (`val tasks = mutableListOf<Task>()`,
    /// `private pool = createPool()`) in a language whose fields keep the type their
    /// initialiser gives them: what that call gives, resolved where the field is
    /// declared. Unresolved where the field has no initialising call, or is declared
    /// more than once (`fields` are its declarations).
    fn type_of_field_initializer(
        &self,
        t: &DefRef,
        fields: &[&crate::facts::Binding],
    ) -> Resolution {
        let file = &t.file;
        let [field] = fields else {
            return Resolution::Unresolved;
        };
        let (Some(init), true) = (&field.initializer, declares_field_types(file.language.name))
        else {
            return Resolution::Unresolved;
        };
        let Some(_depth) = InitializerDepth::enter() else {
            return Resolution::Unresolved;
        };
        // The call is read in the type's body: the facts of another file may hold
        // no references but the inheritance ones, so the call is written out anew.
        let sym = t.symbol();
        let site = Reference {
            name: init.name.clone(),
            qualifier: init.qualifier.clone(),
            kind: RefKind::Call,
            line: u32::try_from(sym.line).unwrap_or(u32::MAX),
            column: 1,
            start_byte: u32::try_from(sym.name_byte).unwrap_or(u32::MAX),
            enclosing: u32::try_from(t.index).ok(),
            arity: init.arity,
        };
        self.type_of_call_result(file, &site, &ReceiverCall::from(init))
    }

    /// A type a definition's declaration writes (a field's, a method's return type),
    /// resolved where it is written; unresolved when it is one of the type parameters
    /// declared there (`<E> E first()`, the `V` of `Box<V>`), or a type named through
    /// one (Rust's `F::Output`), which stand for whatever a use supplies.
    pub(super) fn resolve_declared_type(
        &self,
        file: &Arc<FileFacts>,
        at: Option<u32>,
        ty: &str,
        qualifier: Option<&str>,
    ) -> Resolution {
        let root = qualifier.map_or(ty, |q| q.split([':', '.']).next().unwrap_or(q));
        if Self::is_type_parameter(file, at, root) {
            return Resolution::Unresolved;
        }
        self.resolve_value_type(file, at, ty, qualifier)
    }

    /// The type of a value whose written type resolved to `found`: for a Rust
    /// standard pointer to `pointee` (qualifier, name) that names no type of the
    /// repository (`Arc<Inner>`), the type it points to, resolved where the type is
    /// written at `at` (a type parameter there stands for whatever a use supplies:
    /// unresolved).
    fn through_pointer(
        &self,
        file: &Arc<FileFacts>,
        at: Option<u32>,
        pointee: Option<(Option<&str>, &str)>,
        found: Resolution,
    ) -> Resolution {
        let (Resolution::Unresolved, Some((qualifier, name))) = (&found, pointee) else {
            return found;
        };
        if file.language.name != "rust" {
            return found;
        }
        match self.resolve_declared_type(file, at, name, qualifier) {
            pointee @ (Resolution::Definition(_) | Resolution::External(_)) => {
                Resolution::Pointer(Box::new(pointee))
            }
            _ => Resolution::Unresolved,
        }
    }

    /// A value's type, as far as its members go: a Rust smart pointer or guard of the
    /// standard library (`Arc<Inner>`) has its own few methods and those of the value
    /// it points to, which the written type's name alone does not tell, so it gives
    /// none; nor does TypeScript's `any`.
    pub(super) fn resolve_value_type(
        &self,
        file: &Arc<FileFacts>,
        at: Option<u32>,
        ty: &str,
        qualifier: Option<&str>,
    ) -> Resolution {
        // TypeScript's `any` lets a value be anything: its members are nobody's in
        // particular, neither a library's nor the repository's.
        if ty == "any" && qualifier.is_none() && matches!(file.language.name, "typescript" | "tsx")
        {
            return Resolution::Unresolved;
        }
        let found = self.resolve_type_name(file, at, ty, qualifier);
        // A value of a type TypeScript computes from others (`ReturnType<typeof f>`,
        // `Record<K, Handler>`) has the members of what it computes, not the operator's.
        if TYPESCRIPT_TYPE_OPERATORS.contains(&ty)
            && qualifier.is_none()
            && matches!(file.language.name, "typescript" | "tsx")
            && matches!(found, Resolution::External(_))
        {
            return Resolution::Unresolved;
        }
        // A value typed `List[str]` is a `list`: `typing` only names its type. One
        // typed `Any` may be anything, as TypeScript's `any`.
        if let Resolution::External(Some(m)) = &found {
            if m == "typing" && file.language.name == "python" {
                let simple = ty.rsplit('.').next().unwrap_or(ty);
                if simple == "Any" {
                    return Resolution::Unresolved;
                }
                if let Some(runtime) = typing_alias_module(simple) {
                    return Resolution::External(Some(runtime.to_string()));
                }
            }
        }
        let wrapper = match file.language.name {
            "rust" => crate::facts::is_rust_pointer(ty),
            "cpp" => CPP_POINTER_WRAPPERS.contains(&ty),
            _ => false,
        };
        if wrapper && !matches!(found, Resolution::Definition(_)) {
            return Resolution::Unresolved;
        }
        found
    }

    /// The type of what `call` (the receiver of `r`) returns: the type its callee
    /// declares, read in the callee's own file. Unresolved when the callee is not one
    /// repository definition or declares no definite type.
    pub(super) fn type_of_call_result(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        call: &ReceiverCall<'_>,
    ) -> Resolution {
        let rust = file.language.name == "rust";
        if rust {
            if let Some(inner) = rust_unwrapping(call) {
                return self.type_of_call_result(file, r, &inner);
            }
            if let Some(init) = self.unwrapped_local(file, r, call) {
                let inner = ReceiverCall {
                    unwrapped: true,
                    ..ReceiverCall::from(init)
                };
                return self.type_of_call_result(file, r, &inner);
            }
            if let Some(lent) = self.lent_through(file, r, call) {
                return lent;
            }
        }
        // A C# `T?` of a repository struct gives the struct it holds.
        if let (Some(q), "csharp") = (call.qualifier, file.language.name) {
            if call.name == CSHARP_NULLABLE_VALUE && !call.awaited {
                if let Some(t) = self.receiver_type(file, r, q) {
                    if self.csharp_nullable_gives(&t, call.name, &[Kind::Method]) {
                        return Resolution::Definition(t);
                    }
                }
            }
        }
        let takes_part = rust && (call.unwrapped || call.element.is_some());
        let go = file.language.name == "go";
        let callee = self.resolve_within(file, &call.as_reference(r));
        if rust && !takes_part && matches!(callee, Resolution::External(_)) {
            if let Some(copied) = self.rust_std_clone_of(file, r, call) {
                return copied;
            }
        }
        match callee {
            Resolution::Definition(method) if takes_part => self.type_of_part(&method, call),
            // What an overload or a library call gives is not known whole, and its
            // parts still less.
            _ if takes_part => Resolution::Unresolved,
            // Go's `a, err := f()`: the result in the name's place.
            Resolution::Definition(method) if go && call.element.is_some() => {
                let position = usize::from(call.element.unwrap_or_default());
                let written = go_result_type(method.symbol(), position);
                self.type_given(&method, written.map(Returned::Type))
            }
            // `os.Create(..)`, `w.Header()` of an `http.ResponseWriter`, `cmd.Flags()`
            // of a `*cobra.Command`: a value of the library, everything got from which
            // is the library's too, whichever of the call's results. A package's
            // function gives a value of its own package's type as a rule
            // (`time.Now()`), but which type a method gives, or an error, is not known.
            callee @ Resolution::External(_)
                if go && self.go_gives_library_value(file, r, call, &callee) =>
            {
                let package_call = call
                    .qualifier
                    .is_some_and(|q| self.names_go_package(file, r, q));
                match callee {
                    Resolution::External(module) if package_call && call.element.is_none() => {
                        Resolution::External(module)
                    }
                    _ => Resolution::External(None),
                }
            }
            Resolution::Definition(method)
                if returns_its_receiver(method.symbol(), call.awaited) =>
            {
                match call.qualifier {
                    Some(q) => self.type_of_receiver(file, r, q),
                    None => Resolution::Unresolved,
                }
            }
            Resolution::Definition(method) => self.type_returned_by(&method, call.awaited),
            Resolution::Overloads(first) => self.type_every_overload_returns(&first, call.awaited),
            // `mutableMapOf<K, V>()`, `List.of(..)`: a library call the table knows, if
            // no function of the tree has the bare builder's name (the language's
            // builtins are looked up before another file of the package).
            Resolution::External(module)
                if !call.awaited
                    && (call.qualifier.is_some()
                        || self.defs_named(call.name).is_empty()
                        || assertion_entry(file.language.name, call.name, module.as_deref())
                            .is_some()) =>
            {
                library_result(
                    file.language.name,
                    call.qualifier,
                    call.name,
                    module.as_deref(),
                )
                .map_or(Resolution::Unresolved, |m| {
                    Resolution::External(Some(m.to_string()))
                })
            }
            _ => Resolution::Unresolved,
        }
    }

    /// The one trait of the tree that bounds Rust type parameter `t`, binding `b`'s
    /// type, in the header of the function around `at` that declares it (`fn
    /// search<M: Matcher>(m: M)`, `where M: Matcher`): a value of the parameter's type
    /// has that trait's methods. The standard marker traits and lifetimes are passed
    /// over; `None` when no such trait, or several, bound it.
    fn rust_bounding_trait(
        &self,
        file: &Arc<FileFacts>,
        at: Option<u32>,
        t: &str,
        b: &crate::facts::Binding,
    ) -> Option<DefRef> {
        if file.language.name != "rust" || b.type_qualifier.is_some() {
            return None;
        }
        let declaring = Self::enclosing_chain(file, at).into_iter().find(|&i| {
            let d = &file.definitions[i];
            matches!(d.kind, Kind::Function | Kind::Method) && declares_type_parameter(d, t)
        })?;
        let sym = &file.definitions[declaring];
        let mut traits = type_parameter_bounds(sym, t)
            .into_iter()
            .filter_map(|bound| {
                // The path up to its type arguments (or, on a header of one line, its
                // body); a lifetime names no trait.
                let Some((qualifier, name)) = type_parts(bound) else {
                    return (!bound.trim_start().starts_with('\'')).then_some(None);
                };
                if qualifier.is_none() && RUST_MARKER_TRAITS.contains(&name) {
                    return None;
                }
                let at = u32::try_from(declaring).ok();
                match self.resolve_type_name(file, at, name, qualifier) {
                    Resolution::Definition(d) if d.symbol().kind == Kind::Trait => Some(Some(d)),
                    // A library trait (`AsRef<Path>`) may give the methods called: no
                    // trait of the tree alone is known to.
                    _ => Some(None),
                }
            });
        let one = traits.next()??;
        traits.next().is_none().then_some(one)
    }

    /// Rust's `res.unwrap()` or `res.expect(..)` of a local `res` that a call gives
    /// (`let res = cmd.try_get_matches();`): that call, whose `Result` or `Option` the
    /// unwrapping opens. `None` when the function binds the name more than once and
    /// the facts do not tell which binding `r` sees.
    fn unwrapped_local<'f>(
        &self,
        file: &'f FileFacts,
        r: &Reference,
        call: &ReceiverCall<'_>,
    ) -> Option<&'f crate::facts::Initializer> {
        if call.unwrapped || !matches!(call.name, "unwrap" | "expect") {
            return None;
        }
        let q = call.qualifier?.trim();
        if !q.bytes().all(is_word_byte) {
            return None;
        }
        let chain = Self::enclosing_chain(file, r.enclosing);
        let named: Vec<&crate::facts::Binding> = file
            .bindings
            .iter()
            .filter(|b| b.name == q && b.scope.is_some_and(|s| chain.contains(&(s as usize))))
            .collect();
        let only = match named.as_slice() {
            [only] => *only,
            // Rust's shadowing (`let m = cmd.try_get_matches(); let m = m.unwrap();`):
            // each `let` holds from its end to the end of its block, so where `r`
            // stands one of them does.
            [_, _, ..] if named.iter().all(|b| b.within.is_some()) => Self::binding_at(file, r, q)?,
            _ => return None,
        };
        only.initializer
            .as_ref()
            .filter(|init| !init.unwrapped && init.element.is_none())
    }

    /// The type of receiver `q` of a call written where `r` stands: what a call
    /// gives (a class constructed, `Client()`, is one), or a typed local, parameter or
    /// field path's type; unresolved otherwise.
    pub(super) fn type_of_receiver(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        q: &str,
    ) -> Resolution {
        match receiver_call(q) {
            Some(call) => self.type_of_call_result(file, r, &call),
            None => self
                .receiver_type(file, r, q)
                .map_or(Resolution::Unresolved, Resolution::Definition),
        }
    }

    /// The type of what Rust's `x.clone()` gives where the standard library's
    /// `Clone::clone` is called (derived, or a reference's): a copy of `x`, of `x`'s
    /// type, when that is a type of the tree.
    fn rust_std_clone_of(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        call: &ReceiverCall<'_>,
    ) -> Option<Resolution> {
        if call.name != "clone" || call.arity != Some(0) || call.awaited {
            return None;
        }
        let copied = self.type_of_receiver(file, r, call.qualifier?);
        matches!(copied, Resolution::Definition(_)).then_some(copied)
    }

    /// The type of the part of what a Rust call of `method` gives that `call` takes:
    /// what its `Result` or `Option` holds, an element of its tuple (see [`rust_part`]).
    fn type_of_part(&self, method: &DefRef, call: &ReceiverCall<'_>) -> Resolution {
        let Some(Returned::Type(written)) = call_gives(method.symbol(), call.awaited) else {
            return Resolution::Unresolved;
        };
        let part = rust_part(written, call.unwrapped, call.element)
            .or_else(|| {
                // An alias of the tree for a `Result` (`ClapResult<ArgMatches>`).
                if !call.unwrapped || call.element.is_some() {
                    return None;
                }
                let alias = self.rust_alias_named(method, written)?;
                alias_held(alias.symbol(), written, |wrapper| {
                    self.imports_std_wrapper(&alias, wrapper)
                })
            })
            .map(|part| match part {
                "Self" => Returned::OwnType,
                part => Returned::Type(part),
            });
        self.type_given(method, part)
    }

    /// Whether the file of Rust alias `alias` imports the standard `Result` or `Option`
    /// as `name` (`use std::result::Result as StdResult;`).
    fn imports_std_wrapper(&self, alias: &DefRef, name: &str) -> bool {
        self.imports_binding(&alias.file, alias.symbol().start_byte, name)
            .iter()
            .any(|imp| {
                matches!(imp.name.as_deref(), Some("Result" | "Option"))
                    && matches!(
                        imp.module.as_str(),
                        "std::result" | "std::option" | "core::result" | "core::option"
                    )
            })
    }

    /// The alias of the tree that Rust type `written` (`ClapResult<ArgMatches>`) names
    /// in `method`'s header.
    fn rust_alias_named(&self, method: &DefRef, written: &str) -> Option<DefRef> {
        let (qualifier, name) = type_parts(written.get(..written.find('<')?)?)?;
        let at = u32::try_from(method.index).ok();
        match self.resolve_type_name(&method.file, at, name, qualifier) {
            Resolution::Definition(d) if d.symbol().kind == Kind::Type => Some(d),
            _ => None,
        }
    }

    /// The type of the value a call of `method` gives, `awaited` or not.
    fn type_returned_by(&self, method: &DefRef, awaited: bool) -> Resolution {
        // A type called (`Celsius(x)` in Go, a class in Python or Kotlin) gives a value
        // of that type.
        if method.symbol().kind.is_type_like() {
            return if awaited {
                Resolution::Unresolved
            } else {
                Resolution::Definition(method.clone())
            };
        }
        self.type_given(method, call_gives(method.symbol(), awaited))
    }

    /// The type of what a call of `method` gives, as its header tells it.
    fn type_given(&self, method: &DefRef, given: Option<Returned<'_>>) -> Resolution {
        match given {
            Some(Returned::Type(written)) => self.type_written_in(method, written),
            Some(Returned::OwnType) => self
                .enclosing_type_def(&method.file, u32::try_from(method.index).ok())
                .map_or(Resolution::Unresolved, Resolution::Definition),
            None => Resolution::Unresolved,
        }
    }

    /// The type a call of one of the overloads of `first`'s method gives when its
    /// arguments do not say which: the one they all return, when they agree.
    fn type_every_overload_returns(&self, first: &DefRef, awaited: bool) -> Resolution {
        let mut agreed: Option<Resolution> = None;
        for (index, _) in callers_see(first) {
            let overload = DefRef {
                file: first.file.clone(),
                index,
            };
            let ty = self.type_returned_by(&overload, awaited);
            let apart = agreed.as_ref().is_some_and(|a| !same_target(a, &ty));
            if matches!(ty, Resolution::Unresolved) || apart {
                return Resolution::Unresolved;
            }
            agreed = Some(ty);
        }
        agreed.unwrap_or(Resolution::Unresolved)
    }

    /// The one repository definition `call`, written where `r` stands, calls.
    pub(super) fn callee(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        call: &ReceiverCall<'_>,
    ) -> Option<DefRef> {
        match self.resolve_within(file, &call.as_reference(r)) {
            Resolution::Definition(method) => Some(method),
            _ => None,
        }
    }

    /// A type `written` in the header of `method` (what it returns, what a callback it
    /// takes receives), resolved there.
    pub(super) fn type_written_in(&self, method: &DefRef, written: &str) -> Resolution {
        let (tq, tn) = crate::facts::written_type(written, method.file.language.name);
        let Some(tn) = tn else {
            return Resolution::Unresolved;
        };
        let at = u32::try_from(method.index).ok();
        let found = self.resolve_declared_type(&method.file, at, &tn, tq.as_deref());
        if method.file.language.name != "rust" {
            return found;
        }
        let pointee = crate::facts::rust_pointee_type(written);
        let pointee = pointee.as_ref().map(|(q, n)| (q.as_deref(), n.as_str()));
        self.through_pointer(&method.file, at, pointee, found)
    }

    /// The type `ty` stands for when it is a C or C++ alias (`typedef std::set<R>
    /// Set;`, `using Set = std::set<R>;`), resolved where the alias is written,
    /// through aliases of aliases; `ty` itself otherwise.
    pub(super) fn unaliased(&self, ty: Resolution) -> Resolution {
        let mut ty = ty;
        for _ in 0..MAX_ALIAS_DEPTH {
            let Resolution::Definition(t) = &ty else {
                return ty;
            };
            let Some(written) = aliased_type(t.symbol()) else {
                return ty;
            };
            let next = self.type_written_in(t, written);
            if matches!(&next, Resolution::Definition(n) if n.same_as(t)) {
                return Resolution::Unresolved;
            }
            ty = next;
        }
        Resolution::Unresolved
    }

    /// Rust `impl T` and similar scopes stand for the type they name.
    pub(super) fn type_of_scope(&self, file: &Arc<FileFacts>, t: usize) -> DefRef {
        let d = &file.definitions[t];
        if d.kind == Kind::Scope {
            if let Some(real) = self.type_in_file(file, &d.qualified_name) {
                return real;
            }
        }
        DefRef {
            file: file.clone(),
            index: t,
        }
    }
}

/// Rust's standard traits that say what a type parameter's values can be, not what
/// they are: a bound of these names no methods a call on the value is taken for.
const RUST_MARKER_TRAITS: &[&str] = &[
    "Send",
    "Sync",
    "Sized",
    "Unpin",
    "Copy",
    "Clone",
    "Debug",
    "Default",
    "Eq",
    "PartialEq",
    "Ord",
    "PartialOrd",
    "Hash",
    "Display",
];

/// How many aliases of aliases [`Resolver::unaliased`] follows.
const MAX_ALIAS_DEPTH: usize = 4;

/// The type alias `s` is written to stand for, when its one-line declaration shows
/// it whole: `std::set<R, Less>` of C++'s `typedef std::set<R, Less> Set;` and of
/// `using Set = std::set<R, Less>;`, `Box` of Go's `type Alias = Box`, `Map<Id, El>`
/// of TypeScript's `type ElementsMap = Map<Id, El>` (over several lines too). Not a
/// function type's (`typedef void (*Fn)(int);`), nor, elsewhere, one written over
/// several lines.
fn aliased_type(s: &Symbol) -> Option<&str> {
    if s.kind != Kind::Type {
        return None;
    }
    let aliased = match s.language {
        "c" | "cpp" => {
            let body = s.signature.trim().strip_suffix(';')?.trim_end();
            match body.strip_prefix("using ") {
                Some(rest) => {
                    let (name, aliased) = rest.split_once('=')?;
                    (name.trim() == s.name).then_some(aliased)?
                }
                None => body
                    .strip_prefix("typedef ")?
                    .strip_suffix(s.name.as_str())?,
            }
        }
        "go" => go_alias_target(s)?,
        "rust" => rust_alias_target(s)?.1,
        "typescript" | "tsx" => {
            let one = typescript_annotation(aliased_type_text(s)?);
            plain_typescript_type(one).then_some(one)?
        }
        _ => return None,
    };
    let aliased = aliased.trim();
    (!aliased.is_empty() && !aliased.contains(['(', '{'])).then_some(aliased)
}

/// TypeScript's global generic types that compute a type from their arguments: a
/// value of one has the members of the type computed (a function's result, a
/// record's entries), which are not the global's.
const TYPESCRIPT_TYPE_OPERATORS: &[&str] = &[
    "Awaited",
    "Capitalize",
    "ConstructorParameters",
    "Exclude",
    "Extract",
    "InstanceType",
    "Lowercase",
    "NoInfer",
    "Omit",
    "OmitThisParameter",
    "Parameters",
    "Pick",
    "Record",
    "ReturnType",
    "ThisParameterType",
    "ThisType",
    "Uncapitalize",
    "Uppercase",
];

/// Whether TypeScript type `written` names one type, perhaps with type arguments or as
/// an array (`Map<Id, Element>`, `ns.Options`, `readonly Item[]`): not a union, an
/// intersection, a conditional, mapped, indexed or literal type, nor an operator's
/// (`keyof T`, `typeof x`), whose members no one type gives.
fn plain_typescript_type(written: &str) -> bool {
    let written = written.trim();
    // `readonly` marks only an array.
    let mut t = written
        .strip_prefix("readonly ")
        .filter(|array| array.ends_with("[]"))
        .unwrap_or(written);
    while let Some(element) = t.strip_suffix("[]") {
        t = element.trim_end();
    }
    let (head, arguments) = match t.split_once('<') {
        Some((head, rest)) => (head, Some(rest)),
        None => (t, None),
    };
    let named = !head.is_empty()
        && !head.starts_with(|c: char| c.is_ascii_digit())
        && head
            .bytes()
            .all(|b| is_word_byte(b) || b == b'.' || b == b'$');
    let closed = arguments.is_none_or(|rest| {
        rest.strip_suffix('>')
            .is_some_and(|inside| split_top_level(inside, b',', b"<([{", b">)]}").1)
    });
    let operator = TYPESCRIPT_TYPE_OPERATORS.contains(&head.trim());
    named && closed && !operator
}

/// What follows the name of Go type `s` in its one-line spec, up to a comment: `
/// []Set` of `type Heap []Set` (or `Heap []Set` in a group), ` = Box` of `type Alias
/// = Box`, `[T any] []T` of a generic type.
pub(super) fn go_type_spec(s: &Symbol) -> Option<&str> {
    let line = s.signature.trim();
    let spec = line.strip_prefix("type ").unwrap_or(line).trim_start();
    let rest = spec.strip_prefix(s.name.as_str())?;
    Some(rest.split("//").next().unwrap_or(rest))
}

/// The type parameters and the target of Rust alias `s`, when its one-line declaration
/// shows them: `T, E = Error` and `std::result::Result<T, E>` of `pub type Result<T, E
/// = Error> = std::result::Result<T, E>;`.
fn rust_alias_target(s: &Symbol) -> Option<(&str, &str)> {
    let line = s.signature.trim();
    let at = name_followed_by(line, "type", |after| after.starts_with(s.name.as_str()))?;
    let rest = line[at + "type".len()..]
        .trim_start()
        .strip_prefix(s.name.as_str())?;
    let parameters = type_parameter_list(rest.trim_start()).unwrap_or("");
    let rest = after_type_parameters(rest.trim_start())?.trim_start();
    let target = rest.strip_prefix('=')?.trim().strip_suffix(';')?.trim();
    Some((parameters, target))
}

/// What a value of Rust type `written` holds when unwrapped, where `written` names
/// (in `method`'s file) an alias of the tree for a `Result` or `Option` that passes
/// its first type parameter on as what it holds: `ArgMatches` of `ClapResult<ArgMatches>`
/// with `type Result<T, E = Error> = std::result::Result<T, E>;` imported as
/// `ClapResult`. `wraps` tells whether the target's name (`StdResult` of `use std::result::Result as
/// StdResult;`) is the standard `Result` or `Option`.
fn alias_held<'w>(
    alias: &Symbol,
    written: &'w str,
    wraps: impl Fn(&str) -> bool,
) -> Option<&'w str> {
    let (parameters, target) = rust_alias_target(alias)?;
    let first_parameter = parameters.split([',', ':', '=']).next()?.trim();
    let (wrapper, passed) = generic_head(target)?;
    if !(matches!(wrapper, "Result" | "Option") || wraps(wrapper))
        || first_parameter.is_empty()
        || passed != first_parameter
    {
        return None;
    }
    generic_head(written).map(|(_, held)| held)
}

/// What Go alias `s` (`type Alias = Box`) is written to stand for; `None` for a type
/// it defines (`type Pairs []string`).
fn go_alias_target(s: &Symbol) -> Option<&str> {
    go_type_spec(s)?.trim_start().strip_prefix('=')
}

/// Whether `s` is a type Go code defines from another (`type Pairs []string`, `type
/// Count int`, `type Handler func()`): it has the methods declared on it, and none of
/// the type it is made from.
pub(super) fn go_defined_type(s: &Symbol) -> bool {
    s.language == "go" && s.kind == Kind::Type && go_alias_target(s).is_none()
}
