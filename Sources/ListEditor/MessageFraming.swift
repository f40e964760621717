import ListFormats

/// The Language Server Protocol's framing: each message is `Content-Length: N` (other headers allowed),
/// a blank line (`\r\n\r\n`), then N bytes of JSON. `MessageReader` cuts the bytes as they arrive into
/// messages, and refuses a header block or a message past its limits without losing its place.
public struct MessageReader: Sendable {
    /// What the reader found next.
    public enum Item: Equatable, Sendable {
        /// A message's JSON.
        case message([UInt8])
        /// A message the reader could not take (`why`); it was skipped, or the input was dropped up to the
        /// next header block when its length was unknown.
        case malformed(String)
    }

    /// The longest message taken (a bigger one is skipped, and said to be).
    public let maximumLength: Int
    /// The longest header block.
    static let maximumHeader = 8 << 10

    private var buffer: [UInt8] = []
    /// Where the unread bytes start in `buffer`.
    private var start = 0
    /// Bytes still to skip of a message too long to take.
    private var skipping = 0
    /// After a header block without a length, the bytes up to the next `Content-Length` are dropped.
    private var resyncing = false

    public init(maximumLength: Int = 256 << 20) {
        self.maximumLength = maximumLength
    }

    /// Adds bytes read from the client.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        var bytes = bytes
        if skipping > 0 {
            let skipped = min(skipping, bytes.count)
            skipping -= skipped
            bytes = UnsafeRawBufferPointer(rebasing: bytes[skipped...])
        }
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete message, or nil until more bytes arrive. Once a message's length is known, room
    /// for it is made at once, after `checks` (`ReadingChecks`) say the memory it takes is within the limit;
    /// a message that is not is skipped, and said to be, as one past `maximumLength` is.
    public mutating func next(within checks: ReadingChecks = .none) -> Item? {
        guard skipping == 0 else { return nil }
        if resyncing {
            guard let header = nextHeaderName() else {
                start = max(start, buffer.count - 15)  // the start of a name may be arriving
                return nil
            }
            start = header
            resyncing = false
        }
        guard let end = headerEnd() else {
            if buffer.count - start > Self.maximumHeader {
                start = buffer.count
                return .malformed("a header block longer than \(Self.maximumHeader) bytes without its blank line")
            }
            return nil
        }
        let header = String(decoding: buffer[start..<end], as: UTF8.self)
        let bodyStart = end + 4
        guard let length = Self.contentLength(header) else {
            start = bodyStart
            resyncing = true
            return .malformed("a header block without a valid Content-Length")
        }
        if length > maximumLength {
            let available = min(length, buffer.count - bodyStart)
            skipping = length - available
            start = bodyStart + available
            return .malformed("a message of \(length) bytes, over the limit of \(maximumLength)")
        }
        if buffer.capacity < bodyStart + length {
            do throws(ReadingStop) {
                try checks.check(more: bodyStart + length)
            } catch {
                let available = min(length, buffer.count - bodyStart)
                skipping = length - available
                start = bodyStart + available
                guard case .memoryLimit(let used, let more, let limit) = error else {
                    return .malformed("a message of \(length) bytes: reading it was interrupted")
                }
                return .malformed(
                    "a message of \(length) bytes would take the server past its memory limit: "
                        + "\(Quantity.using(used, more: more)); the limit is \(Quantity.describe(bytes: limit))")
            }
            buffer.reserveCapacity(bodyStart + length)
        }
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        start = bodyStart + length
        return .message(body)
    }

    /// Where the next `Content-Length` (in any case) starts, if it has arrived.
    private func nextHeaderName() -> Int? {
        let name = Array("content-length".utf8)
        var i = start
        while i + name.count <= buffer.count {
            var k = 0
            while k < name.count && (buffer[i + k] | 0x20) == name[k] { k += 1 }
            if k == name.count { return i }
            i += 1
        }
        return nil
    }

    /// Where the blank line after the headers starts, if it has arrived.
    private func headerEnd() -> Int? {
        var i = start
        while i + 3 < buffer.count {
            if buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 { return i }
            i += 1
        }
        return nil
    }

    /// The Content-Length header's value (the name in any case), when there is exactly one valid one.
    static func contentLength(_ header: String) -> Int? {
        var found: Int?
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[..<colon].lowercased()
            guard name == "content-length" else { continue }
            let value = line[line.index(after: colon)...].drop { $0 == " " }
            guard found == nil, !value.isEmpty, value.count <= 12, value.allSatisfy({ $0 >= "0" && $0 <= "9" }),
                let length = Int(value)
            else { return nil }
            found = length
        }
        return found
    }

    /// `json` framed for sending.
    public static func framed(_ json: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(json.count)\r\n\r\n".utf8) + json
    }
}
