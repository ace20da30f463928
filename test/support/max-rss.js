// Preloaded (NODE_OPTIONS=--require) into a spawned urigram by the tests of bounded memory: says the process's
// peak resident set on standard error as it exits, in KiB: VmHWM of /proc/self/status (Linux), the high-water mark
// of this process's own memory since its exec, every thread's. Not getrusage's ru_maxrss: Linux carries the
// parent's high-water mark over fork and exec into it, so a child of a jest worker of 160 MB said 160 MB whatever
// it used (a CI run saw validate and lint both "peak" at exactly 168,534,016 bytes).
'use strict';
const fs = require('fs');
process.on('exit', () => {
  let kib;
  try {
    const m = /^VmHWM:\s*(\d+) kB$/m.exec(fs.readFileSync('/proc/self/status', 'latin1'));
    if (m) kib = Number(m[1]);
  } catch {
    // not Linux
  }
  process.stderr.write(`\nurigram-test-max-rss ${kib ?? process.resourceUsage().maxRSS}\n`);
});
