import ListFormats
import ListLanguage
import ListModel

extension Interpreter {
    /// Calls built-in `name` with evaluated `values` (`arguments` give positions for messages).
    func builtin(_ name: String, _ values: [Value], _ arguments: [Expr], _ range: SourceRange) throws(ScriptError)
        -> Value
    {
        let want = Vocabulary.arities[name] ?? 0
        if values.count != want {
            throw failure(range, .argumentCount(callee: "\(name)()", expected: want, given: values.count))
        }
        /// The argument at `i` as a section number that exists in `sections`.
        func section(_ i: Int, in sections: [Section], layer: String) throws(ScriptError) -> Int {
            guard case .integer(let s) = values[i] else {
                throw failure(
                    arguments[i].range,
                    .argumentType(function: name, needs: "a section number", found: values[i].found()))
            }
            guard s >= 0 && s < sections.count else {
                throw failure(arguments[i].range, .noSection(Int(clamping: s), layer: layer, count: sections.count))
            }
            return Int(s)
        }
        let data = model.dataSource
        switch name {
        case "rows": return .integer(data[try section(0, in: data, layer: "data source")].rows.count)
        case "sections": return .integer(data.count)
        case "items":
            let rows = data[try section(0, in: data, layer: "data source")].rows
            return try checkedList(ListValue(rows.map { .string($0) }), range)
        case "item", "cell", "accessory":
            guard case .indexPath(let p) = values[0] else {
                throw failure(
                    arguments[0].range,
                    .argumentType(function: name, needs: "an index path", found: values[0].found(withLiteral: false)))
            }
            if name == "cell" {
                // What the table view's cell shows, which may not be the data source's row (see `show`).
                try requireRow(p, arguments[0].range)
                return .string(model.tableView[p.section].rows[p.row])
            }
            let text = try dataSourceItem(p, arguments[0].range)
            // The accessory the data source keeps for the item (`accessory PATH TYPE`).
            return .string(name == "accessory" ? accessories[text] ?? "none" : text)
        case "header", "footer", "indexTitle":
            let s = data[try section(0, in: data, layer: "data source")]
            return .string((name == "header" ? s.header : name == "footer" ? s.footer : s.indexTitle) ?? "")
        case "tableRows":
            guard let s = try tableSection(values[0], arguments[0], asking: name) else {
                // NSNotFound, what UITableView answered before iOS 13.
                return .integer(Int64.max)
            }
            return .integer(model.tableView[s].rows.count)
        case "tableSections": return .integer(model.tableView.count)
        case "tableItems":
            // (Only `tableRows` is answered NSNotFound, nil.)
            guard let s = try tableSection(values[0], arguments[0], asking: name) else {
                throw failure(arguments[0].range, .cannotRunHere)
            }
            let rows = model.tableView[s].rows
            return try checkedList(ListValue(rows.map { .string($0) }), range)
        case "editing": return .boolean(model.isEditing)
        case "selected": return .list(ListValue(model.selection.map { [.indexPath($0)] } ?? []))
        case "isInSync": return .boolean(model.isInSync)
        case "lastError": return .string(lastCaughtError)
        case "defaults":
            guard case .string(let key) = values[0] else {
                throw failure(
                    arguments[0].range, .argumentType(function: name, needs: "a key string", found: values[0].found()))
            }
            return try defaultValue(key, otherwise: values[1], at: range)

        case "len":
            switch values[0] {
            case .string(let s): return .integer(s.count)
            case .list(let list): return .integer(list.elements.count)
            case .range(let lo, let hi, let closed):
                guard let n = Value.rangeCount(lo, hi, closed: closed) else {
                    throw failure(range, .rangeTooLong)
                }
                return .integer(n)
            default:
                throw failure(
                    arguments[0].range,
                    .argumentType(
                        function: "len", needs: "a string, a list or a range",
                        found: values[0].found(withLiteral: false)))
            }
        case "str": return .string(try text(of: values[0], range))
        case "int":
            switch values[0] {
            case .integer: return values[0]
            case .string(let s):
                guard let n = Int64(s.trimmingBlanks()) else {
                    throw failure(arguments[0].range, .notAnInteger(Value.quoted(s)))
                }
                return .integer(n)
            default:
                throw failure(
                    arguments[0].range,
                    .argumentType(
                        function: "int", needs: "a string or an integer", found: values[0].found(withLiteral: false)))
            }
        default:
            throw failure(range, .unknownBuiltin(name))
        }
    }
}

extension Interpreter {
    /// `value` as a section of the table view, for `tableRows` and `tableItems` (`name`), which ask
    /// `numberOfRows(inSection:)`: for a section it does not have, UITableView raises from iOS 13 and
    /// answers NSNotFound before (`IOSVersion.tableRowsRaises`: nil, with a warning, for `tableRows` to
    /// answer it); UICollectionView's `numberOfItems(inSection:)` always raises.
    func tableSection(_ value: Value, _ argument: Expr, asking name: String) throws(ScriptError) -> Int? {
        guard case .integer(let s) = value else {
            throw failure(
                argument.range, .argumentType(function: name, needs: "a section number", found: value.found()))
        }
        let sections = model.tableView.count
        if s >= 0 && s < sections { return Int(s) }
        let view = model.view
        if view == .collection {
            throw failure(
                argument.range,
                .uikitRaises(
                    "request for number of items in section \(s) when there are only \(sections) sections in the collection view"
                ))
        }
        if model.ios.has(IOSVersion.tableRowsRaises, in: view) {
            throw failure(
                argument.range, .uikitRaises("Requested the number of rows for section (\(s)) which is out of bounds."))
        }
        guard name == "tableRows" else {
            throw failure(argument.range, .noSection(Int(clamping: s), layer: "table view", count: sections))
        }
        note(argument.range, .notFoundAnswer(section: Int(clamping: s), ios: model.ios))
        return nil
    }
}

extension String {
    /// The string without leading and trailing blanks (Unicode white space, line ends included): what
    /// `int()` ignores around its digits and the REPL around a command.
    public func trimmingBlanks() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
