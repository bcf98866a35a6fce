import Foundation

/// Reads Spotter's JSON Lines import format: one JSON object per set, for apps other than
/// Strong, Hevy and Fitbod (docs/importing.md).
///
/// Fields: `started_at` (required; ISO 8601 with an offset, or a local date and time read in
/// the import's zone), `exercise` (required), `title`, `session` (the other app's session id;
/// default: `started_at` and `title`), `duration_minutes` or `ended_at`, `weight_kg` or
/// `weight_lbs`, `reps`, `rpe`, `seconds`, `distance_m`, `warmup` (true/false). Sets of one
/// session may carry their own `started_at`: the session starts at the earliest, and without a
/// duration lasts until the latest (plus 3 minutes). Blank lines are passed over.
public enum JSONLinesParser {
    /// Parses `text`, a whole file.
    public static func parse(_ text: String, options: ImportOptions) -> ParsedLog {
        var assembler = SessionAssembler()
        var lineNumber = 0
        text.enumerateLines { line, _ in
            lineNumber += 1
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { return }
            assembler.linesRead += 1
            read(trimmed, line: lineNumber, options: options, into: &assembler)
        }
        return assembler.finish(format: .jsonl)
    }

    /// One line as decoded; every field optional so that a missing one gets a clear message.
    struct SetLine: Decodable {
        var started_at: String?
        var ended_at: String?
        var exercise: String?
        var title: String?
        var session: Identifier?
        var duration_minutes: Double?
        var weight_kg: Double?
        var weight_lbs: Double?
        var reps: Double?
        var rpe: Double?
        var seconds: Double?
        var distance_m: Double?
        var warmup: Bool?
    }

    /// A session id that may be written as a string or a number.
    struct Identifier: Decodable {
        var text: String
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let string = try? container.decode(String.self) {
                text = string
            } else if let number = try? container.decode(Int64.self) {
                text = String(number)
            } else {
                text = String(try container.decode(Double.self))
            }
        }
    }

    /// The session a line whose fields do not all decode belongs to, when its identifying
    /// fields do, so that the session is left out whole.
    private static func sessionOf(_ text: String, options: ImportOptions) -> (String?, LocalDateTime?) {
        struct Identity: Decodable {
            var started_at: String?
            var title: String?
            var session: Identifier?
        }
        guard let identity = try? JSONDecoder().decode(Identity.self, from: Data(text.utf8)),
            let start = identity.started_at.flatMap(LocalDateTime.parse)
        else { return (nil, nil) }
        let title = identity.title?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return (identity.session.map { "session:" + $0.text } ?? (start.key + "|" + title), start)
    }

    /// A decoded line's session key: its `session`, else its start and title.
    private static func key(_ decoded: SetLine, _ start: LocalDateTime) -> String {
        let title = decoded.title.map { ImportReader.withoutNUL($0).trimmingCharacters(in: .whitespacesAndNewlines) }
        return decoded.session.map { "session:" + $0.text } ?? (start.key + "|" + (title ?? ""))
    }

    private static func read(_ text: String, line: Int, options: ImportOptions, into assembler: inout SessionAssembler)
    {
        let decoded: SetLine
        do {
            decoded = try JSONDecoder().decode(SetLine.self, from: Data(text.utf8))
        } catch let DecodingError.typeMismatch(_, context) where !context.codingPath.isEmpty {
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            let (key, start) = sessionOf(text, options: options)
            assembler.reject(line: line, "\(field) has the wrong type", spoiling: key, start: start)
            return
        } catch DecodingError.typeMismatch {
            assembler.reject(line: line, "not a JSON object")
            return
        } catch {
            assembler.reject(line: line, "not valid JSON")
            return
        }
        guard let startText = decoded.started_at else {
            assembler.reject(line: line, "started_at is missing")
            return
        }
        guard let start = LocalDateTime.parse(startText), let instant = start.instant(in: options.zone) else {
            assembler.reject(line: line, "started_at '\(startText)' is not a date and time")
            return
        }
        var reading = FieldReading(line: line)
        // Before any is rounded to an integer (1e308 minutes would trap) or converted (1e308
        // pounds is Infinity kilograms).
        for (name, value) in [
            ("duration_minutes", decoded.duration_minutes), ("weight_kg", decoded.weight_kg),
            ("weight_lbs", decoded.weight_lbs), ("reps", decoded.reps), ("seconds", decoded.seconds),
            ("distance_m", decoded.distance_m),
        ] {
            if let value, !(value.isFinite && abs(value) <= FieldReading.largest) {
                reading.fail("\(name) \(value) is out of range (at most \(Int(FieldReading.largest)))")
            }
        }
        if let problem = reading.problem {
            assembler.reject(line: line, problem, spoiling: key(decoded, start), start: start)
            return
        }
        let title = decoded.title.map { ImportReader.withoutNUL($0).trimmingCharacters(in: .whitespacesAndNewlines) }
            .flatMap {
                $0.isEmpty ? nil : $0
            }
        let key = key(decoded, start)
        var minutes = decoded.duration_minutes.map { Int($0.rounded()) }
        if let endText = decoded.ended_at {
            if let end = LocalDateTime.parse(endText), let endInstant = end.instant(in: options.zone) {
                let span = Int((endInstant.timeIntervalSince(instant) / 60).rounded())
                if minutes == nil, span > 0 { minutes = span }
            } else {
                reading.fail("ended_at '\(endText)' is not a date and time")
            }
        }
        let exercise =
            decoded.exercise.map(ImportReader.withoutNUL)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if exercise.isEmpty { reading.fail("exercise is missing or empty") }
        let weight =
            decoded.weight_kg ?? decoded.weight_lbs.map { ($0 * WeightUnit.lbs.kilograms * 1000).rounded() / 1000 }
        if let rpe = decoded.rpe, !(1...10).contains(rpe) { reading.fail("rpe \(rpe) is not between 1 and 10") }
        for (name, value) in [("reps", decoded.reps), ("seconds", decoded.seconds), ("distance_m", decoded.distance_m)]
        {
            if let value, value < 0 { reading.fail("\(name) is negative") }
        }
        if let problem = reading.problem {
            assembler.reject(line: line, problem, spoiling: key, start: start)
            return
        }
        let set = ImportedSet(
            exerciseName: exercise, weightKg: weight, reps: decoded.reps.map { Int($0.rounded()) }, rpe: decoded.rpe,
            seconds: decoded.seconds.map { Int($0.rounded()) }, distanceMeters: decoded.distance_m,
            isWarmup: decoded.warmup ?? false, line: line)
        assembler.add(key: key, title: title, start: start, at: instant, durationMinutes: minutes, set: set, line: line)
    }
}
