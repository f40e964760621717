// The line editor's shim over BSD libedit's readline interface (what macOS ships, also as "libreadline";
// Debian's libedit-dev), declaring the same functions as Sources/CReadline/shim.h does over GNU readline, so
// the REPL's Swift is the same with either. Package.swift picks the one to build (LISTDSL_LINE_EDITOR).
// What libedit lacks, the functions here say how they stand in for it.
#ifndef LISTDSL_CREADLINE_SHIM_H
#define LISTDSL_CREADLINE_SHIM_H

#include <stdio.h>
#include <stdlib.h>
#include <editline/readline.h>

/// Which line editor this build uses, for `--version`.
static inline const char *listdsl_line_editor_name(void) { return "libedit"; }

/// The version of the readline interface libedit offers, e.g. "EditLine wrapper".
static inline const char *listdsl_rl_library_version(void) { return rl_library_version; }

#include "../CReadline/common.h"

/// Whether the editor is in the middle of reading more input for something it started. libedit keeps no
/// such state where a caller can see it (its RL_STATE_* are only NONE and DONE): 0, and Ctrl-C then ends the
/// line at once, as it does at an ordinary prompt.
static inline int listdsl_rl_reading_more_input(void) { return 0; }

/// Whether the editor is in an incremental search: libedit does not say (see above), 0.
static inline int listdsl_rl_in_incremental_search(void) { return 0; }

/// After Ctrl-C: would put the cursor after the line's last character. libedit's `rl_point` is a copy it
/// does not read back, and its `rl_redisplay` draws the prompt and line again on the same row: nothing (the
/// `^C` goes where the cursor is, the end of the line unless the user moved it).
static inline void listdsl_rl_move_to_end_of_line(void) {}

/// After Ctrl-C: would empty the line. libedit's line buffer is a copy it does not read back: nothing (the
/// key below ends the line instead, and the REPL drops it).
static inline void listdsl_rl_empty_line(void) {}

/// The key the byte reader returns after Ctrl-C to end the read in progress. GNU readline ends any read on
/// EOF; libedit, given EOF on a line that is not empty, ends `readline()` but loses the next line typed.
/// A newline ends its line, and its incremental search, as Enter does; the REPL drops the line it gives.
static inline int listdsl_rl_interrupt_key(void) { return '\n'; }

/// Whether the editor turned bracketed paste on: libedit has no bracketed paste, 0.
static inline int listdsl_rl_bracketed_paste_enabled(void) { return 0; }

/// Handles a signal the editor caught at a safe point: libedit handles SIGWINCH in its own reader, nothing.
static inline void listdsl_rl_check_signals(void) {}

#endif
