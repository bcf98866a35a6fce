/// What a yes or a no says when read against the question it answers: "Do you like hiking?" →
/// "Yes! Every weekend" states "Likes hiking"; "Do you have kids?" → "No, not yet" states
/// "Doesn't have kids".
///
/// Measured on real conversations (Multi-Session Chat), people write down what such an answer
/// confirms only for a few question shapes: a like or a pastime asked about ("do you like /
/// love / enjoy / play …"), and a possession denied ("do you have …" → "no"). A bare "yes" to
/// "are you …", "have you …" or "do you have …", and "me too" after a statement, were kept far
/// less often than half the time, so they yield nothing.
enum ReplyReader {
    /// The first-person sentence `answer` states about its author when it answers the last
    /// sentence of `question` (the partner's message), or nil.
    static func statement(answering question: String, with answer: Substring) -> String? {
        // The question first: most messages answer none, and its test reads a character or two.
        guard let asked = lastQuestion(in: question) else { return nil }
        guard let stance = stance(of: answer) else { return nil }
        let words = asked.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        var index = 0
        while index < words.count, leadIns.contains(words[index].lowercased()) { index += 1 }
        guard index + 3 < words.count + 1, index + 2 < words.count,
            words[index].lowercased() == "do", words[index + 1].lowercased() == "you"
        else { return nil }
        let verb = words[index + 2].lowercased()
        var rest = words[(index + 3)...].map { word -> String in
            switch word.lowercased() {
            case "your": return "my"
            case "yours": return "mine"
            case "yourself": return "myself"
            default: return String(word)
            }
        }
        while let last = rest.last, trailing.contains(last.lowercased()) { rest.removeLast() }
        guard !rest.isEmpty, rest.count <= 6,
            !rest.contains(where: { refused.contains($0.lowercased()) })
        else { return nil }
        let object = rest.joined(separator: " ")
        switch (verb, stance) {
        case ("like", _), ("love", _), ("enjoy", _), ("play", _):
            return (stance ? "I " : "I don't ") + verb + " " + object
        case ("have", false):
            return "I don't have " + object
        default:
            return nil
        }
    }

    /// True for an answer that starts with a yes, false for a no, nil otherwise.
    static func stance(of answer: Substring) -> Bool? {
        var words: [String] = []
        var current = ""
        for character in answer.prefix(40) {
            if character.isLetter || character == "'" || character == "\u{2019}" {
                current.append(character)
            } else {
                if !current.isEmpty { words.append(current.lowercased()) }
                current = ""
                if words.count >= 3 || character == "." || character == "!" || character == "?" { break }
            }
        }
        if !current.isEmpty && words.count < 3 { words.append(current.lowercased()) }
        guard let first = words.first else { return nil }
        if yes.contains(first) { return true }
        if no.contains(first) { return words.count > 1 && words[1] == "doubt" ? nil : false }
        if first == "i", words.count >= 2 {
            if words[1] == "do" { return words.count == 2 || words[2] != "not" }
            if words[1] == "don't" || words[1] == "don\u{2019}t" { return false }
        }
        return nil
    }

    /// The last sentence of `text` when it is a question ("Do you like dogs?"), without its
    /// question mark.
    static func lastQuestion(in text: String) -> Substring? {
        var end = text.endIndex
        while end > text.startIndex, text[text.index(before: end)].isWhitespace { end = text.index(before: end) }
        guard end > text.startIndex, text[text.index(before: end)] == "?" else { return nil }
        var stop = end
        while stop > text.startIndex, text[text.index(before: stop)] == "?" { stop = text.index(before: stop) }
        var start = stop
        while start > text.startIndex {
            let before = text[text.index(before: start)]
            if before == "." || before == "!" || before == "?" || before == "\n" { break }
            start = text.index(before: start)
        }
        let sentence = text[start..<stop].drop(while: { $0.isWhitespace })
        return sentence.count <= 120 ? sentence : nil
    }

    private static let yes: Set<String> = [
        "yes", "yeah", "yep", "yup", "yea", "ya", "definitely", "absolutely", "sure", "certainly", "totally",
    ]
    private static let no: Set<String> = ["no", "nope", "nah"]
    private static let leadIns: Set<String> = ["so", "and", "well", "oh", "but", "also", "hey", "ok", "okay", "so,"]
    /// Words after the object that are not part of it ("… too", "… at all").
    private static let trailing: Set<String> = ["too", "also", "ever", "much", "then", "now", "either"]
    /// Questions about the conversation or the listener's opinion, not a taste or a possession.
    private static let refused: Set<String> = [
        "you", "me", "him", "her", "them", "it", "that", "this", "those", "these", "or", "time", "plans",
        "idea", "ideas", "tips", "advice", "questions", "question", "luck", "suggestions", "recommendations",
    ]
}
