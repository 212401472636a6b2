//! C#'s attributes: `[Requires(Utils.Warning)]` names the class `RequiresAttribute`
//! (the language adds the suffix), and its arguments are values the code reads (the
//! constant `Utils.Warning`), not annotations.

mod common;

use common::answers::{breaks_both_ways, depends};
use common::tree;

#[test]
fn a_csharp_attribute_names_its_attribute_class_and_its_argument_is_a_value() {
    let dir = tree(&[(
        "Src/A.cs",
        "namespace N\n{\n\
         \x20   class RequiresAttribute : System.Attribute { public RequiresAttribute(string m) {} }\n\
         \x20   static class Utils { public const string Warning = \"w\"; }\n\
         \x20   class A\n    {\n\
         \x20       [Requires(Utils.Warning)]\n\
         \x20       void F() { }\n\
         \x20   }\n}\n",
    )]);
    // Before, `Requires` was external, and `Utils.Warning` an unresolved annotation:
    // a type was looked for.
    assert_eq!(
        depends(dir.path(), &["A.F"]),
        [
            "7 annotation Requires -> Src/A.cs:3",
            "7 reference Utils -> Src/A.cs:4",
            "7 reference Utils.Warning -> Src/A.cs:4",
        ]
    );
    assert_eq!(
        breaks_both_ways(dir.path(), &["RequiresAttribute"]),
        ["Src/A.cs:7 definition"]
    );
}
