// SpotterCLITests
