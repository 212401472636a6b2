//! Rust's `impl Trait for Type` blocks and `#[derive(Trait)]` attributes: which trait
//! each one implements for which type, as written. Resolution reads them to give a
//! type the methods its traits provide. A derive is taken to implement the trait of
//! its name, as derive macros do by convention.

use tree_sitter::Node;

use super::type_text::type_parts;
use super::Walk;
use crate::facts::TraitImpl;

impl Walk<'_> {
    /// Notes `impl_item` `node` when it implements a trait for a type named by a path
    /// (not `impl Trait for &T` or `for [T]`).
    pub(super) fn trait_impl(&mut self, node: Node<'_>) {
        let g = self.g;
        let (Some(tr), Some(ty)) = (g.child(node, "trait"), g.child(node, "type")) else {
            return;
        };
        let (Some((trait_name, trait_path)), Some((type_name, type_path))) =
            (self.type_path(tr), self.type_path(ty))
        else {
            return;
        };
        self.trait_impls.push(TraitImpl {
            trait_name,
            trait_path,
            type_name,
            type_path,
            start_byte: u32::try_from(node.start_byte()).unwrap_or(u32::MAX),
        });
    }

    /// The last name and the path before it of a type written as a path, without its
    /// type arguments (`a::B<T>`: `B` and `a`).
    fn type_path(&self, node: Node<'_>) -> Option<(String, Option<String>)> {
        if !matches!(
            node.kind(),
            "type_identifier" | "scoped_type_identifier" | "generic_type"
        ) {
            return None;
        }
        split_path(self.text(node))
    }

    /// Notes each trait `attribute_item` `node` derives (`#[derive(Debug, Parser)]`)
    /// for the struct, enum or union it stands before.
    pub(super) fn derives(&mut self, node: Node<'_>) {
        let text = self.text(node);
        let Some(list) = text
            .strip_prefix("#[")
            .map(str::trim_start)
            .and_then(|t| t.strip_prefix("derive"))
            .map(str::trim_start)
            .and_then(|t| t.strip_prefix('('))
            .and_then(|t| t.trim_end().strip_suffix(")]"))
        else {
            return;
        };
        let mut item = node.next_named_sibling();
        while let Some(n) =
            item.filter(|n| n.kind().ends_with("comment") || n.kind() == "attribute_item")
        {
            item = n.next_named_sibling();
        }
        let Some(item) =
            item.filter(|n| matches!(n.kind(), "struct_item" | "enum_item" | "union_item"))
        else {
            return;
        };
        let Some(name) = self.g.child(item, "name") else {
            return;
        };
        let type_name = self.text(name).to_string();
        for path in list.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            if !path
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b':')
            {
                continue;
            }
            let Some((trait_name, trait_path)) = split_path(path) else {
                continue;
            };
            self.trait_impls.push(TraitImpl {
                trait_name,
                trait_path,
                type_name: type_name.clone(),
                type_path: None,
                start_byte: u32::try_from(item.start_byte()).unwrap_or(u32::MAX),
            });
        }
    }
}

/// The last name of path `text` and the path before it, without type arguments
/// (`a::B<T>`: `B` and `a`).
fn split_path(text: &str) -> Option<(String, Option<String>)> {
    let (path, name) = type_parts(text)?;
    Some((name.to_string(), path.map(str::to_string)))
}
