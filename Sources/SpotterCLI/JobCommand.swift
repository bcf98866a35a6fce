import ArgumentParser
import Foundation
import SpotterCalendar
import SpotterDB
import SpotterQueue

/// `spotter job ID`: one job, its payload and every attempt.
struct JobCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "job",
        abstract:
            "Show one job: state, unique key, payload, result, and every attempt with its worker, times and error.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The job id.")
    var id: Int64

    func run() async throws {
        let id = self.id
        let details = try await options.withSession { try JobDetails.read(id: id, in: $0) }
        guard let details else {
            throw CommandFailure(message: "no job with id \(id) (finished jobs are pruned after their retention)")
        }
        print(JobReport.render(details), terminator: "")
    }
}

/// Text rendering of ``JobDetails``.
enum JobReport {
    static func render(_ job: JobDetails) -> String {
        var out = "job \(job.id)  \(job.kind)  \(job.state)  (queue \(job.queue), priority \(job.priority))\n"
        out += "unique key:  \(job.uniqueKey ?? "-")\n"
        out += "enqueued:    \(time(job.createdAt))\n"
        out += "run at:      \(time(job.runAt))\n"
        if let owner = job.leaseOwner, job.state == "running" {
            out += "lease:       \(owner) until \(job.leaseExpiresAt.map(time) ?? "-")\n"
        }
        if job.cancelRequested { out += "cancel:      requested\n" }
        out += "payload:     \(job.payload)\n"
        if let result = job.result { out += "result:      \(result)\n" }
        if let error = job.lastError { out += "last error:  \(error)\n" }
        out += "attempts:    \(job.attempt) of \(job.maxAttempts)\n"
        if job.attempts.isEmpty { out += "  (not run yet)\n" }
        for attempt in job.attempts {
            var line = "  #\(attempt.attempt)  \(attempt.outcome)  \(attempt.worker ?? "?")  \(time(attempt.startedAt))"
            if let finished = attempt.finishedAt {
                line += " → \(time(finished)) (\(StatusReport.seconds(finished.timeIntervalSince(attempt.startedAt))))"
            }
            if let error = attempt.error { line += "\n      \(error)" }
            out += line + "\n"
        }
        return out
    }

    static func time(_ date: Date) -> String {
        TimestampFormat.compact(date)
    }
}
