// `listdsl-bench hugepages`: checks that the kernel took the huge-page advice for large arrays, each way
// they grow, by reading this process's own mappings. Exits 1, saying which way failed, when the advice is
// missing on a kernel with transparent huge pages; says it is skipped anywhere else. `bench/run.sh` runs it.
import ListModel

import Platform

/// The huge-page check, one line per way an array grows.
enum HugePagesCheck {
    /// The control array's texts: 8 MB, so that when it doubles the part not yet written holds whole
    /// 2 MiB pages (smaller arrays are never advised). A section's rows are chunks of 64 KiB (`Rows`),
    /// which hold no huge page, so they are not among the ways.
    static let startingRows = 500_000

    /// Runs the check; returns the exit status.
    static func run() -> Int32 {
        // No such file where there are no transparent huge pages: another kernel, or macOS.
        let setting = "/sys/kernel/mm/transparent_hugepage/enabled"
        guard let mode = try? read(setting) else {
            print("huge pages: skipped: this kernel has no transparent huge pages (no \(setting))")
            return 0
        }
        let selected =
            String(decoding: mode, as: UTF8.self).split(separator: " ")
            .first { $0.hasPrefix("[") }.map { String($0.dropFirst().dropLast()) } ?? "unknown"
        print("huge pages: transparent huge pages are '\(selected)' here")
        return check()
    }

    /// The ways, in an order that keeps the verdicts honest: every array advised stays alive to the
    /// end, so no later array can land in memory advised before it; the plain array goes first, before
    /// anything is advised.
    static func check() -> Int32 {
        var kept: [Any] = []
        var failures = 0
        /// Prints `way`'s verdict; `region` is the array's storage, `advised` whether it should be.
        func verdict(_ way: String, _ region: (start: UInt, end: UInt), advised: Bool) {
            let flags: [String]
            do {
                flags = try mappingFlags(overlapping: region.start, region.end)
            } catch {
                print("huge pages: FAILED: cannot read /proc/self/smaps: \(error)")
                failures += 1
                return
            }
            let isAdvised = flags.contains { $0.split(separator: " ").contains("hg") }
            let megabytes = (region.end - region.start) >> 20
            if isAdvised == advised {
                print("huge pages: ok: \(way) (\(megabytes) MiB): \(advised ? "advised" : "not advised, as meant")")
            } else if advised {
                print("huge pages: FAILED: \(way) (\(megabytes) MiB) is not advised (VmFlags: \(flags))")
                failures += 1
            } else {
                print("huge pages: FAILED: \(way) is advised though nothing advised it: this check cannot tell")
                failures += 1
            }
        }

        // The control: a plain array grown the same way is not advised, so "advised" below means
        // the advice was given (and the kernel keeps it), not that every large mapping shows it.
        var plain = [String](repeating: "row", count: startingRows)
        let plainStart = region(of: plain)
        while region(of: plain).start == plainStart.start { plain.append("row") }
        verdict("a plain [String] grown by append", region(of: plain), advised: false)
        kept.append(plain)

        // An array reserved whole before it is written (the parser's statements).
        var statements: [Int] = []
        statements.reserveAdvising(5_000_000)
        verdict("an array reserved whole by reserveAdvising", region(of: statements), advised: true)
        kept.append(statements)

        withExtendedLifetime(kept) {}
        print(failures == 0 ? "huge pages: every way is as expected" : "huge pages: \(failures) way(s) FAILED")
        return failures == 0 ? 0 : 1
    }

    /// Where `array`'s storage lies, its whole capacity.
    static func region<Element>(of array: [Element]) -> (start: UInt, end: UInt) {
        let start = array.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        return (start, start + UInt(array.capacity * MemoryLayout<Element>.stride))
    }

    /// The `VmFlags` of this process's mappings that overlap `start..<end` (`hg`: advised for huge pages).
    static func mappingFlags(overlapping start: UInt, _ end: UInt) throws -> [String] {
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

    /// Why a file could not be read.
    struct ReadError: Error, CustomStringConvertible {
        let path: String
        let code: Int32
        var description: String { "\(path): \(String(cString: strerror(code)))" }
    }

    /// The whole of a file read to its end (a `/proc` file reports its size as 0).
    static func read(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw ReadError(path: path, code: errno) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Host.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw ReadError(path: path, code: errno) }
            guard n > 0 else { break }
            bytes += chunk[..<n]
        }
        return bytes
    }
}
