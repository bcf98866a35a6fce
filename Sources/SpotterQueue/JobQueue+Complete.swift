public import Foundation
public import SpotterDB

extension JobQueue {
    /// Marks attempt `attempt` of job `id`, held by claim `claimID`, succeeded with `result`,
    /// inside the caller's transaction, so the job's state commits (or rolls back) with the
    /// handler's own writes. Guarded like an acknowledgement, but stricter: only while the job is
    /// still `running` under `owner` for that attempt and that claim. A job whose lease expired
    /// and was rescued, was claimed again (even by the same worker with the same attempt number,
    /// after a failover lost the first claim), cancelled or already completed throws
    /// ``QueueError/Code/leaseLost``, and the caller's transaction (its writes with it) rolls
    /// back. Throws ``QueueError/Code/invalidRequest`` outside a transaction.
    public static func complete(
        id: Int64, attempt: Int, claimID: UUID, owner: String, result: JobResult, in session: DatabaseSession
    ) throws {
        guard session.isInTransaction else {
            throw QueueError(
                .invalidRequest, "job \(id): complete it inside the transaction that holds its writes (withTransaction)"
            )
        }
        let changed = try session.execute(
            """
            UPDATE spotter.jobs
            SET state = 'succeeded', finished_at = \(clockNow: Date()), result = \(json: result.json), lease_owner = NULL,
                lease_expires_at = NULL
            WHERE id = \(bind: id) AND attempt = \(bind: attempt) AND lease_owner = \(bind: owner) AND state = 'running'
              AND claim_id = \(bind: JobLease(id: id, claimID: claimID).claimText)
            """)
        guard changed == 1 else {
            throw QueueError(
                .leaseLost,
                "job \(id) attempt \(attempt) is no longer running under this worker (rescued, claimed again, "
                    + "cancelled or completed); its writes are rolled back")
        }
    }
}
