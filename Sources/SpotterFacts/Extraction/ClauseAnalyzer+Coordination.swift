// Coordinated objects of a like or a dislike that the clause splitter cut off: "I like wine and
// dancing too" gives the conjunct "dancing too", an object of its own ("Likes dancing"), as
// readers write it down. Measured and left alone (docs/facts.md): splitting the objects within
// one clause ("Likes wine and coffee" → two facts; readers keep the pair as often as not), and
// lists run on after a comma ("I enjoy reading, cooking and hiking": fine on msc-valid, but
// persona-chat F1 0.212 → 0.209).

extension ClauseAnalyzer {
    /// Pairs joined by "and" that name one thing.
    private static let compounds: Set<String> = [
        "rock-roll", "mac-cheese", "salt-pepper", "black-white", "fish-chips", "r-b", "pb-j", "peanut-jelly",
        "bread-butter", "arts-crafts", "cookies-cream", "hip-hop", "country-western", "sweet-sour",
        "rhythm-blues", "pros-cons", "trial-error", "up-down", "back-forth", "on-off", "b-w",
    ]

    /// The spans of the objects in words[`start`..<`end`], split at each "and" that joins two
    /// objects: not a new subject ("… and we"), not a second verb ("… and work hard"), not a
    /// compound ("rock and roll"). One span when there is nothing to split.
    static func objectSpans(_ words: [Token], from start: Int, to end: Int) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var lower = start
        var index = start + 1
        while index + 1 < end {
            defer { index += 1 }
            guard words[index].key == Words.and else { continue }
            let before = words[index - 1]
            let next = words[index + 1]
            guard TopicKey.isContent(next) || next.hasSuffix("ing"), !Anchor.startsSubject(next),
                !otherSubjects.contains(next.key), !next.flags.intersects([.auxiliary, .objectPronoun, .pastForm]),
                !ContentWriter.isBaseVerb(next),
                !compounds.contains(before.text + "-" + next.text),
                words[lower..<index].contains(where: { TopicKey.isContent($0) || $0.hasSuffix("ing") })
            else { continue }
            spans.append(lower..<index)
            lower = index + 1
        }
        spans.append(lower..<end)
        return spans
    }
}

/// More objects of the like in the clause before, cut off as a conjunct: "I like wine and dancing
/// too" → "dancing too", which shares the stance ("Likes").
enum ListContinuation {
    private static let echoes: Set<WordKey> = Lexicon.keys("too also either")

    /// The contents and topics of `words` read as more objects of `stance` ("Enjoys"), or nil
    /// when the clause opens with a subject, a verb or anything but a short object.
    static func drafts(
        of words: [Token], isConjunct: Bool, after stance: FactDraft, prefix: String, writer: ContentWriter
    ) -> [FactDraft]? {
        var start = 0
        while start < words.count, words[start].flags.intersects([.discourse, .filler]) { start += 1 }
        guard start < words.count else { return nil }
        let first = words[start]
        guard TopicKey.isContent(first) || first.hasSuffix("ing"), !Anchor.startsSubject(first),
            !first.flags.intersects([.likeVerb, .dislikeVerb, .pastForm, .auxiliary, .objectPronoun, .listener]),
            !ContentWriter.isBaseVerb(first)
        else { return nil }
        var end = words[start...].firstIndex { $0.flags.contains(.clauseBreak) } ?? words.count
        // "… and dancing too", "… as well": the echo points at the partner's message.
        if end - start > 1, echoes.contains(words[end - 1].key) { end -= 1 }
        if end - start > 2, words[end - 2].key == Words.as, words[end - 1].key == WordKey("well") { end -= 2 }
        // Only a conjunct: what follows a comma after a like is more often a comment on it
        // ("…, probably too much", "…, especially red") than more of a list.
        let spans = ClauseAnalyzer.objectSpans(words, from: start, to: end)
        guard isConjunct, spans.allSatisfy({ $0.count >= 1 && $0.count <= 3 }) else { return nil }
        return spans.compactMap { span in
            guard let topic = TopicKey.words(words, from: span.lowerBound, limit: 1, stopAt: span.upperBound) else {
                return nil
            }
            var object = writer.write(words, from: span.lowerBound, to: span.upperBound)
            if !words[span.lowerBound].isCapitalized, let initial = object.first {
                object = initial.lowercased() + object.dropFirst()
            }
            var draft = stance
            draft.topic = topic
            draft.content = prefix + " " + object
            draft.confidence = min(stance.confidence, 0.7)
            return draft
        }
    }
}
