1abc
