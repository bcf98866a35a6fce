import Foundation

/// The typed `parameters:` of one job kind: a `Codable` type whose properties are the parameter
/// names. ``JobCatalog/load(directory:parameters:)`` decodes every kind's `parameters:` with its
/// schema, so a parameter of the wrong type, a missing one, or a key the type does not have stops
/// the worker at start-up with the file, line and key, instead of being ignored at run time.
///
/// The defaults live in `jobs/kinds.yaml` only: a schema's properties are required unless the
/// kind really has no default (then they are optional).
public struct ParameterSchema: Sendable {
    /// Decodes `parameters` as the schema's type, then encodes it back and compares the keys.
    let check: @Sendable ([String: CatalogValue]) -> ParameterProblem?
    /// The schema type's name, for messages.
    public let typeName: String

    /// A schema for `type`.
    public init<Parameters: KindParameters>(_ type: Parameters.Type) {
        typeName = String(describing: type)
        check = { values in
            let decoded: Parameters
            do {
                decoded = try KindParameterCoding.decode(Parameters.self, from: values)
            } catch let problem as ParameterProblem {
                // A missing key next to a misspelling of it: the misspelling is the news.
                if let missing = problem.missingKey,
                    case .map(let entries)? = KindParameterCoding.value(at: problem.path, in: .map(values)),
                    let typo = entries.keys.sorted().first(where: { closestMatch(to: $0, among: [missing]) != nil })
                {
                    return ParameterProblem(
                        path: problem.path + [typo],
                        message: "unknown parameter \"\(typo)\" (did you mean \"\(missing)\"?)")
                }
                return problem
            } catch {
                return ParameterProblem(path: [], message: "\(error)")
            }
            if let problem = KindParameterCoding.unknownKey(in: values, decoded: decoded) { return problem }
            if let message = decoded.problem() { return ParameterProblem(path: [], message: message) }
            return nil
        }
    }

    /// The schema of a kind that takes no parameters: any key is unknown.
    public static let none = ParameterSchema(NoParameters.self)
}

/// The parameters of a kind, as declared in `jobs/kinds.yaml`.
public protocol KindParameters: Codable, Sendable {
    /// A problem with values of the right types (a range, an empty list), or nil; checked when
    /// `jobs/` loads. The default accepts everything.
    func problem() -> String?
}

extension KindParameters {
    /// Accepts every value.
    public func problem() -> String? { nil }
}

/// A kind without parameters.
public struct NoParameters: KindParameters {
    /// Creates the empty value.
    public init() {}
}

/// Where a parameter is wrong, relative to the kind's `parameters:` mapping, and what is wrong.
public struct ParameterProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// Keys and list indices from `parameters:` down to the offending value.
    public var path: [String]
    /// What is wrong.
    public var message: String
    /// The key that is missing, when that is the problem.
    var missingKey: String? = nil

    /// `path: message`.
    public var description: String {
        path.isEmpty ? message : "\(path.joined(separator: ".")): \(message)"
    }
}

/// Decoding and encoding of parameter values, shared by load-time validation and the handlers.
public enum KindParameterCoding {
    /// Decodes `values` (a kind's parameters, possibly with the job's overrides) as `type`; a
    /// value of the wrong type or a missing key is a ``ParameterProblem`` naming it.
    public static func decode<Parameters: Decodable>(_ type: Parameters.Type, from values: [String: CatalogValue])
        throws(ParameterProblem) -> Parameters
    {
        let data = Data(CatalogValue.jsonText(of: values).utf8)
        do {
            return try JSONDecoder().decode(Parameters.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw ParameterProblem(
                path: path(context.codingPath), message: "missing parameter \"\(key.stringValue)\"",
                missingKey: key.stringValue)
        } catch let DecodingError.typeMismatch(expected, context) {
            throw ParameterProblem(
                path: path(context.codingPath), message: "expected \(describe(expected))")
        } catch let DecodingError.valueNotFound(expected, context) {
            throw ParameterProblem(
                path: path(context.codingPath), message: "expected \(describe(expected))")
        } catch let DecodingError.dataCorrupted(context) {
            throw ParameterProblem(path: path(context.codingPath), message: context.debugDescription)
        } catch {
            throw ParameterProblem(path: [], message: "\(error)")
        }
    }

    /// The value at `path` (keys and list indices) inside `value`.
    static func value(at path: [String], in value: CatalogValue) -> CatalogValue? {
        var current = value
        for component in path {
            switch current {
            case .map(let entries):
                guard let next = entries[component] else { return nil }
                current = next
            case .list(let elements):
                guard let index = Int(component), elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The first key of `values` that `decoded`, encoded back, does not have: a key the type
    /// does not know (a typo), searched through nested mappings and lists.
    static func unknownKey<Parameters: Encodable>(in values: [String: CatalogValue], decoded: Parameters)
        -> ParameterProblem?
    {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let data = try? encoder.encode(decoded),
            let object = try? JSONSerialization.jsonObject(with: data)
        else { return nil }
        return firstUnknown(.map(values), known: object, path: [])
    }

    private static func firstUnknown(_ value: CatalogValue, known: Any, path: [String]) -> ParameterProblem? {
        switch value {
        case .map(let entries):
            guard let knownEntries = known as? [String: Any] else { return nil }
            for key in entries.keys.sorted() {
                guard let knownValue = knownEntries[key] else {
                    let message =
                        "unknown parameter \"\(key)\""
                        + suggestionHint(for: key, among: Array(knownEntries.keys))
                    return ParameterProblem(path: path + [key], message: message)
                }
                if let problem = firstUnknown(entries[key]!, known: knownValue, path: path + [key]) { return problem }
            }
            return nil
        case .list(let elements):
            guard let knownElements = known as? [Any], knownElements.count == elements.count else { return nil }
            for (index, element) in elements.enumerated() {
                if let problem = firstUnknown(element, known: knownElements[index], path: path + ["\(index)"]) {
                    return problem
                }
            }
            return nil
        default:
            return nil
        }
    }

    private static func path(_ keys: [any CodingKey]) -> [String] {
        keys.map { key in key.intValue.map(String.init) ?? key.stringValue }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type, is Int64.Type, is Int32.Type: "a whole number"
        case is Double.Type, is Float.Type: "a number"
        case is Bool.Type: "true or false"
        case is String.Type: "text"
        case is [Any].Type: "a list"
        case is [String: Any].Type: "a mapping"
        default:
            String(describing: type).hasPrefix("Array") ? "a list" : "a value of type \(type)"
        }
    }
}
