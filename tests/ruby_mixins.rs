//! A Ruby module's instance methods call the methods of the classes that include it:
//! `halt` written bare in `module Helpers` is `Base#halt` when `class Base` does
//! `include Helpers`. Only an answer every including class agrees on is given. A
//! method written in `class << self` is the class's own, as `def self.x` is: never
//! what an object calls.

mod common;

use common::answers::{breaks_both_ways, depends};
use common::tree;

fn mixin_tree() -> tempfile::TempDir {
    tree(&[
        (
            "lib/helpers.rb",
            "module Helpers\n  def redirect(uri)\n    halt(uri)\n    settings\n    helper_only\n  end\n\n\
             \x20 def self.build\n    halt(1)\n  end\n\n  def helper_only\n    1\n  end\nend\n",
        ),
        (
            "lib/base.rb",
            "class Base\n  include Helpers\n\n  def self.settings\n    self\n  end\n\n\
             \x20 def settings\n    self.class.settings\n  end\n\n  def halt(r)\n    r\n  end\nend\n",
        ),
        (
            "lib/shared.rb",
            "module Shared\n  def stop\n    finish\n  end\nend\n\n\
             module Deep\n  include Shared\nend\n",
        ),
        (
            "lib/apps.rb",
            "class One\n  include Shared\n  def finish\n    1\n  end\nend\n\n\
             class Two\n  include Shared\n  def finish\n    2\n  end\nend\n",
        ),
        (
            "lib/nested.rb",
            "module Inner\n  def go\n    ready\n  end\nend\n\n\
             module Outer\n  include Inner\nend\n\n\
             class App\n  include Outer\n  def ready\n    true\n  end\nend\n",
        ),
        (
            "lib/lonely.rb",
            "module Lonely\n  def go\n    nowhere\n  end\nend\n",
        ),
    ])
}

#[test]
fn a_module_s_bare_call_is_the_method_of_the_class_that_includes_it() {
    let dir = mixin_tree();
    assert_eq!(
        depends(dir.path(), &["lib/helpers.rb:2"]),
        [
            "3 call halt -> lib/base.rb:12",
            // The instance's `settings`, not the class's `def self.settings`.
            "4 call settings -> lib/base.rb:8",
            // The module's own method first.
            "5 call helper_only -> lib/helpers.rb:12",
        ]
    );
    // In a `def self.` method, `self` is the module: no including class is asked.
    assert_eq!(
        depends(dir.path(), &["lib/helpers.rb:8"]),
        ["9 call halt -> ?"]
    );
    assert_eq!(
        breaks_both_ways(dir.path(), &["lib/base.rb:12"]),
        ["lib/helpers.rb:3 definition", "lib/helpers.rb:9 unresolved"]
    );
}

#[test]
fn a_module_s_bare_call_stays_unresolved_unless_its_including_classes_agree() {
    let dir = mixin_tree();
    // `Shared` is included by two classes with a `finish` each (and by a module no
    // class includes).
    assert_eq!(
        depends(dir.path(), &["lib/shared.rb:2"]),
        ["3 call finish -> ?"]
    );
    // Included by no class at all.
    assert_eq!(
        depends(dir.path(), &["lib/lonely.rb:2"]),
        ["3 call nowhere -> ?"]
    );
    // Through a module that includes it, to the class that includes that one.
    assert_eq!(
        depends(dir.path(), &["lib/nested.rb:2"]),
        ["3 call ready -> lib/nested.rb:13"]
    );
}

#[test]
fn a_method_in_class_self_is_the_class_s_own_not_its_objects() {
    let dir = tree(&[(
        "lib/base.rb",
        "module Helpers\n  def redirect\n    halt\n    settings\n  end\nend\n\n\
         class Base\n  include Helpers\n\n\
         \x20 class << self\n    def halt\n    end\n\n    def settings\n    end\n\n\
         \x20   def build\n      settings\n    end\n  end\n\n\
         \x20 def settings\n  end\n\n\
         \x20 def call\n    settings\n  end\nend\n",
    )]);
    // `halt` is the class's alone: no object of `Base` has it.
    assert_eq!(
        depends(dir.path(), &["Helpers.redirect"]),
        ["3 call halt -> ?", "4 call settings -> lib/base.rb:23"]
    );
    assert_eq!(
        depends(dir.path(), &["lib/base.rb:18"]),
        ["19 call settings -> lib/base.rb:15"]
    );
    assert_eq!(
        depends(dir.path(), &["Base.call"]),
        ["27 call settings -> lib/base.rb:23"]
    );
}
