import ArgumentParser
import Foundation
import SpotterCatalog

/// Names given on the command line that must exist — kinds, queues, time zones — checked before
/// anything runs, so a typo is an error with a "did you mean" instead of a run that does nothing.
enum UnknownName {
    /// Throws for the first of `names` not in `known`, naming the closest known one.
    static func check(_ names: [String]?, among known: [String], what: String, option: String) throws {
        for name in names ?? [] where !known.contains(name) {
            let hint = closestMatch(to: name, among: known).map { "did you mean '\($0)'? " } ?? ""
            throw ValidationError(
                "\(option): unknown \(what) '\(name)'; \(hint)known: \(known.joined(separator: ", "))")
        }
    }

    /// Throws unless `zone` is an IANA time zone name exactly as the tz database spells it
    /// (users' zones are compared as text, so `europe/berlin` would match nobody).
    static func checkZone(_ zone: String) throws {
        let known = TimeZone.knownTimeZoneIdentifiers
        guard !known.contains(zone), zone != "UTC" else { return }
        let sameLetters = known.first { $0.lowercased() == zone.lowercased() }
        let hint = (sameLetters ?? closestMatch(to: zone, among: known)).map { "; did you mean '\($0)'?" } ?? ""
        throw ValidationError("--zone: '\(zone)' is not an IANA time zone name (like Europe/Berlin)\(hint)")
    }
}

/// A `YYYY-MM-DD` command-line date that exists in the Gregorian calendar (no 2026-11-31).
enum LocalDateArgument {
    /// The year, month and day, or nil when `text` is not a real calendar date.
    static func parse(_ text: String) -> (year: Int, month: Int, day: Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), day >= 1
        else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1] ? (year, month, day) : nil
    }
}
