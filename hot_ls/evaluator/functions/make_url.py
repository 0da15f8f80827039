"""make_url (2017-09-01): a correctly quoted URL from its parts.

Ported from heat/engine/hot/functions.py MakeURL: username and password
quoted with no safe characters, the host with ':' safe (and bracketed when
it holds a ':'), the path and fragment with quote()'s defaults, the query
with urlencode (then '%2F' turned back into '/'), assembled by urlunsplit.

A deploy-time value in a part (typically `host: {get_attr: [server,
first_address]}`) is kept as its placeholder in the URL.  It prints bare;
for comparison with Heat it is marked `Encoded` with the quoting Heat
would apply to the real value.
"""
from __future__ import annotations

import collections.abc
from urllib import parse as urlparse

from hot_ls.evaluator.functions.base import Function, resolve
from hot_ls.evaluator.values import Encoded, Symbolic, Text, find_symbolic, is_stringish, text, \
    unknown


def _quote_host(host: str) -> str:
    if host.startswith('[') and host.endswith(']'):
        host = host[1:-1]
    host = urlparse.quote(host, safe=':')
    if ':' in host:
        host = '[%s]' % host
    return host


def _encode(value, encode):
    """Apply a text encoding to a value that may hold placeholders."""
    if isinstance(value, str):
        return encode(value)
    if isinstance(value, Text):
        return text(encode(p) if isinstance(p, str) else Encoded(p, encode) for p in value.parts)
    return Encoded(value, encode)


class MakeURL(Function):
    """make_url: {scheme, username, password, host, port, path, query, fragment}."""

    heat_class = 'MakeURL'
    _ARG_KEYS = (SCHEME, USERNAME, PASSWORD, HOST, PORT, PATH, QUERY, FRAGMENT) = (
        'scheme', 'username', 'password', 'host', 'port', 'path', 'query', 'fragment')

    def _check_args(self, args):
        for arg in self._ARG_KEYS:
            if arg in args:
                if arg == self.QUERY:
                    if not isinstance(args[arg], (Function, collections.abc.Mapping, Symbolic)):
                        raise TypeError('The "%(arg)s" argument to "%(fn_name)s" must be a map'
                                        % {'arg': arg, 'fn_name': self.fn_name})
                    return
                elif arg == self.PORT:
                    port = args[arg]
                    if not isinstance(port, (Function, Symbolic)):
                        if not isinstance(port, int):
                            try:
                                port = int(port)
                            except ValueError:
                                raise ValueError('Invalid URL port "%(port)s" for %(fn_name)s '
                                                 'called with %(args)s'
                                                 % {'fn_name': self.fn_name, 'port': port,
                                                    'args': args})
                        if not (0 < port <= 65535):
                            raise ValueError('Invalid URL port %d, must be in range 1-65535'
                                             % port)
                else:
                    if not (isinstance(args[arg], (Function, str)) or is_stringish(args[arg])):
                        if isinstance(args[arg], Symbolic):
                            continue
                        raise TypeError('The "%(arg)s" argument to "%(fn_name)s" must be a '
                                        'string' % {'arg': arg, 'fn_name': self.fn_name})

    def validate(self):
        super().validate()
        if not isinstance(self.args, collections.abc.Mapping):
            raise TypeError('The arguments to "%s" must be a map' % self.fn_name)
        invalid_keys = set(self.args) - set(self._ARG_KEYS)
        if invalid_keys:
            raise ValueError('Invalid arguments to "%(fn)s": %(args)s'
                             % {'fn': self.fn_name, 'args': ', '.join(invalid_keys)})
        self._check_args(self.args)

    def result(self):
        args = resolve(self.args)
        if isinstance(args, Symbolic):
            return unknown(self.fn_name, args)
        self._check_args(args)
        for key in args:
            if isinstance(key, Symbolic):
                return unknown(self.fn_name, key)
        for key in (self.SCHEME, self.QUERY, self.PORT):
            if find_symbolic(args.get(key)) is not None and not (
                    key == self.PORT and is_stringish(args.get(key))):
                return unknown(self.fn_name, args.get(key))
        for key in (self.USERNAME, self.PASSWORD, self.HOST, self.PATH, self.FRAGMENT):
            value = args.get(key)
            if isinstance(value, Symbolic) and not is_stringish(value):
                return unknown(self.fn_name, value)

        scheme = args.get(self.SCHEME, '')
        if ':' in scheme:
            raise ValueError('URL "%s" should not contain \':\'' % self.SCHEME)

        def quote_all(value):
            return urlparse.quote(value, safe='')

        def netloc():
            username = _encode(args.get(self.USERNAME, ''), quote_all)
            password = _encode(args.get(self.PASSWORD, ''), quote_all)
            if username or password:
                yield username
                if password:
                    yield ':'
                    yield password
                yield '@'
            host = args.get(self.HOST, '')
            yield _encode(host, _quote_host) if not isinstance(host, str) else _quote_host(host)
            port = args.get(self.PORT, '')
            if port:
                yield ':'
                yield port if isinstance(port, Symbolic) else str(port)

        path = _encode(args.get(self.PATH, ''), urlparse.quote)
        query = urlparse.urlencode(args.get(self.QUERY, {})).replace('%2F', '/')
        fragment = _encode(args.get(self.FRAGMENT, ''), urlparse.quote)
        location = text(netloc())
        if all(isinstance(part, str) for part in (location, path, fragment)):
            return urlparse.urlunsplit((scheme, location, path, query, fragment))
        return _unsplit(scheme, location, path, query, fragment)


def _startswith(value, prefix: str) -> bool:
    if isinstance(value, str):
        return value.startswith(prefix)
    if isinstance(value, Text) and isinstance(value.parts[0], str):
        return value.parts[0].startswith(prefix)
    return False


def _unsplit(scheme, netloc, url, query, fragment):
    """urllib.parse.urlunsplit over parts that may hold placeholders."""
    if netloc or (scheme and scheme in urlparse.uses_netloc and not _startswith(url, '//')):
        if url and not _startswith(url, '/'):
            url = text(['/', url])
        url = text(['//', netloc or '', url])
    if scheme:
        url = text([scheme, ':', url])
    if query:
        url = text([url, '?', query])
    if fragment:
        url = text([url, '#', fragment])
    return url
