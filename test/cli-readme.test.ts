/**
 * The command-line reference (docs/cli.md) against the command table (src/cli/table.ts):
 * every command and option of the table is in the section, and the section names
 * no command or option that the table lacks.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { usageLines } from '../src/cli/args';
import { optionName, type Command, type OptionSpec } from '../src/cli/command';
import { COMMANDS, HELP, TOP_OPTIONS } from '../src/cli/table';

const HEADING = '# The command line';

/** docs/cli.md, the command-line reference, from its heading. */
function readmeSection(readme: string): string {
  const start = readme.indexOf(`${HEADING}\n`);
  if (start !== 0) throw new Error(`docs/cli.md does not start with "${HEADING}"`);
  return readme;
}

interface Table {
  readonly commands: readonly Command[];
  readonly top: readonly OptionSpec[];
  readonly help: OptionSpec;
}

/** The code of the section: its fenced blocks, and its `backquoted` spans outside them. */
function codeOf(section: string): { blocks: string[]; spans: string[] } {
  const blocks = [...section.matchAll(/^```[a-z]*\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  const prose = section.replace(/^```[a-z]*\n[\s\S]*?^```$/gm, '');
  const spans = [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);
  return { blocks, spans };
}

/** What the section gets wrong about the table; empty when it is true to it. */
function readmeProblems(section: string, table: Table): string[] {
  const problems: string[] = [];
  const names = new Set(table.commands.map((c) => c.name));
  const flagsOf = (c: Command) => new Set([...c.options, table.help].flatMap((o) => o.flags));
  const topFlags = new Set(table.top.flatMap((o) => o.flags));
  const allFlags = new Set([...topFlags, ...table.commands.flatMap((c) => [...flagsOf(c)])]);
  const { blocks, spans } = codeOf(section);
  const synopsis = blocks[0] ?? '';
  const synopsisLines = synopsis.split('\n').filter((l) => l.startsWith('urigram '));

  // The table, in the section: each command's usage lines in the synopsis, each option, each allowed value.
  for (const command of table.commands) {
    for (const line of usageLines(command)) if (!synopsisLines.includes(line)) problems.push(`synopsis lacks "${line}"`);
    for (const option of command.options) {
      const name = optionName(option);
      if (!section.includes(name)) problems.push(`${command.name} ${name} is not in the section`);
      if (option.allowed === undefined) continue;
      // Some paragraph names the option and, each in backquotes, the values it allows.
      const told = section.split(/\n\n+/).some((p) => p.includes(`\`${name}\``) && option.allowed!.every((v) => p.includes(`\`${v}\``)));
      if (!told) problems.push(`no paragraph says which values ${command.name} ${name} allows (${option.allowed.join(', ')})`);
    }
  }
  for (const option of table.top) if (!section.includes(optionName(option))) problems.push(`${optionName(option)} is not in the section`);

  // And nothing the table lacks: each synopsis line is a command's (or help's), with that command's options.
  for (const line of synopsisLines) {
    const name = line.split(' ')[1];
    if (name === 'help') continue;
    const command = table.commands.find((c) => c.name === name);
    if (command === undefined) {
      problems.push(`synopsis names a command the table lacks: ${name}`);
      continue;
    }
    if (!usageLines(command).includes(line)) problems.push(`synopsis line is not a usage line of ${name}: "${line}"`);
  }
  // Any `urigram WORD` in the code of the section names a command (or help).
  for (const code of [...blocks, ...spans]) {
    for (const m of code.matchAll(/(?:^|[\s$])urigram ([a-z][a-z0-9-]*)/gm)) {
      if (m[1] !== 'help' && !names.has(m[1])) problems.push(`names a command the table lacks: urigram ${m[1]}`);
    }
  }
  // Any --option anywhere in the section is one the table has.
  for (const m of section.matchAll(/(?<![\w-])--[a-z][a-z0-9-]*/g)) {
    if (!allFlags.has(m[0])) problems.push(`names an option the table lacks: ${m[0]}`);
  }
  return [...new Set(problems)];
}

const TABLE: Table = { commands: COMMANDS, top: TOP_OPTIONS, help: HELP };
const section = readmeSection(fs.readFileSync(path.join(__dirname, '..', 'docs', 'cli.md'), 'utf8'));

describe("the README's command-line section and the command table", () => {
  it('the section has the synopsis and names what the table has, and nothing else', () => {
    expect(section).toContain('```\nurigram parse ');
    expect(readmeProblems(section, TABLE)).toEqual([]);
  });

  it('covers every command and every option of the table', () => {
    // The check reads the whole table: eleven commands, their options and urigram's own.
    expect(TABLE.commands.length).toBeGreaterThanOrEqual(11);
    for (const command of TABLE.commands) for (const option of command.options) expect(section).toContain(optionName(option));
  });

  describe('the check fails', () => {
    it('on a command the table has and the section lacks', () => {
      const line = 'urigram to-iri [--idna] [--jobs N] [URI ...]';
      expect(section).toContain(`${line}\n`);
      expect(readmeProblems(section.replace(`${line}\n`, ''), TABLE)).toEqual([`synopsis lacks "${line}"`]);
    });

    it('on an option the table has and the section lacks', () => {
      const withoutQuiet = section.replace(/--quiet/g, '--loud');
      expect(readmeProblems(withoutQuiet, TABLE)).toEqual(
        expect.arrayContaining(['synopsis lacks "urigram validate [--grammar G] [--rule R] [--scheme] [--quiet] [--jobs N] [--progress] [--no-progress] [URI ...]"', 'validate --quiet is not in the section', 'names an option the table lacks: --loud']),
      );
    });

    it('on an option value the section does not tell', () => {
      const withoutSyntax = section.replace('`syntax`', 'syntax');
      expect(readmeProblems(withoutSyntax, TABLE)).toEqual(['no paragraph says which values normalize --level allows (syntax, scheme)']);
    });

    it('on a command the section names and the table lacks', () => {
      const more = section.replace('urigram to-iri [--idna] [--jobs N] [URI ...]\n', 'urigram to-iri [--idna] [--jobs N] [URI ...]\nurigram frob [URI ...]\n');
      expect(readmeProblems(more, TABLE)).toEqual(['synopsis names a command the table lacks: frob', 'names a command the table lacks: urigram frob']);
      expect(readmeProblems(`${section}\nSee \`urigram frob\`.\n`, TABLE)).toEqual(['names a command the table lacks: urigram frob']);
    });

    it('on an option the section gives a command that does not take it', () => {
      const more = section.replace('urigram to-iri [--idna] [--jobs N] [URI ...]', 'urigram to-iri [--idna] [--json] [--jobs N] [URI ...]');
      expect(readmeProblems(more, TABLE)).toEqual(['synopsis lacks "urigram to-iri [--idna] [--jobs N] [URI ...]"', 'synopsis line is not a usage line of to-iri: "urigram to-iri [--idna] [--json] [--jobs N] [URI ...]"']);
    });

    it('on a command or option added to the table and not to the section', () => {
      const frob: Command = { ...COMMANDS[0], name: 'frob', options: [{ flags: ['--frob'], description: 'frob' }] };
      expect(readmeProblems(section, { ...TABLE, commands: [...COMMANDS, frob] })).toEqual(['synopsis lacks "urigram frob [--frob] [URI ...]"', 'frob --frob is not in the section']);
    });
  });
});
