import Foundation

/// Reads Hevy's CSV export: one row per set; a session is (title, start_time).
///
/// Columns by name: `title`, `start_time`, `end_time`, `exercise_title`, `set_type`
/// (`warmup` is a warm-up), `weight_kg` or `weight_lbs`, `reps`, `distance_km` or
/// `distance_miles`, `duration_seconds`, `rpe`; others are passed over. Times like
/// "15 Sep 2025, 07:48" with month names in the app's language, any locale ICU has
/// (``DateReader``). The
/// duration is end minus start. Zeros mean "not logged".
public enum HevyParser {
    /// Parses `text`, a whole export.
    public static func parse(_ text: String, options: ImportOptions) -> ParsedLog {
        let opened = SessionAssembler.open(text)
        let rows = opened.rows
        var assembler = opened.assembler
        guard let headerRecord = opened.header else { return assembler.finish(format: .hevy) }
        var column: [String: Int] = [:]
        for (position, name) in headerRecord.fields.enumerated() {
            let key = TextFolding.fold(name).replacingOccurrences(of: " ", with: "_")
            if column[key] == nil { column[key] = position }
        }
        let missing = ["title", "start_time", "exercise_title"].filter { column[$0] == nil }
        guard missing.isEmpty else {
            assembler.problems.append(
                ImportProblem(
                    line: headerRecord.line,
                    message: "not a Hevy export header: no \(missing.joined(separator: ", ")) column"))
            return assembler.finish(format: .hevy)
        }
        var unit = WeightUnit.kg
        var weightColumn = column["weight_kg"]
        if weightColumn == nil, let lbs = column["weight_lbs"] {
            weightColumn = lbs
            unit = .lbs
        } else if weightColumn == nil, let unnamed = column["weight"] {
            weightColumn = unnamed
            unit = options.weightUnit ?? .kg
        }
        var metresPerDistance = 1000.0
        var distanceColumn = column["distance_km"]
        if distanceColumn == nil, let miles = column["distance_miles"] ?? column["distance_mi"] {
            distanceColumn = miles
            metresPerDistance = 1609.344
        }
        if distanceColumn == nil, let metres = column["distance_meters"] ?? column["distance_m"] {
            distanceColumn = metres
            metresPerDistance = 1
        }
        let layout = Layout(
            column: column, fieldCount: headerRecord.fields.count, weight: weightColumn, distance: distanceColumn,
            metresPerDistance: metresPerDistance)
        let starts = rows.map { (line: $0.line, text: layout.field("start_time", $0.fields) ?? "") }
        var dates: DateReader
        switch DateReader.find(starts, column: "start_time") {
        case .found(let reader): dates = reader
        case .unreadable(let problem):
            assembler.linesRead = rows.count
            assembler.problems.append(problem)
            return assembler.finish(format: .hevy)
        }
        for record in rows {
            assembler.linesRead += 1
            read(record, layout: layout, dates: &dates, options: options, into: &assembler)
        }
        return assembler.finish(format: .hevy, weightFactor: unit.kilograms)
    }

    private struct Layout {
        var column: [String: Int]
        var fieldCount: Int
        var weight: Int?
        var distance: Int?
        var metresPerDistance: Double

        func field(_ name: String, _ fields: [String]) -> String? {
            column[name].flatMap { $0 < fields.count ? fields[$0] : nil }
        }
        func field(at position: Int?, _ fields: [String]) -> String? {
            position.flatMap { $0 < fields.count ? fields[$0] : nil }
        }
    }

    private static func read(
        _ record: CSVRecord, layout: Layout, dates: inout DateReader, options: ImportOptions,
        into assembler: inout SessionAssembler
    ) {
        let fields = record.fields
        let line = record.line
        let startText = layout.field("start_time", fields) ?? ""
        guard let (start, instant) = dates.instant(startText, in: options.zone) else {
            assembler.reject(line: line, "start_time '\(startText)' is not a date and time")
            return
        }
        let title = (layout.field("title", fields) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let key = start.key + "|" + title
        guard fields.count == layout.fieldCount else {
            assembler.reject(
                line: line, "expected \(layout.fieldCount) fields, found \(fields.count)", spoiling: key, start: start)
            return
        }
        var reading = FieldReading(line: line)
        var minutes: Int?
        if let endText = layout.field("end_time", fields), !endText.trimmingCharacters(in: .whitespaces).isEmpty {
            if let (_, endInstant) = dates.instant(endText, in: options.zone) {
                let span = Int((endInstant.timeIntervalSince(instant) / 60).rounded())
                minutes = span > 0 ? span : nil
            } else {
                reading.fail("end_time '\(endText)' is not a date and time")
            }
        }
        let exercise = (layout.field("exercise_title", fields) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if exercise.isEmpty { reading.fail("exercise_title is empty") }
        let weight = reading.decimal(layout.field(at: layout.weight, fields), "weight", allowNegative: true)
        let reps = reading.count(layout.field("reps", fields), "reps")
        let distance = reading.decimal(layout.field(at: layout.distance, fields), "distance")
        let seconds = reading.count(layout.field("duration_seconds", fields), "duration_seconds")
        let rpe = reading.rpe(layout.field("rpe", fields))
        if let problem = reading.problem {
            assembler.reject(line: line, problem, spoiling: key, start: start)
            return
        }
        let type = TextFolding.fold(layout.field("set_type", fields) ?? "")
        let set = ImportedSet(
            exerciseName: exercise, weightKg: weight, reps: reps, rpe: rpe, seconds: seconds,
            distanceMeters: distance.map { $0 * layout.metresPerDistance },
            isWarmup: type == "warmup" || type == "warm_up" || type == "warm-up", line: line)
        assembler.add(
            key: key, title: title.isEmpty ? nil : title, start: start, at: instant, durationMinutes: minutes, set: set,
            line: line)
    }
}
