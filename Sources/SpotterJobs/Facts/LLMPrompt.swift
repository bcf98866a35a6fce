import Foundation
import SpotterFacts

/// The chat-completions request for one chunk of messages: a system prompt that fixes the
/// reply's JSON schema and the extraction rules, and a user message holding the messages as
/// JSON (so a message's own line breaks or quotes can never be mistaken for the prompt's).
struct LLMPrompt {
    /// The instructions; the same for every request, so a server can cache them.
    static let system: String = """
        You extract durable facts about people from chat messages that a person wrote to their \
        fitness coach or assistant. Each message below was written by the same person, "the speaker".

        Reply with one JSON object and nothing else, exactly of this shape:
        {"facts": [{"message_id": "<id of the message the fact comes from>", "subject": "self", \
        "category": "health", "content": "Left knee hurts when running", "polarity": "positive", \
        "temporal": "current", "confidence": 0.9}]}

        Rules:
        - Only facts the speaker states about themselves (subject "self") or about someone they name \
        (subject is the relation in lower case: "wife", "son", "coach", "best friend"). Never facts \
        about the assistant or the coach's advice, never guesses.
        - message_id: a string, copied exactly from the "id" of the message the fact comes from.
        - category: one of \(FactCategory.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")). \
        A fact about someone other than the speaker is always "relationship".
        - content: one short, self-contained statement without "I" or "my", at most 300 \
        characters, e.g. "Left knee hurts when running", "Wants to run a marathon", "Wife is vegan".
        - polarity: "positive" when affirmed, "negative" when negated, disliked or unable \
        ("hates burpees", "can't swim").
        - temporal: "current" (holds now), "past" (held before and no longer does, or a completed \
        event: "used to smoke", "ran a marathon in 2019") or "intended" (wanted, planned, aimed for).
        - confidence: a number from 0 to 1; plain first-person statements score highest, hedges \
        ("I think", "maybe") lower.
        - Questions, greetings, small talk, hypotheticals and requests yield no facts. When no \
        message states a fact, reply {"facts": []}.
        - No other keys, no comments, no markdown.
        """

    /// The user message: `{"messages": [{"id": …, "text": …}, …]}`, each text cut to
    /// `maxCharacters`.
    static func user(_ chunk: [Utterance], maxCharacters: Int) -> String {
        var object: [[String: String]] = []
        object.reserveCapacity(chunk.count)
        for utterance in chunk {
            let text =
                utterance.text.count > maxCharacters ? String(utterance.text.prefix(maxCharacters)) : utterance.text
            object.append(["id": utterance.messageID, "text": text])
        }
        return "Messages:\n" + encode(["messages": object])
    }

    /// How the reply's format is asked for.
    enum ReplyFormat: Sendable {
        /// `{"type": "json_schema", …}` with ``replySchema``: a server that supports it
        /// (llama.cpp, vLLM, OpenAI) constrains the model's tokens to the schema, so a small
        /// model cannot echo the input or wander off into prose.
        case schema
        /// `{"type": "json_object"}`: for servers that refuse a schema.
        case object
    }

    /// The request body: model, temperature 0, `max_tokens`, the reply format, system + user
    /// messages; keys sorted, so the same chunk always gives the same bytes.
    static func body(model: String, chunk: [Utterance], maxCharacters: Int, maxTokens: Int, format: ReplyFormat)
        -> Data
    {
        let responseFormat: [String: Any] =
            switch format {
            case .schema:
                ["type": "json_schema", "json_schema": ["name": "facts", "strict": true, "schema": replySchema]]
            case .object: ["type": "json_object"]
            }
        let request: [String: Any] = [
            "model": model, "temperature": 0, "max_tokens": maxTokens, "response_format": responseFormat,
            "messages": [
                ["role": "system", "content": system],
                ["role": "user", "content": user(chunk, maxCharacters: maxCharacters)],
            ],
        ]
        return
            (try? JSONSerialization.data(withJSONObject: request, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
    }

    /// The JSON Schema of a reply: what the system prompt describes, as a server can enforce it.
    static var replySchema: [String: Any] {
        let fact: [String: Any] = [
            "type": "object", "additionalProperties": false,
            "required": ["message_id", "subject", "category", "content", "polarity", "temporal", "confidence"],
            "properties": [
                "message_id": ["type": "string"],
                "subject": ["type": "string"],
                "category": ["type": "string", "enum": FactCategory.allCases.map(\.rawValue)],
                "content": ["type": "string", "maxLength": 300],
                "polarity": ["type": "string", "enum": ["positive", "negative"]],
                "temporal": ["type": "string", "enum": ["current", "past", "intended"]],
                "confidence": ["type": "number", "minimum": 0, "maximum": 1],
            ],
        ]
        return [
            "type": "object", "additionalProperties": false, "required": ["facts"],
            "properties": ["facts": ["type": "array", "items": fact]],
        ]
    }

    private static func encode(_ value: [String: [[String: String]]]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{\"messages\": []}" }
        return String(decoding: data, as: UTF8.self)
    }
}
