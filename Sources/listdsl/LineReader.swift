import CReadline
import Platform
import Synchronization

/// What one read from the terminal produced.
enum LineInput: Equatable {
    /// A line the user accepted, without its newline; raw bytes, which need not be valid UTF-8.
    case line([UInt8])
    /// Ctrl-C at the prompt: the line was dropped.
    case interrupted
    /// Ctrl-D on an empty line, or the terminal went away.
    case endOfInput
}

/// What Tab offers for the word before the cursor.
struct CompletionOffer: Equatable {
    /// The words that can replace the word being typed, sorted, without repeats.
    var candidates: [String]
    /// What to add after a unique candidate: a space after a word, a closing quote after a file name in a
    /// string, nothing after a directory.
    var suffix: String
    /// The usage line printed when there is nothing to complete, e.g. `usage: delete PATH {, PATH}`.
    var usage: String?

    /// Nothing to offer, optionally with a usage line.
    static func nothing(usage: String? = nil) -> CompletionOffer {
        CompletionOffer(candidates: [], suffix: " ", usage: usage)
    }
}

/// Reads lines from the terminal with GNU readline's `readline()`.
///
/// Not readline's callback interface: readline 8.2 crashes in callback mode (a segmentation fault) on
/// key sequences that start one multi-key read inside another — Ctrl-R then the end of a paste, Ctrl-R
/// Ctrl-X, Ctrl-] then ESC x — and on 2% of random key sequences, while `readline()` reads the same keys
/// through the code every bash user runs, and survived every sequence our fuzzer typed.
///
/// Ctrl-C never reaches readline: it installs no signal handlers (`rl_catch_signals = 0`), the SIGINT
/// handler only raises a flag, and the byte reader below polls for it. When it sees the flag it prints
/// `^C`, empties the line and returns EOF: EOF ends whatever readline was reading (the rest of a key
/// sequence, a paste, a search string, a y/n question), and on an empty line it ends `readline()` itself.
/// Only one reader exists per process, because readline's state is global.
final class LineReader {
    /// Works out the offer for `word`, given the text of the line before it; set by the REPL.
    var complete: ((_ before: String, _ word: String) -> CompletionOffer)? {
        get { LineReaderState.complete }
        set { LineReaderState.complete = newValue }
    }

    /// The characters that end a word for completion: blanks, brackets, quotes and operators. Not `.`
    /// (dot commands), `/` or `-` (file names), nor `_`.
    static let wordBreakCharacters = " \t\n\"'(){}[],;:=+*%<>!#"

    /// Prepares readline: our name for ~/.inputrc, no signal handlers, our completion, history limit.
    ///
    /// Prompts and the line being edited go to standard output when it is a terminal, else to standard
    /// error, so `listdsl > out.txt` captures only program output.
    init(historyLimit: Int) {
        listdsl_rl_set_readline_name(LineReaderState.name)
        listdsl_rl_set_catch_signals(0)
        listdsl_rl_set_catch_sigwinch(1)
        if isatty(1) == 0 { listdsl_rl_set_outstream_stderr() }
        listdsl_rl_set_word_break_characters(LineReaderState.breaks)
        listdsl_rl_clear_basic_quote_characters()
        listdsl_rl_set_attempted_completion(LineReaderState.attemptCompletion)
        listdsl_rl_set_getc_function(LineReaderState.getc)
        listdsl_history_limit(Int32(clamping: historyLimit))
    }

    /// Shows `prompt` and reads one line, returning early on Ctrl-C or end of input.
    ///
    /// While it reads, Ctrl-Z only raises a flag, and the byte reader stops the process at a safe point:
    /// it gives the terminal back first and, after `fg`, takes it again and draws the prompt and the line
    /// anew (with the editor's own signal handlers off, the process stopped with the terminal still the
    /// editor's, and after `fg` the prompt was gone and each key echoed twice). A statement that runs stops
    /// at once, as it always did.
    func read(prompt: String) -> LineInput {
        LineReaderState.interrupted = false
        LineReaderState.echoedInterrupt = false
        LineReaderState.searchKeys = 0
        Host.handleSuspend { _ in LineReaderState.suspendRequested.store(true, ordering: .relaxed) }
        defer { Host.handleSuspend(nil) }
        let line = readline(prompt)
        defer { free(line) }
        if LineReaderState.interrupted && !LineReaderState.echoedInterrupt { writeOut("^C") }
        // readline ends a line that input ended with a newline of its own only when bracketed paste is on.
        if line == nil && listdsl_rl_bracketed_paste_enabled() == 0 { writeOut("\n") }
        if LineReaderState.interrupted {
            _ = takeInterrupt()
            return .interrupted
        }
        guard let line else { return .endOfInput }
        return .line(Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(line), count: strlen(line))))
    }

    /// Adds an entry to readline's in-memory history (Up, Down, Ctrl-R).
    func addHistory(_ entry: String) {
        add_history(entry)
    }

    /// Writes text to readline's output stream, flushed.
    private func writeOut(_ text: String) {
        guard let stream = listdsl_rl_outstream() else { return }
        fputs(text, stream)
        fflush(stream)
    }
}

/// Readline's callbacks are C function pointers that cannot capture context, so the one reader's
/// state lives here. Only the REPL's thread touches it.
private enum LineReaderState {
    /// Set by the byte reader when Ctrl-C ended the read in progress.
    nonisolated(unsafe) static var interrupted = false
    /// Set by the SIGTSTP handler (Ctrl-Z) while a line is read; the byte reader stops the process.
    static let suspendRequested = Atomic<Bool>(false)
    /// Whether the byte reader has shown `^C` after the line.
    nonisolated(unsafe) static var echoedInterrupt = false
    /// The REPL's completion function.
    nonisolated(unsafe) static var complete: ((String, String) -> CompletionOffer)?
    /// `rl_readline_name`, which readline keeps a pointer to for the whole run.
    nonisolated(unsafe) static let name: UnsafeMutablePointer<CChar> = strdup("listdsl")
    /// `rl_completer_word_break_characters`, likewise kept for the whole run.
    nonisolated(unsafe) static let breaks: UnsafeMutablePointer<CChar> = strdup(LineReader.wordBreakCharacters)

    /// Keys typed into the incremental search in progress (see `searchLength`).
    nonisolated(unsafe) static var searchKeys = 0
    /// A key held back from a search that was ended for it; the next read returns it.
    nonisolated(unsafe) static var heldKey: Int32?
    /// The most keys an incremental search takes. Readline redraws its search prompt, which holds the
    /// search string, in time that grows with the cube of the string's length (a 5,000-character paste
    /// into Ctrl-R took 37 s, 10,000 six minutes, with Ctrl-C stuck behind the pasted input); so the
    /// search ends after this many keys (with Ctrl-J, which keeps the line found) and the rest go to the
    /// line, where they cost what typing costs.
    static let searchLength = 256

    /// Readline's byte reader. It never blocks: Ctrl-C makes the tty discard typed-ahead input, so input
    /// that `poll` reported can be gone by the time of the read, and a blocking read would then wait for
    /// the next key. At end of input or on an error it returns EOF; after Ctrl-C, what `interrupt()` does.
    static let getc: @convention(c) (UnsafeMutablePointer<FILE>?) -> Int32 = { _ in
        if interruptRequested.load(ordering: .relaxed) { return interrupt() }
        if let key = heldKey {
            heldKey = nil
            return key
        }
        while true {
            if interruptRequested.load(ordering: .relaxed) { return interrupt() }
            if suspendRequested.exchange(false, ordering: .relaxed) { suspend() }
            var request = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, 100)
            if ready < 0 && errno != EINTR { return EOF }
            if ready <= 0 {
                listdsl_rl_check_signals()  // a window resize, handled where readline's own reader would
                continue
            }
            // A Ctrl-C during the wait comes first: the key typed after it belongs to the next line.
            if interruptRequested.load(ordering: .relaxed) { return interrupt() }
            var byte: UInt8 = 0
            let flags = fcntl(0, F_GETFL)
            _ = fcntl(0, F_SETFL, flags | O_NONBLOCK)
            let n = Host.read(0, &byte, 1)
            let failure = errno
            _ = fcntl(0, F_SETFL, flags)  // standard input's mode is shared with the shell: restore it at once
            if n == 1 { return limitingSearch(Int32(byte)) }
            if n == 0 { return EOF }
            if failure != EAGAIN && failure != EINTR { return EOF }
        }
    }

    /// Ctrl-Z, at a safe point: the terminal as the shell left it, the process stopped as Ctrl-Z stops it,
    /// and after `fg` the terminal the editor's again, with the prompt and the line drawn anew.
    static func suspend() {
        listdsl_rl_release_terminal()
        Host.stopAsSuspended()
        listdsl_rl_retake_terminal()
    }

    /// `key`, or, when it would make the incremental search in progress longer than `searchLength`, Ctrl-J
    /// to end the search, holding `key` back for the line.
    static func limitingSearch(_ key: Int32) -> Int32 {
        guard listdsl_rl_in_incremental_search() != 0 else {
            searchKeys = 0
            return key
        }
        if key >= 0x20 && key != 0x7F { searchKeys += 1 }
        guard searchKeys > searchLength else { return key }
        searchKeys = 0
        heldKey = key
        return 0x0A
    }

    /// Ends the read in progress after Ctrl-C by returning EOF, which ends every loop inside readline that
    /// reads more input (the rest of a key sequence, a paste, a search string, a y/n question) and, on an
    /// empty line at the top level, `readline()` itself. At the top level it first shows `^C` after the line
    /// (once) and empties the line, so a few calls end the read whatever state readline was in. (With
    /// libedit the key is a newline instead: `listdsl_rl_interrupt_key` in Sources/CEditLine/shim.h says why.)
    static func interrupt() -> Int32 {
        interrupted = true
        if listdsl_rl_reading_more_input() != 0 { return listdsl_rl_interrupt_key() }
        if !echoedInterrupt {
            echoedInterrupt = true
            listdsl_rl_move_to_end_of_line()
            if let stream = listdsl_rl_outstream() {
                fputs("^C", stream)
                fflush(stream)
            }
        }
        listdsl_rl_empty_line()
        return listdsl_rl_interrupt_key()
    }

    /// Readline's attempted-completion function: our offer as a malloc'd match list, or the usage line.
    static let attemptCompletion:
        @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = {
            text, start, _ in
            listdsl_rl_set_attempted_completion_over(1)  // never fall back to readline's file names
            guard let complete, let text, let buffer = listdsl_rl_line_buffer() else { return nil }
            let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(buffer), count: Int(max(0, start)))
            let before = String(decoding: bytes, as: UTF8.self)
            let offer = complete(before, String(cString: text))
            if offer.candidates.isEmpty {
                if let usage = offer.usage, let stream = listdsl_rl_outstream() {
                    fputs("\n" + usage + "\n", stream)
                    rl_forced_update_display()
                }
                return nil
            }
            if offer.suffix.isEmpty {
                listdsl_rl_set_completion_suppress_append(1)
                // libedit keeps the character an earlier completion set, and appends it all the same.
                listdsl_rl_set_completion_append_character(0)
            } else {
                listdsl_rl_set_completion_append_character(Int32(offer.suffix.utf8.first ?? 0x20))
            }
            listdsl_rl_set_sort_completion_matches(0)
            return matchList(offer.candidates)
        }

    /// Readline's match-list format: the common prefix, then every match, then NULL, all malloc'd.
    static func matchList(_ candidates: [String]) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        guard let first = candidates.first else { return nil }
        let count = candidates.count == 1 ? 1 : candidates.count + 1
        guard let raw = malloc((count + 1) * MemoryLayout<UnsafeMutablePointer<CChar>?>.stride) else { return nil }
        let list = raw.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: count + 1)
        if candidates.count == 1 {
            list[0] = strdup(first)
        } else {
            list[0] = strdup(commonPrefix(candidates))
            for (i, candidate) in candidates.enumerated() { list[i + 1] = strdup(candidate) }
        }
        list[count] = nil
        return list
    }

    /// The longest prefix (whole characters) every candidate shares.
    static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first.map(Array.init) else { return "" }
        for word in words.dropFirst() {
            let chars = Array(word)
            var n = 0
            while n < prefix.count && n < chars.count && prefix[n] == chars[n] { n += 1 }
            prefix.removeLast(prefix.count - n)
        }
        return String(prefix)
    }
}
