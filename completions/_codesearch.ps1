
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'codesearch' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'codesearch'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'codesearch' {
            [CompletionResult]::new('--type-list', '--type-list', [CompletionResultType]::ParameterName, 'Show every supported language with the globs that select its files, then exit')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('build-index', 'build-index', [CompletionResultType]::ParameterValue, 'The map: the tree of files that survive the walker (.gitignore, default exclusions, globs, types)')
            [CompletionResult]::new('map', 'map', [CompletionResultType]::ParameterValue, 'The map: the tree of files that survive the walker (.gitignore, default exclusions, globs, types)')
            [CompletionResult]::new('find-symbol', 'find-symbol', [CompletionResultType]::ParameterValue, 'Fuzzy search over definitions: exact name, prefix, camelCase/snake_case words, then subsequence ("auth service" finds AuthService and auth_service)')
            [CompletionResult]::new('what-depends', 'what-depends', [CompletionResultType]::ParameterValue, 'What a symbol uses: the calls and imports inside it, resolved to definitions where possible')
            [CompletionResult]::new('what-breaks', 'what-breaks', [CompletionResultType]::ParameterValue, 'Who uses a symbol: call sites, references and imports, by name, with the enclosing symbol of each')
            [CompletionResult]::new('index', 'index', [CompletionResultType]::ParameterValue, 'Build or update the index the symbol commands answer from (they also update it themselves before every answer); --status reports on it, --clear deletes it')
            [CompletionResult]::new('xray', 'xray', [CompletionResultType]::ParameterValue, 'Programmable structural search: a regex picks candidate files, then a Python evaluator runs once per file over its syntax tree, in a sandbox')
            [CompletionResult]::new('explore', 'explore', [CompletionResultType]::ParameterValue, 'xray with an optional evaluator and an AST dump around every match, to learn node kinds; `--file PATH` dumps one file''s tree')
            [CompletionResult]::new('mcp', 'mcp', [CompletionResultType]::ParameterValue, 'The agent front end: a Model Context Protocol server over stdio, with one tool per question (`codesearch mcp serve`)')
            [CompletionResult]::new('generate', 'generate', [CompletionResultType]::ParameterValue, 'Print the man page or a shell completion script generated from this CLI')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'codesearch;build-index' {
            [CompletionResult]::new('--max-parse-size', '--max-parse-size', [CompletionResultType]::ParameterName, 'Skip (with a warning) files larger than NUM bytes instead of parsing them: a syntax tree takes tens of bytes of memory per byte of source (suffixes K, M, G)')
            [CompletionResult]::new('--index-dir', '--index-dir', [CompletionResultType]::ParameterName, 'Keep indexes in DIR (also CODESEARCH_INDEX_DIR) instead of ROOT/.codesearch/ when that exists, else the user cache directory ($XDG_CACHE_HOME or ~/.cache)')
            [CompletionResult]::new('-g', '-g', [CompletionResultType]::ParameterName, 'Include or exclude files and directories matching GLOB (repeatable; a leading `!` excludes). Globs match paths relative to the search root, gitignore style')
            [CompletionResult]::new('--glob', '--glob', [CompletionResultType]::ParameterName, 'Include or exclude files and directories matching GLOB (repeatable; a leading `!` excludes). Globs match paths relative to the search root, gitignore style')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'Only search files of language TYPE (repeatable). See --type-list')
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'Only search files of language TYPE (repeatable). See --type-list')
            [CompletionResult]::new('-T', '-T ', [CompletionResultType]::ParameterName, 'Do not search files of language TYPE (repeatable)')
            [CompletionResult]::new('--type-not', '--type-not', [CompletionResultType]::ParameterName, 'Do not search files of language TYPE (repeatable)')
            [CompletionResult]::new('-d', '-d', [CompletionResultType]::ParameterName, 'Descend at most NUM directories below each path given')
            [CompletionResult]::new('--max-depth', '--max-depth', [CompletionResultType]::ParameterName, 'Descend at most NUM directories below each path given')
            [CompletionResult]::new('--max-filesize', '--max-filesize', [CompletionResultType]::ParameterName, 'Skip files larger than NUM bytes (suffixes K, M and G allowed, as in ripgrep)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Number of threads to use (0 = choose from the number of CPUs; at most 64)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Number of threads to use (0 = choose from the number of CPUs; at most 64)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colors: auto (a terminal, NO_COLOR unset, TERM not dumb), always, never')
            [CompletionResult]::new('--stats', '--stats', [CompletionResultType]::ParameterName, 'After the tree, print files and lines per language')
            [CompletionResult]::new('--symbols', '--symbols', [CompletionResultType]::ParameterName, 'Under each file, list its symbols as an outline (members indented under their type); in JSON, one symbol record per symbol after its file''s entry')
            [CompletionResult]::new('--no-index', '--no-index', [CompletionResultType]::ParameterName, 'Answer from a fresh parse of the files, without reading or updating the index')
            [CompletionResult]::new('-.', '-.', [CompletionResultType]::ParameterName, 'Search hidden files and directories (names starting with a dot)')
            [CompletionResult]::new('--hidden', '--hidden', [CompletionResultType]::ParameterName, 'Search hidden files and directories (names starting with a dot)')
            [CompletionResult]::new('--no-ignore', '--no-ignore', [CompletionResultType]::ParameterName, 'Do not respect .gitignore, .ignore, git excludes or the default exclusions (node_modules, .git, a Python venv, a cargo target, ...)')
            [CompletionResult]::new('--no-default-excludes', '--no-default-excludes', [CompletionResultType]::ParameterName, 'Walk the directories the built-in list excludes (node_modules, .git, generated env/build/target/dist/vendor directories, ...); ignore files still apply')
            [CompletionResult]::new('-L', '-L ', [CompletionResultType]::ParameterName, 'Follow symbolic links (loops are detected, reported once and skipped)')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'Follow symbolic links (loops are detected, reported once and skipped)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON Lines: one {"type":..,"data":{..}} record per line, then a summary')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'codesearch;map' {
            [CompletionResult]::new('--max-parse-size', '--max-parse-size', [CompletionResultType]::ParameterName, 'Skip (with a warning) files larger than NUM bytes instead of parsing them: a syntax tree takes tens of bytes of memory per byte of source (suffixes K, M, G)')
            [CompletionResult]::new('--index-dir', '--index-dir', [CompletionResultType]::ParameterName, 'Keep indexes in DIR (also CODESEARCH_INDEX_DIR) instead of ROOT/.codesearch/ when that exists, else the user cache directory ($XDG_CACHE_HOME or ~/.cache)')
            [CompletionResult]::new('-g', '-g', [CompletionResultType]::ParameterName, 'Include or exclude files and directories matching GLOB (repeatable; a leading `!` excludes). Globs match paths relative to the search root, gitignore style')
            [CompletionResult]::new('--glob', '--glob', [CompletionResultType]::ParameterName, 'Include or exclude files and directories matching GLOB (repeatable; a leading `!` excludes). Globs match paths relative to the search root, gitignore style')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'Only search files of language TYPE (repeatable). See --type-list')
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'Only search files of language TYPE (repeatable). See --type-list')
            [CompletionResult]::new('-T', '-T ', [CompletionResultType]::ParameterName, 'Do not search files of language TYPE (repeatable)')
            [CompletionResult]::new('--type-not', '--type-not', [CompletionResultType]::ParameterName, 'Do not search files of language TYPE (repeatable)')
            [CompletionResult]::new('-d', '-d', [CompletionResultType]::ParameterName, 'Descend at most NUM directories below each path given')
            [CompletionResult]::new('--max-depth', '--max-depth', [CompletionResultType]::ParameterName, 'Descend at most NUM directories below each path given')
            [CompletionResult]::new('--max-filesize', '--max-filesize', [CompletionResultType]::ParameterName, 'Skip files larger than NUM bytes (suffixes K, M and G allowed, as in ripgrep)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Number of threads to use (0 = choose from the number of CPUs; at most 64)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Number of threads to use (0 = choose from the number of CPUs; at most 64)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colors: auto (a terminal, NO_COLOR unset, TERM not dumb), always, never')
            [CompletionResult]::new('--stats', '--stats', [CompletionResultType]::ParameterName, 'After the tree, print files and lines per language')
            [CompletionResult]::new('--symbols', '--symbols', [CompletionResultType]::ParameterName, 'Under each file, list its symbols as an outline (members indented under their type); in JSON, one symbol record per symbol after its file''s entry')
            [CompletionResult]::new('--no-index', '--no-index', [CompletionResultType]::ParameterName, 'Answer from a fresh parse of the files, without reading or updating the index')
            [CompletionResult]::new('-.', '-.', [CompletionResultType]::ParameterName, 'Search hidden files and directories (names starting with a dot)')
            [CompletionResult]::new('--hidden', '--hidden', [CompletionResultType]::ParameterName, 'Search hidden files and directories (names starting with a dot)')
            [CompletionResult]::new('--no-ignore', '--no-ignore', [CompletionResultType]::ParameterName, 'Do not respect .gitignore, .ignore, git excludes or the default exclusions (node_modules, .git, a Python venv, a cargo target, ...)')
            [CompletionResult]::new('--no-default-excludes', '--no-default-excludes', [CompletionResultType]::ParameterName, 'Walk the directories the built-in list excludes (node_modules, .git, generated env/build/target/dist/vendor directories, ...); ignore files still apply')
            [CompletionResult]::new('-L', '-L ', [CompletionResultType]::ParameterName, 'Follow symbolic links (loops are detected, reported once and skipped)')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'Follow symbolic links (loops are detected, reported once and skipped)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON Lines: one {"type":..,"data":{..}} record per line, then a summary')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'codesearch;find-symbol' {
            [CompletionResult]::new('--kind', '--kind', [CompletionResultType]::ParameterName, 'Only symbols of this kind (repeatable): function, method, class, struct, interface, enum, trait, type, module, namespace, constant, variable, macro, variant, table, view, key, selector, element, heading, block')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Show at most NUM results')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Show at most NUM results')
            [CompletionResult]::new('--max-parse-size', '--max-parse-size', [CompletionResultType]::ParameterName, 'Skip (with a warning) files larger than NUM bytes instead of parsing them: a syntax tree takes tens of bytes of memory per byte of source (suffixes K, M, G)')
            [CompletionResult]::new('--index-dir', '--index-dir', [CompletionResultType]::ParameterName, 'Keep indexes in DIR (also CODESEARCH_INDEX_DIR) instead of ROOT/.codesearch/ when that exists, else the user cache directory ($XDG_CACHE_HOME or ~/.cache)')
            [CompletionResult]::new('-g', '-g', [CompletionResultType]::ParameterName, 'Include or exclude files and directories matching GLOB (repeatable; a leading `!` excludes). Globs match paths relative to the search root, gitignore style')
            [CompletionResult]::new('--glob', '--glob', [CompletionResultType]::ParameterName, 'Include or exclude files and directories matching GLOB (repeatable; a leading `!` excludes). Globs match paths relative to the search root, gitignore style')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'Only search files of language TYPE (repeatable). See --type-list')
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'Only search files of language TYPE (repeatable). See --type-list')
            [CompletionResult]::new('-T', '-T ', [CompletionResultType]::ParameterName, 'Do not search files of language TYPE (repeatable)')
            [CompletionResult]::new('--type-not', '--type-not', [CompletionResultType]::ParameterName, 'Do not search files of language TYPE (repeatable)')
            [CompletionResult]::new('-d', '-d', [CompletionResultType]::ParameterName, 'Descend at most NUM directories below each path given')
            [CompletionResult]::new('--max-depth', '--max-depth', [CompletionResultType]::ParameterName, 'Descend at most NUM directories below each path given')
            [CompletionResult]::new('--max-filesize', '--max-filesize', [CompletionResultType]::ParameterName, 'Skip files larger than NUM bytes (suffixes K, M and G allowed, as in ripgrep)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Number of threads to use (0 = choose from the number of CPUs; at most 64)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Number of threads to use (0 = choose from the number of CPUs; at most 64)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colors: auto (a terminal, NO_COLOR unset, TERM not dumb), always, never')
            [CompletionResult]::new('--exact', '--exact', [CompletionResultType]::ParameterName, 'Only definitions whose name (or qualified name) is exactly QUERY')
            [CompletionResult]::new('--vimgrep', '--vimgrep', [CompletionResultType]::ParameterName, 'Print `path:line:column:text` lines, for editors'' :grep and quickfix lists')
            [CompletionResult]::new('--no-index', '--no-index', [CompletionResultType]::ParameterName, 'Answer from a fresh parse of the files, without reading or updating the index')
            [CompletionResult]::new('-.', '-.', [CompletionResultType]::ParameterName, 'Search hidden files and directories (names starting with a dot)')
            [CompletionResult]::new('--hidden', '--hidden', [CompletionResultType]::ParameterName, 'Search hidden files and directories (names starting with a dot)')
            [CompletionResult]::new('--no-ignore', '--no-ignore', [CompletionResultType]::ParameterName, 'Do not respect .gitignore, .ignore, git excludes or the default exclusions (node_modules, .git, a Python venv, a cargo target, ...)')
            [CompletionResult]::new('--no-default-excludes', '--no-default-excludes', [CompletionResultType]::ParameterName, 'Walk the directories the built-in list excludes (node_modules, .git, generated env/build/target/dist/vendor directories, ...); ignore files still apply')
            [CompletionResult]::new('-L', '-L ', [CompletionResultType]::ParameterName, 'Follow symbolic links (loops are detected, reported once and skipped)')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'Follow symbolic links (loops are detected, reported once and skipped)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON Lines: one {"type":..,"data":{..}} record per line, then a summary')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'codesearch;what-depends' {
            [CompletionResult]::new('--max-parse-size', '--max-parse-size', [CompletionResultType]::ParameterName, 'Skip (with a warning) files larger than NUM bytes instead of parsing them: a syntax tree takes tens of bytes of memory per byte of source (suffixes K, M, G)')
            [CompletionResult]::new('--index-dir', '--index-dir', [CompletionResultType]::ParameterName, 'Keep indexes in DIR (also CODESEARCH_INDEX_DIR) instead of ROOT/.codesearch/ when that exists, else the user cache directory ($XDG_CACHE_HOME or ~/.cache)')
            [CompletionResult]::new('-g', '-g', [CompletionResultType]::ParameterName, 'Include or exclude files and directories matching GLOB (repeatable; a leading `!` excludes). Globs match paths relative to the search root, gitignore style')
            [CompletionResult]::new('--glob', '--glob', [CompletionResultType]::ParameterName, 'Include or exclude files and directories matching GLOB (repeatable; a leading `!` excludes). Globs match paths relative to the search root, gitignore style')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'Only search files of language TYPE (repeatable). See --type-list')
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'Only search files of language TYPE (repeatable). See --type-list')
            [CompletionResult]::new('-T', '-T ', [CompletionResultType]::ParameterName, 'Do not search files of language TYPE (repeatable)')
            [CompletionResult]::new('--type-not', '--type-not', [CompletionResultType]::ParameterName, 'Do not search files of language TYPE (repeatable)')
            [CompletionResult]::new('-d', '-d', [CompletionResultType]::ParameterName, 'Descend at most NUM directories below each path given')
            [CompletionResult]::new('--max-depth', '--max-depth', [CompletionResultType]::ParameterName, 'Descend at most NUM directories below each path given')
            [CompletionResult]::new('--max-filesize', '--max-filesize', [CompletionResultType]::ParameterName, 'Skip files larger than NUM bytes (suffixes K, M and G allowed, as in ripgrep)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Number of threads to use (0 = choose from the number of CPUs; at most 64)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Number of threads to use (0 = choose from the number of CPUs; at most 64)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colors: auto (a terminal, NO_COLOR unset, TERM not dumb), always, never')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'When a name matches several definitions, use them all instead of failing')
            [CompletionResult]::new('--vimgrep', '--vimgrep', [CompletionResultType]::ParameterName, 'Print `path:line:column:text` lines, for editors'' :grep and quickfix lists')
            [CompletionResult]::new('--no-index', '--no-index', [CompletionResultType]::ParameterName, 'Answer from a fresh parse of the files, without reading or updating the index')
            [CompletionResult]::new('-.', '-.', [CompletionResultType]::ParameterName, 'Search hidden files and directories (names starting with a dot)')
            [CompletionResult]::new('--hidden', '--hidden', [CompletionResultType]::ParameterName, 'Search hidden files and directories (names starting with a dot)')
            [CompletionResult]::new('--no-ignore', '--no-ignore', [CompletionResultType]::ParameterName, 'Do not respect .gitignore, .ignore, git excludes or the default exclusions (node_modules, .git, a Python venv, a cargo target, ...)')
            [CompletionResult]::new('--no-default-excludes', '--no-default-excludes', [CompletionResultType]::ParameterName, 'Walk the directories the built-in list excludes (node_modules, .git, generated env/build/target/dist/vendor directories, ...); ignore files still apply')
            [CompletionResult]::new('-L', '-L ', [CompletionResultType]::ParameterName, 'Follow symbolic links (loops are detected, reported once and skipped)')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'Follow symbolic links (loops are detected, reported once and skipped)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON Lines: one {"type":..,"data":{..}} record per line, then a summary')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'codesearch;what-breaks' {
            [CompletionResult]::new('--depth', '--depth', [CompletionResultType]::ParameterName, 'Follow callers transitively, NUM levels deep (1 = direct uses only)')
            [CompletionResult]::new('--max-parse-size', '--max-parse-size', [CompletionResultType]::ParameterName, 'Skip (with a warning) files larger than NUM bytes instead of parsing them: a syntax tree takes tens of bytes of memory per byte of source (suffixes K, M, G)')
            [CompletionResult]::new('--index-dir', '--index-dir', [CompletionResultType]::ParameterName, 'Keep indexes in DIR (also CODESEARCH_INDEX_DIR) instead of ROOT/.codesearch/ when that exists, else the user cache directory ($XDG_CACHE_HOME or ~/.cache)')
            [CompletionResult]::new('-g', '-g', [CompletionResultType]::ParameterName, 'Include or exclude files and directories matching GLOB (repeatable; a leading `!` excludes). Globs match paths relative to the search root, gitignore style')
            [CompletionResult]::new('--glob', '--glob', [CompletionResultType]::ParameterName, 'Include or exclude files and directories matching GLOB (repeatable; a leading `!` excludes). Globs match paths relative to the search root, gitignore style')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'Only search files of language TYPE (repeatable). See --type-list')
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'Only search files of language TYPE (repeatable). See --type-list')
            [CompletionResult]::new('-T', '-T ', [CompletionResultType]::ParameterName, 'Do not search files of language TYPE (repeatable)')
            [CompletionResult]::new('--type-not', '--type-not', [CompletionResultType]::ParameterName, 'Do not search files of language TYPE (repeatable)')
            [CompletionResult]::new('-d', '-d', [CompletionResultType]::ParameterName, 'Descend at most NUM directories below each path given')
            [CompletionResult]::new('--max-depth', '--max-depth', [CompletionResultType]::ParameterName, 'Descend at most NUM directories below each path given')
            [CompletionResult]::new('--max-filesize', '--max-filesize', [CompletionResultType]::ParameterName, 'Skip files larger than NUM bytes (suffixes K, M and G allowed, as in ripgrep)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Number of threads to use (0 = choose from the number of CPUs; at most 64)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Number of threads to use (0 = choose from the number of CPUs; at most 64)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colors: auto (a terminal, NO_COLOR unset, TERM not dumb), always, never')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'When a name matches several definitions, use them all instead of failing')
            [CompletionResult]::new('--vimgrep', '--vimgrep', [CompletionResultType]::ParameterName, 'Print `path:line:column:text` lines, for editors'' :grep and quickfix lists')
            [CompletionResult]::new('--no-index', '--no-index', [CompletionResultType]::ParameterName, 'Answer from a fresh parse of the files, without reading or updating the index')
            [CompletionResult]::new('-.', '-.', [CompletionResultType]::ParameterName, 'Search hidden files and directories (names starting with a dot)')
            [CompletionResult]::new('--hidden', '--hidden', [CompletionResultType]::ParameterName, 'Search hidden files and directories (names starting with a dot)')
            [CompletionResult]::new('--no-ignore', '--no-ignore', [CompletionResultType]::ParameterName, 'Do not respect .gitignore, .ignore, git excludes or the default exclusions (node_modules, .git, a Python venv, a cargo target, ...)')
            [CompletionResult]::new('--no-default-excludes', '--no-default-excludes', [CompletionResultType]::ParameterName, 'Walk the directories the built-in list excludes (node_modules, .git, generated env/build/target/dist/vendor directories, ...); ignore files still apply')
            [CompletionResult]::new('-L', '-L ', [CompletionResultType]::ParameterName, 'Follow symbolic links (loops are detected, reported once and skipped)')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'Follow symbolic links (loops are detected, reported once and skipped)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON Lines: one {"type":..,"data":{..}} record per line, then a summary')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'codesearch;index' {
            [CompletionResult]::new('--index-dir', '--index-dir', [CompletionResultType]::ParameterName, 'Keep indexes in DIR (also CODESEARCH_INDEX_DIR) instead of ROOT/.codesearch/ when that exists, else the user cache directory ($XDG_CACHE_HOME or ~/.cache)')
            [CompletionResult]::new('--max-parse-size', '--max-parse-size', [CompletionResultType]::ParameterName, 'Skip (with a warning) files larger than NUM bytes instead of parsing them: a syntax tree takes tens of bytes of memory per byte of source (suffixes K, M, G)')
            [CompletionResult]::new('-g', '-g', [CompletionResultType]::ParameterName, 'Include or exclude files and directories matching GLOB (repeatable; a leading `!` excludes). Globs match paths relative to the search root, gitignore style')
            [CompletionResult]::new('--glob', '--glob', [CompletionResultType]::ParameterName, 'Include or exclude files and directories matching GLOB (repeatable; a leading `!` excludes). Globs match paths relative to the search root, gitignore style')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'Only search files of language TYPE (repeatable). See --type-list')
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'Only search files of language TYPE (repeatable). See --type-list')
            [CompletionResult]::new('-T', '-T ', [CompletionResultType]::ParameterName, 'Do not search files of language TYPE (repeatable)')
            [CompletionResult]::new('--type-not', '--type-not', [CompletionResultType]::ParameterName, 'Do not search files of language TYPE (repeatable)')
            [CompletionResult]::new('-d', '-d', [CompletionResultType]::ParameterName, 'Descend at most NUM directories below each path given')
            [CompletionResult]::new('--max-depth', '--max-depth', [CompletionResultType]::ParameterName, 'Descend at most NUM directories below each path given')
            [CompletionResult]::new('--max-filesize', '--max-filesize', [CompletionResultType]::ParameterName, 'Skip files larger than NUM bytes (suffixes K, M and G allowed, as in ripgrep)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Number of threads to use (0 = choose from the number of CPUs; at most 64)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Number of threads to use (0 = choose from the number of CPUs; at most 64)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colors: auto (a terminal, NO_COLOR unset, TERM not dumb), always, never')
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'Report on the index instead of updating it: files, symbols, references, content records, bytes on disk, last update, and how many files changed since')
            [CompletionResult]::new('--clear', '--clear', [CompletionResultType]::ParameterName, 'Delete the index of PATH')
            [CompletionResult]::new('-.', '-.', [CompletionResultType]::ParameterName, 'Search hidden files and directories (names starting with a dot)')
            [CompletionResult]::new('--hidden', '--hidden', [CompletionResultType]::ParameterName, 'Search hidden files and directories (names starting with a dot)')
            [CompletionResult]::new('--no-ignore', '--no-ignore', [CompletionResultType]::ParameterName, 'Do not respect .gitignore, .ignore, git excludes or the default exclusions (node_modules, .git, a Python venv, a cargo target, ...)')
            [CompletionResult]::new('--no-default-excludes', '--no-default-excludes', [CompletionResultType]::ParameterName, 'Walk the directories the built-in list excludes (node_modules, .git, generated env/build/target/dist/vendor directories, ...); ignore files still apply')
            [CompletionResult]::new('-L', '-L ', [CompletionResultType]::ParameterName, 'Follow symbolic links (loops are detected, reported once and skipped)')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'Follow symbolic links (loops are detected, reported once and skipped)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON Lines: one {"type":..,"data":{..}} record per line, then a summary')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'codesearch;xray' {
            [CompletionResult]::new('--target', '--target', [CompletionResultType]::ParameterName, 'What the pattern is matched against')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Lines of context around each hit handed to the evaluator (0 to 10)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'Lines of context around each hit handed to the evaluator (0 to 10)')
            [CompletionResult]::new('--eval', '--eval', [CompletionResultType]::ParameterName, 'Python evaluator: a function body ending in `return {"matches": [...], "value": ...}`, run once per candidate file (see docs/evaluators.md)')
            [CompletionResult]::new('--eval-file', '--eval-file', [CompletionResultType]::ParameterName, 'Read the evaluator from FILE')
            [CompletionResult]::new('--max-files', '--max-files', [CompletionResultType]::ParameterName, 'Evaluate only the first N candidate files (the result is partial)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Stop the whole run after SECS seconds: searching, evaluating and printing (the result is partial)')
            [CompletionResult]::new('--max-errors', '--max-errors', [CompletionResultType]::ParameterName, 'Stop the run after N files failed to evaluate (the result is partial)')
            [CompletionResult]::new('--eval-timeout', '--eval-timeout', [CompletionResultType]::ParameterName, 'Wall-clock limit for evaluating one file')
            [CompletionResult]::new('-g', '-g', [CompletionResultType]::ParameterName, 'Include or exclude files and directories matching GLOB (repeatable; a leading `!` excludes). Globs match paths relative to the search root, gitignore style')
            [CompletionResult]::new('--glob', '--glob', [CompletionResultType]::ParameterName, 'Include or exclude files and directories matching GLOB (repeatable; a leading `!` excludes). Globs match paths relative to the search root, gitignore style')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'Only search files of language TYPE (repeatable). See --type-list')
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'Only search files of language TYPE (repeatable). See --type-list')
            [CompletionResult]::new('-T', '-T ', [CompletionResultType]::ParameterName, 'Do not search files of language TYPE (repeatable)')
            [CompletionResult]::new('--type-not', '--type-not', [CompletionResultType]::ParameterName, 'Do not search files of language TYPE (repeatable)')
            [CompletionResult]::new('-d', '-d', [CompletionResultType]::ParameterName, 'Descend at most NUM directories below each path given')
            [CompletionResult]::new('--max-depth', '--max-depth', [CompletionResultType]::ParameterName, 'Descend at most NUM directories below each path given')
            [CompletionResult]::new('--max-filesize', '--max-filesize', [CompletionResultType]::ParameterName, 'Skip files larger than NUM bytes (suffixes K, M and G allowed, as in ripgrep)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Number of threads to use (0 = choose from the number of CPUs; at most 64)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Number of threads to use (0 = choose from the number of CPUs; at most 64)')
            [CompletionResult]::new('--max-parse-size', '--max-parse-size', [CompletionResultType]::ParameterName, 'Skip (with a warning) files larger than NUM bytes instead of parsing them: a syntax tree takes tens of bytes of memory per byte of source (suffixes K, M, G)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colors: auto (a terminal, NO_COLOR unset, TERM not dumb), always, never')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'Print only the files with matches: the candidate files of phase 1 (like `rg -l`), or with an evaluator the files it returned matches for')
            [CompletionResult]::new('--files-with-matches', '--files-with-matches', [CompletionResultType]::ParameterName, 'Print only the files with matches: the candidate files of phase 1 (like `rg -l`), or with an evaluator the files it returned matches for')
            [CompletionResult]::new('--vimgrep', '--vimgrep', [CompletionResultType]::ParameterName, 'Print `path:line:col:text` for every match, for editors'' :grep')
            [CompletionResult]::new('-i', '-i', [CompletionResultType]::ParameterName, 'Case-insensitive matching')
            [CompletionResult]::new('--ignore-case', '--ignore-case', [CompletionResultType]::ParameterName, 'Case-insensitive matching')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'Case-sensitive matching (the default)')
            [CompletionResult]::new('--case-sensitive', '--case-sensitive', [CompletionResultType]::ParameterName, 'Case-sensitive matching (the default)')
            [CompletionResult]::new('-S', '-S ', [CompletionResultType]::ParameterName, 'Case-insensitive unless the pattern has an uppercase letter')
            [CompletionResult]::new('--smart-case', '--smart-case', [CompletionResultType]::ParameterName, 'Case-insensitive unless the pattern has an uppercase letter')
            [CompletionResult]::new('-U', '-U ', [CompletionResultType]::ParameterName, 'Let the pattern match across lines (`.` also matches newlines)')
            [CompletionResult]::new('--multiline', '--multiline', [CompletionResultType]::ParameterName, 'Let the pattern match across lines (`.` also matches newlines)')
            [CompletionResult]::new('-P', '-P ', [CompletionResultType]::ParameterName, 'Use PCRE2 syntax (look-around, backreferences)')
            [CompletionResult]::new('--pcre2', '--pcre2', [CompletionResultType]::ParameterName, 'Use PCRE2 syntax (look-around, backreferences)')
            [CompletionResult]::new('-F', '-F ', [CompletionResultType]::ParameterName, 'Treat the pattern as a literal string')
            [CompletionResult]::new('--fixed-strings', '--fixed-strings', [CompletionResultType]::ParameterName, 'Treat the pattern as a literal string')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Only match whole words')
            [CompletionResult]::new('--word-regexp', '--word-regexp', [CompletionResultType]::ParameterName, 'Only match whole words')
            [CompletionResult]::new('-.', '-.', [CompletionResultType]::ParameterName, 'Search hidden files and directories (names starting with a dot)')
            [CompletionResult]::new('--hidden', '--hidden', [CompletionResultType]::ParameterName, 'Search hidden files and directories (names starting with a dot)')
            [CompletionResult]::new('--no-ignore', '--no-ignore', [CompletionResultType]::ParameterName, 'Do not respect .gitignore, .ignore, git excludes or the default exclusions (node_modules, .git, a Python venv, a cargo target, ...)')
            [CompletionResult]::new('--no-default-excludes', '--no-default-excludes', [CompletionResultType]::ParameterName, 'Walk the directories the built-in list excludes (node_modules, .git, generated env/build/target/dist/vendor directories, ...); ignore files still apply')
            [CompletionResult]::new('-L', '-L ', [CompletionResultType]::ParameterName, 'Follow symbolic links (loops are detected, reported once and skipped)')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'Follow symbolic links (loops are detected, reported once and skipped)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON Lines: one {"type":..,"data":{..}} record per line, then a summary')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'codesearch;explore' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Dump the whole syntax tree of one file, in document order, instead of searching')
            [CompletionResult]::new('--max-debug-nodes', '--max-debug-nodes', [CompletionResultType]::ParameterName, 'Most nodes in each AST dump (1 to 500)')
            [CompletionResult]::new('--target', '--target', [CompletionResultType]::ParameterName, 'What the pattern is matched against')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Lines of context around each hit handed to the evaluator (0 to 10)')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'Lines of context around each hit handed to the evaluator (0 to 10)')
            [CompletionResult]::new('--eval', '--eval', [CompletionResultType]::ParameterName, 'Python evaluator: a function body ending in `return {"matches": [...], "value": ...}`, run once per candidate file (see docs/evaluators.md)')
            [CompletionResult]::new('--eval-file', '--eval-file', [CompletionResultType]::ParameterName, 'Read the evaluator from FILE')
            [CompletionResult]::new('--max-files', '--max-files', [CompletionResultType]::ParameterName, 'Evaluate only the first N candidate files (the result is partial)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Stop the whole run after SECS seconds: searching, evaluating and printing (the result is partial)')
            [CompletionResult]::new('--max-errors', '--max-errors', [CompletionResultType]::ParameterName, 'Stop the run after N files failed to evaluate (the result is partial)')
            [CompletionResult]::new('--eval-timeout', '--eval-timeout', [CompletionResultType]::ParameterName, 'Wall-clock limit for evaluating one file')
            [CompletionResult]::new('-g', '-g', [CompletionResultType]::ParameterName, 'Include or exclude files and directories matching GLOB (repeatable; a leading `!` excludes). Globs match paths relative to the search root, gitignore style')
            [CompletionResult]::new('--glob', '--glob', [CompletionResultType]::ParameterName, 'Include or exclude files and directories matching GLOB (repeatable; a leading `!` excludes). Globs match paths relative to the search root, gitignore style')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'Only search files of language TYPE (repeatable). See --type-list')
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'Only search files of language TYPE (repeatable). See --type-list')
            [CompletionResult]::new('-T', '-T ', [CompletionResultType]::ParameterName, 'Do not search files of language TYPE (repeatable)')
            [CompletionResult]::new('--type-not', '--type-not', [CompletionResultType]::ParameterName, 'Do not search files of language TYPE (repeatable)')
            [CompletionResult]::new('-d', '-d', [CompletionResultType]::ParameterName, 'Descend at most NUM directories below each path given')
            [CompletionResult]::new('--max-depth', '--max-depth', [CompletionResultType]::ParameterName, 'Descend at most NUM directories below each path given')
            [CompletionResult]::new('--max-filesize', '--max-filesize', [CompletionResultType]::ParameterName, 'Skip files larger than NUM bytes (suffixes K, M and G allowed, as in ripgrep)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Number of threads to use (0 = choose from the number of CPUs; at most 64)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Number of threads to use (0 = choose from the number of CPUs; at most 64)')
            [CompletionResult]::new('--max-parse-size', '--max-parse-size', [CompletionResultType]::ParameterName, 'Skip (with a warning) files larger than NUM bytes instead of parsing them: a syntax tree takes tens of bytes of memory per byte of source (suffixes K, M, G)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colors: auto (a terminal, NO_COLOR unset, TERM not dumb), always, never')
            [CompletionResult]::new('--all-nodes', '--all-nodes', [CompletionResultType]::ParameterName, 'Show anonymous nodes too (keywords, operators, punctuation) in AST dumps')
            [CompletionResult]::new('-i', '-i', [CompletionResultType]::ParameterName, 'Case-insensitive matching')
            [CompletionResult]::new('--ignore-case', '--ignore-case', [CompletionResultType]::ParameterName, 'Case-insensitive matching')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'Case-sensitive matching (the default)')
            [CompletionResult]::new('--case-sensitive', '--case-sensitive', [CompletionResultType]::ParameterName, 'Case-sensitive matching (the default)')
            [CompletionResult]::new('-S', '-S ', [CompletionResultType]::ParameterName, 'Case-insensitive unless the pattern has an uppercase letter')
            [CompletionResult]::new('--smart-case', '--smart-case', [CompletionResultType]::ParameterName, 'Case-insensitive unless the pattern has an uppercase letter')
            [CompletionResult]::new('-U', '-U ', [CompletionResultType]::ParameterName, 'Let the pattern match across lines (`.` also matches newlines)')
            [CompletionResult]::new('--multiline', '--multiline', [CompletionResultType]::ParameterName, 'Let the pattern match across lines (`.` also matches newlines)')
            [CompletionResult]::new('-P', '-P ', [CompletionResultType]::ParameterName, 'Use PCRE2 syntax (look-around, backreferences)')
            [CompletionResult]::new('--pcre2', '--pcre2', [CompletionResultType]::ParameterName, 'Use PCRE2 syntax (look-around, backreferences)')
            [CompletionResult]::new('-F', '-F ', [CompletionResultType]::ParameterName, 'Treat the pattern as a literal string')
            [CompletionResult]::new('--fixed-strings', '--fixed-strings', [CompletionResultType]::ParameterName, 'Treat the pattern as a literal string')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Only match whole words')
            [CompletionResult]::new('--word-regexp', '--word-regexp', [CompletionResultType]::ParameterName, 'Only match whole words')
            [CompletionResult]::new('-.', '-.', [CompletionResultType]::ParameterName, 'Search hidden files and directories (names starting with a dot)')
            [CompletionResult]::new('--hidden', '--hidden', [CompletionResultType]::ParameterName, 'Search hidden files and directories (names starting with a dot)')
            [CompletionResult]::new('--no-ignore', '--no-ignore', [CompletionResultType]::ParameterName, 'Do not respect .gitignore, .ignore, git excludes or the default exclusions (node_modules, .git, a Python venv, a cargo target, ...)')
            [CompletionResult]::new('--no-default-excludes', '--no-default-excludes', [CompletionResultType]::ParameterName, 'Walk the directories the built-in list excludes (node_modules, .git, generated env/build/target/dist/vendor directories, ...); ignore files still apply')
            [CompletionResult]::new('-L', '-L ', [CompletionResultType]::ParameterName, 'Follow symbolic links (loops are detected, reported once and skipped)')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'Follow symbolic links (loops are detected, reported once and skipped)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print JSON Lines: one {"type":..,"data":{..}} record per line, then a summary')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'codesearch;mcp' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve the Model Context Protocol on stdin/stdout: one JSON-RPC message per line, logs on stderr, exit 0 when stdin closes. Every tool answers about ROOT or a directory below it, never outside')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'codesearch;mcp;serve' {
            [CompletionResult]::new('--max-chars', '--max-chars', [CompletionResultType]::ParameterName, 'The most characters of one tool answer (a tool''s `max_chars` argument may ask for less or more); an answer cut short says what it left out')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Number of threads to use (0 = choose from the number of CPUs)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Number of threads to use (0 = choose from the number of CPUs)')
            [CompletionResult]::new('--max-parse-size', '--max-parse-size', [CompletionResultType]::ParameterName, 'Skip (with a warning) files larger than NUM bytes instead of parsing them: a syntax tree takes tens of bytes of memory per byte of source (suffixes K, M, G)')
            [CompletionResult]::new('--index-dir', '--index-dir', [CompletionResultType]::ParameterName, 'Keep indexes in DIR (also CODESEARCH_INDEX_DIR) instead of ROOT/.codesearch/ when that exists, else the user cache directory ($XDG_CACHE_HOME or ~/.cache)')
            [CompletionResult]::new('--no-index', '--no-index', [CompletionResultType]::ParameterName, 'Answer from a fresh parse of the files, without reading or updating the index')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'codesearch;mcp;help' {
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve the Model Context Protocol on stdin/stdout: one JSON-RPC message per line, logs on stderr, exit 0 when stdin closes. Every tool answers about ROOT or a directory below it, never outside')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'codesearch;mcp;help;serve' {
            break
        }
        'codesearch;mcp;help;help' {
            break
        }
        'codesearch;generate' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'codesearch;help' {
            [CompletionResult]::new('build-index', 'build-index', [CompletionResultType]::ParameterValue, 'The map: the tree of files that survive the walker (.gitignore, default exclusions, globs, types)')
            [CompletionResult]::new('find-symbol', 'find-symbol', [CompletionResultType]::ParameterValue, 'Fuzzy search over definitions: exact name, prefix, camelCase/snake_case words, then subsequence ("auth service" finds AuthService and auth_service)')
            [CompletionResult]::new('what-depends', 'what-depends', [CompletionResultType]::ParameterValue, 'What a symbol uses: the calls and imports inside it, resolved to definitions where possible')
            [CompletionResult]::new('what-breaks', 'what-breaks', [CompletionResultType]::ParameterValue, 'Who uses a symbol: call sites, references and imports, by name, with the enclosing symbol of each')
            [CompletionResult]::new('index', 'index', [CompletionResultType]::ParameterValue, 'Build or update the index the symbol commands answer from (they also update it themselves before every answer); --status reports on it, --clear deletes it')
            [CompletionResult]::new('xray', 'xray', [CompletionResultType]::ParameterValue, 'Programmable structural search: a regex picks candidate files, then a Python evaluator runs once per file over its syntax tree, in a sandbox')
            [CompletionResult]::new('explore', 'explore', [CompletionResultType]::ParameterValue, 'xray with an optional evaluator and an AST dump around every match, to learn node kinds; `--file PATH` dumps one file''s tree')
            [CompletionResult]::new('mcp', 'mcp', [CompletionResultType]::ParameterValue, 'The agent front end: a Model Context Protocol server over stdio, with one tool per question (`codesearch mcp serve`)')
            [CompletionResult]::new('generate', 'generate', [CompletionResultType]::ParameterValue, 'Print the man page or a shell completion script generated from this CLI')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'codesearch;help;build-index' {
            break
        }
        'codesearch;help;find-symbol' {
            break
        }
        'codesearch;help;what-depends' {
            break
        }
        'codesearch;help;what-breaks' {
            break
        }
        'codesearch;help;index' {
            break
        }
        'codesearch;help;xray' {
            break
        }
        'codesearch;help;explore' {
            break
        }
        'codesearch;help;mcp' {
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve the Model Context Protocol on stdin/stdout: one JSON-RPC message per line, logs on stderr, exit 0 when stdin closes. Every tool answers about ROOT or a directory below it, never outside')
            break
        }
        'codesearch;help;mcp;serve' {
            break
        }
        'codesearch;help;generate' {
            break
        }
        'codesearch;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
