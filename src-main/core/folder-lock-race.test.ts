import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleChild } from '../db/testing/bundle-child';
import { tempDir } from '../db/testing/db-files';
import { LOCK_FILE } from './folder-lock';

const CHILD = path.join(import.meta.dirname, 'testing', 'lock-child.ts');
const CHILDREN = 6;
const TRIALS = 30;

interface Answer {
  ready?: boolean;
  won?: boolean;
  owner?: number;
  released?: boolean;
  error?: string;
}

/** A child process that takes and releases a folder's lock when told, answering one line each. */
class Contender {
  private readonly answers: Answer[] = [];
  private readonly waiting: ((answer: Answer) => void)[] = [];
  constructor(private readonly child: ChildProcessByStdio<Writable, Readable, null>) {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const answer = JSON.parse(line) as Answer;
      const waiter = this.waiting.shift();
      if (waiter) waiter(answer);
      else this.answers.push(answer);
    });
  }
  get pid(): number {
    return this.child.pid ?? -1;
  }
  tell(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }
  next(): Promise<Answer> {
    const ready = this.answers.shift();
    return ready ? Promise.resolve(ready) : new Promise((resolve) => this.waiting.push(resolve));
  }
  stop(): void {
    this.child.stdin.end();
    this.child.kill();
  }
}

/** A process id that surely ran on this host and has ended. */
async function pidOfEndedProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid ?? -1;
}

describe('the data folder lock between processes starting together', () => {
  const tmp = tempDir('marquee-lock-race-');
  const contenders: Contender[] = [];

  beforeAll(async () => {
    const script = await bundleChild(CHILD, tmp.dir);
    for (let i = 0; i < CHILDREN; i++) {
      const contender = new Contender(
        spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'inherit'] }),
      );
      contenders.push(contender);
    }
    for (const contender of contenders) expect(await contender.next()).toEqual({ ready: true });
  }, 60_000);
  afterAll(() => {
    for (const contender of contenders) contender.stop();
    tmp.cleanup();
  });

  /** Tells every child at once to take the folder's lock; returns their answers, then releases. */
  async function race(folder: string): Promise<Answer[]> {
    for (const contender of contenders) contender.tell(`go ${folder}`);
    const answers = await Promise.all(contenders.map((c) => c.next()));
    for (const contender of contenders) contender.tell('release');
    for (const contender of contenders) expect(await contender.next()).toEqual({ released: true });
    return answers;
  }

  const winnersIn = (answers: Answer[]): number => answers.filter((a) => a.won === true).length;

  it(`exactly one of ${CHILDREN} takes a free folder, and the others name it, ${TRIALS} trials`, async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const folder = fs.mkdtempSync(path.join(tmp.dir, 'free-'));
      const answers = await race(folder);
      expect(answers.filter((a) => a.error !== undefined)).toEqual([]);
      expect(winnersIn(answers)).toBe(1);
      const winner = contenders[answers.findIndex((a) => a.won === true)];
      for (const answer of answers.filter((a) => a.won === false)) {
        expect(answer.owner).toBe(winner?.pid);
      }
      // The last one out leaves nothing behind.
      expect(fs.readdirSync(folder)).toEqual([]);
    }
  }, 120_000);

  it(`exactly one of ${CHILDREN} takes over a lock left by a process that ended, ${TRIALS} trials`, async () => {
    const ended = await pidOfEndedProcess();
    for (let trial = 0; trial < TRIALS; trial++) {
      const folder = fs.mkdtempSync(path.join(tmp.dir, 'stale-'));
      // An older Marquee's lock: its bare pid.
      fs.writeFileSync(path.join(folder, LOCK_FILE), `${ended}\n`);
      const answers = await race(folder);
      expect(answers.filter((a) => a.error !== undefined)).toEqual([]);
      expect(winnersIn(answers)).toBe(1);
      expect(fs.readdirSync(folder)).toEqual([]);
    }
  }, 120_000);
});
