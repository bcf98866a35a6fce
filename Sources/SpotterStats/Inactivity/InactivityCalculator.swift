public import Foundation
import SpotterCalendar
public import SpotterIDs
import SpotterReasons

/// Finds each trainer's inactive clients: the `inactive_clients` rules.
///
/// Rules:
/// - Only ``ClientStatus/active`` links are checked; paused and deactivated ones are never listed
///   (and their time zones are not validated).
/// - Days are calendar days in the **client's** zone: `daysInactive` = today's local date minus
///   the local date of the latest of (last message to this trainer, last workout). An activity
///   dated after `now` counts as today (0 days).
/// - A client is listed when `daysInactive >= policy.threshold`.
/// - A client who never messaged this trainer and never worked out is "never active": with
///   `linkedSince`, `daysInactive` is the days since joining and the threshold applies to it (a
///   client who joined yesterday is not listed yet); without it, the client is always listed
///   with `daysInactive` nil and the largest tier.
/// - `tier` is the largest policy tier ≤ `daysInactive` (0 below every tier).
/// - A client linked to two trainers is checked, and listed, once per trainer.
/// - A client whose time zone is invalid is reported once in `errors`; everyone else is still
///   computed. Dates that are not finite or outside years 1 … 9999 are treated as absent.
///
/// Results are ordered by trainer, then most inactive first (unknown days first), then client.
public enum InactivityCalculator {
    /// The inactive clients of every trainer in `clients` at the instant `now`.
    public static func inactiveClients(
        _ clients: [ClientActivity], policy: InactivityPolicy, now: Date
    ) -> (clients: [InactiveClient], errors: [(clientID: UserID, error: StatsError)]) {
        var zones: [String: Result<TimeZone, StatsError>] = [:]
        var flagged: [InactiveClient] = []
        var errors: [(clientID: UserID, error: StatsError)] = []
        var reported: Set<UserID> = []

        for client in clients where client.status == .active {
            let zone: TimeZone
            do {
                zone = try timeZone(client.timeZone, cache: &zones)
            } catch {
                if reported.insert(client.clientID).inserted { errors.append((client.clientID, error)) }
                continue
            }
            let today = CivilDays.dayNumber(of: now, in: zone) ?? CivilDays.minimum
            func daysSince(_ instant: Date?) -> Int? {
                instant.flatMap { CivilDays.dayNumber(of: $0, in: zone) }.map { max(0, today - $0) }
            }
            let messageDays = daysSince(client.lastMessageToTrainerAt)
            let workoutDays = daysSince(client.lastWorkoutAt)

            let days: Int?
            let reason: Reason
            switch (messageDays, workoutDays) {
            case let (message?, workout?):
                days = min(message, workout)
                reason =
                    message == workout
                    ? Reason(.noMessageNoWorkout, ["days": .count(message)])
                    : Reason(
                        .noMessageAndNoWorkout, ["message_days": .count(message), "workout_days": .count(workout)])
            case let (message?, nil):
                days = message
                reason = Reason(.noMessageNeverWorkedOut, ["days": .count(message)])
            case let (nil, workout?):
                days = workout
                reason = Reason(.neverMessagedNoWorkout, ["days": .count(workout)])
            case (nil, nil):
                let joined = client.linkedSince.flatMap { CivilDays.dayNumber(of: $0, in: zone) }
                days = joined.map { max(0, today - $0) }
                reason =
                    joined.map {
                        Reason(.neverActiveSinceJoining, ["joined_on": .date("\(LocalDate(daysSince1970: $0))")])
                    } ?? Reason(.neverActive)
            }
            let neverActive = messageDays == nil && workoutDays == nil
            if let days, days < policy.threshold { continue }

            flagged.append(
                InactiveClient(
                    trainerID: client.trainerID, clientID: client.clientID, daysInactive: days,
                    neverActive: neverActive, tier: policy.tier(forDaysInactive: days), reason: reason,
                    lastMessageAt: client.lastMessageToTrainerAt, lastWorkoutAt: client.lastWorkoutAt,
                    localDate: LocalDate(daysSince1970: today)))
        }

        flagged.sort { a, b in
            listedFirst((a.trainerID, a.daysInactive, a.clientID), before: (b.trainerID, b.daysInactive, b.clientID))
        }
        return (flagged, errors)
    }

    /// The order of a trainer's lists: by trainer, then the most days first (nil, never, before
    /// any number), then by client.
    static func listedFirst(
        _ a: (trainer: UserID, days: Int?, client: UserID), before b: (trainer: UserID, days: Int?, client: UserID)
    ) -> Bool {
        if a.trainer != b.trainer { return a.trainer < b.trainer }
        let (aDays, bDays) = (a.days ?? Int.max, b.days ?? Int.max)
        if aDays != bDays { return aDays > bDays }
        return a.client < b.client
    }

    private static func timeZone(
        _ identifier: String, cache: inout [String: Result<TimeZone, StatsError>]
    ) throws(StatsError) -> TimeZone {
        if let cached = cache[identifier] { return try cached.get() }
        let result: Result<TimeZone, StatsError> =
            if let zone = TimeZoneName.zone(identifier) {
                .success(zone)
            } else {
                .failure(.invalidTimeZone(identifier))
            }
        cache[identifier] = result
        return try result.get()
    }
}
