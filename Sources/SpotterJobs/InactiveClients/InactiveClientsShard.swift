import Foundation
import SpotterDB
import SpotterQueue
import SpotterStats
import SpotterIDs

/// One `inactive_clients` run over a selection of trainers, on one session: load, compute, write.
enum InactiveClientsShard {
    /// Runs the shard; with `context`, the job is completed in the transaction that writes the results.
    static func run(
        _ selection: UserSelection, policy: InactivityPolicy, jobID: Int64, completing context: JobContext? = nil,
        in session: DatabaseSession
    ) throws -> ShardSummary {
        let trainersQuery = InactiveClientsHandler.trainersQuery(for: selection, backend: session.backend)
        var trainers: [UserID] = []
        try session.forEachRow(trainersQuery.sql, trainersQuery.binds) { trainers.append(try $0.id(at: 0)) }
        try selection.requireFound(Set(trainers), noun: "trainer")

        var links: [ClientActivity] = []
        var unusable = UnusableInputs()
        if !trainers.isEmpty {
            let linksQuery = InactiveClientsHandler.linksQuery(
                trainers: trainers, asOf: selection.asOf, backend: session.backend)
            try session.forEachRow(linksQuery.sql, linksQuery.binds) { row in
                let clientID = try row.id(at: 1, as: UserID.self)
                // A client with a value no computation can use is left out of every list.
                guard !unusable.contains(clientID),
                    let since = unusable.read(
                        row, 2, subject: clientID, source: "trainer_clients.since", UnusableInputs.optionalInstant),
                    let lastMessage = unusable.read(
                        row, 5, subject: clientID, source: "messages.sent_at", UnusableInputs.optionalInstant),
                    let lastWorkout = unusable.read(
                        row, 6, subject: clientID, source: "workout_sessions.started_at", UnusableInputs.optionalInstant
                    )
                else { return }
                // An unknown status (inputs may be views) is never flagged, like paused.
                let status = ClientStatus(rawValue: try row.string(at: 3)) ?? .paused
                links.append(
                    ClientActivity(
                        trainerID: try row.id(at: 0), clientID: clientID, status: status,
                        timeZone: try row.string(at: 4), lastMessageToTrainerAt: lastMessage,
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
        return try session.withTransaction(immediate: true) {
            let replacement = try ResultWriter.replace(
                table: "inactive_clients", subjectColumn: "trainer_id", subjects: trainers,
                columns: InactiveClientsHandler.columns, rows: rows, asOf: selection.asOf, in: session)
            let written = replacement.written
            let quiet = try ResultWriter.replace(
                table: "not_messaging_clients", subjectColumn: "trainer_id", subjects: trainers,
                columns: InactiveClientsHandler.messageColumns, rows: messageRows, asOf: selection.asOf, in: session)
            try ResultWriter.recordOutcomes(
                kind: "inactive_clients", subjects: clients, outcomes: outcomes, jobID: jobID, in: session)
            let summary = ShardSummary(
                users: trainers.count, rowsWritten: written, failures: outcomes.count, extra: [
                    "clients": clients.count, "kept_newer": replacement.keptNewer.count,
                    "not_messaging": quiet.written,
                ]
            )
            try context?.complete(in: session, result: summary.result)
            return summary
        }
    }

    private static func row(_ client: NotMessagingClient, jobID: Int64) -> [SQLValue] {
        [
            SQLValue(client.trainerID), SQLValue(client.clientID), client.daysSinceMessage.map { .int(Int64($0)) } ?? .null,
            .text(client.reason), client.lastMessageAt.map(SQLValue.timestamp) ?? .null,
            .text(client.localDate.description), .int(jobID),
        ]
    }

    private static func row(_ client: InactiveClient, jobID: Int64) -> [SQLValue] {
        [
            SQLValue(client.trainerID), SQLValue(client.clientID), client.daysInactive.map { .int(Int64($0)) } ?? .null,
            .int(Int64(client.tier)), .text(client.reason), client.lastMessageAt.map(SQLValue.timestamp) ?? .null,
            client.lastWorkoutAt.map(SQLValue.timestamp) ?? .null, .text(client.localDate.description), .int(jobID),
        ]
    }
}
