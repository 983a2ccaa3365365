import { describe, expect, it } from 'vitest';
import { memoryLogger } from '../base/testing/memory-logger';
import { DAMAGED_MESSAGE } from '../db/storage-errors';
import { createDispatch } from './guard';
import { echoHandlers } from './testing/echo-handlers';

const trusted = { trusted: true, origin: 'test' };

/** An array nested `depth` times: `String()` of it recurses once per level and overflows the stack. */
function deepArray(depth: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

/** An object whose every property access throws, the way a hostile proxy behaves. */
const hostileProxy = new Proxy(
  {},
  {
    get() {
      throw new Error('trap: get');
    },
    has() {
      throw new Error('trap: has');
    },
    ownKeys() {
      throw new Error('trap: ownKeys');
    },
    getOwnPropertyDescriptor() {
      throw new Error('trap: descriptor');
    },
    getPrototypeOf() {
      throw new Error('trap: prototype');
    },
  },
);

const throwingGetter = Object.defineProperty({}, 'page', {
  enumerable: true,
  get() {
    throw new Error('getter');
  },
});

const cycle: Record<string, unknown> = { page: 1 };
cycle.self = cycle;

describe('the IPC guard never throws', () => {
  const hostileChannels: [string, unknown][] = [
    ['{ toString: 1 }', { toString: 1 }],
    ['an array nested 200,000 deep', deepArray(200_000)],
    ['a hostile proxy', hostileProxy],
    ['a symbol', Symbol('channel')],
    ['an object without a prototype', Object.create(null)],
    [
      'a throwing toString',
      {
        toString: () => {
          throw new Error('no');
        },
      },
    ],
  ];

  it.each(hostileChannels)(
    'answers unknown_channel for a channel that is %s, trusted or not',
    async (_label, channel) => {
      const dispatch = createDispatch(echoHandlers(), memoryLogger());
      await expect(dispatch(channel, undefined, trusted)).resolves.toMatchObject({
        ok: false,
        error: { code: 'unknown_channel' },
      });
      await expect(
        dispatch(channel, undefined, { trusted: false, origin: 'evil' }),
      ).resolves.toMatchObject({ ok: false, error: { code: 'forbidden' } });
    },
  );

  it.each([
    ['a hostile proxy', hostileProxy],
    ['a throwing getter', throwingGetter],
    ['an array nested 200,000 deep', deepArray(200_000)],
  ])('answers invalid_input for input that is %s', async (_label, input) => {
    const dispatch = createDispatch(echoHandlers(), memoryLogger());
    const result = await dispatch('browse.topRatedTv', input, trusted);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it.each([
    ['a cycle', cycle],
    ['a __proto__ key', JSON.parse('{"__proto__": {"polluted": true}, "page": 1}') as unknown],
  ])('passes only the parsed fields of input that is %s, polluting nothing', async (_l, input) => {
    const dispatch = createDispatch(echoHandlers(), memoryLogger());
    const result = await dispatch('browse.topRatedTv', input, trusted);
    expect(result).toEqual({ ok: true, value: { echoed: { page: 1 } } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('redacts a channel name before cutting it, so no part of a secret survives the cut', async () => {
    const secret = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlX29mX3Rva2Vu';
    // The guard cuts a channel name at 80 characters: cut first, the JWT no longer looks like one.
    const channel = `${'x'.repeat(70)} ${secret}`;
    const log = memoryLogger();
    const result = await createDispatch(echoHandlers(), log)(channel, undefined, trusted);
    expect(result.ok).toBe(false);
    const text = JSON.stringify(result) + log.lines.join('\n');
    expect(text).not.toContain(secret.slice(0, 8));
  });
});

describe('storage failures met by a handler', () => {
  it('answers damage found by a read (SQLITE_CORRUPT) in plain words, not as internal', async () => {
    const damaged = Object.assign(new Error('database disk image is malformed'), {
      code: 'SQLITE_CORRUPT',
    });
    const dispatch = createDispatch(
      {
        ...echoHandlers(),
        'browse.topRatedTv': () => {
          throw damaged;
        },
      },
      memoryLogger(),
    );
    const result = await dispatch('browse.topRatedTv', { page: 1 }, trusted);
    expect(result).toEqual({ ok: false, error: { code: 'storage_io', message: DAMAGED_MESSAGE } });
  });
});

describe('the turn a call waits for before its handler runs', () => {
  it('runs the handler only once the turn is given, and not for invalid input', async () => {
    const order: string[] = [];
    let give = (): void => undefined;
    const dispatch = createDispatch(
      {
        ...echoHandlers(),
        'settings.get': () => {
          order.push('handler');
          return { echoed: null } as never;
        },
      },
      memoryLogger(),
      {
        before: (channel) => {
          order.push(`turn ${channel}`);
          return new Promise<void>((resolve) => (give = resolve));
        },
      },
    );
    const answer = dispatch('settings.get', undefined, trusted);
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['turn settings.get']);
    give();
    expect((await answer).ok).toBe(true);
    expect(order).toEqual(['turn settings.get', 'handler']);
    expect((await dispatch('settings.get', 'not an input', trusted)).ok).toBe(false);
    expect(order).toHaveLength(2);
  });
});
