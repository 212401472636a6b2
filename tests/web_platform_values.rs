//! JavaScript and TypeScript on the web platform: `Request`, `Response`, `Headers`,
//! Web Crypto and the DOM's element types are globals, and a field of a platform value
//! whose fields are all the platform's (`request.headers`, `crypto.subtle`,
//! `(await fetch(u)).headers`) has the platform's methods, whatever the tree names
//! alike. A field that may hold any value (`signal.reason`) stays unresolved, and a
//! tree's own `Request` or `crypto` is the tree's. The type parameters of a function
//! bound to a name (`const f = <T>(x: T) =>`) and of a type whose header runs over
//! several lines are the definition's own names, no uses of anything.

mod common;

use common::answers::{calls, depends, has_all};
use common::tree;

#[test]
fn a_function_value_s_or_a_long_headed_class_s_type_parameters_are_no_uses() {
    let dir = tree(&[(
        "src/hooks.ts",
        "export class Ref {}\n\
         export const forwardRef = <T, P = {}>(c: (p: P) => T, r: Ref): T => {\n\
         \x20 return c({} as P)\n\
         }\n\
         const h = function <Q>(q: Q, r: Ref): Q { return q }\n\
         export class Hono<\n\
         \x20 E extends object = {},\n\
         \x20 BasePath extends string = '/',\n\
         > {\n\
         \x20 route(e: E, p: BasePath, r: Ref): E { return e }\n\
         }\n",
    )]);
    // Before, each `T`, `P`, `Q`, `E` and `BasePath` was an unresolved type use too.
    assert_eq!(
        depends(dir.path(), &["forwardRef"]),
        ["2 type_use Ref -> src/hooks.ts:1"]
    );
    assert_eq!(
        depends(dir.path(), &["h"]),
        ["5 type_use Ref -> src/hooks.ts:1"]
    );
    assert_eq!(
        depends(dir.path(), &["Hono.route"]),
        ["10 type_use Ref -> src/hooks.ts:1"]
    );
}

#[test]
fn the_web_platform_s_types_are_globals() {
    let dir = tree(&[(
        "src/handler.ts",
        "export async function handle(req: Request, key: CryptoKey): Promise<Response> {\n\
         \x20 const h = new Headers()\n\
         \x20 return new Response(null, { headers: h })\n\
         }\n",
    )]);
    // Before, `Request`, `CryptoKey`, `Response` and `Headers` were unresolved.
    assert_eq!(
        depends(dir.path(), &["handle"]),
        [
            "1 type_use Request -> external:globals",
            "1 type_use CryptoKey -> external:globals",
            "1 type_use Promise -> external:globals",
            "1 type_use Response -> external:globals",
            "2 call Headers -> external:globals",
            "3 call Response -> external:globals",
        ]
    );
}

#[test]
fn a_field_of_a_request_or_response_has_the_platform_s_methods() {
    let dir = tree(&[
        (
            "src/store.ts",
            "export class Store {\n\
             \x20 get(k: string) { return k }\n\
             \x20 indexOf(k: string) { return 0 }\n\
             \x20 json() { return {} }\n\
             \x20 importKey() {}\n\
             \x20 describe() {}\n\
             }\n",
        ),
        (
            "src/req.ts",
            "export class Req {\n\
             \x20 raw: Request\n\
             \x20 header(name: string) {\n\
             \x20   this.raw.headers.get(name)\n\
             \x20   this.raw.url.indexOf('/')\n\
             \x20   this.raw.signal.reason.describe()\n\
             \x20 }\n\
             }\n\
             export async function load(request: Request, u: string) {\n\
             \x20 request.headers.get('a')\n\
             \x20 const url = request.url\n\
             \x20 url.indexOf('/')\n\
             \x20 const res = await fetch(u)\n\
             \x20 res.headers.get('b')\n\
             \x20 await res.json()\n\
             \x20 await crypto.subtle.importKey('raw', u)\n\
             }\n",
        ),
    ]);
    // Before, every one was unresolved, and `what-breaks Store.get` listed them as
    // uses by name.
    assert_eq!(
        calls(dir.path(), &["Req.header"]),
        [
            "4 call this.raw.headers.get -> external:globals",
            "5 call this.raw.url.indexOf -> external:globals",
            // `reason` may hold any value, the tree's `Store` among them.
            "6 call this.raw.signal.reason.describe -> ?",
        ]
    );
    assert_eq!(
        calls(dir.path(), &["load"]),
        [
            "10 call request.headers.get -> external:globals",
            "12 call url.indexOf -> external:globals",
            "13 call fetch -> external:globals",
            "14 call res.headers.get -> external:globals",
            "15 call res.json -> external:globals",
            "16 call crypto.subtle.importKey -> external:globals",
        ]
    );
}

#[test]
fn a_tree_s_own_request_or_crypto_is_not_the_platform_s() {
    let dir = tree(&[
        (
            "src/model.ts",
            "export class Request {\n  headers: Store\n}\n\
             export class Store {\n  get(k: string) { return k }\n  subtle: Store\n}\n",
        ),
        (
            "src/use.ts",
            "import { Request, Store } from './model'\n\n\
             export function run(request: Request, crypto: Store) {\n\
             \x20 request.headers.get('a')\n\
             \x20 crypto.subtle.get('b')\n\
             }\n",
        ),
    ]);
    has_all(
        &calls(dir.path(), &["run"]),
        &[
            "4 call request.headers.get -> src/model.ts:5",
            "5 call crypto.subtle.get -> src/model.ts:5",
        ],
    );
}
