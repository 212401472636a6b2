//! Swift's members: named bare only inside their own type, its extensions and the
//! types that inherit or conform to it, never from another type; a type written in
//! parentheses (`(any P)?`) is the type inside; a function's declared return type; an
//! argument label or an implicit member (`.retry`) is no use of a namesake.

mod common;

use common::answers::{depends, has_all};
use common::tree;

#[test]
fn a_swift_bare_name_is_its_own_type_s_member_never_another_type_s() {
    let dir = tree(&[(
        "a.swift",
        "protocol EM { func ping() }\nclass Req {\n    func eventMonitor(_ m: EM) -> Req { return self }\n\
         \x20   func other() {}\n}\nclass SD {\n    var eventMonitor: (any EM)?\n    func own() {}\n}\n\
         extension SD {\n    func go() {\n        eventMonitor?.ping()\n        other()\n        own()\n    }\n}\n\
         protocol P { func req() }\nextension P {\n    func helper() {}\n}\n\
         class C: P {\n    func req() {}\n}\nextension C {\n    func fromExt() { helper(); req() }\n}\n\
         func top() { other() }\n",
    )]);
    // `other()` was `Req.other`, a method of an unrelated class, and `eventMonitor` in
    // the extension `Req`'s method of that name.
    let go = depends(dir.path(), &["a.swift::SD.go#method"]);
    has_all(
        &go,
        &[
            "12 call eventMonitor.ping -> a.swift:1",
            "13 call other -> external:",
            "14 call own -> a.swift:8",
        ],
    );
    assert!(!go.iter().any(|d| d.contains("a.swift:3")), "{go:#?}");
    has_all(
        &depends(dir.path(), &["C.fromExt"]),
        &["25 call helper -> a.swift:19", "25 call req -> a.swift:22"],
    );
    has_all(
        &depends(dir.path(), &["top"]),
        &["27 call other -> external:"],
    );
}

#[test]
fn a_swift_value_has_the_type_its_function_returns_or_its_parentheses_hold() {
    let dir = tree(&[(
        "b.swift",
        "protocol RD { func cleanup() }\nclass Req { func run() {} }\nclass Rq {\n\
         \x20   weak var delegate: (any RD)?\n    func mk() async throws -> Req? { return nil }\n\
         \x20   func finish() async throws {\n        delegate?.cleanup()\n\
         \x20       let d = try await mk()\n        d?.run()\n    }\n}\n",
    )]);
    has_all(
        &depends(dir.path(), &["Rq.finish"]),
        &[
            "7 call delegate.cleanup -> b.swift:1",
            "8 call mk -> b.swift:5",
            "9 call d.run -> b.swift:2",
        ],
    );
}

#[test]
fn a_swift_trailing_closure_is_one_of_the_call_s_arguments() {
    let dir = tree(&[(
        "a.swift",
        "class K {\n    func v(_ a: () -> Void) {}\n    func v() {}\n    func v(b: Int, _ a: () -> Void) {}\n\
         \x20   func go() {\n        v { }\n        v()\n        v(b: 1) { }\n    }\n}\n",
    )]);
    // A trailing closure was not counted: `v { }` was `v()`, a wrong answer.
    has_all(
        &depends(dir.path(), &["K.go"]),
        &[
            "6 call v -> a.swift:2",
            "7 call v -> a.swift:3",
            "8 call v -> a.swift:4",
        ],
    );
}

#[test]
fn a_swift_call_is_the_method_beside_a_property_of_its_name_not_the_property() {
    let dir = tree(&[(
        "a.swift",
        "func handler() {}\nclass DR {\n    var response: Int = 0\n    var handler: () -> Void = {}\n\
         \x20   func response(queue: Int) -> DR { return self }\n\
         \x20   func go() {\n        response(queue: 1)\n        handler()\n    }\n}\n",
    )]);
    // The call was taken for the property, so what-breaks left it out.
    let got = depends(dir.path(), &["DR.go"]);
    has_all(&got, &["7 call response -> a.swift:5"]);
    // A property holding a closure hides the global function of its name.
    assert!(!got.iter().any(|d| d.contains("a.swift:1")), "{got:#?}");
}

#[test]
fn a_swift_argument_label_or_implicit_member_is_no_use_of_a_namesake() {
    let dir = tree(&[(
        "a.swift",
        "enum RetryResult { case retry; case doNotRetry }\n\
         class I {\n\
         \x20   func retry(_ r: Int, dueTo e: Int) {}\n\
         \x20   func run(result: RetryResult, completion: (RetryResult) -> Void) {\n\
         \x20       switch result {\n\
         \x20       case .retry, .doNotRetry:\n\
         \x20           completion(.retry)\n\
         \x20       }\n\
         \x20       retry(1, dueTo: 2)\n\
         \x20   }\n\
         \x20   func request(_ request: Int, retry task: Int) {}\n\
         }\n",
    )]);
    // `case .retry` and `completion(.retry)` name the enum's case, and `retry task:` is
    // the label of an argument: each was taken for the method `retry`.
    let run = depends(dir.path(), &["I.run"]);
    has_all(&run, &["9 call retry -> a.swift:3"]);
    assert!(
        !run.iter()
            .any(|d| d.contains("a.swift:3") && !d.starts_with("9 ")),
        "{run:#?}"
    );
    let request = depends(dir.path(), &["I.request"]);
    assert!(
        !request.iter().any(|d| d.contains("a.swift:3")),
        "{request:#?}"
    );
}
