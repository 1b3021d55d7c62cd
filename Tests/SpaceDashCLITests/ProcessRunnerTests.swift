import Foundation
import Glibc
import Testing
import TestSupport

/// The runner the end-to-end tests rely on, checked against /bin/sh.
@Suite struct ProcessRunnerTests {
    private let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func capturesOutputErrorsAndTheExitCode() throws {
        let result = try ProcessRunner.run(shell, arguments: ["-c", "echo out; echo err >&2; exit 3"])
        #expect(result.stdoutText == "out\n")
        #expect(result.stderrText == "err\n")
        #expect(result.exitCode == 3)
        #expect(result.signal == nil)
        #expect(result.status == 3)
        #expect(!result.timedOut)
    }

    @Test func passesArgumentsAndExactlyTheGivenEnvironment() throws {
        let result = try ProcessRunner.run(shell, arguments: ["-c", "printf '%s|%s|%s|%s' \"$0\" \"$1\" \"$SPACEDASH_PROBE\" \"$HOME\"",
                                                              "first word", ""],
                                           environment: ["SPACEDASH_PROBE": "yes"])
        #expect(result.stdoutText == "first word||yes|", "HOME is not inherited when an environment is given")
    }

    @Test func feedsStdinAndClosesIt() throws {
        let result = try ProcessRunner.run(shell, arguments: ["-c", "cat"], stdin: Data("hello\n".utf8))
        #expect(result.stdoutText == "hello\n")
        let empty = try ProcessRunner.run(shell, arguments: ["-c", "cat; echo done"])
        #expect(empty.stdoutText == "done\n", "no stdin given reads as empty, never waits")
    }

    @Test func largeStdinAndOutputOnBothStreamsDoNotDeadlock() throws {
        let megabyte = Data(repeating: UInt8(ascii: "a"), count: 1 << 20)
        let result = try ProcessRunner.run(shell, arguments: ["-c", "cat | tee /dev/stderr"], stdin: megabyte, timeout: 60)
        #expect(result.stdout == megabyte)
        #expect(result.stderr == megabyte)
        #expect(result.exitCode == 0)
    }

    @Test func aChildThatIgnoresItsStdinDoesNotBreakTheRunner() throws {
        let result = try ProcessRunner.run(shell, arguments: ["-c", "exit 0"],
                                           stdin: Data(repeating: 0, count: 1 << 20))
        #expect(result.exitCode == 0)
    }

    @Test func killsTheProcessGroupOnTimeout() throws {
        let clock = ContinuousClock()
        let start = clock.now
        // The background sleep holds the pipes open: only killing the group ends it.
        let result = try ProcessRunner.run(shell, arguments: ["-c", "sleep 30 & sleep 30"], timeout: 0.5)
        #expect(result.timedOut)
        #expect(result.signal == SIGKILL)
        #expect(result.status == 128 + SIGKILL)
        #expect(clock.now - start < .seconds(10))
    }

    @Test func reportsTheSignalThatEndedTheProcess() throws {
        let result = try ProcessRunner.run(shell, arguments: ["-c", "kill -TERM $$"])
        #expect(result.signal == SIGTERM)
        #expect(result.exitCode == nil)
    }

    @Test func signalsCanBeSentWhileItRuns() throws {
        let process = try ProcessRunner.start(shell, arguments: ["-c", "echo ready; exec sleep 30"])
        // The child is its own process group leader, so the signal reaches only it.
        process.send(signal: SIGINT)
        let result = process.wait(timeout: 20)
        #expect(result.signal == SIGINT)
        #expect(!result.timedOut)
    }

    @Test func aClosedStdoutGivesTheChildEPIPE() throws {
        let result = try ProcessRunner.run(shell, arguments: ["-c", "trap '' PIPE; echo lost; echo status=$? >&2"],
                                           stdout: .closedPipe)
        #expect(result.stderrText.contains("status=") && !result.stderrText.contains("status=0"))
        #expect(result.stdout.isEmpty)
    }

    @Test func theChildGetsDefaultSignalHandling() throws {
        // The test runner ignores SIGPIPE; the child must not inherit that.
        let result = try ProcessRunner.run(shell, arguments: ["-c", "echo lost"], stdout: .closedPipe)
        #expect(result.signal == SIGPIPE)
    }

    @Test func aMissingExecutableIsAnError() {
        #expect(throws: ProcessRunnerError.self) {
            try ProcessRunner.run(URL(fileURLWithPath: "/nonexistent/spacedash"))
        }
    }

    @Test func manyRunsInParallelKeepTheirOutputsApart() async throws {
        let shell = self.shell
        try await withThrowingTaskGroup(of: (Int, ProcessResult).self) { group in
            for index in 0..<24 {
                group.addTask {
                    (index, try ProcessRunner.run(shell, arguments: ["-c", "echo $0; echo e$0 >&2; exit $(($0 % 7))", "\(index)"]))
                }
            }
            var seen = 0
            for try await (index, result) in group {
                #expect(result.stdoutText == "\(index)\n")
                #expect(result.stderrText == "e\(index)\n")
                #expect(result.exitCode == Int32(index % 7))
                seen += 1
            }
            #expect(seen == 24)
        }
    }
}
