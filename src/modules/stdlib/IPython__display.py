"""IPython.display for flyi (flyi's own code): display(), the display objects (SVG, HTML,
Markdown, Code, Pretty, JSON, Image, Latex, Javascript) and the _repr_*_ protocol.

display(obj) sends obj's MIME bundle -- from its _repr_mimebundle_ / _repr_html_ / _repr_svg_ /
_repr_png_ / ... methods plus text/plain (_repr_pretty_ or repr) -- to the cell's output: a
display_data message in flyi-kernel, the text/plain part in the flyi REPL and scripts."""

import _flyi_display

__all__ = ['display', 'display_html', 'display_svg', 'display_markdown', 'display_png',
           'display_jpeg', 'display_json', 'display_pretty', 'display_latex',
           'display_javascript', 'update_display', 'clear_output', 'publish_display_data',
           'DisplayHandle', 'DisplayObject', 'TextDisplayObject', 'SVG', 'HTML', 'Markdown',
           'Code', 'Pretty', 'JSON', 'Image', 'Latex', 'Math', 'Javascript']

_display_ids = 0


def _new_display_id():
    global _display_ids
    _display_ids += 1
    return 'flyi-display-%d' % _display_ids


def publish_display_data(data, metadata=None, source=None, *, transient=None, update=False, **kwargs):
    """Send a {mime: data} bundle as it is (bytes are base64-encoded); transient may carry a
    display_id, and update=True replaces what was shown under it."""
    display_id = (transient or {}).get('display_id')
    _flyi_display.publish(data, display_id=display_id, update=bool(update and display_id))


def display(*objs, include=None, exclude=None, metadata=None, transient=None,
            display_id=None, raw=False, clear=False, update=False, **kwargs):
    """Show each object through its richest representations (raw=True: objs are MIME dicts).

    display_id=True (a new id) or a str: the outputs carry that id and a DisplayHandle is
    returned, whose update(obj) -- or update_display(obj, display_id=...) -- replaces them
    (in the REPL the new value is printed)."""
    if transient and transient.get('display_id') and not display_id:
        display_id = transient['display_id']
    if display_id is True:
        display_id = _new_display_id()
    if display_id is not None and not isinstance(display_id, str):
        raise TypeError('display_id must be True, a str or None, not %s' % type(display_id).__name__)
    if update and not display_id:
        raise TypeError('display(update=True) needs a display_id')
    if clear:
        clear_output(wait=True)
    for obj in objs:
        if raw:
            data = dict(obj)
        else:
            data = _flyi_display.mimebundle(obj)
        if include is not None:
            data = {k: v for k, v in data.items() if k in include}
        if exclude is not None:
            data = {k: v for k, v in data.items() if k not in exclude}
        if data:
            _flyi_display.publish(data, display_id=display_id or None, update=bool(update))
    if display_id:
        return DisplayHandle(display_id)
    return None


def update_display(obj, *, display_id, **kwargs):
    """Replace the outputs shown under display_id with obj (the REPL prints obj again)."""
    kwargs['update'] = True
    display(obj, display_id=display_id, **kwargs)


def clear_output(wait=False):
    """Clear the cell's output so far (wait=True: when the next output arrives); in the REPL and
    in scripts there is nothing to clear."""
    _flyi_display.clear_output(wait=bool(wait))


class DisplayHandle:
    """What display(..., display_id=...) returns: display() shows obj under the handle's id,
    update() replaces what is shown under it."""

    def __init__(self, display_id=None):
        if display_id is None:
            display_id = _new_display_id()
        self.display_id = display_id

    def __repr__(self):
        return '<%s display_id=%s>' % (self.__class__.__name__, self.display_id)

    def display(self, obj, **kwargs):
        display(obj, display_id=self.display_id, **kwargs)

    def update(self, obj, **kwargs):
        update_display(obj, display_id=self.display_id, **kwargs)


def _read(filename, binary):
    with open(filename, 'rb' if binary else 'r') as f:
        return f.read()


class DisplayObject:
    """An object that carries data (str or bytes), given directly, or read from filename."""
    _read_flags = 'r'

    def __init__(self, data=None, url=None, filename=None, metadata=None):
        if isinstance(data, str) and filename is None and url is None and \
                not data.lstrip().startswith('<') and '\n' not in data and \
                len(data) < 4096 and data.endswith(self._file_suffixes()):
            filename, data = data, None
        self.data = data
        self.url = url
        self.filename = filename
        self.metadata = metadata if metadata is not None else {}
        self.reload()
        self._check_data()

    @classmethod
    def _file_suffixes(cls):
        return ()

    def _check_data(self):
        pass

    def reload(self):
        """Read the data again from filename, when one was given."""
        if self.filename is not None:
            self.data = _read(self.filename, self._read_flags == 'rb')

    def __repr__(self):
        return '<IPython.core.display.%s object>' % self.__class__.__name__


class TextDisplayObject(DisplayObject):
    """A display object whose data is text."""

    def _check_data(self):
        if self.data is not None and not isinstance(self.data, str):
            raise TypeError('%s expects text, not %r' % (self.__class__.__name__, type(self.data).__name__))


class HTML(TextDisplayObject):
    """HTML text, shown as text/html."""

    @classmethod
    def _file_suffixes(cls):
        return ('.html', '.htm')

    def __init__(self, data=None, url=None, filename=None, metadata=None):
        if isinstance(data, (list, tuple)):
            data = ''.join(data)
        super().__init__(data, url, filename, metadata)

    def _repr_html_(self):
        return self.data

    def __html__(self):
        return self._repr_html_()


class Markdown(TextDisplayObject):
    """Markdown text, shown as text/markdown."""

    @classmethod
    def _file_suffixes(cls):
        return ('.md',)

    def _repr_markdown_(self):
        return self.data


class Latex(TextDisplayObject):
    """LaTeX text, shown as text/latex."""

    def _repr_latex_(self):
        return self.data


class Math(TextDisplayObject):
    """A LaTeX formula, shown as text/latex between $$."""

    def _repr_latex_(self):
        s = r'$\displaystyle %s$' % self.data.strip('$')
        return s


class Javascript(TextDisplayObject):
    """JavaScript source, shown as application/javascript."""

    def _repr_javascript_(self):
        return self.data


class Pretty(TextDisplayObject):
    """Preformatted text, shown as text/plain."""

    def _repr_pretty_(self, pp, cycle):
        return pp.text(self.data)


class SVG(DisplayObject):
    """An SVG picture (markup text, bytes or a .svg file), shown as image/svg+xml."""

    @classmethod
    def _file_suffixes(cls):
        return ('.svg',)

    def _check_data(self):
        if isinstance(self.data, (bytes, bytearray)):
            self.data = bytes(self.data).decode('utf-8')
        if self.data is not None:
            # keep the <svg> element only, as IPython does (drop an XML prolog / doctype)
            i = self.data.find('<svg')
            if i > 0:
                self.data = self.data[i:]

    def _repr_svg_(self):
        return self.data


class Code(TextDisplayObject):
    """Source code, shown as text/html (a <pre> block) and as itself in text/plain."""

    def __init__(self, data=None, url=None, filename=None, language=None):
        self.language = language
        super().__init__(data=data, url=url, filename=filename)

    @classmethod
    def _file_suffixes(cls):
        return ('.py', '.c', '.h', '.mlir', '.ll', '.s', '.txt', '.cpp', '.cu')

    def _repr_html_(self):
        lang = (' data-language="%s"' % _flyi_display.html_escape(self.language)) if self.language else ''
        return ('<pre class="flyi-code"%s style="line-height:1.25"><code>%s</code></pre>'
                % (lang, _flyi_display.html_escape(self.data or '')))

    def _repr_latex_(self):
        return '\\begin{verbatim}\n%s\n\\end{verbatim}' % (self.data or '')

    def __repr__(self):
        return self.data or ''


class JSON(DisplayObject):
    """JSON data (a dict or list, or JSON text), shown as application/json."""

    def __init__(self, data=None, url=None, filename=None, expanded=False, metadata=None,
                 root='root', **kwargs):
        self.expanded = expanded
        self.root = root
        super().__init__(data=data, url=url, filename=filename, metadata=metadata)

    @classmethod
    def _file_suffixes(cls):
        return ('.json',)

    def _check_data(self):
        if isinstance(self.data, str):
            import json
            self.data = json.loads(self.data)

    def _repr_json_(self):
        return self.data, {'expanded': self.expanded, 'root': self.root}


_PNG = b'\x89PNG\r\n\x1a\n'
_JPEG = b'\xff\xd8'


class Image(DisplayObject):
    """A PNG or JPEG image from bytes or a file, shown as image/png or image/jpeg (base64)."""
    _read_flags = 'rb'

    def __init__(self, data=None, url=None, filename=None, format=None, embed=None, width=None,
                 height=None, retina=False, unconfined=False, metadata=None, alt=None):
        if isinstance(data, str) and filename is None and url is None and '\n' not in data:
            filename, data = data, None
        self.width, self.height, self.retina, self.unconfined, self.alt = \
            width, height, retina, unconfined, alt
        self.embed = True if embed is None else embed
        super().__init__(data=data, url=url, filename=filename, metadata=metadata)
        if format is None:
            name = (filename or url or '').lower()
            if isinstance(self.data, (bytes, bytearray)) and bytes(self.data[:8]) == _PNG:
                format = 'png'
            elif isinstance(self.data, (bytes, bytearray)) and bytes(self.data[:2]) == _JPEG:
                format = 'jpeg'
            elif name.endswith(('.jpg', '.jpeg')):
                format = 'jpeg'
            else:
                format = 'png'
        format = format.lower()
        if format == 'jpg':
            format = 'jpeg'
        if format not in ('png', 'jpeg'):
            raise ValueError('Cannot embed the %r image format' % format)
        self.format = format

    def _check_data(self):
        if self.data is not None and not isinstance(self.data, (bytes, bytearray)):
            raise TypeError('Image expects bytes or a file name, not %r' % type(self.data).__name__)

    def _repr_png_(self):
        return bytes(self.data) if self.format == 'png' and self.data is not None else None

    def _repr_jpeg_(self):
        return bytes(self.data) if self.format == 'jpeg' and self.data is not None else None


def _display_as(mime, objs, raw):
    for obj in objs:
        if raw:
            _flyi_display.publish({mime: obj})
        else:
            data = _flyi_display.mimebundle(obj)
            if mime in data:
                _flyi_display.publish({mime: data[mime]})


def display_html(*objs, raw=False, **kwargs):
    _display_as('text/html', objs, raw)


def display_svg(*objs, raw=False, **kwargs):
    _display_as('image/svg+xml', objs, raw)


def display_markdown(*objs, raw=False, **kwargs):
    _display_as('text/markdown', objs, raw)


def display_png(*objs, raw=False, **kwargs):
    _display_as('image/png', objs, raw)


def display_jpeg(*objs, raw=False, **kwargs):
    _display_as('image/jpeg', objs, raw)


def display_json(*objs, raw=False, **kwargs):
    _display_as('application/json', objs, raw)


def display_latex(*objs, raw=False, **kwargs):
    _display_as('text/latex', objs, raw)


def display_javascript(*objs, raw=False, **kwargs):
    _display_as('application/javascript', objs, raw)


def display_pretty(*objs, raw=False, **kwargs):
    _display_as('text/plain', objs, raw)
