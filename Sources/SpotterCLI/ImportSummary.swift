import SpotterImport

/// The lines `spotter import` prints when it is done.
struct ImportSummary {
    var file: String
    var zone: String
    var log: ParsedLog
    var outcome: ImportWriter.Outcome
    var matches: [String: ExerciseMatch]
    var dryRun: Bool

    var text: String {
        var lines: [String] = []
        var head = "\(file): \(log.format.rawValue), \(Self.count(log.linesRead)) lines, times in \(zone)"
        for note in log.notes { head += "; \(note)" }
        lines.append(head)
        let sets = log.sessions.reduce(0) { $0 + $1.sets.count }
        let warmups = log.sessions.reduce(0) { $0 + $1.sets.filter(\.isWarmup).count }
        var main: String
        if dryRun {
            main =
                "dry run: would import up to \(Self.count(log.sessions.count)) sessions, \(Self.count(sets)) sets "
                + "(\(Self.count(warmups)) warm-up)"
        } else {
            main =
                "imported \(Self.count(outcome.sessionsWritten)) sessions, \(Self.count(outcome.setsWritten)) sets "
                + "(\(Self.count(outcome.warmupSetsWritten)) warm-up)"
            if outcome.sessionsAlreadyImported > 0 {
                main += "; \(Self.count(outcome.sessionsAlreadyImported)) sessions already imported"
            }
        }
        let skippedLines = Set(log.problems.map(\.line)).count
        main += "; \(Self.count(skippedLines)) \(skippedLines == 1 ? "line" : "lines") skipped"
        if !log.skippedSessions.isEmpty {
            let setsLost = log.skippedSessions.reduce(0) { $0 + $1.setsRead }
            main += " (\(log.skippedSessions.count) sessions with them left out whole, \(Self.count(setsLost)) sets)"
        }
        let estimated = log.sessions.filter { $0.durationSource == .estimated }.count
        if estimated > 0 { main += "; \(estimated) durations estimated (none in the export)" }
        let replaced = log.sessions.filter { $0.durationSource == .replaced }.count
        if replaced > 0 {
            main += "; \(replaced) durations over \(SessionDefaults.longestMinutes / 60) h replaced by an estimate"
        }
        lines.append(main)
        let unknown = matches.filter { $0.value.exerciseID == nil }.sorted { $0.key < $1.key }
        let matched = matches.count - unknown.count
        var exercises = "exercises: \(matched) of \(matches.count) matched to the catalog"
        if !unknown.isEmpty {
            let listed = unknown.map { name, match in
                "\(name) (\(match.muscles.isEmpty ? "muscles unknown" : match.muscles.joined(separator: ", ")))"
            }
            exercises += "; \(unknown.count) not in the catalog: " + listed.joined(separator: "; ")
        }
        lines.append(exercises)
        return lines.joined(separator: "\n") + "\n"
    }

    /// 12345 → "12,345".
    static func count(_ value: Int) -> String {
        let digits = String(value)
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return result
    }
}
