//! C#'s `global using` directives hold in every file of their project (the files below
//! the directory of its `.csproj`), and implicit usings bring `System` and its common
//! namespaces into every file of a project that enables them. A library type is then
//! not known to come from the one namespace a file's own directives import, and a type
//! the file cannot be shown to see is not taken for one its library base class nests.
//! A type written outside every namespace is in the global namespace, which every
//! namespace sees.

mod common;

use common::answers::{breaks_both_ways, depends};
use common::tree;

fn project(name: &str, props: &str) -> String {
    format!("<Project Sdk=\"Microsoft.NET.Sdk\">\n  <PropertyGroup>{props}</PropertyGroup>\n</Project>\n<!-- {name} -->\n")
}

#[test]
fn a_global_using_holds_in_every_file_of_its_project_only() {
    let lib = project("Lib", "");
    let tests = project("Tests", "");
    let other = project("Other", "");
    let dir = tree(&[
        ("src/Lib/Lib.csproj", &lib),
        (
            "src/Lib/LogEvent.cs",
            "namespace Acme.Events;\n\npublic class LogEvent\n{\n    public void Render() { }\n}\n",
        ),
        ("test/Tests/Tests.csproj", &tests),
        (
            "test/Tests/GlobalUsings.cs",
            "global using Acme.Events;\nglobal using Xunit;\n",
        ),
        (
            "test/Tests/Logger/Sink.cs",
            "using System.Diagnostics;\n\nnamespace Acme.Tests;\n\n\
             public class Sink : IDisposable\n{\n\
             \x20   public void Dispose() { }\n\n\
             \x20   [Fact]\n\
             \x20   public void Write(LogEvent logEvent)\n    {\n        logEvent.Render();\n    }\n}\n",
        ),
        ("test/Other/Other.csproj", &other),
        (
            "test/Other/Probe.cs",
            "using System.Diagnostics;\n\nnamespace Acme.Other;\n\n\
             public class Probe : IDisposable\n{\n\
             \x20   public void Dispose() { }\n\n\
             \x20   public void Write(LogEvent logEvent)\n    {\n        logEvent.Render();\n    }\n}\n",
        ),
    ]);
    // `Fact` comes from `Xunit` or `System.Diagnostics`: from outside, no one knows
    // which namespace.
    assert_eq!(
        depends(dir.path(), &["test/Tests/Logger/Sink.cs:10"]),
        [
            "9 annotation Fact -> external:",
            "10 type_use LogEvent -> src/Lib/LogEvent.cs:3",
            "12 call logEvent.Render -> src/Lib/LogEvent.cs:5",
        ]
    );
    // Another project does not see them: its `LogEvent` is unknown, neither the tree's
    // class nor a type nested in `IDisposable`.
    assert_eq!(
        depends(dir.path(), &["test/Other/Probe.cs:9"]),
        ["9 type_use LogEvent -> ?", "11 call logEvent.Render -> ?",]
    );
    assert_eq!(
        breaks_both_ways(dir.path(), &["LogEvent.Render"]),
        [
            "test/Other/Probe.cs:11 unresolved",
            "test/Tests/Logger/Sink.cs:12 definition"
        ]
    );
}

#[test]
fn implicit_usings_leave_a_library_type_s_namespace_unknown() {
    let source = "using System.Diagnostics;\n\nnamespace Acme;\n\n\
                  public class Timing\n{\n\
                  \x20   public void Checks()\n    {\n        ActivityListener.Start();\n    }\n}\n";
    let dir = tree(&[
        (
            "app/Directory.Build.props",
            &project("props", "<ImplicitUsings>enable</ImplicitUsings>"),
        ),
        ("app/App.Tests/App.Tests.csproj", &project("App", "")),
        ("app/App.Tests/Timing.cs", source),
        ("plain/Plain.Tests.csproj", &project("Plain", "")),
        ("plain/Timing.cs", source),
    ]);
    // With implicit usings, `ActivityListener` may be `System`'s (or `System.IO`'s..)
    // as well as `System.Diagnostics`'; with only the file's own directive, it is that
    // namespace's.
    assert_eq!(
        depends(dir.path(), &["app/App.Tests/Timing.cs:7"]),
        ["9 call ActivityListener.Start -> external:"]
    );
    assert_eq!(
        depends(dir.path(), &["plain/Timing.cs:7"]),
        ["9 call ActivityListener.Start -> external:System.Diagnostics"]
    );
}

#[test]
fn a_type_outside_every_namespace_is_seen_from_every_namespace() {
    let dir = tree(&[
        (
            "Guard.cs",
            "namespace JetBrains.Annotations\n{\n    sealed class NoEnumerationAttribute { }\n}\n\n\
             static class Guard\n{\n    public static void AgainstNull(object o) { }\n}\n",
        ),
        (
            "Checks.cs",
            "static class Checks\n{\n    public static void Run() { }\n}\n",
        ),
        (
            "Json/Formatter.cs",
            "namespace Acme.Json;\n\nclass Formatter\n{\n\
             \x20   void Format(object o)\n    {\n\
             \x20       Guard.AgainstNull(o);\n        Checks.Run();\n    }\n}\n",
        ),
    ]);
    // `Guard` is not in `JetBrains.Annotations`, the namespace its file declares first.
    assert_eq!(
        depends(dir.path(), &["Formatter.Format"]),
        [
            "7 reference Guard -> Guard.cs:6",
            "7 call Guard.AgainstNull -> Guard.cs:8",
            "8 reference Checks -> Checks.cs:1",
            "8 call Checks.Run -> Checks.cs:3",
        ]
    );
}
