import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching

/// The html mode: the input runs as `listdsl html` runs a script, every event goes to the lesson
/// recorder, and the page is written to memory.
///
/// Oracles: the recorder keeps at most `Lesson.stepLimit` steps (and says when it stopped), every line
/// of the lesson's stream, which the page embeds, reads as JSON, and it has a `state` line per step.
enum LessonFuzz {
    static func run(_ bytes: [UInt8]) {
        let file = SourceFile(name: "fuzz.list", bytes: bytes)
        let recorder = LessonRecorder()
        let files = MemoryFiles()
        let interpreter = Interpreter(
            io: InterpreterIO(
                emit: recorder.receive, detail: .all, load: files.load, isInterrupted: { false }, write: files.write),
            options: InterpreterOptions(limits: FuzzTarget.limits))
        recorder.interpreter = interpreter
        recorder.addFile(file)
        let parsed = Parser.parse(file)
        for d in parsed.diagnostics { recorder.receive(.diagnostic(d)) }
        if !parsed.diagnostics.contains(where: { $0.severity == .error }) {
            do {
                try interpreter.run(parsed.program, in: file)
                try interpreter.finish()
            } catch {
                switch error {
                case .runtime(let d), .interrupted(let d): recorder.receive(.diagnostic(d))
                case .syntax(let ds): for d in ds { recorder.receive(.diagnostic(d)) }
                }
            }
        }
        recorder.finish()
        let lesson = recorder.lesson
        if lesson.steps.count > Lesson.stepLimit + 1 {
            FuzzTarget.finding("the lesson kept \(lesson.steps.count) steps; the limit is \(Lesson.stepLimit)")
        }
        var states = 0
        for line in lesson.stream.split(separator: "\n") {
            if case .failure(let problem) = PropertyTree.parseJSON(Array(line.utf8)) {
                FuzzTarget.finding("a line of the lesson's stream does not read (\(problem.message)): \(line)")
            }
            if line.hasPrefix("{\"event\":\"state\",") { states += 1 }
        }
        if states != lesson.steps.count {
            FuzzTarget.finding("the stream has \(states) states for the lesson's \(lesson.steps.count) steps")
        }
        let page = LessonPage.html(lesson, title: "fuzz.list")
        if page.isEmpty { FuzzTarget.finding("the lesson page is empty") }
    }
}
