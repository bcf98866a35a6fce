/// Display names by language: common first and last names, combined at random.
enum SeedNames {
    private static let first: [String: [String]] = [
        "en": [
            "James", "Mary", "John", "Patricia", "Robert", "Jennifer", "Michael", "Linda", "David", "Elizabeth",
            "William", "Susan", "Chris", "Jessica", "Daniel", "Sarah", "Matthew", "Karen", "Anthony", "Emily",
            "Mark", "Olivia", "Ryan", "Emma", "Jordan", "Taylor", "Aisha", "Priya", "Kenji", "Mei", "Oliver",
            "Amelia", "Harry", "Isla", "George", "Sophie", "Jack", "Chloe", "Tunde", "Thandi", "Arjun", "Ananya",
            "Siobhan", "Zoë", "Ngozi", "Wei",
        ],
        "pt": [
            "João", "Maria", "Ana", "Pedro", "Lucas", "Gabriel", "Juliana", "Fernanda", "Rafael", "Beatriz",
            "Mariana", "Thiago", "Camila", "Bruno", "Larissa", "Rodrigo", "Letícia", "Gustavo", "Inês", "Tiago",
        ],
        "de": [
            "Lukas", "Anna", "Leon", "Mia", "Finn", "Lena", "Jonas", "Laura", "Paul", "Sophie", "Felix", "Hannah",
            "Maximilian", "Lea", "Jürgen", "Jörg", "Katrin", "Sabine", "Tobias", "Clara",
        ],
        "es": [
            "Alejandro", "Lucía", "Pablo", "Sofía", "Javier", "Martina", "Diego", "Carmen", "Sergio", "Paula",
            "Álvaro", "Valentina", "Daniel", "María José", "Andrés", "Camila", "Jorge", "Elena", "Mateo", "Ximena",
        ],
    ]

    private static let last: [String: [String]] = [
        "en": [
            "Smith", "Johnson", "Williams", "Brown", "Jones", "Miller", "Davis", "Wilson", "Taylor", "Clark",
            "Lewis", "Walker", "Hall", "Young", "King", "Wright", "Scott", "Green", "Baker", "Adams", "Evans",
            "Thomas", "Roberts", "Patel", "Okafor", "Nguyen", "Kim", "Sato", "Singh", "Mokoena", "O'Brien",
            "Murphy", "Campbell", "Hughes",
        ],
        "pt": [
            "Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima", "Gomes",
            "Costa", "Ribeiro", "Martins", "Carvalho", "Almeida", "Lopes", "Barbosa", "Nunes",
        ],
        "de": [
            "Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz", "Hoffmann",
            "Koch", "Richter", "Klein", "Wolf", "Schröder", "Neumann", "Schwarz", "Braun", "Hofmann", "Zimmermann",
        ],
        "es": [
            "García", "Martínez", "López", "Sánchez", "Pérez", "Gómez", "Fernández", "Rodríguez", "Díaz",
            "Hernández", "Moreno", "Jiménez", "Ruiz", "Álvarez", "Romero", "Navarro", "Torres", "Ramírez",
            "Castillo", "Vargas",
        ],
    ]

    private static let japaneseFamily = ["佐藤", "鈴木", "高橋", "田中", "伊藤", "渡辺", "山本", "中村"]
    private static let japaneseGiven = ["健", "花子", "翔太", "美咲", "大輔", "陽菜", "蓮", "結衣"]

    /// A first name and a display name for a user of `language` living in `zone`.
    static func draw(language: String, zone: String, random: inout SeedRandom) -> (first: String, display: String) {
        if zone == "Asia/Tokyo", random.chance(0.4) {
            let given = random.pick(japaneseGiven)
            return (given, random.pick(japaneseFamily) + " " + given)
        }
        let firstName = random.pick(first[language] ?? first["en"]!)
        let lastName = random.pick(last[language] ?? last["en"]!)
        let style = random.unit()
        if style < 0.07 { return (firstName, firstName) }
        if style < 0.12 { return (firstName, "\(firstName) \(lastName.prefix(1)).") }
        if style < 0.125 { return (firstName, "\(firstName) 🏃") }
        return (firstName, "\(firstName) \(lastName)")
    }
}
