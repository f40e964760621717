import ListFormats
import ListLanguage
import ListModel

/// Renders the event stream as a terminal session shows it: output and the trace on standard output,
/// diagnostics on standard error.
///
/// The trace is the calls and hooks: one line per table-view call (`insertRows(at: …)`), per hook asked
/// (`tableView(_:canEditRowAt:) [0, 1] -> true`, with `(default)` when UIKit assumed the answer), per
/// question to the data source (`tableView(_:numberOfRowsInSection:) 0 -> 3`) and per
/// thing the table view did itself (`# …`). An interpreter sends those only while `trace` is on, unless
/// its receiver asks for them.
public struct TextRenderer {
    /// Writes to standard output.
    public var write: (String) -> Void
    /// Reports a diagnostic on standard error.
    public var report: (Diagnostic) -> Void
    /// Whether `show` and its out-of-sync line are coloured.
    public var color: Bool

    /// Creates a renderer writing to `write` and `report`.
    public init(write: @escaping (String) -> Void, report: @escaping (Diagnostic) -> Void, color: Bool = false) {
        self.write = write
        self.report = report
        self.color = color
    }

    /// Renders one event.
    public func render(_ event: Event) {
        switch event {
        case .output(let output): write(output.text)
        case .shown(let shown):
            write(shown.json ? ShowRenderer.json(shown.table) + "\n" : ShowRenderer.text(shown.table, color: color))
        case .outOfSync(let warning): write(Style.yellow.apply("! " + warning, color) + "\n")
        case .diagnostic(let diagnostic): report(diagnostic)
        case .tableViewCalled(let call): write(call.text + "\n")
        case .tableViewDid(let text, _, _): write("# " + text + "\n")
        case .hookAsked(let hook), .dataSourceAsked(let hook): write(Self.traceLine(hook) + "\n")
        case .statementStarted, .statementEnded, .traceSwitched, .committed, .rejected, .restored: break
        }
    }

    /// A hook as the trace shows it: `method arguments`, then `-> answer` and `(default)`.
    public static func traceLine(_ hook: HookEvent) -> String {
        var line = hook.arguments.isEmpty ? hook.method : hook.method + " " + hook.arguments
        if let answer = hook.answer { line += " -> " + answer }
        if hook.isDefault { line += " (default)" }
        return line
    }
}
