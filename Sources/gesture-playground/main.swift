print("gesture-playground")
