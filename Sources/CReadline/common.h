// The line editor's functions GNU readline and BSD libedit both offer, under the same names and types: the
// shims of both modules (Sources/CReadline/shim.h, Sources/CEditLine/shim.h) include this after their
// library's header, and each adds what its library does its own way.
#ifndef LISTDSL_LINE_EDITOR_COMMON_H
#define LISTDSL_LINE_EDITOR_COMMON_H

/// The name the editor uses for conditional parsing of its settings (~/.inputrc, ~/.editrc).
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

/// The whole line being edited.
static inline const char *listdsl_rl_line_buffer(void) { return rl_line_buffer; }

/// Whether readline installs its own signal handlers (we handle SIGINT ourselves).
static inline void listdsl_rl_set_catch_signals(int value) { rl_catch_signals = value; }

/// Whether readline handles SIGWINCH itself (it resizes the line at the next safe point).
static inline void listdsl_rl_set_catch_sigwinch(int value) { rl_catch_sigwinch = value; }

/// Sends readline's prompt and echo to standard error (when standard output is not a terminal).
static inline void listdsl_rl_set_outstream_stderr(void) { rl_outstream = stderr; }

/// Readline's output stream, for text printed while a line is being edited.
static inline FILE *listdsl_rl_outstream(void) { return rl_outstream; }

/// Whether readline appends nothing after a unique match (set per completion attempt).
static inline void listdsl_rl_set_completion_suppress_append(int value) { rl_completion_suppress_append = value; }

/// Stops readline from treating quotes as word delimiters in completion: it would append the quote
/// after every unique match, a directory included; our completer decides what follows a match.
static inline void listdsl_rl_clear_basic_quote_characters(void) { rl_basic_quote_characters = NULL; }

/// Turns off readline's own sorting of matches (we pass them sorted).
static inline void listdsl_rl_set_sort_completion_matches(int value) { rl_sort_completion_matches = value; }

/// Installs the function readline reads each byte with.
static inline void listdsl_rl_set_getc_function(int (*fn)(FILE *)) { rl_getc_function = fn; }

/// Gives the terminal back as it was before the editor took it (before the process stops for Ctrl-Z).
static inline void listdsl_rl_release_terminal(void) { rl_deprep_terminal(); }

/// Takes the terminal again and draws the prompt and the line anew (after `fg`).
static inline void listdsl_rl_retake_terminal(void) {
    rl_prep_terminal(1);
    rl_forced_update_display();
}

/// Sets the maximum number of entries kept in the history list.
static inline void listdsl_history_limit(int max) { stifle_history(max); }

#endif
