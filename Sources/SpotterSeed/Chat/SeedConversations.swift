/// One conversation as generated (table `conversations`).
struct SeedConversation {
    let id: Int64
    let counterpartID: Int64?
    let kind: String
    let createdAt: Int64
}

/// One message as generated (table `messages`).
struct SeedMessage {
    let id: Int64
    let conversationID: Int64
    let senderID: Int64
    let body: String
    let sentAt: Int64
    let deletedAt: Int64?
}

/// A user's conversations: with their trainer (clients) and with the assistant (many users).
///
/// Messages alternate between the client and the counterpart in bursts over days; the client's
/// last message lands a chosen number of days ago, usually near the end of their training
/// activity, so some clients have been silent for 3, 7 or 14+ days and some never wrote at all.
/// A trainer may nudge a quiet client afterwards. Ids: conversation `user id * 2` (trainer) and
/// `user id * 2 + 1` (assistant); message `conversation id * 100 + n`.
enum SeedConversations {
    /// Sender id of the assistant's messages (no user has id 0).
    static let assistantSenderID: Int64 = 0

    static func plan(
        person: SeedPerson, clock: SeedClock, configuration: SeedConfiguration, since: Int64?
    ) -> (conversations: [SeedConversation], messages: [SeedMessage]) {
        var random = SeedRandom(
            seed: configuration.seed, key: UInt64(person.id), stream: SeedStream.conversation.rawValue)
        let persona = SeedPersona(person: person, seed: configuration.seed)
        var conversations: [SeedConversation] = []
        var messages: [SeedMessage] = []
        let createdAt = person.createdAt(clock: clock)

        if person.role == .client, let trainer = person.trainerID, let since {
            let conversation = SeedConversation(
                id: person.id * 2, counterpartID: trainer, kind: "trainer", createdAt: since)
            conversations.append(conversation)
            var planner = SeedConversationPlanner(
                person: person, clock: clock, conversation: conversation, persona: persona, random: random)
            messages += planner.messages()
            random = planner.random
        }
        let assistantShare = person.role == .trainer ? 0.3 : person.role == .client ? 0.6 : 0.65
        if random.chance(assistantShare) {
            let opened = min(createdAt + Int64(random.int(in: 0...30 * 24) * 3600), clock.now - 3600)
            if opened > createdAt {
                let conversation = SeedConversation(
                    id: person.id * 2 + 1, counterpartID: nil, kind: "assistant", createdAt: opened)
                conversations.append(conversation)
                var planner = SeedConversationPlanner(
                    person: person, clock: clock, conversation: conversation, persona: persona, random: random)
                messages += planner.messages()
            }
        }
        return (conversations, messages)
    }
}
