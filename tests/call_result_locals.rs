//! Locals given the result of a call take the type its callee declares it returns,
//! wherever the callee's header writes it (a return type below the parameters, as
//! formatters lay out long headers), and no type where two locals of one name share
//! a scope with different values.

mod common;

use common::answers::uses;
use common::{json_run as json, tree};

fn breaks(dir: &std::path::Path, target: &str) -> Vec<String> {
    let (code, recs) = json(dir, &["what-breaks", target]);
    assert_eq!(code, 0, "{recs:?}");
    let (_, fresh) = json(dir, &["what-breaks", target, "--no-index"]);
    assert_eq!(uses(&recs), uses(&fresh), "index and --no-index disagree");
    uses(&recs)
}

#[test]
fn a_return_type_below_the_parameters_types_the_result() {
    let dir = tree(&[
        (
            "src/source.ts",
            "export class Repository<E> {\n  save(e: E): E { return e }\n}\n\
             export class Other {\n  save(e: number): number { return e }\n}\n\
             export class DataSource {\n  getRepository<E>(\n    target: E,\n  ): Repository<E> {\n\
             \x20   return new Repository<E>()\n  }\n}\n",
        ),
        (
            "src/use.ts",
            "import { DataSource } from './source'\n\
             export function run(ds: DataSource) {\n  const repo = ds.getRepository(1)\n  repo.save(2)\n}\n",
        ),
        (
            "src/Store.java",
            "class Store {\n  Store open(String name) { return this; }\n\
             \x20 Store open(\n      String name,\n      int size) { return this; }\n\
             \x20 Store open(\n      String name,\n      int size,\n      int mode) { return this; }\n\
             \x20 void use() {\n    open(\"a\", 1);\n  }\n}\n",
        ),
    ]);
    assert_eq!(
        breaks(dir.path(), "Repository.save"),
        ["src/use.ts:4 definition"]
    );
    // Java's parameters counted across the lines of the header: of three overloads,
    // the call fits the one of two.
    let (code, recs) = json(dir.path(), &["what-depends", "Store.use"]);
    assert_eq!(code, 0, "{recs:?}");
    assert_eq!(
        common::answers::deps(&recs),
        ["11 call open -> src/Store.java:3"]
    );
}

#[test]
fn locals_of_one_name_in_two_callbacks_with_different_values_have_no_one_type() {
    let dir = tree(&[
        (
            "src/source.ts",
            "export class Repository {\n  save(e: number): number { return e }\n}\n\
             export class MongoRepository {\n  save(e: number): number { return e }\n}\n\
             export class DataSource {\n  getRepository(): Repository { return new Repository() }\n\
             \x20 getMongoRepository(): MongoRepository { return new MongoRepository() }\n}\n",
        ),
        (
            "test/a.test.ts",
            "import { DataSource } from '../src/source'\n\
             describe('x', () => {\n  let ds: DataSource\n  before(() => { ds = open() })\n\
             \x20 it('a', () => {\n    const repo = ds.getRepository()\n    repo.save(1)\n  })\n\
             \x20 it('b', () => {\n    const repo = ds.getMongoRepository()\n    repo.save(2)\n  })\n\
             \x20 it('c', () => {\n    const same = ds.getRepository()\n    same.save(3)\n  })\n\
             \x20 it('d', () => {\n    const same = ds.getRepository()\n    same.save(4)\n  })\n})\n",
        ),
    ]);
    // `repo` is one or the other: by name under both; `same` is a Repository in both
    // callbacks, and `ds` keeps its declared type whatever is assigned to it later.
    assert_eq!(
        breaks(dir.path(), "Repository.save"),
        [
            "test/a.test.ts:7 unresolved",
            "test/a.test.ts:11 unresolved",
            "test/a.test.ts:15 definition",
            "test/a.test.ts:19 definition",
        ]
    );
    assert_eq!(
        breaks(dir.path(), "MongoRepository.save"),
        [
            "test/a.test.ts:7 unresolved",
            "test/a.test.ts:11 unresolved",
        ]
    );
}
