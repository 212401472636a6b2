//! Python's type aliases (`RenderableType = Union[str, Text]`, a private
//! `_AnyCallable = t.Callable[..]`, `type Pair = ..`) and
//! the types `TypeVar` and `NewType` make (`T = TypeVar("T")`) are definitions that
//! imports and annotations resolve to, and a value typed with one of
//! `typing`'s container aliases (`List[str]`) has the builtin container's members.

mod common;

use common::answers::{calls, depends};
use common::tree;

/// The kinds of the symbols `find-symbol NAME` finds named exactly so.
fn symbol_kinds(dir: &std::path::Path, name: &str) -> Vec<String> {
    let (code, recs) = common::json_run(dir, &["find-symbol", name]);
    assert_eq!(code, 0, "{recs:?}");
    common::answers::data(&recs, "symbol")
        .into_iter()
        .filter(|s| s["name"] == name)
        .map(|s| s["kind"].as_str().unwrap_or("").to_string())
        .collect()
}

fn project() -> tempfile::TempDir {
    tree(&[
        (
            "pkg/console.py",
            "from typing import Deque, List, TypeAlias, Union\n\n\
             DEFAULT_WIDTH = 80\n\
             RenderableType = Union[str, \"Text\"]\n\
             StyleType: TypeAlias = \"str | Style\"\n\
             type Pair = tuple[int, int]\n\
             Handler = handlers[\"x\"]\n\n\n\
             def render(items: List[RenderableType], queue: Deque[Pair]) -> StyleType:\n\
             \x20   items.append(\"x\")\n\
             \x20   queue.popleft()\n\
             \x20   return \"\"\n",
        ),
        (
            "pkg/layout.py",
            "from .console import RenderableType\n\n\n\
             def update(renderable: RenderableType) -> None:\n\
             \x20   pass\n",
        ),
    ])
}

#[test]
fn type_aliases_are_definitions_imports_and_annotations_reach() {
    let dir = project();
    assert_eq!(
        depends(dir.path(), &["update"]),
        ["4 type_use RenderableType -> pkg/console.py:4"]
    );
}

#[test]
fn a_value_typed_with_a_typing_container_has_the_builtin_containers_members() {
    let dir = project();
    assert_eq!(
        depends(dir.path(), &["render"]),
        [
            "10 type_use List -> external:typing",
            "10 type_use RenderableType -> pkg/console.py:4",
            "10 type_use Deque -> external:typing",
            "10 type_use Pair -> pkg/console.py:6",
            "10 type_use StyleType -> pkg/console.py:5",
            "11 call items.append -> external:builtins",
            "12 call queue.popleft -> external:collections",
        ]
    );
    // A capitalised name given an entry of a mapping is a value, no alias.
    assert_eq!(symbol_kinds(dir.path(), "Handler"), ["variable"]);
}

#[test]
fn a_value_annotated_optional_union_with_none_or_type_of_a_class_has_that_class_s_members() {
    let dir = tree(&[(
        "app.py",
        "import typing as t\nfrom typing import Optional, Union, Type\n\n\
         class Resp:\n    def force(self):\n        return 1\n\n\
         class Other:\n    def force(self):\n        return 2\n\n\
         def f(a: Optional[Resp], b: t.Optional[Resp], c: Union[None, Resp], d: Type[Resp],\n\
         \x20     e: \"Resp | None\", g: type[Resp], h: Union[Resp, Other]):\n\
         \x20   a.force()\n    b.force()\n    c.force()\n    d.force()\n    e.force()\n    g.force()\n\
         \x20   h.force()\n",
    )]);
    // They were the members of `typing`'s `Optional`, `Union` and `Type`, or of the
    // builtin `type` (`external`); a union of two classes is either's.
    let calls = calls(dir.path(), &["f"]);
    assert_eq!(
        calls,
        [
            "14 call a.force -> app.py:5",
            "15 call b.force -> app.py:5",
            "16 call c.force -> app.py:5",
            "17 call d.force -> app.py:5",
            "18 call e.force -> app.py:5",
            "19 call g.force -> app.py:5",
            "20 call h.force -> ?",
        ]
    );
}

#[test]
fn a_type_variable_or_new_type_is_a_type_annotations_reach() {
    let dir = tree(&[(
        "ids.py",
        "import typing\nfrom typing import NewType\n\n\
         T = typing.TypeVar(\"T\", bound=\"Box\")\n\
         TaskID = NewType(\"TaskID\", int)\n\n\n\
         class Box:\n\
         \x20   def __enter__(self: T) -> T:\n        return self\n\n\
         \x20   def task(self) -> TaskID:\n        return TaskID(1)\n",
    )]);
    assert_eq!(
        depends(dir.path(), &["Box.__enter__"]),
        ["9 type_use T -> ids.py:4", "9 type_use T -> ids.py:4"]
    );
    assert_eq!(
        depends(dir.path(), &["Box.task"]),
        [
            "12 type_use TaskID -> ids.py:5",
            "13 call TaskID -> ids.py:5"
        ]
    );
    assert_eq!(symbol_kinds(dir.path(), "T"), ["type"]);
    assert_eq!(symbol_kinds(dir.path(), "TaskID"), ["type"]);
}

#[test]
fn a_private_type_alias_is_a_type_annotations_reach() {
    let dir = tree(&[(
        "decorators.py",
        "import typing as t\n\n\
         _AnyCallable = t.Callable[..., t.Any]\n\
         _registry = dict()\n\n\n\
         def command(f: _AnyCallable) -> _AnyCallable:\n\
         \x20   return f\n",
    )]);
    assert_eq!(symbol_kinds(dir.path(), "_AnyCallable"), ["type"]);
    assert_eq!(symbol_kinds(dir.path(), "_registry"), ["variable"]);
    assert_eq!(
        depends(dir.path(), &["command"]),
        [
            "7 type_use _AnyCallable -> decorators.py:3",
            "7 type_use _AnyCallable -> decorators.py:3",
        ]
    );
}

#[test]
fn a_module_variable_that_renames_a_type_is_that_type_where_a_type_is_named() {
    let dir = tree(&[
        ("pkg/__init__.py", ""),
        (
            "pkg/compat.py",
            "from collections import OrderedDict\n\n\
             str = str\n\
             JSONDict = dict\n\
             Ordered = OrderedDict\n\
             basestring = (str, bytes)\n\
             A = B\n\
             B = A\n",
        ),
        (
            "pkg/utils.py",
            "from .compat import str, JSONDict, Ordered, basestring, A\n\n\n\
             def load(url: str, body: JSONDict, order: Ordered, other: basestring, a: A) -> str:\n\
             \x20   return str(url)\n",
        ),
    ]);
    assert_eq!(
        depends(dir.path(), &["load"]),
        [
            "4 type_use str -> external:builtins",
            "4 type_use JSONDict -> external:builtins",
            "4 type_use Ordered -> external:collections",
            "4 type_use basestring -> ?",
            "4 type_use A -> ?",
            "4 type_use str -> external:builtins",
            "5 call str -> pkg/compat.py:3",
        ]
    );
}
