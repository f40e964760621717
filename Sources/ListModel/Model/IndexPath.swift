/// An index path as UIKit's `NSIndexPath` has it: a section and a row.
///
/// Ordering is `NSIndexPath compare:`: by section, then by row. A section operation is an index
/// path whose row is `notFound`, so it sorts after every row of its section.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var row: Int

    /// Creates the index path `section:row`.
    public init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    /// UIKit's `NSNotFound`, the row of a section operation's index path.
    public static let notFound: Int = Int.max

    /// The index path UIKit uses for a whole section: `section - NSNotFound`.
    public static func forSection(_ section: Int) -> IndexPath {
        IndexPath(section: section, row: notFound)
    }

    /// Orders by section, then row, as `NSIndexPath compare:` does.
    public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
        lhs.section != rhs.section ? lhs.section < rhs.section : lhs.row < rhs.row
    }

    /// `<NSIndexPath> {length = 2, path = S - R}`, the form UIKit's messages print (without the address).
    public var description: String {
        "<NSIndexPath> {length = 2, path = \(section) - \(printedRow)}"
    }

    /// `NSNotFound` as a 64-bit device prints it, 9223372036854775807, wherever this runs (an `Int` has 32
    /// bits in WebAssembly, where `notFound` printed 2147483647).
    public static let printedNotFound = "9223372036854775807"

    /// The row as UIKit prints it: a section operation's `NSNotFound` as a 64-bit device has it.
    public var printedRow: String {
        row == IndexPath.notFound ? IndexPath.printedNotFound : String(row)
    }

    /// `S:R`, as the language writes an index path and every message of ours names one.
    public var notation: String { "\(section):\(row)" }
}
