import Foundation
import SpotterFacts
import Testing

/// One test per class of bad input (issue 12): no fact or a clean one, never a crash, never
/// another person's fact. The messages are written here in the shape of real chat.
@Suite("Bad input")
struct BadInputTests {
    @Test("a 1 MB message costs what its first 4 KiB cost and yields only what they say")
    func hugeMessage() {
        let text = "My left knee hurts when I run. " + String(repeating: "lol this is so long ", count: 55_000)
        #expect(text.utf8.count > 1_000_000)
        let found = facts(text)
        #expect(found.map(\.content) == ["Left knee hurts when running"])
        let pasted = String(repeating: "I love rowing and my wife is vegan. ", count: 30_000)
        let many = facts(pasted)
        #expect(!many.isEmpty && many.count <= 4)
        #expect(many.allSatisfy { $0.content.utf8.count <= 120 })
    }

    @Test("emoji only yields nothing; emoji and filler around a statement are dropped")
    func emoji() {
        #expect(facts("🏋️‍♂️💪🔥😂😂").isEmpty)
        #expect(facts("👍").isEmpty)
        #expect(facts("😂😂😂 lol").isEmpty)
        #expect(fact("honestly I love rowing 🚣‍♀️💪 lol")?.content == "Loves rowing")
        #expect(fact("haha I'm allergic to peanuts lol")?.content == "Is allergic to peanuts")
    }

    @Test("ANSI escapes and control characters never reach the content")
    func controlCharacters() {
        let colored = fact("\u{1B}[31mMy knee hurts\u{1B}[0m when I squat")
        #expect(colored?.content == "Knee hurts when squatting")
        let titled = facts("\u{1B}]0;chat\u{07}I have two dogs")
        #expect(titled.map(\.content) == ["Has two dogs"])
        let bells = fact("I have\u{07} two\u{00} dogs\u{08}")
        #expect(bells?.content == "Has two dogs")
        for found in [colored, bells].compactMap({ $0 }) + titled {
            #expect(!found.content.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
            #expect(!found.content.contains("31m") && !found.content.contains("0m"))
        }
    }

    /// Issue 35, item 10: a sequence's parameters read as words and a line break other than
    /// `\n` glued sentences together ("Knee hurts and", "Wants to lose 5 kg t n").
    @Test("escape sequences of every shape and other line breaks read as the plain message does")
    func controlSequences() {
        let pairs: [(dirty: String, clean: String)] = [
            ("My knee hurts\u{9B}31m when I squat\u{9B}0m", "My knee hurts when I squat"),
            ("I want to lose 5 kg\u{1B}(B by June", "I want to lose 5 kg by June"),
            ("\u{1B}P1;2|tx t n\u{1B}\\I have two dogs", "I have two dogs"),
            ("\u{9D}0;t n\u{9C}I have two dogs", "I have two dogs"),
            ("My knee hurts and\u{0B}I love rowing", "My knee hurts and\nI love rowing"),
            ("My knee hurts and\rI love rowing", "My knee hurts and\nI love rowing"),
            ("I want to lose 5 kg\u{85}I love rowing", "I want to lose 5 kg\nI love rowing"),
            ("My knee hurts and\u{2028}I love rowing", "My knee hurts and\nI love rowing"),
            ("I want to\u{1B}#8 lose 5 kg\u{7F}", "I want to lose 5 kg"),
            ("I\tlove\u{0} rowing\u{1B}[?25l", "I love rowing"),
        ]
        for (dirty, clean) in pairs {
            let expected = facts(clean).map(\.content)
            #expect(!expected.isEmpty, "\(clean.debugDescription) yields a fact")
            #expect(facts(dirty).map(\.content) == expected, "\(dirty.debugDescription)")
        }
    }

    @Test("right-to-left text yields nothing, and bidi marks around English are not content")
    func rightToLeft() {
        #expect(facts("ركبتي تؤلمني عندما أركض").isEmpty)
        #expect(facts("אני אוהב לרוץ כל בוקר").isEmpty)
        #expect(facts("אני טבעוני, I guess").isEmpty)
        let marked = fact("\u{202B}I love swimming\u{202C}")
        #expect(marked?.content == "Loves swimming")
        #expect(marked?.content.unicodeScalars.allSatisfy { $0.isASCII } == true)
    }

    @Test("other languages yield nothing")
    func otherLanguages() {
        for text in [
            "Ich habe seit gestern Knieschmerzen.", "Je cours tous les matins avant le travail.",
            "Eu sou vegetariano há dez anos.", "Мне нравится плавать по утрам.", "我每天早上跑步。",
            "Me duele la rodilla cuando corro.",
        ] {
            #expect(facts(text).isEmpty, "\(text)")
        }
    }

    @Test("questions yield nothing, with or without a question mark")
    func questions() {
        for text in [
            "Do you think my knee will be ok for Saturday?", "how do i stop my shins hurting",
            "Have you ever tried rowing?", "What do you do for work?", "Is it bad that I skip breakfast?",
            "Are you vegan too?",
        ] {
            #expect(facts(text).isEmpty, "\(text)")
        }
    }

    @Test("what other people say is theirs, not the speaker's")
    func reportedSpeech() {
        for text in [
            "my coach says I should squat more", "My wife says I'm lazy lol", "My trainer told me I need more protein",
            "She said \"I hate running\"", "My brother thinks I work too much", "Jake said he lives in Denver",
        ] {
            // "My brother thinks …" still says the speaker has a brother: that fact is theirs.
            #expect(facts(text).allSatisfy { $0.subject != "self" || $0.content == "Has a brother" }, "\(text)")
        }
        let relayed = fact("My doctor says I have high cholesterol")
        #expect(relayed?.subject == "self" && relayed?.category == .health)
    }

    @Test("talk about the listener is not a fact about the speaker")
    func listener() {
        for text in [
            "I think you should go for it", "I'm sure you'll love it there", "I can bring your stuff tomorrow",
            "I hope you feel better soon",
        ] {
            #expect(facts(text).isEmpty, "\(text)")
        }
    }
}
