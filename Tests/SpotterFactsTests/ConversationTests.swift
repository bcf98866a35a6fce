import Foundation
import SpotterFacts
import Testing

/// Phenomena of real chat beyond one first-person clause (issue 12): a body part named without
/// "my", and a yes or a no read against the partner's question. Written here in the shape of
/// real messages, never copied from the shared data.
@Suite("Conversation phenomena")
struct ConversationTests {
    /// The facts of `answer` read as the reply to `question`.
    private func reply(_ answer: String, to question: String?) -> [ExtractedFact] {
        RuleExtractor().extract(
            Utterance(messageID: "m2", userID: "u1", text: answer, sentAt: Date(timeIntervalSince1970: 0)),
            replyingTo: question)
    }

    @Test("a body part named without 'my' is the speaker's: a recovery or a pain")
    func bareBodyPart() throws {
        let fine = try #require(fact("knee is fine now"))
        #expect(fine.category == .health && fine.subject == "self")
        #expect(fine.content == "Knee is fine now")
        let back = try #require(fact("back's good again, finally"))
        #expect(back.category == .health && back.content.hasPrefix("Back is good again"))
        #expect(fact("Left shoulder still hurts when I press")?.category == .health)
        // Not a body part at the start, or not followed by its verb: nothing is guessed.
        #expect(!facts("Back to work tomorrow").contains { $0.category == .health })
        #expect(!facts("head over to the park later").contains { $0.category == .health })
    }

    @Test("safety first: an answer about the part the question asks after renews or lifts its injury")
    func answerAboutAskedPart() {
        func health(_ answer: String, _ question: String) -> [String] {
            reply(answer, to: question).filter { $0.category == .health }.map(\.content)
        }
        #expect(health("Still hurts a lot", "How's your ankle doing?") == ["Ankle still hurts a lot"])
        #expect(health("it's been killing me", "How's the knee?") == ["Knee has been killing them"])
        #expect(health("It's healing quite alright.", "How is your arm healing?") == ["Arm: still healing"])
        #expect(health("Getting there slowly", "How's your shoulder?") == ["Shoulder getting better slowly"])
        #expect(health("yeah a bit", "Does your back still hurt?") == ["Back still hurts"])
        #expect(health("a little", "Is your knee still sore?") == ["Knee still sore"])
        #expect(health("it still does when I squat", "Does your knee hurt?") == ["Knee hurts"])
        #expect(health("not really", "Does your back still hurt?") == ["Back is fine now"])
        #expect(
            health("No, but it's stiff in the mornings", "Does your back still hurt?") == [
                "Back is stiff in the mornings"
            ])
        #expect(health("no", "Is your wrist better?") == ["Wrist is not better"])
        // A no to "still sore?" that says it is worse, and a "but" that keeps the problem.
        #expect(health("No, it's worse", "Is your knee still sore?") == ["Knee: getting worse"])
        #expect(health("better than before but still sore", "How's your knee?").first?.hasSuffix("still sore") == true)
        #expect(health("terrible", "Your knee?") == ["Knee: not great"])
        // The question's dating is the answer's: long ago is no current injury.
        #expect(!reply("yes", to: "Did you break your wrist as a kid?").contains { $0.temporal == .current })
        #expect(health("Yeah, skateboarding", "Did you break your arm?") == ["Broke their arm"])
        #expect(health("I landed wrong off the ramp", "Ouch, how did you break your arm?") == ["Broke their arm"])
        #expect(health("I didn't, it's just bruised", "How did you break your arm?") != ["Broke their arm"])
        // A recovery, stored as the merge stores every recovery: it lifts the injury.
        #expect(health("All better now, thanks!", "How's your ankle?") == ["Ankle all better now"])
        #expect(health("Nope", "Does your back still hurt?") == ["Back is fine now"])
        #expect(health("yeah fine", "Is your knee ok?") == ["Knee is fine now"])
        #expect(health("Thanks for asking! They're okay now.", "How are your hands?") == ["Hands are okay now"])
        // The part's question before another one, or before a remark; the part alone.
        #expect(health("still sore honestly", "How's your knee? Did you see the game?") == ["Knee still sore"])
        #expect(
            health("It's healing quite alright.", "How is your arm healing? It must be boring indoors!") == [
                "Arm: still healing"
            ])
        #expect(health("swollen again", "knee?") == ["Knee swollen again"])
        #expect(health("still hurts a bit", "Great session today! Left knee?") == ["Left knee still hurts a bit"])
        var nextID: Int64 = 1
        let injured = facts("I sprained my ankle yesterday", id: "m1", at: 0)
        let answered = RuleExtractor().extract(
            Utterance(messageID: "m3", userID: "u1", text: "All better now!", sentAt: Date(timeIntervalSince1970: 120)),
            replyingTo: "How's your ankle?")
        let stored = FactMerger.apply(
            FactMerger.plan(current: [], extracted: injured + answered), to: [], nextID: &nextID)
        #expect(stored.filter(\.isOpen).map(\.polarity) == [.negative], "\(stored.map(\.content))")
        // Nothing about health, a part of its own, a question back, or a question about something else.
        for (answer, question) in [
            ("I went to the doctor yesterday", "How's your knee?"), ("Not sure, haven't run yet", "How's your knee?"),
            ("Great, how's yours?", "How's your knee?"), ("It hurts", "Have you tried your hand at painting?"),
            ("I never broke it, it was a sprain", "How did you break your arm?"),
            ("Still sore", "What are you training today?"), ("killing me", "How's your leg day going?"),
            ("could be worse", "How's your knee?"),
            ("hasn't hurt since Monday", "How's your knee?"),
            // A yes or a no may answer the later question; "Knee?" answered with plans.
            ("Yes, amazing game", "Is your knee still sore? Did you watch the game?"),
            ("Sure, I'm free", "How's your ankle? Are you free Saturday?"), ("Tomorrow works for me", "Knee?"),
        ] {
            #expect(!reply(answer, to: question).contains { $0.category == .health }, "\(answer)")
        }
    }

    @Test("pain, then a bare 'knee is fine now', leaves one current fact: the recovery")
    func bareRecoverySupersedes() {
        var nextID: Int64 = 1
        let extracted = conversation(["my left knee hurts when I jump", "knee is fine now"])
        let stored = FactMerger.apply(FactMerger.plan(current: [], extracted: extracted), to: [], nextID: &nextID)
        let open = stored.filter(\.isOpen)
        #expect(open.count == 1, "\(open.map(\.content))")
        #expect(open.first?.polarity == .negative)
    }

    @Test("every word of the body-part table is a body part to the rules")
    func oneBodyPartTable() {
        for part in BodyPart.all {
            for word in part.words where !word.contains(" ") {
                #expect(
                    facts("\(word) is sore again").contains { $0.category == .health }, "\(part.name): \(word)")
            }
        }
    }

    @Test("a yes or a no answers the partner's question about a like or a pastime")
    func answers() {
        #expect(
            reply("Yes! Every weekend with my brother", to: "Nice. Do you like hiking?").map(\.content)
                .contains("Likes hiking"))
        let no = reply("Nope, never got into it", to: "Do you play chess?")
        #expect(no.contains { $0.polarity == .negative && $0.content.localizedCaseInsensitiveContains("chess") })
        #expect(
            reply("no, not yet", to: "That's so sweet. Do you have any kids?")
                .contains { $0.polarity == .negative && $0.content.contains("kids") })
        // The same answer alone, or to a question of another shape, says nothing.
        // ("with my brother" alone says only that the speaker has one).
        #expect(reply("Yes! Every weekend with my brother", to: nil).map(\.content) == ["Has a brother"])
        #expect(reply("Yeah", to: "Have you seen the new one?").isEmpty)
        #expect(reply("Yes", to: "Do you have a car?").isEmpty)
        #expect(reply("yes", to: "Do you like it?").isEmpty)
        #expect(reply("Sure", to: "Do you think it will rain?").isEmpty)
        // An answer that states the fact in its own words is not doubled.
        #expect(reply("Yes, I love hiking", to: "Do you like hiking?").count == 1)
    }
}
