import Foundation
import Testing
import TestSupport
@testable import SpaceDashCLI

@Suite struct CompletionCommandTests {
    @Test(arguments: CompletionShell.allCases)
    func printsTheScriptOfTheShell(_ shell: CompletionShell) async {
        let result = await runTest(["completion", shell.rawValue], root: SpaceDash.self)
        #expect(result.code == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == CompletionScript.script(for: shell, tree: CompletionTree(root: SpaceDash.self)))
    }

    @Test func anUnknownShellIsAUsageErrorNamingTheChoices() async {
        let result = await runTest(["completion", "powershell"], root: SpaceDash.self)
        #expect(result.code == 64)
        #expect(result.stderr.contains("bash"))
        #expect(result.stderr.contains("fish"))
        #expect(result.stdout.isEmpty)
    }

    @Test func theShellIsRequired() async {
        let result = await runTest(["completion"], root: SpaceDash.self)
        #expect(result.code == 64)
    }
}
