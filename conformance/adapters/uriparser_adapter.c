/*
 * uriparser (C) as a conformance adapter: the JSON-lines protocol of urigram's
 * conformance suite (conformance/README.md), one request per line on standard
 * input, one answer per line on standard output. Build and run:
 *
 *     cc -O2 -o uriparser_adapter conformance/adapters/uriparser_adapter.c -luriparser
 *     ./uriparser_adapter
 *
 * (uriparser 0.9 or later: uriParseSingleUriExA.)
 * uriParseSingleUriExA gives validity (of the RFC 3986 reference rules), the
 * offset of an error, the components and the reading (protocol 2: the
 * components of the input, resolved strictly against the base when the request
 * has one); uriAddBaseUriExA resolves (strict and
 * non-strict); uriNormalizeSyntaxA normalizes (6.2.2) and so compares at the
 * "syntax" level. Everything else is answered "unsupported". uriparser works
 * on bytes (UTF-8 here): an offset is counted in code points. The requests are
 * JSON objects of strings, read by the small reader below, which stops at the
 * first value that is not one (template-expand's variables, an object: by then
 * it has the id and the op, all it needs to answer "unsupported").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uriparser/Uri.h>

/* A string with its length: the suite's strings may hold NUL. */
typedef struct { char *s; size_t n; } Str;

static const char *get(Str keys[], Str values[], int count, const char *key, size_t *n) {
    for (int i = 0; i < count; i++)
        if (keys[i].n == strlen(key) && memcmp(keys[i].s, key, keys[i].n) == 0) { *n = values[i].n; return values[i].s; }
    *n = 0;
    return NULL;
}

/* ---- JSON: a string read (into UTF-8) and written ---- */

static void put_utf8(Str *out, unsigned long cp) {
    char *p = out->s + out->n;
    if (cp < 0x80) { p[0] = (char)cp; out->n += 1; }
    else if (cp < 0x800) { p[0] = (char)(0xC0 | cp >> 6); p[1] = (char)(0x80 | (cp & 0x3F)); out->n += 2; }
    else if (cp < 0x10000) { p[0] = (char)(0xE0 | cp >> 12); p[1] = (char)(0x80 | (cp >> 6 & 0x3F)); p[2] = (char)(0x80 | (cp & 0x3F)); out->n += 3; }
    else { p[0] = (char)(0xF0 | cp >> 18); p[1] = (char)(0x80 | (cp >> 12 & 0x3F)); p[2] = (char)(0x80 | (cp >> 6 & 0x3F)); p[3] = (char)(0x80 | (cp & 0x3F)); out->n += 4; }
}

/* Reads the JSON string at *p (its opening quote) into a new buffer; *p is left after its closing quote. */
static Str read_string(const char **p) {
    const char *s = *p + 1;
    Str out = { malloc(strlen(s) * 3 + 1), 0 };
    while (*s && *s != '"') {
        if (*s != '\\') { out.s[out.n++] = *s++; continue; }
        s++;
        switch (*s) {
        case 'n': out.s[out.n++] = '\n'; s++; break;
        case 't': out.s[out.n++] = '\t'; s++; break;
        case 'r': out.s[out.n++] = '\r'; s++; break;
        case 'b': out.s[out.n++] = '\b'; s++; break;
        case 'f': out.s[out.n++] = '\f'; s++; break;
        case 'u': {
            unsigned long cp = strtoul((char[5]){ s[1], s[2], s[3], s[4], 0 }, NULL, 16);
            s += 5;
            if (cp >= 0xD800 && cp < 0xDC00 && s[0] == '\\' && s[1] == 'u') { /* a surrogate pair */
                unsigned long low = strtoul((char[5]){ s[2], s[3], s[4], s[5], 0 }, NULL, 16);
                if (low >= 0xDC00 && low < 0xE000) { cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00); s += 6; }
            }
            put_utf8(&out, cp);
            break;
        }
        default: out.s[out.n++] = *s++; /* '"', '\\', '/' */
        }
    }
    *p = *s ? s + 1 : s;
    out.s[out.n] = 0;
    return out;
}

static void write_string(const char *s, size_t n) {
    putchar('"');
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') printf("\\%c", c);
        else if (c < 0x20) printf("\\u%04x", c);
        else putchar(c);
    }
    putchar('"');
}

static void write_range(const char *key, const UriTextRangeA *r) {
    printf("\"%s\": ", key);
    if (r->first == NULL) printf("null");
    else write_string(r->first, (size_t)(r->afterLast - r->first));
}

/* ---- the operations ---- */

static int parse(UriUriA *uri, const char *s, size_t n, const char **error) {
    return uriParseSingleUriExA(uri, s, s + n, error);
}

/* Writes the URI as text (RFC 3986 5.3), as the result. */
static void write_uri(const UriUriA *uri) {
    int size = 0;
    uriToStringCharsRequiredA(uri, &size);
    char *text = malloc((size_t)size + 1);
    uriToStringA(text, uri, size + 1, NULL);
    printf("\"result\": ");
    write_string(text, strlen(text));
    free(text);
}

static void components(const UriUriA *u) {
    /* The host text leaves out the brackets of an IP literal; the authority runs from the userinfo (or the host) to the port (or the host). */
    int literal = u->hostData.ip6 != NULL || u->hostData.ipFuture.first != NULL;
    printf("\"result\": {");
    write_range("scheme", &u->scheme);
    if (u->hostText.first != NULL) {
        UriTextRangeA host = { u->hostText.first - literal, u->hostText.afterLast + literal };
        UriTextRangeA authority = { u->userInfo.first != NULL ? u->userInfo.first : host.first, u->portText.first != NULL ? u->portText.afterLast : host.afterLast };
        printf(", "); write_range("authority", &authority);
        printf(", "); write_range("host", &host);
        printf(", \"hostKind\": \"%s\"", u->hostData.ip4 ? "IPv4address" : u->hostData.ip6 ? "IPv6address" : literal ? "IPvFuture" : "reg-name");
    } else printf(", \"authority\": null, \"host\": null, \"hostKind\": null");
    printf(", "); write_range("userinfo", &u->userInfo);
    printf(", "); write_range("port", &u->portText);
    /* The path: its segments joined by "/", after a "/" when it is absolute or follows an authority.
       (An empty segment's text may point anywhere: the segments are joined, never spanned.) */
    size_t n = 1;
    for (const UriPathSegmentA *s = u->pathHead; s != NULL; s = s->next) n += (size_t)(s->text.afterLast - s->text.first) + 1;
    char *path = malloc(n), *end = path;
    if (u->absolutePath || (u->hostText.first != NULL && u->pathHead != NULL)) *end++ = '/';
    for (const UriPathSegmentA *s = u->pathHead; s != NULL; s = s->next) {
        if (s != u->pathHead) *end++ = '/';
        memcpy(end, s->text.first, (size_t)(s->text.afterLast - s->text.first));
        end += s->text.afterLast - s->text.first;
    }
    printf(", \"path\": ");
    write_string(path, (size_t)(end - path));
    free(path);
    printf(", "); write_range("query", &u->query);
    printf(", "); write_range("fragment", &u->fragment);
    printf("}");
}

/* The number of code points in the UTF-8 bytes s[0..n). */
static long code_points(const char *s, size_t n) {
    long count = 0;
    for (size_t i = 0; i < n; i++) count += ((unsigned char)s[i] & 0xC0) != 0x80;
    return count;
}

/* Writes the answer (less its id) to a request. */
static void answer(Str keys[], Str values[], int count) {
    size_t n, n2;
    const char *op = get(keys, values, count, "op", &n);
    const char *grammar = get(keys, values, count, "grammar", &n);
    const char *rule = get(keys, values, count, "rule", &n);
    const char *input = get(keys, values, count, "input", &n);
    int rfc3986 = grammar != NULL && strcmp(grammar, "rfc3986") == 0;
    UriUriA uri, base, target;
    const char *error = NULL;
    if (strcmp(op, "validate") == 0 && rfc3986) {
        int reference = strcmp(rule, "URI-reference") == 0, absolute = strcmp(rule, "URI") == 0;
        int relative = strcmp(rule, "relative-ref") == 0, absoluteUri = strcmp(rule, "absolute-URI") == 0;
        if (!(reference || absolute || relative || absoluteUri)) { printf("\"unsupported\": true"); return; }
        int ok = parse(&uri, input, n, &error) == URI_SUCCESS;
        int scheme = ok && uri.scheme.first != NULL;
        int valid = ok && (reference || (relative ? !scheme : scheme && (!absoluteUri || uri.fragment.first == NULL)));
        printf("\"result\": %s", valid ? "true" : "false");
        if (ok) uriFreeUriMembersA(&uri);
    } else if (strcmp(op, "error-offset") == 0 && rfc3986 && strcmp(rule, "URI-reference") == 0) {
        if (parse(&uri, input, n, &error) == URI_SUCCESS) {
            printf("\"result\": null"); /* no error: uriparser takes it */
            uriFreeUriMembersA(&uri);
        } else printf("\"error\": \"syntax error\", \"codePointOffset\": %ld", code_points(input, (size_t)(error - input)));
    } else if (strcmp(op, "components") == 0 && rfc3986) {
        if (parse(&uri, input, n, &error) != URI_SUCCESS) { printf("\"error\": \"syntax error\""); return; }
        components(&uri);
        uriFreeUriMembersA(&uri);
    } else if (strcmp(op, "reading") == 0) {
        const char *b = get(keys, values, count, "base", &n2);
        if (parse(&uri, input, n, &error) != URI_SUCCESS) { printf("\"error\": \"syntax error\""); return; }
        if (b == NULL) { components(&uri); uriFreeUriMembersA(&uri); return; }
        if (parse(&base, b, n2, &error) != URI_SUCCESS) { printf("\"error\": \"syntax error in the base\""); uriFreeUriMembersA(&uri); return; }
        if (uriAddBaseUriExA(&target, &uri, &base, URI_RESOLVE_STRICTLY) != URI_SUCCESS) printf("\"error\": \"cannot resolve\"");
        else { components(&target); uriFreeUriMembersA(&target); }
        uriFreeUriMembersA(&uri);
        uriFreeUriMembersA(&base);
    } else if (strcmp(op, "resolve") == 0) {
        const char *mode = get(keys, values, count, "mode", &n);
        if (strcmp(mode, "rfc2396") == 0) { printf("\"unsupported\": true"); return; }
        const char *b = get(keys, values, count, "base", &n);
        const char *r = get(keys, values, count, "reference", &n2);
        if (parse(&base, b, n, &error) != URI_SUCCESS) { printf("\"error\": \"syntax error in the base\""); return; }
        if (parse(&uri, r, n2, &error) != URI_SUCCESS) { printf("\"error\": \"syntax error in the reference\""); uriFreeUriMembersA(&base); return; }
        int options = strcmp(mode, "strict") == 0 ? URI_RESOLVE_STRICTLY : URI_RESOLVE_IDENTICAL_SCHEME_COMPAT;
        if (uriAddBaseUriExA(&target, &uri, &base, (UriResolutionOptions)options) != URI_SUCCESS) printf("\"error\": \"cannot resolve\"");
        else { write_uri(&target); uriFreeUriMembersA(&target); }
        uriFreeUriMembersA(&uri);
        uriFreeUriMembersA(&base);
    } else if (strcmp(op, "normalize") == 0 && strcmp(get(keys, values, count, "level", &n2), "syntax") == 0) {
        if (parse(&uri, input, n, &error) != URI_SUCCESS) { printf("\"error\": \"syntax error\""); return; }
        uriNormalizeSyntaxA(&uri);
        write_uri(&uri);
        uriFreeUriMembersA(&uri);
    } else printf("\"unsupported\": true");
}

int main(void) {
    /* First, the protocol this adapter speaks and what it runs. */
    printf("{\"protocol\": 2, \"implementation\": \"uriparser %s\"}\n", URI_VER_ANSI);
    fflush(stdout);
    size_t cap = 0;
    char *line = NULL;
    while (getline(&line, &cap, stdin) > 0) {
        /* A request: a flat object of strings ("key": "value", ...). */
        Str keys[16], values[16];
        int count = 0;
        const char *p = line;
        while (count < 16 && (p = strchr(p, '"')) != NULL) {
            keys[count] = read_string(&p);
            p = strchr(p, ':');
            while (p != NULL && *++p == ' ') {}
            if (p == NULL || *p != '"') { free(keys[count].s); break; } /* not a string: template-expand's variables, after its id and op */
            values[count++] = read_string(&p);
        }
        size_t n;
        const char *id = get(keys, values, count, "id", &n);
        if (id == NULL) continue;
        printf("{\"id\": ");
        write_string(id, n);
        printf(", ");
        answer(keys, values, count);
        printf("}\n");
        fflush(stdout);
        for (int i = 0; i < count; i++) { free(keys[i].s); free(values[i].s); }
    }
    free(line);
    return 0;
}
