import { describe, expect, it } from 'vitest';
import { CodedError } from '../../src-shared/ipc/errors';
import { useTestWorker } from './testing/worker-fixture';

/** A job asks the main process what only it can answer, and hears its answer or its error. */

const w = useTestWorker({ prefix: 'marquee-ask-' });

describe('a job asking the main process', () => {
  it('hears each answer, in turn', async () => {
    const asked: unknown[] = [];
    const answers = await w.runner.run(
      'test.ask',
      { questions: ['first', 'second'] },
      {
        answer: (question) => {
          asked.push(question);
          return Promise.resolve({ said: `${String(question)}!` });
        },
      },
    );
    expect(asked).toEqual(['first', 'second']);
    expect(answers).toEqual([{ said: 'first!' }, { said: 'second!' }]);
  });

  it('hears an error with its code and words, and fails with it when it does not catch it', async () => {
    const run = w.runner.run(
      'test.ask',
      { questions: ['anything'] },
      { answer: () => Promise.reject(new CodedError('offline', 'Marquee is offline.')) },
    );
    await expect(run).rejects.toMatchObject({ code: 'offline', message: 'Marquee is offline.' });
  });

  it('is told plainly when its caller answers nothing', async () => {
    await expect(w.runner.run('test.ask', { questions: ['anything'] })).rejects.toMatchObject({
      code: 'internal',
    });
    // The worker is still there for the next job.
    await expect(w.runner.run('test.echo', { text: 'hi' })).resolves.toMatchObject({ text: 'hi' });
    expect(w.runner.starts()).toBe(1);
  });
});
