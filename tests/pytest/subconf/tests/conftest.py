def pytest_addoption(parser):
    parser.addoption("--arch", default="x")
