/// Lets large arrays fill huge pages as they are written. The parser's statements and a script's bytes
/// go into regions reserved whole and written once, which the kernel would fault in 4 KiB at a time: a
/// page fault every 256 rows of 16 bytes. (A section's rows are chunks of 64 KiB, `Rows`, too small for a
/// huge page; when they were one array, each doubling of a million-row section was advised.) Advising
/// such a region before it is written (`MADV_HUGEPAGE`, which Linux honours when transparent huge pages
/// are set to `always` or `madvise`) lets each whole 2 MiB of it come in one fault.
///
/// Only the unwritten part: pages already written keep the pages they have. A hint only: the contents
/// are the same with it or without it, and where there are no huge pages (another platform, or a kernel
/// that has them off) it does nothing.
///
/// The advice itself is the system's: the command installs its platform layer's (`adviser`). The library
/// knows no system, so without one (WebAssembly, the tests) nothing is advised.
public enum HugePages {
    /// The size of a huge page on x86-64 and arm64 with 4 KiB pages.
    @usableFromInline static let size = 2 << 20

    /// Advises `byteCount` bytes from a start aligned to `size` (Linux's `madvise(MADV_HUGEPAGE)`); set
    /// once by the command before any work, nil where nothing is advised.
    nonisolated(unsafe) public static var adviser: ((UnsafeMutableRawPointer, Int) -> Void)? = nil

    /// Advises the capacity of `array` beyond its count, where that holds whole huge pages: for just
    /// after `array` grew or reserved its capacity. Inlined, so an array too small to hold one never
    /// makes a call.
    @inlinable
    public static func adviseUnwrittenCapacity<Element>(of array: [Element]) {
        let stride = MemoryLayout<Element>.stride
        guard array.capacity * stride >= 2 * size else { return }
        array.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            advise(
                UnsafeMutableRawPointer(mutating: base) + buffer.count * stride,
                byteCount: (array.capacity - buffer.count) * stride)
        }
    }

    /// Advises the part of `buffer` that holds whole huge pages: for a buffer about to be written.
    public static func advise(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count >= 2 * size else { return }
        advise(base, byteCount: buffer.count)
    }

    /// Advises the whole huge pages within `byteCount` bytes from `start` (rounded inwards, so nothing
    /// outside the region is advised).
    @usableFromInline
    static func advise(_ start: UnsafeMutableRawPointer, byteCount: Int) {
        guard let adviser else { return }
        let mask = UInt(size - 1)
        let first = (UInt(bitPattern: start) + mask) & ~mask
        let last = (UInt(bitPattern: start) + UInt(byteCount)) & ~mask
        guard last > first, let address = UnsafeMutableRawPointer(bitPattern: first) else { return }
        adviser(address, Int(last - first))
    }
}

/// Helpers for the other large arrays, which are not a section's rows (those grow through `Rows`, which
/// advises them itself): the parser's statements and list literals, a list value's elements, the texts
/// of a script's rows before they become a section. Each writes out the capacity check: one shared
/// through a closure cost `loop-1m` 4% more instructions (callgrind).
extension Array {
    /// `reserveCapacity(_:)` for an array about to be filled: the capacity is advised for huge pages
    /// (see `HugePages`).
    @inlinable
    public mutating func reserveAdvising(_ minimumCapacity: Int) {
        reserveCapacity(minimumCapacity)
        HugePages.adviseUnwrittenCapacity(of: self)
    }

    /// `append(_:)` for an array that may grow large: when it grows, what it has not filled yet is
    /// advised for huge pages (see `HugePages`).
    @inlinable
    public mutating func appendAdvising(_ element: consuming Element) {
        let before = capacity
        append(element)
        if capacity != before { HugePages.adviseUnwrittenCapacity(of: self) }
    }
}
