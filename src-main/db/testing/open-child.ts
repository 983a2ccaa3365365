/**
 * Child process of the two-processes test: opens both databases in the data folder argv[2] (with
 * their checks and migrations) and prints what start-up found as one JSON line.
 */
import fs from 'node:fs';
import { silentLogger } from '../../base/log';
import { openDatabases } from '../databases';

const [dir] = process.argv.slice(2);
if (!dir) throw new Error('usage: open-child <data folder>');
try {
  const dbs = await openDatabases(dir, { clock: Date.now, log: silentLogger });
  fs.writeSync(1, `${JSON.stringify({ ...dbs.status })}\n`);
  dbs.close();
} catch (error) {
  fs.writeSync(
    1,
    `${JSON.stringify({ error: error instanceof Error ? error.message : String(error) })}\n`,
  );
}
