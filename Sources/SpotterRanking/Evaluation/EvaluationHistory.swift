public import Foundation
public import SpotterIDs
public import SpotterStats

/// One member's whole history, as the offline evaluation replays it.
public struct EvaluationHistory: Sendable {
    /// The member.
    public var userID: UserID
    /// Their profile, if any.
    public var profile: MemberProfile?
    /// All enrollments; the evaluation re-derives which was active at each replayed day.
    public var enrollments: [Enrollment]
    /// All sessions, any order.
    public var sessions: [PastSession]
    /// All check-ins, any order.
    public var checkIns: [CheckIn]
    /// The member's zone: each replayed day is computed at its local midnight, like the nightly run.
    public var timeZone: TimeZone
    /// Health facts with their validity, so each replayed day sees the facts current then.
    public var healthFacts: [DatedHealthFact]

    /// Creates a history.
    public init(
        userID: UserID, profile: MemberProfile?, enrollments: [Enrollment], sessions: [PastSession],
        checkIns: [CheckIn] = [], timeZone: TimeZone = TimeZone(identifier: "UTC")!,
        healthFacts: [DatedHealthFact] = []
    ) {
        self.healthFacts = healthFacts
        self.userID = userID
        self.profile = profile
        self.enrollments = enrollments
        self.sessions = sessions
        self.checkIns = checkIns
        self.timeZone = timeZone
    }
}

/// A health fact with the time it became current and, if superseded, stopped being current.
public struct DatedHealthFact: Sendable, Hashable {
    /// The fact.
    public var fact: HealthFact
    /// `valid_from`.
    public var validFrom: Date
    /// `valid_to`, nil while current.
    public var validTo: Date?

    /// Creates a dated fact.
    public init(fact: HealthFact, validFrom: Date, validTo: Date? = nil) {
        self.fact = fact
        self.validFrom = validFrom
        self.validTo = validTo
    }

    /// The fact as it stood at `now`, or nil when it was not current then.
    func asOf(_ now: Date) -> HealthFact? {
        guard validFrom <= now, validTo.map({ $0 > now }) ?? true else { return nil }
        var fact = self.fact
        if fact.mentionedAt > now { fact.mentionedAt = validFrom }
        return fact
    }
}
