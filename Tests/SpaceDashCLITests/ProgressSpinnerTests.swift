import Foundation
import Testing
import Streams
@testable import SpaceDashCLI

@Suite struct ProgressSpinnerTests {
    @Test func nothingBeforeTheDelayThenFramesUntilStoppedThenTheLineIsErased() {
        let scheduler = DispatchQueue.test
        let output = TextOutput.memory(isTerminal: true)
        let spinner = ProgressSpinner(output: output, message: "Fetching Mars weather…", unicode: true)
        spinner.start(on: scheduler.eraseToAnyScheduler())
        scheduler.advance(by: .milliseconds(99))
        #expect(output.text.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        #expect(output.text == "\r⠋ Fetching Mars weather…")
        scheduler.advance(by: .milliseconds(80))
        #expect(output.text.hasSuffix("\r⠙ Fetching Mars weather…"))
        spinner.stop()
        #expect(output.text.hasSuffix("\r\u{1B}[K"))
        let stopped = output.text
        scheduler.advance(by: .seconds(1))
        spinner.stop()
        #expect(output.text == stopped)
    }

    @Test func aFastAnswerLeavesNoTrace() {
        let scheduler = DispatchQueue.test
        let output = TextOutput.memory(isTerminal: true)
        let spinner = ProgressSpinner(output: output, message: "x", unicode: false)
        spinner.start(on: scheduler.eraseToAnyScheduler())
        scheduler.advance(by: .milliseconds(50))
        spinner.stop()
        scheduler.advance(by: .seconds(1))
        #expect(output.text.isEmpty)
    }

    /// `launches show` waits twice (the list, then the detailed record): each wait spins,
    /// and a second start while it spins does not double the frames.
    @Test func aStartWhileSpinningIsIgnoredAndAStartAfterStopSpinsAgain() {
        let scheduler = DispatchQueue.test
        let output = TextOutput.memory(isTerminal: true)
        let spinner = ProgressSpinner(output: output, message: "x", unicode: false)
        spinner.start(on: scheduler.eraseToAnyScheduler())
        spinner.start(on: scheduler.eraseToAnyScheduler())
        scheduler.advance(by: .milliseconds(180))
        #expect(output.text == "\r| x\r/ x", "one clock: one frame each 80 ms")
        spinner.stop()
        spinner.start(on: scheduler.eraseToAnyScheduler())
        scheduler.advance(by: .milliseconds(100))
        #expect(output.text == "\r| x\r/ x\r\u{1B}[K\r| x", "the second wait starts from the first frame")
        spinner.stop()
        #expect(output.text.hasSuffix("\r\u{1B}[K"))
    }
}
