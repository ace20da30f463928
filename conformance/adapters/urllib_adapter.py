#!/usr/bin/env python3
"""Python's urllib.parse as a conformance adapter: the JSON-lines protocol of
urigram's conformance suite (conformance/README.md), one request per line on
standard input, one answer per line on standard output.

    python3 conformance/adapters/urllib_adapter.py

urlsplit gives the components, urljoin resolves (strict), unquote decodes;
everything else is answered "unsupported". urlsplit cannot tell an absent
query or fragment from an empty one (it gives "" for both), nor an empty
authority from none: the query and fragment are reported as it gives them,
and the authority only when it is not empty (an answer without a key is not
judged on it)."""
import json
import platform
import sys
from urllib.parse import unquote, urljoin, urlsplit


def answer(r):
    op = r["op"]
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
    print(json.dumps({"protocol": 1, "implementation": f"Python {platform.python_version()} urllib.parse"}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        try:
            response = answer(request)
        except Exception as e:  # a failure on one case is that case's answer
            response = {"error": str(e)}
        response["id"] = request["id"]
        print(json.dumps(response), flush=True)


main()
