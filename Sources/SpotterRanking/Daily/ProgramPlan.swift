/// Where a member stands in a program: the next workout in order, the week, whether it is done.
///
/// Progress follows what the member actually did: the next workout is the one after the last
/// program workout done (cycling through the program's workouts), so a skipped or swapped
/// workout never stalls the plan. A session of the same workout as the previous program session
/// is a redo and does not count. The step (for the week number and for "finished") is the next
/// workout's index when the workouts are the whole schedule, or the number of sessions done when
/// they form a repeating cycle.
struct ProgramPlan: Sendable, Hashable {
    enum Source: Sendable, Hashable {
        /// An active enrollment.
        case enrollment
        /// No enrollment: the program of the member's latest session.
        case continuation
    }

    let source: Source
    let programIndex: Int
    /// 0-based index of the next workout in the program's order.
    let nextOrderIndex: Int
    /// 1-based week of the next workout.
    let week: Int
    /// Program sessions done (redos excluded).
    let done: Int
    /// Whether the schedule is complete.
    let finished: Bool

    /// Progress through `program` from the member's sessions (sorted) since `since`.
    static func progress(
        source: Source, programIndex: Int, library: TrainingLibrary, sessions: [MemberState.Session], since: Double?
    ) -> ProgramPlan {
        var last: Int?
        var done = 0
        for session in sessions {
            guard let index = session.workoutIndex, library.workouts[index].programIndex == programIndex else {
                continue
            }
            if let since, session.time < since { continue }
            EnrollmentProgress.count(orderIndex: library.workouts[index].orderIndex, last: &last, done: &done)
        }
        return plan(source: source, programIndex: programIndex, library: library, last: last, done: done)
    }

    /// Progress through `program` with `done` program sessions, the latest at order index `last`.
    static func plan(source: Source, programIndex: Int, library: TrainingLibrary, last: Int?, done: Int) -> ProgramPlan
    {
        let program = library.indexedPrograms[programIndex]
        let count = program.workoutIndices.count
        guard count > 0 else {
            return ProgramPlan(
                source: source, programIndex: programIndex, nextOrderIndex: 0, week: 1, done: 0, finished: true)
        }
        let next = last.map { ($0 + 1) % count } ?? 0
        let step = program.isFullSchedule ? (last.map { $0 + 1 } ?? 0) : done
        let finished: Bool
        switch source {
        case .enrollment: finished = done >= program.scheduleLength || (program.isFullSchedule && last == count - 1)
        case .continuation: finished = program.isFullSchedule && last == count - 1
        }
        return ProgramPlan(
            source: source, programIndex: programIndex, nextOrderIndex: next,
            week: min(step, max(0, program.scheduleLength - 1)) / program.daysPerWeek + 1, done: done,
            finished: finished)
    }

    /// How many steps ahead of the next workout `orderIndex` is, or nil if behind (in a
    /// non-cycling schedule) or in another program.
    func distance(to workout: IndexedWorkout, in library: TrainingLibrary) -> Int? {
        guard workout.programIndex == programIndex, !finished else { return nil }
        let program = library.indexedPrograms[programIndex]
        let count = program.workoutIndices.count
        if program.isFullSchedule && workout.orderIndex < nextOrderIndex { return nil }
        return (workout.orderIndex - nextOrderIndex + count) % count
    }
}
