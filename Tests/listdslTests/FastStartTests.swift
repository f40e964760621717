import Testing

@testable import listdsl

/// The command lines that start without the argument parser, and the ones that must not.
@Suite struct FastStartTests {
    @Test func theSubcommandWordsAreTheParsers() {
        #expect(Set(FastStart.subcommands) == Set(Listdsl.configuration.subcommands.map { $0._commandName } + ["help"]))
    }

    @Test(arguments: [
        ([], [], []), (["a.list"], ["a.list"], []), (["-e", "dump"], [], ["dump"]),
        (["a.list", "-e", "-1", "-", "b.list"], ["a.list", "-", "b.list"], ["-1"]),
        (["check.list", "run"], ["check.list", "run"], []),
    ])
    func plainRunsNeedNoParser(_ arguments: [String], _ files: [String], _ code: [String]) throws {
        let plain = try #require(FastStart.plainRun(arguments))
        #expect(plain.files == files)
        #expect(plain.code == code)
    }

    @Test(arguments: [
        ["--trace", "a.list"], ["a.list", "--changes"], ["-e"], ["run", "a.list"], ["check", "a.list"], ["help"],
        ["quiz"], ["--", "a.list"], ["-i", "a.list"], ["-q"], ["--version"], ["-h"], ["a.list", "-x"],
    ])
    func everythingElseGoesThroughTheParser(_ arguments: [String]) {
        #expect(FastStart.plainRun(arguments) == nil)
    }
}
