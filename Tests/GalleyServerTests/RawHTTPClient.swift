import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP/1.1 client over a plain TCP socket that sends the request target
/// byte for byte (URLSession and curl normalise `..` away), and reads
/// server-sent events from a chunked response as they arrive.
///
/// Its calls block, so tests make them through ``blocking(_:)``: on a
/// Dispatch thread, not on a thread of the cooperative pool that the server
/// under test needs to answer.
final class RawHTTPClient: @unchecked Sendable {
    // @unchecked: a test uses its client from one task, awaiting each call
    // before the next, so `buffer`, `body` and `chunked` are never touched by
    // two threads at once; the socket itself is only closed once (`closed`).
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var body: [UInt8] = []
    private var chunked = false

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw HarnessError("socket failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            Glibc.close(fd)
            throw HarnessError("connect failed: \(String(cString: strerror(errno)))")
        }
    }

    private var closed = false

    deinit { close() }

    /// Closes the connection.
    func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(fd)
    }

    /// Sends `GET target` (or another method) exactly as written.
    func send(_ target: String, method: String = "GET", host: String = "127.0.0.1") throws {
        let request = "\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\nAccept: */*\r\n\r\n"
        let bytes = Array(request.utf8)
        let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw HarnessError("send failed") }
    }

    /// Sends `text` as it is (a partial request, say).
    func sendRaw(_ text: String) throws {
        let bytes = Array(text.utf8)
        let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw HarnessError("send failed") }
    }

    /// Waits up to `timeout` for the server to close the connection (reading
    /// and dropping whatever it sends); returns how long that took, or `nil`.
    func waitForClose(timeout: Duration) -> Duration? {
        let start = ContinuousClock.now
        while ContinuousClock.now - start < timeout {
            var pollFD = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pollFD, 1, 50) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 16384)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return ContinuousClock.now - start }
        }
        return nil
    }

    /// Reads more bytes, waiting at most `timeout`; `false` on timeout or close.
    private func fill(until deadline: ContinuousClock.Instant) -> Bool {
        let remaining = deadline - ContinuousClock.now
        guard remaining > .zero else { return false }
        var pollFD = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000) + 1
        guard poll(&pollFD, 1, milliseconds) > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 16384)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer += chunk[..<count]
        return true
    }

    /// The status code and headers of the response (lower-cased names).
    func readHead(timeout: Duration = .seconds(10)) throws -> (status: Int, headers: [String: String]) {
        let deadline = ContinuousClock.now + timeout
        let separator = Array("\r\n\r\n".utf8)
        while true {
            if let end = buffer.firstRange(of: separator) {
                let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                buffer.removeSubrange(..<end.upperBound)
                var lines = head.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst().split(separator: " ")
                guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw HarnessError("bad status line") }
                var headers: [String: String] = [:]
                for line in lines {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
                chunked = headers["transfer-encoding"]?.lowercased() == "chunked"
                return (status, headers)
            }
            guard fill(until: deadline) else { throw HarnessError("no response head within \(timeout)") }
        }
    }

    /// Moves complete chunks (or raw bytes, when not chunked) from `buffer` to `body`.
    private func decode() {
        guard chunked else {
            body += buffer
            buffer.removeAll()
            return
        }
        let crlf = Array("\r\n".utf8)
        while let line = buffer.firstRange(of: crlf) {
            let sizeText = String(decoding: buffer[..<line.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { return }
            guard buffer.count >= line.upperBound + size + 2 else { return }
            body += buffer[line.upperBound..<(line.upperBound + size)]
            buffer.removeSubrange(..<(line.upperBound + size + 2))
        }
    }

    /// The next server-sent event with a name (heartbeats skipped), or `nil` after `timeout`.
    func nextEvent(timeout: Duration = .seconds(30)) -> (name: String, data: String)? {
        let deadline = ContinuousClock.now + timeout
        let separator = Array("\n\n".utf8)
        while true {
            decode()
            while let end = body.firstRange(of: separator) {
                let text = String(decoding: body[..<end.lowerBound], as: UTF8.self)
                body.removeSubrange(..<end.upperBound)
                var name: String?
                var data: [String] = []
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                    if line.hasPrefix("data: ") { data.append(String(line.dropFirst(6))) }
                }
                if let name { return (name, data.joined(separator: "\n")) }
            }
            guard fill(until: deadline) else { return nil }
        }
    }

    /// Waits for the event named `name`, skipping others; `nil` after `timeout`.
    func waitForEvent(_ name: String, timeout: Duration = .seconds(60)) -> (name: String, data: String)? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            guard let event = nextEvent(timeout: deadline - ContinuousClock.now) else { return nil }
            if event.name == name { return event }
        }
        return nil
    }

    /// Opens `/__galley/events` and returns its first event (`ready`).
    static func events(port: Int) throws -> (RawHTTPClient, ready: String) {
        let client = try RawHTTPClient(port: port)
        try client.send("/__galley/events")
        let head = try client.readHead()
        guard head.status == 200, let ready = client.nextEvent(timeout: .seconds(10)), ready.name == "ready" else {
            throw HarnessError("the event stream did not start with `ready`")
        }
        return (client, ready.data)
    }
}

/// Runs blocking work on a Dispatch thread and waits for it without holding a cooperative thread.
func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(with: Result { try body() })
        }
    }
}
