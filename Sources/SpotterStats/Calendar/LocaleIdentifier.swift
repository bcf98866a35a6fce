import Foundation

/// The parts of a locale identifier that SpotterStats checks and uses.
///
/// Accepts BCP 47 tags (`en-US`, `pt-BR`, `zh-Hant-TW`, `en-US-u-fw-mon`) and ICU identifiers
/// (`en_US`, `en_US_POSIX`, `en_US@fw=mon`), case-insensitively. Foundation accepts any string
/// as a locale and silently falls back to defaults, so a typo would otherwise give a user the
/// wrong week; this parser rejects what is malformed or names an unknown language or region.
struct LocaleIdentifier: Sendable, Hashable {
    /// ISO 639 language code, lowercased ("en").
    var language: String
    /// ISO 3166 region or UN M.49 area code, uppercased ("US", "419"), if present.
    var region: String?
    /// The first weekday forced by a `-u-fw-` extension or an `@fw=` keyword, 1 = Sunday … 7.
    var firstWeekdayOverride: Int?

    private static let languages = Set(Locale.LanguageCode.isoLanguageCodes.map { $0.identifier.lowercased() })
    private static let regions = Set(Locale.Region.isoRegions.map { $0.identifier.uppercased() })
    private static let allowedScalars = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_@=;".unicodeScalars)
    private static let weekdayCodes = ["sun": 1, "mon": 2, "tue": 3, "wed": 4, "thu": 5, "fri": 6, "sat": 7]

    /// Parses and validates `identifier`, throwing an error that names the bad part.
    static func parse(_ identifier: String) throws(StatsError) -> LocaleIdentifier {
        func fail(_ reason: String) -> StatsError { .invalidLocale(identifier, reason) }
        guard !identifier.isEmpty else { throw fail("empty") }
        guard identifier.unicodeScalars.allSatisfy(allowedScalars.contains)
        else { throw fail("only ASCII letters, digits and - _ @ = ; are allowed") }

        let atParts = identifier.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let subtags = atParts[0].split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "_" })
            .map { $0.lowercased() }
        guard !subtags.contains(where: \.isEmpty) else { throw fail("empty subtag") }

        let language = subtags[0]
        guard (2...3).contains(language.count), language.allSatisfy(\.isLetter) else {
            throw fail("\"\(language)\" is not a two- or three-letter language code")
        }
        guard languages.contains(language) else { throw fail("unknown language code \"\(language)\"") }
        var result = LocaleIdentifier(language: language, region: nil, firstWeekdayOverride: nil)

        var index = 1
        if index < subtags.count, subtags[index].count == 4, subtags[index].allSatisfy(\.isLetter) {
            index += 1  // script, e.g. Hant
        }
        if index < subtags.count {
            let tag = subtags[index]
            if (tag.count == 2 && tag.allSatisfy(\.isLetter)) || (tag.count == 3 && tag.allSatisfy(\.isNumber)) {
                guard regions.contains(tag.uppercased()) else {
                    throw fail("unknown region code \"\(tag.uppercased())\"")
                }
                result.region = tag.uppercased()
                index += 1
            }
        }
        while index < subtags.count, isVariant(subtags[index]) { index += 1 }
        try parseExtensions(subtags[index...], into: &result, fail: fail)

        if atParts.count == 2 {
            for keyword in atParts[1].split(separator: ";") {
                let pair = keyword.split(separator: "=", omittingEmptySubsequences: false)
                guard pair.count == 2, !pair[0].isEmpty, !pair[1].isEmpty else {
                    throw fail("malformed keyword \"\(keyword)\" (expected key=value)")
                }
                if pair[0].lowercased() == "fw" {
                    result.firstWeekdayOverride = try weekday(pair[1].lowercased(), fail: fail)
                }
            }
        }
        return result
    }

    private static func isVariant(_ tag: String) -> Bool {
        (5...8).contains(tag.count) && tag.allSatisfy { $0.isLetter || $0.isNumber }
            || (tag.count == 4 && tag.first!.isNumber && tag.allSatisfy { $0.isLetter || $0.isNumber })
    }

    private static func parseExtensions(
        _ tags: ArraySlice<String>, into result: inout LocaleIdentifier, fail: (String) -> StatsError
    ) throws(StatsError) {
        var index = tags.startIndex
        while index < tags.endIndex {
            let singleton = tags[index]
            guard singleton.count == 1 else { throw fail("unexpected subtag \"\(singleton)\"") }
            index += 1
            let start = index
            while index < tags.endIndex {
                let tag = tags[index]
                if singleton != "x", tag.count == 1 { break }  // the next extension's singleton
                guard tag.count <= 8 else { throw fail("subtag \"\(tag)\" is longer than 8 characters") }
                index += 1
            }
            guard index > start else { throw fail("extension \"-\(singleton)-\" has no subtags") }
            if singleton == "x" { return }  // private use runs to the end
            if singleton == "u" {
                let body = Array(tags[start..<index])
                if let key = body.firstIndex(of: "fw") {
                    guard key + 1 < body.count else { throw fail("\"-u-fw-\" needs a weekday such as \"mon\"") }
                    result.firstWeekdayOverride = try weekday(body[key + 1], fail: fail)
                }
            }
        }
    }

    private static func weekday(_ code: String, fail: (String) -> StatsError) throws(StatsError) -> Int {
        guard let value = weekdayCodes[code] else {
            throw fail("first weekday \"\(code)\" is not one of sun, mon, tue, wed, thu, fri, sat")
        }
        return value
    }
}
