// Accessors for GNU readline's global variables, which Swift 6 cannot touch directly
// from strict-concurrency code. Nothing but readline lives in this target.
#ifndef LISTDSL_CREADLINE_SHIM_H
#define LISTDSL_CREADLINE_SHIM_H

#include <stdio.h>
#include <stdlib.h>
#include <readline/readline.h>
#include <readline/history.h>

/// Which line editor this build uses, for `--version`.
static inline const char *listdsl_line_editor_name(void) { return "GNU readline"; }

/// The version of the readline library linked in, e.g. "8.2".
static inline const char *listdsl_rl_library_version(void) { return rl_library_version; }

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
static inline void listdsl_rl_set_getc_function(rl_getc_func_t *fn) { rl_getc_function = fn; }

/// Sets the maximum number of entries kept in the history list.
static inline void listdsl_history_limit(int max) { stifle_history(max); }

/// Whether readline is in the middle of reading more input for something it started: the rest of a key
/// sequence, a paste, a search string, a quoted character, a y/n answer or a numeric argument. Each of
/// those loops ends when the byte reader returns EOF.
static inline int listdsl_rl_reading_more_input(void) { return RL_ISSTATE(RL_STATE_MOREINPUT) ? 1 : 0; }

/// Whether readline is in an incremental search (Ctrl-R, Ctrl-S).
static inline int listdsl_rl_in_incremental_search(void) { return RL_ISSTATE(RL_STATE_ISEARCH) ? 1 : 0; }

/// After Ctrl-C: puts the cursor after the line's last character, so the `^C` printed next does not
/// overwrite what was typed.
static inline void listdsl_rl_move_to_end_of_line(void) {
    rl_point = rl_end;
    rl_redisplay();
}

/// After Ctrl-C: empties the line, so that the EOF the byte reader returns next ends readline() at once
/// (on a non-empty line readline would take it as Ctrl-D and delete a character).
static inline void listdsl_rl_empty_line(void) {
    rl_point = 0;
    rl_end = 0;
    rl_mark = 0;
    if (rl_line_buffer) rl_line_buffer[0] = '\0';
}

/// The key the byte reader returns after Ctrl-C to end the read in progress: EOF, which ends every loop
/// inside readline that reads more input and, on an empty line, `readline()` itself.
static inline int listdsl_rl_interrupt_key(void) { return EOF; }

/// Whether readline turned bracketed paste on for this terminal: it then ends a line that input ended
/// with a newline of its own.
static inline int listdsl_rl_bracketed_paste_enabled(void) {
    const char *value = rl_variable_value("enable-bracketed-paste");
    return value != NULL && value[0] == 'o' && value[1] == 'n';
}

/// Handles a signal readline caught (a window resize) at a safe point, as readline's own reader does.
static inline void listdsl_rl_check_signals(void) { rl_check_signals(); }

#endif
