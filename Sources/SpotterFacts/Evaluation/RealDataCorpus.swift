public import Foundation

/// Conversations real people wrote, with what each speaker revealed, for `spotter eval facts
/// --msc DIR` and `--persona-chat FILE`. The files are read where they lie; nothing of them
/// is copied into the project.
public struct RealDataCorpus: Sendable {
    /// One turn of a conversation.
    public struct Turn: Sendable, Hashable {
        /// A stable id ("s1-e0-t3").
        public var id: String
        /// The speaker (one per episode and side).
        public var userID: String
        /// What they wrote.
        public var text: String
        /// The facts written down about the speaker from this turn; nil when the corpus labels
        /// people, not turns (persona-chat).
        public var gold: [String]?
        /// The partner's turn just before this one, the question it may answer; nil for a
        /// conversation's first turn.
        public var replyTo: String? = nil
    }

    /// The turns in conversation order.
    public var turns: [Turn]
    /// Per speaker, every fact written down about them (persona-chat: their persona).
    public var people: [String: [String]]

    /// Multi-Session Chat persona summaries: `session_N.jsonl`, one episode a line with a
    /// `dialog` of turns (`id`, `text`, `persona_text`). Turn and speaker ids follow
    /// `facts_msc.py` ("s1-e0-t3", "s1-e0-bot_1"), and the gold facts are `persona_text` cut at
    /// sentence ends.
    public static func msc(sessions: [(number: Int, data: Data)]) throws -> RealDataCorpus {
        var turns: [Turn] = []
        var people: [String: [String]] = [:]
        for session in sessions {
            let lines = session.data.split(separator: UInt8(ascii: "\n"))
            for (episode, line) in lines.enumerated() {
                guard let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                    let dialog = object["dialog"] as? [[String: Any]]
                else { throw CorpusError(message: "session \(session.number) line \(episode + 1): no dialog") }
                for (index, turn) in dialog.enumerated() {
                    let speaker = turn["id"] as? String ?? "?"
                    let user = "s\(session.number)-e\(episode)-\(speaker)"
                    let persona = (turn["persona_text"] as? String) ?? ""
                    let gold = persona.replacingOccurrences(of: "!", with: ".").split(separator: ".")
                        .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }.map {
                            $0 + "."
                        }
                    turns.append(
                        Turn(
                            id: "s\(session.number)-e\(episode)-t\(index)", userID: user,
                            text: turn["text"] as? String ?? "", gold: gold,
                            replyTo: index > 0 ? dialog[index - 1]["text"] as? String : nil))
                    let known = Set((turn["agg_persona_list"] as? [String]) ?? [])
                    if !known.isEmpty || people[user] == nil { people[user] = Array(known).sorted() }
                }
            }
        }
        return RealDataCorpus(turns: turns, people: people)
    }

    /// The conversations of one parity only (`even` true: episodes 0, 2, 4 … of each MSC
    /// session, conversations 0, 2, 4 … of persona-chat), with their speakers: the two halves
    /// a gain must hold on.
    public func half(even: Bool) -> RealDataCorpus {
        func keeps(_ id: String) -> Bool {
            for part in id.split(separator: "-") where part.first == "e" || part.first == "c" {
                if let number = Int(part.dropFirst()) { return (number % 2 == 0) == even }
            }
            return false
        }
        let kept = turns.filter { keeps($0.id) }
        let speakers = Set(kept.map(\.userID))
        return RealDataCorpus(turns: kept, people: people.filter { speakers.contains($0.key) })
    }

    /// Synthetic-Persona-Chat: a CSV of (user 1 personas, user 2 personas, conversation), the
    /// conversation as `User 1:` / `User 2:` lines. Gold facts are per person (the persona).
    public static func personaChat(csv: String) throws -> RealDataCorpus {
        var rows = CSVReader.rows(csv)
        guard !rows.isEmpty else { throw CorpusError(message: "empty CSV") }
        rows.removeFirst()  // the header
        var turns: [Turn] = []
        var people: [String: [String]] = [:]
        for (number, row) in rows.enumerated() where row.count >= 3 {
            let users = ["c\(number)-user1", "c\(number)-user2"]
            for side in 0..<2 {
                people[users[side]] = row[side].split(whereSeparator: \.isNewline)
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            }
            var previous: String? = nil
            for (index, line) in row[2].split(whereSeparator: \.isNewline).enumerated() {
                let side: Int
                var text = Substring(line)
                if text.hasPrefix("User 1:") {
                    side = 0
                } else if text.hasPrefix("User 2:") {
                    side = 1
                } else {
                    continue
                }
                text = text.dropFirst(7)
                let said = text.trimmingCharacters(in: .whitespaces)
                turns.append(
                    Turn(id: "c\(number)-t\(index)", userID: users[side], text: said, gold: nil, replyTo: previous))
                previous = said
            }
        }
        return RealDataCorpus(turns: turns, people: people)
    }
}

/// A corpus file that cannot be read as its format.
public struct CorpusError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, with where.
    public var message: String
    /// The message.
    public var description: String { message }
}

/// RFC 4180 CSV: quoted fields may hold commas, newlines and doubled quotes.
enum CSVReader {
    static func rows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var iterator = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        while let scalar = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if scalar == "\"" {
                    let next = iterator.next()
                    if next == "\"" {
                        field.unicodeScalars.append("\"")
                    } else {
                        quoted = false
                        pending = next
                    }
                } else {
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"": quoted = true
            case ",":
                row.append(field)
                field = ""
            case "\n":
                row.append(field)
                rows.append(row)
                row = []
                field = ""
            case "\r": break
            default: field.unicodeScalars.append(scalar)
            }
        }
        if !field.isEmpty || !row.isEmpty {
            row.append(field)
            rows.append(row)
        }
        return rows
    }
}
