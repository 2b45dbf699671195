import no_such_module_for_the_runner


def test_never():
    pass
