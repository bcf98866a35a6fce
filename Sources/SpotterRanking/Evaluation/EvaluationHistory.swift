public import Foundation

/// One member's whole history, as the offline evaluation replays it.
public struct EvaluationHistory: Sendable {
    /// The member.
    public var userID: Int64
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

    /// Creates a history.
    public init(
        userID: Int64, profile: MemberProfile?, enrollments: [Enrollment], sessions: [PastSession],
        checkIns: [CheckIn] = [], timeZone: TimeZone = TimeZone(identifier: "UTC")!
    ) {
        self.userID = userID
        self.profile = profile
        self.enrollments = enrollments
        self.sessions = sessions
        self.checkIns = checkIns
        self.timeZone = timeZone
    }
}
