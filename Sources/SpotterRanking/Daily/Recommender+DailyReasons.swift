import Foundation
import SpotterReasons

extension Recommender {
    /// The reasons for suggesting workout `index`, most important first.
    func reasons(for index: Int, state: MemberState) -> [Reason] {
        let workout = library.workouts[index]
        var reasons: [Reason] = []
        let (_, plan, distance) = planBonus(of: index, state: state)
        if let plan {
            let program = ReasonValue.text(library.programs[plan.programIndex].title)
            let reason: Reason =
                switch (distance == 0, plan.source == .enrollment) {
                case (true, true): Reason(.nextInEnrolledProgram, ["program": program, "week": .count(plan.week)])
                case (true, false): Reason(.nextInProgram, ["program": program])
                case (false, true): Reason(.fromEnrolledProgram, ["program": program, "week": .count(plan.week)])
                case (false, false): Reason(.fromProgram, ["program": program])
                }
            reasons.append(reason)
        }
        for other in state.plans where other.source == .enrollment && (other != plan || distance > 0) {
            reasons.append(waitingNote(for: other, state: state))
        }
        if let rest = restReason(for: index, state: state) { reasons.append(rest) }
        if let preferred = state.preferredMinutes {
            let minutes = workout.workout.estimatedMinutes
            reasons.append(
                minutes <= preferred + configuration.sessionLengthSlackMinutes
                    ? Reason(.fitsMinutes, ["minutes": .count(preferred)])
                    : Reason(.programPlannedMinutes, ["minutes": .count(minutes)]))
        } else {
            reasons.append(Reason(.aboutMinutes, ["minutes": .count(workout.workout.estimatedMinutes)]))
        }
        if state.lowEnergy {
            reasons.append(Reason(workout.intensity <= 2 ? .lowEnergyLighterSession : .lowEnergyGoEasy))
        }
        if state.isColdStart {
            reasons.append(Reason(.beginnerSafeStart))
            if state.member.profile == nil {
                reasons.append(Reason(.noProfileBodyweight, ["minutes": .count(configuration.coldStartMaxMinutes)]))
            }
        }
        if plan == nil, let goal = state.member.profile?.goal, goal == library.programs[workout.programIndex].goal {
            reasons.append(Reason(.matchesGoal, ["goal": .term(goal)]))
        }
        reasons += state.inferred?.reasonCodes ?? []
        reasons += state.member.profile != nil ? state.profile?.problemCodes ?? [] : []
        reasons += state.finishedPrograms.map {
            Reason(.finishedProgram, ["program": .text(library.programs[$0].title)])
        }
        reasons += state.unknownEnrolledPrograms.map {
            Reason(.enrolledProgramNotInCatalog, ["program": .text("\($0)")])
        }
        return reasons
    }

    /// "Upper A of Upper/Lower waits: chest trained 20 h ago".
    private func waitingNote(for plan: ProgramPlan, state: MemberState) -> Reason {
        let program = library.indexedPrograms[plan.programIndex]
        let nextIndex = program.workoutIndices[plan.nextOrderIndex]
        var arguments: [String: ReasonValue] = [
            "workout": .text(library.workouts[nextIndex].workout.title), "program": .text(program.program.title),
        ]
        let broken = violations(of: nextIndex, state: state)
        if let first = Violations.each.first(where: { broken.contains($0) }) {
            arguments["because"] = .reason(describe(first, of: nextIndex, state: state))
            return Reason(.programWorkoutWaitsBecause, arguments)
        }
        return Reason(state.lowEnergy ? .programWorkoutWaitsLighterDay : .programWorkoutWaits, arguments)
    }

    /// "legs rested 72 h", "chest and back: no recent training", "light mobility work: no rest
    /// needed" (a recovery-exempt category); nil for recovery-exempt muscle groups.
    private func restReason(for index: Int, state: MemberState) -> Reason? {
        if recoveryExemptWorkout[index] { return Reason(.mobilityNoRestNeeded) }
        let muscles = library.workouts[index].muscles.filter { !recoveryExempt[$0] }
        guard !muscles.isEmpty else { return nil }
        let names = ReasonValue.terms(MuscleGroups.displayTerms(muscles.map { library.muscleNames[$0] }))
        let trained = muscles.compactMap { state.restedHours(muscle: $0) }
        guard let hours = trained.min() else { return Reason(.musclesNotTrainedRecently, ["muscles": names]) }
        return hours >= 7 * 24
            ? Reason(.musclesRestedOverWeek, ["muscles": names])
            : Reason(.musclesRestedHours, ["muscles": names, "hours": .count(hours)])
    }
}
