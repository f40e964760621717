// Accessors for GNU readline's global variables, which Swift 6 cannot touch directly
// from strict-concurrency code. Nothing but readline lives in this target.
#ifndef LISTDSL_CREADLINE_SHIM_H
#define LISTDSL_CREADLINE_SHIM_H

#include <stdio.h>
#include <stdlib.h>
#include <readline/readline.h>
#include <readline/history.h>

/// The name readline uses for conditional parsing of ~/.inputrc.
static inline void listdsl_rl_set_readline_name(const char *name) { rl_readline_name = name; }

/// Installs the completion entry point (called with the word, its start and end).
static inline void listdsl_rl_set_attempted_completion(rl_completion_func_t *fn) {
    rl_attempted_completion_function = fn;
}

/// Stops readline from falling back to file-name completion when we return no matches.
static inline void listdsl_rl_set_attempted_completion_over(int value) { rl_attempted_completion_over = value; }

/// The character appended after a unique completion (' ' by default, '\0' for none).
static inline void listdsl_rl_set_completion_append_character(int c) { rl_completion_append_character = c; }

/// Characters that separate words for completion.
static inline void listdsl_rl_set_word_break_characters(const char *chars) {
    rl_completer_word_break_characters = (char *)chars;
}

/// The whole line being edited and the cursor position in it.
static inline const char *listdsl_rl_line_buffer(void) { return rl_line_buffer; }
static inline int listdsl_rl_point(void) { return rl_point; }

/// Whether readline installs its own signal handlers (we handle SIGINT ourselves).
static inline void listdsl_rl_set_catch_signals(int value) { rl_catch_signals = value; }

/// Readline's output and input streams.
static inline void listdsl_rl_set_outstream(FILE *stream) { rl_outstream = stream; }
static inline void listdsl_rl_set_instream(FILE *stream) { rl_instream = stream; }

/// Number of entries in the history list.
static inline int listdsl_history_length(void) { return history_length; }

/// Builds a completion match list from a generator.
static inline char **listdsl_rl_completion_matches(const char *text, rl_compentry_func_t *fn) {
    return rl_completion_matches(text, fn);
}

/// Abandons the current line after Ctrl-C: clears it and redraws a fresh prompt.
static inline void listdsl_rl_abandon_line(void) {
    rl_free_line_state();
    rl_cleanup_after_signal();
    rl_replace_line("", 0);
    rl_crlf();
    rl_on_new_line();
}

/// Sets rl_done so that readline() returns at once.
static inline void listdsl_rl_set_done(int value) { rl_done = value; }

/// Disables bracketed paste so pasted text reaches the line as typed.
static inline void listdsl_rl_disable_bracketed_paste(void) {
    rl_variable_bind("enable-bracketed-paste", "off");
}

/// Whether readline handles SIGWINCH itself (it resizes at the next key in callback mode).
static inline void listdsl_rl_set_catch_sigwinch(int value) { rl_catch_sigwinch = value; }

/// Sends readline's prompt and echo to standard error (when standard output is not a terminal).
static inline void listdsl_rl_set_outstream_stderr(void) { rl_outstream = stderr; }

/// Readline's output stream, for text printed while a line is being edited.
static inline FILE *listdsl_rl_outstream(void) { return rl_outstream; }

/// Cancels the line being edited after Ctrl-C in callback mode: drops the line, any incremental
/// search or argument in progress, and the undo list; the caller prints a newline and removes the handler.
static inline void listdsl_rl_cancel_line(void) {
    rl_free_line_state();
    rl_callback_sigcleanup();
    rl_replace_line("", 0);
    rl_point = 0;
    rl_end = 0;
}

/// Whether readline appends nothing after a unique match (set per completion attempt).
static inline void listdsl_rl_set_completion_suppress_append(int value) { rl_completion_suppress_append = value; }

/// Stops readline from treating quotes as word delimiters in completion: it would append the quote
/// after every unique match, a directory included; our completer decides what follows a match.
static inline void listdsl_rl_clear_basic_quote_characters(void) { rl_basic_quote_characters = NULL; }

/// Turns off readline's own sorting of matches (we pass them sorted).
static inline void listdsl_rl_set_sort_completion_matches(int value) { rl_sort_completion_matches = value; }

/// Installs the function readline reads each byte with.
static inline void listdsl_rl_set_getc_function(rl_getc_func_t *fn) { rl_getc_function = fn; }

/// Clears readline's end-of-input flag: in callback mode it stays set after Ctrl-D, and every later
/// terminal reset would then print an extra newline.
static inline void listdsl_rl_clear_eof_found(void) { rl_eof_found = 0; }

/// Sets the maximum number of entries kept in the history list.
static inline void listdsl_history_limit(int max) { stifle_history(max); }

#endif
