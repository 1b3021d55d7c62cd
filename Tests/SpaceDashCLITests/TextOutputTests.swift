import Foundation
import Glibc
import Testing
@testable import SpaceDashCLI

/// Uses real descriptors; ignores SIGPIPE (global) so a closed pipe gives EPIPE.
@Suite(.serialized) struct TextOutputTests {
    init() { signal(SIGPIPE, SIG_IGN) }

    private func temporaryFile() throws -> (descriptor: Int32, path: String) {
        var template = Array("\(NSTemporaryDirectory())/spacedash-output-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        try #require(descriptor >= 0)
        return (descriptor, String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    private func contents(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func memoryKeepsEverythingWritten() throws {
        let output = TextOutput.memory(isTerminal: true)
        try output.write("a")
        try output.writeLine("b")
        try output.writeLine()
        #expect(output.text == "ab\n\n")
        #expect(output.isTerminal)
        #expect(!TextOutput.memory().isTerminal)
    }

    @Test func aBufferedFileGetsTheTextOnFlush() throws {
        let file = try temporaryFile()
        defer { close(file.descriptor); unlink(file.path) }
        let output = TextOutput.fileDescriptor(file.descriptor, buffered: true)
        #expect(!output.isTerminal)
        try output.writeLine("first")
        #expect(try contents(file.path) == "", "a file is not a terminal: no flush per line")
        try output.flush()
        #expect(try contents(file.path) == "first\n")
    }

    @Test func aFullBufferIsWrittenWithoutWaitingForFlush() throws {
        let file = try temporaryFile()
        defer { close(file.descriptor); unlink(file.path) }
        let output = TextOutput.fileDescriptor(file.descriptor, buffered: true)
        let line = String(repeating: "x", count: 1023) + "\n"
        for _ in 0..<70 { try output.write(line) }
        let written = try contents(file.path).utf8.count
        #expect(written >= 64 * 1024 && written < 70 * 1024)
        try output.flush()
        #expect(try contents(file.path).utf8.count == 70 * 1024)
    }

    @Test func anUnbufferedFileGetsEachWriteAtOnce() throws {
        let file = try temporaryFile()
        defer { close(file.descriptor); unlink(file.path) }
        let output = TextOutput.fileDescriptor(file.descriptor, buffered: false)
        try output.write("now")
        #expect(try contents(file.path) == "now")
    }

    @Test func aClosedPipeThrowsClosedAndKeepsThrowing() throws {
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        close(descriptors[0])
        defer { close(descriptors[1]) }
        let output = TextOutput.fileDescriptor(descriptors[1], buffered: false)
        #expect(throws: OutputError.closed) { try output.write("lost") }
        #expect(throws: OutputError.closed) { try output.write("lost again") }
        #expect(throws: OutputError.closed) { try output.flush() }
    }

    @Test func otherWriteFailuresNameTheirCause() throws {
        let output = TextOutput.fileDescriptor(-1, buffered: false)
        #expect(throws: OutputError.failed(errno: EBADF)) { try output.write("x") }
        #expect(OutputError.failed(errno: EBADF).description == "Bad file descriptor")
    }

    @Test func concurrentWritesNeverInterleaveWithinAWrite() throws {
        let output = TextOutput.memory()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<500 { try? output.writeLine("thread \(thread) line \(index) end") }
        }
        let lines = output.text.split(separator: "\n")
        #expect(lines.count == 4_000)
        #expect(lines.allSatisfy { $0.hasPrefix("thread ") && $0.hasSuffix(" end") })
        #expect(Set(lines).count == 4_000)
    }

    /// `spacedash >&-`: the runtime reuses descriptor 1 for its own (close-on-exec)
    /// descriptors, which must never get our text.
    @Test func aStandardDescriptorOpenedAfterLaunchIsTreatedAsClosed() throws {
        var inherited: [Int32] = [0, 0]
        try #require(pipe(&inherited) == 0)
        var ours: [Int32] = [0, 0]
        try #require(pipe(&ours) == 0)
        _ = fcntl(ours[1], F_SETFD, FD_CLOEXEC)
        defer { (inherited + ours).forEach { close($0) } }
        #expect(TextOutput.wasOpenAtLaunch(inherited[1]))
        #expect(!TextOutput.wasOpenAtLaunch(ours[1]), "close-on-exec: opened by this process, not inherited")
        #expect(!TextOutput.wasOpenAtLaunch(-1))
        let output = TextOutput.standardDescriptor(ours[1], buffered: false)
        #expect(throws: OutputError.failed(errno: EBADF)) { try output.write("not into the runtime's descriptor") }
        var byte: UInt8 = 0
        let flags = fcntl(ours[0], F_GETFL)
        _ = fcntl(ours[0], F_SETFL, flags | O_NONBLOCK)
        #expect(read(ours[0], &byte, 1) == -1, "nothing was written to it")
    }

    @Test func theDescriptorIsKnownOnlyForAFile() {
        #expect(TextOutput.memory().fileDescriptor == nil)
        #expect(TextOutput.fileDescriptor(2, buffered: false).fileDescriptor == 2)
    }
}
