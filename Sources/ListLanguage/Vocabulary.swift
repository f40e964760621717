import ListFormats
import ListModel

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

    /// What a hook stands for: the UIKit method it answers and the type of its answer.
    public struct Hook: Sendable {
        /// The object UIKit asks: the table view's data source (`UITableViewDataSource`) or its delegate
        /// (`UITableViewDelegate`).
        public enum Object: Sendable { case dataSource, delegate }
        /// The data-source or delegate method, as the trace prints it.
        public var method: String
        /// The answer it must give, as messages name it; nil when it answers nothing.
        public var answer: String?
        /// Whose method it is.
        public var object: Object
    }

    /// One word of the language: what it is, how it is written, what it does, an example, and what
    /// the parser, the interpreter, completion and `.help` need to know about it.
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
        /// A line that uses it, as grammar.md would show it (a test runs every one through the parser).
        public var example: String
        /// For a built-in: how many arguments it takes.
        public var arity: Int?
        /// For a hook: the method it answers and its answer's type.
        public var hook: Hook?
        /// The words that may follow it (`edit on|off`, `data insert|…`), for completion.
        public var arguments: [String]
        /// For a command: whether it has a section form (`delete section N`).
        public var hasSectionForm: Bool

        /// Creates an entry.
        public init(
            _ word: String, _ category: Category, _ usage: String, _ summary: String, reserved: Bool = false,
            example: String, arity: Int? = nil, hook: Hook? = nil, arguments: [String] = [],
            sectionForm: Bool = false
        ) {
            self.word = word
            self.category = category
            self.usage = usage
            self.summary = summary
            self.isReserved = reserved
            self.example = example
            self.arity = arity
            self.hook = hook
            self.arguments = arguments
            self.hasSectionForm = sectionForm
        }
    }

    /// Every word, grouped by category; a word with two roles (`move`, `select`, `delete`,
    /// `insert`, `on`) has one entry per role, the primary role first.
    public static let entries: [Entry] = [
        // Core commands (grammar.md §3).
        Entry(
            "insert", .command, "insert PATH VALUE {, PATH VALUE} | insert section N [TITLE]",
            "insert rows at new index paths, or an empty section with an optional header",
            example: "insert 0:0 \"Milk\", 0:1 \"Eggs\"", sectionForm: true),
        Entry(
            "delete", .command, "delete PATH {, PATH} | delete section N {, N}",
            "delete rows at old index paths, or whole sections", example: "delete 0:2", sectionForm: true),
        Entry(
            "move", .command, "move PATH to PATH | move section N to M",
            "move a row from an old path to a new path, or a section", example: "move 0:0 to 0:2", sectionForm: true),
        Entry(
            "reload", .command, "reload PATH [VALUE] {, PATH [VALUE]} | reload section N [LIST]",
            "reload rows at old paths, optionally with new text, or a section with new rows",
            example: "reload 0:1 \"Bread\"", sectionForm: true),
        Entry(
            "append", .command, "append N VALUE {, VALUE}",
            "add rows at the end of section N (not inside a batch)", example: "append 0 \"Tea\", \"Jam\""),
        Entry(
            "reset", .command, "reset TABLE",
            "replace the data source with a list of lists of strings and reload the table view",
            example: "reset [[\"Milk\", \"Eggs\"], [\"Tea\"]]"),
        Entry(
            "reloadData", .command, "reloadData",
            "the table view re-reads the data source", example: "reloadData"),
        Entry("header", .command, "header N TITLE", "set the header title of section N", example: "header 0 \"Dairy\""),
        Entry(
            "footer", .command, "footer N TITLE", "set the footer title of section N", example: "footer 0 \"2 items\""),
        Entry(
            "indexTitle", .command, "indexTitle N TITLE", "set the section index title of section N",
            example: "indexTitle 0 \"D\""),
        Entry(
            "style", .command, "style plain|grouped", "set the table view's style", example: "style grouped",
            arguments: ["plain", "grouped"]),
        Entry(
            "show", .command, "show [json]", "render the table view (json: as one JSON document)", example: "show",
            arguments: ["json"]),
        Entry("dump", .command, "dump", "print the data source as one line of JSON", example: "dump"),
        Entry(
            "view", .command, "view table|collection",
            "simulate a UITableView (the default) or a UICollectionView: their batch rules and texts differ",
            example: "view collection", arguments: ["table", "collection"]),
        Entry(
            "scroll", .command, "scroll PATH",
            "scroll the table view to a row (scrollToRow): it checks its own counts, then asks the data source for the row's cell",
            example: "scroll 0:1"),
        Entry(
            "messages", .command, "messages classic|modern|suffix on|off",
            "which text a failed count check gives: UIKit's classic formula, or the modern 'Invalid batch updates detected'",
            example: "messages modern", arguments: ["classic", "modern", "suffix"]),
        Entry(
            "ios", .command, "ios VERSION",
            "simulate that iOS's UIKit texts and rules (the default is today's iOS); see grammar.md, \"iOS versions\"",
            example: "ios 12"),
        Entry(
            "apply", .command,
            "apply TABLE [sections LIST] [valueIdentifiers] [reloading LIST] [reconfiguring LIST] [withoutAnimation|usingReloadData]",
            "hand a snapshot to the diffable data source: it derives the batch and tells the table view",
            example: "apply [[\"Tea\", \"Milk\"], [\"Jam\"]] sections [\"Drinks\", \"Spreads\"]",
            arguments: [
                "sections", "valueIdentifiers", "reloading", "reconfiguring", "withoutAnimation", "usingReloadData",
            ]),
        Entry(
            "accessory", .command, "accessory PATH TYPE",
            "keep an accessory (none, disclosureIndicator, detailButton, detailDisclosureButton, checkmark) for the item at PATH",
            example: "accessory 0:1 \"checkmark\""),
        Entry(
            "undo", .command, "undo",
            "undo the last top-level statement or outermost batch: a batch by its inverse batch",
            example: "undo"),
        Entry("redo", .command, "redo", "redo what the last undo undid", example: "redo"),
        Entry(
            "save", .command, "save FILE",
            "write the whole state to FILE as JSON, or as an XML property list when FILE ends in .plist",
            example: "save \"list.json\""),
        Entry(
            "load", .command, "load FILE", "replace the whole state with what save wrote (the table view reloads)",
            example: "load \"list.json\""),
        // Layer prefixes: `data` edits only the data source, `table` only the table view.
        Entry(
            "data", .layerPrefix, "data insert|delete|move|reload|append|reset …",
            "edit only the data source, at once, with NSMutableArray semantics", example: "data delete 0:0",
            arguments: ["insert", "delete", "move", "reload", "append", "reset"]),
        Entry(
            "table", .layerPrefix, "table insert|delete|move|reload …",
            "tell only the table view; carries no values", example: "table delete 0:0",
            arguments: ["insert", "delete", "move", "reload"]),
        // Batches.
        Entry("begin", .batch, "begin", "open a batch of updates (batches nest)", example: "begin"),
        Entry("end", .batch, "end", "close a batch; the outermost end commits it", example: "end"),
        // Scripting (grammar.md §3).
        Entry(
            "let", .scripting, "let NAME = EXPR", "declare a variable in the current scope", reserved: true,
            example: "let n = rows(0)"),
        Entry(
            "if", .scripting, "if EXPR { … } else if EXPR { … } else { … }",
            "run a block when a condition holds", reserved: true,
            example: "if rows(0) > 2 { delete 0:0 } else { print \"short\" }"),
        Entry(
            "for", .scripting, "for NAME in EXPR { … }",
            "run a block for each element of a list or range", reserved: true,
            example: #"for i in 0..<3 { append 0 "row \(i)" }"#),
        Entry(
            "while", .scripting, "while EXPR { … }", "run a block while a condition holds", reserved: true,
            example: "while rows(0) > 0 { delete 0:0 }"),
        Entry(
            "repeat", .scripting, "repeat EXPR { … }", "run a block a number of times", reserved: true,
            example: "repeat 3 { append 0 \"x\" }"),
        Entry(
            "proc", .scripting, "proc NAME(P, …) { … }", "declare a procedure (top level only)", reserved: true,
            example: "proc fill(n) { repeat n { append 0 \"x\" } }"),
        Entry(
            "return", .scripting, "return [EXPR]", "leave a procedure or hook, with a value", reserved: true,
            example: "on canEdit { return source.row > 0 }"),
        Entry(
            "print", .scripting, "print EXPR {, EXPR}", "print values separated by one space",
            example: "print \"rows:\", rows(0)"),
        Entry(
            "expect", .scripting, "expect EXPR [, MESSAGE] | expect error [TEXT] { … }",
            "check a condition, or that a block fails with a message containing TEXT",
            example: "expect error \"invalid number of rows\" { table delete 0:0 }", arguments: ["error"]),
        Entry("run", .scripting, "run EXPR", "run another script in this session", example: "run \"setup.list\""),
        Entry(
            "defaults", .scripting, "defaults set KEY VALUE | defaults remove KEY",
            "keep a value in the user-defaults store, which outlives the run (read it with defaults(KEY, DEFAULT))",
            example: "defaults set \"favorites\" [\"Tea\"]", arguments: ["set", "remove"]),
        Entry(
            "on", .scripting, "on HOOK = EXPR | on HOOK { … }",
            "answer a data-source or delegate call with an expression or a block", example: "on canEdit = false"),
        // Gestures and modes (grammar.md §7).
        Entry(
            "edit", .gesture, "edit on|off", "turn editing mode on or off (setEditing)", example: "edit on",
            arguments: ["on", "off"]),
        Entry(
            "tap", .gesture, "tap PATH | tap index TITLE | tap accessory PATH",
            "tap a row's editing control (canEdit, editingStyle, commit), a title of the section index, or a row's accessory button",
            example: "tap 0:1", arguments: ["index", "accessory"]),
        Entry(
            "swipe", .gesture, "swipe PATH | swipe close", "swipe a row to delete it, or close the row left open",
            example: "swipe 0:1", arguments: ["close"]),
        Entry(
            "drag", .gesture, "drag PATH to PATH", "reorder a row: canMove, targetForMove, move",
            example: "drag 0:0 to 0:2"),
        Entry("select", .gesture, "select PATH", "select a row: the select hook", example: "select 0:1"),
        Entry(
            "trace", .gesture, "trace on|off", "print every hook call and table-view method", example: "trace on",
            arguments: ["on", "off"]),
        // Hooks (grammar.md §7).
        Entry(
            "canEdit", .hook, "on canEdit = EXPR", "tableView(_:canEditRowAt:); default true",
            example: "on canEdit = source.row != 0",
            hook: Hook(method: "tableView(_:canEditRowAt:)", answer: "a boolean", object: .dataSource)),
        Entry(
            "editingStyle", .hook, "on editingStyle = EXPR",
            "tableView(_:editingStyleForRowAt:); default delete", example: "on editingStyle = insert",
            hook: Hook(
                method: "tableView(_:editingStyleForRowAt:)", answer: "an editing style (delete, insert or none)",
                object: .delegate)),
        Entry(
            "commit", .hook, "on commit { … }",
            "tableView(_:commit:forRowAt:); binds style; absent: tap and swipe do nothing",
            example: "on commit { if style == delete { delete source } }",
            hook: Hook(method: "tableView(_:commit:forRowAt:)", answer: nil, object: .dataSource)),
        Entry(
            "canMove", .hook, "on canMove = EXPR",
            "tableView(_:canMoveRowAt:); default true if a move hook exists", example: "on canMove = true",
            hook: Hook(method: "tableView(_:canMoveRowAt:)", answer: "a boolean", object: .dataSource)),
        Entry(
            "move", .hook, "on move { … }",
            "tableView(_:moveRowAt:to:); binds source and destination; must update the data source",
            example: "on move { data move source to destination }",
            hook: Hook(method: "tableView(_:moveRowAt:to:)", answer: nil, object: .dataSource)),
        Entry(
            "targetForMove", .hook, "on targetForMove = EXPR",
            "tableView(_:targetIndexPathForMoveFromRowAt:toProposedIndexPath:); binds source and proposed",
            example: "on targetForMove = proposed",
            hook: Hook(
                method: "tableView(_:targetIndexPathForMoveFromRowAt:toProposedIndexPath:)", answer: "an index path",
                object: .delegate)),
        Entry(
            "deleteTitle", .hook, "on deleteTitle = EXPR",
            "tableView(_:titleForDeleteConfirmationButtonForRowAt:); default \"Delete\"",
            example: "on deleteTitle = \"Remove\"",
            hook: Hook(
                method: "tableView(_:titleForDeleteConfirmationButtonForRowAt:)", answer: "a string", object: .delegate)
        ),
        Entry(
            "actions", .hook, "on actions = EXPR", "tableView(_:editActionsForRowAt:); default none",
            example: "on actions = [\"Flag\", \"Delete\"]",
            hook: Hook(method: "tableView(_:editActionsForRowAt:)", answer: "a list of strings", object: .delegate)),
        Entry(
            "select", .hook, "on select { … }", "tableView(_:didSelectRowAt:); default nothing",
            example: "on select { print item(source) }",
            hook: Hook(method: "tableView(_:didSelectRowAt:)", answer: nil, object: .delegate)
        ),
        Entry(
            "willBeginEditing", .hook, "on willBeginEditing { … }",
            "tableView(_:willBeginEditingRowAt:): a swipe opens the row; binds path",
            example: "on willBeginEditing { print \"swiping\", path }",
            hook: Hook(method: "tableView(_:willBeginEditingRowAt:)", answer: nil, object: .delegate)),
        Entry(
            "didEndEditing", .hook, "on didEndEditing { … }",
            "tableView(_:didEndEditingRowAt:): the swiped row closes (deleted, or tapped elsewhere); binds path",
            example: "on didEndEditing { print \"closed\", path }",
            hook: Hook(method: "tableView(_:didEndEditingRowAt:)", answer: nil, object: .delegate)),
        Entry(
            "accessory", .hook, "on accessory = EXPR",
            "the accessoryType the data source gives each cell (in tableView(_:cellForRowAt:)); default \"none\"",
            example: "on accessory = \"detailButton\"",
            hook: Hook(
                method: "tableView(_:cellForRowAt:).accessoryType",
                answer:
                    "an accessory type (\"none\", \"disclosureIndicator\", \"detailButton\", \"detailDisclosureButton\" or \"checkmark\")",
                object: .dataSource)),
        Entry(
            "accessoryTapped", .hook, "on accessoryTapped { … }",
            "tableView(_:accessoryButtonTappedForRowWith:): a detail button was tapped; binds path",
            example: "on accessoryTapped { print \"details of\", item(path) }",
            hook: Hook(method: "tableView(_:accessoryButtonTappedForRowWith:)", answer: nil, object: .delegate)),
        Entry(
            "sectionIndexTitles", .hook, "on sectionIndexTitles = EXPR",
            "sectionIndexTitles(for:): the index bar's titles; default the sections' indexTitle",
            example: "on sectionIndexTitles = [\"A\", \"B\", \"C\"]",
            hook: Hook(method: "sectionIndexTitles(for:)", answer: "a list of strings", object: .dataSource)),
        Entry(
            "sectionForIndexTitle", .hook, "on sectionForIndexTitle = EXPR",
            "tableView(_:sectionForSectionIndexTitle:at:): the section a tapped index title means; binds title and index; default index",
            example: "on sectionForIndexTitle = index",
            hook: Hook(
                method: "tableView(_:sectionForSectionIndexTitle:at:)", answer: "a section number", object: .dataSource)
        ),
        // Built-ins.
        Entry(
            "rows", .builtin, "rows(S)", "the number of rows in section S of the data source", example: "print rows(0)",
            arity: 1),
        Entry(
            "sections", .builtin, "sections()", "the number of sections of the data source",
            example: "print sections()", arity: 0),
        Entry(
            "item", .builtin, "item(PATH)", "the text of the data source's row at PATH", example: "print item(0:1)",
            arity: 1),
        Entry(
            "cell", .builtin, "cell(PATH)", "the text the table view's cell at PATH shows (may differ from item)",
            example: "print cell(0:1)", arity: 1),
        Entry(
            "items", .builtin, "items(S)", "the texts of the rows of section S, as a list", example: "print items(0)",
            arity: 1),
        Entry("len", .builtin, "len(X)", "the length of a string or list", example: "print len(\"Milk\")", arity: 1),
        Entry("str", .builtin, "str(X)", "the text of X, as print shows it", example: "print str(0:1)", arity: 1),
        Entry("header", .builtin, "header(S)", "the header title of section S", example: "print header(0)", arity: 1),
        Entry("footer", .builtin, "footer(S)", "the footer title of section S", example: "print footer(0)", arity: 1),
        Entry(
            "indexTitle", .builtin, "indexTitle(S)", "the section index title of section S",
            example: "print indexTitle(0)", arity: 1),
        Entry("editing", .builtin, "editing()", "true in editing mode", example: "print editing()", arity: 0),
        Entry(
            "selected", .builtin, "selected()", "a list holding the selected index path, or [] when none is",
            example: "print selected()", arity: 0),
        Entry(
            "isInSync", .builtin, "isInSync()", "true when the table view matches the data source",
            example: "print isInSync()", arity: 0),
        Entry(
            "tableRows", .builtin, "tableRows(S)", "the number of rows the table view shows in section S",
            example: "print tableRows(0)", arity: 1),
        Entry(
            "tableSections", .builtin, "tableSections()", "the number of sections the table view shows",
            example: "print tableSections()", arity: 0),
        Entry(
            "tableItems", .builtin, "tableItems(S)", "the texts the table view shows in section S, as a list",
            example: "print tableItems(0)", arity: 1),
        Entry(
            "int", .builtin, "int(X)", "the integer a string spells, e.g. int(\"42\")",
            example: "print int(\"42\") + 1", arity: 1),
        Entry(
            "lastError", .builtin, "lastError()", "the message of the last error an 'expect error' block caught",
            example: "print lastError()", arity: 0),
        Entry(
            "defaults", .builtin, "defaults(KEY, DEFAULT)",
            "the value the user-defaults store keeps under KEY, or DEFAULT when it keeps none",
            example: "print defaults(\"favorites\", [])", arity: 2),
        Entry(
            "accessory", .builtin, "accessory(PATH)",
            "the accessory the data source keeps for the item at PATH (\"none\" when it keeps none)",
            example: "print accessory(0:1)", arity: 1),
        // Values.
        Entry("true", .value, "true", "the boolean true", reserved: true, example: "on canMove = true"),
        Entry("false", .value, "false", "the boolean false", reserved: true, example: "on canEdit = false"),
        Entry(
            "delete", .value, "delete", "the editing style delete (in an expression)",
            example: "on editingStyle = delete"),
        Entry(
            "insert", .value, "insert", "the editing style insert (in an expression)",
            example: "on editingStyle = insert"),
        Entry("none", .value, "none", "the editing style none (in an expression)", example: "on editingStyle = none"),
        // Words that mean something only inside one statement.
        Entry(
            "section", .optionWord, "insert|delete|move|reload section …",
            "after a command verb: the section form of the command", example: "delete section 1"),
        Entry(
            "to", .optionWord, "move PATH to PATH | drag PATH to PATH", "the destination of a move or drag",
            example: "move 0:0 to 0:2"),
        Entry("on", .optionWord, "edit on | trace on", "turn a mode on", example: "edit on"),
        Entry("off", .optionWord, "edit off | trace off", "turn a mode off", example: "trace off"),
        Entry("plain", .optionWord, "style plain", "the plain table view style", example: "style plain"),
        Entry("grouped", .optionWord, "style grouped", "the grouped table view style", example: "style grouped"),
        Entry(
            "accessory", .optionWord, "tap accessory PATH", "tap a row's accessory button",
            example: "tap accessory 0:1"),
        Entry(
            "index", .optionWord, "tap index TITLE", "tap a title of the section index bar",
            example: "tap index \"B\""),
        Entry(
            "set", .optionWord, "defaults set KEY VALUE", "keep a value in the user-defaults store",
            example: "defaults set \"count\" 3"),
        Entry(
            "remove", .optionWord, "defaults remove KEY", "forget a value of the user-defaults store",
            example: "defaults remove \"count\""),
        Entry(
            "close", .optionWord, "swipe close", "close the row a swipe left open, without deleting it",
            example: "swipe close"),
        Entry(
            "collection", .optionWord, "view collection", "simulate a UICollectionView",
            example: "view collection"),
        Entry(
            "classic", .optionWord, "messages classic", "count errors as UIKit's 'Invalid update: …' formula",
            example: "messages classic"),
        Entry(
            "suffix", .optionWord, "messages suffix on|off",
            "end UIKit's texts with the view's description, as iOS 14 and later print it (` Table view: <…>`)",
            example: "messages suffix on", arguments: ["on", "off"]),
        Entry(
            "modern", .optionWord, "messages modern",
            "a count below what the updates imply gives 'Invalid batch updates detected'", example: "messages modern"),
        Entry(
            "sections", .optionWord, "apply TABLE sections LIST",
            "the snapshot's section identifiers, which become the headers",
            example: "apply [[\"A\"]] sections [\"One\"]"),
        Entry(
            "valueIdentifiers", .optionWord, "apply TABLE valueIdentifiers",
            "the identifiers stand for Swift values (an enum, a struct): UIKit prints them bare, not quoted as strings",
            example: "apply [[\"Item.song(1)\", \"Item.song(1)\"]] valueIdentifiers"),
        Entry(
            "reloading", .optionWord, "apply TABLE reloading LIST",
            "rows of the snapshot to reload (replace their cells)",
            example: "apply [[\"A\", \"B\"]] reloading [\"A\"]"),
        Entry(
            "reconfiguring", .optionWord, "apply TABLE reconfiguring LIST",
            "rows of the snapshot whose cells are updated in place",
            example: "apply [[\"A\", \"B\"]] reconfiguring [\"B\"]"),
        Entry(
            "withoutAnimation", .optionWord, "apply TABLE withoutAnimation",
            "apply(_:animatingDifferences: false): the same batch, not animated",
            example: "apply [[\"A\"]] withoutAnimation"),
        Entry(
            "usingReloadData", .optionWord, "apply TABLE usingReloadData",
            "applySnapshotUsingReloadData(_:): no difference, the table view reloads",
            example: "apply [[\"A\"]] usingReloadData"),
        Entry(
            "error", .optionWord, "expect error [TEXT] { … }", "expect the block to fail",
            example: "expect error { delete 9:9 }"),
        Entry(
            "else", .optionWord, "if EXPR { … } else { … }", "the branch taken when no condition held",
            reserved: true, example: "if editing() { edit off } else { edit on }"),
        Entry(
            "in", .optionWord, "for NAME in EXPR { … }", "the sequence a for loop walks", reserved: true,
            example: "for s in 0..<sections() { print rows(s) }"),
        // Operators spelled as words.
        Entry(
            "and", .operatorWord, "EXPR and EXPR", "true when both are true", reserved: true,
            example: "print rows(0) > 0 and editing()"),
        Entry(
            "or", .operatorWord, "EXPR or EXPR", "true when either is true", reserved: true,
            example: "print rows(0) == 0 or editing()"),
        Entry(
            "not", .operatorWord, "not EXPR", "true when EXPR is false", reserved: true, example: "print not editing()"),
        // REPL dot commands (grammar.md §10).
        Entry(".help", .dotCommand, ".help [TOPIC]", "list the commands, or explain one", example: ".help batches"),
        Entry(".quit", .dotCommand, ".quit", "leave the REPL (also quit, Ctrl-D)", example: ".quit"),
        Entry(".exit", .dotCommand, ".exit", "leave the REPL (also exit)", example: ".exit"),
        Entry(".read", .dotCommand, ".read FILE", "run a script file in this session", example: ".read lesson.list"),
        Entry(".show", .dotCommand, ".show", "render the table view", example: ".show"),
        Entry(".reset", .dotCommand, ".reset", "start a fresh session", example: ".reset"),
        Entry(
            ".trace", .dotCommand, ".trace on|off", "print hook calls and table-view methods", example: ".trace on",
            arguments: ["on", "off"]),
        Entry(
            ".save", .dotCommand, ".save FILE", "write the session's statements as a script",
            example: ".save session.list"),
        Entry(".history", .dotCommand, ".history", "list the input history", example: ".history"),
        Entry(".undo", .dotCommand, ".undo", "undo the last change (as the statement undo)", example: ".undo"),
        Entry(".redo", .dotCommand, ".redo", "redo what undo undid (as the statement redo)", example: ".redo"),
        Entry(
            ".autoshow", .dotCommand, ".autoshow on|off", "show the table after each change", example: ".autoshow on",
            arguments: ["on", "off"]),
        Entry(
            ".mode", .dotCommand, ".mode json|text", "what show and autoshow print: JSON for machines, or text",
            example: ".mode json", arguments: ["json", "text"]),
        Entry(
            ".notes", .dotCommand, ".notes on|off", "notes on what UIKit does silently (merged duplicates)",
            example: ".notes off", arguments: ["on", "off"]),
        Entry(
            ".timer", .dotCommand, ".timer on|off", "print how long each statement took", example: ".timer on",
            arguments: ["on", "off"]),
    ]

    /// Topics `.help TOPIC` explains beyond single words: what a learner asks about, not what they type.
    public static let topics: [(name: String, text: String)] = [
        (
            "batches",
            """
            A batch is beginUpdates() … endUpdates(): begin … end. Only the outermost end commits.
              Deletes and reloads name OLD index paths (the table before the batch); inserts name NEW
              ones (the table after it); a move names its old source and its new destination. So the
              order of the commands inside a batch does not matter.
              At end UIKit asks the data source for its counts and checks them:
                rows after = rows before + inserted − deleted + moved in − moved out
              A batch that fails a check changes nothing ("Invalid update: …", UIKit's text).
              Outside a batch every command is its own batch. Duplicates are merged, as UIKit does.
            example: reset [["A","B","C"]]; begin; delete 0:0; insert 0:2 "X"; end; show
            """
        ),
        (
            "hooks",
            """
            Hooks answer the questions UITableView asks the app: on HOOK = EXPR, or on HOOK { … return X }.
              canEdit, canMove            tableView(_:canEditRowAt:), tableView(_:canMoveRowAt:)   → true/false
              editingStyle                tableView(_:editingStyleForRowAt:)                       → delete, insert, none
              commit                      tableView(_:commit:forRowAt:): the app deletes or inserts the row
              move                        tableView(_:moveRowAt:to:): the app moves the row in its array
              targetForMove               tableView(_:targetIndexPathForMoveFromRowAt:toProposedIndexPath:)
              deleteTitle, actions        the delete button's title, the swipe's buttons
              select                      tableView(_:didSelectRowAt:)
            Every hook sees path, section and row. Without a hook UIKit's default answer is used;
            trace on shows each question and its answer, marked (default).
            example: on commit { if style == delete { delete path } }
            """
        ),
        (
            "gestures",
            """
            Gestures do what a user's finger does, and UIKit asks the hooks in its order:
              edit on|off     setEditing: the ⊖ ⊕ ≡ controls show (editingStyle, canMove per row)
              tap PATH        tap the control: canEdit → editingStyle → (the delete button) → commit
              swipe PATH      swipe to delete: canEdit → editingStyle → willBeginEditing
                              → deleteTitle or actions → commit → didEndEditing
              swipe close     close a row left open, without deleting: didEndEditing
              drag A to B     reorder: canMove → targetForMove → the table moves its row → move
              select PATH     select a row: didSelectRowAt (not in editing mode)
              tap index "B"   the section index: sectionIndexTitles → sectionForIndexTitle → scroll
              tap accessory PATH  a detail button (the accessory hook's answer): accessoryTapped
            A hook that forgets the data source leaves the table out of sync (show says so) or makes
            UIKit's count check fail.
            example: reset [["A","B"]]; on commit { delete path }; edit on; tap 0:0
            """
        ),
        (
            "undo",
            """
            undo and redo: each top-level statement, or a batch from begin to its outermost end, is one
              undo group (a statement that changes nothing is none). Undoing a batch runs its inverse
              batch through UIKit's checks — inserts for deletes, deletes for inserts, moves reversed,
              reloads with the old text — so trace on and the change view show what the table view is
              told; data edits, titles, modes and reset are put back whole. .undo and .redo do the same.
            save FILE / load FILE: the whole state as JSON, or an XML property list for a .plist name.
            defaults set KEY VALUE, defaults remove KEY, defaults(KEY, DEFAULT): values that outlive the run.
            example: reset [["A","B"]]; begin; delete 0:0; insert 0:1 "X"; end; undo; redo
            """
        ),
        (
            "quiz",
            """
            listdsl quiz (a command, outside the REPL) asks questions on batch updates and grades them by
              running the batch: predict the table after it (type A B | C), or which of UIKit's messages
              it crashes with (type the number). A wrong answer shows the change view or the failed check,
              and the mistake that gives it when it is a common one.
              --level 1 rows · 2 moves and reloads · 3 sections · 4 data-source mistakes · 5 everything
              --seed N repeats a quiz, --count N, --view collection, --print for the answer key,
              --html -o FILE for a page that scores the answers picked in it.
            example (in a shell): listdsl quiz --level 2 --seed 7
            """
        ),
        (
            "cells",
            """
            The data source and the table view's cells are two layers, as in an app.
              The data source is the app's array: dump, item(PATH), rows(S); data … edits it alone.
              The table view holds a cell per row (as if every row were on screen): show, cell(PATH),
              tableItems(S); table … tells it alone.
            The table view asks for a cell (tableView(_:cellForRowAt:)) only when UIKit does:
              at reloadData and reset, every cell;
              at a commit, inserted and reloaded rows and the rows of inserted and reloaded sections.
            Every other cell keeps what it shows: a deleted row's cell goes, a moved row's cell travels
            with its content, the rest slide to their new index paths. So a row the app changed without
            telling the table view shows stale text until reload PATH or reloadData fetches it again;
            show marks it (≠ data source: …) and trace on shows every question UIKit asks.
            example: reset [["A","B"]]; data reload 0:0 "X"; show; reload 0:0; show
            """
        ),
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

    /// The built-ins' arities, by name.
    package static let arities: [String: Int] = firstByWord(
        entries.compactMap { entry in entry.arity.map { (entry.word, $0) } })

    /// What each hook stands for, by name.
    /// Whose method `method` is (a hook's, as the trace prints it), or nil when no hook answers it.
    public static func object(answering method: String) -> Hook.Object? {
        entries.first { $0.hook?.method == method }?.hook?.object
    }

    package static let hooks: [String: Hook] = firstByWord(
        entries.compactMap { entry in entry.hook.map { (entry.word, $0) } })

    /// A dictionary of `pairs` where the first pair of a word wins (not `Dictionary(_:uniquingKeysWith:)`,
    /// whose check for a duplicate key casts dynamically, which Embedded Swift cannot).
    private static func firstByWord<V>(_ pairs: [(String, V)]) -> [String: V] {
        var byWord: [String: V] = [:]
        for (word, value) in pairs where byWord[word] == nil { byWord[word] = value }
        return byWord
    }

    /// The entry of `word` in `category`, if it has one.
    public static func entry(named word: String, in category: Category) -> Entry? {
        entries.first { $0.word == word && $0.category == category }
    }

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

    /// The one way a diagnostic suggests a word: "did you mean 'x'?" for the closest plausible
    /// candidate, or nil.
    public static func didYouMean(_ word: String, among candidates: [String]) -> String? {
        suggestion(for: word, among: candidates).map { "did you mean '\($0)'?" }
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
