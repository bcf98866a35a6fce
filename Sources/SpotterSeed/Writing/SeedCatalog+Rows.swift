import SpotterDB

extension SeedCatalog {
    /// The catalog as rows: exercises, programs, program_workouts, workout_exercises.
    public static var tables: [SeedTable] {
        var exerciseTable = SeedTable(name: "exercises", columns: SeedColumns.exercises)
        exerciseTable.rows = exercises.map { exercise in
            [
                .int(exercise.id), .text(exercise.name), .tags(exercise.primaryMuscles), .tags(exercise.equipment),
                .text(exercise.level), .text(exercise.category),
            ]
        }
        var programTable = SeedTable(name: "programs", columns: SeedColumns.programs)
        var workoutTable = SeedTable(name: "program_workouts", columns: SeedColumns.programWorkouts)
        var lineTable = SeedTable(name: "workout_exercises", columns: SeedColumns.workoutExercises)
        for program in programs {
            programTable.rows.append([
                .int(program.id), .text(program.title), .text(program.goal), .text(program.level),
                .text(program.category), .int(Int64(program.daysPerWeek)), .int(Int64(program.weeks)),
                .tags(program.equipment), .text(program.description),
            ])
            for workout in program.workouts {
                workoutTable.rows.append([
                    .int(workout.id), .int(program.id), .int(Int64(workout.position)), .text(workout.title),
                    .tags(workout.primaryMuscles), .int(Int64(workout.estimatedMinutes)),
                    .int(Int64(workout.intensity)),
                ])
                for (index, line) in workout.exercises.enumerated() {
                    lineTable.rows.append([
                        .int(workout.id), .int(Int64(index + 1)), .int(line.exerciseID), .int(Int64(line.sets)),
                        .text(line.reps),
                    ])
                }
            }
        }
        return [exerciseTable, programTable, workoutTable, lineTable]
    }
}
