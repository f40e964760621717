import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching
import Platform

/// The one way listdsl writes a file (the history, `.save`): whole or not at all.
///
/// The bytes go to a new file beside the target, which is flushed to disk and renamed over the target, so
/// a crash or a full disk leaves the old file whole. A symbolic link is followed to its target, which is
/// replaced and the link kept. Only a regular file is ever replaced: a FIFO, a device, a socket or a
/// directory at the path is refused, never turned into a regular file. A file that is replaced keeps its
/// permissions.
enum AtomicFile {
    /// Writes `bytes` to `path`, creating it with `mode` when it does not exist; returns why it could not,
    /// or nil when it did (the old file is then untouched). `followingLinks: false` refuses a symbolic link
    /// at `path` instead of writing its target (a site writes inside its folder only).
    static func write(_ bytes: [UInt8], to path: String, mode: mode_t, followingLinks: Bool = true) -> String? {
        // The system would end the name at the NUL and write another file.
        if path.utf8.contains(0) { return "the file name holds a NUL byte" }
        let target: String
        if !followingLinks {
            if let link = linkTarget(path) {
                return "'\(path)' is a symbolic link to '\(link)'; refusing to write through it"
            }
            target = path
        } else {
            switch resolve(path) {
            case .success(let resolved): target = resolved
            case .failure(let problem): return problem.message
            }
        }
        var info = stat()
        var permissions = mode
        if lstat(target, &info) == 0 {
            if let kind = nonRegularKind(info.st_mode) { return "'\(path)' is \(kind); refusing to replace it" }
            permissions = info.st_mode & 0o7777
        } else if errno != ENOENT {
            return "cannot write '\(path)': \(errorDescription(errno))"
        }
        let directory = directoryName(target)
        // A short name of its own, not one made from the target's: a target's name may be as long as a
        // name can be (255 bytes), and a longer temporary name could not be created.
        let temporary =
            (directory.isEmpty ? "" : directory == "/" ? "/" : directory + "/")
            + ".listdsl.\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, permissions)
        if fd < 0 { return "cannot write '\(path)': \(errorDescription(errno))" }
        var failure: String?
        let written = bytes.withUnsafeBytes { writeAll(fd: fd, $0) }
        if written != 0 { failure = "cannot write '\(path)': \(errorDescription(written))" }
        // The umask narrowed the mode open() was given; a replaced file keeps exactly the mode it had.
        if failure == nil && fchmod(fd, permissions) != 0 {
            failure = "cannot write '\(path)': \(errorDescription(errno))"
        }
        if failure == nil && fsync(fd) != 0 { failure = "cannot write '\(path)': \(errorDescription(errno))" }
        if close(fd) != 0 && failure == nil { failure = "cannot write '\(path)': \(errorDescription(errno))" }
        if failure == nil && rename(temporary, target) != 0 {
            failure = "cannot replace '\(path)': \(errorDescription(errno))"
        }
        if failure != nil {
            unlink(temporary)
            return failure
        }
        syncDirectory(directory.isEmpty ? "." : directory)
        return nil
    }

    /// Changes the file at `path` with no other listdsl's change in between (the user-defaults store):
    /// under an exclusive lock on its directory, as the history takes, reads it (at most `limit` bytes),
    /// hands `change` what it read and writes back what `change` returns (nil: nothing). Returns why it
    /// could not write, or nil.
    static func update(
        _ path: String, mode: mode_t, limit: Int, createDirectory: Bool,
        _ change: (Result<[UInt8], LoadError>) -> [UInt8]?
    ) -> String? {
        if path.utf8.contains(0) {
            _ = change(.failure(LoadError("the file name holds a NUL byte")))
            return nil
        }
        let target: String
        switch resolve(path) {
        case .success(let resolved): target = resolved
        case .failure(let problem):
            _ = change(.failure(LoadError(problem.message)))
            return nil
        }
        let directory = directoryName(target).isEmpty ? "." : directoryName(target)
        if createDirectory, let problem = History.makeDirectory(directory) { return problem }
        return withLock(on: directory) {
            guard let bytes = change(readInput(path: target, limit: limit, checks: defaultReadingChecks())) else {
                return nil
            }
            return write(bytes, to: path, mode: mode)
        }
    }

    /// Runs `body` holding an exclusive lock (`flock`) on `directory`, so the writers that take it change
    /// the files in it one at a time; when the directory cannot be opened, runs it anyway.
    ///
    /// The directory, not a lock file beside the file: it needs no name of its own (which a name as long
    /// as the system allows would leave no room for) and leaves nothing behind.
    static func withLock<R>(on directory: String, _ body: () -> R) -> R {
        let lock = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if lock >= 0 { while flock(lock, LOCK_EX) != 0 && errno == EINTR {} }
        defer { if lock >= 0 { close(lock) } }
        return body()
    }

    /// Why a path cannot be written.
    struct Problem: Error, Equatable {
        var message: String
    }

    /// What the symbolic link at `path` points to, as it is written; nil when `path` is not a link.
    static func linkTarget(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBufferPointer { b in
            b.baseAddress.map {
                $0.withMemoryRebound(to: CChar.self, capacity: b.count) { readlink(path, $0, b.count) }
            }
                ?? -1
        }
        return n < 0 ? "?" : String(decoding: buffer[0..<n], as: UTF8.self)
    }

    /// The file a write to `path` replaces: `path` itself, or, when it is a symbolic link, the file the
    /// chain of links ends at (which need not exist yet).
    static func resolve(_ path: String) -> Result<String, Problem> {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            if lstat(current, &info) != 0 {
                if errno == ENOENT { return .success(current) }
                return .failure(Problem(message: "cannot write '\(path)': \(errorDescription(errno))"))
            }
            guard (info.st_mode & S_IFMT) == S_IFLNK else { return .success(current) }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            if n < 0 { return .failure(Problem(message: "cannot write '\(path)': \(errorDescription(errno))")) }
            let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let directory = directoryName(current)
            current =
                link.hasPrefix("/") || directory.isEmpty ? link : (directory == "/" ? "/" : directory + "/") + link
        }
        return .failure(Problem(message: "cannot write '\(path)': too many levels of symbolic links"))
    }

    /// What a file of this mode is, when it is not a regular file: "a FIFO", "a directory", …
    static func nonRegularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFDIR: return "a directory"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// Flushes a directory's entries, so the rename survives a crash; a failure changes nothing written.
    private static func syncDirectory(_ directory: String) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}
