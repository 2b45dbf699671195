"""argparse help formatting (flyi): HelpFormatter and its variants, used by argparse."""

SUPPRESS = '==SUPPRESS=='
OPTIONAL = '?'
ZERO_OR_MORE = '*'
ONE_OR_MORE = '+'
PARSER = 'A...'
REMAINDER = '...'


def _normalize_ws(text):
    return ' '.join(text.split())


# ---------------------------------------------------------------- help formatting

def _usage_parts(text):
    """Split usage text like the pattern \\(.*?\\)+(?=\\s|$)|\\[.*?\\]+(?=\\s|$)|\\S+ does."""
    parts = []
    i = 0
    n = len(text)
    while i < n:
        if text[i].isspace():
            i += 1
            continue
        c = text[i]
        matched = False
        if c in '([':
            close = ')' if c == '(' else ']'
            k = i + 1
            while k < n:
                if text[k] == close:
                    e = k
                    while e < n and text[e] == close:
                        e += 1
                    if e == n or text[e].isspace():
                        parts.append(text[i:e])
                        i = e
                        matched = True
                        break
                k += 1
        if matched:
            continue
        e = i
        while e < n and not text[e].isspace():
            e += 1
        parts.append(text[i:e])
        i = e
    return parts


class HelpFormatter:
    """Formatter for generating usage messages and argument help strings."""

    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        if width is None:
            import shutil
            width = shutil.get_terminal_size().columns
            width -= 2
        self._prog = prog
        self._indent_increment = indent_increment
        self._max_help_position = min(max_help_position,
                                      max(width - 20, indent_increment * 2))
        self._width = width
        self._current_indent = 0
        self._action_max_length = 0
        self._root = []
        self._stack = [self._root]

    # -- building
    def _indent(self):
        self._current_indent += self._indent_increment

    def _dedent(self):
        self._current_indent -= self._indent_increment

    def start_section(self, heading):
        self._indent()
        section = ['section', heading, []]
        self._stack[-1].append(section)
        self._stack.append(section[2])

    def end_section(self):
        self._stack.pop()
        self._dedent()

    def add_text(self, text):
        if text is not SUPPRESS and text is not None:
            self._stack[-1].append(['text', text])

    def add_usage(self, usage, actions, groups, prefix=None):
        if usage is not SUPPRESS:
            self._stack[-1].append(['usage', usage, actions, groups, prefix])

    def add_argument(self, action):
        if action.help is not SUPPRESS:
            invocations = [self._format_action_invocation(action)]
            for subaction in self._iter_indented_subactions(action):
                invocations.append(self._format_action_invocation(subaction))
            invocation_length = max(len(s) for s in invocations) + self._current_indent
            self._action_max_length = max(self._action_max_length, invocation_length)
            self._stack[-1].append(['action', action])

    def add_arguments(self, actions):
        for action in actions:
            self.add_argument(action)

    # -- rendering
    def format_help(self):
        self._current_indent = 0
        help = self._render(self._root, None)
        if help:
            while '\n\n\n' in help:
                help = help.replace('\n\n\n', '\n\n')
            help = help.strip('\n') + '\n'
        return help

    def _render(self, items, heading, nested=False):
        if nested:
            self._indent()
        out = []
        for item in items:
            kind = item[0]
            if kind == 'section':
                out.append(self._render(item[2], item[1], True))
            elif kind == 'text':
                out.append(self._format_text(item[1]))
            elif kind == 'usage':
                out.append(self._format_usage(item[1], item[2], item[3], item[4]))
            else:
                out.append(self._format_action(item[1]))
        if nested:
            self._dedent()
        body = ''.join(out)
        if not nested:
            return body
        if not body:
            return ''
        if heading is not SUPPRESS and heading is not None:
            head = ' ' * self._current_indent + heading + ':\n'
        else:
            head = ''
        return '\n' + head + body + '\n'

    def _format_usage(self, usage, actions, groups, prefix):
        if prefix is None:
            prefix = 'usage: '
        if usage is not None:
            usage = usage % dict(prog=self._prog)
        elif usage is None and not actions:
            usage = '%(prog)s' % dict(prog=self._prog)
        elif usage is None:
            prog = '%(prog)s' % dict(prog=self._prog)
            optionals = [a for a in actions if a.option_strings]
            positionals = [a for a in actions if not a.option_strings]
            action_usage = self._format_actions_usage(optionals + positionals, groups)
            usage = ' '.join([s for s in [prog, action_usage] if s])
            text_width = self._width - self._current_indent
            if len(prefix) + len(usage) > text_width:
                opt_parts = _usage_parts(self._format_actions_usage(optionals, groups))
                pos_parts = _usage_parts(self._format_actions_usage(positionals, groups))

                def get_lines(parts, indent, prefix=None):
                    lines = []
                    line = []
                    indent_length = len(indent)
                    if prefix is not None:
                        line_len = len(prefix) - 1
                    else:
                        line_len = indent_length - 1
                    for part in parts:
                        if line_len + 1 + len(part) > text_width and line:
                            lines.append(indent + ' '.join(line))
                            line = []
                            line_len = indent_length - 1
                        line.append(part)
                        line_len += len(part) + 1
                    if line:
                        lines.append(indent + ' '.join(line))
                    if prefix is not None:
                        lines[0] = lines[0][indent_length:]
                    return lines

                if len(prefix) + len(prog) <= 0.75 * text_width:
                    indent = ' ' * (len(prefix) + len(prog) + 1)
                    if opt_parts:
                        lines = get_lines([prog] + opt_parts, indent, prefix)
                        lines.extend(get_lines(pos_parts, indent))
                    elif pos_parts:
                        lines = get_lines([prog] + pos_parts, indent, prefix)
                    else:
                        lines = [prog]
                else:
                    indent = ' ' * len(prefix)
                    parts = opt_parts + pos_parts
                    lines = get_lines(parts, indent)
                    if len(lines) > 1:
                        lines = []
                        lines.extend(get_lines(opt_parts, indent))
                        lines.extend(get_lines(pos_parts, indent))
                    lines = [prog] + lines
                usage = '\n'.join(lines)
        return '%s%s\n\n' % (prefix, usage)

    def _format_actions_usage(self, actions, groups):
        # find contiguous mutually exclusive groups
        group_of = {}
        for group in groups:
            ga = group._group_actions
            if not ga:
                continue
            try:
                start = actions.index(ga[0])
            except ValueError:
                continue
            if actions[start:start + len(ga)] == ga:
                for a in ga:
                    group_of[id(a)] = group
        parts = []
        i = 0
        while i < len(actions):
            action = actions[i]
            group = group_of.get(id(action))
            if group is not None:
                ga = group._group_actions
                inner = []
                for a in ga:
                    if a.help is SUPPRESS:
                        continue
                    inner.append(self._action_usage(a, True))
                inner = [p for p in inner if p]
                if inner:
                    text = ' | '.join(inner)
                    if len(inner) == 1 and not group.required:
                        parts.append('[%s]' % text)
                    elif group.required:
                        parts.append('(%s)' % text)
                    else:
                        parts.append('[%s]' % text)
                i += len(ga)
                continue
            if action.help is not SUPPRESS:
                part = self._action_usage(action, False)
                if part:
                    parts.append(part)
            i += 1
        return ' '.join(parts)

    def _action_usage(self, action, in_group):
        if not action.option_strings:
            default = self._get_default_metavar_for_positional(action)
            part = self._format_args(action, default)
            if in_group and part[0] == '[' and part[-1] == ']':
                part = part[1:-1]
            return part
        option_string = action.option_strings[0]
        if action.nargs == 0:
            part = action.format_usage()
        else:
            default = self._get_default_metavar_for_optional(action)
            args_string = self._format_args(action, default)
            part = '%s %s' % (option_string, args_string)
        if not action.required and not in_group:
            part = '[%s]' % part
        return part

    def _format_text(self, text):
        if '%(prog)' in text:
            text = text % dict(prog=self._prog)
        text_width = max(self._width - self._current_indent, 11)
        indent = ' ' * self._current_indent
        return self._fill_text(text, text_width, indent) + '\n\n'

    def _format_action(self, action):
        help_position = min(self._action_max_length + 2, self._max_help_position)
        help_width = max(self._width - help_position, 11)
        action_width = help_position - self._current_indent - 2
        action_header = self._format_action_invocation(action)
        ind = ' ' * self._current_indent
        if not action.help:
            action_header = ind + action_header + '\n'
            indent_first = 0
        elif len(action_header) <= action_width:
            action_header = ind + action_header.ljust(action_width) + '  '
            indent_first = 0
        else:
            action_header = ind + action_header + '\n'
            indent_first = help_position
        parts = [action_header]
        if action.help and action.help.strip():
            help_text = self._expand_help(action)
            if help_text:
                help_lines = self._split_lines(help_text, help_width)
                parts.append(' ' * indent_first + help_lines[0] + '\n')
                for line in help_lines[1:]:
                    parts.append(' ' * help_position + line + '\n')
        elif not action_header.endswith('\n'):
            parts.append('\n')
        for subaction in self._iter_indented_subactions(action):
            parts.append(self._format_action(subaction))
        return ''.join(parts)

    def _iter_indented_subactions(self, action):
        get_subactions = getattr(action, '_get_subactions', None)
        if get_subactions is None:
            return []
        return _Indented(self, get_subactions())

    def _format_action_invocation(self, action):
        if not action.option_strings:
            default = self._get_default_metavar_for_positional(action)
            metavar, = self._metavar_formatter(action, default)(1)
            return metavar
        parts = []
        if action.nargs == 0:
            parts.extend(action.option_strings)
        else:
            default = self._get_default_metavar_for_optional(action)
            args_string = self._format_args(action, default)
            for option_string in action.option_strings:
                parts.append('%s %s' % (option_string, args_string))
        return ', '.join(parts)

    def _metavar_formatter(self, action, default_metavar):
        if action.metavar is not None:
            result = action.metavar
        elif action.choices is not None:
            choice_strs = [str(choice) for choice in action.choices]
            result = '{%s}' % ','.join(choice_strs)
        else:
            result = default_metavar

        def format(tuple_size):
            if isinstance(result, tuple):
                return result
            return (result,) * tuple_size
        return format

    def _format_args(self, action, default_metavar):
        get_metavar = self._metavar_formatter(action, default_metavar)
        if action.nargs is None:
            result = '%s' % get_metavar(1)
        elif action.nargs == OPTIONAL:
            result = '[%s]' % get_metavar(1)
        elif action.nargs == ZERO_OR_MORE:
            metavar = get_metavar(1)
            if len(metavar) == 2:
                result = '[%s [%s ...]]' % metavar
            else:
                result = '[%s ...]' % metavar
        elif action.nargs == ONE_OR_MORE:
            result = '%s [%s ...]' % get_metavar(2)
        elif action.nargs == REMAINDER:
            result = '...'
        elif action.nargs == PARSER:
            result = '%s ...' % get_metavar(1)
        elif action.nargs == SUPPRESS:
            result = ''
        else:
            if not isinstance(action.nargs, int):
                raise ValueError('invalid nargs value')
            metavars = get_metavar(action.nargs)
            if len(metavars) != action.nargs:
                raise TypeError('not enough arguments for format string')
            result = ' '.join(['%s' % m for m in metavars])
        return result

    def _expand_help(self, action):
        params = dict(vars(action), prog=self._prog)
        for name in list(params):
            if params[name] is SUPPRESS:
                del params[name]
        for name in list(params):
            if hasattr(params[name], '__name__'):
                params[name] = params[name].__name__
        if params.get('choices') is not None:
            params['choices'] = ', '.join([str(c) for c in params['choices']])
        return self._get_help_string(action) % params

    def _split_lines(self, text, width):
        import textwrap
        return textwrap.wrap(_normalize_ws(text), width)

    def _fill_text(self, text, width, indent):
        import textwrap
        return textwrap.fill(_normalize_ws(text), width, initial_indent=indent,
                             subsequent_indent=indent)

    def _get_help_string(self, action):
        return action.help

    def _get_default_metavar_for_optional(self, action):
        return action.dest.upper()

    def _get_default_metavar_for_positional(self, action):
        return action.dest


class _Indented:
    """Iterate subactions with the formatter indented (as CPython's generator does)."""

    def __init__(self, formatter, actions):
        self._f = formatter
        self._actions = list(actions)

    def __iter__(self):
        self._f._indent()
        try:
            for a in self._actions:
                yield a
        finally:
            self._f._dedent()


class RawDescriptionHelpFormatter(HelpFormatter):
    def _fill_text(self, text, width, indent):
        return ''.join(indent + line for line in text.splitlines(keepends=True))


class RawTextHelpFormatter(RawDescriptionHelpFormatter):
    def _split_lines(self, text, width):
        return text.splitlines()


class ArgumentDefaultsHelpFormatter(HelpFormatter):
    def _get_help_string(self, action):
        help = action.help
        if help is None:
            help = ''
        if '%(default)' not in help:
            if action.default is not SUPPRESS:
                defaulting_nargs = [OPTIONAL, ZERO_OR_MORE]
                if action.option_strings or action.nargs in defaulting_nargs:
                    help += ' (default: %(default)s)'
        return help


class MetavarTypeHelpFormatter(HelpFormatter):
    def _get_default_metavar_for_optional(self, action):
        return action.type.__name__

    def _get_default_metavar_for_positional(self, action):
        return action.type.__name__
