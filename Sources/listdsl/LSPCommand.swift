import ArgumentParser
import ListEditor
import ListRuntime
import Platform

/// `listdsl lsp`: the language server, for editors. It speaks the Language Server Protocol over standard
/// input and output: the bytes it reads are cut into messages (`MessageReader`), each answered by the
/// library's `LanguageServer`, and its answers written at once. It ends at the `exit` notification, or
/// when the client closes standard input (a client that went away).
struct LSP: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Run the language server (for editors): the Language Server Protocol over standard input and output.",
        discussion: """
            An editor starts it and talks to it; it is not run by hand. It gives diagnostics as you type
            (those of 'listdsl check'), completion of the language's words and the script's names, hover
            help (as '.help WORD'), the script's procedures, hooks and batches, go to definition and find
            references. editors/ holds a VS Code extension and a TextMate grammar that use it.

            A script too big to parse within the memory limit gets the limit's diagnostic, and the server
            goes on.

            EXIT STATUS:
              0    the client sent shutdown, then exit
              1    the client sent exit without shutdown, or closed standard input
            """
    )

    @Option(
        name: .customLong("limit"),
        help: ArgumentHelp("memory=SIZE: the memory the server may use (K, M or G).", valueName: "name=value"))
    var limitSettings: [LimitSetting] = []

    func validate() throws {
        for setting in limitSettings where setting.name != "memory" {
            throw ValidationError("--limit: the language server's one limit is memory")
        }
        _ = try Limits(setting: limitSettings)
    }

    func run() throws {
        var limits = Limits()
        for setting in limitSettings { _ = limits.set(setting.name, to: setting.value) }
        limits.memoryBytes = memoryLimit(within: limits.memoryBytes)
        let checks = readingChecks(limits)
        let server = LanguageServer(version: listdslVersion, checks: checks)
        var reader = MessageReader()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while server.exitCode == nil {
            let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { throw ExitCode(1) }  // the client went away
            chunk.withUnsafeBytes { reader.append(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            while server.exitCode == nil, let item = reader.next(within: checks) {
                let answers: [[UInt8]]
                switch item {
                case .message(let json): answers = server.handle(json)
                case .malformed(let why): answers = [LanguageServer.malformedMessage(why)]
                }
                try send(answers)
            }
            // Every message that has arrived is answered: parse what changed, unless more is waiting.
            if server.hasPendingWork && !inputWaiting() { try send(server.flush()) }
        }
        throw ExitCode(server.exitCode ?? 1)
    }

    /// Writes the messages; a client that stopped reading ends the server.
    private func send(_ messages: [[UInt8]]) throws {
        for message in messages where message.withUnsafeBytes({ writeAll(fd: 1, $0) }) != 0 { throw ExitCode(1) }
    }

    /// Whether standard input has bytes to read now.
    private func inputWaiting() -> Bool {
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }
}
