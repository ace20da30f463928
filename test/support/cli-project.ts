/**
 * What the tests of `urigram lint --extract` share: the built command line run in a scratch project, a file
 * written there, and the problems of a text run.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export const CLI = path.join(__dirname, '..', '..', 'dist', 'src', 'cli.js');

export interface CliRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `node [nodeOptions] dist/src/cli.js args` in `cwd`, standard input `stdin` (default none). */
export function spawnCli(nodeOptions: readonly string[], args: readonly string[], cwd: string, stdin = ''): CliRun {
  const r = spawnSync(process.execPath, [...nodeOptions, CLI, ...args], { cwd, input: stdin, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Writes a file of the project (its directories made). */
export function writeIn(project: string, file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
  fs.writeFileSync(path.join(project, file), text);
}

/** The problems of a text run: "file:line:col code", one per line, without the summary. */
export function problems(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter((l) => /^\S+:\d+:\d+ {2}/.test(l))
    .map((l) => {
      const parts = l.split('  ');
      return `${parts[0]} ${parts[parts.length - 1]}`;
    });
}
