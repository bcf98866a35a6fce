import Foundation

/// Gathers rows into sessions by key; a session with any bad row is left out whole.
struct SessionAssembler {
    private struct Draft {
        var title: String?
        var start: LocalDateTime
        var startedAt: Date
        var lastAt: Date
        var durationMinutes: Int?
        var sets: [ImportedSet] = []
        var firstLine: Int
        var spoiled = false
    }

    private var order: [String] = []
    private var drafts: [String: Draft] = [:]
    var problems: [ImportProblem] = []
    var linesRead = 0

    /// Reads `text` as CSV (separator detected) for a parser: the header record, the data
    /// records, and an assembler holding the CSV's problems; nil header when the file is empty
    /// (the problem is recorded).
    static func open(_ text: String) -> (header: CSVRecord?, rows: ArraySlice<CSVRecord>, assembler: SessionAssembler) {
        let (records, csvProblems) = CSVReader.records(in: text, separator: CSVReader.detectSeparator(in: text))
        var assembler = SessionAssembler()
        assembler.problems = csvProblems
        if records.isEmpty { assembler.problems.append(ImportProblem(line: 1, message: "the file is empty")) }
        return (records.first, records.dropFirst(), assembler)
    }

    /// Adds one row's set (nil for a row that holds no set) to the session `key`, opening it
    /// with the row's title, start and duration when it is new.
    mutating func add(
        key: String, title: String?, start: LocalDateTime, at instant: Date, durationMinutes: Int?,
        set: ImportedSet?, line: Int
    ) {
        if drafts[key] == nil {
            order.append(key)
            drafts[key] = Draft(
                title: title, start: start, startedAt: instant, lastAt: instant, durationMinutes: durationMinutes,
                firstLine: line)
        }
        drafts[key]!.startedAt = min(drafts[key]!.startedAt, instant)
        drafts[key]!.lastAt = max(drafts[key]!.lastAt, instant)
        if drafts[key]!.durationMinutes == nil { drafts[key]!.durationMinutes = durationMinutes }
        if let set { drafts[key]!.sets.append(set) }
    }

    /// Records a bad line; when it belongs to session `key`, that session is left out whole.
    mutating func reject(line: Int, _ message: String, spoiling key: String? = nil, start: LocalDateTime? = nil) {
        problems.append(ImportProblem(line: line, message: message))
        guard let key else { return }
        if drafts[key] == nil, let start {
            order.append(key)
            drafts[key] = Draft(
                title: nil, start: start, startedAt: .distantPast, lastAt: .distantPast, durationMinutes: nil,
                firstLine: line)
        }
        drafts[key]?.spoiled = true
    }

    /// The whole sessions (loads times `weightFactor`, to the gram), the ones left out, and
    /// the problems sorted by line.
    func finish(format: ImportFormat, weightFactor: Double = 1, notes: [String] = []) -> ParsedLog {
        var log = ParsedLog(format: format, linesRead: linesRead, notes: notes)
        for key in order {
            guard let draft = drafts[key] else { continue }
            if draft.spoiled {
                log.skippedSessions.append(.init(sourceKey: key, setsRead: draft.sets.count))
                continue
            }
            var sets = draft.sets
            for index in sets.indices {
                sets[index].weightKg = sets[index].weightKg.map { ($0 * weightFactor * 1000).rounded() / 1000 }
            }
            let (minutes, source) = duration(
                of: draft.durationMinutes, from: draft.startedAt, to: draft.lastAt, sets: sets.count)
            log.sessions.append(
                ImportedSession(
                    sourceKey: key, title: draft.title, startedAt: draft.startedAt, durationMinutes: minutes,
                    durationSource: source, sets: sets, firstLine: draft.firstLine))
        }
        log.problems = problems.sorted { $0.line < $1.line }
        return log
    }

    /// The export's duration; else the span of the sets' times plus one set; else (or when the
    /// export's is longer than ``SessionDefaults/longestMinutes``: a timer left running) the
    /// estimate from the number of sets.
    private func duration(of exported: Int?, from start: Date, to last: Date, sets: Int)
        -> (Int, ImportedSession.DurationSource)
    {
        if let exported, exported > SessionDefaults.longestMinutes {
            return (SessionDefaults.estimatedDuration(sets: sets), .replaced)
        }
        if let exported, exported > 0 { return (exported, .export) }
        let span = Int((last.timeIntervalSince(start) / 60).rounded())
        if span > 0, span + SessionDefaults.minutesPerSet <= SessionDefaults.longestMinutes {
            return (span + SessionDefaults.minutesPerSet, .export)
        }
        return (SessionDefaults.estimatedDuration(sets: sets), .estimated)
    }
}
