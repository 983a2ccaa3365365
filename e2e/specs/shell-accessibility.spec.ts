import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { AppFrame, sectionNames } from '../pages/frame.page';
import { expect, expectSection, test } from './shell.support';

test.describe('accessibility', () => {
  const require = createRequire(import.meta.url);

  test('every section passes axe (WCAG 2 A/AA), light and dark', async ({ page, stack }) => {
    const axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
    const frame = new AppFrame(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await frame.open(stack.harness.url);
      // Evaluated through the DevTools protocol, which the page's CSP does not govern.
      await page.evaluate(axeSource);
      for (const name of sectionNames) {
        await frame.clickSection(name);
        await expectSection(page, name);
        const violations = await page.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: {
                run: (
                  context: Document,
                  options: object,
                ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
              };
            }
          ).axe;
          const result = await axe.run(document, {
            runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] },
          });
          return result.violations.map(
            (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
          );
        });
        expect(violations, `${name} (${scheme})`).toEqual([]);
      }
    }
  });
});
