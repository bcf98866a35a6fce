import Foundation
import MCP
import SpotterIDs
import SpotterJobs

/// A tool call's arguments, checked against what the tool declares: every name known, every
/// value of the declared type and range. Any problem is a ``ReadScopeError`` with code
/// `invalidArgument` naming the argument, which the server answers as an MCP invalid-params error.
struct ToolArguments {
    let tool: String
    let values: [String: Value]

    init(tool: String, values: [String: Value]?, allowed: Set<String>) throws {
        self.tool = tool
        self.values = values ?? [:]
        if let unknown = self.values.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw ReadScopeError(
                .invalidArgument,
                "\(tool): unknown argument '\(unknown.prefix(40))'; it takes \(allowed.sorted().joined(separator: ", "))"
            )
        }
    }

    /// An integer argument in `range`, or `fallback` when absent (nil: required).
    func integer(_ name: String, in range: ClosedRange<Int64>, default fallback: Int64? = nil) throws -> Int64 {
        guard let value = values[name], !value.isNull else {
            guard let fallback else { throw ReadScopeError(.invalidArgument, "\(tool): '\(name)' is required") }
            return fallback
        }
        let number: Int64
        switch value {
        case .int(let int): number = Int64(int)
        case .double(let double) where double.rounded() == double && abs(double) < 9.0e15: number = Int64(double)
        default:
            throw ReadScopeError(.invalidArgument, "\(tool): '\(name)' must be an integer, got \(Self.kind(value))")
        }
        guard range.contains(number) else {
            throw ReadScopeError(
                .invalidArgument,
                "\(tool): '\(name)' must be between \(range.lowerBound) and \(range.upperBound), got \(number)")
        }
        return number
    }

    /// An optional user id: the product's own id, as a JSON string (UUID, text) or a positive
    /// integer (a bigint key).
    func userID(_ name: String) throws -> UserID? {
        guard let value = values[name], !value.isNull else { return nil }
        let text: String
        switch value {
        case .string(let string): text = string
        // A JSON number is a bigint key, and those are positive; any other id comes as a string.
        case .int(let int) where int > 0: text = String(int)
        case .int(let int):
            throw ReadScopeError(
                .invalidArgument, "\(tool): '\(name)': a user id given as a number is positive, got \(int)")
        case .double(let double) where double.rounded() == double && double >= 1 && double < 9.0e15:
            text = String(Int64(double))
        default:
            throw ReadScopeError(
                .invalidArgument,
                "\(tool): '\(name)' must be a user id (a string or a positive integer), got \(Self.kind(value))")
        }
        do throws(IDError) {
            return try UserID(text)
        } catch {
            throw ReadScopeError(.invalidArgument, "\(tool): '\(name)': \(error.message)")
        }
    }

    /// A string argument of 1…`maxLength` characters, or `fallback` when absent (nil: required).
    func string(_ name: String, maxLength: Int, default fallback: String? = nil) throws -> String {
        guard let value = values[name], !value.isNull else {
            guard let fallback else { throw ReadScopeError(.invalidArgument, "\(tool): '\(name)' is required") }
            return fallback
        }
        guard case .string(let text) = value else {
            throw ReadScopeError(.invalidArgument, "\(tool): '\(name)' must be a string, got \(Self.kind(value))")
        }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, text.count <= maxLength else {
            throw ReadScopeError(
                .invalidArgument, "\(tool): '\(name)' must have 1 to \(maxLength) characters, got \(text.count)")
        }
        return text
    }

    /// One of `choices`, or `fallback` when absent.
    func choice(_ name: String, _ choices: [String], default fallback: String) throws -> String {
        guard let value = values[name], !value.isNull else { return fallback }
        guard case .string(let text) = value, choices.contains(text) else {
            throw ReadScopeError(
                .invalidArgument,
                "\(tool): '\(name)' must be one of \(choices.joined(separator: ", ")), got \(Self.describe(value))")
        }
        return text
    }

    static func kind(_ value: Value) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .double: "a number"
        case .string: "a string"
        case .data: "data"
        case .array: "an array"
        case .object: "an object"
        }
    }

    static func describe(_ value: Value) -> String {
        if case .string(let text) = value { return "'\(text.prefix(40))'" }
        return kind(value)
    }
}
