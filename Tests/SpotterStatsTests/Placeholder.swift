// SpotterStatsTests
