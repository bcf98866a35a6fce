import Yams

/// Composes one YAML file into a located root node, turning every Yams failure into a
/// `CatalogError` with the file and line.
enum YAMLDocument {
    /// The root node of `text`; an empty file is an error that says what it should contain.
    static func root(of text: String, file: String, expecting what: String) throws(CatalogError) -> CatalogNode {
        let composed: Node?
        do {
            composed = try Yams.compose(yaml: text)
        } catch {
            throw syntaxError(error, file: file, text: text)
        }
        guard let node = composed else {
            throw CatalogError(file: file, line: 1, message: "the file is empty; expected \(what)")
        }
        return CatalogNode(node: node, file: file, path: "", keyLine: nil)
    }

    /// Converts a Yams error into a located catalog error.
    static func syntaxError(_ error: any Error, file: String, text: String) -> CatalogError {
        guard let yamlError = error as? YamlError else {
            return CatalogError(file: file, message: "cannot read YAML: \(error)")
        }
        switch yamlError {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            var message = "YAML syntax error: \(problem)"
            if let context {
                message += " (\(context.text) at line \(context.mark.line), column \(context.mark.column))"
            }
            message += hint(forLine: mark.line, in: text)
            return CatalogError(file: file, line: mark.line, message: message)
        case .reader(let problem, let offset, _, _):
            let line = offset.map { offset in text.prefix(offset).reduce(1) { $1 == "\n" ? $0 + 1 : $0 } }
            return CatalogError(file: file, line: line, message: "cannot read the file: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let name = duplicates.first ?? "?"
            let first = context.mark.line
            let again = repeatedKeyLine(name, after: first, in: text)
            return CatalogError(
                file: file, line: again ?? first,
                message: "duplicate key \"\(name)\"" + (again != nil ? " (first defined on line \(first))" : ""))
        default:
            return CatalogError(file: file, message: "cannot read YAML: \(yamlError)")
        }
    }

    /// A hint for the most common YAML mistake in a schedule: a cron expression that starts with
    /// `*` is read as an alias unless it is quoted.
    private static func hint(forLine line: Int, in text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return "" }
        if lines[line - 1].prefix(while: { $0 == " " || $0 == "\t" }).contains("\t") {
            return "; indent with spaces, YAML does not allow tabs"
        }
        let content = lines[line - 1].drop { $0 == " " || $0 == "-" }
        if content.hasPrefix("cron:"), content.dropFirst(5).drop(while: { $0 == " " }).hasPrefix("*") {
            return "; quote the cron expression, for example cron: \"*/15 * * * *\""
        }
        return ""
    }

    /// The line on which `key` appears again at the same indentation as on line `first`.
    private static func repeatedKeyLine(_ key: String, after first: Int, in text: String) -> Int? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard first >= 1, first <= lines.count else { return nil }
        let indent = lines[first - 1].prefix { $0 == " " }.count
        for index in first..<lines.count {
            let line = lines[index]
            let lineIndent = line.prefix { $0 == " " }.count
            let content = line.dropFirst(lineIndent)
            if lineIndent == indent, content.hasPrefix("\(key):") || content.hasPrefix("\"\(key)\":") {
                return index + 1
            }
        }
        return nil
    }
}
