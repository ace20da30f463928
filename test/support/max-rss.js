// Preloaded (NODE_OPTIONS=--require) into a spawned urigram by the tests of bounded memory: says the process's
// peak resident set (getrusage's ru_maxrss, every thread's, in KiB) on standard error as it exits.
'use strict';
process.on('exit', () => {
  process.stderr.write(`\nurigram-test-max-rss ${process.resourceUsage().maxRSS}\n`);
});
