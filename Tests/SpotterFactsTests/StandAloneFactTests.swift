import Foundation
import SpotterFacts
import Testing

/// Issue 33: every stored fact stands alone. The mechanical checks of ``FactQuality`` on the
/// classes a trainer reading the facts found, and the extractor no longer storing them.
@Suite("Facts that stand alone")
struct StandAloneFactTests {
    private func flaws(_ content: String, _ category: FactCategory = .other, message: String? = nil) -> [FactFlaw] {
        FactQuality.flaws(content: content, category: category, temporal: .current, message: message)
    }

    @Test("unresolved referents are found; names, titles and idioms are not referents")
    func referents() {
        for content in [
            "Learned driving on one", "Likes it there", "Mine is winter", "Has been doing that way", "Works there",
            "Has never seen another one around", "Kids love her", "Goes there twice a year",
        ] {
            #expect(flaws(content).contains(.referent), "\(content)")
        }
        for content in [
            "Has one son", "Has two dogs", "Shake It Off is their all times favourite", "Hopes to make it big one day",
            "Is not that into X-Men", "Husband was the one who trained their dogs", "There is a pub near their house",
            "Loves what they do",
        ] {
            #expect(!flaws(content).contains(.referent), "\(content)")
        }
    }

    @Test("dangling endings are found; stranded prepositions and ellipsis are not")
    func danglingEndings() {
        for content in ["Has built a small", "Reading a study in preparation for their own book on the", "Works with"] {
            #expect(flaws(content).contains(.danglingEnd), "\(content)")
        }
        for content in [
            "Came back from the homeless shelter they volunteer at", "Doesn't have any children and doesn't intend to",
            "Got an A", "Grew up in Texas", "Corn dogs are their favorite", "Enjoys food a lot",
            "Would love to have a rabbit to care for",
        ] {
            #expect(!flaws(content).contains(.danglingEnd), "\(content)")
        }
    }

    @Test("a contraction or an adverb conjugated as a verb is found; verbs and possessives are not")
    func verbedWords() {
        for content in ["Wonts find out", "Sures love to eat", "Tooes have cats", "Probablies goes"] {
            #expect(flaws(content).contains(.verbedWord), "\(content)")
        }
        for content in ["Applies to college", "Grandson's team won", "Flies planes", "Likes hiking", "Does yoga"] {
            #expect(!flaws(content).contains(.verbedWord), "\(content)")
        }
    }

    @Test("a compound noun cut before its head is found only when every mention continues")
    func cutCompounds() {
        #expect(flaws("Has a home", message: "I have a home garden.").contains(.cutCompound))
        #expect(!flaws("Has a home garden", message: "I have a home garden.").contains(.cutCompound))
        #expect(
            !flaws("Never had the best", message: "I never had the best, but the best equipment is pricey")
                .contains(.cutCompound))
        #expect(!flaws("Has a dog", message: "I have a dog named Rex").contains(.cutCompound))
    }

    @Test("passing states are found; health, skills and lasting states are not")
    func momentaryStates() {
        for content in ["Is tired today", "Is good", "Is a bit nervous", "Is tired on 1 January 2024", "Is exhausted"] {
            #expect(flaws(content).contains(.momentary), "\(content)")
        }
        for content in [
            "Is good at chess", "Is allergic to peanuts", "Is busy with two jobs", "Is happy with their job",
        ] {
            #expect(!flaws(content).contains(.momentary), "\(content)")
        }
        #expect(!flaws("Knee is sore today", .health).contains(.momentary))
    }

    @Test("a subordinate clause collapsed into the main verb is found")
    func collapsedClauses() {
        #expect(flaws("Works with was good").contains(.collapsedClause))
        #expect(!flaws("Works with their brother").contains(.collapsedClause))
    }

    @Test("a 'them' the message said of things or other people, and a verb left without its object, are found")
    func othersThemAndObjectlessVerbs() {
        #expect(
            flaws("Grows them in their garden", message: "My name is rose and I grow them in my garden").contains(
                .referent))
        #expect(flaws("Quit eating them in 2023", message: "I quit eating them last year.").contains(.referent))
        // Named before it in the fact, or the speaker's own "them" ("me").
        #expect(
            !flaws("Loves cats and has five of them", message: "I love cats and have five of them.").contains(.referent)
        )
        #expect(
            !flaws("Mom taught them a lot of dishes", message: "My mom taught me a lot of dishes").contains(.referent))
        #expect(!flaws("Grows them in their garden").contains(.referent))
        // The fact is mended to what stands alone.
        #expect(
            facts("No not to eat. I have a huge aquarium and have them as pets.").map(\.content) == [
                "Has a huge aquarium"
            ])
        for content in [
            "Wants to see", "Would love to see", "Coworkers love", "Mom liked to make", "Wants to buy", "Mom does",
            "Grandfather did", "Wants to take calculated risks now because even",
        ] {
            #expect(flaws(content).contains(.danglingEnd), "\(content)")
        }
        for content in [
            "Has a few baseball caps that they like", "Is always looking for new games to try",
            "Needs to make sure they remembered everything they wanted to bring", "Usually eats whatever they want",
            "Plays golf every now and then", "Knows who they are",
        ] {
            #expect(!flaws(content).contains(.danglingEnd), "\(content)")
        }
    }

    @Test("an 'I' inside a relative clause is not the subject; a pseudo-cleft says the speaker's own statement")
    func relativeClausesAndClefts() {
        // The noun before "I" is what the main clause is about: no fact of the speaker's.
        for message in [
            "The food I bake is not good for them.", "the one i met was named Radiohead",
            "The guys I work with are all into crossfit.", "People I know have dogs.",
            "Most of the people I met there were nice.", "The workout I did was brutal.",
            "the ones I had before were bred as food.", "Everyone I love is dead.",
            "The color I hate the most is orange.", "Where I live is pretty small and not very diverse.",
            "That's what I love about being a librarian.",
        ] {
            #expect(facts(message).isEmpty, "\(message): \(facts(message).map(\.content))")
        }
        // A pseudo-cleft: the object after the copula is the speaker's verb's.
        let clefts: [(String, String)] = [
            ("The only other thing I usually watch is UFC.", "Usually watches UFC"),
            ("One thing I miss is the customer interaction part.", "Misses the customer interaction part"),
            ("What I love is being outdoors.", "Loves being outdoors"),
            ("All I want is a nap.", "Wants a nap"),
            ("all I do is work the register", "Works the register"),
            ("All I ever eat is hamburgers and french fries.", "Eats hamburgers and french fries"),
            ("What I hurt was my shoulder.", "Hurt their shoulder"),
        ]
        for (message, content) in clefts {
            #expect(facts(message).map(\.content).contains(content), "\(message): \(facts(message).map(\.content))")
        }
        // Not a relative clause: the speaker's own statement, or a question without its mark.
        #expect(facts("Yesterday I went to the store.").map(\.content) == ["Went to the store"])
        #expect(facts("Last month I hurt my shoulder.").contains { $0.content.hasPrefix("Hurt their shoulder") })
        #expect(facts("What I did was terrible.").isEmpty)
        #expect(facts("What I should do is sleep more.").isEmpty)
        // The check reads the message: the verb and the copula followed an "I" there.
        #expect(
            flaws("Takes is about 2.5miles", message: "I think the path i take is about 2.5miles.").contains(
                .collapsedClause))
        #expect(
            flaws("Usually watches is UFC", message: "The only other thing I usually watch is UFC.").contains(
                .collapsedClause))
        #expect(!flaws("Parents were teachers", message: "My parents were teachers too.").contains(.collapsedClause))
        #expect(
            !flaws("Loves how trainable dogs are", message: "I love how trainable dogs are.").contains(.collapsedClause)
        )
        #expect(
            !flaws(
                "Already was thinking about going to Alaska", message: "I already was thinking about going to Alaska."
            )
            .contains(.collapsedClause))
    }

    @Test("one word stands alone only as an activity the person does")
    func loneWords() {
        for content in ["House", "Age", "Dream", "Likes", "Goes", "Rathers", "Basement"] {
            #expect(flaws(content).contains(.loneWord), "\(content)")
        }
        for content in ["Swims", "Runs", "Works", "Has a house", "Likes to swim"] {
            #expect(!flaws(content).contains(.loneWord), "\(content)")
        }
        // Stored no more: what was left of a phrase with no predicate, or of a verb without its object.
        for message in [
            "A food bank near my house.", "That is my dream.", "Lights are out in my basement",
            "Lady never tells her age, besides, I nip, tuck and tan so you cannot tell my age.",
        ] {
            #expect(!facts(message).contains { !$0.content.contains(" ") }, "\(message)")
        }
        #expect(facts("However I just run and swim.").contains { $0.content == "Runs" || $0.content == "Swims" })
    }

    @Test("the extractor stores none of the flawed facts it used to write")
    func extractorDropsFlawed() {
        let old: [(String, String)] = [
            ("The company I work with was good.", "Works with was good"),
            ("I sure cannot wait to give it a holler!", "Sures cannot wait to give it a holler"),
            ("I wont find out unless i get the part unfortunately.", "Wonts find out"),
            ("I too have cats. Two of them.", "Tooes have cats"),
            ("I'm a bit tired.", "Is a bit tired"),
            ("I learned driving on one.", "Learned driving on one"),
            ("I'm tired today.", "Is tired on 1 January 2024"),
        ]
        for (message, flawed) in old {
            let found = facts(message, at: 1_704_110_400).map(\.content)
            #expect(!found.contains(flawed), "\(message) → \(found)")
            for content in found {
                #expect(
                    FactQuality.flaws(content: content, category: .other, temporal: .current, message: message).isEmpty,
                    "\(message) → \(content)")
            }
        }
    }

    @Test("what can be mended is mended: a place for \"there\", a run-on \"it is\" cut off")
    func mended() {
        let bar = facts("Yeah, I sure do, I take lots at the bar, I work there, saving for college").map(\.content)
        #expect(bar.contains("Works at the bar"), "\(bar)")
        #expect(!bar.contains("Works there"))
        #expect(facts("I love baked goods it is my heaven.").map(\.content) == ["Loves baked goods"])
        // A place from the partner's question, when the message names none.
        #expect(
            replyContents("I lived there for ten years.", to: "Have you ever been to New York?") == [
                "Lived in New York for ten years"
            ])
        // No place anywhere: the fact is not stored.
        #expect(replyContents("I lived there for ten years.", to: "That sounds fun.").isEmpty)
    }

    @Test("a word between the speaker and the verb is not the verb: \"I rather\", \"I myself\"")
    func wordsBeforeTheVerb() {
        #expect(
            facts("I rather watch a comedy than a horror movie.").map(\.content) == [
                "Would rather watch a comedy than a horror movie"
            ])
        #expect(facts("I myself have no allergies.").map(\.content) == ["Has no allergies"])
        #expect(facts("I myself love to cook.").map(\.content) == ["Loves to cook"])
        // "rather like" is "quite like", not a preference between two things.
        #expect(facts("I rather like jazz.").map(\.content) == ["Rather likes jazz"])
    }

    @Test("breaking up with a partner is no evidence of having one; other mentions still are")
    func brokeUp() {
        for message in [
            "I broke up with my boyfriend last month.", "I just split with my girlfriend.",
            "My girlfriend dumped me.", "I'm divorcing my boyfriend of ten years.",
        ] {
            let found = facts(message, at: 1_704_110_400).map(\.content)
            #expect(!found.contains { $0.hasPrefix("Has a boyfriend") || $0.hasPrefix("Has a girlfriend") }, "\(found)")
        }
        #expect(facts("I went hiking with my boyfriend.").map(\.content).contains("Has a boyfriend"))
        #expect(
            facts("I divorced 2 years before meeting my new girlfriend.").map(\.content).contains(
                "Has a new girlfriend"))
        // Only partners: splitting a bill with a sister still says the speaker has one.
        #expect(facts("I split the bill with my sister.").map(\.content).contains("Has a sister"))
    }

    @Test("an auxiliary with only a negation or adverbs after it is a bare predicate")
    func barePredicates() {
        for content in [
            "Does not", "Does sometimes", "Has tried before", "Does not know how", "Tried one once", "Does believe",
            "Is not", "Has tried",
        ] {
            #expect(flaws(content).contains(.danglingEnd), "\(content)")
        }
        for content in [
            "Does yoga", "Does not smoke", "Has tried yoga", "Is not a morning person",
            "Does not know a lot about cars", "Tried sushi once", "Does", "Is retired",
        ] {
            #expect(!flaws(content).contains(.danglingEnd), "\(content)")
        }
    }

    @Test("an answer that repeats the question's auxiliary states the question's predicate")
    func echoedAnswers() {
        let chess = replyContents("I do not. Do you?", to: "Do you play chess?")
        #expect(chess == ["Doesn't play chess"], "\(chess)")
        let south = replyContents(
            "No I do not. I love wearing band shirts.", to: "Do you live in the southwest by chance?")
        #expect(south.contains("Doesn't live in the southwest"), "\(south)")
        #expect(!south.contains("Does not"), "\(south)")
        let kayak = replyContents("I do sometimes, but not as often as I want.", to: "Do you ever go kayaking?")
        #expect(kayak == ["Sometimes goes kayaking"], "\(kayak)")
        let tried = replyContents("Yes actually I have tried!", to: "Have you tried learning to play the guitar?")
        #expect(tried == ["Has tried learning to play the guitar"], "\(tried)")
        let spain = replyContents("I have not, sadly.", to: "Have you ever been to Spain?")
        #expect(spain == ["Has never been to Spain"], "\(spain)")
        let fish = replyContents("I have!", to: "Have you ever owned any fish?")
        #expect(fish == ["Has owned fish"], "\(fish)")
        // About the conversation or the moment: nothing, and no bare "Does not" either.
        #expect(replyContents("I have not.", to: "Have you read any good books lately?").isEmpty)
        #expect(replyContents("I have.", to: "Have you been thinking about names?").isEmpty)
        #expect(replyContents("I do not.", to: "Do you know what I mean?").isEmpty)
        #expect(replyContents("I do sometimes.", to: "Do you want to come with me?").isEmpty)
        #expect(replyContents("I do not, sorry.", to: "That is my favourite colour.").isEmpty)
        let church = replyContents("I do believe but I don't go to church.", to: "I do, do you?")
        #expect(!church.contains("Does believe"), "\(church)")
    }

    @Test("the better fact stays: the specific facts of a message are kept")
    func specificFactsKept() {
        #expect(
            facts("I bought a Ford Fusion hybrid last year and I love it.").map(\.content).contains {
                $0.hasPrefix("Bought a Ford Fusion hybrid")
            })
        #expect(facts("I have grandkids and I teach English.").map(\.content) == ["Has grandkids", "Teaches English"])
        #expect(facts("I have a home garden.").map(\.content) == ["Has a home garden"])
    }

    @Test("safety first: an injury is stored whatever its wording")
    func injuriesKept() {
        #expect(facts("My left knee hurts when I run.").map(\.content) == ["Left knee hurts when running"])
        #expect(FactQuality.isSafetyFact(content: "Is fine there", category: .health) == false)
        #expect(FactQuality.isSafetyFact(content: "Knee hurts there", category: .health))
        // A clause the reading replaces gives its slot back: "can't lift" was read as a denial,
        // and the injury was lost with it.
        #expect(facts("I can't lift due to my broken wrist").map(\.content) == ["Wrist: fractured"])
        #expect(facts("I currently cant skate due to a broke arm").map(\.content) == ["Arm: fractured"])
    }

    @Test("safety first: a part that does not work, slang for an injury and a support are injuries")
    func injuryWordings() {
        func contents(_ message: String) -> [String] { facts(message).map(\.content) }
        #expect(contents("I can't bend my knee") == ["Knee: can't bend"])
        #expect(contents("I can barely walk on my ankle").contains("Ankle: can barely walk"))
        #expect(contents("I can't put any weight on my ankle") == ["Ankle: can't put any weight on it"])
        #expect(contents("can hardly bear weight on my knee") == ["Knee: can hardly bear weight on it"])
        #expect(contents("my knee gave way on the stairs").contains("Knee: gave way"))
        #expect(contents("Lower back's not great") == ["Lower back: not great"])
        #expect(contents("pinched a nerve in my neck") == ["Neck: pinched nerve"])
        #expect(contents("my PT told me to take it easy on my shoulder").contains("Shoulder: go easy on it"))
        #expect(contents("blew out my knee last week").first?.hasPrefix("Knee: torn") == true)
        #expect(contents("wearing a knee brace this week").first?.hasPrefix("Knee: in a brace") == true)
        // Not an injury: a wish, a dislike, money, a skill, a place.
        for message in [
            "I can't wait to lift with my legs tomorrow", "I can't stand leg day",
            "I blew my budget on new knee sleeves", "My legs are not great at sprinting",
            "The view from the back of the gym is not great",
        ] {
            #expect(!facts(message).contains { $0.category == .health && $0.content.contains(":") }, "\(message)")
        }
    }

    @Test("safety first: a part still healing, or whose healing is still ahead, is an injury; a past healing is not")
    func healing() {
        func contents(_ message: String) -> [String] { facts(message).map(\.content) }
        #expect(contents("My arm still isn't 100%") == ["Arm: still healing"])
        #expect(contents("I'm going to wait until my knee is healed").contains("Knee: still healing"))
        #expect(contents("once my ankle heals I'll start running again").contains("Ankle: still healing"))
        #expect(contents("I'll try when my ankle has healed.") == ["Ankle: still healing"])
        #expect(contents("my shoulder is on the mend").contains { $0.hasPrefix("Shoulder") })
        // A healing in the past, or a recovery, is no injury.
        #expect(!contents("When my knee healed I went back to squats").contains { $0.hasPrefix("Knee") })
        #expect(!contents("I waited until my knee healed").contains { $0.hasPrefix("Knee:") })
    }

    @Test("safety first: a part's bad state said in everyday words is an injury; a denial or an idiom is not")
    func everydayWords() {
        func contents(_ message: String) -> [String] { facts(message).map(\.content) }
        #expect(contents("my knees are shot").contains("Knee: badly hurt"))
        #expect(contents("My knee gives out once in a while").contains("Knee: gave out"))
        #expect(
            contents("my shoulder hasn't been the same since the fall").contains { $0.hasPrefix("Shoulder: not right") }
        )
        #expect(contents("Back isn't great this week").contains { $0.hasPrefix("Back: not great") })
        #expect(contents("I've got a bum knee").contains("Knee: bad"))
        #expect(contents("my back's out").contains("Back: went out"))
        #expect(contents("I can only do upper body for now because of my knee").contains("Knee: limiting training"))
        #expect(contents("I have a hernia").contains("Groin: hernia"))
        #expect(contents("I'm not able to use my left hand").contains("Left hand: not able to use"))
        #expect(contents("my leg is in traction").contains("Leg: in traction"))
        #expect(
            contents("physio tomorrow to find out what's wrong with my shoulder").contains("Shoulder: something wrong"))
        for message in [
            "I have no issues with my knees", "My back yard is out of control", "I landed on my feet with the new job",
            "I bought a new knee sleeve because of my squats", "No problems with my shoulder at all",
        ] {
            #expect(!facts(message).contains { $0.category == .health && $0.content.contains(":") }, "\(message)")
        }
    }

    @Test(
        "safety first: a dressing or a wound on a part, an injury said in the infinitive and a pain that is less are injuries"
    )
    func dressingsAndWounds() {
        func contents(_ message: String) -> [String] { facts(message).map(\.content) }
        #expect(
            contents("I still have this cast on my arm for another 2 weeks").contains("Arm: in a cast, for 2 weeks"))
        #expect(contents("needed six stitches in my hand").contains("Hand: stitches"))
        #expect(contents("wearing a splint on my finger this week").contains { $0.hasPrefix("Hand: in a splint") })
        #expect(contents("huge blisters on both my heels").contains("Heel: blisters"))
        #expect(contents("there's a bandage on my knee").contains("Knee: bandaged"))
        #expect(contents("I managed to break my arm skateboarding").contains("Arm: fractured"))
        #expect(contents("my elbow doesn't hurt as much as it did").contains("Elbow: hurts"))
        #expect(contents("it hurts in my knee and the bottom portion of my leg").contains("Leg: hurts"))
        // A past perfect, a recent "in the past", an order relayed, a dressing just had.
        #expect(contents("I'd just broken my wrist so I'm in a cast").contains { $0.hasPrefix("Wrist: fractured") })
        #expect(
            facts("I sprained my ankle in the past few days").contains {
                $0.category == .health && $0.temporal == .current && $0.content.hasPrefix("Sprained their ankle")
            })
        #expect(contents("Doctor said stay away from squats").contains { $0.hasPrefix("Knee: off squats") })
        #expect(contents("I'm taking two weeks off lifting per my physio").contains { $0.contains("off lifting") })
        #expect(contents("Just had 6 stitches in my hand").contains("Hand: stitches"))
        #expect(contents("I need to take a break my knee hurts").contains("Knee: hurts"))
        // Not now: a dressing worn once, an event foreseen, an injury had once, a habit, no order.
        for message in [
            "I also had a cast on my arm for 1-2 months", "one of these days I'll tear my hamstring",
            "I'd probably break my wrist if I tried", "I did break my elbow once from a different accident",
            "I used to get blisters on my feet", "To keep my feet on the ground",
            "It felt like a weight lifted off of my shoulders", "Sit, stay, heel, and wait",
            "These squats break my legs every time", "I burned my legs out on the bike",
        ] {
            #expect(!facts(message).contains { $0.category == .health && $0.content.contains(":") }, "\(message)")
        }
    }

    @Test("safety first: the speaker's 'I' left out, a condition that names its part, a part in treatment, a muscle")
    func conditionsTreatmentsAndDroppedSpeaker() {
        func contents(_ message: String) -> [String] { facts(message).map(\.content) }
        // "Had my …" is the speaker's statement, not a question without its mark.
        #expect(contents("Had my arm in a sling all week").contains("Arm: in a sling"))
        #expect(contents("Had my shoulder scoped two weeks ago").contains { $0.hasPrefix("Shoulder: had surgery") })
        #expect(contents("Have my ankle taped up for the game").contains("Ankle: taped up"))
        // A clause fact that says nothing of what is wrong gives its place to the reading.
        let surgery = contents("Had surgery on my knee last week")
        #expect(surgery.contains { $0.hasPrefix("Knee: had surgery around") }, "\(surgery)")
        #expect(!surgery.contains { $0.hasPrefix("Knee in the week") }, "\(surgery)")
        #expect(contents("I slipped a disc last week").contains { $0.hasPrefix("Back: slipped disc") })
        #expect(contents("I was diagnosed with carpal tunnel").contains("Wrist: carpal tunnel"))
        #expect(contents("Still dealing with whiplash from the car accident").contains("Neck: whiplash"))
        #expect(contents("I'm on crutches for two weeks").contains { $0.hasPrefix("Leg: on crutches") })
        #expect(contents("going to PT for my knee twice a week").contains("Knee: in physical therapy"))
        #expect(contents("I'm having physio on my shoulder").contains("Shoulder: in physical therapy"))
        // A muscle is its part's: the clause's own wording stands ("Strained their lat"), current.
        for message in ["I strained my lat", "tweaked my left delt benching"] {
            #expect(facts(message).contains { $0.category == .health && $0.temporal == .current }, "\(message)")
        }
        // Not the speaker's problem: a physio's own work, a lift named, a past surgery healed.
        for message in [
            "I do physical therapy for knees and hips at a clinic", "Lat pulldowns are my favorite exercise",
            "Finished PT for my knee last month and it feels good as new", "Had my best squat session ever",
            "Had my knee surgery back in 2015, fully healed",
        ] {
            #expect(
                !facts(message).contains {
                    $0.category == .health && $0.temporal == .current && $0.content.contains(":")
                },
                "\(message)")
        }
    }

    @Test("safety first: every part an injury joins is stored, each as its own fact")
    func joinedParts() {
        // The part each health fact names first ("Wrist: hurts", "Left knee hurt").
        let names = ["ankle", "knee", "wrist", "elbow", "neck", "shoulder", "back", "hip"]
        func parts(_ message: String) -> Set<String> {
            Set(
                facts(message).filter { $0.category == .health }.compactMap { fact in
                    fact.content.lowercased().split { !$0.isLetter }.lazy.compactMap { word in
                        names.first { word.hasPrefix($0) }
                    }.first
                })
        }
        #expect(parts("I hurt my ankle and my knee yesterday") == ["ankle", "knee"])
        #expect(parts("my knee hurts, and my ankle too") == ["knee", "ankle"])
        #expect(parts("My wrists and my left knee hurt") == ["wrist", "knee"])
        #expect(parts("my neck, shoulders and back are stiff and painful") == ["neck", "shoulder", "back"])
        #expect(parts("Back and knees are aching today") == ["back", "knee"])
        #expect(facts("I sprained my wrist and elbow").map(\.content).contains("Elbow: sprained"))
        // Not joined: another person's part, a part in another clause, a worry.
        #expect(parts("I hurt my knee and her ankle is sprained") == ["knee"])
        #expect(facts("My knee hurts but my back is fine").map(\.content) == ["Knee hurts", "Back is fine"])
        #expect(
            !facts("Would love to play but I can't take a chance of hurting my hand").contains {
                $0.content.hasPrefix("Hand:")
            })
    }

    @Test("a seeded sample draws the same facts every time, and the report counts every class")
    func sampleAndReport() {
        let facts = (0..<50).map { index in
            StoredFactReading(
                FactStatement(
                    userID: "u", subject: "self", category: .other,
                    content: index % 5 == 0 ? "Likes it there" : "Has \(index) dogs",
                    polarity: .positive, temporal: .current, confidence: 0.9, slot: "self|other|dogs"),
                turnID: "t\(index)", message: "m\(index)", replyTo: nil)
        }
        let first = StoredFactSample.draw(facts, count: 10, seed: 7)
        #expect(first == StoredFactSample.draw(facts, count: 10, seed: 7))
        #expect(first != StoredFactSample.draw(facts, count: 10, seed: 8))
        #expect(Set(first.map(\.turnID)).count == 10)
        let report = FactQualityReport(facts)
        #expect(report.stored == 50 && report.flawed == 10 && report.counts[.referent] == 10)
        let text = report.report()
        for flaw in FactFlaw.allCases { #expect(text.contains(flaw.rawValue)) }
        #expect(StoredFactSample.listing(first).contains("message: m"))
    }
}
