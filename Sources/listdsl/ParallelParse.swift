import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching
import Platform

/// Parses a whole script as every command reads one: with the reading checks of `limits` (Ctrl-C and
/// the memory limit, every 64 KiB of source: a syntax tree takes up to about 50 bytes a byte), and a big
/// file on a machine with more than one processor in two halves at once, the second on a thread of its
/// own. When the halves do not join cleanly (a syntax error, or a statement running across the cut) the
/// whole file is parsed again at once, so the result is always the whole file's; a half the checks stopped
/// is the result.
func parseFile(_ file: SourceFile, limits: Limits, parallelAbove threshold: Int = 4 << 20) -> ParseResult {
    let checks = readingChecks(limits)
    let size = file.bytes.count
    guard size >= threshold, hasSecondProcessor,
        let cut = Parser.splitPoint(of: file, near: size / 2)
    else { return Parser.parse(file, checks: checks) }
    let second = BackgroundWork(stackSize: 64 << 20) { Parser.parse(file, part: cut..<size, checks: checks) }
    let first = Parser.parse(file, part: 0..<cut, checks: checks)
    let halves = (first, second.join())
    for half in [halves.0, halves.1] where half.stop != nil {
        return ParseResult(
            program: Program(statements: []), diagnostics: half.diagnostics, isIncomplete: false, stop: half.stop)
    }
    return Parser.joined(halves.0, halves.1) ?? Parser.parse(file, checks: checks)
}

/// What a reader of a whole input checks as it goes, in the command: Ctrl-C, and the memory the process
/// uses against the memory limit of `limits` (`ReadingChecks`, the one discipline of every reader).
func readingChecks(_ limits: Limits) -> ReadingChecks {
    ReadingChecks(isInterrupted: { takeInterrupt() }, memoryInUse: memoryInUse, memoryLimit: limits.memoryBytes)
}

extension ParseResult {
    /// The exit status of a script that parsed so: nil when it has no error; 130 when Ctrl-C stopped the
    /// parse, 70 when the memory limit did (the limit's status, as for `load`), else 65 (a syntax error).
    var failureStatus: Int32? {
        switch stop {
        case .interrupted: return Exit.interrupted.rawValue
        case .memoryLimit: return Exit.runtime.rawValue
        case nil: return diagnostics.contains(where: { $0.severity == .error }) ? Exit.syntax.rawValue : nil
        }
    }
}
