import ListFormats
import ListLanguage
import ListModel

/// The limits that keep any input from crashing listdsl, hanging it past Ctrl-C or taking all the
/// machine's memory. Each one, when reached, is a diagnostic that names it; grammar.md's "Limits" lists
/// them with their texts, and the command line sets the ones a user may want to raise.
public struct Limits: Sendable, Equatable {
    /// Bytes one script may have: a file, standard input or a `run` file (`script-size`).
    public var scriptBytes: Int
    /// How big one value may be, about the memory it takes: a string's bytes; for a list, 80 bytes, 24 per
    /// element and the elements' own sizes, so a list holding the same list twice counts it twice
    /// (`value-size`).
    public var valueSize: Int
    /// How deeply lists may nest inside one value (`[[1]]` has depth 2) (`value-depth`).
    public var valueDepth: Int
    /// Rows and sections the data source may hold together, counting the rows an open batch is about to
    /// add and the operations it has queued (`table-size`).
    public var tableSize: Int
    /// Bytes of text the data source's rows and titles may hold together (`table-text`).
    public var tableText: Int
    /// Procedure and hook calls in progress at once (`call-depth`).
    public var callDepth: Int
    /// Statements one run may execute; nil for no limit (the command's `--max-steps`).
    public var steps: Int?
    /// Bytes of memory the process may use, checked as statements run (`memory`): a backstop for
    /// what the other limits allow together, such as a deep recursion holding a large value per call.
    public var memoryBytes: Int
    /// Who set these limits: what a limit's error may offer to raise it (a flag, or nothing a page has).
    public var setBy: LimitSetter = .commandLine

    /// The defaults: far beyond any lesson or benchmark, well within a laptop's memory.
    public init(
        scriptBytes: Int = 256 << 20, valueSize: Int = 256 << 20, valueDepth: Int = 1000, tableSize: Int = 16 << 20,
        tableText: Int = 1 << 30, callDepth: Int = 1000, steps: Int? = nil, memoryBytes: Int = Limits.defaultMemoryBytes
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

    /// 4 GiB; where an `Int` has 32 bits (WebAssembly), 768 MiB, below the module's bound of 1 GiB
    /// (scripts/wasm.sh), so a script meets this limit and its message, not a trap.
    public static let defaultMemoryBytes = Int.bitWidth == 64 ? Int(clamping: Int64(4) << 30) : 768 << 20

    /// The names `set(_:to:)` takes, as `--limit NAME=VALUE` writes them, each with what it limits; a
    /// size takes a K, M or G suffix.
    public static let names: [(name: String, isSize: Bool, summary: String)] = [
        ("script-size", true, "the bytes of one script"),
        ("value-size", true, "the size of one value"),
        ("value-depth", false, "how deeply lists nest in one value"),
        ("table-size", false, "rows and sections in the data source, and a batch's operations"),
        ("table-text", true, "the bytes of text in the data source"),
        ("call-depth", false, "procedure and hook calls in progress at once"),
        ("memory", true, "the memory the process may use"),
    ]

    /// Sets the limit called `name` to `value` (see `names`); returns why it cannot, or nil.
    public mutating func set(_ name: String, to value: Int) -> String? {
        let least = name == "memory" ? 64 << 20 : 1
        guard value >= least else {
            return "\(name) must be at least \(name == "memory" ? Quantity.describe(bytes: least) : String(least))"
        }
        switch name {
        case "script-size": scriptBytes = value
        case "value-size": valueSize = value
        case "value-depth": valueDepth = value
        case "table-size": tableSize = value
        case "table-text": tableText = value
        case "call-depth": callDepth = value
        case "memory": memoryBytes = value
        default:
            return "there is no limit called '\(name)'; the limits are "
                + Limits.names.map { $0.name }.joined(separator: ", ")
        }
        return nil
    }

    /// Reads an amount as `--limit` takes it: digits, with a `K`, `M` or `G` (powers of 1024) for a size;
    /// nil when it is not one or does not fit.
    public static func amount(_ text: String, isSize: Bool) -> Int? {
        var digits = Substring(text)
        var shift = 0
        if isSize {
            switch digits.last {
            case "K", "k": shift = 10
            case "M", "m": shift = 20
            case "G", "g": shift = 30
            default: break
            }
        }
        if shift > 0 { digits = digits.dropLast() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let n = Int64(digits).flatMap({ Int(exactly: $0) }),
            n <= Int.max >> shift
        else { return nil }
        return n << shift
    }

    /// How deeply brackets, blocks, prefix operators and chained operators may nest in source; fixed.
    public static let sourceNesting = Parser.maximumNesting

}

extension Interpreter {
    /// `list` as a value, or the error when it is deeper or bigger than a value may be.
    func checkedList(_ list: ListValue, _ range: SourceRange) throws(ScriptError) -> Value {
        let limits = options.limits
        if list.depth > limits.valueDepth {
            throw failure(range, .valueDepthLimit(depth: list.depth, limit: limits.valueDepth))
        }
        try checkSize(list.size, of: "list", range)
        return .list(list)
    }

    /// Fails when a value of `size` (a string's bytes, a list's size), just made, is over the value size
    /// limit; else counts it towards the next measurement of memory.
    @inline(__always)
    func checkSize(_ size: Int, of what: String, _ range: SourceRange) throws(ScriptError) {
        if size > options.limits.valueSize { try valueSizeExceeded(size, of: what, range) }
        try countAllocation(size, range)
    }

    /// Fails when a value of `size` about to be made (a concatenation) would be over the value size limit,
    /// or, when it is large, would take memory past the memory limit (`admitAllocation`).
    @inline(__always)
    func checkSizeBeforeMaking(_ size: Int, of what: String, _ range: SourceRange) throws(ScriptError) {
        if size > options.limits.valueSize { try valueSizeExceeded(size, of: what, range) }
        try admitAllocation(size, range)
    }

    /// The error for a value of `size`, over the limit.
    @inline(never)
    private func valueSizeExceeded(_ size: Int, of what: String, _ range: SourceRange) throws(ScriptError) {
        let limit = options.limits.valueSize
        throw failure(range, .valueSizeLimit(what: what, size: size == Int.max ? nil : size, limit: limit))
    }

    /// The text `print`, `str()` and interpolation make of `value`: a string as it is, anything else as
    /// written in source, within the value size limit.
    func text(of value: Value, _ range: SourceRange) throws(ScriptError) -> String {
        switch value {
        case .string(let s): return s
        case .integer(let n): return Interpreter.decimal(n)
        default: break
        }
        let limit = options.limits.valueSize
        defer { bytesSinceMemoryCheck &+= value.size }
        guard let text = value.text(limit: limit) else {
            throw failure(range, .valueTextLimit(type: value.typeName, limit: limit))
        }
        return text
    }
}

extension Interpreter {
    /// Admits what a command may add to the data source, or fails when that could take it over the table
    /// limits; nothing has changed yet.
    ///
    /// `tableBudget` is an upper bound of the model's size that each admission raises (deletes never lower
    /// it). Only when an admission would cross a limit is the model counted — O(rows) — and the bound made
    /// exact again, so a command costs a few additions here until the table is near a limit.
    @inline(__always)
    func admit(_ added: TableSize, _ range: SourceRange) throws(ScriptError) {
        let entries = tableBudget.entries &+ added.entries
        let textBytes = tableBudget.textBytes &+ added.textBytes
        if entries > options.limits.tableSize || textBytes > options.limits.tableText {
            try admitNearTheLimits(added, range)
        } else {
            tableBudget = TableSize(entries: entries, textBytes: textBytes)
        }
        bytesSinceMemoryCheck &+= added.textBytes
        if bytesSinceMemoryCheck > Interpreter.bytesBetweenMemoryChecks { try checkMemory(range) }
    }

    /// `admit` when the bound would cross a limit: counts the model, then admits or fails.
    @inline(never)
    private func admitNearTheLimits(_ added: TableSize, _ range: SourceRange) throws(ScriptError) {
        tableBudget = model.size
        let total = tableBudget + added
        try checkTable(total, range)
        tableBudget = total
    }

    /// Fails when a table that replaces the data source (`reset`) is, with the open batch's operations,
    /// over a table limit. After the replacement the caller sets `tableBudget` to the model's size.
    func checkReplacement(_ sections: [Section], _ range: SourceRange) throws(ScriptError) {
        try checkTable(TableSize(sections) + model.pendingSize, range)
    }

    /// Fails when `size` is over a table limit.
    private func checkTable(_ size: TableSize, _ range: SourceRange) throws(ScriptError) {
        let limits = options.limits
        if size.entries > limits.tableSize {
            throw failure(range, .tableSizeLimit(limits.tableSize))
        }
        if size.textBytes > limits.tableText {
            throw failure(range, .tableTextLimit(limits.tableText))
        }
    }
}

/// Who sets a session's limits, so that a limit's error names a way to raise it that exists there.
public enum LimitSetter: Sendable, Equatable {
    /// The command line: `--max-steps` and `--limit NAME=VALUE` raise them.
    case commandLine
    /// A page (the playground, the class site): its limits are fixed, and each run and each console entry
    /// starts with a fresh step budget.
    case page
}

extension Interpreter {
    /// Counts `bytes` of values or table text just made; after every 64 MiB of them, measures memory
    /// (statements measure it every 16,384 steps too), so a run cannot outgrow the limit by much between
    /// two measurements.
    @inline(__always)
    func countAllocation(_ bytes: Int, _ range: SourceRange) throws(ScriptError) {
        bytesSinceMemoryCheck &+= bytes
        if bytesSinceMemoryCheck > Interpreter.bytesBetweenMemoryChecks { try checkMemory(range) }
    }

    /// Before `bytes` of a value are made: a large value fails when memory in use and the value would pass
    /// the limit (a block for it may be up to a quarter larger), so no single allocation takes the process
    /// past the limit, nor the WebAssembly module past its bound, which traps; a smaller one is counted.
    @inline(__always)
    func admitAllocation(_ bytes: Int, _ range: SourceRange) throws(ScriptError) {
        if bytes >= Interpreter.largeAllocation { return try checkMemory(range, more: bytes &+ bytes / 4) }
        try countAllocation(bytes, range)
    }

    /// How many bytes of new values and table text may be made between two measurements of memory: well
    /// under the room between the page's limit (768 MiB) and its module's bound (1 GiB).
    static let bytesBetweenMemoryChecks = 64 << 20

    /// A value this big or bigger is checked against the memory limit before it is made.
    static let largeAllocation = 1 << 20

    /// What reading a state file or the user-defaults store checks as it goes: Ctrl-C and the memory limit.
    var readingChecks: ReadingChecks {
        ReadingChecks(
            isInterrupted: io.isInterrupted, memoryInUse: io.memoryInUse, memoryLimit: options.limits.memoryBytes)
    }

    /// The error for a reading of `loaded` (`read`) that stopped with `problem`: Ctrl-C, the memory limit,
    /// or a text that is not what was expected (worded by `damaged`), said at `range` with a note at the
    /// place in the file.
    func readingFailure(
        _ problem: PropertyTree.Problem, of read: RuntimeError.ReadFile, _ loaded: SourceFile, at range: SourceRange,
        damaged: (String) -> RuntimeError
    ) -> ScriptError {
        let error: RuntimeError
        switch problem.cause {
        case .interrupted: return .interrupted(Diagnostic(RuntimeError.interrupted, file: file, range: range))
        case .memoryLimit(let used, let more, let limit):
            error = .memoryLimitReading(read, offset: problem.offset, used: used, more: more, limit: limit)
        case .text: error = damaged(problem.message)
        }
        let at = min(problem.offset, loaded.bytes.count)
        return .runtime(
            Diagnostic(
                error, file: file, range: range,
                notes: [Diagnostic.Note(file: loaded, range: SourceRange(at, at), message: "here")]))
    }

    /// Fails when the process uses more memory than the memory limit allows, or would with `more` bytes
    /// more (a value about to be made).
    func checkMemory(_ range: SourceRange, more: Int = 0) throws(ScriptError) {
        if more == 0 { bytesSinceMemoryCheck = 0 }
        let limit = options.limits.memoryBytes
        guard let used = io.memoryInUse(), used &+ more > limit else { return }
        throw failure(range, .memoryLimit(used: used, more: more, limit: limit))
    }
}
