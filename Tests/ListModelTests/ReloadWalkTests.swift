import Testing

@testable import ListModel

// The batch's checks take reloads in ascending order and work out each one's insert half through a walk
// (`ReloadDecomposition.Walk`) that moves cursors over the row deletes and inserts of its section instead of
// searching them for each reload. It must give what `insertHalf(of:)` gives, reload by reload.

/// A batch's explicit deletes, inserts and reloads, drawn at random: distinct and ascending each, as
/// `SortedOperations` and `withoutRepeats` leave them.
private struct DrawnBatch {
    var deletes: [UpdateItem] = []
    var inserts: [UpdateItem] = []
    var reloads: [UpdateItem] = []

    /// Up to `sections` sections of up to `rows` rows; section operations among them when `sectionOperations`.
    init(sections: Int, rows: Int, sectionOperations: Bool, using generator: inout SeededGenerator) {
        var operation = 0
        func draw(_ count: Int, sectionShare: Int) -> [UpdateItem] {
            var places = Set<[Int]>()
            for _ in 0..<count {
                let section = Int.random(in: 0..<sections, using: &generator)
                if sectionOperations && Int.random(in: 0..<100, using: &generator) < sectionShare {
                    places.insert([section, 1, 0])
                } else {
                    places.insert([section, 0, Int.random(in: 0..<rows, using: &generator)])
                }
            }
            // By section, a section's rows before the section itself, then by row (`UpdateItem.isBefore`).
            return places.sorted { $0.lexicographicallyPrecedes($1) }.map { place in
                operation += 1
                return place[1] == 1
                    ? .section(place[0], operation: operation) : .row(path(place[0], place[2]), operation: operation)
            }
        }
        deletes = draw(Int.random(in: 0...rows, using: &generator), sectionShare: 5)
        inserts = draw(Int.random(in: 0...rows, using: &generator), sectionShare: 5)
        reloads = draw(Int.random(in: 0...rows, using: &generator), sectionShare: 10)
    }
}

@Suite("Reload decomposition: the walk over ascending reloads")
struct ReloadWalkTests {
    @Test(
        "the walk says what isExplicitlyDeleted and insertHalf(of:) say, reload by reload",
        arguments: [(1, 8, false), (3, 20, false), (6, 200, false), (3, 20, true), (6, 200, true)])
    func walkGivesWhatInsertHalfGives(sections: Int, rows: Int, sectionOperations: Bool) {
        var generator = SeededGenerator(seed: UInt64(sections * 1000 + rows))
        for _ in 0..<200 {
            let batch = DrawnBatch(
                sections: sections, rows: rows, sectionOperations: sectionOperations, using: &generator)
            let decomposition = ReloadDecomposition(explicitDeletes: batch.deletes, explicitInserts: batch.inserts)
            var walk = decomposition.walk()
            for reload in batch.reloads {
                #expect(walk.isExplicitlyDeleted(reload) == decomposition.isExplicitlyDeleted(reload))
                let walked = walk.insertHalf(of: reload)
                let searched = decomposition.insertHalf(of: reload)
                #expect(
                    walked.path == searched.path && walked.isSection == searched.isSection
                        && walked.operation == searched.operation && walked.isFromReload,
                    "reload \(reload.path): walked to \(walked.path), searched \(searched.path)")
            }
        }
    }

    @Test("a reload out of order is worked out on its own, and the walk goes on from where it was")
    func reloadOutOfOrder() {
        let deletes: [UpdateItem] = [.row(path(0, 1), operation: 0), .row(path(0, 5), operation: 1)]
        let inserts: [UpdateItem] = [.row(path(0, 0), operation: 2), .row(path(0, 6), operation: 3)]
        let decomposition = ReloadDecomposition(explicitDeletes: deletes, explicitInserts: inserts)
        var walk = decomposition.walk()
        for row in [7, 2, 8, 3, 5, 9] {
            let reload = UpdateItem.row(path(0, row), operation: 4)
            #expect(walk.isExplicitlyDeleted(reload) == decomposition.isExplicitlyDeleted(reload))
            #expect(walk.insertHalf(of: reload).path == decomposition.insertHalf(of: reload).path)
        }
    }
}
