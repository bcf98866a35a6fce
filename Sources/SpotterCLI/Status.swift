import ArgumentParser
import Foundation
import SpotterDB
import SpotterQueue

/// `spotter status [--watch]`: queue health.
struct Status: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print queue health per kind: depth per state, lag, throughput, durations, latest errors.")

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Redraw every second with a progress bar until interrupted (or until the queue drains).")
    var watch = false

    func run() async throws {
        let logger = try options.makeLogger()
        let connection = try await options.connect(logger: logger)
        defer { Task { await connection.close() } }
        guard watch else {
            let snapshot = try await connection.withSession { try QueueSnapshot.read(in: $0) }
            print(StatusReport.render(snapshot), terminator: "")
            return
        }
        let interactive = isatty(STDOUT_FILENO) == 1
        var baseline: Int?
        while !Task.isCancelled {
            let snapshot = try await connection.withSession { try QueueSnapshot.read(in: $0) }
            let total = snapshot.total
            let pending = total.available + total.running + total.retryable
            let done = total.succeeded + total.dead + total.cancelled
            if baseline == nil { baseline = done }
            let batchDone = done - (baseline ?? 0)
            let bar = StatusReport.progressBar(done: batchDone, remaining: pending, width: 40)
            if interactive { print("\u{1B}[H\u{1B}[2J", terminator: "") }
            print(StatusReport.render(snapshot), terminator: "")
            print("\n\(bar)  \(batchDone) done, \(pending) to go")
            if pending == 0 && batchDone > 0 { break }
            try await Task.sleep(for: .seconds(1))
        }
    }
}

/// Text rendering of a queue snapshot.
enum StatusReport {
    static func render(_ snapshot: QueueSnapshot) -> String {
        var out = ""
        let header = [
            "kind", "available", "running", "retryable", "dead", "succeeded", "lag", "jobs/s (5m)", "p50", "p95",
        ]
        var rows = [header]
        for kind in snapshot.kinds + (snapshot.kinds.count > 1 ? [snapshot.total] : []) {
            rows.append([
                kind.kind + (kind.paused ? " (paused)" : ""), "\(kind.available)", "\(kind.running)",
                "\(kind.retryable)", "\(kind.dead)",
                "\(kind.succeeded)", seconds(kind.lagSeconds), String(format: "%.1f", kind.throughputPerSecond),
                kind.p50Seconds.map(seconds) ?? "-", kind.p95Seconds.map(seconds) ?? "-",
            ])
        }
        if snapshot.kinds.isEmpty { rows.append(["(no jobs)", "", "", "", "", "", "", "", "", ""]) }
        out += table(rows)
        out += "\nworkers alive: \(snapshot.liveWorkers)\n"
        for pause in snapshot.pausedQueues {
            out +=
                "paused queue: \(pause.queue) since \(JobReport.time(pause.pausedAt))"
                + (pause.pausedBy.isEmpty ? "" : " by \(pause.pausedBy)") + (pause.reason.map { ": \($0)" } ?? "")
                + "\n"
        }
        if !snapshot.failures.isEmpty {
            out += "\nlatest failures:\n"
            for failure in snapshot.failures {
                let error = failure.error.count > 100 ? String(failure.error.prefix(100)) + "…" : failure.error
                out += "  #\(failure.id) \(failure.kind) [\(failure.state), attempt \(failure.attempt)]: \(error)\n"
            }
        }
        return out
    }

    static func seconds(_ value: Double) -> String {
        if value < 1 { return String(format: "%.0fms", value * 1000) }
        if value < 120 { return String(format: "%.1fs", value) }
        if value < 7200 { return String(format: "%.0fm", value / 60) }
        return String(format: "%.1fh", value / 3600)
    }

    static func progressBar(done: Int, remaining: Int, width: Int) -> String {
        let total = done + remaining
        let fraction = total == 0 ? 1 : Double(done) / Double(total)
        let filled = Int((fraction * Double(width)).rounded(.down))
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
            + String(format: "%3.0f%%", fraction * 100)
    }

    static func table(_ rows: [[String]]) -> String {
        guard let first = rows.first else { return "" }
        var widths = Array(repeating: 0, count: first.count)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        return rows.map { row in
            row.enumerated().map { index, cell in
                index == 0
                    ? cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[index] - cell.count) + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
