//! The subcommands: find-symbol, what-depends, what-breaks (printing and exit codes).
