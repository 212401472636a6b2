//! Members Scala writes for the code: a case class's `copy`.
//!
//! `event.copy(..)` on a value of a case class is that class's, never a library
//! supertype's member of the name (`case class Incomplete(..) extends Exception`).

use std::sync::Arc;

use super::{Resolution, Resolver};
use crate::facts::{FileFacts, Reference};
use crate::symbols::Symbol;

/// Whether `s` is written `case class X`.
fn is_case_class(s: &Symbol) -> bool {
    s.signature
        .split_whitespace()
        .collect::<Vec<_>>()
        .windows(2)
        .any(|w| w == ["case", "class"])
}

impl Resolver<'_> {
    /// A Scala `q.copy(..)` on a value of a case class of the tree: that class.
    pub(super) fn scala_case_class_copy(
        &self,
        file: &Arc<FileFacts>,
        r: &Reference,
        q: &str,
    ) -> Option<Resolution> {
        let ty = self.receiver_type(file, r, q)?;
        is_case_class(ty.symbol()).then_some(Resolution::Definition(ty))
    }
}
