import Foundation
import SpotterFacts
import Testing

/// Turns of real chat where a person said something about themselves and the rules said
/// nothing (issue 12, eighth round: the silent turns of msc-valid, sampled and tagged by what
/// silenced them), each written here in the shape of real messages, never copied from the data.
@Suite("Silent turns, eighth round")
struct SilentTurnTests {
    @Test("an activity going on for days, with its object, in the present progressive")
    func ongoingActivity() {
        #expect(facts("I am currently listening to some old Beatles records.").map(\.content)
            == ["Is listening to some old Beatles records"])
        #expect(facts("i am growing carrots and beans in the backyard").map(\.content)
            == ["Is growing carrots and beans in the backyard"])
        #expect(facts("I'm majoring in biology").map(\.content) == ["Majoring in biology"])
        #expect(facts("I'm building a treehouse for my kids").map(\.content).first
            == "Building a treehouse for their kids")
        #expect(fact("I'm reading a mystery novel by Agatha Christie")?.temporal == .current)
        // A moment, a time to come, the past, or an object that names nothing is not.
        #expect(facts("I'm visiting the zoo later today").isEmpty)
        #expect(facts("I was listening to the radio").isEmpty)
        #expect(facts("I've been reading about it").isEmpty)
        #expect(facts("I'm staying with them for now").isEmpty)
        #expect(facts("I'm using it").isEmpty)
        #expect(facts("I'm playing a game tonight").isEmpty)
    }
}
