import SpotterIDs
import SpotterReasons

extension Recommender {
    /// The top `limit` programs for the member, ranked. Hard filters: equipment (the program's
    /// and all its workouts'), level (beginner without a profile), no library problem. Soft:
    /// goal, days per week, session length, what similar members took, novelty; then a greedy
    /// pass spreads the list across categories. Ties break by program id. O(programs × limit).
    /// A missing or silent profile is filled from the log (``LogInference``), and said so.
    public func recommendations(for member: MemberContext, limit: Int = 10) -> [ProgramRecommendation] {
        guard limit > 0 else { return [] }
        let inferred = member.inferredTraining
        let profile = member.rankingProfile(inferred)
        let candidates = programCandidates(for: member, profile: profile)
        var chosen: [ProgramRecommendation] = []
        var taken = Array(repeating: false, count: candidates.count)
        var perCategory = Array(repeating: 0, count: categoryNames.count)
        let penalty = configuration.programs.repeatedCategoryPenalty
        while chosen.count < min(limit, candidates.count) {
            var best: (index: Int, score: Double)?
            // The program under way is never the first recommendation when anything else fits.
            let skipActive = chosen.isEmpty && candidates.contains { $0.history != .active }
            for (i, candidate) in candidates.enumerated()
            where !taken[i] && !(skipActive && candidate.history == .active) {
                let score = candidate.score - penalty * Double(perCategory[candidate.category])
                if let current = best,
                    !Self.ranksBefore(score, candidate.programID, current.score, candidates[current.index].programID)
                {
                    continue
                }
                best = (i, score)
            }
            guard let best else { break }
            taken[best.index] = true
            let candidate = candidates[best.index]
            var reasons = self.reasons(for: candidate, profile: profile, inferred: inferred)
            if candidate.newCategory && perCategory[candidate.category] == 0 {
                reasons.append(Reason(.addsVariety, ["category": .term(categoryNames[candidate.category])]))
            }
            perCategory[candidate.category] += 1
            chosen.append(
                ProgramRecommendation(
                    programID: candidate.programID, rank: chosen.count + 1, score: best.score, reasons: reasons))
        }
        return chosen
    }

    /// A program that passed the hard filters, with its score components.
    struct ProgramCandidate {
        enum History { case new, trained, abandoned, active, completed }

        let programIndex: Int
        let programID: ProgramID
        /// Index into `categoryNames`.
        let category: Int
        let score: Double
        let goal: Double
        let similar: Double
        /// Members of the member's own segment who took it (see ``SimilarUsersIndex/Aligned/support(for:)``).
        let support: Double
        let history: History
        let newCategory: Bool
    }

    /// Every program that passes the hard filters, scored before the variety pass.
    func programCandidates(for member: MemberContext, profile: MemberProfile?) -> [ProgramCandidate] {
        let weights = configuration.programs
        let levelCap = profile?.level ?? .beginner
        let equipment = library.equipmentMask(profile?.equipment ?? [])
        let similarScores = similarAligned.scores(for: member)
        let support = similarAligned.support(for: member)
        let count = library.programs.count
        var status = [String?](repeating: nil, count: count)
        for enrollment in member.enrollments.sorted(by: { ($0.startedAt, $0.programID) < ($1.startedAt, $1.programID) })
        {
            if let index = library.programIndexByID[enrollment.programID] { status[index] = enrollment.status }
        }
        var trained = Array(repeating: false, count: count)
        for session in member.sessions where session.startedAt <= member.now {
            guard let id = session.workoutID, let index = library.workoutIndexByID[id] else { continue }
            trained[library.workouts[index].programIndex] = true
        }
        for id in member.trainedWorkouts ?? [] {
            guard let index = library.workoutIndexByID[id] else { continue }
            trained[library.workouts[index].programIndex] = true
        }
        var trainedCategory = Array(repeating: false, count: categoryNames.count)
        for index in 0..<count where trained[index] || status[index] != nil {
            trainedCategory[programCategory[index]] = true
        }

        var candidates: [ProgramCandidate] = []
        let memberGoal = GoalFit.canonical(member: profile?.goal)
        for (index, indexed) in library.indexedPrograms.enumerated() {
            let program = indexed.program
            guard programFilter(index, levelCap: levelCap, equipment: equipment).isEmpty else { continue }
            let goal = GoalFit.score(canonicalProgram: indexed.goal, canonicalMember: memberGoal)
            let days = daysFit(program: program.daysPerWeek, member: profile?.preferredDays)
            let length = lengthFit(programMinutes: indexed.maxMinutes, member: profile?.preferredMinutes)
            let history: ProgramCandidate.History
            let novelty: Double
            switch status[index] {
            case "completed": (history, novelty) = (.completed, 0)
            case "active": (history, novelty) = (.active, 0.2)
            case "abandoned": (history, novelty) = (.abandoned, 0.5)
            default: (history, novelty) = trained[index] ? (.trained, 0.6) : (.new, 1)
            }
            let newCategory = !trainedCategory[programCategory[index]]
            var score = weights.goal * goal + weights.days * days + weights.length * length
            score += weights.similar * similarScores[index] + weights.novelty * novelty
            if newCategory { score += weights.newCategory }
            candidates.append(
                ProgramCandidate(
                    programIndex: index, programID: program.id, category: programCategory[index], score: score,
                    goal: goal, similar: similarScores[index], support: support[index], history: history,
                    newCategory: newCategory))
        }
        return candidates
    }

    /// Reasons for a ranked program, built only for the ones returned.
    func reasons(for candidate: ProgramCandidate, profile: MemberProfile?, inferred: InferredTraining?) -> [Reason] {
        let indexed = library.indexedPrograms[candidate.programIndex]
        var reasons: [Reason] = []
        if let wanted = profile?.goal, candidate.goal > 0 {
            reasons.append(Reason(candidate.goal >= 1 ? .matchesGoal : .supportsGoal, ["goal": .term(wanted)]))
        }
        let days = indexed.program.daysPerWeek
        if let wanted = profile?.preferredDays, days > 0, days <= wanted {
            reasons.append(Reason(.fitsDaysAWeek, ["days": .count(wanted)]))
        }
        if let wanted = profile?.preferredMinutes, lengthFit(programMinutes: indexed.maxMinutes, member: wanted) >= 1 {
            reasons.append(Reason(.sessionsUpToMinutes, ["minutes": .count(indexed.maxMinutes)]))
        }
        if candidate.similar >= 0.5 && candidate.support >= configuration.similarMinimumMembers {
            reasons.append(Reason(.popularWithSimilarMembers))
        }
        switch candidate.history {
        case .completed: reasons.append(Reason(.completedBeforeRepeat))
        case .active: reasons.append(Reason(.doingItNow))
        case .abandoned: reasons.append(Reason(.anotherGo))
        case .trained: break
        case .new: reasons.append(Reason(.newToYou))
        }
        if profile == nil { reasons.append(Reason(.beginnerFriendlyNoEquipment)) }
        reasons += inferred?.reasonCodes ?? []
        return reasons
    }

    /// The hard filters program `index` fails: "unusable" (a library problem), "level",
    /// "equipment". Empty when it may be recommended.
    func programFilter(_ index: Int, levelCap: Level, equipment: TagMask) -> [String] {
        let indexed = library.indexedPrograms[index]
        var failed: [String] = []
        if indexed.unusable != nil { failed.append("unusable") }
        if indexed.program.level > levelCap { failed.append("level") }
        if !indexed.equipment.isSubset(of: equipment) { failed.append("equipment") }
        return failed
    }

    /// Why no program passes the hard filters, from the same filter the ranking applies: counts
    /// per filter over the library, then the profile's own problems ("nothing fits: of 24
    /// programs, 20 need equipment you don't have, …").
    public func programsNothingFitsReason(for member: MemberContext) -> String {
        let inferred = member.inferredTraining
        let profile = member.rankingProfile(inferred)
        let levelCap = profile?.level ?? .beginner
        let equipment = library.equipmentMask(profile?.equipment ?? [])
        var counts: [String: Int] = [:]
        for index in library.indexedPrograms.indices {
            for filter in programFilter(index, levelCap: levelCap, equipment: equipment) {
                counts[filter, default: 0] += 1
            }
        }
        let parts = [
            ("equipment", "need equipment you don't have"),
            ("level", "are above your level\(profile == nil ? " (beginner without a profile)" : "")"),
            ("unusable", "have catalog problems"),
        ].compactMap { key, phrase in counts[key].map { "\($0) \(phrase)" } }
        let head =
            library.programs.isEmpty
            ? "nothing fits: the catalog has no programs"
            : "nothing fits: of \(library.programs.count) programs, " + parts.joined(separator: ", ")
        let notes = member.profile.map { profile?.problems ?? $0.problems } ?? ["no profile yet"]
        return ([head] + (inferred?.reasons ?? []) + notes).joined(separator: "; ")
    }

    /// 1 when the program needs exactly the member's days (0.05 less per unused day, down to
    /// 0.8), falling off by half per extra day it needs; 0.5 when either side is unknown.
    func daysFit(program: Int, member: Int?) -> Double {
        guard let member, program > 0 else { return 0.5 }
        if program <= member { return 1 - 0.05 * Double(min(member - program, 4)) }
        return max(0, 1 - 0.5 * Double(program - member))
    }

    /// 1 when the longest workout fits the preferred length plus slack, falling off over 30
    /// minutes; 0.5 when the member has no preference.
    func lengthFit(programMinutes: Int, member: Int?) -> Double {
        guard let member else { return 0.5 }
        let excess = programMinutes - member - configuration.sessionLengthSlackMinutes
        return excess <= 0 ? 1 : max(0, 1 - Double(excess) / 30)
    }
}
