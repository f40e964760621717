import ListFormats
import ListLanguage
import ListModel
import ListRuntime

/// The lesson as the page's JavaScript reads it: one JSON object (see `LessonPage` for the keys).
extension Lesson {
    /// The lesson as JSON, safe inside a `<script>` element (`<` is written as `\u003c`).
    public var json: String {
        var w = JSONWriter()
        w.object { w in
            w.key("files")
            w.array(files) { w, file in
                w.object { w in
                    w.member("name", file.name)
                    w.key("lines")
                    w.strings(file.lines)
                }
            }
            w.key("sections")
            w.array(sections) { w, section in
                w.object { w in
                    if let header = section.header { w.member("header", header) }
                    if let footer = section.footer { w.member("footer", footer) }
                    if let indexTitle = section.indexTitle { w.member("indexTitle", indexTitle) }
                    w.key("rows")
                    w.strings(section.rows)
                }
            }
            w.key("frames")
            w.array(frames) { w, frame in w.integers(frame.sections) }
            w.key("steps")
            w.array(steps) { w, step in Self.write(step, into: &w) }
            w.member("truncated", truncated)
            w.member("stepLimit", Self.stepLimit)
            w.member("rowsPerFrame", Self.rowsPerFrame)
            w.member("sectionsPerFrame", Self.sectionsPerFrame)
        }
        // `</script>` in a row's text must not end the element the JSON sits in.
        return w.text.replacingAll("<", with: "\\u003c")
    }

    private static func write(_ step: Step, into w: inout JSONWriter) {
        w.beginObject()
        w.member("file", step.file)
        w.member("line", step.line)
        w.member("column", step.column)
        w.member("endLine", step.endLine)
        w.member("endColumn", step.endColumn)
        w.member("depth", step.depth)
        w.member("text", step.text)
        w.member("completed", step.completed)
        if step.running { w.member("running", true) }
        w.member("tableView", step.tableView)
        w.member("dataSource", step.dataSource)
        if !step.rowCounts.isEmpty {
            w.key("rowCounts")
            w.integers(step.rowCounts)
        }
        if !step.dataRowCounts.isEmpty {
            w.key("dataRowCounts")
            w.integers(step.dataRowCounts)
        }
        if let count = step.sectionCount { w.member("sectionCount", count) }
        if let count = step.dataSectionCount { w.member("dataSectionCount", count) }
        w.member("grouped", step.grouped)
        if step.collection { w.member("collection", true) }
        w.member("editing", step.editing)
        w.key("selected")
        w.path(step.selected)
        w.key("swiped")
        w.path(step.swiped)
        w.key("buttons")
        w.strings(step.buttons)
        w.key("controls")
        w.array(step.controls) { w, controls in w.strings(controls) }
        w.key("queued")
        w.strings(step.queued)
        if let commit = step.commit {
            w.key("commit")
            w.object { w in
                w.member("before", commit.before)
                w.member("reloadData", commit.reloadData)
                w.key("sections")
                w.array(commit.sections) { w, origin in JSONLinesRenderer.origin(origin, &w) }
                // Only the rows that did not stay where they were: [section, row, oldSection, oldRow, how], the
                // old path null for an inserted row. A row not listed was kept at its own index path.
                w.key("rows")
                w.beginArray()
                for (s, section) in commit.rows.enumerated() {
                    for (r, origin) in section.enumerated() {
                        let (old, how): (IndexPath?, String)
                        switch origin {
                        case .inserted: (old, how) = (nil, "inserted")
                        case .kept(let p) where p.section == s && p.row == r: continue
                        case .kept(let p): (old, how) = (p, "kept")
                        case .moved(let p): (old, how) = (p, "moved")
                        case .reloaded(let p): (old, how) = (p, "reloaded")
                        }
                        w.beginArray()
                        w.integer(s)
                        w.integer(r)
                        w.integer(old?.section)
                        w.integer(old?.row)
                        w.string(how)
                        w.endArray()
                    }
                }
                w.endArray()
            }
        }
        if let rejection = step.rejection {
            w.key("rejection")
            w.object { w in
                if let exception = rejection.exception { w.member("exception", exception) }
                w.member("message", rejection.message)
                if let formula = rejection.formula { w.member("formula", formula) }
            }
        }
        w.key("calls")
        w.array(step.calls) { w, call in
            w.object { w in
                w.member("from", call.from.rawValue)
                w.member("to", call.to.rawValue)
                w.member("text", call.text)
                if let answer = call.answer { w.member("answer", answer) }
                if call.isDefault { w.member("default", true) }
            }
        }
        if step.moreCalls > 0 { w.member("moreCalls", step.moreCalls) }
        w.key("output")
        w.array(step.output) { w, output in
            w.object { w in
                w.member("kind", output.kind.rawValue)
                w.member("text", output.text)
            }
        }
        w.endObject()
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
