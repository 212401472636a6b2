//! C#'s preprocessor conditionals where the grammar cannot read them: one that splits a
//! class head or an `if`/`else` chain, and a pair of branches that open a block the
//! code after them closes. The class keeps its members and the calls inside resolve; a
//! file the grammar reads as written keeps the code of every branch.

mod common;

use common::answers::{data, depends, has_all};
use common::{json_run, tree};

/// `qualified_name kind` of every symbol of the tree.
fn symbols(dir: &std::path::Path) -> Vec<String> {
    let (code, recs) = json_run(dir, &["build-index", "--symbols"]);
    assert_eq!(code, 0, "{recs:?}");
    data(&recs, "symbol")
        .into_iter()
        .map(|s| {
            format!(
                "{} {}",
                s["qualified_name"].as_str().unwrap_or(""),
                s["kind"].as_str().unwrap_or("")
            )
        })
        .collect()
}

#[test]
fn a_conditional_in_a_class_head_or_an_else_chain_leaves_the_members_in_the_class() {
    let dir = tree(&[(
        "Value.cs",
        "namespace N {\n\
         public class Value : Base, IComparable\n\
         #if HAVE_CONVERTIBLE\n\
         \x20   , IConvertible\n\
         #endif\n\
         {\n\
         \x20   public int Compare(int a) {\n\
         \x20       if (a == 0)\n\
         \x20       {\n\
         \x20           return Zero();\n\
         \x20       }\n\
         #if HAVE_ONE\n\
         \x20       else if (a == 1)\n\
         \x20       {\n\
         \x20           return One();\n\
         \x20       }\n\
         #endif\n\
         \x20       else\n\
         \x20       {\n\
         \x20           return Other();\n\
         \x20       }\n\
         \x20   }\n\
         \x20   int Zero() { return 0; }\n\
         \x20   int One() { return 1; }\n\
         \x20   int Other() { return 2; }\n\
         }\n\
         public class Base {}\n\
         }\n",
    )]);
    let got = symbols(dir.path());
    // The head's `#if` made every member a namespace's, and `else if` a local function
    // named `if`.
    has_all(
        &got,
        &[
            "N.Value.Compare method",
            "N.Value.Zero method",
            "N.Value.One method",
            "N.Value.Other method",
        ],
    );
    assert!(!got.iter().any(|s| s.contains(".if ")), "{got:#?}");
    has_all(
        &depends(dir.path(), &["Value.Compare"]),
        &[
            "10 call Zero -> Value.cs:23",
            "15 call One -> Value.cs:24",
            "20 call Other -> Value.cs:25",
        ],
    );
}

#[test]
fn branches_that_open_a_block_the_code_after_them_closes_read_as_the_first_branch() {
    let dir = tree(&[(
        "Cmp.cs",
        "namespace N {\n\
         public class Cmp {\n\
         \x20   public int Compare(int t, object a, object b) {\n\
         \x20       switch (t) {\n\
         \x20           case 1:\n\
         #if HAVE_OFFSET\n\
         \x20               if (a is Moment m)\n\
         \x20               {\n\
         #else\n\
         \x20                   Moment m = (Moment)a;\n\
         #endif\n\
         \x20                   Moment n;\n\
         #if HAVE_OFFSET\n\
         \x20                   if (b is Offset o)\n\
         \x20                   {\n\
         \x20                       n = o.Moment();\n\
         \x20                   }\n\
         \x20                   else\n\
         #endif\n\
         \x20                   {\n\
         \x20                       n = (Moment)b;\n\
         \x20                   }\n\
         \x20                   return m.Ticks() - n.Ticks();\n\
         #if HAVE_OFFSET\n\
         \x20               }\n\
         \x20               else\n\
         \x20               {\n\
         \x20                   return 0;\n\
         \x20               }\n\
         #endif\n\
         \x20           default:\n\
         \x20               return 2;\n\
         \x20       }\n\
         \x20   }\n\
         \x20   public int After() { return Compare(1, null, null); }\n\
         }\n\
         public class Moment { public int Ticks() { return 1; } }\n\
         public class Offset { public Moment Moment() { return null; } }\n\
         }\n",
    )]);
    // Read with both branches, the braces did not pair: `After` and every class after
    // it left their enclosing class and namespace.
    let got = symbols(dir.path());
    has_all(
        &got,
        &[
            "N.Cmp.After method",
            "N.Moment.Ticks method",
            "N.Offset.Moment method",
        ],
    );
    has_all(
        &depends(dir.path(), &["Cmp.After"]),
        &["35 call Compare -> Cmp.cs:3"],
    );
    has_all(
        &depends(dir.path(), &["Cmp.Compare"]),
        &[
            "16 call o.Moment -> Cmp.cs:38",
            "23 call m.Ticks -> Cmp.cs:37",
        ],
    );
}

#[test]
fn a_file_the_grammar_reads_keeps_the_members_of_every_branch() {
    let dir = tree(&[(
        "Both.cs",
        "namespace N {\n\
         public class Both {\n\
         #if NET20\n\
         \x20   public void Old() {}\n\
         #else\n\
         \x20   public void New() {}\n\
         #endif\n\
         }\n\
         }\n",
    )]);
    let got = symbols(dir.path());
    has_all(&got, &["N.Both.Old method", "N.Both.New method"]);
}
