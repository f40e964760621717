import ListDSL
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Set by the SIGINT handler; read by the interpreter's loops and the REPL.
let interruptRequested = Atomic<Bool>(false)

/// Installs a SIGINT handler that only raises `interruptRequested` (so loops can stop cleanly).
///
/// Without `SA_RESTART`: a system call the signal interrupts returns `EINTR` instead of starting again,
/// so a wait for input notices the flag at once.
func installInterruptHandler() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in interruptRequested.store(true, ordering: .relaxed) }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
    // A parent may have started us with SIGINT blocked (test runners do); Ctrl-C must still work.
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
}

/// Takes the interrupt flag: true once per Ctrl-C.
func takeInterrupt() -> Bool {
    interruptRequested.exchange(false, ordering: .relaxed)
}

/// The process's resident memory in bytes, from `/proc/self/statm`; nil where there is no such file.
func residentMemory() -> Int? {
    let fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let n = read(fd, &buffer, buffer.count)
    guard n > 0 else { return nil }
    // "size resident shared …", in pages.
    let fields = buffer[0..<n].split(separator: 0x20)
    guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
    return pages * sysconf(Int32(_SC_PAGESIZE))
}

/// Whether colour is wanted on a stream: a terminal, NO_COLOR unset or empty, TERM not dumb.
func colorWanted(fd: Int32, mode: ColorMode) -> Bool {
    switch mode {
    case .always: return true
    case .never: return false
    case .auto:
        if isatty(fd) == 0 { return false }
        if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
        return true
    }
}

/// `--color=auto|always|never`.
enum ColorMode: String, CaseIterable, Sendable {
    case auto, always, never
}

/// Buffered standard output plus diagnostics on standard error, kept in order.
final class Console {
    private var buffer: [UInt8] = []
    /// Renders diagnostics for standard error.
    let renderer: DiagnosticRenderer

    /// Creates a console whose diagnostics use colour when `errorColor` is set.
    init(errorColor: Bool) {
        renderer = DiagnosticRenderer(color: errorColor)
        buffer.reserveCapacity(1 << 16)
    }

    /// Queues text for standard output.
    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes queued output now.
    func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { raw in writeAll(fd: 1, raw) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes text to standard error after flushing standard output, so the two stay in order.
    func error(_ text: String) {
        flush()
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { raw in writeAll(fd: 2, UnsafeRawBufferPointer(raw)) }
    }

    /// Renders a diagnostic on standard error.
    func report(_ diagnostic: Diagnostic) {
        error(renderer.render(diagnostic))
    }
}

/// Writes every byte of `raw` to `fd`, retrying short writes and EINTR; returns the error number that
/// stopped it, or 0.
@discardableResult
func writeAll(fd: Int32, _ raw: UnsafeRawBufferPointer) -> Int32 {
    guard var base = raw.baseAddress else { return 0 }
    var left = raw.count
    while left > 0 {
        let n = Glibc.write(fd, base, left)
        if n < 0 {
            if errno == EINTR { continue }
            return errno
        }
        base += n
        left -= n
    }
    return 0
}

/// The directory part of a path ("" for a bare file name).
func directoryName(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

/// Runs `body` on a thread with a large stack, so deep recursion in scripts reaches the interpreter's
/// own limits (a diagnostic) long before the machine's stack runs out.
///
/// The calling thread only waits, so it blocks SIGINT meanwhile: Ctrl-C is then delivered to the thread
/// doing the work, where it interrupts a wait for input at once instead of at the next poll.
func onLargeStack(_ body: @escaping () -> Int32) -> Int32 {
    let work = BackgroundWork(stackSize: 1 << 30, body)
    var interrupt = sigset_t()
    sigemptyset(&interrupt)
    sigaddset(&interrupt, SIGINT)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &interrupt, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    return work.join()
}

/// Work running on a thread of its own from its creation; `join` waits for its result. When no
/// thread can be made, `join` does the work on the calling thread instead.
final class BackgroundWork<Result>: @unchecked Sendable {
    private let body: () -> Result
    /// Written by the thread before it ends; read after `pthread_join`, which orders the two.
    private var result: Result?
    private var thread: pthread_t?

    /// Starts `body` on a new thread with a stack of `stackSize` bytes.
    init(stackSize: Int, _ body: @escaping () -> Result) {
        self.body = body
        thread = startThread(stackSize: stackSize) { [self] in result = body() }
    }

    /// Waits for the work to end and returns its result.
    func join() -> Result {
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        }
        if let result { return result }
        let made = body()
        result = made
        return made
    }
}

/// Starts a thread with a stack of `stackSize` bytes running `body`; nil when none can be made.
private func startThread(stackSize: Int, _ body: @escaping () -> Void) -> pthread_t? {
    final class Start: @unchecked Sendable {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    var thread = pthread_t()
    let context = Unmanaged.passRetained(Start(body)).toOpaque()
    let created = pthread_create(
        &thread, &attributes,
        { raw in
            guard let raw else { return nil }
            Unmanaged<Start>.fromOpaque(raw).takeRetainedValue().body()
            return nil
        }, context)
    guard created == 0 else {
        Unmanaged<Start>.fromOpaque(context).release()
        return nil
    }
    return thread
}

/// Parses `file` as `Parser.parse` does; a big file on a machine with more than one processor in
/// two halves at once, the second on a thread of its own. When the halves do not join cleanly (a
/// syntax error, or a statement running across the cut) the whole file is parsed again at once,
/// so the result is always the whole file's.
func parseFile(_ file: SourceFile, parallelAbove threshold: Int = 4 << 20) -> ParseResult {
    let size = file.bytes.count
    guard size >= threshold, sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1,
        let cut = Parser.splitPoint(of: file, near: size / 2)
    else { return Parser.parse(file) }
    let second = BackgroundWork(stackSize: 64 << 20) { Parser.parse(file, part: cut..<size) }
    let first = Parser.parse(file, part: 0..<cut)
    return Parser.joined(first, second.join()) ?? Parser.parse(file)
}
