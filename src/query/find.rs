//! find-symbol: fuzzy search over the definitions of every walked file.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::source::{FactsSource, FileNameTest};
use crate::symbols::rank::{rank, sort_ranked, NameParts, Query, Ranked};
use crate::symbols::Kind;

/// The matches of a query, best first.
pub struct Found {
    pub ranked: Vec<Ranked>,
    /// Definitions searched.
    pub searched: usize,
}

/// Ranks the definitions of every file of `source` against `query`, keeping those of
/// `kinds` (all when empty). Files are ranked as they arrive, so only matches are kept.
pub fn find_symbols(source: &dyn FactsSource, query: &Query, kinds: &[Kind], exact: bool) -> Found {
    let searched = AtomicUsize::new(0);
    let found: Mutex<Vec<Ranked>> = Mutex::new(Vec::new());
    let maybe = |path: &Path| -> FileNameTest<'_> {
        let in_path = query.path_cover(path);
        Box::new(move |parts: &NameParts| query.may_match(parts, in_path, exact))
    };
    let skipped = source.for_each_definitions(false, Some(&maybe), &|mut symbols| {
        searched.fetch_add(symbols.len(), Ordering::Relaxed);
        symbols.retain(|s| s.kind != Kind::Scope && (kinds.is_empty() || kinds.contains(&s.kind)));
        let ranked = rank(query, symbols, exact);
        if !ranked.is_empty() {
            found
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .extend(ranked);
        }
    });
    let mut ranked = found.into_inner().unwrap_or_else(|p| p.into_inner());
    sort_ranked(&mut ranked);
    Found {
        ranked,
        searched: searched.into_inner() + skipped,
    }
}
