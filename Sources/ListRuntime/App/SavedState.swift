import ListFormats
import ListLanguage
import ListModel

/// `save` and `load`: the whole state in a file, as JSON or (for a name ending in `.plist`) as an XML
/// property list, in one documented, versioned format (grammar.md, "State in files").
enum SavedState {
    /// The value of the document's `format` member.
    static let format = "listdsl-state"
    /// The version this build writes and reads.
    static let version = 1

    /// The document for `state` and the accessories kept by item.
    static func document(_ state: ListState, accessories: [String: String]) -> PropertyTree {
        var members: [(String, PropertyTree.Kind)] = [
            ("format", .string(format)), ("version", .integer(Int64(version))), ("view", .string(state.view.rawValue)),
            ("style", .string(state.style.rawValue)), ("messages", .string(state.messages.rawValue)),
            ("editing", .boolean(state.isEditing)),
        ]
        // The iOS simulated and the texts' tail, when they are not the defaults (a file without them loads
        // in a listdsl that predates them).
        if state.ios != .current { members.append(("ios", .string(state.ios.description))) }
        if state.messagesSuffix { members.append(("messagesSuffix", .boolean(true))) }
        if let selected = state.selection { members.append(("selection", path(selected))) }
        members.append(("dataSource", sections(state.dataSource)))
        if state.tableView != state.dataSource { members.append(("tableView", sections(state.tableView))) }
        if !accessories.isEmpty {
            members.append(
                (
                    "accessories",
                    .dictionary(
                        accessories.sorted { $0.key < $1.key }.map {
                            PropertyTree.Member(key: $0.key, value: PropertyTree(.string($0.value)))
                        })
                ))
        }
        return PropertyTree(.dictionary(members.map { PropertyTree.Member(key: $0.0, value: PropertyTree($0.1)) }))
    }

    /// An index path as `{"section": S, "row": R}`.
    private static func path(_ path: IndexPath) -> PropertyTree.Kind {
        .dictionary([
            PropertyTree.Member(key: "section", value: PropertyTree(.integer(Int64(path.section)))),
            PropertyTree.Member(key: "row", value: PropertyTree(.integer(Int64(path.row)))),
        ])
    }

    /// Sections as an array of `{"rows": […], "header": …, "footer": …, "indexTitle": …}`, titles only when set.
    private static func sections(_ sections: [Section]) -> PropertyTree.Kind {
        .array(
            sections.map { section in
                var members = [
                    PropertyTree.Member(
                        key: "rows", value: PropertyTree(.array(section.rows.map { PropertyTree(.string($0)) })))
                ]
                for (key, title) in [
                    ("header", section.header), ("footer", section.footer), ("indexTitle", section.indexTitle),
                ] {
                    if let title { members.append(PropertyTree.Member(key: key, value: PropertyTree(.string(title)))) }
                }
                return PropertyTree(.dictionary(members))
            })
    }

    /// What a saved document holds: the list's state and the accessories kept by item.
    struct Contents {
        var state: ListState
        var accessories: [String: String]
    }

    /// Reads a document `save` wrote, or says where and why it is not one; `checks` run every 65,536 rows.
    static func contents(of document: PropertyTree, checks: ReadingChecks = .none)
        throws(PropertyTree.Problem) -> Contents
    {
        let root = try Members(document, "the document")
        let format = try root.string("format")
        guard format.value == Self.format else {
            throw PropertyTree.Problem(
                offset: format.offset, message: "expected \"format\": \"\(Self.format)\" (this is not a saved state)")
        }
        let version = try root.integer("version")
        guard version.value == Self.version else {
            throw PropertyTree.Problem(
                offset: version.offset,
                message: version.value > Self.version
                    ? "this file is version \(version.value), written by a newer listdsl; this one reads version \(Self.version)"
                    : "expected version \(Self.version)")
        }
        var made = 0
        let dataSource = try sections(root.required("dataSource"), "dataSource", checks, made: &made)
        let tableView = try root.optional("tableView").map { (tree) throws(PropertyTree.Problem) in
            try sections(tree, "tableView", checks, made: &made)
        }
        var state = ListState(dataSource: dataSource, tableView: tableView)
        state.view = try root.choice("view", ViewKind.allCases) ?? .table
        state.style = try root.choice("style", [TableStyle.plain, .grouped]) ?? .plain
        state.messages = try root.choice("messages", MessageStyle.allCases) ?? .classic
        if let tree = root.optional("ios") {
            guard let text = tree.string, let version = IOSVersion(text) else {
                throw mismatch(
                    tree,
                    "an iOS version from \(IOSVersion.oldest) to \(IOSVersion.current) for \"ios\", such as \"12\" or \"16.4\""
                )
            }
            guard version >= state.view.introduced else {
                throw PropertyTree.Problem(
                    offset: tree.offset,
                    message:
                        "expected iOS \(state.view.introduced) or later for \"ios\" with a \(state.view.name) (UICollectionView came with iOS 6), found \"\(text)\""
                )
            }
            state.ios = version
        }
        state.messagesSuffix =
            try root.optional("messagesSuffix").map { (tree) throws(PropertyTree.Problem) in
                guard let value = tree.boolean else { throw mismatch(tree, "true or false for \"messagesSuffix\"") }
                return value
            } ?? false
        state.isEditing =
            try root.optional("editing").map { (tree) throws(PropertyTree.Problem) in
                guard let value = tree.boolean else { throw mismatch(tree, "true or false for \"editing\"") }
                return value
            } ?? false
        if let selection = root.optional("selection") {
            let members = try Members(selection, "\"selection\"")
            let section = try members.integer("section")
            let row = try members.integer("row")
            try members.requireKnown(["section", "row"])
            state.selection = IndexPath(section: section.value, row: row.value)
            guard section.value >= 0, section.value < state.tableView.count, row.value >= 0,
                row.value < state.tableView[section.value].rows.count
            else {
                throw PropertyTree.Problem(
                    offset: selection.offset,
                    message: "the selection \(section.value):\(row.value) is not a row of the table view")
            }
        }
        var accessories: [String: String] = [:]
        if let tree = root.optional("accessories") {
            guard case .dictionary(let members) = tree.kind else {
                throw mismatch(tree, "a dictionary of item texts and accessory types for \"accessories\"")
            }
            for member in members {
                guard let type = member.value.string, HookKind.accessoryTypes.contains(type), type != "none" else {
                    throw mismatch(
                        member.value,
                        "an accessory type (disclosureIndicator, detailButton, detailDisclosureButton or checkmark)")
                }
                accessories[member.key] = type
            }
        }
        try root.requireKnown([
            "format", "version", "view", "style", "messages", "ios", "messagesSuffix", "editing", "selection",
            "dataSource", "tableView", "accessories",
        ])
        return Contents(state: state, accessories: accessories)
    }

    /// Sections from an array of section dictionaries.
    private static func sections(
        _ tree: PropertyTree, _ name: String, _ checks: ReadingChecks, made: inout Int
    ) throws(PropertyTree.Problem) -> [Section] {
        guard let array = tree.array else { throw mismatch(tree, "an array of sections for \"\(name)\"") }
        var sections: [Section] = []
        sections.reserveCapacity(array.count)
        for item in array {
            let members = try Members(item, "a section")
            let rowsTree = try members.required("rows")
            guard let rowTrees = rowsTree.array else { throw mismatch(rowsTree, "an array of strings for \"rows\"") }
            var rows: [String] = []
            rows.reserveCapacity(rowTrees.count)
            for row in rowTrees {
                made &+= 1
                if made & 0xFFFF == 0 { try checks.check(at: row.offset) }
                guard let text = row.string else { throw mismatch(row, "a string (a row's text)") }
                rows.append(text)
            }
            var section = Section(rows: rows)
            section.header = try members.optionalString("header")
            section.footer = try members.optionalString("footer")
            section.indexTitle = try members.optionalString("indexTitle")
            try members.requireKnown(["rows", "header", "footer", "indexTitle"])
            sections.append(section)
        }
        return sections
    }

    /// The problem of a value that is not what was expected there.
    static func mismatch(_ tree: PropertyTree, _ expected: String) -> PropertyTree.Problem {
        PropertyTree.Problem(offset: tree.offset, message: "expected \(expected), found \(tree.kindName)")
    }

    /// A dictionary's members, read by key.
    private struct Members {
        let tree: PropertyTree
        let members: [PropertyTree.Member]

        init(_ tree: PropertyTree, _ what: String) throws(PropertyTree.Problem) {
            guard case .dictionary(let members) = tree.kind else {
                throw SavedState.mismatch(tree, "a dictionary for \(what)")
            }
            self.tree = tree
            self.members = members
        }

        func optional(_ key: String) -> PropertyTree? {
            members.first { $0.key == key }?.value
        }

        func required(_ key: String) throws(PropertyTree.Problem) -> PropertyTree {
            guard let value = optional(key) else {
                throw PropertyTree.Problem(offset: tree.offset, message: "missing \"\(key)\"")
            }
            return value
        }

        func string(_ key: String) throws(PropertyTree.Problem) -> (value: String, offset: Int) {
            let value = try required(key)
            guard let text = value.string else { throw SavedState.mismatch(value, "a string for \"\(key)\"") }
            return (text, value.offset)
        }

        func optionalString(_ key: String) throws(PropertyTree.Problem) -> String? {
            guard let value = optional(key) else { return nil }
            guard let text = value.string else { throw SavedState.mismatch(value, "a string for \"\(key)\"") }
            return text
        }

        func integer(_ key: String) throws(PropertyTree.Problem) -> (value: Int, offset: Int) {
            let value = try required(key)
            guard let number = value.integer else { throw SavedState.mismatch(value, "an integer for \"\(key)\"") }
            return (number, value.offset)
        }

        /// The choice a string member names, from `choices` (by their raw values).
        func choice<T: RawRepresentable>(_ key: String, _ choices: [T]) throws(PropertyTree.Problem) -> T?
        where T.RawValue == String {
            guard let value = optional(key) else { return nil }
            guard let text = value.string, let choice = choices.first(where: { $0.rawValue == text }) else {
                let names = choices.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
                throw SavedState.mismatch(value, "\(names) for \"\(key)\"")
            }
            return choice
        }

        /// Fails at the first member whose key is not one of `known`.
        func requireKnown(_ known: Set<String>) throws(PropertyTree.Problem) {
            if let unknown = members.first(where: { !known.contains($0.key) }) {
                throw PropertyTree.Problem(
                    offset: unknown.value.offset,
                    message:
                        "unknown key \"\(unknown.key)\"; expected \(known.sorted().map { "\"\($0)\"" }.joined(separator: ", "))"
                )
            }
        }
    }
}

extension Interpreter {
    /// The file a `save`, `load` or `run` names, relative to the running script's directory.
    func resolvedPath(_ name: String) -> String {
        var path = name
        if !path.hasPrefix("/"), let dir = file.directory, !dir.isEmpty { path = dir + "/" + path }
        return Interpreter.normalisePath(path)
    }

    /// Evaluates a string operand of `statement` (a file name, a key).
    func stringOperand(_ expr: Expr, for statement: String, needs: String = "a file name string") throws(ScriptError)
        -> String
    {
        let v = try evaluate(expr)
        guard case .string(let name) = v else {
            throw failure(
                expr.range, .statementNeeds(statement: statement, needs: needs, found: v.found(withLiteral: false)))
        }
        return name
    }

    /// Evaluates the file name operand of `statement` (`save`, `load`, `run`): a string without a NUL byte,
    /// which the system would take as the name's end (`save "a.json\0.plist"` would write `a.json`).
    func fileNameOperand(_ expr: Expr, for statement: String) throws(ScriptError) -> String {
        let name = try stringOperand(expr, for: statement)
        if name.utf8.contains(0) { throw failure(expr.range, .nulInFileName(name)) }
        return name
    }

    /// `save FILE`: the whole state, written whole or not at all.
    func execSave(_ nameExpr: Expr, _ range: SourceRange) throws(ScriptError) {
        let name = try fileNameOperand(nameExpr, for: "save")
        do { try model.refuseInsideBatch("save", instead: "end the batch first") } catch {
            throw modelFailure(error, at: range)
        }
        let document = SavedState.document(model.state, accessories: accessories)
        let text: String
        if name.hasSuffix(".plist") {
            do { text = try document.propertyList() } catch {
                throw failure(nameExpr.range, .cannotSave(name, reason: error.message))
            }
        } else {
            text = document.json()
        }
        let path = resolvedPath(name)
        if let problem = io.write(path, Array(text.utf8), false) {
            throw failure(nameExpr.range, .cannotSave(name, reason: Self.reason(problem, naming: path, as: name)))
        }
    }

    /// The I/O's `problem` with the file it was given (`path`, resolved from the script's folder) named
    /// as the script named it: a message never shows a path of the machine the user did not write.
    static func reason(_ problem: String, naming path: String, as name: String) -> String {
        guard path != name else { return problem }
        let quoted = Array("'\(path)'".utf8)
        let bytes = Array(problem.utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == quoted[0], i + quoted.count <= bytes.count, Array(bytes[i..<(i + quoted.count)]) == quoted {
                out += Array("'\(name)'".utf8)
                i += quoted.count
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `load FILE`: replaces the state with a saved one, as `reset` replaces the table (the table view
    /// reloads). A file that is not a saved state changes nothing.
    func execLoad(_ nameExpr: Expr, _ range: SourceRange) throws(ScriptError) {
        let name = try fileNameOperand(nameExpr, for: "load")
        do { try model.refuseInsideBatch("load", instead: "end the batch first") } catch {
            throw modelFailure(error, at: range)
        }
        let loaded: SourceFile
        let path = resolvedPath(name)
        switch io.load(path) {
        case .success(let f): loaded = f
        case .failure(let e) where e.isInterrupt:
            throw .interrupted(Diagnostic(RuntimeError.interrupted, file: file, range: nameExpr.range))
        case .failure(let e):
            throw failure(nameExpr.range, .cannotLoad(name, reason: Self.reason(e.message, naming: path, as: name)))
        }
        let contents: SavedState.Contents
        let checks = readingChecks
        do throws(PropertyTree.Problem) {
            let tree =
                name.hasSuffix(".plist")
                ? PropertyTree.parsePropertyList(loaded.bytes, checks: checks)
                : PropertyTree.parseJSON(loaded.bytes, checks: checks)
            contents = try SavedState.contents(of: tree.get(), checks: checks)
        } catch {
            throw readingFailure(error, of: .state(name), loaded, at: nameExpr.range) { .cannotLoad(name, reason: $0) }
        }
        try checkReplacement(contents.state.dataSource, range)
        try checkReplacement(contents.state.tableView, range)
        if swipedRow != nil { try closeSwipe(at: range) }
        do { try model.load(contents.state) } catch { throw modelFailure(error, at: range) }
        accessories = contents.accessories
        tableBudget = model.size
        scrolledSection = nil
        called(.reloadData)
        askToLoad()
    }

    /// `accessory PATH TYPE`: the data source keeps TYPE for the item at PATH (by its text).
    func execAccessory(_ pathExpr: Expr, _ typeExpr: Expr) throws(ScriptError) {
        let path = try indexPath(pathExpr)
        let text = try dataSourceItem(path, pathExpr.range)
        let v = try evaluate(typeExpr)
        guard case .string(let type) = v else {
            throw failure(
                typeExpr.range, .statementNeeds(statement: "accessory", needs: "an accessory type", found: v.found()))
        }
        guard HookKind.accessoryTypes.contains(type) else { throw failure(typeExpr.range, .unknownAccessory(type)) }
        accessories[text] = type == "none" ? nil : type
    }

    /// The text of the data source's row at `path`, or an error at `range`.
    func dataSourceItem(_ path: IndexPath, _ range: SourceRange) throws(ScriptError) -> String {
        let data = model.dataSource
        guard
            path.section >= 0 && path.section < data.count && path.row >= 0 && path.row < data[path.section].rows.count
        else { throw failure(range, .noDataRow(path)) }
        return data[path.section].rows[path.row]
    }
}
