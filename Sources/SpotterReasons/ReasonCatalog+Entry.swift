import Foundation

extension ReasonCatalog {
    /// One code of the catalog: its arguments' kinds and its message per language.
    struct Entry: Sendable {
        /// How an argument is read and shown.
        enum Kind: Sendable, Hashable {
            case text, count, decimal, day, date, time, weekday, bodyPart, reason
            /// One term of a vocabulary (`term:muscle`).
            case term(String)
            /// Terms shown as "a, b and c" (`terms:muscle`).
            case terms(String)
            /// Terms shown as "a, b, c" (`term_set:equipment`).
            case termSet(String)

            init(_ text: String, at place: String) throws {
                let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
                switch (parts.first ?? "", parts.count) {
                case ("text", 1): self = .text
                case ("count", 1): self = .count
                case ("decimal", 1): self = .decimal
                case ("day", 1): self = .day
                case ("date", 1): self = .date
                case ("time", 1): self = .time
                case ("weekday", 1): self = .weekday
                case ("body_part", 1): self = .bodyPart
                case ("reason", 1): self = .reason
                case ("term", 2): self = .term(parts[1])
                case ("terms", 2): self = .terms(parts[1])
                case ("term_set", 2): self = .termSet(parts[1])
                default:
                    throw ReasonCatalogError(
                        "\(place): unknown kind \"\(text)\" (text, count, decimal, day, date, time, weekday, body_part, "
                            + "reason, term:VOCABULARY, terms:VOCABULARY, term_set:VOCABULARY)")
                }
            }
        }

        let arguments: [String: Kind]
        let messages: [String: Message]
        let about: String
        /// The example arguments, as JSON text (rendered by the catalog test in every language).
        let example: String?

        init(code: String, json: Any) throws {
            guard let object = json as? [String: Any] else {
                throw ReasonCatalogError("reason \(code) must be an object")
            }
            var arguments: [String: Kind] = [:]
            for (name, kind) in object["arguments"] as? [String: String] ?? [:] {
                arguments[name] = try Kind(kind, at: "reason \(code), argument \(name)")
            }
            self.arguments = arguments
            about = object["about"] as? String ?? ""
            example = (object["example"] as? [String: Any]).flatMap {
                (try? JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys])).map {
                    String(decoding: $0, as: UTF8.self)
                }
            }
            var messages: [String: Message] = [:]
            for (key, value) in object where !["arguments", "about", "example"].contains(key) {
                messages[key] = try Message(json: value, at: "reason \(code), \(key)")
            }
            self.messages = messages
        }
    }

    /// A message: text with `{argument}` placeholders, or a choice by one argument's plural
    /// category ("one", "other", "=0"), or a term's gender and number ("feminine.other").
    indirect enum Message: Sendable {
        case leaf([Segment])
        case select(argument: String, cases: [String: Message])

        init(json: Any, at place: String) throws {
            if let text = json as? String {
                self = .leaf(Segment.parse(text))
                return
            }
            guard let object = json as? [String: Any], let argument = object["select"] as? String else {
                throw ReasonCatalogError("\(place): a message is a string or an object with \"select\"")
            }
            var cases: [String: Message] = [:]
            for (key, value) in object where key != "select" {
                cases[key] = try Message(json: value, at: "\(place), \(key)")
            }
            self = .select(argument: argument, cases: cases)
        }
    }

    /// A run of literal text or one argument.
    enum Segment: Sendable, Hashable {
        case literal(String)
        case argument(String)

        static func parse(_ text: String) -> [Segment] {
            var segments: [Segment] = []
            var rest = Substring(text)
            while let open = rest.firstIndex(of: "{"),
                let close = rest[open...].firstIndex(of: "}")
            {
                if open > rest.startIndex { segments.append(.literal(String(rest[..<open]))) }
                segments.append(.argument(String(rest[rest.index(after: open)..<close])))
                rest = rest[rest.index(after: close)...]
            }
            if !rest.isEmpty { segments.append(.literal(String(rest))) }
            return segments
        }
    }

    /// A term's word in one language, with the gender and number Portuguese agrees with, and
    /// its gendered forms when it is an adjective ("esquerdo", "esquerda").
    struct Term: Sendable {
        let text: String
        let gender: String
        let number: String
        let feminine: String?

        init(json: Any, name: String) throws {
            if let text = json as? String {
                self.text = text
                gender = "masculine"
                number = "one"
                feminine = nil
                return
            }
            guard let object = json as? [String: String], let text = object["text"] else {
                throw ReasonCatalogError("term \(name): a word or {\"text\", \"gender\", \"number\"}")
            }
            self.text = text
            gender = object["gender"] ?? "masculine"
            number = object["number"] ?? "one"
            feminine = object["feminine"]
        }
    }

    /// The case keys a select tries for `value`, most specific first.
    func selectionKeys(_ value: ReasonValue?, kind: Entry.Kind?, in language: ReasonLanguage) -> [String] {
        switch value {
        case .count(let n)?: return ["=\(n)", Self.pluralCategory(n, language: language.language), "other"]
        case .term(let key)?:
            guard case .term(let namespace)? = kind, let term = term(namespace, key, in: language.language) else {
                return ["masculine", "other"]
            }
            return ["\(term.gender).\(term.number)", term.gender, "other"]
        case .terms(let keys)?:
            let namespace: String
            switch kind {
            case .terms(let name)?, .termSet(let name)?: namespace = name
            default: namespace = ""
            }
            let found = keys.map { term(namespace, $0, in: language.language) }
            let feminine = !found.isEmpty && found.allSatisfy { $0?.gender == "feminine" }
            let plural = keys.count > 1 || found.contains { $0?.number == "other" }
            let gender = feminine ? "feminine" : "masculine"
            return ["\(gender).\(plural ? "other" : "one")", gender, "other"]
        case .bodyPart(let part, _)?:
            guard let term = term("body_part", part, in: language.language) else { return ["masculine", "other"] }
            return ["\(term.gender).\(term.number)", term.gender, "other"]
        default: return ["other"]
        }
    }

    /// The plural category of a whole number: "one" for 1, else "other", in English and in
    /// Portuguese as Brazilians write counts ("1 dia", "0 dias", "12 dias"; CLDR's `pt` rule puts
    /// 0 with 1, which reads wrongly for days and minutes). A language with other categories
    /// (few, many) adds its rule here.
    static func pluralCategory(_ n: Int, language: String) -> String {
        n == 1 ? "one" : "other"
    }

    func term(_ namespace: String, _ key: String, in language: String) -> Term? {
        terms[namespace]?[key]?[language] ?? terms[namespace]?[key]?["en"]
    }

    /// A term's word, or the key as words ("general_fitness" → "general fitness") when the
    /// vocabulary lacks it (a product's own goal or category).
    func word(_ namespace: String, _ key: String, in language: String) -> String {
        term(namespace, key, in: language)?.text ?? key.replacingOccurrences(of: "_", with: " ")
    }

    func render(_ value: ReasonValue, kind: Entry.Kind, in language: ReasonLanguage) -> String {
        switch (value, kind) {
        case (.text(let text), _): return text
        case (.count(let n), _): return formats.integer(n, locale: language.formatLocale)
        case (.decimal(let x), _): return formats.decimal(x, locale: language.formatLocale)
        case (.date(let text), .day): return formats.date(text, template: "dMMM", locale: language.formatLocale)
        case (.date(let text), .time): return formats.time(text, locale: language.formatLocale)
        case (.date(let text), _): return formats.date(text, template: "yMMMd", locale: language.formatLocale)
        case (.weekday(let name), _): return formats.weekday(name, locale: language.formatLocale)
        case (.term(let key), .term(let namespace)): return word(namespace, key, in: language.language)
        case (.term(let key), _): return key
        case (.terms(let keys), .termSet(let namespace)):
            let words = keys.map { word(namespace, $0, in: language.language) }
            return words.joined(separator: lists[language.language]?.separator ?? ", ")
        case (.terms(let keys), _):
            let namespace: String
            if case .terms(let name) = kind { namespace = name } else { namespace = "" }
            let words = keys.map { word(namespace, $0, in: language.language) }
            let list = lists[language.language] ?? (" and ", ", ")
            guard let last = words.last else { return "" }
            return words.count == 1 ? last : words.dropLast().joined(separator: list.separator) + list.and + last
        case (.bodyPart(let part, let side), _):
            let name = word("body_part", part, in: language.language)
            guard let side else { return name }
            let adjective = term("side", side, in: language.language)
            let feminine = term("body_part", part, in: language.language)?.gender == "feminine"
            let sideWord = (feminine ? adjective?.feminine : nil) ?? adjective?.text ?? side
            let pattern = sidePattern[language.language] ?? [.argument("side"), .literal(" "), .argument("part")]
            return pattern.map {
                switch $0 {
                case .literal(let text): text
                case .argument("side"): sideWord
                case .argument: name
                }
            }.joined()
        case (.reason(let inner), _): return text(of: inner, in: language)
        }
    }
}
