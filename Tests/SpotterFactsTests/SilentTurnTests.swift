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
        #expect(
            facts("I am currently listening to some old Beatles records.").map(\.content)
                == ["Listening to some old Beatles records"])
        #expect(
            facts("i am growing carrots and beans in the backyard").map(\.content)
                == ["Growing carrots and beans in the backyard"])
        #expect(facts("I'm majoring in biology").map(\.content) == ["Majoring in biology"])
        #expect(
            facts("I'm building a treehouse for my kids").map(\.content).first
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

    @Test(
        "a short answer with no verb names what a 'favorite', 'what kind', 'how long' or 'how many' question asked for")
    func namedAnswers() {
        #expect(
            replyContents("Lasagna with extra cheese!", to: "Nice. What's your favorite food?")
                == ["Favorite food is lasagna with extra cheese"])
        #expect(
            replyContents("Definitely the spring. Everything blooms", to: "What is your favorite season?")
                == ["Favorite season is the spring"])
        #expect(replyContents("Jazz. You?", to: "What kind of music do you like?") == ["Likes jazz music"])
        #expect(
            replyContents("A border collie, what about you?", to: "What kind of dog do you have?") == [
                "Has a border collie"
            ])
        #expect(replyContents("Honestly a Subaru", to: "What kind of car do you drive?") == ["Drives a Subaru"])
        #expect(
            replyContents("About six years now. I love it", to: "How long have you been knitting for?")
                == ["Has been knitting for about six years now"])
        #expect(replyContents("Two. They keep me busy", to: "How many cats do you have?").contains("Has two cats"))
        // A fragment with a verb or a subject, an interjection, a moment, or another question shape is not.
        #expect(replyContents("I don't have one", to: "What's your favorite movie?").isEmpty)
        #expect(replyContents("Yum! That sounds good", to: "What is your favorite pizza topping?").isEmpty)
        #expect(replyContents("Honestly, anything that runs", to: "What kind of car do you drive?").isEmpty)
        #expect(replyContents("Ten minutes", to: "How long have you been waiting?").isEmpty)
        #expect(replyContents("Five years", to: "How long have you been there?").isEmpty)
        #expect(replyContents("Nurse", to: "What do you do for a living?").isEmpty)
        #expect(replyContents("Just cooking some dinner", to: "How are you today?").isEmpty)
    }
    @Test("a household 'we' that lives somewhere says where the speaker lives")
    func householdHome() {
        #expect(facts("We live in Vermont. So do you ski?").map(\.content) == ["Lives in Vermont"])
        #expect(facts("my cat goes everywhere with me, we live in tulsa.").map(\.content).contains("Lives in tulsa"))
        #expect(facts("we live near the river, my wife and I").map(\.content) == ["Lives near the river"])
        #expect(fact("We live in a small town in Maine")?.slot == "self|personal|home")
        // Not together, an age of the world, or a place pointed at.
        #expect(facts("we live together").isEmpty)
        #expect(facts("we live in a time where everything is online").isEmpty)
        #expect(facts("we live there too").isEmpty)
    }
    @Test("a consequence after 'so' ends the statement: 'so much' before a clause, 'so maybe', 'so the …'")
    func consequenceAfterSo() {
        #expect(facts("I love horses so much I'm saving up for one").map(\.content).first == "Loves horses")
        #expect(facts("I love pasta so much!").map(\.content) == ["Loves pasta"])
        #expect(facts("I hate mornings so much that I sleep in every weekend").map(\.content).first == "Hates mornings")
        #expect(facts("I drink a lot of tea so maybe I should try matcha").map(\.content) == ["Drinks a lot of tea"])
        #expect(facts("I bike to work so the car stays home").map(\.content) == ["Bikes to work"])
        // An intensifier stays: "so much" with nothing before it, "so far", "so many".
        #expect(facts("I work so much").map(\.content) == ["Works so much"])
        #expect(facts("I like my new gym so far").map(\.content) == ["Likes their new gym so far"])
    }
    @Test("something the speaker got is a fact: 'I got a …', 'I just got an …', 'I got my …'")
    func acquisitions() {
        #expect(facts("I just got a new espresso machine!").map(\.content) == ["Got a new espresso machine"])
        #expect(fact("I got my license last spring")?.temporal == .past)
        #expect(
            facts("Yeah I got an apartment near the lake with my sister").map(\.content).first
                == "Got an apartment near the lake with their sister")
        // A call, a chance, an amount, "got to", "got it" are not; "have got" stays possession.
        #expect(facts("I got a call from my boss").allSatisfy { !$0.content.hasPrefix("Got a call") })
        #expect(facts("I got a little lost").isEmpty)
        #expect(facts("I got to go").isEmpty)
        #expect(facts("I got it").isEmpty)
    }
}

/// Facts a later statement closed though both hold: the earlier turn went silent.
@Suite("Compatible statements, eighth round")
struct CompatibleStatementTests {
    /// The facts still open after a conversation, merged as `facts extract` merges them.
    private func current(_ lines: [String]) -> [String] {
        let extracted = conversation(lines)
        var nextID: Int64 = 1
        let stored = FactMerger.apply(FactMerger.plan(current: [], extracted: extracted), to: [], nextID: &nextID)
        return stored.filter(\.isOpen).map(\.content)
    }

    @Test("two plain statements with one verb are two facts; a workout or a project is not the job")
    func compatibleStatements() {
        #expect(
            current(["I'm working on a robot that can fold laundry.", "I am working on my masters degree."])
                == ["Working on a robot that can fold laundry", "Working on their masters degree"])
        #expect(
            current(["I listen to a lot of jazz.", "I listen to podcasts on my commute."])
                == ["Listens to a lot of jazz", "Listens to podcasts on their commute"])
        #expect(
            current(["I work in a bakery downtown.", "I still work out a lot."])
                == ["Works in a bakery downtown", "Still works out a lot"])
        #expect(fact("I work out every morning")?.slot == "self|habit|workout")
        #expect(fact("I'm working on a new song")?.slot.hasPrefix("self|personal|job") == false)
        // The job is still one slot: a new job closes the old one, and so does leaving it.
        #expect(
            current(["I work in a bakery downtown.", "I work at the hospital now."]) == ["Works at the hospital now"])
        #expect(fact("I work on vintage cars")?.slot == "self|personal|job")
    }

    @Test("a job the speaker had stands beside the job or the status they have; leaving a job still closes it")
    func pastJobs() {
        #expect(
            current(["I'm a retired guy, take it easy these days.", "I used to be a mail carrier."])
                == ["Is a retired guy", "Used to be a mail carrier"])
        #expect(
            current(["I work at a lumber yard.", "I was in the army for six years."])
                == ["Works at a lumber yard", "Was in the army for six years"])
        #expect(fact("I used to be a gym teacher")?.slot == "self|personal|job-was-gym-teacher")
        #expect(current(["I work at a lumber yard.", "I quit my job last week."]).count == 1)
    }

    @Test(
        "children or pets restated in other words are one fact that keeps the number; another number still updates it")
    func householdRestatements() {
        #expect(current(["I have three kids.", "My children keep me busy."]).first == "Has three kids")
        #expect(current(["We have two daughters and a son", "I have kids"]) == ["Has two daughters and a son"])
        #expect(current(["I have 2 dogs.", "I love my dog"]).contains("Has 2 dogs"))
        #expect(current(["I have two kids.", "I have three kids now."]) == ["Has three kids now"])
        #expect(current(["I have kids.", "I don't have kids."]) == ["Doesn't have kids"])
    }
}
