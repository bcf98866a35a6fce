import Yams

/// What a YAML scalar means under the YAML 1.2 core schema, which the catalog uses instead of
/// YAML 1.1 so that `no`, `on` and `0755` stay what they look like.
enum ScalarValue: Equatable {
    /// `~`, `null`, or nothing at all.
    case null
    /// `true` or `false` (any capitalisation YAML 1.2 allows).
    case bool(Bool)
    /// A decimal, `0x` hexadecimal or `0o` octal integer that fits in `Int`.
    case int(Int)
    /// A decimal number with a fraction or exponent (finite only).
    case double(Double)
    /// Anything else, and every quoted or block scalar.
    case string(String)

    /// Resolves a scalar: quoted and block scalars and explicit `!!str` are strings; plain
    /// scalars follow the core schema.
    init(_ scalar: Node.Scalar) {
        if scalar.style != .plain || scalar.tag.rawValue == Tag.Name.str.rawValue {
            self = .string(scalar.string)
            return
        }
        self = ScalarValue(plain: scalar.string)
    }

    /// Resolves the text of a plain scalar.
    init(plain text: String) {
        switch text {
        case "", "~", "null", "Null", "NULL": self = .null
        case "true", "True", "TRUE": self = .bool(true)
        case "false", "False", "FALSE": self = .bool(false)
        default:
            if let value = ScalarValue.integer(text) {
                self = .int(value)
            } else if ScalarValue.looksLikeFloat(text), let value = Double(text), value.isFinite {
                self = .double(value)
            } else {
                self = .string(text)
            }
        }
    }

    /// A short name of the value's type for error messages.
    var typeName: String {
        switch self {
        case .null: "nothing"
        case .bool: "a boolean"
        case .int: "a whole number"
        case .double: "a decimal number"
        case .string: "a string"
        }
    }

    private static func integer(_ text: String) -> Int? {
        if text.hasPrefix("0x") { return Int(text.dropFirst(2), radix: 16) }
        if text.hasPrefix("0o") { return Int(text.dropFirst(2), radix: 8) }
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text.hasPrefix("+") ? String(text.dropFirst()) : text)
    }

    /// `[-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?`
    private static func looksLikeFloat(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        let integerDigits = rest.prefix(while: { $0.isASCII && $0.isNumber })
        rest = rest.dropFirst(integerDigits.count)
        var fractionDigits: Substring = ""
        if rest.first == "." {
            rest = rest.dropFirst()
            fractionDigits = rest.prefix(while: { $0.isASCII && $0.isNumber })
            rest = rest.dropFirst(fractionDigits.count)
        }
        guard !integerDigits.isEmpty || !fractionDigits.isEmpty else { return false }
        if rest.first == "e" || rest.first == "E" {
            rest = rest.dropFirst()
            if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
            let exponent = rest.prefix(while: { $0.isASCII && $0.isNumber })
            guard !exponent.isEmpty else { return false }
            rest = rest.dropFirst(exponent.count)
        }
        return rest.isEmpty
    }
}
