import Foundation
import SpotterDB
import SpotterIDs

/// The input values a shard could not use, per person: one bad value in one person's rows costs
/// that person alone.
///
/// Loaders read each person's rows through ``read(_:_:subject:source:_:)``: a value that does not
/// decode (text that is no timestamp, PostgreSQL's `0001-06-01 00:00:00+00 BC`) or that no
/// computation can use (an instant before year 1 or after 4000, `±infinity`) is recorded against
/// the person, and the shard leaves that person out: their old result rows are removed and a
/// `result_errors` row (`unusable_input`) names the table, the column and the value, while
/// everyone else in the shard is computed. The first problem per person is kept.
struct UnusableInputs {
    /// The `result_errors` reason.
    static let reason = "unusable_input"

    private(set) var outcomes: [UserID: SubjectOutcome] = [:]

    /// True when `subject` has an unusable value. Asked once per input row: almost always empty,
    /// and the key lookup does not copy the outcome out as `outcomes[subject] != nil` would.
    func contains(_ subject: UserID) -> Bool { !outcomes.isEmpty && outcomes.index(forKey: subject) != nil }

    /// The recorded outcomes, by subject id.
    var sorted: [SubjectOutcome] { outcomes.keys.sorted().compactMap { outcomes[$0] } }

    /// Reads `column` of `row` with `decode`; on a `.decoding` failure records `subject`'s
    /// problem, naming `source` (`table.column`) and the value, and returns nil.
    mutating func read<T>(
        _ row: Row, _ column: String, subject: UserID, source: String, _ decode: (Row, String) throws -> T
    ) -> T? {
        do {
            return try decode(row, column)
        } catch {
            record(subject, source: source, value: row[column])
            return nil
        }
    }

    /// A `workout_sessions` row's `started_at` and `duration_minutes`, or nil (recording
    /// `subject`'s problem) when either cannot be used.
    mutating func sessionTimes(_ row: Row, subject: UserID) -> (startedAt: Date, minutes: Int)? {
        guard
            let startedAt = read(
                row, "started_at", subject: subject, source: "workout_sessions.started_at", Self.instant),
            let minutes = read(
                row, "duration_minutes", subject: subject, source: "workout_sessions.duration_minutes", Self.int)
        else { return nil }
        return (startedAt, minutes)
    }

    /// Records that `subject`'s `source` holds `value` (the first problem per subject wins).
    mutating func record(_ subject: UserID, source: String, value: SQLValue) {
        guard outcomes[subject] == nil else { return }
        outcomes[subject] = SubjectOutcome(
            subjectID: subject, reason: Self.reason,
            detail: "\(source) holds \(Self.describe(value)), which cannot be used (an instant must lie between"
                + " years 1 and 4000); this person is left out until it is corrected")
    }

    // MARK: Decoders

    /// Whether a computation can use `date`: strictly between `Date.distantPast` (0001-01-01,
    /// what `-infinity` decodes to) and `Date.distantFuture` (4001-01-01, `infinity`).
    static func isUsable(_ date: Date) -> Bool {
        date > .distantPast && date < .distantFuture
    }

    /// A required, usable instant (``isUsable(_:)``).
    static func instant(_ row: Row, _ column: String) throws -> Date {
        guard let date = try optionalInstant(row, column) else {
            throw DatabaseError(.decoding, "column '\(column)' is NULL, expected a timestamp")
        }
        return date
    }

    /// A usable instant, or nil for NULL.
    static func optionalInstant(_ row: Row, _ column: String) throws -> Date? {
        guard let date = try row.optionalDate(column) else { return nil }
        guard isUsable(date) else {
            throw DatabaseError(.decoding, "column '\(column)' holds an instant outside years 1 to 4000")
        }
        return date
    }

    /// A required integer.
    static func int(_ row: Row, _ column: String) throws -> Int { try row.int(column) }

    /// The value as shown in a `result_errors` detail: quoted, control characters escaped, at
    /// most 80 characters.
    static func describe(_ value: SQLValue) -> String {
        switch value {
        case .null: return "NULL"
        case .int(let number): return "the integer \(number)"
        case .double(let number): return "the number \(number)"
        case .bool(let flag): return "the boolean \(flag)"
        case .timestamp(let date):
            if date <= .distantPast { return "'-infinity'" }
            if date >= .distantFuture { return "'infinity'" }
            return "'\(value.string ?? "\(date)")'"
        case .text(let text), .json(let text): return "'\(escaped(text))'"
        case .tags(let tags): return "'\(escaped(tags.joined(separator: ",")))'"
        }
    }

    private static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars.prefix(80) {
            if scalar.properties.generalCategory == .control || scalar == "'" {
                out += scalar == "'" ? "''" : "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return text.unicodeScalars.count > 80 ? out + "…" : out
    }
}
