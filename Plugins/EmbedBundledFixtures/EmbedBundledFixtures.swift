import Foundation
import PackagePlugin

/// Compiles the data in `Fixtures/bundled` into the target that uses this plugin
/// (SpaceDataBundle): each `NAME.json` or `NAME.tsv` becomes `BundledFixtures.NAME`,
/// a string literal in a Swift file written into the build folder by
/// `EmbedAsStringLiteral`. The files are the commands' inputs, so editing one
/// rebuilds; nothing generated is committed.
@main struct EmbedBundledFixtures: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Fixtures/bundled")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { ["json", "tsv"].contains($0.pathExtension) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let tool = try context.tool(named: "EmbedAsStringLiteral")
        return files.map { file in
            let name = file.deletingPathExtension().lastPathComponent
            let shownPath = "Fixtures/bundled/\(file.lastPathComponent)"
            let output = context.pluginWorkDirectoryURL.appending(path: "BundledFixtures+\(name).swift")
            return .buildCommand(displayName: "Embedding \(shownPath)",
                                 executable: tool.url,
                                 arguments: [file.path, shownPath, name, output.path],
                                 inputFiles: [file],
                                 outputFiles: [output])
        }
    }
}
