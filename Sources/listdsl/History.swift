import Platform

/// The REPL's input history and the file that keeps it between sessions.
///
/// The file starts with a header line, then holds one entry per line, oldest first, with `\` written
/// as `\\`, a newline as `\n` and a carriage return as `\r`, so a multi-line entry stays one line. Every
/// write goes to a temporary file in the same directory that is then renamed over the old one, under an
/// exclusive lock on the directory, after merging the entries other sessions added meanwhile: a crash
/// leaves the old file whole, and two sessions cannot lose each other's entries.
final class History {
    /// The first line of every history file.
    static let header = "#listdsl history 1"
    /// Longer entries (a pasted megabyte) are neither kept nor written.
    static let maxEntryBytes = 64 * 1024
    /// A bigger file is not a history file.
    static let maxFileBytes = 64 * 1024 * 1024

    /// The file, or nil when history is not kept on disk.
    private(set) var path: String?
    /// The most entries kept, in memory and on disk.
    let limit: Int
    /// Every entry, oldest first: the file's when loaded, then this session's.
    private(set) var entries: [String] = []
    /// This session's entries that are not yet in the file.
    private var unsaved: [String] = []
    /// Set after the first warning: later problems stay quiet and nothing more is written.
    private var warned = false

    /// Creates a history kept in `path` (nil: in memory only), holding at most `limit` entries.
    init(path: String?, limit: Int = 1000) {
        self.path = path
        self.limit = max(1, limit)
    }

    /// Where history lives, from the environment: `LISTDSL_HISTORY` (empty disables), else
    /// `$XDG_STATE_HOME/listdsl/history` when XDG_STATE_HOME is absolute, else `~/.local/state/listdsl/history`.
    static func defaultPath(environment: (String) -> String?, home: String?) -> String? {
        userFile(
            override: "LISTDSL_HISTORY", xdg: "XDG_STATE_HOME", underHome: ".local/state", name: "history",
            environment: environment, home: home)
    }

    /// Reads the file; returns the one warning to print when it cannot be used (it is then left alone).
    func load() -> UsageError? {
        guard let path else { return nil }
        switch History.read(path) {
        case .success(let loaded):
            entries = Array((loaded ?? []).suffix(limit))
            return nil
        case .failure(let reason):
            return disable(path, reason.message)
        }
    }

    /// Adds an entry (not a repeat of the previous one, not blank, not huge) and writes the file.
    /// Returns whether it was added, and a warning to print when the file could not be written.
    @discardableResult
    func add(_ entry: String) -> (added: Bool, warning: UsageError?) {
        guard History.isStorable(entry), entry != entries.last else { return (false, nil) }
        entries.append(entry)
        if entries.count > limit { entries.removeFirst(entries.count - limit) }
        guard path != nil else { return (true, nil) }
        unsaved.append(entry)
        return (true, save())
    }

    /// Whether an entry belongs in the history at all.
    static func isStorable(_ entry: String) -> Bool {
        entry.utf8.count <= maxEntryBytes && entry.contains { !$0.isWhitespace }
    }

    /// Merges the unsaved entries into the file as it is now and replaces it atomically.
    func save() -> UsageError? {
        guard let path, !unsaved.isEmpty else { return nil }
        let target: String
        switch AtomicFile.resolve(path) {
        case .success(let resolved): target = resolved
        case .failure(let problem): return disable(path, problem.message)
        }
        let directory = directoryName(target).isEmpty ? "." : directoryName(target)
        if let problem = History.makeDirectory(directory) { return disable(path, problem) }
        let problem = AtomicFile.withLock(on: directory) { () -> String? in
            var merged: [String]
            switch History.read(target) {
            case .success(let current): merged = current ?? []
            case .failure(let reason): return reason.message
            }
            for entry in unsaved where entry != merged.last { merged.append(entry) }
            merged = Array(merged.suffix(limit))
            return AtomicFile.write(History.encode(merged), to: target, mode: 0o600)
        }
        if let problem { return disable(path, problem) }
        unsaved.removeAll()
        return nil
    }

    /// Stops writing the file; the warning to print the first time.
    private func disable(_ path: String, _ reason: String) -> UsageError? {
        self.path = nil
        unsaved.removeAll()
        if warned { return nil }
        warned = true
        return .historyUnusable(path: path, reason: reason)
    }

    // MARK: - The file format

    /// The file's bytes for `entries`.
    static func encode(_ entries: [String]) -> [UInt8] {
        var text = header + "\n"
        for entry in entries { text += escape(entry) + "\n" }
        return Array(text.utf8)
    }

    /// The entries in a file's bytes, or why they are not a history file. Lines are split at their bytes
    /// (a line feed is never inside a longer UTF-8 sequence), and a line with no `\\` is its entry as it is:
    /// the file is read again before every write, so this is on the path of each REPL entry.
    static func decode(_ bytes: [UInt8]) -> Result<[String], HistoryError> {
        if bytes.isEmpty { return .success([]) }
        if bytes.contains(0) { return .failure(HistoryError("it contains NUL bytes")) }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            return .failure(HistoryError("it is not valid UTF-8"))
        }
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard let first = lines.first, first.elementsEqual(header.utf8) else {
            return .failure(HistoryError("it is not a listdsl history file (the first line is not '\(header)')"))
        }
        lines.removeFirst()
        return .success(lines.filter { !$0.isEmpty }.map { unescape(String(decoding: $0, as: UTF8.self)[...]) })
    }

    /// One entry as one line.
    static func escape(_ entry: String) -> String {
        if !entry.utf8.contains(where: {
            $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r")
        }) {
            return entry
        }
        var out = ""
        out.reserveCapacity(entry.utf8.count)
        for scalar in entry.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The entry a line holds; an unknown escape keeps its character.
    static func unescape(_ line: Substring) -> String {
        if !line.utf8.contains(UInt8(ascii: "\\")) { return String(line) }
        var out = ""
        var escaped = false
        for scalar in line.unicodeScalars {
            if escaped {
                switch scalar {
                case "n": out += "\n"
                case "r": out += "\r"
                default: out.unicodeScalars.append(scalar)
                }
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        if escaped { out += "\\" }
        return out
    }

    // MARK: - Files

    /// The entries of the file at `path`: nil when there is no file, a reason when it cannot be used.
    static func read(_ path: String) -> Result<[String]?, HistoryError> {
        var info = stat()
        if stat(path, &info) != 0 {
            return errno == ENOENT
                ? .success(nil) : .failure(HistoryError(errorDescription(errno)))
        }
        if (info.st_mode & S_IFMT) != S_IFREG { return .failure(HistoryError("it is not a regular file")) }
        if Int(info.st_size) > maxFileBytes {
            return .failure(HistoryError("it is larger than \(maxFileBytes >> 20) MB"))
        }
        switch readInput(path: path, limit: maxFileBytes, checks: defaultReadingChecks()) {
        case .failure(let e): return .failure(HistoryError(e.message))
        case .success(let bytes): return decode(bytes).map { Optional($0) }
        }
    }

    /// Creates `directory` and its missing parents with mode 0700; the reason when it cannot.
    static func makeDirectory(_ directory: String) -> String? {
        var info = stat()
        if stat(directory, &info) == 0 {
            return (info.st_mode & S_IFMT) == S_IFDIR ? nil : "'\(directory)' is not a directory"
        }
        let parent = directoryName(directory)
        if !parent.isEmpty && parent != directory, let problem = makeDirectory(parent) { return problem }
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            return "cannot create '\(directory)': \(errorDescription(errno))"
        }
        return nil
    }
}

/// Why a file is not a usable history file.
struct HistoryError: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}

/// The path of one of listdsl's own files, the XDG way: the variable `override` names it (empty: none),
/// else `$xdg/listdsl/name` when `xdg` is absolute, else `~/underHome/listdsl/name` (`$HOME`, else `home`).
/// `environment` gives a variable's value, or nil when it is not set.
func userFile(
    override: String, xdg: String, underHome: String, name: String, environment: (String) -> String?, home: String?
) -> String? {
    if let explicit = environment(override) { return explicit.isEmpty ? nil : explicit }
    if let base = environment(xdg), base.hasPrefix("/") { return base + "/listdsl/" + name }
    let home = environment("HOME").flatMap { $0.isEmpty ? nil : $0 } ?? home
    guard let home, home.hasPrefix("/") else { return nil }
    return (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/" + underHome + "/listdsl/" + name
}

/// The value of the environment variable `name`, or nil when it is not set. Read where it is needed,
/// without a dictionary: a start would pay for the metadata and the hashing of its first one.
func environmentValue(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}
