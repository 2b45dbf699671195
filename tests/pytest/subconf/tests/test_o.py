def test_o(request):
    assert request.config.getoption("arch") == "gfx"
