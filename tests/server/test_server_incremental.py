"""Edited, a document's diagnostics are those of its text opened afresh: as VS Code and Neovim.

The server analyses each new text from the previous analysis (one entry
re-parsed, only the entries the edit affects checked: hot_ls.rules.incremental),
or from scratch when it must.  After each step of an editing session that goes
through all those paths (typing in a value, a name others refer to, a new
resource typed line by line through the syntax errors on the way, a flow mapping
left open then closed, a section key indented, several changes in one
notification, an entry deleted, the version changed, an undo),
the diagnostics the client has for the edited document equal, field for field,
those of another document opened with the same text; and the server's log shows
that the session went through every path.
"""
from __future__ import annotations

import re

import pytest
from lsprotocol import types
from lsp_session import Session, uri_for

from hot_ls.server.convert import uri_to_path

from hot_ls.text import LineIndex

pytestmark = pytest.mark.asyncio(loop_scope='module')

TEMPLATE = '''heat_template_version: 2021-04-16
parameters:
  size:
    type: number
    default: 1
  image:
    type: string
    default: cirros
conditions:
  big: {equals: [{get_param: size}, 2]}
resources:
  net:
    type: OS::Neutron::Net
  subnet:
    type: OS::Neutron::Subnet
    properties:
      network: {get_resource: net}
      cidr: 10.0.0.0/24
  server:
    type: OS::Nova::Server
    properties:
      image: {get_param: image}
      flavor: m1.small
      networks:
        - network: {get_resource: net}
  volume:
    type: OS::Cinder::Volume
    condition: big
    properties:
      size: {get_param: size}
outputs:
  address:
    value: {get_attr: [server, first_address]}
  volume:
    value: {get_resource: volume}
'''


#: the server's log line for each analysis: how it parsed, the entries it checked, of how many
ANALYSED = re.compile(r'analysed \S+ \((\w+)\) in [0-9.]+ ms, (\d+) of (\d+) entries checked')


def uri_path(name: str) -> str:
    return uri_to_path(uri_for(name))


def at(text: str, needle: str, after: bool = True) -> tuple[int, int]:
    """(line, character) just after (or at) the first `needle` (the texts are ASCII)."""
    offset = text.index(needle) + (len(needle) if after else 0)
    position = LineIndex(text).position(offset)
    return position.line, position.character


def end(text: str) -> tuple[int, int]:
    position = LineIndex(text).position(len(text))
    return position.line, position.character


def apply(text: str, edits) -> str:
    """The text after LSP edits, each applied to the text the previous left."""
    for (line, character, end_line, end_character), new in edits:
        lines = LineIndex(text)
        start, end = lines.offset(line, character), lines.offset(end_line, end_character)
        text = text[:start] + new + text[end:]
    return text


def insert(needle: str, new: str):
    """The edit inserting `new` after the first `needle`."""
    def edits(text):
        line, character = at(text, needle)
        return [((line, character, line, character), new)]
    return edits


def replace(old: str, new: str):
    """The edit replacing the first `old` by `new`."""
    def edits(text):
        line, character = at(text, old, after=False)
        end_line, end_character = at(text, old)
        return [((line, character, end_line, end_character), new)]
    return edits


def both(first, second):
    """Two edits in one notification, the second made for the text the first leaves."""
    def edits(text):
        made = first(text)
        return made + second(apply(text, made))
    return edits


def steps() -> list:
    """(what the step does, a function of the text giving its edits)."""
    found = [
        ('type in a value', insert('flavor: m1.small', 'x')),
        ('type more in it', insert('flavor: m1.smallx', 'l')),
        ('misspell a property name', replace('cidr:', 'cdir:')),
        ('rename a parameter others read', replace('  image:\n', '  imagex:\n')),
        ('rename it back', replace('  imagex:\n', '  image:\n')),
        ('a parameter default that makes a condition true', replace('default: 1', 'default: 2')),
    ]
    # a new resource typed piece by piece on a new line, through the syntax errors on the way
    found.append(('a new line', insert('      size: {get_param: size}', '\n')))
    typed = ''
    for piece in ('  p', 'ort', ':', '\n    type: OS::Neutron::Port', '\n    properties:',
                  '\n      network: {get_resource: ne', 't}'):
        found.append((f'type {piece!r}', insert('      size: {get_param: size}\n' + typed, piece)))
        typed += piece
    found += [
        # a flow mapping left open (each text has a syntax error, the entry's lines
        # neutralized: recovered in the entry alone), then closed
        ('open a flow mapping', replace('flavor: m1.smallxl', 'flavor: {get_param: image')),
        ('type in it', insert('flavor: {get_param: image', 'x')),
        ('close it', insert('flavor: {get_param: imagex', '}')),
        # a section key indented: the syntax error is the whole document's (parsed again)
        ('indent a section key', replace('\noutputs:', '\n outputs:')),
        ('and back', replace('\n outputs:', '\noutputs:')),
        ('two changes in one notification',
         both(replace('cdir:', 'cidr:'), replace('first_address', 'first_adress'))),
        ('delete an entry others refer to', replace('  net:\n    type: OS::Neutron::Net\n', '')),
        ('change the version', replace('2021-04-16', '2016-10-14')),
        ('change it back', replace('2016-10-14', '2021-04-16')),
        ('undo everything: the text of the start again',
         lambda text: [((0, 0, *end(text)), TEMPLATE)]),
    ]
    return found


def _analysed(messages) -> list[tuple[str, str, str]]:
    """(how it parsed, entries checked, entries) of each analysis of the edited document the
    server logged."""
    found = [ANALYSED.search(m.message) for m in messages]
    return [match.groups() for match in found
            if match and match.group(0).startswith(f'analysed {uri_path("edited.yaml")} ')]


def signature(diagnostics: list[types.Diagnostic], uri: str) -> list[tuple]:
    def related(info):
        return [(r.location.uri == uri, r.location.range, r.message) for r in info or ()]
    return sorted((d.range.start.line, d.range.start.character, d.range.end.line,
                   d.range.end.character, d.code, d.severity, d.message, d.source,
                   tuple(d.tags or ()), repr(d.data), related(d.related_information))
                  for d in diagnostics)


async def test_an_edited_document_has_the_diagnostics_of_its_text(lsp: Session):
    uri = lsp.open('edited.yaml', TEMPLATE)
    text = TEMPLATE
    await lsp.diagnostics(uri, 1)
    version = 1
    fresh = 0
    said = set()
    broken = set()  # how the texts with syntax errors were parsed
    for label, make in steps():
        edits = make(text)
        version += 1
        since = len(lsp.published)
        logged = len(lsp.client.log_messages)
        lsp.change(uri, version, *edits)
        text = apply(text, edits)
        edited = await lsp.diagnostics(uri, version, since)
        if any(d.code == 'HOT001' for d in edited):
            broken.update(how for how, _, _ in _analysed(lsp.client.log_messages[logged:]))
        fresh += 1
        # (in a folder of its own: a document opened beside the edited one would renew its
        # workspace, and the next edit would check everything)
        other = lsp.open(f'fresh/fresh-{fresh}.yaml', text)
        opened = await lsp.diagnostics(other, 1, since)
        lsp.close(other)
        assert signature(edited, uri) == signature(opened, other), label
        said.update(d.code for d in edited)
    assert text == TEMPLATE
    # the steps went through every path, and had something to say
    made = {(how, checked == entries) for how, checked, entries in
            _analysed(lsp.client.log_messages)}
    assert {('incremental', False), ('full', False), ('full', True)} <= made, made
    assert {'incremental', 'full'} <= broken, broken  # (error recovery in one entry, or all)
    assert {'HOT001', 'HOT702', 'HOT706', 'HOT302'} <= said, said


#: a template whose YAML aliases name nodes of their own entries (TripleO's services)
ALIASED = TEMPLATE.replace('''      networks:
        - network: {get_resource: net}
''', '''      networks:
        - network: &net {get_resource: net}
        - network: *net
      metadata: {first: *net}
''')


async def test_an_edited_document_with_aliases_has_the_diagnostics_of_its_text(lsp: Session):
    """The same with aliases: typing around them re-parses one entry and checks what it
    affects; an alias of another entry's anchor has the whole document checked."""
    uri = lsp.open('aliased.yaml', ALIASED)
    text = ALIASED
    await lsp.diagnostics(uri, 1)
    logged = len(lsp.client.log_messages)
    version = 1
    steps = [
        ('type in a value of the entry that holds them', insert('flavor: m1.small', 'x')),
        ('a new alias of its anchor', insert('metadata: {first: *net', ', again: *net')),
        ('a value made wrong beside them', replace('cidr: 10.0.0.0/24', 'cidr: 10.0.0.0/99')),
        ('an alias of another entry\'s anchor', insert('    value: {get_attr: [server, '
                                                        'first_address]}', '\n    x: *net')),
        ('and gone', replace('\n    x: *net', '')),
        ('type in another entry', insert('cidr: 10.0.0.0/9', '2')),
    ]
    for label, make in steps:
        edits = make(text)
        version += 1
        since = len(lsp.published)
        lsp.change(uri, version, *edits)
        text = apply(text, edits)
        edited = await lsp.diagnostics(uri, version, since)
        other = lsp.open(f'fresh-aliased/fresh-{version}.yaml', text)
        opened = await lsp.diagnostics(other, 1, since)
        lsp.close(other)
        assert signature(edited, uri) == signature(opened, other), label
    found = [ANALYSED.search(m.message) for m in lsp.client.log_messages[logged:]]
    made = [(match.group(1), match.group(2) == match.group(3)) for match in found
            if match and match.group(0).startswith(f'analysed {uri_path("aliased.yaml")} ')]
    assert ('incremental', False) in made and ('full', True) in made, made
