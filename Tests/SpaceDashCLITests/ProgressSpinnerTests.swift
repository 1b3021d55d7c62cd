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
}
