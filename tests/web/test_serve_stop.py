"""``boardlab serve`` ends within a second of Ctrl-C (on a loaded machine: no slower than it
started) without a traceback, even while a suggestion streams (the stream says the server
stopped), and a client leaving mid-body logs nothing."""
import json
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request

from browser_helpers import ROOT


def test_ctrl_c_while_a_suggestion_streams_and_a_client_leaving_mid_body():
    begun = time.monotonic()
    process = subprocess.Popen([sys.executable, "-m", "solver.cli", "serve", "--port", "0"], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = re.search(r"http://127\.0\.0\.1:(\d+)/", process.stdout.readline())
        assert url, process.stderr.read()
        # a calibration in this test: the server's start (interpreter, imports) is slow when the
        # machine is loaded, and its stop may be as slow, but never slower than a start
        startup = time.monotonic() - begun

        def post(path, body):
            """POST JSON; the answer as a dict."""
            request = urllib.request.Request(url.group(0) + path, data=json.dumps(body).encode(),
                                             headers={"Content-Type": "application/json"})
            return json.load(urllib.request.urlopen(request, timeout=30))
        board = post("api/new", {})["board"]
        with socket.create_connection(("127.0.0.1", int(url.group(1)))) as leaver:     # leaves mid-body
            leaver.sendall(b"POST /api/move HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                           b"Content-Length: 5000\r\n\r\n{\"board\": ")
            time.sleep(0.2)
        post("api/suggest", {"board": board, "seat": 0, "seconds": 120})
        lines = []

        def listen():
            """Read the event stream until it ends."""
            try:
                with urllib.request.urlopen(url.group(0) + f"api/suggest/events?board={board}", timeout=30) as stream:
                    lines.extend(line.decode() for line in stream)
            except OSError as exc:
                lines.append(f"ended: {exc}")
        listener = threading.Thread(target=listen, daemon=True)
        listener.start()
        deadline = time.monotonic() + 30
        while not any(line.startswith("event: progress") for line in lines):
            assert time.monotonic() < deadline, "no progress streamed"
            time.sleep(0.05)
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        process.wait(timeout=10)
        took = time.monotonic() - sent
        listener.join(5)
    finally:
        if process.poll() is None:
            process.kill()
    err = process.stderr.read()
    assert took < max(1.0, startup), f"the server took {took:.2f} s to stop (it started in {startup:.2f} s)"
    assert "Traceback" not in err and err.strip() in ("", "boardlab: interrupted"), err
    assert "event: closed\n" in lines and any("the server stopped" in line for line in lines)
