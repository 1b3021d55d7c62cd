#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import SpaceDashCLI
import TestSupport

/// The package `make deb` built, as Debian's tools and a user meet it: lintian
/// finds no error and no warning; `apt-get install ./spacedash_….deb` installs it,
/// after which the program, `man spacedash` and the completions of bash, zsh and
/// fish work from where Debian's shells look, with the Swift toolchain hidden; and
/// `apt-get remove` leaves none of its files. Installing needs root and changes the
/// machine, so this runs only as root, and never over a spacedash already there.
private let spacedashIsAlreadyInstalled: Bool = {
    let status = try? ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/dpkg-query"), arguments: ["-W", "-f=${Status}", "spacedash"])
    return status?.stdoutText.contains("installed") == true && status?.stdoutText.contains("not-installed") == false
        || FileManager.default.fileExists(atPath: "/usr/bin/spacedash")
}()

@Suite(.serialized,
       .enabled(if: debianPackage != nil, "SPACEDASH_DEB is unset: `make test` builds the package with `make deb` and checks it"),
       .enabled(if: getuid() == 0, "installing the package needs root: run `make test` as root to install and remove it"),
       .enabled(if: !spacedashIsAlreadyInstalled, "spacedash is already installed here: the round trip would replace and then remove it"))
struct DebianPackageInstallTests {
    private var package: URL { debianPackage! }

    private func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval = 300) throws -> ProcessResult {
        try ProcessRunner.run(URL(fileURLWithPath: tool), arguments: arguments,
                              environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory(),
                                            "DEBIAN_FRONTEND": "noninteractive"].merging(environment) { $1 },
                              timeout: timeout)
    }

    @Test func lintianFindsNoErrorAndNoWarning() throws {
        let lintian = try run("/usr/bin/lintian", ["--no-tag-display-limit", package.path])
        let findings = (lintian.stdoutText + lintian.stderrText).split(separator: "\n").filter { $0.hasPrefix("E: ") || $0.hasPrefix("W: ") }
        #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
        #expect(lintian.exitCode == 0, "\(lintian.stdoutText)\(lintian.stderrText)")
    }

    @Test func installsWorksForAUserWithoutSwiftAndRemovesWithoutATrace() throws {
        // Recommends (libcurl4, libnotify-bin) are left out so the round trip needs no network.
        let install = try run("/usr/bin/apt-get", ["install", "-y", "-q", "--no-install-recommends", package.path])
        try #require(install.exitCode == 0, "\(install.stdoutText)\(install.stderrText)")
        var removed = false
        defer { if !removed { _ = try? run("/usr/bin/apt-get", ["remove", "-y", "-q", "spacedash"]) } }

        let listed = try run("/usr/bin/dpkg", ["-L", "spacedash"]).stdoutText.split(separator: "\n").map(String.init)
        let files = listed.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        #expect(Set(files) == [
            "/usr/bin/spacedash", "/usr/share/man/man1/spacedash.1.gz", "/usr/share/bash-completion/completions/spacedash",
            "/usr/share/zsh/vendor-completions/_spacedash", "/usr/share/fish/vendor_completions.d/spacedash.fish",
            "/usr/share/doc/spacedash/copyright", "/usr/share/doc/spacedash/changelog.Debian.gz",
            "/usr/share/lintian/overrides/spacedash",
        ])

        // The program from PATH, with the toolchain's libraries hidden (a tmpfs over them,
        // in a mount namespace of its own), as on a machine that never had Swift.
        let hidden = try InstalledBinaryTests.toolchainLibraryFolder()
        for (arguments, output) in [(["--version"], "spacedash \(SpaceDashVersion.current)\n"),
                                    (["demo", "--fast"], "In all, 24 keys and 4 searches.")] {
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-deb-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let result = try run("/usr/bin/unshare", ["-m", "/bin/sh", "-c", #"mount -t tmpfs none "$0" && exec "$@""#, hidden, "spacedash"] + arguments,
                                 environment: ["HOME": scratch.path, "SPACEDASH_CACHE_DIR": scratch.appendingPathComponent("cache").path])
            #expect(result.exitCode == 0, "\(arguments): \(result.stderrText)")
            #expect(result.stdoutText.contains(output), "\(arguments): \(result.stdoutText.prefix(300))")
        }

        let man = try run("/usr/bin/man", ["spacedash"], environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
        #expect(man.exitCode == 0 && man.stdoutText.contains("spacedash launches search"), "\(man.stderrText)")

        // Each shell from its own default search path: no XDG_DATA_DIRS, no fpath set.
        let bash = try run("/bin/bash", ["--norc", "--noprofile", "-c", """
            source /usr/share/bash-completion/bash_completion
            _completion_loader spacedash
            function=$(complete -p spacedash | sed -E 's/.*-F ([^ ]+).*/\\1/')
            COMP_WORDS=(spacedash launches --ag); COMP_CWORD=2; COMP_LINE='spacedash launches --ag'; COMP_POINT=${#COMP_LINE}
            "$function" spacedash --ag launches
            printf '%s\\n' "${COMPREPLY[@]}"
            """])
        #expect(bash.stdoutText == "--agency\n", "\(bash.stdoutText)\(bash.stderrText)")
        let zsh = try run("/usr/bin/zsh", ["-f", "-c", "autoload -Uz compinit && compinit -u -D && print -r -- ${_comps[spacedash]}"])
        #expect(zsh.stdoutText == "_spacedash\n", "\(zsh.stdoutText)\(zsh.stderrText)")
        let fish = try run("/usr/bin/fish", ["-c", "complete -C 'spacedash launches --ag'"])
        #expect(fish.stdoutText.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) ?? "" } == ["--agency"],
                "\(fish.stdoutText)\(fish.stderrText)")

        let remove = try run("/usr/bin/apt-get", ["remove", "-y", "-q", "spacedash"])
        removed = remove.exitCode == 0
        #expect(removed, "\(remove.stdoutText)\(remove.stderrText)")
        for path in files + ["/usr/share/doc/spacedash"] {
            #expect(!FileManager.default.fileExists(atPath: path), "\(path) is left after apt-get remove")
        }
        let status = try run("/usr/bin/dpkg-query", ["-W", "-f=${db:Status-Status}", "spacedash"])
        #expect(status.stdoutText == "not-installed" || status.exitCode != 0, "\(status.stdoutText)")
    }
}
