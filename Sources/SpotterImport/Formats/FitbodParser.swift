import Foundation

/// Reads Fitbod's CSV export: one row per set, no workout names.
///
/// `Date,Exercise,Reps,Weight(kg),Duration(s),Distance(m),Incline,Resistance,isWarmup,Note,multiplier`;
/// columns are found by name (folded, spaces ignored), the units by the header's suffix:
/// `Weight(lbs)` is pounds, `Distance(km)` / `Distance(mi)` kilometres / miles, `Duration(min)`
/// minutes. `isWarmup` `true` is a warm-up. Cardio rows (no reps or weight, a duration and a
/// distance) are sets with seconds and metres. `Incline`, `Resistance`, `Note` and `multiplier`
/// are passed over.
///
/// Fitbod writes no workouts, only sets with times (`2021-12-27 10:02:51 +0000`). A session is
/// a run of sets without a gap longer than ``sessionGap`` (3 hours), in time order: a workout
/// that crosses midnight stays one session, a morning run and an evening lift on one day are
/// two, and the rule needs no zone (the times carry UTC offsets, and a "day" in UTC splits an
/// American evening workout). Sessions have no title; the key is the first set's time.
public enum FitbodParser {
    /// The longest pause inside one session, in seconds.
    public static let sessionGap: Double = 3 * 3600

    /// Parses `text`, a whole export.
    public static func parse(_ text: String, options: ImportOptions) -> ParsedLog {
        let opened = SessionAssembler.open(text)
        let rows = opened.rows
        var assembler = opened.assembler
        guard let headerRecord = opened.header else { return assembler.finish(format: .fitbod) }
        let layout = Layout(headerRecord.fields, weightUnit: options.weightUnit)
        let missing = ["date", "exercise"].filter { layout.column[$0] == nil }
        guard missing.isEmpty else {
            assembler.problems.append(
                ImportProblem(
                    line: headerRecord.line,
                    message: "not a Fitbod export header: no \(missing.joined(separator: ", ")) column "
                        + "(expected Date,Exercise,Reps,Weight(kg),Duration(s),Distance(m),…,isWarmup)"))
            return assembler.finish(format: .fitbod)
        }
        let dateValues = rows.map { (line: $0.line, text: layout.field("date", $0.fields) ?? "") }
        var dates: DateReader
        switch DateReader.find(dateValues, column: "Date") {
        case .found(let reader): dates = reader
        case .unreadable(let problem):
            assembler.linesRead = rows.count
            assembler.problems.append(problem)
            return assembler.finish(format: .fitbod)
        }
        var read: [Row] = []
        for record in rows {
            assembler.linesRead += 1
            let dateText = layout.field("date", record.fields) ?? ""
            guard let (start, instant) = dates.instant(dateText, in: options.zone) else {
                assembler.reject(line: record.line, "Date '\(dateText)' is not a date and time")
                continue
            }
            read.append(Row(start: start, instant: instant, reading: set(of: record, layout: layout)))
        }
        // Sessions in time order (the file's order breaks ties): a gap longer than sessionGap
        // opens the next one.
        read.sort { ($0.instant, $0.line) < ($1.instant, $1.line) }
        var first: Row?
        var previous: Date?
        for row in read {
            if previous.map({ row.instant.timeIntervalSince($0) > sessionGap }) ?? true { first = row }
            previous = row.instant
            guard let opened = first else { continue }
            let key = opened.start.key + "|"
            switch row.reading {
            case .failure(let problem):
                assembler.reject(line: row.line, problem.message, spoiling: key, start: opened.start)
            case .success(let set):
                assembler.add(
                    key: key, title: nil, start: opened.start, at: row.instant, durationMinutes: nil, set: set,
                    line: row.line)
            }
        }
        return assembler.finish(format: .fitbod, weightFactor: layout.weightUnit.kilograms)
    }

    private struct Row {
        var start: LocalDateTime
        var instant: Date
        var reading: Result<ImportedSet, Problem>
        var line: Int {
            switch reading {
            case .success(let set): set.line
            case .failure(let problem): problem.line
            }
        }
    }

    private struct Problem: Error {
        var line: Int
        var message: String
    }

    /// The columns by folded name without spaces or unit suffix ("weight(kg)" → "weight"), and
    /// the units the suffixes name.
    private struct Layout {
        var column: [String: Int] = [:]
        var fieldCount: Int
        var weightUnit: WeightUnit
        var metresPerDistance = 1.0
        var secondsPerDuration = 1

        init(_ fields: [String], weightUnit fallback: WeightUnit?) {
            fieldCount = fields.count
            var unit: WeightUnit?
            for (position, field) in fields.enumerated() {
                let folded = TextFolding.fold(field).replacingOccurrences(of: " ", with: "")
                var name = folded
                var suffix = ""
                if let open = folded.firstIndex(of: "(") {
                    name = String(folded[..<open])
                    suffix = String(folded[open...])
                }
                if column[name] == nil { column[name] = position }
                switch name {
                case "weight": unit = WeightUnit.named(in: folded)
                case "distance":
                    if suffix == "(km)" { metresPerDistance = 1000 }
                    if suffix.hasPrefix("(mi") { metresPerDistance = 1609.344 }
                case "duration":
                    if suffix.hasPrefix("(min") { secondsPerDuration = 60 }
                default: break
                }
            }
            weightUnit = unit ?? fallback ?? .kg
        }

        func field(_ name: String, _ fields: [String]) -> String? {
            column[name].flatMap { $0 < fields.count ? fields[$0] : nil }
        }
    }

    /// The set one row holds, or the problem that spoils its session.
    private static func set(of record: CSVRecord, layout: Layout) -> Result<ImportedSet, Problem> {
        let fields = record.fields
        let line = record.line
        guard fields.count == layout.fieldCount else {
            return .failure(Problem(line: line, message: "expected \(layout.fieldCount) fields, found \(fields.count)"))
        }
        var reading = FieldReading(line: line)
        let exercise = (layout.field("exercise", fields) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if exercise.isEmpty { reading.fail("Exercise is empty") }
        let reps = reading.count(layout.field("reps", fields), "Reps")
        let weight = reading.decimal(layout.field("weight", fields), "Weight", allowNegative: true)
        let duration = reading.count(layout.field("duration", fields), "Duration")
        let distance = reading.decimal(layout.field("distance", fields), "Distance")
        let warmupText = TextFolding.fold(layout.field("iswarmup", fields) ?? "")
        let isWarmup: Bool
        switch warmupText {
        case "true", "yes", "1": isWarmup = true
        case "false", "no", "0", "": isWarmup = false
        default:
            isWarmup = false
            reading.fail("isWarmup '\(warmupText)' is neither true nor false")
        }
        if let problem = reading.problem { return .failure(Problem(line: line, message: problem)) }
        return .success(
            ImportedSet(
                exerciseName: exercise, weightKg: weight, reps: reps,
                seconds: duration.map { $0 * layout.secondsPerDuration },
                distanceMeters: distance.map { $0 * layout.metresPerDistance }, isWarmup: isWarmup, line: line))
    }
}
