import Foundation
import Yams

/// A YAML node together with where it sits (file, key path, line), so that every typed read can
/// fail with an error that names the exact place.
struct CatalogNode {
    /// The composed YAML node.
    let node: Node
    /// The file name used in errors.
    let file: String
    /// The dotted key path (`kinds.noop.timeout`, `schedule[0].cron`).
    let path: String
    /// The line of the key that introduced this node, when there is one.
    let keyLine: Int?

    /// The line to report for a problem with this node's value.
    var line: Int? {
        if case .scalar = node, let line = node.mark?.line { return line }
        return keyLine ?? node.mark?.line
    }

    /// An error at this node.
    func failure(_ message: String) -> CatalogError {
        CatalogError(file: file, line: line, key: path, message: message)
    }

    /// The node's scalar meaning, or nil when it is a mapping or a sequence.
    var scalar: ScalarValue? {
        guard case .scalar(let scalar) = node else { return nil }
        return ScalarValue(scalar)
    }

    /// The raw text of a scalar, quoted, for messages: `"5 minutes"`.
    var quotedText: String {
        guard case .scalar(let scalar) = node else { return "this value" }
        return "\"\(scalar.string)\""
    }

    /// Reads a mapping whose keys must all be in `allowedKeys`; an unknown key is an error with a
    /// "did you mean" hint.
    func mapping(allowedKeys: [String]? = nil, expecting what: String = "a mapping") throws(CatalogError)
        -> CatalogMapping
    {
        guard case .mapping(let mapping) = node else {
            if scalar == .null { throw failure("missing value (expected \(what))") }
            throw failure("expected \(what), found \(kindName)")
        }
        var entries: [CatalogMapping.Entry] = []
        for (key, value) in mapping {
            let keyLine = key.mark?.line
            guard case .scalar(let keyScalar) = key else {
                throw CatalogError(file: file, line: keyLine, key: path, message: "keys must be plain names")
            }
            let name = keyScalar.string
            if let allowedKeys, !allowedKeys.contains(name) {
                let childPath = CatalogNode.join(path, name)
                throw CatalogError(
                    file: file, line: keyLine, key: childPath,
                    message: "unknown key \"\(name)\"" + suggestionHint(for: name, among: allowedKeys))
            }
            entries.append(.init(name: name, keyLine: keyLine, value: value))
        }
        return CatalogMapping(owner: self, entries: entries)
    }

    /// The child at `component` (a key of a mapping, or an index of a list), or nil.
    func child(_ component: String) -> CatalogNode? {
        if case .mapping = node, let mapping = try? mapping(),
            let entry = mapping.entries.first(where: { $0.name == component })
        {
            return mapping.child(entry)
        }
        if case .sequence = node, let index = Int(component), let elements = try? sequence(),
            elements.indices.contains(index)
        {
            return elements[index]
        }
        return nil
    }

    /// Reads a sequence of nodes named `path[0]`, `path[1]`, …
    func sequence(expecting what: String = "a list") throws(CatalogError) -> [CatalogNode] {
        guard case .sequence(let sequence) = node else {
            if scalar == .null { throw failure("missing value (expected \(what))") }
            throw failure("expected \(what), found \(kindName)")
        }
        return sequence.enumerated().map { index, element in
            CatalogNode(node: element, file: file, path: "\(path)[\(index)]", keyLine: element.mark?.line)
        }
    }

    /// Reads a non-empty string; numbers are taken as their text.
    func string() throws(CatalogError) -> String {
        switch scalar {
        case .string(let text) where !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty: return text
        case .string, .null: throw failure("missing value (expected text)")
        case .int, .double:
            guard case .scalar(let raw) = node else { break }
            return raw.string
        case .bool: throw failure("expected text, found a boolean; quote it if you mean the word")
        case nil: break
        }
        throw failure("expected text, found \(kindName)")
    }

    /// Reads a whole number.
    func int() throws(CatalogError) -> Int {
        switch scalar {
        case .int(let value): return value
        case .null: throw failure("missing value (expected a whole number)")
        case nil: throw failure("expected a whole number, found \(kindName)")
        default: throw failure("\(quotedText) is not a whole number")
        }
    }

    /// Reads a whole number of at least 1.
    func positiveInt() throws(CatalogError) -> Int {
        let value = try int()
        guard value >= 1 else { throw failure("must be at least 1, found \(value)") }
        return value
    }

    /// Reads a number, whole or decimal.
    func double() throws(CatalogError) -> Double {
        switch scalar {
        case .int(let value): return Double(value)
        case .double(let value): return value
        case .null: throw failure("missing value (expected a number)")
        case nil: throw failure("expected a number, found \(kindName)")
        default: throw failure("\(quotedText) is not a number")
        }
    }

    /// Reads `true` or `false`.
    func bool() throws(CatalogError) -> Bool {
        switch scalar {
        case .bool(let value): return value
        case .null: throw failure("missing value (expected true or false)")
        case nil: throw failure("expected true or false, found \(kindName)")
        default: throw failure("\(quotedText) is not true or false")
        }
    }

    /// Reads a duration (`30s`, `5m`, `2h`, `1h30m`) that must be longer than zero.
    func positiveDuration() throws(CatalogError) -> Duration {
        let hint = "(use 30s, 5m, 2h)"
        switch scalar {
        case .null: throw failure("missing value (expected a duration such as 30s, 5m, 2h)")
        case nil: throw failure("expected a duration \(hint), found \(kindName)")
        case .int(let value): throw failure("\(value) has no unit; write \(value)s, \(value)m or \(value)h")
        default: break
        }
        guard case .scalar(let raw) = node, let duration = parseDuration(raw.string) else {
            throw failure("\(quotedText) is not a duration \(hint)")
        }
        guard duration > .zero else { throw failure("must be longer than zero, found \(quotedText)") }
        return duration
    }

    /// Reads any JSON-compatible value (no nulls, no non-finite numbers).
    func value() throws(CatalogError) -> CatalogValue {
        switch node {
        case .scalar:
            switch scalar {
            case .string(let text): return .string(text)
            case .int(let value): return .int(value)
            case .double(let value): return .double(value)
            case .bool(let value): return .bool(value)
            case .null, nil: throw failure("null is not allowed here; give a value or remove the key")
            }
        case .sequence:
            var values: [CatalogValue] = []
            for element in try sequence() { values.append(try element.value()) }
            return .list(values)
        case .mapping:
            return .map(try valueMap())
        case .alias:
            throw failure("aliases are not supported here")
        }
    }

    /// Reads a mapping of JSON-compatible values.
    func valueMap() throws(CatalogError) -> [String: CatalogValue] {
        let mapping = try mapping()
        var values: [String: CatalogValue] = [:]
        for entry in mapping.entries {
            values[entry.name] = try mapping.child(entry).value()
        }
        return values
    }

    /// What kind of node this is, for messages.
    var kindName: String {
        switch node {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        case .scalar: scalar?.typeName ?? "a scalar"
        }
    }

    /// Joins a parent path and a key.
    static func join(_ parent: String, _ key: String) -> String {
        parent.isEmpty ? key : "\(parent).\(key)"
    }
}

/// The entries of a YAML mapping, in file order, read through `CatalogNode`.
struct CatalogMapping {
    /// One key and its value.
    struct Entry {
        /// The key text.
        let name: String
        /// The line the key is on.
        let keyLine: Int?
        /// The value node.
        let value: Node
    }

    /// The mapping node itself.
    let owner: CatalogNode
    /// The entries in file order.
    let entries: [Entry]

    /// The value of `key` as a located node.
    func child(_ entry: Entry) -> CatalogNode {
        CatalogNode(
            node: entry.value, file: owner.file, path: CatalogNode.join(owner.path, entry.name), keyLine: entry.keyLine)
    }

    /// The value of `key`, or nil when the key is absent.
    func optional(_ key: String) -> CatalogNode? {
        entries.first { $0.name == key }.map(child)
    }

    /// The value of `key`; a missing key is an error at the mapping's own key.
    func required(_ key: String, _ what: String) throws(CatalogError) -> CatalogNode {
        guard let node = optional(key) else {
            throw CatalogError(
                file: owner.file, line: owner.keyLine ?? owner.node.mark?.line, key: owner.path,
                message: "missing required key \"\(key)\" (\(what))")
        }
        return node
    }
}
