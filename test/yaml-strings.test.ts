/**
 * src/template/yaml.ts: the string scalars of a YAML document's block
 * structure, with their paths and each code unit's place (issue 45, item 3:
 * YAML OpenAPI's servers[].url and the Markdown of descriptions). Values are
 * those YAML 1.2.2 gives the scalars (its examples 8.1 to 8.10 for block
 * scalars, 7.4 to 7.9 for flow scalars), written out here by hand.
 */
import { yamlStrings } from '../src/template/yaml';
import { jsonStrings, yamlTemplates } from '../src/template/json';

const all = () => true;

/** Each string as [path, value]. */
const read = (text: string): Array<[string, string]> => yamlStrings(text, all).strings.map((s) => [s.path.join('.'), s.value]);

describe('yamlStrings', () => {
  it('an OpenAPI document as people write it: block mappings and sequences, every kind of scalar', () => {
    const text = [
      'openapi: 3.0.3 # the version',
      'info:',
      '  title: Pets',
      '  description: |',
      '    A sample API. See [the guide](https://example.com/guide).',
      '',
      '    More: https://example.com/more',
      'servers:',
      '- url: https://{env}.example.com/v1',
      '  variables:',
      '    env: {default: api}',
      '- url: "https://api.example.com/{version}"',
      '  description: >-',
      '    Folded text with',
      '    a [link](http://a.example/x).',
      'paths:',
      "  '/pets/{petId}':",
      '    get:',
      '      description:',
      '        plain multi',
      '        line http://b.example/',
      '      parameters:',
      '        - name: petId',
      "          description: 'It''s the id'",
      '          in: path',
      '---',
      'x: "esc\\u00e9 \\"q\\""',
      '',
    ].join('\n');
    const strings = yamlStrings(text, all).strings;
    expect(strings.map((s) => [s.path.join('.'), s.value])).toEqual([
      ['openapi', '3.0.3'],
      ['info.title', 'Pets'],
      ['info.description', 'A sample API. See [the guide](https://example.com/guide).\n\nMore: https://example.com/more'],
      ['servers.0.url', 'https://{env}.example.com/v1'],
      ['servers.1.url', 'https://api.example.com/{version}'],
      ['servers.1.description', 'Folded text with a [link](http://a.example/x).'],
      ['paths./pets/{petId}.get.description', 'plain multi line http://b.example/'],
      ['paths./pets/{petId}.get.parameters.0.name', 'petId'],
      ["paths./pets/{petId}.get.parameters.0.description", "It's the id"],
      ['paths./pets/{petId}.get.parameters.0.in', 'path'],
      ['x', 'esc\u00e9 "q"'],
    ]);
    expect([...yamlStrings(text, all).rootKeys]).toEqual(['openapi', 'info', 'servers', 'paths', 'x']);
    // Each code unit at its place: the text's own, or a joiner at a line break, or an escape at its backslash.
    for (const s of strings) {
      for (let k = 0; k < s.value.length; k++) {
        const at = s.offsets ? s.offsets[k] : s.start + k;
        if (text[at] !== s.value[k]) expect(['\n', '\\', "'"]).toContain(text[at]);
      }
      if (s.offsets === undefined) expect(text.slice(s.start, s.end)).toBe(s.value);
    }
  });

  it('keeps only what it is asked for; the URI Templates of an OpenAPI document only', () => {
    const text = 'servers:\n  - url: https://a.example/{x}\nlinks:\n  - href: /b/{y}\n';
    expect(yamlStrings(text, (p) => p[p.length - 1] === 'href').strings.map((s) => s.value)).toEqual(['/b/{y}']);
    expect(yamlTemplates(text, new Set()).map((t) => [t.path, t.template])).toEqual([['links[0].href', '/b/{y}']]);
    expect(yamlTemplates(`openapi: 3.1.0\n${text}`, new Set()).map((t) => t.path)).toEqual(['servers[0].url', 'links[0].href']);
  });

  it('what it does not read gives nothing and throws nothing: flow collections, aliases, an unclosed quote, tabs, no YAML at all', () => {
    expect(read('a: [1, {b: "c"}, \n  d]\ne: *x\nf: &y !!str g\n')).toEqual([['f', 'g']]);
    // An unclosed quote: the lines after it are read on.
    expect(read('a: "open\n\nb: c\n')).toEqual([['b', 'c']]);
    expect(read('{"json": "too"}')).toEqual([]);
    expect(read('# only a comment\n')).toEqual([]);
    expect(read('')).toEqual([]);
  });
});

describe('yamlStrings on hostile documents: linear, no stack overflow', () => {
  it('nesting 100,000 deep by indentation and by "- " (read to MAX_DEPTH, then no further)', () => {
    const lines: string[] = [];
    for (let d = 0; d < 2000; d++) lines.push(`${' '.repeat(d)}a:`);
    lines.push(`${' '.repeat(2000)}description: deep`);
    expect(yamlStrings(lines.join('\n'), all).strings).toEqual([]);
    const dashes = `${'- '.repeat(100_000)}x\n`;
    expect(yamlStrings(dashes, all).strings).toEqual([]);
    const shallow = `${'- '.repeat(100)}x\n`;
    expect(yamlStrings(shallow, all).strings.map((s) => [s.path.length, s.value])).toEqual([[100, 'x']]);
  });

  it('a million-character scalar of each kind, and 200,000 lines of a block scalar', () => {
    const long = 'x'.repeat(1_000_000);
    expect(yamlStrings(`a: ${long}\n`, all).strings[0].value.length).toBe(1_000_000);
    expect(yamlStrings(`a: "${'\\"'.repeat(500_000)}"\n`, all).strings[0].value).toBe('"'.repeat(500_000));
    expect(yamlStrings(`a: '${"''".repeat(500_000)}'\n`, all).strings[0].value).toBe("'".repeat(500_000));
    const block = `description: |\n${'  line http://a.example/\n'.repeat(200_000)}`;
    expect(yamlStrings(block, all).strings[0].value.split('\n')).toHaveLength(200_000);
    // Unclosed flow collections and quotes (and a bad escape): each looked through once, the lines after them read on.
    expect(yamlStrings(`a: ${'['.repeat(1_000_000)}`, all).strings).toEqual([]);
    expect(yamlStrings(`a: "\n${'b: c\n'.repeat(200_000)}`, all).strings).toHaveLength(200_000);
    expect(yamlStrings(`a: "\\q\n${'b: c\n'.repeat(200_000)}`, all).strings).toHaveLength(200_000);
  });

  it('JSON nested past its bound is read as no JSON (jsonStrings), not with a stack overflow', () => {
    expect(jsonStrings(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toBeUndefined();
    expect(jsonStrings('{"openapi": "3.1.0", "info": {"description": "d"}}')!.strings.map((s) => s.path.join('.'))).toEqual(['openapi', 'info.description']);
  });
});
