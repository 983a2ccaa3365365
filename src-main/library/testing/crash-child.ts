/**
 * Child process of the crash test: opens the library at argv[2] and queues watchlist changes for
 * movie ids from argv[3] upwards, writing each id to stdout right after applyUserChange returns.
 * The parent kills it with SIGKILL at a random moment.
 */
import fs from 'node:fs';
import { openDatabase } from '../../db/open';
import { createLibrary } from '../store/library';

const [file, start] = process.argv.slice(2);
if (!file || !start) throw new Error('usage: crash-child <library.db> <first id>');
const opened = await openDatabase(file, { kind: 'library' });
if (opened.status !== 'ok') throw new Error(`library not ok: ${opened.status}`);
const library = createLibrary(opened.db, { clock: Date.now });
fs.writeSync(1, 'ready\n');
for (let id = Number(start); ; id++) {
  library.applyUserChange({ type: 'watchlist', mediaType: 'movie', mediaId: id, on: true });
  // Synchronous write: the id reaches the pipe only after the change is durable.
  fs.writeSync(1, `${id}\n`);
}
