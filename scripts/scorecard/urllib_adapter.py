#!/usr/bin/env python3
"""Python's standard urllib.parse as a conformance adapter, over the JSON-lines
protocol of urigram's conformance suite (conformance/README.md): one request
per line on stdin, one answer per line on stdout. urlsplit gives the
components (it cannot tell an absent query or fragment from an empty one, so
it reports ""), urljoin resolves; everything else is unsupported."""
import json
import sys
from urllib.parse import urlsplit, urljoin


def answer(r):
    op = r["op"]
    if op == "components" and r["grammar"] == "rfc3986":
        s = urlsplit(r["input"])
        netloc = s.netloc if (r["input"].startswith("//") or "://" in r["input"]) else None
        return {"result": {
            "scheme": s.scheme or None,
            "authority": netloc,
            "path": s.path,
            "query": s.query,
            "fragment": s.fragment,
        }}
    if op == "resolve" and r["mode"] == "strict":
        return {"result": urljoin(r["base"], r["reference"])}
    return {"unsupported": True}


for line in sys.stdin:
    request = json.loads(line)
    try:
        response = answer(request)
    except Exception as e:  # a failure on one case is that case's answer
        response = {"error": str(e)}
    response["id"] = request["id"]
    sys.stdout.write(json.dumps(response) + "\n")
    sys.stdout.flush()
