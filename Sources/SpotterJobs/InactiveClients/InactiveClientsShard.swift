import Foundation
import SpotterDB
import SpotterIDs
import SpotterQueue
import SpotterReasons
import SpotterStats

/// One `inactive_clients` run over a selection of trainers, on one session: load, compute, write.
enum InactiveClientsShard {
    /// Runs the shard; with `context`, the job is completed in the transaction that writes the results.
    static func run(
        _ selection: UserSelection, policy: InactivityPolicy, jobID: Int64, completing context: JobContext? = nil,
        in session: DatabaseSession
    ) throws -> ShardSummary {
        let trainersQuery = InactiveClientsHandler.trainersQuery(for: selection, backend: session.backend)
        var trainers: [UserID] = []
        try session.forEachRow(trainersQuery.sql, trainersQuery.binds) { trainers.append(try $0.id("id")) }
        try selection.requireFound(Set(trainers), noun: "trainer")

        var links: [ClientActivity] = []
        var unusable = UnusableInputs()
        if !trainers.isEmpty {
            let linksQuery = InactiveClientsHandler.linksQuery(
                trainers: trainers, asOf: selection.asOf, backend: session.backend)
            try session.forEachRow(linksQuery.sql, linksQuery.binds) { row in
                let clientID = try row.id("client_id", as: UserID.self)
                // A client with a value no computation can use is left out of every list.
                guard !unusable.contains(clientID),
                    let since = unusable.read(
                        row, "since", subject: clientID, source: "trainer_clients.since", UnusableInputs.optionalInstant
                    ),
                    let lastMessage = unusable.read(
                        row, "last_message_at", subject: clientID, source: "messages.sent_at",
                        UnusableInputs.optionalInstant),
                    let lastWorkout = unusable.read(
                        row, "last_workout_at", subject: clientID, source: "workout_sessions.started_at",
                        UnusableInputs.optionalInstant
                    )
                else { return }
                // An unknown status (inputs may be views) is never flagged, like paused.
                let status = ClientStatus(rawValue: try row.string("status")) ?? .paused
                links.append(
                    ClientActivity(
                        trainerID: try row.id("trainer_id"), clientID: clientID, status: status,
                        timeZone: try row.string("time_zone"), lastMessageToTrainerAt: lastMessage,
                        lastWorkoutAt: lastWorkout, linkedSince: since))
            }
        }
        let clients = Set(links.map(\.clientID)).union(unusable.outcomes.keys).sorted()
        links.removeAll { unusable.contains($0.clientID) }

        let (flagged, errors) = InactivityCalculator.inactiveClients(links, policy: policy, now: selection.asOf)
        let rows = flagged.map { row($0, jobID: jobID) }
        // The invalid zones are the same ones, already among `errors`.
        let silent = InactivityCalculator.notMessaging(links, policy: policy, now: selection.asOf).clients
        let messageRows = silent.map { row($0, jobID: jobID) }
        let outcomes =
            unusable.sorted
            + errors.map { error in
                SubjectOutcome(
                    subjectID: error.clientID, reason: error.error.code.description, detail: error.error.message)
            }
        return try ShardSummary.commit(completing: context, in: session) {
            let replacement = try ResultWriter.replace(rows, subjects: trainers, asOf: selection.asOf, in: session)
            let written = replacement.written
            let quiet = try ResultWriter.replace(messageRows, subjects: trainers, asOf: selection.asOf, in: session)
            try ResultWriter.recordOutcomes(
                kind: InactiveClientsHandler.name, subjects: clients, outcomes: outcomes, jobID: jobID, in: session)
            return ShardSummary(
                users: trainers.count, rowsWritten: written, failures: outcomes.count,
                extra: [
                    "clients": clients.count, "kept_newer": replacement.keptNewer.count,
                    "not_messaging": quiet.written,
                ]
            )
        }
    }

    private static func row(_ client: NotMessagingClient, jobID: Int64) -> NotMessagingClientRow {
        NotMessagingClientRow(
            trainer_id: client.trainerID, client_id: client.clientID, days_since_message: client.daysSinceMessage,
            reason: client.reason, last_message_at: client.lastMessageAt, local_date: client.localDate, job_id: jobID,
            reason_code: StoredReason(client.reasonCode))
    }

    private static func row(_ client: InactiveClient, jobID: Int64) -> InactiveClientRow {
        InactiveClientRow(
            trainer_id: client.trainerID, client_id: client.clientID, days_inactive: client.daysInactive,
            tier: client.tier, reason: client.reason, last_message_at: client.lastMessageAt,
            last_workout_at: client.lastWorkoutAt, local_date: client.localDate, job_id: jobID,
            reason_code: StoredReason(client.reasonCode))
    }
}
