// SpotterDBTests
