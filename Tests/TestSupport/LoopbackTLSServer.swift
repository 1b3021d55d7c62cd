#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// An https server on 127.0.0.1 for tests: `openssl s_server -HTTP` with a
/// certificate for 127.0.0.1 and localhost made for the run, serving fixed
/// responses (each written as a file, which s_server sends as it is, so a
/// route can be added once the port is known). The client trusts it through
/// `certificateFile`. It answers one connection at a time; enough for a
/// redirect or two. Tests never leave the machine.
///
///     let tls = try LoopbackTLSServer()
///     defer { tls.stop() }
///     try tls.serve("/moved", .redirect(to: plain.url("/feed").absoluteString))
///     tls.url("/moved")        // https://127.0.0.1:<port>/moved
///
/// Tests that need it are enabled `.enabled(if: LoopbackTLSServer.isAvailable)`:
/// it needs the `openssl` command.
public final class LoopbackTLSServer: @unchecked Sendable {
    static let openssl = URL(fileURLWithPath: "/usr/bin/openssl")

    /// Whether the `openssl` command is there to serve https.
    public static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: openssl.path) }

    public let port: UInt16
    /// The server's certificate (PEM), the one authority a client should trust.
    public let certificateFile: String
    private let directory: URL
    private let documents: URL
    private let process: Process

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts listening on 127.0.0.1 at a free port, serving nothing yet.
    public init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-tls-\(getpid())-\(UUID().uuidString)")
        documents = directory.appendingPathComponent("documents")
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        certificateFile = directory.appendingPathComponent("cert.pem").path
        let key = directory.appendingPathComponent("key.pem").path
        try Self.runOpenSSL(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                             "-keyout", key, "-out", certificateFile, "-days", "1",
                             "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"])

        process = Process()
        process.executableURL = Self.openssl
        process.arguments = ["s_server", "-accept", "127.0.0.1:0", "-cert", certificateFile, "-key", key, "-HTTP"]
        process.currentDirectoryURL = documents
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()

        // It says "ACCEPT 127.0.0.1:<port>" once it listens.
        var text = ""
        while !text.contains("ACCEPT") || !text.hasSuffix("\n") {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("ACCEPT") }),
              let port = line.split(separator: ":").last.flatMap({ UInt16($0.trimmingCharacters(in: .whitespaces)) })
        else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw Failure(description: "openssl s_server did not start: \(text)")
        }
        self.port = port
        // Keep reading what it writes, so it never blocks on a full pipe.
        Thread {
            while !output.fileHandleForReading.availableData.isEmpty {}
        }.start()
    }

    deinit { stop() }

    /// Serves `response` at `path` (without a query) from now on; only a
    /// response made of writes (`.status`, `.json`, `.redirect`…) can be.
    public func serve(_ path: String, _ response: LoopbackServer.Response) throws {
        guard let bytes = response.bytes else { throw Failure(description: "\(path): only responses made of writes can be served over https") }
        let file = documents.appendingPathComponent(String(path.drop { $0 == "/" }))
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: file)
    }

    /// `https://127.0.0.1:<port><path>`.
    public func url(_ path: String) -> URL {
        URL(string: "https://127.0.0.1:\(port)\(path)")!
    }

    /// Ends the server and removes its files. Safe to call more than once.
    public func stop() {
        if process.isRunning {
            // SIGKILL: the test runner's threads block SIGTERM, and a child started
            // from one inherits that mask.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    private static func runOpenSSL(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = openssl
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "openssl \(arguments.first ?? "") failed with status \(process.terminationStatus)")
        }
    }
}

extension LoopbackServer.Response {
    /// The bytes of a response made of writes only (`.status`, `.json`,
    /// `.redirect`…); nil for one that pauses, computes or streams.
    var bytes: Data? {
        var data = Data()
        for step in steps {
            guard case .write(let chunk) = step else { return nil }
            data += chunk
        }
        return data
    }
}
