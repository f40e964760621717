import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching

import Platform

/// Runs `body` on a thread with a large stack, so deep recursion in scripts reaches the interpreter's
/// own limits (a diagnostic) long before the machine's stack runs out.
///
/// The calling thread only waits, so it blocks SIGINT meanwhile: Ctrl-C is then delivered to the thread
/// doing the work, where it interrupts a wait for input at once instead of at the next poll.
func onLargeStack(_ body: @escaping () -> Int32) -> Int32 {
    let work = BackgroundWork(stackSize: 1 << 30, body)
    var interrupt = sigset_t()
    sigemptyset(&interrupt)
    sigaddset(&interrupt, SIGINT)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &interrupt, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    return work.join()
}

/// Runs `body` as `onLargeStack` does, and ends the process with its status on the thread that ran
/// it. The process then never unmaps the thread's stack nor waits for the thread to end, which a
/// short run would pay for: tearing down a 1 GiB mapping is a large part of `listdsl -e dump`
/// (bench/NOTES.md).
func exitOnLargeStack(_ body: @escaping () -> Int32) -> Never {
    exit(onLargeStack { () -> Int32 in exit(body()) })
}

/// Whether a second thread can share the work: the machine has more than one processor (a big file's
/// parse, check and run use one then).
let hasSecondProcessor = sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1

/// Work running on a thread of its own from its creation; `join` waits for its result. When no
/// thread can be made, `join` does the work on the calling thread instead.
final class BackgroundWork<Result>: @unchecked Sendable {
    private let body: () -> Result
    /// Written by the thread before it ends; read after `pthread_join`, which orders the two.
    private var result: Result?
    private var thread: Host.Thread?

    /// Starts `body` on a new thread with a stack of `stackSize` bytes.
    init(stackSize: Int, _ body: @escaping () -> Result) {
        self.body = body
        thread = Host.startThread(stackSize: stackSize) { [self] in result = body() }
    }

    /// Waits for the work to end and returns its result.
    func join() -> Result {
        if let thread {
            thread.join()
            self.thread = nil
        }
        if let result { return result }
        let made = body()
        result = made
        return made
    }
}
