/**
 * Loads the built main bundle (out/main/index.js) in plain Node, with `electron` resolved to a
 * stand-in (bench/heavy-electron.mjs), and times it: the module loaded (imported and evaluated,
 * which starts the shell), then the main window asked for its page. Run by the heavy suite in a
 * new process each time, without a TypeScript loader: `node bench/heavy-bundle.mjs <bundle>`,
 * with MARQUEE_DATA_DIR and the TMDB settings in the environment; prints one line `bundle {json}`.
 */
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';

const stub = new URL('./heavy-electron.mjs', import.meta.url).href;
const hooks = `export async function resolve(specifier, context, next) {
  return specifier === 'electron' ? { url: ${JSON.stringify(stub)}, shortCircuit: true } : next(specifier, context);
}`;

const cpuMs = (since) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

async function probe(bundle) {
  register(`data:text/javascript,${encodeURIComponent(hooks)}`);
  // The same module instance the bundle gets for "electron".
  const { windowAsked } = await import(stub);
  const cpu = process.cpuUsage();
  const start = performance.now();
  await import(pathToFileURL(bundle).href);
  const loadedMs = performance.now() - start;
  const loadedCpuMs = cpuMs(cpu);
  for (;;) {
    if (windowAsked.at !== null)
      return { loadedMs, windowMs: windowAsked.at - start, loadedCpuMs, windowCpuMs: cpuMs(cpu) };
    if (performance.now() - start > 60_000) throw new Error('no window after 60 s');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const [bundle] = process.argv.slice(2);
if (bundle)
  probe(bundle).then(
    (times) => {
      process.stdout.write(`bundle ${JSON.stringify(times)}\n`);
      process.exit(0);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
