import { parse, withoutStacks } from '../src/core/parse';

describe('withoutStacks: per-input work of the commands (and lint\'s findings, tryParse\'s errors) captures no stack trace', () => {
  it('an error thrown inside has its message and no frames', () => {
    let caught: unknown;
    try {
      withoutStacks(() => parse('http://a b/'));
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(Error);
    const stack = (caught as Error).stack ?? '';
    expect(stack).toContain('offset 8');
    expect(stack).not.toMatch(/\n\s+at /);
  });

  it('restores the limit after a throw and after a return, and passes the value on', () => {
    const before = Error.stackTraceLimit;
    expect(() => withoutStacks(() => {
      throw new Error('x');
    })).toThrow('x');
    expect(Error.stackTraceLimit).toBe(before);
    expect(withoutStacks(() => 42)).toBe(42);
    expect(Error.stackTraceLimit).toBe(before);
    // Outside it, errors keep their frames (an internal error, exit 70, prints its stack).
    expect(new Error('y').stack).toMatch(/\n\s+at /);
  });

  it('runs f with its stacks where Error is frozen (node --frozen-intrinsics), instead of throwing', () => {
    const descriptor = Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit')!;
    Object.defineProperty(Error, 'stackTraceLimit', { ...descriptor, writable: false });
    try {
      expect(withoutStacks(() => 7)).toBe(7);
      expect(() => withoutStacks(() => parse('http://a b/'))).toThrow('offset 8');
    } finally {
      Object.defineProperty(Error, 'stackTraceLimit', descriptor);
    }
  });
});
