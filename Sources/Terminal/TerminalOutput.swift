// Where terminal bytes go: a file descriptor for real, a recording for tests.

import Glibc

public protocol TerminalOutput: AnyObject {
    /// Writes all of `bytes`, or throws.
    func write(_ bytes: [UInt8]) throws
}

/// Writes to a file descriptor, looping on partial writes, EINTR and EAGAIN, so one call
/// puts the whole buffer out (a frame is never left half drawn by a short write).
public final class FileDescriptorOutput: TerminalOutput {
    public let fileDescriptor: Int32

    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                    continue
                }
                let code = errno
                if written < 0 && code == EINTR { continue }
                if written < 0 && (code == EAGAIN || code == EWOULDBLOCK) {
                    var poller = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&poller, 1, 1000)
                    continue
                }
                throw TerminalError.systemCall(name: "write", errno: written < 0 ? code : EIO)
            }
        }
    }

    public func write(_ text: String) throws {
        try write(Array(text.utf8))
    }
}

/// Keeps every write, for tests: how many writes, and what they said.
public final class RecordingOutput: TerminalOutput {
    public private(set) var writes: [[UInt8]] = []

    public init() {}

    public func write(_ bytes: [UInt8]) throws {
        writes.append(bytes)
    }

    /// Everything written, as text.
    public var text: String { String(decoding: writes.joined(), as: UTF8.self) }

    public func removeAll() { writes.removeAll() }
}
