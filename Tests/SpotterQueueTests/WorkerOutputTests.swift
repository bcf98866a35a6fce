import Foundation
import SpotterDB
import SpotterQueue
import SpotterTestSupport
import Testing

/// What a worker process shows operators: JSON log lines and the Prometheus endpoint.
@Suite("Worker logs and metrics")
struct WorkerOutputTests {
    /// A kind whose name carries a forged log line (what issue 17 found: the worker's warning
    /// printed it as a line of its own, at any level).
    static let forgedKind = "x\n2026-01-01T00:00:00+0000 critical spotter.work: [SpotterQueue] forged"

    /// Written with a plain INSERT (the table takes any kind of 1 to 100 characters), so the test
    /// does not depend on what `spotter.enqueue` itself accepts.
    static func enqueueForged(_ fixture: QueueFixture) async throws -> Int64 {
        let kind = forgedKind
        return try await fixture.session { session in
            try session.query("INSERT INTO spotter.jobs (kind) VALUES ($1) RETURNING id", [.text(kind)]).first!
                .int64("id")
        }
    }

    @Test(
        "--log-format json: every line is one JSON object with job metadata; a forged kind stays inside its line",
        arguments: DatabaseBackend.allCases)
    func jsonLogs(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let probe = try await fixture.enqueue("probe")
            let forged = try await Self.enqueueForged(fixture)
            let worker = try fixture.startWorker(
                "worker", ["--until-empty", "--log-format", "json", "--log-level", "debug"])
            #expect(try await worker.waitForExit(timeout: .seconds(60)) == .success, "\(worker.stderrTail)")
            #expect(try await fixture.job(forged).state == "dead")
            let lines = worker.standardError.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count >= 4, "\(worker.standardError)")
            var objects: [[String: Any]] = []
            for line in lines {
                let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                #expect(object != nil, "not a JSON object: \(line)")
                if let object { objects.append(object) }
            }
            for object in objects {
                for key in ["time", "level", "label", "message"] { #expect(object[key] is String, "\(key): \(object)") }
            }
            let succeeded = objects.first { $0["message"] as? String == "job succeeded" }
            #expect(succeeded?["job_id"] as? String == "\(probe)", "\(objects)")
            #expect(succeeded?["kind"] as? String == "probe")
            #expect(succeeded?["label"] as? String == "spotter.work")
            let dead = objects.first { $0["job_id"] as? String == "\(forged)" && $0["level"] as? String == "warning" }
            #expect(dead?["kind"] as? String == Self.forgedKind, "\(objects)")
            #expect(dead?["message"] as? String == "unknown job kind; marking dead")
            #expect(!objects.contains { $0["level"] as? String == "critical" })
        }
    }

    @Test("text logs: a kind holding a newline cannot start a forged line")
    func textLogsNotForged() async throws {
        try await QueueFixture.with(.postgres) { fixture in
            let forged = try await Self.enqueueForged(fixture)
            let worker = try fixture.startWorker("worker", ["--until-empty"])
            #expect(try await worker.waitForExit(timeout: .seconds(60)) == .success, "\(worker.stderrTail)")
            #expect(try await fixture.job(forged).state == "dead")
            let lines = worker.standardError.split(separator: "\n")
            let warning = lines.first { $0.contains("unknown job kind; marking dead") }
            #expect(warning?.contains(#"kind=x\n2026-01-01T00:00:00+0000 critical"#) == true, "\(lines)")
            #expect(!lines.contains { $0.hasPrefix("2026-01-01T00:00:00+0000 critical") }, "\(lines)")
            // Every line starts like swift-log's: a timestamp, a level and the label.
            for line in lines {
                #expect(
                    line.prefixMatch(
                        of: #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4} (info|warning|notice|error) spotter/#) != nil,
                    "\(line)")
            }
        }
    }

    @Test("--metrics-port: /metrics shows the drained jobs, claim and ack latency, slots and lag; /healthz answers")
    func metricsEndpoint() async throws {
        try await QueueFixture.with(.postgres) { fixture in
            let port = try freePort()
            try await fixture.enqueue((0..<50).map { EnqueueRequest(kind: "probe", payload: "{\"n\": \($0)}") })
            try await fixture.enqueue([EnqueueRequest(kind: "sleep", payload: #"{"seconds": 0.01, "fail": true}"#)])
            let worker = try fixture.startWorker(
                "worker", ["--metrics-port", "\(port)", "--metrics-address", "127.0.0.1", "--concurrency", "4"])
            try await fixture.waitUntil("the jobs are drained") {
                try await fixture.scalar("SELECT count(*) FROM spotter.jobs WHERE state IN ('succeeded', 'dead')") == 51
            }
            // The last acknowledgement and a lag reading (every 5 s) may come just after.
            var body = ""
            try await fixture.waitUntil("the endpoint shows the drain", timeout: .seconds(20)) {
                body = (try? await httpGet(port: port, path: "/metrics").body) ?? ""
                return body.contains(#"spotter_jobs_finished_total{kind="probe",outcome="succeeded"} 50"#)
                    && body.contains("spotter_queue_lag_seconds")
            }
            for needle in [
                #"spotter_jobs_finished_total{kind="sleep",outcome="retried"} 2"#,
                #"spotter_jobs_finished_total{kind="sleep",outcome="dead"} 1"#,
                #"spotter_job_duration_seconds_count{kind="probe"} 50"#,
                #"spotter_job_duration_seconds_bucket{kind="probe",le="+Inf"} 50"#,
                "spotter_claim_duration_seconds_count ", "spotter_ack_duration_seconds_count ",
                "spotter_jobs_claimed_total 53", "spotter_slots 4", "spotter_slots_busy ",
                "# TYPE spotter_job_duration_seconds histogram",
            ] {
                #expect(body.contains(needle), "\(needle) in:\n\(body)")
            }
            let health = try await httpGet(port: port, path: "/healthz")
            #expect(health.status == 200 && health.body == "ok\n", "\(health)")
            #expect(try await httpGet(port: port, path: "/nope").status == 404)
            worker.send(SIGTERM)
            #expect(try await worker.waitForExit(timeout: .seconds(30)) == .success, "\(worker.stderrTail)")
        }
    }

    /// Issue 35, item 3: the port was bound on every interface, and one client sending a byte
    /// every 1.5 s held the only answering thread, so `/healthz` timed out while it stayed.
    @Test("--metrics-port binds 127.0.0.1 by default, and a slow client neither stalls /healthz nor stays")
    func slowClientCannotStall() async throws {
        try await QueueFixture.with(.postgres) { fixture in
            let port = try freePort()
            let worker = try fixture.startWorker("worker", ["--metrics-port", "\(port)"])
            try await fixture.waitUntil("the endpoint answers") {
                (try? await httpGet(port: port, path: "/healthz").status) != nil
            }
            // Listening on 127.0.0.1 (0100007F in /proc/net/tcp), not 0.0.0.0.
            let table = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
            let suffix = ":" + String(format: "%04X", port)
            let listening = table.split(separator: "\n").compactMap { line -> String? in
                let fields = line.split(separator: " ")
                guard fields.count > 3, fields[1].hasSuffix(suffix), fields[3] == "0A" else { return nil }
                return String(fields[1])
            }
            #expect(listening == ["0100007F\(suffix)"], "\(listening)")

            // A slowloris: one byte every 1.5 s, for as long as the server keeps it.
            async let slow = slowClient(port: port)
            try await Task.sleep(for: .milliseconds(300))
            // Blocked behind the slow client, /healthz waited as long as it stayed (12 s here).
            // Answered beside it, each takes milliseconds; the bounds leave room for a loaded
            // machine (tests run side by side on two cores) without letting a stall pass.
            var times: [Duration] = []
            for _ in 0..<4 {
                let started = ContinuousClock.now
                let health = try await httpGet(port: port, path: "/healthz")
                times.append(ContinuousClock.now - started)
                #expect(health.status == 200, "\(health)")
                try await Task.sleep(for: .milliseconds(700))
            }
            #expect(times.allSatisfy { $0 < .seconds(3) }, "/healthz with a slow client connected: \(times)")
            #expect(times.filter { $0 < .seconds(1) }.count >= 3, "/healthz with a slow client connected: \(times)")
            // The slow request is cut off at its deadline (2 s), well before it could finish.
            let connected = await slow
            #expect(connected < 6, "the slow client stayed \(connected) s")
            worker.send(SIGTERM)
            #expect(try await worker.waitForExit(timeout: .seconds(30)) == .success, "\(worker.stderrTail)")
        }
    }

    @Test("--metrics-port: jobs completed in their own transaction are counted and timed (issue 36)")
    func metricsCountJobsCompletedInTransaction() async throws {
        try await QueueFixture.with(.postgres) { fixture in
            let port = try freePort()
            try await fixture.enqueue(
                (0..<4).map {
                    EnqueueRequest(kind: "probe", payload: "{\"n\": \($0), \"complete_in_transaction\": true}")
                })
            try await fixture.enqueue([EnqueueRequest(kind: "probe", payload: #"{"n": 4}"#)])
            let worker = try fixture.startWorker(
                "worker", ["--metrics-port", "\(port)", "--metrics-address", "127.0.0.1", "--concurrency", "2"])
            try await fixture.waitUntil("the jobs are drained") {
                try await fixture.scalar("SELECT count(*) FROM spotter.jobs WHERE state = 'succeeded'") == 5
            }
            var body = ""
            let counted = #"spotter_jobs_finished_total{kind="probe",outcome="succeeded"} 5"#
            try await fixture.waitUntil("the endpoint counts all five", timeout: .seconds(20)) {
                body = (try? await httpGet(port: port, path: "/metrics").body) ?? ""
                return body.contains(counted)
            }
            #expect(body.contains(counted), "\(body)")
            #expect(body.contains(#"spotter_job_duration_seconds_count{kind="probe"} 5"#), "\(body)")
            worker.send(SIGTERM)
            #expect(try await worker.waitForExit(timeout: .seconds(30)) == .success, "\(worker.stderrTail)")
        }
    }
}

/// A TCP port nothing listens on now (bound to port 0 and released).
func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0 else { throw TestProcessError("cannot bind a port") }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// A client that sends a `/healthz` request one byte every 1.5 s (on a dispatch thread) until
/// the server drops it; returns how many seconds it stayed connected.
func slowClient(port: Int) async -> Double {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            let start = Date()
            for byte in Array("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n".utf8) {
                var one = byte
                if send(fd, &one, 1, Int32(MSG_NOSIGNAL)) <= 0 { break }
                Thread.sleep(forTimeInterval: 1.5)
                if Date().timeIntervalSince(start) > 12 { break }
            }
            continuation.resume(returning: Date().timeIntervalSince(start))
        }
    }
}

/// One HTTP/1.1 GET on 127.0.0.1, on a dispatch thread (the socket calls block).
func httpGet(port: Int, path: String) async throws -> (status: Int, body: String) {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard connected == 0 else {
                continuation.resume(throwing: TestProcessError("cannot connect to port \(port)"))
                return
            }
            let request = Array("GET \(path) HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8)
            _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
            var response: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = recv(fd, &buffer, buffer.count, 0)
                if count <= 0 { break }
                response.append(contentsOf: buffer[0..<count])
            }
            let text = String(decoding: response, as: UTF8.self)
            guard let split = text.range(of: "\r\n\r\n"),
                let status = Int(text.split(separator: " ").dropFirst().first ?? "")
            else {
                continuation.resume(throwing: TestProcessError("not an HTTP response: \(text)"))
                return
            }
            continuation.resume(returning: (status, String(text[split.upperBound...])))
        }
    }
}
