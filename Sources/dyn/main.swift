print("dyn: under construction")
