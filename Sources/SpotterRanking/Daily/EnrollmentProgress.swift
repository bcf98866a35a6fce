public import Foundation
import SpotterCalendar
public import SpotterIDs

/// How far a member got through one enrollment's program, counted over every session they
/// logged since the enrollment started, which may reach far before the sessions a night reads
/// (``MemberContext/sessions``, 28 days): the program sessions done (a redo, the same workout as
/// the previous program session, does not count) and the latest one's place in the program's
/// order. ``ProgramPlan`` turns it into the next workout, the week and whether the schedule is
/// complete. Sessions are counted one at a time in time order, so a count kept from an earlier
/// night and given the sessions logged since is the count of the whole span.
public struct EnrollmentProgress: Sendable, Hashable {
    /// The enrollment's program.
    public let programID: ProgramID
    /// The enrollment's start: sessions from then on count.
    public let startedAt: Date
    /// The 0-based place in the program's order of the latest program session counted, or nil.
    public private(set) var lastOrderIndex: Int?
    /// Program sessions counted, redos excluded.
    public private(set) var done: Int

    /// A count of `done` sessions, the latest at `lastOrderIndex` (nil: none yet).
    public init(programID: ProgramID, startedAt: Date, lastOrderIndex: Int? = nil, done: Int = 0) {
        self.programID = programID
        self.startedAt = startedAt
        self.lastOrderIndex = lastOrderIndex
        self.done = done
    }

    /// Whether this is `enrollment`'s progress: the same program and start, to the microsecond
    /// (the precision both backends store).
    public func isProgress(of enrollment: Enrollment) -> Bool {
        programID == enrollment.programID
            && TimestampFormat.microseconds(startedAt) == TimestampFormat.microseconds(enrollment.startedAt)
    }

    /// Counts the `sessions` (in ``PersonalState/ordered(_:_:)`` order, after every session
    /// counted before) that started from the enrollment's start up to `now` and were logged
    /// against a workout of its program in `library`.
    public mutating func count(_ sessions: some Sequence<PastSession>, through now: Date, library: TrainingLibrary) {
        guard let programIndex = library.programIndexByID[programID] else { return }
        for session in sessions where session.startedAt >= startedAt && session.startedAt <= now {
            guard let id = session.workoutID, let index = library.workoutIndexByID[id] else { continue }
            let workout = library.workouts[index]
            guard workout.programIndex == programIndex else { continue }
            Self.count(orderIndex: workout.orderIndex, last: &lastOrderIndex, done: &done)
        }
    }

    /// Counts one program session at `orderIndex` into a count of `done` sessions, the latest at
    /// `last`: a redo (the same workout as the previous program session) does not count. The one
    /// rule ``ProgramPlan`` counts by too.
    static func count(orderIndex: Int, last: inout Int?, done: inout Int) {
        guard orderIndex != last else { return }
        last = orderIndex
        done += 1
    }

    /// The progress of each of `enrollments` that is active, counted over `sessions` (in
    /// ``PersonalState/ordered(_:_:)`` order) up to `now`.
    public static func counting(
        _ enrollments: [Enrollment], over sessions: some Collection<PastSession>, through now: Date,
        library: TrainingLibrary
    ) -> [EnrollmentProgress] {
        enrollments.filter(\.isActive).map { enrollment in
            var progress = EnrollmentProgress(programID: enrollment.programID, startedAt: enrollment.startedAt)
            progress.count(sessions, through: now, library: library)
            return progress
        }
    }
}
