import ListFormats
import ListModel

/// Every syntax error the lexer and the parser report, with the data its text needs. `message` and
/// `hint` below are the one catalogue of their words; grammar.md's rules are what they enforce.
public enum ParseError: CatalogueError, Equatable {
    // MARK: Characters and tokens (the lexer)
    /// `!` where the language spells it `not`.
    case bangForNot
    /// A character no token starts with, quoted as messages quote source text.
    case unexpectedCharacter(String)
    /// A control character, by its code point.
    case controlCharacter(UInt32)
    /// A NUL byte, and where it is.
    case nulByte(NulPlace)
    /// A byte that is not UTF-8.
    case invalidUTF8(UInt8)
    /// Digits whose value does not fit in 64 bits (`Int64`, on every platform), quoted.
    case integerTooBig(String)
    /// A string literal the input ended in.
    case unterminatedString
    /// A backslash as a string's last character.
    case backslashAtEnd
    /// A backslash escape the language does not have, quoted.
    case invalidEscape(String)
    /// `\u{` without 1 to 8 hex digits and `}`.
    case malformedBracedUnicode
    /// `\u{…}` whose value is not a Unicode scalar, quoted.
    case invalidScalar(String)
    /// `\u` followed by neither `{` nor 4 hex digits.
    case malformedUnicodeEscape
    /// `\uXXXX` naming half of a UTF-16 surrogate pair, quoted.
    case loneSurrogate(String)

    // MARK: Statements and expressions (the parser)
    /// What the grammar wanted here, and the token found instead (described as messages describe tokens).
    case expected(String, found: String)
    /// A statement went on past its end; `nextStartsStatement` when what follows is a statement word.
    case expectedEndOfStatement(found: String, nextStartsStatement: Bool)
    /// No statement starts with the token found; `word` is the name found, for "did you mean".
    case expectedStatement(found: String, word: String?)
    /// A REPL dot command (`.show`, `.read`, …) in a script, as pasted from a REPL transcript.
    case dotCommandInScript(String)
    /// A bracket the input closed wrongly or not at all: the closer wanted, the opener and its line.
    case unclosed(close: String, open: String, line: Int, found: String)
    /// An interpolation `\(…)` not ended by `)`.
    case unclosedInterpolation(found: String)
    /// `else` that does not follow an `if`'s `}`.
    case elseWithoutIf
    /// A `}` with no `{` open.
    case strayClosingBrace
    /// Brackets, blocks or operators nested deeper than the parser allows.
    case nestingTooDeep(limit: Int)
    /// The error after the last one reported.
    case tooManyErrors
    /// A reading check stopped the parse at byte `offset`: Ctrl-C, or the memory limit.
    case readingStopped(ReadingStop, offset: Int)
    /// `proc` inside a block.
    case procedureNotAtTopLevel
    /// A procedure named after a statement word.
    case procedureNamedAfterStatement(String)
    /// A parameter named twice.
    case duplicateParameter(String)
    /// `return` outside a procedure or hook.
    case returnOutsideFunction
    /// A reserved word, or an editing-style value, where a name is bound (`role`: "assigned to", …).
    case reservedWord(String, role: String)
    case editingStyleName(String, role: String)
    /// `table append` or `table reset`.
    case noTableForm(command: String)
    /// A `table` command given a value the table view would read from the data source (`what`: "value", …).
    case tableTakesNoValue(command: String, what: String)
    /// A name after `on` that is no hook.
    case unknownHook(String)
    /// Something other than a name after `on`.
    case expectedHookName(found: String)
    /// `a < b < c`.
    case chainedComparison
    /// `a..<b..<c`.
    case chainedRange
    /// `0:1:2`.
    case nestedIndexPath
    /// `ios 40`: a version listdsl does not simulate (the text written).
    case unknownIOSVersion(String)

    /// Where a NUL byte was found.
    public enum NulPlace: String, Sendable {
        case string, comment, source
    }

    /// The error's text.
    public var message: String {
        switch self {
        case .bangForNot: "unexpected character '!'; use 'not' for negation"
        case .unexpectedCharacter(let text): "unexpected character \(text)"
        case .controlCharacter(let value): "unexpected control character \(MessageQuoting.hex(value))"
        case .nulByte(let place): "NUL byte in \(place.rawValue)"
        case .invalidUTF8(let byte): "invalid UTF-8 byte 0x\(MessageQuoting.twoHexDigits(byte))"
        case .integerTooBig(let digits): "integer literal \(digits) does not fit in 64 bits"
        case .unterminatedString: "unterminated string"
        case .backslashAtEnd: "a string cannot end with '\\'"
        case .invalidEscape(let text): "invalid escape \(text) in string"
        case .malformedBracedUnicode: "a unicode escape is '\\u{' with 1 to 8 hex digits and '}'"
        case .invalidScalar(let text): "\(text) is not a valid unicode scalar"
        case .malformedUnicodeEscape: "expected '{' or 4 hex digits after '\\u' in a unicode escape"
        case .loneSurrogate(let text):
            "\(text) is half of a UTF-16 surrogate pair; write the pair, or the character as '\\u{…}'"
        case .expected(let what, let found): "expected \(what), found \(found)"
        case .expectedEndOfStatement(let found, _): "expected end of statement, found \(found)"
        case .expectedStatement(let found, _): "expected a statement, found \(found)"
        case .dotCommandInScript(let command): "'\(command)' is a REPL command, not a statement"
        case .unclosed(let close, let open, let line, let found):
            "expected '\(close)' (to close '\(open)' at line \(line)), found \(found)"
        case .unclosedInterpolation(let found): "expected ')' to end the interpolation, found \(found)"
        case .elseWithoutIf: "expected a statement, found 'else'"
        case .strayClosingBrace: "unexpected '}' with no '{' to close"
        case .nestingTooDeep: "nesting too deep"
        case .tooManyErrors: "too many errors; stopping"
        case .readingStopped(.interrupted, _): "interrupted while parsing"
        case .readingStopped(.memoryLimit(let used, let more, let limit), let offset):
            "memory limit exceeded while parsing byte \(Quantity.grouped(offset)): \(Quantity.using(used, more: more)); the limit is \(Quantity.describe(bytes: limit))"
        case .procedureNotAtTopLevel: "'proc' is only allowed at the top level"
        case .procedureNamedAfterStatement(let name): "'\(name)' starts a statement and cannot name a procedure"
        case .duplicateParameter(let name): "duplicate parameter '\(name)'"
        case .returnOutsideFunction: "'return' outside a procedure or hook"
        case .reservedWord(let word, let role): "'\(word)' is a reserved word and cannot be \(role)"
        case .editingStyleName(let word, let role): "'\(word)' is an editing-style value and cannot be \(role)"
        case .noTableForm(let command) where command == "append":
            "'append' has no 'table' form: the table view carries no values"
        case .noTableForm(let command):
            "'\(command)' has no 'table' form: use 'reloadData' to make the table view re-read"
        case .tableTakesNoValue(let command, let what):
            "'\(command)' takes no \(what): the table view reads \(what == "title" ? "titles" : "rows") from the data source"
        case .unknownHook(let name): "unknown hook '\(name)'"
        case .expectedHookName(let found): "expected a hook name after 'on', found \(found)"
        case .chainedComparison: "comparisons cannot be chained"
        case .chainedRange: "ranges cannot be chained"
        case .nestedIndexPath: "an index path has two parts, section:row"
        case .unknownIOSVersion(let text):
            "listdsl simulates iOS \(IOSVersion.oldest) to \(IOSVersion.current), not iOS \(text)"
        }
    }

    /// What to do about it, when there is something to say.
    public var hint: String? {
        switch self {
        case .readingStopped(.memoryLimit, _):
            "a script's syntax tree is held whole, up to about 50 bytes a byte of source: raise the limit with --limit memory=SIZE, or split the script"
        case .expectedEndOfStatement(_, let nextStartsStatement):
            nextStartsStatement ? "separate statements with a newline or ';'" : nil
        case .expectedStatement(_, let word?): Vocabulary.didYouMean(word, among: Vocabulary.statementKeywords)
        case .dotCommandInScript(let command):
            switch command {
            case ".show": "in a script, write 'show'"
            case ".read": "in a script, write 'run \"FILE\"'"
            case ".trace": "in a script, write 'trace on' or 'trace off'"
            case ".reset": "in a script, write 'reset [[]]'"
            case ".quit", ".exit": "a script ends after its last line"
            default: "dot commands work only in the REPL"
            }
        case .elseWithoutIf: "'else' must follow the '}' of an 'if'"
        case .nestingTooDeep(let limit):
            "at most \(limit) levels of brackets, blocks and operators; split it with 'let'"
        case .unknownHook(let name):
            Vocabulary.didYouMean(name, among: Vocabulary.hookNames)
                ?? "hooks: " + Vocabulary.hookNames.joined(separator: ", ")
        case .expectedHookName: "hooks: " + Vocabulary.hookNames.joined(separator: ", ")
        case .chainedComparison: "use 'and' or parentheses: a < b and b < c"
        case .nestedIndexPath: "put parentheses around a nested index path"
        case .unknownIOSVersion: "write the major version, or major.minor: 'ios 12', 'ios 16.4'"
        default: nil
        }
    }
}
