/**
 * Writing a report into BENCHMARKS.md: each script owns a section between
 * `<!-- NAME:begin -->` and `<!-- NAME:end -->`, replaced whole on each run
 * (appended when the file has none yet), the rest of the file left as it is.
 */
import * as fs from 'node:fs';

export function replaceSection(file: string, name: string, body: string): void {
  const begin = `<!-- ${name}:begin -->`;
  const end = `<!-- ${name}:end -->`;
  let text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const block = `${begin}\n${body.trimEnd()}\n${end}`;
  const at = text.indexOf(begin);
  text = at >= 0 ? text.slice(0, at) + block + text.slice(text.indexOf(end) + end.length) : `${text.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(file, text);
}
