//! The definition spec of every language, referenced from its registry entry
//! ([`super::table`]).
//!
//! Node kinds are those of the grammar versions pinned in `Cargo.lock` (each crate's
//! `src/node-types.json` and `queries/tags.scm`). Rules are tried in order, so a
//! specific rule (a Go `type_spec` whose type is a struct) precedes the general one.

use super::spec::{Declares, Def, Globals, Name, SymbolSpec, When};
use super::Kind::*;

const NAME: Name = Name::Field("name");

/// C's keywords that error recovery can mistake for the name of a function definition
/// (a statement, or the type of `API void (name)(..)` after an unknown macro) or of a
/// use (`va_arg(ap, void *)`), followed by `$extra` words.
macro_rules! c_keywords {
    ($($extra:literal),*) => {
        &[
            "if", "else", "while", "for", "do", "switch", "case", "return", "sizeof", "goto",
            "void", "char", "short", "int", "long", "float", "double", "signed", "unsigned",
            "const", "volatile", "struct", "union", "enum", $($extra),*
        ]
    };
}

const C_RESERVED_WORDS: &[&str] = c_keywords!();

/// C's, and the C++ keywords written like calls (`static_cast<int>(x)`,
/// `decltype(x)`, `static_assert(..)`), which the grammar may read as names.
const CPP_RESERVED_WORDS: &[&str] = c_keywords!(
    "static_cast",
    "dynamic_cast",
    "reinterpret_cast",
    "const_cast",
    "decltype",
    "typeid",
    "alignof",
    "noexcept",
    "static_assert",
    "new",
    "delete",
    "throw"
);

/// Values that make a variable a function (`const f = () => {}`).
const JS_FUNCTION_VALUES: &[&str] = &[
    "arrow_function",
    "function_expression",
    "function",
    "generator_function",
];

/// A C or C++ variable of the file or a namespace (`int count;`, `static struct
/// server srv;`, `int (*hook)(int);`), also in a branch of an `#if` or an `extern
/// "C"` block; an `extern` one is declared here and defined elsewhere, as a
/// prototype declares a function.
const C_VARIABLE: Def = Def::new("declaration", Variable, Name::Declarator(Declares::Data))
    .several()
    .when(When::Global(&Globals {
        within: &[
            "translation_unit",
            "preproc_if",
            "preproc_ifdef",
            "preproc_else",
            "preproc_elif",
            "preproc_elifdef",
            "linkage_specification",
            "declaration_list",
            "namespace_definition",
        ],
        unless: &["extern"],
        unless_child: &[],
        value: &[],
        copies: &[],
    }));

/// A variable of a JavaScript or TypeScript module (`const cache = new Map()`).
const JS_VARIABLE: Def =
    Def::new("variable_declarator", Variable, NAME).when(When::Global(&Globals {
        within: &[
            "program",
            "export_statement",
            "lexical_declaration",
            "variable_declaration",
        ],
        unless: &[],
        unless_child: &[],
        value: &["@value"],
        copies: &[],
    }));

pub static BASH: SymbolSpec = SymbolSpec::new(&[Def::new("function_definition", Function, NAME)]);

pub static C: SymbolSpec = SymbolSpec::new(&[
    Def::new(
        "function_definition",
        Function,
        Name::Declarator(Declares::Function),
    ),
    Def::new("struct_specifier", Struct, NAME).when(When::HasField("body")),
    Def::new("union_specifier", Struct, NAME).when(When::HasField("body")),
    Def::new("enum_specifier", Enum, NAME).when(When::HasField("body")),
    Def::new(
        "type_definition",
        Type,
        Name::Declarator(Declares::Anything),
    ),
    Def::new("preproc_def", Macro, NAME),
    Def::new("preproc_function_def", Macro, NAME),
    C_VARIABLE,
])
// Argument, parameter and initializer lists hold no definitions (and dominate
// generated tables such as parser.c).
.opaque(&["argument_list", "parameter_list", "initializer_list"])
.reserved(C_RESERVED_WORDS);

pub static CPP: SymbolSpec = SymbolSpec::new(&[
    Def::new(
        "function_definition",
        Function,
        Name::Declarator(Declares::Function),
    ),
    // Member functions declared in a class body.
    Def::new(
        "field_declaration",
        Method,
        Name::Declarator(Declares::Function),
    ),
    Def::new("class_specifier", Class, NAME).when(When::HasField("body")),
    Def::new("struct_specifier", Struct, NAME).when(When::HasField("body")),
    Def::new("union_specifier", Struct, NAME).when(When::HasField("body")),
    Def::new("enum_specifier", Enum, NAME).when(When::HasField("body")),
    Def::new("namespace_definition", Namespace, NAME).when(When::HasField("name")),
    Def::new(
        "type_definition",
        Type,
        Name::Declarator(Declares::Anything),
    ),
    Def::new("alias_declaration", Type, NAME),
    Def::new("concept_definition", Type, NAME),
    Def::new("preproc_def", Macro, NAME),
    Def::new("preproc_function_def", Macro, NAME),
    C_VARIABLE,
])
.wrappers(&["template_declaration"])
.opaque(&["argument_list", "parameter_list", "initializer_list"])
.reserved(CPP_RESERVED_WORDS);

pub static CSHARP: SymbolSpec = SymbolSpec::new(&[
    Def::new("class_declaration", Class, NAME),
    Def::new("struct_declaration", Struct, NAME),
    Def::new("record_declaration", Class, NAME),
    Def::new("interface_declaration", Interface, NAME),
    Def::new("enum_declaration", Enum, NAME),
    Def::new("delegate_declaration", Type, NAME),
    Def::new("namespace_declaration", Namespace, NAME),
    Def::new("file_scoped_namespace_declaration", Namespace, NAME),
    Def::new("method_declaration", Method, NAME),
    Def::new("constructor_declaration", Method, NAME),
    Def::new("destructor_declaration", Method, NAME),
    Def::new("local_function_statement", Function, NAME),
    Def::new("property_declaration", Method, NAME),
    Def::new(
        "field_declaration",
        Constant,
        Name::Path(&["variable_declaration", "variable_declarator", "@name"]),
    )
    .when(When::HeadWords(&["const"])),
])
.doc_skip(&["attribute_list"]);

pub static CSS: SymbolSpec = SymbolSpec::new(&[
    Def::new("rule_set", Selector, Name::Path(&["selectors"])),
    Def::new(
        "keyframes_statement",
        Selector,
        Name::Path(&["keyframes_name"]),
    ),
])
.verbatim_names();

pub static GO: SymbolSpec = SymbolSpec::new(&[
    Def::new("function_declaration", Function, NAME),
    Def::new("method_declaration", Method, Name::GoMethod),
    Def::new("type_spec", Struct, NAME).when(When::FieldKind("type", &["struct_type"])),
    Def::new("type_spec", Interface, NAME).when(When::FieldKind("type", &["interface_type"])),
    Def::new("type_spec", Type, NAME),
    Def::new("type_alias", Type, NAME),
    // Interface methods (`Iface.Method`); embedded interfaces and struct fields are not
    // definitions.
    Def::new("method_elem", Method, NAME),
    Def::new("const_spec", Constant, NAME).several(),
    Def::new("var_spec", Variable, NAME)
        .several()
        .when(When::Global(&Globals {
            within: &["source_file", "var_declaration", "var_spec_list"],
            unless: &[],
            unless_child: &[],
            value: &["@value"],
            copies: &[],
        })),
])
.wrappers(&[
    "type_declaration",
    "const_declaration",
    "var_declaration",
    "var_spec_list",
])
// `_`, the blank identifier (`var _ Iface = (*T)(nil)`), names nothing.
.reserved(&["_"])
.package("package_clause");

pub static GROOVY: SymbolSpec = SymbolSpec::new(&[
    Def::new(
        "class_definition",
        Class,
        Name::AfterKeyword(&["class", "interface", "enum", "trait"]),
    )
    .keywords(&[("interface", Interface), ("enum", Enum), ("trait", Trait)]),
    Def::new("function_definition", Function, Name::Field("function")),
    Def::new("function_declaration", Function, Name::Field("function")),
    Def::new("declaration", Constant, NAME).when(When::HeadWords(&["static", "final"])),
])
.doc_skip(&["annotation"]);

pub static HCL: SymbolSpec = SymbolSpec::new(&[
    // Nested blocks (`lifecycle`, `ingress`) are settings, not definitions.
    Def::new("block", Block, Name::HclBlock).when(When::TopLevel),
])
.verbatim_names();

pub static HTML: SymbolSpec =
    SymbolSpec::new(&[Def::new("element", Element, Name::MarkupId)]).verbatim_names();

pub static JAVA: SymbolSpec = SymbolSpec::new(&[
    Def::new("class_declaration", Class, NAME),
    Def::new("record_declaration", Class, NAME),
    Def::new("interface_declaration", Interface, NAME),
    Def::new("annotation_type_declaration", Interface, NAME),
    // `@interface A { String value(); }`: elements are methods.
    Def::new("annotation_type_element_declaration", Method, NAME),
    Def::new("enum_declaration", Enum, NAME),
    Def::new("method_declaration", Method, NAME),
    Def::new("constructor_declaration", Method, NAME),
    Def::new("compact_constructor_declaration", Method, NAME),
    Def::new(
        "field_declaration",
        Constant,
        Name::Path(&["@declarator", "@name"]),
    )
    .when(When::HeadWords(&["static", "final"])),
    // Fields of interfaces and annotation types are constants whatever their modifiers.
    Def::new(
        "constant_declaration",
        Constant,
        Name::Path(&["@declarator", "@name"]),
    ),
])
// Imports, modifiers, parameters and type expressions hold no definitions.
.opaque(&[
    "package_declaration",
    "import_declaration",
    "modifiers",
    "formal_parameters",
    "type_parameters",
    "type_arguments",
    "superclass",
    "super_interfaces",
    "extends_interfaces",
    "throws",
    "generic_type",
    "scoped_type_identifier",
    "array_type",
])
// Inside a definition, only a local type or an anonymous class can define anything:
// bodies, statements and initialisers without those words are not walked.
.bodies(
    &[
        "block",
        "constructor_body",
        "expression_statement",
        "local_variable_declaration",
        "return_statement",
        "if_statement",
        "variable_declarator",
        "argument_list",
    ],
    &["class", "interface", "enum", "record", "new"],
);

pub static JAVASCRIPT: SymbolSpec = SymbolSpec::new(&[
    Def::new("function_declaration", Function, NAME),
    Def::new("generator_function_declaration", Function, NAME),
    Def::new("class_declaration", Class, NAME),
    Def::new("method_definition", Method, NAME),
    Def::new("variable_declarator", Function, NAME)
        .when(When::FieldKind("value", JS_FUNCTION_VALUES)),
    Def::new("field_definition", Method, Name::Field("property"))
        .when(When::FieldKind("value", JS_FUNCTION_VALUES)),
    Def::new("variable_declarator", Constant, NAME).when(When::TopLevelUpper),
    JS_VARIABLE,
])
.wrappers(&[
    "export_statement",
    "lexical_declaration",
    "variable_declaration",
]);

pub static JSON: SymbolSpec =
    SymbolSpec::new(&[
        Def::new("pair", Key, Name::Path(&["@key", "string_content"])).when(When::TopLevel),
    ])
    .verbatim_names();

pub static KOTLIN: SymbolSpec = SymbolSpec::new(&[
    Def::new("class_declaration", Class, NAME)
        .keywords(&[("interface", Interface), ("enum", Enum)]),
    Def::new("object_declaration", Class, NAME),
    Def::new("function_declaration", Function, NAME),
    Def::new("type_alias", Type, Name::Field("type")),
    Def::new(
        "property_declaration",
        Constant,
        Name::Path(&["variable_declaration", "identifier"]),
    )
    .when(When::HeadWords(&["const"])),
    // A top-level `val`/`var` of the package, not an extension property.
    Def::new(
        "property_declaration",
        Variable,
        Name::Path(&["variable_declaration", "identifier"]),
    )
    .when(When::Global(&Globals {
        within: &["source_file"],
        unless: &[],
        unless_child: &["user_type", "nullable_type"],
        value: &[],
        copies: &[],
    })),
])
.doc_skip(&["annotation"])
.recover_in_error()
// A keyword the grammar reads as a name after `::` (`Foo::class`, a class literal).
.reserved(&["class"]);

pub static LUA: SymbolSpec = SymbolSpec::new(&[
    Def::new("function_declaration", Function, NAME),
    // A chunk's `local cache = {}` (not `local ngx = ngx`, a copy of a global, nor a
    // module `require` loads).
    Def::new(
        "variable_declaration",
        Variable,
        Name::Path(&["assignment_statement", "variable_list", "@name"]),
    )
    .when(When::Global(&Globals {
        within: &["chunk"],
        unless: &[],
        unless_child: &[],
        value: &["assignment_statement", "expression_list", "@value"],
        copies: &["identifier", "dot_index_expression"],
    })),
]);

pub static MARKDOWN: SymbolSpec = SymbolSpec::new(&[
    Def::new(
        "section",
        Heading,
        Name::Path(&["atx_heading", "@heading_content"]),
    ),
    Def::new(
        "section",
        Heading,
        Name::Path(&["setext_heading", "@heading_content"]),
    ),
])
.verbatim_names();

pub static PHP: SymbolSpec = SymbolSpec::new(&[
    Def::new("function_definition", Function, NAME),
    Def::new("class_declaration", Class, NAME),
    Def::new("interface_declaration", Interface, NAME),
    Def::new("trait_declaration", Trait, NAME),
    Def::new("enum_declaration", Enum, NAME),
    Def::new("method_declaration", Method, NAME),
    Def::new("namespace_definition", Namespace, NAME).when(When::HasField("name")),
    Def::new("const_element", Constant, Name::Path(&["name"])),
])
.doc_skip(&["attribute_list"]);

/// The generics a Python type alias subscripts (`typing`'s and the builtins').
/// What Python calls to make a type variable or a distinct type.
const PYTHON_TYPE_MAKERS: &[&str] = &["TypeVar", "ParamSpec", "TypeVarTuple", "NewType"];

const PYTHON_GENERICS: &[&str] = &[
    "Union",
    "Optional",
    "Callable",
    "Literal",
    "Annotated",
    "Dict",
    "List",
    "Tuple",
    "Set",
    "FrozenSet",
    "Type",
    "Iterable",
    "Iterator",
    "Sequence",
    "Mapping",
    "MutableMapping",
    "Generator",
    "Awaitable",
    "Coroutine",
    "dict",
    "list",
    "tuple",
    "set",
    "frozenset",
    "type",
];

pub static PYTHON: SymbolSpec = SymbolSpec::new(&[
    Def::new("function_definition", Function, NAME),
    Def::new("class_definition", Class, NAME),
    // `key = lambda x: x[0]` names a function, as ctags reports it (not a lambda
    // set on an object's attribute, `obj.to_language = lambda: None`).
    Def::new("assignment", Function, Name::Field("left")).when(When::FieldKinds(&[
        ("left", &["identifier"]),
        ("right", &["lambda"]),
    ])),
    // `T = TypeVar("T")`, `UserId = NewType("UserId", int)`: types, however named.
    Def::new("assignment", Type, Name::Field("left"))
        .when(When::TopLevelMadeBy("right", PYTHON_TYPE_MAKERS)),
    Def::new("assignment", Constant, Name::Field("left")).when(When::TopLevelUpper),
    // `RenderableType = Union[str, Text]`, `Style: TypeAlias = ..`, `type Pair = ..`.
    Def::new("assignment", Type, Name::Field("left"))
        .when(When::TopLevelAlias("right", PYTHON_GENERICS)),
    Def::new("type_alias_statement", Type, Name::Field("left")),
    // A module's variable, also one set in a branch of an `if` or a `try` at its top
    // level (not a loop's).
    Def::new("assignment", Variable, Name::Field("left")).when(When::Global(&Globals {
        within: &[
            "module",
            "expression_statement",
            "block",
            "if_statement",
            "elif_clause",
            "else_clause",
            "try_statement",
            "except_clause",
            "finally_clause",
            "with_statement",
        ],
        unless: &[],
        unless_child: &[],
        value: &["@right"],
        copies: &[],
    })),
])
.wrappers(&["decorated_definition", "expression_statement"])
.docstrings()
// A `def` or `class` is a statement: no expression can hold one (lambdas are not
// definitions). Skipping expressions roughly halves the nodes walked.
.opaque(&[
    "call",
    "argument_list",
    "attribute",
    "subscript",
    "binary_operator",
    "comparison_operator",
    "boolean_operator",
    "not_operator",
    "unary_operator",
    "conditional_expression",
    "parenthesized_expression",
    "list",
    "tuple",
    "set",
    "dictionary",
    "list_comprehension",
    "set_comprehension",
    "dictionary_comprehension",
    "generator_expression",
    "lambda",
    "keyword_argument",
    "await",
    "string",
    "concatenated_string",
])
.bodies(&["block"], &["def", "class", "lambda"]);

pub static RUBY: SymbolSpec = SymbolSpec::new(&[
    Def::new("method", Function, NAME),
    Def::new("singleton_method", Method, NAME),
    Def::new("class", Class, NAME),
    Def::new("module", Module, NAME),
    // `VERSION = '4.2.1'`: a name written capitalised is a constant (`Foo::BAR = 1`
    // assigns one of another module, defined where that module is).
    Def::new("assignment", Constant, Name::Field("left"))
        .when(When::FieldKind("left", &["constant"])),
]);

pub static RUST: SymbolSpec = SymbolSpec::new(&[
    Def::new("function_item", Function, NAME),
    Def::new("function_signature_item", Function, NAME).bodiless(),
    Def::new("struct_item", Struct, NAME),
    Def::new("union_item", Struct, NAME),
    Def::new("enum_item", Enum, NAME),
    Def::new("enum_variant", Variant, NAME),
    Def::new("trait_item", Trait, NAME),
    Def::new("type_item", Type, NAME),
    // A trait's `type Error: Display;`, which `Self::Error` names in its methods.
    Def::new("associated_type", Type, NAME),
    Def::new("mod_item", Module, NAME),
    Def::new("const_item", Constant, NAME),
    Def::new("static_item", Constant, NAME),
    Def::new("macro_definition", Macro, NAME),
    // `impl Type` is not a symbol, but it qualifies its methods (`Type.method`).
    Def::new("impl_item", Scope, Name::Field("type")),
])
.doc_skip(&["attribute_item"])
// Macro bodies are raw tokens (no items are parsed inside); argument and parameter
// lists hold no items.
.opaque(&[
    "token_tree",
    "arguments",
    "parameters",
    "type_arguments",
    "use_declaration",
    "attribute_item",
])
// `_`, the placeholder (`Cow<'_, str>`, `let _ = ..`), names nothing.
.reserved(&["_"]);

pub static SCALA: SymbolSpec = SymbolSpec::new(&[
    Def::new("class_definition", Class, NAME),
    Def::new("object_definition", Class, NAME),
    Def::new("trait_definition", Trait, NAME),
    Def::new("enum_definition", Enum, NAME),
    Def::new("function_definition", Function, NAME),
    Def::new("function_declaration", Function, NAME),
    Def::new("type_definition", Type, NAME),
])
.doc_skip(&["annotation"]);

pub static SQL: SymbolSpec = SymbolSpec::new(&[
    Def::new("create_table", Table, Name::Path(&["object_reference"])),
    Def::new("create_view", View, Name::Path(&["object_reference"])),
    Def::new(
        "create_materialized_view",
        View,
        Name::Path(&["object_reference"]),
    ),
    Def::new(
        "create_function",
        Function,
        Name::Path(&["object_reference"]),
    ),
    Def::new("create_type", Type, Name::Path(&["object_reference"])),
    Def::new("create_schema", Namespace, Name::Path(&["identifier"])),
]);

pub static SWIFT: SymbolSpec = SymbolSpec::new(&[
    Def::new("class_declaration", Class, NAME).keywords(&[
        ("struct", Struct),
        ("enum", Enum),
        ("extension", Scope),
        ("actor", Class),
    ]),
    Def::new("protocol_declaration", Interface, NAME),
    Def::new("function_declaration", Function, NAME),
    Def::new("init_declaration", Method, NAME),
    Def::new("protocol_function_declaration", Method, NAME),
    Def::new("typealias_declaration", Type, NAME),
    // A protocol's `associatedtype Credential`: the type each conforming type names.
    Def::new("associatedtype_declaration", Type, NAME),
    // A top-level `let`/`var` of the module.
    Def::new(
        "property_declaration",
        Variable,
        Name::Path(&["@name", "@bound_identifier"]),
    )
    .when(When::Global(&Globals {
        within: &["source_file"],
        unless: &[],
        unless_child: &[],
        value: &["@value"],
        copies: &[],
    })),
])
.doc_skip(&["attribute"]);

pub static TOML: SymbolSpec = SymbolSpec::new(&[
    Def::new("table", Table, Name::Path(&["bare_key"])),
    Def::new("table", Table, Name::Path(&["dotted_key"])),
    Def::new("table", Table, Name::Path(&["quoted_key"])),
    Def::new("table_array_element", Table, Name::Path(&["bare_key"])),
    Def::new("table_array_element", Table, Name::Path(&["dotted_key"])),
    Def::new("pair", Key, Name::Path(&["bare_key"])).when(When::TopLevel),
])
.verbatim_names();

const TS_DEFS: &[Def] = &[
    Def::new("function_declaration", Function, NAME),
    Def::new("generator_function_declaration", Function, NAME),
    Def::new("function_signature", Function, NAME).bodiless(),
    Def::new("class_declaration", Class, NAME),
    Def::new("abstract_class_declaration", Class, NAME),
    Def::new("interface_declaration", Interface, NAME),
    Def::new("type_alias_declaration", Type, NAME),
    Def::new("enum_declaration", Enum, NAME),
    Def::new("internal_module", Namespace, NAME),
    Def::new("module", Module, NAME),
    Def::new("method_definition", Method, NAME),
    Def::new("method_signature", Method, NAME).bodiless(),
    Def::new("abstract_method_signature", Method, NAME).bodiless(),
    Def::new("variable_declarator", Function, NAME)
        .when(When::FieldKind("value", JS_FUNCTION_VALUES)),
    Def::new("public_field_definition", Method, NAME)
        .when(When::FieldKind("value", JS_FUNCTION_VALUES)),
    Def::new("variable_declarator", Constant, NAME).when(When::TopLevelUpper),
    JS_VARIABLE,
];

pub static TYPESCRIPT: SymbolSpec = SymbolSpec::new(TS_DEFS)
    .wrappers(&[
        "export_statement",
        "lexical_declaration",
        "variable_declaration",
    ])
    .doc_skip(&["decorator"]);

pub static TSX: SymbolSpec = SymbolSpec::new(TS_DEFS)
    .wrappers(&[
        "export_statement",
        "lexical_declaration",
        "variable_declaration",
    ])
    .doc_skip(&["decorator"]);

pub static XML: SymbolSpec =
    SymbolSpec::new(&[Def::new("element", Element, Name::MarkupId)]).verbatim_names();

pub static YAML: SymbolSpec = SymbolSpec::new(&[
    Def::new("block_mapping_pair", Key, Name::Field("key")).when(When::TopLevel),
    Def::new("flow_pair", Key, Name::Field("key")).when(When::TopLevel),
])
.verbatim_names();
