"""Python part of the warnings subsystem (flyi): warn() prints to stderr once per location."""

import sys

__all__ = ['warn', 'warn_explicit', 'showwarning', 'formatwarning', 'filterwarnings',
           'simplefilter', 'resetwarnings', 'catch_warnings']

filters = []
_seen = set()


def formatwarning(message, category, filename, lineno, line=None):
    s = f'{filename}:{lineno}: {category.__name__}: {message}\n'
    if line is None:
        try:
            import linecache
            line = linecache.getline(filename, lineno)
        except Exception:
            line = None
    if line:
        s += "  %s\n" % line.strip()
    return s


def showwarning(message, category, filename, lineno, file=None, line=None):
    if file is None:
        file = sys.stderr
    try:
        file.write(formatwarning(message, category, filename, lineno, line))
    except OSError:
        pass


def _action_for(category, text):
    for action, msg, cat, mod, lineno in filters:
        if (cat is None or issubclass(category, cat)) and (not msg or text.startswith(msg)):
            return action
    if issubclass(category, (DeprecationWarning, PendingDeprecationWarning, ImportWarning,
                             ResourceWarning)):
        return 'ignore'
    return 'default'


def warn(message, category=None, stacklevel=1, source=None):
    """Issue a warning, or maybe ignore it or raise an exception."""
    if isinstance(message, Warning):
        category = message.__class__
    if category is None:
        category = UserWarning
    text = str(message)
    action = _action_for(category, text)
    if action == 'ignore':
        return
    if action == 'error':
        if isinstance(message, Warning):
            raise message
        raise category(message)
    filename = '<flyi>'
    lineno = 0
    try:
        frame = sys._getframe(stacklevel)
        filename = frame.f_code.co_filename
        lineno = frame.f_lineno
    except Exception:
        pass
    key = (text, category, filename, lineno)
    if action != 'always' and key in _seen:
        return
    _seen.add(key)
    showwarning(text, category, filename, lineno)


def warn_explicit(message, category, filename, lineno, module=None, registry=None,
                  module_globals=None, source=None):
    showwarning(str(message), category, filename, lineno)


def filterwarnings(action, message='', category=Warning, module='', lineno=0, append=False):
    item = (action, message, category, module, lineno)
    if append:
        filters.append(item)
    else:
        filters.insert(0, item)


def simplefilter(action, category=Warning, lineno=0, append=False):
    filterwarnings(action, '', category, '', lineno, append)


def resetwarnings():
    filters[:] = []


class catch_warnings:
    """A context manager that copies and restores the warnings filter upon exiting."""

    def __init__(self, *, record=False, module=None, action=None, category=Warning, lineno=0,
                 append=False):
        self._record = record
        self._action = action
        self._category = category

    def __enter__(self):
        global showwarning
        self._filters = filters[:]
        self._showwarning = showwarning
        if self._action is not None:
            simplefilter(self._action, self._category)
        if self._record:
            log = []

            def _show(message, category, filename, lineno, file=None, line=None):
                log.append(WarningMessage(message, category, filename, lineno, file, line))
            showwarning = _show
            return log
        return None

    def __exit__(self, *exc_info):
        global showwarning
        filters[:] = self._filters
        showwarning = self._showwarning


class WarningMessage:
    def __init__(self, message, category, filename, lineno, file=None, line=None):
        self.message = category(message) if isinstance(message, str) else message
        self.category = category
        self.filename = filename
        self.lineno = lineno
        self.file = file
        self.line = line

    def __str__(self):
        return (f'{{message : {self.message!r}, category : {self.category.__name__!r}, '
                f'filename : {self.filename!r}, lineno : {self.lineno}, line : {self.line!r}}}')
