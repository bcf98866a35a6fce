import Foundation
import SpotterFacts
import Testing

/// Statements of real chat the rules missed or garbled (issue 12, seventh round), each written
/// here in the shape of real messages, never copied from the shared data.
@Suite("Real chat phenomena, seventh round")
struct ChatPhenomenaTests {
    @Test("whether the speaker works: out of work, retired, between jobs, fired or laid off")
    func workStatus() {
        #expect(facts("I'm out of work at the moment.").map(\.content) == ["Is out of work"])
        #expect(facts("i am currently out of a job").map(\.content) == ["Is out of work"])
        #expect(facts("I just retired.").map(\.content) == ["Is retired"])
        #expect(facts("I'm retired now").map(\.content) == ["Is retired"])
        #expect(fact("I have retired")?.slot == "self|personal|work-status")
        #expect(facts("I'm in between jobs right now").map(\.content) == ["Is between jobs"])
        #expect(facts("I was laid off from the plant").map(\.content) == ["Was laid off from the plant"])
        #expect(fact("I just got fired")?.temporal == .past)
        // Inside a longer clause it is one more fact; a job and a retirement both stand.
        #expect(facts("I garden a lot since I retired").map(\.content).contains("Is retired"))
        #expect(facts("I was a nurse. I'm retired now.").map(\.content) == ["Was a nurse", "Is retired"])
        // A wish, a prospect, someone else's retirement or a thing retired is not.
        #expect(!facts("I wish I was retired").contains { $0.content == "Is retired" })
        #expect(!facts("once I'm retired I will travel").contains { $0.content == "Is retired" })
        #expect(!facts("My uncle retired last year").contains { $0.content == "Is retired" })
        #expect(!facts("I retired my old running shoes").contains { $0.content == "Is retired" })
    }

    @Test("a new 'I' run on after a name or a one-word state starts a statement, however short")
    func runOnAfterName() {
        #expect(facts("Dogs are fun I am Roger I grow tomatoes").map(\.content) == ["Name is Roger", "Grows tomatoes"])
        #expect(facts("hey im sam i hate spiders").map(\.content) == ["Name is Sam", "Hates spiders"])
        #expect(facts("my name is jill i teach piano").map(\.content) == ["Name is Jill", "Teaches piano"])
        // Still one statement: a relative clause after a noun, a verb that takes a clause.
        #expect(facts("I am sure I can").isEmpty)
        #expect(facts("I love the band I saw").map(\.content) == ["Loves the band they saw"])
    }

    @Test("a written 'a' before a vowel sound reads 'an'; 'an' and other articles stay as written")
    func articles() {
        #expect(fact("I'm a electrician")?.content == "Is an electrician")
        #expect(fact("I work as a office manager")?.content == "Works as an office manager")
        #expect(fact("I live in a old farmhouse")?.content == "Lives in an old farmhouse")
        #expect(fact("I work for an NGO")?.content == "Works for an NGO")
        #expect(fact("I go to a university upstate")?.content == "Goes to a university upstate")
        #expect(fact("I have a 8 year old daughter")?.content.hasPrefix("Has a 8") == true)
    }

    @Test("a name or an age withheld is no fact")
    func nonAnswers() {
        #expect(facts("my name doesn't really matter lol").isEmpty)
        #expect(facts("My name is not important.").isEmpty)
        #expect(facts("my age is a secret").isEmpty)
        #expect(facts("Name's not important, I'm just here to chat").isEmpty)
        #expect(fact("my name is Dana")?.content == "Name is Dana")
        // Read as the answer to "What's your name?", too.
        let reply = RuleExtractor().extract(
            Utterance(
                messageID: "m2", userID: "u1", text: "name isn't important", sentAt: Date(timeIntervalSince1970: 60)),
            replyingTo: "What's your name?")
        #expect(reply.isEmpty)
    }

    @Test("an animal's name says the speaker has it, any animal of the lexicon, apostrophe or not")
    func petNames() {
        #expect(facts("my parrot's name is Kiwi").map(\.content) == ["Has a parrot named Kiwi"])
        #expect(facts("My goat's name is Pickles!").map(\.content) == ["Has a goat named Pickles"])
        #expect(facts("my iguana's name is spike").map(\.content) == ["Has an iguana named Spike"])
        #expect(facts("My dogs name is Buster.").map(\.content) == ["Has a dog named Buster"])
        #expect(fact("my owl's name is Luna")?.slot == "self|personal|pet-owl-named")
        // A named pet keeps its own slot: "two dogs" stands beside "a dog named Buster".
        let both = conversation(["I have two dogs", "My dog's name is Buster"]).map(\.content)
        #expect(both == ["Has two dogs", "Has a dog named Buster"])
        #expect(fact("I'm a night owl")?.slot == "self|personal|chronotype")
    }

    @Test("a household list after a counted head keeps every item, with its commas")
    func householdLists() {
        #expect(facts("We have three cows, pigs and a donkey").map(\.content) == ["Has three cows, pigs and a donkey"])
        #expect(facts("We have five cats and two dogs.").map(\.content) == ["Has five cats and two dogs"])
        // A list opened by a bare plural is still not counted, whatever follows.
        #expect(facts("We have goats, pigs and mules").isEmpty)
        #expect(facts("we have ducks, hens and two goats").isEmpty)
    }

    @Test("a perfect progressive with its span is a standing activity; a state of mind is not")
    func perfectProgressiveSpans() {
        #expect(facts("I've been sailing for over 20 years").map(\.content) == ["Has been sailing for over 20 years"])
        #expect(
            facts("ive been teaching swim lessons for 3 years now").map(\.content)
                == ["Has been teaching swim lessons for 3 years now"])
        #expect(facts("I've been watching a lot of cartoons").isEmpty)
        #expect(facts("I've been thinking about you since our last chat").isEmpty)
        #expect(facts("I've been wanting one for years").isEmpty)
    }
}
