import Foundation

/// Numbers as exports write them: `62.5`, `62,5` (a decimal comma, common with `;` files),
/// with surrounding spaces. Empty text is no number (nil), not an error.
enum NumberText {
    /// The result of reading one field.
    enum Reading: Equatable {
        case empty
        case value(Double)
        case invalid
    }

    /// Reads a decimal number; `1,234.5` and `1.234,5` are read with their thousands separator.
    static func read(_ text: String) -> Reading {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .empty }
        let hasComma = trimmed.contains(","), hasDot = trimmed.contains(".")
        if hasComma && hasDot {
            let commaLast = trimmed.lastIndex(of: ",")! > trimmed.lastIndex(of: ".")!
            trimmed =
                commaLast
                ? trimmed.replacingOccurrences(of: ".", with: "").replacingOccurrences(of: ",", with: ".")
                : trimmed.replacingOccurrences(of: ",", with: "")
        } else if hasComma {
            trimmed = trimmed.replacingOccurrences(of: ",", with: ".")
        }
        guard let value = Double(trimmed), value.isFinite else { return .invalid }
        return .value(value)
    }
}
