import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching
import Platform

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

    /// Whether diagnostics are dropped rather than written (a run whose errors are the point: a reproducing
    /// script's crash).
    let quiet: Bool

    /// Creates a console whose diagnostics use colour when `errorColor` is set, and are dropped when `quiet`.
    init(errorColor: Bool, quiet: Bool = false) {
        renderer = DiagnosticRenderer(color: errorColor)
        self.quiet = quiet
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
        _ = buffer.withUnsafeBytes { raw in writeAll(fd: 1, raw) }  // nowhere to report a failed write
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes text to standard error after flushing standard output, so the two stay in order.
    func error(_ text: String) {
        flush()
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { raw in writeAll(fd: 2, UnsafeRawBufferPointer(raw)) }
    }

    /// Renders a diagnostic on standard error.
    func report(_ diagnostic: Diagnostic) {
        if !quiet { error(renderer.render(diagnostic)) }
    }
}

/// Writes every byte of `raw` to `fd`, retrying short writes and EINTR; returns the error number that
/// stopped it, or 0.
@discardableResult
func writeAll(fd: Int32, _ raw: UnsafeRawBufferPointer) -> Int32 {
    guard var base = raw.baseAddress else { return 0 }
    var left = raw.count
    while left > 0 {
        let n = Host.write(fd, base, left)
        if n < 0 {
            if errno == EINTR { continue }
            return errno
        }
        base += n
        left -= n
    }
    return 0
}
