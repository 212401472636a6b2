//! JavaScript and TypeScript test files call their runner's globals (`describe`, `it`,
//! `expect(..)`, Vitest's `vi`, Jest's `jest`) without importing them: those are the
//! runner's that the nearest `package.json` above the file depends on. A name the file
//! binds, imports or defines is its own, and a package that depends on no runner, or
//! on both, leaves them unresolved.

mod common;

use common::answers::calls;
use common::tree;

const SPEC: &str = "export function suite() {\n\
                    \x20 describe('sum', () => {\n\
                    \x20   it('adds', () => {\n\
                    \x20     expect(sum(1, 2)).toBe(3)\n\
                    \x20     const spy = vi.fn()\n\
                    \x20     jest.fn()\n\
                    \x20   })\n\
                    \x20 })\n\
                    }\n\
                    function sum(a: number, b: number) { return a + b }\n";

#[test]
fn a_test_runner_s_globals_are_the_runner_s_its_package_depends_on() {
    let dir = tree(&[
        (
            "package.json",
            "{ \"name\": \"app\", \"devDependencies\": { \"vitest\": \"^4.0.0\" } }\n",
        ),
        ("src/sum.test.ts", SPEC),
    ]);
    // Before, each was unresolved.
    assert_eq!(
        calls(dir.path(), &["suite"]),
        [
            "2 call describe -> external:vitest",
            "3 call it -> external:vitest",
            "4 call expect -> external:vitest",
            "4 call sum -> src/sum.test.ts:10",
            "4 call expect(sum(1, 2)).toBe -> external:vitest",
            "5 call vi.fn -> external:vitest",
            // Jest's own object is no global of Vitest.
            "6 call jest.fn -> ?",
        ]
    );
}

#[test]
fn a_runner_s_global_the_file_defines_or_no_runner_is_not_the_runner_s() {
    let own = tree(&[
        (
            "package.json",
            "{ \"devDependencies\": { \"jest\": \"^29.0.0\" } }\n",
        ),
        (
            "src/own.test.ts",
            "function expect(v: number) { return v }\n\
             export function check() {\n  expect(1)\n  describe('x', () => {})\n}\n",
        ),
    ]);
    assert_eq!(
        calls(own.path(), &["check"]),
        [
            "3 call expect -> src/own.test.ts:1",
            "4 call describe -> external:jest",
        ]
    );
    let none = tree(&[
        ("package.json", "{ \"name\": \"app\" }\n"),
        (
            "src/a.test.ts",
            "export function check() {\n  describe('x', () => {})\n}\n",
        ),
    ]);
    assert_eq!(calls(none.path(), &["check"]), ["2 call describe -> ?"]);
}
