//! C++ members declared in their class (in a header) and defined outside it (in a
//! source file) are one function: calls that resolve to either are its uses, whichever
//! of the two a question names; and the body of a GoogleTest fixture test is a member
//! of its fixture.

mod common;

use common::answers::{breaks_both_ways as breaks, calls, data, depends, has_all};
use common::{json_run as json, tree};

/// A table declared in a header and defined in a source file, a writer that calls
/// it through a pointer field and through a field reached with `->`, and a test.
fn library() -> tempfile::TempDir {
    tree(&[
        (
            "db/table.h",
            "#include <string>\nnamespace db {\nclass Block {\n public:\n  void Add(int k);\n};\n\
             class Table {\n public:\n  // Adds a key.\n\
             \x20 void Add(int k)\n      REQUIRES(mu_);\n\
             \x20 void Add(int k, int v);\n  int Size() const;\n\
             \x20 void Put(const std::string& key, int value = 0);\n private:\n  int mu_;\n};\n}\n",
        ),
        (
            "db/table.cc",
            "#include \"db/table.h\"\nnamespace db {\n\
             void Block::Add(int k) {}\n\
             void Table::Add(int k) {\n  Add(k, 0);\n}\n\
             void Table::Add(int key, int value) {\n  Size();\n}\n\
             int Table::Size() const { return 0; }\n\
             void Table::Put(const std::string &k, int v) {\n  Add(1);\n}\n}\n",
        ),
        (
            "db/writer.cc",
            "#include \"db/table.h\"\nnamespace db {\n\
             struct Rep {\n  Table* table;\n  Block block;\n};\n\
             class Writer {\n public:\n  void Write();\n private:\n  Table* table_;\n  Rep* rep_;\n};\n\
             void Writer::Write() {\n  table_->Add(1);\n  table_->Add(1, 2);\n\
             \x20 Rep* r = rep_;\n  r->table->Size();\n  r->block.Add(3);\n  rep_->block.Add(4);\n\
             \x20 static_cast<const Table*>(nullptr)->Size();\n}\n}\n",
        ),
        (
            "db/table_test.cc",
            "#include \"db/table.h\"\nnamespace db {\n\
             class TableTest : public testing::Test {\n public:\n\
             \x20 void Put(const std::string& k) {}\n  Table* table_;\n};\n\
             TEST_F(TableTest, Puts) {\n  Put(\"a\");\n  table_->Size();\n}\n}\n",
        ),
    ])
}

#[test]
fn a_member_defined_apart_is_used_by_calls_resolved_to_its_declaration() {
    let dir = library();
    // Before: the definition in table.cc had one use, the call from its own file;
    // the writer's calls through `table_` resolve to the declaration in the header.
    let want = ["db/table.cc:12 definition", "db/writer.cc:15 definition"];
    assert_eq!(breaks(dir.path(), &["db/table.cc:4"]), want);
    // The declaration (written over two lines, under a macro) names the same
    // function, and so does its name: one target, not two.
    assert_eq!(breaks(dir.path(), &["db/table.h:10"]), want);
    assert_eq!(breaks(dir.path(), &["db/table.h:10", "--all"]), want);
    // The other overload is another function.
    assert_eq!(
        breaks(dir.path(), &["db/table.cc:7"]),
        ["db/table.cc:5 definition", "db/writer.cc:16 definition"]
    );
    // Parameter names and default values written differently in the two.
    assert_eq!(breaks(dir.path(), &["Table::Put"]), Vec::<String>::new());
    let (code, recs) = json(dir.path(), &["what-breaks", "Table::Size"]);
    assert_eq!(code, 0, "{recs:?}");
    let symbols = data(&recs, "symbol");
    assert_eq!(symbols.len(), 1, "{symbols:?}");
    assert_eq!(symbols[0]["path"]["text"], "db/table.cc");
}

#[test]
fn what_a_declaration_depends_on_is_what_its_definition_body_does() {
    let dir = library();
    // The declaration of `Add(int k, int v)`: its symbol record is the definition,
    // whose body is read.
    let (code, recs) = json(dir.path(), &["what-depends", "db/table.h:12"]);
    assert_eq!(code, 0, "{recs:?}");
    let symbols = data(&recs, "symbol");
    assert_eq!(symbols.len(), 1);
    assert_eq!(symbols[0]["path"]["text"], "db/table.cc");
    assert_eq!(symbols[0]["line"], 7);
    assert_eq!(
        depends(dir.path(), &["db/table.h:12"]),
        ["8 call Size -> db/table.cc:10"]
    );
}

#[test]
fn fields_reached_through_pointers_give_their_receivers_types() {
    let dir = library();
    // Before: each of these was unresolved; the first two calls of `Add` pick the
    // overload their argument counts fit.
    let got = depends(dir.path(), &["Writer::Write"]);
    // A named cast is no call (before: `call static_cast` left unresolved).
    assert!(
        !got.iter().any(|d| d.contains("call static_cast ")),
        "{got:#?}"
    );
    has_all(
        &got,
        &[
            "15 call table_.Add -> db/table.h:10",
            "16 call table_.Add -> db/table.h:12",
            "18 call r->table.Size -> db/table.h:13",
            "19 call r->block.Add -> db/table.h:5",
            "20 call rep_->block.Add -> db/table.h:5",
            "21 call static_cast<const Table*>(nullptr).Size -> db/table.h:13",
        ],
    );
}

#[test]
fn a_call_no_overload_of_a_cpp_class_can_take_is_not_tied_to_one() {
    // `Add(int k)` is declared under an annotation macro the facts cannot read:
    // before, a call with one argument resolved to the two-argument overload, the
    // only one left. A default value counts.
    let dir = tree(&[(
        "t.h",
        "namespace db {\nclass T {\n public:\n  void Add(int k) UNKNOWN_MACRO(x);\n\
         \x20 void Add(int k, int v);\n  void Put(int k, int v = 0);\n\
         \x20 void Go() { Add(1); Put(1); Add(1, 2); }\n};\n}\n",
    )]);
    assert_eq!(
        depends(dir.path(), &["T::Go"]),
        [
            "7 call Add -> ?",
            "7 call Put -> t.h:6",
            "7 call Add -> t.h:5",
        ]
    );
}

#[test]
fn a_test_fixture_body_calls_the_fixture_members() {
    let dir = library();
    // `Put("a")` in a TEST_F body is the fixture's `Put`: before, it was unresolved
    // and listed by name among the uses of the library's `Table::Put`. The test's
    // name is no dependency.
    assert_eq!(
        depends(dir.path(), &["db/table_test.cc:8"]),
        [
            "8 type_use TableTest -> db/table_test.cc:3",
            "9 call Put -> db/table_test.cc:5",
            "10 call table_.Size -> db/table.h:13",
        ]
    );
    assert_eq!(
        breaks(dir.path(), &["Table::Size"]),
        [
            "db/table.cc:8 definition",
            "db/table_test.cc:10 definition",
            "db/writer.cc:18 definition",
            "db/writer.cc:21 definition",
        ]
    );
}

#[test]
fn callers_followed_are_definitions_code_can_call() {
    // A use at a namespace's top level has the namespace for its caller: before,
    // `--depth 2` went on to list every `db::` written anywhere as a use by name
    // (`c.cc:1`, which does not even include the header).
    let dir = tree(&[
        (
            "a.h",
            "namespace db {\nclass T {\n public:\n  static int Count();\n};\n}\n",
        ),
        (
            "a.cc",
            "#include \"a.h\"\nnamespace db {\nint T::Count() { return 1; }\nint g = T::Count();\n}\n",
        ),
        (
            "b.cc",
            "#include \"a.h\"\nint Twice() { return 2 * db::T::Count(); }\nvoid f() { db::T t; Twice(); }\n",
        ),
        ("c.cc", "void k() { db::Other x; }\n"),
    ]);
    assert_eq!(
        breaks(dir.path(), &["a.h:4", "--depth", "2"]),
        [
            "a.cc:4 definition",
            "b.cc:2 definition",
            "b.cc:3 definition",
        ]
    );
}

#[test]
fn a_nested_class_member_defined_apart_is_not_its_own_use() {
    // `RE2::Set::Add`: before, the `Add` of the definition's own name was listed as a
    // use resolved to the declaration.
    let dir = tree(&[
        (
            "re.h",
            "namespace re {\nclass RE {\n public:\n  class Set {\n   public:\n    int Add(int p);\n  };\n\
             \x20 static const int kMax = 1;\n  ~RE();\n};\n}\n",
        ),
        (
            "set.cc",
            "#include \"re.h\"\nnamespace re {\nint RE::Set::Add(int p) { return p; }\n\
             int Use() { RE::Set s; return s.Add(1); }\n\
             int Made() { RE::Set s(RE::kMax); return s.Add(2); }\nRE::~RE() {}\n}\n",
        ),
    ]);
    // `RE::Set s(RE::kMax)` constructs `s` (a constant of a class for its argument),
    // it declares no function: before, `s.Add(2)` was a use by name only.
    let want = ["set.cc:4 definition", "set.cc:5 definition"];
    assert_eq!(breaks(dir.path(), &["RE::Set::Add"]), want);
    assert_eq!(breaks(dir.path(), &["re.h:6"]), want);
    // Nor is the class a destructor is named after (before: a use of `RE`).
    let (_, recs) = json(dir.path(), &["what-depends", "set.cc:6"]);
    assert_eq!(data(&recs, "symbol")[0]["name"], "~RE");
    assert_eq!(data(&recs, "dependency"), Vec::<&serde_json::Value>::new());
}

#[test]
fn values_of_a_cpp_alias_have_the_aliased_type() {
    // Before: a receiver typed by a `typedef` or a `using` alias was unresolved.
    let dir = tree(&[
        (
            "a.h",
            "#include <set>\nnamespace a {\nclass Counter {\n public:\n  int Count();\n};\n\
             typedef std::set<int, Less> IntSet;\nusing Tally = Counter;\ntypedef Tally Score;\n\
             typedef void (*Callback)(int);\n}\n",
        ),
        (
            "a.cc",
            "#include \"a.h\"\nnamespace a {\nint Use(IntSet s, Tally t, Score* p) {\n\
             \x20 s.insert(1);\n  p->Count();\n  return t.Count();\n}\n}\n",
        ),
    ]);
    assert_eq!(
        calls(dir.path(), &["a.cc:3"]),
        [
            "4 call s.insert -> external:std",
            "5 call p.Count -> a.h:5",
            "6 call t.Count -> a.h:5",
        ]
    );
}

#[test]
fn a_using_declaration_names_a_namespace_member_whatever_directory_shares_its_name() {
    // Before: `include/leveldb/` made `using leveldb::DB;` read as a module path of
    // the tree, and every `DB` of the file was unresolved.
    let dir = tree(&[
        (
            "include/leveldb/db.h",
            "namespace leveldb {\nclass DB {\n public:\n  int Get(int k);\n};\n}\n",
        ),
        (
            "db/c.cc",
            "#include \"leveldb/db.h\"\nusing leveldb::DB;\nextern \"C\" {\n\
             struct handle_t {\n  DB* rep;\n};\n\
             int get(handle_t* h) {\n  return h->rep->Get(1);\n}\n}\n",
        ),
    ]);
    assert_eq!(
        depends(dir.path(), &["db/c.cc:7"]),
        [
            "7 type_use handle_t -> db/c.cc:4",
            "8 call h->rep.Get -> include/leveldb/db.h:4",
        ]
    );
}

#[test]
fn a_declaration_defined_in_several_source_files_depends_on_each_body() {
    // One definition per platform: each file's dependencies follow a symbol record
    // of the definition there.
    let body = |v: &str| {
        format!("#include \"env.h\"\nnamespace e {{\nEnv* Env::Default() {{\n  Env* {v} = nullptr;\n  {v}->Go();\n  return {v};\n}}\n}}\n")
    };
    let (posix, win) = (body("x"), body("y"));
    let dir = tree(&[
        (
            "env.h",
            "namespace e {\nclass Env {\n public:\n  static Env* Default();\n  int Go();\n};\n}\n",
        ),
        ("posix.cc", posix.as_str()),
        ("win.cc", win.as_str()),
    ]);
    let (code, recs) = json(dir.path(), &["what-depends", "env.h:4"]);
    assert_eq!(code, 0, "{recs:?}");
    let order: Vec<String> = recs
        .iter()
        .filter(|r| r["type"] != "summary")
        .map(|r| match r["type"].as_str() {
            Some("symbol") => format!("symbol {}", r["data"]["path"]["text"].as_str().unwrap()),
            _ => format!(
                "{} {}",
                r["data"]["path"]["text"].as_str().unwrap(),
                r["data"]["line"]
            ),
        })
        .collect();
    assert_eq!(
        order,
        [
            "symbol posix.cc",
            "posix.cc 3",
            "posix.cc 4",
            "posix.cc 5",
            "symbol win.cc",
            "win.cc 3",
            "win.cc 4",
            "win.cc 5",
        ]
    );
}
