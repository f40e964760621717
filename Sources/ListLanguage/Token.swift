import ListFormats
import ListModel

/// What a token is; its text is found through its range.
enum TokenKind: UInt8, Sendable {
    /// A name; `Token.keyword` says whether it is also a contextual keyword such as `insert` or `to`.
    case identifier
    /// A reserved word (`if`, `true`, `and`, …); `Token.keyword` says which.
    case reserved
    /// Decimal digits.
    case integer
    /// A whole string literal, quotes included, interpolations and all.
    case string
    case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
    case comma, semicolon, colon, dot
    /// `=`.
    case assign
    case equal, notEqual, less, lessEqual, greater, greaterEqual
    case plus, minus, star, slash, percent
    /// `..<`.
    case halfOpenRange
    /// `...`.
    case closedRange
    /// One or more line ends (with the blank lines and comments between them) that end a statement.
    case newline
    /// The end of the input (or of an interpolation's expression).
    case endOfInput
}

/// The words the parser recognises: the reserved words, and the contextual keywords that
/// are keywords only where the grammar expects them. `plainName` marks every other name.
///
/// Every keyword is a word of `Vocabulary` (a test keeps them so); the lexer finds them through
/// `KeywordTable`, which is built from this enum and the vocabulary's reserved words.
enum Keyword: String, Sendable, CaseIterable {
    case plainName = ""
    // Reserved words.
    case `true`, `false`, and, or, not, `if`, `else`, `for`, `in`, `while`, `repeat`, proc, `return`, `let`
    // Commands; `insert`, `delete` and `none` are also editing-style values in expressions.
    case insert, delete, none, move, reload, append, reset, reloadData, show, dump, header, footer, indexTitle
    case style, begin, end
    // Scripting and the teaching layer.
    case print, expect, run, on, edit, tap, swipe, drag, select, trace, scroll
    // Layer prefixes and words that mean something inside one statement.
    case data, table, section, to, off, plain, grouped, error
    // The diffable data source's statement and its words.
    case apply, sections, reloading, reconfiguring, withoutAnimation, usingReloadData, valueIdentifiers
    // The class simulated.
    case view, collection
    // Which texts a failed count check gives.
    case messages, classic, modern, suffix
    // The iOS simulated.
    case ios
    // Closing a swiped-open row; the section index.
    case close, index, accessory
    // Undo, state in files, and the user-defaults store.
    case undo, redo, save, load, defaults, set, remove

    /// True for the command verbs that take a `data` or `table` prefix (the words `Vocabulary` lets
    /// follow `data`).
    var takesLayerPrefix: Bool { Keyword.layered.contains(self) }

    /// True for the reserved words that start a statement (`let`, `if`, …), from `Vocabulary`.
    var startsStatement: Bool { Keyword.statementStarts.contains(self) }

    private static let layered = Set(
        (Vocabulary.entry(named: "data", in: .layerPrefix)?.arguments ?? []).compactMap(Keyword.init(rawValue:)))
    private static let statementStarts = Set(
        Vocabulary.entries.filter { $0.isReserved && Vocabulary.statementCategories.contains($0.category) }
            .compactMap { Keyword(rawValue: $0.word) })

    /// True for `delete`, `insert`, `none`: values in an expression, so never variable names.
    var isEditingStyle: Bool {
        self == .delete || self == .insert || self == .none
    }
}

/// Bit flags the lexer records about a string token so the parser can skip work.
struct StringFlags: OptionSet, Sendable {
    let rawValue: UInt8
    /// The literal contains a backslash escape.
    static let escapes = StringFlags(rawValue: 1)
    /// The literal contains a `\(…)` interpolation.
    static let interpolations = StringFlags(rawValue: 2)
    /// The input ended before the closing quote (already reported); the parser does not decode it.
    static let unterminated = StringFlags(rawValue: 4)
}

/// One token: its kind, the keyword it spells (if any), and its byte range in the source.
struct Token: Sendable {
    var kind: TokenKind
    var keyword: Keyword
    /// For strings: whether escapes or interpolations need decoding.
    var flags: StringFlags
    var range: SourceRange

    /// Creates a token.
    init(_ kind: TokenKind, _ range: SourceRange, keyword: Keyword = .plainName, flags: StringFlags = []) {
        self.kind = kind
        self.keyword = keyword
        self.flags = flags
        self.range = range
    }

    /// True when this is the (reserved or contextual) word `keyword`.
    @inline(__always)
    func isWord(_ keyword: Keyword) -> Bool {
        self.keyword == keyword && (kind == .identifier || kind == .reserved)
    }

    /// True when this token ends a statement: a newline, `;`, `}` or the end of the input.
    var endsStatement: Bool {
        switch kind {
        case .newline, .semicolon, .rightBrace, .endOfInput: true
        default: false
        }
    }
}
