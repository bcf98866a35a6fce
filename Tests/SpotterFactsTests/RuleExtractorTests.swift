import Foundation
import SpotterFacts
import Testing

@Suite("Rule extractor: categories, polarity, temporal status")
struct RuleExtractorTests {
    @Test(
        "each category is recognised",
        arguments: [
            ("My left knee hurts when I run.", FactCategory.health),
            ("I want to run a marathon next year.", .goal),
            ("I hate burpees.", .preference),
            ("I work as a nurse.", .personal),
            ("I'm married with two kids.", .relationship),
            ("I speak Spanish and Portuguese.", .skill),
            ("I go to the gym three times a week.", .habit),
            ("I believe rest days are important.", .belief),
            ("I ran a marathon in 2019.", .experience),
            ("I have a treadmill at home.", .other),
        ])
    func category(text: String, category: FactCategory) throws {
        let found = try #require(fact(text))
        #expect(found.category == category)
        #expect(found.subject == "self")
    }

    @Test("negation makes a fact negative")
    func negation() throws {
        #expect(try #require(fact("I don't drink alcohol.")).polarity == .negative)
        #expect(try #require(fact("I never liked running.")).polarity == .negative)
        #expect(try #require(fact("I'm not diabetic.")).polarity == .negative)
        #expect(try #require(fact("I can't swim.")).polarity == .negative)
        #expect(try #require(fact("I drink coffee every morning.")).polarity == .positive)
    }

    @Test("a dislike or an inability is negative, a like positive")
    func stance() throws {
        #expect(try #require(fact("I hate running.")).polarity == .negative)
        #expect(try #require(fact("I love running.")).polarity == .positive)
        #expect(try #require(fact("I'm terrible at tennis.")).polarity == .negative)
    }

    @Test("cessation is past with the former state's polarity, however it is phrased")
    func cessation() throws {
        let phrasings = ["I used to smoke.", "I no longer smoke.", "I don't smoke anymore.", "I quit smoking."]
        let found = try phrasings.map { try #require(fact($0)) }
        for fact in found {
            #expect(fact.temporal == .past)
            #expect(fact.polarity == .positive)
            #expect(fact.category == .habit)
        }
        #expect(Set(found.map(\.slot)).count == 1, "all four phrasings share one slot")
        let knee = try #require(fact("My knee doesn't hurt anymore."))
        #expect(knee.temporal == .past && knee.category == .health)
    }

    @Test("intentions are goals with temporal intended, negated ones negative")
    func intention() throws {
        for text in [
            "I'm planning to sign up for a triathlon.", "My goal is to lose 10 kg.", "I'd love to do a pull-up.",
            "I'm training for a half marathon.",
        ] {
            let found = try #require(fact(text))
            #expect(found.category == .goal && found.temporal == .intended, "\(text)")
        }
        #expect(try #require(fact("I don't want to bulk up.")).polarity == .negative)
    }

    @Test("a completed event is past, a present perfect state current")
    func tense() throws {
        #expect(try #require(fact("I sprained my right ankle last month.")).temporal == .past)
        #expect(try #require(fact("I've been vegan for three years.")).temporal == .current)
        #expect(try #require(fact("I've had tendonitis in my elbow for months.")).temporal == .current)
    }

    @Test("a hedge lowers the confidence")
    func confidence() throws {
        let plain = try #require(fact("My knee is injured."))
        let hedged = try #require(fact("I think my knee might be injured."))
        #expect(hedged.category == .health)
        #expect(hedged.confidence < plain.confidence)
        #expect((0...1).contains(hedged.confidence) && (0...1).contains(plain.confidence))
    }

    @Test("content is a short self-contained statement")
    func content() throws {
        #expect(try #require(fact("My left knee hurts when I run.")).content == "Left knee hurts when running")
        #expect(try #require(fact("I'm training for a half marathon.")).content == "Training for a half marathon")
        #expect(
            try #require(fact("Every Saturday I play football with friends.")).content
                == "Plays football with friends every saturday")
        #expect(try #require(fact("i love running")).content == "Loves running")
    }

    @Test("left and right knee are different slots; knee and knees the same")
    func slots() throws {
        let left = try #require(fact("My left knee hurts."))
        let right = try #require(fact("My right knee hurts."))
        #expect(left.slot == "self|health|knee-left")
        #expect(left.slot != right.slot)
        #expect(try #require(fact("My knees ache.")).slot == "self|health|knee")
    }

    @Test("several facts in one message, one per slot")
    func multiple() {
        let found = facts("I'm 42, I work in IT and I have two kids.")
        #expect(found.map(\.category) == [.personal, .personal, .relationship])
        #expect(Set(found.map(\.slot)).count == 3)
        #expect(found.allSatisfy { $0.sourceID == "m1" && $0.userID == "u1" })
    }
}
