import Testing

@testable import ListModel

#if os(Linux)
    import Glibc

    /// A large section's rows grow into memory advised for huge pages, and stay the rows they were.
    /// (Only where the kernel has transparent huge pages: elsewhere the advice is refused, as meant.)
    @Suite(.enabled(if: access("/sys/kernel/mm/transparent_hugepage/enabled", F_OK) == 0), .serialized)
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

        /// The whole of a file read to its end: Foundation's `String(contentsOfFile:)` stops after
        /// the first 4 KB of a `/proc` file, which reports its size as 0.
        static func read(_ path: String) throws -> [UInt8] {
            let fd = open(path, O_RDONLY)
            try #require(fd >= 0)
            defer { close(fd) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
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
            // Over 32 MiB, which glibc maps on its own however far its threshold has moved, and unmaps
            // when it is freed: advice given to an array before cannot linger where this one lands.
            var rows = [String](repeating: "row", count: 2_200_000)
            let capacity = rows.capacity
            var added = 0
            while rows.capacity == capacity {
                switch growth {
                case .append: rows.appendAdvising("row \(added)")
                case .insert: rows.insertAdvising("row \(added)", at: rows.count)
                case .appendContents: rows.appendAdvising(contentsOf: ["row \(added)"])
                }
                added += 1
            }
            #expect(rows.count == 2_200_000 + added && rows.first == "row" && rows.last == "row \(added - 1)")
            let (start, end) = rows.withUnsafeBufferPointer { buffer in
                let base = UInt(bitPattern: buffer.baseAddress)
                return (base, base + UInt(rows.capacity * MemoryLayout<String>.stride))
            }
            let flags = try Self.flags(overlapping: start, end)
            #expect(flags.contains { $0.split(separator: " ").contains("hg") }, "\(growth): \(flags)")
        }

        /// An array reserved whole before it is filled (the parser's statements) is advised whole.
        @Test func aReservedArrayIsAdvised() throws {
            var statements: [Int] = []
            statements.reserveAdvising(5_000_000)  // 40 MB, mapped on its own (above)
            let start = statements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
            let flags = try Self.flags(overlapping: start, start + UInt(statements.capacity * 8))
            #expect(flags.contains { $0.split(separator: " ").contains("hg") }, "\(flags)")
        }
    }
#endif
