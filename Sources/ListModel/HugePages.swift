#if os(Linux)
    import Glibc
#endif

/// Lets the rows of a large section fill huge pages as they come. When a section of a million rows
/// outgrows its array, the array moves to a fresh region twice its size, and the kernel faults the
/// half no row has reached yet in 4 KiB at a time as rows are appended: a page fault every 256 rows.
/// Advising that half (`MADV_HUGEPAGE`, which Linux honours when transparent huge pages are set to
/// `always` or `madvise`) lets each whole 2 MiB of it come in one fault.
///
/// Only the unwritten part: the rows the growth moved in have faulted their pages in already. A
/// hint only: the rows are the same with it or without it, and where there are no huge pages (another
/// platform, or a kernel that has them off) it does nothing.
enum HugePages {
    /// The size of a huge page on x86-64 and arm64 with 4 KiB pages.
    static let size = 2 << 20

    /// Advises the capacity of `rows` beyond its count, where that holds whole huge pages. For just
    /// after `rows` grew.
    static func adviseUnwrittenCapacity(of rows: [String]) {
        #if os(Linux)
            let stride = MemoryLayout<String>.stride
            guard rows.capacity * stride >= 2 * size else { return }
            rows.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                let mask = UInt(size - 1)
                let first = (UInt(bitPattern: base) + UInt(buffer.count * stride) + mask) & ~mask
                let last = (UInt(bitPattern: base) + UInt(rows.capacity * stride)) & ~mask
                guard last > first, let address = UnsafeMutableRawPointer(bitPattern: first) else { return }
                _ = madvise(address, Int(last - first), MADV_HUGEPAGE)
            }
        #endif
    }
}

extension Array where Element == String {
    /// `append(_:)` for a section's rows: when the array grows, what it has not filled yet is advised
    /// for huge pages (see `HugePages`).
    mutating func appendRow(_ row: consuming String) {
        let before = capacity
        append(row)
        if capacity != before { HugePages.adviseUnwrittenCapacity(of: self) }
    }

    /// `append(contentsOf:)` for a section's rows, advising as `appendRow` does.
    mutating func appendRows(_ rows: [String]) {
        let before = capacity
        append(contentsOf: rows)
        if capacity != before { HugePages.adviseUnwrittenCapacity(of: self) }
    }

    /// `insert(_:at:)` for a section's rows, advising as `appendRow` does.
    mutating func insertRow(_ row: consuming String, at index: Int) {
        let before = capacity
        insert(row, at: index)
        if capacity != before { HugePages.adviseUnwrittenCapacity(of: self) }
    }
}
