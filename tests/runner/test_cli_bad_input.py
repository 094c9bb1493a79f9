"""Any input, any command: one line on stderr, exit code 2, nothing written.

Every row of ``ROWS`` is one bad invocation of the CLI, run in its own process with a fresh
directory as its working directory, after the row's input files were written there.  Each row
must end with exit code 2, exactly one non-empty stderr line starting with ``boardlab: error:``,
no traceback in stdout or stderr, and the directory unchanged (names, sizes, modification times
and contents).

Rows run a few at a time, the first time a row's test asks for its outcome (``outcomes``
fixture); every row is still its own test, so a failure names its row.  A row that hangs is
killed and fails after ``ROW_TIMEOUT`` seconds.  How rows are started (a fork server, plus a
slice as ``python -m solver.cli``) is described under "running rows" below.

The rows and the files they read are in ``bad_input_rows.py``.
"""
from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest
from bad_input_rows import FIFO, REPO, ROWS, ROWS_BY_ID, cli_env, make_files, position_data

ROW_TIMEOUT = 60
PARALLEL = max(2, min(4, 2 * (os.cpu_count() or 1)))


# ---- running rows -------------------------------------------------------------------------
# Every row runs in its own process, in its own directory, with its own stdin (/dev/null),
# stdout and stderr.  Starting Python and importing pandas and matplotlib costs 0.3-1.5 s of CPU
# a process, too much for ~190 rows, so by default rows run in children forked from one server
# process that imported boardlab once (``_FORK_SERVER``): each child calls ``solver.cli.main``
# exactly as ``python -m solver.cli`` does, in a new process group, and its exit status, signal or
# timeout is reported.  ``EXEC_ROWS`` also run as ``python -m solver.cli`` (and a few through the
# ``boardlab`` script), which checks the start-up path; BOARDLAB_BAD_INPUT_EXEC=1 runs every row so.

EXEC_ROWS = [
    "no-command", "unknown-command", "unknown-global-option", "games-extra-argument",
    "position-players-abc", "position-seed-negative", "position-out-into-a-file",
    "suggest-time-inf", "suggest-iterations-20-digits", "suggest-top-0", "suggest-seed-negative",
    "suggest-missing-file", "suggest-binary", "suggest-deeply-nested", "suggest-5000-digit-int",
    "suggest-position-endless", "suggest-finished-game", "suggest-tiletum-king-bonus-empty",
    "simulate-games-10-billion", "simulate-seed-2-64", "agent-iterations-huge", "simulate-out-cwd-not-a-run",
    "simulate-resume-garbage-manifest", "report-missing-input", "report-garbage-parquet",
]
SCRIPT_ROWS = ["unknown-command", "suggest-time-nan", "simulate-players-5"]
EXEC_ALL = os.environ.get("BOARDLAB_BAD_INPUT_EXEC") == "1"

_FORK_SERVER = r"""
import json, os, signal, sys, time, traceback

jobs, parallel, timeout = json.load(open(sys.argv[1])), int(sys.argv[2]), float(sys.argv[3])
import engine_c, solver.cli, solver.games.positions, solver.search.best_move, solver.runs.runner, solver.runs.summary, analysis.report
for name in engine_c.game_names():
    engine_c.state_class(name)


def child(job):
    os.setpgid(0, 0)
    os.chdir(job["cwd"])
    for fd, path, flags in ((0, os.devnull, os.O_RDONLY), (1, job["out"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
                            (2, job["err"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC)):
        os.dup2(os.open(path, flags, 0o644), fd)
    sys.stdin, sys.stdout, sys.stderr = open(0, closefd=False), open(1, "w", closefd=False), open(2, "w", closefd=False)
    sys.argv = ["boardlab", *job["argv"]]
    signal.signal(signal.SIGINT, signal.default_int_handler)
    code = 0
    try:
        solver.cli.main(job["argv"])
    except SystemExit as exc:                 # as the interpreter does at exit
        if exc.code is None or isinstance(exc.code, int):
            code = exc.code or 0
        else:
            print(exc.code, file=sys.stderr)
            code = 1
    except BaseException:
        traceback.print_exc()
        code = 1
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:
        code = code or 120
    os._exit(code & 0xFF)


results, running, todo = {}, {}, list(enumerate(jobs))
while todo or running:
    while todo and len(running) < parallel:
        index, job = todo.pop(0)
        pid = os.fork()
        if pid == 0:
            try:
                child(job)
            finally:
                os._exit(121)
        running[pid] = (index, time.perf_counter())
    pid, status = os.waitpid(-1, os.WNOHANG)
    now = time.perf_counter()
    if pid:
        index, started = running.pop(pid)
        try:
            os.killpg(pid, signal.SIGKILL)     # whatever the row left running
        except OSError:
            pass
        code = os.waitstatus_to_exitcode(status)
        results[index] = {"returncode": code, "seconds": now - started}
        continue
    for pid, (index, started) in list(running.items()):
        if now - started > timeout:
            os.killpg(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            del running[pid]
            results[index] = {"returncode": None, "seconds": now - started}
    time.sleep(0.002)
print(json.dumps([results[i] for i in range(len(jobs))]))
"""


def _snapshot(root):
    """Every path under ``root`` with its kind, size, modification time and content hash."""
    state = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            path = Path(dirpath, name)
            st = path.lstat()
            if path.is_file() and not path.is_symlink():
                digest = hashlib.sha256(path.read_bytes()).hexdigest()
            else:
                digest = None
            state[str(path.relative_to(root))] = (st.st_mode, st.st_size, st.st_mtime_ns, digest)
    return state


def _inputs(r, files):
    """Names of the input files a row needs: tokens naming one (or a path inside one), and ``extra``."""
    names = set(r.extra)
    for token in r.argv:
        for name in files:
            if token == name or token == name.rstrip("/") or token.startswith(name.rstrip("/") + "/"):
                names.add(name)
    return names


def _prepare(root, r, files):
    """The row's directory with its input files; its snapshot."""
    root.mkdir(parents=True)
    for name in _inputs(r, files):
        content = files[name]
        if content is FIFO:
            os.mkfifo(root / name)
        elif name.endswith("/"):
            folder = root / name.rstrip("/")
            folder.mkdir()
            for inner, data in content.items():
                (folder / inner).parent.mkdir(parents=True, exist_ok=True)
                (folder / inner).write_bytes(data)
        else:
            (root / name).write_bytes(content)
    return _snapshot(root)


@dataclass
class Outcome:
    how: str
    returncode: int | None          # None: killed after ROW_TIMEOUT seconds
    stdout: str
    stderr: str
    seconds: float
    changes: list


def _changes(root, before):
    after = _snapshot(root)
    return sorted(f"{'+' if k not in before else '-' if k not in after else '~'}{k}"
                  for k in set(before) | set(after) if before.get(k) != after.get(k))


def _exec_row(r, root, files, command):
    before = _prepare(root, r, files)
    started = time.perf_counter()
    process = subprocess.Popen([*command, *r.argv], cwd=root, env=cli_env(), stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = process.communicate(timeout=ROW_TIMEOUT)
        code = process.returncode
    except subprocess.TimeoutExpired:
        code = None
    seconds = time.perf_counter() - started
    try:
        os.killpg(process.pid, signal.SIGKILL)     # whatever the row left running (it holds our pipes)
    except OSError:
        pass
    if code is None:
        out, err = process.communicate()
    return Outcome(" ".join(command), code, out.decode(errors="replace"), err.decode(errors="replace"), seconds,
                   _changes(root, before))


def _fork_rows(rows, base, files):
    """Outcomes of ``rows`` run in children of one fork server."""
    io_dir = base / "_io"
    io_dir.mkdir(parents=True)
    jobs, befores = [], []
    for n, r in enumerate(rows):
        root = base / f"fork{n:03d}"
        befores.append(_prepare(root, r, files))
        jobs.append({"argv": list(r.argv), "cwd": str(root), "out": str(io_dir / f"{n}.out"),
                     "err": str(io_dir / f"{n}.err")})
    (io_dir / "jobs.json").write_text(json.dumps(jobs))
    server = subprocess.run([sys.executable, "-c", _FORK_SERVER, str(io_dir / "jobs.json"), str(PARALLEL),
                             str(ROW_TIMEOUT)], cwd=REPO, env=cli_env(), stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=ROW_TIMEOUT * (len(rows) // PARALLEL + 3))
    assert server.returncode == 0, f"the fork server failed:\n{server.stderr}"
    results = json.loads(server.stdout.splitlines()[-1])
    outcomes = {}
    for n, (r, result) in enumerate(zip(rows, results)):
        outcomes[r.id] = Outcome("forked solver.cli.main", result["returncode"],
                                 (io_dir / f"{n}.out").read_text(errors="replace"),
                                 (io_dir / f"{n}.err").read_text(errors="replace"),
                                 result["seconds"], _changes(base / f"fork{n:03d}", befores[n]))
    return outcomes


def _expected_cost(r):
    """Rough seconds of a row, to start the slow ones first (report and simulate import pandas)."""
    return (10 if "dask" in r.argv else 0) + {"report": 2, "simulate": 1}.get(r.argv[0] if r.argv else "", 0)


def _selected(request, test_name):
    return [item.callspec.params["row_id"] for item in request.session.items
            if getattr(item, "originalname", None) == test_name and item.module.__name__ == __name__]


@pytest.fixture(scope="module")
def outcomes(request, tmp_path_factory):
    """Outcomes of the selected rows: {(test name, row id): Outcome}."""
    files = make_files()
    base = tmp_path_factory.mktemp("bad_input")
    python = [sys.executable, "-m", "solver.cli"]
    script = [str(Path(sys.executable).with_name("boardlab"))]
    execs = [(name, rid, command) for name, command in (("test_bad_input_exec", python),
                                                        ("test_bad_input_script", script))
             for rid in _selected(request, name)]
    forked = [ROWS_BY_ID[rid] for rid in _selected(request, "test_bad_input")]
    if EXEC_ALL:
        execs += [("test_bad_input", r.id, python) for r in forked]
        forked = []
    started = time.perf_counter()
    results = {}
    with ThreadPoolExecutor(PARALLEL) as pool:
        server = pool.submit(_fork_rows, forked, base / "forked", files) if forked else None
        execs.sort(key=lambda e: _expected_cost(ROWS_BY_ID[e[1]]), reverse=True)
        futures = {(name, rid): pool.submit(_exec_row, ROWS_BY_ID[rid], base / f"exec{n:03d}", files, command)
                   for n, (name, rid, command) in enumerate(execs)}
        results.update({key: future.result() for key, future in futures.items()})
        if server is not None:
            results.update({("test_bad_input", rid): outcome for rid, outcome in server.result().items()})
    slowest = sorted(results, key=lambda key: -results[key].seconds)[:5]
    print(f"\n{len(results)} bad-input runs ({len(forked)} forked, {len(execs)} started afresh) in "
          f"{time.perf_counter() - started:.1f} s; slowest: "
          f"{', '.join(f'{rid} {results[name, rid].seconds:.1f} s' for name, rid in slowest)}")
    return results


def _check(r, o):
    shown = (f"\nboardlab {' '.join(repr(a) if not a or ' ' in a else a for a in r.argv)}\n"
             f"run by {o.how}: exit code {o.returncode} after {o.seconds:.1f} s\n"
             f"--- stderr ---\n{o.stderr[-3000:]}\n--- stdout ---\n{o.stdout[-1000:]}")
    assert o.returncode is not None, f"hung: killed after {ROW_TIMEOUT} s" + shown
    assert "Traceback" not in o.stderr + o.stdout, "traceback" + shown
    assert o.returncode == 2, "exit code is not 2" + shown
    lines = o.stderr.splitlines()
    assert len(lines) == 1 and lines[0].strip(), "stderr is not exactly one line" + shown
    assert lines[0].startswith("boardlab: error: ") and lines[0][len("boardlab: error: "):].strip(), \
        "stderr does not start with 'boardlab: error:'" + shown
    assert r.says in lines[0], f"the error does not say {r.says!r}" + shown
    assert not o.changes, f"files created or changed: {o.changes}" + shown


@pytest.mark.parametrize("row_id", [r.id for r in ROWS], ids=[r.id for r in ROWS])
def test_bad_input(outcomes, row_id):
    _check(ROWS_BY_ID[row_id], outcomes["test_bad_input", row_id])


@pytest.mark.parametrize("row_id", EXEC_ROWS, ids=EXEC_ROWS)
def test_bad_input_exec(outcomes, row_id):
    """The same rows as ``python -m solver.cli`` in a new interpreter."""
    _check(ROWS_BY_ID[row_id], outcomes["test_bad_input_exec", row_id])


@pytest.mark.parametrize("row_id", SCRIPT_ROWS, ids=SCRIPT_ROWS)
def test_bad_input_script(outcomes, row_id):
    """The same rows through the installed ``boardlab`` script."""
    _check(ROWS_BY_ID[row_id], outcomes["test_bad_input_script", row_id])


def test_the_table_covers_every_command():
    assert len(ROWS) >= 100
    assert set(EXEC_ROWS + SCRIPT_ROWS) <= set(ROWS_BY_ID)
    commands = {r.argv[0] for r in ROWS if r.argv}
    assert {"games", "simulate", "report", "position", "suggest"} <= commands


# ---- Ctrl-C ---------------------------------------------------------------------------------

def test_interrupt_in_a_command_is_one_line_exit_130(monkeypatch, capsys):
    from solver import cli
    from solver.games import positions

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(positions, "random_position", interrupted)
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["position", "--game", "burgundy"])
    assert exit_info.value.code == 130
    captured = capsys.readouterr()
    assert captured.err == "boardlab: interrupted\n"
    assert captured.out == ""


def _wait_for_cpu(pid, seconds, limit=30):
    """Wait until process ``pid`` has used ``seconds`` of CPU (at most ``limit`` s of wall time)."""
    stat = Path(f"/proc/{pid}/stat")
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            time.sleep(3)          # no /proc: a fixed wait
            return
        if (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK") >= seconds:
            return
        time.sleep(0.05)


def _sigint_as_a_terminal_sends_it():
    """In the child before it starts: SIGINT at its default, which Python turns into Ctrl-C. A shell
    that starts pytest in the background (``pytest &`` in a script) leaves SIGINT ignored, the
    child would inherit that, and Python keeps an ignored SIGINT ignored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _ctrl_c(args, cwd, cpu_seconds, timeout):
    """Run ``boardlab ARGS``, press Ctrl-C once it has used ``cpu_seconds`` of CPU; (code, out, err)."""
    process = subprocess.Popen([sys.executable, "-m", "solver.cli", *args], cwd=cwd, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=_sigint_as_a_terminal_sends_it)
    try:
        _wait_for_cpu(process.pid, cpu_seconds)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=timeout)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    return process.returncode, out, err


def test_ctrl_c_during_suggest_is_one_line_exit_130(tmp_path):
    position = tmp_path / "pos.json"
    position.write_text(json.dumps(position_data("burgundy")))
    # after 1.5 s of CPU the imports are done and the search is running
    code, out, err = _ctrl_c(["suggest", "--game", "burgundy", "--position", str(position), "--time", "30"],
                             tmp_path, 1.5, 20)
    assert code == 130, err
    assert err == "boardlab: interrupted\n"
    assert "Traceback" not in out


def test_ctrl_c_during_simulate_says_where_the_games_are_and_how_to_go_on(tmp_path):
    out_dir = tmp_path / "run"
    # after 2.5 s of CPU the run folder is open and games are playing
    code, out, err = _ctrl_c(["simulate", "--game", "burgundy", "--agent", "ismcts:iterations=3000",
                              "--agent", "greedy", "--games", "40", "--jobs", "1", "--seed", "3",
                              "--out", str(out_dir)], tmp_path, 2.5, 60)
    assert code == 130, err
    assert err == f"boardlab: interrupted: the finished games are kept in {out_dir}; continue with --resume\n"
    assert json.loads((out_dir / "_manifest.json").read_text())["status"] == "stopped"
