import Foundation

/// CPU time spent by this process and by a local PostgreSQL server, from `/proc` (Linux). On a
/// machine shared with other work, CPU per job is steadier than jobs per second: it says what
/// a drain costs, not how much of the machine it got.
struct CPUMeter {
    /// The postmaster's pid, when the server runs on this machine and `/proc` shows it.
    let postmaster: Int?

    /// A meter for the server whose backend `backendPID` is (the postmaster is its parent).
    init(backendPID: Int?) {
        postmaster = backendPID.flatMap { Self.stat(of: "\($0)") }.flatMap { Int($0[1]) }
    }

    /// CPU seconds so far: this process (user + system), and the server's (the postmaster,
    /// its live children and the children it has reaped), nil when the server is not local.
    struct Reading {
        var client: Double
        var server: Double?
    }

    /// Now.
    func read() -> Reading {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let client =
            Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return Reading(client: client, server: postmaster.map(serverSeconds))
    }

    private func serverSeconds(_ postmaster: Int) -> Double {
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        var total = 0.0
        // Fields after the command: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
        if let own = Self.stat(of: "\(postmaster)") {
            total += [11, 12, 13, 14].reduce(0.0) { $0 + (Double(own[$1]) ?? 0) }
        }
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for name in processes where name.first?.isNumber == true {
            guard let fields = Self.stat(of: name), Int(fields[1]) == postmaster else { continue }
            total += (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
        }
        return total / ticks
    }

    /// The fields of `/proc/PID/stat` after the command name.
    private static func stat(of pid: String) -> [Substring]? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        return fields.count > 14 ? fields : nil
    }
}

extension CPUMeter.Reading {
    /// "client 12 µs + server 30 µs" per job between `start` and self for `jobs` jobs.
    func perJob(since start: CPUMeter.Reading, jobs: Int) -> String {
        CPUMeter.perJob(
            client: client - start.client, server: server.flatMap { now in start.server.map { now - $0 } }, jobs: jobs)
    }
}

extension CPUMeter {
    /// "client 12 µs + server 30 µs" per job for `jobs` jobs that took these CPU seconds.
    static func perJob(client: Double, server: Double?, jobs: Int) -> String {
        let clientText = String(format: "client %.0f µs", client / Double(jobs) * 1e6)
        guard let server else { return clientText }
        return clientText + String(format: " + server %.0f µs", server / Double(jobs) * 1e6)
    }
}
