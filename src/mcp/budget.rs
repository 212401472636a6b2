//! Answers sized for agents: a page of a list (`offset`, `limit`) cut further to a
//! character budget, and the keys that say what was left out.
//!
//! Every list answer carries `total` (items there are), `shown`, `offset`, `truncated`
//! and, when truncated, `next_offset` (pass it as `offset` to read on). The budget
//! counts the characters of the answer's JSON text.

use serde_json::{json, Map, Value};

/// Which part of a list to show.
#[derive(Debug, Clone, Copy)]
pub struct Page {
    pub offset: usize,
    pub limit: usize,
    pub max_chars: usize,
}

/// What a page showed of the whole list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cut {
    pub total: usize,
    pub offset: usize,
    pub shown: usize,
    /// The page stopped on the budget, not on `limit` or the end of the list.
    pub by_budget: bool,
}

impl Cut {
    pub fn truncated(&self) -> bool {
        self.offset + self.shown < self.total
    }

    /// Adds `total`, `shown`, `offset`, `truncated` and `next_offset` to an answer.
    pub fn annotate(&self, answer: &mut Map<String, Value>, max_chars: usize) {
        answer.insert("total".into(), json!(self.total));
        answer.insert("shown".into(), json!(self.shown));
        answer.insert("offset".into(), json!(self.offset));
        answer.insert("truncated".into(), json!(self.truncated()));
        if self.truncated() {
            answer.insert("next_offset".into(), json!(self.offset + self.shown));
            if self.by_budget {
                answer.insert(
                    "note".into(),
                    json!(format!(
                        "showing {} of {}: the answer reached max_chars={max_chars}; pass offset={} for more, or raise max_chars",
                        self.shown, self.total, self.offset + self.shown
                    )),
                );
            }
        }
    }
}

/// The characters of a value's compact JSON text.
pub fn size(v: &Value) -> usize {
    serde_json::to_string(v).map_or(usize::MAX, |s| s.len())
}

/// Builds the largest answer of the page that fits the budget. `build` makes the
/// answer from a slice of the items and the cut (it should call [`Cut::annotate`]).
pub fn fit(page: &Page, items: &[Value], build: impl Fn(&[Value], &Cut) -> Value) -> Value {
    let window = page.window(items.len());
    fit_window(page, items.len(), &items[window], build)
}

impl Page {
    /// The indices of a list of `total` items this page may show.
    pub fn window(&self, total: usize) -> std::ops::Range<usize> {
        let offset = self.offset.min(total);
        offset..offset.saturating_add(self.limit).min(total)
    }
}

/// [`fit`] when only the page's window of a list of `total` items was built.
pub fn fit_window(
    page: &Page,
    total: usize,
    window: &[Value],
    build: impl Fn(&[Value], &Cut) -> Value,
) -> Value {
    let offset = page.offset.min(total);
    let answer = |shown: usize, by_budget: bool| {
        let cut = Cut {
            total,
            offset,
            shown,
            by_budget,
        };
        build(&window[..shown], &cut)
    };
    let full = answer(window.len(), false);
    if size(&full) <= page.max_chars {
        return full;
    }
    // The largest count that fits: sizes grow with the count, so bisect.
    let (mut lo, mut hi) = (0usize, window.len());
    while lo + 1 < hi {
        let mid = lo + (hi - lo) / 2;
        if size(&answer(mid, true)) <= page.max_chars {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    answer(lo, true)
}

/// Cuts a text to at most `max` bytes on a character boundary; says whether it cut.
pub fn cut_text(text: &str, max: usize) -> (&str, bool) {
    if text.len() <= max {
        return (text, false);
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    (&text[..end], true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn build(items: &[Value], cut: &Cut) -> Value {
        let mut m = Map::new();
        m.insert("items".into(), Value::Array(items.to_vec()));
        cut.annotate(&mut m, 300);
        Value::Object(m)
    }

    #[test]
    fn a_page_stops_at_the_budget_and_says_where_to_go_on() {
        let items: Vec<Value> = (0..100)
            .map(|i| json!({"name": format!("item{i}")}))
            .collect();
        let page = Page {
            offset: 10,
            limit: 50,
            max_chars: 300,
        };
        let v = fit(&page, &items, build);
        assert!(size(&v) <= 300, "{v}");
        let shown = v["shown"].as_u64().unwrap();
        assert!(shown > 0 && shown < 50);
        assert_eq!(v["truncated"], true);
        assert_eq!(v["next_offset"], 10 + shown);
        assert_eq!(v["items"][0]["name"], "item10");
    }

    #[test]
    fn a_page_within_budget_is_whole() {
        let items: Vec<Value> = (0..3).map(|i| json!(i)).collect();
        let page = Page {
            offset: 0,
            limit: 10,
            max_chars: 10_000,
        };
        let v = fit(&page, &items, build);
        assert_eq!(v["shown"], 3);
        assert_eq!(v["truncated"], false);
        assert!(v.get("next_offset").is_none());
    }

    #[test]
    fn texts_are_cut_on_character_boundaries() {
        assert_eq!(cut_text("héllo", 2), ("h", true));
        assert_eq!(cut_text("abc", 5), ("abc", false));
    }
}
