import Foundation
import SpotterFacts
import Testing

@Suite("Rule extractor: what yields nothing, attribution, robustness")
struct SilenceTests {
    @Test(
        "questions, greetings and small talk yield nothing",
        arguments: [
            "Is it normal that my knee hurts after running?", "how do i fix my posture", "Do I need to warm up?",
            "Hi!", "Thanks so much!", "I'm good, thanks.", "I'll be there at 6.", "I love that!",
            "If my knee hurts I'll stop.", "John said his knee hurts.", "Running is good for you.", "👍",
        ])
    func silent(text: String) {
        #expect(facts(text).isEmpty, "\(text)")
    }

    @Test("the statement before a trailing question still counts")
    func statementBeforeQuestion() throws {
        let found = try #require(fact("My knee hurts, should I still run?"))
        #expect(found.category == .health)
    }

    @Test("idioms: literal words do not mislead")
    func idioms() throws {
        let yoga = try #require(fact("I'm dying to try yoga."))
        #expect(yoga.category == .goal && yoga.temporal == .intended)
        #expect(facts("Break a leg at your race tomorrow!").isEmpty)
        #expect(facts("You're killing it!").isEmpty)
        #expect(try #require(fact("My legs are killing me after leg day.")).category == .health)
    }

    @Test("a named person's fact is theirs, not the speaker's")
    func attribution() throws {
        let wife = try #require(fact("My wife is vegan."))
        #expect(wife.subject == "wife")
        #expect(wife.category == .relationship)
        #expect(wife.slot == "wife|relationship|diet")
        #expect(wife.content == "Wife is vegan")
        let mother = try #require(fact("My mom has diabetes."))
        #expect(mother.subject == "mother")
        let both = facts("My wife is vegan but I eat everything.")
        #expect(both.map(\.subject) == ["wife", "self"])
        #expect(facts("My wife thinks I should see a doctor.").isEmpty)
    }

    @Test(
        "non-English lines yield nothing",
        arguments: [
            "Minha perna dói quando eu corro.", "Ich bin Vegetarier.", "Mi esposa es vegana.", "膝が痛いです。",
            "ركبتي تؤلمني عندما أركض", "אני אוהב לרוץ", "Я люблю бегать.", "मुझे दौड़ना पसंद है।",
        ])
    func foreign(text: String) {
        #expect(facts(text).isEmpty, "\(text)")
    }

    @Test("emoji, RTL marks and accented names do not garble the content")
    func scripts() throws {
        let knee = try #require(fact("My knee 🦵 hurts after squats 😩"))
        #expect(knee.content == "Knee hurts after squats")
        let name = try #require(facts("My name is José and I live in São Paulo.").first)
        #expect(name.content == "Name is José")
        #expect(facts("\u{202B}مرحبا\u{202C} I love running \u{200F}").map(\.category) == [.preference])
        for found in facts("I love running 🏃‍♀️❤️ and I'm vegan 🌱") {
            #expect(!found.content.unicodeScalars.contains { $0.properties.isEmojiPresentation })
        }
    }

    @Test("a 1 MB message returns quickly and only reads its first 4 KiB")
    func longMessage() throws {
        let text = String(repeating: "My knee hurts when I run and I love yoga. ", count: 25_000)
        #expect(text.utf8.count > 1_000_000)
        let clock = ContinuousClock()
        var found: [ExtractedFact] = []
        let elapsed = clock.measure { found = facts(text) }
        #expect(elapsed < .seconds(1))
        #expect(found.count == 2)
        #expect(found.allSatisfy { $0.content.utf8.count <= 120 })
    }

    @Test("binary-looking and malformed input yields nothing and does not crash")
    func garbage() {
        let bytes = (0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }
        #expect(facts(String(decoding: bytes, as: UTF8.self)).isEmpty)
        #expect(facts(String(repeating: "my ", count: 3000)).isEmpty)
        #expect(facts("").isEmpty)
        #expect(facts(String(repeating: "?", count: 10_000)).isEmpty)
    }

    @Test("the limits bound the sentences read")
    func limits() {
        let extractor = RuleExtractor(limits: .init(maxBytes: 4096, maxSentences: 1))
        let found = extractor.extract(
            Utterance(messageID: "m", userID: "u", text: "I love yoga. I hate running.", sentAt: Date()))
        #expect(found.count == 1)
    }
}
