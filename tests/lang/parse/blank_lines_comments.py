# comment

x = 1  # trailing


    # indented comment
y = 2
if x:
    # comment in block

    z = 3
    # trailing comment
