"""`hot-ls check` as a user drives it: the real command, its output formats and exit codes."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from helpers import CORPUS, FIXTURES, needs_corpus

EXAMPLES = os.path.join(FIXTURES, 'examples')


def run(*args, cwd=None):
    return subprocess.run([sys.executable, '-m', 'hot_ls', *args], capture_output=True, text=True,
                          cwd=cwd, env={**os.environ, 'PYTHONPATH': os.getcwd()})


def test_clean_template_exits_zero():
    result = run('check', os.path.join(EXAMPLES, 'server.yaml'))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == '1 file checked: 0 errors, 0 warnings\n'


def test_errors_exit_one_with_one_line_per_diagnostic():
    path = os.path.join(EXAMPLES, 'broken.yaml')
    result = run('check', path)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines[0] == (f'{path}:11:5: error[HOT112] "dependson" is not a valid keyword inside a '
                        'resource definition; did you mean "depends_on"?')
    assert lines[1] == (f'{path}:13:27: error[HOT301] The Parameter (flavour) is not defined in '
                        'this template; did you mean "flavor"?')
    assert lines[-1] == '1 file checked: 6 errors, 0 warnings'


def test_json_format(tmp_path):
    template = tmp_path / 'cjk.yaml'
    template.write_text('heat_template_version: 2021-04-16\n'
                        'description: "日本😀"\n'
                        'resources:\n'
                        '  r: {type: OS::Heat::Value, properties: {value: {get_param: 日x}}}\n',
                        encoding='utf-8')
    result = run('check', '--format', 'json', str(template))
    assert result.returncode == 1
    data = json.loads(result.stdout)
    assert data['summary'] == {'files': 1, 'errors': 1, 'warnings': 0}
    [entry] = data['files']
    assert entry['path'] == str(template)
    assert entry['kind'] == 'hot'
    [diagnostic] = entry['diagnostics']
    assert diagnostic == {
        'code': 'HOT301', 'name': 'undefined-parameter', 'severity': 'error',
        'message': 'The Parameter (日x) is not defined in this template',
        'line': 4, 'column': 62, 'end_line': 4, 'end_column': 64, 'related': []}


def test_related_places_are_notes_in_text_and_junit_and_listed_in_json():
    """HOT220's value, in the environment file, and the constraint, in the template: each a
    note under its diagnostic (paths shown as given, or relative to the current directory);
    JSON lists them, with a path only for another file."""
    folder = os.path.join(FIXTURES, 'rules', 'HOT220-parameter-value-invalid')
    args = ('-e', 'out-of-range.env.yaml', 'out-of-range.yaml')
    text = run('check', *args, cwd=folder).stdout.splitlines()
    assert text[:3] == [
        "out-of-range.yaml:4:3: error[HOT220] Parameter 'size' is invalid: 30 is out of range "
        '(min: 1, max: 10) (given in out-of-range.env.yaml)',
        '  out-of-range.env.yaml:2:9: note: the value',
        '  out-of-range.yaml:8:9: note: the constraint it violates']
    data = json.loads(run('check', '--format', 'json', *args, cwd=folder).stdout)
    assert data['files'][0]['diagnostics'][0]['related'] == [
        {'path': 'out-of-range.env.yaml', 'message': 'the value', 'line': 2, 'column': 9,
         'end_line': 2, 'end_column': 11},
        {'message': 'the constraint it violates', 'line': 8, 'column': 9, 'end_line': 8,
         'end_column': 14}]
    junit = run('check', '--format', 'junit', *args, cwd=folder).stdout
    assert ('(given in out-of-range.env.yaml)\n  out-of-range.env.yaml:2:9: note: the value\n'
            '  out-of-range.yaml:8:9: note: the constraint it violates</failure>') in junit


def test_an_environment_checked_without_its_stack_reports_what_the_stack_finds(tmp_path):
    """A commit that changes only an environment (pre-commit names only it): the errors
    its configured stack finds in it are reported on it; checked with the stack's template,
    each is reported once, on the template."""
    (tmp_path / '.hot-ls.toml').write_text(
        '[[stacks]]\ntemplates = ["stack.yaml"]\nenvironments = ["env.yaml"]\n')
    (tmp_path / 'stack.yaml').write_text(
        'heat_template_version: 2021-04-16\nparameters:\n  size:\n    type: number\n'
        '    constraints:\n      - range: {min: 1, max: 4}\nresources: {}\n')
    (tmp_path / 'env.yaml').write_text('parameters:\n  size: 9\n')
    alone = run('check', 'env.yaml', cwd=tmp_path)
    assert alone.returncode == 1
    assert alone.stdout.splitlines() == [
        "env.yaml:2:9: error[HOT220] Parameter 'size' is invalid: 9 is out of range (min: 1, "
        'max: 4) (given in env.yaml) (in the stack of stack.yaml)',
        '  stack.yaml:3:3: note: the template reports it here',
        '  stack.yaml:6:9: note: the constraint it violates',
        '1 file checked: 1 error, 0 warnings']
    # the environment in a folder of its own: the settings file's glob finds the template
    (tmp_path / 'environments').mkdir()
    (tmp_path / 'env.yaml').rename(tmp_path / 'environments' / 'env.yaml')
    (tmp_path / '.hot-ls.toml').write_text(
        '[[stacks]]\ntemplates = ["stack.yaml"]\nenvironments = ["environments/env.yaml"]\n')
    nested = run('check', 'environments/env.yaml', cwd=tmp_path).stdout.splitlines()
    assert nested[0] == (
        "environments/env.yaml:2:9: error[HOT220] Parameter 'size' is invalid: 9 is out of "
        'range (min: 1, max: 4) (given in env.yaml) (in the stack of ../stack.yaml)')
    both = run('check', 'environments/env.yaml', 'stack.yaml', cwd=tmp_path).stdout.splitlines()
    assert [line for line in both if 'error[' in line] == [
        "stack.yaml:3:3: error[HOT220] Parameter 'size' is invalid: 9 is out of range (min: 1, "
        'max: 4) (given in env.yaml)']


def test_a_suppression_comment_in_the_environment_suppresses_what_the_stack_finds_there(tmp_path):
    """Where the environment names a parameter the template does not declare, a comment
    accepts it: the template's HOT604 is suppressed, on the template and on the environment,
    and the comment is used (no HOT010), whichever of the two files are checked."""
    (tmp_path / '.hot-ls.toml').write_text(
        '[[stacks]]\ntemplates = ["stack.yaml"]\nenvironments = ["env.yaml"]\n')
    (tmp_path / 'stack.yaml').write_text(
        'heat_template_version: 2021-04-16\nparameters:\n  flavor: {type: string}\n'
        '  size: {type: number}\nresources: {}\n')
    (tmp_path / 'env.yaml').write_text(
        'parameters:\n  flavour: m1.large  # hot-ls: disable=HOT604 the old client reads it\n'
        '  size: 2  # hot-ls: disable=HOT604\n')
    # (the second comment suppresses nothing: the template declares size)
    unused = ('env.yaml:3:30: information[HOT010] Unused suppression: HOT604 '
              '(stack-environment) reported nothing on this line')
    for paths, expected in ((['env.yaml'], [unused, '1 file checked: 0 errors, 0 warnings']),
                            (['stack.yaml'], ['1 file checked: 0 errors, 0 warnings']),
                            (['stack.yaml', 'env.yaml'],
                             [unused, '2 files checked: 0 errors, 0 warnings']),
                            (['.'], ['./' + unused, '2 files checked: 0 errors, 0 warnings'])):
        result = run('check', *paths, cwd=tmp_path)
        assert (result.returncode, result.stdout.splitlines()) == (0, expected), paths
    (tmp_path / 'env.yaml').write_text('parameters:\n  flavour: m1.large\n  size: 2\n')
    assert run('check', '.', cwd=tmp_path).stdout.count('error[HOT604]') == 1


def test_github_format():
    path = os.path.join(EXAMPLES, 'broken.yaml')
    result = run('check', '--format', 'github', path)
    assert result.returncode == 1
    first = result.stdout.splitlines()[0]
    assert first.startswith(f'::error file={path},line=11,col=5,endLine=11,endColumn=14,'
                            'title=HOT112 resource-keys::"dependson"')


def test_directories_report_heat_documents_only(tmp_path):
    (tmp_path / 'sub').mkdir()
    (tmp_path / 'sub' / 't.yaml').write_text('heat_template_version: 2021-04-16\nfoo: 1\n')
    (tmp_path / 'env.yaml').write_text('parameter_defaults: {a: 1}\n')
    (tmp_path / 'playbook.yml').write_text('- hosts: all\n  tasks: []\n')
    (tmp_path / 'compose.yaml').write_text('services: {web: {image: nginx}}\n')
    (tmp_path / 'notes.txt').write_text('not yaml at all: [')
    (tmp_path / 'r.j2.yaml').write_text('heat_template_version: 2021-04-16\nresources:\n'
                                        '{% for x in y %}\n  {{x}}: {type: OS::Heat::None}\n'
                                        '{% endfor %}\n')
    # Jinja2 and Go templates that show nothing of Heat: an Ansible one, a Helm chart
    (tmp_path / 'ansible.yaml').write_text('{% for x in y %}\n{{x}}: 1\n{% endfor %}\n')
    (tmp_path / 'chart.yaml').write_text('metadata:\n  labels:\n    {{- include "x" . }}\n')
    (tmp_path / 'broken.yaml').write_text('key: [unclosed\nother: : :\n')
    (tmp_path / 'binary.json').write_bytes(b'\x00\x01\x02 \xff\xfe')
    result = run('check', '--format', 'json', str(tmp_path))
    data = json.loads(result.stdout)
    paths = sorted(os.path.relpath(f['path'], tmp_path) for f in data['files'])
    assert paths == ['env.yaml', 'r.j2.yaml', os.path.join('sub', 't.yaml')]
    assert result.returncode == 1  # the unknown section


def test_broken_text_meant_as_heat_is_reported(tmp_path):
    (tmp_path / 'half.yaml').write_text('heat_template_version: 2021-04-16\nresources:\n'
                                        '  r: {type: OS::Heat::None\n')
    (tmp_path / 'notes.yaml').write_text('key: [unclosed\n')
    data = json.loads(run('check', '--format', 'json', str(tmp_path)).stdout)
    [report] = data['files']
    assert report['path'].endswith('half.yaml') and report['kind'] == 'hot'
    assert [d['code'] for d in report['diagnostics']] == ['HOT001']


def test_a_named_file_is_always_reported(tmp_path):
    playbook = tmp_path / 'playbook.yml'
    playbook.write_text('- hosts: all\n')
    result = run('check', '--format', 'json', str(playbook))
    data = json.loads(result.stdout)
    assert [f['path'] for f in data['files']] == [str(playbook)]
    assert data['files'][0]['diagnostics'][0]['code'] == 'HOT011'


@pytest.mark.parametrize('name, content, what', [
    ('playbook.yml', '- hosts: all\n  tasks: []\n', 'a YAML list'),
    ('deploy.yaml', 'apiVersion: v1\nkind: Pod\n---\napiVersion: v1\nkind: Service\n',
     'a YAML mapping with the keys apiVersion, kind, the first of several YAML documents'),
    ('chart.yaml', 'metadata:\n  name: {{ .Values.name }}\n  labels:\n    {{- include "x" . }}\n',
     'the text is not YAML (line 4: did not find expected node content)'),
    ('package.json', '{"name": "x", "version": "1"}\n', 'a JSON object with the keys name, version'),
    ('empty.yaml', '\n# nothing\n', 'the document is empty'),
    ('notes.yaml', 'hello world\nthis is: not: yaml\n  - x\n' * 5,
     'the text is not YAML (line 2: mapping values are not allowed in this context)'),
])
def test_a_named_file_that_is_not_heat_gets_one_diagnostic_saying_what_it_is(
        tmp_path, name, content, what):
    path = tmp_path / name
    path.write_text(content)
    result = run('check', str(path))
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        f'{path}:1:1: error[HOT011] Not a Heat template or environment: {what}; hot-ls checks '
        'only Heat documents.', '1 file checked: 1 error, 0 warnings']
    # pre-commit names every YAML file: --heat-only skips it, and an empty run is accepted
    skipped = run('check', '--heat-only', '--allow-empty', str(path))
    assert skipped.returncode == 0 and skipped.stdout == '0 files checked: 0 errors, 0 warnings\n'


def test_binary_and_invalid_utf8_files_get_one_diagnostic(tmp_path):
    binary = tmp_path / 'image.yaml'
    binary.write_bytes(bytes(range(256)) * 4)
    latin = tmp_path / 'latin.yaml'
    latin.write_bytes('heat_template_version: 2021-04-16\ndescription: Café\n'.encode('latin-1'))
    result = run('check', str(binary), str(latin))
    assert result.stdout.splitlines() == [
        f'{binary}:3:115: error[HOT000] the file is not valid UTF-8 (cannot decode byte 0x80); '
        'Heat reads templates, environments and files as UTF-8',
        f'{latin}:2:17: error[HOT000] the file is not valid UTF-8 (cannot decode byte 0xE9); '
        'Heat reads templates, environments and files as UTF-8',
        '2 files checked: 2 errors, 0 warnings']


def test_missing_file_is_an_error_not_a_crash(tmp_path):
    result = run('check', str(tmp_path / 'nope.yaml'))
    assert result.returncode == 1
    assert 'cannot read file' in result.stdout


def test_usage_error_exits_two():
    assert run('check').returncode == 2
    assert run('frobnicate').returncode == 2


def test_version_and_rules():
    from hot_ls import __version__
    result = run('--version')
    assert result.returncode == 0
    assert result.stdout.strip() == f'hot-ls {__version__}'
    rules = run('rules')
    assert rules.returncode == 0
    assert any(line.startswith('HOT301  error') for line in rules.stdout.splitlines())
    data = json.loads(run('rules', '--format', 'json').stdout)
    assert {'code': 'HOT002', 'name': 'duplicate-key', 'severity': 'warning',
            'summary': 'A mapping has the same key twice; Heat keeps the last one.'} in data


def test_config_file_and_disable_flag(tmp_path):
    template = tmp_path / 't.yaml'
    template.write_text('heat_template_version: 2021-04-16\nresources: {}\nfoo: 1\n')
    assert run('check', str(template)).returncode == 1
    assert run('check', '--disable', 'HOT110', str(template)).returncode == 0
    (tmp_path / '.hot-ls.toml').write_text('disable = ["unknown-section"]\n')
    assert run('check', str(template), cwd=tmp_path).returncode == 0
    (tmp_path / '.hot-ls.toml').write_text('severity = { HOT110 = "warning" }\n')
    result = run('check', str(template), cwd=tmp_path)
    assert (result.returncode, result.stderr) == (0, '')
    assert 'warning[HOT110]' in result.stdout
    # a value of the wrong shape, an unknown key: the run asked for cannot be made
    for wrong, said in (('disable = 3', '"disable" must be a list of strings'),
                        ('disabel = ["HOT110"]', 'unknown setting "disabel"'),
                        ('[[stacks]]\ntemplate = "t.yaml"\nenvironment = ["e.yaml"]',
                         'stacks[0]: unknown key "environment"')):
        (tmp_path / '.hot-ls.toml').write_text(wrong + '\n')
        result = run('check', str(template), cwd=tmp_path)
        assert (result.returncode, result.stdout, result.stderr) == (
            2, '', f'hot-ls: error: {tmp_path / ".hot-ls.toml"}: {said}\n')


def test_suppression_comment(tmp_path):
    template = tmp_path / 't.yaml'
    template.write_text('heat_template_version: 2021-04-16\nresources: {}\n'
                        'foo: 1  # hot-ls: disable=HOT110\n')
    assert run('check', str(template)).returncode == 0


def test_suppression_comment_extended_with_a_reason_after_unusual_line_breaks(tmp_path):
    """`disable=A,CODE` (the quick fix's extended form), a reason after the codes, and lines
    counted as the diagnostics count them (U+2028 inside a string breaks no line)."""
    template = tmp_path / 't.yaml'
    base = 'heat_template_version: 2021-04-16\ndescription: "a\u2028b"\nresources: {}\nfoo: 1'
    for comment in ('  # hot-ls: disable=HOT999,HOT110', '  # hot-ls: disable=HOT110 legacy',
                    '  # hot-ls: disable=HOT999, unknown-section (legacy)'):
        template.write_text(base + comment + '\n', encoding='utf-8')
        result = run('check', str(template))
        assert result.returncode == 0, (comment, result.stdout)
    template.write_text('# hot-ls: disable-file=HOT999,HOT110\n' + base + '\n', encoding='utf-8')
    assert run('check', str(template)).returncode == 0
    template.write_text(base + '\n', encoding='utf-8')
    assert run('check', str(template)).returncode == 1


def test_suppression_comments_as_the_quick_fixes_write_them(tmp_path):
    """The code actions' comments, applied to the file, silence `check`: on a line, extended
    with `,CODE` on a line that has one, and for the whole file, extended too."""
    from hot_ls.features.code_actions import code_actions
    from hot_ls.features.quick_fixes.yaml_edit import apply
    from hot_ls.rules import analyze

    def suppressed(text: str, title: str) -> str:
        analysis = analyze(text)
        diagnostic = next(d for d in analysis.diagnostics if d.code == 'HOT110')
        action = next(a for a in code_actions(analysis, diagnostic.start, diagnostic.end,
                                              [diagnostic]) if a.title == title)
        return apply(text, action.edits)

    # U+2028 inside a string is no line break for the diagnostics' line numbers
    base = ('heat_template_version: 2021-04-16\ndescription: "a\u2028b"\nresources: {}\n'
            'foo: 1{}\n')
    cases = {
        ('', 'Suppress HOT110 on this line'): 'foo: 1  # hot-ls: disable=HOT110\n',
        ('  # hot-ls: disable=HOT999 legacy', 'Suppress HOT110 on this line'):
            'foo: 1  # hot-ls: disable=HOT999,HOT110 legacy\n',
        ('', 'Suppress HOT110 in this file'): '',
    }
    for (comment, title), last_line in cases.items():
        text = suppressed(base.replace('{}', comment), title)
        if last_line:
            assert text.endswith(last_line)
        else:
            assert text.startswith('# hot-ls: disable-file=HOT110\n')
        template = tmp_path / 't.yaml'
        template.write_text(text, encoding='utf-8')
        result = run('check', str(template))
        assert result.returncode == 0, (text, result.stdout)
    extended = suppressed('# hot-ls: disable-file=HOT999\n' + base.replace('{}', ''),
                          'Suppress HOT110 in this file')
    assert extended.startswith('# hot-ls: disable-file=HOT999,HOT110\n')
    template.write_text(extended, encoding='utf-8')
    assert run('check', str(template)).returncode == 0


def test_unreadable_yaml_found_in_a_directory_is_reported_when_it_is_meant_as_heat(tmp_path):
    (tmp_path / 'bad.yaml').write_text('\tfoo: [\nresource_registry: {}\n')
    (tmp_path / 'not-heat.yaml').write_text('\tfoo: [\n')
    result = run('check', str(tmp_path))
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        f'{tmp_path / "bad.yaml"}:1:1: error[HOT001] YAML syntax error: found a tab character where '
        'a token was expected; YAML does not allow tabs for indentation',
        '1 file checked: 1 error, 0 warnings']


def test_serve_accepts_the_stdio_flag_editors_pass():
    from hot_ls.cli.main import build_parser
    args = build_parser().parse_args(['serve', '--stdio'])
    assert args.command == 'serve' and args.stdio and args.tcp is None


def test_disable_next_line_and_unused_suppressions(tmp_path):
    template = tmp_path / 't.yaml'
    template.write_text('heat_template_version: 2021-04-16\n'
                        '# hot-ls: disable-next-line=HOT110\n'
                        'foo: 1\n'
                        'resources:\n'
                        '  r: {type: OS::Heat::None}  # hot-ls: disable=HOT302,HOT999\n')
    result = run('check', str(template))
    assert result.returncode == 0, result.stdout
    assert result.stdout.splitlines() == [
        f'{template}:5:48: information[HOT010] Unused suppression: HOT302 (undefined-resource) '
        'reported nothing on this line',
        f'{template}:5:55: warning[HOT010] Unused suppression: "HOT999" is not a hot-ls rule '
        'code or name',
        '1 file checked: 0 errors, 1 warning']
    assert run('check', '--fail-on', 'warning', str(template)).returncode == 1
    # a rule turned off in the settings: its codes are not reported unused
    result = run('check', '--disable', 'HOT302', '--disable', 'unused-suppression', str(template))
    assert result.stdout == '1 file checked: 0 errors, 0 warnings\n'
    template.write_text('heat_template_version: 2021-04-16\n'
                        '# hot-ls: disable-next-line=HOT110\n'
                        'resources: {}\n'
                        'foo: 1\n')
    result = run('check', str(template))
    assert result.returncode == 1
    assert ':4:1: error[HOT110]' in result.stdout and 'HOT010' in result.stdout


@needs_corpus
@pytest.mark.parametrize('form', ['json', 'sarif'])
def test_jobs_give_the_same_report_in_the_same_order(form):
    """-j 3 analyses in three processes (each its own workspace); the report is byte for byte
    the one -j 1 writes (magnum: provider templates, get_file, environments)."""
    folder = os.path.join(CORPUS, 'magnum-zed')
    serial = run('check', '--format', form, '-j', '1', folder)
    parallel = run('check', '--format', form, '-j', '3', folder)
    assert serial.returncode == parallel.returncode == 1
    assert parallel.stderr == serial.stderr
    # (magnum's environments map the types its templates use: the one line is the hint)
    assert serial.stderr.startswith('hot-ls: hint: ') and serial.stderr.count('\n') == 1
    assert parallel.stdout == serial.stdout
    assert len(json.loads(serial.stdout)['files' if form == 'json' else 'runs']) > (
        50 if form == 'json' else 0)


def test_jobs_must_be_a_positive_number_or_auto():
    path = os.path.join(EXAMPLES, 'server.yaml')
    assert run('check', '-j', 'auto', path).returncode == 0
    refused = run('check', '-j', '-2', path)
    assert refused.returncode == 2
    assert "expected a positive number or auto, not '-2'" in refused.stderr


def test_a_hint_names_the_checked_environments_that_map_the_unmapped_types(tmp_path):
    (tmp_path / 'lib').mkdir()
    (tmp_path / 'lib' / 'server.yaml').write_text(
        'heat_template_version: 2021-04-16\nresources: {}\n')
    (tmp_path / 'app.yaml').write_text(
        'heat_template_version: 2021-04-16\nresources:\n  a: {type: My::Server}\n'
        '  b: {type: My::Server}\n  c: {type: Else::Thing}\n')
    (tmp_path / 'env.yaml').write_text('resource_registry:\n  My::Server: lib/server.yaml\n')
    (tmp_path / 'globs.yaml').write_text('resource_registry:\n  "Else::*": lib/server.yaml\n')
    result = run('check', str(tmp_path), cwd=str(tmp_path))
    assert result.returncode == 0
    assert result.stderr == (
        'hot-ls: hint: 3 warnings (HOT701, HOT731) name types that no environment known for '
        'their templates maps, and environments checked here map some: env.yaml, globs.yaml.  '
        "Name the stacks' environments in the settings (`stacks`) or with -e\n")
    # with the environment the warnings are gone, and so is the hint
    result = run('check', str(tmp_path), '-e', str(tmp_path / 'env.yaml'), '-e',
                 str(tmp_path / 'globs.yaml'), cwd=str(tmp_path))
    assert 'HOT701' not in result.stdout and result.stderr == ''
    # no environment of the run maps them: no hint
    os.remove(tmp_path / 'env.yaml')
    os.remove(tmp_path / 'globs.yaml')
    result = run('check', str(tmp_path / 'app.yaml'), cwd=str(tmp_path))
    assert result.stdout.count('HOT701') == 3 and result.stderr == ''
