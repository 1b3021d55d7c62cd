import CurlShim

/// libcurl, loaded by the first request rather than at start-up (see
/// curl_shim.h): runs that make no request never load it or its libraries.
enum CurlLibrary {
    /// Debian's libcurl4 (the OpenSSL build that libcurl4-openssl-dev compiles against).
    static let name = "libcurl.so.4"

    /// Loads libcurl unless it is loaded already; nil when it is ready, else
    /// why it is not (the loader's one-line reason). A failure is not remembered:
    /// the next request tries again.
    static func load() -> String? {
        reason { sd_curl_load(name, $0, $1) }
    }

    /// Why `library` could not serve as libcurl, or nil when it could; checked
    /// as `load` would, without keeping it loaded.
    static func problem(with library: String) -> String? {
        reason { sd_curl_check(library, $0, $1) }
    }

    private static func reason(_ call: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> String? {
        var error = [CChar](repeating: 0, count: 512)
        guard call(&error, error.count) != 0 else { return nil }
        return String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
