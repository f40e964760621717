import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching

/// Every error, warning and note of the command itself (its arguments, files, the REPL's dot
/// commands and history), with the data its text needs: the command's one catalogue. They are
/// reported as `Diagnostic`s, so they look like the language's own (`listdsl: error: …`).
enum UsageError: CatalogueError, Equatable {
    /// What the argument parser rejected, in its words.
    case arguments(String)
    /// A script or `.read` file that cannot be read (`what` is quoted, or "standard input").
    case cannotRead(what: String, reason: String)
    /// A whole input the memory limit stopped reading (exit 70).
    case memoryLimitReading(what: String, reason: String)
    /// A big script, run a window at a time, was written to after it was checked: its window at `line`
    /// is not what the check read, and the run stopped before it (the lines before it ran).
    case changedWhileRunning(file: String, line: Int)
    /// Ctrl-C while waiting for input to read.
    case interruptedReading(what: String)
    /// The REPL started without a terminal.
    case replNeedsTerminal
    /// `-i FILE` without a terminal: the file ran, the REPL did not start.
    case interactiveNeedsTerminal(file: String)
    /// `.save` could not write its file.
    case cannotSave(String)
    /// `listdsl html -o FILE` could not write its file.
    case cannotWritePage(String)
    /// `listdsl html --playground` found no WebAssembly module to put in the page (the places looked in).
    case noInterpreter(looked: [String])
    /// The lesson stopped recording before the run ended: it had `steps` steps, and why.
    case lessonTruncated(steps: Int, Lesson.Truncation)
    /// The history file cannot be used this session.
    case historyUnusable(path: String, reason: String)
    /// An error inside `begin … end` in the REPL ended the batch.
    case batchAbandoned
    /// `.save` while a batch is open.
    case savedInsideBatch
    /// `.save` wrote a script that does not replay to the same state.
    case saveNotExact(String)
    /// `.help` of a word the vocabulary does not have.
    case noHelp(String)
    /// A dot command that does not exist.
    case unknownDotCommand(String)
    /// A dot command that needs a file name, given none.
    case needsFileName(command: String)
    /// `.trace` or `.autoshow` with something other than `on` or `off`.
    case needsOnOrOff(command: String, given: String)
    /// `.mode` with something other than `json` or `text`.
    case needsMode(given: String)

    /// How serious it is.
    var severity: Severity {
        switch self {
        case .historyUnusable, .saveNotExact, .lessonTruncated: .warning
        case .batchAbandoned, .savedInsideBatch: .note
        default: .error
        }
    }

    /// Why a lesson stopped recording, in a few words.
    static func reason(_ why: Lesson.Truncation) -> String {
        switch why {
        case .steps: "a lesson records at most \(Lesson.stepLimit) steps"
        case .size: "a lesson records at most \(Quantity.describe(bytes: Lesson.byteLimit)) of text"
        case .memory(let used, let limit):
            "recording more would take listdsl past about \(Quantity.approximate(bytes: used)) with the page; the memory limit is \(Quantity.describe(bytes: limit))"
        }
    }

    var message: String {
        switch self {
        case .arguments(let text): text
        case .cannotRead(let what, let reason): "cannot read \(what): \(reason)"
        case .memoryLimitReading(let what, let reason): "cannot read \(what): \(reason)"
        case .changedWhileRunning(let file, let line):
            "'\(file)' changed after it was checked: the run stopped before line \(Quantity.grouped(line)); the lines before it ran"
        case .interruptedReading(let what): "interrupted while reading \(what)"
        case .replNeedsTerminal: "the REPL needs a terminal on standard input"
        case .interactiveNeedsTerminal(let file): "-i needs a terminal on standard input; ran '\(file)' only"
        case .cannotSave(let problem): "cannot save: \(problem)"
        case .cannotWritePage(let problem): "cannot write the page: \(problem)"
        case .noInterpreter(let looked):
            "--playground needs the WebAssembly interpreter, and there is none at "
                + looked.map { "'\($0)'" }.joined(separator: ", ")
        case .lessonTruncated(let steps, let why):
            "the lesson shows the first \(steps) steps of the run (\(Self.reason(why))); the statements after them ran but are not in it"
        case .historyUnusable(let path, let reason):
            "history file '\(path)': \(reason); history will not be saved this session"
        case .batchAbandoned: InteractiveStatement.abandonedBatchNote
        case .savedInsideBatch: "a batch is open; the saved script ends inside it"
        case .saveNotExact(let difference): "the saved script does not reproduce this session exactly: \(difference)"
        case .noHelp(let topic): "no help for '\(topic)'"
        case .unknownDotCommand(let name): "unknown command '\(name)'"
        case .needsFileName(let command): "\(command) needs a file name"
        case .needsOnOrOff(let command, let given): "\(command) takes 'on' or 'off', not '\(given)'"
        case .needsMode(let given): ".mode takes 'json' or 'text', not '\(given)'"
        }
    }

    var hint: String? {
        switch self {
        case .arguments: "see 'listdsl --help'"
        case .memoryLimitReading: "raise it with --limit memory=SIZE"
        case .changedWhileRunning:
            "a big script is read again as it runs, a part at a time: change it once the run is over"
        case .noInterpreter: "build it with scripts/wasm.sh, or name it with --interpreter FILE"
        case .noHelp(let topic):
            Vocabulary.didYouMean(topic, among: Vocabulary.entries.map(\.word)) ?? "type .help for the list"
        case .unknownDotCommand(let name):
            Vocabulary.didYouMean(name, among: Vocabulary.dotCommands) ?? "type .help for the list of commands"
        case .needsMode: Vocabulary.entry(named: ".mode").map { "usage: \($0.usage)" }
        case .needsFileName(let command), .needsOnOrOff(let command, _):
            Vocabulary.entry(named: command).map { "usage: \($0.usage)" }
        default: nil
        }
    }
}

extension Console {
    /// Reports one of the command's own errors, warnings or notes.
    func report(_ error: UsageError) {
        report(Diagnostic(error, error.severity))
    }
}
