import pytest


def test_last_one():
    pass


def test_generated(gen):
    assert gen in (10, 20)


@pytest.mark.tagged
def test_tagged():
    pass


def test_first():
    pass


class TestNested:
    @pytest.fixture(autouse=True)
    def _setup(self):
        self.ready = True

    def test_method_fixture(self):
        assert self.ready

    @pytest.fixture
    def method_value(self):
        return 5

    def test_uses_method_fixture(self, method_value):
        assert method_value == 5
