import Foundation
import Logging
import ServiceLifecycle
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny HTTP/1.1 responder for `spotter work --metrics-port`: `GET /metrics` (Prometheus
/// text) and `GET /healthz` (200 while the worker runs and heartbeats, 503 otherwise), one
/// request per connection, on 127.0.0.1 unless `--metrics-address` says otherwise. It needs no
/// HTTP framework: one thread accepts, and each connection is answered on its own thread (at
/// most ``maxConnections`` at once; past that a connection is closed at once), so a slow client
/// never delays another. A request must arrive whole within ``requestTimeout`` — a deadline for
/// the whole request, not per read, so a client sending a byte a second is cut off too. Blocking
/// socket calls never touch Swift's cooperative pool.
final class MetricsServer: Service, Sendable {
    /// What to serve: the metrics text, and whether the worker is healthy.
    struct Content: Sendable {
        var metrics: @Sendable () -> [UInt8]
        var healthy: @Sendable () -> Bool
    }

    /// The whole request line and headers must arrive within this many seconds.
    static let requestTimeout: Double = 2
    /// Connections answered at once; more are closed without an answer.
    static let maxConnections = 32

    let host: String
    let port: Int
    let content: Content
    let logger: Logger

    init(host: String, port: Int, content: Content, logger: Logger) {
        self.host = host
        self.port = port
        self.content = content
        self.logger = logger
    }

    /// Listens until graceful shutdown. Throws at once when the port cannot be bound.
    func run() async throws {
        let socket = try listen()
        logger.info("metrics listening", metadata: ["address": "\(host):\(port)"])
        let content = self.content
        let thread = Thread {
            Self.acceptLoop(socket, content: content)
        }
        thread.name = "spotter-metrics"
        thread.start()
        try? await gracefulShutdown()
        // shutdown() wakes the thread blocked in accept(); it then closes the socket.
        _ = Glibc.shutdown(socket, Int32(SHUT_RDWR))
    }

    private func listen() throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw failure("socket") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            close(fd)
            throw CommandFailure(message: "--metrics-address '\(host)' is not an IPv4 address", exitCode: 2)
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, Glibc.listen(fd, 16) == 0 else {
            let error = failure("bind \(host):\(port)")
            close(fd)
            throw error
        }
        return fd
    }

    private func failure(_ what: String) -> CommandFailure {
        CommandFailure(message: "metrics server: \(what): \(String(cString: strerror(errno)))")
    }

    /// Connections being answered.
    private static let open = Mutex(0)

    private static func acceptLoop(_ socket: Int32, content: Content) {
        defer { close(socket) }
        while true {
            let client = accept(socket, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return  // shut down
            }
            let admitted = open.withLock { count in
                guard count < maxConnections else { return false }
                count += 1
                return true
            }
            guard admitted else {
                close(client)
                continue
            }
            let thread = Thread {
                answer(client, content: content)
                close(client)
                open.withLock { $0 -= 1 }
            }
            thread.name = "spotter-metrics-client"
            thread.start()
        }
    }

    /// Reads the request (line and headers) until ``requestTimeout`` after it began, then
    /// answers; a request still incomplete at the deadline gets no answer.
    private static func answer(_ client: Int32, content: Content) {
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let deadline = Date().addingTimeInterval(requestTimeout)
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 2048)
        // The request line and headers; a body (none expected) is ignored.
        while request.count < 8192, !request.ends(with: [13, 10, 13, 10]), !request.ends(with: [10, 10]) {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return }
            var descriptor = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(max(1, (remaining * 1000).rounded(.up))))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return }  // timed out or failed
            let count = read(client, &buffer, buffer.count)
            if count <= 0 { break }
            request.append(contentsOf: buffer[0..<count])
            if request.firstRange(of: [13, 10, 13, 10]) != nil { break }
        }
        let line = String(decoding: request.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self)
        let response = respond(to: line, content: content)
        response.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(client, raw.baseAddress! + offset, raw.count - offset)
                if written <= 0 {
                    if written < 0 && errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    /// The response to one request line (`GET /metrics HTTP/1.1`).
    static func respond(to requestLine: String, content: Content) -> [UInt8] {
        let parts = requestLine.split(separator: " ")
        guard parts.count >= 2 else { return response(400, "text/plain", Array("bad request\n".utf8)) }
        let method = parts[0], target = parts[1].split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        guard method == "GET" || method == "HEAD" else {
            return response(405, "text/plain", Array("only GET and HEAD\n".utf8), head: false, allow: true)
        }
        let head = method == "HEAD"
        switch target {
        case "/metrics":
            return response(200, "text/plain; version=0.0.4; charset=utf-8", content.metrics(), head: head)
        case "/healthz":
            return content.healthy()
                ? response(200, "text/plain", Array("ok\n".utf8), head: head)
                : response(503, "text/plain", Array("unhealthy\n".utf8), head: head)
        default:
            return response(404, "text/plain", Array("not found; try /metrics or /healthz\n".utf8), head: head)
        }
    }

    static func response(
        _ status: Int, _ type: String, _ body: [UInt8], head: Bool = false, allow: Bool = false
    ) -> [UInt8] {
        let reason = [
            200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed", 503: "Service Unavailable",
        ]
        var text = "HTTP/1.1 \(status) \(reason[status] ?? "Error")\r\n"
        text += "Content-Type: \(type)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
        if allow { text += "Allow: GET, HEAD\r\n" }
        text += "\r\n"
        return Array(text.utf8) + (head ? [] : body)
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
