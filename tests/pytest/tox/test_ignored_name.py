def it_would_fail():
    assert False
