//! Turning one syntax tree into symbols, driven by the language's [`SymbolSpec`].
//!
//! One pre-order walk with a tree cursor (iteration, not recursion: deeply nested code
//! cannot exhaust the stack). Open definitions are kept on an explicit stack of byte
//! ranges; a node that starts at or after the end of the innermost open definition
//! closes it. That stack gives each symbol its parent, its qualified name
//! (`Class.method`) and turns functions inside types into methods.
//!
//! Nodes inside ERROR nodes are visited like any others, so files that do not parse
//! cleanly still yield the symbols their tree holds.

use std::collections::HashMap;
use std::path::Path;

use aho_corasick::{AhoCorasick, MatchKind};
use tree_sitter::{Node, Tree, TreeCursor};

use super::{make_id, Kind, Symbol};
use crate::lang::preorder::{preorder, Step, Visit};
use crate::lang::spec::{parenthesizes_a_name, Declares, Def, Globals, Name, SymbolSpec, When};
use crate::lang::{Language, PerLanguage};

/// The longest name or signature kept (minified code can have absurd lines).
const MAX_TEXT: usize = 240;

/// The longest function or type header kept whole (see [`long_header`]).
const MAX_HEADER: usize = 1024;

/// The longest qualified name kept: deeper nesting keeps its innermost parts, so that
/// names (and the walk) stay linear in the file's size.
const MAX_QUALIFIED: usize = 1024;

/// A definition still open during the walk.
struct Open {
    end: usize,
    qualified: String,
    kind: Kind,
    /// Index in the output (None for scopes, which are not reported).
    index: Option<usize>,
}

/// Where a definition starts (its node) and ends: the node's end, except for a
/// recovered class whose end is a later sibling's.
struct Span<'t> {
    node: Node<'t>,
    end_byte: usize,
    end_line: usize,
}

impl<'t> Span<'t> {
    fn of(node: Node<'t>) -> Span<'t> {
        Span {
            node,
            end_byte: node.end_byte(),
            end_line: end_line(node),
        }
    }
}

/// A resolved name: the name, a qualifier written in the name itself (`A::f`), and
/// the node that carries it (for the signature line).
struct RawName<'t> {
    name: String,
    qualifier: Option<String>,
    /// Whether the qualifier was written with a member separator (`A::f`,
    /// `Stack:push`, a Go receiver): a function so qualified is a method.
    member: bool,
    anchor: Node<'t>,
}

/// The definition rules of one language indexed by node kind id.
struct Compiled {
    by_kind: Vec<Vec<usize>>,
    /// Kinds whose children are not walked (no definition can be inside).
    opaque: Vec<bool>,
    /// Kinds that belong to the definition after them (see [`leads`]).
    leading: Vec<bool>,
    /// Body kinds walked only when their text holds one of the spec's body words.
    body: Vec<bool>,
    /// Finds the body words.
    body_words: Option<AhoCorasick>,
}

impl Compiled {
    fn is_leading(&self, lang: &Language, n: Node<'_>, kind: u16) -> bool {
        match self.leading.get(usize::from(kind)) {
            Some(&leading) => leading,
            // `ERROR` and other built-in kinds past the table.
            None => leads(lang, n.kind()),
        }
    }
}

/// Whether nodes of `kind` belong to the definition after them: comments, and the
/// kinds the language skips when looking for a doc comment (attributes, annotations).
fn leads(lang: &Language, kind: &str) -> bool {
    lang.comment_kinds.contains(&kind) || lang.symbols.doc_skip.contains(&kind)
}

fn compiled(lang: &'static Language) -> Option<&'static Compiled> {
    static TABLE: PerLanguage<Compiled> = PerLanguage::new();
    // A Language built elsewhere than the registry has no rules.
    TABLE.get(lang, || compile(lang))
}

fn compile(lang: &Language) -> Compiled {
    let ts = lang.ts_language();
    let count = ts.node_kind_count();
    let mut by_kind = vec![Vec::new(); count];
    let mut opaque = vec![false; count];
    let mut leading = vec![false; count];
    let mut body = vec![false; count];
    // A kind name may have several ids (aliases): match every named id by name.
    for (id, slot) in by_kind.iter_mut().enumerate() {
        let Ok(id16) = u16::try_from(id) else { break };
        let Some(kind) = ts.node_kind_for_id(id16) else {
            continue;
        };
        leading[id] = leads(lang, kind);
        if !ts.node_kind_is_named(id16) {
            continue;
        }
        body[id] = lang.symbols.bodies.kinds.contains(&kind);
        for (i, def) in lang.symbols.defs.iter().enumerate() {
            if def.node == kind {
                slot.push(i);
            }
        }
        opaque[id] = slot.is_empty()
            && (lang.symbols.opaque.contains(&kind)
                || lang.comment_kinds.contains(&kind)
                || lang.string_kinds.contains(&kind));
    }
    let words = lang.symbols.bodies.words;
    Compiled {
        by_kind,
        opaque,
        leading,
        body,
        // Leftmost-first: the same matches as the standard kind for words none of
        // which contains another, and it lets the search use a vectorised prefilter
        // (this scan reads every byte of every file outlined).
        // Invariant: a handful of short literal words always builds an automaton.
        body_words: (!words.is_empty()).then(|| {
            AhoCorasick::builder()
                .match_kind(MatchKind::LeftmostFirst)
                .build(words)
                .expect("body words build an automaton")
        }),
    }
}

/// Where the words `finder` finds start, as whole words, in `text`, in order.
fn word_starts(finder: &AhoCorasick, text: &str) -> Vec<usize> {
    crate::source::whole_words(finder, text)
        .map(|m| m.start())
        .collect()
}

/// Whether one of `starts` (sorted) falls in `from..to`.
fn any_within(starts: &[usize], from: usize, to: usize) -> bool {
    let i = starts.partition_point(|&s| s < from);
    starts.get(i).is_some_and(|&s| s < to)
}

/// One level of the walk: the node the cursor is on at this depth, and the comments
/// and skipped siblings (attributes, annotations) right before it, nearest last.
///
/// Tree-sitter's `Node::parent` and `Node::prev_sibling` search down from the root on
/// every call, so asking them for each definition makes deeply nested files quadratic.
/// The walk keeps these instead: the enclosing nodes and the comment run above each are
/// known at the moment a definition is met.
struct Level<'t> {
    node: Node<'t>,
    /// Whether `node` is of a kind that belongs to the definition after it.
    node_leads: bool,
    leading: Vec<Node<'t>>,
    /// Whether `node` is its parent's first child.
    first: bool,
}

/// Line starts of a text, so that a row's line is found without scanning the text.
struct Lines<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Lines<'a> {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(p, _)| p + 1));
        Lines { text, starts }
    }

    /// The byte where a 0-based row starts.
    fn start(&self, row: usize) -> usize {
        self.starts
            .get(row)
            .copied()
            .unwrap_or(self.text.len())
            .min(self.text.len())
    }

    /// The text of a 0-based row, without its line break.
    fn line(&self, row: usize) -> &'a str {
        let start = self.start(row);
        let end = self
            .starts
            .get(row + 1)
            .map_or(self.text.len(), |next| next - 1)
            .max(start);
        self.text.get(start..end).unwrap_or("")
    }
}

/// Extracts the symbols of one parsed file. `path` is the path as printed.
pub fn extract(lang: &'static Language, path: &Path, text: &str, tree: &Tree) -> Vec<Symbol> {
    let spec = lang.symbols;
    if spec.defs.is_empty() {
        return Vec::new();
    }
    let Some(table) = compiled(lang) else {
        return Vec::new();
    };
    let lines = Lines::new(text);
    // One copy of the path, shared by every definition of the file.
    let shared: std::sync::Arc<Path> = path.into();
    let package = spec
        .package
        .and_then(|kind| package_name(tree.root_node(), kind, text));
    let mut out: Vec<Symbol> = Vec::new();
    let mut stack: Vec<Open> = Vec::new();
    let mut ids: HashMap<String, usize> = HashMap::new();
    let mut levels: Vec<Level<'_>> = Vec::new();
    // Where the body words are, found on the first body met.
    let mut body_words: Option<Vec<usize>> = None;
    // The variables found by a C/C++ declarator rule (see `drop_declared_functions`).
    let mut declared_data: Vec<usize> = Vec::new();
    preorder(&mut tree.walk(), |step, cursor, depth| {
        if step == Step::Leave {
            return Visit::Skip;
        }
        let node = cursor.node();
        let kind_id = node.kind_id();
        let leads = table.is_leading(lang, node, kind_id);
        // One level per depth down to this node: a deeper one belongs to the subtree
        // of an earlier sibling, and a level that exists already had a sibling before.
        levels.truncate(depth + 1);
        if levels.len() == depth {
            levels.push(Level {
                node,
                node_leads: leads,
                leading: Vec::new(),
                first: true,
            });
        } else {
            let level = &mut levels[depth];
            if level.node_leads {
                level.leading.push(level.node);
            } else {
                level.leading.clear();
            }
            level.node = node;
            level.node_leads = leads;
            level.first = false;
        }
        while stack.last().is_some_and(|top| node.start_byte() >= top.end) {
            stack.pop();
        }
        let defs = table
            .by_kind
            .get(usize::from(kind_id))
            .filter(|d| !d.is_empty());
        let found = if let Some(defs) = defs {
            match_defs(defs, spec, node, text, &stack)
        } else if spec.recover_in_error
            && !node.is_named()
            && levels.len() >= 2
            && levels[levels.len() - 2].node.is_error()
        {
            recover_class(cursor, text).map(|(kind, raw, span, bodiless)| Found {
                kind,
                raw,
                span,
                bodiless,
                more: Vec::new(),
                by_declarator: false,
            })
        } else {
            None
        };
        if let Some(Found {
            kind: def_kind,
            raw,
            span,
            bodiless,
            more,
            by_declarator,
        }) = found
        {
            let range = span.node;
            let parent = stack.last();
            let mut kind = def_kind;
            if kind == Kind::Function
                && (raw.member || parent.is_some_and(|p| p.kind.is_type_like()))
            {
                kind = Kind::Method;
            }
            let mut parts: Vec<&str> = Vec::new();
            if parent.is_none() {
                if let Some(p) = &package {
                    parts.push(p);
                }
            }
            if let Some(p) = parent {
                parts.push(&p.qualified);
            }
            if let Some(q) = &raw.qualifier {
                parts.push(q);
            }
            let qualified_as = |name: &str| {
                let mut all = parts.clone();
                all.push(name);
                bound_qualified(all.join("."))
            };
            let qualified = qualified_as(&raw.name);
            // A name assigned again (Python's `x = 1` .. `x = 2`, `f = wrap(f)` after
            // `def f`, a C variable in each branch of an `#if`) is defined where it is
            // first given.
            let assigned_again = |ids: &HashMap<String, usize>, qualified: &str| {
                kind == Kind::Variable
                    && [Kind::Variable, Kind::Function, Kind::Class]
                        .iter()
                        .any(|k| ids.contains_key(&make_id(path, qualified, *k)))
            };
            let again = assigned_again(&ids, &qualified);
            let index = if kind == Kind::Scope || again {
                None
            } else {
                let mut id = make_id(path, &qualified, kind);
                let seen = ids.entry(id.clone()).or_insert(0);
                if *seen > 0 {
                    id = format!("{id}~{seen}");
                }
                *seen += 1;
                let depth = outer_depth(&levels, spec, lang);
                let outer = &levels[depth];
                let above = leading(&levels[..=depth], spec, lang, &lines);
                let first = above.start.unwrap_or(outer.node);
                let first = if first.start_byte() <= range.start_byte() {
                    first
                } else {
                    range
                };
                let (start, row) = signature_start(outer.node, raw.anchor, &lines);
                let line = lines
                    .line(row)
                    .get(start - lines.start(row)..)
                    .unwrap_or("");
                out.push(Symbol {
                    id,
                    name: raw.name.clone(),
                    qualified_name: qualified.clone(),
                    kind,
                    language: lang.name,
                    path: shared.clone(),
                    start_line: first.start_position().row + 1,
                    line: raw.anchor.start_position().row + 1,
                    end_line: span.end_line,
                    start_byte: first.start_byte(),
                    end_byte: span.end_byte,
                    signature: truncate(line.trim()).to_string(),
                    long_header: (matches!(kind, Kind::Function | Kind::Method | Kind::Type)
                        || kind.is_type_like())
                    .then(|| long_header(range, (start, row), line, &lines))
                    .flatten(),
                    doc: doc_of(range, spec, above.comment, text),
                    parent: parent.and_then(|p| p.index),
                    name_byte: raw.anchor.start_byte(),
                    incomplete: kind.is_type_like() && members_may_be_lost(range),
                    bodiless,
                    type_level: lang.name == "ruby"
                        && ruby_type_level(node, line, levels[..depth].iter().map(|l| l.node)),
                });
                Some(out.len() - 1)
            };
            if by_declarator && kind == Kind::Variable {
                declared_data.extend(index);
            }
            // The other names of a declaration of several: each spans its own
            // declarator and shares the declaration's line as its signature.
            if let Some(first) = index.map(|i| out[i].clone()) {
                for more in more {
                    let qualified = qualified_as(&more.name);
                    let id = make_id(path, &qualified, kind);
                    if ids.contains_key(&id) || assigned_again(&ids, &qualified) {
                        continue;
                    }
                    ids.insert(id.clone(), 1);
                    let own = declarator_of(more.anchor, node);
                    out.push(Symbol {
                        id,
                        name: more.name,
                        qualified_name: qualified,
                        start_line: own.start_position().row + 1,
                        line: more.anchor.start_position().row + 1,
                        end_line: own.end_position().row + 1,
                        start_byte: own.start_byte(),
                        end_byte: own.end_byte(),
                        long_header: None,
                        doc: None,
                        name_byte: more.anchor.start_byte(),
                        ..first.clone()
                    });
                    if by_declarator && kind == Kind::Variable {
                        declared_data.push(out.len() - 1);
                    }
                }
            }
            // Aliases, constants, variables and macros hold no definitions; not opening
            // them keeps `typedef struct s {..} t;` from nesting the struct under the
            // typedef.
            if !kind.is_value() && !matches!(kind, Kind::Type | Kind::Macro) {
                stack.push(Open {
                    end: span.end_byte,
                    qualified,
                    kind,
                    index,
                });
            }
        }
        let at = usize::from(kind_id);
        let opaque = table.opaque.get(at).copied().unwrap_or(false)
            || (!stack.is_empty()
                && table.body.get(at).copied().unwrap_or(false)
                && table.body_words.as_ref().is_some_and(|finder| {
                    let starts = body_words.get_or_insert_with(|| word_starts(finder, text));
                    !any_within(starts, node.start_byte(), node.end_byte())
                }));
        if opaque {
            Visit::Skip
        } else {
            Visit::Children
        }
    });
    drop_declared_functions(out, &declared_data)
}

/// Whether Ruby method `node` (its signature line `line`, its ancestors `above`, the
/// root first) is the class's or module's own: `def self.x`, or written inside
/// `class << self`. The ancestors come from the walk: asking a node for its parent
/// searches from the root.
fn ruby_type_level<'t>(
    node: Node<'t>,
    line: &str,
    above: impl DoubleEndedIterator<Item = Node<'t>>,
) -> bool {
    if !matches!(node.kind(), "method" | "singleton_method") {
        return false;
    }
    if node.kind() == "singleton_method" || line.trim_start().starts_with("def self.") {
        return true;
    }
    above.rev().map(|n| n.kind()).find(|k| {
        matches!(
            *k,
            "singleton_class" | "class" | "module" | "method" | "singleton_method"
        )
    }) == Some("singleton_class")
}

/// `out` without the C/C++ "variables" of `declared` whose qualified name the file
/// defines as a function: C and C++ give one name in a scope to one thing, so such a
/// declaration declares the function, through a typedef of a function type
/// (`typedef void SearchImpl(State&); SearchImpl SearchDFA;` .. `void SearchDFA(State&
/// s) {..}`). Parents are renumbered; a variable is no one's parent.
fn drop_declared_functions(out: Vec<Symbol>, declared: &[usize]) -> Vec<Symbol> {
    if declared.is_empty() {
        return out;
    }
    let functions: std::collections::HashSet<&str> = out
        .iter()
        .filter(|s| s.kind == Kind::Function)
        .map(|s| s.qualified_name.as_str())
        .collect();
    let dropped: std::collections::HashSet<usize> = declared
        .iter()
        .copied()
        .filter(|&i| functions.contains(out[i].qualified_name.as_str()))
        .collect();
    if dropped.is_empty() {
        return out;
    }
    let mut new_index = vec![None; out.len()];
    let mut next = 0;
    for (i, slot) in new_index.iter_mut().enumerate() {
        if !dropped.contains(&i) {
            *slot = Some(next);
            next += 1;
        }
    }
    out.into_iter()
        .enumerate()
        .filter(|(i, _)| !dropped.contains(i))
        .map(|(_, mut s)| {
            s.parent = s.parent.and_then(|p| new_index[p]);
            s
        })
        .collect()
}

/// A qualified name cut to [`MAX_QUALIFIED`] bytes by dropping its outermost parts,
/// marked with a leading `…`.
fn bound_qualified(qualified: String) -> String {
    if qualified.len() <= MAX_QUALIFIED {
        return qualified;
    }
    let mut cut = qualified.len() - MAX_QUALIFIED;
    while !qualified.is_char_boundary(cut) {
        cut += 1;
    }
    // Cut at a part boundary when there is one; a single huge part is cut where it is.
    let tail = &qualified[cut..];
    let tail = tail.find('.').map_or(tail, |dot| &tail[dot..]);
    format!("…{}", tail.trim_start_matches('.'))
}

/// What a rule found at a node.
struct Found<'t> {
    kind: Kind,
    raw: RawName<'t>,
    span: Span<'t>,
    bodiless: bool,
    /// The other names a declaration of several gives the same kind (`b` of `static
    /// int a, b;`, of Go's `var a, b int`).
    more: Vec<RawName<'t>>,
    /// Found by a C/C++ declarator rule: a declaration whose type may be a typedef of
    /// a function type (`SearchImpl SearchDFA;`), which declares a function.
    by_declarator: bool,
}

/// The first rule among `defs` that matches `node`.
fn match_defs<'t>(
    defs: &[usize],
    spec: &SymbolSpec,
    node: Node<'t>,
    text: &str,
    stack: &[Open],
) -> Option<Found<'t>> {
    for &i in defs {
        let def: &Def = &spec.defs[i];
        let pre_ok = match def.when {
            When::HasField(f) => node.child_by_field_name(f).is_some(),
            When::FieldKind(f, kinds) => node
                .child_by_field_name(f)
                .is_some_and(|c| kinds.contains(&c.kind())),
            When::FieldKinds(fields) => fields.iter().all(|(f, kinds)| {
                node.child_by_field_name(f)
                    .is_some_and(|c| kinds.contains(&c.kind()))
            }),
            When::TopLevel | When::TopLevelUpper => stack.is_empty(),
            When::Global(_) => stack
                .iter()
                .all(|o| matches!(o.kind, Kind::Namespace | Kind::Module)),
            When::TopLevelAlias(field, generics) => {
                stack.is_empty() && holds_a_type(node, text, field, generics)
            }
            When::TopLevelMadeBy(field, callees) => {
                stack.is_empty() && made_by(node, text, field, callees)
            }
            When::Always | When::HeadWords(_) => true,
        };
        if !pre_ok {
            continue;
        }
        let Some(mut raw) = resolve_name(def.name, node, text, spec.dotted_names) else {
            continue;
        };
        let mut more = if def.several {
            other_names(def.name, node, text, spec)
        } else {
            Vec::new()
        };
        // Go's `var _, err = f()`: the first name that is one.
        if spec.reserved.contains(&raw.name.as_str()) {
            if more.is_empty() {
                continue;
            }
            raw = more.remove(0);
        }
        let head = text
            .get(node.start_byte()..raw.anchor.start_byte().max(node.start_byte()))
            .unwrap_or("");
        let post_ok = match def.when {
            When::TopLevelUpper => is_upper_identifier(&raw.name),
            // A private alias is named so too (`_AnyCallable`).
            When::TopLevelAlias(..) => {
                let public = raw.name.trim_start_matches('_');
                public.starts_with(|c: char| c.is_ascii_uppercase())
                    && !is_upper_identifier(public)
                    && raw.name.chars().all(|c| c.is_alphanumeric() || c == '_')
            }
            When::HeadWords(words) => words.iter().all(|w| has_word(head, w)),
            When::Global(globals) => {
                is_plain_identifier(&raw.name)
                    && !is_dunder(&raw.name)
                    && !globals.unless.iter().any(|w| has_word(head, w))
                    && !node.has_error()
                    && only_within(node, globals.within)
                    && !has_child_of(node, globals.unless_child)
                    && !imports_or_copies(node, text, globals)
            }
            _ => true,
        };
        if !post_ok {
            continue;
        }
        let kind = def
            .keywords
            .iter()
            .find(|(w, _)| has_word(head, w))
            .map_or(def.kind, |(_, k)| *k);
        return Some(Found {
            kind,
            raw,
            span: Span::of(node),
            bodiless: def.bodiless,
            more,
            by_declarator: matches!(def.name, Name::Declarator(_)),
        });
    }
    None
}

fn resolve_name<'t>(rule: Name, node: Node<'t>, text: &str, dotted: bool) -> Option<RawName<'t>> {
    let anchor = match rule {
        Name::Field(f) => node.child_by_field_name(f)?,
        Name::Path(steps) => follow_path(node, steps)?,
        Name::Declarator(declares) => declarator_name(node, declares)?,
        Name::GoMethod => return go_method_name(node, text),
        Name::HclBlock => return hcl_block_name(node, text),
        Name::MarkupId => return markup_id(node, text),
        Name::AfterKeyword(keywords) => after_keyword(node, keywords)?,
    };
    let raw = node_text(anchor, text);
    if dotted {
        split_dotted(raw, anchor)
    } else {
        let name = clean_verbatim(raw);
        (!name.is_empty()).then_some(RawName {
            name,
            qualifier: None,
            member: false,
            anchor,
        })
    }
}

fn follow_path<'t>(node: Node<'t>, steps: &[&str]) -> Option<Node<'t>> {
    let mut cur = node;
    for step in steps {
        cur = match step.strip_prefix('@') {
            Some(field) => cur.child_by_field_name(field)?,
            None => first_named_child_of_kind(cur, step)?,
        };
    }
    Some(cur)
}

fn first_named_child_of_kind<'t>(node: Node<'t>, kind: &str) -> Option<Node<'t>> {
    let mut c = node.walk();
    let found = node.named_children(&mut c).find(|n| n.kind() == kind);
    found
}

fn after_keyword<'t>(node: Node<'t>, keywords: &[&str]) -> Option<Node<'t>> {
    let mut c = node.walk();
    let mut children = node
        .children(&mut c)
        .skip_while(|n| n.is_named() || !keywords.contains(&n.kind()))
        .skip(1);
    let next = children.find(|n| n.is_named())?;
    match next.kind() {
        "identifier" => Some(next),
        _ if next.is_error() => {
            let mut c = next.walk();
            let first = next
                .named_children(&mut c)
                .find(|n| n.kind() == "identifier");
            first
        }
        _ => None,
    }
}

/// C/C++: the identifier under nested declarators, when they declare what is asked.
fn declarator_name(node: Node<'_>, declares: Declares) -> Option<Node<'_>> {
    declared_under(node.child_by_field_name("declarator")?, declares)
}

/// The plain names after the first that a declaration of several declares by `rule`
/// (the other declarators of a C declaration, `b` of `int a, *b;`; the other names in
/// a field, Go's `var a, b int`), but reserved ones (Go's `_`). None for any other
/// rule.
fn other_names<'t>(rule: Name, node: Node<'t>, text: &str, spec: &SymbolSpec) -> Vec<RawName<'t>> {
    let (field, declares) = match rule {
        Name::Declarator(declares) => ("declarator", Some(declares)),
        Name::Field(field) => (field, None),
        _ => return Vec::new(),
    };
    let mut c = node.walk();
    let others: Vec<Node<'t>> = node.children_by_field_name(field, &mut c).skip(1).collect();
    others
        .into_iter()
        .filter_map(|d| match declares {
            Some(declares) => declared_under(d, declares),
            None => Some(d),
        })
        .map(|anchor| RawName {
            name: clean_verbatim(node_text(anchor, text)),
            qualifier: None,
            member: false,
            anchor,
        })
        .filter(|r| {
            is_plain_identifier(&r.name)
                && !is_dunder(&r.name)
                && !spec.reserved.contains(&r.name.as_str())
        })
        .collect()
}

/// The child of `declaration` that holds `name` (the declarator `b = 2` of `int a = 1,
/// b = 2;`), or the name itself when it is one.
fn declarator_of<'t>(name: Node<'t>, declaration: Node<'t>) -> Node<'t> {
    let mut own = name;
    while let Some(up) = own.parent().filter(|up| *up != declaration) {
        own = up;
    }
    own
}

/// C/C++: the identifier under declarator `cur` (through pointer, array, function and
/// initialising declarators), when it declares what is asked.
fn declared_under(mut cur: Node<'_>, declares: Declares) -> Option<Node<'_>> {
    let mut saw_function = false;
    // Declarators nest a handful of levels in real code; the bound only guards against
    // pathological input.
    for _ in 0..64 {
        match cur.kind() {
            "identifier"
            | "field_identifier"
            | "type_identifier"
            | "qualified_identifier"
            | "operator_name"
            | "destructor_name"
            | "template_function"
            | "operator_cast"
            | "primitive_type" => {
                let taken = match declares {
                    Declares::Function => saw_function,
                    Declares::Anything => true,
                    Declares::Data => !saw_function && cur.kind() == "identifier",
                };
                return taken.then_some(cur);
            }
            "function_declarator" => {
                cur = cur.child_by_field_name("declarator")?;
                // `int (*cb)(int)`: the parameter list belongs to a pointed-to function
                // type, so what is inside the parentheses is a function only if it has
                // its own parameter list (`void *(*get(int))(int)`). Parentheses around
                // a bare name (`int (open)(void *)`, against a macro of the name)
                // change nothing.
                saw_function =
                    cur.kind() != "parenthesized_declarator" || parenthesizes_a_name(cur);
            }
            _ => {
                cur = match cur.child_by_field_name("declarator") {
                    Some(d) => d,
                    None => cur.named_child(0)?,
                };
            }
        }
    }
    None
}

fn go_method_name<'t>(node: Node<'t>, text: &str) -> Option<RawName<'t>> {
    let anchor = node.child_by_field_name("name")?;
    let receiver = node
        .child_by_field_name("receiver")
        .and_then(|r| r.named_child(0))
        .and_then(|p| p.child_by_field_name("type"))
        .map(|t| {
            let t = node_text(t, text).trim_start_matches(['*', ' ', '(']);
            t.split(['[', ')']).next().unwrap_or(t).trim().to_string()
        })
        .filter(|t| !t.is_empty());
    Some(RawName {
        name: node_text(anchor, text).to_string(),
        member: receiver.is_some(),
        qualifier: receiver,
        anchor,
    })
}

fn hcl_block_name<'t>(node: Node<'t>, text: &str) -> Option<RawName<'t>> {
    let mut c = node.walk();
    let mut block_type = None;
    let mut labels: Vec<String> = Vec::new();
    for child in node.named_children(&mut c) {
        match child.kind() {
            "identifier" if block_type.is_none() && labels.is_empty() => block_type = Some(child),
            "string_lit" => labels.push(node_text(child, text).trim_matches('"').to_string()),
            "identifier" => labels.push(node_text(child, text).to_string()),
            _ => break,
        }
    }
    let anchor = block_type?;
    let name = if labels.is_empty() {
        node_text(anchor, text).to_string()
    } else {
        labels.join(".")
    };
    Some(RawName {
        name,
        qualifier: None,
        member: false,
        anchor,
    })
}

/// HTML `<div id="main">` and XML `<bean id="x">`: the element named by its id.
fn markup_id<'t>(node: Node<'t>, text: &str) -> Option<RawName<'t>> {
    let tag = node.named_child(0)?;
    if !matches!(
        tag.kind(),
        "start_tag" | "self_closing_tag" | "STag" | "EmptyElemTag"
    ) {
        return None;
    }
    let mut c = tag.walk();
    for attr in tag.named_children(&mut c) {
        if !matches!(attr.kind(), "attribute" | "Attribute") {
            continue;
        }
        let Some(name) = attr.named_child(0) else {
            continue;
        };
        if !matches!(node_text(name, text), "id" | "xml:id") {
            continue;
        }
        let value = attr.named_child(1)?;
        let v = node_text(value, text).trim_matches(['"', '\'']).trim();
        if v.is_empty() {
            return None;
        }
        return Some(RawName {
            name: truncate(v).to_string(),
            qualifier: None,
            member: false,
            anchor: value,
        });
    }
    None
}

/// Whether the parser may have lost members of type definition `def`: it was
/// recovered from an error, its body is an error (the declaration parsed up to the
/// body alone), or an error stands among its members. (An error inside one member,
/// a parameter list it could not read, loses no other member.)
fn members_may_be_lost(def: Node<'_>) -> bool {
    if def.parent().is_some_and(|p| p.is_error())
        || def.next_sibling().is_some_and(|n| n.is_error())
    {
        return true;
    }
    if !def.has_error() {
        return false;
    }
    body_of(def).is_some_and(|b| {
        let mut c = b.walk();
        let lost = b.is_error() || b.children(&mut c).any(|n| n.is_error() || n.is_missing());
        lost
    })
}

/// The body of definition `def`: its `body` field, or else its child that is a body
/// though no field names it (Kotlin's `function_body` and `class_body`, C#'s
/// `declaration_list`).
fn body_of(def: Node<'_>) -> Option<Node<'_>> {
    def.child_by_field_name("body").or_else(|| {
        let mut c = def.walk();
        let found = def
            .named_children(&mut c)
            .find(|n| n.kind().ends_with("body") || n.kind() == "declaration_list");
        found
    })
}

/// A Kotlin class whose body did not parse: `class A { ... }` as an ERROR node's
/// children (the keyword, the name, `{`, members, `}`), recovered from the keyword the
/// cursor is on (the caller checks that its parent is an ERROR node).
fn recover_class<'t>(
    at: &TreeCursor<'t>,
    text: &str,
) -> Option<(Kind, RawName<'t>, Span<'t>, bool)> {
    let keyword = at.node();
    let kind = match keyword.kind() {
        "class" | "object" => Kind::Class,
        "interface" => Kind::Interface,
        _ => return None,
    };
    // A copy of the walk's cursor reaches the siblings without searching from the root.
    let mut cursor = at.clone();
    let name = loop {
        if !cursor.goto_next_sibling() {
            return None;
        }
        if cursor.node().is_named() {
            break cursor.node();
        }
    };
    if name.kind() != "identifier" {
        return None;
    }
    // The class ends at the brace that closes the first one opened after the name.
    let mut end = name;
    let mut depth = 0usize;
    while cursor.goto_next_sibling() {
        let s = cursor.node();
        match s.kind() {
            "{" => depth += 1,
            "}" if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    end = s;
                    break;
                }
            }
            _ => {}
        }
        end = s;
    }
    Some((
        kind,
        RawName {
            name: node_text(name, text).to_string(),
            qualifier: None,
            member: false,
            anchor: name,
        },
        Span {
            node: keyword,
            end_byte: end.end_byte(),
            end_line: end_line(end),
        },
        false,
    ))
}

fn package_name(root: Node<'_>, kind: &str, text: &str) -> Option<String> {
    let clause = first_named_child_of_kind(root, kind)?;
    let name = clause.named_child(0)?;
    Some(node_text(name, text).trim().to_string()).filter(|s| !s.is_empty())
}

/// Splits `A::B::f`, `Stack:push`, `schema.table`, `Foo<T>` into qualifier and name.
fn split_dotted<'t>(raw: &str, anchor: Node<'t>) -> Option<RawName<'t>> {
    let raw = raw.trim();
    // A quoted name (Kotlin's ``fun `my test name`()``) is one name, spaces and all.
    if let Some(quoted) = raw
        .strip_prefix('`')
        .and_then(|r| r.strip_suffix('`'))
        .filter(|q| !q.is_empty() && !q.contains('`'))
    {
        return Some(RawName {
            name: truncate(quoted).to_string(),
            qualifier: None,
            member: false,
            anchor,
        });
    }
    // Ruby's operator methods (`def [](k)`, `def []=(k, v)`, `def <=>(o)`): the
    // operator is the whole name. Read as a path, `<=>` lost its angle brackets as a
    // type's arguments and `[]` its brackets as quoting: the one became `=`, the other
    // no symbol at all.
    // A computed member name (`[Symbol.asyncIterator]() {..}`) is one name, brackets
    // and all: read as a path it became `asyncIterator` of a type `[Symbol`.
    if matches!(anchor.kind(), "operator" | "computed_property_name") {
        return Some(RawName {
            name: truncate(raw).to_string(),
            qualifier: None,
            member: false,
            anchor,
        });
    }
    let operator = is_cpp_operator(raw);
    let stripped = if operator {
        raw.to_string()
    } else {
        strip_generics(raw)
    };
    let member = stripped.contains("::") || stripped.contains(':');
    let normalized = stripped
        .replace("::", ".")
        .replace(':', ".")
        .split_whitespace()
        .collect::<String>();
    let normalized = normalized.trim_matches(['.', '*', '&']);
    // `A::operator.` would split wrongly; operators keep their qualifier before
    // `operator`.
    let split_at = if operator {
        normalized.rfind(".operator")
    } else {
        normalized.rfind('.')
    };
    let (qualifier, name) = match split_at {
        Some(pos) if !(operator && normalized.starts_with("operator")) => {
            (Some(&normalized[..pos]), &normalized[pos + 1..])
        }
        _ => (None, normalized),
    };
    let name = name.trim_matches(['"', '`', '[', ']']);
    if name.is_empty() {
        return None;
    }
    Some(RawName {
        name: truncate(name).to_string(),
        qualifier: qualifier.filter(|q| !q.is_empty()).map(str::to_string),
        member: member && qualifier.is_some(),
        anchor,
    })
}

/// Whether a C++ name is an operator (`operator==`, `A::operator()`, `operator int`),
/// not merely a name containing the word (`test_operator_x`).
fn is_cpp_operator(raw: &str) -> bool {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    raw.match_indices("operator").any(|(i, _)| {
        let before_ok = raw[..i].chars().next_back().is_none_or(|c| !is_ident(c));
        let after = raw[i + "operator".len()..].chars().next();
        before_ok && after.is_none_or(|c| !is_ident(c))
    })
}

/// `Foo<T, U<V>>` → `Foo`; `A<T>::f` → `A::f`.
pub(crate) fn strip_generics(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut depth = 0usize;
    for ch in s.chars() {
        match ch {
            '<' => depth += 1,
            '>' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(ch),
            _ => {}
        }
    }
    out
}

/// Keys, selectors, headings: quotes dropped, whitespace collapsed.
fn clean_verbatim(raw: &str) -> String {
    let s = raw.trim().trim_matches(['"', '\'']);
    let collapsed = s.split_whitespace().collect::<Vec<_>>().join(" ");
    truncate(&collapsed).to_string()
}

/// Whether assignment `node` gives a type: its declared type is `TypeAlias`, or its
/// `field` is one of `generics` subscripted (`Union[..]`, `typing.Optional[..]`).
fn holds_a_type(node: Node<'_>, text: &str, field: &str, generics: &[&str]) -> bool {
    let node_text = |n: Node<'_>| text.get(n.byte_range()).unwrap_or("");
    if node
        .child_by_field_name("type")
        .is_some_and(|t| node_text(t).trim().rsplit('.').next() == Some("TypeAlias"))
    {
        return true;
    }
    node.child_by_field_name(field)
        .filter(|v| v.kind() == "subscript")
        .and_then(|v| v.child_by_field_name("value"))
        .is_some_and(|g| {
            let name = node_text(g).trim();
            generics.contains(&name.rsplit('.').next().unwrap_or(name))
        })
}

/// Whether `node`'s `field` is a call of one of `callees` (`TypeVar(..)`,
/// `typing.TypeVar(..)`).
fn made_by(node: Node<'_>, text: &str, field: &str, callees: &[&str]) -> bool {
    node.child_by_field_name(field)
        .filter(|v| v.kind() == "call")
        .and_then(|v| v.child_by_field_name("function"))
        .and_then(|f| text.get(f.byte_range()))
        .is_some_and(|f| callees.contains(&f.rsplit('.').next().unwrap_or(f).trim()))
}

/// Whether one of `node`'s children is of one of `kinds`.
fn has_child_of(node: Node<'_>, kinds: &[&str]) -> bool {
    if kinds.is_empty() {
        return false;
    }
    let mut c = node.walk();
    let found = node.children(&mut c).any(|k| kinds.contains(&k.kind()));
    found
}

/// Whether every node above `node` is of one of the kinds `within`.
fn only_within(node: Node<'_>, within: &[&str]) -> bool {
    let mut up = node.parent();
    while let Some(p) = up {
        if !within.contains(&p.kind()) {
            return false;
        }
        up = p.parent();
    }
    true
}

/// Whether the value a declaration gives (where `globals` says it is) is a module it
/// loads (`require("fs")`, Lua's `require "cjson"`, `await import("./x.js")`,
/// `require("y").z`) or a copy of another name (Lua's `local ngx = ngx`): an import
/// or an alias, not a variable.
fn imports_or_copies(node: Node<'_>, text: &str, globals: &Globals) -> bool {
    let Some(value) = Some(globals.value)
        .filter(|path| !path.is_empty())
        .and_then(|path| follow_path(node, path))
    else {
        return false;
    };
    if globals.copies.contains(&value.kind()) {
        return true;
    }
    let value = node_text(value, text);
    let value = value.strip_prefix("await").unwrap_or(value).trim_start();
    ["require", "import"].iter().any(|f| {
        value
            .strip_prefix(f)
            .is_some_and(|rest| rest.trim_start().starts_with(['(', '"', '\'']))
    })
}

/// Python's special names (`__all__`, `__version__`), which every module may set.
fn is_dunder(name: &str) -> bool {
    name.len() > 4 && name.starts_with("__") && name.ends_with("__")
}

/// A name written as one identifier (`$` is a letter in JavaScript).
fn is_plain_identifier(name: &str) -> bool {
    !name.starts_with(|c: char| c.is_ascii_digit())
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '$')
}

fn is_upper_identifier(name: &str) -> bool {
    name.chars().any(|c| c.is_ascii_uppercase())
        && name
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
}

/// Whether `word` appears in `s` as a whole word.
fn has_word(s: &str, word: &str) -> bool {
    s.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .any(|w| w == word)
}

fn node_text<'a>(node: Node<'_>, text: &'a str) -> &'a str {
    text.get(node.byte_range()).unwrap_or("")
}

fn truncate(s: &str) -> &str {
    if s.len() <= MAX_TEXT {
        return s;
    }
    let mut end = MAX_TEXT;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// The 1-based last line, not counting a final newline the node ends with.
fn end_line(node: Node<'_>) -> usize {
    let end = node.end_position();
    if end.column == 0 && end.row > node.start_position().row {
        end.row
    } else {
        end.row + 1
    }
}

/// The level of the definition with its wrappers (`export`, `const`, decorators): the
/// current level, or an enclosing one whose node wraps this definition alone. A
/// wrapper that groups several definitions of the same kind (Go's `type ( A; B )`,
/// `const a = 1, b = () => 2`) is not climbed: it is not part of either.
fn outer_depth(levels: &[Level<'_>], spec: &SymbolSpec, lang: &Language) -> usize {
    let mut depth = levels.len() - 1;
    while depth > 0 {
        let wrapper = levels[depth - 1].node;
        if !spec.wrappers.contains(&wrapper.kind()) {
            break;
        }
        let node = levels[depth].node;
        let mut c = wrapper.walk();
        let alone = wrapper.named_child_count() == 1
            || wrapper
                .named_children(&mut c)
                .find(|c| !lang.comment_kinds.contains(&c.kind()))
                .is_some_and(|first| first.kind_id() != node.kind_id());
        if !alone {
            break;
        }
        depth -= 1;
    }
    depth
}

/// What sits right above a definition: where it really starts (its doc comment or the
/// first attribute written on its own line) and the doc comment itself.
struct Above<'t> {
    start: Option<Node<'t>>,
    comment: Option<Node<'t>>,
}

/// The attributes and the comment block right above a definition: attributes and
/// annotations (the spec's `doc_skip`) next to it, then comments on the lines right
/// above, with no blank line between; a comment that ends a line of code belongs to
/// that code.
///
/// `levels` ends with the definition's level. A definition that opens a block starting
/// where it starts (Python's first statement of a body) finds its comments before the
/// block: the grammar puts them there.
fn leading<'t>(
    levels: &[Level<'t>],
    spec: &SymbolSpec,
    lang: &Language,
    lines: &Lines<'_>,
) -> Above<'t> {
    let mut depth = levels.len() - 1;
    while depth > 0
        && levels[depth].first
        && levels[depth].leading.is_empty()
        && levels[depth - 1].node.start_byte() == levels[depth].node.start_byte()
    {
        depth -= 1;
    }
    let level = &levels[depth];
    let mut run = level.leading.iter().rev().peekable();
    let mut start = None;
    while let Some(skip) = run.next_if(|n| spec.doc_skip.contains(&n.kind())) {
        start = Some(*skip);
    }
    let mut comment = None;
    let mut below_row = start.unwrap_or(level.node).start_position().row;
    for &c in run {
        if !lang.comment_kinds.contains(&c.kind()) || c.end_position().row + 1 < below_row {
            break;
        }
        let row = c.start_position().row;
        let before = lines
            .line(row)
            .get(..c.start_position().column)
            .unwrap_or("");
        if !before.trim().is_empty() {
            break;
        }
        comment = Some(c);
        below_row = row;
    }
    Above {
        start: comment.or(start),
        comment,
    }
}

/// Where the signature line's text starts, the byte and its row: the first line of
/// the definition (from its wrapper when that starts on the same line: `export const
/// f = () =>`), or the line of the name when the first line is an annotation or
/// attribute. The signature is that line from there, trimmed.
fn signature_start(node: Node<'_>, anchor: Node<'_>, lines: &Lines<'_>) -> (usize, usize) {
    let row = node.start_position().row;
    let line = lines.line(row);
    let column = node.start_position().column.min(line.len());
    let first = line.get(column..).unwrap_or(line).trim_start();
    let anchor_row = anchor.start_position().row;
    if anchor_row > row
        && (first.starts_with('@') || first.starts_with('#') || first.starts_with('['))
    {
        (lines.start(anchor_row), anchor_row)
    } else {
        (lines.start(row) + column, row)
    }
}

/// The header of function or type `def` from its signature line (`line`, starting at byte
/// `start` of row `row`, see [`signature_start`]) to its body's opening brace (as a
/// signature line shows it), or to its end for a declaration without a body
/// (TypeScript's overload signatures, C++'s member functions declared in their class
/// and defined apart), whitespace collapsed, when it says more than
/// the signature line: parameters or a return type on the lines below. None for a
/// header longer than [`MAX_HEADER`] (kept whole or not at all: a cut one would
/// misread).
fn long_header(
    def: Node<'_>,
    (start, row): (usize, usize),
    line: &str,
    lines: &Lines<'_>,
) -> Option<String> {
    let (end, end_row) = match body_of(def) {
        // An expression body (Kotlin's `= apply {`): the header runs on to the end of
        // the expression's first line, or its first `{`: how the expression starts
        // tells what a builder's method returns.
        Some(body) if lines.text.as_bytes().get(body.start_byte()) == Some(&b'=') => {
            let expression = body.named_child(0)?;
            let from = expression.start_byte();
            let rest = lines.text.get(from..)?;
            let end = match rest.find(['{', '\n']) {
                Some(i) if rest.as_bytes()[i] == b'{' => from + i + 1,
                Some(i) => from + i,
                None => lines.text.len(),
            };
            (end, expression.start_position().row)
        }
        Some(body) => {
            let brace = lines.text.as_bytes().get(body.start_byte()) == Some(&b'{');
            (
                body.start_byte() + usize::from(brace),
                body.start_position().row,
            )
        }
        None if def.kind().ends_with("signature")
            || matches!(def.kind(), "field_declaration" | "type_alias_declaration") =>
        {
            (def.end_byte(), def.end_position().row)
        }
        None => return None,
    };
    if end_row <= row {
        return None;
    }
    let text = lines.text.get(start..end)?;
    if text.len() > MAX_HEADER {
        return None;
    }
    let header = text.split_whitespace().collect::<Vec<_>>().join(" ");
    (!line.split_whitespace().eq(header.split(' '))).then_some(header)
}

/// The docstring (Python) or the first line of the comment block right above.
fn doc_of(
    node: Node<'_>,
    spec: &SymbolSpec,
    comment: Option<Node<'_>>,
    text: &str,
) -> Option<String> {
    if spec.docstrings {
        if let Some(doc) = docstring(node, text) {
            return Some(doc);
        }
    }
    node_text(comment?, text)
        .lines()
        .map(clean_comment_line)
        .find(|l| !l.is_empty())
        .map(|l| truncate(&l).to_string())
}

fn docstring(node: Node<'_>, text: &str) -> Option<String> {
    let body = node.child_by_field_name("body")?;
    let first = body.named_child(0)?;
    if first.kind() != "expression_statement" {
        return None;
    }
    let s = first.named_child(0)?;
    if s.kind() != "string" {
        return None;
    }
    let raw = node_text(s, text)
        .trim_start_matches(['r', 'R', 'u', 'U', 'b', 'B', 'f', 'F'])
        .trim_matches(['"', '\'']);
    raw.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .map(|l| truncate(l).to_string())
}

fn clean_comment_line(line: &str) -> String {
    let mut s = line.trim();
    loop {
        let before = s;
        for prefix in [
            "/**", "/*!", "/*", "///", "//!", "//", "#", "--[[", "--", "<!--", ";", "*",
        ] {
            if let Some(rest) = s.strip_prefix(prefix) {
                s = rest.trim_start();
                break;
            }
        }
        for suffix in ["*/", "-->", "]]"] {
            if let Some(rest) = s.strip_suffix(suffix) {
                s = rest.trim_end();
            }
        }
        if s == before {
            return s.trim().to_string();
        }
    }
}
