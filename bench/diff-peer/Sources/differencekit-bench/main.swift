// DifferenceKit's StagedChangeset on the pairs `listdsl-bench diff-pairs DIR` wrote (DIR/NAME.old.json,
// DIR/NAME.new.json, in dump's format), timed in process as `listdsl-bench diff` times SnapshotDiff:
// median of 11 runs after 2 warm-up runs (5 for a million rows). Usage: differencekit-bench DIR NAME…
import DifferenceKit
import Foundation

extension String: Differentiable {}
extension Int: Differentiable {}

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

func read(_ path: String) throws -> [[String]] {
    try JSONDecoder().decode([[String]].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
}

let arguments = CommandLine.arguments.dropFirst()
guard let directory = arguments.first else {
    print("usage: differencekit-bench DIR NAME…")
    exit(64)
}
for name in arguments.dropFirst() {
    let old = try read("\(directory)/\(name).old.json")
    let new = try read("\(directory)/\(name).new.json")
    let rows = old.reduce(0) { $0 + $1.count }
    let runs = rows >= 1_000_000 ? 5 : 11
    var times: [Double] = []
    var stages = 0
    var moves = 0
    for _ in 0..<(runs + 2) {
        let start = now()
        if old.count == 1 {
            // One section: the flat collection form, as DifferenceKit's own benchmark runs it.
            let changeset = StagedChangeset(source: old[0], target: new[0])
            times.append(now() - start)
            stages = changeset.count
            moves = changeset.reduce(0) { $0 + $1.elementMoved.count }
        } else {
            let source = old.enumerated().map { ArraySection(model: $0.offset, elements: $0.element) }
            let target = new.enumerated().map { ArraySection(model: $0.offset, elements: $0.element) }
            let changeset = StagedChangeset(source: source, target: target)
            times.append(now() - start)
            stages = changeset.count
            moves = changeset.reduce(0) { $0 + $1.elementMoved.count }
        }
    }
    times.removeFirst(2)
    let median = times.sorted()[times.count / 2]
    print(
        String(
            format: "DifferenceKit StagedChangeset, %@: median %.1f ms, min %.1f ms (%d runs); %d stages, %d moves",
            name, median * 1000, (times.min() ?? 0) * 1000, runs, stages, moves))
}
