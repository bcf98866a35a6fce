public import Foundation
import SpotterDB
import Synchronization

#if canImport(Glibc)
    import Glibc

    private let streamSocket = Int32(SOCK_STREAM.rawValue)
    private let sendFlags = Int32(MSG_NOSIGNAL)  // a client that went away must not kill the test run
#elseif canImport(Darwin)
    import Darwin

    private let streamSocket = SOCK_STREAM
    private let sendFlags: Int32 = 0
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 (a free port) that speaks just enough of the
/// chat-completions protocol for tests: every request gets the scripted ``Response`` the test
/// chooses (status, headers, body, optional delay), and every request is recorded so a test can
/// check batching, headers and how many requests were in flight at once.
///
/// Sockets are plain POSIX calls on dedicated threads (one accepting, one per connection), so
/// the blocking calls and the scripted delays never touch Swift's cooperative pool. Call
/// ``stop()`` when done (a `defer` right after creating it).
public final class ChatCompletionsServer: Sendable {
    /// One request as received.
    public struct Request: Sendable {
        /// `POST`.
        public var method: String
        /// `/v1/chat/completions`.
        public var path: String
        /// Header values by lower-cased name.
        public var headers: [String: String]
        /// The body bytes.
        public var body: Data
        /// When the request was fully read.
        public var receivedAt: ContinuousClock.Instant
        /// Its 0-based position among all requests this server received.
        public var index: Int

        /// The `content` of the last `user` message in a chat-completions body, if any.
        public var userContent: String? {
            guard let root = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
                let messages = root["messages"] as? [[String: Any]]
            else { return nil }
            return messages.last(where: { $0["role"] as? String == "user" })?["content"] as? String
        }
    }

    /// What the server answers to one request.
    public struct Response: Sendable {
        /// The HTTP status.
        public var status: Int
        /// Extra headers (Content-Type, Content-Length and Connection are always sent).
        public var headers: [String: String]
        /// The body.
        public var body: Data
        /// How long to wait before answering.
        public var delay: Duration

        /// A response with these parts.
        public init(status: Int, headers: [String: String] = [:], body: String = "", delay: Duration = .zero) {
            self.status = status
            self.headers = headers
            self.body = Data(body.utf8)
            self.delay = delay
        }

        /// A 200 chat completion whose `choices[0].message.content` is `content`.
        public static func chat(content: String, delay: Duration = .zero) -> Response {
            let envelope: [String: Any] = [
                "id": "chatcmpl-test", "object": "chat.completion", "created": 0, "model": "test",
                "choices": [
                    ["index": 0, "finish_reason": "stop", "message": ["role": "assistant", "content": content]]
                ],
            ]
            let data = (try? JSONSerialization.data(withJSONObject: envelope)) ?? Data()
            return Response(status: 200, body: String(decoding: data, as: UTF8.self), delay: delay)
        }
    }

    private struct State {
        var requests: [Request] = []
        var inFlight = 0
        var maxInFlight = 0
    }

    /// The port it listens on, on 127.0.0.1.
    public let port: UInt16
    private let listener: Int32
    private let respond: @Sendable (Request) -> Response
    private let state = Mutex(State())

    /// Starts a server answering each request with `respond(request)`.
    public init(respond: @escaping @Sendable (Request) -> Response) throws {
        self.respond = respond
        let fd = socket(AF_INET, streamSocket, 0)
        guard fd >= 0 else { throw TestDatabaseError("socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw TestDatabaseError("bind/listen on 127.0.0.1 failed: errno \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.listener = fd
        self.port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "chat-completions-server"
        thread.start()
    }

    /// Starts a server that answers the `n`th request with `script[n]`, and the last entry of
    /// `script` once it runs out.
    public convenience init(script: [Response]) throws {
        precondition(!script.isEmpty, "a script needs at least one response")
        try self.init { request in script[min(request.index, script.count - 1)] }
    }

    /// `http://127.0.0.1:<port>/v1`, the base URL a client is configured with.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/v1")! }

    /// Every request received so far, in arrival order.
    public var requests: [Request] { state.withLock { $0.requests } }

    /// The most requests that were being answered at the same moment.
    public var maxConcurrentRequests: Int { state.withLock { $0.maxInFlight } }

    /// Stops accepting connections (connections being answered finish on their own threads).
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                break
            }
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
        close(listener)
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let (method, path, headers, body) = readRequest(client) else { return }
        let request = state.withLock { state in
            let request = Request(
                method: method, path: path, headers: headers, body: body, receivedAt: .now, index: state.requests.count)
            state.requests.append(request)
            state.inFlight += 1
            state.maxInFlight = max(state.maxInFlight, state.inFlight)
            return request
        }
        defer { state.withLock { $0.inFlight -= 1 } }
        let response = respond(request)
        if response.delay > .zero {
            Thread.sleep(forTimeInterval: response.delay.seconds)
        }
        var head = "HTTP/1.1 \(response.status) \(Self.reasonPhrase(response.status))\r\n"
        head += "Content-Type: application/json\r\nContent-Length: \(response.body.count)\r\nConnection: close\r\n"
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        write(client, Data(head.utf8) + response.body)
    }

    /// Reads one request: head, then `Content-Length` bytes of body (answering
    /// `Expect: 100-continue` first). Nil when the client goes away or sends garbage.
    private func readRequest(_ client: Int32) -> (String, String, [String: String], Data)? {
        var buffer = Data()
        let separator = Data("\r\n\r\n".utf8)
        var headEnd: Range<Data.Index>? = nil
        while headEnd == nil {
            guard let chunk = receive(client) else { return nil }
            buffer += chunk
            headEnd = buffer.range(of: separator)
            if buffer.count > 1 << 20 { return nil }
        }
        guard let headEnd else { return nil }
        let head = String(decoding: buffer[..<headEnd.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(buffer[headEnd.upperBound...])
        let length = Int(headers["content-length"] ?? "0") ?? 0
        if body.count < length, headers["expect"]?.lowercased() == "100-continue" {
            write(client, Data("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        while body.count < length {
            guard let chunk = receive(client) else { return nil }
            body += chunk
        }
        return (String(requestLine[0]), String(requestLine[1]), headers, body)
    }

    private func receive(_ client: Int32) -> Data? {
        var bytes = [UInt8](repeating: 0, count: 65536)
        let count = bytes.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Data(bytes[..<count])
    }

    private func write(_ client: Int32, _ data: Data) {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(client, raw.baseAddress! + offset, raw.count - offset, sendFlags)
                if sent <= 0 { return }
                offset += sent
            }
        }
    }

    private static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
