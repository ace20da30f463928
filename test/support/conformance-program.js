#!/usr/bin/env node
// A program speaking the conformance protocol (JSON lines on stdin and
// stdout), for test/conformance.test.ts: it validates by urigram's built
// package, says "unsupported" to every other operation, hangs on the input
// "hang", exits on "crash", and answers "garbage" with a line that is not JSON.
// Given "banner", it first writes a line that answers nothing; given "once",
// it exits right after its first answer; given "chatter", it writes lines that
// answer nothing all the time; given "slow", it starts reading one second
// after it starts.
const readline = require('node:readline');
const { isValid, matches, REFERENCE_RULES } = require('../../dist/src');

const mode = process.argv[2];
if (mode === 'banner') process.stdout.write(JSON.stringify({ hello: 'a program that greets first' }) + '\n');
// Given "chatter", it writes a line that answers nothing every 50 ms and never answers "hang": the time limit is the case's, not the line's.
if (mode === 'chatter') require('node:timers').setInterval(() => process.stdout.write(JSON.stringify({ log: 'still here' }) + '\n'), 50);
const listen = () => readline.createInterface({ input: process.stdin }).on('line', answer);
if (mode === 'slow') require('node:timers').setTimeout(listen, 1000);
else listen();
function answer(line) {
  const r = JSON.parse(line);
  if (r.op !== 'validate') return void process.stdout.write(JSON.stringify({ id: r.id, unsupported: true }) + '\n');
  if (r.input === 'hang') return; // never answers
  if (r.input === 'crash') process.exit(3);
  if (r.input === 'garbage') return void process.stdout.write('this is not JSON\n');
  const reference = REFERENCE_RULES[r.grammar].includes(r.rule);
  const result = reference ? isValid(r.input, { grammar: r.grammar, rule: r.rule }) : matches(r.rule, r.input, { grammar: r.grammar });
  process.stdout.write(JSON.stringify({ id: r.id, result }) + '\n');
  if (mode === 'once') process.exit(0); // the answer is written before the exit: it must count
}
