import ArgumentParser
import Foundation
import SpotterCatalog
import SpotterStats

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

    /// Throws unless `zone` is valid under the one zone rule (``TimeZoneName``), spelled as the
    /// tz database spells it (users' zones are compared as text, so `europe/berlin` would match
    /// nobody, and `UTC+5` is no zone for any job).
    static func checkZone(_ zone: String) throws {
        guard !TimeZoneName.isValid(zone) else { return }
        let known = TimeZone.knownTimeZoneIdentifiers.filter(TimeZoneName.isValid)
        let sameLetters = known.first { $0.lowercased() == zone.lowercased() }
        let hint = (sameLetters ?? closestMatch(to: zone, among: known)).map { "; did you mean '\($0)'?" } ?? ""
        throw ValidationError("--zone: '\(zone)' is not an IANA time zone name (like Europe/Berlin)\(hint)")
    }
}
