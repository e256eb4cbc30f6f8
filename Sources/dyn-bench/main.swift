print("dyn-bench: under construction")
