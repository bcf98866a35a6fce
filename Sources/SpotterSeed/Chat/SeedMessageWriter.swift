/// Writes one conversation's client messages from the person's persona: facts first introduced,
/// then re-mentioned in other words, updated late in the conversation ("my knee doesn't hurt
/// anymore"), mixed with small talk, questions and workout feedback, sometimes in the client's
/// own language.
struct SeedMessageWriter {
    let persona: SeedPersona
    let assistant: Bool
    var random: SeedRandom
    private var mentions: [Int]
    private var updated: Set<Int> = []

    init(persona: SeedPersona, assistant: Bool, random: SeedRandom) {
        self.persona = persona
        self.assistant = assistant
        self.random = random
        self.mentions = Array(repeating: 0, count: persona.facts.count)
    }

    /// The next client message; `progress` runs from 0 to 1 through the conversation.
    mutating func next(progress: Double, first: Bool, afterGap: Bool) -> (body: String, topic: SeedTopic, foreign: Bool)
    {
        if afterGap, random.chance(0.35) {
            return (decorate(random.pick(SeedChatLines.comebacks), style: .plain), .comeback, false)
        }
        let foreignLanguage = persona.language != "en"
        let allMentioned = !mentions.contains(0)
        let factWeight: Double = persona.facts.isEmpty ? 0 : allMentioned ? 22 : 55
        let weights: [Double] = [factWeight, 14, assistant ? 20 : 10, assistant ? 6 : 14]
        switch random.weightedIndex(weights) {
        case 0:
            return factMessage(progress: progress, first: first)
        case 1:
            if foreignLanguage, random.chance(0.3), let lines = SeedChatLines.foreignSmallTalk[persona.language] {
                return (random.pick(lines), .smallTalk, true)
            }
            return (random.pick(SeedChatLines.smallTalk), .smallTalk, false)
        case 2:
            if foreignLanguage, random.chance(0.15), let question = SeedChatLines.foreignQuestions[persona.language] {
                return (question, .question(0), true)
            }
            let index = random.below(SeedChatLines.questions.count)
            return (
                decorate(SeedChatLines.questions[index].question, first: first, style: .question), .question(index),
                false
            )
        default:
            return (decorate(random.pick(SeedChatLines.feedback), style: .plain), .feedback, false)
        }
    }

    private mutating func factMessage(progress: Double, first: Bool) -> (body: String, topic: SeedTopic, foreign: Bool)
    {
        let foreignLanguage = persona.language != "en"
        if progress >= 0.45, random.chance(0.5),
            let index = persona.facts.indices.first(where: {
                persona.facts[$0].update != nil && mentions[$0] > 0 && !updated.contains($0)
            })
        {
            updated.insert(index)
            mentions[index] += 1
            let fact = persona.facts[index]
            if foreignLanguage, let foreign = fact.foreignUpdate, random.chance(0.4) {
                return (foreign, fact.updateTopic, true)
            }
            return (decorate(fact.update ?? "", first: first), fact.updateTopic, false)
        }
        let index = pickFact()
        let fact = persona.facts[index]
        mentions[index] += 1
        if foreignLanguage, let foreign = fact.foreign, random.chance(0.3) {
            return (foreign, fact.topic, true)
        }
        var text = phrasing(of: index)
        if persona.facts.count > 1, random.chance(0.12) {
            let other = pickFact()
            if other != index {
                mentions[other] += 1
                text += random.pick(SeedChatLines.joiners).replacingFirstLetter(of: phrasing(of: other))
            }
        }
        let topic = updated.contains(index) ? fact.updateTopic : fact.topic
        return (decorate(text, first: first), topic, false)
    }

    /// Unmentioned facts first, most of the time.
    private mutating func pickFact() -> Int {
        let fresh = persona.facts.indices.filter { mentions[$0] == 0 }
        if !fresh.isEmpty, random.chance(0.75) { return random.pick(fresh) }
        return random.below(persona.facts.count)
    }

    /// The fact as said now: after an update, a re-mention repeats the new state.
    private mutating func phrasing(of index: Int) -> String {
        let fact = persona.facts[index]
        if updated.contains(index), let update = fact.update { return update }
        return random.pick(fact.phrasings)
    }

    /// How much decoration a line takes: statements get a prefix and an ending, questions only
    /// a greeting, plain lines only capitalization.
    private enum Style { case statement, question, plain }

    /// Greeting or prefix, capitalization and an ending, the way people type.
    private mutating func decorate(_ text: String, first: Bool = false, style: Style = .statement) -> String {
        var body = text
        let prefix: String? =
            style != .plain && first && random.chance(0.4)
            ? random.pick(["hi! ", "Hello! ", "hey "])
            : style == .statement && random.chance(0.18) ? random.pick(SeedChatLines.prefixes) : nil
        if random.chance(0.7) { body = SeedText.capitalized(body) }
        if let prefix {
            body =
                prefix.hasSuffix("! ") || prefix.hasSuffix(": ") ? prefix + SeedText.capitalized(text) : prefix + text
        }
        if style == .statement, random.chance(0.3) { body += random.pick(SeedChatLines.suffixes) }
        if random.chance(0.08) { body = body.lowercased() }
        return body
    }
}

extension String {
    /// `self` (a joiner) followed by `next`, capitalized after a full stop.
    fileprivate func replacingFirstLetter(of next: String) -> String {
        hasSuffix(". ") ? self + SeedText.capitalized(next) : self + next
    }
}
