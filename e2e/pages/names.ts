import type { Locator } from '@playwright/test';

/**
 * The accessible name of one element, as Chromium's accessibility tree computes it. Cards and
 * result rows are named by their visible text plus words read only by assistive technology, so
 * neither `textContent` nor an attribute gives the name a screen reader announces.
 */
export async function accessibleName(element: Locator): Promise<string> {
  // A short wait: an element that went away while a list re-rendered should fail fast, not hang.
  const snapshot = await element.ariaSnapshot({ timeout: 5_000 });
  const first = snapshot.split('\n')[0] ?? '';
  // e.g. `- link "Arrival (Movie, 2016, rated 7.6)":`; the name is a JSON-style quoted string.
  const quoted = /^- [a-z]+ ("(?:[^"\\]|\\.)*")/.exec(first)?.[1];
  if (quoted === undefined) throw new Error(`No accessible name in the snapshot: ${first}`);
  return JSON.parse(quoted) as string;
}

/** The accessible names of every element the locator matches, in order. */
export async function accessibleNames(elements: Locator): Promise<string[]> {
  const names: string[] = [];
  for (const element of await elements.all()) names.push(await accessibleName(element));
  return names;
}
