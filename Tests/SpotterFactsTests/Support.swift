import Foundation
import SpotterFacts

/// Extracts facts from one message of user "u1" sent at `at` seconds after the epoch.
func facts(_ text: String, id: String = "m1", at seconds: TimeInterval = 0) -> [ExtractedFact] {
    RuleExtractor().extract(
        Utterance(messageID: id, userID: "u1", text: text, sentAt: Date(timeIntervalSince1970: seconds)))
}

/// The only fact of a message; nil when it has none or several.
func fact(_ text: String) -> ExtractedFact? {
    let found = facts(text)
    return found.count == 1 ? found[0] : nil
}

/// The contents of the facts of `answer` (user "u1", a minute after the epoch) read as the reply
/// to `question`, the partner's message before it (nil: none).
func replyContents(_ answer: String, to question: String?) -> [String] {
    RuleExtractor().extract(
        Utterance(messageID: "m2", userID: "u1", text: answer, sentAt: Date(timeIntervalSince1970: 60)),
        replyingTo: question
    ).map(\.content)
}

/// Extracts a conversation: one message per line, one minute apart, ids "m0", "m1"…
func conversation(_ lines: [String]) -> [ExtractedFact] {
    lines.enumerated().flatMap { index, text in facts(text, id: "m\(index)", at: Double(index) * 60) }
}
