//! Answers computed once per run and shared by the threads that ask for them.
//!
//! A value is computed outside the lock, so two threads asking for the same missing
//! key at once may both compute it; the answers are equal, and holding no lock while
//! computing lets a computation ask for other keys (or run in parallel) freely.

use std::borrow::Borrow;
use std::hash::Hash;
use std::sync::{Mutex, MutexGuard};

use rustc_hash::FxHashMap;

pub struct Memo<K, V> {
    map: Mutex<FxHashMap<K, V>>,
}

impl<K: Eq + Hash, V: Clone> Memo<K, V> {
    pub fn new() -> Memo<K, V> {
        Memo {
            map: Mutex::new(FxHashMap::default()),
        }
    }

    fn map(&self) -> MutexGuard<'_, FxHashMap<K, V>> {
        self.map.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The value kept under `key`, if any.
    pub fn get<Q>(&self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.map().get(key).cloned()
    }

    pub fn contains<Q>(&self, key: &Q) -> bool
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.map().contains_key(key)
    }

    pub fn insert(&self, key: K, value: V) {
        self.map().insert(key, value);
    }

    pub fn extend(&self, entries: impl IntoIterator<Item = (K, V)>) {
        self.map().extend(entries);
    }

    /// The value under `key`, computed and kept when there is none.
    pub fn get_or_compute(&self, key: K, compute: impl FnOnce() -> V) -> V {
        if let Some(hit) = self.get(&key) {
            return hit;
        }
        let value = compute();
        self.insert(key, value.clone());
        value
    }
}

#[cfg(test)]
mod tests {
    use super::Memo;

    #[test]
    fn a_value_is_computed_once_and_then_shared() {
        let memo: Memo<String, usize> = Memo::new();
        let mut computed = 0;
        for _ in 0..3 {
            let v = memo.get_or_compute("k".to_string(), || {
                computed += 1;
                7
            });
            assert_eq!(v, 7);
        }
        assert_eq!(computed, 1);
        assert_eq!(memo.get("k"), Some(7));
    }
}
