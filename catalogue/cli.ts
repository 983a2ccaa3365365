import { parseArgs } from 'node:util';
import { startCatalogue } from './server';

/**
 * `npm run catalogue -- --port N [--titles N] [--seed N] [--clean]`: starts the local catalogue and
 * prints the settings a Marquee process needs as KEY=value lines. Runs until SIGINT or SIGTERM.
 * The demo shows real-world messy data and a demo account with a library; `--clean` leaves both out.
 */
function wholeNumber(
  name: string,
  raw: string | undefined,
  fallback: number | undefined,
): number | undefined {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) {
    process.stderr.write(`--${name} expects a whole number, got "${raw}"\n`);
    process.exit(2);
  }
  return Number(raw);
}

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    titles: { type: 'string' },
    seed: { type: 'string' },
    token: { type: 'string' },
    clean: { type: 'boolean', default: false },
  },
  strict: true,
});

const catalogue = await startCatalogue({
  port: wholeNumber('port', values.port, 0),
  titles: wholeNumber('titles', values.titles, undefined),
  seed: wholeNumber('seed', values.seed, undefined),
  accessToken: values.token,
  messy: !values.clean,
});

process.stdout.write(
  [
    `TMDB_API_BASE=${catalogue.apiBase}`,
    `TMDB_IMAGE_BASE=${catalogue.imageBase}`,
    `TMDB_ACCESS_TOKEN=${catalogue.accessToken}`,
    `TMDB_DEMO_USER=${catalogue.demoUser}`,
    `TMDB_DEMO_PASSWORD=${catalogue.demoPassword}`,
  ].join('\n') + '\n',
);

const stop = (): void => {
  void catalogue.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
