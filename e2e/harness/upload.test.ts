import { rmSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EventBus } from '../../src-main/base/events';
import { ImportFileError } from '../../src-main/import/rows';
import { KEY_HEADER } from './auth';
import { UPLOAD_PATH } from './bridge-script';
import { startHarness, type Harness } from './server';
import { fakeRendererDir } from './testing/fake-renderer';
import { rawRequest } from './testing/raw-request';
import { uploadedFileName } from './upload';

/** Every file that reached the core, to prove refused uploads never do. */
const staged: { name: string; bytes: Uint8Array }[] = [];
let harness: Harness;
let bare: Harness;
let dirs: { root: string; rendererDir: string };
let key: string;
const LIMIT = 4096;

beforeAll(async () => {
  dirs = fakeRendererDir();
  const core = {
    dispatch: () =>
      Promise.resolve({ ok: false as const, error: { code: 'internal' as const, message: '' } }),
    events: new EventBus(),
  };
  harness = await startHarness({
    core,
    rendererDir: dirs.rendererDir,
    maxUploadBytes: LIMIT,
    stageUpload: (name, bytes) => {
      if (bytes[0] === 0x89) {
        return Promise.reject(
          new ImportFileError(`${name} is a PNG image, not an export Marquee can read.`),
        );
      }
      if (name === 'crash.csv') return Promise.reject(new Error('disk exploded at /home/me'));
      staged.push({ name, bytes });
      return Promise.resolve({
        sourceId: 's1',
        name,
        format: 'imdb',
        files: [name],
        sizeBytes: bytes.length,
      });
    },
  });
  bare = await startHarness({ core, rendererDir: dirs.rendererDir });
  key = new URL(harness.url).searchParams.get('key') ?? '';
});

afterAll(async () => {
  await harness.close();
  await bare.close();
  rmSync(dirs.root, { recursive: true, force: true });
});

beforeEach(() => {
  staged.length = 0;
});

function upload(
  body: Buffer | string,
  headers: Record<string, string> = {},
  to: Harness = harness,
) {
  return rawRequest(to.origin, {
    method: 'POST',
    path: UPLOAD_PATH,
    headers: {
      Origin: to.origin,
      [KEY_HEADER]: key,
      'Content-Type': 'application/octet-stream',
      'X-File-Name': encodeURIComponent('Amélie’s ratings.csv'),
      ...headers,
    },
    body,
  });
}

describe('the harness upload', () => {
  it('hands the exact bytes and the decoded name to the core and answers the staged source', async () => {
    const bytes = Buffer.from([0x43, 0x6f, 0x6e, 0x73, 0x74, 0xff, 0x00, 0x0a]);
    const res = await upload(bytes);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({
      ok: true,
      value: {
        sourceId: 's1',
        name: 'Amélie’s ratings.csv',
        format: 'imdb',
        files: ['Amélie’s ratings.csv'],
        sizeBytes: 8,
      },
    });
    expect(staged).toHaveLength(1);
    expect(Buffer.from(staged[0]?.bytes ?? []).equals(bytes)).toBe(true);
  });

  it('keeps only the last segment of a name that tries to point elsewhere', async () => {
    const res = await upload('x', { 'X-File-Name': encodeURIComponent('../../etc/passwd') });
    expect(res.status).toBe(200);
    expect(staged.map((s) => s.name)).toEqual(['passwd']);
  });

  it('refuses a call without this run’s key, or from another page, before reading the file', async () => {
    const noKey = await upload('x', { [KEY_HEADER]: 'wrong' });
    expect(noKey.status).toBe(403);
    const foreign = await upload('x', { Origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const rebound = await upload('x', { Host: 'evil.example' });
    expect(rebound.status).toBe(403);
    expect(staged).toEqual([]);
  });

  it('accepts only POST of raw bytes with a file name', async () => {
    expect((await rawRequest(harness.origin, { path: UPLOAD_PATH })).status).toBe(405);
    expect((await upload('x', { 'Content-Type': 'application/json' })).status).toBe(415);
    const unnamed = await upload('x', { 'X-File-Name': '' });
    expect(unnamed.status).toBe(400);
    expect(JSON.parse(unnamed.body)).toMatchObject({ error: { code: 'invalid_input' } });
    const control = await upload('x', { 'X-File-Name': encodeURIComponent('a\nb.csv') });
    expect(control.status).toBe(400);
    const broken = await upload('x', { 'X-File-Name': '%E0%A4%A' });
    expect(broken.status).toBe(400);
    expect(staged).toEqual([]);
  });

  it('refuses a file over the limit with 413 and a sentence naming the limit', async () => {
    const res = await upload(Buffer.alloc(LIMIT + 1, 0x41));
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringContaining('4,096 bytes') as string },
    });
    expect(staged).toEqual([]);
  });

  it('passes a reader’s refusal on in the user’s words and hides anything else', async () => {
    const png = await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47]), {
      'X-File-Name': 'cover.csv',
    });
    expect(png.status).toBe(200);
    expect(JSON.parse(png.body)).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        message: 'cover.csv is a PNG image, not an export Marquee can read.',
      },
    });
    const crash = await upload('x', { 'X-File-Name': 'crash.csv' });
    expect(crash.status).toBe(200);
    const body = JSON.parse(crash.body) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('internal');
    expect(body.error.message).not.toContain('/home/me');
  });

  it('is absent from a harness that stages nothing', async () => {
    const res = await upload(
      'x',
      {
        Origin: bare.origin,
        [KEY_HEADER]: new URL(bare.url).searchParams.get('key') ?? '',
      },
      bare,
    );
    expect(res.status).toBe(404);
  });
});

describe('uploadedFileName', () => {
  it('decodes, trims to the last segment and refuses what cannot name a file', () => {
    expect(uploadedFileName(encodeURIComponent('Letterboxd export.zip'))).toBe(
      'Letterboxd export.zip',
    );
    expect(uploadedFileName('C%3A%5CUsers%5Cme%5Cratings.csv')).toBe('ratings.csv');
    expect(uploadedFileName(undefined)).toEqual({ error: expect.any(String) as string });
    expect(uploadedFileName(['a', 'b'])).toEqual({ error: expect.any(String) as string });
    expect(uploadedFileName('..')).toEqual({ error: expect.any(String) as string });
    expect(uploadedFileName('x'.repeat(256))).toEqual({ error: expect.any(String) as string });
  });
});
