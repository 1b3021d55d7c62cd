import Foundation

/// One redacted line per request and per response (the app decides when to
/// log, e.g. for a verbose run):
///
///     http: GET https://api.nasa.gov/insight_weather/?api_key=***&feedtype=json
///     http: 301 GET https://api.nasa.gov/insight_weather/?api_key=***&feedtype=json redirects to https://api.nasa.gov/insight/?api_key=***
///     http: 200 GET https://api.nasa.gov/insight/?api_key=*** 10512 bytes 231 ms
///     http: failed GET https://… after 1003 ms: request to https://… took longer than 1 s …
///
/// Header values are never logged, so `Authorization` cannot leak.
public struct HTTPLog: Sendable {
    private let write: @Sendable (String) -> Void

    /// Logs each line through `write` (no trailing newline is passed).
    /// Registered secrets are masked in every line before `write` sees it.
    public init(_ write: @escaping @Sendable (String) -> Void) {
        self.write = { line in write(Redaction.maskRegisteredSecrets(in: line)) }
    }

    func started(_ request: HTTPRequest) {
        write("http: \(request.method) \(Redaction.redact(url: request.url))")
    }

    /// A redirect libcurl followed: one line per hop, as it happens.
    func redirected(_ request: HTTPRequest, status: Int, from: URL, to: URL) {
        write("http: \(status) \(request.method) \(Redaction.redact(url: from)) redirects to \(Redaction.redact(url: to))")
    }

    func finished(_ request: HTTPRequest, result: Result<HTTPResponse, HTTPError>, milliseconds: Int) {
        switch result {
        case .success(let response):
            write("http: \(response.status) \(request.method) \(Redaction.redact(url: response.finalURL)) \(response.body.count) bytes \(milliseconds) ms")
        case .failure(let error):
            write("http: failed \(request.method) \(Redaction.redact(url: request.url)) after \(milliseconds) ms: \(error)")
        }
    }

    func cancelled(_ request: HTTPRequest, milliseconds: Int) {
        write("http: cancelled \(request.method) \(Redaction.redact(url: request.url)) after \(milliseconds) ms")
    }
}
