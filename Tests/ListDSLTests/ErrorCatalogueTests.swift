import ListModel
import Testing

@testable import ListFormats
@testable import ListLanguage
@testable import ListRuntime
@testable import ListTeaching

/// Every case of the language's two error catalogues with the text it renders: the table is the
/// specification of the words, and `name(of:)`'s exhaustive switches make a new case break the build
/// until it is added here.
@Suite struct ErrorCatalogueTests {
    static let parseErrors: [(ParseError, String, String?)] = [
        (.bangForNot, "unexpected character '!'; use 'not' for negation", nil),
        (.unexpectedCharacter("'@'"), "unexpected character '@'", nil),
        (.controlCharacter(7), "unexpected control character U+0007", nil),
        (.nulByte(.comment), "NUL byte in comment", nil),
        (.invalidUTF8(0xFF), "invalid UTF-8 byte 0xFF", nil),
        (
            .integerTooBig("'99999999999999999999'"), "integer literal '99999999999999999999' does not fit in 64 bits",
            nil
        ),
        (.unterminatedString, "unterminated string", nil),
        (.backslashAtEnd, "a string cannot end with '\\'", nil),
        (.invalidEscape("'\\q'"), "invalid escape '\\q' in string", nil),
        (.malformedBracedUnicode, "a unicode escape is '\\u{' with 1 to 8 hex digits and '}'", nil),
        (.invalidScalar("'\\u{D800}'"), "'\\u{D800}' is not a valid unicode scalar", nil),
        (.malformedUnicodeEscape, "expected '{' or 4 hex digits after '\\u' in a unicode escape", nil),
        (
            .loneSurrogate("'\\uD83D'"),
            "'\\uD83D' is half of a UTF-16 surrogate pair; write the pair, or the character as '\\u{…}'", nil
        ),
        (
            .expected("'to' after the row to move", found: "end of input"),
            "expected 'to' after the row to move, found end of input", nil
        ),
        (
            .expectedEndOfStatement(found: "'delete'", nextStartsStatement: true),
            "expected end of statement, found 'delete'",
            "separate statements with a newline or ';'"
        ),
        (
            .expectedEndOfStatement(found: "'x'", nextStartsStatement: false), "expected end of statement, found 'x'",
            nil
        ),
        (
            .expectedStatement(found: "'delet'", word: "delet"), "expected a statement, found 'delet'",
            "did you mean 'delete'?"
        ),
        (.expectedStatement(found: "'('", word: nil), "expected a statement, found '('", nil),
        (.dotCommandInScript(".show"), "'.show' is a REPL command, not a statement", "in a script, write 'show'"),
        (
            .dotCommandInScript(".read"), "'.read' is a REPL command, not a statement",
            "in a script, write 'run \"FILE\"'"
        ),
        (
            .dotCommandInScript(".save"), "'.save' is a REPL command, not a statement",
            "dot commands work only in the REPL"
        ),
        (
            .unclosed(close: "]", open: "[", line: 3, found: "end of input"),
            "expected ']' (to close '[' at line 3), found end of input", nil
        ),
        (.unclosedInterpolation(found: "'x'"), "expected ')' to end the interpolation, found 'x'", nil),
        (.elseWithoutIf, "expected a statement, found 'else'", "'else' must follow the '}' of an 'if'"),
        (.strayClosingBrace, "unexpected '}' with no '{' to close", nil),
        (
            .nestingTooDeep(limit: 200), "nesting too deep",
            "at most 200 levels of brackets, blocks and operators; split it with 'let'"
        ),
        (.tooManyErrors, "too many errors; stopping", nil),
        (.readingStopped(.interrupted, offset: 7), "interrupted while parsing", nil),
        (
            .readingStopped(.memoryLimit(used: 300 << 20, more: 0, limit: 256 << 20), offset: 1_234_567),
            "memory limit exceeded while parsing byte 1,234,567: listdsl is using 300.0 MiB; the limit is 256 MiB",
            "a script's syntax tree is held whole, up to about 50 bytes a byte of source: raise the limit with --limit memory=SIZE, or split the script"
        ),
        (.procedureNotAtTopLevel, "'proc' is only allowed at the top level", nil),
        (.procedureNamedAfterStatement("show"), "'show' starts a statement and cannot name a procedure", nil),
        (.duplicateParameter("a"), "duplicate parameter 'a'", nil),
        (.returnOutsideFunction, "'return' outside a procedure or hook", nil),
        (.reservedWord("if", role: "assigned to"), "'if' is a reserved word and cannot be assigned to", nil),
        (
            .editingStyleName("none", role: "a parameter"),
            "'none' is an editing-style value and cannot be a parameter", nil
        ),
        (.noTableForm(command: "append"), "'append' has no 'table' form: the table view carries no values", nil),
        (
            .noTableForm(command: "reset"),
            "'reset' has no 'table' form: use 'reloadData' to make the table view re-read",
            nil
        ),
        (
            .tableTakesNoValue(command: "table insert", what: "value"),
            "'table insert' takes no value: the table view reads rows from the data source", nil
        ),
        (
            .tableTakesNoValue(command: "table insert section", what: "title"),
            "'table insert section' takes no title: the table view reads titles from the data source", nil
        ),
        (.unknownHook("comit"), "unknown hook 'comit'", "did you mean 'commit'?"),
        (
            .unknownHook("zzz"), "unknown hook 'zzz'",
            "hooks: canEdit, editingStyle, commit, canMove, move, targetForMove, deleteTitle, actions, select, willBeginEditing, didEndEditing, accessory, accessoryTapped, sectionIndexTitles, sectionForIndexTitle"
        ),
        (
            .expectedHookName(found: "'1'"), "expected a hook name after 'on', found '1'",
            "hooks: canEdit, editingStyle, commit, canMove, move, targetForMove, deleteTitle, actions, select, willBeginEditing, didEndEditing, accessory, accessoryTapped, sectionIndexTitles, sectionForIndexTitle"
        ),
        (.chainedComparison, "comparisons cannot be chained", "use 'and' or parentheses: a < b and b < c"),
        (.chainedRange, "ranges cannot be chained", nil),
        (.nestedIndexPath, "an index path has two parts, section:row", "put parentheses around a nested index path"),
        (
            .unknownIOSVersion("40"), "listdsl simulates iOS 2 to 26, not iOS 40",
            "write the major version, or major.minor: 'ios 12', 'ios 16.4'"
        ),
    ]

    static let found = RuntimeError.Found(type: "string", literal: "\"x\"")
    static let runtimeErrors: [(RuntimeError, String, String?)] = [
        (.argumentCount(callee: "rows()", expected: 1, given: 0), "rows() takes 1 argument, but 0 were given", nil),
        (
            .argumentCount(callee: "procedure 'f'", expected: 2, given: 1),
            "procedure 'f' takes 2 arguments, but 1 was given", nil
        ),
        (
            .argumentType(function: "rows", needs: "a section number", found: found),
            "rows() needs a section number, found string \"x\"", nil
        ),
        (
            .mustBe(subject: "condition", kind: "a boolean", found: found),
            "condition must be a boolean, found string \"x\"",
            nil
        ),
        (
            .expectedValue("an index path like 0:1", found: found),
            "expected an index path like 0:1, found string \"x\"",
            nil
        ),
        (
            .statementNeeds(statement: "run", needs: "a file name string", found: RuntimeError.Found(type: "integer")),
            "run needs a file name string, found integer", nil
        ),
        (.notIterable(found), "cannot iterate over string \"x\"; expected a range or a list", nil),
        (.noValue, "this expression gives no value", "a procedure gives a value only through 'return EXPR'"),
        (
            .cannotApply(op: "-", to: "string \"x\"", stringConcatenation: false), "cannot apply '-' to string \"x\"",
            nil
        ),
        (
            .cannotApply(op: "+", to: "string and integer", stringConcatenation: true),
            "cannot apply '+' to string and integer", "convert with str(…) or use interpolation: \"…\\(x)\""
        ),
        (.cannotCompare("string", "integer", op: "<"), "cannot compare string and integer with '<'", nil),
        (
            .noMember(type: "index path", name: "x"), "index path has no member 'x'",
            "an index path has .section and .row"
        ),
        (.noMember(type: "list", name: "x"), "list has no member 'x'", nil),
        (.cannotIndex(found), "cannot index string \"x\"", nil),
        (.indexOutOfRange(3, in: "a list of 1 element"), "index 3 out of range for a list of 1 element", nil),
        (.notAnInteger("\"x\""), "int() cannot read \"x\" as an integer", nil),
        (.rangeTooLong, "the range is too long to count", nil),
        (
            .overflow("9223372036854775807 + 1"), "integer overflow: 9223372036854775807 + 1 does not fit in 64 bits",
            nil
        ),
        (.divisionByZero("1 / 0"), "division by zero: 1 / 0", nil),
        (.unknownName("cuont", candidates: ["count"]), "unknown name 'cuont'", "did you mean 'count'?"),
        (.unknownName("zz", candidates: ["count"]), "unknown name 'zz'", nil),
        (
            .unknownFunction("rwos", candidates: ["rows"]), "unknown procedure or built-in 'rwos'",
            "did you mean 'rows'?"
        ),
        (.assignmentToUndeclared("n"), "cannot assign to 'n': no such variable", "declare it first with 'let n = …'"),
        (.procedureNamedAfterBuiltin("rows"), "'rows' is a built-in function; choose another name", nil),
        (.unknownBuiltin("zz"), "unknown built-in 'zz'", nil),
        (
            .noSection(2, layer: "data source", count: 1), "section 2 does not exist: the data source has 1 section",
            nil
        ),
        (.noDataRow(IndexPath(section: 0, row: 5)), "no row 0:5 in the data source", nil),
        (
            .noTableRow(IndexPath(section: 3, row: 0), sections: 2, rows: 0),
            "no row 3:0 in the table view: it has 2 sections", nil
        ),
        (
            .noTableRow(IndexPath(section: 0, row: 4), sections: nil, rows: 1),
            "no row 0:4 in the table view: section 0 has 1 row", nil
        ),
        (.cannotRunHere, "this statement cannot run here", nil),
        (.collectionViewNeedsIOS6(IOSVersion(5, 1)), "UICollectionView came with iOS 6; the simulated iOS is 5.1", nil),
        (
            .uikitRaises("Requested the number of rows for section (3) which is out of bounds."),
            "Requested the number of rows for section (3) which is out of bounds.", nil
        ),
        (
            .scrolledToStaleRow(IndexPath(section: 0, row: 2), view: .collection, rows: 2),
            "the collection view scrolls to 0:2 and asks the data source for its cell (collectionView(_:cellForItemAt:)), but the data source has 2 items in section 0: the app's own code fails there (Swift: 'Fatal error: Index out of range')",
            "the collection view's counts are stale: the array changed without an update call; tell the collection view (or reloadData) before scrolling"
        ),
        (
            .scrolledToStaleRow(IndexPath(section: 1, row: 0), view: .table, rows: nil),
            "the table view scrolls to 1:0 and asks the data source for its cell (tableView(_:cellForRowAt:)), but the data source has no section 1: the app's own code fails there (Swift: 'Fatal error: Index out of range')",
            "the table view's counts are stale: the array changed without an update call; tell the table view (or reloadData) before scrolling"
        ),
        (.notAGesture, "this statement is not a gesture", nil),
        (
            .tapNeedsEditing(IndexPath(section: 0, row: 1)),
            "tap needs editing mode: the editing controls show only after 'edit on'",
            "to delete a row outside editing mode, use 'swipe 0:1'"
        ),
        (.dragNeedsEditing, "drag needs editing mode: the reorder controls show only after 'edit on'", nil),
        (
            .cannotDrop(from: IndexPath(section: 0, row: 0), at: IndexPath(section: 5, row: 0), reason: "why"),
            "cannot drop row 0:0 at 5:0: why", nil
        ),
        (
            .runCycle("a.list"), "run cycle: 'a.list' is already running",
            "a script cannot run itself, directly or through others"
        ),
        (.runTooDeep(limit: 64), "run nesting deeper than 64 scripts", nil),
        (
            .hookAnswer(
                hook: "canEdit", expected: "a boolean", found: RuntimeError.Found(type: "integer", literal: "1")),
            "hook 'canEdit' must return a boolean, but it returned integer 1", nil
        ),
        (
            .hookAnswer(hook: "canMove", expected: "a boolean", found: nil),
            "hook 'canMove' must return a boolean, but it gave no value (a block hook must end with 'return …' on every path)",
            nil
        ),
        (
            .hookDropTarget(IndexPath(section: 4, row: 0), row: IndexPath(section: 0, row: 1), reason: "why"),
            "hook 'targetForMove' returned 4:0, where row 0:1 cannot be dropped: why", nil
        ),
        (.unclosedBatch, "'begin' has no matching 'end'; the batch was not committed", "close the batch with 'end'"),
        (.interrupted, "interrupted", nil),
        (
            .expectationFailed("rows(0) == 2", detail: "rows(0) == 2 is false"),
            "expectation failed: rows(0) == 2 (rows(0) == 2 is false)", nil
        ),
        (.expectationFailed("custom", detail: nil), "expectation failed: custom", nil),
        (
            .errorDidNotContain(wanted: "rows", error: "boom"),
            "expectation failed: the error did not contain \"rows\"; it was: boom", nil
        ),
        (.blockSucceeded(wanted: nil), "expectation failed: expected an error, but the block succeeded", nil),
        (
            .blockSucceeded(wanted: "x"),
            "expectation failed: expected an error containing \"x\", but the block succeeded",
            nil
        ),
        (.cannotRun("x", reason: "no such file or directory"), "cannot run 'x': no such file or directory", nil),
        (
            .undoInsideBatch(redo: false),
            "'undo' cannot run inside a batch: the batch becomes one undo group at its 'end'", "end the batch first"
        ),
        (
            .nothingToUndo(redo: false), "nothing to undo",
            "each top-level statement or outermost batch that changed the list is one undo"
        ),
        (.nothingToUndo(redo: true), "nothing to redo", "redo repeats what undo undid, until a new change clears it"),
        (
            .cannotSave("x.json", reason: "'x.json' is a directory"), "cannot save 'x.json': 'x.json' is a directory",
            nil
        ),
        (
            .cannotLoad("x.json", reason: "missing \"dataSource\""), "cannot load 'x.json': missing \"dataSource\"",
            "a state file is what 'save' writes: JSON, or a property list when its name ends in .plist"
        ),
        (
            .notPropertyListValue(RuntimeError.Found(type: "index path", literal: "0:1")),
            "the user-defaults store keeps strings, integers, booleans and lists of them, found index path 0:1",
            "as UserDefaults takes only property-list values"
        ),
        (
            .nulInFileName("a\0x.json"), #"file name 'a\0x.json' holds a NUL byte"#,
            #"the system ends a file name at its first NUL ('\0'), so no file has this name"#
        ),
        (.defaultsStore(reason: "cannot be written: full"), "the user-defaults store cannot be written: full", nil),
        (
            .unknownAccessory("tick"),
            #"unknown accessory "tick": expected "none", "disclosureIndicator", "detailButton", "detailDisclosureButton", "checkmark""#,
            nil
        ),
        (
            .noIndexTitle("Z", titles: ["A", "B"]), #"the section index has no title "Z"; it shows "A" "B""#,
            #"set index titles with 'indexTitle N TITLE', or answer 'on sectionIndexTitles = ["A", …]'"#
        ),
        (
            .noIndexTitle("Z", titles: []), #"the section index has no title "Z": it shows no index"#,
            #"set index titles with 'indexTitle N TITLE', or answer 'on sectionIndexTitles = ["A", …]'"#
        ),
        (
            .indexSectionOutOfRange(4, title: "D", sections: 3),
            #"index title "D" was mapped to section 4, but the table view has 3 sections"#,
            "answer a section number from 0 to the number of sections minus 1"
        ),
        (
            .noCollectionViewEquivalent("swipe"),
            "'swipe' has no equivalent in UICollectionView: its data source has no editing style and no commit method (swipe actions come from a list layout's configuration)",
            "a collection view deletes through its data source ('delete PATH'), or 'view table' simulates a table view"
        ),
        (
            .snapshot(.duplicateItemIdentifiers(["Milk"])),
            "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    Milk\n)}",
            "a diffable data source identifies each row by its text, so every text must be unique"
        ),
        (
            .snapshot(.duplicateSectionIdentifiers(["Dairy", "Two words"])),
            "Fatal: supplied section identifiers are not unique. Duplicate identifiers: {(\n    Dairy,\n    \"Two words\"\n)}",
            "each section needs its own identifier (its header)"
        ),
        (
            .snapshot(.missingItem(action: "reconfigure", "Jam")),
            "Attempted to reconfigure item identifier that does not exist in the snapshot: Jam",
            "reload or reconfigure only rows that are in the snapshot you apply"
        ),
        (
            .snapshot(.currentDuplicateItems(["A"])),
            "the data source repeats \"A\", so no diffable data source holds it: rows are identified by their text",
            "a diffable data source identifies each row by its text, so every text must be unique"
        ),
        (
            .snapshot(.currentDuplicateSections(["H"])),
            "the data source repeats the header \"H\", so its sections cannot be identified by their headers",
            "each section needs its own identifier (its header)"
        ),
        (
            .sectionIdentifierCount(sections: 2, identifiers: 1),
            "the snapshot has 2 sections but 1 section identifier",
            "give one identifier per section, in order: apply [[\"A\"], [\"B\"]] sections [\"One\", \"Two\"]"
        ),
        (.stepLimit(10), "step limit of 10 exceeded", "raise it with --max-steps"),
        (
            .callDepthLimit(1000), "call depth limit of 1000 exceeded",
            "is a procedure or hook calling itself without end?"
        ),
        (
            .valueDepthLimit(depth: 1001, limit: 1000),
            "value nesting limit exceeded: this list would nest 1,001 levels deep; the limit is 1000", nil
        ),
        (
            .valueSizeLimit(what: "string", size: 2000, limit: 1024),
            "value size limit exceeded: this string would have a size of 2,000; the limit is 1 KiB",
            "a string's size is its bytes; a list's, 80 bytes, 24 an element and theirs; raise it with --limit value-size=SIZE"
        ),
        (
            .valueTextLimit(type: "list", limit: 1024),
            "value size limit exceeded: the text of this list would be longer than 1 KiB",
            "raise it with --limit value-size=SIZE"
        ),
        (
            .tableSizeLimit(1000),
            "table size limit exceeded: the data source would hold more than 1,000 rows and sections",
            "an open batch's operations count too; raise the limit with --limit table-size=N"
        ),
        (
            .tableTextLimit(1024),
            "table text limit exceeded: the data source's rows and titles would hold more than 1 KiB of text",
            nil
        ),
        (
            .memoryLimit(used: 3 << 30, more: 0, limit: 2 << 30),
            "memory limit exceeded: listdsl is using 3.0 GiB; the limit is 2 GiB",
            "raise it with --limit memory=SIZE"
        ),
        (
            .memoryLimit(used: 700 << 20, more: 160 << 20, limit: 768 << 20),
            "memory limit exceeded: listdsl is using 700.0 MiB and needs 160.0 MiB more; the limit is 768 MiB",
            "raise it with --limit memory=SIZE"
        ),
        (
            .memoryLimitReading(
                .state("big.json"), offset: 1_234_567, used: 200 << 20, more: 64 << 20, limit: 256 << 20),
            "cannot load 'big.json': memory limit exceeded at byte 1,234,567: listdsl is using 200.0 MiB and needs 64.0 MiB more; the limit is 256 MiB",
            "raise it with --limit memory=SIZE"
        ),
        (
            .memoryLimitReading(.defaultsStore("d.json"), offset: 12, used: 300 << 20, more: 0, limit: 256 << 20),
            "the user-defaults store 'd.json' cannot be read: memory limit exceeded at byte 12: listdsl is using 300.0 MiB; the limit is 256 MiB",
            "raise it with --limit memory=SIZE"
        ),
    ]

    @Test func everyParseErrorsText() {
        Self.check(Self.parseErrors)
        #expect(Set(Self.parseErrors.map { Self.name(of: $0.0) }).count == 38)  // every case of ParseError
    }

    @Test func everyRuntimeErrorsText() {
        Self.check(Self.runtimeErrors)
        #expect(Set(Self.runtimeErrors.map { Self.name(of: $0.0) }).count == 64)  // every case of RuntimeError
    }

    /// Each case renders its message and hint.
    static func check<E: CatalogueError>(_ table: [(E, String, String?)]) {
        for (error, message, hint) in table {
            #expect(error.message == message)
            #expect(error.hint == hint, "\(error)")
        }
    }

    /// A case's name; the switch lists every case, so adding one fails to compile until it is here.
    static func name(of error: ParseError) -> String {
        switch error {
        case .bangForNot, .unexpectedCharacter, .controlCharacter, .nulByte, .invalidUTF8, .integerTooBig,
            .unterminatedString, .backslashAtEnd, .invalidEscape, .malformedBracedUnicode, .invalidScalar,
            .malformedUnicodeEscape, .loneSurrogate, .expected, .expectedEndOfStatement, .expectedStatement,
            .dotCommandInScript, .unclosed,
            .unclosedInterpolation, .elseWithoutIf, .strayClosingBrace, .nestingTooDeep, .tooManyErrors,
            .readingStopped, .procedureNotAtTopLevel, .procedureNamedAfterStatement, .duplicateParameter,
            .returnOutsideFunction,
            .reservedWord, .editingStyleName, .noTableForm, .tableTakesNoValue, .unknownHook, .expectedHookName,
            .chainedComparison, .chainedRange, .nestedIndexPath, .unknownIOSVersion:
            String(String(describing: error).prefix { $0 != "(" })
        }
    }

    /// A case's name; the switch lists every case.
    static func name(of error: RuntimeError) -> String {
        switch error {
        case .argumentCount, .argumentType, .mustBe, .expectedValue, .statementNeeds, .notIterable, .noValue,
            .cannotApply, .cannotCompare, .noMember, .cannotIndex, .indexOutOfRange, .notAnInteger, .rangeTooLong,
            .overflow, .divisionByZero, .unknownName, .unknownFunction, .assignmentToUndeclared,
            .procedureNamedAfterBuiltin, .unknownBuiltin, .noSection, .noDataRow, .noTableRow, .cannotRunHere,
            .collectionViewNeedsIOS6, .uikitRaises, .scrolledToStaleRow,
            .notAGesture, .noCollectionViewEquivalent, .noIndexTitle, .indexSectionOutOfRange, .snapshot,
            .sectionIdentifierCount, .tapNeedsEditing,
            .dragNeedsEditing, .cannotDrop,
            .runCycle, .runTooDeep, .cannotRun, .undoInsideBatch, .nothingToUndo, .cannotSave, .cannotLoad,
            .nulInFileName, .notPropertyListValue, .defaultsStore, .unknownAccessory,
            .hookAnswer, .hookDropTarget, .unclosedBatch, .interrupted, .expectationFailed, .errorDidNotContain,
            .blockSucceeded,
            .stepLimit, .callDepthLimit, .valueDepthLimit, .valueSizeLimit, .valueTextLimit, .tableSizeLimit,
            .tableTextLimit, .memoryLimit, .memoryLimitReading:
            String(String(describing: error).prefix { $0 != "(" })
        }
    }

    static let path = IndexPath(section: 0, row: 1)
    static let warnings: [(RuntimeWarning, String, String?)] = [
        (
            .noAccessoryButton(path, type: "checkmark"), "row 0:1 has no accessory button (its accessory is checkmark)",
            #"a row has a button only when the accessory hook answers "detailButton" or "detailDisclosureButton""#
        ),
        (
            .noAccessoryButton(path, type: "disclosureIndicator"),
            "row 0:1's disclosure indicator is not a button: tapping there selects the row",
            "to open the row, 'select 0:1'"
        ),
        (.noSwipedRow, "no row is swiped open: 'swipe close' closes the row a swipe left showing its buttons", nil),
        (
            .noSelectionWhileEditing(.table),
            "nothing is selected: a table view in editing mode does not select rows (allowsSelectionDuringEditing is false)",
            nil
        ),
        (
            .noSelectionWhileEditing(.collection),
            "nothing is selected: a collection view in editing mode does not select items (allowsSelectionDuringEditing is false)",
            nil
        ),
        (
            .cannotEditNoControl(path), "row 0:1 cannot be edited (canEdit is false): it has no editing control to tap",
            nil
        ),
        (.noEditingControl(path), "row 0:1 has no editing control (its editing style is none)", nil),
        (
            .swipeWhileEditing(path),
            "swipe does nothing in editing mode: tap the row's editing control instead ('tap 0:1')", nil
        ),
        (
            .swipeWithoutCommit,
            "swipe does nothing: swipe to delete is enabled only when the data source implements tableView(_:commit:forRowAt:) (on commit { … })",
            nil
        ),
        (.cannotEditNoSwipe(path), "row 0:1 cannot be edited (canEdit is false): it does not swipe", nil),
        (
            .swipeNotDelete(path, style: "insert"),
            "row 0:1 does not swipe to delete: its editing style is insert, not delete", nil
        ),
        (.noActions(path), "row 0:1 shows no buttons: the actions hook returned no actions", nil),
        (
            .notFoundAnswer(section: 3, ios: IOSVersion(12)),
            "the table view has no section 3: UITableView on iOS 12 answers NSNotFound, 9223372036854775807 (from iOS 13 it raises)",
            nil
        ),
        (
            .actionsShown(path, buttons: "[Flag]", caller: "swipe"),
            "row 0:1 stays open showing the row actions [Flag]: listdsl runs no row-action handler, so nothing is committed",
            "without an actions hook the row shows its delete button, and the swipe commits the delete"
        ),
        (
            .noReorderControl(path),
            "row 0:1 has no reorder control: the data source does not implement tableView(_:moveRowAt:to:) (on move { … })",
            nil
        ),
        (.cannotMove(path), "row 0:1 cannot move (canMove is false): it has no reorder control", nil),
        (
            .moveHookOutOfSync,
            "the move hook did not update the data source: the table view is now out of sync with it",
            "move the row in the data source too, with 'data move source to destination'"
        ),
        (
            .noCommitHook,
            "nothing happens: the data source does not implement tableView(_:commit:forRowAt:) (on commit { … })", nil
        ),
        (
            .mergedDuplicate,
            "this repeats an earlier operation of the batch exactly: UIKit merges duplicates silently, so it does nothing",
            "--no-notes (or .notes off in the REPL) leaves such notes out"
        ),
        (
            .sectionsOutOfSync(shown: 1, data: 2),
            "out of sync: the table view shows 1 section, the data source has 2 (reloadData re-reads it)", nil
        ),
        (
            .rowsOutOfSync(section: 1, shown: 3, data: 2),
            "out of sync: section 1 shows 3 rows, the data source has 2 (reloadData re-reads it)", nil
        ),
        (
            .cellsOutOfSync([path]),
            "out of sync: the cell at 0:1 shows other text than the data source (reloadRows(at:) or reloadData re-reads it)",
            nil
        ),
        (
            .cellsOutOfSync([path, IndexPath(section: 2, row: 0)]),
            "out of sync: the cells at 0:1 and 2:0 show other text than the data source (reloadRows(at:) or reloadData re-reads them)",
            nil
        ),
        (
            .cellsOutOfSync((0..<3).map { IndexPath(section: 0, row: $0) }),
            "out of sync: the cells at 0:0, 0:1 and 0:2 show other text than the data source (reloadRows(at:) or reloadData re-reads them)",
            nil
        ),
        (
            .cellsOutOfSync((0..<8).map { IndexPath(section: 0, row: $0) }),
            "out of sync: the cells at 0:0, 0:1, 0:2, 0:3, 0:4 and 3 more show other text than the data source (reloadRows(at:) or reloadData re-reads them)",
            nil
        ),
    ]

    @Test func everyWarningsText() {
        Self.check(Self.warnings)
        #expect(Set(Self.warnings.map { Self.name(of: $0.0) }).count == 20)  // every case of RuntimeWarning
    }

    /// A case's name; the switch lists every case.
    static func name(of warning: RuntimeWarning) -> String {
        switch warning {
        case .noSelectionWhileEditing, .noSwipedRow, .noAccessoryButton, .cannotEditNoControl, .noEditingControl,
            .swipeWhileEditing,
            .swipeWithoutCommit,
            .cannotEditNoSwipe, .swipeNotDelete, .noActions, .actionsShown, .noReorderControl, .cannotMove,
            .moveHookOutOfSync, .noCommitHook, .sectionsOutOfSync, .rowsOutOfSync, .cellsOutOfSync, .mergedDuplicate,
            .notFoundAnswer:
            String(String(describing: warning).prefix { $0 != "(" })
        }
    }
}
