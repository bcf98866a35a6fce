import Foundation
import SpotterCalendar
import SpotterIDs
import SpotterStats
import Testing

@Suite("inactive_clients")
struct InactivityCalculatorTests {
    static let now = Date(timeIntervalSince1970: 1_790_938_800)  // 2026-10-02T11:00:00Z

    func activity(
        trainer: UserID = 1, client: UserID, status: ClientStatus = .active, zone: String = "Europe/Berlin",
        message: String? = nil, workout: String? = nil, linked: String? = nil
    ) throws -> ClientActivity {
        ClientActivity(
            trainerID: trainer, clientID: client, status: status, timeZone: zone,
            lastMessageToTrainerAt: try message.map(instant), lastWorkoutAt: try workout.map(instant),
            linkedSince: try linked.map(instant))
    }

    @Test("Days, tiers and reasons for active clients; paused and deactivated are excluded")
    func basic() throws {
        let clients = [
            try activity(client: 10, message: "2026-09-23T09:00:00+02:00", workout: "2026-09-23T18:00:00+02:00"),
            try activity(client: 11, message: "2026-09-20T09:00:00+02:00", workout: "2026-09-23T18:00:00+02:00"),
            try activity(client: 12, message: "2026-09-30T09:00:00+02:00"),  // 2 days: not listed
            try activity(client: 13, workout: "2026-09-15T09:00:00+02:00"),
            try activity(client: 14, message: "2026-09-01T09:00:00+02:00"),
            try activity(client: 15, status: .paused, message: "2026-01-01T09:00:00+01:00"),
            try activity(client: 16, status: .deactivated),
            try activity(client: 17, message: "2026-09-25T09:00:00+02:00"),  // exactly 7 days: listed
        ]
        let result = InactivityCalculator.inactiveClients(clients, policy: InactivityPolicy(), now: Self.now)
        #expect(result.errors.isEmpty)
        #expect(result.clients.map(\.clientID) == [14, 13, 10, 11, 17])
        let byID = Dictionary(uniqueKeysWithValues: result.clients.map { ($0.clientID, $0) })
        #expect(byID[10]?.daysInactive == 9 && byID[10]?.tier == 7)
        #expect(byID[10]?.reason == "no message and no workout for 9 days")
        #expect(byID[11]?.reason == "no message for 12 days and no workout for 9 days" && byID[11]?.daysInactive == 9)
        #expect(byID[13]?.reason == "never messaged and no workout for 17 days" && byID[13]?.tier == 14)
        #expect(byID[14]?.reason == "no message for 31 days and never worked out" && byID[14]?.tier == 14)
        #expect(byID[17]?.daysInactive == 7 && byID[17]?.tier == 7)
        #expect(result.clients.allSatisfy { $0.localDate == LocalDate(iso: "2026-10-02") && !$0.neverActive })
        #expect(try byID[10]?.lastMessageAt == instant("2026-09-23T09:00:00+02:00"))
    }

    @Test("Never active: dated by linkedSince when known, always listed when not")
    func neverActive() throws {
        let clients = [
            try activity(client: 20, linked: "2026-09-20T10:00:00+02:00"),
            try activity(client: 21, linked: "2026-09-30T10:00:00+02:00"),  // joined 2 days ago
            try activity(client: 22),
        ]
        let result = InactivityCalculator.inactiveClients(clients, policy: InactivityPolicy(), now: Self.now)
        #expect(result.clients.map(\.clientID) == [22, 20])
        #expect(result.clients[0].daysInactive == nil && result.clients[0].tier == 14 && result.clients[0].neverActive)
        #expect(result.clients[0].reason == "never messaged or worked out")
        #expect(result.clients[1].daysInactive == 12 && result.clients[1].tier == 7)
        // en-GB's short month: "Sep" (Linux ICU) or "Sept" (newer CLDR).
        #expect(result.clients[1].reason.hasPrefix("never messaged or worked out since joining on 20 Sep"))
    }

    @Test("A client linked to two trainers is judged per trainer")
    func twoTrainers() throws {
        let clients = [
            try activity(
                trainer: 2, client: 30, message: "2026-09-01T09:00:00+02:00", workout: "2026-09-10T09:00:00+02:00"),
            try activity(
                trainer: 1, client: 30, message: "2026-09-28T09:00:00+02:00", workout: "2026-09-10T09:00:00+02:00"),
            try activity(
                trainer: 3, client: 30, message: "2026-09-15T09:00:00+02:00", workout: "2026-09-10T09:00:00+02:00"),
        ]
        let result = InactivityCalculator.inactiveClients(clients, policy: InactivityPolicy(), now: Self.now)
        #expect(result.clients.map(\.trainerID) == [2, 3])
        #expect(result.clients.map(\.daysInactive) == [22, 17])
    }

    @Test("Days are counted in the client's zone, not UTC")
    func clientZone() throws {
        // Now is 2026-10-03 01:00 at UTC+14 and 2026-10-02 00:00 at UTC−11. The workout at
        // 2026-09-26T10:30Z is the 27th at UTC+14 (6 days), the 25th at UTC−11 (7 days), and
        // the 26th in UTC (6 days: counting in UTC would miss the Pago Pago client).
        let moment = "2026-09-26T10:30:00Z"
        let clients = [
            try activity(client: 40, zone: "Pacific/Kiritimati", workout: moment),
            try activity(client: 41, zone: "Pacific/Pago_Pago", workout: moment),
        ]
        let result = InactivityCalculator.inactiveClients(clients, policy: InactivityPolicy(), now: Self.now)
        #expect(result.clients.map(\.clientID) == [41])
        #expect(result.clients.first?.daysInactive == 7)
        #expect(result.clients.first?.localDate == LocalDate(iso: "2026-10-02"))
        let kiritimati = InactivityCalculator.inactiveClients(
            [clients[0]], policy: InactivityPolicy(threshold: 6), now: Self.now)
        #expect(kiritimati.clients.first?.daysInactive == 6)
        #expect(kiritimati.clients.first?.localDate == LocalDate(iso: "2026-10-03"))
    }

    @Test("Thresholds and tiers are configurable")
    func configurable() throws {
        let clients = [
            try activity(client: 50, message: "2026-09-29T09:00:00+02:00"),  // 3 days
            try activity(client: 51, message: "2026-09-30T09:00:00+02:00"),  // 2 days
            try activity(client: 52, message: "2026-08-01T09:00:00+02:00"),  // 62 days
        ]
        let strict = InactivityCalculator.inactiveClients(
            clients, policy: InactivityPolicy(tiers: [3, 7, 14], threshold: 3), now: Self.now)
        #expect(strict.clients.map(\.clientID) == [52, 50])
        #expect(strict.clients.map(\.tier) == [14, 3])
        let custom = InactivityPolicy(tiers: [30, 2, 10, 2], threshold: 2)
        #expect(custom.tiers == [2, 10, 30])
        let loose = InactivityCalculator.inactiveClients(clients, policy: custom, now: Self.now)
        #expect(loose.clients.map(\.tier) == [30, 2, 2])
        let belowTiers = InactivityCalculator.inactiveClients(
            clients, policy: InactivityPolicy(tiers: [5], threshold: 1), now: Self.now)
        #expect(belowTiers.clients.map(\.tier) == [5, 0, 0])
    }

    @Test("A future activity counts as today; a bad zone is reported once, others still computed")
    func edgeInput() throws {
        let clients = [
            try activity(client: 60, message: "2026-10-05T09:00:00+02:00"),
            try activity(trainer: 1, client: 61, zone: "Not/AZone"),
            try activity(trainer: 2, client: 61, zone: "Not/AZone"),
            try activity(client: 62, status: .paused, zone: "Also/Bad"),
            try activity(client: 63, message: "2026-09-01T09:00:00+02:00"),
        ]
        let result = InactivityCalculator.inactiveClients(clients, policy: InactivityPolicy(), now: Self.now)
        #expect(result.clients.map(\.clientID) == [63])
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.clientID == 61 && result.errors.first?.error.code == .invalidTimeZone)
        #expect(result.errors.first?.error.message.contains("Not/AZone") == true)
        let zeroThreshold = InactivityCalculator.inactiveClients(
            [clients[0]], policy: InactivityPolicy(threshold: 0), now: Self.now)
        #expect(zeroThreshold.clients.first?.daysInactive == 0)
    }
}
