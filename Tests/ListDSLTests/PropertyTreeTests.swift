import ListModel
import Testing

@testable import ListFormats
@testable import ListLanguage
@testable import ListRuntime
@testable import ListTeaching

/// A text in one of the two formats and what reading it gives: a tree, or where and why it is not one.
struct PropertyTreeCase: CustomTestStringConvertible, Sendable {
    /// Which reader a case is for.
    enum Format: Sendable {
        case json, propertyList
    }

    var id: String
    var format: Format
    var text: String
    var expected: Result<PropertyTree, PropertyTree.Problem>
    var testDescription: String { id }

    /// Reads `text` in the case's format.
    func read() -> Result<PropertyTree, PropertyTree.Problem> {
        let bytes = Array(text.utf8)
        return format == .json ? PropertyTree.parseJSON(bytes) : PropertyTree.parsePropertyList(bytes)
    }
}

/// Reading and writing JSON documents and XML property lists, and that each format reads back what it wrote.
@Suite struct PropertyTreeTests {
    /// A string, in a word.
    static func string(_ text: String) -> PropertyTree { PropertyTree(.string(text)) }
    /// An integer, in a word.
    static func int(_ n: Int64) -> PropertyTree { PropertyTree(.integer(n)) }
    /// True or false, in a word.
    static func bool(_ b: Bool) -> PropertyTree { PropertyTree(.boolean(b)) }
    /// Null, in a word.
    static let null = PropertyTree(.null)
    /// An array of `elements`.
    static func array(_ elements: PropertyTree...) -> PropertyTree { PropertyTree(.array(elements)) }
    /// A dictionary of `members`, in order.
    static func dict(_ members: (String, PropertyTree)...) -> PropertyTree {
        PropertyTree(.dictionary(members.map { PropertyTree.Member(key: $0.0, value: $0.1) }))
    }

    /// A case whose text reads as `tree`.
    static func reads(_ id: String, _ format: PropertyTreeCase.Format, _ text: String, _ tree: PropertyTree)
        -> PropertyTreeCase
    {
        PropertyTreeCase(id: id, format: format, text: text, expected: .success(tree))
    }

    /// A case whose text is not a tree: reading stops at `offset` saying `message`.
    static func fails(_ id: String, _ format: PropertyTreeCase.Format, _ text: String, _ offset: Int, _ message: String)
        -> PropertyTreeCase
    {
        PropertyTreeCase(
            id: id, format: format, text: text, expected: .failure(.init(offset: offset, message: message)))
    }

    /// What a value position of a property list expects.
    static let expectedValue = "expected <string>, <integer>, <true/>, <false/>, <array> or <dict>"

    /// JSON texts: every kind of value, every escape, and each way a text can go wrong.
    static let jsonCases: [PropertyTreeCase] = [
        reads(
            "scalars", .json, #"["a", 0, -7, true, false, null]"#,
            array(string("a"), int(0), int(-7), bool(true), bool(false), null)),
        reads(
            "members in order", .json, #"{"b": 1, "a": {"c": []}}"#, dict(("b", int(1)), ("a", dict(("c", array()))))),
        reads("whitespace", .json, " \t\r\n{ \"a\" :\n[ ] , \"b\"\t:{ } }\n", dict(("a", array()), ("b", dict()))),
        reads("a scalar document", .json, "42", int(42)),
        reads("a byte order mark", .json, "\u{FEFF}[1]", array(int(1))),
        reads(
            "every escape", .json, #""\" \\ \/ \b \f \n \r \t \u00e9 \u0000 \ud83d\ude00""#,
            string("\" \\ / \u{8} \u{C} \n \r \t é \0 😀")),
        reads("UTF-8 as it is", .json, #""é→😀""#, string("é→😀")),
        reads("the largest integer", .json, "9223372036854775807", int(Int64.max)),
        reads("the smallest integer", .json, "-9223372036854775808", int(Int64.min)),
        reads("minus zero", .json, "-0", int(0)),
        fails("nothing", .json, "", 0, "expected a value"),
        fails("only whitespace", .json, "  ", 2, "expected a value"),
        fails("a trailing comma", .json, "[1,]", 3, "expected a value"),
        fails("a missing comma", .json, "[1 2]", 3, "expected ',' or ']'"),
        fails("an unclosed object", .json, #"{"a": 1"#, 7, "expected ',' or '}'"),
        fails("a missing colon", .json, #"{"a" 1}"#, 5, "expected ':'"),
        fails("a key that is not a string", .json, "{1: 2}", 1, "expected a string (a key) or '}'"),
        fails("no key after a comma", .json, #"{"a": 1,}"#, 8, "expected a string (a key)"),
        fails("a duplicate key", .json, #"{"rows": 1, "rows": 2}"#, 12, #"duplicate key "rows""#),
        fails("text after the value", .json, "[] x", 3, "expected the end of the file"),
        fails("a bare word", .json, "[yes]", 1, "expected a value"),
        fails("half a literal", .json, "tru", 0, "expected a value"),
        fails("a leading zero", .json, "[01]", 1, "expected an integer without leading zeros"),
        fails("a minus alone", .json, "[-]", 2, "expected a digit after '-'"),
        fails(
            "a fraction", .json, "[1.5]", 1,
            "expected an integer (numbers with a fraction or an exponent are not used)"),
        fails(
            "an exponent", .json, "[1e3]", 1,
            "expected an integer (numbers with a fraction or an exponent are not used)"),
        fails("too large", .json, "[9223372036854775808]", 1, "integer out of range"),
        fails("too small", .json, "[-9223372036854775809]", 1, "integer out of range"),
        fails("an unclosed string", .json, #"["abc"#, 5, #"expected '"' to close the string"#),
        fails(
            "a raw control character", .json, "[\"a\u{1}\"]", 3,
            "a control character (U+0001) must be escaped in a string"),
        fails("a raw line feed", .json, "\"a\nb\"", 2, "a control character (U+000A) must be escaped in a string"),
        fails(
            "an unknown escape", .json, #""\q""#, 1,
            #"invalid escape in a string (expected \" \\ \/ \b \f \n \r \t or \uXXXX)"#),
        fails("short hex", .json, #""\u12""#, 5, #"expected four hex digits after '\u'"#),
        fails("a lone high surrogate", .json, #""\ud83d""#, 1, "a lone surrogate is not a character"),
        fails("a lone low surrogate", .json, #""\ude00\ud83d""#, 1, "a lone surrogate is not a character"),
        fails("a high surrogate and a letter", .json, #""\ud83d\u0041""#, 1, "a lone surrogate is not a character"),
    ]

    /// Each JSON text reads as the tree it spells, or stops where it goes wrong saying why.
    @Test(arguments: jsonCases) func readingJSON(_ c: PropertyTreeCase) {
        #expect(c.read() == c.expected)
    }

    /// Property lists: each form a value may take, entities, CDATA, comments, and each way a text can go wrong.
    static let propertyListCases: [PropertyTreeCase] = [
        reads(
            "as Xcode writes it", .propertyList,
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>rows</key>
            \t<array>
            \t\t<string>Milk</string>
            \t\t<integer>-12</integer>
            \t\t<true/>
            \t\t<false/>
            \t</array>
            </dict>
            </plist>

            """,
            dict(("rows", array(string("Milk"), int(-12), bool(true), bool(false))))),
        reads("no declaration", .propertyList, "<plist><string>a</string></plist>", string("a")),
        reads("a byte order mark", .propertyList, "\u{FEFF}<plist><true/></plist>", bool(true)),
        reads(
            "comments", .propertyList,
            "<!-- a --><plist><!-- b --><array><!-- c --><true/><!-- d --></array><!-- e --></plist><!-- f -->\n",
            array(bool(true))),
        reads(
            "any attributes", .propertyList, "<plist version='1.0' x=\"a>b/\" ><true /></plist >", bool(true)),
        reads(
            "empty forms", .propertyList, "<plist><array><string/><array/><dict/></array></plist>",
            array(string(""), array(), dict())),
        reads(
            "open and close forms", .propertyList,
            "<plist><array><string></string><array></array><dict></dict><true></true><false></false></array></plist>",
            array(string(""), array(), dict(), bool(true), bool(false))),
        reads(
            "entities", .propertyList, "<plist><string>&amp;&lt;&gt;&quot;&apos;&#65;&#x1F600;</string></plist>",
            string("&<>\"'A😀")),
        reads("CDATA", .propertyList, "<plist><string>a<![CDATA[<&>]]>b</string></plist>", string("a<&>b")),
        reads(
            "whitespace in a string stays", .propertyList, "<plist><string> a\tb\n </string></plist>",
            string(" a\tb\n ")),
        reads(
            "line ends as XML reads them", .propertyList, "<plist><string>a\r\nb\rc&#13;</string></plist>",
            string("a\nb\nc\r")),
        reads("an integer with spaces and a sign", .propertyList, "<plist><integer> +42\n</integer></plist>", int(42)),
        reads(
            "the smallest integer", .propertyList, "<plist><integer>-9223372036854775808</integer></plist>",
            int(Int64.min)),
        reads(
            "an empty key", .propertyList, "<plist><dict><key/><true/><key>b</key><false/></dict></plist>",
            dict(("", bool(true)), ("b", bool(false)))),
        fails("nothing", .propertyList, "", 0, "expected <plist>, found the end of the file"),
        fails("not XML", .propertyList, "{}", 0, "expected <plist>, found '{}'"),
        fails(
            "text in an array", .propertyList, "<plist><array> 1\n</array></plist>", 15,
            "\(expectedValue) or </array>, found '1'"),
        fails("no value", .propertyList, "<plist></plist>", 7, "\(expectedValue), found </plist>"),
        fails("an empty plist", .propertyList, "<plist/>", 0, "expected a value in <plist>"),
        fails("two values", .propertyList, "<plist><true/><true/></plist>", 14, "expected </plist>, found <true/>"),
        fails("a real", .propertyList, "<plist><real>1.5</real></plist>", 7, "\(expectedValue), found <real>"),
        fails("a date", .propertyList, "<plist><array><date/></array></plist>", 14, "\(expectedValue), found <date/>"),
        fails("unclosed", .propertyList, "<plist><true/>", 14, "expected </plist>, found the end of the file"),
        fails("text after", .propertyList, "<plist><true/></plist> x", 23, "expected the end of the file"),
        fails(
            "the wrong closing tag", .propertyList, "<plist><string>a</integer></plist>", 16,
            "expected </string>, found </integer>"),
        fails(
            "an element in a string", .propertyList, "<plist><string>a<b/></string></plist>", 16,
            "expected </string>, found <b/>"),
        fails(
            "an array closed as a dict", .propertyList, "<plist><array><true/></dict></plist>", 21,
            "expected </array>, found </dict>"),
        fails(
            "a value without a key", .propertyList, "<plist><dict><true/></dict></plist>", 13,
            "expected <key> or </dict>, found <true/>"),
        fails(
            "a key without a value", .propertyList, "<plist><dict><key>a</key></dict></plist>", 25,
            "\(expectedValue), found </dict>"),
        fails(
            "a duplicate key", .propertyList,
            "<plist><dict><key>rows</key><true/><key>rows</key><false/></dict></plist>", 35, #"duplicate key "rows""#),
        fails(
            "too large", .propertyList, "<plist><integer>9223372036854775808</integer></plist>", 7,
            "integer out of range"),
        fails(
            "not a number", .propertyList, "<plist><integer>1.5</integer></plist>", 7,
            "expected a decimal integer in <integer>"),
        fails(
            "an empty integer", .propertyList, "<plist><integer/></plist>", 7, "expected a decimal integer in <integer>"
        ),
        fails(
            "an unknown entity", .propertyList, "<plist><string>&nbsp;</string></plist>", 15,
            "unknown entity '&nbsp;'"),
        fails(
            "a raw ampersand", .propertyList, "<plist><string>a & b</string></plist>", 17,
            "expected an entity such as '&amp;' (a raw '&' must be written '&amp;')"),
        fails(
            "a reference XML cannot hold", .propertyList, "<plist><string>&#1;</string></plist>", 15,
            "a property list cannot hold the character U+0001"),
        fails(
            "a raw control character", .propertyList, "<plist><string>\u{1B}</string></plist>", 15,
            "a property list cannot hold the character U+001B"),
        fails(
            "an unclosed comment", .propertyList, "<plist><!-- a </plist>", 22, "expected '-->'"),
        // The prolog and the tags' attributes are XML's, no looser (issue 34, finding 12).
        reads(
            "a declaration with single quotes and standalone", .propertyList,
            "<?xml version='1.0' encoding='utf-8' standalone='yes' ?><plist><true/></plist>",
            PropertyTree(.boolean(true), offset: 63)),
        reads(
            "a document type with a system identifier only", .propertyList,
            "<!DOCTYPE plist SYSTEM \"file.dtd\"><plist><true/></plist>",
            PropertyTree(.boolean(true), offset: 41)),
        fails(
            "a control character in the declaration", .propertyList,
            "<?xml version=\"1.0\"\u{1}?><plist><true/></plist>", 19,
            "a property list cannot hold the character U+0001"),
        fails(
            "garbage in the declaration", .propertyList, "<?xml garbage here?><plist><true/></plist>", 14,
            "expected '=' after the attribute 'garbage' in the XML declaration, found 'here?>'"),
        fails(
            "a declaration without its version", .propertyList, "<?xml encoding=\"UTF-8\"?><plist><true/></plist>", 6,
            "expected version=\"1.0\" in the XML declaration, found 'encoding=\"UTF-8\"?>'"),
        fails(
            "a declaration that is not first", .propertyList,
            "<!-- c --><?xml version=\"1.0\"?><plist><true/></plist>", 10,
            "the XML declaration must come first in the file"),
        fails(
            "a control character in the document type", .propertyList,
            "<!DOCTYPE plist \u{2}><plist><true/></plist>", 16, "a property list cannot hold the character U+0002"),
        fails(
            "garbage in the document type", .propertyList, "<!DOCTYPE plist junk><plist><true/></plist>", 16,
            "expected PUBLIC, SYSTEM, '[' or '>' in <!DOCTYPE>, found 'junk>'"),
        fails(
            "a document type without a name", .propertyList, "<!DOCTYPE><plist><true/></plist>", 9,
            "expected a name after <!DOCTYPE, found '>'"),
        fails(
            "a control character among plist's attributes", .propertyList,
            "<plist version=\"1.0\" \u{3}><true/></plist>", 21, "a property list cannot hold the character U+0003"),
        fails(
            "garbage among plist's attributes", .propertyList, "<plist version=\"1.0\" junk><true/></plist>", 25,
            "expected '=' after the attribute 'junk' in <plist>, found '>'"),
        fails(
            "an unquoted attribute", .propertyList, "<plist version=1.0><true/></plist>", 15,
            "expected a quoted value for the attribute 'version' in <plist>, found '1.0>'"),
    ]

    /// Each property list reads as the tree it spells, or stops where it goes wrong saying why.
    @Test(arguments: propertyListCases) func readingPropertyLists(_ c: PropertyTreeCase) {
        #expect(c.read() == c.expected)
    }

    /// Bytes that are not UTF-8 in a string stop reading at the first of them, in either format.
    @Test func invalidUTF8IsAProblem() {
        for bad: [UInt8] in [[0xC3], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0x80]] {
            let json = PropertyTree.parseJSON([0x22, 0x61] + bad + [0x22])
            #expect(json == .failure(.init(offset: 2, message: "invalid UTF-8")), "\(bad)")
            let plist = PropertyTree.parsePropertyList(
                Array("<plist><string>a".utf8) + bad + Array("</string></plist>".utf8))
            #expect(plist == .failure(.init(offset: 16, message: "invalid UTF-8")), "\(bad)")
        }
    }

    /// Arrays and dictionaries nest 256 levels deep and no deeper; far deeper input is a problem, not a crash.
    @Test func nestingIsLimited() {
        func json(_ depth: Int) -> [UInt8] {
            Array(repeating: 0x5B, count: depth) + Array(repeating: 0x5D, count: depth)
        }
        func plist(_ depth: Int) -> [UInt8] {
            Array(
                ("<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
                    + "</plist>").utf8)
        }
        let tooDeep = PropertyTree.Problem(offset: 256, message: "nesting deeper than 256 levels")
        #expect((try? PropertyTree.parseJSON(json(256)).get()) != nil)
        #expect(PropertyTree.parseJSON(json(257)) == .failure(tooDeep))
        #expect(PropertyTree.parseJSON(Array(repeating: 0x5B, count: 1_000_000)) == .failure(tooDeep))
        #expect((try? PropertyTree.parsePropertyList(plist(256)).get()) != nil)
        #expect(
            PropertyTree.parsePropertyList(plist(257))
                == .failure(.init(offset: 7 + 256 * 7, message: "nesting deeper than 256 levels")))
        #expect((try? PropertyTree.parsePropertyList(plist(100_000)).get()) == nil)
    }

    /// The reading checks run as a reader goes, every 64 KiB of text and before a large buffer grows: Ctrl-C
    /// and the memory limit stop it where it is, with the cause, so no big document is read whole first.
    @Test(arguments: [PropertyTreeCase.Format.json, .propertyList])
    func readingChecksStopAReaderWhereItIs(_ format: PropertyTreeCase.Format) {
        let count = 200_000
        let text =
            format == .json
            ? "[" + Array(repeating: "[]", count: count).joined(separator: ",") + "]"
            : "<plist><array>" + String(repeating: "<array/>", count: count) + "</array></plist>"
        let read = { (checks: ReadingChecks) in
            format == .json
                ? PropertyTree.parseJSON(Array(text.utf8), checks: checks)
                : PropertyTree.parsePropertyList(Array(text.utf8), checks: checks)
        }
        let between = ReadingChecks.bytesBetweenChecks
        var asked = 0
        let interrupted = read(
            ReadingChecks(
                isInterrupted: {
                    asked += 1
                    return asked == 3
                }, memoryInUse: { nil }, memoryLimit: .max))
        guard case .failure(let stop) = interrupted else { return #expect(Bool(false), "read whole") }
        #expect(stop.cause == .interrupted && stop.message == "interrupted")
        // Asked at the start, then every 64 KiB and before a buffer grows: stopped well before the end.
        #expect(stop.offset >= between && stop.offset <= 2 * between + 16, "\(stop.offset)")

        // Memory: measured at the start, then before the outer array's buffer doubles past 16,384 elements.
        var measured: [Int] = []
        let full = read(
            ReadingChecks(
                isInterrupted: { false },
                memoryInUse: {
                    measured.append(measured.count)
                    return 1000
                }, memoryLimit: 1 << 20))
        guard case .failure(let over) = full else { return #expect(Bool(false), "read whole") }
        guard case .memoryLimit(let used, let more, let limit) = over.cause else {
            return #expect(Bool(false), "\(over)")
        }
        #expect(limit == 1 << 20 && used == 1000 && more == 2 * 16_384 * MemoryLayout<PropertyTree>.stride)
        #expect(over.message.hasPrefix("memory limit exceeded at byte \(Quantity.grouped(over.offset)): "))
        #expect(measured.count >= 2)
        #expect((try? read(.none).get())?.array?.count == count)
    }

    /// Each value knows where it starts: the first byte of a JSON value, the '<' of an element.
    @Test func offsetsAreWhereValuesStart() throws {
        let json = try PropertyTree.parseJSON(Array(#"{"a": [1, "b"]}"#.utf8)).get()
        #expect(json.offset == 0)
        #expect(json["a"]?.offset == 6)
        #expect(json["a"]?.array?.map(\.offset) == [7, 10])
        let plist = try PropertyTree.parsePropertyList(Array("<plist><dict><key>a</key><array/></dict></plist>".utf8))
            .get()
        #expect(plist.offset == 7)
        #expect(plist["a"]?.offset == 25)
        // Equality is about values, not where they were read from.
        #expect(json == Self.dict(("a", Self.array(Self.int(1), Self.string("b")))))
    }

    /// The accessors give a payload only for their own kind.
    @Test func accessors() {
        let tree = Self.dict(("s", Self.string("x")), ("n", Self.int(3)), ("b", Self.bool(true)), ("z", Self.null))
        #expect(tree["s"]?.string == "x")
        #expect(tree["s"]?.integer == nil)
        #expect(tree["n"]?.integer == 3)
        #expect(tree["b"]?.boolean == true)
        #expect(tree["z"]?.isNull == true)
        #expect(tree["missing"] == nil)
        #expect(tree.dictionary?.map(\.key) == ["s", "n", "b", "z"])
        #expect(tree.array == nil)
        #expect(Self.array().array == [])
        #expect(Self.string("x")["s"] == nil)
        let names = [Self.string(""), Self.int(0), Self.bool(false), Self.null, Self.array(), Self.dict()].map(
            \.kindName)
        #expect(names == ["a string", "an integer", "true or false", "null", "an array", "a dictionary"])
    }

    /// A small tree with every kind of value, and characters each format escapes.
    static let golden = dict(
        ("name", string("Groceries & <more>")),
        ("rows", array(string("Milk"), string("say \"hi\"\n\r"), int(-3))),
        ("done", bool(false)),
        ("note", null),
        ("empty", array()),
        ("meta", dict(("nested", dict()))))

    /// `json()` writes two-space indents, a member a line, and empty containers on one line.
    @Test func jsonAsWritten() {
        #expect(
            Self.golden.json() == #"""
                {
                  "name": "Groceries & <more>",
                  "rows": [
                    "Milk",
                    "say \"hi\"\n\r",
                    -3
                  ],
                  "done": false,
                  "note": null,
                  "empty": [],
                  "meta": {
                    "nested": {}
                  }
                }

                """#)
        #expect(Self.string("é😀\t/\u{7F}").json() == "\"é😀\\t/\u{7F}\"\n")
        #expect(Self.string("\u{0}\u{1}\u{8}\u{C}\u{1F}").json() == #""\u0000\u0001\b\f\u001f""# + "\n")
    }

    /// `propertyList()` writes what Xcode writes: its header, tabs, `<array/>` and `<dict/>`, no null members;
    /// a carriage return is written `&#13;`, as XML would read a raw one as a line feed.
    @Test func propertyListAsWritten() throws {
        #expect(
            try Self.golden.propertyList() == """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>
                \t<key>name</key>
                \t<string>Groceries &amp; &lt;more&gt;</string>
                \t<key>rows</key>
                \t<array>
                \t\t<string>Milk</string>
                \t\t<string>say "hi"
                &#13;</string>
                \t\t<integer>-3</integer>
                \t</array>
                \t<key>done</key>
                \t<false/>
                \t<key>empty</key>
                \t<array/>
                \t<key>meta</key>
                \t<dict>
                \t\t<key>nested</key>
                \t\t<dict/>
                \t</dict>
                </dict>
                </plist>

                """)
    }

    /// What a property list cannot hold is a problem that says what it is.
    @Test(arguments: [
        (array(null), "a property list cannot hold null in an array"),
        (null, "a property list cannot hold null"),
        (string("a\u{1}"), "a property list cannot hold the character U+0001"),
        (dict(("\u{0}", int(1))), "a property list cannot hold the character U+0000"),
        (array(string("\u{FFFE}")), "a property list cannot hold the character U+FFFE"),
        (string("\u{FFFF}"), "a property list cannot hold the character U+FFFF"),
    ])
    func whatAPropertyListCannotHold(_ tree: PropertyTree, _ message: String) {
        #expect(throws: PropertyTree.Problem(offset: 0, message: message)) { try tree.propertyList() }
    }

    /// Pieces of strings: what each format must escape, and characters beyond ASCII.
    static let pieces = [
        "a", "Milk", " ", "\"", "\\", "/", "<", ">", "&", "&amp;", "]]>", "<!--", "😀", "é", "\n", "\t", "\r", "\r\n",
        "\u{7F}", "\u{FFFD}", "\u{10FFFF}",
    ]
    /// Pieces only JSON can hold.
    static let jsonOnlyPieces = ["\u{0}", "\u{1}", "\u{8}", "\u{C}", "\u{1F}", "\u{FFFE}", "\u{FFFF}"]

    /// A random tree, up to `depth` more levels deep, its strings with characters only JSON can hold if `json`,
    /// and null as this value only if `allowsNull` (inside it, in arrays only if `json`, always as members' values).
    private static func randomTree(_ random: inout SeededGenerator, depth: Int, json: Bool, allowsNull: Bool)
        -> PropertyTree
    {
        func text() -> String {
            let pieces = json ? Self.pieces + Self.jsonOnlyPieces : Self.pieces
            return (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }
                .joined()
        }
        // Containers more often than not, so trees are a few dozen values on average.
        switch Int.random(in: 0..<(depth > 0 ? 12 : 5), using: &random) {
        case 0: return string(text())
        case 1:
            return int(
                Bool.random(using: &random)
                    ? Int64.random(in: -1000...1000, using: &random) : Int64.random(in: .min ... .max, using: &random))
        case 2: return bool(Bool.random(using: &random))
        case 3: return allowsNull ? null : string(text())
        case 4: return string(text())
        case 5...7:
            return PropertyTree(
                .array(
                    (0..<Int.random(in: 0...5, using: &random)).map { _ in
                        randomTree(&random, depth: depth - 1, json: json, allowsNull: json)
                    }))
        default:
            var keys: Set<String> = []
            var members: [PropertyTree.Member] = []
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                let key = text()
                guard keys.insert(key).inserted else { continue }
                members.append(
                    .init(key: key, value: randomTree(&random, depth: depth - 1, json: json, allowsNull: true)))
            }
            return PropertyTree(.dictionary(members))
        }
    }

    /// `tree` as a property list reads back: its dictionaries without their null members.
    static func withoutNullMembers(_ tree: PropertyTree) -> PropertyTree {
        switch tree.kind {
        case .array(let elements): return PropertyTree(.array(elements.map(withoutNullMembers)))
        case .dictionary(let members):
            return PropertyTree(
                .dictionary(
                    members.filter { !$0.value.isNull }.map { .init(key: $0.key, value: withoutNullMembers($0.value)) })
            )
        default: return tree
        }
    }

    /// Whatever JSON `json()` writes, `parseJSON` reads back as the same tree.
    @Test func jsonRoundTrips() {
        var random = SeededGenerator(seed: 1)
        for _ in 0..<2000 {
            let tree = Self.randomTree(&random, depth: 5, json: true, allowsNull: true)
            let text = tree.json()
            #expect(PropertyTree.parseJSON(Array(text.utf8)) == .success(tree), "\(text)")
        }
    }

    /// Whatever `propertyList()` writes, `parsePropertyList` reads back as the same tree, less its null members.
    @Test func propertyListsRoundTrip() throws {
        var random = SeededGenerator(seed: 2)
        for _ in 0..<2000 {
            let tree = Self.randomTree(&random, depth: 5, json: false, allowsNull: false)
            let text = try tree.propertyList()
            #expect(
                PropertyTree.parsePropertyList(Array(text.utf8)) == .success(Self.withoutNullMembers(tree)), "\(text)")
        }
    }

    /// A document of each format, using most of what it can hold, that ends where its value ends.
    static let documents: [(format: PropertyTreeCase.Format, text: String)] = [
        (
            .json,
            "\u{FEFF}{\"rows\": [\"a\\\"b\", \"\\ud83d\\ude00é\", -12, true, false, null],"
                + " \"empty\": {}, \"list\": [[]]}"
        ),
        (
            .propertyList,
            """
            \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict><!-- c --><key>a &amp; b</key><array><string>x<![CDATA[<y>]]>&#x1F600;é😀</string>
            <integer> -3 </integer><true/><false/><string/><array/><dict></dict></array></dict>
            </plist>
            """
        ),
    ]

    /// Every prefix of a document is a problem inside the prefix, never a crash; the whole one is a tree.
    @Test(arguments: documents.indices) func truncatedDocumentsAreProblems(_ index: Int) {
        let (format, text) = Self.documents[index]
        let bytes = Array(text.utf8)
        for end in 0...bytes.count {
            let prefix = Array(bytes[..<end])
            let result = format == .json ? PropertyTree.parseJSON(prefix) : PropertyTree.parsePropertyList(prefix)
            switch result {
            case .success:
                #expect(end == bytes.count, "a prefix of \(end) bytes read as a tree")
            case .failure(let problem):
                #expect(end < bytes.count, "\(problem)")
                #expect((0...end).contains(problem.offset), "\(end): \(problem)")
            }
        }
    }

    /// Random changes to a document give a tree or a problem inside the text, never a crash or a hang.
    @Test(arguments: documents.indices) func damagedDocumentsNeverCrash(_ index: Int) {
        let (format, text) = Self.documents[index]
        let original = Array(text.utf8)
        let alphabet = Array("<>/![]{}\",:\\&;#x-0123456789 eatrsu".utf8) + [0x00, 0x0D, 0x80, 0xC3, 0xED, 0xF4, 0xFF]
        var random = SeededGenerator(seed: 3 + UInt64(index))
        for _ in 0..<2000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[at] = alphabet.randomElement(using: &random) ?? 0
                case 1: bytes.remove(at: at)
                default: bytes.insert(alphabet.randomElement(using: &random) ?? 0, at: at)
                }
            }
            let result = format == .json ? PropertyTree.parseJSON(bytes) : PropertyTree.parsePropertyList(bytes)
            if case .failure(let problem) = result {
                #expect((0...bytes.count).contains(problem.offset), "\(problem)")
            }
        }
    }
}
