def pytest_configure(config):
    config.addinivalue_line("markers", "deepmark: registered by a conftest found while collecting")
