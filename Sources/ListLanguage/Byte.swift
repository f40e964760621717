import ListFormats
import ListModel

/// Byte values the lexer compares against.
package enum Byte {
    static let tab: UInt8 = 0x09
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let bang: UInt8 = 0x21
    static let quote: UInt8 = 0x22
    static let hash: UInt8 = 0x23
    static let percent: UInt8 = 0x25
    static let leftParen: UInt8 = 0x28
    static let rightParen: UInt8 = 0x29
    static let star: UInt8 = 0x2A
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let dot: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A
    static let semicolon: UInt8 = 0x3B
    static let less: UInt8 = 0x3C
    static let equal: UInt8 = 0x3D
    static let greater: UInt8 = 0x3E
    static let upperA: UInt8 = 0x41
    static let upperF: UInt8 = 0x46
    static let upperZ: UInt8 = 0x5A
    static let leftBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let rightBracket: UInt8 = 0x5D
    static let underscore: UInt8 = 0x5F
    static let lowerA: UInt8 = 0x61
    static let lowerB: UInt8 = 0x62
    static let lowerF: UInt8 = 0x66
    static let lowerN: UInt8 = 0x6E
    static let lowerR: UInt8 = 0x72
    static let lowerT: UInt8 = 0x74
    static let lowerU: UInt8 = 0x75
    static let lowerZ: UInt8 = 0x7A
    static let leftBrace: UInt8 = 0x7B
    static let rightBrace: UInt8 = 0x7D

    /// Letters, digits and `_`.
    @inline(__always)
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case lowerA...lowerZ, upperA...upperZ, zero...nine, underscore: true
        default: false
        }
    }

    /// The value of a hex digit, or nil.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case zero...nine: UInt32(byte - zero)
        case lowerA...lowerF: UInt32(byte - lowerA + 10)
        case upperA...upperF: UInt32(byte - upperA + 10)
        default: nil
        }
    }

    /// `bytes` (at most 8) in one integer, the first in the low byte: how the keyword table compares a
    /// word and `TextBuilder.append(word:length:)` writes one.
    package static func word(_ bytes: some Collection<UInt8>) -> UInt64 {
        var word: UInt64 = 0
        for (k, byte) in bytes.enumerated() { word |= UInt64(byte) << (8 * k) }
        return word
    }
}
