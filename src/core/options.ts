/**
 * The options of every exported function, checked in one place: each
 * function declares what its options may hold (an `OptionSpec`) and calls
 * `checkOptions` before anything else. An options argument that is not a
 * plain object, an option the function does not know, or a value of the wrong
 * type or outside its set is a UriOptionError naming the function and the
 * option. `undefined` (the argument left out, or an option set to undefined)
 * means the defaults; `null` is an error, as any other non-object is. This
 * module imports nothing, so that every module can use it.
 *
 * `checkOptions(…, undefined, …)` returns at once, so that a call without
 * options (the hot path of parse and isValid) pays one comparison.
 */

/** An option of an exported function that is unknown, of the wrong type or outside its values. */
export class UriOptionError extends TypeError {
  /** The function that was called, e.g. "normalize". */
  readonly function: string;
  /** The option, as a path into the options: "grammar", "steps.decode-unreserved"; "" for the options argument itself. */
  readonly option: string;
  /** The value that was given. */
  readonly value: unknown;

  /** `message` follows "FUNCTION: " in the error's message. */
  constructor(fn: string, option: string, value: unknown, message: string) {
    super(`${fn}: ${message}`);
    this.name = 'UriOptionError';
    this.function = fn;
    this.option = option;
    this.value = value;
  }
}

/**
 * Checks one option's value (never undefined: that is the default, and always
 * allowed); returns what is wrong with it ("must be ..."), or undefined.
 */
export type OptionCheck = (value: unknown, fn: string, option: string) => string | undefined;

/** The options a function takes, each with its check. */
export type OptionSpec = Readonly<Record<string, OptionCheck>>;

/** How a value is described in a message: strings quoted, others by type. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'object') {
    // A Map or a class instance is named by its class: "got an object" would read as the plain object asked for.
    let name: unknown;
    try {
      name = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor?.name;
    } catch {
      // A proxy or a getter that throws: described without its class, never failing here.
    }
    return typeof name === 'string' && /^[\w$]{1,40}$/.test(name) && name !== 'Object' ? `an object (${name})` : 'an object';
  }
  if (value === undefined) return 'undefined';
  if (typeof value === 'symbol') return 'a symbol';
  return `${typeof value} ${String(value)}${typeof value === 'bigint' ? 'n' : ''}`;
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * An object literal (or Object.create(null)): not an array, a Map, a Date, and
 * not an object whose options would come from its prototype, which the check
 * of own keys would not see but the functions would read.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** true or false. */
export const boolean: OptionCheck = (value) => (typeof value === 'boolean' ? undefined : `must be true or false, got ${describeValue(value)}`);

/** One of the listed strings. */
export function oneOf(values: readonly string[]): OptionCheck {
  return (value) => (typeof value === 'string' && values.includes(value) ? undefined : `must be ${orList(values)}, got ${describeValue(value)}`);
}

/** An object whose own keys are among `keys`, each with a value that `check` accepts (or undefined). */
export function recordOf(keys: readonly string[], what: string, check: OptionCheck): OptionCheck {
  return (value, fn, option) => {
    if (!isPlainObject(value)) return `must be an object of ${what}, got ${describeValue(value)}`;
    for (const key of Object.keys(value)) {
      if (!keys.includes(key)) throw new UriOptionError(fn, `${option}.${key}`, value[key], `unknown ${what.replace(/s$/, '')} ${JSON.stringify(key)} in option ${option}: expected one of ${keys.join(', ')}`);
      const v = value[key];
      const problem = v === undefined ? undefined : check(v, fn, `${option}.${key}`);
      if (problem !== undefined) throw new UriOptionError(fn, `${option}.${key}`, v, `option ${option}.${key} ${problem}`);
    }
    return undefined;
  };
}

function orList(values: readonly string[]): string {
  const quoted = values.map((v) => JSON.stringify(v));
  return quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

/**
 * Throws a UriOptionError unless `options` is undefined or an object whose
 * own keys are all in `spec`, each undefined or accepted by its check.
 */
export function checkOptions(fn: string, options: unknown, spec: OptionSpec): void {
  if (options === undefined) return;
  if (!isPlainObject(options)) {
    throw new UriOptionError(fn, '', options, `the options must be a plain object or undefined, got ${describeValue(options)}`);
  }
  // for-in with an own-property test, not Object.keys: no array allocated on every call.
  for (const key in options) {
    if (!hasOwn.call(options, key)) continue;
    const check = hasOwn.call(spec, key) ? spec[key] : undefined;
    if (check === undefined) {
      const known = Object.keys(spec);
      throw new UriOptionError(fn, key, options[key], `unknown option ${JSON.stringify(key)}: ${known.length === 0 ? 'it takes no options' : `expected ${known.join(', ')}`}`);
    }
    const value = options[key];
    if (value === undefined) continue;
    const problem = check(value, fn, key);
    if (problem !== undefined) throw new UriOptionError(fn, key, value, `option ${key} ${problem}`);
  }
}

/**
 * Whether `options` is a plain object whose one own enumerable key is `key`, holding `value` (compared with
 * ===): the checks checkOptions makes of such an object, in the same order and with the same reads, less its
 * lookups in the spec. When it is true, checkOptions with a spec that has `key` and accepts `value` passes; a
 * caller may then skip it (for the common shape of a hot path, isValid's `{ grammar: 'whatwg-url' }`, where
 * they were a sixth of the call). False says nothing: the caller runs checkOptions, which reads the object
 * again (a getter or a Proxy's trap then runs once more than without this shortcut; no answer changes).
 */
export function hasOnlyOption(options: unknown, key: string, value: unknown): boolean {
  if (!isPlainObject(options)) return false;
  let seen = false;
  for (const k in options) {
    if (!hasOwn.call(options, k)) continue;
    if (k !== key || options[k] !== value) return false;
    seen = true;
  }
  return seen;
}

/** Throws a UriOptionError unless `check` accepts `value`: for an option passed as an argument of its own (rulesOf's grammar). */
export function checkOption(fn: string, option: string, value: unknown, check: OptionCheck): void {
  const problem = check(value, fn, option);
  if (problem !== undefined) throw new UriOptionError(fn, option, value, `${option} ${problem}`);
}
