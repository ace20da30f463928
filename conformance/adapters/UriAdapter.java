// Java's java.net.URI as a conformance adapter: the JSON-lines protocol of
// urigram's conformance suite (conformance/README.md), one request per line on
// standard input, one answer per line on standard output. Run from source
// (Java 11 or later, a JDK: the source launcher compiles it):
//
//     java conformance/adapters/UriAdapter.java
//
// new URI(s) gives validity (of the RFC 3986 reference rules), the offset of
// an error (URISyntaxException.getIndex, in UTF-16 units) and the components;
// resolve() resolves (java.net.URI follows RFC 2396: it is asked in both the
// strict and the rfc2396 mode); toASCIIString() maps an IRI to a URI. A
// reading (protocol 2) is new URI(input)'s getRaw... accessors (resolved by
// new URI(base).resolve() for a base); its host is getHost(), null for an
// authority Java reads as registry-based, as a program calling getHost() sees it.
// Everything else is answered "unsupported". The JDK has no JSON library:
// the requests are objects of strings (and, for template-expand, which this
// adapter does not do, an object of variables), read by the small reader below.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public class UriAdapter {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        // First, the protocol this adapter speaks and what it runs.
        out.println("{\"protocol\": 2, \"implementation\": " + json("Java " + System.getProperty("java.version") + " java.net.URI") + "}");
        for (String line; (line = in.readLine()) != null; ) {
            Map<String, String> r = parse(line);
            String answer;
            try {
                answer = answer(r);
            } catch (URISyntaxException e) {
                answer = "\"error\": " + json(e.getMessage()) + (e.getIndex() >= 0 ? ", \"offset\": " + e.getIndex() : "");
            } catch (RuntimeException e) {
                answer = "\"error\": " + json(String.valueOf(e));
            }
            out.println("{\"id\": " + json(r.get("id")) + ", " + answer + "}");
        }
    }

    static final String UNSUPPORTED = "\"unsupported\": true";

    static String answer(Map<String, String> r) throws URISyntaxException {
        String input = r.get("input");
        switch (r.get("op")) {
            case "validate": {
                String rule = r.get("rule");
                if (!"rfc3986".equals(r.get("grammar")) || !List.of("URI-reference", "URI", "relative-ref", "absolute-URI").contains(rule)) return UNSUPPORTED;
                URI u;
                try {
                    u = new URI(input);
                } catch (URISyntaxException e) {
                    return "\"result\": false";
                }
                boolean valid = rule.equals("URI-reference") || rule.equals("relative-ref") != u.isAbsolute() && (!rule.equals("absolute-URI") || u.getRawFragment() == null);
                return "\"result\": " + valid;
            }
            case "error-offset": {
                if (!"rfc3986".equals(r.get("grammar")) || !"URI-reference".equals(r.get("rule"))) return UNSUPPORTED;
                new URI(input); // throws, with the offset, for invalid input
                return "\"result\": null"; // no error: Java takes it
            }
            case "reading": {
                URI u = r.containsKey("base") ? new URI(r.get("base")).resolve(new URI(input)) : new URI(input);
                Map<String, String> c = new LinkedHashMap<>();
                c.put("scheme", u.getScheme());
                c.put("userinfo", u.getRawUserInfo());
                c.put("host", u.getHost());
                c.put("port", u.getPort() < 0 ? null : String.valueOf(u.getPort()));
                // An opaque URI (a scheme, then no "/") has no path in Java's model: its scheme-specific part stands for it.
                c.put("path", u.isOpaque() ? u.getRawSchemeSpecificPart() : u.getRawPath() == null ? "" : u.getRawPath());
                c.put("query", u.getRawQuery());
                c.put("fragment", u.getRawFragment());
                return "\"result\": " + object(c);
            }
            case "components": {
                if (!"rfc3986".equals(r.get("grammar"))) return UNSUPPORTED;
                URI u = new URI(input);
                Map<String, String> c = new LinkedHashMap<>();
                c.put("scheme", u.getScheme());
                c.put("authority", u.getRawAuthority());
                c.put("userinfo", u.getRawUserInfo());
                // getHost() is null for an authority Java reads as registry-based: the host is then not judged.
                if (u.getHost() != null || u.getRawAuthority() == null) c.put("host", u.getHost());
                c.put("port", u.getPort() < 0 ? null : String.valueOf(u.getPort()));
                // An opaque URI (a scheme, then no "/") has no path in Java's model: its scheme-specific part stands for it.
                c.put("path", u.isOpaque() ? u.getRawSchemeSpecificPart() : u.getRawPath());
                c.put("query", u.getRawQuery());
                c.put("fragment", u.getRawFragment());
                return "\"result\": " + object(c);
            }
            case "resolve":
                if ("non-strict".equals(r.get("mode"))) return UNSUPPORTED;
                return "\"result\": " + json(new URI(r.get("base")).resolve(new URI(r.get("reference"))).toString());
            case "iri-to-uri":
                return "\"result\": " + json(new URI(input).toASCIIString());
            default:
                return UNSUPPORTED;
        }
    }

    /** A JSON object of strings (or nulls). */
    static String object(Map<String, String> c) {
        StringBuilder s = new StringBuilder("{");
        for (Map.Entry<String, String> e : c.entrySet()) s.append(s.length() > 1 ? ", " : "").append(json(e.getKey())).append(": ").append(json(e.getValue()));
        return s.append("}").toString();
    }

    /** A JSON string (or null), with the escapes JSON requires. */
    static String json(String s) {
        if (s == null) return "null";
        StringBuilder b = new StringBuilder("\"");
        for (char ch : s.toCharArray()) {
            if (ch == '"' || ch == '\\') b.append('\\').append(ch);
            else if (ch < 0x20) b.append(String.format("\\u%04x", (int) ch));
            else b.append(ch);
        }
        return b.append('"').toString();
    }

    /** A JSON object's members whose values are strings (any other value is skipped, objects and arrays whole), as the runner writes requests. */
    static Map<String, String> parse(String line) {
        Map<String, String> m = new LinkedHashMap<>();
        int[] at = {line.indexOf('{') + 1};
        while (true) {
            skipSpace(line, at);
            if (at[0] >= line.length() || line.charAt(at[0]) != '"') return m;
            String key = string(line, at);
            skipSpace(line, at);
            at[0]++; // ':'
            skipSpace(line, at);
            if (line.charAt(at[0]) == '"') m.put(key, string(line, at));
            else skipValue(line, at); // a number, true, false, null, an object or an array (template-expand's variables)
            skipSpace(line, at);
            if (at[0] < line.length() && line.charAt(at[0]) == ',') at[0]++;
        }
    }

    /** Skips the JSON value that starts at at[0], up to the "," or "}" after it: strings inside it read as strings, so that their braces and commas are not taken for the request's. */
    static void skipValue(String s, int[] at) {
        int depth = 0;
        while (at[0] < s.length()) {
            char ch = s.charAt(at[0]);
            if (ch == '"') {
                string(s, at);
                continue;
            }
            if (ch == '{' || ch == '[') depth++;
            else if (ch == '}' || ch == ']') {
                if (depth == 0) return;
                depth--;
            } else if (ch == ',' && depth == 0) return;
            at[0]++;
        }
    }

    static void skipSpace(String s, int[] at) {
        while (at[0] < s.length() && " \t\r\n".indexOf(s.charAt(at[0])) >= 0) at[0]++;
    }

    /** The JSON string that starts at at[0], decoded; at[0] is left after its closing quote. */
    static String string(String s, int[] at) {
        StringBuilder b = new StringBuilder();
        for (int i = at[0] + 1; ; i++) {
            char ch = s.charAt(i);
            if (ch == '"') {
                at[0] = i + 1;
                return b.toString();
            }
            if (ch != '\\') {
                b.append(ch);
                continue;
            }
            char e = s.charAt(++i);
            switch (e) {
                case 'n': b.append('\n'); break;
                case 't': b.append('\t'); break;
                case 'r': b.append('\r'); break;
                case 'b': b.append('\b'); break;
                case 'f': b.append('\f'); break;
                case 'u': b.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16)); i += 4; break;
                default: b.append(e); // '"', '\\', '/'
            }
        }
    }
}
