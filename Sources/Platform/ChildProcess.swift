#if canImport(Glibc)
    import Glibc
#endif

/// Starting a child process cleanly, for the REPL's terminal tests and its key fuzzer: both run the
/// real binary (under tmux, or in a pseudo-terminal of their own) and must not hand it their
/// descriptors or their blocked signals.
public enum ChildProcess {
    /// Starts `arguments[0]` with `arguments` and `environment` (`NAME=value` strings), its
    /// descriptors set up by `actions`, with clean signals (see `withCleanSignals`). Returns the child's
    /// process id, or `posix_spawn`'s error number.
    public static func spawn(
        _ arguments: [String], environment: [String], actions: inout posix_spawn_file_actions_t, newSession: Bool
    ) -> Result<pid_t, SpawnError> {
        let cArguments = arguments.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup($0) } + [nil]
        defer {
            for p in cArguments { free(p) }
            for p in cEnvironment { free(p) }
        }
        var pid: pid_t = 0
        let spawned = withCleanSignals(newSession: newSession) { attributes in
            posix_spawn(&pid, arguments[0], &actions, &attributes, cArguments, cEnvironment)
        }
        return spawned == 0 ? .success(pid) : .failure(SpawnError(code: spawned))
    }

    /// Why a child could not be started: `posix_spawn`'s error number.
    public struct SpawnError: Error {
        public var code: Int32
    }

    /// Calls `body` with spawn attributes under which the child starts with no signal blocked and every
    /// signal at its default, and, when `newSession`, in a session of its own (`setsid`). A test thread
    /// may block signals, and a child inherits the mask: a tmux server would then ignore SIGTERM, and
    /// the REPL under it Ctrl-C.
    public static func withCleanSignals<R>(newSession: Bool, _ body: (inout posix_spawnattr_t) -> R) -> R {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        let setsid: Int32 = 0x80  // POSIX_SPAWN_SETSID, which the Glibc module leaves out
        let flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | (newSession ? setsid : 0)
        posix_spawnattr_setflags(&attributes, Int16(flags))
        return body(&attributes)
    }

    /// Closes every descriptor from `from` up in the child.
    public static func closeDescriptors(
        from: Int32, in actions: UnsafeMutablePointer<posix_spawn_file_actions_t>
    ) {
        _ = spawnActionsCloseFrom(actions, from)
    }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which the Glibc module leaves out.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func spawnActionsCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32)
    -> Int32
