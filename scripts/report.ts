/**
 * Writing a report into BENCHMARKS.md (or a page of docs/): each script owns a
 * section between `<!-- NAME:begin -->` and `<!-- NAME:end -->`, replaced whole
 * on each run (appended when the file has none yet), the rest of the file left
 * as it is; with --check, the script says whether the section is what it writes.
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

/** The body of a section as the file has it, or undefined when the file has none. */
export function sectionOf(file: string, name: string): string | undefined {
  const text = fs.readFileSync(file, 'utf8');
  return new RegExp(`<!-- ${name}:begin -->\\n([\\s\\S]*?)\\n<!-- ${name}:end -->`).exec(text)?.[1];
}

/**
 * A report script's last step: with --check on the command line, exit code 1 and
 * `stale` on standard error when the section is not `body`; without, the section
 * replaced by `body`, which is printed.
 */
export function writeOrCheckSection(file: string, name: string, body: string, stale: string): void {
  if (process.argv.includes('--check')) {
    if (sectionOf(file, name) !== body) {
      process.stderr.write(`${stale}\n`);
      process.exitCode = 1;
    }
  } else {
    replaceSection(file, name, body);
    process.stdout.write(`${body}\n`);
  }
}
