import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching
import Testing

@testable import listdsl

/// Every case of the command's catalogue, rendered as the program renders it (`listdsl: error: …`).
@Suite struct UsageErrorTests {
    static let cases: [(UsageError, String)] = [
        (
            .arguments("Unknown option '--bogus'"),
            "listdsl: error: Unknown option '--bogus'\nhint: see 'listdsl --help'\n"
        ),
        (
            .cannotRead(what: "'x.list'", reason: "no such file or directory"),
            "listdsl: error: cannot read 'x.list': no such file or directory\n"
        ),
        (.interruptedReading(what: "standard input"), "listdsl: error: interrupted while reading standard input\n"),
        (.replNeedsTerminal, "listdsl: error: the REPL needs a terminal on standard input\n"),
        (
            .interactiveNeedsTerminal(file: "a.list"),
            "listdsl: error: -i needs a terminal on standard input; ran 'a.list' only\n"
        ),
        (.cannotSave("it is a directory"), "listdsl: error: cannot save: it is a directory\n"),
        (
            .historyUnusable(path: "h", reason: "not a listdsl history file"),
            "listdsl: warning: history file 'h': not a listdsl history file; history will not be saved this session\n"
        ),
        (.batchAbandoned, "listdsl: note: the batch was abandoned: the table view is as it was before 'begin'\n"),
        (.savedInsideBatch, "listdsl: note: a batch is open; the saved script ends inside it\n"),
        (
            .saveNotExact("the data source differs"),
            "listdsl: warning: the saved script does not reproduce this session exactly: the data source differs\n"
        ),
        (.noHelp("delet"), "listdsl: error: no help for 'delet'\nhint: did you mean 'delete'?\n"),
        (.noHelp("xyzzy"), "listdsl: error: no help for 'xyzzy'\nhint: type .help for the list\n"),
        (.unknownDotCommand(".hlep"), "listdsl: error: unknown command '.hlep'\nhint: did you mean '.help'?\n"),
        (.needsFileName(command: ".read"), "listdsl: error: .read needs a file name\nhint: usage: .read FILE\n"),
        (
            .needsOnOrOff(command: ".trace", given: "yes"),
            "listdsl: error: .trace takes 'on' or 'off', not 'yes'\nhint: usage: .trace on|off\n"
        ),
        (
            .lessonTruncated(steps: 20000, .steps),
            "listdsl: warning: the lesson shows the first 20000 steps of the run (a lesson records at most 20000 steps); the statements after them ran but are not in it\n"
        ),
        (
            .lessonTruncated(steps: 1234, .size),
            "listdsl: warning: the lesson shows the first 1234 steps of the run (a lesson records at most 32 MiB of text); the statements after them ran but are not in it\n"
        ),
        (
            .lessonTruncated(steps: 64, .memory(used: 300 << 20, limit: 200 << 20)),
            "listdsl: warning: the lesson shows the first 64 steps of the run (recording more would take listdsl past about 300.0 MiB with the page; the memory limit is 200 MiB); the statements after them ran but are not in it\n"
        ),
        (
            .needsMode(given: "xml"),
            "listdsl: error: .mode takes 'json' or 'text', not 'xml'\nhint: usage: .mode json|text\n"
        ),
        (
            .cannotWritePage("cannot write 'x.html': Permission denied"),
            "listdsl: error: cannot write the page: cannot write 'x.html': Permission denied\n"
        ),
    ]

    @Test func everyCaseRenders() {
        let renderer = DiagnosticRenderer(color: false)
        for (error, text) in Self.cases {
            #expect(renderer.render(Diagnostic(error, error.severity)) == text)
        }
        // Every case of UsageError is in the table.
        #expect(Set(Self.cases.map { String(String(describing: $0.0).prefix { $0 != "(" }) }).count == 17)
    }
}

/// The library's exit status for an error that ends a run (which the WebAssembly entry point gives too)
/// is the command's `Exit` for it.
@Suite struct ExitStatusTests {
    @Test func scriptErrorsEndWithTheCommandsStatuses() {
        let d = Diagnostic(file: SourceFile(name: "x", text: ""), range: SourceRange(0, 0), message: "m")
        #expect(ScriptError.runtime(d).exitStatus == Exit.runtime.rawValue)
        #expect(ScriptError.interrupted(d).exitStatus == Exit.interrupted.rawValue)
        #expect(ScriptError.syntax([d]).exitStatus == Exit.syntax.rawValue)
    }
}
