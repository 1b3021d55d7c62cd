import CCurl
import CurlShim
import Foundation
import Synchronization

/// One libcurl easy handle configured for one request, with the buffers its
/// callbacks fill.
///
/// Created on the subscriber's thread, then owned by `CurlEngine`'s thread:
/// the callbacks and `finish` run there only, so the buffers need no lock.
/// Only `isCancelled` crosses threads.
final class CurlTransfer: @unchecked Sendable {
    let request: HTTPRequest
    private let settings: TransferSettings
    let handle: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private let liveHandles: HandleCounter?

    /// Set by a cancel, read by the progress callback to abort the transfer.
    let isCancelled = Atomic<Bool>(false)
    let startedAt = ContinuousClock.now
    /// Called once with the outcome, on the engine's thread.
    private var onComplete: (@Sendable (Result<HTTPResponse, HTTPError>) -> Void)?

    // Filled by the callbacks.
    private var body = Data()
    private var headers = HTTPHeaders()
    private var bodyWentOverLimit = false
    private var isCleanedUp = false
    // The response being received, hop by hop through redirects.
    private var responseURL: URL
    private var responseStatus: Int?
    private var lastLocation: String?
    /// The hop from https to plain http this transfer stopped at.
    private var refusedRedirect: (from: URL, to: URL)?

    /// Configures an easy handle for `request`, or throws `invalidURL` (or a
    /// transport error when libcurl refuses an option).
    init(
        request: HTTPRequest,
        settings: TransferSettings,
        liveHandles: HandleCounter?,
        onComplete: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void
    ) throws(HTTPError) {
        try Self.checkURL(request.url)
        if let problem = CurlLibrary.load() {
            throw HTTPError.libcurlUnavailable(detail: problem)
        }
        guard let handle = sd_easy_init() else {
            throw HTTPError.transport(code: Int(CURLE_FAILED_INIT.rawValue), detail: "libcurl could not be initialised", url: Redaction.redact(url: request.url))
        }
        self.request = request
        self.settings = settings
        responseURL = request.url
        self.handle = handle
        self.onComplete = onComplete
        self.liveHandles = liveHandles
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        liveHandles?.count.add(1, ordering: .relaxed)
        do {
            try configure()
        } catch {
            cleanUp()
            throw error
        }
    }

    deinit {
        cleanUp()
    }

    /// Accepts absolute http and https URLs with a host, nothing else.
    static func checkURL(_ url: URL) throws(HTTPError) {
        let scheme = url.scheme?.lowercased()
        guard scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty else {
            throw HTTPError.invalidURL(Redaction.redact(url: url))
        }
    }

    /// The redirect schemes allowed from `url`: never from https to http. (A
    /// later hop from https to http, after one from http to https, is refused
    /// as its head arrives: `receiveHeader`.)
    static func allowedRedirectProtocols(from url: URL) -> String {
        url.scheme?.lowercased() == "https" ? "https" : "http,https"
    }

    /// The hosts never reached through a proxy (libcurl's `CURLOPT_NOPROXY`):
    /// `hosts` (comma-separated, `*` for all) plus loopback, which no proxy can
    /// reach on our behalf (and which the tests' servers use).
    static func noProxyList(_ hosts: String) -> String {
        let named = hosts.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if named.contains("*") { return "*" }
        return (named + ["localhost", "127.0.0.1", "::1"].filter { !named.contains($0) }).joined(separator: ",")
    }

    /// Whether a redirect from `from` to `to` would leave a secure connection.
    static func leavesTLS(from: URL, to: URL) -> Bool {
        from.scheme?.lowercased() == "https" && to.scheme?.lowercased() != "https"
    }

    /// The statuses libcurl follows when they carry a `Location`.
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    private func configure() throws(HTTPError) {
        let url = request.url
        try set(CURLOPT_URL, url.absoluteString)
        try set(CURLOPT_NOSIGNAL, 1)
        try set(CURLOPT_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_REDIR_PROTOCOLS_STR, Self.allowedRedirectProtocols(from: url))
        try set(CURLOPT_FOLLOWLOCATION, 1)
        try set(CURLOPT_MAXREDIRS, settings.maxRedirects)
        try set(CURLOPT_ACCEPT_ENCODING, "") // every encoding libcurl can decode
        try set(CURLOPT_SSL_VERIFYPEER, 1)
        try set(CURLOPT_SSL_VERIFYHOST, 2)
        try set(CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(request.connectTimeout))
        try set(CURLOPT_TIMEOUT_MS, Self.milliseconds(request.totalTimeout))
        try check(sd_easy_setopt_off_t(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxBodyBytes)))
        try set(CURLOPT_USERAGENT, settings.userAgent)
        if let trusted = settings.trustedCertificates {
            try set(CURLOPT_CAINFO, trusted)
        }
        try set(CURLOPT_NOPROXY, settings.noProxy)
        try check(sd_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer))

        var fields = request.headers.fields.map { field in
            // "Name;" is how libcurl sends a header with an empty value.
            field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)"
        }
        switch request.method {
        case .get where request.body == nil:
            try set(CURLOPT_HTTPGET, 1)
        case .head:
            try set(CURLOPT_NOBODY, 1)
        default:
            if let body = request.body {
                fields.append("Expect:") // no 100-continue round trip
                try check(sd_easy_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
                // COPYPOSTFIELDS copies, so the bytes may go away afterwards.
                var bytes = [UInt8](body)
                bytes.append(0) // a valid pointer even for an empty body
                let code = bytes.withUnsafeMutableBytes { sd_easy_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, $0.baseAddress) }
                try check(code)
            }
            if request.method != .post || request.body == nil {
                try set(CURLOPT_CUSTOMREQUEST, request.method.rawValue)
            }
        }
        for field in fields {
            guard let list = sd_slist_append(headerList, field) else {
                throw HTTPError.transport(code: Int(CURLE_OUT_OF_MEMORY.rawValue), detail: "out of memory", url: Redaction.redact(url: url))
            }
            headerList = list
        }
        if let headerList {
            try check(sd_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList))
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        try check(sd_easy_set_callbacks(handle, curlBodyCallback, curlHeaderCallback, curlProgressCallback, context))
    }

    private func set(_ option: CURLoption, _ value: Int) throws(HTTPError) {
        try check(sd_easy_setopt_long(handle, option, value))
    }

    private func set(_ option: CURLoption, _ value: String) throws(HTTPError) {
        try check(sd_easy_setopt_string(handle, option, value))
    }

    private func check(_ code: CURLcode) throws(HTTPError) {
        guard code == CURLE_OK else {
            throw HTTPError.transport(code: Int(code.rawValue), detail: String(cString: sd_easy_strerror(code)), url: Redaction.redact(url: request.url))
        }
    }

    private static func milliseconds(_ seconds: TimeInterval) -> Int {
        // 0 means "no timeout" to libcurl: keep at least 1 ms.
        max(1, Int((seconds * 1000).rounded(.up).clamped(to: 1...Double(Int32.max))))
    }

    // MARK: Callbacks (engine thread)

    fileprivate func receiveBody(_ data: UnsafeMutablePointer<CChar>?, count: Int) -> Int {
        guard let data, count > 0 else { return count }
        if body.count + count > request.maxBodyBytes {
            bodyWentOverLimit = true
            return 0 // aborts with CURLE_WRITE_ERROR
        }
        body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: count)
        return count
    }

    fileprivate func receiveHeader(_ data: UnsafeMutablePointer<CChar>?, count: Int) -> Int {
        guard let data, count > 0 else { return count }
        switch HTTPHeaders.parseLine(UnsafeRawBufferPointer(start: data, count: count)) {
        case .statusLine(let code):
            // A new response: after a redirect (libcurl followed it) or a 100 Continue. Start over.
            if let status = responseStatus, Self.redirectStatuses.contains(status), lastLocation != nil,
               let next = stringInfo(CURLINFO_EFFECTIVE_URL).flatMap(URL.init(string:)) {
                settings.log?.redirected(request, status: status, from: responseURL, to: next)
                responseURL = next
            }
            headers = HTTPHeaders()
            responseStatus = code
            lastLocation = nil
        case .field(let name, let value):
            headers.add(name: name, value: value)
            if HTTPHeaders.sameName(name, "Location") { lastLocation = value }
        case .ignored:
            // The blank line ending a head: a redirect from https to http stops
            // here, before libcurl follows it (returning less aborts the transfer).
            if count <= 2, let target = redirectTarget, Self.leavesTLS(from: responseURL, to: target) {
                refusedRedirect = (responseURL, target)
                return 0
            }
        }
        return count
    }

    /// Where the response just received redirects to, if it does.
    private var redirectTarget: URL? {
        guard let status = responseStatus, Self.redirectStatuses.contains(status), let location = lastLocation else { return nil }
        return URL(string: location, relativeTo: responseURL)?.absoluteURL
    }

    fileprivate func progress() -> Int32 {
        isCancelled.load(ordering: .relaxed) ? 1 : 0
    }

    // MARK: Completion (engine thread)

    /// Builds the outcome of a finished transfer, reports it and frees the handle.
    func finish(code: CURLcode) {
        let result = outcome(code: code)
        let callback = onComplete
        onComplete = nil
        cleanUp()
        callback?(result)
    }

    /// Frees the handle without reporting anything (cancelled transfers).
    func discard() {
        onComplete = nil
        cleanUp()
    }

    private func cleanUp() {
        guard !isCleanedUp else { return }
        isCleanedUp = true
        sd_easy_cleanup(handle)
        sd_slist_free_all(headerList)
        headerList = nil
        errorBuffer.deallocate()
        liveHandles?.count.subtract(1, ordering: .relaxed)
    }

    private func outcome(code: CURLcode) -> Result<HTTPResponse, HTTPError> {
        let elapsed = ContinuousClock.now - startedAt
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let finalURL = stringInfo(CURLINFO_EFFECTIVE_URL).flatMap(URL.init(string:)) ?? request.url
        guard code == CURLE_OK else {
            return .failure(error(for: code, finalURL: finalURL))
        }
        return .success(HTTPResponse(
            status: longInfo(CURLINFO_RESPONSE_CODE),
            headers: headers,
            body: body,
            finalURL: finalURL,
            duration: seconds
        ))
    }

    private func error(for code: CURLcode, finalURL: URL) -> HTTPError {
        let url = Redaction.redact(url: request.url)
        let message = String(cString: errorBuffer)
        let detail = Redaction.redact(text: message.isEmpty ? String(cString: sd_easy_strerror(code)) : message)
        switch code {
        case CURLE_URL_MALFORMAT:
            return .invalidURL(url)
        case CURLE_UNSUPPORTED_PROTOCOL:
            // The first URL was checked, so this is a redirect to a refused scheme.
            return .insecureRedirect(from: Redaction.redact(url: responseURL), to: Redaction.redact(url: redirectTarget ?? finalURL))
        case CURLE_COULDNT_RESOLVE_HOST:
            return .cannotResolveHost(host: finalURL.host ?? request.url.host ?? url)
        case CURLE_COULDNT_CONNECT:
            let osError = Int32(longInfo(CURLINFO_OS_ERRNO))
            return .cannotConnect(url: Redaction.redact(url: finalURL), detail: osError != 0 ? String(cString: strerror(osError)).lowercased() : "")
        case CURLE_OPERATION_TIMEDOUT:
            // libcurl says which phase ran out ("Resolving/Connection timed out"
            // while connecting, "Operation timed out" after); the connect time
            // backs that up should the wording change.
            let connecting = message.contains("Resolving timed out") || message.contains("Connection timed out")
                || (!message.contains("Operation timed out") && offTInfo(CURLINFO_CONNECT_TIME_T) <= 0)
            if connecting && request.connectTimeout <= request.totalTimeout {
                return .timedOut(.connect, limit: request.connectTimeout, url: Redaction.redact(url: finalURL))
            }
            return .timedOut(.total, limit: request.totalTimeout, url: url)
        case CURLE_TOO_MANY_REDIRECTS:
            return .tooManyRedirects(limit: settings.maxRedirects, url: url)
        case CURLE_FILESIZE_EXCEEDED:
            return .bodyTooLarge(limit: request.maxBodyBytes, url: url)
        case CURLE_WRITE_ERROR where bodyWentOverLimit:
            return .bodyTooLarge(limit: request.maxBodyBytes, url: url)
        case CURLE_WRITE_ERROR where refusedRedirect != nil:
            return .insecureRedirect(from: Redaction.redact(url: refusedRedirect!.from), to: Redaction.redact(url: refusedRedirect!.to))
        case CURLE_GOT_NOTHING:
            return .emptyResponse(url: Redaction.redact(url: finalURL))
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR:
            if code == CURLE_RECV_ERROR && longInfo(CURLINFO_RESPONSE_CODE) == 0 {
                return .emptyResponse(url: Redaction.redact(url: finalURL))
            }
            let expected = offTInfo(CURLINFO_CONTENT_LENGTH_DOWNLOAD_T)
            return .truncatedBody(url: url, received: Int(offTInfo(CURLINFO_SIZE_DOWNLOAD_T)), expected: expected >= 0 ? Int(expected) : nil)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS,
             CURLE_SSL_CRL_BADFILE, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED,
             CURLE_SSL_SHUTDOWN_FAILED, CURLE_USE_SSL_FAILED:
            return .tls(url: Redaction.redact(url: finalURL), detail: detail)
        default:
            return .transport(code: Int(code.rawValue), detail: detail, url: url)
        }
    }

    private func longInfo(_ info: CURLINFO) -> Int {
        var value = 0
        return sd_easy_getinfo_long(handle, info, &value) == CURLE_OK ? value : 0
    }

    private func offTInfo(_ info: CURLINFO) -> Int64 {
        var value: curl_off_t = 0
        return sd_easy_getinfo_off_t(handle, info, &value) == CURLE_OK ? Int64(value) : -1
    }

    private func stringInfo(_ info: CURLINFO) -> String? {
        var value: UnsafePointer<CChar>?
        guard sd_easy_getinfo_string(handle, info, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }
}

/// Counts the easy handles an engine has allocated and not yet freed.
final class HandleCounter: Sendable {
    let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .relaxed) }
}

private extension Comparable {
    func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}

// libcurl calls these with the transfer as context; they only run inside
// curl_multi_perform on the engine's thread.

private let curlBodyCallback: sd_data_callback = { data, size, count, context in
    Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().receiveBody(data, count: size * count)
}

private let curlHeaderCallback: sd_data_callback = { data, size, count, context in
    Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().receiveHeader(data, count: size * count)
}

private let curlProgressCallback: curl_xferinfo_callback = { context, _, _, _, _ in
    Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().progress()
}
