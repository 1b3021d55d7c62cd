import Foundation

/// Where the project's files are, found from this source file's location so
/// tests work from any current directory.
public enum ProjectPaths {
    /// The package root (the folder holding Package.swift).
    public static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        // Tests/TestSupport/ProjectPaths.swift -> package root
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// The project's own fixtures.
    public static var fixtures: URL { root.appendingPathComponent("Fixtures") }

    /// `../shared/data` beside the project, or nil when it is not there
    /// (tests that read it skip their cases then).
    public static var sharedData: URL? {
        let url = root.deletingLastPathComponent().appendingPathComponent("shared/data")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The folder holding the built products of the current configuration
    /// (the test bundle sits beside `spacedash`).
    public static var productsDirectory: URL {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        while directory.path != "/" && !FileManager.default.fileExists(atPath: directory.appendingPathComponent("spacedash").path) {
            directory.deleteLastPathComponent()
        }
        return directory
    }

    /// The built `spacedash` executable, for end-to-end tests.
    public static var spacedashBinary: URL { productsDirectory.appendingPathComponent("spacedash") }
}
