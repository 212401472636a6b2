//! find-symbol: fuzzy search over the definitions of every walked file.
//!
//! Every definition is ranked from what ranking reads of it (its name parts, kind and
//! line), which an index stores apart from the definitions; only the matches a page
//! shows are then read in full, from the few files that hold them.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;

use super::source::FactsSource;
use crate::symbols::name_mask::NameScreen;
use crate::symbols::rank::{compare, rank_file, Match, PathCover, Query, Ranked, RankedFile};
use crate::symbols::{Kind, Symbol};

/// The matches of a query in the window asked for, best first.
pub struct Found {
    pub ranked: Vec<Ranked>,
    /// How many definitions match in all.
    pub total: usize,
    /// Definitions searched.
    pub searched: usize,
}

/// Ranks the definitions of every file of `source` against `query`, keeping those of
/// `kinds` (all when empty), and reads in full the matches of `window` (positions in
/// the best-first order).
pub fn find_symbols(
    source: &dyn FactsSource,
    query: &Query,
    kinds: &[Kind],
    exact: bool,
    window: Range<usize>,
) -> Found {
    let files = source.files();
    let searched = AtomicUsize::new(0);
    let found: Mutex<Vec<(usize, Match)>> = Mutex::new(Vec::new());
    let keep = |k: Kind| k != Kind::Scope && (kinds.is_empty() || kinds.contains(&k));
    // The query words each file's path can match, found once per file and on every
    // thread: the screen below needs them, on the one thread that reads an index, and
    // so does ranking. Only files of a language have definitions.
    let covers: Vec<Option<PathCover>> = files
        .par_iter()
        .map(|f| f.language.map(|_| query.path_cover(&f.path)))
        .collect();
    let cover_of = |i: usize| covers[i].unwrap_or_else(|| query.path_cover(&files[i].path));
    // Files none of whose names have the letters the query needs are passed over
    // before their names are decoded. A file is counted as searched when it is
    // passed over or visited: a source may admit a file whose names it then cannot
    // read, and admit it again from its text.
    let admit = |i: usize, screen: &NameScreen| {
        let gate = query.file_gate(&screen.pairs, cover_of(i));
        let admitted = screen.masks.iter().any(|&m| query.admits(m, gate));
        if !admitted {
            searched.fetch_add(screen.masks.len(), Ordering::Relaxed);
        }
        admitted
    };
    source.for_each_named(&admit, &|i, parts, screen| {
        searched.fetch_add(screen.masks.len(), Ordering::Relaxed);
        let file = RankedFile {
            path: &files[i].path,
            language: files[i].language.map_or("", |l| l.name),
            cover: cover_of(i),
        };
        let matches = rank_file(query, &file, parts, screen, exact, keep);
        if !matches.is_empty() {
            found
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .extend(matches.into_iter().map(|m| (i, m)));
        }
    });
    let mut found = found.into_inner().unwrap_or_else(|p| p.into_inner());
    let order = |(fa, a): &(usize, Match), (fb, b): &(usize, Match)| {
        compare(a, &files[*fa].path, b, &files[*fb].path).then(a.ordinal.cmp(&b.ordinal))
    };
    let total = found.len();
    // Only the matches up to the window's end need an order: they are picked out
    // first (the order is total, so the same ones a full sort would put there).
    let end = window.end.min(total);
    if end > 0 && end < total {
        found.select_nth_unstable_by(end - 1, order);
        found.truncate(end);
    }
    found.sort_unstable_by(order);
    let shown = &found[window.start.min(end)..end];
    Found {
        ranked: read_in_full(source, shown),
        total,
        searched: searched.into_inner(),
    }
}

/// The symbols of `matches` (file index and match), in their order, each file's
/// definitions read once. A match whose file no longer holds it (a file rewritten
/// since it was ranked) is left out rather than shown as something else.
fn read_in_full(source: &dyn FactsSource, matches: &[(usize, Match)]) -> Vec<Ranked> {
    let mut wanted: Vec<usize> = matches.iter().map(|(f, _)| *f).collect();
    wanted.sort_unstable();
    wanted.dedup();
    let read: HashMap<usize, Vec<Symbol>> = wanted
        .into_par_iter()
        .filter_map(|f| Some((f, source.definitions(f, true)?)))
        .collect();
    matches
        .iter()
        .filter_map(|(f, m)| {
            let symbol = read.get(f)?.get(m.ordinal)?;
            m.is_of(symbol).then(|| Ranked {
                symbol: symbol.clone(),
                score: m.score,
            })
        })
        .collect()
}
