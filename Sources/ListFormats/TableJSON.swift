/// A table in `dump`'s format: a JSON array of arrays of strings.
public enum TableJSON {
    /// The table `bytes` spell, or where and why they do not.
    public static func parse(_ bytes: [UInt8]) -> Result<[[String]], PropertyTree.Problem> {
        parseWithOffsets(bytes).map { $0.rows }
    }

    /// The table `bytes` spell with where each row's text starts in them, or where and why they do not;
    /// `checks` run as the JSON is read, and before the table is made from it, with the memory it takes.
    public static func parseWithOffsets(_ bytes: [UInt8], checks: ReadingChecks = .none) -> Result<
        (rows: [[String]], offsets: [[Int]]), PropertyTree.Problem
    > {
        PropertyTree.parseJSON(bytes, checks: checks).flatMap { document in
            /// The elements of an array, or the problem of a value that is not one.
            func array(_ tree: PropertyTree, _ what: String) -> Result<[PropertyTree], PropertyTree.Problem> {
                tree.array.map { .success($0) }
                    ?? .failure(.init(offset: tree.offset, message: "expected \(what), found \(tree.kindName)"))
            }
            return array(document, "a list of sections, each a list of rows").flatMap { sections in
                // The table and its offsets: two arrays of sections, then per row a text and an offset.
                let rowCount = sections.reduce(0) { $0 &+ ($1.array?.count ?? 0) }
                do throws(PropertyTree.Problem) {
                    try checks.check(at: document.offset, more: sections.count &* 16 &+ rowCount &* 24)
                } catch {
                    return .failure(error)
                }
                var table: [[String]] = []
                var offsets: [[Int]] = []
                table.reserveCapacity(sections.count)
                offsets.reserveCapacity(sections.count)
                for section in sections {
                    switch array(section, "a section (a list of rows)") {
                    case .failure(let problem): return .failure(problem)
                    case .success(let rows):
                        var texts: [String] = []
                        var starts: [Int] = []
                        for row in rows {
                            guard let text = row.string else {
                                return .failure(
                                    .init(
                                        offset: row.offset,
                                        message: "expected a string (a row's text), found \(row.kindName)"))
                            }
                            texts.append(text)
                            starts.append(row.offset)
                        }
                        table.append(texts)
                        offsets.append(starts)
                    }
                }
                return .success((table, offsets))
            }
        }
    }
}
