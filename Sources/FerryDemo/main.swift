import Ferry

print("ferry-demo")
