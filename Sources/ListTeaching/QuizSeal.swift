import ListFormats

/// The quiz page's sealed feedback: each choice's verdict is encrypted with a key made from that choice,
/// so the page's source holds no answer key — only a salt per question and, per choice, a ciphertext
/// that the page opens when the choice is picked. Every ciphertext of a question has the same length,
/// so the short "✓ Right." does not stand out. SHA-256 in counter mode; the page's script does the same
/// in JavaScript (QuizPage.script).
enum QuizSeal {
    /// The key text of a choice: the question's salt, a newline, the choice as shown.
    static func key(salt: String, choice: String) -> String { salt + "\n" + choice }

    /// `text` as UTF-8, padded with NUL bytes to `width` bytes, encrypted with `key`, in base64.
    static func seal(_ text: String, key: String, width: Int) -> String {
        var bytes = Array(text.utf8)
        while bytes.count < width { bytes.append(0) }
        return base64(xor(bytes, key: key))
    }

    /// What `seal` sealed, without its padding (for tests; the page opens it in JavaScript).
    static func open(_ sealed: String, key: String) -> String? {
        guard let bytes = fromBase64(sealed) else { return nil }
        var plain = xor(bytes, key: key)
        while plain.last == 0 { plain.removeLast() }
        return String(decoding: plain, as: UTF8.self)
    }

    /// `bytes` XORed with the keystream SHA-256(SHA-256(key) ‖ block number, 4 bytes big-endian).
    static func xor(_ bytes: [UInt8], key: String) -> [UInt8] {
        let keyHash = sha256(Array(key.utf8))
        var out = bytes
        var block: UInt32 = 0
        var i = 0
        while i < out.count {
            let stream = sha256(
                keyHash + [
                    UInt8(truncatingIfNeeded: block >> 24), UInt8(truncatingIfNeeded: block >> 16),
                    UInt8(truncatingIfNeeded: block >> 8), UInt8(truncatingIfNeeded: block),
                ])
            for b in stream where i < out.count {
                out[i] ^= b
                i += 1
            }
            block &+= 1
        }
        return out
    }

    /// A salt for question `index` of the page for `level` and `seed`: 32 hex digits.
    static func salt(level: Int, seed: UInt64, index: Int) -> String {
        let digest = sha256(Array("ListDSL quiz \(level) \(seed) \(index)".utf8))
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        for b in digest.prefix(16) {
            hex.append(digits[Int(b >> 4)])
            hex.append(digits[Int(b & 15)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    // MARK: SHA-256 (FIPS 180-4)

    /// The round constants as the page's data gives them to its script, so the script's SHA-256 uses
    /// these very numbers.
    static var roundConstantsJSON: String {
        var w = JSONWriter()
        w.integers(roundConstants.map { Int($0) })
        return w.text
    }

    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// The SHA-256 digest of `message`.
    static func sha256(_ message: [UInt8]) -> [UInt8] {
        var state: [UInt32] = [
            0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
        ]
        var data = message
        let bits = UInt64(message.count) &* 8
        data.append(0x80)
        while data.count % 64 != 56 { data.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            data.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
        }
        func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
        var w = [UInt32](repeating: 0, count: 64)
        for chunk in stride(from: 0, to: data.count, by: 64) {
            for t in 0..<16 {
                let at = chunk + 4 * t
                w[t] =
                    UInt32(data[at]) << 24 | UInt32(data[at + 1]) << 16 | UInt32(data[at + 2]) << 8
                    | UInt32(data[at + 3])
            }
            for t in 16..<64 {
                let s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
                let s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
                w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = (
                state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7]
            )
            for t in 0..<64 {
                let t1 =
                    h &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ ((e & f) ^ (~e & g)) &+ roundConstants[t] &+ w[t]
                let t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
                (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
            for (i, v) in [a, b, c, d, e, f, g, h].enumerated() { state[i] = state[i] &+ v }
        }
        var digest: [UInt8] = []
        for v in state {
            digest += [
                UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16),
                UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v),
            ]
        }
        return digest
    }

    // MARK: Base64 (RFC 4648, with padding)

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    package static func base64(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            let b0 = UInt32(bytes[i])
            let b1 = n > 1 ? UInt32(bytes[i + 1]) : 0
            let b2 = n > 2 ? UInt32(bytes[i + 2]) : 0
            let v = b0 << 16 | b1 << 8 | b2
            out.append(alphabet[Int(v >> 18 & 63)])
            out.append(alphabet[Int(v >> 12 & 63)])
            out.append(n > 1 ? alphabet[Int(v >> 6 & 63)] : UInt8(ascii: "="))
            out.append(n > 2 ? alphabet[Int(v & 63)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func fromBase64(_ text: String) -> [UInt8]? {
        var values: [UInt32] = []
        for c in text.utf8 where c != UInt8(ascii: "=") {
            guard let v = alphabet.firstIndex(of: c) else { return nil }
            values.append(UInt32(v))
        }
        var out: [UInt8] = []
        var i = 0
        while i + 1 < values.count {
            let n = min(4, values.count - i)
            var v: UInt32 = 0
            for k in 0..<4 { v = v << 6 | (k < n ? values[i + k] : 0) }
            out.append(UInt8(truncatingIfNeeded: v >> 16))
            if n > 2 { out.append(UInt8(truncatingIfNeeded: v >> 8)) }
            if n > 3 { out.append(UInt8(truncatingIfNeeded: v)) }
            i += 4
        }
        return out
    }
}
