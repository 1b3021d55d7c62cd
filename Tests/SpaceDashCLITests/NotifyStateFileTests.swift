import Foundation
import Glibc
import SpaceData
import Testing
import TestSupport
@testable import SpaceDashCLI

@Suite struct NotifyStateFileTests {
    static func launch() -> Launch {
        Launch(id: "e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc", name: "Falcon 9 Block 5 | Starlink Group 17-39",
               net: LaunchLibraryDate.date(from: "2026-07-20T14:49:32Z"), statusAbbreviation: "Go")
    }

    static func file(_ sandbox: Sandbox) -> NotifyStateFile {
        NotifyStateFile(directoryPath: sandbox.directory.appendingPathComponent("state/spacedash").path)
    }

    @Test func aWrittenStateReadsBackPrivateAndNothingLeftBeside() throws {
        let sandbox = Sandbox()
        let file = Self.file(sandbox)
        var state = NotifyState()
        var record = NotifyState.LaunchRecord(launch: Self.launch(), followed: true)
        record.sentLeads = [3600]
        record.armedNet = Self.launch().net
        state.launches[record.launch.id] = record
        try file.withLock { try file.write(state) }
        #expect(try file.read() == .state(state))
        var info = stat()
        #expect(stat(file.path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.directoryPath).sorted() == ["notify.json", "notify.lock"])
    }

    @Test func noFileIsNothingFollowedNothingSent() throws {
        #expect(try Self.file(Sandbox()).read() == .missing)
    }

    @Test func aTornFileIsSetAsideReportedAndReplaced() throws {
        let sandbox = Sandbox()
        let file = Self.file(sandbox)
        var state = NotifyState()
        state.launches[Self.launch().id] = NotifyState.LaunchRecord(launch: Self.launch(), followed: true)
        try file.write(state)
        let whole = try Data(contentsOf: URL(fileURLWithPath: file.path))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: file.path))
        #expect(try file.read() == .damaged("it is not JSON"))
        let (fresh, damage) = try file.readForUpdate()
        #expect(fresh == NotifyState())
        #expect(damage?.contains("was damaged (it is not JSON); set it aside as \(file.directoryPath)/notify.json.damaged") == true)
        #expect(FileManager.default.fileExists(atPath: file.directoryPath + "/notify.json.damaged"))
        #expect(try file.read() == .missing, "reported once: the next read finds no file until one is written")
    }

    @Test func ourFormatWithWrongFieldsIsDamagedToo() throws {
        #expect(try NotifyStateFile.reading(Data(#"{"format": "spacedash-notify 1", "launches": 3}"#.utf8), path: "p") == .damaged("its fields are not what spacedash writes"))
        #expect(try NotifyStateFile.reading(Data(), path: "p") == .damaged("it is empty"))
    }

    @Test func anotherProgramsFileOrAnotherVersionIsAConfigurationErrorAndLeftAlone() throws {
        for text in [#"{"launches": {}}"#, "[1, 2]", #"{"format": "spacedash-notify 2"}"#] {
            #expect(throws: CommandError.self) { try NotifyStateFile.reading(Data(text.utf8), path: "p") }
            do {
                _ = try NotifyStateFile.reading(Data(text.utf8), path: "p")
            } catch {
                #expect(error.exitCode == .configuration)
            }
        }
    }

    @Test func aSymbolicLinkIsNeverFollowed() throws {
        let sandbox = Sandbox()
        let file = Self.file(sandbox)
        try FileManager.default.createDirectory(atPath: file.directoryPath, withIntermediateDirectories: true)
        let target = sandbox.directory.appendingPathComponent("elsewhere.json").path
        try Data("{}".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: target)
        #expect(throws: CommandError("\(file.path) is a symbolic link, which spacedash never follows: remove it", exitCode: .configuration)) {
            try file.read()
        }
    }

    @Test func theStateDirectoryFollowsXDG() {
        #expect(NotifyStateFile.directoryPath(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/a"]) == "/x/state/spacedash")
        #expect(NotifyStateFile.directoryPath(environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/a"]) == "/home/a/.local/state/spacedash")
        #expect(NotifyStateFile.directoryPath(environment: [:]) == nil)
    }
}
