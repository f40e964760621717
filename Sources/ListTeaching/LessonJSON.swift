import ListFormats
import ListLanguage
import ListModel
import ListRuntime

/// The lesson as the page's JavaScript reads it: one JSON object (see `LessonPage` for the keys).
extension Lesson {
    /// The lesson as JSON, safe inside a `<script>` element (`<` is written as `\u003c`).
    public var json: String {
        var out = "{\"files\":["
        for (i, file) in files.enumerated() {
            if i > 0 { out += "," }
            out += "{\"name\":"
            JSON.string(file.name, into: &out)
            out += ",\"lines\":" + JSON.strings(file.lines) + "}"
        }
        out += "],\"sections\":["
        for (i, section) in sections.enumerated() {
            if i > 0 { out += "," }
            var o = JSONObject()
            if let header = section.header { o.add("header", header) }
            if let footer = section.footer { o.add("footer", footer) }
            if let indexTitle = section.indexTitle { o.add("indexTitle", indexTitle) }
            o.addRaw("rows", JSON.strings(section.rows))
            out += o.json
        }
        out += "],\"frames\":["
        for (i, frame) in frames.enumerated() {
            if i > 0 { out += "," }
            out += Self.integers(frame.sections)
        }
        out += "],\"steps\":["
        for (i, step) in steps.enumerated() {
            if i > 0 { out += "," }
            out += Self.json(step)
        }
        out += "],\"truncated\":\(truncated),\"stepLimit\":\(Self.stepLimit),\"rowsPerFrame\":\(Self.rowsPerFrame)"
        out += ",\"sectionsPerFrame\":\(Self.sectionsPerFrame)}"
        // `</script>` in a row's text must not end the element the JSON sits in.
        return out.replacingAll("<", with: "\\u003c")
    }

    private static func json(_ step: Step) -> String {
        var o = JSONObject()
        o.addRaw("file", String(step.file))
        o.addRaw("line", String(step.line))
        o.addRaw("column", String(step.column))
        o.addRaw("endLine", String(step.endLine))
        o.addRaw("endColumn", String(step.endColumn))
        o.addRaw("depth", String(step.depth))
        o.add("text", step.text)
        o.addRaw("completed", String(step.completed))
        o.addRaw("tableView", String(step.tableView))
        o.addRaw("dataSource", step.dataSource.map(String.init) ?? "null")
        if !step.rowCounts.isEmpty { o.addRaw("rowCounts", integers(step.rowCounts)) }
        if !step.dataRowCounts.isEmpty { o.addRaw("dataRowCounts", integers(step.dataRowCounts)) }
        if let count = step.sectionCount { o.addRaw("sectionCount", String(count)) }
        if let count = step.dataSectionCount { o.addRaw("dataSectionCount", String(count)) }
        o.addRaw("grouped", String(step.grouped))
        if step.collection { o.addRaw("collection", "true") }
        o.addRaw("editing", String(step.editing))
        o.addRaw("selected", path(step.selected))
        o.addRaw("swiped", path(step.swiped))
        o.addRaw("buttons", JSON.strings(step.buttons))
        o.addRaw("controls", "[" + step.controls.map(JSON.strings).joined(separator: ",") + "]")
        o.addRaw("queued", JSON.strings(step.queued))
        if let commit = step.commit {
            var c = JSONObject()
            c.addRaw("before", String(commit.before))
            c.addRaw("reloadData", String(commit.reloadData))
            c.addRaw("sections", "[" + commit.sections.map(JSONLinesRenderer.origin).joined(separator: ",") + "]")
            // Only the rows that did not stay where they were: [section, row, oldSection, oldRow, how], the
            // old path null for an inserted row. A row not listed was kept at its own index path.
            var changes: [String] = []
            for (s, section) in commit.rows.enumerated() {
                for (r, origin) in section.enumerated() {
                    switch origin {
                    case .inserted: changes.append("[\(s),\(r),null,null,\"inserted\"]")
                    case .kept(let p) where p.section == s && p.row == r: break
                    case .kept(let p): changes.append("[\(s),\(r),\(p.section),\(p.row),\"kept\"]")
                    case .moved(let p): changes.append("[\(s),\(r),\(p.section),\(p.row),\"moved\"]")
                    case .reloaded(let p): changes.append("[\(s),\(r),\(p.section),\(p.row),\"reloaded\"]")
                    }
                }
            }
            c.addRaw("rows", "[" + changes.joined(separator: ",") + "]")
            o.addRaw("commit", c.json)
        }
        if let rejection = step.rejection {
            var r = JSONObject()
            if let exception = rejection.exception { r.add("exception", exception) }
            r.add("message", rejection.message)
            if let formula = rejection.formula { r.add("formula", formula) }
            o.addRaw("rejection", r.json)
        }
        o.addRaw(
            "calls",
            array(step.calls) { call, c in
                c.add("from", call.from.rawValue)
                c.add("to", call.to.rawValue)
                c.add("text", call.text)
                if let answer = call.answer { c.add("answer", answer) }
                if call.isDefault { c.addRaw("default", "true") }
            })
        if step.moreCalls > 0 { o.addRaw("moreCalls", String(step.moreCalls)) }
        o.addRaw(
            "output",
            array(step.output) { output, c in
                c.add("kind", output.kind.rawValue)
                c.add("text", output.text)
            })
        return o.json
    }

    /// `items` as a JSON array of objects, each filled in by `fill`.
    private static func array<T>(_ items: [T], _ fill: (T, inout JSONObject) -> Void) -> String {
        "["
            + items.map { item -> String in
                var object = JSONObject()
                fill(item, &object)
                return object.json
            }.joined(separator: ",") + "]"
    }

    private static func integers(_ values: [Int]) -> String {
        "[" + values.map(String.init).joined(separator: ",") + "]"
    }

    private static func path(_ path: IndexPath?) -> String {
        path.map { "[\($0.section),\($0.row)]" } ?? "null"
    }
}

extension String {
    /// The string with every ASCII `target` replaced by `replacement` (byte by byte: an ASCII byte is
    /// never part of another character's UTF-8).
    func replacingAll(_ target: Unicode.Scalar, with replacement: String) -> String {
        guard target.isASCII, utf8.contains(UInt8(target.value)) else { return self }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count + 64)
        for byte in utf8 {
            if byte == UInt8(target.value) { bytes += replacement.utf8 } else { bytes.append(byte) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
