#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starting a child process cleanly, for the REPL's terminal tests and its key fuzzer: both run the
/// real binary (under tmux, or in a pseudo-terminal of their own) and must not hand it their
/// descriptors or their blocked signals.
public enum ChildProcess {
    /// What the child's descriptors are set to before it starts (`posix_spawn_file_actions_t`, whose
    /// type differs between the systems): opened files, duplicates, and every other descriptor closed.
    public final class FileActions {
        #if canImport(Glibc)
            fileprivate var actions = posix_spawn_file_actions_t()
        #else
            fileprivate var actions: posix_spawn_file_actions_t? = nil
        #endif
        /// Whether descriptors the actions do not set up are closed (`closeOthers()`).
        fileprivate var closesOthers = false

        public init() {
            posix_spawn_file_actions_init(&actions)
        }

        deinit {
            posix_spawn_file_actions_destroy(&actions)
        }

        /// Opens `path` as descriptor `fd` in the child.
        public func open(_ fd: Int32, _ path: String, _ flags: Int32, mode: mode_t = 0) {
            posix_spawn_file_actions_addopen(&actions, fd, path, flags, mode)
        }

        /// Makes descriptor `to` in the child a duplicate of `from`.
        public func duplicate(_ from: Int32, to: Int32) {
            posix_spawn_file_actions_adddup2(&actions, from, to)
        }

        /// Closes, in the child, every descriptor from 3 up. Linux: glibc's
        /// `posix_spawn_file_actions_addclosefrom_np` (2.34+); macOS: `POSIX_SPAWN_CLOEXEC_DEFAULT`, which
        /// closes every descriptor the actions do not set up.
        public func closeOthers() {
            #if canImport(Glibc)
                _ = spawnActionsCloseFrom(&actions, 3)
            #endif
            closesOthers = true
        }
    }

    /// Starts `arguments[0]` with `arguments` and `environment` (`NAME=value` strings), its
    /// descriptors set up by `actions`, with clean signals (see `withCleanSignals`). Returns the child's
    /// process id, or `posix_spawn`'s error number.
    public static func spawn(
        _ arguments: [String], environment: [String], actions: FileActions, newSession: Bool
    ) -> Result<pid_t, SpawnError> {
        let cArguments = arguments.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup($0) } + [nil]
        defer {
            for p in cArguments { free(p) }
            for p in cEnvironment { free(p) }
        }
        var pid: pid_t = 0
        let spawned = withCleanSignals(newSession: newSession, closingOthers: actions.closesOthers) { attributes in
            posix_spawn(&pid, arguments[0], &actions.actions, &attributes, cArguments, cEnvironment)
        }
        return spawned == 0 ? .success(pid) : .failure(SpawnError(code: spawned))
    }

    /// Why a child could not be started: `posix_spawn`'s error number.
    public struct SpawnError: Error {
        public var code: Int32
    }

    #if canImport(Glibc)
        fileprivate typealias SpawnAttributes = posix_spawnattr_t
    #else
        fileprivate typealias SpawnAttributes = posix_spawnattr_t?
    #endif

    /// Calls `body` with spawn attributes under which the child starts with no signal blocked and every
    /// signal at its default, and, when `newSession`, in a session of its own (`setsid`). A test thread
    /// may block signals, and a child inherits the mask: a tmux server would then ignore SIGTERM, and
    /// the REPL under it Ctrl-C.
    fileprivate static func withCleanSignals<R>(
        newSession: Bool, closingOthers: Bool, _ body: (inout SpawnAttributes) -> R
    ) -> R {
        #if canImport(Glibc)
            var attributes = posix_spawnattr_t()
        #else
            var attributes: posix_spawnattr_t? = nil
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        #if canImport(Glibc)
            let setsid: Int32 = 0x80  // POSIX_SPAWN_SETSID, which the Glibc module leaves out
            let closeOthers: Int32 = 0
        #else
            let setsid = Int32(POSIX_SPAWN_SETSID)
            let closeOthers = closingOthers ? Int32(POSIX_SPAWN_CLOEXEC_DEFAULT) : 0
        #endif
        let flags = Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF) | (newSession ? setsid : 0) | closeOthers
        posix_spawnattr_setflags(&attributes, Int16(truncatingIfNeeded: flags))
        return body(&attributes)
    }
}

#if canImport(Glibc)
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which the Glibc module leaves out.
    @_silgen_name("posix_spawn_file_actions_addclosefrom_np")
    private func spawnActionsCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32)
        -> Int32
#endif
