#!/usr/bin/env node
/**
 * The urigram command line: the entry point package.json's "bin" names
 * (dist/src/cli.js). The command line itself is in src/cli/: the command
 * table (table.ts), the option parser and help (args.ts), the output layer
 * (output.ts, sarif.ts), positions in files (positions.ts), the commands
 * (commands.ts) and main (main.ts). Node built-ins are allowed there and here
 * (and in scripts/): the library itself must run in a browser.
 */
import { main } from './cli/main';
import { EXIT_INTERNAL } from './cli/io';

export { main } from './cli/main';
export { commandTable } from './cli/table';
export { EXIT_INTERNAL, EXIT_INVALID, EXIT_OUTPUT, EXIT_USAGE, EXIT_VALID, type Io } from './cli/io';

if (require.main === module) {
  process.stderr.on('error', () => undefined);
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`urigram: internal error (a bug in urigram; please report it): ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exitCode = EXIT_INTERNAL;
    },
  );
}
