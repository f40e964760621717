import Foundation
import Platform
import Testing

/// The harness itself: a test process runs thousands of children, so each must leave nothing open.
struct HarnessTests {
    /// The device and inode of what `fd` names, or nil when it names nothing.
    private func identity(_ fd: Int32) -> [UInt64]? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }

    @Test func aFinishedChildLeavesItsPipesClosed() throws {
        let child = try Child(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "echo out; echo err >&2"], input: nil, directory: nil,
            environment: [:])
        let ends = [child.out.fileHandleForReading.fileDescriptor, child.err.fileHandleForReading.fileDescriptor]
        let pipes = ends.map(identity)
        #expect(pipes.allSatisfy { $0 != nil })
        let run = child.finish()
        #expect(run.stdout == "out\n" && run.stderr == "err\n" && run.status == 0)
        // Another test may reuse the number at once; then it names another file.
        for (fd, pipe) in zip(ends, pipes) {
            #expect(identity(fd) != pipe, "descriptor \(fd) still names the child's pipe")
        }
    }
}
