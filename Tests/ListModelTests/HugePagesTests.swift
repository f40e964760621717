import Testing

@testable import ListModel

#if os(Linux)
    import Glibc

    /// A large section's rows grow into memory advised for huge pages, and stay the rows they were.
    /// (Only where the kernel has transparent huge pages: elsewhere the advice is refused, as meant.)
    @Suite(.enabled(if: access("/sys/kernel/mm/transparent_hugepage/enabled", F_OK) == 0))
    struct HugePagesTests {
        /// The `VmFlags` of the mappings of this process that overlap `start..<end` (`hg`: advised
        /// for huge pages).
        static func flags(overlapping start: UInt, _ end: UInt) throws -> [String] {
            let smaps = String(decoding: try read("/proc/self/smaps"), as: UTF8.self)
            var flags: [String] = []
            var overlaps = false
            for line in smaps.split(separator: "\n") {
                if let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
                    let low = UInt(line[..<dash], radix: 16),
                    let high = UInt(line[line.index(after: dash)..<space], radix: 16)
                {
                    overlaps = low < end && start < high
                } else if overlaps, line.hasPrefix("VmFlags:") {
                    flags.append(String(line.dropFirst("VmFlags:".count)))
                }
            }
            return flags
        }

        static func read(_ path: String) throws -> [UInt8] {
            let fd = open(path, O_RDONLY)
            try #require(fd >= 0)
            defer { close(fd) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                guard n > 0 else { break }
                bytes += chunk[..<n]
            }
            return bytes
        }

        /// The ways a section's rows grow one by one.
        enum Growth: CaseIterable {
            case append, insert, appendContents
        }

        @Test(arguments: Growth.allCases)
        func theUnwrittenPartOfAGrownSectionIsAdvised(_ growth: Growth) throws {
            var rows: [String] = []
            // 400,000 rows of 16 bytes: the last growth leaves 4 MiB and more unwritten.
            for i in 0..<400_000 {
                switch growth {
                case .append: rows.appendAdvising("row \(i)")
                case .insert: rows.insertAdvising("row \(i)", at: rows.count)
                case .appendContents: rows.appendAdvising(contentsOf: ["row \(i)"])
                }
            }
            #expect(rows.count == 400_000 && rows.first == "row 0" && rows.last == "row 399999")
            let (start, end) = rows.withUnsafeBufferPointer { buffer in
                let base = UInt(bitPattern: buffer.baseAddress)
                return (base, base + UInt(rows.capacity * MemoryLayout<String>.stride))
            }
            let flags = try Self.flags(overlapping: start, end)
            #expect(flags.contains { $0.split(separator: " ").contains("hg") }, "\(growth): \(flags)")
        }
    }
#endif
