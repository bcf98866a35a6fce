import Logging
import SpotterDB
import SpotterQueue

/// What one shard did, for the job's result and the log.
struct ShardSummary: Sendable {
    /// Subjects selected (users, or trainers).
    var users: Int
    /// Result rows written.
    var rowsWritten: Int
    /// Subjects (or clients) recorded in `result_errors`.
    var failures: Int
    /// Extra counters (`ignored_sessions`, `clients`).
    var extra: [String: Int] = [:]

    var result: JobResult {
        JobResult(
            counts: ["users": users, "rows_written": rowsWritten, "failures": failures].merging(extra) { a, _ in a })
    }

    /// Runs `write` (a shard's result rows and `result_errors`, returning the shard's summary) in
    /// one transaction that, with `context`, also completes the job with the summary's result
    /// (``SpotterQueue/JobContext/complete(in:result:)``): the writes and the job's `succeeded`
    /// commit together or not at all. A batched acknowledgement instead could record the job done
    /// without its writes after a failover to an asynchronous standby (docs/replication.md).
    static func commit(
        completing context: JobContext?, in session: DatabaseSession, _ write: () throws -> ShardSummary
    ) throws -> ShardSummary {
        try session.withTransaction(immediate: true) {
            let summary = try write()
            try context?.complete(in: session, result: summary.result)
            return summary
        }
    }

    /// Runs `shard` on one session of the job's database, logs `<kind> computed` with its
    /// counts (`subjects` names the people counted: users or trainers) and returns the job's result.
    static func run(
        _ context: JobContext, subjects: String = "users",
        _ shard: @escaping @Sendable (DatabaseSession) throws -> ShardSummary
    ) async throws -> JobResult {
        let summary = try await context.database.withSession(shard)
        context.logger.debug(
            "\(context.job.kind) computed",
            metadata: [
                subjects: "\(summary.users)", "rows": "\(summary.rowsWritten)", "failures": "\(summary.failures)",
            ])
        return summary.result
    }
}
