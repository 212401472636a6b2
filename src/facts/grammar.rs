//! Lookup tables for one grammar, built once per language: every node kind's name and
//! classes by kind id, every field's name by field id, and field ids by name.
//!
//! The facts walk looks at every node of every file. Asking tree-sitter for a kind's
//! or a field's name measures and validates a C string each time, finding a field by
//! name compares it with every field name of the grammar, and testing a kind against
//! the lists of the walk compares strings again. Tables indexed by id answer all three
//! with a load, which is a measurable share of building an index.

use rustc_hash::{FxHashMap, FxHashSet};
use tree_sitter::Node;

use crate::lang::{Language, PerLanguage};

/// What the walk needs to know about a node kind, as bits.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Class(u32);

impl Class {
    pub const IDENTIFIER: Class = Class(1);
    pub const INTERPOLATION: Class = Class(1 << 1);
    pub const STRING: Class = Class(1 << 2);
    pub const COMMENT: Class = Class(1 << 3);
    pub const IMPORT: Class = Class(1 << 4);
    pub const PACKAGE_DECL: Class = Class(1 << 5);
    pub const CALL: Class = Class(1 << 6);
    pub const PARAMETER: Class = Class(1 << 7);
    pub const PARAMETER_LIST: Class = Class(1 << 8);
    pub const VARIABLE: Class = Class(1 << 9);
    pub const ANNOTATION: Class = Class(1 << 10);
    pub const INHERITANCE: Class = Class(1 << 11);
    pub const TYPE_CONTAINER: Class = Class(1 << 12);
    pub const KEYED: Class = Class(1 << 13);
    pub const QUALIFIED_NAME: Class = Class(1 << 14);
    pub const CALLEE_WRAPPER: Class = Class(1 << 15);
    /// A block or a `*_body`: where the ancestors stop mattering to a reference.
    pub const BODY: Class = Class(1 << 16);
    /// The type arguments of a generic type (`<Arg>` in `extends Base<Arg>`).
    pub const TYPE_ARGUMENTS: Class = Class(1 << 17);
    /// A pattern that declares a variable of a type (`x instanceof Foo foo`).
    pub const TYPE_PATTERN: Class = Class(1 << 18);

    pub fn has(self, c: Class) -> bool {
        self.0 & c.0 != 0
    }
}

/// The kinds of every grammar that give a class.
const BY_CLASS: &[(Class, &[&str])] = &[
    (Class::IDENTIFIER, IDENTIFIERS),
    (Class::INTERPOLATION, INTERPOLATIONS),
    (Class::PACKAGE_DECL, PACKAGE_DECLS),
    (Class::PARAMETER, PARAMETERS),
    (Class::PARAMETER_LIST, PARAMETER_LISTS),
    (Class::VARIABLE, VARIABLES),
    (Class::ANNOTATION, ANNOTATIONS),
    (Class::INHERITANCE, INHERITANCE),
    (Class::TYPE_ARGUMENTS, TYPE_ARGUMENTS),
    (Class::TYPE_CONTAINER, TYPE_CONTAINERS),
    (Class::KEYED, KEYED),
    (Class::QUALIFIED_NAME, QUALIFIED_NAMES),
    (Class::CALLEE_WRAPPER, CALLEE_WRAPPERS),
    (Class::TYPE_PATTERN, TYPE_PATTERNS),
];

/// Patterns that declare a variable of a type: Java's `instanceof` and `case Foo foo`,
/// C#'s declaration and property patterns, Go's type switch (whose variable takes each
/// case's type in turn).
const TYPE_PATTERNS: &[&str] = &[
    "instanceof_expression",
    "type_pattern",
    "declaration_pattern",
    "recursive_pattern",
    "type_switch_statement",
];

/// Identifier node kinds across the grammars.
const IDENTIFIERS: &[&str] = &[
    "identifier",
    "type_identifier",
    "field_identifier",
    "property_identifier",
    "shorthand_property_identifier",
    "simple_identifier",
    "constant",
    "name",
    "namespace_identifier",
];

/// Nodes that only wrap a callee (`new Foo<T>()`, `(f)()`).
const CALLEE_WRAPPERS: &[&str] = &[
    "generic_type",
    "generic_name",
    "parenthesized_expression",
    "user_type",
    "type_identifier_with_arguments",
    "template_type",
    "template_function",
    "generic_function",
    // C's `(*fn)(x)`: a call through the pointer `fn`.
    "pointer_expression",
    "nullable_type",
];

/// Nodes inside a string that are code again (`${f()}`, `#{f}`, `{f()}`).
const INTERPOLATIONS: &[&str] = &[
    "template_substitution",
    "interpolation",
    "string_interpolation",
    "interpolated_expression",
    "line_str_text_interpolation",
    "multi_line_str_text_interpolation",
    "template_interpolation",
    // A shell string runs the commands of its `$(..)`.
    "command_substitution",
    "process_substitution",
];

/// Supertype lists in class headers.
const INHERITANCE: &[&str] = &[
    "superclass",
    "super_interfaces",
    "extends_interfaces",
    "extends_clause",
    "implements_clause",
    "class_heritage",
    "base_list",
    "base_class_clause",
    "delegation_specifier",
    "delegation_specifiers",
    "inheritance_specifier",
    "type_inheritance_clause",
    "base_clause",
    "class_interface_clause",
];

/// Type argument lists: a type named in one is used, never inherited from.
const TYPE_ARGUMENTS: &[&str] = &[
    "type_arguments",
    "type_argument_list",
    "template_argument_list",
];

/// Annotations, decorators and attributes.
const ANNOTATIONS: &[&str] = &[
    "annotation",
    "marker_annotation",
    "decorator",
    "attribute_item",
    "attribute_list",
];

/// Nodes whose subtree is a type (the identifiers in it are type uses).
const TYPE_CONTAINERS: &[&str] = &[
    "type",
    "user_type",
    "generic_type",
    "type_arguments",
    "type_annotation",
    "scoped_type_identifier",
    "nested_type_identifier",
    "qualified_type",
    "array_type",
    "pointer_type",
    "nullable_type",
    "type_list",
    "type_argument",
    "type_projection",
];

/// Nodes whose `name`/`key`/`field` child is a label, not a use (`f(key=1)`, `{key: 1}`,
/// Rust's `S { field: 1 }`).
const KEYED: &[&str] = &[
    "keyword_argument",
    "named_argument",
    "value_argument",
    "pair",
    "labeled_statement",
    "element_value_pair",
    "field_initializer",
    "shorthand_field_initializer",
    "argument",
];

/// Qualified names (`A::f`, `a.b`) that a definition may carry as its name.
const QUALIFIED_NAMES: &[&str] = &[
    "qualified_identifier",
    "scoped_identifier",
    "dotted_name",
    "qualified_name",
    "scoped_type_identifier",
    "nested_identifier",
    "destructor_name",
    "operator_name",
    // Lua's `function M.f()`, `function M:f()`.
    "dot_index_expression",
    "method_index_expression",
];

/// Package and namespace declarations: `name` is the file's package.
const PACKAGE_DECLS: &[&str] = &[
    "package_declaration",
    "package_clause",
    "package_header",
    "namespace_declaration",
    "file_scoped_namespace_declaration",
    "namespace_definition",
];

/// Declarations of parameters.
const PARAMETERS: &[&str] = &[
    "formal_parameter",
    "spread_parameter",
    "catch_formal_parameter",
    "parameter",
    "class_parameter",
    "parameter_declaration",
    "variadic_parameter_declaration",
    "required_parameter",
    "optional_parameter",
    "typed_parameter",
    "default_parameter",
    "typed_default_parameter",
    "simple_parameter",
    "variadic_parameter",
    "property_promotion_parameter",
    "lambda_parameter",
    // Ruby's `*rest`, `**opts`, `&blk` and `k:`.
    "splat_parameter",
    "hash_splat_parameter",
    "block_parameter",
    "keyword_parameter",
];

/// Parameter lists whose bare identifier children are parameters.
const PARAMETER_LISTS: &[&str] = &[
    "parameters",
    "lambda_parameters",
    "formal_parameters",
    "inferred_parameters",
    "method_parameters",
    "block_parameters",
    "closure_parameters",
    "function_value_parameters",
    // Ruby's `rescue Error => e`.
    "exception_variable",
];

/// Declarations of local variables (or fields, inside a type).
const VARIABLES: &[&str] = &[
    "local_variable_declaration",
    "variable_declarator",
    "short_var_declaration",
    "var_spec",
    "const_spec",
    "let_declaration",
    "property_declaration",
    "variable_declaration",
    "declaration",
    "assignment",
    "val_definition",
    "var_definition",
    "field_declaration",
    "public_field_definition",
    // JavaScript's class fields (`#cache = new Map();`).
    "field_definition",
    "property_signature",
    "enhanced_for_statement",
    "for_statement",
    "for_in_statement",
    "range_clause",
    "resource",
    "local_declaration_statement",
    "foreach_statement",
    "catch_declaration",
    "for_in_clause",
    "with_item",
    "except_clause",
];

/// The tables of one grammar.
pub(super) struct Grammar {
    /// The registry name of the language the tables are of.
    pub language: &'static str,
    kinds: Vec<Box<str>>,
    classes: Vec<Class>,
    /// By field id; index 0 (no field) is `None`.
    fields: Vec<Option<Box<str>>>,
    /// FxHash: looked up several times per node, and the keys are the grammar's own.
    field_ids: FxHashMap<Box<str>, u16>,
    /// The kind names the grammar has, to skip looking for a kind it cannot produce.
    kind_names: FxHashSet<Box<str>>,
}

impl Grammar {
    /// The tables of a registry language (built on first use).
    pub fn of(lang: &'static Language) -> &'static Grammar {
        static TABLES: PerLanguage<Grammar> = PerLanguage::new();
        // Invariant: every Language is an entry of the registry (nothing else builds
        // one), so one of them is this one.
        TABLES
            .get(lang, || Grammar::build(lang))
            .expect("a registry language")
    }

    fn build(lang: &'static Language) -> Grammar {
        let ts = lang.ts_language();
        let count = ts.node_kind_count();
        let mut kinds = Vec::with_capacity(count);
        let mut classes = Vec::with_capacity(count);
        for id in 0..count {
            let name = u16::try_from(id)
                .ok()
                .and_then(|id| ts.node_kind_for_id(id))
                .unwrap_or("");
            let mut class = Class::default();
            let mut add = |c: Class, on: bool| {
                if on {
                    class.0 |= c.0;
                }
            };
            for (c, names) in BY_CLASS {
                add(*c, names.contains(&name));
            }
            // Swift's `@discardableResult`, `@MainActor` (Python's `attribute` is `a.b`).
            add(
                Class::ANNOTATION,
                lang.name == "swift" && name == "attribute",
            );
            add(Class::STRING, lang.string_kinds.contains(&name));
            add(Class::COMMENT, lang.comment_kinds.contains(&name));
            add(Class::IMPORT, lang.import_kinds.contains(&name));
            add(Class::CALL, lang.call_kinds.contains(&name));
            add(Class::BODY, name.ends_with("_body") || name == "block");
            kinds.push(name.into());
            classes.push(class);
        }
        let field_count = ts.field_count();
        // Field ids start at 1; slot 0 stands for "no field".
        let fields: Vec<Option<Box<str>>> = (0..=field_count)
            .map(|id| {
                u16::try_from(id)
                    .ok()
                    .filter(|&id| id > 0)
                    .and_then(|id| ts.field_name_for_id(id))
                    .map(Box::from)
            })
            .collect();
        // A name given to two ids finds the first, as tree-sitter's lookup does.
        let mut field_ids = FxHashMap::default();
        for (id, name) in fields.iter().enumerate() {
            if let (Some(name), Ok(id)) = (name, u16::try_from(id)) {
                field_ids.entry(name.clone()).or_insert(id);
            }
        }
        let kind_names = kinds.iter().cloned().collect();
        Grammar {
            language: lang.name,
            kinds,
            classes,
            fields,
            field_ids,
            kind_names,
        }
    }

    /// The node's kind name (what `Node::kind` gives).
    pub fn kind(&'static self, n: Node<'_>) -> &'static str {
        match self.kinds.get(usize::from(n.kind_id())) {
            Some(k) => k,
            // The one built-in kind past the table.
            None if n.is_error() => "ERROR",
            None => "",
        }
    }

    /// Whether the grammar has a kind of this name.
    pub fn has_kind(&self, name: &str) -> bool {
        self.kind_names.contains(name)
    }

    /// The node's classes.
    pub fn class(&self, n: Node<'_>) -> Class {
        self.classes
            .get(usize::from(n.kind_id()))
            .copied()
            .unwrap_or_default()
    }

    /// The name of a field id (what `TreeCursor::field_name` gives).
    pub fn field_name(&'static self, id: Option<std::num::NonZeroU16>) -> Option<&'static str> {
        self.fields.get(usize::from(id?.get()))?.as_deref()
    }

    /// The child in field `name` (what `Node::child_by_field_name` gives).
    pub fn child<'t>(&self, n: Node<'t>, name: &str) -> Option<Node<'t>> {
        n.child_by_field_id(*self.field_ids.get(name)?)
    }

    /// The children in the first of `names` (fields, in order of preference) that has
    /// any, read in one pass over `n`'s children.
    pub fn children_in_first_field<'t>(&self, n: Node<'t>, names: &[&str]) -> Vec<Node<'t>> {
        let ids: Vec<Option<u16>> = names
            .iter()
            .map(|f| self.field_ids.get(*f).copied())
            .collect();
        // The preference of the field found so far, and its children.
        let mut best = usize::MAX;
        let mut found = Vec::new();
        let mut c = n.walk();
        if !c.goto_first_child() {
            return found;
        }
        loop {
            let rank = c
                .field_id()
                .and_then(|f| ids.iter().position(|&i| i == Some(f.get())));
            if let Some(rank) = rank.filter(|&r| r <= best) {
                if rank < best {
                    best = rank;
                    found.clear();
                }
                found.push(c.node());
            }
            if !c.goto_next_sibling() {
                return found;
            }
        }
    }
}
