/// Lays out the messages of one conversation in time and writes their bodies.
struct SeedConversationPlanner {
    let person: SeedPerson
    let clock: SeedClock
    let conversation: SeedConversation
    let persona: SeedPersona
    var random: SeedRandom

    private var isAssistant: Bool { conversation.kind == "assistant" }
    private var counterpartSender: Int64 { conversation.counterpartID ?? SeedConversations.assistantSenderID }

    /// Days ago of the client's last message: usually tied to when they stopped training.
    private mutating func lastMessageDaysAgo() -> Int {
        let engagedEnd = person.activeUntilDaysAgo
        if engagedEnd > 0, random.chance(0.7) { return engagedEnd + random.int(in: 0...3) }
        switch random.weightedIndex([60, 20, 12, 8]) {
        case 0: return random.int(in: 0...2)
        case 1: return random.int(in: 3...6)
        case 2: return random.int(in: 7...13)
        default: return random.int(in: 14...30)
        }
    }

    mutating func messages() -> [SeedMessage] {
        let start = conversation.createdAt
        guard start + 600 < clock.now else { return [] }
        let silentClient = !isAssistant && random.chance(0.08)
        var count = [
            0, random.int(in: 1...5), random.int(in: 6...15), random.int(in: 16...30), random.int(in: 31...38),
        ][
            random.weightedIndex([6, 20, 35, 27, 12])]
        let startDaysAgo = max(
            0, min(clock.maxDaysAgo, Int((clock.instant(daysAgo: 0, minute: 0) - start + 86_399) / 86_400)))
        var lastDaysAgo = min(lastMessageDaysAgo(), startDaysAgo)

        var senders: [Bool] = []  // true: client
        if silentClient {
            count = 1
            senders = [false]
            lastDaysAgo = startDaysAgo
        } else {
            var client = random.chance(0.8)
            for _ in 0..<count {
                senders.append(client)
                client.toggle()
            }
        }
        guard count > 0 else { return [] }

        // Bursts: a new one may start at any client message, so replies stay with what they answer.
        var bursts: [Int] = [1]
        for index in 1..<count {
            if senders[index], random.chance(0.6) { bursts.append(1) } else { bursts[bursts.count - 1] += 1 }
        }
        // The first burst opens the conversation; the rest fall in the three months before the
        // client's last message.
        let recentStart = min(startDaysAgo, lastDaysAgo + 90)
        var days = (0..<bursts.count).map { _ in random.int(in: lastDaysAgo...recentStart) }
        days.sort(by: >)
        days[0] = startDaysAgo
        days[days.count - 1] = lastDaysAgo

        var result: [SeedMessage] = []
        var writer = SeedMessageWriter(persona: persona, assistant: isAssistant, random: random.fork())
        var lastTopic = SeedTopic.smallTalk
        var lastForeign = false
        var previous = start
        var previousDay = startDaysAgo
        var index = 0
        var lastClientDidWrite = false
        for (burst, size) in bursts.enumerated() {
            var time = max(
                clock.instant(daysAgo: days[burst], minute: random.int(in: 7 * 60...22 * 60 + 45)), previous + 60)
            let afterGap = previousDay - days[burst] >= 14 && burst > 1
            previousDay = days[burst]
            for position in 0..<size {
                guard time <= clock.now else { break }
                let fromClient = senders[index]
                let body: String
                if fromClient {
                    let written = writer.next(
                        progress: Double(index) / Double(max(1, count - 1)), first: index == 0,
                        afterGap: afterGap && position == 0)
                    body = written.body
                    lastTopic = written.topic
                    lastForeign = written.foreign
                    lastClientDidWrite = true
                } else if index == 0 || !lastClientDidWrite {
                    body = SeedChatLines.welcome(firstName: person.firstName, assistant: isAssistant)
                } else if lastForeign, random.chance(0.7),
                    let reply = SeedChatLines.foreignReply(to: lastTopic, language: persona.language, random: &random)
                {
                    body = reply
                } else {
                    body = SeedChatLines.reply(to: lastTopic, assistant: isAssistant, random: &random)
                }
                result.append(message(index: result.count, fromClient: fromClient, body: body, at: time))
                previous = time
                index += 1
                time +=
                    isAssistant && fromClient
                    ? Int64(random.int(in: 3...40)) : Int64(random.int(in: 1...15) * 60 + random.below(60))
            }
        }
        if !isAssistant, lastDaysAgo >= 4, random.chance(0.6) {
            for _ in 0..<random.int(in: 1...2) {
                let day = random.int(in: 0...max(0, lastDaysAgo - 1))
                let time = max(clock.instant(daysAgo: day, minute: random.int(in: 8 * 60...20 * 60)), previous + 3600)
                guard time <= clock.now else { break }
                let body = SeedChatLines.nudge(firstName: person.firstName, random: &random)
                result.append(message(index: result.count, fromClient: false, body: body, at: time))
                previous = time
            }
        }
        return result
    }

    private mutating func message(index: Int, fromClient: Bool, body: String, at time: Int64) -> SeedMessage {
        var deletedAt: Int64?
        if random.chance(fromClient ? 0.03 : 0.005) {
            let when = time + Int64(random.int(in: 1...600) * 60)
            if when <= clock.now { deletedAt = when }
        }
        return SeedMessage(
            id: conversation.id * 100 + Int64(index), conversationID: conversation.id,
            senderID: fromClient ? person.id : counterpartSender, body: body, sentAt: time, deletedAt: deletedAt)
    }
}
