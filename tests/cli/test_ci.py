"""`hot-ls check` in CI: SARIF, JUnit, --output, --fail-on, colour, progress, baselines.

Everything runs the real command (a subprocess, on real templates of
../shared/corpus where it matters).  The SARIF logs are validated against
the OASIS SARIF 2.1.0 schema vendored beside this file,
tests/cli/sarif-schema-2.1.0.json: the OASIS standard's errata01 schema
(`https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/
sarif-schema-2.1.0.json`), copied unchanged from the OASIS TC's repository
github.com/oasis-tcs/sarif-spec, file sarif-2.1/schema/sarif-schema-2.1.0.json
at commit a560296ca8c921f3bdb8d4a8db57ab83dae968a7.
"""
from __future__ import annotations

import json
import os
import pty
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

import jsonschema
import pytest

from helpers import CORPUS, FIXTURES, ROOT, needs_corpus

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(FIXTURES, 'examples')
GOLDEN_SARIF = os.path.join(FIXTURES, 'golden', 'check.sarif')
HEAT_TEMPLATES = os.path.join(CORPUS, 'heat-templates')
#: corpus files with warnings, errors and related locations, checked from heat-templates/
SARIF_INPUTS = ['hot/octavia', 'hot/servers_in_new_neutron_net.yaml',
                'hot/software-config/example-templates/example-chef-template.yaml']

with open(os.path.join(HERE, 'sarif-schema-2.1.0.json'), encoding='utf-8') as fh:
    SCHEMA = json.load(fh)
VALIDATOR = jsonschema.Draft4Validator(SCHEMA, format_checker=jsonschema.FormatChecker())


def run(*args, cwd=None, env=None):
    return subprocess.run([sys.executable, '-m', 'hot_ls', *args], capture_output=True, text=True,
                          cwd=cwd, env={**os.environ, 'PYTHONPATH': ROOT, **(env or {})})


def validate(log: dict) -> None:
    errors = sorted(VALIDATOR.iter_errors(log), key=lambda e: list(e.path))
    assert not errors, '\n'.join(f'{list(e.path)}: {e.message}' for e in errors[:5])


def test_the_schema_bites():
    """The validator rejects what SARIF forbids, so a green validation means something."""
    with pytest.raises(jsonschema.ValidationError):
        VALIDATOR.validate({'version': '2.1.0', 'runs': [{'tool': {'driver': {}}}]})
    with pytest.raises(jsonschema.ValidationError):
        VALIDATOR.validate({'version': '2.1.0', 'runs': [{'tool': {'driver': {'name': 'x'}},
                                                          'results': [{'level': 'fatal'}]}]})


# -- SARIF -----------------------------------------------------------------------------------

def _normalised(log: dict) -> dict:
    """The log without what depends on the machine: the checkout's URI, the version."""
    log = json.loads(json.dumps(log))
    run_ = log['runs'][0]
    run_['originalUriBaseIds']['%SRCROOT%']['uri'] = 'file:///SRCROOT/'
    driver = run_['tool']['driver']
    driver['version'] = driver['semanticVersion'] = '0.0.0'
    return log


def _without_rule_texts(log: dict) -> dict:
    """The rules' documentation changes with their docstrings: compared by id only
    (the descriptors themselves are checked in the next test)."""
    log = json.loads(json.dumps(log))
    driver = log['runs'][0]['tool']['driver']
    driver['rules'] = [rule['id'] for rule in driver['rules']]
    return log


@needs_corpus
def test_sarif_on_corpus_templates_matches_the_golden_log_and_the_schema():
    result = run('check', '--format', 'sarif', *SARIF_INPUTS, cwd=HEAT_TEMPLATES)
    assert result.returncode == 1, result.stderr  # example-chef-template has an error
    log = json.loads(result.stdout)
    validate(log)
    if os.environ.get('UPDATE_SNAPSHOTS'):
        with open(GOLDEN_SARIF, 'w', encoding='utf-8') as fh:
            fh.write(json.dumps(_normalised(log), indent=2, ensure_ascii=False) + '\n')
    with open(GOLDEN_SARIF, encoding='utf-8') as fh:
        golden = json.load(fh)
    assert _without_rule_texts(_normalised(log)) == _without_rule_texts(golden)
    results = log['runs'][0]['results']
    first = results[0]
    assert first['locations'][0]['physicalLocation']['artifactLocation'] == {
        'uri': 'hot/octavia/servers_with_octavia.yaml', 'uriBaseId': '%SRCROOT%'}
    assert log['runs'][0]['originalUriBaseIds']['%SRCROOT%']['uri'] == \
        'file://' + HEAT_TEMPLATES.rstrip('/') + '/'
    assert {r['level'] for r in results} == {'error', 'warning'}


def test_golden_sarif_is_valid_and_every_rule_is_described():
    with open(GOLDEN_SARIF, encoding='utf-8') as fh:
        golden = json.load(fh)
    validate(golden)
    log = json.loads(run('check', '--format', 'sarif', os.path.join(EXAMPLES, 'server.yaml'))
                     .stdout)
    validate(log)
    from hot_ls.rules.registry import RULE_CLASSES
    rules = log['runs'][0]['tool']['driver']['rules']
    assert [r['id'] for r in rules] == [rule.code for rule in RULE_CLASSES]
    hot301 = rules[[r['id'] for r in rules].index('HOT301')]
    assert hot301['name'] == 'undefined-parameter'
    assert hot301['shortDescription']['text'] == \
        '`get_param` names a parameter the template does not declare.'
    assert hot301['fullDescription']['text'].startswith('Every `get_param`')
    assert '## Why it matters' in hot301['help']['markdown']
    assert hot301['helpUri'].endswith('docs/rules.md#hot301')
    assert hot301['defaultConfiguration'] == {'level': 'error'}
    assert rules[[r['id'] for r in rules].index('HOT010')]['defaultConfiguration'] == {
        'level': 'warning'}  # an unknown code; an unused one is a note (the result's level)
    assert log['runs'][0]['results'] == []


def test_sarif_regions_are_exact_in_utf16(tmp_path):
    template = tmp_path / 'wide.yaml'
    template.write_text('heat_template_version: 2021-04-16\n'
                        'description: "😀"\n'
                        'resources:\n'
                        '  r: {type: OS::Heat::Value, properties: {value: "😀", x: 1}}\n',
                        encoding='utf-8')
    result = run('check', '--format', 'sarif', str(template), cwd=tmp_path)
    log = json.loads(result.stdout)
    validate(log)
    [found] = log['runs'][0]['results']
    assert found['ruleId'] == 'HOT702' and found['level'] == 'error'
    assert found['ruleIndex'] == [r['id'] for r in
                                  log['runs'][0]['tool']['driver']['rules']].index('HOT702')
    assert log['runs'][0]['columnKind'] == 'utf16CodeUnits'
    # `x` is at code point 55 (1-based), UTF-16 column 56: the emoji is two code units
    assert found['locations'][0]['physicalLocation']['region'] == {
        'startLine': 4, 'startColumn': 56, 'endLine': 4, 'endColumn': 57}
    assert found['locations'][0]['physicalLocation']['artifactLocation'] == {
        'uri': 'wide.yaml', 'uriBaseId': '%SRCROOT%'}
    assert len(found['fingerprints']['hot-ls/v1']) == 32
    text = run('check', str(template)).stdout
    assert ':4:55: error[HOT702]' in text  # the text format counts code points


def test_sarif_related_locations_and_files_outside_the_root(tmp_path):
    template = tmp_path / 'dup.yaml'
    template.write_text('heat_template_version: 2021-04-16\nresources:\n'
                        '  r: {type: OS::Heat::None}\n  r: {type: OS::Heat::None}\n')
    elsewhere = tmp_path / 'sub'
    elsewhere.mkdir()
    log = json.loads(run('check', '--format', 'sarif', str(template), cwd=elsewhere).stdout)
    validate(log)
    [found] = log['runs'][0]['results']
    assert found['locations'][0]['physicalLocation']['artifactLocation'] == {
        'uri': template.as_uri()}
    assert found['relatedLocations'] == [{
        'id': 1, 'message': {'text': 'first defined here'},
        'physicalLocation': {'artifactLocation': {'uri': template.as_uri()},
                             'region': {'startLine': 3, 'startColumn': 3, 'endLine': 3,
                                        'endColumn': 4}}}]


def test_sarif_related_location_in_the_environment(tmp_path):
    """HOT220's value and HOT604's undeclared name are in the environment file: the related
    location names that file, its region counted in the file's own lines."""
    (tmp_path / 't.yaml').write_text('heat_template_version: 2021-04-16\nparameters:\n'
                                     '  size: {type: number, constraints: [range: {max: 10}]}\n')
    (tmp_path / 'env.yaml').write_text('# values\nparameters:\n  sise: 3\n'
                                       'parameter_defaults:\n  size: 30\n')
    log = json.loads(run('check', '--format', 'sarif', '-e', 'env.yaml', 't.yaml',
                         cwd=tmp_path).stdout)
    validate(log)
    found = {r['ruleId']: r['relatedLocations'] for r in log['runs'][0]['results']}
    env = {'uri': 'env.yaml', 'uriBaseId': '%SRCROOT%'}
    assert found == {
        'HOT604': [{'id': 1, 'message': {'text': 'where the environment names it'},
                    'physicalLocation': {'artifactLocation': env, 'region': {
                        'startLine': 3, 'startColumn': 3, 'endLine': 3, 'endColumn': 7}}}],
        'HOT220': [{'id': 1, 'message': {'text': 'the value'},
                    'physicalLocation': {'artifactLocation': env, 'region': {
                        'startLine': 5, 'startColumn': 9, 'endLine': 5, 'endColumn': 11}}},
                   {'id': 2, 'message': {'text': 'the constraint it violates'},
                    'physicalLocation': {'artifactLocation': {'uri': 't.yaml',
                                                              'uriBaseId': '%SRCROOT%'},
                                         'region': {'startLine': 3, 'startColumn': 38,
                                                    'endLine': 3, 'endColumn': 43}}}]}


# -- JUnit -----------------------------------------------------------------------------------

@needs_corpus
def test_junit_one_testcase_per_file_one_failure_per_diagnostic():
    inputs = ['hot/octavia', 'hot/software-config/example-templates/example-chef-template.yaml']
    result = run('check', '--format', 'junit', *inputs, cwd=HEAT_TEMPLATES)
    assert result.returncode == 1
    root = ET.fromstring(result.stdout)
    assert root.tag == 'testsuites'
    [suite] = root
    cases = {case.get('name'): case for case in suite.iter('testcase')}
    assert len(cases) == int(suite.get('tests')) == 2
    chef = cases['hot/software-config/example-templates/example-chef-template.yaml']
    [failure] = chef.findall('failure')
    assert failure.get('type') == 'HOT704'
    assert failure.text.startswith(
        'hot/software-config/example-templates/example-chef-template.yaml:')
    octavia = cases['hot/octavia/servers_with_octavia.yaml']
    assert [f.get('type') for f in octavia.findall('failure')] == ['HOT702']
    assert octavia.find('system-out').text.count('warning[HOT708]') == 2
    assert suite.get('failures') == root.get('failures') == '2'
    clean = ET.fromstring(run('check', '--format', 'junit', 'hot/hello_world.yaml',
                              cwd=HEAT_TEMPLATES).stdout)
    [case] = clean.iter('testcase')
    assert list(case) == [] and clean.get('failures') == '0' and clean.get('tests') == '1'
    warnings = ET.fromstring(run('check', '--format', 'junit', '--fail-on', 'warning', *inputs,
                                 cwd=HEAT_TEMPLATES).stdout)
    octavia = {c.get('name'): c for c in warnings.iter('testcase')}[
        'hot/octavia/servers_with_octavia.yaml']
    assert [f.get('type') for f in octavia.findall('failure')] == ['HOT702', 'HOT708', 'HOT708']


def test_junit_escapes_what_xml_cannot_hold(tmp_path):
    template = tmp_path / 'a&b<c>.yaml'
    template.write_text('heat_template_version: 2021-04-16\n"x<&>\\x01": 1\n')
    root = ET.fromstring(run('check', '--format', 'junit', str(template)).stdout)
    [case] = root.iter('testcase')
    assert case.get('name') == str(template)
    [failure] = case.findall('failure')
    assert failure.get('type') == 'HOT110' and 'x<&>' in failure.get('message')


# -- GitLab Code Quality, Checkstyle ---------------------------------------------------------

@needs_corpus
def test_codequality_one_issue_per_diagnostic():
    inputs = ['hot/octavia', 'hot/hello_world.yaml']
    result = run('check', '--format', 'codequality', *inputs, cwd=HEAT_TEMPLATES)
    assert result.returncode == 1
    issues = json.loads(result.stdout)
    assert [(i['check_name'], i['severity'], i['location']['path'],
             i['location']['positions']['begin']['line']) for i in issues] == [
        ('HOT702', 'major', 'hot/octavia/servers_with_octavia.yaml', 73),
        ('HOT708', 'minor', 'hot/octavia/servers_with_octavia.yaml', 128),
        ('HOT708', 'minor', 'hot/octavia/servers_with_octavia.yaml', 148)]
    for issue in issues:  # what GitLab requires of each
        assert issue['type'] == 'issue' and issue['description'].startswith(issue['check_name'])
        assert len(issue['fingerprint']) == 32
    assert len({i['fingerprint'] for i in issues}) == 3
    clean = run('check', '--format', 'codequality', 'hot/hello_world.yaml', cwd=HEAT_TEMPLATES)
    assert clean.returncode == 0 and json.loads(clean.stdout) == []


def test_codequality_fingerprints_do_not_move_with_lines_nor_collide(tmp_path):
    body = ('heat_template_version: 2021-04-16\nresources:\n'
            '  a: {type: OS::Heat::RandomString, properties: {x: 1}}\n')
    (tmp_path / 't.yaml').write_text(body)
    first = json.loads(run('check', '--format', 'codequality', 't.yaml', cwd=tmp_path).stdout)
    (tmp_path / 't.yaml').write_text('# a comment\n\n' + body)
    second = json.loads(run('check', '--format', 'codequality', 't.yaml', cwd=tmp_path).stdout)
    assert [i['location']['positions']['begin']['line'] for i in first] == [3]
    assert [i['location']['positions']['begin']['line'] for i in second] == [5]
    assert [i['fingerprint'] for i in first] == [i['fingerprint'] for i in second]
    # the same finding twice in one resource (same code, place, text): two fingerprints
    (tmp_path / 'u.yaml').write_text('heat_template_version: 2021-04-16\nresources:\n'
                                     '  a:\n    type: OS::Heat::Value\n    properties:\n'
                                     '      value: [{get_param: nope}, {get_param: nope}]\n')
    twice = json.loads(run('check', '--format', 'codequality', 'u.yaml', cwd=tmp_path).stdout)
    assert len(twice) == 2 and len({i["fingerprint"] for i in twice}) == 2


@needs_corpus
def test_checkstyle_one_file_element_per_file_one_error_per_diagnostic():
    inputs = ['hot/octavia', 'hot/hello_world.yaml']
    result = run('check', '--format', 'checkstyle', *inputs, cwd=HEAT_TEMPLATES)
    assert result.returncode == 1
    root = ET.fromstring(result.stdout)
    assert root.tag == 'checkstyle'
    files = {f.get('name'): f for f in root.iter('file')}
    assert sorted(files) == ['hot/hello_world.yaml', 'hot/octavia/servers_with_octavia.yaml']
    assert list(files['hot/hello_world.yaml']) == []
    errors = files['hot/octavia/servers_with_octavia.yaml'].findall('error')
    assert [(e.get('line'), e.get('column'), e.get('severity'), e.get('source'))
            for e in errors] == [('73', '7', 'error', 'hot-ls.HOT702'),
                                 ('128', '13', 'warning', 'hot-ls.HOT708'),
                                 ('148', '13', 'warning', 'hot-ls.HOT708')]
    assert errors[0].get('message') == \
        'Unknown Property max_retries_down; did you mean "max_retries"?'


def test_checkstyle_escapes_what_xml_cannot_hold(tmp_path):
    template = tmp_path / 'a&b<c>.yaml'
    template.write_text('heat_template_version: 2021-04-16\n"x<&>\\x01": 1\n')
    root = ET.fromstring(run('check', '--format', 'checkstyle', str(template)).stdout)
    [file] = root.iter('file')
    assert file.get('name') == str(template)
    [error] = file.findall('error')
    assert error.get('source') == 'hot-ls.HOT110' and 'x<&>' in error.get('message')


# -- --output, --fail-on, exit status --------------------------------------------------------

def test_output_writes_the_report_and_prints_the_summary(tmp_path):
    report = tmp_path / 'out.sarif'
    broken = os.path.join(EXAMPLES, 'broken.yaml')
    result = run('check', '--format', 'sarif', '--output', str(report), broken)
    assert result.returncode == 1
    assert result.stdout == '1 file checked: 6 errors, 0 warnings\n'
    validate(json.loads(report.read_text()))
    text = tmp_path / 'out.txt'
    result = run('check', '-o', str(text), broken)
    assert result.stdout == '1 file checked: 6 errors, 0 warnings\n'
    assert text.read_text().splitlines()[0].startswith(f'{broken}:11:5: error[HOT112]')
    result = run('check', '--output', str(tmp_path / 'missing' / 'x.json'), broken)
    assert result.returncode == 2 and 'cannot write' in result.stderr


def test_fail_on_and_the_documented_exit_status(tmp_path):
    template = tmp_path / 't.yaml'
    template.write_text('heat_template_version: 2021-04-16\nresources:\n'
                        '  r: {type: OS::Heat::None}  # hot-ls: disable=HOT302\n')
    assert run('check', str(template)).returncode == 0
    assert run('check', '--fail-on', 'warning', str(template)).returncode == 0
    result = run('check', '--fail-on', 'information', str(template))
    assert result.returncode == 1
    assert result.stdout.endswith('1 file checked: 0 errors, 0 warnings, 1 information\n')
    template.write_text('heat_template_version: 2021-04-16\nresources:\n'
                        '  r: {type: OS::Heat::None}\n  r: {type: OS::Heat::None}\n')
    assert run('check', str(template)).returncode == 0
    assert run('check', '--fail-on', 'warning', str(template)).returncode == 1
    assert run('check', '--fail-on', 'fatal', str(template)).returncode == 2
    help_text = run('check', '--help').stdout
    assert 'exit status:\n  0  no diagnostic at least as severe as --fail-on' in help_text
    assert '  2  usage error' in help_text
    with open(os.path.join(ROOT, 'README.md'), encoding='utf-8') as fh:
        readme = fh.read()
    assert '--fail-on error|warning|information' in readme and 'Exit status:' in readme


# -- colour and progress, on a real terminal --------------------------------------------------

def run_on_terminal(*args, env=None, cwd=None) -> tuple[int, str, str]:
    """The command with stdout and stderr on two pseudo-terminals: what a person sees."""
    out_master, out_slave = pty.openpty()
    err_master, err_slave = pty.openpty()
    environment = {**os.environ, 'PYTHONPATH': ROOT, 'COLUMNS': '100'}
    environment.pop('NO_COLOR', None)
    environment.update(env or {})
    process = subprocess.Popen([sys.executable, '-m', 'hot_ls', *args], stdout=out_slave,
                               stderr=err_slave, stdin=subprocess.DEVNULL, env=environment,
                               cwd=cwd)
    os.close(out_slave)
    os.close(err_slave)
    chunks = {out_master: b'', err_master: b''}
    open_fds = [out_master, err_master]
    import select
    while open_fds:
        ready, _, _ = select.select(open_fds, [], [], 60)
        if not ready:
            break
        for fd in ready:
            try:
                data = os.read(fd, 65536)
            except OSError:  # the terminal closed (EIO on Linux)
                data = b''
            if not data:
                open_fds.remove(fd)
            else:
                chunks[fd] += data
    status = process.wait()
    os.close(out_master)
    os.close(err_master)
    return status, chunks[out_master].decode(), chunks[err_master].decode()


def test_colour_only_on_a_terminal_and_never_with_no_color():
    broken = os.path.join(EXAMPLES, 'broken.yaml')
    status, out, _ = run_on_terminal('check', broken)
    assert status == 1
    assert '\x1b[1;31merror\x1b[0m\x1b[2m[HOT112]\x1b[0m' in out
    _, out, _ = run_on_terminal('check', broken, env={'NO_COLOR': '1'})
    assert '\x1b[' not in out and 'error[HOT112]' in out
    _, out, _ = run_on_terminal('check', '--color', 'never', broken)
    assert '\x1b[' not in out
    _, out, _ = run_on_terminal('check', '--format', 'json', broken)
    assert '\x1b[' not in out
    piped = run('check', broken)  # not a terminal
    assert '\x1b[' not in piped.stdout
    assert '\x1b[1;31m' in run('check', '--color', 'always', broken).stdout


def test_progress_bar_on_a_terminal_only_on_stderr_and_not_with_quiet():
    status, out, err = run_on_terminal('check', EXAMPLES)
    files = len([n for n in os.listdir(EXAMPLES) if n.endswith(('.yaml', '.yml', '.json'))])
    assert f'/{files} ' in err and '[' in err and '#' in err
    assert err.endswith('\r\x1b[K')  # erased at the end
    assert '#' not in out.replace('# hot-ls', '')  # never in the report
    _, _, err = run_on_terminal('check', '--quiet', EXAMPLES)
    assert err == ''
    assert run('check', EXAMPLES).stderr == ''  # stderr not a terminal


# -- baselines --------------------------------------------------------------------------------

def _copy_corpus_dir(tmp_path) -> str:
    target = tmp_path / 'repo' / 'hot'
    shutil.copytree(os.path.join(HEAT_TEMPLATES, 'hot'), target)
    return str(target)


@needs_corpus
def test_baseline_round_trip_on_a_corpus_directory(tmp_path):
    tree = _copy_corpus_dir(tmp_path)
    repo = os.path.dirname(tree)
    result = run('check', '--write-baseline', '.hot-ls-baseline.json', 'hot', cwd=repo)
    assert result.returncode == 0, result.stderr
    baseline = json.loads((tmp_path / 'repo' / '.hot-ls-baseline.json').read_text())
    assert len(baseline["findings"]) == 132  # 67 of them get_file scripts the corpus leaves out,
    # 2 the barbican examples' expiration default, out of date since 2017
    first = baseline['findings'][0]
    assert set(first) == {'path', 'code', 'entry', 'fingerprint', 'message'}
    assert not os.path.isabs(first['path']) and first['path'].startswith('hot/')
    entries = {(f['path'], f['entry']) for f in baseline['findings']}
    assert ('hot/servers_in_new_neutron_net.yaml', 'resources.server1_port.properties.network_id'
            ) in entries

    result = run('check', '--baseline', '.hot-ls-baseline.json', 'hot', cwd=repo)
    assert result.returncode == 0
    assert result.stdout.endswith('101 files checked: 0 errors, 0 warnings; 132 findings in the '
                                  'baseline, 0 baseline entries no longer occur\n')

    # an unrelated edit: a parameter added on top moves every line of the file
    path = os.path.join(tree, 'servers_in_new_neutron_net.yaml')
    with open(path, encoding='utf-8') as fh:
        text = fh.read()
    text = text.replace('parameters:\n', 'parameters:\n  added:\n    type: string\n'
                        '    default: unused\n    description: an unrelated edit\n', 1)
    with open(path, 'w', encoding='utf-8') as fh:
        fh.write(text)
    result = run('check', '--baseline', '.hot-ls-baseline.json', 'hot', cwd=repo)
    assert result.returncode == 0, result.stdout
    assert '0 errors, 0 warnings; 132 findings in the baseline' in result.stdout

    # a defect: exactly one new finding
    text = text.replace('default: unused', 'default: {get_param: nowhere}', 1)
    with open(path, 'w', encoding='utf-8') as fh:
        fh.write(text)
    result = run('check', '--format', 'json', '--fail-on', 'warning', '--baseline',
                 '.hot-ls-baseline.json', 'hot', cwd=repo)
    data = json.loads(result.stdout)
    found = [(f['path'], d['code'], d['line']) for f in data['files'] for d in f['diagnostics']]
    assert found == [(os.path.join('hot', 'servers_in_new_neutron_net.yaml'), 'HOT214', 12)]
    assert data['summary']['baseline'] == {'matched': 132, 'stale': 0}
    assert result.returncode == 1
    assert 'baseline' in result.stderr  # the summary, beside a machine-readable report

    # the same baseline from another checkout, elsewhere
    other = tmp_path / 'elsewhere'
    shutil.copytree(repo, other)
    result = run('check', '--baseline', str(other / '.hot-ls-baseline.json'),
                 str(other / 'hot' / 'autoscaling.yaml'))
    assert result.returncode == 0
    # (with lb_server.yaml, the provider template its stack uses: 2 findings of each)
    assert result.stdout.endswith('2 files checked (1 of them used by the templates named): '
                                  '0 errors, 0 warnings; 4 findings in the baseline, 0 baseline '
                                  'entries no longer occur\n')


def test_baseline_counts_stale_entries_and_duplicates(tmp_path):
    template = tmp_path / 't.yaml'
    two = ('heat_template_version: 2021-04-16\nresources:\n'
           '  a: {type: OS::Heat::RandomString, properties: {x: 1}}\n'
           '  b: {type: OS::Heat::RandomString, properties: {x: 1}}\n')
    template.write_text(two)
    baseline = tmp_path / 'base.json'
    assert run('check', '--write-baseline', str(baseline), str(template)).returncode == 0
    assert 'wrote 2 findings' in run('check', '--write-baseline', str(baseline),
                                     str(template)).stderr
    template.write_text(two.replace('  b: {type: OS::Heat::RandomString, properties: {x: 1}}\n',
                                    ''))
    result = run('check', '--baseline', str(baseline), str(template))
    assert result.stdout.endswith('; 1 finding in the baseline, 1 baseline entry no longer '
                                  'occurs\n')
    # a second identical finding on another resource is new: the entry path differs
    template.write_text(two.replace('  b:', '  c:'))
    result = run('check', '--baseline', str(baseline), str(template))
    assert result.returncode == 1 and ':4:' in result.stdout
    # entries of files this run did not check are not stale
    other = tmp_path / 'other.yaml'
    other.write_text('heat_template_version: 2021-04-16\n')
    result = run('check', '--baseline', str(baseline), str(other))
    assert result.stdout.endswith('; 0 findings in the baseline, 0 baseline entries no longer '
                                  'occur\n')


def test_a_bad_baseline_is_a_usage_error(tmp_path):
    template = os.path.join(EXAMPLES, 'server.yaml')
    missing = run('check', '--baseline', str(tmp_path / 'nope.json'), template)
    assert missing.returncode == 2 and 'cannot read baseline' in missing.stderr
    bad = tmp_path / 'bad.json'
    bad.write_text('{"findings": 3}')
    result = run('check', '--baseline', str(bad), template)
    assert result.returncode == 2 and 'is not a hot-ls baseline' in result.stderr


def test_fingerprints_ignore_lines_and_blanks_but_not_the_entry():
    from hot_ls.cli.baseline import identify
    from hot_ls.rules import analyze
    before = analyze('heat_template_version: 2021-04-16\nresources:\n'
                     '  r:\n    type: OS::Heat::RandomString\n    properties: {x: [1,  2]}\n')
    after = analyze('heat_template_version: 2021-04-16\n\n\nresources:\n'
                    '  r:\n    type: OS::Heat::RandomString\n    properties:\n      x: [1, 2]\n')
    [d1], [d2] = before.diagnostics, after.diagnostics
    one, two = identify(before, d1), identify(after, d2)
    assert one == two
    assert one.entry == 'resources.r.properties.x'
    renamed = analyze('heat_template_version: 2021-04-16\nresources:\n'
                      '  s:\n    type: OS::Heat::RandomString\n    properties: {x: [1, 2]}\n')
    assert identify(renamed, renamed.diagnostics[0]).fingerprint != one.fingerprint


def test_pre_commit_hook_definition():
    import yaml
    with open(os.path.join(ROOT, '.pre-commit-hooks.yaml'), encoding='utf-8') as fh:
        [hook] = yaml.safe_load(fh)
    # pre-commit names the YAML files of a commit: one without a template checks nothing,
    # and that is no failure
    assert hook['id'] == 'hot-ls' and hook['entry'] == 'hot-ls check --heat-only --allow-empty'
    assert hook['language'] == 'python'
    assert hook['types_or'] == ['yaml', 'json']


def test_heat_only_skips_named_files_that_are_not_heat_documents(tmp_path):
    """What the pre-commit hook runs: every YAML file of a commit is named."""
    (tmp_path / 'playbook.yml').write_text('- hosts: all\n')
    (tmp_path / '.pre-commit-config.yaml').write_text('repos: []\n')
    (tmp_path / 'stack.yaml').write_text('heat_template_version: 2021-04-16\nfoo: 1\n')
    (tmp_path / 'broken.yaml').write_text('heat_template_version: 2021-04-16\nresources: [\n')
    names = ['playbook.yml', '.pre-commit-config.yaml', 'stack.yaml', 'broken.yaml']
    assert 'playbook.yml:1:1: error[HOT011] Not a Heat template or environment: a YAML list' \
        in run('check', *names, cwd=tmp_path).stdout
    result = run('check', '--heat-only', '--format', 'json', *names, cwd=tmp_path)
    data = json.loads(result.stdout)
    assert [(f['path'], [d['code'] for d in f['diagnostics']]) for f in data['files']] == [
        ('stack.yaml', ['HOT110']), ('broken.yaml', ['HOT001'])]
    assert result.returncode == 1
