//! Go's `for k, v := range xs`: the loop's variables take the key and element types
//! of what it ranges over, which Go never writes at the loop. What a name ranges over
//! is read off the type it was declared with (`xs []*Block`, `var m map[string]T`) or
//! made with (`xs := make([]T, 0)`, `xs := []T{}`), in the same file: a parameter or
//! local of the same function, a variable of the package's file, or a field, declared
//! in the file, of the method's receiver or of a parameter or local whose type is
//! written (`for _, s := range f.secondaries`, `range other.blocks` with `other *DB`).

use rustc_hash::FxHashMap;
use tree_sitter::Node;

use super::bindings::sole_value;
use super::type_text::{is_name, split_type};
use super::Walk;
use crate::facts::{BindingKind, Held};

/// A type as the facts keep it: its qualifier and simple name.
type TypeName = (Option<String>, String);

/// The types a range's first and second variables take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct RangeTypes {
    first: Option<TypeName>,
    second: Option<TypeName>,
}

/// What ranging over a value of written type `t` gives: a slice or an array its
/// index (an `int`, left unnamed) and element, a map its key and value, a channel
/// its element. `None` for any other type, and for parts that are no one named type.
pub(super) fn range_types(t: &str) -> Option<RangeTypes> {
    let t = t.trim();
    if let Some(rest) = t.strip_prefix("map[") {
        let close = matching_bracket(rest)?;
        return Some(RangeTypes {
            first: named(&rest[..close]),
            second: named(&rest[close + 1..]),
        })
        .filter(|r| r.first.is_some() || r.second.is_some());
    }
    if let Some(rest) = t.strip_prefix('[') {
        let close = matching_bracket(rest)?;
        return named(&rest[close + 1..]).map(|element| RangeTypes {
            first: None,
            second: Some(element),
        });
    }
    let element = ["<-chan ", "chan<- ", "chan "]
        .iter()
        .find_map(|p| t.strip_prefix(p))?;
    named(element).map(|element| RangeTypes {
        first: Some(element),
        second: None,
    })
}

/// Whether Go type `written` is a generic type given its type arguments
/// (`*lru.Cache[string, *Entry]`), not a slice or map of one (`[]Box[int]`).
pub(crate) fn go_type_arguments(written: &str) -> bool {
    let named = written.trim_start_matches(['*', ' ']);
    named.find('[').is_some_and(|at| {
        at > 0
            && named[..at]
                .bytes()
                .all(|b| b == b'.' || crate::source::is_word_byte(b))
    })
}

/// What a value of written type `t` holds, read one entry at a time (`xs[i]`,
/// `m[key]`): a slice's or an array's elements, a map's keys and values. `None` for
/// any other type, and when no part is one named type.
pub(crate) fn go_held(t: &str) -> Option<Held> {
    let t = t.trim();
    if let Some(rest) = t.strip_prefix("map[") {
        let close = matching_bracket(rest)?;
        let (key, value) = (named(&rest[..close]), named(&rest[close + 1..]));
        return (key.is_some() || value.is_some()).then_some(Held::Map(key, value));
    }
    let rest = t.strip_prefix('[')?;
    let close = matching_bracket(rest)?;
    named(&rest[close + 1..]).map(|element| Held::Elements(Some(element)))
}

/// The position in `s` of the `]` closing a `[` just before it.
fn matching_bracket(s: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in s.char_indices() {
        match c {
            '[' => depth += 1,
            ']' if depth == 0 => return Some(i),
            ']' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// Written type `t` when it is one named type (`T`, `*pkg.T`, `List[int]`), not a
/// slice, map, channel, function or literal type.
fn named(t: &str) -> Option<TypeName> {
    let t = t.trim().trim_start_matches('*').trim();
    let head = t.split('[').next().unwrap_or(t);
    if head == "map" || !head.split('.').all(is_name) {
        return None;
    }
    match split_type(t) {
        (q, Some(n)) => Some((q, n)),
        _ => None,
    }
}

/// What the walk remembers of the names declared so far: what ranging over each gives,
/// or `None` where the last declaration of the name ranges over nothing known (so an
/// earlier one, or the package's, is not taken for it).
pub(super) type Ranged = FxHashMap<String, Option<RangeTypes>>;

impl<'a> Walk<'a> {
    /// Notes what ranging over `name`, just declared as a `kind` with written type
    /// `ty` or value `value`, gives.
    pub(super) fn note_ranged(
        &mut self,
        name: &str,
        kind: BindingKind,
        ty: Option<Node<'_>>,
        value: Option<Node<'_>>,
    ) {
        let scope = self.binding_scope();
        let key = match kind {
            BindingKind::Field => match scope {
                Some(s) => format!("{}.{name}", self.defs[s as usize].name),
                None => return,
            },
            _ => local_key(scope, name),
        };
        let written = ty.or_else(|| value.and_then(|v| self.made_type(v)));
        let types = match written {
            Some(t) => range_types(self.text(t)),
            // A copy of a name or a field noted before (`previous := s.items`)
            // ranges alike.
            None => value
                .and_then(|v| sole_value(self.g, v))
                .and_then(|v| self.ranged_value(v)),
        };
        self.ranged.insert(key, types);
    }

    /// The type node a value is made with: `make([]T, n)`, `[]T{..}`, `map[K]V{}`.
    fn made_type<'t>(&self, value: Node<'t>) -> Option<Node<'t>> {
        let g = self.g;
        let mut v = value;
        if g.kind(v) == "expression_list" {
            if v.named_child_count() != 1 {
                return None;
            }
            v = v.named_child(0)?;
        }
        match g.kind(v) {
            "composite_literal" => g.child(v, "type"),
            "call_expression" => {
                let callee = g.child(v, "function")?;
                if self.text(callee) != "make" {
                    return None;
                }
                g.child(v, "arguments")?.named_child(0)
            }
            _ => None,
        }
    }

    /// The type of the entry Go's index read `v` (`xs[i]`, `m[key]`) gives, when what
    /// it reads is a name or a field noted before: a slice's element, a map's value.
    pub(super) fn go_entry_read(&self, v: Node<'_>) -> Option<TypeName> {
        if self.g.kind(v) != "index_expression" {
            return None;
        }
        self.ranged_value(self.g.child(v, "operand")?)?.second
    }

    /// What the range clause `range` ranges over gives its variables.
    pub(super) fn range_of(&self, range: Node<'_>) -> Option<RangeTypes> {
        self.ranged_value(self.g.child(range, "right")?)
    }

    /// What ranging over value `over` gives, when it is a name or a field of a name
    /// (the method's receiver, a parameter or a local whose type is written) noted
    /// before.
    fn ranged_value(&self, over: Node<'_>) -> Option<RangeTypes> {
        let g = self.g;
        let found = match g.kind(over) {
            "identifier" => {
                let name = self.text(over);
                self.ranged
                    .get(&local_key(self.binding_scope(), name))
                    .or_else(|| self.ranged.get(&local_key(None, name)))
            }
            "selector_expression" => {
                let operand = self.text(g.child(over, "operand")?);
                let field = g.child(over, "field")?;
                let ty = self.declared_type_of(operand)?;
                self.ranged.get(&format!("{ty}.{}", self.text(field)))
            }
            _ => None,
        };
        found.cloned().flatten()
    }

    /// The type name the function's last declaration of `name` (a parameter or a local
    /// declared with its type, `other *DB`) writes.
    fn declared_type_of(&self, name: &str) -> Option<String> {
        let scope = self.binding_scope();
        self.bindings
            .iter()
            .rev()
            .find(|b| b.scope == scope && b.name == name)?
            .type_name
            .clone()
    }

    /// Notes on the variables of range clause `range`, bound from `before` on, the name
    /// or field path (`list`, `b.items`) it ranges over, whose type the file does not
    /// show: resolution reads it where the type is (`type Items []*Item`).
    pub(super) fn note_ranges_over(&mut self, range: Node<'_>, before: usize) {
        let g = self.g;
        let (Some(left), Some(right)) = (g.child(range, "left"), g.child(range, "right")) else {
            return;
        };
        let path = match g.kind(right) {
            "identifier" => self.text(right),
            "selector_expression"
                if g.child(right, "operand")
                    .is_some_and(|o| g.kind(o) == "identifier") =>
            {
                self.text(right)
            }
            _ => return,
        };
        let mut c = left.walk();
        let written: Vec<&str> = left.named_children(&mut c).map(|n| self.text(n)).collect();
        for b in &mut self.bindings[before..] {
            let position = written.iter().position(|w| *w == b.name);
            if let Some(position) = position.and_then(|p| u8::try_from(p).ok()) {
                b.ranges_over = Some((path.to_string(), position));
            }
        }
    }

    /// Gives the variables of range clause `range`, bound from `before` on, the types
    /// ranging gives them: the first written variable the first type, the second the
    /// second.
    pub(super) fn give_range_types(&mut self, range: Node<'_>, before: usize, types: RangeTypes) {
        let g = self.g;
        let Some(left) = g.child(range, "left") else {
            return;
        };
        let mut c = left.walk();
        let written: Vec<&str> = left.named_children(&mut c).map(|n| self.text(n)).collect();
        for b in &mut self.bindings[before..] {
            let slot = match written.iter().position(|w| *w == b.name) {
                Some(0) => &types.first,
                Some(1) => &types.second,
                _ => &None,
            };
            if let Some((qualifier, name)) = slot {
                b.type_qualifier = qualifier.clone();
                b.type_name = Some(name.clone());
            }
        }
    }
}

/// The key of a parameter, local or package variable `name` declared in `scope`.
fn local_key(scope: Option<u32>, name: &str) -> String {
    match scope {
        Some(s) => format!("{s}:{name}"),
        None => format!("-:{name}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(q: Option<&str>, n: &str) -> Option<TypeName> {
        Some((q.map(str::to_string), n.to_string()))
    }

    #[test]
    fn ranging_gives_the_index_key_and_element_types_a_go_type_writes() {
        let slice = RangeTypes {
            first: None,
            second: t(None, "Block"),
        };
        assert_eq!(range_types("[]*Block"), Some(slice.clone()));
        assert_eq!(range_types("[4]Block"), Some(slice));
        assert_eq!(
            range_types("map[string]*storage.Series"),
            Some(RangeTypes {
                first: t(None, "string"),
                second: t(Some("storage"), "Series"),
            })
        );
        assert_eq!(
            range_types("map[[2]int]Block"),
            Some(RangeTypes {
                first: None,
                second: t(None, "Block"),
            })
        );
        assert_eq!(
            range_types("<-chan Event"),
            Some(RangeTypes {
                first: t(None, "Event"),
                second: None,
            })
        );
        assert_eq!(
            range_types("[]List[int]"),
            Some(RangeTypes {
                first: None,
                second: t(None, "List"),
            })
        );
        // Elements that are no one named type, and types ranging gives nothing of.
        assert_eq!(range_types("[][]Block"), None);
        assert_eq!(range_types("[]map[string]int"), None);
        assert_eq!(range_types("[]func() error"), None);
        assert_eq!(range_types("[]struct{ a int }"), None);
        assert_eq!(range_types("Blocks"), None);
        assert_eq!(range_types("*[]Block"), None);
    }
}
