// The word lists of the rules extractor, grouped by what they mean. A word may sit in
// several groups; the lexicon merges its flags. Lowercase ASCII, at most 16 bytes a word.

extension Lexicon {
    static let groups: [(WordFlags, String)] = [
        (
            .chatFiller,
            "lol lool lmao lmfao rofl haha hahaha hehe omg tbh honestly literally basically actually seriously "
                + "genuinely totally really lowkey um uh umm hmm btw anyways currently xd just also definitely"
        ),
        (
            .listener,
            "you your yours you'll you're you've you'd u ur ya yall y'all"
        ),
        (
            .clauseBreak,
            "but though although except however whereas yet so which"
        ),
        (
            .dateStart,
            "last this next yesterday today tonight tomorrow"
        ),
        (
            .common,
            "for to of with at from by as about me us we they he she its it's than then what who get gets "
                + "make makes take takes come comes go goes see say said know think want need matter matters "
                + "thing things people person time way day year good new first last long great little own "
                + "other old right big high different small large next early young important few public bad "
                + "same able reason reasons work life world family most more some all just like"
        ),
        (
            .negation,
            "not no never nothing none nobody nowhere neither nor cannot don't dont doesn't doesnt didn't "
                + "didnt isn't isnt aren't arent wasn't wasnt weren't werent haven't havent hasn't hasnt hadn't "
                + "hadnt won't wouldn't wouldnt can't cant couldn't couldnt shouldn't shouldnt ain't"
        ),
        (
            .auxiliary,
            "am is are was were be been being do does did have has had will would shall should can could may "
                + "might must don't dont doesn't doesnt didn't didnt isn't isnt aren't arent wasn't wasnt weren't "
                + "werent haven't havent hasn't hasnt hadn't hadnt won't wouldn't wouldnt can't cant cannot "
                + "couldn't couldnt shouldn't shouldnt ain't"
        ),
        (
            .filler,
            "really just also still actually totally absolutely pretty kind sort kinda sorta very quite "
                + "mostly generally basically definitely honestly literally currently now even already truly "
                + "seriously genuinely certainly super mainly only originally again finally recently lately "
                + "personally officially surely lowkey def"
        ),
        (
            .hedge,
            "maybe probably perhaps might may possibly guess suppose apparently kinda sorta"
        ),
        (
            .discourse,
            "so well oh ok okay hi hey hello yeah yes yep yup and but plus btw anyway anyways um uh hmm lol "
                + "haha hahaha lmao coach thanks thank alright cool wow omg tbh fyi ah hiya"
        ),
        (
            .determiner,
            "a an the my your his her their our some any this that these those each all much many lots lot "
                + "few several another"
        ),
        (
            .objectPronoun,
            "it that this them those these you him her us everyone everybody y'all guys one ones so something"
        ),
        (
            .subordinator,
            "when while if because cause cuz unless although though whereas whenever where which who that "
                + "until whether"
        ),
        (
            .questionWord,
            "what how why when where who which whose whom what's how's where's who's whats hows"
        ),
        (
            .subjectPronoun,
            "you we they he she it i there anyone someone u ya this that your my ur these those everyone"
        ),
        (
            .frequency,
            "every everyday daily weekly nightly usually always often sometimes rarely seldom occasionally "
                + "normally generally typically regularly twice thrice times mornings evenings nights weekends "
                + "weekdays mondays tuesdays wednesdays thursdays fridays saturdays sundays routinely religiously "
                + "constantly never tend tends"
        ),
        (
            .pastTime,
            "ago yesterday last previously formerly once earlier childhood college kid teenager teen"
        ),
        (
            .futureTime,
            "tomorrow next soon someday eventually upcoming january february march april may june july august "
                + "september october november december summer"
        ),
        (
            .pastForm,
            "was were had did ran went broke tore got made took came ate drank swam rode won met began became "
                + "grew fell gave left lost felt kept slept spent taught thought bought brought caught found told "
                + "said saw sat stood wrote flew drove chose beat built held born hurt climbed completed finished "
                + "hiked competed visited traveled travelled cycled tried raced skied surfed crossed summited "
                + "entered earned achieved survived sprained pulled twisted fractured dislocated strained broken "
                + "torn loved liked hated enjoyed disliked adored preferred played lived worked moved used quit "
                + "stopped quitted ditched dropped smoked walked trained lifted studied learned learnt started "
                + "joined signed believed trusted spoke sang sank shook stole swore threw woke wore understood "
                + "forgot forgave froze hid knew led meant paid sent shot sold sought fought fled dug drew blew "
                + "hung heard overcame rang sprang spun wept withdrew bled dealt knelt leapt swung struck stuck"
        ),
        (
            .number,
            "one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty fifty "
                + "sixty seventy eighty hundred dozen couple"
        ),
        (
            .transient,
            "good fine ok okay great alright here there ready sorry done excited glad happy sad bored busy "
                + "late early back hungry thirsty sure in out off on home awake free available confused lost "
                + "curious proud nervous pumped stoked thrilled jealous kidding joking way coming leaving almost "
                + "nearly well amazing awesome"
        ),
        // One body-part vocabulary for the rules and the merge: BodyPart.all with the parts that
        // have no slot of their own (BodyPart.unslotted).
        (.bodyPart, BodyPart.lexiconWords),
        (
            .symptom,
            "burnt drained rundown run-down wiped splints bother bothers bothering flaring flare-up flare-ups spasms spasm hurt hurts hurting pain pains painful sore soreness ache aches aching achy injured injury "
                + "injuries tight stiff stiffness swollen swelling cramp cramps cramping numb tingling tired "
                + "exhausted exhaustion fatigue fatigued stressed stress anxious depressed dizzy nauseous winded "
                + "breathless burnout"
        ),
        (
            .condition,
            "antidepressants painkillers ibuprofen steroids statins pacemaker implant brace crutches anemic anaemic anemia hypertension hypertensive gout lupus ibs colitis eczema psoriasis osteoporosis hypothyroid hyperthyroid copd apnea apnoea tinnitus fibromyalgia postpartum breastfeeding menopausal perimenopausal arthritic prediabetic prediabetes asthma asthmatic diabetes diabetic allergic allergy allergies pregnant migraine migraines "
                + "headache headaches insomnia anxiety depression adhd arthritis tendonitis tendinitis fasciitis "
                + "sciatica scoliosis herniated hernia cancer covid flu illness ill sick disease disorder syndrome "
                + "medication medications meds pills inhaler insulin thyroid cholesterol blood pressure surgery operation lactose "
                + "intolerant intolerance celiac coeliac overweight obese underweight weigh weighs recovering rehab "
                + "concussion chronic pcos endometriosis menopause vertigo epilepsy sleep sleeping slept sleeps "
                + "snore snoring ptsd ocd panic suffer suffers suffering"
        ),
        (
            .recovery,
            "fine better healed recovered good okay ok great healthy strong"
        ),
        (
            .side,
            "left right lower upper"
        ),
        (
            .injuryVerb,
            "clicking popping grinding locking tweaked jarred aggravated hyperextended cracked chipped ruptured sprained sprain tore torn pulled strained twisted broke broken fractured dislocated bruised bad "
                + "weak dodgy wonky busted clicks locked inflamed tender rolled killing attack"
        ),
        (
            .likeVerb,
            "like likes liked love loves loved enjoy enjoys enjoyed adore adores adored prefer prefers "
                + "preferred favourite favorite fave fan rather obsessed"
        ),
        (
            .dislikeVerb,
            "hate hates hated dislike dislikes disliked detest detests loathe loathes despise despises"
        ),
        (
            .diet,
            "vegan vegetarian veggie pescatarian pescetarian keto paleo carnivore gluten-free plant-based "
                + "dairy-free meat dairy pork beef fish gluten halal kosher omnivore"
        ),
        (
            .relation,
            "grandchildren grandkids grandson granddaughter stepkids wife husband hubby partner boyfriend girlfriend bf gf fiance fiancee spouse son sons daughter "
                + "daughters kid kids child children baby babies toddler mom mum mother mommy mama dad father daddy "
                + "papa parents parent brother brothers sister sisters sibling siblings twin grandma grandmother "
                + "grandpa grandfather granny grandparents uncle aunt auntie cousin niece nephew friend friends "
                + "bestie roommate flatmate housemate coach trainer boss manager colleague coworker co-worker "
                + "doctor physio therapist neighbor neighbour mother-in-law father-in-law sister-in-law brother-in- "
                + "law stepson stepdaughter stepmom stepdad family ex-wife ex-husband"
        ),
        (
            .marital,
            "married divorced single engaged widowed separated widow widower"
        ),
        (
            .job,
            "nurse teacher engineer developer programmer doctor lawyer accountant builder electrician plumber "
                + "chef cook driver student retired unemployed freelancer freelance manager designer consultant "
                + "mechanic firefighter paramedic pharmacist dentist officer soldier farmer waiter waitress barista "
                + "cashier carpenter architect scientist researcher writer artist musician photographer pilot "
                + "homemaker housewife cleaner receptionist secretary analyst banker ceo founder owner entrepreneur "
                + "self-employed intern professor lecturer vet trainer coach journalist editor boxer"
        ),
        (
            .pet,
            "dog dogs cat cats puppy kitten pet pets rabbit parrot hamster"
        ),
        (
            .personalAdjective,
            "left-handed right-handed ambidextrous introvert introverted extrovert extroverted shy tall"
        ),
        (
            .business,
            "bakery shop store business company restaurant cafe salon studio startup firm clinic bar farm"
        ),
        (
            .military,
            "army navy military marines police"
        ),
        (
            .skillAdjective,
            "good great decent skilled fluent beginner intermediate advanced experienced certified qualified "
                + "expert pro competent proficient novice amateur natural"
        ),
        (
            .poorSkillAdjective,
            "bad terrible awful poor hopeless rubbish useless clumsy"
        ),
        (
            .language,
            "english spanish portuguese german french italian japanese chinese mandarin cantonese arabic "
                + "russian hindi korean dutch polish swedish norwegian danish greek turkish hebrew latin"
        ),
        (
            .instrument,
            "guitar piano violin drums bass cello flute saxophone trumpet ukulele harmonica keyboard"
        ),
        (
            .activity,
            "run runs running jog jogs jogging walk walks walking swim swims swimming cycle cycles cycling "
                + "bike bikes biking ride rides riding train trains training lift lifts lifting stretch stretches "
                + "stretching meditate meditates meditating exercise exercises exercising workout hike hikes hiking "
                + "climb climbs climbing dance dances dancing box boxing row rowing ski skiing surf surfing skate "
                + "skating play plays playing practice practise practices go goes do does commute commutes wake "
                + "wakes skip skips check checks cook cooks nap naps yoga pilates crossfit spin tennis football "
                + "soccer basketball golf rugby volleyball badminton pray prays fasting"
        ),
        (
            .consumption,
            "smoke smokes smoking smoked smoker vape vapes vaping drink drinks drinking drank drinker eat "
                + "eats eating ate snack snacks snacking"
        ),
        (
            .experienceVerb,
            "climbed ran run completed finished did done hiked won competed went gone visited traveled "
                + "travelled cycled swam swum met tried been skied surfed raced crossed summited participated "
                + "entered earned got achieved survived"
        ),
        (
            .eventNoun,
            "marathon marathons half triathlon triathlons ironman ultramarathon ultra 5k 10k race races medal "
                + "medals championship championships competition tournament belt trophy skydiving bungee camino "
                + "everest kilimanjaro fuji mount mountain trek trip honeymoon abroad country countries class "
                + "olympics whole30 challenge expedition pilgrimage retreat bootcamp"
        ),
        (
            .cessationVerb,
            "quit quitted stopped gave ditched dropped kicked"
        ),
        (
            .beliefVerb,
            "think thinks thought believe believes believed believer trust trusts trusted convinced sure "
                + "reckon opinion faith"
        ),
        (
            .religion,
            "christian catholic muslim jewish buddhist hindu atheist agnostic religious spiritual mormon "
                + "protestant sikh god"
        ),
        (
            .equipment,
            "treadmill dumbbells dumbbell kettlebell kettlebells barbell bench rack weights mat bands peloton "
                + "bike bicycle car desk garden pool machine rower elliptical equipment membership watch scale "
                + "tracker fitbit garmin shoes gear garage yard balcony basement apartment house flat budget money"
        ),
        (
            .possessionVerb,
            "own owns use uses drive drives bought"
        ),
        (
            .intention,
            "want wants wanna plan plans planning hope hopes hoping aim aims aiming trying try tries need "
                + "needs determined dying itching looking thinking wish saving training going gonna intend "
                + "intending considering desperate keen eager"
        ),
        (
            .goalNoun,
            "plan plans goal goals dream dreams ambition aim target resolution mission objective"
        ),
    ]
}
