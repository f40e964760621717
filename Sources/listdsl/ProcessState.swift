import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching
import Synchronization

import Platform

/// Set by the SIGINT handler; read by the interpreter's loops and the REPL.
let interruptRequested = Atomic<Bool>(false)

/// Installs a SIGINT handler that only raises `interruptRequested` (so loops can stop cleanly).
///
/// Without `SA_RESTART`: a system call the signal interrupts returns `EINTR` instead of starting again,
/// so a wait for input notices the flag at once.
func installInterruptHandler() {
    Host.handleInterrupts { _ in interruptRequested.store(true, ordering: .relaxed) }
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
    Host.processMemory(addressSpace: addressSpaceLimit != nil)
}

/// The address-space limit (`ulimit -v`, RLIMIT_AS) in bytes, or nil when there is none.
let addressSpaceLimit: Int? = Host.addressSpaceLimit()

/// The memory limit a run keeps to: `limit`, or under an address-space limit at most that limit less an
/// eighth of it (at least 64 MiB), room for what is allocated between two measurements, in whole MiB.
func memoryLimit(within limit: Int) -> Int {
    guard let addressSpaceLimit else { return limit }
    let room = (max(addressSpaceLimit - max(addressSpaceLimit / 8, 64 << 20), 0) >> 20) << 20
    return min(limit, room)
}

/// Seconds on the monotonic clock, for `.timer`.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1_000_000_000
}
