import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { channelNames, type ChannelName } from '../../src-shared/ipc/channels';
import { contract } from '../../src-shared/ipc/contract';
import { memoryLogger } from '../base/testing/memory-logger';
import { createDispatch } from './guard';
import { echoHandlers } from './testing/echo-handlers';
import { hostileInput } from './testing/hostile-values';

/** At least this many generated inputs per run, spread over every channel of the contract. */
const TOTAL_INPUTS = 10_000;
const RUNS_PER_CHANNEL = Math.ceil(TOTAL_INPUTS / channelNames.length);

/** The keys a channel's input schema reads, so generated objects hit real fields too. */
function schemaKeys(channel: ChannelName): string[] {
  const schema: unknown = contract[channel].input;
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

const prototypeNames = (): string[] => [
  ...Object.getOwnPropertyNames(Object.prototype),
  ...Object.getOwnPropertyNames(Array.prototype),
  ...Object.getOwnPropertyNames(Function.prototype),
];

const outcomes = { inputs: 0, valid: 0, invalidInput: 0 };

describe('the IPC guard under generated hostile input', () => {
  const dispatch = createDispatch(echoHandlers(), memoryLogger());
  const before = prototypeNames();

  afterAll(() => {
    // The run's figures, for whoever reads the test output.
    console.info(`ipc fuzz: ${JSON.stringify(outcomes)} over ${channelNames.length} channels`);
    expect(outcomes.inputs).toBeGreaterThanOrEqual(TOTAL_INPUTS);
  });

  it.each(channelNames.map((c) => [c]))(
    '%s: never throws, answers invalid_input or a valid result, pollutes nothing',
    async (channel) => {
      await fc.assert(
        fc.asyncProperty(hostileInput(schemaKeys(channel)), async (input) => {
          outcomes.inputs += 1;
          const result = await dispatch(channel, input, { trusted: true, origin: 'fuzz' });
          if (result.ok) {
            outcomes.valid += 1;
            expect(result.value).toHaveProperty('echoed');
          } else {
            outcomes.invalidInput += 1;
            expect(result.error.code).toBe('invalid_input');
            expect(typeof result.error.message).toBe('string');
          }
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
          expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
          expect(prototypeNames()).toEqual(before);
        }),
        { numRuns: RUNS_PER_CHANNEL },
      );
    },
  );
});
