public import Foundation

/// The one rule for which `users.time_zone` values are time zones, shared by every job, the
/// scheduler and the SQL function `spotter.is_valid_time_zone` (PostgreSQL), so that they all
/// agree.
///
/// Valid: `UTC`, `Etc/UTC`, and IANA names of the form `Area/Location[/Sublocation]` that the
/// time zone database knows (`Europe/Berlin`, `America/Argentina/Buenos_Aires`, `Etc/GMT+5`),
/// at most ``maximumLength`` characters. Everything else is invalid, in particular POSIX-style
/// offsets (`UTC+5`, which PostgreSQL reads as five hours *west* of UTC), offsets (`GMT+14:00`),
/// abbreviations (`EST`, `CET`) and special names (`Factory`, `localtime`): such users get a
/// `result_errors` row (`invalid_time_zone`) and are counted, never computed with a guessed zone.
public enum TimeZoneName {
    /// The longest name accepted (the longest IANA name has 32 characters).
    public static let maximumLength = 64

    /// Whether `name` has the shape of an IANA region name (or is UTC/Etc/UTC), without looking
    /// it up: ASCII letters, digits, `_`, `-`, `+`, segments separated by `/`, each starting
    /// with a letter, at least two segments.
    public static func hasValidShape(_ name: String) -> Bool {
        if name == "UTC" || name == "Etc/UTC" { return true }
        guard !name.isEmpty, name.utf8.count <= maximumLength else { return false }
        let segments = name.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count >= 2 else { return false }
        return segments.allSatisfy { segment in
            guard let first = segment.unicodeScalars.first, first.isASCIILetter else { return false }
            return segment.unicodeScalars.allSatisfy {
                $0.isASCIILetter || ("0"..."9").contains($0) || "_-+".unicodeScalars.contains($0)
            }
        }
    }

    /// The zone `name` stands for under the rule, or nil when it is not a valid zone name.
    public static func zone(_ name: String) -> TimeZone? {
        guard hasValidShape(name) else { return nil }
        return TimeZone(identifier: name)
    }

    /// Whether `name` is a valid zone name under the rule.
    public static func isValid(_ name: String) -> Bool {
        zone(name) != nil
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
