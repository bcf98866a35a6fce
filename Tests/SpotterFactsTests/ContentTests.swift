import Foundation
import SpotterFacts
import Testing

/// What a fact says (issue 12, "content a trainer can read"): the object kept, filler dropped,
/// numbers and times intact, third person, relative dates resolved against the message time.
@Suite("Fact content")
struct ContentTests {
    @Test("the object of the statement is kept")
    func objectKept() {
        #expect(facts("Rowing is my favourite cardio").map(\.content) == ["Rowing is their favourite cardio"])
        let cycle = facts("I cycle to work every day and love it").map(\.content)
        #expect(cycle.contains("Loves cycling to work"))
        #expect(!cycle.contains("Loves work"))
    }

    @Test("numbers, times and units stay whole")
    func numbers() {
        #expect(fact("I train at 5:30 every morning")?.content.contains("5:30") == true)
        #expect(fact("I'm 34 and weigh 82 kg")?.content == "Is 34 and weighs 82 kg")
        #expect(fact("My goal is 7 strict pull-ups by May")?.content.contains("7 strict pull-ups by May") == true)
    }

    @Test("third person and grammatical")
    func thirdPerson() {
        #expect(fact("I do enjoy cooking")?.content == "Enjoys cooking")
        #expect(fact("I have two jobs")?.content == "Has two jobs")
        #expect(fact("I volunteer at the animal shelter")?.content == "Volunteers at the animal shelter")
        #expect(fact("I like pizza too!")?.content == "Likes pizza")
        // An irregular past takes no -s ("I spoke with my sister" is not "Spokes …").
        for (text, verb) in [
            ("I spoke with my coach about my knee", "Spoke"), ("I sold my old bike", "Sold"),
            ("I paid for a year of classes", "Paid"), ("I threw my back out deadlifting", "Threw"),
        ] {
            let said = facts(text).map(\.content)
            #expect(said.allSatisfy { !$0.hasPrefix(verb + "s") }, "\(text): \(said)")
        }
        // After an emphatic "did", an irregular verb takes its own past ("Got", not "Geted").
        let did = facts("I did get a new bike last summer").map(\.content).joined(separator: " ")
        #expect(!did.contains("Geted") && !did.contains("geted"), "\(did)")
    }

    @Test("relative dates are resolved against the message's time in the author's zone")
    func relativeDates() throws {
        let october17 = try #require(ISO8601DateFormatter().date(from: "2026-10-17T15:00:00Z"))
        func content(_ text: String, at date: Date, zone: String = "UTC") -> [String] {
            RuleExtractor().extract(
                Utterance(
                    messageID: "m", userID: "u", text: text, sentAt: date, timeZone: TimeZone(identifier: zone)!)
            ).map(\.content)
        }
        #expect(content("I hurt my knee last month", at: october17) == ["Hurt their knee in September 2026"])
        #expect(content("Last year I ran a marathon", at: october17) == ["Ran a marathon in 2025"])
        #expect(
            content("I sprained my ankle two weeks ago", at: october17).first?.contains("week of 28 September 2026")
                == true)
        // 02:00 UTC on 1 November is still 31 October in Los Angeles: "yesterday" is the 30th.
        let early = try #require(ISO8601DateFormatter().date(from: "2026-11-01T02:00:00Z"))
        #expect(
            content("I tweaked my back yesterday", at: early, zone: "America/Los_Angeles")
                == ["Tweaked their back on 30 October 2026"])
        #expect(content("I tweaked my back yesterday", at: early) == ["Tweaked their back on 31 October 2026"])
        #expect(content("I'm running a 10k next summer", at: october17).first?.contains("summer 2027") == true)
        // "this summer" in January is the summer ahead, as near as the one that ended; by
        // November it is the one just gone.
        let january = try #require(ISO8601DateFormatter().date(from: "2024-01-15T12:00:00Z"))
        #expect(
            content("Going to try and visit Yellowstone this summer", at: january).first?.contains("summer 2024")
                == true)
        let november = try #require(ISO8601DateFormatter().date(from: "2023-11-15T12:00:00Z"))
        #expect(content("I ran a marathon this summer", at: november).first?.contains("summer 2023") == true)
        // A vague span has no date to name: it is anchored to when it was said.
        #expect(content("I tore my ACL a few years ago", at: october17) == ["Tore their ACL a few years before 2026"])
        #expect(
            content("I lost 15 kg several months ago", at: october17) == [
                "Lost 15 kg several months before October 2026"
            ])
        // After a preposition of its own the date takes no second "in" or "on".
        #expect(
            content("My knee has been sore since last month", at: october17).first?.contains("since September 2026")
                == true)
        #expect(content("I have been vegan since last year", at: october17) == ["Has been vegan since 2025"])
        let deadline = content("I want to lose 5 kg by next summer", at: october17).joined(separator: " ")
        #expect(deadline.contains("by summer 2027") && !deadline.contains("by in"), "\(deadline)")
        let since = content("My back has been stiff since yesterday", at: october17).joined(separator: " ")
        #expect(since.contains("since 16 October 2026") && !since.contains("since on"), "\(since)")
        for text in ["I hurt my knee last month", "I tweaked my back yesterday", "I'm running a 10k next summer"] {
            let words = content(text, at: october17).joined(separator: " ")
            #expect(!words.contains("last month") && !words.contains("yesterday") && !words.contains("next summer"))
        }
    }
}
