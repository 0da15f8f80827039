"""The workspace mode's driver (hot_ls.server.workspace_diagnostics) without a server: which
files it checks, in which order, what it clears, and that it waits for the editor's work."""
from __future__ import annotations

import asyncio

import pytest

from hot_ls.server.workspace_diagnostics import Hooks, Result, WorkspaceDiagnostics

pytestmark = pytest.mark.asyncio


class World:
    """Files with what each reads; a log of what the driver did."""

    def __init__(self, reads: dict[str, set[str]], scope: bool = True):
        self.reads = reads
        self.scope = scope
        self.open: set[str] = set()
        self.log: list[tuple[str, str]] = []
        self.gone: set[str] = set()
        self.busy = asyncio.Event()
        self.busy.set()  # set: no document waits for its analysis

    async def candidates(self):
        return [p for p in self.reads if p not in self.gone]

    async def check(self, path):
        self.log.append(('check', path))
        await asyncio.sleep(0)
        if path in self.gone:
            return None
        return Result(f'file://{path}', ('diagnostics of', path), frozenset(self.reads[path]))

    async def quiet(self):
        await self.busy.wait()

    def driver(self) -> WorkspaceDiagnostics:
        return WorkspaceDiagnostics(Hooks(
            candidates=self.candidates, in_scope=lambda path: self.scope,
            is_open=lambda path: path in self.open, check=self.check,
            publish=lambda payload: self.log.append(('publish', payload[1])),
            clear=lambda uri: self.log.append(('clear', uri)), quiet=self.quiet))


FILES = {'/w/a.yaml': {'/w/p.yaml'}, '/w/b.yaml': set(), '/w/p.yaml': set(),
         '/w/env.yaml': set(), '/w/c.yaml': {'/w/p.yaml', '/w/env.yaml'}}


async def test_every_file_is_checked_once_and_published():
    world = World(FILES)
    driver = world.driver()
    await driver.check_all()
    await driver.idle()
    assert [p for kind, p in world.log if kind == 'publish'] == list(FILES)
    assert sorted(driver.checked) == sorted(FILES)


async def test_a_change_rechecks_the_file_and_what_read_it():
    world = World(FILES)
    driver = world.driver()
    await driver.check_all()
    await driver.idle()
    world.log.clear()
    driver.files_changed(['/w/p.yaml'])
    await driver.idle()
    assert [p for kind, p in world.log if kind == 'check'] == [
        '/w/p.yaml', '/w/a.yaml', '/w/c.yaml']


async def test_a_change_of_what_the_stacks_reach_rechecks_every_file():
    """A template's edit that makes the stacks reach other templates (a group's count): any
    file may be in another stack now, not only those that read the edited one."""
    world = World(FILES)
    driver = world.driver()
    await driver.check_all()
    await driver.idle()
    world.log.clear()
    driver.files_changed(['/w/p.yaml'], everything=True)
    await driver.idle()
    assert sorted(p for kind, p in world.log if kind == 'check') == sorted(FILES)


async def test_open_files_are_left_to_the_editor_and_checked_again_when_closed():
    world = World(FILES)
    driver = world.driver()
    world.open.add('/w/a.yaml')
    await driver.check_all()
    await driver.idle()
    assert ('check', '/w/a.yaml') not in world.log
    world.open.discard('/w/a.yaml')
    driver.closed('/w/a.yaml')
    await driver.idle()
    assert world.log[-1] == ('publish', '/w/a.yaml')
    # opened once published: the URI to clear, and a change no longer checks it
    world.open.add('/w/a.yaml')
    assert driver.opened('/w/a.yaml') == 'file:///w/a.yaml'
    world.log.clear()
    driver.files_changed(['/w/p.yaml'])
    await driver.idle()
    assert [p for kind, p in world.log if kind == 'check'] == ['/w/p.yaml', '/w/c.yaml']


async def test_a_file_gone_or_out_of_scope_is_cleared():
    world = World(FILES)
    driver = world.driver()
    await driver.check_all()
    await driver.idle()
    world.gone.add('/w/b.yaml')
    world.log.clear()
    driver.files_changed(['/w/b.yaml'])
    await driver.idle()
    assert world.log == [('check', '/w/b.yaml'), ('clear', 'file:///w/b.yaml')]
    assert '/w/b.yaml' not in driver.checked
    world.log.clear()
    world.scope = False  # the settings switched the mode off
    await driver.check_all()
    await driver.idle()
    assert sorted(p for kind, p in world.log if kind == 'clear') == sorted(
        f'file://{p}' for p in FILES if p != '/w/b.yaml')
    assert driver.checked == {}


async def test_the_pass_waits_while_a_document_waits_for_its_analysis():
    world = World(FILES)
    driver = world.driver()
    world.busy.clear()  # an edit is being analysed
    await driver.check_all()
    await asyncio.sleep(0.05)
    assert world.log == []
    world.busy.set()
    await driver.idle()
    assert len([kind for kind, _ in world.log if kind == 'publish']) == len(FILES)


async def test_a_failed_check_is_logged_and_the_pass_goes_on(caplog):
    world = World(FILES)

    async def failing(path):
        if path == '/w/b.yaml':
            raise RuntimeError('boom')
        return await World.check(world, path)
    world.check = failing
    driver = world.driver()
    await driver.check_all()
    await driver.idle()
    assert [p for kind, p in world.log if kind == 'publish'] == [
        p for p in FILES if p != '/w/b.yaml']
    assert 'the workspace check of /w/b.yaml failed' in caplog.text


class Stacks(World):
    """Stacks mode: the files in scope are those the open templates use (`used`)."""

    def __init__(self, reads: dict[str, set[str]]):
        super().__init__(reads)
        self.used: set[str] = set()
        self.release: asyncio.Event | None = None  # set: a check waits for it

    async def candidates(self):
        return sorted(self.used)

    async def check(self, path):
        self.log.append(('check', path))
        if self.release is not None:
            await self.release.wait()
        return Result(f'file://{path}', ('diagnostics of', path), frozenset(self.reads[path]))

    def driver(self) -> WorkspaceDiagnostics:
        return WorkspaceDiagnostics(Hooks(
            candidates=self.candidates, in_scope=lambda path: path in self.used,
            is_open=lambda path: path in self.open, check=self.check,
            publish=lambda payload: self.log.append(('publish', payload[1])),
            clear=lambda uri: self.log.append(('clear', uri)), quiet=self.quiet))


async def test_rescope_checks_what_came_in_and_clears_what_went_out():
    world = Stacks(FILES)
    driver = world.driver()
    world.used = {'/w/a.yaml', '/w/p.yaml'}
    await driver.rescope()
    await driver.idle()
    assert [p for kind, p in world.log if kind == 'publish'] == ['/w/a.yaml', '/w/p.yaml']
    world.log.clear()
    # another template opened: only what it adds is checked; what no open one uses is cleared
    world.used = {'/w/p.yaml', '/w/b.yaml'}
    await driver.rescope()
    await driver.idle()
    assert world.log == [('clear', 'file:///w/a.yaml'), ('check', '/w/b.yaml'),
                         ('publish', '/w/b.yaml')]
    assert sorted(driver.checked) == ['/w/b.yaml', '/w/p.yaml']


async def test_a_check_running_when_its_file_leaves_the_scope_publishes_nothing():
    """The root stops using a provider while the provider's check runs: the check's result
    must not bring back the diagnostics the rescope cleared."""
    world = Stacks(FILES)
    driver = world.driver()
    world.used = {'/w/p.yaml'}
    await driver.rescope()
    await driver.idle()
    world.log.clear()
    world.release = asyncio.Event()
    driver.files_changed(['/w/p.yaml'])  # checked again; the check waits
    while ('check', '/w/p.yaml') not in world.log:
        await asyncio.sleep(0)
    world.used = set()
    await driver.rescope()
    world.release.set()
    await driver.idle()
    assert world.log == [('check', '/w/p.yaml'), ('clear', 'file:///w/p.yaml')]
    assert driver.checked == {}
