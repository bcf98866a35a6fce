/// A small text table of benchmark figures: a header row, then one row per figure.
struct FigureTable {
    private var rows: [[String]]

    init(_ header: [String]) {
        rows = [header]
    }

    mutating func add(_ row: [String]) {
        rows.append(row)
    }

    /// Left-aligned first column, right-aligned others, two spaces apart.
    var text: String {
        let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = rows.map { row in
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
        lines.insert(String(repeating: "-", count: lines[0].count), at: 1)
        return lines.joined(separator: "\n")
    }
}
