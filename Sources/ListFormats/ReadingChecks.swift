/// What every reader of a whole input checks as it goes — a script's parse, a state file or the
/// user-defaults store, a table, a language-server message — so that no input, however big, takes the
/// process past its memory limit or keeps Ctrl-C waiting: the one discipline every reader keeps. A reader
/// asks `check(at:)` every `bytesBetweenChecks` bytes of its input, and `check(at:more:)` before it makes
/// a large buffer, with that buffer's size; a reading stopped says where and why (`ReadingStop`), and the
/// layer above words it.
public struct ReadingChecks {
    /// Whether Ctrl-C was pressed since the last check.
    public var isInterrupted: () -> Bool
    /// The bytes of memory the process uses now, or nil when that cannot be measured.
    public var memoryInUse: () -> Int?
    /// The most bytes of memory the process may use.
    public var memoryLimit: Int

    /// Checks that ask `isInterrupted` and measure `memoryInUse` against `memoryLimit`.
    public init(isInterrupted: @escaping () -> Bool, memoryInUse: @escaping () -> Int?, memoryLimit: Int) {
        self.isInterrupted = isInterrupted
        self.memoryInUse = memoryInUse
        self.memoryLimit = memoryLimit
    }

    /// No checks: a small input, or a test.
    public static var none: ReadingChecks {
        ReadingChecks(isInterrupted: { false }, memoryInUse: { nil }, memoryLimit: .max)
    }

    /// How many bytes of input a reader reads between two checks: a few milliseconds of reading, and at most
    /// a few MiB of what it makes (`[[],[],…]` takes 11 bytes of tree a byte of text, `[[""],…]` 22; a
    /// script's syntax tree about 50 bytes a byte of calls).
    public static let bytesBetweenChecks = 1 << 16

    /// Fails when Ctrl-C was pressed or the process would use more memory than the limit with `more` bytes
    /// more.
    public func check(more: Int = 0) throws(ReadingStop) {
        if isInterrupted() { throw .interrupted }
        if let used = memoryInUse(), used &+ more > memoryLimit {
            throw .memoryLimit(used: used, more: more, limit: memoryLimit)
        }
    }
}

/// Why a reading stopped before the end of its input: Ctrl-C, or the memory limit.
public enum ReadingStop: Error, Equatable, Sendable {
    /// Ctrl-C.
    case interrupted
    /// The process used `used` bytes of memory and needed `more` for a buffer about to grow (0 at a
    /// periodic check), over the memory limit of `limit`.
    case memoryLimit(used: Int, more: Int, limit: Int)

    /// What stopped it, at byte `offset` of the input: `interrupted`, or `memory limit exceeded at byte N: …`.
    public func message(at offset: Int) -> String {
        switch self {
        case .interrupted: "interrupted"
        case .memoryLimit(let used, let more, let limit):
            "memory limit exceeded at byte \(Quantity.grouped(offset)): \(Quantity.using(used, more: more)); "
                + "the limit is \(Quantity.describe(bytes: limit))"
        }
    }
}
