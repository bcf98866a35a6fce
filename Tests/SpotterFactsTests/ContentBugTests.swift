import Foundation
import SpotterFacts
import Testing

/// Content a trainer reads wrong (issue 12, tenth round): garbled ages, verbs left in their base
/// form. Sentences written here in the shape of real messages, never copied from the data.
@Suite("Content bugs, tenth round")
struct ContentBugTests {
    private func contents(_ text: String) -> [String] { facts(text).map(\.content) }

    @Test("an age is a plausible number with no unit after it, and 'years old' follows the age itself")
    func ages() {
        #expect(contents("I'm 34") == ["Is 34 years old"])
        #expect(contents("I'm thirty two.") == ["Is thirty two years old"])
        #expect(contents("I'm twenty-five, how about you?") == ["Is twenty-five years old"])
        #expect(contents("I am a 56 year old lady") == ["Is a 56 year old lady"])
        // A time phrase moved to the end is not followed by "years old"; "turned" needs none.
        let turned = contents("Last month I turned 60, just a few more years.")
        #expect(
            turned.count == 1 && turned[0].hasPrefix("Turned 60 in ") && !turned[0].contains("years old"), "\(turned)")
        #expect(contents("I finally turned 18!") == ["Finally turned 18"])
        // Not an age: a weight, a height, a distance, a certainty, a perfect, a number after "for".
        #expect(contents("I am 320. I hate my body.").allSatisfy { !$0.contains("320") })
        #expect(contents("I'm 5 foot 2").isEmpty)
        #expect(contents("I'm 2 hours away from the coast").isEmpty)
        #expect(contents("I am 100 percent sure").isEmpty)
        #expect(contents("I'm 175 pounds") == ["Is 175 pounds"])
        #expect(facts("I'm 175 pounds").first?.category == .health)
        #expect(contents("I've been working in construction since I've been 16.").allSatisfy { !$0.contains("16") })
        #expect(contents("I was twelve for the first one").allSatisfy { !$0.contains("years old") })
        // "one" is not an age: "I'm the only one with …" says something else.
        #expect(contents("I'm the only one with superpowers.") == ["Is the only one with superpowers"])
        #expect(contents("I'm one.").isEmpty)
    }

    @Test(
        "a base form that ends like an inflected verb ('need', 'breed', 'sing', 'focus') takes the -s and stays present"
    )
    func basesThatLookInflected() {
        #expect(contents("I need to lose weight") == ["Needs to lose weight"])
        #expect(contents("I breed dogs for a living") == ["Breeds dogs for a living"])
        #expect(facts("I breed dogs for a living").first?.temporal == .current)
        #expect(contents("I sing in a choir") == ["Sings in a choir"])
        #expect(contents("I bring my lunch to work every day") == ["Brings their lunch to work every day"])
        #expect(contents("I focus on my kids").first == "Focuses on their kids")
        // Pasts and gerunds keep their form.
        #expect(contents("I needed a break from work").allSatisfy { !$0.hasPrefix("Needs") })
        #expect(contents("I'm singing in a choir").allSatisfy { !$0.contains("Singings") })
    }

    @Test("the speaker's verb after 'my wife and I' or in a second predicate takes the third person")
    func speakerVerbsElsewhere() {
        #expect(contents("My wife and I have two boys.") == ["Has two boys with wife"])
        #expect(contents("My family and I are from India") == ["Is from India with family"])
        #expect(
            contents("My husband and I go to Disney World every year") == [
                "Goes to Disney World every year with husband"
            ])
        #expect(contents("I sing folk music and play piano.") == ["Sings folk music", "Plays piano"])
        // After an infinitive the verb continues it: a like's "to" is kept, a need's verb stays bare.
        #expect(contents("I like to read and play video games.") == ["Likes to read", "Likes to play video games"])
        #expect(contents("I need to go out and get new gloves") == ["Needs to go out and get new gloves"])
        // An adjective after "and" shares the copula; a conjunct of a past stays as written.
        #expect(contents("I am 27 and single").contains("Singles") == false)
        #expect(contents("I grabbed the cat and run out of the store").contains("Runs out of the store") == false)
    }

    @Test("a phrase with 'my' opening the clause before the speaker's 'I' moves to the end; alone it states nothing")
    func leadingPhrases() {
        #expect(
            contents("In my spare time I volunteer at an animal shelter") == [
                "Volunteers at an animal shelter in their spare time"
            ])
        #expect(contents("On my days off I go fishing") == ["Goes fishing on their days off"])
        #expect(contents("In my 20s I ran marathons") == ["Ran marathons in their 20s"])
        // The phrase is never read as a subject of its own ("Has a brother they …", "Job", "House"
        // were facts); a short phrase stays with the clause after it, even where a run-on "I"
        // would start a new clause.
        #expect(
            contents("On my days off I go fishing with my brother").first
                == "Goes fishing with their brother on their days off")
        #expect(contents("At my job I manage five people") == ["Manages five people at their job"])
        #expect(contents("In my house I have two cats") == ["Has two cats in their house"])
        // Cut off from its statement by a comma, the phrase alone yields nothing.
        #expect(contents("At my job, I manage five people") == ["Manages five people"])
        // A body part in the phrase keeps it a statement about that body part.
        let knee = facts("After my knee surgery I stopped running")
        #expect(
            knee.contains { $0.category == .health && $0.content.lowercased().contains("knee") },
            "\(knee.map(\.content))")
        // "My" as the subject is untouched.
        #expect(contents("My knee hurts") == ["Knee hurts"])
    }
}
