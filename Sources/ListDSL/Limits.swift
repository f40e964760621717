/// The limits that keep any input from crashing listdsl, hanging it past Ctrl-C or taking all the
/// machine's memory. Each one, when reached, is a diagnostic that names it; grammar.md's "Limits" lists
/// them with their texts, and the command line sets the ones a user may want to raise.
public struct Limits: Sendable, Equatable {
    /// Bytes one script may have: a file, standard input, `-e` code or a `run` file (`--max-script-size`).
    public var scriptBytes: Int
    /// How big one value may be: the bytes of its text, plus one for each element of a list and each
    /// element's own size, so a list holding the same list twice counts it twice (`--max-value-size`).
    public var valueSize: Int
    /// How deeply lists may nest inside one value (`[[1]]` has depth 2).
    public var valueDepth: Int
    /// Rows and sections the data source may hold together, counting the rows an open batch is about to
    /// add and the operations it has queued (`--max-table-size`).
    public var tableSize: Int
    /// Bytes of text the data source's rows and titles may hold together.
    public var tableText: Int
    /// Procedure and hook calls in progress at once (`--max-call-depth`).
    public var callDepth: Int
    /// Statements one run may execute; nil for no limit (`--max-steps`).
    public var steps: Int?
    /// Bytes of memory the process may use, checked as statements run (`--max-memory`): a backstop for
    /// what the other limits allow together, such as a deep recursion holding a large value per call.
    public var memoryBytes: Int

    /// The defaults: far beyond any lesson or benchmark, well within a laptop's memory.
    public init(
        scriptBytes: Int = 256 << 20, valueSize: Int = 64 << 20, valueDepth: Int = 1000, tableSize: Int = 16 << 20,
        tableText: Int = 1 << 30, callDepth: Int = 1000, steps: Int? = nil, memoryBytes: Int = 4 << 30
    ) {
        self.scriptBytes = scriptBytes
        self.valueSize = valueSize
        self.valueDepth = valueDepth
        self.tableSize = tableSize
        self.tableText = tableText
        self.callDepth = callDepth
        self.steps = steps
        self.memoryBytes = memoryBytes
    }

    /// How deeply brackets, blocks, prefix operators and chained operators may nest in source; fixed.
    public static let sourceNesting = Parser.maximumNesting

    /// `bytes` as a person reads a size: `256 MiB`, `1 GiB`, `1,000 bytes`.
    public static func describe(bytes: Int) -> String {
        for (shift, unit) in [(30, "GiB"), (20, "MiB"), (10, "KiB")] where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return "\(bytes >> shift) \(unit)"
        }
        return "\(grouped(bytes)) byte\(bytes == 1 ? "" : "s")"
    }

    /// `n` with thousands separated by commas: `16,777,216`.
    public static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return (n < 0 ? "-" : "") + out
    }
}
