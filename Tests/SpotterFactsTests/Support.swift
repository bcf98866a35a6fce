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

/// Extracts a conversation: one message per line, one minute apart, ids "m0", "m1"…
func conversation(_ lines: [String]) -> [ExtractedFact] {
    lines.enumerated().flatMap { index, text in facts(text, id: "m\(index)", at: Double(index) * 60) }
}
