"""Command-line parsing library (flyi): the common subset of CPython's argparse with its help
layout and error messages."""

import sys as _sys
import os as _os

__all__ = ['ArgumentParser', 'ArgumentError', 'ArgumentTypeError', 'BooleanOptionalAction',
           'FileType', 'HelpFormatter', 'ArgumentDefaultsHelpFormatter',
           'RawDescriptionHelpFormatter', 'RawTextHelpFormatter', 'MetavarTypeHelpFormatter',
           'Namespace', 'Action', 'ONE_OR_MORE', 'OPTIONAL', 'PARSER', 'REMAINDER', 'SUPPRESS',
           'ZERO_OR_MORE']

from _argparse_help import SUPPRESS, OPTIONAL, ZERO_OR_MORE, ONE_OR_MORE, PARSER, REMAINDER
_UNRECOGNIZED_ARGS_ATTR = '_unrecognized_args'


def _is_negative_number(s):
    """Matches '^-\\d+$|^-\\d*\\.\\d+$'."""
    if len(s) < 2 or s[0] != '-':
        return False
    body = s[1:]
    if body.isdigit() and body.isascii():
        return True
    if '.' in body:
        a, _, b = body.partition('.')
        return (a == '' or (a.isdigit() and a.isascii())) and b != '' and b.isdigit() and b.isascii()
    return False


def _normalize_ws(text):
    return ' '.join(text.split())


# ---------------------------------------------------------------- namespace and errors

class _AttributeHolder:
    def __repr__(self):
        type_name = type(self).__name__
        arg_strings = []
        star_args = {}
        for arg in self._get_args():
            arg_strings.append(repr(arg))
        for name, value in self._get_kwargs():
            if name.isidentifier():
                arg_strings.append('%s=%r' % (name, value))
            else:
                star_args[name] = value
        if star_args:
            arg_strings.append('**%s' % repr(star_args))
        return '%s(%s)' % (type_name, ', '.join(arg_strings))

    def _get_kwargs(self):
        return list(self.__dict__.items())

    def _get_args(self):
        return []


class Namespace(_AttributeHolder):
    """Simple object for storing attributes."""

    def __init__(self, **kwargs):
        for name in kwargs:
            setattr(self, name, kwargs[name])

    def __eq__(self, other):
        if not isinstance(other, Namespace):
            return NotImplemented
        return vars(self) == vars(other)

    def __contains__(self, key):
        return key in self.__dict__


def _get_action_name(argument):
    if argument is None:
        return None
    elif argument.option_strings:
        return '/'.join(argument.option_strings)
    elif argument.metavar not in (None, SUPPRESS):
        return argument.metavar
    elif argument.dest not in (None, SUPPRESS):
        return argument.dest
    elif argument.choices:
        return '{' + ','.join(argument.choices) + '}'
    return None


class ArgumentError(Exception):
    """An error from creating or using an argument (optional or positional)."""

    def __init__(self, argument, message):
        self.argument_name = _get_action_name(argument)
        self.message = message
        Exception.__init__(self, argument, message)

    def __str__(self):
        if self.argument_name is None:
            return '%s' % self.message
        return 'argument %s: %s' % (self.argument_name, self.message)


class ArgumentTypeError(Exception):
    """An error from trying to convert a command line string to a type."""


# ---------------------------------------------------------------- actions

class Action(_AttributeHolder):
    """Information about how to convert command line strings to Python objects."""

    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None,
                 choices=None, required=False, help=None, metavar=None):
        self.option_strings = option_strings
        self.dest = dest
        self.nargs = nargs
        self.const = const
        self.default = default
        self.type = type
        self.choices = choices
        self.required = required
        self.help = help
        self.metavar = metavar

    def _get_kwargs(self):
        names = ['option_strings', 'dest', 'nargs', 'const', 'default', 'type', 'choices',
                 'required', 'help', 'metavar']
        return [(name, getattr(self, name)) for name in names]

    def format_usage(self):
        return self.option_strings[0]

    def __call__(self, parser, namespace, values, option_string=None):
        raise NotImplementedError('.__call__() not defined')


class BooleanOptionalAction(Action):
    def __init__(self, option_strings, dest, default=None, type=None, choices=None,
                 required=False, help=None, metavar=None):
        _option_strings = []
        for option_string in option_strings:
            _option_strings.append(option_string)
            if option_string.startswith('--'):
                _option_strings.append('--no-' + option_string[2:])
        if help is not None and default is not None and default is not SUPPRESS:
            help += ' (default: %(default)s)'
        Action.__init__(self, option_strings=_option_strings, dest=dest, nargs=0,
                        default=default, type=type, choices=choices, required=required,
                        help=help, metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        if option_string in self.option_strings:
            setattr(namespace, self.dest, not option_string.startswith('--no-'))

    def format_usage(self):
        return ' | '.join(self.option_strings)


class _StoreAction(Action):
    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None,
                 choices=None, required=False, help=None, metavar=None):
        if nargs == 0:
            raise ValueError('nargs for store actions must be != 0; if you '
                             'have nothing to store, actions such as store '
                             'true or store const may be more appropriate')
        if const is not None and nargs != OPTIONAL:
            raise ValueError('nargs must be %r to supply const' % OPTIONAL)
        Action.__init__(self, option_strings=option_strings, dest=dest, nargs=nargs,
                        const=const, default=default, type=type, choices=choices,
                        required=required, help=help, metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, values)


class _StoreConstAction(Action):
    def __init__(self, option_strings, dest, const=None, default=None, required=False,
                 help=None, metavar=None):
        Action.__init__(self, option_strings=option_strings, dest=dest, nargs=0, const=const,
                        default=default, required=required, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, self.const)


class _StoreTrueAction(_StoreConstAction):
    def __init__(self, option_strings, dest, default=False, required=False, help=None):
        _StoreConstAction.__init__(self, option_strings=option_strings, dest=dest, const=True,
                                   default=default, required=required, help=help)


class _StoreFalseAction(_StoreConstAction):
    def __init__(self, option_strings, dest, default=True, required=False, help=None):
        _StoreConstAction.__init__(self, option_strings=option_strings, dest=dest, const=False,
                                   default=default, required=required, help=help)


def _copy_items(items):
    if items is None:
        return []
    if type(items) is list:
        return items[:]
    import copy
    return copy.copy(items)


class _AppendAction(Action):
    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None,
                 choices=None, required=False, help=None, metavar=None):
        if nargs == 0:
            raise ValueError('nargs for append actions must be != 0; if arg '
                             'strings are not supplying the value to append, '
                             'the append const action may be more appropriate')
        if const is not None and nargs != OPTIONAL:
            raise ValueError('nargs must be %r to supply const' % OPTIONAL)
        Action.__init__(self, option_strings=option_strings, dest=dest, nargs=nargs,
                        const=const, default=default, type=type, choices=choices,
                        required=required, help=help, metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        items = getattr(namespace, self.dest, None)
        items = _copy_items(items)
        items.append(values)
        setattr(namespace, self.dest, items)


class _AppendConstAction(Action):
    def __init__(self, option_strings, dest, const=None, default=None, required=False,
                 help=None, metavar=None):
        Action.__init__(self, option_strings=option_strings, dest=dest, nargs=0, const=const,
                        default=default, required=required, help=help, metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        items = getattr(namespace, self.dest, None)
        items = _copy_items(items)
        items.append(self.const)
        setattr(namespace, self.dest, items)


class _CountAction(Action):
    def __init__(self, option_strings, dest, default=None, required=False, help=None):
        Action.__init__(self, option_strings=option_strings, dest=dest, nargs=0,
                        default=default, required=required, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        count = getattr(namespace, self.dest, None)
        if count is None:
            count = 0
        setattr(namespace, self.dest, count + 1)


class _HelpAction(Action):
    def __init__(self, option_strings, dest=SUPPRESS, default=SUPPRESS, help=None):
        Action.__init__(self, option_strings=option_strings, dest=dest, default=default,
                        nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        parser.print_help()
        parser.exit()


class _VersionAction(Action):
    def __init__(self, option_strings, version=None, dest=SUPPRESS, default=SUPPRESS,
                 help="show program's version number and exit"):
        Action.__init__(self, option_strings=option_strings, dest=dest, default=default,
                        nargs=0, help=help)
        self.version = version

    def __call__(self, parser, namespace, values, option_string=None):
        version = self.version
        if version is None:
            version = parser.version
        formatter = parser._get_formatter()
        formatter.add_text(version)
        parser._print_message(formatter.format_help(), _sys.stdout)
        parser.exit()


class _ExtendAction(_AppendAction):
    def __call__(self, parser, namespace, values, option_string=None):
        items = getattr(namespace, self.dest, None)
        items = _copy_items(items)
        items.extend(values)
        setattr(namespace, self.dest, items)


class _ChoicesPseudoAction(Action):
    def __init__(self, name, aliases, help):
        metavar = dest = name
        if aliases:
            metavar += ' (%s)' % ', '.join(aliases)
        Action.__init__(self, option_strings=[], dest=dest, help=help, metavar=metavar)


class _SubParsersAction(Action):
    def __init__(self, option_strings, prog, parser_class, dest=SUPPRESS, required=False,
                 help=None, metavar=None):
        self._prog_prefix = prog
        self._parser_class = parser_class
        self._name_parser_map = {}
        self._choices_actions = []
        Action.__init__(self, option_strings=option_strings, dest=dest, nargs=PARSER,
                        choices=self._name_parser_map, required=required, help=help,
                        metavar=metavar)

    def add_parser(self, name, **kwargs):
        if kwargs.get('prog') is None:
            kwargs['prog'] = '%s %s' % (self._prog_prefix, name)
        aliases = kwargs.pop('aliases', ())
        if name in self._name_parser_map:
            raise ArgumentError(self, 'conflicting subparser: %s' % name)
        for alias in aliases:
            if alias in self._name_parser_map:
                raise ArgumentError(self, 'conflicting subparser alias: %s' % alias)
        if 'help' in kwargs:
            help = kwargs.pop('help')
            self._choices_actions.append(_ChoicesPseudoAction(name, aliases, help))
        parser = self._parser_class(**kwargs)
        self._name_parser_map[name] = parser
        for alias in aliases:
            self._name_parser_map[alias] = parser
        return parser

    def _get_subactions(self):
        return self._choices_actions

    def __call__(self, parser, namespace, values, option_string=None):
        parser_name = values[0]
        arg_strings = values[1:]
        if self.dest is not SUPPRESS:
            setattr(namespace, self.dest, parser_name)
        try:
            subparser = self._name_parser_map[parser_name]
        except KeyError:
            args = {'parser_name': parser_name,
                    'choices': ', '.join(self._name_parser_map)}
            msg = 'unknown parser %(parser_name)r (choices: %(choices)s)' % args
            raise ArgumentError(self, msg)
        subnamespace, arg_strings = subparser.parse_known_args(arg_strings, None)
        for key, value in vars(subnamespace).items():
            setattr(namespace, key, value)
        if arg_strings:
            vars(namespace).setdefault(_UNRECOGNIZED_ARGS_ATTR, [])
            getattr(namespace, _UNRECOGNIZED_ARGS_ATTR).extend(arg_strings)


class FileType:
    """Factory for creating file object types."""

    def __init__(self, mode='r', bufsize=-1, encoding=None, errors=None):
        self._mode = mode
        self._encoding = encoding
        self._errors = errors

    def __call__(self, string):
        if string == '-':
            if 'r' in self._mode:
                return _sys.stdin
            return _sys.stdout
        try:
            return open(string, self._mode)
        except OSError as e:
            raise ArgumentTypeError("can't open '%s': %s" % (string, e))

    def __repr__(self):
        return '%s(%r)' % (type(self).__name__, self._mode)


# ---------------------------------------------------------------- help formatting

from _argparse_help import (HelpFormatter, RawDescriptionHelpFormatter, RawTextHelpFormatter,
                            ArgumentDefaultsHelpFormatter, MetavarTypeHelpFormatter)


# ---------------------------------------------------------------- containers

_ACTIONS = {
    None: _StoreAction, 'store': _StoreAction, 'store_const': _StoreConstAction,
    'store_true': _StoreTrueAction, 'store_false': _StoreFalseAction,
    'append': _AppendAction, 'append_const': _AppendConstAction, 'count': _CountAction,
    'help': _HelpAction, 'version': _VersionAction, 'parsers': _SubParsersAction,
    'extend': _ExtendAction,
}


class _ActionsContainer:
    def __init__(self, description, prefix_chars, argument_default, conflict_handler):
        self.description = description
        self.argument_default = argument_default
        self.prefix_chars = prefix_chars
        self.conflict_handler = conflict_handler
        self._registries = {'action': dict(_ACTIONS), 'type': {None: lambda s: s}}
        self._actions = []
        self._option_string_actions = {}
        self._action_groups = []
        self._mutually_exclusive_groups = []
        self._defaults = {}
        self._has_negative_number_optionals = []

    def register(self, registry_name, value, object):
        self._registries.setdefault(registry_name, {})[value] = object

    def _registry_get(self, registry_name, value, default=None):
        return self._registries[registry_name].get(value, default)

    def set_defaults(self, **kwargs):
        self._defaults.update(kwargs)
        for action in self._actions:
            if action.dest in kwargs:
                action.default = kwargs[action.dest]

    def get_default(self, dest):
        for action in self._actions:
            if action.dest == dest and action.default is not None:
                return action.default
        return self._defaults.get(dest, None)

    def add_argument(self, *args, **kwargs):
        """add_argument(dest, ..., name=value, ...)
        add_argument(option_string, option_string, ..., name=value, ...)"""
        chars = self.prefix_chars
        if not args or len(args) == 1 and args[0][0] not in chars:
            if args and 'dest' in kwargs:
                raise ValueError('dest supplied twice for positional argument')
            kwargs = self._get_positional_kwargs(*args, **kwargs)
        else:
            kwargs = self._get_optional_kwargs(*args, **kwargs)
        if 'default' not in kwargs:
            dest = kwargs['dest']
            if dest in self._defaults:
                kwargs['default'] = self._defaults[dest]
            elif self.argument_default is not None:
                kwargs['default'] = self.argument_default
        action_class = self._pop_action_class(kwargs)
        if not callable(action_class):
            raise ValueError('unknown action "%s"' % (action_class,))
        action = action_class(**kwargs)
        type_func = self._registry_get('type', action.type, action.type)
        if not callable(type_func):
            raise ValueError('%r is not callable' % (type_func,))
        if type_func is FileType:
            raise ValueError('%r is a FileType class object, instance of it must be passed'
                             % (type_func,))
        if hasattr(self, '_get_formatter'):
            try:
                self._get_formatter()._format_args(action, None)
            except TypeError:
                raise ValueError('length of metavar tuple does not match nargs')
        return self._add_action(action)

    def add_argument_group(self, *args, **kwargs):
        group = _ArgumentGroup(self, *args, **kwargs)
        self._action_groups.append(group)
        return group

    def add_mutually_exclusive_group(self, **kwargs):
        group = _MutuallyExclusiveGroup(self, **kwargs)
        self._mutually_exclusive_groups.append(group)
        return group

    def _add_action(self, action):
        self._check_conflict(action)
        self._actions.append(action)
        action.container = self
        for option_string in action.option_strings:
            self._option_string_actions[option_string] = action
        for option_string in action.option_strings:
            if _is_negative_number(option_string):
                if not self._has_negative_number_optionals:
                    self._has_negative_number_optionals.append(True)
        return action

    def _remove_action(self, action):
        self._actions.remove(action)

    def _get_positional_kwargs(self, dest, **kwargs):
        if 'required' in kwargs:
            raise TypeError("'required' is an invalid argument for positionals")
        if kwargs.get('nargs') not in [OPTIONAL, ZERO_OR_MORE]:
            kwargs['required'] = True
        if kwargs.get('nargs') == ZERO_OR_MORE and 'default' not in kwargs:
            kwargs['required'] = True
        return dict(kwargs, dest=dest, option_strings=[])

    def _get_optional_kwargs(self, *args, **kwargs):
        option_strings = []
        long_option_strings = []
        for option_string in args:
            if not option_string[0] in self.prefix_chars:
                raise ValueError('invalid option string %r: must start with a character %r'
                                 % (option_string, self.prefix_chars))
            option_strings.append(option_string)
            if len(option_string) > 1 and option_string[1] in self.prefix_chars:
                long_option_strings.append(option_string)
        dest = kwargs.pop('dest', None)
        if dest is None:
            if long_option_strings:
                dest_option_string = long_option_strings[0]
            else:
                dest_option_string = option_strings[0]
            dest = dest_option_string.lstrip(self.prefix_chars)
            if not dest:
                raise ValueError('dest= is required for options like %r' % option_string)
            dest = dest.replace('-', '_')
        return dict(kwargs, dest=dest, option_strings=option_strings)

    def _pop_action_class(self, kwargs, default=None):
        action = kwargs.pop('action', default)
        return self._registry_get('action', action, action)

    def _check_conflict(self, action):
        confl_optionals = []
        for option_string in action.option_strings:
            if option_string in self._option_string_actions:
                confl_optionals.append((option_string, self._option_string_actions[option_string]))
        if confl_optionals:
            if self.conflict_handler == 'resolve':
                for option_string, a in confl_optionals:
                    a.option_strings.remove(option_string)
                    self._option_string_actions.pop(option_string, None)
                    if not a.option_strings:
                        a.container._remove_action(a)
            else:
                word = 'conflicting option string' if len(confl_optionals) == 1 \
                    else 'conflicting option strings'
                conflict_string = ', '.join([s for s, a in confl_optionals])
                raise ArgumentError(action, '%s: %s' % (word, conflict_string))


class _ArgumentGroup(_ActionsContainer):
    def __init__(self, container, title=None, description=None, **kwargs):
        kwargs.setdefault('conflict_handler', container.conflict_handler)
        kwargs.setdefault('prefix_chars', container.prefix_chars)
        kwargs.setdefault('argument_default', container.argument_default)
        _ActionsContainer.__init__(self, description=description, **kwargs)
        self.title = title
        self._group_actions = []
        self._registries = container._registries
        self._actions = container._actions
        self._option_string_actions = container._option_string_actions
        self._defaults = container._defaults
        self._has_negative_number_optionals = container._has_negative_number_optionals
        self._mutually_exclusive_groups = container._mutually_exclusive_groups

    def _add_action(self, action):
        action = _ActionsContainer._add_action(self, action)
        self._group_actions.append(action)
        return action

    def _remove_action(self, action):
        _ActionsContainer._remove_action(self, action)
        self._group_actions.remove(action)


class _MutuallyExclusiveGroup(_ArgumentGroup):
    def __init__(self, container, required=False):
        _ArgumentGroup.__init__(self, container)
        self.required = required
        self._container = container

    def _add_action(self, action):
        if action.required:
            raise ValueError('mutually exclusive arguments must be optional')
        action = self._container._add_action(action)
        self._group_actions.append(action)
        return action

    def _remove_action(self, action):
        self._container._remove_action(action)
        self._group_actions.remove(action)


# ---------------------------------------------------------------- nargs matching

def _nargs_groups(action):
    """The token list of the nargs pattern: (chars, min, max) triples."""
    dash = ('-', 0, None)
    A = ('A', 1, 1)
    nargs = action.nargs
    if nargs is None:
        toks = [dash, A, dash]
    elif nargs == OPTIONAL:
        toks = [dash, ('A', 0, 1), dash]
    elif nargs == ZERO_OR_MORE:
        toks = [dash, ('A-', 0, None)]
    elif nargs == ONE_OR_MORE:
        toks = [dash, A, ('A-', 0, None)]
    elif nargs == REMAINDER:
        toks = [('-AO', 0, None)]
    elif nargs == PARSER:
        toks = [dash, A, ('-AO', 0, None)]
    elif nargs == SUPPRESS:
        toks = [dash, dash]
    else:
        toks = [dash]
        for i in range(nargs):
            if i:
                toks.append(dash)
            toks.append(A)
        toks.append(dash)
    if action.option_strings:
        out = []
        for chars, lo, hi in toks:
            if chars == '-':
                continue
            chars = chars.replace('-', '')
            out.append((chars, lo, hi))
        toks = out
    return toks


def _match_groups(groups, s):
    """Greedy backtracking match of consecutive token groups at the start of s; returns the
    length matched by each group, or None."""
    ends = []
    n = len(s)

    def rec(g, t, pos):
        if g == len(groups):
            return True
        toks = groups[g]
        if t == len(toks):
            ends.append(pos)
            if rec(g + 1, 0, pos):
                return True
            ends.pop()
            return False
        chars, lo, hi = toks[t]
        k = 0
        while pos + k < n and (hi is None or k < hi) and s[pos + k] in chars:
            k += 1
        while k >= lo:
            if rec(g, t + 1, pos + k):
                return True
            k -= 1
        return False

    if not rec(0, 0, 0):
        return None
    lengths = []
    prev = 0
    for e in ends:
        lengths.append(e - prev)
        prev = e
    return lengths


# ---------------------------------------------------------------- the parser

class ArgumentParser(_AttributeHolder, _ActionsContainer):
    """Object for parsing command line strings into Python objects."""

    def __init__(self, prog=None, usage=None, description=None, epilog=None, parents=[],
                 formatter_class=HelpFormatter, prefix_chars='-', fromfile_prefix_chars=None,
                 argument_default=None, conflict_handler='error', add_help=True,
                 allow_abbrev=True, exit_on_error=True):
        _ActionsContainer.__init__(self, description=description, prefix_chars=prefix_chars,
                                   argument_default=argument_default,
                                   conflict_handler=conflict_handler)
        if prog is None:
            prog = _os.path.basename(_sys.argv[0]) if _sys.argv else ''
        self.prog = prog
        self.usage = usage
        self.epilog = epilog
        self.formatter_class = formatter_class
        self.fromfile_prefix_chars = fromfile_prefix_chars
        self.add_help = add_help
        self.allow_abbrev = allow_abbrev
        self.exit_on_error = exit_on_error
        self._positionals = self.add_argument_group('positional arguments')
        self._optionals = self.add_argument_group('options')
        self._subparsers = None
        default_prefix = '-' if '-' in prefix_chars else prefix_chars[0]
        if self.add_help:
            self.add_argument(default_prefix + 'h', default_prefix * 2 + 'help', action='help',
                              default=SUPPRESS, help='show this help message and exit')
        for parent in parents:
            self._add_container_actions(parent)
            self._defaults.update(parent._defaults)

    def _get_kwargs(self):
        names = ['prog', 'usage', 'description', 'formatter_class', 'conflict_handler',
                 'add_help']
        return [(name, getattr(self, name)) for name in names]

    def _add_container_actions(self, container):
        for action in container._actions:
            if isinstance(action, _HelpAction) and self.add_help:
                continue
            self._add_action(action)

    def add_subparsers(self, **kwargs):
        if self._subparsers is not None:
            self.error('cannot have multiple subparser arguments')
        kwargs.setdefault('parser_class', type(self))
        if 'title' in kwargs or 'description' in kwargs:
            title = kwargs.pop('title', 'subcommands')
            description = kwargs.pop('description', None)
            self._subparsers = self.add_argument_group(title, description)
        else:
            self._subparsers = self._positionals
        if kwargs.get('prog') is None:
            formatter = self._get_formatter()
            positionals = [a for a in self._actions if not a.option_strings]
            formatter.add_usage(self.usage, positionals, [], '')
            formatter._current_indent = 0
            kwargs['prog'] = formatter._format_usage(self.usage, positionals, [], '').strip()
        parsers_class = self._pop_action_class(kwargs, 'parsers')
        action = parsers_class(option_strings=[], **kwargs)
        self._subparsers._add_action(action)
        return action

    def _add_action(self, action):
        if action.option_strings:
            self._optionals._add_action(action)
        else:
            self._positionals._add_action(action)
        return action

    def _get_optional_actions(self):
        return [a for a in self._actions if a.option_strings]

    def _get_positional_actions(self):
        return [a for a in self._actions if not a.option_strings]

    def parse_args(self, args=None, namespace=None):
        args, argv = self.parse_known_args(args, namespace)
        if argv:
            self.error('unrecognized arguments: %s' % ' '.join(argv))
        return args

    def parse_known_args(self, args=None, namespace=None):
        if args is None:
            args = _sys.argv[1:]
        else:
            args = list(args)
        if namespace is None:
            namespace = Namespace()
        for action in self._actions:
            if action.dest is not SUPPRESS:
                if not hasattr(namespace, action.dest):
                    if action.default is not SUPPRESS:
                        setattr(namespace, action.dest, action.default)
        for dest in self._defaults:
            if not hasattr(namespace, dest):
                setattr(namespace, dest, self._defaults[dest])
        if self.exit_on_error:
            try:
                namespace, args = self._parse_known_args(args, namespace)
            except ArgumentError as err:
                self.error(str(err))
        else:
            namespace, args = self._parse_known_args(args, namespace)
        if hasattr(namespace, _UNRECOGNIZED_ARGS_ATTR):
            args.extend(getattr(namespace, _UNRECOGNIZED_ARGS_ATTR))
            delattr(namespace, _UNRECOGNIZED_ARGS_ATTR)
        return namespace, args

    def _parse_known_args(self, arg_strings, namespace):
        action_conflicts = {}
        for mutex_group in self._mutually_exclusive_groups:
            group_actions = mutex_group._group_actions
            for i, mutex_action in enumerate(mutex_group._group_actions):
                conflicts = action_conflicts.setdefault(id(mutex_action), [])
                conflicts.extend(group_actions[:i])
                conflicts.extend(group_actions[i + 1:])

        option_string_indices = {}
        pattern_parts = []
        i = 0
        n_args = len(arg_strings)
        while i < n_args:
            arg_string = arg_strings[i]
            if arg_string == '--':
                pattern_parts.append('-')
                for _ in range(i + 1, n_args):
                    pattern_parts.append('A')
                break
            option_tuple = self._parse_optional(arg_string)
            if option_tuple is None:
                pattern_parts.append('A')
            else:
                option_string_indices[i] = option_tuple
                pattern_parts.append('O')
            i += 1
        arg_strings_pattern = ''.join(pattern_parts)

        seen_actions = set()
        seen_non_default_actions = set()
        extras = []

        def take_action(action, argument_strings, option_string=None):
            seen_actions.add(id(action))
            argument_values = self._get_values(action, argument_strings)
            if argument_values is not action.default:
                seen_non_default_actions.add(id(action))
                for conflict_action in action_conflicts.get(id(action), []):
                    if id(conflict_action) in seen_non_default_actions:
                        msg = 'not allowed with argument %s'
                        action_name = _get_action_name(conflict_action)
                        raise ArgumentError(action, msg % action_name)
            if argument_values is not SUPPRESS:
                action(self, namespace, argument_values, option_string)

        def consume_optional(start_index):
            action, option_string, explicit_arg = option_string_indices[start_index]
            action_tuples = []
            while True:
                if action is None:
                    extras.append(arg_strings[start_index])
                    return start_index + 1
                if explicit_arg is not None:
                    arg_count = self._match_argument(action, 'A')
                    chars = self.prefix_chars
                    if (arg_count == 0 and option_string[1] not in chars
                            and explicit_arg != ''):
                        action_tuples.append((action, [], option_string))
                        char = option_string[0]
                        option_string = char + explicit_arg[0]
                        new_explicit_arg = explicit_arg[1:] or None
                        optionals_map = self._option_string_actions
                        if option_string in optionals_map:
                            action = optionals_map[option_string]
                            explicit_arg = new_explicit_arg
                        else:
                            msg = 'ignored explicit argument %r'
                            raise ArgumentError(action, msg % explicit_arg)
                    elif arg_count == 1:
                        stop = start_index + 1
                        args = [explicit_arg]
                        action_tuples.append((action, args, option_string))
                        break
                    else:
                        msg = 'ignored explicit argument %r'
                        raise ArgumentError(action, msg % explicit_arg)
                else:
                    start = start_index + 1
                    selected_patterns = arg_strings_pattern[start:]
                    arg_count = self._match_argument(action, selected_patterns)
                    stop = start + arg_count
                    args = arg_strings[start:stop]
                    action_tuples.append((action, args, option_string))
                    break
            for action, args, option_string in action_tuples:
                take_action(action, args, option_string)
            return stop

        positionals = self._get_positional_actions()

        def consume_positionals(start_index):
            selected_pattern = arg_strings_pattern[start_index:]
            arg_counts = self._match_arguments_partial(positionals, selected_pattern)
            for action, arg_count in zip(positionals, arg_counts):
                args = arg_strings[start_index: start_index + arg_count]
                start_index += arg_count
                take_action(action, args)
            positionals[:] = positionals[len(arg_counts):]
            return start_index

        start_index = 0
        if option_string_indices:
            max_option_string_index = max(option_string_indices)
        else:
            max_option_string_index = -1
        while start_index <= max_option_string_index:
            next_option_string_index = min([index for index in option_string_indices
                                            if index >= start_index])
            if start_index != next_option_string_index:
                positionals_end_index = consume_positionals(start_index)
                if positionals_end_index > start_index:
                    start_index = positionals_end_index
                    continue
                else:
                    start_index = positionals_end_index
            if start_index not in option_string_indices:
                strings = arg_strings[start_index:next_option_string_index]
                extras.extend(strings)
                start_index = next_option_string_index
            start_index = consume_optional(start_index)

        stop_index = consume_positionals(start_index)
        extras.extend(arg_strings[stop_index:])

        required_actions = []
        for action in self._actions:
            if id(action) not in seen_actions:
                if action.required:
                    required_actions.append(_get_action_name(action))
                else:
                    if (action.default is not None and isinstance(action.default, str) and
                            hasattr(namespace, action.dest) and
                            action.default is getattr(namespace, action.dest)):
                        setattr(namespace, action.dest,
                                self._get_value(action, action.default))
        if required_actions:
            self.error('the following arguments are required: %s' %
                       ', '.join(required_actions))
        for group in self._mutually_exclusive_groups:
            if group.required:
                for action in group._group_actions:
                    if id(action) in seen_non_default_actions:
                        break
                else:
                    names = [_get_action_name(action) for action in group._group_actions
                             if action.help is not SUPPRESS]
                    msg = 'one of the arguments %s is required'
                    self.error(msg % ' '.join(names))
        return namespace, extras

    def _match_argument(self, action, arg_strings_pattern):
        lengths = _match_groups([_nargs_groups(action)], arg_strings_pattern)
        if lengths is None:
            nargs_errors = {None: 'expected one argument',
                            OPTIONAL: 'expected at most one argument',
                            ONE_OR_MORE: 'expected at least one argument'}
            msg = nargs_errors.get(action.nargs)
            if msg is None:
                if action.nargs == 1:
                    msg = 'expected %s argument' % action.nargs
                else:
                    msg = 'expected %s arguments' % action.nargs
            raise ArgumentError(action, msg)
        return lengths[0]

    def _match_arguments_partial(self, actions, arg_strings_pattern):
        for i in range(len(actions), 0, -1):
            groups = [_nargs_groups(action) for action in actions[:i]]
            lengths = _match_groups(groups, arg_strings_pattern)
            if lengths is not None:
                return lengths
        return []

    def _parse_optional(self, arg_string):
        if not arg_string:
            return None
        if not arg_string[0] in self.prefix_chars:
            return None
        if arg_string in self._option_string_actions:
            action = self._option_string_actions[arg_string]
            return action, arg_string, None
        if len(arg_string) == 1:
            return None
        if '=' in arg_string:
            option_string, explicit_arg = arg_string.split('=', 1)
            if option_string in self._option_string_actions:
                action = self._option_string_actions[option_string]
                return action, option_string, explicit_arg
        option_tuples = self._get_option_tuples(arg_string)
        if len(option_tuples) > 1:
            options = ', '.join([option_string for action, option_string, explicit_arg
                                 in option_tuples])
            args = {'option': arg_string, 'matches': options}
            msg = 'ambiguous option: %(option)s could match %(matches)s'
            self.error(msg % args)
        elif len(option_tuples) == 1:
            option_tuple, = option_tuples
            return option_tuple
        if _is_negative_number(arg_string):
            if not self._has_negative_number_optionals:
                return None
        if ' ' in arg_string:
            return None
        return None, arg_string, None

    def _get_option_tuples(self, option_string):
        result = []
        chars = self.prefix_chars
        if option_string[0] in chars and option_string[1] in chars:
            if self.allow_abbrev:
                if '=' in option_string:
                    option_prefix, explicit_arg = option_string.split('=', 1)
                else:
                    option_prefix = option_string
                    explicit_arg = None
                for option_string in self._option_string_actions:
                    if option_string.startswith(option_prefix):
                        action = self._option_string_actions[option_string]
                        result.append((action, option_string, explicit_arg))
        elif option_string[0] in chars and option_string[1] not in chars:
            option_prefix = option_string
            explicit_arg = None
            short_option_prefix = option_string[:2]
            short_explicit_arg = option_string[2:]
            for option_string in self._option_string_actions:
                if option_string == short_option_prefix:
                    action = self._option_string_actions[option_string]
                    result.append((action, option_string, short_explicit_arg))
                elif option_string.startswith(option_prefix):
                    action = self._option_string_actions[option_string]
                    result.append((action, option_string, explicit_arg))
        else:
            self.error('unexpected option string: %s' % option_string)
        return result

    def _get_values(self, action, arg_strings):
        if action.nargs not in [PARSER, REMAINDER]:
            if '--' in arg_strings:
                arg_strings = list(arg_strings)
                arg_strings.remove('--')
        if not arg_strings and action.nargs == OPTIONAL:
            if action.option_strings:
                value = action.const
            else:
                value = action.default
            if isinstance(value, str):
                value = self._get_value(action, value)
                self._check_value(action, value)
        elif (not arg_strings and action.nargs == ZERO_OR_MORE and
              not action.option_strings):
            if action.default is not None:
                value = action.default
            else:
                value = arg_strings
            self._check_value(action, value)
        elif len(arg_strings) == 1 and action.nargs in [None, OPTIONAL]:
            arg_string, = arg_strings
            value = self._get_value(action, arg_string)
            self._check_value(action, value)
        elif action.nargs == REMAINDER:
            value = [self._get_value(action, v) for v in arg_strings]
        elif action.nargs == PARSER:
            value = [self._get_value(action, v) for v in arg_strings]
            self._check_value(action, value[0])
        elif action.nargs == SUPPRESS:
            value = SUPPRESS
        else:
            value = [self._get_value(action, v) for v in arg_strings]
            for v in value:
                self._check_value(action, v)
        return value

    def _get_value(self, action, arg_string):
        type_func = self._registry_get('type', action.type, action.type)
        if not callable(type_func):
            msg = '%r is not callable'
            raise ArgumentError(action, msg % type_func)
        try:
            result = type_func(arg_string)
        except ArgumentTypeError as err:
            msg = str(err)
            raise ArgumentError(action, msg)
        except (TypeError, ValueError):
            name = getattr(action.type, '__name__', repr(action.type))
            args = {'type': name, 'value': arg_string}
            msg = 'invalid %(type)s value: %(value)r'
            raise ArgumentError(action, msg % args)
        return result

    def _check_value(self, action, value):
        if action.choices is not None and value not in action.choices:
            args = {'value': value, 'choices': ', '.join(map(repr, action.choices))}
            msg = 'invalid choice: %(value)r (choose from %(choices)s)'
            raise ArgumentError(action, msg % args)

    # -- help
    def format_usage(self):
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions, self._mutually_exclusive_groups)
        return formatter.format_help()

    def format_help(self):
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions, self._mutually_exclusive_groups)
        formatter.add_text(self.description)
        for action_group in self._action_groups:
            formatter.start_section(action_group.title)
            formatter.add_text(action_group.description)
            formatter.add_arguments(action_group._group_actions)
            formatter.end_section()
        formatter.add_text(self.epilog)
        return formatter.format_help()

    def _get_formatter(self):
        return self.formatter_class(prog=self.prog)

    def print_usage(self, file=None):
        if file is None:
            file = _sys.stdout
        self._print_message(self.format_usage(), file)

    def print_help(self, file=None):
        if file is None:
            file = _sys.stdout
        self._print_message(self.format_help(), file)

    def _print_message(self, message, file=None):
        if message:
            if file is None:
                file = _sys.stderr
            try:
                file.write(message)
            except (AttributeError, OSError):
                pass

    def exit(self, status=0, message=None):
        if message:
            self._print_message(message, _sys.stderr)
        _sys.exit(status)

    def error(self, message):
        """error(message: string)

        Prints a usage message incorporating the message to stderr and exits."""
        self.print_usage(_sys.stderr)
        args = {'prog': self.prog, 'message': message}
        self.exit(2, '%(prog)s: error: %(message)s\n' % args)
