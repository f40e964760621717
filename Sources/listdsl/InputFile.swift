import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching
import Platform

/// Reads a whole input — the file at `path`, or standard input when `path` is nil — of at most `limit`
/// bytes. Every script, `run` file, `.read` file and history file is read here.
///
/// A regular file's size is checked before anything is read, and the file is then read in one go. Any
/// other kind — a pipe, a FIFO, a terminal, a device such as `/dev/zero` — is read as it arrives: each
/// wait polls, so Ctrl-C ends it (a FIFO nobody writes to waits for a writer, interruptibly), and the
/// read stops with an error as soon as more than `limit` bytes came. Before its bytes take more room (the
/// file's size, or a buffer about to grow), `checks` measure the memory in use against the memory limit,
/// so a big input ends in the limit's error, never in an allocation that fails.
func readInput(path: String?, limit: Int, checks: ReadingChecks) -> Result<[UInt8], LoadError> {
    let fd: Int32
    if let path {
        // The system would end the name at the NUL and read another file.
        if path.utf8.contains(0) { return .failure(LoadError("the file name holds a NUL byte")) }
        // Not blocking: opening a FIFO would otherwise wait, uninterruptibly, for a writer.
        fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 { return .failure(systemError(errno)) }
    } else {
        fd = 0
    }
    defer { if path != nil { close(fd) } }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return .failure(systemError(errno)) }
    let kind = info.st_mode & S_IFMT
    if kind == S_IFDIR { return .failure(LoadError("it is a directory")) }
    var bytes: [UInt8] = []
    if kind == S_IFREG {
        let size = Int(info.st_size)
        if size > limit { return .failure(tooLarge(limit: limit, size: size)) }
        if let stop = stopped(checks, more: size + 1, at: 0) { return .failure(stop) }
        // Read straight into an array of the file's size (one byte more, to see the end), in huge
        // pages where it can. A file that grew meanwhile goes on below.
        var failure: Int32 = 0
        bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
            (count, failure) = fill(buffer, from: fd)
        }
        if failure != 0 { return .failure(systemError(failure)) }
        if bytes.count <= size { return .success(bytes) }
    }
    while true {
        if bytes.count > limit { return .failure(tooLarge(limit: limit, size: nil)) }
        if kind != S_IFREG, let problem = waitForInput(fd) { return .failure(problem) }
        var failure: Int32 = 0
        let chunk = [UInt8](unsafeUninitializedCapacity: 1 << 16) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            let n = read(fd, base, buffer.count)
            if n > 0 { count = n } else if n < 0 { failure = errno }
        }
        if failure == EAGAIN || failure == EINTR { continue }
        if failure != 0 { return .failure(systemError(failure)) }
        if chunk.isEmpty { return .success(bytes) }
        if bytes.count + chunk.count > bytes.capacity {
            // The array grows by doubling: check the new buffer first, then make it.
            let capacity = max(bytes.capacity * 2, bytes.count + chunk.count, 1 << 16)
            if let stop = stopped(checks, more: capacity, at: bytes.count) { return .failure(stop) }
            bytes.reserveCapacity(capacity)
        }
        bytes += chunk
    }
}

/// Waits until `fd` can be read (or has ended); polls in short steps so Ctrl-C ends the wait. Returns
/// nil when there is something to read, else why not.
private func waitForInput(_ fd: Int32) -> LoadError? {
    while true {
        if interruptRequested.load(ordering: .relaxed) { return LoadError.interrupted }
        var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&request, 1, 100)
        if ready > 0 { return nil }  // data, the end, or an error the read will report
        if ready < 0 && errno != EINTR { return systemError(errno) }
    }
}

/// Reads from `fd` until `buffer` is full or the input ends: how many bytes it read, and the error
/// number that stopped it (0 for none).
private func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>, from fd: Int32) -> (Int, Int32) {
    guard let base = buffer.baseAddress else { return (0, 0) }
    var count = 0
    while count < buffer.count {
        let n = read(fd, base + count, buffer.count - count)
        if n == 0 { break }
        if n < 0 {
            if errno == EINTR { continue }
            return (count, errno)
        }
        count += n
    }
    return (count, 0)
}

/// The error when `checks` stop a read at byte `offset` that would take `more` bytes: Ctrl-C, or the memory
/// limit; nil when the read may go on.
private func stopped(_ checks: ReadingChecks, more: Int, at offset: Int) -> LoadError? {
    do throws(ReadingStop) {
        try checks.check(more: more)
        return nil
    } catch {
        if error == .interrupted { return LoadError.interrupted }
        var stop = LoadError(error.message(at: offset))
        stop.isMemoryLimit = true
        return stop
    }
}

/// What a command's reader of a whole input checks when it has no limits of its own to go by (a history
/// file, the page's interpreter module): Ctrl-C, and the default memory limit (within `ulimit -v`).
func defaultReadingChecks() -> ReadingChecks {
    readingChecks(Limits(memoryBytes: memoryLimit(within: Limits.defaultMemoryBytes)))
}

/// The error for an input of `size` bytes (nil: not known in advance) over the limit.
private func tooLarge(limit: Int, size: Int?) -> LoadError {
    let measured = size.map { "it is \(Quantity.grouped($0)) bytes, " } ?? "it is "
    return LoadError(
        measured + "larger than the script size limit of \(Quantity.describe(bytes: limit)) (--limit script-size=SIZE)")
}

/// The system's words for error number `code`, as a load error.
func systemError(_ code: Int32) -> LoadError {
    var error = LoadError(errorDescription(code))
    error.isMissing = code == ENOENT
    return error
}

/// The system's words for error number `code`, in lower case as messages quote them.
func errorDescription(_ code: Int32) -> String {
    String(cString: strerror(code)).lowercased()
}

/// The exit status of a run that ended before it started, for `Result`.
struct EarlyExit: Error {
    var status: Int32
}

/// Reads the script a command line names (`-`: standard input) as a source file; when it cannot be read,
/// says why on `console` and gives the exit status: 66, or 130 when Ctrl-C ended the wait.
func readScript(_ path: String, limits: Limits, console: Console) -> Result<SourceFile, EarlyExit> {
    let isStandardInput = path == "-"
    let what = isStandardInput ? "standard input" : "'\(path)'"
    switch readInput(path: isStandardInput ? nil : path, limit: limits.scriptBytes, checks: readingChecks(limits)) {
    case .success(let bytes):
        return .success(
            SourceFile(
                name: isStandardInput ? "<stdin>" : path, bytes: bytes,
                directory: isStandardInput ? "" : directoryName(path)))
    case .failure(let error) where error.isInterrupt:
        console.report(.interruptedReading(what: what))
        return .failure(EarlyExit(status: Exit.interrupted.rawValue))
    case .failure(let error) where error.isMemoryLimit:
        console.report(.memoryLimitReading(what: what, reason: error.message))
        return .failure(EarlyExit(status: Exit.runtime.rawValue))
    case .failure(let error):
        console.report(.cannotRead(what: what, reason: error.message))
        return .failure(EarlyExit(status: Exit.noInput.rawValue))
    }
}

/// The directory part of a path ("" for a bare file name).
func directoryName(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}
