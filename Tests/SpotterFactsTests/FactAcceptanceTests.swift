import Foundation
import SpotterFacts
import Testing

/// Issue 33, second round: a learned acceptance signal over the rules' candidates, and
/// figurative body-part phrases kept out of the health rules.
@Suite("Fact acceptance and body idioms")
struct FactAcceptanceTests {
    private func extractor(weights: [String: Double], threshold: Double) -> RuleExtractor {
        var rules = RuleExtractor()
        rules.acceptance = FactAcceptance(weights: weights, threshold: threshold)
        return rules
    }

    private func contents(_ text: String, with rules: RuleExtractor, replyingTo previous: String? = nil) -> [String] {
        rules.extract(
            Utterance(messageID: "m1", userID: "u1", text: text, sentAt: Date(timeIntervalSince1970: 1_704_110_400)),
            replyingTo: previous
        ).map(\.content)
    }

    @Test("a body part in a figurative phrase is no injury and no restriction")
    func figurativeParts() {
        // What the rules stored before: "Foot: off toes", "Hand: off fingers", "Neck: hurts".
        for message in [
            "I like to stay on my toes.", "I'll keep my fingers crossed for you.", "My commute is a pain in the neck.",
            "Honestly my boss is such a pain in the butt.", "That new bike cost me an arm and a leg.",
            "This job keeps me on my toes.",
        ] {
            let health = facts(message).filter { $0.category == .health }.map(\.content)
            #expect(health.isEmpty, "\(message) → \(health)")
        }
    }

    @Test("a literal pain, injury or restriction of the same parts is still read")
    func literalPartsKept() {
        let literal: [(String, String)] = [
            ("I have a pain in my neck.", "neck"),
            ("My toes hurt after the run.", "toe"),
            ("The doctor told me to stay off my feet for a week.", "foot"),
            ("I broke two fingers last week and I'm keeping my fingers crossed it heals.", "finger"),
            ("My neck is a pain after sleeping wrong, it really hurts.", "neck"),
            ("I dropped a plate on my toes and they hurt.", "toe"),
        ]
        for (message, part) in literal {
            let health = facts(message, at: 1_704_110_400).filter { $0.category == .health }
            #expect(
                health.contains { $0.slot.hasSuffix(part) || $0.slot.contains("|\(part)") }, "\(message) → \(health)")
        }
    }

    @Test("a favourite without its value, or a clause cut from its noun, is not stored")
    func headlessFavorites() {
        // Stored from msc-valid before: "Favorite" ("My favorite! I can not wait!"), "Favorite form
        // of potatoes", "Which is their personal favorite".
        for content in ["Favorite", "Favorite form of potatoes", "Which is their personal favorite"] {
            #expect(
                FactQuality.flaws(content: content, category: .preference, temporal: .current, message: nil)
                    .contains(.referent), "\(content)")
        }
        for content in ["Favorite color is orange", "Favorite would probably be cold brew", "Favorites are Metallica"] {
            #expect(
                FactQuality.flaws(content: content, category: .preference, temporal: .current, message: nil).isEmpty,
                "\(content)")
        }
        #expect(!facts("My favorite! I can not wait!").contains { $0.content == "Favorite" })
        #expect(facts("My favorite color is orange.").map(\.content) == ["Favorite color is orange"])
    }

    @Test("the model drops what it rejects, never a health fact")
    func dropsButKeepsHealth() {
        let rejectAll = extractor(weights: ["bias": -10], threshold: 0.5)
        let acceptAll = extractor(weights: ["bias": 10], threshold: 0.5)
        var plain = RuleExtractor()
        plain.acceptance = nil
        let message = "I work as a nurse and my left knee hurts when I run."
        #expect(contents(message, with: acceptAll) == contents(message, with: plain))
        #expect(contents(message, with: plain).contains("Works as a nurse"))
        #expect(contents(message, with: rejectAll) == ["Left knee hurts when running"])
        // A yes read against the question is judged the same way.
        #expect(contents("Yeah!", with: acceptAll, replyingTo: "Do you like hiking?") == ["Likes hiking"])
        #expect(contents("Yeah!", with: rejectAll, replyingTo: "Do you like hiking?").isEmpty)
    }

    @Test("the model's features say which path drew a candidate and what it leans on")
    func features() {
        let rules = RuleExtractor()
        let reply = rules.candidates(
            Utterance(messageID: "m1", userID: "u1", text: "Yeah!", sentAt: Date(timeIntervalSince1970: 0)),
            replyingTo: "Do you like hiking?")
        #expect(reply.map(\.origin) == [.reply])
        #expect(reply.first?.features["origin=reply"] == 1)
        let own = rules.candidates(
            Utterance(
                messageID: "m1", userID: "u1", text: "I have two dogs and I love it there.",
                sentAt: Date(timeIntervalSince1970: 0)),
            replyingTo: nil)
        let dogs = own.first { $0.fact.content.contains("dogs") }
        #expect(dogs?.features["number"] == 1)
        #expect(dogs?.features["first=has"] == 1)
        #expect(dogs.map { $0.probability > 0 && $0.probability < 1 } == true)
    }

    @Test("when two candidates share a slot, the more specific one is kept, then the more probable")
    func betterFactOfASlot() {
        let message = "I work at a store. I work at the Apple Store in Boston."
        var plain = RuleExtractor()
        plain.acceptance = nil
        let candidates = plain.candidates(
            Utterance(messageID: "m1", userID: "u1", text: message, sentAt: Date(timeIntervalSince1970: 0)),
            replyingTo: nil)
        #expect(candidates.isEmpty, "candidates are scored only with a model")
        // A model that prefers short facts still keeps the named one.
        let short = extractor(weights: ["words=4-5": 3, "words=6-8": -3, "bias": 0], threshold: 0.01)
        for rules in [RuleExtractor(), short] {
            let found = contents(message, with: rules)
            #expect(found.contains { $0.contains("Apple Store") }, "\(found)")
            #expect(!found.contains("Works at a store"), "\(found)")
        }
    }

    @Test("the shipped model is trained and ranks a specific fact over a vague one")
    func shippedModel() {
        let model = FactAcceptance.trained
        #expect(model.weights.count > 20)
        #expect(model.threshold > 0 && model.threshold < 0.5)
        let specific: [String: Double] = [
            "bias": 1, "origin=clause": 1, "category=personal": 1, "first=works": 1, "named": 1, "words=6-8": 1,
        ]
        let vague: [String: Double] = [
            "bias": 1, "origin=clause": 1, "category=preference": 1, "first=would": 1, "has=some": 1,
            "has=things": 1, "has=different": 1, "words=6-8": 1,
        ]
        #expect(model.probability(specific) > model.probability(vague))
        #expect(model.probability(vague) < model.threshold)
        #expect(model.probability(specific) >= model.threshold)
    }
}
