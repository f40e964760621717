// Release-mode benchmark of the batch engine: `swift run -c release listdsl-bench`.
//
// 1. One batch of 100,000 mixed deletes, reloads, moves and inserts on a table of 1,000,000 rows in
//    10 sections (the recipe of shared/bench/gen_workloads.py part 2), committed several times; each
//    commit is compared with one full copy of all rows timed just before it.
// 2. 1,000,000 single `append 0 "row i"` commands.
// 3. 1,000,000 single-row inserts and deletes outside a batch on 10 sections (part 1's recipe).
//
// 4. The snapshot diff (`SnapshotDiff`, `listdsl diff`): n rows with n/10 deleted, n/10 inserted and
//    n/50 moved (shuffled), in one section for n = 10,000, 100,000 and 1,000,000, and in 10 sections
//    of 10,000 rows; each derived batch is checked to give the new state.
//
// 5. A REPL statement on a table of 1,000,000 rows, with its undo and redo (StatementBench.swift).
//
// An argument `batch`, `append`, `single`, `diff` or `statement` runs only that part (for profiling; `batch-valid`
// only part 1's valid batch; `statement-one-section` part 5 on one section of 1,000,000 rows);
// `hugepages` checks instead that large arrays are advised for huge pages (HugePagesCheck.swift);
// `diff-pairs DIR` writes part 4's pairs of states to DIR as NAME.old.json and NAME.new.json (dump's
// format), for a peer to diff the very same states.
import Foundation
import ListModel
import Platform

/// Seconds since an arbitrary start, monotonic.
func now() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}

/// The 1-minute load average, to judge how much other processes disturbed the timings.
func loadAverage() -> String {
    var loads = [0.0, 0.0, 0.0]
    return getloadavg(&loads, 3) > 0 ? String(format: "%.2f", loads[0]) : "unknown"
}

/// The median of `values`.
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

/// `seconds` in milliseconds, one decimal.
func milliseconds(_ seconds: Double) -> String {
    String(format: "%.1f ms", seconds * 1000)
}

let sectionCount = 10
let rowsPerSection = 100_000
let operationCount = 100_000
let runs = 11
let warmUpRuns = 2

/// The batch of part 2: a quarter each of deletes, reloads of other rows, moves within a section
/// from untouched rows to new slots, and inserts; shuffled. With `avoidingReloadCollisions`, move
/// destinations also avoid the slots where UIKit puts the reloads' inserts (which ignore moves), so
/// the batch is valid; without it, as in the Python recipe, some reload lands on a move destination
/// and UIKit rejects the batch (T8) after its delete and insert checks.
func makeBatch(avoidingReloadCollisions: Bool, using random: inout SeededGenerator) -> [Edit] {
    var edits: [Edit] = []
    var used: [Set<Int>] = Array(repeating: [], count: sectionCount)
    var deletes: [[Int]] = Array(repeating: [], count: sectionCount)
    var reloads: [[Int]] = Array(repeating: [], count: sectionCount)
    var moveSources: [[Int]] = Array(repeating: [], count: sectionCount)
    for _ in 0..<(operationCount / 4) {
        let section = Int.random(in: 0..<sectionCount, using: &random)
        let row = Int.random(in: 0..<rowsPerSection, using: &random)
        if used[section].insert(row).inserted {
            deletes[section].append(row)
            edits.append(.deleteRow(IndexPath(section: section, row: row)))
        }
    }
    /// Picks `operationCount / 4` rows no other operation uses, handing each to `body` with its number.
    func pickUnusedRows(_ body: (_ section: Int, _ row: Int, _ count: Int) -> Void) {
        var count = 0
        while count < operationCount / 4 {
            let section = Int.random(in: 0..<sectionCount, using: &random)
            let row = Int.random(in: 0..<rowsPerSection, using: &random)
            guard used[section].insert(row).inserted else { continue }
            count += 1
            body(section, row, count)
        }
    }
    pickUnusedRows { section, row, count in
        reloads[section].append(row)
        edits.append(.reloadRow(IndexPath(section: section, row: row), "re\(count)"))
    }
    pickUnusedRows { section, row, _ in moveSources[section].append(row) }
    var insertsPerSection = Array(repeating: 0, count: sectionCount)
    for _ in 0..<(operationCount / 4) { insertsPerSection[Int.random(in: 0..<sectionCount, using: &random)] += 1 }
    for section in 0..<sectionCount {
        let total = rowsPerSection - deletes[section].count + insertsPerSection[section]
        var slots = Array(0..<total)
        slots.shuffle(using: &random)
        let insertSlots = Array(slots.prefix(insertsPerSection[section]))
        for (index, slot) in insertSlots.enumerated() {
            edits.append(.insertRow(IndexPath(section: section, row: slot), "new\(section)_\(index)"))
        }
        var taken = Set<Int>()
        if avoidingReloadCollisions {
            // Where UIKit puts each reload's insert: shifted by the deletes and inserts, not the moves.
            let sortedDeletes = deletes[section].sorted()
            let sortedInserts = insertSlots.sorted()
            for row in reloads[section] {
                var position = row - sortedDeletes.prefix { $0 <= row }.count
                for insert in sortedInserts where insert <= position { position += 1 }
                taken.insert(position)
            }
        }
        let free = slots.dropFirst(insertsPerSection[section]).filter { !taken.contains($0) }
        for (source, destination) in zip(moveSources[section], free) {
            edits.append(
                .moveRow(
                    from: IndexPath(section: section, row: source), to: IndexPath(section: section, row: destination)))
        }
    }
    edits.shuffle(using: &random)
    return edits
}

/// What the timed runs of one batch measured.
struct BatchTiming {
    var commits: [Double] = []
    var copies: [Double] = []
    var queues: [Double] = []
    /// Walks comparing every row of the table with a copy's.
    var walks: [Double] = []
    var outcome = ""
    /// After a committed batch: the rows whose cells differ from the data source, the sections they
    /// are in, how many rows those sections hold, and the table's sections and rows.
    var differingCells = 0
    var differingSections = 0
    var rowsOfDifferingSections = 0
    var sections = 0
    var rows = 0

    /// The median of the per-run ratios commit / copy.
    var medianRatio: Double { median(zip(commits, copies).map { $0 / $1 }) }
}

/// Commits `edits` on `table` `runs` times after `warmUpRuns` untimed ones; before each commit,
/// times one full copy of all rows, so that commit and copy are measured under the same load.
func timeBatch(_ edits: [Edit], on table: TableModel) throws -> BatchTiming {
    var timing = BatchTiming()
    for run in 0..<(warmUpRuns + runs) {
        timing.copies.append(timeFullCopy(of: table.dataSource))
        timing.walks.append(timeCompareWalk(of: table.dataSource))
        var model = table
        let queueStart = now()
        model.begin()
        for edit in edits { _ = try model.perform(edit) }
        let commitStart = now()
        do {
            _ = try model.end()
            let total = model.dataSource.reduce(0) { $0 + $1.rows.count }
            timing.outcome = "committed, \(total) rows"
            if run == 0 {
                let differing = zip(model.tableView, model.dataSource).map { shown, data in
                    zip(shown.rows, data.rows).reduce(0) { $0 + ($1.0 != $1.1 ? 1 : 0) }
                }
                timing.differingCells = differing.reduce(0, +)
                timing.differingSections = differing.filter { $0 > 0 }.count
                timing.rowsOfDifferingSections = zip(differing, model.dataSource).reduce(0) {
                    $0 + ($1.0 > 0 ? $1.1.rows.count : 0)
                }
                timing.sections = differing.count
                timing.rows = total
            }
        } catch {
            timing.outcome = "rejected: \(error.message.prefix(90))…"
        }
        let end = now()
        if run < warmUpRuns {  // let malloc settle: later large allocations reuse warm memory
            timing.copies.removeLast()
            timing.walks.removeLast()
            continue
        }
        timing.commits.append(end - commitStart)
        timing.queues.append(commitStart - queueStart)
    }
    return timing
}

/// The time of one full copy of every row of `sections` (each row array copied element by element).
func timeFullCopy(of sections: [Section]) -> Double {
    let start = now()
    var copy: [Section] = []
    copy.reserveCapacity(sections.count)
    for section in sections {
        var copied = section
        copied.rows = Rows(elementwiseCopy(section.rows.texts))
        copy.append(copied)
    }
    let time = now() - start
    precondition(copy.count == sections.count)
    return time
}

/// `rows` in a buffer of their own, copied element by element.
func elementwiseCopy(_ rows: [String]) -> [String] {
    rows.withUnsafeBufferPointer { Array($0) }
}

/// The time of one walk comparing every row of `sections` with the same row of a copy (made before the
/// clock starts, so no two rows share storage).
func timeCompareWalk(of sections: [Section]) -> Double {
    let copy = sections.map { elementwiseCopy($0.rows.texts) }
    let start = now()
    var differing = 0
    for (section, copied) in zip(sections, copy) {
        section.rows.texts.withUnsafeBufferPointer { rows in
            copied.withUnsafeBufferPointer { copied in
                for index in rows.indices where rows[index] != copied[index] { differing += 1 }
            }
        }
    }
    let time = withExtendedLifetime(copy) { now() - start }  // the copy is freed after the clock stops
    precondition(differing == 0)
    return time
}

/// Runs the parts named on the command line, or all of them.
func main() throws {
    let only = CommandLine.arguments.dropFirst().first
    if only == "diff-pairs", let directory = CommandLine.arguments.dropFirst(2).first {
        return try writeDiffPairs(to: directory)
    }
    if only == "hugepages" { exit(HugePagesCheck.run()) }
    print("load average before: \(loadAverage())")
    var random = SeededGenerator(seed: 42)
    if only == nil || only == "batch" || only == "batch-valid" {
        try benchmarkBatch(validOnly: only == "batch-valid", using: &random)
    }
    if only == nil || only == "append" { try benchmarkAppends() }
    if only == nil || only == "single" { try benchmarkSingleCommands(using: &random) }
    if only == nil || only == "diff" { try benchmarkDiff() }
    if only == nil || only == "statement" { try benchmarkStatements() }
    if only == "statement-one-section" { try benchmarkStatements(oneSection: true) }
    print("load average after: \(loadAverage())")
}

/// Part 1: the big batch, and the copy it is compared with.
func benchmarkBatch(validOnly: Bool = false, using random: inout SeededGenerator) throws {
    let table = (0..<sectionCount).map { section in
        Section(rows: (0..<rowsPerSection).map { "s\(section)r\($0)" })
    }
    let base = TableModel(sections: table)
    print(
        "table: \(sectionCount * rowsPerSection) rows in \(sectionCount) sections; \(runs) runs each after \(warmUpRuns) warm-up runs, every commit timed right after one full copy of all rows"
    )
    for avoiding in validOnly ? [true] : [true, false] {
        let edits = makeBatch(avoidingReloadCollisions: avoiding, using: &random)
        let timing = try timeBatch(edits, on: base)
        let name = avoiding ? "valid batch (moves avoid reload inserts)" : "recipe as generated"
        print("\(name): \(edits.count) operations; \(timing.outcome)")
        print(
            "  commit (end): median \(milliseconds(median(timing.commits))), min \(milliseconds(timing.commits.min() ?? 0)); full copy: median \(milliseconds(median(timing.copies))), min \(milliseconds(timing.copies.min() ?? 0)); commit/copy: median \(String(format: "%.1f", timing.medianRatio))x; queueing the commands: median \(milliseconds(median(timing.queues)))"
        )
        if timing.sections > 0 {
            // While the table view keeps its own rows, a commit writes the new data source (a copy),
            // the sections whose cells differ from it, and compares every row once.
            let copy = median(timing.copies)
            let floor =
                copy * (1 + Double(timing.rowsOfDifferingSections) / Double(max(timing.rows, 1))) + median(timing.walks)
            print(
                "  cells that differ from the data source after it: \(timing.differingCells) in \(timing.differingSections) of \(timing.sections) sections; writing the data source and those sections and comparing every row once (walk: median \(milliseconds(median(timing.walks)))) take \(milliseconds(floor)), \(String(format: "%.1f", floor / copy))x a copy, before any operation is sorted or checked"
            )
        }
    }
}

/// Part 2: single appends.
func benchmarkAppends() throws {
    // The floor: the same calls' values, appended to two plain arrays (one per layer), no model.
    var layers: [[String]] = [[], []]
    let floorStart = now()
    for index in 0..<1_000_000 {
        let rows = ["row \(index)"]
        layers[0].append(contentsOf: rows)
        layers[1].append(contentsOf: rows)
    }
    let floorTime = now() - floorStart

    var appends = TableModel(sections: [Section()])
    let appendStart = now()
    for index in 0..<1_000_000 { _ = try appends.append(section: 0, rows: ["row \(index)"]) }
    let appendTime = now() - appendStart
    print(
        "1,000,000 single appends: \(milliseconds(appendTime)), \(appends.tableView[0].rows.count) rows (the same values appended to two plain arrays: \(milliseconds(floorTime)), \(layers[1].count) rows)"
    )
}

/// Part 3: single inserts and deletes outside a batch.
func benchmarkSingleCommands(using random: inout SeededGenerator) throws {
    var singles = TableModel(sections: Array(repeating: Section(), count: sectionCount))
    var sizes = Array(repeating: 0, count: sectionCount)
    var commands: [Edit] = []
    commands.reserveCapacity(1_000_000)
    for index in 0..<1_000_000 {
        let section = Int.random(in: 0..<sectionCount, using: &random)
        if sizes[section] == 0 || Bool.random(using: &random) {
            commands.append(
                .insertRow(
                    IndexPath(section: section, row: Int.random(in: 0...sizes[section], using: &random)),
                    "item \(index)"))
            sizes[section] += 1
        } else {
            commands.append(
                .deleteRow(IndexPath(section: section, row: Int.random(in: 0..<sizes[section], using: &random))))
            sizes[section] -= 1
        }
    }
    // The floor: the same edits on two plain arrays of sections (one per layer), no model.
    var layers: [[[String]]] = Array(repeating: Array(repeating: [], count: sectionCount), count: 2)
    let floorStart = now()
    for command in commands {
        switch command {
        case .insertRow(let path, let text):
            layers[0][path.section].insert(text, at: path.row)
            layers[1][path.section].insert(text, at: path.row)
        case .deleteRow(let path):
            layers[0][path.section].remove(at: path.row)
            layers[1][path.section].remove(at: path.row)
        default:
            break
        }
    }
    let floorTime = now() - floorStart

    let singleStart = now()
    for command in commands { _ = try singles.perform(command) }
    let singleTime = now() - singleStart
    let total = singles.tableView.reduce(0) { $0 + $1.rows.count }
    let floorTotal = layers[1].reduce(0) { $0 + $1.count }
    print(
        "1,000,000 single inserts/deletes outside a batch: \(milliseconds(singleTime)), \(total) rows left (the same edits on two plain arrays: \(milliseconds(floorTime)), \(floorTotal) rows)"
    )
}

/// The diff's shape: `sections` sections of `rows` rows each, a tenth deleted, a tenth inserted (new
/// texts) and a fiftieth moved to random places (within their section), shuffled.
func diffPair(sections: Int, rows: Int, using random: inout SeededGenerator) -> (old: [[String]], new: [[String]]) {
    let old = (0..<sections).map { s in (0..<rows).map { "s\(s)r\($0)" } }
    var new = old
    var serial = 0
    for s in 0..<sections {
        var section = new[s]
        for _ in 0..<(rows / 10) { section.remove(at: Int.random(in: 0..<section.count, using: &random)) }
        for _ in 0..<(rows / 10) {
            serial += 1
            section.insert("n\(s)-\(serial)", at: Int.random(in: 0...section.count, using: &random))
        }
        for _ in 0..<(rows / 50) {
            let row = section.remove(at: Int.random(in: 0..<section.count, using: &random))
            section.insert(row, at: Int.random(in: 0...section.count, using: &random))
        }
        new[s] = section
    }
    return (old, new)
}

/// Part 4's shapes, each with its name; the pairs come from one seed of their own, so every run (and
/// `diff-pairs`) makes the same states.
let diffShapes = [("1x10k", 1, 10_000), ("1x100k", 1, 100_000), ("1x1m", 1, 1_000_000), ("10x10k", 10, 10_000)]

/// Part 4: the snapshot diff, with how its cost grows.
func benchmarkDiff() throws {
    var random = SeededGenerator(seed: 4)
    for (name, sections, rows) in diffShapes {
        let (old, new) = diffPair(sections: sections, rows: rows, using: &random)
        var times: [Double] = []
        var edits: [Edit] = []
        let count = rows >= 1_000_000 ? 5 : runs
        for _ in 0..<(count + warmUpRuns) {
            let start = now()
            edits = try SnapshotDiff.batch(from: old, to: new)
            times.append(now() - start)
        }
        times.removeFirst(warmUpRuns)
        var model = TableModel(sections: old.map { Section(rows: $0) })
        model.begin()
        for edit in edits { _ = try model.perform(edit) }
        _ = try model.end()
        let exact = model.dataSource.map(\.rows.texts) == new
        let moves = edits.filter { if case .moveRow = $0 { true } else { false } }.count
        print(
            "diff \(name), \(sections) × \(rows) rows: median \(milliseconds(median(times))), min \(milliseconds(times.min() ?? 0)) (\(count) runs); \(edits.count) edits, \(moves) moves; applied: \(exact ? "the new state exactly" : "NOT the new state")"
        )
    }
}

/// `diff-pairs DIR`: part 4's pairs as JSON (their texts need no escaping).
func writeDiffPairs(to directory: String) throws {
    var random = SeededGenerator(seed: 4)
    func json(_ table: [[String]]) -> String {
        "[" + table.map { "[" + $0.map { "\"\($0)\"" }.joined(separator: ",") + "]" }.joined(separator: ",") + "]\n"
    }
    for (name, sections, rows) in diffShapes {
        let (old, new) = diffPair(sections: sections, rows: rows, using: &random)
        try json(old).write(toFile: "\(directory)/\(name).old.json", atomically: true, encoding: .utf8)
        try json(new).write(toFile: "\(directory)/\(name).new.json", atomically: true, encoding: .utf8)
    }
}

Host.fixAllocatorThresholds()
HugePages.adviser = Host.adviseHugePages

do {
    try main()
} catch {
    print("benchmark failed: \(error)")
}
