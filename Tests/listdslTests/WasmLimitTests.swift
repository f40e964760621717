import Foundation
import Testing

/// The WebAssembly module meets its memory limit (768 MiB, below the module's bound of 1 GiB) with the
/// limit's message, never a trap: a value is checked against the limit before it is made, and a message's
/// sizes are worked out in 64 bits. Before (issue 57), each of these scripts trapped ("unreachable") at
/// about 820 MiB, and a page lost its console's session.
@Suite struct WasmLimitTests {
    /// The module `scripts/wasm.sh` builds (CI builds it before the tests).
    static let module = packageRoot.appendingPathComponent(".build-wasm/listdsl.wasm")
    static let enabled =
        executableOnPath("node") != nil
        && (FileManager.default.fileExists(atPath: module.path) || ProcessInfo.processInfo.environment["CI"] != nil)

    /// Scripts that take more memory than the limit allows, each a different way.
    static let scripts: [(name: String, text: String)] = [
        (
            "seven copies of a 128 MiB string",
            """
            let s = "x"
            repeat 27 { s = s + s }
            let keep = []
            repeat 7 { keep = keep + [s + "y"] }
            print len(keep)
            """
        ),
        (
            "90 nested calls, each holding 32 MiB",
            """
            let s = "x"
            repeat 25 { s = s + s }
            proc hold(n) {
              let mine = s + str(n)
              if n > 0 { return hold(n - 1) + len(mine) }
              return len(mine)
            }
            print hold(90)
            """
        ),
        (
            "print of a 128 MiB string, three times",
            """
            let s = "x"
            repeat 27 { s = s + s }
            let keep = [s + "a", s + "b", s + "c"]
            repeat 3 { print s }
            """
        ),
        (
            "an interpolation growing past the limit",
            """
            let s = "x"
            repeat 24 { s = s + s }
            let t = ""
            repeat 60 { t = "\\(t)\\(s)" }
            print len(t)
            """
        ),
    ]

    @Test(.enabled(if: enabled), arguments: scripts.map(\.name))
    func theModuleMeetsItsMemoryLimitWithItsMessage(_ name: String) throws {
        #expect(FileManager.default.fileExists(atPath: Self.module.path), "run scripts/wasm.sh first")
        let dir = try scratchDirectory("wasm-limit")
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("hostile.list")
        try Data((Self.scripts.first { $0.name == name }?.text ?? "").utf8).write(to: script)
        let run = try runProcess(
            URL(fileURLWithPath: try #require(executableOnPath("node"))),
            [packageRoot.appendingPathComponent("scripts/wasm-run.mjs").path, script.path],
            environment: ["LISTDSL_WASM": Self.module.path], timeout: 300)
        #expect(run.status == 70, "\(run.stderr.prefix(600))")
        #expect(!run.stderr.contains("unreachable"), "\(run.stderr.prefix(600))")
        #expect(run.stderr.contains("error: memory limit exceeded: listdsl is using "), "\(run.stderr.prefix(600))")
        #expect(run.stderr.contains("; the limit is 768 MiB"), "\(run.stderr.prefix(600))")
    }
}
