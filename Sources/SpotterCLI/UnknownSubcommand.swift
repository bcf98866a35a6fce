import ArgumentParser
import SpotterCatalog

/// A misspelt subcommand (`spotter run nightlly`), caught before parsing: the parser would
/// otherwise read the word as a stray argument of the parent and complain about whatever option
/// follows it ("Unknown option '--database'").
enum UnknownSubcommand {
    /// The error line for the first word of `arguments` (without the program name) that should
    /// name a subcommand of the command before it and names none; nil when every such word does.
    static func problem(in arguments: [String]) -> String? {
        var subcommands = Spotter.configuration.subcommands
        var hasDefault = Spotter.configuration.defaultSubcommand != nil
        var path = ["spotter"]
        for word in arguments {
            guard !subcommands.isEmpty, !word.hasPrefix("-") else { return nil }
            let names = subcommands.map(name(of:))
            if let index = names.firstIndex(of: word) {
                let configuration = subcommands[index].configuration
                subcommands = configuration.subcommands
                hasDefault = configuration.defaultSubcommand != nil
                path.append(word)
                continue
            }
            guard word != "help" else { return nil }
            // With a default subcommand the word may be that subcommand's argument.
            let hint = closestMatch(to: word, among: names)
            if hasDefault, hint == nil { return nil }
            let known = "\(path.joined(separator: " ")) has: \(names.joined(separator: ", "))"
            return "unknown command '\(word)'; "
                + (hint.map { "did you mean '\(path.joined(separator: " ")) \($0)'? " } ?? "")
                + known
        }
        return nil
    }
}

/// The name `command` is called by.
private func name(of command: any ParsableCommand.Type) -> String {
    command.configuration.commandName ?? command._commandName
}
