# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_codesearch_global_optspecs
    string join \n type-list h/help V/version
end

function __fish_codesearch_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_codesearch_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_codesearch_using_subcommand
    set -l cmd (__fish_codesearch_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c codesearch -n "__fish_codesearch_needs_command" -l type-list -d 'Show every supported language with the globs that select its files, then exit'
complete -c codesearch -n "__fish_codesearch_needs_command" -s h -l help -d 'Print help'
complete -c codesearch -n "__fish_codesearch_needs_command" -s V -l version -d 'Print version'
complete -c codesearch -n "__fish_codesearch_needs_command" -f -a "build-index" -d 'The map: the tree of files that survive the walker (.gitignore, default exclusions, globs, types)'
complete -c codesearch -n "__fish_codesearch_needs_command" -f -a "map" -d 'The map: the tree of files that survive the walker (.gitignore, default exclusions, globs, types)'
complete -c codesearch -n "__fish_codesearch_needs_command" -f -a "find-symbol" -d 'Fuzzy search over definitions: exact name, prefix, camelCase/snake_case words, then subsequence ("auth service" finds AuthService and auth_service)'
complete -c codesearch -n "__fish_codesearch_needs_command" -f -a "what-depends" -d 'What a symbol uses: the calls and imports inside it, resolved to definitions where possible'
complete -c codesearch -n "__fish_codesearch_needs_command" -f -a "what-breaks" -d 'Who uses a symbol: call sites, references and imports, by name, with the enclosing symbol of each'
complete -c codesearch -n "__fish_codesearch_needs_command" -f -a "index" -d 'Build or update the index the symbol commands answer from (they also update it themselves before every answer); --status reports on it, --clear deletes it'
complete -c codesearch -n "__fish_codesearch_needs_command" -f -a "xray" -d 'Programmable structural search: a regex picks candidate files, then a Python evaluator runs once per file over its syntax tree, in a sandbox'
complete -c codesearch -n "__fish_codesearch_needs_command" -f -a "explore" -d 'xray with an optional evaluator and an AST dump around every match, to learn node kinds; `--file PATH` dumps one file\'s tree'
complete -c codesearch -n "__fish_codesearch_needs_command" -f -a "mcp" -d 'The agent front end: a Model Context Protocol server over stdio, with one tool per question (`codesearch mcp serve`)'
complete -c codesearch -n "__fish_codesearch_needs_command" -f -a "generate" -d 'Print the man page or a shell completion script generated from this CLI'
complete -c codesearch -n "__fish_codesearch_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c codesearch -n "__fish_codesearch_using_subcommand build-index" -l max-parse-size -d 'Skip (with a warning) files larger than NUM bytes instead of parsing them: a syntax tree takes tens of bytes of memory per byte of source (suffixes K, M, G)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand build-index" -l index-dir -d 'Keep indexes in DIR (also CODESEARCH_INDEX_DIR) instead of ROOT/.codesearch/ when that exists, else the user cache directory ($XDG_CACHE_HOME or ~/.cache)' -r -F
complete -c codesearch -n "__fish_codesearch_using_subcommand build-index" -s g -l glob -d 'Include or exclude files and directories matching GLOB (repeatable; a leading `!` excludes). Globs match paths relative to the search root, gitignore style' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand build-index" -s t -l type -d 'Only search files of language TYPE (repeatable). See --type-list' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand build-index" -s T -l type-not -d 'Do not search files of language TYPE (repeatable)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand build-index" -s d -l max-depth -d 'Descend at most NUM directories below each path given' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand build-index" -l max-filesize -d 'Skip files larger than NUM bytes (suffixes K, M and G allowed, as in ripgrep)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand build-index" -s j -l threads -d 'Number of threads to use (0 = choose from the number of CPUs; at most 64)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand build-index" -l color -d 'When to use colors: auto (a terminal, NO_COLOR unset, TERM not dumb), always, never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c codesearch -n "__fish_codesearch_using_subcommand build-index" -l stats -d 'After the tree, print files and lines per language'
complete -c codesearch -n "__fish_codesearch_using_subcommand build-index" -l symbols -d 'Under each file, list its symbols as an outline (members indented under their type); in JSON, one symbol record per symbol after its file\'s entry'
complete -c codesearch -n "__fish_codesearch_using_subcommand build-index" -l no-index -d 'Answer from a fresh parse of the files, without reading or updating the index'
complete -c codesearch -n "__fish_codesearch_using_subcommand build-index" -s . -l hidden -d 'Search hidden files and directories (names starting with a dot)'
complete -c codesearch -n "__fish_codesearch_using_subcommand build-index" -l no-ignore -d 'Do not respect .gitignore, .ignore, git excludes or the default exclusions (node_modules, .git, a Python venv, a cargo target, ...)'
complete -c codesearch -n "__fish_codesearch_using_subcommand build-index" -l no-default-excludes -d 'Walk the directories the built-in list excludes (node_modules, .git, generated env/build/target/dist/vendor directories, ...); ignore files still apply'
complete -c codesearch -n "__fish_codesearch_using_subcommand build-index" -s L -l follow -d 'Follow symbolic links (loops are detected, reported once and skipped)'
complete -c codesearch -n "__fish_codesearch_using_subcommand build-index" -l json -d 'Print JSON Lines: one {"type":..,"data":{..}} record per line, then a summary'
complete -c codesearch -n "__fish_codesearch_using_subcommand build-index" -s h -l help -d 'Print help'
complete -c codesearch -n "__fish_codesearch_using_subcommand map" -l max-parse-size -d 'Skip (with a warning) files larger than NUM bytes instead of parsing them: a syntax tree takes tens of bytes of memory per byte of source (suffixes K, M, G)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand map" -l index-dir -d 'Keep indexes in DIR (also CODESEARCH_INDEX_DIR) instead of ROOT/.codesearch/ when that exists, else the user cache directory ($XDG_CACHE_HOME or ~/.cache)' -r -F
complete -c codesearch -n "__fish_codesearch_using_subcommand map" -s g -l glob -d 'Include or exclude files and directories matching GLOB (repeatable; a leading `!` excludes). Globs match paths relative to the search root, gitignore style' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand map" -s t -l type -d 'Only search files of language TYPE (repeatable). See --type-list' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand map" -s T -l type-not -d 'Do not search files of language TYPE (repeatable)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand map" -s d -l max-depth -d 'Descend at most NUM directories below each path given' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand map" -l max-filesize -d 'Skip files larger than NUM bytes (suffixes K, M and G allowed, as in ripgrep)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand map" -s j -l threads -d 'Number of threads to use (0 = choose from the number of CPUs; at most 64)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand map" -l color -d 'When to use colors: auto (a terminal, NO_COLOR unset, TERM not dumb), always, never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c codesearch -n "__fish_codesearch_using_subcommand map" -l stats -d 'After the tree, print files and lines per language'
complete -c codesearch -n "__fish_codesearch_using_subcommand map" -l symbols -d 'Under each file, list its symbols as an outline (members indented under their type); in JSON, one symbol record per symbol after its file\'s entry'
complete -c codesearch -n "__fish_codesearch_using_subcommand map" -l no-index -d 'Answer from a fresh parse of the files, without reading or updating the index'
complete -c codesearch -n "__fish_codesearch_using_subcommand map" -s . -l hidden -d 'Search hidden files and directories (names starting with a dot)'
complete -c codesearch -n "__fish_codesearch_using_subcommand map" -l no-ignore -d 'Do not respect .gitignore, .ignore, git excludes or the default exclusions (node_modules, .git, a Python venv, a cargo target, ...)'
complete -c codesearch -n "__fish_codesearch_using_subcommand map" -l no-default-excludes -d 'Walk the directories the built-in list excludes (node_modules, .git, generated env/build/target/dist/vendor directories, ...); ignore files still apply'
complete -c codesearch -n "__fish_codesearch_using_subcommand map" -s L -l follow -d 'Follow symbolic links (loops are detected, reported once and skipped)'
complete -c codesearch -n "__fish_codesearch_using_subcommand map" -l json -d 'Print JSON Lines: one {"type":..,"data":{..}} record per line, then a summary'
complete -c codesearch -n "__fish_codesearch_using_subcommand map" -s h -l help -d 'Print help'
complete -c codesearch -n "__fish_codesearch_using_subcommand find-symbol" -l kind -d 'Only symbols of this kind (repeatable): function, method, class, struct, interface, enum, trait, type, module, namespace, constant, variable, macro, variant, table, view, key, selector, element, heading, block' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand find-symbol" -s n -l limit -d 'Show at most NUM results' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand find-symbol" -l max-parse-size -d 'Skip (with a warning) files larger than NUM bytes instead of parsing them: a syntax tree takes tens of bytes of memory per byte of source (suffixes K, M, G)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand find-symbol" -l index-dir -d 'Keep indexes in DIR (also CODESEARCH_INDEX_DIR) instead of ROOT/.codesearch/ when that exists, else the user cache directory ($XDG_CACHE_HOME or ~/.cache)' -r -F
complete -c codesearch -n "__fish_codesearch_using_subcommand find-symbol" -s g -l glob -d 'Include or exclude files and directories matching GLOB (repeatable; a leading `!` excludes). Globs match paths relative to the search root, gitignore style' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand find-symbol" -s t -l type -d 'Only search files of language TYPE (repeatable). See --type-list' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand find-symbol" -s T -l type-not -d 'Do not search files of language TYPE (repeatable)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand find-symbol" -s d -l max-depth -d 'Descend at most NUM directories below each path given' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand find-symbol" -l max-filesize -d 'Skip files larger than NUM bytes (suffixes K, M and G allowed, as in ripgrep)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand find-symbol" -s j -l threads -d 'Number of threads to use (0 = choose from the number of CPUs; at most 64)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand find-symbol" -l color -d 'When to use colors: auto (a terminal, NO_COLOR unset, TERM not dumb), always, never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c codesearch -n "__fish_codesearch_using_subcommand find-symbol" -l exact -d 'Only definitions whose name (or qualified name) is exactly QUERY'
complete -c codesearch -n "__fish_codesearch_using_subcommand find-symbol" -l vimgrep -d 'Print `path:line:column:text` lines, for editors\' :grep and quickfix lists'
complete -c codesearch -n "__fish_codesearch_using_subcommand find-symbol" -l no-index -d 'Answer from a fresh parse of the files, without reading or updating the index'
complete -c codesearch -n "__fish_codesearch_using_subcommand find-symbol" -s . -l hidden -d 'Search hidden files and directories (names starting with a dot)'
complete -c codesearch -n "__fish_codesearch_using_subcommand find-symbol" -l no-ignore -d 'Do not respect .gitignore, .ignore, git excludes or the default exclusions (node_modules, .git, a Python venv, a cargo target, ...)'
complete -c codesearch -n "__fish_codesearch_using_subcommand find-symbol" -l no-default-excludes -d 'Walk the directories the built-in list excludes (node_modules, .git, generated env/build/target/dist/vendor directories, ...); ignore files still apply'
complete -c codesearch -n "__fish_codesearch_using_subcommand find-symbol" -s L -l follow -d 'Follow symbolic links (loops are detected, reported once and skipped)'
complete -c codesearch -n "__fish_codesearch_using_subcommand find-symbol" -l json -d 'Print JSON Lines: one {"type":..,"data":{..}} record per line, then a summary'
complete -c codesearch -n "__fish_codesearch_using_subcommand find-symbol" -s h -l help -d 'Print help'
complete -c codesearch -n "__fish_codesearch_using_subcommand what-depends" -l max-parse-size -d 'Skip (with a warning) files larger than NUM bytes instead of parsing them: a syntax tree takes tens of bytes of memory per byte of source (suffixes K, M, G)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand what-depends" -l index-dir -d 'Keep indexes in DIR (also CODESEARCH_INDEX_DIR) instead of ROOT/.codesearch/ when that exists, else the user cache directory ($XDG_CACHE_HOME or ~/.cache)' -r -F
complete -c codesearch -n "__fish_codesearch_using_subcommand what-depends" -s g -l glob -d 'Include or exclude files and directories matching GLOB (repeatable; a leading `!` excludes). Globs match paths relative to the search root, gitignore style' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand what-depends" -s t -l type -d 'Only search files of language TYPE (repeatable). See --type-list' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand what-depends" -s T -l type-not -d 'Do not search files of language TYPE (repeatable)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand what-depends" -s d -l max-depth -d 'Descend at most NUM directories below each path given' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand what-depends" -l max-filesize -d 'Skip files larger than NUM bytes (suffixes K, M and G allowed, as in ripgrep)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand what-depends" -s j -l threads -d 'Number of threads to use (0 = choose from the number of CPUs; at most 64)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand what-depends" -l color -d 'When to use colors: auto (a terminal, NO_COLOR unset, TERM not dumb), always, never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c codesearch -n "__fish_codesearch_using_subcommand what-depends" -l all -d 'When a name matches several definitions, use them all instead of failing'
complete -c codesearch -n "__fish_codesearch_using_subcommand what-depends" -l vimgrep -d 'Print `path:line:column:text` lines, for editors\' :grep and quickfix lists'
complete -c codesearch -n "__fish_codesearch_using_subcommand what-depends" -l no-index -d 'Answer from a fresh parse of the files, without reading or updating the index'
complete -c codesearch -n "__fish_codesearch_using_subcommand what-depends" -s . -l hidden -d 'Search hidden files and directories (names starting with a dot)'
complete -c codesearch -n "__fish_codesearch_using_subcommand what-depends" -l no-ignore -d 'Do not respect .gitignore, .ignore, git excludes or the default exclusions (node_modules, .git, a Python venv, a cargo target, ...)'
complete -c codesearch -n "__fish_codesearch_using_subcommand what-depends" -l no-default-excludes -d 'Walk the directories the built-in list excludes (node_modules, .git, generated env/build/target/dist/vendor directories, ...); ignore files still apply'
complete -c codesearch -n "__fish_codesearch_using_subcommand what-depends" -s L -l follow -d 'Follow symbolic links (loops are detected, reported once and skipped)'
complete -c codesearch -n "__fish_codesearch_using_subcommand what-depends" -l json -d 'Print JSON Lines: one {"type":..,"data":{..}} record per line, then a summary'
complete -c codesearch -n "__fish_codesearch_using_subcommand what-depends" -s h -l help -d 'Print help'
complete -c codesearch -n "__fish_codesearch_using_subcommand what-breaks" -l depth -d 'Follow callers transitively, NUM levels deep (1 = direct uses only)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand what-breaks" -l max-parse-size -d 'Skip (with a warning) files larger than NUM bytes instead of parsing them: a syntax tree takes tens of bytes of memory per byte of source (suffixes K, M, G)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand what-breaks" -l index-dir -d 'Keep indexes in DIR (also CODESEARCH_INDEX_DIR) instead of ROOT/.codesearch/ when that exists, else the user cache directory ($XDG_CACHE_HOME or ~/.cache)' -r -F
complete -c codesearch -n "__fish_codesearch_using_subcommand what-breaks" -s g -l glob -d 'Include or exclude files and directories matching GLOB (repeatable; a leading `!` excludes). Globs match paths relative to the search root, gitignore style' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand what-breaks" -s t -l type -d 'Only search files of language TYPE (repeatable). See --type-list' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand what-breaks" -s T -l type-not -d 'Do not search files of language TYPE (repeatable)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand what-breaks" -s d -l max-depth -d 'Descend at most NUM directories below each path given' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand what-breaks" -l max-filesize -d 'Skip files larger than NUM bytes (suffixes K, M and G allowed, as in ripgrep)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand what-breaks" -s j -l threads -d 'Number of threads to use (0 = choose from the number of CPUs; at most 64)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand what-breaks" -l color -d 'When to use colors: auto (a terminal, NO_COLOR unset, TERM not dumb), always, never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c codesearch -n "__fish_codesearch_using_subcommand what-breaks" -l all -d 'When a name matches several definitions, use them all instead of failing'
complete -c codesearch -n "__fish_codesearch_using_subcommand what-breaks" -l vimgrep -d 'Print `path:line:column:text` lines, for editors\' :grep and quickfix lists'
complete -c codesearch -n "__fish_codesearch_using_subcommand what-breaks" -l no-index -d 'Answer from a fresh parse of the files, without reading or updating the index'
complete -c codesearch -n "__fish_codesearch_using_subcommand what-breaks" -s . -l hidden -d 'Search hidden files and directories (names starting with a dot)'
complete -c codesearch -n "__fish_codesearch_using_subcommand what-breaks" -l no-ignore -d 'Do not respect .gitignore, .ignore, git excludes or the default exclusions (node_modules, .git, a Python venv, a cargo target, ...)'
complete -c codesearch -n "__fish_codesearch_using_subcommand what-breaks" -l no-default-excludes -d 'Walk the directories the built-in list excludes (node_modules, .git, generated env/build/target/dist/vendor directories, ...); ignore files still apply'
complete -c codesearch -n "__fish_codesearch_using_subcommand what-breaks" -s L -l follow -d 'Follow symbolic links (loops are detected, reported once and skipped)'
complete -c codesearch -n "__fish_codesearch_using_subcommand what-breaks" -l json -d 'Print JSON Lines: one {"type":..,"data":{..}} record per line, then a summary'
complete -c codesearch -n "__fish_codesearch_using_subcommand what-breaks" -s h -l help -d 'Print help'
complete -c codesearch -n "__fish_codesearch_using_subcommand index" -l index-dir -d 'Keep indexes in DIR (also CODESEARCH_INDEX_DIR) instead of ROOT/.codesearch/ when that exists, else the user cache directory ($XDG_CACHE_HOME or ~/.cache)' -r -F
complete -c codesearch -n "__fish_codesearch_using_subcommand index" -l max-parse-size -d 'Skip (with a warning) files larger than NUM bytes instead of parsing them: a syntax tree takes tens of bytes of memory per byte of source (suffixes K, M, G)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand index" -s g -l glob -d 'Include or exclude files and directories matching GLOB (repeatable; a leading `!` excludes). Globs match paths relative to the search root, gitignore style' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand index" -s t -l type -d 'Only search files of language TYPE (repeatable). See --type-list' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand index" -s T -l type-not -d 'Do not search files of language TYPE (repeatable)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand index" -s d -l max-depth -d 'Descend at most NUM directories below each path given' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand index" -l max-filesize -d 'Skip files larger than NUM bytes (suffixes K, M and G allowed, as in ripgrep)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand index" -s j -l threads -d 'Number of threads to use (0 = choose from the number of CPUs; at most 64)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand index" -l color -d 'When to use colors: auto (a terminal, NO_COLOR unset, TERM not dumb), always, never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c codesearch -n "__fish_codesearch_using_subcommand index" -l status -d 'Report on the index instead of updating it: files, symbols, references, content records, bytes on disk, last update, and how many files changed since'
complete -c codesearch -n "__fish_codesearch_using_subcommand index" -l clear -d 'Delete the index of PATH'
complete -c codesearch -n "__fish_codesearch_using_subcommand index" -s . -l hidden -d 'Search hidden files and directories (names starting with a dot)'
complete -c codesearch -n "__fish_codesearch_using_subcommand index" -l no-ignore -d 'Do not respect .gitignore, .ignore, git excludes or the default exclusions (node_modules, .git, a Python venv, a cargo target, ...)'
complete -c codesearch -n "__fish_codesearch_using_subcommand index" -l no-default-excludes -d 'Walk the directories the built-in list excludes (node_modules, .git, generated env/build/target/dist/vendor directories, ...); ignore files still apply'
complete -c codesearch -n "__fish_codesearch_using_subcommand index" -s L -l follow -d 'Follow symbolic links (loops are detected, reported once and skipped)'
complete -c codesearch -n "__fish_codesearch_using_subcommand index" -l json -d 'Print JSON Lines: one {"type":..,"data":{..}} record per line, then a summary'
complete -c codesearch -n "__fish_codesearch_using_subcommand index" -s h -l help -d 'Print help'
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -l target -d 'What the pattern is matched against' -r -f -a "content\t'Match the pattern against file contents'
filename\t'Match the pattern against each path relative to the search root'"
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -s C -l context -d 'Lines of context around each hit handed to the evaluator (0 to 10)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -l eval -d 'Python evaluator: a function body ending in `return {"matches": [...], "value": ...}`, run once per candidate file (see docs/evaluators.md)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -l eval-file -d 'Read the evaluator from FILE' -r -F
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -l max-files -d 'Evaluate only the first N candidate files (the result is partial)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -l timeout -d 'Stop the whole run after SECS seconds: searching, evaluating and printing (the result is partial)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -l max-errors -d 'Stop the run after N files failed to evaluate (the result is partial)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -l eval-timeout -d 'Wall-clock limit for evaluating one file' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -s g -l glob -d 'Include or exclude files and directories matching GLOB (repeatable; a leading `!` excludes). Globs match paths relative to the search root, gitignore style' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -s t -l type -d 'Only search files of language TYPE (repeatable). See --type-list' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -s T -l type-not -d 'Do not search files of language TYPE (repeatable)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -s d -l max-depth -d 'Descend at most NUM directories below each path given' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -l max-filesize -d 'Skip files larger than NUM bytes (suffixes K, M and G allowed, as in ripgrep)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -s j -l threads -d 'Number of threads to use (0 = choose from the number of CPUs; at most 64)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -l max-parse-size -d 'Skip (with a warning) files larger than NUM bytes instead of parsing them: a syntax tree takes tens of bytes of memory per byte of source (suffixes K, M, G)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -l color -d 'When to use colors: auto (a terminal, NO_COLOR unset, TERM not dumb), always, never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -s l -l files-with-matches -d 'Print only the files with matches: the candidate files of phase 1 (like `rg -l`), or with an evaluator the files it returned matches for'
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -l vimgrep -d 'Print `path:line:col:text` for every match, for editors\' :grep'
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -s i -l ignore-case -d 'Case-insensitive matching'
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -s s -l case-sensitive -d 'Case-sensitive matching (the default)'
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -s S -l smart-case -d 'Case-insensitive unless the pattern has an uppercase letter'
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -s U -l multiline -d 'Let the pattern match across lines (`.` also matches newlines)'
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -s P -l pcre2 -d 'Use PCRE2 syntax (look-around, backreferences)'
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -s F -l fixed-strings -d 'Treat the pattern as a literal string'
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -s w -l word-regexp -d 'Only match whole words'
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -s . -l hidden -d 'Search hidden files and directories (names starting with a dot)'
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -l no-ignore -d 'Do not respect .gitignore, .ignore, git excludes or the default exclusions (node_modules, .git, a Python venv, a cargo target, ...)'
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -l no-default-excludes -d 'Walk the directories the built-in list excludes (node_modules, .git, generated env/build/target/dist/vendor directories, ...); ignore files still apply'
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -s L -l follow -d 'Follow symbolic links (loops are detected, reported once and skipped)'
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -l json -d 'Print JSON Lines: one {"type":..,"data":{..}} record per line, then a summary'
complete -c codesearch -n "__fish_codesearch_using_subcommand xray" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -l file -d 'Dump the whole syntax tree of one file, in document order, instead of searching' -r -F
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -l max-debug-nodes -d 'Most nodes in each AST dump (1 to 500)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -l target -d 'What the pattern is matched against' -r -f -a "content\t'Match the pattern against file contents'
filename\t'Match the pattern against each path relative to the search root'"
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -s C -l context -d 'Lines of context around each hit handed to the evaluator (0 to 10)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -l eval -d 'Python evaluator: a function body ending in `return {"matches": [...], "value": ...}`, run once per candidate file (see docs/evaluators.md)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -l eval-file -d 'Read the evaluator from FILE' -r -F
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -l max-files -d 'Evaluate only the first N candidate files (the result is partial)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -l timeout -d 'Stop the whole run after SECS seconds: searching, evaluating and printing (the result is partial)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -l max-errors -d 'Stop the run after N files failed to evaluate (the result is partial)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -l eval-timeout -d 'Wall-clock limit for evaluating one file' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -s g -l glob -d 'Include or exclude files and directories matching GLOB (repeatable; a leading `!` excludes). Globs match paths relative to the search root, gitignore style' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -s t -l type -d 'Only search files of language TYPE (repeatable). See --type-list' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -s T -l type-not -d 'Do not search files of language TYPE (repeatable)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -s d -l max-depth -d 'Descend at most NUM directories below each path given' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -l max-filesize -d 'Skip files larger than NUM bytes (suffixes K, M and G allowed, as in ripgrep)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -s j -l threads -d 'Number of threads to use (0 = choose from the number of CPUs; at most 64)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -l max-parse-size -d 'Skip (with a warning) files larger than NUM bytes instead of parsing them: a syntax tree takes tens of bytes of memory per byte of source (suffixes K, M, G)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -l color -d 'When to use colors: auto (a terminal, NO_COLOR unset, TERM not dumb), always, never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -l all-nodes -d 'Show anonymous nodes too (keywords, operators, punctuation) in AST dumps'
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -s i -l ignore-case -d 'Case-insensitive matching'
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -s s -l case-sensitive -d 'Case-sensitive matching (the default)'
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -s S -l smart-case -d 'Case-insensitive unless the pattern has an uppercase letter'
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -s U -l multiline -d 'Let the pattern match across lines (`.` also matches newlines)'
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -s P -l pcre2 -d 'Use PCRE2 syntax (look-around, backreferences)'
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -s F -l fixed-strings -d 'Treat the pattern as a literal string'
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -s w -l word-regexp -d 'Only match whole words'
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -s . -l hidden -d 'Search hidden files and directories (names starting with a dot)'
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -l no-ignore -d 'Do not respect .gitignore, .ignore, git excludes or the default exclusions (node_modules, .git, a Python venv, a cargo target, ...)'
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -l no-default-excludes -d 'Walk the directories the built-in list excludes (node_modules, .git, generated env/build/target/dist/vendor directories, ...); ignore files still apply'
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -s L -l follow -d 'Follow symbolic links (loops are detected, reported once and skipped)'
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -l json -d 'Print JSON Lines: one {"type":..,"data":{..}} record per line, then a summary'
complete -c codesearch -n "__fish_codesearch_using_subcommand explore" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c codesearch -n "__fish_codesearch_using_subcommand mcp; and not __fish_seen_subcommand_from serve help" -s h -l help -d 'Print help'
complete -c codesearch -n "__fish_codesearch_using_subcommand mcp; and not __fish_seen_subcommand_from serve help" -f -a "serve" -d 'Serve the Model Context Protocol on stdin/stdout: one JSON-RPC message per line, logs on stderr, exit 0 when stdin closes. Every tool answers about ROOT or a directory below it, never outside'
complete -c codesearch -n "__fish_codesearch_using_subcommand mcp; and not __fish_seen_subcommand_from serve help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c codesearch -n "__fish_codesearch_using_subcommand mcp; and __fish_seen_subcommand_from serve" -l max-chars -d 'The most characters of one tool answer (a tool\'s `max_chars` argument may ask for less or more); an answer cut short says what it left out' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand mcp; and __fish_seen_subcommand_from serve" -s j -l threads -d 'Number of threads to use (0 = choose from the number of CPUs)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand mcp; and __fish_seen_subcommand_from serve" -l max-parse-size -d 'Skip (with a warning) files larger than NUM bytes instead of parsing them: a syntax tree takes tens of bytes of memory per byte of source (suffixes K, M, G)' -r
complete -c codesearch -n "__fish_codesearch_using_subcommand mcp; and __fish_seen_subcommand_from serve" -l index-dir -d 'Keep indexes in DIR (also CODESEARCH_INDEX_DIR) instead of ROOT/.codesearch/ when that exists, else the user cache directory ($XDG_CACHE_HOME or ~/.cache)' -r -F
complete -c codesearch -n "__fish_codesearch_using_subcommand mcp; and __fish_seen_subcommand_from serve" -l no-index -d 'Answer from a fresh parse of the files, without reading or updating the index'
complete -c codesearch -n "__fish_codesearch_using_subcommand mcp; and __fish_seen_subcommand_from serve" -s h -l help -d 'Print help'
complete -c codesearch -n "__fish_codesearch_using_subcommand mcp; and __fish_seen_subcommand_from help" -f -a "serve" -d 'Serve the Model Context Protocol on stdin/stdout: one JSON-RPC message per line, logs on stderr, exit 0 when stdin closes. Every tool answers about ROOT or a directory below it, never outside'
complete -c codesearch -n "__fish_codesearch_using_subcommand mcp; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c codesearch -n "__fish_codesearch_using_subcommand generate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c codesearch -n "__fish_codesearch_using_subcommand help; and not __fish_seen_subcommand_from build-index find-symbol what-depends what-breaks index xray explore mcp generate help" -f -a "build-index" -d 'The map: the tree of files that survive the walker (.gitignore, default exclusions, globs, types)'
complete -c codesearch -n "__fish_codesearch_using_subcommand help; and not __fish_seen_subcommand_from build-index find-symbol what-depends what-breaks index xray explore mcp generate help" -f -a "find-symbol" -d 'Fuzzy search over definitions: exact name, prefix, camelCase/snake_case words, then subsequence ("auth service" finds AuthService and auth_service)'
complete -c codesearch -n "__fish_codesearch_using_subcommand help; and not __fish_seen_subcommand_from build-index find-symbol what-depends what-breaks index xray explore mcp generate help" -f -a "what-depends" -d 'What a symbol uses: the calls and imports inside it, resolved to definitions where possible'
complete -c codesearch -n "__fish_codesearch_using_subcommand help; and not __fish_seen_subcommand_from build-index find-symbol what-depends what-breaks index xray explore mcp generate help" -f -a "what-breaks" -d 'Who uses a symbol: call sites, references and imports, by name, with the enclosing symbol of each'
complete -c codesearch -n "__fish_codesearch_using_subcommand help; and not __fish_seen_subcommand_from build-index find-symbol what-depends what-breaks index xray explore mcp generate help" -f -a "index" -d 'Build or update the index the symbol commands answer from (they also update it themselves before every answer); --status reports on it, --clear deletes it'
complete -c codesearch -n "__fish_codesearch_using_subcommand help; and not __fish_seen_subcommand_from build-index find-symbol what-depends what-breaks index xray explore mcp generate help" -f -a "xray" -d 'Programmable structural search: a regex picks candidate files, then a Python evaluator runs once per file over its syntax tree, in a sandbox'
complete -c codesearch -n "__fish_codesearch_using_subcommand help; and not __fish_seen_subcommand_from build-index find-symbol what-depends what-breaks index xray explore mcp generate help" -f -a "explore" -d 'xray with an optional evaluator and an AST dump around every match, to learn node kinds; `--file PATH` dumps one file\'s tree'
complete -c codesearch -n "__fish_codesearch_using_subcommand help; and not __fish_seen_subcommand_from build-index find-symbol what-depends what-breaks index xray explore mcp generate help" -f -a "mcp" -d 'The agent front end: a Model Context Protocol server over stdio, with one tool per question (`codesearch mcp serve`)'
complete -c codesearch -n "__fish_codesearch_using_subcommand help; and not __fish_seen_subcommand_from build-index find-symbol what-depends what-breaks index xray explore mcp generate help" -f -a "generate" -d 'Print the man page or a shell completion script generated from this CLI'
complete -c codesearch -n "__fish_codesearch_using_subcommand help; and not __fish_seen_subcommand_from build-index find-symbol what-depends what-breaks index xray explore mcp generate help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c codesearch -n "__fish_codesearch_using_subcommand help; and __fish_seen_subcommand_from mcp" -f -a "serve" -d 'Serve the Model Context Protocol on stdin/stdout: one JSON-RPC message per line, logs on stderr, exit 0 when stdin closes. Every tool answers about ROOT or a directory below it, never outside'
