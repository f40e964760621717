import Testing

@testable import ListModel

// A batch's operations are sorted by packed place keys (`RadixOrder`): each key and its position packed in
// one 64-bit integer and sorted a digit at a time. The order must be the stable order of the keys.

@Suite("Radix order of packed keys")
struct RadixOrderTests {
    /// The stable order of `keys` by comparisons: the judge.
    private func stableOrderByComparison(_ keys: [UInt64]) -> [Int] {
        keys.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
    }

    @Test(
        "gives the stable order of the keys",
        arguments: [
            (0, 5), (1, 5), (2, 1), (7, 0), (100, 1), (1000, 3), (5000, 11), (5000, 12), (20000, 22), (3000, 33),
            (300, 40),
        ])
    func givesTheStableOrder(count: Int, keyBits: Int) throws {
        var generator = SeededGenerator(seed: UInt64(count * 100 + keyBits))
        let largest: UInt64 = keyBits == 0 ? 0 : UInt64.max >> (64 - keyBits)
        // Few distinct keys too, so many positions share one and stability shows.
        for distinct in [2, count + 1] {
            let choices = (0..<distinct).map { _ in UInt64.random(in: 0...largest, using: &generator) }
            let keys = (0..<count).map { _ in choices[Int.random(in: 0..<distinct, using: &generator)] }
            let order = try #require(RadixOrder.stableOrder(of: keys, keyBits: keyBits))
            #expect(order == stableOrderByComparison(keys))
        }
    }

    @Test("is nil when a key and a position do not fit in 64 bits together")
    func nilWhenTooWide() {
        let keys: [UInt64] = [3, 1, 2, 0, 1]  // positions take 3 bits
        #expect(RadixOrder.stableOrder(of: keys, keyBits: 61) == [3, 1, 4, 2, 0])
        #expect(RadixOrder.stableOrder(of: keys, keyBits: 62) == nil)
    }
}
