import Foundation
import SpotterFacts
import Testing

/// Plain first-person statements of real chat that yielded nothing (issue 12, sixth round), each
/// written here in the shape of real messages, never copied from the shared data.
@Suite("Speaker phenomena of real chat")
struct SpeakerPhenomenaTests {
    @Test("the speaker's name, capitalised, from 'my name is', a bare 'I'm', 'call me' and 'here'")
    func names() {
        #expect(facts("Hey my name is maria what are you up to today?").map(\.content) == ["Name is Maria"])
        #expect(facts("I'm Pete by the way").map(\.content) == ["Name is Pete"])
        #expect(facts("Hello. I'm carla. I teach yoga in town").map(\.content).contains("Name is Carla"))
        #expect(facts("please call me Bo").map(\.content) == ["Name is Bo"])
        #expect(facts("Good evening, Nora here.").map(\.content) == ["Name is Nora"])
        #expect(facts("my name is dale rivers and I drive a forklift").first?.content == "Name is Dale Rivers")
        #expect(fact("I'm Pete by the way")?.slot == "self|personal|name")
        // Moods, nationalities and other people's or pets' names are not the speaker's name.
        #expect(facts("I'm good").isEmpty)
        #expect(!facts("I'm Canadian").contains { $0.content.hasPrefix("Name") })
        #expect(!facts("I'm Pete's dad").contains { $0.content.hasPrefix("Name") })
        let pet = facts("my cat's name is biscuit").map(\.content)
        #expect(pet == ["Has a cat named Biscuit"], "\(pet)")
        #expect(!facts("my trainer is called Rick").contains { $0.content.hasPrefix("Name") })
        #expect(!facts("his name is Rick").contains { $0.content.hasPrefix("Name") })
    }

    @Test("a fear or a passion for a thing is a standing preference, without filler; 'scare of' reads 'scared of'")
    func feelings() {
        #expect(facts("I'm scared of wasps").map(\.content) == ["Is scared of wasps"])
        #expect(facts("Haha, I'm pretty scare of geese lol").map(\.content) == ["Is scared of geese"])
        #expect(facts("I am so terrified of deep water").map(\.content) == ["Is terrified of deep water"])
        #expect(facts("I'm afraid of the ocean").map(\.content) == ["Is afraid of the ocean"])
        #expect(fact("I'm scared of wasps")?.slot == "self|preference|fear-wasp")
        #expect(fact("I'm not afraid of snakes")?.polarity == .negative)
        #expect(facts("I'm really into reggae").map(\.content) == ["Is into reggae"])
        #expect(facts("I'm a huge fan of the Packers").map(\.content) == ["Is a huge fan of the Packers"])
        #expect(facts("I'm obsessed with board games").map(\.content) == ["Is obsessed with board games"])
        // Fear of the moment, or of what was just said, names nothing.
        #expect(facts("I'm afraid I can't make it").isEmpty)
        #expect(facts("I'm scared to ask him").isEmpty)
        #expect(facts("I'm afraid of that").isEmpty)
    }

    @Test("what the speaker has lived through: a perfect with a named or single object, negation kept")
    func experiences() {
        #expect(facts("I have seen a bald eagle by the lake").map(\.content) == ["Has seen a bald eagle by the lake"])
        #expect(facts("I've seen Metallica live twice").map(\.content) == ["Has seen Metallica live twice"])
        #expect(facts("I've been to Peru twice").map(\.content) == ["Has been to Peru twice"])
        let plane = facts("I have never been on a cruise")
        #expect(plane.map(\.content) == ["Has never been on a cruise"], "\(plane.map(\.content))")
        #expect(plane.first?.category == .experience && plane.first?.polarity == .negative)
        #expect(facts("I have never had sushi").map(\.content) == ["Has never had sushi"])
        #expect(facts("I've ridden a horse").map(\.content) == ["Has ridden a horse"])
        // What was just mentioned, pictures, crowds, hearsay and the moment are not experiences.
        #expect(facts("I've seen that movie").isEmpty)
        #expect(facts("I've seen pictures of Iceland").isEmpty)
        #expect(facts("I've seen a lot of people doing that").isEmpty)
        #expect(facts("I've never heard of that band").isEmpty)
        #expect(!facts("I've had a rough day").contains { $0.category == .experience })
    }

    @Test("a reason after 'since', 'as' or 'because' whose subject is 'I' is the speaker's statement")
    func reasons() {
        #expect(facts("No idea what to wear since I'm a tall guy").map(\.content) == ["Is a tall guy"])
        #expect(facts("Can't go out tonight because I'm a paramedic").map(\.content).contains("Is a paramedic"))
        #expect(facts("I sleep in as I work nights").map(\.content).contains("Works nights"))
        #expect(facts("Not much free time since I have three kids").map(\.content) == ["Has three kids"])
        // A time, a reference to the talk or a comparison is not a reason.
        #expect(facts("I've been skating since I was 6").allSatisfy { !$0.content.contains("6 years old") })
        #expect(facts("As I said, it was fun").isEmpty)
        #expect(facts("I'll text you as soon as I get home").isEmpty)
    }

    @Test("a household 'we' with counted animals, children or a home says the speaker has them")
    func household() {
        #expect(facts("We have a bunch of hens and goats").map(\.content) == ["Has a bunch of hens and goats"])
        #expect(facts("we have three kids").map(\.content) == ["Has three kids"])
        #expect(fact("we have three kids")?.slot == "self|relationship|children")
        #expect(facts("We keep two donkeys").map(\.content) == ["Keeps two donkeys"])
        #expect(facts("We have a little cabin up north").map(\.content) == ["Has a little cabin"])
        // A class's or a team's "we", a bare list, a lone child and what was just said are not.
        #expect(facts("We have a class hamster!").isEmpty)
        #expect(facts("we have a game on Friday").isEmpty)
        #expect(facts("We have goats, pigs and a mule").isEmpty)
        #expect(facts("we have a daughter").isEmpty)
        #expect(facts("We have that dog too").isEmpty)
    }
}
