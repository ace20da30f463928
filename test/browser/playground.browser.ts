/**
 * The playground in a real browser: the operating system's Chromium, headless,
 * driven by playwright-core (scripts/browser.ts says where it is found). The
 * page is dist/playground (npm run build), served by `urigram playground`'s
 * server and, once, opened from the disk. Each test types into the page as a
 * user would and asserts what the page shows.
 */
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../scripts/browser';
import { servePlayground, type Served } from '../../src/cli/playground';

const root = path.join(__dirname, '..', '..');
const site = path.join(root, 'dist', 'playground');
let browser: Browser;
let served: Served;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  served = await servePlayground(root, 0);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

beforeEach(async () => {
  page = await browser.newPage();
  pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  await page.setViewportSize({ width: 1100, height: 900 });
});

afterEach(async () => {
  await page.close();
  expect(pageErrors).toEqual([]);
});

async function open(fragment = ''): Promise<void> {
  await page.goto(`${served.url}${fragment}`);
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
}

/** Replaces the text of an input as a user would: focus, select all, type. */
async function typeInto(selector: string, text: string): Promise<void> {
  await page.focus(selector);
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  if (text === '') await page.keyboard.press('Backspace');
  else await page.keyboard.type(text);
}

const text = (selector: string) => page.$eval(selector, (e) => (e as HTMLElement).innerText);
const texts = (selector: string) => page.$$eval(selector, (es) => es.map((e) => (e as HTMLElement).innerText));

async function select(selector: string, value: string): Promise<void> {
  await page.selectOption(selector, value);
}

interface Case {
  readonly grammar: string;
  readonly valid: string;
  readonly components: Readonly<Record<string, string>>;
  readonly hostKind: string;
  readonly pathKind: string;
  readonly invalid: string;
  readonly offset: number;
  readonly expected: string;
  readonly rulePath: string;
}

const CASES: readonly Case[] = [
  {
    grammar: 'rfc3986',
    valid: 'ldap://[2001:db8::7]/c=GB?objectClass?one',
    components: { scheme: 'ldap', host: '[2001:db8::7]', path: '/c=GB', query: 'objectClass?one' },
    hostKind: 'IPv6address',
    pathKind: 'path-abempty',
    invalid: 'http://[::g]',
    offset: 10,
    expected: 'expected: HEXDIG, dec-octet, "]", found "g"',
    rulePath: 'URI-reference > URI > hier-part > authority > host > IP-literal > IPv6address',
  },
  {
    grammar: 'rfc3987',
    valid: 'http://résumé.example/ü?q#f',
    components: { scheme: 'http', host: 'résumé.example', path: '/ü', query: 'q', fragment: 'f' },
    hostKind: 'reg-name',
    pathKind: 'path-abempty',
    invalid: 'http://a/\uE000',
    offset: 9,
    expected: 'found "\uE000"',
    rulePath: 'IRI-reference > IRI > ihier-part',
  },
  {
    grammar: 'rfc2396',
    valid: 'mailto:info@example.com',
    components: { scheme: 'mailto', path: 'info@example.com' },
    hostKind: 'absent',
    pathKind: 'opaque-part',
    invalid: 'about:',
    offset: 6,
    expected: 'expected: ',
    rulePath: 'URI-reference > absoluteURI',
  },
];

describe.each(CASES)('$grammar', (c) => {
  it('draws a valid input with each component coloured in place, and the table with spans and kinds', async () => {
    await open();
    await select('#grammar', c.grammar);
    await typeInto('#input', c.valid);
    expect(await text('#status')).toMatch(/^valid /);
    const drawn = await page.$$eval('#drawn span', (es) => es.map((e) => [e.getAttribute('data-component'), e.textContent, getComputedStyle(e).color]));
    expect(drawn.map(([, t]) => t).join('')).toBe(c.valid);
    for (const [component, value] of Object.entries(c.components)) expect(drawn.find(([name]) => name === component)?.[1]).toBe(value);
    // Each component its own colour.
    const colours = new Set(drawn.filter(([name]) => name !== null).map(([, , colour]) => colour));
    expect(colours.size).toBe(drawn.filter(([name]) => name !== null).length);
    const row = async (name: string) => text(`#components tr[data-name="${name}"] td`);
    expect(await row('host kind')).toBe(c.hostKind);
    expect(await row('path kind')).toBe(c.pathKind);
    const start = c.valid.indexOf(c.components.scheme);
    expect(await text('#components tr[data-name="scheme"] td:last-child')).toBe(`[${start}, ${start + c.components.scheme.length})`);
  });

  it('shows an invalid input with the caret, the expected items, the rule path linked to the diagrams and the innermost rule drawn', async () => {
    await open();
    await select('#grammar', c.grammar);
    await typeInto('#input', c.invalid);
    expect(await text('#status')).toContain(`at offset ${c.offset}`);
    const caret = (await text('#caret')).split('\n');
    expect(caret[1]).toBe(`${' '.repeat([...c.invalid.slice(0, c.offset)].length)}^`);
    expect(await text('#expected')).toContain(c.expected);
    expect(await text('#rule-path')).toContain(c.rulePath);
    const links = await page.$$eval('#rule-path a', (es) => es.map((e) => e.getAttribute('href')));
    const innermost = c.rulePath.split(' > ').pop()!;
    expect(links).toContain(`../../docs/grammars/${c.grammar}.html#${innermost}`);
    const rulePath = await texts('#rule-path a');
    expect(await text('#diagram figcaption a')).toBe(rulePath[rulePath.length - 1]);
    expect(await page.$$eval('#diagram svg.railroad-diagram', (es) => es.length)).toBe(1);
  });
});

it('follows a rule of the rule path to its diagram on the grammar page', async () => {
  await open(`#i=${encodeURIComponent('http://[::g]')}`);
  await Promise.all([page.waitForURL(/grammars/), page.click('#rule-path a[data-rule="IP-literal"]')]);
  expect(page.url()).toBe(`${served.url}docs/grammars/rfc3986.html#IP-literal`);
  expect(await page.$eval(':target', (e) => e.id)).toBe('IP-literal');
  expect(await page.$$eval(':target svg.railroad-diagram a[data-rule="IPv6address"]', (es) => es.length)).toBe(1);
});

it('parses by any rule of the grammar chosen in the rule selector', async () => {
  await open();
  await select('#rule', 'dec-octet');
  await typeInto('#input', '256');
  expect(await text('#status')).toBe('invalid dec-octet at offset 2');
  await typeInto('#input', '255');
  expect(await text('#status')).toMatch(/^valid dec-octet/);
  expect(await text('#diagram figcaption a')).toBe('dec-octet');
  const options = await page.$$eval('#rule option', (es) => es.length);
  expect(options).toBeGreaterThan(30);
});

it('resolves, normalizes step by step, converts, and applies a lint fix on click', async () => {
  await open();
  await typeInto('#base', 'http://a/b/c/d;p?q');
  await typeInto('#input', 'http:../../../g');
  expect(await texts('#resolve-out dd')).toEqual(['http:g', 'http://a/g', 'http:../../../g']);
  await typeInto('#input', '../../../g');
  expect(await texts('#resolve-out dd')).toEqual(['http://a/g', 'http://a/g', 'http://a/../g']);
  await typeInto('#input', 'HTTP://h:80/a/./%7e');
  expect(await text('#normalized')).toBe('http://h/a/~');
  expect((await texts('#steps li')).map((s) => s.split(' ')[0])).toEqual(['decode-unreserved', 'lowercase-scheme', 'remove-dot-segments', 'remove-default-port']);
  expect(await texts('#iri-out dd')).toEqual(['HTTP://h:80/a/./~', 'HTTP://h:80/a/./~']);
  const before = await page.$$eval('#diagnostics li', (es) => es.length);
  await page.click('#diagnostics button.fix');
  expect(await page.$eval('#input', (e) => (e as HTMLInputElement).value)).not.toBe('HTTP://h:80/a/./%7e');
  expect(await page.$$eval('#diagnostics li', (es) => es.length)).toBe(before - 1);
});

it("shows both readings side by side, RFC 3986 and this browser's URL, with the difference and its cause (issue 31)", async () => {
  await open();
  await typeInto('#input', 'http://0x7f.1/');
  await page.waitForFunction(() => document.querySelector('#whatwg-verdict')?.textContent?.includes('differs'));
  const host = await page.$$eval('#readings tr[data-component="host"] td', (tds) => tds.map((td) => (td as HTMLElement).innerText));
  // The WHATWG side is Chromium's own URL here, not Node's.
  expect(host).toEqual(['0x7f.1 (reg-name)', '127.0.0.1 (IPv4)']);
  expect(await page.$eval('#readings tr[data-component="host"]', (tr) => tr.className)).toBe('differs');
  expect(await text('#whatwg-entries li[data-class="ipv4-number-form"] b')).toBe('difference: host, ipv4-number-form (security)');
  expect(await text('#whatwg-entries li mark')).toBe('0');
  await typeInto('#input', 'https://example.com/');
  await page.waitForFunction(() => document.querySelector('#whatwg-verdict')?.textContent?.includes('same'));
  expect(await text('#whatwg-out')).toContain('nothing to note');
});

it('keeps the state in the fragment: a link reproduces the case, back undoes a fix', async () => {
  await open();
  await select('#grammar', 'rfc3987');
  await typeInto('#input', 'http://é/a b');
  const url = page.url();
  expect(new URL(url).hash).toBe(`#i=${encodeURIComponent('http://é/a b').replace(/%2F/g, '/').replace(/%3A/g, ':')}&g=rfc3987`);
  const other = await browser.newPage();
  try {
    await other.goto(url);
    await other.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    expect(await other.$eval('#status', (e) => (e as HTMLElement).innerText)).toBe('invalid IRI-reference at offset 10');
    expect(await other.$eval('#grammar', (e) => (e as HTMLSelectElement).value)).toBe('rfc3987');
  } finally {
    await other.close();
  }
});

it('is usable from the keyboard alone', async () => {
  await open();
  await page.keyboard.press('Tab'); // the first link of the header
  let focused = '';
  for (let i = 0; i < 10 && focused !== 'input'; i++) {
    await page.keyboard.press('Tab');
    focused = await page.evaluate(() => document.activeElement?.id ?? '');
  }
  expect(focused).toBe('input');
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  await page.keyboard.type('http://h/%7e');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('grammar');
  await page.keyboard.press('ArrowDown'); // RFC 3987
  expect(await page.$eval('#grammar', (e) => (e as HTMLSelectElement).value)).toBe('rfc3987');
  await page.keyboard.press('ArrowUp');
  expect(await page.$eval('#grammar', (e) => (e as HTMLSelectElement).value)).toBe('rfc3986');
  // Tab on to the fix button and press Enter.
  for (let i = 0; i < 30 && !(await page.evaluate(() => document.activeElement?.classList.contains('fix'))); i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  expect(await page.$eval('#input', (e) => (e as HTMLInputElement).value)).toBe('http://h/~');
  // Focus is visible.
  await page.focus('#input');
  expect(await page.$eval('#input', (e) => getComputedStyle(e).outlineStyle)).toBe('solid');
});

it('fits a narrow screen without scrolling sideways', async () => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const fragment of [`#i=${encodeURIComponent('http://user@example.com:8080/a/very/long/path/that/goes/on/and/on?with=a&long=query#and-a-fragment')}`, `#i=${encodeURIComponent('http://[::g]')}`]) {
    await open(fragment);
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]);
  }
});

it('works opened from the disk, asking for nothing but its own files', async () => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  const index = pathToFileURL(path.join(site, 'index.html')).href;
  await page.goto(`${index}#i=${encodeURIComponent('foo://example.com:8042/over/there?name=ferret#nose')}`);
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  expect(await text('#status')).toMatch(/^valid URI-reference/);
  expect(await text('#components tr[data-name="port"] td')).toBe('8042');
  expect(requests.length).toBeGreaterThan(0);
  expect(requests.filter((u) => !u.startsWith(pathToFileURL(site).href) && !u.startsWith('data:'))).toEqual([]);
  // The grammar pages are reached from the disk too.
  await Promise.all([page.waitForURL(/grammars/), page.click('a[href$="docs/grammars/rfc2396.html"]')]);
  expect(page.url()).toBe(pathToFileURL(path.join(root, 'docs', 'grammars', 'rfc2396.html')).href);
  expect(await page.$$eval('section.rule', (es) => es.length)).toBeGreaterThan(40);
});

it('parses, expands and matches a URI Template in the template tab, and keeps it in the fragment', async () => {
  await open();
  await typeInto('#template', '/users/{id}{?q*}');
  await typeInto('#variables', '{"id": "a b", "q": {"lang": "en"}}');
  await typeInto('#match', '/users/42?lang=fr&page=2');
  expect(await text('#template-status')).toBe('a valid URI Template, Level 4');
  expect(await texts('#template-parts li')).toEqual(['literal /users/ [0, 7)', 'expression, operator (none): id [7, 11)', 'expression, operator ?: q* [11, 16)']);
  expect(await texts('#template-out dd')).toEqual(['/users/a%20b?lang=en', '/users/a%20b?lang=en', '{"id":"42","q":{"lang":"fr","page":"2"}}']);
  expect(new URL(page.url()).hash).toContain('t=');
  await typeInto('#template', '/users/{id');
  expect(await text('#template-status')).toBe('not a URI Template: offset 10');
  expect((await text('#template-caret')).split('\n')[1]).toBe(`${' '.repeat(10)}^`);
});
