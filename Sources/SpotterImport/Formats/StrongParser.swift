import Foundation

/// Reads Strong's CSV export: one row per set; a session is (date, workout name).
///
/// Headers in any of Strong's languages (``StrongHeader``), `,` or `;`, "Workout #" and unit
/// suffixes ("Weight (kg)") of newer versions, no duration column in older ones. Set order `W`
/// (or any value starting with W) is a warm-up; `D` (drop) and `F` (failure) are working sets;
/// "Rest Timer" rows hold no set and are passed over. Zeros mean "not logged".
public enum StrongParser {
    /// Parses `text`, a whole export.
    public static func parse(_ text: String, options: ImportOptions) -> ParsedLog {
        let opened = SessionAssembler.open(text)
        let rows = opened.rows
        var assembler = opened.assembler
        guard let headerRecord = opened.header else { return assembler.finish(format: .strong) }
        guard let header = StrongHeader(headerRecord.fields) else {
            assembler.problems.append(
                ImportProblem(
                    line: headerRecord.line,
                    message: "not a Strong export header (\(headerRecord.fields.count) columns; expected Date, "
                        + "Workout Name, Duration, Exercise Name, Set Order, Weight, Reps, ... in any language)"))
            return assembler.finish(format: .strong)
        }
        var notes: [String] = []
        if header.byPosition { notes.append("column names not recognised; columns read in Strong's order") }
        var loads: [Double] = []
        let dateValues = rows.map { (line: $0.line, text: header.field(.date, in: $0.fields) ?? "") }
        var dates: DateReader
        switch DateReader.find(dateValues, column: "date") {
        case .found(let reader): dates = reader
        case .unreadable(let problem):
            assembler.linesRead = rows.count
            assembler.problems.append(problem)
            return assembler.finish(format: .strong, notes: notes)
        }
        for record in rows {
            assembler.linesRead += 1
            read(record, header: header, dates: &dates, options: options, into: &assembler, loads: &loads)
        }
        var unit = header.weightUnit ?? options.weightUnit ?? .kg
        if options.weightUnit == nil, header.weightUnit == nil, WeightUnit.looksLikeConvertedPounds(loads) {
            unit = .lbs
            notes.append(
                "weights read as pounds (no unit in the header; the loads are round kilograms written in pounds)")
        }
        return assembler.finish(format: .strong, weightFactor: unit.kilograms, notes: notes)
    }

    private static func read(
        _ record: CSVRecord, header: StrongHeader, dates: inout DateReader, options: ImportOptions,
        into assembler: inout SessionAssembler, loads: inout [Double]
    ) {
        let fields = record.fields
        let line = record.line
        let dateText = header.field(.date, in: fields) ?? ""
        guard let (start, instant) = dates.instant(dateText, in: options.zone) else {
            assembler.reject(line: line, "date '\(dateText)' is not a date and time")
            return
        }
        let title = header.field(.workoutName, in: fields).map(clean).flatMap { $0.isEmpty ? nil : $0 }
        let key = start.key + "|" + (title ?? "")
        guard fields.count == header.fieldCount else {
            assembler.reject(
                line: line, "expected \(header.fieldCount) fields, found \(fields.count)", spoiling: key, start: start)
            return
        }
        var reading = FieldReading(line: line)
        var minutes: Int?
        if let durationText = header.field(.duration, in: fields),
            !durationText.trimmingCharacters(in: .whitespaces).isEmpty
        {
            minutes = DurationText.minutes(durationText)
            if minutes == nil { reading.fail("duration '\(durationText)' is not a duration") }
        }
        let order = clean(header.field(.setOrder, in: fields) ?? "")
        let foldedOrder = TextFolding.fold(order)
        if foldedOrder.contains("rest") || foldedOrder.contains("timer") || foldedOrder.contains("note") {
            assembler.add(
                key: key, title: title, start: start, at: instant, durationMinutes: minutes, set: nil, line: line)
            return
        }
        let exercise = clean(header.field(.exerciseName, in: fields) ?? "")
        if exercise.isEmpty { reading.fail("the exercise name is empty") }
        let weight = reading.decimal(header.field(.weight, in: fields), "weight", allowNegative: true)
        let reps = reading.count(header.field(.reps, in: fields), "reps")
        let distance = reading.decimal(header.field(.distance, in: fields), "distance")
        let seconds = reading.count(header.field(.seconds, in: fields), "seconds")
        let rpe = reading.rpe(header.field(.rpe, in: fields))
        if let problem = reading.problem {
            assembler.reject(line: line, problem, spoiling: key, start: start)
            return
        }
        if let weight { loads.append(weight) }
        let set = ImportedSet(
            exerciseName: exercise, weightKg: weight, reps: reps, rpe: rpe, seconds: seconds,
            distanceMeters: distance.map { $0 * header.metresPerDistanceUnit },
            isWarmup: isWarmupMark(foldedOrder), line: line)
        assembler.add(key: key, title: title, start: start, at: instant, durationMinutes: minutes, set: set, line: line)
    }

    /// `W` and the words for warm-up in the app's languages.
    static func isWarmupMark(_ folded: String) -> Bool {
        ["w", "热身", "aufw", "echauff", "calent", "aquec", "riscald", "opwarm", "ウォーム"].contains { folded.hasPrefix($0) }
    }

    static func clean(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
}
