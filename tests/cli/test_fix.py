"""`hot-ls check --fix` as a user drives it: the real command fixes the files, says what it
fixed on stderr, and the check reports what is left."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

SERVER = ('heat_template_version: 2021-04-16\n'
          'resources:\n'
          '  server:\n'
          '    type: OS::Nova::Server\n'
          '    properties:\n'
          '      image: cirros\n'
          '      flavour: m1.small\n')


def run(*args, cwd=None):
    return subprocess.run([sys.executable, '-m', 'hot_ls', *args], capture_output=True, text=True,
                          cwd=cwd, env={**os.environ, 'PYTHONPATH': os.getcwd()})


def test_the_fixes_that_keep_what_was_meant_are_written_and_the_rest_reported(tmp_path):
    (tmp_path / 'typo.yaml').write_text(SERVER)
    (tmp_path / 'colon.yaml').write_text('heat_template_version: 2021-04-16\nresources:\n'
                                         '  my_server\n    type: OS::Heat::None\n')
    (tmp_path / 'tab.yaml').write_text('heat_template_version: 2021-04-16\nresources:\n  s:\n'
                                       '\ttype: OS::Heat::None\n')
    # three close names: which was meant is the user's to say
    ambiguous = ('heat_template_version: 2021-04-16\nresources:\n  fip:\n'
                 '    type: OS::Neutron::FloatingIP\n'
                 '    properties: {floating_network: public, floating_subnt: s}\n')
    (tmp_path / 'ambiguous.yaml').write_text(ambiguous)
    result = run('check', '--fix', '.', cwd=tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert (tmp_path / 'typo.yaml').read_text() == SERVER.replace('flavour', 'flavor')
    assert (tmp_path / 'colon.yaml').read_text().splitlines()[2] == '  my_server:'
    assert (tmp_path / 'tab.yaml').read_text().splitlines()[3] == '    type: OS::Heat::None'
    assert (tmp_path / 'ambiguous.yaml').read_text() == ambiguous
    assert result.stderr.splitlines() == [
        'hot-ls: fixed ./colon.yaml:4:9: HOT001 Add ":" after "my_server"',
        'hot-ls: fixed ./tab.yaml:4:1: HOT001 Indent with spaces instead of a tab',
        'hot-ls: fixed ./typo.yaml:6:7: HOT703 Change "flavour" to "flavor"',
        'hot-ls: 3 fixes applied in 3 files']
    assert result.stdout.splitlines() == [
        './ambiguous.yaml:5:44: error[HOT702] Unknown Property floating_subnt; did you mean '
        '"floating_subnet" or "floating_network" or "floating_network_id"?',
        '4 files checked: 1 error, 0 warnings']
    again = run('check', '--fix', '.', cwd=tmp_path)
    assert again.stderr == 'hot-ls: 0 fixes applied\n'
    assert sorted(os.listdir(tmp_path)) == ['ambiguous.yaml', 'colon.yaml', 'tab.yaml',
                                           'typo.yaml']  # (no temporary file left)


def test_line_breaks_a_byte_order_mark_and_the_mode_are_kept(tmp_path):
    crlf = tmp_path / 'crlf.yaml'
    crlf.write_bytes(SERVER.replace('\n', '\r\n').encode())
    bom = tmp_path / 'bom.yaml'
    bom.write_bytes(b'\xef\xbb\xbf' + SERVER.encode())
    os.chmod(bom, 0o640)
    result = run('check', '--fix', str(crlf), str(bom))
    assert result.returncode == 0, result.stdout + result.stderr
    assert crlf.read_bytes() == SERVER.replace('flavour', 'flavor').replace('\n', '\r\n').encode()
    assert bom.read_bytes() == b'\xef\xbb\xbf' + SERVER.replace('flavour', 'flavor').encode()
    assert os.stat(bom).st_mode & 0o777 == 0o640


def test_a_fix_that_would_reveal_worse_is_not_made(tmp_path):
    """`propertise` renamed would give the server three unknown properties: more errors."""
    text = ('heat_template_version: 2021-04-16\nresources:\n  server:\n'
            '    type: OS::Nova::Server\n'
            '    propertise: {imag: cirros, flavr: m1.small, netwrks: []}\n')
    path = tmp_path / 'worse.yaml'
    path.write_text(text)
    result = run('check', '--fix', str(path))
    assert path.read_text() == text
    assert result.stderr == 'hot-ls: 0 fixes applied\n'
    assert result.returncode == 1


def test_a_file_that_is_not_utf8_is_left_alone(tmp_path):
    path = tmp_path / 'latin1.yaml'
    data = SERVER.replace('cirros', 'cirr\xf6s').encode('latin-1')
    path.write_bytes(data)
    result = run('check', '--fix', str(path))
    assert path.read_bytes() == data
    assert 'HOT000' in result.stdout


@pytest.mark.parametrize('extra', [[], ['--format', 'json']])
def test_without_fix_nothing_is_written(tmp_path, extra):
    path = tmp_path / 'typo.yaml'
    path.write_text(SERVER)
    result = run('check', *extra, str(path))
    assert result.returncode == 1
    assert path.read_text() == SERVER
    assert 'fixed' not in result.stderr


def test_only_the_files_named_are_written(tmp_path):
    """A provider template beside the named file, with a fixable slip of its own, is read
    and checked (the named file's stack uses it) but not written: its slip stays, and Heat's
    create of the named file fails on it (HOT605 says so on the type that uses it)."""
    nested = ('heat_template_version: 2021-04-16\nresources:\n  n:\n    type: OS::Heat::Nonee\n')
    (tmp_path / 'nested.yaml').write_text(nested)
    (tmp_path / 'main.yaml').write_text('heat_template_version: 2021-04-16\nresources:\n'
                                        '  child: {type: nested.yaml}\n  s:\n'
                                        '    type: OS::Heat::Nonee\n')
    result = run('check', '--fix', 'main.yaml', cwd=tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert [line.split(' ', 1)[0] for line in result.stdout.splitlines()
            if 'error[' in line] == ['main.yaml:3:17:', 'nested.yaml:4:11:']
    assert 'error[HOT605] resources.child<nested.yaml>: The Resource Type (OS::Heat::Nonee)' \
        in result.stdout
    assert (tmp_path / 'nested.yaml').read_text() == nested
    assert 'OS::Heat::None\n' in (tmp_path / 'main.yaml').read_text()


def test_a_symbolic_link_is_not_written_through(tmp_path):
    outside = tmp_path / 'outside'
    outside.mkdir()
    target = outside / 'real.yaml'
    target.write_text(SERVER)
    tree = tmp_path / 'tree'
    tree.mkdir()
    os.symlink(target, tree / 'linked.yaml')
    result = run('check', '--fix', str(tree / 'linked.yaml'))
    assert os.path.islink(tree / 'linked.yaml')
    assert target.read_text() == SERVER
    assert result.stderr == (f'hot-ls: {tree / "linked.yaml"}: not fixed: it is a symbolic link\n'
                             'hot-ls: 0 fixes applied\n')


def test_diff_shows_the_fixes_and_writes_nothing(tmp_path):
    (tmp_path / 'typo.yaml').write_text(SERVER)
    crlf = SERVER.replace('\n', '\r\n').replace('image: cirros', 'image: "cirros\u2028x"')
    (tmp_path / 'crlf.yaml').write_bytes(b'\xef\xbb\xbf' + crlf.encode())
    (tmp_path / 'clean.yaml').write_text(SERVER.replace('flavour', 'flavor'))
    result = run('check', '--diff', '.', cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert (tmp_path / 'typo.yaml').read_text() == SERVER
    assert result.stdout.startswith('--- ./crlf.yaml\n+++ ./crlf.yaml\n')
    assert '--- ./typo.yaml\n+++ ./typo.yaml\n@@ -4,4 +4,4 @@\n' in result.stdout
    assert '-      flavour: m1.small\n+      flavor: m1.small\n' in result.stdout
    assert 'clean.yaml' not in result.stdout
    assert result.stderr == 'hot-ls: 2 fixes would be applied in 2 files\n'
    # what --fix writes is what the diff says: patch(1) applied to a copy gives the same bytes
    fixed = tmp_path / 'fixed'
    fixed.mkdir()
    for name in ('typo.yaml', 'crlf.yaml', 'clean.yaml'):
        (fixed / name).write_bytes((tmp_path / name).read_bytes())
    run('check', '--fix', '.', cwd=fixed)
    import shutil
    if shutil.which('patch'):
        raw = subprocess.run([sys.executable, '-m', 'hot_ls', 'check', '--diff', '.'],
                             capture_output=True, cwd=tmp_path,
                             env={**os.environ, 'PYTHONPATH': os.getcwd()}).stdout  # (bytes: \r kept)
        subprocess.run(['patch', '-p0', '-s'], input=raw, cwd=tmp_path, check=True)
        for name in ('typo.yaml', 'crlf.yaml', 'clean.yaml'):
            assert (tmp_path / name).read_bytes() == (fixed / name).read_bytes(), name
    assert run('check', '--diff', '.', cwd=fixed).returncode == 0
