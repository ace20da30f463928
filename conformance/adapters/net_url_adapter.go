// Go's net/url as a conformance adapter: the JSON-lines protocol of urigram's
// conformance suite (conformance/README.md), one request per line on standard
// input, one answer per line on standard output.
//
//	go run conformance/adapters/net_url_adapter.go
//
// (Go 1.19 or later: URL.OmitHost.)
//
// url.Parse gives validity (of the RFC 3986 reference rules), components and
// the reading (protocol 2: base.Parse(input) for a base, as a Go program
// resolves), ResolveReference resolves (strict), and the escaping functions encode and
// decode; everything else is answered "unsupported". net/url gives no error
// offsets, and has no field for some distinctions of RFC 3986 (an empty
// fragment, the port separately from the host): where it has none, the answer
// is what its fields and String() say.
package main

import (
	"bufio"
	"encoding/json"
	"net/url"
	"os"
	"runtime"
	"strings"
)

// A request: the arguments of the operations this adapter does, all strings (template-expand's
// variables, an object, are not read: that operation is not supported).
type request struct {
	ID, Op, Grammar, Rule, Input, Base, Reference, Mode, Component string
	// HasBase: the request has a base (a reading's base is optional, and may be "").
	HasBase bool `json:"-"`
}

func unsupported() map[string]any { return map[string]any{"unsupported": true} }

// hasAuthority says whether u.String() writes "//": net/url keeps no other record of an authority.
func hasAuthority(u *url.URL) bool {
	if u.Host != "" || u.User != nil {
		return true
	}
	return u.Scheme != "" && !u.OmitHost && u.Path != ""
}

func components(u *url.URL) map[string]any {
	c := map[string]any{"scheme": nil, "userinfo": nil, "host": nil, "port": nil, "query": nil, "fragment": nil}
	if u.Scheme != "" {
		c["scheme"] = u.Scheme
	}
	if hasAuthority(u) {
		// u.Host is host[:port]: the port is what follows the last ":" after any "]".
		host := u.Host
		if i := strings.LastIndexByte(host, ':'); i > strings.LastIndexByte(host, ']') {
			c["port"] = host[i+1:]
			host = host[:i]
		}
		c["host"] = host
		if u.User != nil {
			c["userinfo"] = u.User.String()
		}
	}
	c["path"] = u.EscapedPath()
	if u.Opaque != "" {
		c["path"] = u.Opaque
	}
	if u.RawQuery != "" || u.ForceQuery {
		c["query"] = u.RawQuery
	}
	if u.Fragment != "" {
		c["fragment"] = u.EscapedFragment()
	}
	return c
}

func answer(r request) map[string]any {
	switch r.Op {
	case "validate":
		if r.Grammar != "rfc3986" {
			return unsupported()
		}
		u, err := url.Parse(r.Input)
		switch r.Rule {
		case "URI-reference":
			return map[string]any{"result": err == nil}
		case "URI":
			return map[string]any{"result": err == nil && u.IsAbs()}
		case "relative-ref":
			return map[string]any{"result": err == nil && !u.IsAbs()}
		}
	case "reading":
		// The components, as the components answer gives them: net/url's fields, raw where it keeps them raw.
		var u *url.URL
		var err error
		if r.HasBase {
			var base *url.URL
			if base, err = url.Parse(r.Base); err == nil {
				u, err = base.Parse(r.Input)
			}
		} else {
			u, err = url.Parse(r.Input)
		}
		if err != nil {
			return map[string]any{"error": err.Error()}
		}
		return map[string]any{"result": components(u)}
	case "components":
		if r.Grammar != "rfc3986" {
			return unsupported()
		}
		u, err := url.Parse(r.Input)
		if err != nil {
			return map[string]any{"error": err.Error()}
		}
		return map[string]any{"result": components(u)}
	case "resolve":
		if r.Mode != "strict" {
			return unsupported()
		}
		base, err := url.Parse(r.Base)
		if err != nil {
			return map[string]any{"error": err.Error()}
		}
		ref, err := url.Parse(r.Reference)
		if err != nil {
			return map[string]any{"error": err.Error()}
		}
		return map[string]any{"result": base.ResolveReference(ref).String()}
	case "percent-encode":
		switch r.Component {
		case "segment":
			return map[string]any{"result": url.PathEscape(r.Input)}
		case "path":
			return map[string]any{"result": (&url.URL{Path: r.Input}).EscapedPath()}
		case "query":
			return map[string]any{"result": url.QueryEscape(r.Input)}
		case "fragment":
			return map[string]any{"result": (&url.URL{Fragment: r.Input}).EscapedFragment()}
		}
	case "percent-decode":
		s, err := url.PathUnescape(r.Input)
		if err != nil {
			return map[string]any{"error": err.Error()}
		}
		return map[string]any{"result": s}
	}
	return unsupported()
}

func main() {
	out := bufio.NewWriter(os.Stdout)
	write := func(v any) {
		line, _ := json.Marshal(v)
		out.Write(append(line, '\n'))
		out.Flush()
	}
	// First, the protocol this adapter speaks and what it runs.
	write(map[string]any{"protocol": 2, "implementation": "Go " + runtime.Version() + " net/url"})
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 64<<20)
	for in.Scan() {
		var r request
		if err := json.Unmarshal(in.Bytes(), &r); err != nil {
			continue // not a request
		}
		var keys map[string]json.RawMessage
		if json.Unmarshal(in.Bytes(), &keys) == nil {
			_, r.HasBase = keys["base"]
		}
		a := answer(r)
		a["id"] = r.ID
		write(a)
	}
}
