import Testing

@testable import SpotterImport

@Suite("CSV reader")
struct CSVReaderTests {
    @Test("quoted fields keep separators, line breaks and doubled quotes; records keep their first line")
    func quotedFields() {
        let text = "a,b,c\r\n\"x, y\",\"two\nlines\",\"say \"\"hi\"\"\"\n\n1,2,3\n"
        let (records, problems) = CSVReader.records(in: text, separator: ",")
        #expect(problems.isEmpty)
        #expect(records.map(\.fields) == [["a", "b", "c"], ["x, y", "two\nlines", "say \"hi\""], ["1", "2", "3"]])
        #expect(records.map(\.line) == [1, 2, 5])
    }

    @Test("the separator is detected from the header, outside quotes")
    func separator() {
        #expect(CSVReader.detectSeparator(in: "Date;Workout Name;\"a,b,c,d\"\n1;2;3") == ";")
        #expect(CSVReader.detectSeparator(in: "title,start_time\n") == ",")
        #expect(CSVReader.detectSeparator(in: "x\ty\tz\n") == "\t")
    }

    @Test("an unclosed quote is a problem on the line it opened")
    func unclosedQuote() {
        let (records, problems) = CSVReader.records(in: "a,b\n1,2\n3,\"open\n4,5\n", separator: ",")
        #expect(records.map(\.fields) == [["a", "b"], ["1", "2"]])
        #expect(problems.map(\.description) == ["line 3: a quoted field is not closed before the end of the file"])
    }
}
