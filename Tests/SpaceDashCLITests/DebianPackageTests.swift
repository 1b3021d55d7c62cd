#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import SpaceDashCLI
import TestSupport

/// The package `make deb` builds, read without installing it (`dpkg-deb -c`, `-f`,
/// `-x`): what it holds and where, its control fields, that the binary inside is the
/// release binary `InstalledBinaryTests` proves self-contained, that the version is
/// the same everywhere, that the man page and completions are the ones the tree
/// writes, and that the copyright file is DEP-5 and credits every bundled data set.
/// `make test` builds it and names it in `SPACEDASH_DEB`.
let debianPackage = ProcessInfo.processInfo.environment["SPACEDASH_DEB"].map(URL.init(fileURLWithPath:))

@Suite(.enabled(if: debianPackage != nil, "SPACEDASH_DEB is unset: `make test` builds the package with `make deb` and checks it"))
struct DebianPackageTests {
    private var package: URL { debianPackage! }

    static func dpkgDeb(_ arguments: [String]) throws -> String {
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/dpkg-deb"), arguments: arguments, timeout: 120)
        try #require(result.exitCode == 0, "dpkg-deb \(arguments.joined(separator: " ")) failed: \(result.stderrText)")
        return result.stdoutText
    }

    /// The package's files, unpacked into a scratch folder (not installed).
    private func unpacked(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-deb-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Self.dpkgDeb(["-x", package.path, folder.path])
        try body(folder)
    }

    private func gunzipped(_ file: URL) throws -> String {
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/bin/gzip"), arguments: ["-dc", file.path])
        try #require(result.exitCode == 0, "\(file.path): \(result.stderrText)")
        return result.stdoutText
    }

    private func controlFields() throws -> [String: String] {
        try #require(try Deb822.paragraphs(try Self.dpkgDeb(["-f", package.path])).first)
    }

    @Test func holdsEachFileWhereDebianLooksOwnedByRoot() throws {
        // `dpkg-deb -c`: "-rwxr-xr-x root/root 61234 2026-11-28 02:30 ./usr/bin/spacedash"
        var entries: [String: String] = [:]
        for line in try Self.dpkgDeb(["-c", package.path]).split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            try #require(fields.count == 6, "\(line)")
            #expect(fields[1] == "root/root", "\(line)")
            entries[String(fields[5])] = String(fields[0])
        }
        let files = entries.filter { !$0.value.hasPrefix("d") }
        #expect(files == [
            "./usr/bin/spacedash": "-rwxr-xr-x",
            "./usr/share/man/man1/spacedash.1.gz": "-rw-r--r--",
            "./usr/share/bash-completion/completions/spacedash": "-rw-r--r--",
            "./usr/share/zsh/vendor-completions/_spacedash": "-rw-r--r--",
            "./usr/share/fish/vendor_completions.d/spacedash.fish": "-rw-r--r--",
            "./usr/share/doc/spacedash/copyright": "-rw-r--r--",
            "./usr/share/doc/spacedash/changelog.Debian.gz": "-rw-r--r--",
            "./usr/share/lintian/overrides/spacedash": "-rw-r--r--",
        ])
        #expect(entries.filter { $0.value.hasPrefix("d") }.allSatisfy { $0.value == "drwxr-xr-x" })
    }

    @Test func controlFieldsSayWhatItNeedsAndWhatItIs() throws {
        let control = try controlFields()
        #expect(control["Package"] == "spacedash")
        #expect(control["Section"] == "utils")
        #expect(control["Priority"] == "optional")
        #expect(control["Homepage"] == nil)
        #expect(control["Maintainer"]?.contains("<") == true)
        #expect(Int(control["Installed-Size"] ?? "") ?? 0 > 0)
        // What it loads at start, as dpkg-shlibdeps found it, each with a lowest version;
        // libcurl is opened at the first request, so it is recommended, not depended on.
        let depends = (control["Depends"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(Set(depends.map { String($0.prefix { $0 != " " }) }) == ["libc6", "libgcc-s1", "libstdc++6"], "\(depends)")
        #expect(depends.allSatisfy { $0.contains("(>= ") }, "\(depends)")
        #expect(control["Recommends"] == "libcurl4, libnotify-bin")
        #expect(control["Suggests"] == "xdg-utils")
        // A synopsis, then a paragraph.
        let description = try #require(control["Description"]).split(separator: "\n")
        #expect(description.count >= 2 && !description[0].isEmpty && description[0].count < 80, "\(description)")
    }

    @Test func theVersionIsTheSameInTheBinaryThePackageTheManPageAndTheChangelog() throws {
        let version = SpaceDashVersion.current
        let packageVersion = try #require(try controlFields()["Version"])
        #expect(packageVersion.hasPrefix(version + "-"), "\(packageVersion)")
        #expect(package.lastPathComponent.hasPrefix("spacedash_\(packageVersion)_"))
        try unpacked { root in
            let binary = try ProcessRunner.run(root.appendingPathComponent("usr/bin/spacedash"), arguments: ["--version"],
                                               environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
            #expect(binary.stdoutText == "spacedash \(version)\n", "\(binary.stderrText)")
            let manPage = try gunzipped(root.appendingPathComponent("usr/share/man/man1/spacedash.1.gz"))
            #expect(manPage.contains("\n.TH SPACEDASH 1 \"\" \"spacedash \(version)\" "))
            let changelog = try gunzipped(root.appendingPathComponent("usr/share/doc/spacedash/changelog.Debian.gz"))
            #expect(changelog.hasPrefix("spacedash (\(packageVersion)) "), "\(changelog.prefix(80))")
        }
    }

    /// Byte for byte the binary `make install` installs, which `InstalledBinaryTests`
    /// runs with the toolchain hidden; and stripped, needing no Swift library.
    @Test func theBinaryIsTheSelfContainedReleaseBinary() throws {
        try unpacked { root in
            let binary = root.appendingPathComponent("usr/bin/spacedash")
            if let installed = ProcessInfo.processInfo.environment["SPACEDASH_INSTALLED_BINARY"] {
                #expect(try Data(contentsOf: binary) == Data(contentsOf: URL(fileURLWithPath: installed)))
            }
            let readelf = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/readelf"), arguments: ["-d", "-S", "-W", binary.path])
            #expect(readelf.exitCode == 0)
            #expect(!readelf.stdoutText.contains(" .symtab ") && !readelf.stdoutText.contains(" .debug_info "))
            #expect(!readelf.stdoutText.contains("libswift") && !readelf.stdoutText.contains("libFoundation"))
            #expect(!readelf.stdoutText.contains("libcurl"))
        }
    }

    @Test func theManPageAndCompletionsAreTheOnesTheTreeWrites() throws {
        try unpacked { root in
            #expect(try gunzipped(root.appendingPathComponent("usr/share/man/man1/spacedash.1.gz")) == ManPage.page())
            let tree = CompletionTree(root: SpaceDash.self)
            for (shell, path) in [(CompletionShell.bash, "usr/share/bash-completion/completions/spacedash"),
                                  (.zsh, "usr/share/zsh/vendor-completions/_spacedash"),
                                  (.fish, "usr/share/fish/vendor_completions.d/spacedash.fish")] {
                let installed = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
                #expect(installed == CompletionScript.script(for: shell, tree: tree), "\(path)")
            }
        }
    }

    /// DEP-5 (https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/): a
    /// header, `Files:` stanzas with a copyright and a licence each, and a paragraph
    /// for every licence named. Every file in Fixtures/bundled must be in a stanza of
    /// its own (not only `*`), so a data set bundled without credit fails here.
    @Test func theCopyrightIsDEP5AndCreditsEveryBundledDataSet() throws {
        try unpacked { root in
            let text = try String(contentsOf: root.appendingPathComponent("usr/share/doc/spacedash/copyright"), encoding: .utf8)
            let paragraphs = try Deb822.paragraphs(text)
            let header = try #require(paragraphs.first)
            #expect(header["Format"] == "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/")
            #expect(header["Upstream-Name"] == "spacedash")
            let stanzas = paragraphs.dropFirst().filter { $0["Files"] != nil }
            let licences = paragraphs.dropFirst().filter { $0["Files"] == nil }
            #expect(stanzas.first?["Files"] == "*")
            var named: Set<String> = []
            for stanza in stanzas {
                #expect(!(stanza["Copyright"] ?? "").isEmpty, "\(stanza)")
                let licence = try #require(stanza["License"], "\(stanza)")
                #expect(!licence.contains("\n"), "a stanza's licence is a name here, its text in a paragraph: \(stanza)")
                named.insert(licence)
            }
            var written: Set<String> = []
            for paragraph in licences {
                let licence = try #require(paragraph["License"], "a paragraph that is neither a stanza nor a licence: \(paragraph)")
                let lines = licence.split(separator: "\n", omittingEmptySubsequences: false)
                #expect(lines.count > 1, "the licence \(lines[0]) has no text")
                written.insert(String(lines[0]))
            }
            #expect(named == written, "named \(named.sorted()), written \(written.sorted())")

            let bundled = try FileManager.default.contentsOfDirectory(atPath: ProjectPaths.fixtures.appendingPathComponent("bundled").path)
                .filter { !$0.hasPrefix(".") }
            #expect(!bundled.isEmpty)
            for file in bundled.sorted() {
                let path = "Fixtures/bundled/" + file
                let credits = stanzas.filter { stanza in
                    stanza["Files"] != "*" && (stanza["Files"] ?? "").split(separator: " ").contains { fnmatch(String($0), path, 0) == 0 }
                }
                #expect(credits.count == 1, "\(path) has \(credits.count) stanzas: add a line for it to packaging/debian/bundled-data.tsv")
            }
            // The list names only files that are there.
            for stanza in stanzas where stanza["Files"] != "*" {
                for pattern in (stanza["Files"] ?? "").split(separator: " ") {
                    #expect(bundled.contains { fnmatch(String(pattern), "Fixtures/bundled/" + $0, 0) == 0 }, "\(pattern) matches no bundled file")
                }
            }
        }
    }
}

/// Debian's control-file syntax (deb822), as control fields and DEP-5 copyright
/// files use it: paragraphs apart by blank lines, `Name: value` fields, a line
/// beginning with a space continuing the field above (` .` is an empty line).
/// A value's continuation lines follow its first line after "\n".
enum Deb822 {
    struct SyntaxError: Error, CustomStringConvertible {
        var line: Int
        var reason: String
        var description: String { "line \(line): \(reason)" }
    }

    static func paragraphs(_ text: String) throws -> [[String: String]] {
        var paragraphs: [[String: String]] = []
        var current: [String: String] = [:]
        var lastField: String?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                if !current.isEmpty { paragraphs.append(current) }
                current = [:]
                lastField = nil
            } else if line.first == " " || line.first == "\t" {
                guard let field = lastField else { throw SyntaxError(line: index + 1, reason: "a continuation line with no field above") }
                let continued = line.dropFirst()
                current[field, default: ""] += "\n" + (continued == "." ? "" : String(continued))
            } else {
                guard let colon = line.firstIndex(of: ":"), colon > line.startIndex else {
                    throw SyntaxError(line: index + 1, reason: "not a field: \(line)")
                }
                let name = String(line[..<colon])
                guard current[name] == nil else { throw SyntaxError(line: index + 1, reason: "\(name) twice in a paragraph") }
                current[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                lastField = name
            }
        }
        if !current.isEmpty { paragraphs.append(current) }
        return paragraphs
    }
}
