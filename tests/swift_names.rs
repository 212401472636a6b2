//! What Swift code names: the locals a `switch` case binds, the type parameters an
//! extension keeps in scope, a protocol's associated types, the language's
//! attributes, the cases of an enum, and the library protocols that lend a type no
//! members.

mod common;

use common::answers::depends;
use common::tree;

fn project() -> tempfile::TempDir {
    tree(&[
        (
            "Sources/Serializer.swift",
            "import Foundation\n\n\
             final class Serializer {\n  func string() -> String { \"\" }\n}\n",
        ),
        (
            "Sources/Message.swift",
            "import Foundation\n\n\
             enum Message {\n  case string(String)\n  case custom((String) -> Data)\n}\n\n\
             func decode(_ m: Message, key: String) -> Data {\n\
             \x20 switch m {\n\
             \x20 case let .string(string):\n    return Data(string.utf8)\n\
             \x20 case .custom(let encoding):\n    return encoding(key)\n\
             \x20 }\n}\n",
        ),
        (
            "Sources/Auth.swift",
            "import Foundation\n\n\
             public protocol Authenticator: AnyObject, Sendable {\n\
             \x20 associatedtype Credential\n\
             \x20 func apply(_ credential: Credential, to request: URLRequest)\n}\n\n\
             public enum AuthError: LocalizedError {\n  case expired(reason: String)\n}\n\n\
             @available(macOS 10.15, iOS 13, *)\n\
             @discardableResult\n\
             func fail(_ h: @escaping @Sendable (Message) async -> Void) -> AuthError {\n\
             \x20 return AuthError.expired(reason: \"late\")\n}\n",
        ),
    ])
}

#[test]
fn the_names_a_switch_case_binds_are_its_locals() {
    let dir = project();
    // `string` was tied to the method `Serializer.string`, `encoding` called an
    // external function.
    assert_eq!(
        depends(dir.path(), &["decode"]),
        [
            "8 type_use Message -> Sources/Message.swift:3",
            "8 type_use String -> external:Swift",
            "8 type_use Data -> external:",
            "11 call Data -> external:",
        ]
    );
}

#[test]
fn an_associated_type_is_the_protocols_and_marker_protocols_lend_no_module() {
    let dir = project();
    // `AnyObject` and `Sendable` declare nothing: `URLRequest` is not taken for a
    // member of the Swift module they belong to.
    assert_eq!(
        depends(dir.path(), &["Authenticator.apply"]),
        [
            "5 type_use Credential -> Sources/Auth.swift:4",
            "5 type_use URLRequest -> external:",
        ]
    );
}

#[test]
fn attributes_are_the_languages_and_an_enums_case_is_no_library_member() {
    let dir = project();
    assert_eq!(
        depends(dir.path(), &["fail"]),
        [
            "12 annotation available -> external:Swift",
            "13 annotation discardableResult -> external:Swift",
            "14 annotation Sendable -> external:Swift",
            "14 type_use Message -> Sources/Message.swift:3",
            "14 type_use Void -> external:Swift",
            "14 type_use AuthError -> Sources/Auth.swift:8",
            "15 reference AuthError -> Sources/Auth.swift:8",
            // A case of the enum, not a member of `LocalizedError`.
            "15 call AuthError.expired -> ?",
        ]
    );
}

#[test]
fn an_argument_label_names_no_method() {
    let dir = tree(&[(
        "Sources/Task.swift",
        "final class Task {\n  func didComplete() {}\n  func request() {}\n\n\
         \x20 func finish(monitor: Monitor) {\n\
         \x20   monitor.notify(didComplete: true, request: nil)\n  }\n}\n",
    )]);
    // The labels were references to the methods of their names.
    assert_eq!(
        depends(dir.path(), &["Task.finish"]),
        [
            "5 type_use Monitor -> external:",
            "6 call monitor.notify -> external:",
        ]
    );
}

#[test]
fn an_extension_keeps_the_extended_types_parameters_in_scope() {
    let dir = tree(&[(
        "K.swift",
        "struct Key {}\n\
         final class Box<Key> {\n\
         \x20 var k: Key?\n\
         }\n\
         extension Box {\n\
         \x20 func put(_ key: Key) -> Int { return 1 }\n\
         }\n\
         struct Plain {}\n\
         extension Plain {\n\
         \x20 func get(_ key: Key) {}\n\
         }\n",
    )]);
    // Before, `Key` in the extension of `Box<Key>` was the struct `Key`.
    assert_eq!(
        depends(dir.path(), &["Box.put"]),
        ["6 type_use Int -> external:Swift"]
    );
    assert_eq!(
        depends(dir.path(), &["Plain.get"]),
        ["10 type_use Key -> K.swift:1"]
    );
}
