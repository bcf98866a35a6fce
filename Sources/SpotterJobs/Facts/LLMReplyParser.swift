import Foundation
import SpotterFacts
import SpotterLLM

/// A model reply that cannot be trusted; the whole chunk falls back to the rules.
struct LLMReplyError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, e.g. `fact 2: unknown category "fitness"`.
    var reason: String
    var description: String { "invalid reply: \(reason)" }

    init(_ reason: String) { self.reason = reason }
}

/// Reads a chat-completions reply strictly. `choices[0].message.content` must be one JSON
/// object `{"facts": [...]}` and every fact must have exactly the schema's keys with the
/// schema's types and values; one bad fact rejects the whole reply, because a model that got
/// one fact wrong cannot be trusted with the others.
enum LLMReplyParser {
    /// The keys every fact must have.
    static let requiredKeys: Set<String> = [
        "message_id", "subject", "category", "content", "polarity", "temporal", "confidence",
    ]
    /// Keys a fact may have besides the required ones: `user_id`, which must then name the
    /// author of the fact's message.
    static let optionalKeys: Set<String> = ["user_id"]
    /// The longest accepted content, in characters.
    static let maxContentLength = 300
    /// The longest accepted subject, in characters.
    static let maxSubjectLength = 40

    /// The facts in a whole HTTP response body, attributed to the messages of `chunk`.
    static func facts(responseBody: Data, chunk: [Utterance]) throws(LLMReplyError) -> [ExtractedFact] {
        try facts(content: content(responseBody: responseBody), chunk: chunk)
    }

    /// `choices[0].message.content` of a chat-completions response body.
    static func content(responseBody: Data) throws(LLMReplyError) -> String {
        guard let envelope = LLMJSONValue.parse(responseBody) else {
            throw LLMReplyError("the response body is not JSON")
        }
        guard case .object(let root) = envelope, case .array(let choices)? = root["choices"] else {
            throw LLMReplyError("the response has no \"choices\" array")
        }
        guard case .object(let choice)? = choices.first, case .object(let message)? = choice["message"] else {
            throw LLMReplyError("the response has no choices[0].message")
        }
        guard case .string(let content)? = message["content"] else {
            throw LLMReplyError(
                "choices[0].message.content is \(message["content"]?.typeName ?? "missing"), not a string")
        }
        return content
    }

    /// The facts in the model's `content`, attributed to the messages of `chunk`, in message
    /// order then reply order, at most one per message and slot.
    static func facts(content: String, chunk: [Utterance]) throws(LLMReplyError) -> [ExtractedFact] {
        guard let parsed = LLMJSONValue.parse(Data(content.utf8)) else {
            throw LLMReplyError("the message content is not valid JSON")
        }
        guard case .object(let root) = parsed else {
            throw LLMReplyError("the message content is \(parsed.typeName), not an object")
        }
        if let extra = root.keys.sorted().first(where: { $0 != "facts" }) {
            throw LLMReplyError("unexpected key \(quoted(extra)) in the reply object")
        }
        guard case .array(let items)? = root["facts"] else {
            throw LLMReplyError("\"facts\" is \(root["facts"]?.typeName ?? "missing"), not an array")
        }
        if items.count > max(50, 10 * chunk.count) {
            throw LLMReplyError("\(items.count) facts for \(chunk.count) messages is implausible")
        }
        var positions: [String: Int] = [:]
        for (index, utterance) in chunk.enumerated() where positions[utterance.messageID] == nil {
            positions[utterance.messageID] = index
        }
        let authors = Set(chunk.map(\.userID))
        var placed: [(position: Int, order: Int, fact: ExtractedFact)] = []
        var slots: Set<String> = []
        for (order, item) in items.enumerated() {
            let fact = try self.fact(item, number: order + 1, chunk: chunk, positions: positions, authors: authors)
            guard slots.insert(fact.sourceID + "\u{1F}" + fact.slot).inserted else { continue }
            placed.append((positions[fact.sourceID] ?? 0, order, fact))
        }
        return placed.sorted { ($0.position, $0.order) < ($1.position, $1.order) }.map(\.fact)
    }

    private static func fact(
        _ item: LLMJSONValue, number: Int, chunk: [Utterance], positions: [String: Int], authors: Set<String>
    ) throws(LLMReplyError) -> ExtractedFact {
        let label = "fact \(number)"
        guard case .object(let fields) = item else {
            throw LLMReplyError("\(label) is \(item.typeName), not an object")
        }
        if let extra = fields.keys.sorted().first(where: { !requiredKeys.contains($0) && !optionalKeys.contains($0) }) {
            throw LLMReplyError("\(label) has unexpected key \(quoted(extra))")
        }
        func string(_ key: String) throws(LLMReplyError) -> String {
            guard let value = fields[key] else { throw LLMReplyError("\(label) has no \"\(key)\"") }
            guard case .string(let text) = value else {
                throw LLMReplyError("\(label): \"\(key)\" is \(value.typeName), not a string")
            }
            return text
        }
        let messageID = try string("message_id")
        guard let position = positions[messageID] else {
            throw LLMReplyError("\(label) cites message \(quoted(messageID)), which is not in this chunk")
        }
        let message = chunk[position]
        if fields["user_id"] != nil {
            let userID = try string("user_id")
            guard authors.contains(userID) else {
                throw LLMReplyError("\(label) is about user \(quoted(userID)), who wrote no message in this chunk")
            }
            guard userID == message.userID else {
                throw LLMReplyError("\(label): user \(quoted(userID)) did not write message \(quoted(messageID))")
            }
        }
        let subject = try self.subject(try string("subject"), label: label)
        let categoryText = try string("category")
        guard let named = FactCategory(rawValue: categoryText) else {
            throw LLMReplyError("\(label) has unknown category \(quoted(categoryText))")
        }
        let polarityText = try string("polarity")
        guard let polarity = FactPolarity(rawValue: polarityText) else {
            throw LLMReplyError("\(label) has unknown polarity \(quoted(polarityText))")
        }
        let temporalText = try string("temporal")
        guard let temporal = FactTemporal(rawValue: temporalText) else {
            throw LLMReplyError("\(label) has unknown temporal status \(quoted(temporalText))")
        }
        guard let confidenceValue = fields["confidence"] else { throw LLMReplyError("\(label) has no \"confidence\"") }
        guard case .number(let confidence) = confidenceValue else {
            throw LLMReplyError("\(label): \"confidence\" is \(confidenceValue.typeName), not a number")
        }
        guard confidence.isFinite, (0...1).contains(confidence) else {
            throw LLMReplyError("\(label) has confidence \(confidence), outside 0…1")
        }
        let content = try string("content").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !content.isEmpty else { throw LLMReplyError("\(label) has empty content") }
        guard content.count <= maxContentLength else {
            throw LLMReplyError("\(label) has content of \(content.count) characters, more than \(maxContentLength)")
        }
        // A fact about someone the speaker names is always a relationship fact (see FactCategory).
        let category = subject == "self" ? named : .relationship
        return ExtractedFact(
            FactStatement(
                userID: message.userID, subject: subject, category: category, content: content, polarity: polarity,
                temporal: temporal, confidence: confidence,
                slot: LLMSlotKey.slot(subject: subject, category: category.rawValue, content: content)),
            sourceID: message.messageID, mentionedAt: message.sentAt)
    }

    /// "self", or a relation named in a few lower-case words ("wife", "best friend"); never a
    /// user id, a handle or a pronoun.
    private static func subject(_ raw: String, label: String) throws(LLMReplyError) -> String {
        let subject = raw.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if subject == "self" { return subject }
        guard !subject.isEmpty else { throw LLMReplyError("\(label) has an empty subject") }
        if subject.contains(where: { $0.isNumber || $0 == "@" || $0 == "#" }) {
            throw LLMReplyError("\(label) is about \(quoted(raw)), who is not in this chunk")
        }
        guard subject.count <= maxSubjectLength, subject.split(separator: " ").count <= 3,
            subject.allSatisfy({ $0.isLetter || $0 == " " || $0 == "-" || $0 == "'" }),
            !notRelations.contains(subject)
        else {
            throw LLMReplyError("\(label) has subject \(quoted(raw)), not \"self\" or a relation such as \"wife\"")
        }
        return subject
    }

    /// Words a confused model uses instead of "self", or for no one in particular.
    private static let notRelations: Set<String> = [
        "i", "me", "myself", "speaker", "the speaker", "user", "the user", "assistant", "the assistant", "you",
        "he", "she", "they", "him", "her", "them", "someone", "somebody", "person", "unknown", "none",
    ]

    /// A model-supplied value in quotes, cut to 40 characters, for error messages.
    static func quoted(_ value: String) -> String {
        let cut = value.count > 40 ? String(value.prefix(40)) + "…" : value
        return "\"" + cut.replacingOccurrences(of: "\n", with: " ") + "\""
    }
}
