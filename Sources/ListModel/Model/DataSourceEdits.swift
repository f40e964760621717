extension Array where Element == Section {
    /// Applies a `data …` command the way the app's `NSMutableArray` calls would: at once, checking
    /// each index before anything changes, and failing with Foundation's words
    /// (`index 5 beyond bounds [0 .. 2]`). For a row of a missing section the outer array's index is
    /// the one reported. Indexes are known not to be negative.
    mutating func apply(_ edit: DataEdit) throws(UpdateError) {
        switch edit {
        case .insertRow(let path, let text):
            try Self.requireIndex(path.section, count: count)
            try Self.requireInsertIndex(path.row, count: self[path.section].rows.count)
            self[path.section].rows.insert(text, at: path.row)
        case .deleteRow(let path):
            try Self.requireIndex(path.section, count: count)
            try Self.requireIndex(path.row, count: self[path.section].rows.count)
            self[path.section].rows.remove(at: path.row)
        case .reloadRow(let path, let text):
            try Self.requireIndex(path.section, count: count)
            try Self.requireIndex(path.row, count: self[path.section].rows.count)
            if let text { self[path.section].rows[path.row] = text }
        case .moveRow(let from, let to):
            // let row = array[from.section][from.row]; array[from.section].remove(at: from.row);
            // array[to.section].insert(row, at: to.row)
            try Self.requireIndex(from.section, count: count)
            try Self.requireIndex(from.row, count: self[from.section].rows.count)
            try Self.requireIndex(to.section, count: count)
            let countAfterRemoval = self[to.section].rows.count - (to.section == from.section ? 1 : 0)
            try Self.requireInsertIndex(to.row, count: countAfterRemoval)
            let row = self[from.section].rows.remove(at: from.row)
            self[to.section].rows.insert(row, at: to.row)
        case .insertSection(let index, let header):
            try Self.requireInsertIndex(index, count: count)
            insert(Section(rows: [], header: header), at: index)
        case .deleteSection(let index):
            try Self.requireIndex(index, count: count)
            remove(at: index)
        case .reloadSection(let index, let rows):
            try Self.requireIndex(index, count: count)
            if let rows { self[index].rows = Rows(rows) }
        case .moveSection(let from, let to):
            try Self.requireIndex(from, count: count)
            try Self.requireInsertIndex(to, count: count - 1)
            let section = remove(at: from)
            insert(section, at: to)
        case .append(let section, let rows):
            try Self.requireIndex(section, count: count)
            self[section].rows.append(contentsOf: rows)
        case .reset(let sections):
            self = sections
        }
    }

    /// `objectAtIndex:` / `removeObjectAtIndex:`: `index` must name an object.
    private static func requireIndex(_ index: Int, count: Int) throws(UpdateError) {
        guard index < count else { throw .beyondBounds(index: index, count: count) }
    }

    /// `insertObject:atIndex:`: `index` may equal the count.
    private static func requireInsertIndex(_ index: Int, count: Int) throws(UpdateError) {
        guard index <= count else { throw .beyondBounds(index: index, count: count) }
    }
}
