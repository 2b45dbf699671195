class TestOuter:
    def test_o(self):
        pass

    class TestInner:
        def test_i(self):
            assert 0

        class TestDeeper:
            def test_d(self):
                pass
