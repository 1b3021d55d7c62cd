import Foundation
import SpaceData
#if canImport(Glibc)
import Glibc
#endif

/// Where spacedash keeps its cache: `SPACEDASH_CACHE_DIR`, else
/// `$XDG_CACHE_HOME/spacedash`, else `~/.cache/spacedash`.
enum CacheLocation {
    /// The cache directory for `environment` as an absolute path (what the cache
    /// store opens, with no `URL` built), or nil when no home directory can be found.
    ///
    /// A relative `XDG_CACHE_HOME` is ignored, as the XDG base directory
    /// specification asks, so the cache never lands somewhere that depends
    /// on the current directory.
    static func directoryPath(environment: [String: String]) -> String? {
        if let explicit = environment["SPACEDASH_CACHE_DIR"], !explicit.isEmpty {
            return CacheStore.absolutePath(explicit)
        }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return CacheStore.path("spacedash", in: CacheStore.absolutePath(xdg))
        }
        guard let home = homeDirectory(environment: environment) else { return nil }
        return CacheStore.path(".cache/spacedash", in: CacheStore.absolutePath(home))
    }

    private static func homeDirectory(environment: [String: String]) -> String? {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        // Services and cron jobs may run without HOME; the password database still knows.
        guard let entry = getpwuid(geteuid()), let directory = entry.pointee.pw_dir else { return nil }
        let home = String(cString: directory)
        return home.hasPrefix("/") ? home : nil
    }
}
