//! find-symbol's ranking on one real temporary tree, through the real binary: a member
//! found through its class's words, constructors folded into their class, tests and
//! Markdown headings below the code they are about, C's run-together names, and words
//! that only the path holds.

mod common;

use common::{codesearch, json_lines, tree};

/// `path qualified_name` of each result of `find-symbol QUERY --json`, best first.
fn found(dir: &std::path::Path, query: &str) -> Vec<String> {
    let out = codesearch()
        .current_dir(dir)
        .args(["find-symbol", query, "--json", "--limit", "20"])
        .output()
        .expect("runs");
    json_lines(&out.stdout)
        .iter()
        .filter(|r| r["type"] == "symbol")
        .map(|r| {
            format!(
                "{} {}",
                r["data"]["path"]["text"].as_str().expect("a text path"),
                r["data"]["qualified_name"].as_str().expect("a name")
            )
        })
        .collect()
}

fn project() -> tempfile::TempDir {
    tree(&[
        (
            "app/shop/orders.py",
            "class OrderService:\n    def __init__(self, db):\n        self.db = db\n\n    \
             def create(self, order):\n        return self.db.insert(order)\n\n\n\
             def create(kind):\n    return kind()\n",
        ),
        (
            "src/main/java/ui/Widget.java",
            "package ui;\n\npublic class Widget {\n    public Widget() {}\n\n    \
             public void draw() {}\n}\n",
        ),
        (
            "src/main/java/ui/WidgetTree.java",
            "package ui;\n\npublic class WidgetTree {\n    public WidgetTree() {}\n}\n",
        ),
        (
            "lib/ui/render.py",
            "def render_widget(widget):\n    return widget.draw()\n",
        ),
        (
            "tests/test_render.py",
            "def render_widget(widget):\n    return 'stub'\n",
        ),
        ("README.md", "# Render widget\n\nHow widgets are drawn.\n"),
        (
            "c/buffer.c",
            "struct buf *bufnew(int size) { return 0; }\n\
             void bufgrow(struct buf *b) {}\n\
             void buffer_new_page(void) {}\n",
        ),
        ("net/http/client.py", "def get(url):\n    return url\n"),
        ("store/db/client.py", "def get(key):\n    return key\n"),
    ])
}

#[test]
fn query_spanning_a_class_and_its_method_finds_the_method_first() {
    let dir = project();
    let got = found(dir.path(), "order service create");
    assert_eq!(
        got.first().map(String::as_str),
        Some("app/shop/orders.py OrderService.create")
    );
}

#[test]
fn constructors_are_folded_into_their_class() {
    let dir = project();
    let got = found(dir.path(), "widget");
    assert_eq!(
        got.first().map(String::as_str),
        Some("src/main/java/ui/Widget.java Widget"),
        "{got:?}"
    );
    assert!(!got.iter().any(|g| g.ends_with("Widget.Widget")), "{got:?}");
    assert!(
        !got.iter().any(|g| g.ends_with("WidgetTree.WidgetTree")),
        "{got:?}"
    );
    let got = found(dir.path(), "OrderService");
    assert_eq!(got, ["app/shop/orders.py OrderService"]);
}

#[test]
fn code_ranks_before_its_test_and_its_markdown_heading() {
    let dir = project();
    let got = found(dir.path(), "render widget");
    assert_eq!(
        got[..3],
        [
            "lib/ui/render.py render_widget",
            "tests/test_render.py render_widget",
            "README.md Render widget",
        ],
    );
}

#[test]
fn c_run_together_names_match_the_words_they_are_made_of() {
    let dir = project();
    let got = found(dir.path(), "new buf");
    assert_eq!(
        got.first().map(String::as_str),
        Some("c/buffer.c bufnew"),
        "{got:?}"
    );
    assert!(!got.iter().any(|g| g.ends_with(" bufgrow")), "{got:?}");
}

#[test]
fn words_only_in_the_path_count_a_little() {
    let dir = project();
    let got = found(dir.path(), "http client get");
    assert_eq!(got, ["net/http/client.py get"]);
    // A name holding every word still comes before a name helped by its path.
    let dir = tree(&[
        ("net/http/client.py", "def get(url):\n    return url\n"),
        ("util.py", "def http_client_get(url):\n    return url\n"),
    ]);
    assert_eq!(
        found(dir.path(), "http client get"),
        ["util.py http_client_get", "net/http/client.py get"]
    );
}

#[test]
fn a_short_page_is_the_head_of_the_long_one_and_every_run_agrees() {
    // Many equal scores (the same name in many files, two on one line), so that only
    // the tie-breaks order the page; `--limit` picks its matches before sorting them.
    let mut files: Vec<(String, String)> = (0..40)
        .map(|i| {
            (
                format!("pkg{}/m{i}.py", i % 7),
                "def handle(x):\n    return x\n\nclass Handle: pass\n".to_string(),
            )
        })
        .collect();
    files.push((
        "one.js".into(),
        "function handle() {}; function handle() {}\n".into(),
    ));
    let borrowed: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    let dir = tree(&borrowed);
    let page = |limit: &str| -> Vec<String> {
        let out = codesearch()
            .current_dir(dir.path())
            .args(["find-symbol", "handle", "--json", "--limit", limit])
            .output()
            .expect("runs");
        json_lines(&out.stdout)
            .iter()
            .map(|r| match r["type"].as_str() {
                Some("symbol") => r["data"]["id"].as_str().expect("an id").to_string(),
                _ => format!("total {}", r["data"]["total_matches"]),
            })
            .collect()
    };
    let long = page("200");
    assert_eq!(
        long.last().map(String::as_str),
        Some("total 82"),
        "{long:?}"
    );
    for limit in ["1", "5", "37"] {
        let short = page(limit);
        let n: usize = limit.parse().expect("a number");
        assert_eq!(short[..n], long[..n], "--limit {limit}");
        assert_eq!(short[n], "total 82");
    }
    assert_eq!(page("200"), long, "the same order on every run");
}
