extension Recommender {
    /// The daily score of a workout that passes every hard constraint: a sum of the plan bonus,
    /// program fit, recovery, freshness, length fit and the low-energy and cold-start adjustments.
    func score(of index: Int, state: MemberState, fit: [Double]) -> Double {
        let parts = scoreParts(of: index, state: state, fit: fit)
        return parts.plan + parts.rest
    }

    /// The plan bonus (after the low-energy factor) and the rest of the library score.
    func scoreParts(of index: Int, state: MemberState, fit: [Double]) -> (plan: Double, rest: Double) {
        let weights = configuration.daily
        let workout = library.workouts[index]
        var plan = planBonus(of: index, state: state).bonus
        if state.lowEnergy && workout.intensity >= 3 { plan *= weights.lowEnergyPlanFactor }
        var score = 0.0
        score += weights.programFit * fit[workout.programIndex]
        score += weights.recovery * recoveryShare(of: index, state: state)

        score += weights.freshness * min(1, Double(state.daysSinceDone(workout: index) ?? 7) / 7)

        let minutes = Double(workout.workout.estimatedMinutes)
        if let preferred = state.preferredMinutes ?? state.usualMinutes {
            score += weights.lengthFit * max(0, 1 - abs(minutes - Double(preferred)) / Double(preferred))
        }
        if state.lowEnergy {
            score -= weights.lowEnergyIntensityPenalty * Double(max(0, workout.intensity - 2))
            score -= weights.lowEnergyMinutePenalty * max(0, minutes - 20)
            score += weights.lowEnergyLightBonus * Double(max(0, 3 - workout.intensity)) / 2
        }
        if state.coldStartScoring {
            score -= weights.coldStartIntensityPenalty * Double(workout.intensity)
            score -= 0.002 * minutes
        }
        return (plan, score)
    }

    /// The largest plan bonus for workout `index` and the plan that gives it.
    func planBonus(of index: Int, state: MemberState) -> (bonus: Double, plan: ProgramPlan?, distance: Int) {
        let weights = configuration.daily
        var best: (bonus: Double, plan: ProgramPlan?, distance: Int) = (0, nil, 0)
        for plan in state.plans {
            guard let distance = plan.distance(to: library.workouts[index], in: library), distance <= 2 else {
                continue
            }
            let base = plan.source == .enrollment ? weights.enrollmentNext : weights.continuationNext
            var bonus = base
            for _ in 0..<distance { bonus *= weights.aheadDecay }
            if bonus > best.bonus { best = (bonus, plan, distance) }
        }
        return best
    }

    /// 0…1: how far past the hard recovery minimum toward the preferred rest the least rested
    /// primary muscle group is; 1 when every group is exempt or never trained.
    func recoveryShare(of index: Int, state: MemberState) -> Double {
        let minimum = Double(configuration.recoveryHours)
        let preferred = Double(max(configuration.preferredRecoveryHours, configuration.recoveryHours + 1))
        var share = 1.0
        if recoveryExemptWorkout[index] { return share }
        for muscle in library.workouts[index].muscles where !recoveryExempt[muscle] {
            guard let rested = state.restedHours(muscle: muscle) else { continue }
            share = min(share, max(0, min(1, (Double(rested) - minimum) / (preferred - minimum))))
        }
        return share
    }
}
