// A second held-out set, written after the rules were generalised on the first one and
// committed before it was ever run. Its first-run score is the honest estimate; it must not
// be used to tune rules (write a new set for that).

extension LabelledFactSet {
    /// The second held-out set, parsed (see ``LabelledFactSet``).
    public static func loadUnseen() -> [LabelledUtterance] {
        parse(unseenLines)
    }

    static let unseenLines = #"""
        health | Quick heads up, my right shoulder has been clicking during presses. | self health + current
        health | I've got a bad back from years of desk work. | self health + current
        health | i think i pulled something in my groin | self health + current
        health | I'm recovering from knee surgery, 6 weeks out. | self health + current
        health | I have mild scoliosis. | self health + current
        health | My plantar fasciitis is acting up again. | self health + current
        health | I'm not sleeping great lately. | self health - current
        health | I had a concussion last year. | self health + past
        health | My heart rate gets really high on runs. | self health + current
        health | I've been feeling really burnt out. | self health + current
        health | I'm on blood pressure meds. | self health + current
        health | My asthma is much better these days. | self health + current
        goal | Goal for this year: finish a 10k. | self goal + intended
        goal | I want to lose the baby weight. | self goal + intended
        goal | I'm hoping to be off my meds by summer. | self goal + intended
        goal | Would love to do a muscle-up one day. | self goal + intended
        goal | I'm trying to eat more protein. | self goal + intended
        goal | I plan on joining a running club. | self goal + intended
        goal | I'm gonna start cycling to work. | self goal + intended
        goal | I need to fix my posture. | self goal + intended
        goal | I'm not planning to compete. | self goal - intended
        goal | I'd like to get stronger for hiking. | self goal + intended
        preference | Honestly I love leg day. | self preference + current
        preference | I'm not a big fan of burpees. | self preference - current
        preference | I'm a vegetarian, have been for 10 years. | self preference + current
        preference | I hate working out in the heat. | self preference - current
        preference | I prefer the rowing machine to the bike. | self preference + current
        preference | I really like training with a partner. | self preference + current
        preference | Yoga is my favorite way to unwind. | self preference + current
        preference | I don't eat pork. | self preference - current
        preference | I enjoy long slow runs on Sundays. | self preference + current
        preference | I can't stand the smell of the gym. | self preference - current
        personal | I work as a software developer. | self personal + current
        personal | I'm 27. | self personal + current
        personal | I live with my parents. | self relationship + current
        personal | I'm a high school teacher. | self personal + current
        personal | I've lived in Toronto my whole life. | self personal + current
        personal | I'm a single dad of two. | self relationship + current
        personal | My job involves a lot of lifting. | self personal + current
        personal | I work 9 to 5 in an office. | self personal + current
        personal | I'm a nurse on the night shift. | self personal + current
        relationship | My wife runs marathons. | wife relationship + current
        relationship | My son broke his arm last month. | son relationship + past
        relationship | My husband doesn't exercise at all. | husband relationship - current
        relationship | My mother has arthritis. | mother relationship + current
        relationship | My kids are vegetarian. | kids relationship + current
        relationship | My sister is training for a triathlon. | sister relationship + intended
        relationship | I have a 3 year old daughter. | self relationship + current
        relationship | I'm divorced with two kids. | self relationship + current
        relationship | My best friend is my workout buddy. | friend relationship + current
        relationship | My boyfriend used to play rugby. | boyfriend relationship + past
        skill | I can swim but not very well. | self skill + current
        skill | I'm a strong swimmer. | self skill + current
        skill | I can't do push-ups on my toes yet. | self skill - current
        skill | I know how to use most of the machines. | self skill + current
        skill | I speak fluent Spanish. | self skill + current
        skill | I'm terrible at running. | self skill - current
        skill | I can squat 100kg. | self skill + current
        skill | I'm new to lifting. | self skill + current
        habit | I go for a walk every evening. | self habit + current
        habit | I drink way too much coffee. | self habit + current
        habit | I usually train at lunchtime. | self habit + current
        habit | I smoke when I'm stressed. | self habit + current
        habit | I gave up alcohol in January. | self habit + past
        habit | I don't really snack. | self habit - current
        habit | I used to go to the gym every day. | self habit + past
        habit | I cycle on weekends. | self habit + current
        habit | I stretch after every run. | self habit + current
        habit | I eat a lot of fast food. | self habit + current
        belief | I believe in listening to my body. | self belief + current
        # opinion: "I think …", "I'm sure …", "I feel like …" yield nothing (relabelled from belief after
        # msc-valid: 9 in 100 such opinions were what a reader wrote down about the speaker)
        opinion | I think rest is just as important as training. |
        opinion | I don't think diets work. |
        belief | I'm a Muslim. | self belief + current
        opinion | I'm pretty sure carbs aren't evil. |
        opinion | I feel like I'm too old for this. |
        experience | I ran the New York marathon back in 2018. | self experience + past
        experience | I've done a few sprint triathlons. | self experience + past
        experience | I once hiked the Appalachian Trail. | self experience + past
        experience | I went to a yoga retreat in Bali last year. | self experience + past
        experience | I've never been skiing. | self experience - past
        experience | I won my age group at a local 5k. | self experience + past
        other | I've got a spin bike at home. | self other + current
        other | I don't have access to a pool. | self other - current
        other | I have an old treadmill that barely works. | self other + current
        other | I just bought new running shoes. | self other + past
        other | I use a fitness app to log my meals. | self other + current
        negation | My back doesn't hurt anymore. | self health + past
        negation | I'm not vegan anymore. | self preference + past
        negation | I no longer run. | self habit + past
        negation | I've never smoked. | self habit - current
        negation | I don't have kids. | self relationship - current
        negation | I can't run anymore because of my knees. | self skill + past; self health + current
        question | How long should I rest between sets? |
        question | is creatine safe |
        question | Do I have to stretch every day? |
        question | What should I eat before a run? |
        question | My knee hurts, should I still run? | self health + current
        question | Can we do upper body tomorrow? |
        question | Is it normal to be this sore? |
        smalltalk | Yo! |
        smalltalk | Thanks, you too! |
        smalltalk | Just checking in. |
        smalltalk | I'm beat. |
        smalltalk | I'm off to bed. |
        smalltalk | That was awesome. |
        smalltalk | I'm back! |
        smalltalk | I will, thanks. |
        smalltalk | I'm on it. |
        smalltalk | My bad, I forgot. |
        smalltalk | Sounds like a plan. |
        smalltalk | I'll let you know. |
        idiom | I'm dying to get back in the pool. | self goal + intended
        idiom | I'm a gym rat. | self habit + current
        idiom | I'm not a morning person at all. | self personal - current
        idiom | It's a piece of cake. |
        idiom | My feet are killing me. | self health + current
        idiom | I'm out of shape. | self health + current
        foreign | Eu amo correr na praia. |
        foreign | Ich bin Krankenschwester. |
        foreign | Me encanta el yoga. |
        foreign | Mi ginocchio fa male. |
        foreign | 私は毎日走ります。 |
        foreign | Je veux perdre du poids. |
        """#
}
