// SpotterJobsTests
