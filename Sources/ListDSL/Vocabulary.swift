/// The language's words: one table drives keyword recognition in the lexer, the parser's
/// "did you mean" hints, REPL completion, `.help`, and the test that grammar.md lists them all.
public enum Vocabulary {
    /// What kind of word an entry is.
    public enum Category: String, Sendable, CaseIterable {
        /// A core command that edits the list (`insert`, `delete`, `reset`, …).
        case command
        /// `data` or `table` before a command: edit only one layer.
        case layerPrefix
        /// `begin` and `end`.
        case batch
        /// A scripting statement (`let`, `if`, `print`, `on`, …).
        case scripting
        /// A delegate or data-source hook name, after `on`.
        case hook
        /// A gesture or mode switch of the teaching layer (`edit`, `tap`, …).
        case gesture
        /// A built-in function, called as `name(…)`.
        case builtin
        /// A literal value word (`true`, `false`, `delete`, `insert`, `none`).
        case value
        /// A word with a meaning only inside one statement (`to`, `section`, `on`, `off`, …).
        case optionWord
        /// An operator spelled as a word (`and`, `or`, `not`).
        case operatorWord
        /// A REPL command starting with a dot (`.help`, `.quit`, …).
        case dotCommand
    }

    /// One word of the language with its usage line and a one-line summary.
    public struct Entry: Sendable {
        /// The word as written, e.g. `insert` or `.help`.
        public var word: String
        /// What kind of word it is.
        public var category: Category
        /// How it is written, e.g. `insert PATH VALUE {, PATH VALUE}`.
        public var usage: String
        /// What it does, in one line.
        public var summary: String
        /// True for the reserved words, which can never be names.
        public var isReserved: Bool

        /// Creates an entry.
        public init(_ word: String, _ category: Category, _ usage: String, _ summary: String, reserved: Bool = false) {
            self.word = word
            self.category = category
            self.usage = usage
            self.summary = summary
            self.isReserved = reserved
        }
    }

    /// Every word, grouped by category; a word with two roles (`move`, `select`, `delete`,
    /// `insert`, `on`) has one entry per role, the primary role first.
    public static let entries: [Entry] = [
        // Core commands (grammar.md §3).
        Entry(
            "insert", .command, "insert PATH VALUE {, PATH VALUE} | insert section N [TITLE]",
            "insert rows at new index paths, or an empty section with an optional header"),
        Entry(
            "delete", .command, "delete PATH {, PATH} | delete section N {, N}",
            "delete rows at old index paths, or whole sections"),
        Entry(
            "move", .command, "move PATH to PATH | move section N to M",
            "move a row from an old path to a new path, or a section"),
        Entry(
            "reload", .command, "reload PATH [VALUE] {, PATH [VALUE]} | reload section N [LIST]",
            "reload rows at old paths, optionally with new text, or a section with new rows"),
        Entry(
            "append", .command, "append N VALUE {, VALUE}",
            "add rows at the end of section N (not inside a batch)"),
        Entry(
            "reset", .command, "reset TABLE",
            "replace the data source with a list of lists of strings and reload the table view"),
        Entry(
            "reloadData", .command, "reloadData",
            "the table view re-reads the data source"),
        Entry("header", .command, "header N TITLE", "set the header title of section N"),
        Entry("footer", .command, "footer N TITLE", "set the footer title of section N"),
        Entry("indexTitle", .command, "indexTitle N TITLE", "set the section index title of section N"),
        Entry("style", .command, "style plain|grouped", "set the table view's style"),
        Entry("show", .command, "show", "render the table view"),
        Entry("dump", .command, "dump", "print the data source as one line of JSON"),
        // Layer prefixes: `data` edits only the data source, `table` only the table view.
        Entry(
            "data", .layerPrefix, "data insert|delete|move|reload|append|reset …",
            "edit only the data source, at once, with NSMutableArray semantics"),
        Entry(
            "table", .layerPrefix, "table insert|delete|move|reload …",
            "tell only the table view; carries no values"),
        // Batches.
        Entry("begin", .batch, "begin", "open a batch of updates (batches nest)"),
        Entry("end", .batch, "end", "close a batch; the outermost end commits it"),
        // Scripting (grammar.md §3).
        Entry("let", .scripting, "let NAME = EXPR", "declare a variable in the current scope", reserved: true),
        Entry(
            "if", .scripting, "if EXPR { … } else if EXPR { … } else { … }",
            "run a block when a condition holds", reserved: true),
        Entry(
            "for", .scripting, "for NAME in EXPR { … }",
            "run a block for each element of a list or range", reserved: true),
        Entry("while", .scripting, "while EXPR { … }", "run a block while a condition holds", reserved: true),
        Entry("repeat", .scripting, "repeat EXPR { … }", "run a block a number of times", reserved: true),
        Entry("proc", .scripting, "proc NAME(P, …) { … }", "declare a procedure (top level only)", reserved: true),
        Entry("return", .scripting, "return [EXPR]", "leave a procedure or hook, with a value", reserved: true),
        Entry("print", .scripting, "print EXPR {, EXPR}", "print values separated by one space"),
        Entry(
            "expect", .scripting, "expect EXPR [, MESSAGE] | expect error [TEXT] { … }",
            "check a condition, or that a block fails with a message containing TEXT"),
        Entry("run", .scripting, "run EXPR", "run another script in this session"),
        Entry(
            "on", .scripting, "on HOOK = EXPR | on HOOK { … }",
            "answer a data-source or delegate call with an expression or a block"),
        // Gestures and modes (grammar.md §7).
        Entry("edit", .gesture, "edit on|off", "turn editing mode on or off (setEditing)"),
        Entry("tap", .gesture, "tap PATH", "tap a row's editing control: canEdit, editingStyle, commit"),
        Entry("swipe", .gesture, "swipe PATH", "swipe a row to delete it"),
        Entry("drag", .gesture, "drag PATH to PATH", "reorder a row: canMove, targetForMove, move"),
        Entry("select", .gesture, "select PATH", "select a row: the select hook"),
        Entry("trace", .gesture, "trace on|off", "print every hook call and table-view method"),
        // Hooks (grammar.md §7).
        Entry("canEdit", .hook, "on canEdit = EXPR", "tableView(_:canEditRowAt:); default true"),
        Entry(
            "editingStyle", .hook, "on editingStyle = EXPR",
            "tableView(_:editingStyleForRowAt:); default delete"),
        Entry(
            "commit", .hook, "on commit { … }",
            "tableView(_:commit:forRowAt:); binds style; absent: tap and swipe do nothing"),
        Entry(
            "canMove", .hook, "on canMove = EXPR",
            "tableView(_:canMoveRowAt:); default true if a move hook exists"),
        Entry(
            "move", .hook, "on move { … }",
            "tableView(_:moveRowAt:to:); binds source and destination; must update the data source"),
        Entry(
            "targetForMove", .hook, "on targetForMove = EXPR",
            "tableView(_:targetIndexPathForMoveFromRowAt:toProposedIndexPath:); binds source and proposed"),
        Entry(
            "deleteTitle", .hook, "on deleteTitle = EXPR",
            "tableView(_:titleForDeleteConfirmationButtonForRowAt:); default \"Delete\""),
        Entry("actions", .hook, "on actions = EXPR", "tableView(_:editActionsForRowAt:); default none"),
        Entry("select", .hook, "on select { … }", "tableView(_:didSelectRowAt:); default nothing"),
        // Built-ins.
        Entry("rows", .builtin, "rows(S)", "the number of rows in section S of the data source"),
        Entry("sections", .builtin, "sections()", "the number of sections of the data source"),
        Entry("item", .builtin, "item(PATH)", "the text of the row at PATH"),
        Entry("items", .builtin, "items(S)", "the texts of the rows of section S, as a list"),
        Entry("len", .builtin, "len(X)", "the length of a string or list"),
        Entry("str", .builtin, "str(X)", "the text of X, as print shows it"),
        Entry("header", .builtin, "header(S)", "the header title of section S"),
        Entry("footer", .builtin, "footer(S)", "the footer title of section S"),
        Entry("indexTitle", .builtin, "indexTitle(S)", "the section index title of section S"),
        Entry("editing", .builtin, "editing()", "true in editing mode"),
        Entry("selected", .builtin, "selected()", "a list holding the selected index path, or [] when none is"),
        Entry("isInSync", .builtin, "isInSync()", "true when the table view matches the data source"),
        Entry("tableRows", .builtin, "tableRows(S)", "the number of rows the table view shows in section S"),
        Entry("tableSections", .builtin, "tableSections()", "the number of sections the table view shows"),
        Entry("tableItems", .builtin, "tableItems(S)", "the texts the table view shows in section S, as a list"),
        Entry("int", .builtin, "int(X)", "the integer a string spells, e.g. int(\"42\")"),
        Entry("lastError", .builtin, "lastError()", "the message of the last error an 'expect error' block caught"),
        // Values.
        Entry("true", .value, "true", "the boolean true", reserved: true),
        Entry("false", .value, "false", "the boolean false", reserved: true),
        Entry("delete", .value, "delete", "the editing style delete (in an expression)"),
        Entry("insert", .value, "insert", "the editing style insert (in an expression)"),
        Entry("none", .value, "none", "the editing style none (in an expression)"),
        // Words that mean something only inside one statement.
        Entry(
            "section", .optionWord, "insert|delete|move|reload section …",
            "after a command verb: the section form of the command"),
        Entry("to", .optionWord, "move PATH to PATH | drag PATH to PATH", "the destination of a move or drag"),
        Entry("on", .optionWord, "edit on | trace on", "turn a mode on"),
        Entry("off", .optionWord, "edit off | trace off", "turn a mode off"),
        Entry("plain", .optionWord, "style plain", "the plain table view style"),
        Entry("grouped", .optionWord, "style grouped", "the grouped table view style"),
        Entry("error", .optionWord, "expect error [TEXT] { … }", "expect the block to fail"),
        Entry(
            "else", .optionWord, "if EXPR { … } else { … }", "the branch taken when no condition held",
            reserved: true),
        Entry("in", .optionWord, "for NAME in EXPR { … }", "the sequence a for loop walks", reserved: true),
        // Operators spelled as words.
        Entry("and", .operatorWord, "EXPR and EXPR", "true when both are true", reserved: true),
        Entry("or", .operatorWord, "EXPR or EXPR", "true when either is true", reserved: true),
        Entry("not", .operatorWord, "not EXPR", "true when EXPR is false", reserved: true),
        // REPL dot commands (grammar.md §10).
        Entry(".help", .dotCommand, ".help [TOPIC]", "list the commands, or explain one"),
        Entry(".quit", .dotCommand, ".quit", "leave the REPL (also quit, Ctrl-D)"),
        Entry(".exit", .dotCommand, ".exit", "leave the REPL (also exit)"),
        Entry(".read", .dotCommand, ".read FILE", "run a script file in this session"),
        Entry(".show", .dotCommand, ".show", "render the table view"),
        Entry(".reset", .dotCommand, ".reset", "start a fresh session"),
        Entry(".trace", .dotCommand, ".trace on|off", "print hook calls and table-view methods"),
        Entry(".save", .dotCommand, ".save FILE", "write the session's statements as a script"),
        Entry(".history", .dotCommand, ".history", "list the input history"),
        Entry(".autoshow", .dotCommand, ".autoshow on|off", "show the table after each change"),
    ]

    /// The categories whose words start a statement.
    static let statementCategories: Set<Category> = [.command, .layerPrefix, .batch, .scripting, .gesture]

    /// The words that can start a statement, in table order, without repeats.
    public static let statementKeywords: [String] = uniqueWords { statementCategories.contains($0.category) }

    /// The hook names allowed after `on`.
    public static let hookNames: [String] = uniqueWords { $0.category == .hook }

    /// The built-in function names.
    public static let builtinNames: [String] = uniqueWords { $0.category == .builtin }

    /// The reserved words, which are never names.
    public static let reservedWords: [String] = uniqueWords { $0.isReserved }

    /// The REPL's dot commands.
    public static let dotCommands: [String] = uniqueWords { $0.category == .dotCommand }

    /// The first (primary) entry for `word`, if any.
    public static func entry(named word: String) -> Entry? {
        entries.first { $0.word == word }
    }

    /// Every entry for `word` (a word can have several roles).
    public static func entries(named word: String) -> [Entry] {
        entries.filter { $0.word == word }
    }

    /// The candidate closest to `word` by edit distance, when it is a plausible typo:
    /// at most 2 edits, and fewer than half the length of `word`.
    public static func suggestion(for word: String, among candidates: [String]) -> String? {
        let typed = Array(word.unicodeScalars)
        // A typo of a very long word is not worth comparing, and keeps this cheap on junk input.
        guard !typed.isEmpty, typed.count <= 64 else { return nil }
        var best: (word: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = editDistance(typed, Array(candidate.unicodeScalars))
            guard distance <= 2, distance * 2 < typed.count else { continue }
            if let found = best, found.distance <= distance { continue }
            best = (candidate, distance)
        }
        return best?.word
    }

    /// The Levenshtein distance between two words, counting a swap of neighbours as one edit.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)  // row i-2
        var previous = Array(0...b.count)  // row i-1
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, before[j - 2] + 1)
                }
                current[j] = value
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }

    /// The words of the entries matching `include`, first occurrence only.
    private static func uniqueWords(_ include: (Entry) -> Bool) -> [String] {
        var seen = Set<String>()
        var words: [String] = []
        for entry in entries where include(entry) && seen.insert(entry.word).inserted {
            words.append(entry.word)
        }
        return words
    }
}
