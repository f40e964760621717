extension Collection {
    /// The first index whose element satisfies `predicate`, which must be false for a prefix of the
    /// collection and true for the rest (binary search).
    func partitioningIndex(where predicate: (Element) -> Bool) -> Index {
        var low = startIndex
        var length = count
        while length > 0 {
            let half = length / 2
            let middle = index(low, offsetBy: half)
            if predicate(self[middle]) {
                length = half
            } else {
                low = index(after: middle)
                length -= half + 1
            }
        }
        return low
    }
}

extension Array where Element == Int {
    /// How many elements are less than `value`; the array is sorted ascending.
    func countLess(than value: Int) -> Int {
        partitioningIndex { $0 >= value }
    }

    /// True when this ascending array contains `value`.
    func containsSorted(_ value: Int) -> Bool {
        let index = countLess(than: value)
        return index < count && self[index] == value
    }

    /// Where `position` lands after inserts at these indexes (sorted, distinct, in the final index
    /// space), as UIKit's ascending loop `if inserted <= position { position += 1 }` moves it.
    /// Saturates at `Int.max` rather than trap.
    func shiftedByInserts(_ position: Int) -> Int {
        // Element j moves the position iff self[j] <= position + j, i.e. self[j] - j <= position;
        // self[j] - j never decreases along a sorted distinct array, so binary search the prefix.
        var low = 0
        var high = count
        while low < high {
            let middle = low + (high - low) / 2
            if self[middle] - middle <= position { low = middle + 1 } else { high = middle }
        }
        let (shifted, overflow) = position.addingReportingOverflow(low)
        return overflow ? Int.max : shifted
    }

    /// For each element of this sorted distinct array, the lowest element of the run of consecutive
    /// integers it belongs to (`[2, 3, 4, 7, 8]` gives `[2, 2, 2, 7, 7]`).
    func startsOfConsecutiveRuns() -> [Int] {
        var starts: [Int] = []
        starts.reserveCapacity(count)
        for (index, value) in enumerated() {
            if index > 0, self[index - 1] == value - 1 {
                starts.append(starts[index - 1])
            } else {
                starts.append(value)
            }
        }
        return starts
    }

    /// The lowest element of the run of consecutive integers containing `value` in this sorted
    /// distinct array, given its `startsOfConsecutiveRuns()`; nil when `value` is not in it.
    func runStart(containing value: Int, runStarts: [Int]) -> Int? {
        let index = countLess(than: value)
        guard index < count, self[index] == value else { return nil }
        return runStarts[index]
    }
}

extension Array where Element == IndexPath {
    /// True when this ascending array contains `path`.
    func containsSorted(_ path: IndexPath) -> Bool {
        let index = partitioningIndex { $0 >= path }
        return index < count && self[index] == path
    }

    /// True when this ascending array has a path in `section`.
    func containsSection(_ section: Int) -> Bool {
        let index = partitioningIndex { $0.section >= section }
        return index < count && self[index].section == section
    }

    /// The paths of section `section`, from this ascending array.
    func slice(ofSection section: Int) -> ArraySlice<IndexPath> {
        let start = partitioningIndex { $0.section >= section }
        return self[start..<self[start...].partitioningIndex { $0.section > section }]
    }

    /// `a` and `b`, both ascending, merged into one ascending array without duplicates.
    static func mergingSorted(_ a: [IndexPath], _ b: [IndexPath]) -> [IndexPath] {
        mergeSorted(a, b, isBefore: <) { merged, next in if merged.last != next { merged.append(next) } }
    }
}

/// `a` and `b`, both ascending by `isBefore`, merged into one ascending array: each element in turn,
/// `a`'s first when neither is before the other, is handed to `add`, which appends it or merges it
/// with the last one.
func mergeSorted<T>(
    _ a: [T], _ b: [T], isBefore: (T, T) -> Bool, add: (inout [T], T) -> Void
) -> [T] {
    var merged: [T] = []
    merged.reserveCapacity(a.count + b.count)
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
        if j == b.count || (i < a.count && !isBefore(b[j], a[i])) {
            add(&merged, a[i])
            i += 1
        } else {
            add(&merged, b[j])
            j += 1
        }
    }
    return merged
}

extension ArraySlice where Element == IndexPath {
    /// How many paths of this slice (one section, ascending) have a row not greater than `row`.
    func countRows(notGreaterThan row: Int) -> Int {
        partitioningIndex { $0.row > row } - startIndex
    }

    /// Where row `position` lands after inserts at these rows (one section, ascending, distinct, final
    /// index space), as UIKit's ascending loop moves it; see `Array<Int>.shiftedByInserts`.
    func rowShiftedByInserts(_ position: Int) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = low + (high - low) / 2
            if self[startIndex + middle].row - middle <= position { low = middle + 1 } else { high = middle }
        }
        let (shifted, overflow) = position.addingReportingOverflow(low)
        return overflow ? Int.max : shifted
    }
}

extension Array {
    /// `filter(isIncluded).map(transform)` in one array, reserved for exactly the elements included:
    /// `filter` grows its result by doubling, copying it each time (a batch of 100,000 operations filters
    /// arrays of tens of thousands of items a dozen times).
    func mapping<T>(where isIncluded: (Element) -> Bool, _ transform: (Element) -> T) -> [T] {
        var count = 0
        for element in self where isIncluded(element) { count += 1 }
        var result: [T] = []
        result.reserveCapacity(count)
        for element in self where isIncluded(element) { result.append(transform(element)) }
        return result
    }

    /// The positions of this array's elements in stable order of `keys` (applied least significant
    /// first): an LSD radix sort of positions, one counting pass per byte of each criterion's
    /// largest key, none when all its keys are equal; O(count × bytes). Keys should not be negative;
    /// if one is, that criterion falls back to a comparison sort (stable through the current order).
    func stableOrder(by keys: [(Element) -> Int]) -> [Int] {
        var order = Array<Int>(indices)
        guard count > 1 else { return order }
        var sortedOrder = order
        var criterionKeys = [Int](repeating: 0, count: count)
        var sortedKeys = criterionKeys
        var counts = [Int](repeating: 0, count: 257)
        for key in keys {
            for (rank, position) in order.enumerated() { criterionKeys[rank] = key(self[position]) }
            guard let smallest = criterionKeys.min(), let largest = criterionKeys.max(), largest > smallest else {
                continue
            }
            guard smallest >= 0 else {
                let ranks = criterionKeys.indices.sorted {
                    criterionKeys[$0] != criterionKeys[$1] ? criterionKeys[$0] < criterionKeys[$1] : $0 < $1
                }
                order = ranks.map { order[$0] }
                continue
            }
            var shift = 0
            while shift < Int.bitWidth && largest >> shift > 0 {
                counts.withUnsafeMutableBufferPointer { counts in
                    criterionKeys.withUnsafeBufferPointer { keys in
                        order.withUnsafeBufferPointer { order in
                            sortedKeys.withUnsafeMutableBufferPointer { sortedKeys in
                                sortedOrder.withUnsafeMutableBufferPointer { sortedOrder in
                                    for index in counts.indices { counts[index] = 0 }
                                    for key in keys { counts[(key >> shift) & 0xFF + 1] += 1 }
                                    for index in 1..<counts.count { counts[index] += counts[index - 1] }
                                    for rank in keys.indices {
                                        let digit = (keys[rank] >> shift) & 0xFF
                                        let target = counts[digit]
                                        counts[digit] = target + 1
                                        sortedOrder[target] = order[rank]
                                        sortedKeys[target] = keys[rank]
                                    }
                                }
                            }
                        }
                    }
                }
                swap(&order, &sortedOrder)
                swap(&criterionKeys, &sortedKeys)
                shift += 8
            }
        }
        return order
    }
}

/// A stable sort of positions by small non-negative integer keys, each key and its position packed into
/// one 64-bit integer: the key above, the position below. Sorting those integers by the key's bits, a
/// digit of 11 bits at a time from the lowest (an LSD radix sort, stable, over integers already in
/// position order), leaves them in order of key, then position. A pass moves one array of integers, and
/// a digit every key shares is skipped.
enum RadixOrder {
    /// Bits of a digit: 2,048 counters, two passes for keys of up to 22 bits.
    static let digitBits = 11

    /// The positions `0..<keys.count` in stable order of `keys`, each below `1 << keyBits`; nil when a key
    /// and a position do not fit in 64 bits together.
    static func stableOrder(of keys: [UInt64], keyBits: Int) -> [Int]? {
        let count = keys.count
        let positionBits = count <= 1 ? 0 : UInt64.bitWidth - UInt64(count - 1).leadingZeroBitCount
        guard keyBits >= 0 && keyBits + positionBits <= UInt64.bitWidth else { return nil }
        var packed: [UInt64] = []
        packed.reserveCapacity(count)
        for (position, key) in keys.enumerated() { packed.append(key << positionBits | UInt64(position)) }
        var scratch = [UInt64](repeating: 0, count: count)
        var counts = [Int](repeating: 0, count: 1 << digitBits)
        let digitMask = UInt64(1 << digitBits - 1)
        var shift = positionBits
        while shift < positionBits + keyBits {
            let moved = packed.withUnsafeBufferPointer { from in
                scratch.withUnsafeMutableBufferPointer { to in
                    counts.withUnsafeMutableBufferPointer { counts in
                        pass(from, to, counts, shift: UInt64(shift), mask: digitMask)
                    }
                }
            }
            if moved { swap(&packed, &scratch) }
            shift += digitBits
        }
        let positionMask = positionBits == 0 ? 0 : UInt64.max >> (UInt64.bitWidth - positionBits)
        return packed.map { Int(truncatingIfNeeded: $0 & positionMask) }
    }

    /// One counting pass on the digit at `shift`: false, and nothing written, when every value has the same digit.
    private static func pass(
        _ from: UnsafeBufferPointer<UInt64>, _ to: UnsafeMutableBufferPointer<UInt64>,
        _ counts: UnsafeMutableBufferPointer<Int>, shift: UInt64, mask: UInt64
    ) -> Bool {
        for d in counts.indices { counts[d] = 0 }
        for value in from { counts[Int(truncatingIfNeeded: (value >> shift) & mask)] += 1 }
        var start = 0
        for d in counts.indices {
            let n = counts[d]
            if n == from.count { return false }
            counts[d] = start
            start += n
        }
        for value in from {
            let d = Int(truncatingIfNeeded: (value >> shift) & mask)
            to[counts[d]] = value
            counts[d] += 1
        }
        return true
    }
}
