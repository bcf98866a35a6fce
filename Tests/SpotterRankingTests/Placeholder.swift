// SpotterRankingTests
