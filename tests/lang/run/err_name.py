print("ok")
print(undefined_variable)
