// A held-out set, written after the rules and committed before it was ever run, in the same
// format and under the same labelling guide. The development set measures what the rules
// were built for; this one estimates how they do on phrasings they were not written against.

extension LabelledFactSet {
    /// The held-out lines, parsed (see ``LabelledFactSet``).
    public static func loadHoldout() -> [LabelledUtterance] {
        parse(holdoutLines)
    }

    static let holdoutLines = #"""
        health | ugh my lower back is killing me again | self health + current
        health | I've had tendonitis in my right elbow for months. | self health + current = Has had tendonitis in their right elbow for months
        health | Been dealing with shin splints since I upped my mileage | self health + current
        health | I'm diabetic so I have to watch my carbs. | self health + current = Is diabetic
        health | my doctor says I have high cholesterol | self health + current = Has high cholesterol
        health | I tweaked my hamstring on Sunday. | self health + past
        health | I'm on antidepressants. | self health + current
        health | my ankle is still swollen | self health + current
        health | I have a pacemaker. | self health + current
        health | My sleep has been terrible this week. | self health + current
        health | I get really bad cramps in my calves at night. | self health + current
        health | I broke my collarbone when I was 12. | self health + past = Broke their collarbone when they were 12
        health | I'm anemic. | self health + current
        health | I'm 8 months postpartum. | self health + current
        health | My hip doesn't bother me anymore. | self health + past = Hip doesn't bother them anymore
        goal | Trying to get under 20% body fat by June. | self goal + intended = Trying to get under 20% body fat by June
        goal | I'd really like to run a sub-2 half this year. | self goal + intended = Would like to run a sub-2 half in 2026
        goal | Planning to do my first powerlifting meet in the spring. | self goal + intended
        goal | I want to be able to hike with my grandkids. | self goal + intended
        goal | My target is 3 workouts a week. | self goal + intended = Target is 3 workouts a week
        goal | I'm hoping to drop two dress sizes for the wedding. | self goal + intended
        goal | I really need to start stretching more. | self goal + intended
        goal | Someday I want to swim across the bay. | self goal + intended
        goal | I'm aiming for a 100kg bench by Christmas. | self goal + intended = Aiming for a 100kg bench by Christmas
        goal | I don't want to lose muscle while cutting. | self goal - intended
        goal | I would love to get back to running. | self goal + intended
        goal | my plan is to walk every lunch break | self goal + intended
        preference | I'm obsessed with kettlebells lately. | self preference + current
        preference | I really don't enjoy running on treadmills. | self preference - current
        preference | Mornings are my favorite time to train. | self preference + current = Mornings are their favorite time to train
        preference | I'm pescatarian. | self preference + current
        preference | honestly I can't stand kale | self preference - current = Can't stand kale
        preference | I prefer short intense sessions. | self preference + current
        preference | I love swimming, it clears my head. | self preference + current
        preference | I'm not into group classes. | self preference - current
        preference | Spin class is my favourite. | self preference + current = Spin class is their favourite
        preference | I detest lunges. | self preference - current
        preference | I went vegan last year. | self preference + past = Went vegan in 2025
        preference | I've always loved dancing. | self preference + current
        personal | I'm a paramedic. | self personal + current
        personal | I live in a tiny flat in Manchester. | self personal + current = Lives in a tiny flat in Manchester
        personal | I turned 50 last month. | self personal + past = Turned 50 in September 2026
        personal | I'm from Kenya originally. | self personal + current
        personal | I work remotely for a startup. | self personal + current
        personal | I'm a stay-at-home dad. | self personal + current
        personal | I'm a night owl. | self personal + current
        personal | I just got a new job as a barista. | self personal + past = Got a new job as a barista
        personal | I'm 61 and recently retired. | self personal + current; self personal + current
        personal | I have two cats. | self personal + current
        personal | I'm unemployed right now. | self personal + current
        relationship | My husband and I just got married. | self relationship + past
        relationship | My daughter has asthma. | daughter relationship + current = Daughter has asthma
        relationship | My son is 14 and plays basketball. | son relationship + current; son relationship + current
        relationship | I'm engaged! | self relationship + current
        relationship | My girlfriend is a vegetarian. | girlfriend relationship + current
        relationship | My mom passed away last year. | mother relationship + past = Mom passed away in 2025
        relationship | My brother and I run together on weekends. | self habit + current
        relationship | My wife is pregnant. | wife relationship + current
        relationship | My dad used to be a marathon runner. | father relationship + past
        relationship | I have three grandchildren. | self relationship + current
        relationship | My partner works nights. | partner relationship + current
        relationship | My coach is from Brazil. | coach relationship + current
        relationship | I'm a single mom. | self relationship + current
        skill | I can't ride a bike. | self skill - current
        skill | I'm pretty good at swimming. | self skill + current
        skill | I speak a bit of French. | self skill + current = Speaks a bit of French
        skill | I can hold a plank for three minutes. | self skill + current = Can hold a plank for three minutes
        skill | I'm hopeless at cooking. | self skill - current
        skill | I'm a qualified lifeguard. | self skill + current
        skill | I used to be able to run a 6 minute mile. | self skill + past
        skill | I don't know how to swim. | self skill - current
        skill | I'm advanced in yoga. | self skill + current
        skill | I can touch my toes now. | self skill + current
        habit | I walk to work every day. | self habit + current = Walks to work every day
        habit | I usually eat dinner really late. | self habit + current
        habit | I hardly ever drink. | self habit + current = Hardly ever drinks
        habit | I train five days a week. | self habit + current
        habit | I vape. | self habit + current
        habit | I used to drink a lot in college. | self habit + past
        habit | I've stopped eating after 8pm. | self habit + past
        habit | I'm in bed by 10 most nights. | self habit + current
        habit | I often skip lunch when I'm busy. | self habit + current
        habit | I don't smoke. | self habit - current
        habit | I lift weights on Mondays and Thursdays. | self habit + current = Lifts weights on Mondays and Thursdays
        habit | I play golf every Sunday morning. | self habit + current
        belief | I believe strength training is for everyone. | self belief + current
        # opinion: "I think …", "I'm sure …", "I feel like …" yield nothing (relabelled from belief after
        # msc-valid: 9 in 100 such opinions were what a reader wrote down about the speaker)
        opinion | I think cardio is overrated. |
        belief | I'm an atheist. | self belief + current
        belief | I don't believe in cheat days. | self belief - current
        belief | I'm convinced that sugar is addictive. | self belief + current
        opinion | I think everyone should learn to swim. |
        belief | I'm Catholic. | self belief + current
        belief | Health matters more to me than looks. | self belief + current
        experience | I did the London marathon in 2015. | self experience + past
        experience | I've been skiing a few times. | self experience + past
        experience | I climbed Kilimanjaro two years ago. | self experience + past = Climbed Kilimanjaro in 2024
        experience | I once ran 50 km in a day. | self experience + past = Once ran 50 km in a day
        experience | I competed in gymnastics as a teenager. | self experience + past
        experience | I've never done a pull-up in my life. | self experience - past
        experience | I finished a sprint triathlon last summer. | self experience + past = Finished a sprint triathlon in summer 2026
        experience | I've traveled to over 30 countries. | self experience + past
        other | I have a home gym in my garage. | self other + current
        other | I don't have a car so I bike everywhere. | self other - current; self habit + current
        other | I just bought a rowing machine. | self other + past
        other | I have a pull-up bar in my doorway. | self other + current = Has a pull-up bar in their doorway
        other | I use a Garmin watch for tracking. | self other + current
        other | I don't own any weights. | self other - current
        other | I have a resistance band set. | self other + current
        negation | I'm not a runner. | self personal - current
        negation | I no longer eat red meat. | self preference + past = No longer eats red meat
        negation | I don't get headaches anymore. | self health + past
        negation | I never drink coffee after noon. | self habit - current
        negation | I'm not lactose intolerant. | self health - current
        negation | I don't have any allergies. | self health - current
        negation | I've quit drinking. | self habit + past
        negation | My knee isn't sore anymore. | self health + past
        question | Can I train if I have a cold? |
        question | how many calories should I eat |
        question | Is it bad that I skip breakfast? |
        question | what's the best way to fix knee pain |
        question | Do you think I should try keto? |
        question | Should I do cardio before weights? |
        question | why do my legs feel so heavy |
        question | Are rest days really necessary? |
        question | can you move my session to 5pm |
        question | Would it be ok if I run tomorrow? |
        smalltalk | hey! |
        smalltalk | Morning! Ready for today? |
        smalltalk | Thanks coach, that was tough! |
        smalltalk | haha yeah |
        smalltalk | See ya Thursday |
        smalltalk | I'm so sore lol |
        smalltalk | That sounds great. |
        smalltalk | Sorry I missed yesterday. |
        smalltalk | I'm running late, be there in 10. |
        smalltalk | Got it, thanks! |
        smalltalk | I'll do it tonight. |
        smalltalk | Enjoy your weekend! |
        smalltalk | I'm so happy with my progress! |
        smalltalk | I'm heading to the gym now. |
        smalltalk | It was a long day. |
        smalltalk | I hope so! |
        smalltalk | I know what you mean. |
        smalltalk | I'm stuffed after that dinner. |
        idiom | I'm chomping at the bit to get back to training. | self goal + intended
        idiom | That class kicked my butt. |
        idiom | I'm a couch potato. | self habit + current
        idiom | My legs feel like jelly. |
        idiom | I've got a sweet tooth. | self preference + current
        idiom | I'm not a gym rat. | self habit - current
        idiom | Hang in there! |
        idiom | I'm feeling a bit under the weather today. | self health + current
        foreign | Ich gehe jeden Morgen joggen. |
        foreign | Tengo dolor de rodilla. |
        foreign | Estou treinando para uma maratona. |
        foreign | 私はベジタリアンです。 |
        foreign | Je suis allergique aux arachides. |
        foreign | Мне нравится йога. |
        foreign | أحب السباحة |
        foreign | Ho mal di schiena. |
        foreign | Mein Mann ist Vegetarier. |
        foreign | 我想跑马拉松。 |
        """#
}
