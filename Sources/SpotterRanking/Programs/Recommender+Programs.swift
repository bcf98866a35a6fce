import Foundation

extension Recommender {
    /// The top `limit` programs for the member, ranked. Hard filters: equipment (the program's
    /// and all its workouts'), level (beginner without a profile), no catalog problem. Soft:
    /// goal, days per week, session length, what similar members took, novelty; then a greedy
    /// pass spreads the list across categories. Ties break by program id.
    public func recommendations(for member: MemberContext, limit: Int = 10) -> [ProgramRecommendation] {
        guard limit > 0 else { return [] }
        let candidates = programCandidates(for: member)
        var chosen: [ProgramRecommendation] = []
        var taken = Array(repeating: false, count: candidates.count)
        var perCategory: [String: Int] = [:]
        let penalty = configuration.programs.repeatedCategoryPenalty
        while chosen.count < min(limit, candidates.count) {
            var best: (index: Int, score: Double)?
            for (i, candidate) in candidates.enumerated() where !taken[i] {
                let score = candidate.score - penalty * Double(perCategory[candidate.category] ?? 0)
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
            var reasons = candidate.reasons
            if candidate.newCategory && perCategory[candidate.category] == nil {
                reasons.append("adds variety: \(candidate.category.replacingOccurrences(of: "_", with: " "))")
            }
            perCategory[candidate.category, default: 0] += 1
            chosen.append(
                ProgramRecommendation(
                    programID: candidate.programID, rank: chosen.count + 1, score: best.score, reasons: reasons))
        }
        return chosen
    }

    struct ProgramCandidate {
        let programID: Int64
        let category: String
        let score: Double
        let newCategory: Bool
        let reasons: [String]
    }

    /// Every program that passes the hard filters, with its score before the variety pass.
    func programCandidates(for member: MemberContext) -> [ProgramCandidate] {
        let weights = configuration.programs
        let profile = member.profile
        let levelCap = profile?.level ?? .beginner
        let equipment = catalog.equipmentMask(profile?.equipment ?? [])
        let similarScores = similar.scores(for: member, catalog: catalog)
        var status: [Int64: String] = [:]
        for enrollment in member.enrollments.sorted(by: { ($0.startedAt, $0.programID) < ($1.startedAt, $1.programID) }) {
            status[enrollment.programID] = enrollment.status
        }
        var trainedCategories = Set<String>()
        var trainedPrograms = Set<Int64>()
        for session in member.sessions where session.startedAt <= member.now {
            guard let id = session.workoutID, let index = catalog.workoutIndexByID[id] else { continue }
            let program = catalog.programs[catalog.workouts[index].programIndex]
            trainedCategories.insert(program.category)
            trainedPrograms.insert(program.id)
        }
        for id in status.keys { if let program = catalog.program(id: id) { trainedCategories.insert(program.category) } }

        var candidates: [ProgramCandidate] = []
        for (index, indexed) in catalog.indexedPrograms.enumerated() {
            let program = indexed.program
            guard indexed.unusable == nil, program.level <= levelCap, indexed.equipment.isSubset(of: equipment) else {
                continue
            }
            var reasons: [String] = []
            let goal = GoalFit.score(program: program.goal, member: profile?.goal)
            if let wanted = profile?.goal, goal > 0 {
                let name = wanted.replacingOccurrences(of: "_", with: " ")
                reasons.append(goal >= 1 ? "matches your goal: \(name)" : "supports your goal: \(name)")
            }
            let days = daysFit(program: program.daysPerWeek, member: profile?.preferredDays)
            if let wanted = profile?.preferredDays, program.daysPerWeek > 0, program.daysPerWeek <= wanted {
                reasons.append("fits your \(wanted) days a week")
            }
            let length = lengthFit(programMinutes: indexed.maxMinutes, member: profile?.preferredMinutes)
            if profile?.preferredMinutes != nil, length >= 1 { reasons.append("sessions up to \(indexed.maxMinutes) min") }
            if similarScores[index] >= 0.5 { reasons.append("popular with members like you") }
            let novelty: Double
            switch status[program.id] {
            case "completed": novelty = 0; reasons.append("completed before: a repeat")
            case "active": novelty = 0.2; reasons.append("you're doing it now")
            case "abandoned": novelty = 0.5; reasons.append("another go")
            default:
                novelty = trainedPrograms.contains(program.id) ? 0.6 : 1
                if novelty == 1 { reasons.append("new to you") }
            }
            if profile == nil { reasons.append("beginner-friendly, no equipment") }
            let newCategory = !trainedCategories.contains(program.category)
            var score = weights.goal * goal + weights.days * days + weights.length * length
            score += weights.similar * similarScores[index] + weights.novelty * novelty
            if newCategory { score += weights.newCategory }
            candidates.append(
                ProgramCandidate(
                    programID: program.id, category: program.category, score: score, newCategory: newCategory,
                    reasons: reasons))
        }
        return candidates
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
