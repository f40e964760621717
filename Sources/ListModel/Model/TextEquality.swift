/// How the model compares texts: byte for byte, by their UTF-8.
///
/// Swift's `String ==` says "é" (U+00E9) and "e" + U+0301 are equal, because they are canonically
/// equivalent. A learner who reloads one with the other has changed the row's text, and expects undo to
/// give the old bytes back; UIKit compares what the app compares, and an app's `NSString` identifiers
/// (`isEqual:`) compare code units, not canonical forms. So rows, titles, diffable identifiers and the
/// duplicates checks all use this one equality, and `TextKey` hashes the same way.
public enum TextEquality {
    /// Whether two texts are the same bytes: compared in place, eight bytes at a time (a native string's
    /// bytes are contiguous; walking the UTF-8 view a byte at a time made comparing a 100,000-row section,
    /// as `undo` does to check the rows came back, most of the statement's time).
    @inlinable
    public static func same(_ a: String, _ b: String) -> Bool {
        // Copies of one text (a row copied into the next table) are the same value, bit for bit: its bytes
        // inline, or the same storage.
        if sameRepresentation(a, b) { return true }
        let inPlace = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in sameBytes(UnsafeRawBufferPointer(x), UnsafeRawBufferPointer(y)) }
        }
        if let inPlace, let inPlace { return inPlace }
        return a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
    }

    /// Whether two texts are the same value, bit for bit (then they are the same bytes; two texts with the
    /// same bytes may still be different values, so false says nothing).
    @inlinable
    public static func sameRepresentation(_ a: String, _ b: String) -> Bool {
        withUnsafeBytes(of: a) { x in withUnsafeBytes(of: b) { y in sameBytes(x, y) } }
    }

    /// Whether two runs of bytes are equal, eight at a time.
    @inlinable
    public static func sameBytes(_ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer) -> Bool {
        let count = x.count
        guard count == y.count else { return false }
        guard count > 0, let p = x.baseAddress, let q = y.baseAddress, p != q else { return true }
        var i = 0
        while i + 8 <= count {
            if p.loadUnaligned(fromByteOffset: i, as: UInt64.self) != q.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
                return false
            }
            i += 8
        }
        while i < count {
            if x[i] != y[i] { return false }
            i += 1
        }
        return true
    }

    /// Whether two optional texts are both absent or the same bytes.
    @inlinable
    public static func same(_ a: String?, _ b: String?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let a?, let b?): same(a, b)
        default: false
        }
    }

    /// Whether two lists of texts are the same texts in the same order. Two lists that share their storage
    /// (a section a commit did not touch, in the tables before and after it) are the same at once: comparing
    /// a million-row table after a one-row change costs the changed section, not the table.
    ///
    /// Two lists that do not share it are compared a block of texts at a time as the bytes of the values
    /// themselves: rows copied from one table into the next are the same values bit for bit, so a block that
    /// is the same bytes is the same texts; only a block that differs is compared text by text. (Text by
    /// text, each row was copied out and released again: comparing a million-row section took several
    /// milliseconds of an `undo`.)
    @inlinable
    public static func same(_ a: [String], _ b: [String]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in same(x, y) } }
    }

    /// Whether two runs of texts in memory are the same texts in the same order, as two lists compare.
    @inlinable
    public static func same(_ x: UnsafeBufferPointer<String>, _ y: UnsafeBufferPointer<String>) -> Bool {
        guard x.count == y.count else { return false }
        return forEachDifferingBlock(x, y) { block in block.allSatisfy { same(x[$0], y[$0]) } }
    }

    /// Calls `body` with each block of up to 64 positions where two runs of texts of one length are not
    /// the same values bit for bit, in order, until it returns false; returns false when it did. Texts
    /// outside those blocks are the same values, so the same texts; inside one, any may still be.
    @inlinable
    public static func forEachDifferingBlock(
        _ x: UnsafeBufferPointer<String>, _ y: UnsafeBufferPointer<String>, _ body: (Range<Int>) -> Bool
    ) -> Bool {
        guard let p = x.baseAddress, let q = y.baseAddress, p != q else { return true }
        let stride = MemoryLayout<String>.stride
        var start = 0
        while start < x.count {
            let end = min(start + 64, x.count)
            let count = (end - start) * stride
            let bits = sameBytes(
                UnsafeRawBufferPointer(start: UnsafeRawPointer(p + start), count: count),
                UnsafeRawBufferPointer(start: UnsafeRawPointer(q + start), count: count))
            if !bits && !body(start..<end) { return false }
            start = end
        }
        return true
    }

    /// Orders texts by their bytes (for UTF-8 that is the order of their code points).
    @inlinable
    public static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}

/// A text as a key of a set or a dictionary: equal to another and hashed by its bytes (`TextEquality`).
public struct TextKey: Hashable, Sendable {
    public let text: String

    /// The key of `text`.
    @inlinable public init(_ text: String) { self.text = text }

    @inlinable public static func == (a: TextKey, b: TextKey) -> Bool { TextEquality.same(a.text, b.text) }

    /// Hashes the text's bytes at once where they are contiguous (a native string's always are), else
    /// the same bytes copied out: equal keys hash alike either way.
    @inlinable public func hash(into hasher: inout Hasher) {
        hasher.combine(text.utf8.count)
        let inPlace: Void? = text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if inPlace == nil { Array(text.utf8).withUnsafeBytes { hasher.combine(bytes: $0) } }
    }
}
