print("spotter-bench")
