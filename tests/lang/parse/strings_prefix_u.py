u'abc'
U"x"
'a' u'b'
u'a' 'b'
