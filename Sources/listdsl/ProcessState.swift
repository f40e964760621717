import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Set by the SIGINT handler; read by the interpreter's loops and the REPL.
let interruptRequested = Atomic<Bool>(false)

/// Installs a SIGINT handler that only raises `interruptRequested` (so loops can stop cleanly).
///
/// Without `SA_RESTART`: a system call the signal interrupts returns `EINTR` instead of starting again,
/// so a wait for input notices the flag at once.
func installInterruptHandler() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in interruptRequested.store(true, ordering: .relaxed) }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
    // A parent may have started us with SIGINT blocked (test runners do); Ctrl-C must still work.
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
}

/// Takes the interrupt flag: true once per Ctrl-C.
///
/// Loops ask at every turn, so it reads the flag before taking it: a load is a plain move, where an
/// exchange is a locked instruction each time (bench/NOTES.md).
func takeInterrupt() -> Bool {
    interruptRequested.load(ordering: .relaxed) && interruptRequested.exchange(false, ordering: .relaxed)
}

/// The memory the process uses, as the memory limit counts it: its resident memory; under an
/// address-space limit (`ulimit -v`), its address space, which is what runs out first there (and an
/// allocation past that limit aborts the process, where the memory limit is a diagnostic).
func memoryInUse() -> Int? {
    addressSpaceLimit == nil ? residentMemory() : processMemory(field: 0)
}

/// The address-space limit (`ulimit -v`, RLIMIT_AS) in bytes, or nil when there is none.
let addressSpaceLimit: Int? = {
    var limit = rlimit()
    // RLIM_INFINITY is all ones, which the Glibc module's constant cannot spell as unsigned.
    guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur < UInt(Int.max) else {
        return nil
    }
    return Int(limit.rlim_cur)
}()

/// The memory limit a run keeps to: `limit`, or under an address-space limit at most that limit less an
/// eighth of it (at least 64 MiB), room for what is allocated between two measurements, in whole MiB.
func memoryLimit(within limit: Int) -> Int {
    guard let addressSpaceLimit else { return limit }
    let room = (max(addressSpaceLimit - max(addressSpaceLimit / 8, 64 << 20), 0) >> 20) << 20
    return min(limit, room)
}

/// The process's resident memory in bytes, from `/proc/self/statm`; nil where there is no such file.
func residentMemory() -> Int? {
    processMemory(field: 1)
}

/// Field `field` of `/proc/self/statm` ("size resident shared …", in pages) in bytes; nil where there
/// is no such file.
func processMemory(field: Int) -> Int? {
    let fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let n = read(fd, &buffer, buffer.count)
    guard n > 0 else { return nil }
    // "size resident shared …", in pages.
    let fields = buffer[0..<n].split(separator: 0x20)
    guard fields.count > field, let pages = Int(String(decoding: fields[field], as: UTF8.self)) else { return nil }
    return pages * sysconf(Int32(_SC_PAGESIZE))
}

/// Seconds on the monotonic clock, for `.timer`.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1_000_000_000
}
