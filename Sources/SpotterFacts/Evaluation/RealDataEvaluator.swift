public import Foundation

/// Scores a fact extractor (the rules by default) on a ``RealDataCorpus`` the way `facts_msc.py` does: each
/// speaker's turns are extracted and merged as `spotter facts extract` merges them, every fact
/// that still holds counts for each turn it cites, and a turn's facts are matched one-to-one
/// to the facts written down from it (``TokenMatch``).
public enum RealDataEvaluator {
    /// The instant every turn is sent at, as in the script (the corpora carry no times).
    public static let sentAt = Date(timeIntervalSince1970: 1_704_110_400)  // 2024-01-01T12:00:00Z

    /// Extracts with the rules (each turn read as a reply to the turn before it) and merges, then scores; `examples` bounds the misses and false
    /// facts kept.
    public static func evaluate(
        _ corpus: RealDataCorpus, extractor: RuleExtractor = RuleExtractor(), examples: Int = 8
    ) -> RealDataEvaluation {
        evaluate(corpus, extracted: ruleFacts(corpus, extractor: extractor), categorizer: extractor, examples: examples)
    }

    /// What the rules extract from each speaker's turns, each turn read as a reply to the turn before it.
    public static func ruleFacts(_ corpus: RealDataCorpus, extractor: RuleExtractor = RuleExtractor())
        -> [String: [ExtractedFact]]
    {
        var extracted: [String: [ExtractedFact]] = [:]
        var replies: [String: String] = [:]
        for turn in corpus.turns { if let previous = turn.replyTo { replies[turn.id] = previous } }
        for speaker in speakers(of: corpus) {
            extracted[speaker.userID] = speaker.messages.flatMap {
                extractor.extract($0, replyingTo: replies[$0.messageID])
            }
        }
        return extracted
    }

    /// Every candidate fact the rules draw from each turn (each read as a reply to the turn
    /// before it), before the acceptance model chooses, as JSON Lines: `turn`, `user`, `content`,
    /// `category`, `origin`, `probability` and the model's `features`. What
    /// `eval/train_fact_acceptance.py` learns from.
    public static func candidateLines(_ corpus: RealDataCorpus, extractor: RuleExtractor = RuleExtractor())
        -> [String]
    {
        var replies: [String: String] = [:]
        for turn in corpus.turns { if let previous = turn.replyTo { replies[turn.id] = previous } }
        var lines: [String] = []
        for speaker in speakers(of: corpus) {
            for message in speaker.messages {
                for candidate in extractor.candidates(message, replyingTo: replies[message.messageID]) {
                    let object: [String: Any] = [
                        "turn": message.messageID, "user": speaker.userID, "content": candidate.fact.content,
                        "category": candidate.fact.category.rawValue, "origin": candidate.origin.rawValue,
                        "probability": candidate.probability, "features": candidate.features,
                    ]
                    if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) {
                        lines.append(String(decoding: data, as: UTF8.self))
                    }
                }
            }
        }
        return lines
    }

    /// Every fact that still holds after merging each speaker's `extracted` facts, with the turn
    /// it was first drawn from: what a trainer would read, in speaker order.
    public static func storedFacts(_ corpus: RealDataCorpus, extracted: [String: [ExtractedFact]])
        -> [StoredFactReading]
    {
        var turns: [String: RealDataCorpus.Turn] = [:]
        for turn in corpus.turns { turns[turn.id] = turn }
        var result: [StoredFactReading] = []
        for speaker in speakers(of: corpus) {
            var nextID: Int64 = 1
            let facts = extracted[speaker.userID] ?? []
            let stored = FactMerger.apply(FactMerger.plan(current: [], extracted: facts), to: [], nextID: &nextID)
            for fact in stored where fact.isOpen {
                let turn = fact.sourceIDs.first.flatMap { turns[$0] }
                var statement = fact.fact.statement
                statement.userID = speaker.userID
                result.append(
                    StoredFactReading(statement, turnID: turn?.id, message: turn?.text, replyTo: turn?.replyTo))
            }
        }
        return result
    }

    /// Each speaker's turns as the messages an extractor reads, speakers in order of first turn.
    public static func speakers(of corpus: RealDataCorpus) -> [(userID: String, messages: [Utterance])] {
        var order: [String] = []
        var byUser: [String: [Utterance]] = [:]
        for turn in corpus.turns {
            if byUser[turn.userID] == nil { order.append(turn.userID) }
            byUser[turn.userID, default: []].append(
                Utterance(messageID: turn.id, userID: turn.userID, text: turn.text, sentAt: sentAt))
        }
        return order.map { ($0, byUser[$0] ?? []) }
    }

    /// Scores facts some extractor (the rules, or the LLM extractor) drew from ``speakers(of:)``,
    /// by speaker: they are merged as `spotter facts extract` merges them, then matched.
    /// `categorizer` gives a written-down fact its category for the per-category recall.
    public static func evaluate(
        _ corpus: RealDataCorpus, extracted: [String: [ExtractedFact]], categorizer: RuleExtractor = RuleExtractor(),
        examples: Int = 8
    ) -> RealDataEvaluation {
        let predicted = predictions(corpus, extracted: extracted)
        var evaluation = RealDataEvaluation()
        let labelledTurns = corpus.turns.filter { $0.gold != nil }
        let goldCategories = labelledTurns.isEmpty ? [:] : categories(of: labelledTurns, extractor: categorizer)
        var missesSeen = 0
        var falseSeen = 0
        for turn in corpus.turns {
            let facts = predicted.byTurn[turn.id] ?? []
            let phenomena = TurnPhenomenon.of(turn.text)
            if let gold = turn.gold {
                let pairs = TokenMatch.pairs(facts.map(\.content), gold)
                var score = RealDataScore()
                score.add(predicted: facts.count, gold: gold.count, matched: pairs.count)
                score.addTurn(detected: !facts.isEmpty, revealed: !gold.isEmpty)
                evaluation.overall.merge(score)
                for phenomenon in phenomena { evaluation.phenomena[phenomenon, default: RealDataScore()].merge(score) }
                let matchedFacts = Set(pairs.map(\.0))
                let matchedGold = Set(pairs.map(\.1))
                for (index, fact) in facts.enumerated() {
                    evaluation.categories[fact.category, default: RealDataScore()].predicted += 1
                    if matchedFacts.contains(index) { evaluation.categories[fact.category]?.matched += 1 }
                }
                for (index, sentence) in gold.enumerated() {
                    let category = goldCategories[sentence] ?? .other
                    evaluation.categories[category, default: RealDataScore()].gold += 1
                    if matchedGold.contains(index) { evaluation.categories[category]?.goldMatched += 1 }
                }
                if matchedGold.count < gold.count, missesSeen < examples * 7, evaluation.misses.count < examples {
                    missesSeen += 1
                    if missesSeen % 7 == 1 { evaluation.misses.append(example(turn, facts, gold)) }
                }
                if matchedFacts.count < facts.count, falseSeen < examples * 7, evaluation.falseFacts.count < examples {
                    falseSeen += 1
                    if falseSeen % 7 == 1 { evaluation.falseFacts.append(example(turn, facts, gold)) }
                }
            } else {
                let revealed = (corpus.people[turn.userID] ?? []).contains { reveals(turn.text, $0) }
                evaluation.overall.addTurn(detected: !facts.isEmpty, revealed: revealed)
                for phenomenon in phenomena {
                    evaluation.phenomena[phenomenon, default: RealDataScore()].addTurn(
                        detected: !facts.isEmpty, revealed: revealed)
                }
            }
        }
        if labelledTurns.isEmpty {
            for (user, persona) in corpus.people.sorted(by: { $0.key < $1.key }) {
                let facts = predicted.byUser[user] ?? []
                let pairs = TokenMatch.pairs(facts.map(\.content), persona)
                evaluation.overall.add(predicted: facts.count, gold: persona.count, matched: pairs.count)
                let matchedFacts = Set(pairs.map(\.0))
                for (index, fact) in facts.enumerated() {
                    evaluation.categories[fact.category, default: RealDataScore()].predicted += 1
                    if matchedFacts.contains(index) { evaluation.categories[fact.category]?.matched += 1 }
                }
                if pairs.count < persona.count, evaluation.misses.count < examples, user.hasSuffix("1") {
                    evaluation.misses.append(
                        RealDataExample(text: "(persona of \(user))", gold: persona, extracted: facts.map(\.content)))
                }
            }
        }
        evaluation.turns = corpus.turns.count
        evaluation.people = corpus.people.count
        return evaluation
    }

    /// A persona sentence counts as revealed by a turn when half its words are in the turn.
    static func reveals(_ text: String, _ persona: String) -> Bool {
        let wanted = TokenMatch.tokens(persona)
        guard !wanted.isEmpty else { return false }
        let present = Set(TokenMatch.tokens(text))
        return Double(wanted.filter(present.contains).count) / Double(wanted.count) >= 0.5
    }

    private static func example(_ turn: RealDataCorpus.Turn, _ facts: [ScoredFact], _ gold: [String])
        -> RealDataExample
    {
        RealDataExample(text: String(turn.text.prefix(240)), gold: gold, extracted: facts.map(\.content))
    }

    /// The category the extractor gives a written-down fact on its own ("I have two jobs." →
    /// personal), so recall can be split by category; `other` when it finds none.
    private static func categories(of turns: [RealDataCorpus.Turn], extractor: RuleExtractor)
        -> [String: FactCategory]
    {
        var result: [String: FactCategory] = [:]
        for sentence in Set(turns.flatMap { $0.gold ?? [] }) {
            let facts = extractor.extract(Utterance(messageID: "g", userID: "g", text: sentence, sentAt: sentAt))
            result[sentence] = facts.first?.category ?? .other
        }
        return result
    }

    struct ScoredFact {
        var content: String
        var category: FactCategory
    }

    /// Every open fact after merging each speaker's facts, by the turns it cites and by speaker.
    private static func predictions(_ corpus: RealDataCorpus, extracted: [String: [ExtractedFact]])
        -> (byTurn: [String: [ScoredFact]], byUser: [String: [ScoredFact]])
    {
        var byTurn: [String: [ScoredFact]] = [:]
        var byUser: [String: [ScoredFact]] = [:]
        for speaker in speakers(of: corpus) {
            var nextID: Int64 = 1
            let facts = extracted[speaker.userID] ?? []
            let stored = FactMerger.apply(FactMerger.plan(current: [], extracted: facts), to: [], nextID: &nextID)
            for fact in stored where fact.isOpen {
                let scored = ScoredFact(content: fact.content, category: fact.category)
                byUser[speaker.userID, default: []].append(scored)
                var seen: Set<String> = []
                for source in fact.sourceIDs where seen.insert(source).inserted {
                    byTurn[source, default: []].append(scored)
                }
            }
        }
        return (byTurn, byUser)
    }
}
