import Foundation

/// Splits a migration script into its top-level statements, for the migrator's external-inputs
/// mode (which passes over the statements that would create or change the product's relations).
///
/// Understands what the migrations use: `'…'` literals (with `''`), `"…"` identifiers, `--` and
/// (nested) `/* … */` comments, PostgreSQL dollar quoting (`$$ … $$`, `$tag$ … $tag$`), and
/// SQLite trigger bodies (`CREATE TRIGGER … BEGIN …; …; END;`, with `CASE … END` inside).
/// Each statement keeps its own text (leading comments included), without the final `;`.
enum SQLScript {
    static func statements(_ script: String) -> [String] {
        let chars = Array(script.unicodeScalars)
        var result: [String] = []
        var start = 0
        var index = 0
        var words: [String] = []  // the statement's first words, upper-cased
        var word = ""
        var blockDepth = 0  // BEGIN/CASE … END inside a CREATE TRIGGER
        func endWord() {
            guard !word.isEmpty else { return }
            let upper = word.uppercased()
            if words.count < 8 { words.append(upper) }
            if isTrigger(words) {
                if upper == "BEGIN" || upper == "CASE" { blockDepth += 1 }
                if upper == "END", blockDepth > 0 { blockDepth -= 1 }
            }
            word = ""
        }
        func emit(upTo end: Int) {
            let text = String(String.UnicodeScalarView(chars[start..<end]))
            if !SQLScript.isBlank(text) { result.append(text) }
            words = []
            blockDepth = 0
        }
        while index < chars.count {
            let c = chars[index]
            let next: Unicode.Scalar? = index + 1 < chars.count ? chars[index + 1] : nil
            if c == "'" || c == "\"" {
                endWord()
                index += 1
                while index < chars.count {
                    if chars[index] == c {
                        if index + 1 < chars.count, chars[index + 1] == c {
                            index += 2
                            continue
                        }
                        break
                    }
                    index += 1
                }
                index += 1
            } else if c == "-", next == "-" {
                endWord()
                while index < chars.count, chars[index] != "\n" { index += 1 }
            } else if c == "/", next == "*" {
                endWord()
                var depth = 1
                index += 2
                while index < chars.count, depth > 0 {
                    if chars[index] == "/", index + 1 < chars.count, chars[index + 1] == "*" {
                        depth += 1
                        index += 2
                    } else if chars[index] == "*", index + 1 < chars.count, chars[index + 1] == "/" {
                        depth -= 1
                        index += 2
                    } else {
                        index += 1
                    }
                }
            } else if c == "$", word.isEmpty, let tagEnd = dollarTagEnd(chars, from: index) {
                let tag = Array(chars[index...tagEnd])
                index = tagEnd + 1
                while index < chars.count {
                    if chars[index] == "$", index + tag.count <= chars.count,
                        Array(chars[index..<(index + tag.count)]) == tag
                    {
                        index += tag.count
                        break
                    }
                    index += 1
                }
            } else if c == ";" {
                endWord()
                if blockDepth == 0 {
                    emit(upTo: index)
                    start = index + 1
                }
                index += 1
            } else if c.properties.isAlphabetic || c == "_" || c.properties.numericType != nil || c == "$" {
                word.unicodeScalars.append(c)
                index += 1
            } else {
                endWord()
                index += 1
            }
        }
        endWord()
        emit(upTo: chars.count)
        return result
    }

    /// `CREATE [TEMP] TRIGGER …` (SQLite bodies hold `;`).
    private static func isTrigger(_ words: [String]) -> Bool {
        guard words.first == "CREATE" else { return false }
        return words.dropFirst().prefix(3).contains("TRIGGER")
    }

    /// The index of the closing `$` of a dollar-quote opening tag at `from` (`$$` or `$tag$`).
    private static func dollarTagEnd(_ chars: [Unicode.Scalar], from: Int) -> Int? {
        var index = from + 1
        while index < chars.count {
            let c = chars[index]
            if c == "$" { return index }
            guard c.properties.isAlphabetic || c == "_" || (index > from + 1 && c.properties.numericType != nil) else {
                return nil
            }
            index += 1
        }
        return nil
    }

    /// True when `text` holds only whitespace and comments.
    static func isBlank(_ text: String) -> Bool {
        strippingLeadingComments(text).isEmpty
    }

    /// `text` without leading whitespace and comments.
    static func strippingLeadingComments(_ text: String) -> Substring {
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0.isWhitespace }
            if rest.hasPrefix("--") {
                rest = rest.drop { $0 != "\n" }
            } else if rest.hasPrefix("/*"), let close = rest.range(of: "*/") {
                rest = rest[close.upperBound...]
            } else {
                return rest
            }
        }
    }
}
