// The one place that knows which system the command runs on. Everything below the command (the six
// libraries, and the WebAssembly module built from them) is the same code everywhere and imports no
// system module; the command, its benchmarks, fuzzers and tests import this module, which gives them the
// POSIX calls Linux and macOS share (re-exported from Glibc or Darwin) and, in `Host`, the few things
// each system does its own way, with a branch per system.
//
// Verified here: the Glibc branch, built and tested on Linux. Not verified: the Darwin branch, written for
// macOS's SDK but not built on a Mac (no macOS machine is available to this project: README, "macOS").

#if canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Darwin)
    @_exported import Darwin
#else
    #error("listdsl's command is written for Linux (Glibc) and macOS (Darwin)")
#endif

/// What differs between the systems the command runs on. (Named `Host`, not `Platform`: a type named as its
/// module hides the module, and `Platform.read` would name nothing.)
public enum Host {
    // MARK: Descriptors

    /// `read(2)`, for code where a method of its own is named `read`.
    public static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(fd, buffer, count)
        #else
            Darwin.read(fd, buffer, count)
        #endif
    }

    /// `write(2)`, for code where a method of its own is named `write`.
    public static func write(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(fd, buffer, count)
        #else
            Darwin.write(fd, buffer, count)
        #endif
    }

    /// `close(2)`, for code where a method of its own is named `close`.
    @discardableResult
    public static func close(_ fd: Int32) -> Int32 {
        #if canImport(Glibc)
            Glibc.close(fd)
        #else
            Darwin.close(fd)
        #endif
    }

    /// `kill(2)`, for code where a method of its own is named `kill`.
    @discardableResult
    public static func kill(_ pid: pid_t, _ signal: Int32) -> Int32 {
        #if canImport(Glibc)
            Glibc.kill(pid, signal)
        #else
            Darwin.kill(pid, signal)
        #endif
    }

    // MARK: Memory

    /// The memory in bytes of this process, or of child `pid`: its resident memory, or (`addressSpace`) its
    /// address space; nil where the system does not say. Linux: `/proc/…/statm`; macOS: `task_info`, for
    /// this process only.
    public static func processMemory(addressSpace: Bool, of pid: pid_t? = nil) -> Int? {
        #if canImport(Glibc)
            let fd = open(pid.map { "/proc/\($0)/statm" } ?? "/proc/self/statm", O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            var buffer = [UInt8](repeating: 0, count: 128)
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { return nil }
            // "size resident shared …", in pages.
            let fields = buffer[0..<n].split(separator: 0x20)
            let field = addressSpace ? 0 : 1
            guard fields.count > field, let pages = Int(String(decoding: fields[field], as: UTF8.self)) else {
                return nil
            }
            return pages * sysconf(Int32(_SC_PAGESIZE))
        #else
            guard pid == nil else { return nil }
            var info = mach_task_basic_info()
            var count = mach_msg_type_number_t(
                MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
            let status = withUnsafeMutablePointer(to: &info) {
                $0.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                    task_info(mach_task_self_, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count)
                }
            }
            guard status == KERN_SUCCESS else { return nil }
            return Int(addressSpace ? info.virtual_size : info.resident_size)
        #endif
    }

    /// The address-space limit (`ulimit -v`, RLIMIT_AS) in bytes, or nil when there is none.
    public static func addressSpaceLimit() -> Int? {
        var limit = rlimit()
        #if canImport(Glibc)
            let resource = __rlimit_resource_t(RLIMIT_AS.rawValue)
        #else
            let resource = RLIMIT_AS
        #endif
        // RLIM_INFINITY is all ones, which the Glibc module's constant cannot spell as unsigned.
        guard getrlimit(resource, &limit) == 0, UInt64(limit.rlim_cur) < UInt64(Int.max) else { return nil }
        return Int(limit.rlim_cur)
    }

    /// Advises the whole huge pages within `byteCount` bytes from `start` for transparent huge pages
    /// (`MADV_HUGEPAGE`, Linux); macOS has no such advice, and nothing is done there. `HugePages` in the
    /// model calls it through the function the command installs (`HugePages.adviser`).
    public static func adviseHugePages(_ start: UnsafeMutableRawPointer, _ byteCount: Int) {
        #if canImport(Glibc)
            _ = madvise(start, byteCount, MADV_HUGEPAGE)
        #endif
    }

    /// Fixes the C allocator's thresholds for serving a large allocation with a fresh mapping and for
    /// giving memory back, for the benchmark: glibc moves them as large blocks are freed, so a run's page
    /// faults would depend on what the runs before it happened to free (a commit that allocates less made
    /// the next batch's timings 40% worse). Through `mallopt`, which Swift's Glibc module does not
    /// declare; macOS's allocator has no such thresholds, and nothing is done there.
    public static func fixAllocatorThresholds() {
        #if canImport(Glibc)
            if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
                typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
                let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
                _ = mallopt(-3, 1 << 30)  // M_MMAP_THRESHOLD
                _ = mallopt(-1, 1 << 30)  // M_TRIM_THRESHOLD
            }
        #endif
    }

    // MARK: The executable

    /// This process's executable's path; nil where the system does not say. Linux: `/proc/self/exe`;
    /// macOS: `_NSGetExecutablePath`.
    public static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        #if canImport(Glibc)
            let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            guard n > 0 else { return nil }
            return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
            var size = UInt32(buffer.count)
            guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
            let n = buffer.firstIndex(of: 0) ?? buffer.count
            return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #endif
    }

    // MARK: Signals

    /// Installs `handler` for SIGINT, without `SA_RESTART` (a system call the signal interrupts returns
    /// `EINTR` instead of starting again, so a wait for input notices at once), and unblocks SIGINT (a
    /// parent may have started the process with it blocked: test runners do).
    public static func handleInterrupts(_ handler: @convention(c) (Int32) -> Void) {
        handle(SIGINT, handler)
    }

    /// Installs `handler` for SIGTSTP (Ctrl-Z) as `handleInterrupts` installs one for SIGINT; nil puts back
    /// the default action, which stops the process.
    public static func handleSuspend(_ handler: (@convention(c) (Int32) -> Void)?) {
        handle(SIGTSTP, handler)
    }

    /// Stops the process as Ctrl-Z does when nothing handles it, so the shell reports it stopped, and
    /// returns once it is continued (`fg`); the handler of SIGTSTP is back in place then.
    public static func stopAsSuspended() {
        var previous = sigaction()
        sigaction(SIGTSTP, nil, &previous)
        signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        sigaction(SIGTSTP, &previous, nil)
    }

    /// Installs `handler` for `signal` without `SA_RESTART` and unblocks it; nil installs the default.
    private static func handle(_ signal: Int32, _ handler: (@convention(c) (Int32) -> Void)?) {
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = handler ?? SIG_DFL
        #else
            action.__sigaction_u.__sa_handler = handler ?? SIG_DFL
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(signal, &action, nil)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    // MARK: Threads

    /// A thread started by `startThread`.
    public struct Thread {
        fileprivate let handle: pthread_t

        /// Waits for the thread to end.
        public func join() {
            pthread_join(handle, nil)
        }
    }

    /// Starts a thread with a stack of `stackSize` bytes running `body`; nil when none can be made.
    public static func startThread(stackSize: Int, _ body: @escaping () -> Void) -> Thread? {
        final class Start: @unchecked Sendable {
            let body: () -> Void
            init(_ body: @escaping () -> Void) { self.body = body }
        }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        let context = Unmanaged.passRetained(Start(body)).toOpaque()
        #if canImport(Glibc)
            var handle = pthread_t()
            let created = pthread_create(
                &handle, &attributes,
                { raw in
                    guard let raw else { return nil }
                    Unmanaged<Start>.fromOpaque(raw).takeRetainedValue().body()
                    return nil
                }, context)
            guard created == 0 else {
                Unmanaged<Start>.fromOpaque(context).release()
                return nil
            }
            return Thread(handle: handle)
        #else
            // Darwin's pthread_t is a pointer, and its start routine's argument is not optional.
            var handle: pthread_t?
            let created = pthread_create(
                &handle, &attributes,
                { raw in
                    Unmanaged<Start>.fromOpaque(raw).takeRetainedValue().body()
                    return nil
                }, context)
            guard created == 0, let handle else {
                Unmanaged<Start>.fromOpaque(context).release()
                return nil
            }
            return Thread(handle: handle)
        #endif
    }
}
