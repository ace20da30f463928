#!/usr/bin/env python3
"""Python's urllib.parse as a conformance adapter: the JSON-lines protocol of
urigram's conformance suite (conformance/README.md), one request per line on
standard input, one answer per line on standard output.

    python3 conformance/adapters/urllib_adapter.py

urlsplit gives the components and the reading (protocol 2), urljoin resolves
(strict), unquote decodes; everything else is answered "unsupported". urlsplit cannot tell an absent
query or fragment from an empty one (it gives "" for both), nor an empty
authority from none: the query and fragment are reported as it gives them,
and the authority only when it is not empty (an answer without a key is not
judged on it).

A reading is urlsplit's, its netloc cut as .username, .password, .hostname
and .port cut it, but raw: not lower-cased, the port not made a number."""
import json
import platform
import sys
from urllib.parse import unquote, urljoin, urlsplit


def netloc_parts(netloc):
    """userinfo, host, port of a netloc, cut as SplitResult's _userinfo and _hostinfo cut it
    (the last "@"; then a bracketed host, its brackets kept here, or the first ":"), raw."""
    userinfo, have_info, hostinfo = netloc.rpartition("@")
    _, have_open_br, bracketed = hostinfo.partition("[")
    if have_open_br:
        host, _, port = bracketed.partition("]")
        _, have_port, port = port.partition(":")
        host = "[" + host + "]"
    else:
        host, have_port, port = hostinfo.partition(":")
    # .hostname is None for an empty host, .port for an empty port; .username for no "@".
    return (userinfo if have_info else None), (host if host not in ("", "[]") else None), (port or None)


def reading(r):
    url = urljoin(r["base"], r["input"]) if "base" in r else r["input"]
    s = urlsplit(url)
    userinfo, host, port = netloc_parts(s.netloc)
    return {"scheme": s.scheme or None, "userinfo": userinfo, "host": host, "port": port,
            "path": s.path, "query": s.query or None, "fragment": s.fragment or None}


def answer(r):
    op = r["op"]
    if op == "reading":
        return {"result": reading(r)}
    if op == "components" and r["grammar"] == "rfc3986":
        s = urlsplit(r["input"])
        result = {"scheme": s.scheme or None, "path": s.path, "query": s.query, "fragment": s.fragment}
        if s.netloc:
            result["authority"] = s.netloc
        return {"result": result}
    if op == "resolve" and r["mode"] == "strict":
        return {"result": urljoin(r["base"], r["reference"])}
    if op == "percent-decode":
        # errors="strict": octets that are not UTF-8 are an error, not U+FFFD.
        return {"result": unquote(r["input"], errors="strict")}
    return {"unsupported": True}


def main():
    # First, the protocol this adapter speaks and what it runs.
    print(json.dumps({"protocol": 2, "implementation": f"Python {platform.python_version()} urllib.parse"}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        try:
            response = answer(request)
        except Exception as e:  # a failure on one case is that case's answer
            response = {"error": str(e)}
        response["id"] = request["id"]
        print(json.dumps(response), flush=True)


main()
