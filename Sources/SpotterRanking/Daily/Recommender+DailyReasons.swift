import Foundation

extension Recommender {
    /// Short human-readable reasons for suggesting workout `index`, most important first.
    func reasons(for index: Int, state: MemberState) -> [String] {
        let workout = library.workouts[index]
        var reasons: [String] = []
        let (_, plan, distance) = planBonus(of: index, state: state)
        if let plan {
            let title = library.programs[plan.programIndex].title
            let where_ = plan.source == .enrollment ? "\(title), week \(plan.week)" : title
            reasons.append(distance == 0 ? "next in \(where_)" : "from \(where_)")
        }
        for other in state.plans where other.source == .enrollment && (other != plan || distance > 0) {
            reasons.append(waitingNote(for: other, state: state))
        }
        if let rest = restReason(for: index, state: state) { reasons.append(rest) }
        if let preferred = state.preferredMinutes {
            let minutes = workout.workout.estimatedMinutes
            reasons.append(
                minutes <= preferred + configuration.sessionLengthSlackMinutes
                    ? "fits \(preferred) minutes" : "\(minutes) minutes, as your program plans")
        } else {
            reasons.append("about \(workout.workout.estimatedMinutes) minutes")
        }
        if state.lowEnergy {
            reasons.append(workout.intensity <= 2 ? "low energy today: lighter session" : "low energy today: go easy")
        }
        if state.isColdStart {
            reasons.append("beginner-safe start")
            if state.member.profile == nil {
                reasons.append("no profile yet: bodyweight, up to \(configuration.coldStartMaxMinutes) minutes")
            }
        }
        if plan == nil, let goal = state.member.profile?.goal, goal == library.programs[workout.programIndex].goal {
            reasons.append("matches your goal: \(MuscleGroups.readable(goal))")
        }
        reasons += state.inferred?.reasons ?? []
        reasons += state.member.profile != nil ? state.profile?.problems ?? [] : []
        reasons += state.finishedPrograms.map { "finished \(library.programs[$0].title)" }
        reasons += state.unknownEnrolledPrograms.map { "enrolled program \($0) is not in the catalog" }
        return reasons
    }

    /// "Upper A of Upper/Lower waits: chest trained 20 h ago".
    private func waitingNote(for plan: ProgramPlan, state: MemberState) -> String {
        let program = library.indexedPrograms[plan.programIndex]
        let nextIndex = program.workoutIndices[plan.nextOrderIndex]
        let head = "\(library.workouts[nextIndex].workout.title) of \(program.program.title) waits"
        let broken = violations(of: nextIndex, state: state)
        if let first = Violations.each.first(where: { broken.contains($0) }) {
            return "\(head): \(describe(first, of: nextIndex, state: state))"
        }
        return state.lowEnergy ? "\(head): lighter day first" : head
    }

    /// "legs rested 72 h", "chest and back: no recent training", "light mobility work: no rest
    /// needed" (a recovery-exempt category); nil for recovery-exempt muscle groups.
    private func restReason(for index: Int, state: MemberState) -> String? {
        if recoveryExemptWorkout[index] { return "light mobility work: no rest needed" }
        let muscles = library.workouts[index].muscles.filter { !recoveryExempt[$0] }
        guard !muscles.isEmpty else { return nil }
        let name = MuscleGroups.displayName(muscles.map { library.muscleNames[$0] })
        let trained = muscles.compactMap { state.restedHours(muscle: $0) }
        guard let hours = trained.min() else { return "\(name): no recent training" }
        return hours >= 7 * 24 ? "\(name) rested over a week" : "\(name) rested \(hours) h"
    }
}
