import Foundation

extension ReasonCatalog {
    /// What the catalog lacks, one sentence each; empty when every code Spotter writes has a
    /// message in every language that uses each of its arguments exactly (an argument a choice
    /// such as `"=0": "done today"` settles may be left out), every choice has an `"other"`
    /// case, every example reads with its declared arguments, and every term has a word in
    /// every language.
    public func problems() -> [String] {
        var problems: [String] = loadProblem.map { [$0] } ?? []
        for code in ReasonCode.allCases where entries[code.rawValue] == nil {
            problems.append("\(code.rawValue): not in \(Self.path)")
        }
        for (code, entry) in entries.sorted(by: { $0.key < $1.key }) {
            if ReasonCode(rawValue: code) == nil { problems.append("\(code): Spotter writes no such code") }
            for language in languages {
                guard let message = entry.messages[language] else {
                    problems.append("\(code): no \(language) text")
                    continue
                }
                problems += check(message, entry: entry, exempt: [], at: "\(code) (\(language))")
            }
            for language in entry.messages.keys where !languages.contains(language) {
                problems.append("\(code): \(language) is not one of the catalog's languages \(languages)")
            }
            guard let example = entry.example,
                let object = try? JSONSerialization.jsonObject(
                    with: Data(example.utf8)) as? [String: Any]
            else {
                problems.append("\(code): no example arguments")
                continue
            }
            var withCode = object
            withCode["code"] = code
            if ReasonCode(rawValue: code) != nil, reason(withCode) == nil {
                problems.append("\(code): the example \(example) does not match the declared arguments")
            }
        }
        for (namespace, table) in terms.sorted(by: { $0.key < $1.key }) {
            for (key, forms) in table.sorted(by: { $0.key < $1.key }) {
                for language in languages where forms[language] == nil {
                    problems.append("term \(namespace).\(key): no \(language) word")
                }
            }
        }
        for language in languages {
            if lists[language] == nil { problems.append("lists: no \(language) entry") }
            if sidePattern[language] == nil { problems.append("body_part_with_side: no \(language) pattern") }
        }
        return problems
    }

    /// The example of `code` rendered for a reader in `locale`, or nil without one.
    public func example(of code: ReasonCode, locale: String) -> String? {
        guard let example = entries[code.rawValue]?.example,
            var object = try? JSONSerialization.jsonObject(with: Data(example.utf8)) as? [String: Any]
        else { return nil }
        object["code"] = code.rawValue
        return reason(object).map { text(of: $0, locale: locale) }
    }

    /// The arguments `code` declares, by name, with their kinds as the catalog spells them.
    public func arguments(of code: ReasonCode) -> [String: String] {
        (entries[code.rawValue]?.arguments ?? [:]).mapValues { kind in
            switch kind {
            case .text: "text"
            case .count: "count"
            case .decimal: "decimal"
            case .day: "day"
            case .date: "date"
            case .time: "time"
            case .weekday: "weekday"
            case .bodyPart: "body_part"
            case .reason: "reason"
            case .term(let namespace): "term:\(namespace)"
            case .terms(let namespace): "terms:\(namespace)"
            case .termSet(let namespace): "term_set:\(namespace)"
            }
        }
    }

    private func check(_ message: Message, entry: Entry, exempt: Set<String>, at place: String) -> [String] {
        switch message {
        case .leaf(let segments):
            let used = Set(segments.compactMap { if case .argument(let name) = $0 { name } else { nil } })
            var problems: [String] = []
            for name in used.subtracting(entry.arguments.keys).sorted() {
                problems.append("\(place): {\(name)} is not an argument of this code")
            }
            for name in Set(entry.arguments.keys).subtracting(used).subtracting(exempt).sorted() {
                problems.append("\(place): drops {\(name)}")
            }
            return problems
        case .select(let argument, let cases):
            guard entry.arguments[argument] != nil else {
                return ["\(place): selects by \(argument), which is not an argument of this code"]
            }
            var problems = cases["other"] == nil ? ["\(place): the choice by \(argument) has no \"other\" case"] : []
            let known: Set<String> = [
                "one", "other", "masculine", "feminine", "masculine.one", "masculine.other", "feminine.one",
                "feminine.other",
            ]
            for (key, inner) in cases.sorted(by: { $0.key < $1.key }) {
                let exact = key.hasPrefix("=") && Int(key.dropFirst()) != nil
                if !exact && !known.contains(key) { problems.append("\(place): unknown case \"\(key)\"") }
                problems += check(
                    inner, entry: entry, exempt: exact ? exempt.union([argument]) : exempt, at: "\(place) [\(key)]")
            }
            return problems
        }
    }
}
