import Foundation
import SpotterCalendar
import SpotterDB

/// Text literals for PostgreSQL arrays with NULL elements, bound as text and cast in SQL
/// (`\(bind: …)::int[]`), so a whole batch travels in one parameter (the enqueue's columns).
enum PostgresArray {
    /// `{"a","b",NULL}` with quotes and backslashes escaped.
    static func text(_ values: [String?]) -> SQLValue {
        var out = "{"
        for (index, value) in values.enumerated() {
            if index > 0 { out += "," }
            guard let value else {
                out += "NULL"
                continue
            }
            out += "\""
            for char in value.unicodeScalars {
                if char == "\"" || char == "\\" { out += "\\" }
                out.unicodeScalars.append(char)
            }
            out += "\""
        }
        return .text(out + "}")
    }

    /// `{1,2,NULL}`.
    static func integers(_ values: [Int64?]) -> SQLValue {
        .text("{" + values.map { $0.map(String.init) ?? "NULL" }.joined(separator: ",") + "}")
    }

    /// `{"2026-11-21T06:00:00.000000Z",NULL}`.
    static func timestamps(_ values: [Date?]) -> SQLValue {
        text(values.map { $0.map(TimestampFormat.format) })
    }
}
