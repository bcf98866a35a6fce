import Foundation
import SpotterFacts
import Testing

/// Facts the rules emitted on real chat that matched nothing a reader wrote down (issue 12,
/// ninth round: msc-valid's unmatched facts, sampled and tagged by why they miss), each written
/// here in the shape of real messages, never copied from the data.
@Suite("False facts, ninth round")
struct FalseFactTests {
    @Test(
        "a statement whose only object points at the other person's words ('that', 'both', 'the same', a bare 'I do') says nothing"
    )
    func pointersToTheTalk() {
        #expect(facts("Oh wow, I would love to hear that!").isEmpty)
        #expect(facts("I can do that.").isEmpty)
        #expect(facts("Cats or dogs? I like both").isEmpty)
        #expect(facts("No. I did the same.").isEmpty)
        #expect(facts("I do too, lol").isEmpty)
        #expect(facts("I do as well.").isEmpty)
        #expect(
            facts("I turn to my sister in times like that").map(\.content).contains { $0.hasSuffix("like that") }
                == false)
        // The object is its own: a noun after "that", "both" before a noun. Another person's bare
        // "did" is their own, but says nothing alone ("Grandfather did": a dangling ending).
        #expect(facts("I play that game every day").map(\.content) == ["Plays that game every day"])
        #expect(facts("I have both a cat and a dog").map(\.content) == ["Has both a cat and a dog"])
        #expect(facts("I joined the army, just as my grandfather did.").map(\.content) == ["Joined the army"])
        #expect(facts("Riding my bike is my favorite thing to do").isEmpty == false)
        // A short predicate whose only object is "it" or "this", nothing in the message naming it
        // (eleventh round); "IT" is a field, and an "it" a conjunct points back to is resolved.
        #expect(facts("I have never tried it.").isEmpty)
        #expect(facts("Oh, I would love to hear it!").isEmpty)
        #expect(facts("I love this").isEmpty)
        #expect(facts("I work in IT").map(\.content) == ["Works in IT"])
        #expect(
            facts("I started cycling to work last year and loved it").map(\.content).contains { $0.hasSuffix(" it") }
                == false)
        #expect(
            facts("I grew up on a farm and I still miss it so much").map(\.content).contains {
                $0.hasPrefix("Grew up on a farm")
            })
    }

    @Test("an echo 'as well' anywhere and a like's degree 'too much' at the end are not the fact's content")
    func echoesAndDegrees() {
        #expect(
            facts("I like to travel as well in my free time").map(\.content) == ["Likes to travel in their free time"])
        #expect(facts("I love to go on long walks too much!!").map(\.content) == ["Loves to go on long walks"])
        #expect(facts("I like sneakers way too much").map(\.content) == ["Likes sneakers"])
        // "as well as" joins two objects; "too much" of something else stays.
        #expect(facts("I run as well as lift weights").map(\.content).first == "Runs as well as lift weights")
        #expect(facts("I eat too much").map(\.content) == ["Eats too much"])
        #expect(facts("I'm retired and might as well travel").map(\.content).first?.contains("as well") == true)
    }

    @Test("an adverb in -ly, 'almost' or 'kind of' before the verb keeps its form and the verb takes the -s")
    func adverbsBeforeTheVerb() {
        #expect(facts("I completely agree, I love carbs").map(\.content).first == "Completely agrees")
        #expect(
            facts("I specifically look for second hand clothes").map(\.content) == [
                "Specifically looks for second hand clothes"
            ])
        #expect(facts("I almost never eat candy").map(\.content) == ["Almost never eats candy"])
        #expect(facts("I kind of like being alone").map(\.content) == ["Kind of likes being alone"])
        // A verb in -ly is the verb.
        #expect(facts("Yes, I fly fish every summer").map(\.content).first == "Flies fish every summer")
    }
}
