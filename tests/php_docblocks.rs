//! PHP properties and parameters typed only by their docblock (`/** @var IOInterface
//! */ protected $io;`, `@param IOInterface $io`) have that type, unless the docblock names no one class (`mixed`, a union,
//! a generic) or a type parameter of the class (`@template TModel`). A method that
//! no type of the tree declares on an interface, but a class of the tree that
//! implements it does, is not taken for the library interface's the contract extends.
//! A constructor's promoted parameter (`__construct(private Io $io)`) is a property.

mod common;

use common::answers::{breaks_both_ways, calls};
use common::tree;

#[test]
fn a_property_typed_by_its_docblock_has_that_type() {
    let dir = tree(&[
        (
            "IO.php",
            "<?php\nnamespace App;\n\ninterface IOInterface\n{\n\
             \x20   public function writeError(string $m): void;\n}\n",
        ),
        (
            "Helper.php",
            "<?php\nnamespace App;\n\n\
             /**\n * @template TModel of IOInterface\n */\n\
             class Helper\n{\n\
             \x20   /** @var IOInterface */\n    protected $io;\n\
             \x20   /**\n     * @var \\App\\IOInterface|null the io\n     */\n    private $nullable;\n\
             \x20   /** @var mixed */\n    private $any;\n\
             \x20   /** @var TModel */\n    private $model;\n\n\
             \x20   public function run(): void\n    {\n\
             \x20       $this->io->writeError('a');\n\
             \x20       $this->nullable->writeError('b');\n\
             \x20       $this->any->writeError('c');\n\
             \x20       $this->model->writeError('d');\n    }\n}\n",
        ),
    ]);
    assert_eq!(
        calls(dir.path(), &["Helper.run"]),
        [
            "22 call $this->io.writeError -> IO.php:6",
            "23 call $this->nullable.writeError -> IO.php:6",
            "24 call $this->any.writeError -> ?",
            "25 call $this->model.writeError -> ?",
        ]
    );
}

#[test]
fn a_method_only_an_implementing_class_declares_is_not_the_library_interface_s() {
    let dir = tree(&[
        (
            "Contracts/Application.php",
            "<?php\nnamespace App\\Contracts;\n\nuse Psr\\Container\\ContainerInterface;\n\n\
             interface Application extends ContainerInterface\n{\n\
             \x20   public function version(): string;\n}\n",
        ),
        (
            "Foundation/Application.php",
            "<?php\nnamespace App\\Foundation;\n\n\
             use App\\Contracts\\Application as Contract;\n\n\
             class Application implements Contract\n{\n\
             \x20   public function version(): string { return '1'; }\n\
             \x20   public function configurationIsCached(): bool { return false; }\n\
             \x20   public function get(string $id) { return null; }\n}\n",
        ),
        (
            "Provider.php",
            "<?php\nnamespace App;\n\nuse App\\Contracts\\Application;\n\n\
             class Provider\n{\n\
             \x20   private Application $app;\n\n\
             \x20   public function boot(): void\n    {\n\
             \x20       $this->app->version();\n\
             \x20       $this->app->configurationIsCached();\n\
             \x20       $this->app->has('x');\n    }\n}\n",
        ),
    ]);
    // `has` is the library interface's as far as the tree shows; `get` would be too,
    // but `configurationIsCached` only the implementing class has.
    assert_eq!(
        calls(dir.path(), &["Provider.boot"]),
        [
            "12 call $this->app.version -> Contracts/Application.php:8",
            "13 call $this->app.configurationIsCached -> ?",
            "14 call $this->app.has -> external:Psr\\Container",
        ]
    );
}

#[test]
fn a_promoted_constructor_parameter_is_a_property_of_its_type() {
    let dir = tree(&[(
        "Provider.php",
        "<?php\nnamespace App;\n\nclass Io\n{\n    public function write(): void {}\n}\n\n\
         class Provider\n{\n\
         \x20   public function __construct(private Io $io, protected readonly Io $other, $plain) {}\n\n\
         \x20   public function boot(): void\n    {\n\
         \x20       $this->io->write();\n\
         \x20       $this->other->write();\n\
         \x20       $this->plain->write();\n    }\n}\n",
    )]);
    assert_eq!(
        calls(dir.path(), &["Provider.boot"]),
        [
            "15 call $this->io.write -> Provider.php:6",
            "16 call $this->other.write -> Provider.php:6",
            "17 call $this->plain.write -> ?",
        ]
    );
    // A question about `write` reads the constructor, whose text never names it,
    // for the properties its parameters declare, with the index or without.
    assert_eq!(
        breaks_both_ways(dir.path(), &["Io.write"]),
        [
            "Provider.php:15 definition",
            "Provider.php:16 definition",
            "Provider.php:17 unresolved"
        ]
    );
}

#[test]
fn a_parameter_typed_by_its_function_s_docblock_has_that_type() {
    let dir = tree(&[(
        "Runner.php",
        "<?php\nnamespace App;\n\nclass Io\n{\n    public function write(): void {}\n}\n\n\
         class Runner\n{\n\
         \x20   /**\n\
         \x20    * @param Io         $io   the io\n\
         \x20    * @param string|Io  $either\n\
         \x20    * @param \\App\\Io|null $maybe\n\
         \x20    */\n\
         \x20   public function run($io, $either, $maybe, $bare): void\n    {\n\
         \x20       $io->write();\n\
         \x20       $either->write();\n\
         \x20       $maybe->write();\n\
         \x20       $bare->write();\n    }\n}\n",
    )]);
    assert_eq!(
        calls(dir.path(), &["Runner.run"]),
        [
            "18 call $io.write -> Runner.php:6",
            "19 call $either.write -> ?",
            "20 call $maybe.write -> Runner.php:6",
            "21 call $bare.write -> ?",
        ]
    );
}
