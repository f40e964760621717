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

#endif
