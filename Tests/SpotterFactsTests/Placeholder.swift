// SpotterFactsTests
