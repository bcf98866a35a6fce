import Foundation
import SpotterJSON

/// A value from the catalog's free-form maps (`parameters:` of a kind, `payload:` of a schedule
/// entry): the JSON-compatible subset of YAML, without null.
///
/// Plain YAML scalars are read with the YAML 1.2 core schema (`true`/`false`, integers, floats);
/// quoted scalars are always strings, so `country: NO` stays a string only when quoted — and a
/// bare `yes` is the string "yes", not a boolean.
public enum CatalogValue: Sendable, Hashable {
    /// A string.
    case string(String)
    /// A whole number.
    case int(Int)
    /// A number with a fraction or an exponent.
    case double(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// A YAML sequence.
    case list([CatalogValue])
    /// A YAML mapping with string keys.
    case map([String: CatalogValue])

    /// The value as a Foundation JSON object (`String`, `Int`, `Double`, `Bool`, `[Any]`,
    /// `[String: Any]`), ready for `JSONSerialization` when merging defaults into a payload.
    public var toJSONObject: Any {
        switch self {
        case .string(let value): value
        case .int(let value): value
        case .double(let value): value
        case .bool(let value): value
        case .list(let values): values.map(\.toJSONObject)
        case .map(let values): values.mapValues(\.toJSONObject)
        }
    }

    /// The value as compact JSON text with sorted keys, so the same value always gives the same
    /// text (usable in unique keys and SQL literals bound as parameters).
    public var jsonText: String {
        switch self {
        case .string(let value): Self.quoted(value)
        case .int(let value): String(value)
        case .double(let value): value.isFinite ? Self.numberText(value) : "null"
        case .bool(let value): value ? "true" : "false"
        case .list(let values): "[" + values.map(\.jsonText).joined(separator: ",") + "]"
        case .map(let values):
            "{"
                + values.keys.sorted().map { Self.quoted($0) + ":" + values[$0]!.jsonText }
                .joined(separator: ",") + "}"
        }
    }

    /// JSON object text for a whole map, for example the merged payload of a scheduled job.
    public static func jsonText(of map: [String: CatalogValue]) -> String {
        CatalogValue.map(map).jsonText
    }

    private static func numberText(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(format: "%.1f", value) }
        return "\(value)"
    }

    private static func quoted(_ text: String) -> String {
        JSONString.quoted(text)
    }
}
