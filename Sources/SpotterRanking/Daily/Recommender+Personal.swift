import Foundation
import SpotterReasons

extension Recommender {
    /// A candidate before it is published.
    struct Candidate {
        let kind: SessionKind
        let libraryIndex: Int?
        let personalIndex: Int?
        let groups: UInt16
        let features: [Double]
        /// The learned model's score alone (``Signal/model``).
        let modelScore: Double
        /// The signals combined by the person's weights (``PersonalState/combined(_:)``).
        var score: Double
    }

    /// The daily suggestion with the person's state given (the evaluation keeps one per person
    /// and appends each day's sessions; ``dailySuggestion(for:)`` builds it from scratch).
    public func dailySuggestion(for member: MemberContext, personal: PersonalState) -> SuggestionOutcome {
        let state = MemberState(
            member: member, library: library, configuration: configuration, personal: personal,
            recoveryExemptWorkout: recoveryExemptWorkout)
        let ranked = candidates(state: state)
        guard let top = ranked.first else { return .nothingFits(reason: nothingFitsReason(state: state)) }
        var reasons = personalReasons(for: top, state: state)
        if let index = top.libraryIndex {
            let workout = library.workouts[index].workout
            // The plan's reason ("next in Upper/Lower, week 3") stays first when there is one.
            let own = reasons
            reasons = self.reasons(for: index, state: state)
            reasons.insert(contentsOf: own, at: planBonus(of: index, state: state).plan == nil ? 0 : 1)
            reasons += state.injuries.map { $0.reason(in: zone(of: state)) }
            return .suggested(
                DailySuggestion(
                    workoutID: workout.id, programID: workout.programID, score: top.score, reasons: reasons,
                    muscleGroups: MuscleGroups.names(ofMask: top.groups)))
        }
        let own = state.personal.kinds[top.personalIndex!]
        // The row names a library workout: the one closest in muscle groups among the safe ones.
        let anchor = ranked.filter { $0.libraryIndex != nil }.max {
            (MuscleGroups.jaccard($0.groups, top.groups), $1.score) < (
                MuscleGroups.jaccard($1.groups, top.groups), $0.score
            )
        }
        guard let anchor, let anchorIndex = anchor.libraryIndex else {
            return .nothingFits(
                reason: "your own \(own.title) fits today, but no catalog workout does; "
                    + nothingFitsReason(state: state))
        }
        let workout = library.workouts[anchorIndex].workout
        reasons.append(
            Reason(
                .inCatalogAs,
                [
                    "workout": .text(workout.title),
                    "program": .text(library.programs[library.workouts[anchorIndex].programIndex].title),
                ]))
        reasons += state.inferred?.reasonCodes ?? []
        reasons += state.injuries.map { $0.reason(in: zone(of: state)) }
        return .suggested(
            DailySuggestion(
                workoutID: workout.id, programID: workout.programID, score: top.score, reasons: reasons,
                ownTitle: own.kind.isTitle ? own.title : nil, muscleGroups: MuscleGroups.names(ofMask: top.groups)))
    }

    /// Every candidate that passes the hard constraints, best first: the library workouts and
    /// the person's own recurring sessions (a title done ``PersonalWeights/minimumTitleCount``
    /// times, last within ``PersonalWeights/titleRecencyDays``), each scored by the person's
    /// weights over ``PersonalWeights/featureNames``. Ties break by kind.
    public func rankCandidates(for member: MemberContext, personal: PersonalState) -> [RankedCandidate] {
        let state = MemberState(
            member: member, library: library, configuration: configuration, personal: personal,
            recoveryExemptWorkout: recoveryExemptWorkout)
        return candidates(state: state).map { candidate in
            let workout = candidate.libraryIndex.map { library.workouts[$0].workout }
            return RankedCandidate(
                kind: candidate.kind, workoutID: workout?.id, programID: workout?.programID,
                title: workout?.title ?? state.personal.kinds[candidate.personalIndex!].title,
                muscleGroups: MuscleGroups.names(ofMask: candidate.groups), score: candidate.score)
        }
    }

    func candidates(state: MemberState) -> [Candidate] {
        let personal = state.personal
        let fit = programFit(for: state.member)
        let time = state.member.now.timeIntervalSince1970
        let day = state.today
        let context = personal.featureContext(time: time, day: day)
        var result: [Candidate] = []
        var values: [[Double?]] = []
        func add(_ kind: SessionKind, libraryIndex: Int?, personalIndex: Int?, groups: UInt16, extra: (Double, Double))
        {
            var features = personal.features(kind: personalIndex, groups: groups, context: context)
            features[8] = extra.0
            features[9] = extra.1
            let score = zip(features, personal.weights).reduce(0) { $0 + $1.0 * $1.1 }
            values.append(
                personal.signalValues(groups: groups, features: features, modelScore: score, context: context.signals))
            result.append(
                Candidate(
                    kind: kind, libraryIndex: libraryIndex, personalIndex: personalIndex, groups: groups,
                    features: features, modelScore: score, score: score))
        }
        for index in library.workouts.indices where violations(of: index, state: state).isEmpty {
            let kind = SessionKind.workout(library.workouts[index].workout.id)
            let parts = scoreParts(of: index, state: state, fit: fit)
            add(
                kind, libraryIndex: index, personalIndex: personal.index(of: kind),
                groups: library.workouts[index].coarseGroups, extra: parts)
        }
        for index in personal.candidateTitles(day: day) where ownSessionAllowed(index, state: state) {
            let stats = personal.kinds[index]
            add(stats.kind, libraryIndex: nil, personalIndex: index, groups: stats.groups, extra: (0, 0))
        }
        for (i, score) in personal.combined(values).enumerated() { result[i].score = score }
        result.sort {
            if $0.score != $1.score { return $0.score > $1.score }
            if $0.modelScore != $1.modelScore { return $0.modelScore > $1.modelScore }
            return $0.kind < $1.kind
        }
        return personal.judgedByGroups ? Self.orderedByGroupMatch(result) : result
    }

    /// The hard constraints for one of the person's own sessions: an injury it loads (or may:
    /// its muscle groups unknown), and for a beginner (or a group the person never rests
    /// briefly) the rest rules on its coarse groups.
    func ownSessionAllowed(_ index: Int, state: MemberState) -> Bool {
        let personal = state.personal
        let stats = personal.kinds[index]
        if !state.injuries.isEmpty {
            if stats.groups == 0 { return false }
            let names = MuscleGroups.names(ofMask: stats.groups)
            if state.injuries.contains(where: { BodyParts.loads(names, $0.part) }) { return false }
        }
        if !state.repeatsAllowed, state.today - stats.lastDay < configuration.noRepeatDays { return false }
        let enforced = stats.groups & PersonalState.strengthMask & ~state.shortRestGroups
        for g in 0..<PersonalState.groupCount where enforced & (1 << UInt16(g)) != 0 {
            if let last = personal.groupLastDay[g], (state.today - last) * 24 < configuration.recoveryHours {
                return false
            }
        }
        return true
    }

    func zone(of state: MemberState) -> TimeZone { state.member.timeZone ?? TimeZone(secondsFromGMT: 0)! }

    /// Reasons from the person's own habits: what usually follows, the muscle split, rest and
    /// recovery, their weekday; for their own session, how often they did it.
    func personalReasons(for candidate: Candidate, state: MemberState) -> [Reason] {
        let personal = state.personal
        var reasons: [Reason] = []
        if let own = candidate.personalIndex, candidate.libraryIndex == nil {
            let stats = personal.kinds[own]
            reasons.append(
                stats.kind.isTitle
                    ? Reason(.ownSessionDoneTimes, ["session": .text(stats.title), "count": .count(stats.count)])
                    : Reason(.ownSessionTrainedDays, ["session": .text(stats.title), "days": .count(stats.count)]))
        }
        if let last = personal.lastKind, let own = candidate.personalIndex,
            let row = personal.transitions[last], let count = row[own], personal.effective(count) >= 1.5,
            row.values.max() == count
        {
            let titled = personal.kinds[own].kind.isTitle || personal.kinds[last].kind.isTitle
            reasons.append(
                Reason(
                    titled ? .usuallyDoAfter : .usuallyTrainAfter,
                    ["session": .text(personal.kinds[own].title), "previous": .text(personal.kinds[last].title)]))
        } else if let best = personal.flowLift(candidate.groups, day: state.today).best {
            let names = MuscleGroups.coarseNames
            reasons.append(
                Reason(
                    .usuallyTrainMuscleAfter, ["muscle": .term(names[best.to]), "previous": .term(names[best.from])]))
        }
        if candidate.libraryIndex == nil, let rest = restNote(groups: candidate.groups, state: state) {
            reasons.append(rest)
        }
        if let own = candidate.personalIndex, personal.kinds[own].count >= 4, candidate.features[6] > log(2.0) {
            let names = ["thursday", "friday", "saturday", "sunday", "monday", "tuesday", "wednesday"]
            reasons.append(
                Reason(.usualWeekdaySession, ["weekday": .weekday(names[PersonalState.weekday(state.today)])]))
        }
        return reasons
    }

    /// "back rested 52 h, 85 % recovered" for the least recovered strength group.
    func restNote(groups: UInt16, state: MemberState) -> Reason? {
        let personal = state.personal
        let time = state.member.now.timeIntervalSince1970
        var worst: (group: Int, recovery: Double)?
        for g in 0..<PersonalState.groupCount where groups & PersonalState.strengthMask & (1 << UInt16(g)) != 0 {
            guard personal.groupLastTime[g] != nil else { continue }
            let recovery = personal.recovery(group: g, at: time, level: state.level)
            if recovery < (worst?.recovery ?? .infinity) { worst = (g, recovery) }
        }
        guard let worst, let lastDay = personal.groupLastDay[worst.group] else { return nil }
        let hours = 24 * (state.today - lastDay)
        let name = ReasonValue.terms([MuscleGroups.coarseNames[worst.group]])
        if hours >= 7 * 24 { return Reason(.musclesRestedOverWeek, ["muscles": name]) }
        return Reason(
            .musclesRestedHoursRecovered,
            ["muscles": name, "hours": .count(hours), "percent": .count(Int(worst.recovery.rounded()))])
    }
}
