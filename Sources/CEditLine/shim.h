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

/// The name used for conditional parsing of the editor's settings (~/.editrc).
static inline void listdsl_rl_set_readline_name(const char *name) { rl_readline_name = name; }

/// Installs the completion entry point (called with the word, its start and end).
static inline void listdsl_rl_set_attempted_completion(rl_completion_func_t *fn) {
    rl_attempted_completion_function = fn;
}

/// Stops the editor from falling back to file-name completion when we return no matches.
static inline void listdsl_rl_set_attempted_completion_over(int value) { rl_attempted_completion_over = value; }

/// The character appended after a unique completion (' ' by default, '\0' for none).
static inline void listdsl_rl_set_completion_append_character(int c) { rl_completion_append_character = c; }

/// Characters that separate words for completion.
static inline void listdsl_rl_set_word_break_characters(const char *chars) {
    rl_completer_word_break_characters = (char *)chars;
}

/// The whole line being edited.
static inline const char *listdsl_rl_line_buffer(void) { return rl_line_buffer; }

/// Whether the editor installs its own signal handlers (we handle SIGINT ourselves).
static inline void listdsl_rl_set_catch_signals(int value) { rl_catch_signals = value; }

/// Whether the editor handles SIGWINCH itself.
static inline void listdsl_rl_set_catch_sigwinch(int value) { rl_catch_sigwinch = value; }

/// Sends the prompt and echo to standard error (when standard output is not a terminal).
static inline void listdsl_rl_set_outstream_stderr(void) { rl_outstream = stderr; }

/// The editor's output stream, for text printed while a line is being edited.
static inline FILE *listdsl_rl_outstream(void) { return rl_outstream; }

/// Whether nothing is appended after a unique match (set per completion attempt).
static inline void listdsl_rl_set_completion_suppress_append(int value) { rl_completion_suppress_append = value; }

/// Stops quotes from being word delimiters in completion (our completer decides what follows a match).
static inline void listdsl_rl_clear_basic_quote_characters(void) { rl_basic_quote_characters = NULL; }

/// Turns off the editor's own sorting of matches (we pass them sorted).
static inline void listdsl_rl_set_sort_completion_matches(int value) { rl_sort_completion_matches = value; }

/// Installs the function the editor reads each byte with (libedit's has the same type as GNU's
/// `rl_getc_func_t`, which libedit does not name).
static inline void listdsl_rl_set_getc_function(int (*fn)(FILE *)) { rl_getc_function = fn; }

/// Sets the maximum number of entries kept in the history list.
static inline void listdsl_history_limit(int max) { stifle_history(max); }

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
