import Foundation

/// The columns of a Strong export, found by their names in any of the app's languages (or, for
/// a language not listed, by Strong's fixed column order).
struct StrongHeader {
    enum Column: CaseIterable {
        case date, workoutName, duration, exerciseName, setOrder, weight, reps, distance, seconds, notes
        case workoutNotes, rpe
    }

    /// Column → field index.
    var index: [Column: Int] = [:]
    /// From a unit suffix ("Weight (lbs)"), if any.
    var weightUnit: WeightUnit?
    /// Metres per distance unit (suffix "(km)", "(mi)", "(m)"; no suffix: km).
    var metresPerDistanceUnit = 1000.0
    /// True when the names were not recognised and the columns were taken by position.
    var byPosition = false
    var fieldCount: Int

    /// Folded names (unit suffix removed) per column: English, Chinese, German, French, Spanish,
    /// Portuguese, Italian, Dutch, Japanese, Korean, Russian.
    static let aliases: [Column: [String]] = [
        .date: ["date", "datum", "fecha", "data", "日期", "日付", "날짜", "дата"],
        .workoutName: [
            "workout name", "workout", "trainingsname", "training", "nom de l'entrainement", "nom de la seance",
            "entrainement", "nombre del entrenamiento", "entrenamiento", "nome do treino", "treino",
            "nome dell'allenamento", "allenamento", "naam training", "trainingnaam", "锻炼名称", "训练名称",
            "ワークアウト名", "운동 이름", "название тренировки",
        ],
        .duration: [
            "duration", "dauer", "duree", "duracion", "duracao", "durata", "duur", "时长", "持续时间", "時間", "시간",
            "длительность",
        ],
        .exerciseName: [
            "exercise name", "exercise", "ubungsname", "ubung", "nom de l'exercice", "exercice", "nombre del ejercicio",
            "ejercicio", "nome do exercicio", "exercicio", "nome dell'esercizio", "esercizio", "naam oefening",
            "oefening", "运动名称", "练习名称", "动作名称", "エクササイズ名", "種目名", "운동명", "упражнение",
        ],
        .setOrder: [
            "set order", "set", "satzreihenfolge", "satz", "ordre des series", "ordre de serie", "serie",
            "orden de la serie", "orden de series", "ordem da serie", "ordem", "ordine delle serie", "ordine serie",
            "setvolgorde", "volgorde set", "设置顺序", "组序", "组", "セット順", "세트 순서", "подход",
        ],
        .weight: ["weight", "gewicht", "poids", "peso", "重量", "무게", "вес"],
        .reps: [
            "reps", "wiederholungen", "wdh", "repetitions", "reps.", "repeticiones", "repeticoes", "ripetizioni",
            "herhalingen", "次", "次数", "回数", "횟수", "повторения",
        ],
        .distance: [
            "distance", "distanz", "strecke", "distancia", "distanza", "afstand", "距离", "距離", "거리", "дистанция",
        ],
        .seconds: ["seconds", "sekunden", "secondes", "segundos", "secondi", "seconden", "秒", "초", "секунды"],
        .notes: ["notes", "notizen", "notas", "note", "notities", "备注", "メモ", "메모", "заметки"],
        .workoutNotes: [
            "workout notes", "trainingsnotizen", "notes d'entrainement", "notas del entrenamiento", "notas do treino",
            "note dell'allenamento", "trainingsnotities", "锻炼备注", "训练备注", "ワークアウトメモ", "운동 메모",
            "заметки к тренировке",
        ],
        .rpe: ["rpe"],
    ]

    /// Strong's column order, without and with the duration column.
    static let positions: [Column] = [
        .date, .workoutName, .duration, .exerciseName, .setOrder, .weight, .reps, .distance, .seconds, .notes,
        .workoutNotes, .rpe,
    ]

    /// Reads a header record; nil when neither names nor position make it a Strong header.
    init?(_ fields: [String]) {
        fieldCount = fields.count
        var lookup: [String: Column] = [:]
        for (column, names) in Self.aliases { for name in names { lookup[name] = column } }
        for (position, field) in fields.enumerated() {
            var name = TextFolding.fold(field).replacingOccurrences(of: "’", with: "'")
            if let open = name.firstIndex(of: "(") {
                let suffix = String(name[open...])
                name = String(name[..<open]).trimmingCharacters(in: .whitespaces)
                if let column = lookup[name], column == .weight { weightUnit = WeightUnit.named(in: suffix) }
                if let column = lookup[name], column == .distance {
                    if suffix.contains("mi") {
                        metresPerDistanceUnit = 1609.344
                    } else if suffix == "(m)" {
                        metresPerDistanceUnit = 1
                    }
                }
            }
            if let column = lookup[name], index[column] == nil { index[column] = position }
        }
        if index[.date] != nil, index[.exerciseName] != nil { return }
        // Not recognised: Strong's fixed order, with "Workout #" first in newer versions and
        // without the duration column in older ones.
        index = [:]
        byPosition = true
        var columns = Self.positions
        var offset = 0
        switch fields.count {
        case 13: offset = 1
        case 12: break
        case 10, 11: columns.remove(at: 2)
        default: return nil
        }
        for (position, column) in columns.enumerated() where position + offset < fields.count {
            index[column] = position + offset
        }
    }

    /// The field for `column` in `fields`, nil when the column is absent.
    func field(_ column: Column, in fields: [String]) -> String? {
        guard let position = index[column], position < fields.count else { return nil }
        return fields[position]
    }
}
