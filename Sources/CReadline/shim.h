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

#include "common.h"

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
