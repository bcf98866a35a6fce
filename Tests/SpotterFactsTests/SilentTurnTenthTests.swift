import Foundation
import SpotterFacts
import Testing

/// Turns of real chat where a person said something about themselves and the rules said nothing
/// (issue 12, tenth round: msc-valid's silent turns, sampled and tagged by the construction that
/// carries the fact), each written here in the shape of real messages, never copied from the data.
@Suite("Silent turns, tenth round")
struct SilentTurnTenthTests {
    @Test("'Mine is …' after 'your favorite …' in the same message or the partner's states the speaker's favorite")
    func mineAnswers() {
        #expect(
            replyContents("What is your favorite season? Mine is autumn!", to: nil) == ["Favorite season is autumn"])
        #expect(replyContents("whats your fave band mine is the beatles", to: nil) == ["Favorite band is the beatles"])
        #expect(
            replyContents("Hey, what's your least favorite vegetable? Mine is celery.", to: nil)
                == ["Least favorite vegetable is celery"])
        #expect(
            replyContents("What is your favorite kind of pie? Mine is pecan.", to: nil) == [
                "Favorite kind of pie is pecan"
            ])
        #expect(
            replyContents("What's your dream? Mine is to open a bakery.", to: nil).contains("Dream is to open a bakery")
        )
        #expect(replyContents("Mine is purple.", to: "What is your favorite color?") == ["Favorite color is purple"])
        #expect(
            replyContents("Ha, mine is the lasagna.", to: "My favorite dish there is the pizza. What's yours?")
                == ["Favorite dish is the lasagna"])
        // "mine" with nothing favourite to stand for, a "your" of the message's own that is not
        // one, or more than a short name after it: nothing.
        #expect(replyContents("Mine is spoiled, only wants the best!", to: "My cat plays with string.").isEmpty)
        #expect(replyContents("How is your day? Mine is super slow.", to: "What is your favorite color?").isEmpty)
        #expect(replyContents("What's your favorite? Mine is chocolate.", to: nil).isEmpty)
        #expect(
            replyContents("Mine is that I could never decide what I like to eat", to: "What's your favorite food?")
                .isEmpty)
    }

    @Test("a perfect progressive with an object of its own is what the speaker has been doing")
    func perfectProgressives() {
        #expect(
            facts("Lately I've been researching hybrid cars.").map(\.content) == [
                "Has been researching hybrid cars lately"
            ])
        #expect(facts("I have been perfecting my pie crust.").map(\.content) == ["Has been perfecting their pie crust"])
        #expect(
            facts("I've been watching a show about volcanoes").map(\.content) == [
                "Has been watching a show about volcanoes"
            ])
        #expect(fact("I have been learning Korean on an app")?.temporal == .current)
        // A state of mind, the talk, a pronoun or an amount for an object, a moment: nothing.
        #expect(facts("I've been thinking about it").isEmpty)
        #expect(facts("I've been doing well, thanks").isEmpty)
        #expect(facts("I've been reading about it").isEmpty)
        #expect(facts("I've been arguing with them for days").isEmpty)
        #expect(facts("I have been so busy").isEmpty)
        #expect(facts("I've been cooking a lot").isEmpty)
        #expect(facts("I've been cleaning the garage today").isEmpty)
        #expect(facts("I've been starting to think it is hopeless").isEmpty)
        #expect(facts("I had been baking bread").isEmpty)
    }

    @Test("where the speaker is going: 'going (back) to' a place, not a verb, a moment or the past")
    func goingSomewhere() {
        #expect(facts("I am going back to Peru soon.").map(\.content) == ["Going back to Peru soon"])
        #expect(
            facts("I'm going to a jazz festival in the park.").map(\.content) == [
                "Going to a jazz festival in the park"
            ])
        #expect(facts("Great. I am going to college for nursing.").map(\.content) == ["Going to college for nursing"])
        // Bed, sleep and work are the moment; a pronoun points at the talk; the past was a plan.
        #expect(facts("I'm going to bed").isEmpty)
        #expect(facts("I'm going to work now").isEmpty)
        #expect(facts("I'm going to it").isEmpty)
        #expect(facts("I was going to the store").isEmpty)
        #expect(facts("I'm going to practice in my driveway").allSatisfy { $0.category == .goal })
    }

    @Test("an activity planned beyond the day, in the present progressive, is a plan")
    func plannedActivities() {
        #expect(
            facts("I'm getting a cat next spring.").map(\.content).first?.hasPrefix("Getting a cat in spring") == true)
        #expect(fact("I am starting piano lessons soon")?.temporal == .intended)
        #expect(facts("I am starting piano lessons soon").map(\.content) == ["Starting piano lessons soon"])
        // Tomorrow and tonight are the moment; a pronoun is no plan.
        #expect(facts("I'm seeing a band tomorrow").isEmpty)
        #expect(facts("I'm doing it next week").isEmpty)
        #expect(facts("I'm starting to think about it next week").isEmpty)
    }

    @Test("a yes to 'do you <verb> …?' says the speaker does it; not to knowing, thinking, having or wanting")
    func yesToWhatTheSpeakerDoes() {
        #expect(replyContents("Yes, every summer.", to: "Cool! Do you sell lemonade?") == ["Sells lemonade"])
        #expect(replyContents("I do. Mostly on weekends.", to: "Do you cook Italian food?") == ["Cooks Italian food"])
        #expect(replyContents("Yes!", to: "Do you know him?").isEmpty)
        #expect(replyContents("Yes", to: "Do you think so?").isEmpty)
        #expect(replyContents("Yeah", to: "Do you want to come along?").isEmpty)
        #expect(replyContents("Yes", to: "Do you watch it?").isEmpty)
        // A no says nothing of it, as before, outside likes and possessions.
        #expect(replyContents("No, never.", to: "Do you sing?").isEmpty)
    }

    @Test("a household 'we met' with where says how the speaker met their partner")
    func howTheyMet() {
        #expect(facts("We met at a concert in Ohio.").map(\.content) == ["Met at a concert in Ohio"])
        #expect(fact("Haha we actually met on a dating app")?.temporal == .past)
        #expect(facts("Haha we actually met on a dating app").map(\.content) == ["Met on a dating app"])
        // No place after it: a moment, a pronoun, a time.
        #expect(facts("We met up for lunch").isEmpty)
        #expect(facts("We met them at the park").isEmpty)
        #expect(facts("we met at 1").isEmpty)
    }
}
