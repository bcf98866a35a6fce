import SpotterDB

/// What was done in a seeded session (table `session_sets`): every set its workout prescribes,
/// in order, with the library exercise and its muscles, so recovery reads seeded sessions the
/// way it reads imported ones. Seeded sets carry no load or RPE; a prescription's reps, time
/// ("30s", "20 min") or distance ("30m") fills reps, seconds or distance_m.
enum SeedSessionSets {
    /// Appends the rows of session `session`, which followed `workout`.
    static func append(session: Int64, workout: SeedWorkout, to rows: inout [[SQLValue]]) {
        var order: Int64 = 0
        for line in workout.exercises {
            guard let exercise = SeedCatalog.exercisesByID[line.exerciseID] else { continue }
            let (reps, seconds, metres) = amounts(line.reps)
            for _ in 0..<max(line.sets, 1) {
                order += 1
                rows.append([
                    .int(session), .int(order), .text(exercise.name), .int(exercise.id), .tags(exercise.primaryMuscles),
                    reps.map { .int(Int64($0)) } ?? .null, seconds.map { .int(Int64($0)) } ?? .null,
                    metres.map { .double(Double($0)) } ?? .null,
                ])
            }
        }
    }

    /// "8" and "6-8" are reps (the first number), "30s" and "20 min easy" seconds, "30m" and
    /// "5km" a distance in metres; anything else none.
    static func amounts(_ prescription: String) -> (reps: Int?, seconds: Int?, metres: Int?) {
        let digits = prescription.prefix { $0.isASCII && $0.isNumber }
        guard let number = Int(digits) else { return (nil, nil, nil) }
        let unit = prescription.dropFirst(digits.count).drop { $0 == " " }
        if unit.hasPrefix("min") { return (nil, number * 60, nil) }
        if unit.hasPrefix("km") { return (nil, nil, number * 1000) }
        if unit.hasPrefix("m") { return (nil, nil, number) }
        if unit.hasPrefix("s") { return (nil, number, nil) }
        return (number, nil, nil)
    }
}
