//! PHP's `static` and `parent` where a class is named (`new static`, `: static`,
//! `new parent`) stand for the class a method is called on or its parent: no
//! library's class of that name.

mod common;

use common::answers::depends;
use common::tree;

#[test]
fn new_static_and_a_static_return_type_name_no_external_class() {
    let dir = tree(&[(
        "src/Cursor.php",
        "<?php\nnamespace App;\n\nclass Base\n{\n    public static function make() {}\n}\n\n\
         class Cursor extends Base\n{\n\
         \x20   public static function fromEncoded($s): static\n    {\n\
         \x20       static::make();\n        return new static($s);\n    }\n\n\
         \x20   public static function up(): Base\n    {\n        return new parent();\n    }\n}\n",
    )]);
    // Both were external classes named `static` and `parent`.
    assert_eq!(
        depends(dir.path(), &["Cursor.fromEncoded"]),
        ["13 call static.make -> src/Cursor.php:6"]
    );
    assert_eq!(
        depends(dir.path(), &["Cursor.up"]),
        ["17 type_use Base -> src/Cursor.php:4"]
    );
}
