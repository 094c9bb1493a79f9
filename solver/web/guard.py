"""The API's door: one-line refusals, the request body as a JSON object, and the checks every
request passes first (the server's own Host, no other origin, JSON bodies on POSTs).

A page on another site could otherwise make the browser post to the board (a form posts
``text/plain`` without asking), and a name that resolves to 127.0.0.1 could read it: so a POST
must say ``Content-Type: application/json`` (which a cross-site page cannot send without a
preflight the server never grants), a request naming another ``Origin`` than the server's own
address is refused, and, when the server knows its names, so is a ``Host`` it does not answer to.
"""
from __future__ import annotations

import json
from urllib.parse import urlsplit

from starlette.requests import ClientDisconnect
from starlette.responses import JSONResponse, Response

from engine_c.errors import BoardlabError

MAX_BODY_BYTES = (1 << 20) + 4096     # a position (at most 1 MiB) and a few fields
LOOPBACK = ("127.0.0.1", "localhost", "::1")


class Refused(Exception):
    """A request the API refuses: HTTP ``status`` with one line."""

    def __init__(self, message, status=400):
        super().__init__(" ".join(str(message).split()) or "refused")
        self.status = status


def refusal(message, status):
    """The JSON answer of a refused request: ``{"error": "<one line>"}``."""
    return JSONResponse({"error": " ".join(str(message).split())}, status_code=status)


async def read_json(request):
    """The request's JSON object, at most ``MAX_BODY_BYTES``; Refused otherwise."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY_BYTES):
        raise Refused(f"request too large (at most {MAX_BODY_BYTES} bytes)", 413)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY_BYTES:
            raise Refused(f"request too large (at most {MAX_BODY_BYTES} bytes)", 413)
    if not body:
        return {}
    try:
        data = json.loads(body.decode("utf-8"))
    except UnicodeDecodeError:
        raise Refused("request body is not UTF-8 text") from None
    except RecursionError:
        raise Refused("request body nests too deeply") from None
    except json.JSONDecodeError as exc:
        raise Refused(f"request body is not JSON ({exc.msg} at character {exc.pos})") from None
    except ValueError as exc:
        # Python refuses to read integers of more than 4300 digits (int_max_str_digits)
        if "digits" in str(exc):
            raise Refused("a number in the request has too many digits (at most 4300)") from None
        raise Refused(f"request body is not JSON ({exc})") from None
    if not isinstance(data, dict):
        raise Refused("request body must be a JSON object")
    return data


def int_param(value, name):
    """A query parameter as an int; Refused otherwise."""
    try:
        return int(value)
    except (TypeError, ValueError):
        shown = value if value is None or len(value) <= 40 else value[:40] + "..."
        raise Refused(f"{name} must be an integer, got {shown!r}") from None


def api(handler):
    """Wrap an API handler: one-line refusals as JSON with their status, results as JSON."""
    async def endpoint(request):
        """The handler's answer, or its refusal as one JSON line."""
        try:
            result = await handler(request)
        except Refused as exc:
            return refusal(exc, exc.status)
        except BoardlabError as exc:
            return refusal(exc, 400)
        except ClientDisconnect:
            return Response(status_code=400)     # nobody reads it: the client left mid-body
        if isinstance(result, Response):
            return result
        return JSONResponse(result)
    return endpoint


def host_name(netloc):
    """The host of ``host[:port]`` (IPv6 without brackets), lower case."""
    try:
        return (urlsplit(f"//{netloc}").hostname or "").lower()
    except ValueError:
        return ""


def door_check(request, hosts):
    """Why ``request`` is refused at the door, as (status, one line), or None to let it in.

    ``hosts``: the names the server answers to (None: any, e.g. listening on every address)."""
    host = request.headers.get("host", "")
    if hosts is not None and host_name(host) not in hosts:
        return 421, f"this server does not answer to host {host[:60]!r} (use its address: {', '.join(sorted(hosts))})"
    origin = request.headers.get("origin")
    if origin is not None:
        parts = urlsplit(origin) if origin != "null" else None
        if parts is None or parts.netloc.lower() != host.lower():
            return 403, f"requests from another origin ({origin[:60]}) are refused: use the board's own page"
    if request.headers.get("sec-fetch-site") == "cross-site":
        return 403, "requests from another site are refused: use the board's own page"
    if request.method == "POST":
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            return 415, f"POST bodies must be JSON (Content-Type: application/json), got {kind or 'none'!r}"
    return None


def allowed_hosts(host):
    """The Host names a server listening on ``host`` answers to (None: any, on every address)."""
    if host in ("", "0.0.0.0", "::"):
        return None
    names = {host_name(host) or host.lower()}
    if names & set(LOOPBACK):
        names |= set(LOOPBACK)
    return frozenset(names)


class Door:
    """ASGI middleware: every HTTP request passes :func:`door_check` or is refused in one line."""

    def __init__(self, app, hosts=None):
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope, receive, send):
        """Refuse the request at the door, or pass it on."""
        if scope["type"] == "http":
            from starlette.requests import Request

            refused = door_check(Request(scope), self.hosts)
            if refused is not None:
                await refusal(refused[1], refused[0])(scope, receive, send)
                return
        await self.app(scope, receive, send)
