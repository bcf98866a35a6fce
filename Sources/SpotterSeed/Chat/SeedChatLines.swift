/// Lines that are not about the person: small talk, questions with their answers, workout
/// feedback, coming back after a break, and the counterpart's replies.
enum SeedChatLines {
    static let smallTalk = [
        "hi!", "hello", "hey 👋", "thanks!", "thank you so much", "see you tomorrow", "good morning ☀️", "ok",
        "great, thanks", "haha", "sounds good", "👍", "have a nice weekend", "ok will do", "perfect", "got it",
    ]
    static let foreignSmallTalk: [String: [String]] = [
        "pt": ["oi!", "obrigado!", "até amanhã", "bom dia", "valeu!"],
        "de": ["hallo!", "danke!", "bis morgen", "guten Morgen", "super, danke"],
        "es": ["¡hola!", "¡gracias!", "hasta mañana", "buenos días", "vale, perfecto"],
    ]
    static let questions: [(question: String, answer: String)] = [
        (
            "should I stretch before running?",
            "A few minutes of dynamic warm-up is better than long static stretches before a run."
        ),
        (
            "is it ok to train when I'm sore?",
            "Light movement is fine when you're a bit sore; skip heavy work on the same muscles."
        ),
        ("how much protein should I eat?", "Around 1.6 g of protein per kg of body weight a day is a good target."),
        ("can I swap the lunges for something else?", "Sure, split squats or step-ups work the same muscles."),
        ("how long should I rest between sets?", "2–3 minutes on heavy sets, 60–90 seconds on the smaller exercises."),
        ("what should I eat before training?", "Something light with carbs 1–2 hours before, like a banana or toast."),
        (
            "is it bad to train every day?",
            "Not if you vary the intensity, but plan at least one easy or rest day a week."
        ),
        (
            "should I do cardio before or after weights?",
            "After weights if strength is your priority; before if it's the run you care about."
        ),
        ("how many rest days do I need?", "One or two a week is plenty for most people."),
        ("can I do the workout at home instead?", "Yes, I'll send you a home version with what you have."),
        ("is walking enough on rest days?", "Walking is perfect for rest days."),
        ("how do I know if I'm lifting heavy enough?", "If the last two reps are hard but clean, the weight is right."),
    ]
    static let foreignQuestions: [String: String] = [
        "pt": "devo alongar antes de correr?", "de": "soll ich mich vor dem Laufen dehnen?",
        "es": "¿debo estirar antes de correr?",
    ]
    static let feedback = [
        "today's session was hard", "legs are so sore after yesterday", "done for today 💪", "that was a tough one",
        "I skipped yesterday, sorry", "crushed it today", "the last set was brutal", "felt strong today",
        "only did half the workout, was exhausted", "new personal best today!",
        "finished the program week, feeling good",
    ]
    static let comebacks = [
        "I'm back! sorry I disappeared for a while", "sorry, it's been a crazy couple of weeks",
        "back after being sick, ready to go", "hey, sorry for going quiet", "I fell off the wagon, but I'm back",
    ]
    static let prefixes = ["hey, ", "Hi! ", "Quick update: ", "btw ", "So ", "Honestly, ", "Morning! ", "FYI "]
    static let suffixes = [".", "!", " 🙂", " 😅", " lol", ", just so you know", ". any tips?", "..."]
    static let joiners = [" and ", ". Also, ", ", and ", ". "]

    /// The counterpart's reply to a message on `topic`.
    static func reply(to topic: SeedTopic, assistant: Bool, random: inout SeedRandom) -> String {
        let options: [String] =
            switch topic {
            case .injury:
                [
                    "Sorry to hear that. Let's go easy on it this week.",
                    "Thanks for telling me — I'll swap the exercises that aggravate it.",
                    "If it keeps hurting, please get it checked by a physio.",
                    "Ouch. Ice it and let's keep the next session light.",
                ]
            case .recovery:
                [
                    "Great news! We'll build back up gradually.", "So glad to hear that 🙌",
                    "Excellent, let's ramp up slowly.",
                ]
            case .goal:
                [
                    "Love that goal! Let's plan for it.", "Great, I'll adjust the program to get you there.",
                    "Very doable. Consistency is key.",
                ]
            case .diet:
                [
                    "Noted, I'll keep that in mind for the nutrition tips.", "Thanks, good to know.",
                    "Makes sense — let's make sure you get enough protein.",
                ]
            case .family: ["That's lovely!", "Nice! Family first.", "Good to know, thanks for sharing."]
            case .schedule: ["No problem, I'll plan around that.", "Got it, let's fit your sessions to that schedule."]
            case .like: ["Great, let's include more of that.", "Love it! We'll keep it fun."]
            case .dislike: ["Noted, we'll keep that to a minimum 😄", "Fair enough, there are always alternatives."]
            case .habit:
                [
                    "Thanks for being honest. Small steps!", "Good to know, thanks!",
                    "Noted — habits matter as much as workouts.",
                ]
            case .skill, .experience: ["That's useful to know!", "Impressive!", "Good to know, that helps me plan."]
            case .belief:
                ["Interesting — let's talk about that next time.", "There's some truth to that, but it depends."]
            case .feedback:
                ["Great job today!", "Proud of you 💪", "Rest up, you earned it.", "Nice work, keep it going!"]
            case .smallTalk: ["Hi! 👋", "You're welcome!", "See you!", "Have a great day!", "👍"]
            case .comeback:
                ["Welcome back! Let's ease back in.", "Good to have you back!", "No worries, let's pick it up again."]
            case .question(let index): [questions[index % questions.count].answer]
            }
        let aboutThePerson: Bool =
            switch topic {
            case .feedback, .smallTalk, .comeback, .question: false
            default: true
            }
        if assistant, aboutThePerson, random.chance(0.3) {
            return random.pick(["Got it — I'll take that into account.", "Thanks! I've noted that.", "Understood."])
        }
        return random.pick(options)
    }

    /// A short reply in the client's language when they wrote in it (the only foreign
    /// question is whether to stretch before running).
    static func foreignReply(to topic: SeedTopic, language: String, random: inout SeedRandom) -> String? {
        let options: [String: [String]]
        switch topic {
        case .smallTalk:
            options = [
                "pt": ["Oi! 😊", "De nada!", "Até mais!"], "de": ["Hallo! 😊", "Gern geschehen!", "Bis bald!"],
                "es": ["¡Hola! 😊", "¡De nada!", "¡Hasta pronto!"],
            ]
        case .question:
            options = [
                "pt": ["Um aquecimento dinâmico de poucos minutos é melhor do que alongar parado antes de correr."],
                "de": ["Ein kurzes dynamisches Aufwärmen ist vor dem Laufen besser als langes Dehnen."],
                "es": ["Un calentamiento dinámico corto es mejor que estirar mucho antes de correr."],
            ]
        default:
            options = [
                "pt": ["Obrigado por avisar!", "Entendi, vou ajustar o treino."],
                "de": ["Danke für die Info!", "Verstanden, ich passe das Training an."],
                "es": ["¡Gracias por avisar!", "Entendido, ajustaré el entrenamiento."],
            ]
        }
        return options[language].map { random.pick($0) }
    }

    /// What a trainer sends a client who has gone quiet.
    static func nudge(firstName: String, random: inout SeedRandom) -> String {
        random.pick([
            "Hey \(firstName), how are you doing?", "Haven't seen you in a while — everything ok?",
            "Just checking in. Ready to get back to it this week?",
            "\(firstName), I miss our sessions! Let me know how you are.",
        ])
    }

    /// The counterpart's opening line when they write first.
    static func welcome(firstName: String, assistant: Bool) -> String {
        assistant
            ? "Hi \(firstName)! I'm your training assistant. How can I help?"
            : "Welcome \(firstName)! I'm your coach. Tell me about your goals."
    }
}
