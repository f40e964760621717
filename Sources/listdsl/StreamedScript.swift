import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching
import Platform

/// A big script file checked, then run, a window at a time, so that neither its bytes nor its syntax
/// tree are ever held whole (a million literal edits are 19 MB of text and 48 MB of tree).
///
/// The check comes first and reads the whole file: every window must parse as a program of its own
/// (`Parser.parseWindow`), so a syntax error anywhere still stops the run before anything runs. When
/// one does not — a syntax error, or a statement running across two windows — the file is read and
/// parsed whole, as any other script, and its diagnostics are exactly the whole file's. Then the
/// windows run in order, each read again and parsed on a thread of its own while the one before runs; a
/// window that holds literal `insert` and `delete` lines alone (a generated script's) is read into those
/// commands' compact form and run from it, with no tree (`Parser.literalLines`). Windows are cut where the
/// check cut them, and the file stays open between the two, so a file replaced by its editor meanwhile is
/// still the file that was checked. A file written in place meanwhile (truncated, saved shorter) is
/// noticed: each window read again must have the length and the checksum it had when it was checked, or
/// the run stops there with `UsageError.changedWhileRunning`, before any of that window runs. A check for a
/// run keeps the first window's tree, which runs first: a file that is one long line (a `reset` of a
/// million rows) is one window, and is then parsed once, not checked and parsed again.
final class StreamedScript {
    /// A file smaller than this is read whole: its tree is small.
    static let threshold = 4 << 20
    /// About how much of the file a window holds (more when a line is longer).
    static let windowBytes = 256 << 10
    /// Where windows end: after a line feed.
    static let lineFeed = UInt8(ascii: "\n")

    let name: String
    let directory: String
    private let fd: Int32
    private let size: Int
    /// The windows, in order: each a range of the file's bytes ending after a line feed (the last at the
    /// end of the file), the line it starts at, how many line feeds it holds, whether it holds literal
    /// commands alone, and the checksum of its bytes (`TextSearch.checksum`; nil for a first window the
    /// check kept, which is never read again). Set by `check`.
    private(set) var windows: [Window] = []

    /// A window of the file, as the check found it.
    struct Window {
        var bytes: Range<Int>
        var firstLine: Int
        var lines: Int
        var literal: Bool
        var checksum: UInt64?
    }
    /// Whether the text mentions `undo` or `redo`, which turns undo history on (`Interpreter.willRun`).
    private(set) var mentionsUndo = false
    /// The first window read and parsed by the check, when it was asked to keep it; `run` takes it.
    private var firstWindow: Parsed?

    /// The file at `path` ready to be checked, when it is a regular file of at least `threshold` bytes and at
    /// most `limit`; nil otherwise, and then it is read whole as every other script is.
    init?(path: String, limit: Int, threshold: Int = StreamedScript.threshold) {
        guard !path.utf8.contains(0) else { return nil }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            Int(info.st_size) >= threshold, Int(info.st_size) <= limit
        else {
            close(fd)
            return nil
        }
        name = path
        directory = directoryName(path)
        self.fd = fd
        size = Int(info.st_size)
    }

    deinit { close(fd) }

    /// Checks every window, the two halves of the file at once on a machine with more than one processor,
    /// and keeps where each window is; false when one does not parse on its own (or the file cannot be read).
    /// `forRun` keeps the first window's tree too, for `run`.
    func check(forRun: Bool = false) -> Bool {
        guard let cut = cutNearHalf() else { return record([checkWindows(0..<size, keepingFirst: forRun)]) }
        let second =
            hasSecondProcessor ? BackgroundWork(stackSize: 64 << 20) { self.checkWindows(cut..<self.size) } : nil
        let first = checkWindows(0..<cut, keepingFirst: forRun)
        return record([first, second?.join() ?? checkWindows(cut..<size)])
    }

    /// What checking a part of the file found: its windows and how many lines each holds, whether one
    /// mentions undo, whether every one parsed, and the part's first window parsed when it was kept.
    private struct Checked {
        var windows: [(bytes: Range<Int>, lines: Int, literal: Bool, checksum: UInt64?)] = []
        var mentionsUndo = false
        var parsed = true
        var first: Parsed?
    }

    /// Keeps the windows of the parts, in order, with the line each starts at.
    private func record(_ parts: [Checked]) -> Bool {
        guard parts.allSatisfy(\.parsed) else { return false }
        firstWindow = parts.first?.first
        var line = 1
        for part in parts {
            for window in part.windows {
                windows.append(
                    Window(
                        bytes: window.bytes, firstLine: line, lines: window.lines, literal: window.literal,
                        checksum: window.checksum))
                line += window.lines
            }
            if part.mentionsUndo { mentionsUndo = true }
        }
        return true
    }

    /// The start of the first line after the middle of the file; nil when there is none.
    private func cutNearHalf() -> Int? {
        guard let cut = lineEnd(from: size / 2, to: size), cut < size else { return nil }
        return cut
    }

    /// Reads and checks the windows of `part`; `keepingFirst` keeps its first window read for the run: its
    /// literal commands, or its tree.
    private func checkWindows(_ part: Range<Int>, keepingFirst: Bool = false) -> Checked {
        var checked = Checked()
        var offset = part.lowerBound
        while offset < part.upperBound {
            guard let window = nextWindow(from: offset, to: part.upperBound) else {
                checked.parsed = false
                return checked
            }
            // A window after the file's first line only needs a line after the first: its line matters
            // only in a diagnostic, and a window with one sends the whole file to be parsed at once.
            let file = SourceFile(name: name, bytes: window, directory: directory, firstLine: offset == 0 ? 1 : 2)
            // A window of literal commands alone parses, and they count its lines; any other is parsed.
            let lines: Int
            let parses: Bool
            var literal = false
            if keepingFirst && offset == part.lowerBound {
                if let commands = Parser.literalLines(file) {
                    lines = commands.lineFeeds
                    checked.first = Parsed(file: file, lines: commands)
                    (parses, literal) = (true, true)
                } else {
                    lines = Parser.lineFeedCount(window, window.indices)
                    let program = Parser.parseWindow(file, lineFeeds: lines)
                    checked.first = Parsed(file: file, program: program)
                    parses = program != nil
                }
            } else if let lineFeeds = Parser.literalLineFeeds(file) {
                (lines, parses, literal) = (lineFeeds, true, true)
            } else {
                lines = Parser.lineFeedCount(window, window.indices)
                parses = Parser.windowParses(file)
            }
            guard parses else {
                checked.parsed = false
                return checked
            }
            // A window of literal inserts and deletes alone calls no `undo` or `redo`: the words can only be in its
            // texts, so it is not searched (half its lines hold "de", 15 ms of edits-1m's 280).
            if !literal && !checked.mentionsUndo && Interpreter.mentionsUndo(window) { checked.mentionsUndo = true }
            // The checksum tells the run the bytes it reads again are the ones checked (a kept first window is
            // not read again); a literal window's then runs without its checks made again.
            let kept = keepingFirst && offset == part.lowerBound
            checked.windows.append(
                (offset..<offset + window.count, lines, literal, kept ? nil : TextSearch.checksum(window)))
            offset += window.count
        }
        return checked
    }

    /// The window starting at `offset`: about `windowBytes` up to and with a line feed, or up to `end`. When
    /// no line ends within that, it runs to the end of the first line that does, found a block at a time
    /// before the window is read once at its size (a window grown by doubling copied and faulted in twice
    /// the bytes of a ten-megabyte line).
    private func nextWindow(from offset: Int, to end: Int) -> [UInt8]? {
        let length = min(StreamedScript.windowBytes, end - offset)
        guard var bytes = read(offset..<offset + length), bytes.count == length else { return nil }
        if offset + length == end { return bytes }
        if let last = bytes.withUnsafeBufferPointer({
            TextSearch.lastIndex(of: StreamedScript.lineFeed, in: $0, from: 0, to: $0.count)
        }) {
            bytes.removeSubrange((last + 1)...)
            return bytes
        }
        let windowEnd = lineEnd(from: offset + length, to: end) ?? end
        guard let window = read(offset..<windowEnd), window.count == windowEnd - offset else { return nil }
        return window
    }

    /// The offset after the first line feed in `from..<end` of the file, read a block at a time into one
    /// buffer; nil when there is none (or the file cannot be read).
    private func lineEnd(from start: Int, to end: Int) -> Int? {
        let blockSize = 64 << 10
        let block = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: blockSize)
        defer { block.deallocate() }
        var offset = start
        while offset < end {
            let count = min(blockSize, end - offset)
            guard let base = block.baseAddress, readFully(into: base, count: count, at: offset) == count else {
                return nil
            }
            if let i = TextSearch.firstIndex(
                of: StreamedScript.lineFeed, in: UnsafeBufferPointer(block), from: 0, to: count)
            {
                return offset + i + 1
            }
            offset += count
        }
        return nil
    }

    /// Reads `count` bytes at `offset` of the file into `base`: how many it read (fewer at the end of the
    /// file), or nil on an error.
    private func readFully(into base: UnsafeMutablePointer<UInt8>, count: Int, at offset: Int) -> Int? {
        var done = 0
        while done < count {
            let n = pread(fd, base + done, count - done, off_t(offset + done))
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// The bytes of `range` of the file; nil when it cannot be read.
    private func read(_ range: Range<Int>) -> [UInt8]? {
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: range.count) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            guard let done = readFully(into: base, count: range.count, at: range.lowerBound) else {
                failed = true
                return
            }
            count = done
        }
        return failed ? nil : bytes
    }

    /// A window read and parsed for running: its literal commands when they are all it holds, else its
    /// program. `file` is nil when it could not be read again, and `changed` true when the bytes read are
    /// not the ones checked (the file was written to since): neither runs.
    private struct Parsed {
        var file: SourceFile?
        var program: Program?
        var lines: LiteralLines?
        var changed = false
    }

    /// Runs the checked windows in order at the interpreter's top level, each read and parsed on a thread of
    /// its own while the one before runs (on the calling thread alone on one processor).
    func run(_ interpreter: Interpreter) throws(ScriptError) {
        let handoff = Handoff<Parsed>(capacity: 1)
        let kept = firstWindow
        firstWindow = nil  // the tree goes once its window has run
        let toParse = (kept == nil ? 0 : 1)..<windows.count
        let reader =
            hasSecondProcessor && !toParse.isEmpty
            ? Host.startThread(stackSize: 64 << 20) { [self] in
                for k in toParse where !handoff.put(parse(k)) { break }
                handoff.finish()
            } : nil
        defer {
            handoff.stop()
            reader?.join()
        }
        for k in windows.indices {
            guard let parsed = k == 0 && kept != nil ? kept : reader == nil ? parse(k) : handoff.take() else { return }
            if parsed.changed {
                let error = UsageError.changedWhileRunning(file: name, line: windows[k].firstLine)
                throw .runtime(Diagnostic(error, .error))
            }
            guard let file = parsed.file else {
                let error = UsageError.cannotRead(what: "'\(name)'", reason: "reading it again to run it failed")
                throw .runtime(Diagnostic(error, .error))
            }
            if let lines = parsed.lines {
                try interpreter.run(lines, in: file)
            } else if let program = parsed.program {
                try interpreter.run(program, in: file, scanningForUndo: false)
            } else {
                throw .syntax(Parser.parse(file).diagnostics)
            }
        }
    }

    /// Window `k` read again and parsed; `changed` when it is shorter or other than the check found it.
    private func parse(_ k: Int) -> Parsed {
        let window = windows[k]
        guard let bytes = read(window.bytes) else { return Parsed() }
        guard bytes.count == window.bytes.count, window.checksum == TextSearch.checksum(bytes) else {
            return Parsed(changed: true)
        }
        let file = SourceFile(name: name, bytes: bytes, directory: directory, firstLine: window.firstLine)
        // These are the bytes checked: a literal window's lines run without the checks made again.
        if window.literal, let lines = Parser.literalLines(file, lineFeeds: window.lines, alreadyChecked: true) {
            return Parsed(file: file, lines: lines)
        }
        return Parsed(file: file, program: Parser.parseWindow(file, lineFeeds: window.lines))
    }
}

/// Hands items from one thread to another through a queue of at most `capacity`: `put` waits while it is
/// full, `take` while it is empty. `finish` says no more will come; `stop` empties it and lets a waiting
/// `put` return false, so the producer ends.
final class Handoff<Item>: @unchecked Sendable {
    private let capacity: Int
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Guarded by `mutex`, as are `finished` and `stopped`.
    private var items: [Item] = []
    private var finished = false
    private var stopped = false

    init(capacity: Int) {
        self.capacity = capacity
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        changed.deallocate()
        mutex.deallocate()
    }

    /// Adds `item`, after waiting for room; false when the taker stopped (the item is dropped).
    func put(_ item: Item) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while items.count >= capacity && !stopped { pthread_cond_wait(changed, mutex) }
        if stopped { return false }
        items.append(item)
        pthread_cond_broadcast(changed)
        return true
    }

    /// The next item, after waiting for one; nil when no more will come.
    func take() -> Item? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while items.isEmpty && !finished && !stopped { pthread_cond_wait(changed, mutex) }
        if items.isEmpty { return nil }
        pthread_cond_broadcast(changed)
        return items.removeFirst()
    }

    /// No more items will be put.
    func finish() {
        pthread_mutex_lock(mutex)
        finished = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
    }

    /// The taker wants no more: drops what is queued and ends every wait.
    func stop() {
        pthread_mutex_lock(mutex)
        stopped = true
        items = []
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
    }
}
