public import Foundation
import SpotterCalendar
public import SpotterIDs
import SpotterReasons

extension InactivityCalculator {
    /// The clients of every trainer in `clients` who have not written to that trainer for at
    /// least `policy.messageThreshold` days at the instant `now` ("Which clients haven't messaged
    /// recently?"), workouts aside.
    ///
    /// The rules of ``inactiveClients(_:policy:now:)`` apply: active links only, calendar days in
    /// the client's zone, a client who never wrote counted from `linkedSince` (always listed when
    /// that is unknown), invalid zones reported once in `errors`. Ordered by trainer, then the
    /// longest silence first (unknown first), then client.
    public static func notMessaging(
        _ clients: [ClientActivity], policy: InactivityPolicy, now: Date
    ) -> (clients: [NotMessagingClient], errors: [(clientID: UserID, error: StatsError)]) {
        var zones: [String: TimeZone?] = [:]
        var listed: [NotMessagingClient] = []
        var errors: [(clientID: UserID, error: StatsError)] = []
        var reported: Set<UserID> = []
        for client in clients where client.status == .active {
            let cached = zones[client.timeZone] ?? TimeZoneName.zone(client.timeZone)
            zones[client.timeZone] = cached
            guard let zone = cached else {
                if reported.insert(client.clientID).inserted {
                    errors.append((client.clientID, .invalidTimeZone(client.timeZone)))
                }
                continue
            }
            let today = CivilDays.dayNumber(of: now, in: zone) ?? CivilDays.minimum
            let days: Int?
            let reason: Reason
            if let sent = client.lastMessageToTrainerAt.flatMap({ CivilDays.dayNumber(of: $0, in: zone) }) {
                let count = max(0, today - sent)
                days = count
                reason = Reason(.noMessage, ["days": .count(count)])
            } else if let joined = client.linkedSince.flatMap({ CivilDays.dayNumber(of: $0, in: zone) }) {
                days = max(0, today - joined)
                reason = Reason(.neverMessagedSinceJoining, ["joined_on": .date("\(LocalDate(daysSince1970: joined))")])
            } else {
                days = nil
                reason = Reason(.neverMessaged)
            }
            if let days, days < policy.messageThreshold { continue }
            listed.append(
                NotMessagingClient(
                    trainerID: client.trainerID, clientID: client.clientID, daysSinceMessage: days, reason: reason,
                    lastMessageAt: client.lastMessageToTrainerAt, localDate: LocalDate(daysSince1970: today)))
        }
        listed.sort { a, b in
            listedFirst(
                (a.trainerID, a.daysSinceMessage, a.clientID), before: (b.trainerID, b.daysSinceMessage, b.clientID))
        }
        return (listed, errors)
    }
}
