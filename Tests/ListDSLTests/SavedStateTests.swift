import ListModel
import Testing

@testable import ListFormats
@testable import ListLanguage
@testable import ListRuntime
@testable import ListTeaching

/// A session whose files live in memory, for `save`, `load` and the user-defaults store.
final class FileSession {
    var files: [String: [UInt8]] = [:]
    var out = ""
    var interpreter: Interpreter!

    init(defaultsFile: String? = nil, files: [String: [UInt8]] = [:]) {
        self.files = files
        let io = InterpreterIO(
            emit: { [unowned self] event in
                if case .output(let output) = event { self.out += output.text }
                if case .shown(let shown) = event { self.out += shown.plainText }
            },
            load: { [unowned self] path in
                guard let bytes = self.files[path] else {
                    var error = LoadError("no such file or directory")
                    error.isMissing = true
                    return .failure(error)
                }
                return .success(SourceFile(name: path, bytes: bytes))
            },
            isInterrupted: { false },
            write: { [unowned self] path, bytes, _ in
                self.files[path] = bytes
                return nil
            },
            defaultsFile: defaultsFile)
        interpreter = Interpreter(io: io)
    }

    /// Runs `source`; the error's message and its notes' places, if it fails.
    @discardableResult
    func run(_ source: String) -> Diagnostic? {
        let file = SourceFile(name: "test.list", text: source)
        do {
            try interpreter.run(Parser.parse(file).program, in: file)
            return nil
        } catch {
            switch error {
            case .runtime(let d), .interrupted(let d): return d
            case .syntax(let ds): return ds.first
            }
        }
    }
}

@Suite struct SavedStateTests {
    /// A random state: both layers (often out of step), titles, style, editing, view, texts,
    /// selection and accessories, with texts that need escaping in JSON and XML.
    static func randomState(_ random: inout SeededGenerator) -> (ListState, [String: String]) {
        let texts = ["Tea", "a \"quoted\" <b>&amp;</b>", "tab\there", "line\nbreak", "émoji 🍵", "", "back\\slash"]
        func sections() -> [Section] {
            (0..<random.below(4)).map { _ in
                var section = Section(rows: (0..<random.below(4)).map { _ in texts[random.below(texts.count)] })
                if random.below(2) == 0 { section.header = texts[random.below(texts.count)] }
                if random.below(3) == 0 { section.footer = texts[random.below(texts.count)] }
                if random.below(3) == 0 { section.indexTitle = texts[random.below(texts.count)] }
                return section
            }
        }
        let dataSource = sections()
        var state = ListState(dataSource: dataSource, tableView: random.below(3) == 0 ? sections() : dataSource)
        state.isEditing = random.below(2) == 0
        state.style = random.below(2) == 0 ? .plain : .grouped
        state.view = random.below(2) == 0 ? .table : .collection
        state.messages = random.below(2) == 0 ? .classic : .modern
        let rows = state.tableView.enumerated().flatMap { s, section in
            section.rows.indices.map { IndexPath(section: s, row: $0) }
        }
        if !rows.isEmpty && random.below(2) == 0 { state.selection = rows[random.below(rows.count)] }
        var accessories: [String: String] = [:]
        for text in texts where random.below(3) == 0 {
            accessories[text] = ["checkmark", "detailButton", "disclosureIndicator"][random.below(3)]
        }
        return (state, accessories)
    }

    @Test(arguments: ["state.json", "state.plist"])
    func everyPartOfTheStateRoundTrips(_ name: String) throws {
        var random = SeededGenerator(seed: name.hasSuffix(".json") ? 7 : 11)
        for _ in 0..<500 {
            let (state, accessories) = Self.randomState(&random)
            let saving = FileSession()
            try saving.interpreter.model.load(state)
            saving.interpreter.accessories = accessories
            #expect(saving.run("save \"\(name)\"") == nil)
            let loading = FileSession(files: saving.files)
            loading.run(#"reset [["other"]]; style grouped"#)
            let failure = loading.run("load \"\(name)\"")
            #expect(failure == nil, "\(failure?.message ?? "")")
            #expect(loading.interpreter.model.state == state)
            #expect(loading.interpreter.accessories == accessories)
        }
    }

    @Test func theJSONIsTheDocumentedFormat() {
        let session = FileSession()
        session.run(
            #"reset [["Tea", "Milk"]]; header 0 "Drinks"; select 0:1; accessory 0:1 "checkmark"; data delete 0:0; save "s.json""#
        )
        #expect(
            String(decoding: session.files["s.json"] ?? [], as: UTF8.self) == """
                {
                  "format": "listdsl-state",
                  "version": 1,
                  "view": "table",
                  "style": "plain",
                  "messages": "classic",
                  "editing": false,
                  "selection": {
                    "section": 0,
                    "row": 1
                  },
                  "dataSource": [
                    {
                      "rows": [
                        "Milk"
                      ],
                      "header": "Drinks"
                    }
                  ],
                  "tableView": [
                    {
                      "rows": [
                        "Tea",
                        "Milk"
                      ],
                      "header": "Drinks"
                    }
                  ],
                  "accessories": {
                    "Milk": "checkmark"
                  }
                }

                """)
    }

    /// A file that is not a saved state: the error names the file and what was expected, a note points
    /// at the place, and nothing changes.
    @Test(arguments: [
        (
            #"{"format": "listdsl-state", "version": 1, "dataSource": [{"rows": ["a", 7]}]}"#,
            "expected a string (a row's text), found an integer", 72
        ),
        (#"{"format": "listdsl-state", "version": 1"#, "expected ',' or '}'", 40),
        (
            #"{"format": "listdsl-state", "version": 2, "dataSource": []}"#,
            "this file is version 2, written by a newer listdsl; this one reads version 1", 39
        ),
        (#"{"format": "listdsl-state", "version": 1}"#, #"missing "dataSource""#, 0),
        (
            #"{"format": "other", "version": 1, "dataSource": []}"#,
            #"expected "format": "listdsl-state" (this is not a saved state)"#, 11
        ),
        (
            #"{"format": "listdsl-state", "version": 1, "dataSource": [], "colour": 1}"#,
            #"unknown key "colour"; expected "accessories", "dataSource", "editing", "format", "ios", "messages", "messagesSuffix", "selection", "style", "tableView", "version", "view""#,
            70
        ),
        (
            #"{"format": "listdsl-state", "version": 1, "dataSource": [{"rows": []}], "selection": {"section": 0, "row": 0}}"#,
            "the selection 0:0 is not a row of the table view", 85
        ),
        (
            #"{"format": "listdsl-state", "version": 1, "dataSource": [], "style": "fancy"}"#,
            #"expected "plain" or "grouped" for "style", found a string"#, 69
        ),
        (
            #"{"format": "listdsl-state", "version": 1, "dataSource": [], "accessories": {"a": "tick"}}"#,
            "expected an accessory type (disclosureIndicator, detailButton, detailDisclosureButton or checkmark), found a string",
            81
        ),
        ("[]", "expected a dictionary for the document, found an array", 0),
        // A state no statement can make: 'ios 2' refuses a collection view, and 'view collection' iOS 2.
        (
            #"{"format": "listdsl-state", "version": 1, "dataSource": [], "view": "collection", "ios": "2"}"#,
            #"expected iOS 6 or later for "ios" with a collection view (UICollectionView came with iOS 6), found "2""#,
            89
        ),
    ])
    func badFilesChangeNothing(_ text: String, _ message: String, _ offset: Int) throws {
        let session = FileSession(files: ["bad.json": Array(text.utf8)])
        session.run(#"reset [["A"]]; select 0:0"#)
        let before = session.interpreter.model.state
        let failure = try #require(session.run(#"load "bad.json""#))
        #expect(failure.message == "cannot load 'bad.json': " + message)
        #expect(
            failure.hint == "a state file is what 'save' writes: JSON, or a property list when its name ends in .plist")
        #expect(failure.notes.first?.file.name == "bad.json")
        #expect(failure.notes.first?.range.lowerBound == offset)
        #expect(session.interpreter.model.state == before)
    }

    @Test func aPropertyListReadsAsAnAppsItemsPlist() {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>format</key>
            \t<string>listdsl-state</string>
            \t<key>version</key>
            \t<integer>1</integer>
            \t<key>dataSource</key>
            \t<array>
            \t\t<dict>
            \t\t\t<key>rows</key>
            \t\t\t<array>
            \t\t\t\t<string>Tea &amp; cake</string>
            \t\t\t</array>
            \t\t</dict>
            \t</array>
            \t<key>editing</key>
            \t<true/>
            </dict>
            </plist>
            """
        let session = FileSession(files: ["items.plist": Array(plist.utf8)])
        #expect(session.run(#"load "items.plist"; print items(0), editing()"#) == nil)
        #expect(session.out == "[\"Tea & cake\"] true\n")
    }

    @Test func loadAndSaveInsideABatchAreErrors() {
        let session = FileSession()
        #expect(session.run(#"reset [["A"]]; begin; save "x.json""#)?.message.contains("'save' cannot") == true)
        #expect(session.run(#"begin; load "x.json""#)?.message.contains("'load' cannot") == true)
    }

    /// The store: values of every kind it keeps, read back by a second session (a second run) from the
    /// file; remove; and values it refuses.
    @Test func defaultsOutliveTheSession() {
        let first = FileSession(defaultsFile: "defaults.json")
        #expect(
            first.run(
                #"defaults set "list" ["a", 1, true, ["b"]]; defaults set "n" 3; defaults set "gone" "x"; defaults remove "gone"; print defaults("n", 0)"#
            ) == nil)
        #expect(first.out == "3\n")
        let second = FileSession(defaultsFile: "defaults.json", files: first.files)
        #expect(
            second.run(#"print defaults("list", []), defaults("n", 0), defaults("gone", "absent")"#) == nil)
        #expect(second.out == "[\"a\", 1, true, [\"b\"]] 3 absent\n")
        #expect(
            second.run(#"defaults set "p" 0:1"#)?.message
                == "the user-defaults store keeps strings, integers, booleans and lists of them, found index path 0:1")
        let damaged = FileSession(defaultsFile: "defaults.json", files: ["defaults.json": Array("{\"a\": ".utf8)])
        let failure = damaged.run(#"print defaults("a", 0)"#)
        #expect(failure?.message == "the user-defaults store 'defaults.json' is damaged: expected a value")
        #expect(failure?.notes.first?.range.lowerBound == 6)
    }

    /// Another run's keys survive a set: each change reads the file as it is then.
    @Test func aSetKeepsOtherRunsKeys() {
        let first = FileSession(defaultsFile: "d.json")
        first.run(#"print defaults("a", 0)"#)  // reads the (empty) store
        let second = FileSession(defaultsFile: "d.json", files: first.files)
        second.run(#"defaults set "b" 2"#)
        first.files = second.files
        first.run(#"defaults set "a" 1"#)
        let third = FileSession(defaultsFile: "d.json", files: first.files)
        third.run(#"print defaults("a", 0), defaults("b", 0)"#)
        #expect(third.out == "1 2\n")
    }

    @Test func accessoriesBelongToTheItem() {
        let session = FileSession()
        #expect(
            session.run(
                #"reset [["A","B"]]; accessory 0:1 "checkmark"; move 0:1 to 0:0; print accessory(0:0), accessory(0:1); show"#
            ) == nil)
        #expect(session.out == "checkmark none\nsection 0\n  0:0  B  ✔\n  0:1  A\n")
        #expect(session.run(#"accessory 0:0 "tick""#)?.message.hasPrefix("unknown accessory \"tick\"") == true)
    }
}
