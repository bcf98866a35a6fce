import Foundation
import SpotterFacts
import Testing

/// Content a trainer reads wrong (issue 12, eleventh round): a status after an age lost its verb,
/// a dash or a numbered sentence ran two statements together, a phrase before "I" was dropped,
/// a message said one thing twice, a plan for tonight read as a current fact. Sentences written
/// here in the shape of real messages, never copied from the data.
@Suite("Content bugs, eleventh round")
struct ContentBugEleventhTests {
    private func contents(_ text: String) -> [String] { facts(text).map(\.content) }

    @Test("a status after the speaker's copula and 'and' keeps the copula; a second verb after an adverb takes the -s")
    func sharedCopula() {
        #expect(contents("I'm 27 and single") == ["Is 27 years old", "Is single"])
        #expect(contents("I am 65 and retired") == ["Is 65 years old", "Is retired"])
        #expect(contents("I'm 27 and married with two kids") == ["Is 27 years old", "Is married with two kids"])
        #expect(contents("I am 30 and still live with my parents") == ["Is 30 and still lives with their parents"])
        #expect(contents("I'm 34 and weigh 82 kg") == ["Is 34 and weighs 82 kg"])
        // A verb of its own is not a status: "and I love to run" stays its own statement.
        #expect(contents("I'm 40 and I love to run") == ["Is 40 years old", "Loves to run"])
    }

    @Test("a dash between words parts two clauses; a hyphen inside a word stays")
    func dashes() {
        #expect(contents("I do--I have a dog named Max") == ["Has a dog named Max"])
        #expect(contents("I do - I have a dog named Max") == ["Has a dog named Max"])
        #expect(contents("I'm a part-time nurse") == ["Is a part-time nurse"])
    }

    @Test("a period after a single digit ends the sentence; a decimal point does not")
    func sentenceAfterDigit() {
        let found = contents("I am 5. Some days I feel like a grown up.")
        #expect(found.first == "Is 5 years old")
        #expect(found.allSatisfy { !$0.contains("Some days") }, "\(found)")
        #expect(contents("I ran 3.5 miles this morning").first?.hasPrefix("Ran 3.5 miles") == true)
    }

    @Test("a fact another fact of the same message says with more words is not stored beside it")
    func restated() {
        #expect(contents("Yes, I cook. I cook kosher foods only.") == ["Cooks kosher foods only"])
        #expect(!replyContents("Yes! I cook kosher foods only.", to: "Do you cook?").contains("Cooks"))
        // Different things stay: a name and the pet's own fact are not restatements of each other.
        #expect(contents("I have a dog. I love hiking.") == ["Has a dog", "Loves hiking"])
    }

    @Test("a phrase before 'I' with 'my' or a year moves to the end; 'we' after it is no statement of the speaker's")
    func leadingPhrases() {
        #expect(contents("In my youth I ran a few marathons") == ["Ran a few marathons in their youth"])
        #expect(contents("In my 30s I ran a few marathons") == ["Ran a few marathons in their 30s"])
        #expect(contents("In 2010 I ran a marathon") == ["Ran a marathon in 2010"])
        #expect(contents("In my town we have a huge farmers market every Sunday").isEmpty)
        #expect(contents("In my family we love camping").isEmpty)
        #expect(contents("At my house we have three cats") == ["Has three cats"])
    }

    @Test("the speaker's own 'I do' or 'I don't' after a question of their own message answers it")
    func selfAnswers() {
        #expect(replyContents("Do you like the holidays? I don't.", to: nil) == ["Doesn't like the holidays"])
        #expect(replyContents("Yes, do you like war documentaries? I do", to: nil) == ["Likes war documentaries"])
        #expect(replyContents("Do you practice yoga? I do as well.", to: nil) == ["Practices yoga"])
        // No stance of the speaker's own: nothing read from the question.
        #expect(replyContents("Do you play video games? I like them.", to: nil).isEmpty)
        #expect(replyContents("Do you like dogs?", to: nil).isEmpty)
        // A "yes" before the partner's question is skipped as a lead-in.
        #expect(replyContents("Yeah!", to: "Yes, do you like hiking?") == ["Likes hiking"])
    }

    @Test("a month or a weekday typed in lower case is capitalised; 'may' and 'march' only as dates")
    func calendarNames() {
        #expect(
            facts("my goal is 4 strict pull-ups by january").first?.content == "Goal is 4 strict pull-ups by January")
        #expect(facts("i'm free on tuesdays and thursdays").first?.content == "Is free on Tuesdays and Thursdays")
        #expect(
            facts("I want to run a half marathon by march 2027").first?.content
                == "Wants to run a half marathon by March 2027")
        #expect(facts("I march in the band.").first?.content == "Marches in the band")
    }

    @Test("'… back' and 'a couple of … ago' are resolved like '… ago', before or after the statement")
    func moreRelativeDates() throws {
        let october17 = try #require(ISO8601DateFormatter().date(from: "2026-10-17T15:00:00Z"))
        func content(_ text: String) -> [String] {
            RuleExtractor().extract(Utterance(messageID: "m1", userID: "u1", text: text, sentAt: october17)).map(
                \.content)
        }
        #expect(content("I had ACL surgery two years back.") == ["Had ACL surgery in 2024"])
        #expect(content("I had knee surgery 3 months back.") == ["Had knee surgery in July 2026"])
        #expect(content("I had ACL surgery a few years back.") == ["Had ACL surgery a few years before 2026"])
        #expect(content("I ran a marathon a couple of years ago.") == ["Ran a marathon in 2024"])
        #expect(content("A couple of years ago I ran a marathon.") == ["Ran a marathon in 2024"])
        // "back" after anything but a span of time stays as written.
        #expect(content("I stepped two feet back.") == ["Stepped two feet back"])
    }

    @Test("chat filler is no part of a slot's topic, so a re-mention with 'lol' merges")
    func fillerIsNoTopic() {
        let plain = facts("my dog needs long walks so i walk a lot")
        let filler = facts("hey my dog needs long walks so I walk a lot lol")
        #expect(plain.map(\.content) == filler.map(\.content))
        #expect(plain.map(\.slot) == filler.map(\.slot), "\(plain.map(\.slot)) \(filler.map(\.slot))")
        #expect(filler.allSatisfy { !$0.slot.contains("lol") })
    }

    @Test("what the speaker will do next ('I'll need to', 'I'll try to') is no aim; a dated plan with 'will' is")
    func willIsNoAim() {
        #expect(facts("I'll need to add it to my list.").isEmpty)
        #expect(facts("I'll try to get pictures.").isEmpty)
        let plan = facts("I will run a 10k next summer.")
        #expect(plan.first?.category == .goal && plan.first?.temporal == .intended, "\(plan.map(\.content))")
        // Issue 33: "add it" says nothing alone, so the contrast is shown with a named object.
        #expect(facts("I need to add squats to my list.").isEmpty == false)
    }

    @Test("a progressive with tonight, later or this weekend is a plan; 'I am going' reads as 'I'm going'")
    func plansForLaterToday() {
        let circus = facts("I'm going to the circus tonight with my kids")
        #expect(circus.first?.temporal == .intended)
        #expect(circus.first?.content.hasPrefix("Going to the circus") == true)
        #expect(facts("I'm going to the gym later").first?.temporal == .intended)
        let concert = facts("I am going to a concert this weekend")
        #expect(concert.first?.temporal == .intended)
        #expect(concert.first?.content.hasPrefix("Going to a concert") == true, "\(concert.map(\.content))")
        // Without a time to come it is what they do now.
        #expect(facts("I'm going to school to be a nurse").first?.temporal == .current)
    }
}
