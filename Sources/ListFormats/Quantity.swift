/// Sizes and counts as messages print them: `256 MiB`, `4.2 GiB`, `16,777,216`.
package enum Quantity {
    /// `bytes` as a person reads a size: `256 MiB`, `1 GiB`, `1,000 bytes`.
    package static func describe(bytes: Int) -> String {
        for (shift, unit) in [(30, "GiB"), (20, "MiB"), (10, "KiB")]
        where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return "\(bytes >> shift) \(unit)"
        }
        return "\(grouped(bytes)) byte\(bytes == 1 ? "" : "s")"
    }

    /// `bytes` rounded for a message: `4.2 GiB`, `512.0 MiB`.
    package static func approximate(bytes: Int) -> String {
        let units = [(30, "GiB"), (20, "MiB"), (10, "KiB")]
        for (shift, unit) in units where bytes >= 1 << shift {
            // In 64 bits: ten times 215 MB is past what an `Int` holds in WebAssembly.
            let tenths = (Int64(bytes) &* 10) >> shift
            return "\(tenths / 10).\(tenths % 10) \(unit)"
        }
        return "\(bytes) bytes"
    }

    /// What a memory limit's message says is used: `listdsl is using 4.2 GiB`, and when a buffer about to
    /// grow needs `more`, `and needs 64.0 MiB more`.
    package static func using(_ used: Int, more: Int = 0) -> String {
        "listdsl is using \(approximate(bytes: used))" + (more > 0 ? " and needs \(approximate(bytes: more)) more" : "")
    }

    /// `n` with thousands separated by commas: `16,777,216`.
    package static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return (n < 0 ? "-" : "") + out
    }
}
