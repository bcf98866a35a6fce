import ArgumentParser
import Foundation
import SpotterDB
import SpotterFacts
import SpotterJobs
import SpotterRendering

/// `spotter facts extract | show | search`.
struct Facts: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Durable facts about people, taken from their own messages.",
        subcommands: [FactsExtract.self, FactsShow.self, FactsSearch.self])
}

/// `spotter facts extract`: JSON Lines of messages in, JSON Lines of facts out; no database.
struct FactsExtract: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Extract facts from JSON Lines messages on stdin (no database needed).",
        discussion: """
            Input: one message per line, {"id": "m1", "user_id": "u1", "text": "…", "sent_at": \
            "2026-09-21T08:00:00Z"} (ids may be integers; a user's lines in order; blank lines are skipped).

            Output: one fact per line with source_ids, user_id, subject, category, content, polarity, \
            temporal, confidence, slot, mention_count, first_mentioned_at, last_mentioned_at, valid_from, \
            valid_to and extractor. Each user's messages are merged as the extract_facts job merges them: \
            re-mentions count once per message, and a contradicting later statement replaces the earlier \
            fact. Only facts that still hold are printed, unless --history also prints replaced ones \
            (valid_to set).

            Conversation context: a message answering a question is read against it ("Do you like \
            hiking?" → "Yeah!" gives "Likes hiking"). The message answered is the one the optional \
            "reply_to" field names (an id in the same input); without it, the line just before, when \
            another user wrote it (a conversation exported in order). --no-context reads every message \
            alone.

            A malformed line is reported on stderr as "line N: …" and skipped; the other lines still \
            run. Exit status: 0 when every line was read, 1 when some were skipped, 2 when the input \
            cannot be opened.
            """)

    @Option(name: .long, help: "Read messages from this file instead of stdin ('-': stdin).")
    var input: String = "-"

    @Flag(name: .long, help: "Also print facts a later message replaced (their valid_to is set).")
    var history = false

    @Flag(name: .long, help: "Read every message alone: no reply_to, no previous line as context.")
    var noContext = false

    func run() throws {
        var messages: [FactLines.Message] = []
        var skipped = 0
        var number = 0
        func read(_ line: Substring) {
            number += 1
            let text = line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
            switch FactLines.parse(text, number: number) {
            case .success(let message?): messages.append(message)
            case .success(nil): break
            case .failure(let error):
                skipped += 1
                FileHandle.standardError.write(Data("spotter: \(error)\n".utf8))
            }
        }
        if input == "-" {
            while let line = Swift.readLine(strippingNewline: true) { read(Substring(line)) }
        } else {
            guard let data = FileManager.default.contents(atPath: input) else {
                throw CommandFailure(message: "cannot read --input \(input)", exitCode: 2)
            }
            var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            if lines.last?.isEmpty == true { lines.removeLast() }
            for line in lines { read(line) }
        }
        let read = noContext ? messages : FactLines.withContext(messages, previousLine: true)
        for fact in FactLines.facts(for: read, includeHistory: history) {
            print(FactLines.encode(fact))
        }
        if skipped > 0 {
            throw CommandFailure(message: "\(skipped) of \(number) lines were skipped (reported above)", exitCode: 1)
        }
    }
}

/// `spotter facts show USER`: a person's current facts, grouped by category, with sources.
struct FactsShow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print a person's current facts by category, with their source messages.",
        discussion: """
            Facts whose every source message was deleted are not shown (as in the current_facts view), \
            and deleted messages are never quoted.
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The user id.")
    var user: String

    @Option(help: "Source messages quoted per fact (the latest).")
    var sources: Int = 3

    @Option(help: "Replaced statements listed at the end.")
    var replaced: Int = 5

    func validate() throws {
        guard sources >= 0, replaced >= 0 else { throw ValidationError("--sources and --replaced must be ≥ 0") }
    }

    func run() async throws {
        let userID = try userID(argument: user)
        let logger = try options.makeLogger()
        let connection = try await options.connect(logger: logger)
        let sheet: FactSheet?
        do {
            sheet = try await connection.withSession { try FactSheet.load(userID: userID, in: $0) }
        } catch let error as UnreadableID {
            await connection.close()
            throw CommandFailure(message: "USER: \(error.message)", exitCode: 2)
        } catch {
            await connection.close()
            throw error
        }
        await connection.close()
        guard let sheet else { throw CommandFailure(message: "no user with id \(userID)") }
        print(sheet.render(maxSources: sources, maxReplaced: replaced))
    }
}
