public import Foundation
internal import SpotterProjectFiles

/// The reason catalog (`locales/reasons.json`, built into the executable like `sql/`): each
/// reason code with its arguments and its text per language, and the vocabularies the arguments
/// name (muscle groups, goals, body parts…). A translator edits the file, never Swift;
/// ``problems`` lists what a language lacks. See docs/reasons.md.
public final class ReasonCatalog: Sendable {
    /// The catalog built into this executable.
    public static let standard: ReasonCatalog = {
        guard let text = ProjectFiles.text(path) else {
            return ReasonCatalog(problem: "\(path) was not built into this executable")
        }
        do {
            return try ReasonCatalog(json: Data(text.utf8))
        } catch {
            return ReasonCatalog(problem: "\(path): \(error)")
        }
    }()

    /// Where the catalog lives, relative to the project root.
    public static let path = "locales/reasons.json"

    /// The languages every reason is written in (`en`, `pt-BR`).
    public let languages: [String]
    /// The locale of the English the result tables' text columns hold, and the locale a reader
    /// whose language the catalog lacks falls back to.
    public let referenceLocale: String
    /// Why the built-in catalog could not be read; nil when it was.
    public let loadProblem: String?
    /// The language of the result tables' text: English in ``referenceLocale``.
    public let referenceLanguage: ReasonLanguage

    let entries: [String: Entry]
    let terms: [String: [String: [String: Term]]]
    let lists: [String: (and: String, separator: String)]
    let sidePattern: [String: [Segment]]
    let formats = LocaleFormats()

    /// A catalog from its JSON; throws ``ReasonCatalogError`` naming the part it cannot read.
    public init(json: Data) throws {
        guard let root = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw ReasonCatalogError("the catalog is not a JSON object")
        }
        guard let languages = root["languages"] as? [String], languages.contains("en") else {
            throw ReasonCatalogError("\"languages\" must be a list of locales that includes \"en\"")
        }
        self.languages = languages
        referenceLocale = root["reference_locale"] as? String ?? "en-GB"
        referenceLanguage = ReasonLanguage(
            requested: referenceLocale, language: "en", formatLocale: referenceLocale, fallback: false)
        loadProblem = nil
        guard let reasons = root["reasons"] as? [String: Any] else {
            throw ReasonCatalogError("\"reasons\" must be an object of codes")
        }
        var entries: [String: Entry] = [:]
        for (code, value) in reasons {
            entries[code] = try Entry(code: code, json: value)
        }
        self.entries = entries
        var terms: [String: [String: [String: Term]]] = [:]
        for (namespace, table) in root["terms"] as? [String: [String: Any]] ?? [:] {
            for (key, value) in table {
                guard let perLanguage = value as? [String: Any] else {
                    throw ReasonCatalogError("term \(namespace).\(key) must map languages to words")
                }
                var forms: [String: Term] = [:]
                for (language, form) in perLanguage {
                    forms[language] = try Term(json: form, name: "\(namespace).\(key)")
                }
                terms[namespace, default: [:]][key] = forms
            }
        }
        self.terms = terms
        var lists: [String: (and: String, separator: String)] = [:]
        for (language, value) in root["lists"] as? [String: [String: String]] ?? [:] {
            lists[language] = (value["and"] ?? " and ", value["separator"] ?? ", ")
        }
        self.lists = lists
        var sidePattern: [String: [Segment]] = [:]
        for (language, value) in root["body_part_with_side"] as? [String: String] ?? [:] {
            sidePattern[language] = Segment.parse(value)
        }
        self.sidePattern = sidePattern
    }

    private init(problem: String) {
        languages = ["en"]
        referenceLocale = "en-GB"
        referenceLanguage = ReasonLanguage(requested: "en-GB", language: "en", formatLocale: "en-GB", fallback: false)
        loadProblem = problem
        entries = [:]
        terms = [:]
        lists = [:]
        sidePattern = [:]
    }

    /// The language the catalog renders `locale` in: `en-*` in English, `pt-BR` (and bare `pt`)
    /// in Brazilian Portuguese, with the reader's own date and number formats; any other locale
    /// (or an unreadable one) in the reference English, recorded as a fallback.
    public func language(for locale: String) -> ReasonLanguage {
        let tags = locale.replacingOccurrences(of: "_", with: "-").split(separator: "-").map { $0.lowercased() }
        let base = tags.first ?? ""
        let region = tags.dropFirst().first { $0.count == 2 && $0.allSatisfy(\.isLetter) }
        let valid = !locale.isEmpty && locale.count <= 64 && locale.allSatisfy { $0.isASCII && !$0.isWhitespace }
        if valid, base == "en" {
            return ReasonLanguage(requested: locale, language: "en", formatLocale: locale, fallback: false)
        }
        if valid, base == "pt", region == nil || region == "br", languages.contains("pt-BR") {
            return ReasonLanguage(
                requested: locale, language: "pt-BR", formatLocale: region == nil ? "pt-BR" : locale, fallback: false)
        }
        var fallback = referenceLanguage
        fallback.requested = locale
        fallback.fallback = true
        return fallback
    }

    /// The text of `reason` for a reader in `locale` (see ``language(for:)``).
    public func text(of reason: Reason, locale: String) -> String {
        text(of: reason, in: language(for: locale))
    }

    /// The text of `reason` in `language`.
    public func text(of reason: Reason, in language: ReasonLanguage) -> String {
        guard let entry = entries[reason.code.rawValue],
            var message = entry.messages[language.language] ?? entry.messages["en"]
        else {
            let arguments = reason.arguments.keys.sorted().map { "\($0)=\(reason.arguments[$0]!)" }
            return "\(reason.code.rawValue)(\(arguments.joined(separator: ", ")))"
        }
        while case .select(let argument, let cases) = message {
            let keys = selectionKeys(reason.arguments[argument], kind: entry.arguments[argument], in: language)
            guard let chosen = keys.lazy.compactMap({ cases[$0] }).first else { break }
            message = chosen
        }
        guard case .leaf(let segments) = message else { return reason.code.rawValue }
        var result = ""
        for segment in segments {
            switch segment {
            case .literal(let text): result += text
            case .argument(let name):
                if let value = reason.arguments[name], let kind = entry.arguments[name] {
                    result += render(value, kind: kind, in: language)
                } else {
                    result += "{\(name)}"
                }
            }
        }
        return result
    }

    /// The reasons a JSON array holds (as ``Reason/jsonList(_:)`` writes them), or nil when any
    /// element is not a reason this catalog knows with the arguments it declares: such a list
    /// (a row written by another version) is shown by its stored text.
    public func reasons(json: String) -> [Reason]? {
        guard let array = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any] else { return nil }
        return reasons(jsonArray: array)
    }

    /// The reasons of an array decoded by `JSONSerialization`, or nil (see ``reasons(json:)``).
    public func reasons(jsonArray array: [Any]) -> [Reason]? {
        var result: [Reason] = []
        for element in array {
            guard let object = element as? [String: Any], let reason = reason(object) else { return nil }
            result.append(reason)
        }
        return result
    }

    /// One reason from its JSON object, checked against the catalog's declared arguments.
    func reason(_ object: [String: Any]) -> Reason? {
        guard let name = object["code"] as? String, let code = ReasonCode(rawValue: name),
            let entry = entries[name], object.count == entry.arguments.count + 1
        else { return nil }
        var arguments: [String: ReasonValue] = [:]
        for (argument, kind) in entry.arguments {
            guard let raw = object[argument], let value = decode(raw, kind: kind) else { return nil }
            arguments[argument] = value
        }
        return Reason(code, arguments)
    }

    private func decode(_ raw: Any, kind: Entry.Kind) -> ReasonValue? {
        switch kind {
        case .text: return (raw as? String).map(ReasonValue.text)
        case .count:
            if let value = raw as? Int { return .count(value) }
            if let value = raw as? Double, value == value.rounded(), abs(value) < 1e15 { return .count(Int(value)) }
            return nil
        case .decimal:
            if let value = raw as? Double { return .decimal(value) }
            return (raw as? Int).map { .decimal(Double($0)) }
        case .day, .date:
            guard let text = raw as? String, LocaleFormats.date(text) != nil else { return nil }
            return .date(text)
        case .time:
            guard let text = raw as? String, LocaleFormats.time(text) != nil else { return nil }
            return .date(text)
        case .weekday:
            guard let text = raw as? String, LocaleFormats.weekdays.contains(text) else { return nil }
            return .weekday(text)
        case .term: return (raw as? String).map(ReasonValue.term)
        case .terms, .termSet:
            guard let list = raw as? [Any] else { return nil }
            let words = list.compactMap { $0 as? String }
            return words.count == list.count ? .terms(words) : nil
        case .bodyPart:
            if let part = raw as? String { return .bodyPart(part: part, side: nil) }
            guard let object = raw as? [String: Any], let part = object["part"] as? String else { return nil }
            return .bodyPart(part: part, side: object["side"] as? String)
        case .reason:
            return (raw as? [String: Any]).flatMap { reason($0) }.map(ReasonValue.reason)
        }
    }
}

/// The language a reader's reasons are rendered in.
public struct ReasonLanguage: Sendable, Hashable, Codable {
    /// The reader's locale as stored (`pt-BR`, `en-GB`, `de-DE`).
    public var requested: String
    /// The catalog language used (`en` or `pt-BR`).
    public var language: String
    /// The locale dates, weekdays and numbers are formatted in.
    public var formatLocale: String
    /// The catalog has no text in the reader's language: the reference English was used.
    public var fallback: Bool
}

/// A catalog file that cannot be read, and where.
public struct ReasonCatalogError: Error, CustomStringConvertible, Sendable {
    /// What is wrong.
    public var description: String
    init(_ description: String) { self.description = description }
}
