//! Shell: every command a function runs is one of its dependencies, also inside a
//! `$(..)` in a string; `command X` runs a builtin or a program even beside a function
//! named `X`; a command named by a variable names nothing.

mod common;

use common::answers::{breaks_both_ways, depends, has_all};
use common::tree;

const SCRIPT: &str = "\
#!/bin/bash
get_os() {
  uname -s
}

git() {
  command git \"$@\"
}

install() {
  local os
  os=\"$(get_os)\"
  TMP=\"$(dirname \"$1\")/files\"
  if [ \"$(get_os | tr A-Z a-z)\" = linux ]; then
    git clone \"$1\" | tail -1
  fi
  while read -r line; do echo \"$line\"; done < <(get_os)
  \\cd /tmp || return 1
  \"$RUNNER\" --flag
  ${HOOK} \"$os\"
  ./configure --prefix=/x
  builtin cd -
  command -v node >/dev/null
  return 0
}
";

#[test]
fn shell_commands_inside_substitutions_are_dependencies_and_command_x_is_never_a_function() {
    let dir = tree(&[("tools/install.sh", SCRIPT)]);
    let got = depends(dir.path(), &["install"]);
    has_all(
        &got,
        &[
            // A command substitution inside a string or an assignment runs its commands.
            "12 call get_os -> tools/install.sh:2",
            "13 call dirname -> external:",
            "14 call get_os -> tools/install.sh:2",
            "14 call tr -> external:",
            "15 call git -> tools/install.sh:6",
            "15 call tail -> external:",
            "17 call read -> external:bash",
            "17 call echo -> external:bash",
            // A process substitution too.
            "17 call get_os -> tools/install.sh:2",
            // The backslash turns aliases off, not functions.
            "18 call cd -> external:bash",
            "18 call return -> external:bash",
            // A path runs that program.
            "21 call ./configure -> external:",
            // `builtin cd` runs the builtin; `command -v` only looks a name up.
            "22 call cd -> external:bash",
            "23 call command -> external:bash",
            "24 call return -> external:bash",
        ],
    );
    // A command a variable names is no reference to anything.
    assert!(
        !got.iter()
            .any(|d| d.contains("RUNNER") || d.contains("HOOK")),
        "{got:#?}"
    );
    assert_eq!(got.len(), 15, "{got:#?}");
    // The wrapper function runs the program it wraps, not itself.
    has_all(&depends(dir.path(), &["git"]), &["7 call git -> external:"]);
}

#[test]
fn what_breaks_finds_a_shell_function_called_inside_a_string_and_not_behind_command() {
    let dir = tree(&[("tools/install.sh", SCRIPT)]);
    let uses = breaks_both_ways(dir.path(), &["get_os"]);
    assert_eq!(
        uses,
        [
            "tools/install.sh:12 definition",
            "tools/install.sh:14 definition",
            "tools/install.sh:17 definition",
        ],
        "{uses:?}"
    );
    // `command git` inside the wrapper is the program; the call on line 15 is the
    // wrapper's.
    let uses = breaks_both_ways(dir.path(), &["git"]);
    assert_eq!(uses, ["tools/install.sh:15 definition"], "{uses:?}");
}

#[test]
fn a_shell_function_a_sourced_file_may_redefine_is_unresolved() {
    let dir = tree(&[
        (
            "install.sh",
            "log() {\n  echo \"$@\"\n}\nonly_here() {\n  :\n}\ninstall() {\n  log start\n  only_here\n  \\. \"$(install_dir)/lib.sh\"\n  log done\n}\n",
        ),
        ("lib.sh", "log() {\n  printf '%s\\n' \"$*\"\n}\n"),
        (
            "os.sh",
            "log() {\n  echo \"$@\"\n}\nreport() {\n  OS=\"$(. /etc/os-release && echo \"$NAME\")\"\n  log \"$OS\"\n}\n",
        ),
    ]);
    // Which `log` runs depends on whether the call comes before the sourcing.
    has_all(
        &depends(dir.path(), &["install"]),
        &[
            "8 call log -> ?",
            "9 call only_here -> install.sh:4",
            "10 call . -> external:bash",
            "11 call log -> ?",
        ],
    );
    // A file sourced inside a subshell, or one outside the tree, changes nothing.
    has_all(
        &depends(dir.path(), &["report"]),
        &["6 call log -> os.sh:1"],
    );
}
