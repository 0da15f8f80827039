"""Run `hot-ls ARGS...` under an audit hook that records what it does to the world.

Written as JSON to $HOT_LS_GUARD_REPORT when the process exits:
{"network": [...], "processes": [...], "written": [...], "opened": [...],
"looked_at": [...], "unix_sockets": N}.  Used by
test_nothing_runs_or_is_fetched.py; the hook is installed before hot_ls is
imported, so nothing it does escapes it.
"""
import atexit
import json
import os
import socket
import sys

REPORT = os.environ['HOT_LS_GUARD_REPORT']
seen = {'network': [], 'processes': [], 'written': [], 'opened': [], 'looked_at': [],
        'unix_sockets': 0}
NETWORK = {'socket.connect', 'socket.bind', 'socket.getaddrinfo', 'socket.gethostbyname',
           'socket.gethostbyname_ex', 'socket.gethostbyaddr', 'socket.sendto', 'socket.sendmsg',
           'urllib.Request', 'http.client.connect', 'ftplib.connect', 'smtplib.connect',
           'webbrowser.open'}
PROCESSES = {'subprocess.Popen', 'os.system', 'os.exec', 'os.posix_spawn', 'os.spawn',
             'os.fork', 'os.forkpty', 'pty.spawn', 'os.startfile', 'ctypes.dlopen'}
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


def hook(event, args):
    if event == 'socket.__new__':
        if args[1] == socket.AF_UNIX:
            seen['unix_sockets'] += 1
        else:
            seen['network'].append([event, repr(args[1:])])
    elif event in NETWORK:
        if not (event in ('socket.connect', 'socket.bind')
                and getattr(args[0], 'family', None) == socket.AF_UNIX):
            seen['network'].append([event, repr(args)[:200]])
    elif event in PROCESSES:
        seen['processes'].append([event, repr(args)[:200]])
    elif event == 'open':
        path, mode, flags = args
        if not isinstance(path, str):
            return
        if (mode and any(c in mode for c in 'wax+')) or (flags or 0) & WRITE_FLAGS:
            seen['written'].append(path)
        else:
            seen['opened'].append(os.path.abspath(path))
    elif event in ('os.listdir', 'os.scandir') and args and isinstance(args[0], str):
        seen['looked_at'].append(os.path.abspath(args[0]))


def write_report():
    data = json.dumps(seen)  # before the report's own opening is seen
    with open(REPORT, 'w', encoding='utf-8') as fh:
        fh.write(data)


sys.addaudithook(hook)
atexit.register(write_report)

from hot_ls.cli.main import main  # noqa: E402

sys.exit(main(sys.argv[1:]))
