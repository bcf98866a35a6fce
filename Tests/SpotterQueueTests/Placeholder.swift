// SpotterQueueTests
