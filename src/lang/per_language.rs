//! Tables derived from a language's grammar, built for each language the first time
//! a run needs it.
//!
//! Building such a table walks every node kind of the grammar (hundreds to thousands
//! of them) and compares names: for all 27 languages at once that was about two
//! milliseconds, paid by every run that parses even one small file (a question after
//! an edit), most of it for languages the run never sees.

use std::sync::OnceLock;

use super::{Language, LANGUAGES};

/// One `T` per registry language, each built on first use.
pub struct PerLanguage<T> {
    slots: OnceLock<Vec<OnceLock<T>>>,
}

impl<T> PerLanguage<T> {
    pub const fn new() -> PerLanguage<T> {
        PerLanguage {
            slots: OnceLock::new(),
        }
    }

    /// The table of `lang`, built by `build` if this process has not built it yet;
    /// `None` for a language that is not an entry of the registry.
    pub fn get(&self, lang: &Language, build: impl FnOnce() -> T) -> Option<&T> {
        let at = LANGUAGES
            .iter()
            .position(|l| std::ptr::eq(l, lang))
            .or_else(|| LANGUAGES.iter().position(|l| l.name == lang.name))?;
        let slots = self
            .slots
            .get_or_init(|| LANGUAGES.iter().map(|_| OnceLock::new()).collect());
        Some(slots[at].get_or_init(build))
    }
}

impl<T> Default for PerLanguage<T> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn a_table_is_built_once_and_only_for_the_languages_asked_about() {
        static TABLES: PerLanguage<String> = PerLanguage::new();
        static BUILT: AtomicUsize = AtomicUsize::new(0);
        let build = |lang: &Language| {
            let name = lang.name.to_string();
            move || {
                BUILT.fetch_add(1, Ordering::Relaxed);
                name
            }
        };
        let python = crate::lang::by_name("python").expect("registered");
        let go = crate::lang::by_name("go").expect("registered");
        assert_eq!(
            TABLES.get(python, build(python)).map(String::as_str),
            Some("python")
        );
        assert_eq!(
            TABLES.get(python, build(python)).map(String::as_str),
            Some("python")
        );
        assert_eq!(BUILT.load(Ordering::Relaxed), 1);
        assert_eq!(TABLES.get(go, build(go)).map(String::as_str), Some("go"));
        assert_eq!(BUILT.load(Ordering::Relaxed), 2);
    }
}
