//! Per-thread bounds on one resolution: how many supertype chains it may have open
//! (cycles and absurd depths are cut), how many initialising calls it follows one
//! inside the other, and which answers may be memoised for other callers (one cut
//! short or given before a needed name was loaded may not).

use crate::query::memo::Memo;

/// How many types' supertypes may be in resolution at once on one thread.
const MAX_SUPERTYPE_CHAIN: usize = 32;

thread_local! {
    /// The types (file, definition index) whose supertypes this thread is resolving.
    static RESOLVING_SUPERTYPES: std::cell::RefCell<Vec<(usize, usize)>> =
        const { std::cell::RefCell::new(Vec::new()) };
    /// How many chains this thread has cut.
    pub(super) static SUPERTYPE_CUTS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// How many times a dry run on this thread needed a name not loaded yet.
    pub(super) static MISSED_NAMES: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// How many initialising calls the resolution on this thread is following.
    static INITIALIZERS_FOLLOWED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The answer `memo` holds for `key`, or the one `compute` gives, kept for other callers
/// only when it is complete: an answer that met a cut supertype chain depends on where
/// the chain was entered, and one a dry run gave without a name it has not loaded
/// lacks what that name defines.
pub(super) fn kept_if_complete<K: Eq + std::hash::Hash, V: Clone>(
    memo: &Memo<K, V>,
    key: K,
    compute: impl FnOnce() -> V,
) -> V {
    if let Some(hit) = memo.get(&key) {
        return hit;
    }
    let (cuts, missed) = (SUPERTYPE_CUTS.get(), MISSED_NAMES.get());
    let found = compute();
    if SUPERTYPE_CUTS.get() == cuts && MISSED_NAMES.get() == missed {
        memo.insert(key, found.clone());
    }
    found
}

/// How many initialising calls one resolution follows, one inside the other
/// (`a = f(); b = a.g(); b.h()`): enough for real code, and an end to `x = x.next()`.
const MAX_INITIALIZERS_FOLLOWED: usize = 4;

/// The count of initialising calls a resolution is following, kept right when it ends
/// early or unwinds.
pub(super) enum InitializerDepth {
    /// A resolution's own count; the one it set aside comes back when it ends.
    Fresh(usize),
    /// One call followed, uncounted when its answer is known.
    Entered,
}

impl InitializerDepth {
    pub(super) fn fresh() -> InitializerDepth {
        InitializerDepth::Fresh(INITIALIZERS_FOLLOWED.replace(0))
    }

    /// Counts one more call followed; `None` when there are too many already.
    pub(super) fn enter() -> Option<InitializerDepth> {
        let n = INITIALIZERS_FOLLOWED.get();
        (n < MAX_INITIALIZERS_FOLLOWED).then(|| {
            INITIALIZERS_FOLLOWED.set(n + 1);
            InitializerDepth::Entered
        })
    }
}

impl Drop for InitializerDepth {
    fn drop(&mut self) {
        match self {
            InitializerDepth::Fresh(saved) => INITIALIZERS_FOLLOWED.set(*saved),
            InitializerDepth::Entered => {
                INITIALIZERS_FOLLOWED.set(INITIALIZERS_FOLLOWED.get().saturating_sub(1));
            }
        }
    }
}

/// The thread's chain of types whose supertypes are being resolved, kept right when a
/// resolution ends early or unwinds.
pub(super) enum SupertypeChain {
    /// A resolution's own chain; the one it set aside comes back when it ends.
    Fresh(Vec<(usize, usize)>),
    /// One type on the chain, taken off when its supertypes are resolved.
    Open,
}

impl SupertypeChain {
    pub(super) fn fresh() -> SupertypeChain {
        SupertypeChain::Fresh(RESOLVING_SUPERTYPES.with_borrow_mut(std::mem::take))
    }

    /// Puts a type on the chain; `None` when it is on it already (a cycle) or the
    /// chain is longer than any real hierarchy.
    pub(super) fn enter(key: (usize, usize)) -> Option<SupertypeChain> {
        RESOLVING_SUPERTYPES.with_borrow_mut(|open| {
            if open.len() >= MAX_SUPERTYPE_CHAIN || open.contains(&key) {
                return None;
            }
            open.push(key);
            Some(SupertypeChain::Open)
        })
    }
}

impl Drop for SupertypeChain {
    fn drop(&mut self) {
        match self {
            SupertypeChain::Fresh(saved) => {
                let saved = std::mem::take(saved);
                RESOLVING_SUPERTYPES.with_borrow_mut(|open| *open = saved);
            }
            SupertypeChain::Open => {
                RESOLVING_SUPERTYPES.with_borrow_mut(|open| open.pop());
            }
        }
    }
}
