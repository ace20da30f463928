/**
 * The long half of test/linear.test.ts (issue 47 item 5: not in `npm test`, run by `npm run test:long` and CI).
 *
 * normalize's one-look expression for a mailto URI kept a frame per repetition of its group on V8's backtracking
 * stack, and threw RangeError on a mailto URI of 4 M addresses (16 M characters: smaller ones did not overflow);
 * inputs over 4096 code units now take the steps (src/operations/normalize.ts, ONE_LOOK_MAX). The input has to be
 * that long to prove it, and the steps hold about 1.7 GB on it (measured with VmHWM, 2026-12-07), more than a jest
 * worker of npm test may reach (1.5 GB): so it runs here, in its own file.
 */
import { normalize } from '../src';

const M = 1_000_000;

jest.setTimeout(120_000);

/** Runs `work`, then lets jest's timeout fire if `work` outlasted it (as test/linear.test.ts does). */
async function finishes<T>(work: () => T): Promise<T> {
  const result = work();
  await new Promise((done) => setTimeout(done, 0));
  return result;
}

describe('long runs of what an expression repeats: no stack overflow', () => {
  it('normalize leaves a mailto URI of 4 M addresses as it is', async () => {
    const mailto = `mailto:${'a@b,'.repeat(4 * M)}a@b`;
    expect(await finishes(() => normalize(mailto))).toBe(mailto);
  });
});
