/**
 * The page side of the search benchmark: scripts evaluated in the page (text, as this file is
 * compiled without the DOM's types) that mark when a keystroke's results are painted, turn the
 * look-ahead off, and split a keystroke's local answer into its parts.
 */

/**
 * Marks, in the page, when the results of the box's text are painted: a capturing `keydown`
 * listener notes the keystroke, a MutationObserver on the results panel notices the list
 * labelled with the box's text, and the next animation frame is the paint. The local answer is
 * marked by "searching TMDB…"; TMDB's carries "results for “…”".
 */
export const PROBE = `(() => {
  const bench = { keydown: 0, echo: null, local: null, localDom: null, foreseen: null, network: null, seen: null, parsed: null };
  window.__searchBench = bench;
  // When the page's script gets the local answer's response, and its JSON: the bridge calls the
  // global fetch, so wrapping it sees the same call the resource timing entry describes.
  const pageFetch = window.fetch.bind(window);
  window.fetch = async (url, init) => {
    const local = typeof init?.body === 'string' && init.body.includes('"localOnly":true');
    const started = bench.keydown;
    const response = await pageFetch(url, init);
    if (!local || bench.keydown !== started) return response;
    bench.seen = performance.now() - started;
    const json = response.json.bind(response);
    response.json = async () => {
      const value = await json();
      if (bench.keydown === started) bench.parsed = performance.now() - started;
      return value;
    };
    return response;
  };
  const box = document.getElementById('search-input');
  const panel = document.getElementById('search-panel');
  // The resource buffer holds 250 entries: cleared per keystroke, it always has this one's calls.
  box.addEventListener('keydown', () => {
    performance.clearResourceTimings();
    const started = performance.now();
    bench.keydown = started;
    bench.echo = null;
    // The typed letter itself is painted in the next frame: the floor any answer's paint sits on.
    requestAnimationFrame(() => { if (bench.keydown === started) bench.echo = performance.now() - started; });
    bench.local = null;
    bench.localDom = null;
    bench.foreseen = null;
    bench.seen = null;
    bench.parsed = null;
    bench.network = null;
  }, true);
  const check = () => {
    const query = box.value.trim();
    const list = panel.querySelector('ul[aria-label]');
    if (!list || list.getAttribute('aria-label') !== 'Results for ' + query) return;
    const text = panel.textContent || '';
    const started = bench.keydown;
    if (bench.local === null && text.includes('searching TMDB')) {
      bench.local = -1;
      bench.localDom = performance.now() - started;
      // In the DOM before any reply to this keystroke reached the page: the look-ahead's answer.
      bench.foreseen = bench.seen === null;
      requestAnimationFrame(() => { if (bench.keydown === started) bench.local = performance.now() - started; });
    }
    if (bench.network === null && text.includes('results for \u201c' + query + '\u201d')) {
      bench.network = -1;
      requestAnimationFrame(() => { if (bench.keydown === started) bench.network = performance.now() - started; });
    }
  };
  new MutationObserver(check).observe(panel, { subtree: true, childList: true, characterData: true, attributes: true });
})()`;

/**
 * Turns the look-ahead off in a page (installed before the app's scripts): its calls fail, as
 * they would if the core could not answer them, so every keystroke's results cross the bridge.
 */
export const NO_LOOK_AHEAD = `(() => {
  const pageFetch = window.fetch.bind(window);
  window.fetch = (url, init) =>
    typeof init?.body === 'string' && init.body.includes('"channel":"search.ahead"')
      ? Promise.reject(new TypeError('the look-ahead is off in this page'))
      : pageFetch(url, init);
})()`;

export type PartName =
  'aheadDom' | 'aheadFrame' | 'input' | 'bridge' | 'queue' | 'json' | 'render' | 'frame';
export const PART_NAMES: readonly PartName[] = [
  'aheadDom',
  'aheadFrame',
  'input',
  'bridge',
  'queue',
  'json',
  'render',
  'frame',
];

/**
 * The local answer's parts, from the page's clock.
 *
 * - Answered from the look-ahead: keydown → the results in the DOM (the input handler, state and
 *   Svelte, in the keystroke's own task), and the DOM → the next frame.
 * - Answered through the bridge (no look-ahead held the letter): keydown → the bridge call starts
 *   (input handling); the call's round trip (HTTP on loopback plus the core, whose own time is
 *   measured apart in Node), to the last byte as the network stack saw it; the reply waiting for
 *   the page's main thread; reading its JSON; the answer → the results in the DOM (state,
 *   Svelte); the DOM → the next frame (waiting for the display's next frame, up to 16.7 ms
 *   however fast the rest is).
 */
export const PARTS = `(() => {
  const bench = window.__searchBench;
  if (bench.localDom === null || bench.local === null) return null;
  if (bench.foreseen) return { aheadDom: bench.localDom, aheadFrame: bench.local - bench.localDom };
  const call = performance.getEntriesByType('resource')
    .filter((e) => e.name.includes('/__marquee/ipc') && e.startTime >= bench.keydown)
    .sort((a, b) => a.startTime - b.startTime)[0];
  if (!call || bench.seen === null || bench.parsed === null) return null;
  const start = call.startTime - bench.keydown;
  const end = call.responseEnd - bench.keydown;
  return {
    input: start,
    bridge: end - start,
    queue: Math.max(0, bench.seen - end),
    json: bench.parsed - Math.max(bench.seen, end),
    render: bench.localDom - bench.parsed,
    frame: bench.local - bench.localDom,
  };
})()`;
