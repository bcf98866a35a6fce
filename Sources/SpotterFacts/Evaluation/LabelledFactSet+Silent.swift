// The labelled set, part 2: questions, small talk, idioms, non-English and edge lines.
// Most of them should yield nothing; the idioms that do carry a fact say which.

extension LabelledFactSet {
    static let silentLines = #"""
        # questions
        question | How many sets should I do for squats? |
        question | Is it normal that my knee hurts after running? |
        question | Should I stretch before or after a workout? |
        question | What do you think about intermittent fasting? |
        question | Can you send me today's workout? |
        question | Do you think I can run a marathon? |
        question | Why does my back hurt when I deadlift? |
        question | Am I eating enough protein? |
        question | What time is my session tomorrow? |
        question | Would yoga help with my stress? |
        question | is it ok to train with a cold |
        question | how do i fix my posture |
        question | Any tips for sleeping better? |
        question | Do I need to warm up? |
        question | What did you mean by progressive overload? |
        question | Could I swap squats for lunges? |
        question | Did you get my message? |
        question | Which shoes are best for flat feet? |
        question | Where should I start if I want to lose weight? |
        question | Are you available on Friday? |
        question | When should I take creatine? |
        question | Is walking enough exercise? |
        question | Can I eat bread and still lose weight? |
        question | Should I be worried that I can't sleep? |
        question | What's a good stretch for tight hamstrings? |
        question | I know, right? |

        # greetings, thanks and small talk
        smalltalk | Hi! |
        smalltalk | Good morning coach |
        smalltalk | Hey, how are you? |
        smalltalk | Thanks so much! |
        smalltalk | ok |
        smalltalk | lol |
        smalltalk | See you tomorrow. |
        smalltalk | Have a great weekend! |
        smalltalk | Haha that's hilarious |
        smalltalk | The weather is awful today. |
        smalltalk | I'm good, thanks. |
        smalltalk | Sounds good to me. |
        smalltalk | Sure, no problem. |
        smalltalk | Happy Friday! |
        smalltalk | 👍 |
        smalltalk | Yes |
        smalltalk | Nope |
        smalltalk | Will do! |
        smalltalk | Talk soon 😊 |
        smalltalk | Good night! |
        smalltalk | I'm fine, thanks for asking. |
        smalltalk | Great job today everyone! |
        smalltalk | Oops, wrong chat. |
        smalltalk | That makes sense. |
        smalltalk | Cool cool |
        smalltalk | Thank you coach, see you Monday! |
        smalltalk | I'll be there at 6. |
        smalltalk | I'm on my way. |
        smalltalk | Running 5 minutes late, sorry! |
        smalltalk | I'll send it later. |
        smalltalk | Just finished the workout! |
        smalltalk | I see. |
        smalltalk | I guess so. |
        smalltalk | I agree. |
        smalltalk | I don't know. |
        smalltalk | I'm not sure. |
        smalltalk | I'm sorry to hear that. |
        smalltalk | I can't wait for Saturday! |
        smalltalk | I can't wait to see it! |
        smalltalk | I wish I had more time for the gym. |
        smalltalk | I wish I could come with you. |
        smalltalk | I hope you feel better soon. |
        smalltalk | I think so. |
        smalltalk | I miss you guys! |
        smalltalk | I'm here. |
        smalltalk | I'm ready when you are. |
        smalltalk | I was just kidding. |
        smalltalk | I'll be late today. |
        smalltalk | I did it! |
        smalltalk | I forgot my water bottle. |
        smalltalk | I'm at the gym now. |
        smalltalk | I feel great today! |
        smalltalk | I'm so hungry right now. |
        smalltalk | I'll try. |
        smalltalk | Remind me to stretch. |
        smalltalk | If I had more time I would train every day. |
        smalltalk | If my knee hurts I'll stop. |
        smalltalk | John said his knee hurts. |
        smalltalk | The sign said "I love NY". |
        smalltalk | Running is good for you. |
        smalltalk | Let me know what you think. |
        smalltalk | I'm excited for tomorrow! |
        smalltalk | I love that! |
        smalltalk | I like it. |
        smalltalk | I'm done for today. |

        # idioms
        idiom | I'm dying to try yoga. | self goal + intended
        idiom | Break a leg at your race tomorrow! |
        idiom | You're killing it! |
        idiom | I'm killing it at the gym lately. |
        idiom | My legs are killing me after leg day. | self health + current
        idiom | I'm dead tired. | self health + current
        idiom | That workout was a piece of cake. |
        idiom | I'm over the moon about my results. |
        idiom | It's raining cats and dogs. |
        idiom | I could eat a horse. |
        idiom | I'm under the weather. | self health + current
        idiom | I'm on cloud nine. |
        idiom | No pain no gain! |
        idiom | I'm itching to get back on the bike. | self goal + intended
        idiom | I'm head over heels for pilates. | self preference + current
        idiom | My heart is set on running Boston. | self goal + intended
        idiom | I've got butterflies about tomorrow's race. |
        idiom | I pulled an all-nighter. |
        idiom | That's the way the cookie crumbles. |
        idiom | I'm all ears. |
        idiom | Knock on wood, my back has been fine. | self health + current
        idiom | I'm on the fence about keto. |
        idiom | I'm burning the candle at both ends. |

        # non-English: nothing
        foreign | Minha perna dói quando eu corro. |
        foreign | Eu quero correr uma maratona. |
        foreign | Olá, tudo bem? |
        foreign | Ich habe Knieschmerzen beim Laufen. |
        foreign | Ich bin Vegetarier. |
        foreign | Guten Morgen! |
        foreign | Me duele la espalda cuando levanto pesas. |
        foreign | Quiero perder cinco kilos. |
        foreign | Mi esposa es vegana. |
        foreign | 膝が痛いです。 |
        foreign | 毎朝ジョギングしています。 |
        foreign | ركبتي تؤلمني عندما أركض |
        foreign | أنا نباتي |
        foreign | Je cours tous les matins. |
        foreign | J'adore le yoga. |
        foreign | Mi piace nuotare. |
        foreign | Я люблю бегать. |
        foreign | 我每天早上跑步。 |
        foreign | 나는 요가를 좋아해요. |
        foreign | Ik wil een marathon lopen. |
        foreign | मुझे दौड़ना पसंद है। |
        foreign | אני אוהב לרוץ |
        foreign | Kocham pływać. |
        foreign | Eu sou vegetariano e corro todos os dias. |

        # edge lines
        edge | ... |
        edge | I I I I I |
        edge | my my my |
        edge | ??? |
        edge | 🏋️‍♂️🏋️‍♂️🏋️‍♂️ |
        edge | asdfghjkl |
        """#
}
