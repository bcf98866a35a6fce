// The labelled set, part 1: statements that carry facts, one group per category, then
// negation, past, intention, third person and multi-fact lines. Written before the rules.

extension LabelledFactSet {
    /// The whole labelled set in its line format (see ``LabelledFactSet``).
    public static let lines = statementLines + "\n" + silentLines

    static let statementLines = #"""
        # health
        health | My left knee hurts when I run. | self health + current = Left knee hurts when running
        health | I have lower back pain most mornings. | self health + current = Has lower back pain most mornings
        health | I sprained my right ankle last month. | self health + past = Sprained their right ankle in September 2026
        health | I've got asthma. | self health + current
        health | I'm allergic to peanuts. | self health + current = Is allergic to peanuts
        health | My shoulder has been sore since Tuesday. | self health + current
        health | I had knee surgery two years ago. | self health + past
        health | I have type 2 diabetes. | self health + current = Has type 2 diabetes
        health | I'm pregnant with my second child. | self health + current
        health | My hamstrings are really tight. | self health + current = Hamstrings are tight
        health | I get migraines when I don't sleep enough. | self health + current
        health | I sleep badly, maybe five hours a night. | self health + current
        health | I've been really stressed at work lately. | self health + current
        health | My blood pressure is a bit high. | self health + current
        health | I take medication for my thyroid. | self health + current = Takes medication for their thyroid
        health | I tore my ACL playing football in college. | self health + past
        health | My neck is stiff from sitting all day. | self health + current
        health | I have a herniated disc. | self health + current
        health | I'm recovering from a broken wrist. | self health + current
        health | I weigh about 90 kg. | self health + current = Weighs about 90 kg
        health | I suffer from anxiety. | self health + current
        health | My right hip clicks when I squat. | self health + current = Right hip clicks when squatting
        health | I'm always tired in the afternoon. | self health + current
        health | I have plantar fasciitis in my left foot. | self health + current
        health | I'm lactose intolerant. | self health + current
        health | My knees ache after long walks. | self health + current
        health | Squats hurt my knees. | self health + current = Squats hurt their knees
        health | Cold weather makes my joints ache. | self health + current
        health | I survived cancer ten years ago. | self health + past
        health | My lower back is sore today. | self health + current
        health | I have a bad shoulder. | self health + current
        health | i have insomnia | self health + current

        # goal
        goal | I want to run a marathon next year. | self goal + intended = Wants to run a marathon in 2027
        goal | My goal is to lose 10 kg before summer. | self goal + intended = Goal is to lose 10 kg before summer
        goal | I'm planning to sign up for a triathlon. | self goal + intended
        goal | I'd love to be able to do a pull-up. | self goal + intended
        goal | I'm hoping to get my deadlift to 150 kg. | self goal + intended = Hoping to get their deadlift to 150 kg
        goal | I'm training for a half marathon in October. | self goal + intended = Training for a half marathon in October
        goal | I want to get back into shape after the baby. | self goal + intended
        goal | I need to lose some weight. | self goal + intended
        goal | I'm going to start swimming on Mondays. | self goal + intended
        goal | I'm trying to cut down on sugar. | self goal + intended
        goal | One day I want to climb Kilimanjaro. | self goal + intended
        goal | I'd like to improve my flexibility. | self goal + intended
        goal | I don't want to bulk up too much. | self goal - intended
        goal | I aim to walk 10,000 steps a day. | self goal + intended = Aims to walk 10,000 steps a day
        goal | My dream is to open my own gym. | self goal + intended
        goal | I'm thinking about learning to surf. | self goal + intended
        goal | I plan to quit smoking this year. | self goal + intended
        goal | I want to sleep better. | self goal + intended
        goal | I'd love to be able to touch my toes. | self goal + intended
        goal | I'm saving up to buy a road bike. | self goal + intended
        goal | I'm determined to finish a 10k under 50 minutes. | self goal + intended = Determined to finish a 10k under 50 minutes
        goal | I really want to stop eating junk food. | self goal + intended
        goal | My main goal this year is building muscle. | self goal + intended
        goal | I hope to compete in a bodybuilding show someday. | self goal + intended

        # preference
        preference | I love running outdoors. | self preference + current = Loves running outdoors
        preference | I hate burpees. | self preference - current = Hates burpees
        preference | I'm vegetarian. | self preference + current
        preference | I'm vegan. | self preference + current
        preference | I prefer working out in the morning. | self preference + current
        preference | My favourite exercise is the deadlift. | self preference + current = Favourite exercise is the deadlift
        preference | I can't stand treadmills. | self preference - current
        preference | I really enjoy yoga. | self preference + current
        preference | I'm not a fan of cardio. | self preference - current
        preference | I don't like swimming in cold water. | self preference - current = Doesn't like swimming in cold water
        preference | I never liked running. | self preference - current
        preference | I love spicy food. | self preference + current
        preference | I don't eat meat. | self preference - current
        preference | I prefer free weights over machines. | self preference + current = Prefers free weights over machines
        preference | I'm into rock climbing these days. | self preference + current
        preference | I'm a big fan of pilates. | self preference + current
        preference | I dislike crowded gyms. | self preference - current
        preference | I'm gluten-free. | self preference + current
        preference | I'd rather lift than run. | self preference + current
        preference | I eat meat again. | self preference + current
        preference | I've been vegan for three years. | self preference + current
        preference | I can't stand the taste of protein shakes. | self preference - current
        preference | Running makes me happy. | self preference + current
        preference | My favorite food is sushi. | self preference + current
        preference | I absolutely adore hiking in the mountains. | self preference + current
        preference | i'm vegan lol | self preference + current = Is vegan
        preference | I love running 🏃‍♀️❤️ | self preference + current = Loves running

        # personal
        personal | I'm 34. | self personal + current = Is 34 years old
        personal | I work as a nurse. | self personal + current = Works as a nurse
        personal | I live in Lisbon. | self personal + current = Lives in Lisbon
        personal | My name is Priya. | self personal + current
        personal | I'm a software engineer. | self personal + current
        personal | I work night shifts at the hospital. | self personal + current = Works night shifts at the hospital
        personal | I have a dog named Biscuit. | self personal + current = Has a dog named Biscuit
        personal | I'm originally from Brazil. | self personal + current = Is originally from Brazil
        personal | I'm a teacher. | self personal + current
        personal | I'm retired. | self personal + current
        personal | I'm a student at the university. | self personal + current
        personal | I used to work in a bank. | self personal + past
        personal | I'm not working at the moment. | self personal - current
        personal | I'm left-handed. | self personal + current
        personal | I work from home. | self personal + current
        personal | I was born in Porto. | self personal + past
        personal | My job is very physical, I'm a builder. | self personal + current; self personal + current
        personal | I've got a cat. | self personal + current
        personal | I own a small bakery. | self personal + current = Owns a small bakery
        personal | I work 12-hour shifts. | self personal + current = Works 12-hour shifts
        personal | I lived in Japan for three years. | self personal + past
        personal | I was in the army for six years. | self personal + past
        personal | I'm moving to Madrid next month. | self personal + intended = Moving to Madrid in November 2026
        personal | I'm 28 years old. | self personal + current

        # relationship
        relationship | I'm married. | self relationship + current
        relationship | I have two kids. | self relationship + current
        relationship | My wife is vegan. | wife relationship + current = Wife is vegan
        relationship | My husband is a chef. | husband relationship + current
        relationship | My son plays football. | son relationship + current = Son plays football
        relationship | My daughter is at university. | daughter relationship + current
        relationship | My mom has diabetes. | mother relationship + current
        relationship | My dad had a heart attack last year. | father relationship + past
        relationship | I'm divorced. | self relationship + current
        relationship | I live with my girlfriend. | self relationship + current
        relationship | My brother is a personal trainer. | brother relationship + current
        relationship | My sister lives in Canada. | sister relationship + current
        relationship | My boyfriend doesn't like the gym. | boyfriend relationship - current
        relationship | My kids keep me busy. | kids relationship + current
        relationship | I'm single. | self relationship + current
        relationship | My partner runs ultramarathons. | partner relationship + current
        relationship | My wife and I are expecting a baby. | self relationship + current
        relationship | My husband used to smoke. | husband relationship + past
        relationship | My son wants to become a pilot. | son relationship + intended
        relationship | My best friend is getting married in May. | friend relationship + intended
        relationship | My mother-in-law lives with us. | mother-in-law relationship + current
        relationship | I don't have kids. | self relationship - current
        relationship | My grandfather was a boxer. | grandfather relationship + past
        relationship | My girlfriend is allergic to gluten. | girlfriend relationship + current
        relationship | My father doesn't eat meat. | father relationship - current
        relationship | I have a twin brother. | self relationship + current
        relationship | My wife's knee is bad. | wife relationship + current
        relationship | My friend Sarah is a nurse. | friend relationship + current
        relationship | My mum hates the cold. | mother relationship - current
        relationship | My kids are 5 and 8. | kids relationship + current

        # skill
        skill | I can swim pretty well. | self skill + current
        skill | I speak Spanish and Portuguese. | self skill + current
        skill | I'm good at chess. | self skill + current
        skill | I can't do a single pull-up. | self skill - current
        skill | I know how to cook. | self skill + current
        skill | I'm a beginner at weightlifting. | self skill + current
        skill | I can run 10k without stopping. | self skill + current
        skill | I'm a certified yoga instructor. | self skill + current
        skill | I play the guitar. | self skill + current
        skill | I'm terrible at balancing exercises. | self skill - current
        skill | I can't swim. | self skill - current
        skill | I've never learned to ride a bike. | self skill - current
        skill | I used to be able to do the splits. | self skill + past
        skill | I'm fluent in German. | self skill + current
        skill | I can deadlift twice my bodyweight. | self skill + current
        skill | I don't know how to use the rowing machine. | self skill - current
        skill | I'm pretty decent at tennis. | self skill + current
        skill | I can do 50 push-ups in a row. | self skill + current
        skill | I'm an experienced climber. | self skill + current
        skill | I can cook a mean lasagna. | self skill + current
        skill | I know nothing about nutrition. | self skill - current
        skill | I'm bad at keeping a rhythm. | self skill - current

        # habit
        habit | I run every morning before work. | self habit + current
        habit | I go to the gym three times a week. | self habit + current
        habit | I smoke about ten cigarettes a day. | self habit + current
        habit | I used to smoke. | self habit + past
        habit | I quit smoking two years ago. | self habit + past
        habit | I usually skip breakfast. | self habit + current
        habit | I drink a lot of coffee. | self habit + current
        habit | I don't drink alcohol. | self habit - current
        habit | I walk my dog twice a day. | self habit + current
        habit | I stretch every night before bed. | self habit + current
        habit | I never eat breakfast. | self habit - current
        habit | I meditate for ten minutes every day. | self habit + current
        habit | I always train fasted. | self habit + current
        habit | I go to bed around midnight. | self habit + current
        habit | I cycle to work. | self habit + current
        habit | I stopped drinking soda last year. | self habit + past
        habit | I rarely eat vegetables. | self habit + current = Rarely eats vegetables
        habit | I used to run five times a week. | self habit + past = Used to run five times a week
        habit | I don't exercise anymore. | self habit + past
        habit | I swim on Sundays. | self habit + current
        habit | I eat out most nights. | self habit + current
        habit | Every Saturday I play football with friends. | self habit + current = Plays football with friends every Saturday
        habit | I do yoga twice a week. | self habit + current = Does yoga twice a week
        habit | I'm up at 5am every day. | self habit + current
        habit | I tend to snack late at night. | self habit + current = Tends to snack late at night
        habit | I played rugby for ten years. | self habit + past = Played rugby for ten years

        # belief
        belief | I believe rest days are important. | self belief + current = Believes rest days are important
        # opinion: "I think …", "I'm sure …", "I feel like …" yield nothing (relabelled from belief after
        # msc-valid: 9 in 100 such opinions were what a reader wrote down about the speaker)
        opinion | I think carbs are the enemy. |
        belief | I don't believe in fad diets. | self belief - current = Doesn't believe in fad diets
        belief | I'm convinced stretching prevents injuries. | self belief + current
        belief | I'm a Christian. | self belief + current
        opinion | Honestly I think most supplements are a waste of money. |
        opinion | I feel like consistency matters more than intensity. |
        opinion | I used to think running was bad for your knees. |
        opinion | I don't think you need a gym to get fit. |
        belief | In my opinion, sleep is the most important thing. | self belief + current
        belief | I believe everything happens for a reason. | self belief + current
        belief | I'm a firm believer in eating whole foods. | self belief + current
        belief | I don't trust doctors much. | self belief - current
        belief | I'm not religious. | self belief - current
        belief | I believe in God. | self belief + current
        opinion | I think breakfast is overrated. |
        belief | Family comes first for me. | self belief + current
        opinion | I'm pretty sure protein helps recovery. |
        belief | I'm vegan for ethical reasons, animals matter to me. | self preference + current; self belief + current
        belief | I'm a Buddhist. | self belief + current

        # experience
        experience | I ran a marathon in 2019. | self experience + past = Ran a marathon in 2019
        experience | I've climbed Mount Fuji. | self experience + past
        experience | I did a triathlon once. | self experience + past
        experience | I've been to Japan twice. | self experience + past
        experience | I finished my first 5k last weekend. | self experience + past = Finished their first 5k on the weekend of 10 October 2026
        experience | I competed in powerlifting in college. | self experience + past
        experience | I hiked the Camino de Santiago. | self experience + past
        experience | I once cycled from London to Paris. | self experience + past = Once cycled from London to Paris
        experience | I've never run a race. | self experience - past
        experience | I won a medal at the national championships. | self experience + past
        experience | I got my black belt when I was 16. | self experience + past = Got their black belt when they were 16
        experience | I went skydiving for my 30th birthday. | self experience + past
        experience | I've done Whole30 before. | self experience + past
        experience | I tried CrossFit last year and hated it. | self experience + past = Tried CrossFit in 2025; self preference - past = Hated CrossFit
        experience | I met my wife at the gym. | self experience + past
        experience | I've run three marathons. | self experience + past
        experience | I went to Bali on my honeymoon. | self experience + past
        experience | Last year I completed an Ironman. | self experience + past = Completed an Ironman in 2025
        experience | I have never been to a yoga class. | self experience - past
        experience | I climbed Everest base camp in 2018. | self experience + past

        # other
        other | I have a treadmill at home. | self other + current = Has a treadmill at home
        other | I don't own a car. | self other - current = Doesn't own a car
        other | I have a pair of adjustable dumbbells. | self other + current = Has a pair of adjustable dumbbells
        other | I have a Peloton in the garage. | self other + current
        other | I don't have a gym membership. | self other - current
        other | I bought a new pair of running shoes. | self other + past
        other | I have a standing desk. | self other + current
        other | I drive an old Honda. | self other + current
        other | I don't have any equipment at home. | self other - current
        other | I have a garden where I can train. | self other + current
        other | I have a pool in my building. | self other + current
        other | I use an Apple Watch to track my runs. | self other + current = Uses an Apple Watch to track their runs
        other | My budget is tight this month. | self other + current
        other | I have a rowing machine in my basement. | self other + current
        other | I don't have a bike. | self other - current

        # negation, cessation and past states
        negation | My knee doesn't hurt anymore. | self health + past = Knee doesn't hurt anymore
        negation | My back is fine now. | self health + current
        negation | I don't have any injuries. | self health - current
        negation | I've never broken a bone. | self health - current
        negation | I used to have asthma as a kid. | self health + past
        negation | I no longer get headaches. | self health + past
        negation | I'm not diabetic. | self health - current
        negation | My shoulder feels much better. | self health + current
        negation | I don't sleep well. | self health - current
        negation | I no longer smoke. | self habit + past = No longer smokes
        negation | I'm not vegetarian anymore. | self preference + past
        negation | I don't drink coffee. | self habit - current
        negation | I don't really like lifting heavy. | self preference - current
        negation | I never skip leg day. | self habit - current
        negation | I gave up sugar last year. | self habit + past = Gave up sugar in 2025
        negation | I didn't like running as a kid. | self preference - past
        negation | I'm not a morning person. | self personal - current
        negation | I'm not allergic to anything. | self health - current

        # intention
        intention | I'm going to try intermittent fasting. | self goal + intended
        intention | Next year I'd like to do an Ironman. | self goal + intended = Would like to do an Ironman in 2027
        intention | I want to learn to swim properly. | self goal + intended
        intention | I'm planning on running the Berlin marathon. | self goal + intended
        intention | My goal is 20 push-ups in a row. | self goal + intended = Goal is 20 push-ups in a row
        intention | I want to be able to play with my kids without getting tired. | self goal + intended
        intention | I'm looking to build more muscle. | self goal + intended
        intention | I'm itching to start lifting again. | self goal + intended

        # hedges and multi-fact messages
        multi | I think my knee might be injured. | self health + current
        multi | Maybe I'm lactose intolerant, not sure. | self health + current
        multi | I'm 42, I work in IT and I have two kids. | self personal + current = Is 42 years old; self personal + current = Works in IT; self relationship + current = Has two kids
        multi | Hi coach! My lower back is sore. Should I skip deadlifts? | self health + current
        multi | Thanks! By the way, I'm vegetarian now. | self preference + current
        multi | I love cycling but I hate running. | self preference + current = Loves cycling; self preference - current = Hates running
        multi | I used to smoke but I quit five years ago. | self habit + past
        multi | My knee hurts and my wife thinks I should see a doctor. | self health + current
        multi | Work has been crazy, I'm sleeping maybe four hours a night. | self health + current
        multi | I'm a nurse and I work nights, so I train in the afternoon. | self personal + current = Is a nurse; self personal + current = Works nights; self habit + current = Trains in the afternoon
        multi | My wife is vegan but I eat everything. | wife relationship + current = Wife is vegan; self preference + current = Eats everything
        multi | I want to run a 5k but my knee hurts. | self goal + intended; self health + current
        multi | MY KNEE HURTS SO MUCH | self health + current = Knee hurts so much
        multi | i love running | self preference + current
        multi | My knee 🦵 hurts after squats. | self health + current = Knee hurts after squats
        """#
}
