import fc from 'fast-check';

/**
 * Values a compromised renderer (or a hostile page talking to the harness bridge) could send as a
 * call's input: wrong types, huge strings, deep nesting, `__proto__`/`constructor` keys, NaN and
 * ±Infinity, lone surrogates, throwing getters and proxies whose every trap throws.
 */

function nested(depth: number, wrap: (inner: unknown) => unknown): unknown {
  let value: unknown = null;
  for (let i = 0; i < depth; i += 1) value = wrap(value);
  return value;
}

/** Built once: generating them per run would cost more than the guard under test. */
const HUGE_STRING = 'x'.repeat(2_000_000);
const DEEP_ARRAY = nested(200_000, (inner) => [inner]);
const DEEP_OBJECT = nested(100_000, (inner) => ({ page: inner, query: inner }));

/**
 * Every string-keyed trap throws. Symbol keys answer "nothing here": fast-check itself asks each
 * generated value for its clone symbol, and must get through to hand the proxy to the guard.
 */
const trapsThatThrow: ProxyHandler<object> = {
  get: (_target, key) => {
    if (typeof key === 'symbol') return undefined;
    throw new Error('hostile get');
  },
  has: (_target, key) => {
    if (typeof key === 'symbol') return false;
    throw new Error('hostile has');
  },
  ownKeys: () => {
    throw new Error('hostile ownKeys');
  },
  getOwnPropertyDescriptor: () => {
    throw new Error('hostile descriptor');
  },
  getPrototypeOf: () => {
    throw new Error('hostile prototype');
  },
};

function cycle(): unknown {
  const value: Record<string, unknown> = { page: 1, query: 'a' };
  value.self = value;
  value.items = [value];
  return value;
}

/** A lone high or low surrogate, alone or inside other text. */
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

const strangeString = fc.oneof(
  fc.string({ unit: fc.oneof(loneSurrogate, fc.string({ unit: 'binary', maxLength: 1 })) }),
  fc.constantFrom(
    '',
    '\u0000',
    '\uD800',
    '\uDFFF',
    'a\uD83D',
    '__proto__',
    'constructor',
    'prototype',
    HUGE_STRING,
    '9'.repeat(400),
  ),
);

const strangeNumber = fc.oneof(
  fc.constantFrom(NaN, Infinity, -Infinity, -0, Number.MAX_VALUE, Number.MIN_VALUE, 2 ** 53, -1),
  fc.double(),
  fc.integer(),
);

/** Leaves fast-check may itself print (`withObjectString` stringifies generated values). */
const printableLeaf = fc.oneof(
  strangeNumber,
  strangeString,
  fc.constantFrom<unknown>(
    null,
    undefined,
    true,
    false,
    10n,
    Symbol('hostile'),
    () => 'a function',
    new Date(Number.NaN),
  ),
);

/** Plus the values nothing may print: 200,000 levels deep, traps that throw, cycles. */
const strangeLeaf = fc.oneof(
  printableLeaf,
  fc.constantFrom<unknown>(DEEP_ARRAY, DEEP_OBJECT),
  fc.constant(null).map(() => new Proxy({}, trapsThatThrow)),
  fc.constant(null).map(() => cycle()),
);

/** Keys that collide with the prototype chain, or that the channel's schema actually reads. */
function keyArbitrary(schemaKeys: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'toJSON'),
    schemaKeys.length > 0 ? fc.constantFrom(...schemaKeys) : fc.constant('page'),
    fc.string({ unit: fc.oneof(loneSurrogate, fc.string({ unit: 'binary', maxLength: 1 })) }),
  );
}

/** Sets a key as an own property even when it is `__proto__`, as JSON.parse does. */
function own(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    configurable: true,
    writable: true,
  });
}

/** An object shaped like the channel's input: its own keys, hostile values, sometimes a trap. */
function shapedObject(
  schemaKeys: readonly string[],
  value: fc.Arbitrary<unknown>,
): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      fc.array(fc.tuple(keyArbitrary(schemaKeys), value), { maxLength: 6 }),
      fc.constantFrom('plain', 'throwing-getter', 'null-prototype', 'proto-pollution'),
    )
    .map(([entries, kind]) => {
      const target: Record<string, unknown> = {};
      if (kind === 'null-prototype') Object.setPrototypeOf(target, null);
      for (const [key, v] of entries) own(target, key, v);
      if (kind === 'throwing-getter') {
        Object.defineProperty(target, schemaKeys[0] ?? 'page', {
          enumerable: true,
          get() {
            throw new Error('hostile getter');
          },
        });
      }
      if (kind === 'proto-pollution') {
        own(target, '__proto__', { polluted: 'yes', isAdmin: true });
        own(target, 'constructor', { prototype: { polluted: 'yes' } });
      }
      return target;
    });
}

/** Any hostile input for a channel whose input schema reads `schemaKeys`. */
export function hostileInput(schemaKeys: readonly string[]): fc.Arbitrary<unknown> {
  const value = fc.anything({
    maxDepth: 3,
    maxKeys: 5,
    key: keyArbitrary(schemaKeys),
    values: [printableLeaf],
    withBigInt: true,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withNullPrototype: true,
    withObjectString: true,
    withSparseArray: true,
    withTypedArray: true,
  });
  return fc.oneof(
    strangeLeaf,
    value,
    shapedObject(schemaKeys, value),
    shapedObject(schemaKeys, strangeLeaf),
  );
}
