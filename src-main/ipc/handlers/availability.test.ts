import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../base/log';
import { createDispatch } from '../guard';
import { echoHandlers } from '../testing/echo-handlers';
import { availabilityHandlers } from './availability';

const trusted = { trusted: true, origin: 'test' };

describe('the services.availability channel', () => {
  const asked: unknown[] = [];
  const dispatch = createDispatch(
    {
      ...echoHandlers(),
      ...availabilityHandlers(() =>
        Promise.resolve({
          availability: {
            availability: (items) => {
              asked.push(items);
              return {
                region: 'US',
                items: items.map((i) => ({ ...i, known: false, services: [] })),
              };
            },
          },
        }),
      ),
    },
    silentLogger,
  );

  it('answers each title asked about', async () => {
    const result = await dispatch(
      'services.availability',
      { items: [{ mediaType: 'tv', id: 1396 }] },
      trusted,
    );
    expect(result).toEqual({
      ok: true,
      value: { region: 'US', items: [{ mediaType: 'tv', id: 1396, known: false, services: [] }] },
    });
  });

  it.each([
    ['no items', { items: [] }, 'at least one title'],
    [
      'too many items',
      { items: Array.from({ length: 1001 }, (_, i) => ({ mediaType: 'movie', id: i + 1 })) },
      'at most 1000 titles',
    ],
    ['a person', { items: [{ mediaType: 'person', id: 1 }] }, 'mediaType'],
    ['an id that is not one', { items: [{ mediaType: 'movie', id: -3 }] }, 'id'],
    ['no input', undefined, ''],
  ])('refuses %s with a clear error, never asking the index', async (_label, input, says) => {
    const before = asked.length;
    const result = await dispatch('services.availability', input, trusted);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    if (!result.ok) expect(result.error.message).toContain(says);
    expect(asked).toHaveLength(before);
  });
});
