//! What a few functions of Python's standard library give is of a type of one module
//! whatever their arguments (`logging.getLogger(..)`, `hashlib.sha256(..)`,
//! `re.compile(..)`, `base64.b64encode(..)`, `open(..)` entered with `with`), so a
//! method called on it is that module's; a function whose result depends on its
//! arguments (`json.loads`, `copy.copy`) gives nothing known.

mod common;

use common::answers::calls;
use common::tree;

#[test]
fn a_method_of_what_a_listed_standard_library_function_gives_is_that_module_s() {
    let dir = tree(&[(
        "tool.py",
        "import base64\nimport copy\nimport hashlib\nimport json\nimport logging\nimport re\n\
         from datetime import datetime\n\n\
         logger = logging.getLogger(__name__)\n\n\n\
         def digest(data: bytes, path: str):\n\
         \x20   logger.info(\"x\")\n\
         \x20   base64.b64encode(data).decode(\"ascii\")\n\
         \x20   hashlib.sha256(data).hexdigest()\n\
         \x20   pattern = re.compile(\"a+\")\n\
         \x20   pattern.match(path).end()\n\
         \x20   datetime.now().isoformat()\n\
         \x20   with open(path) as fh:\n\
         \x20       fh.read()\n\
         \x20   json.loads(path).save()\n\
         \x20   copy.copy(path).save()\n",
    )]);
    assert_eq!(
        calls(dir.path(), &["digest"]),
        [
            "13 call logger.info -> external:logging",
            "14 call base64.b64encode -> external:base64",
            "14 call base64.b64encode(data).decode -> external:builtins",
            "15 call hashlib.sha256 -> external:hashlib",
            "15 call hashlib.sha256(data).hexdigest -> external:hashlib",
            "16 call re.compile -> external:re",
            "17 call pattern.match -> external:re",
            "17 call pattern.match(path).end -> external:re",
            "18 call datetime.now -> external:datetime",
            "18 call datetime.now().isoformat -> external:datetime",
            "19 call open -> external:builtins",
            "20 call fh.read -> external:io",
            "21 call json.loads -> external:json",
            "21 call json.loads(path).save -> ?",
            "22 call copy.copy -> external:copy",
            "22 call copy.copy(path).save -> ?",
        ]
    );
}
