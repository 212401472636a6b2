//! pytest's fixtures: a test's (or a fixture's) parameter named after a fixture holds
//! what the nearest fixture of that name returns or yields (its own module's, else the
//! deepest `conftest.py` above it), read alike with and without the index; pytest's
//! own fixtures are pytest's values in a module that imports pytest; any other
//! parameter is left unknown.

mod common;

use common::answers::{breaks_both_ways, calls};
use common::tree;

fn project() -> tempfile::TempDir {
    tree(&[
        (
            "mylib.py",
            "class Result:\n    def check(self):\n        pass\n\n\n\
             class CliRunner:\n    def invoke(self, cli) -> Result:\n        return Result()\n\n\n\
             class App:\n    def route(self, path):\n        pass\n\n    def runner(self) -> CliRunner:\n\
             \x20       return CliRunner()\n",
        ),
        (
            "tests/conftest.py",
            "import pytest\nfrom mylib import App, CliRunner\n\n\n\
             @pytest.fixture(scope=\"function\")\ndef runner(request):\n    return CliRunner()\n\n\n\
             @pytest.fixture\ndef made():\n    obj = CliRunner()\n    yield obj\n\n\n\
             @pytest.fixture\ndef app():\n    app = App()\n    return app\n\n\n\
             @pytest.fixture\ndef app_runner(app):\n    return app.runner()\n",
        ),
        (
            "tests/sub/conftest.py",
            "import pytest\nfrom mylib import App\n\n\n@pytest.fixture\ndef runner():\n    return App()\n",
        ),
        (
            "tests/test_a.py",
            "import pytest\n\n\n\
             def test_x(runner, made, app_runner, monkeypatch, tmp_path):\n\
             \x20   result = runner.invoke(None)\n\
             \x20   result.check()\n\
             \x20   made.invoke(None)\n\
             \x20   app_runner.invoke(None)\n\
             \x20   monkeypatch.setattr(\"a\", 1)\n\
             \x20   tmp_path.joinpath(\"x\")\n\n\n\
             class TestK:\n    def test_y(self, runner):\n        runner.invoke(None)\n\n\n\
             def helper(runner):\n    runner.invoke(None)\n",
        ),
        (
            "tests/sub/test_b.py",
            "def test_z(runner, monkeypatch):\n    runner.route(\"/\")\n    monkeypatch.setattr(\"a\", 1)\n",
        ),
    ])
}

#[test]
fn a_test_parameter_named_after_a_fixture_holds_what_the_fixture_gives() {
    let dir = project();
    assert_eq!(
        calls(dir.path(), &["test_x"]),
        [
            "5 call runner.invoke -> mylib.py:7",
            "6 call result.check -> mylib.py:2",
            "7 call made.invoke -> mylib.py:7",
            "8 call app_runner.invoke -> mylib.py:7",
            "9 call monkeypatch.setattr -> external:pytest",
            "10 call tmp_path.joinpath -> external:pathlib",
        ]
    );
    assert_eq!(
        calls(dir.path(), &["test_y"]),
        ["15 call runner.invoke -> mylib.py:7"]
    );
}

#[test]
fn the_nearest_fixture_wins_and_other_parameters_stay_unknown() {
    let dir = project();
    // `tests/sub/conftest.py` overrides `runner` below it; the module imports no
    // pytest, so `monkeypatch` may be anything.
    assert_eq!(
        calls(dir.path(), &["test_z"]),
        [
            "2 call runner.route -> mylib.py:12",
            "3 call monkeypatch.setattr -> ?",
        ]
    );
    // A helper's parameter is no fixture; both ways of answering agree.
    assert_eq!(
        breaks_both_ways(dir.path(), &["CliRunner.invoke"]),
        [
            "tests/test_a.py:5 definition",
            "tests/test_a.py:7 definition",
            "tests/test_a.py:8 definition",
            "tests/test_a.py:15 definition",
            "tests/test_a.py:19 unresolved",
        ]
    );
}
