//! Python's property accessors (`@size.setter` over a property `size`) are the builtin
//! `property`'s, and a value typed `Any` has members of nobody known: neither
//! `typing`'s nor the tree's.

mod common;

use common::answers::depends;
use common::tree;

#[test]
fn a_python_property_accessor_decorator_is_the_builtin_property_s() {
    let dir = tree(&[(
        "box.py",
        "import functools\n\n\n\
         class Box:\n\
         \x20   @property\n\
         \x20   def size(self):\n\
         \x20       return 1\n\n\
         \x20   @size.setter\n\
         \x20   def size(self, value):\n\
         \x20       pass\n\n\
         \x20   @size.deleter\n\
         \x20   def size(self):\n\
         \x20       pass\n\n\
         \x20   @functools.cached_property\n\
         \x20   def area(self):\n\
         \x20       return 2\n\n\
         \x20   @area.setter\n\
         \x20   def area(self, value):\n\
         \x20       pass\n",
    )]);
    let got = depends(dir.path(), &["box.py:14"]);
    assert!(
        got.contains(&"13 annotation size.deleter -> external:builtins".to_string()),
        "{got:#?}"
    );
    let got = depends(dir.path(), &["box.py:10"]);
    assert!(
        got.contains(&"9 annotation size.setter -> external:builtins".to_string()),
        "{got:#?}"
    );
    // A `cached_property` has no setter: not the builtin's.
    let got = depends(dir.path(), &["box.py:22"]);
    assert!(
        got.contains(&"21 annotation area.setter -> ?".to_string()),
        "{got:#?}"
    );
}

#[test]
fn a_python_value_typed_any_has_members_of_nobody_known() {
    let dir = tree(&[(
        "mock.py",
        "import typing as t\nfrom typing import Any\n\n\n\
         class MockResponse:\n\
         \x20   def __init__(self, headers: Any, extra: t.Any) -> None:\n\
         \x20       self._headers = headers\n\
         \x20       extra.getheaders()\n\n\
         \x20   def getheaders(self, name: str) -> Any:\n\
         \x20       return self._headers.getheaders(name)\n",
    )]);
    let got = depends(dir.path(), &["MockResponse.getheaders"]);
    assert!(
        got.contains(&"11 call self._headers.getheaders -> ?".to_string()),
        "{got:#?}"
    );
    let got = depends(dir.path(), &["MockResponse.__init__"]);
    assert!(
        got.contains(&"8 call extra.getheaders -> ?".to_string()),
        "{got:#?}"
    );
}
