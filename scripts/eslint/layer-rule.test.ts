import { join } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { layerRule } from './layer-rule.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = join(import.meta.dirname, '..', '..');
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const options = [{ root }];
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const file = (path: string): string => join(root, path);
const ok = (path: string, code: string): RuleTester.ValidTestCase => ({
  filename: file(path),
  code,
  options,
});
const refused = (
  path: string,
  code: string,
  from: string,
  to: string,
): RuleTester.InvalidTestCase => ({
  filename: file(path),
  code,
  options,
  errors: [{ message: new RegExp(`^${escape(from)} may not import ${escape(to)} \\(`) }],
});

describe('the layer table, as a lint rule', () => {
  tester.run('marquee/layers', layerRule, {
    valid: [
      // Downwards, inside src-main and inside the domains.
      ok('src-main/tracking/history.ts', "import { log } from '../base/log';"),
      ok('src-main/import/jobs.ts', "import type { Tracking } from '../tracking/tracking';"),
      ok('src-main/stats/stats.ts', "import { isDate } from '../tracking/dates';"),
      ok('src-main/import/import-service.ts', "import { search } from '../cache/store/search';"),
      ok(
        'src-main/ipc/handlers/stats.ts',
        "import type { HandlersFor } from '../../../src-shared/ipc/handlers';",
      ),
      // SQL in db/ and a domain's store/ folder.
      ok('src-main/library/store/library.ts', "import type Database from 'better-sqlite3';"),
      ok('src-main/db/open.ts', "import Database from 'better-sqlite3';"),
      // Electron in the shell and the preload only.
      ok('src-main/shell/window.ts', "import { BrowserWindow } from 'electron';"),
      ok('src-preload/api.ts', "import { contextBridge } from 'electron';"),
      // Tests reach higher, and start the demo catalogue through its entry point.
      ok('src-main/base/log.test.ts', "import { startTestCore } from '../core/testing/core';"),
      ok('src-main/core/startup.test.ts', "import { startCatalogue } from '../../catalogue';"),
      // The demo wiring starts the catalogue.
      ok('src-main/shell/main.ts', "import { startCatalogue } from '../../catalogue/index';"),
      // The renderer runs views → components → lib, and speaks the contract.
      ok(
        'src-renderer/views/search/SearchView.svelte.ts',
        "import Button from '../../components/ui/Button.svelte';",
      ),
      ok(
        'src-renderer/lib/api.ts',
        "import type { ChannelName } from '../../src-shared/ipc/channels';",
      ),
      ok('src-shared/tmdb/endpoints.fixtures.test.ts', "import { readFileSync } from 'node:fs';"),
      ok('bench/stats.bench.ts', "import { createStats } from '../src-main/stats/stats';"),
      // A query string is not part of the path.
      ok('src-renderer/App.svelte.ts', "import logo from './lib/logo.svg?url';"),
    ],
    invalid: [
      // Inside the domains, upwards: tracking sits below import and stats.
      {
        ...refused(
          'src-main/tracking/history.ts',
          "import { jobs } from '../import/jobs';",
          'tracking',
          'import',
        ),
        errors: [
          {
            message:
              "tracking may not import import ('../import/jobs'). tracking may import only: " +
              'tracking/store, base, tmdb, db, credentials, settings, shared, npm, node, node/files, zod, ' +
              'changes, changes/store, cache, cache/store, auth, auth/store, library, library/store.',
          },
        ],
      },
      refused('src-main/cache/reads.ts', "export * from '../stats/stats';", 'cache', 'stats'),
      refused('src-main/library/user-library.ts', "import '../core/core';", 'library', 'core'),
      refused(
        'src-main/tracking/tracking.ts',
        "import type { HandlersFor } from '../../src-shared/ipc/handlers';",
        'tracking',
        'shared/handlers',
      ),
      refused('src-main/db/open.ts', "import { request } from '../tmdb/transport';", 'db', 'tmdb'),
      refused(
        'src-main/cache/reads.ts',
        "import Database from 'better-sqlite3';",
        'cache',
        'sqlite',
      ),
      refused('src-main/core/core.ts', "import '../shell/window';", 'core', 'shell'),
      // testing/ is for tests only.
      refused(
        'src-main/library/user-library.ts',
        "import { fakeAccount } from './testing/fake-account';",
        'library',
        'main:test',
      ),
      refused(
        'catalogue/server.ts',
        "import { client } from './testing/client';",
        'catalogue',
        'catalogue:test',
      ),
      refused(
        'e2e/harness/server.ts',
        "import { raw } from './testing/raw-request';",
        'harness',
        'e2e',
      ),
      // Electron, e2e and the demo catalogue's insides.
      refused('src-main/core/core.ts', "import { app } from 'electron';", 'core', 'electron'),
      refused(
        'src-main/base/log.test.ts',
        "import { app } from 'electron';",
        'main:test',
        'electron',
      ),
      refused(
        'src-main/core/core.test.ts',
        "import '../../e2e/harness/server';",
        'main:test',
        'harness',
      ),
      refused(
        'src-main/core/core.test.ts',
        "import '../../catalogue/handlers/movies';",
        'main:test',
        'catalogue',
      ),
      refused(
        'src-main/shell/window.ts',
        "import { startCatalogue } from '../../catalogue';",
        'shell',
        'catalogue/entry',
      ),
      refused(
        'src-main/shell/window.ts',
        "import '../../src-renderer/lib/api';",
        'shell',
        'renderer/lib',
      ),
      refused('bench/run.ts', "import '../catalogue/handlers/movies';", 'tools', 'catalogue'),
      refused('catalogue/server.ts', "import '../src-main/base/log';", 'catalogue', 'base'),
      // The renderer, the preload and the contract.
      refused(
        'src-renderer/lib/routes.ts',
        "import '../components/ui/Button.svelte';",
        'renderer/lib',
        'renderer/components',
      ),
      refused(
        'src-renderer/components/cards/Card.svelte.ts',
        "import '../../views/search/SearchView.svelte';",
        'renderer/components',
        'renderer/views',
      ),
      refused(
        'src-renderer/lib/api.ts',
        "import { log } from '../../src-main/base/log';",
        'renderer/lib',
        'base',
      ),
      refused(
        'src-renderer/lib/api.ts',
        "import { readFileSync } from 'node:fs';",
        'renderer/lib',
        'node/files',
      ),
      refused('src-preload/api.ts', "import { z } from 'zod';", 'preload', 'zod'),
      refused('src-preload/api.ts', "import '../src-main/ipc/guard';", 'preload', 'ipc'),
      refused('src-shared/ipc/contract.ts', "import { request } from 'undici';", 'shared', 'npm'),
      refused(
        'src-shared/ipc/contract.test.ts',
        "import { createHash } from 'node:crypto';",
        'shared:test',
        'node',
      ),
      // A file outside every layer is named as such.
      {
        filename: file('src-main/base/log.ts'),
        code: "import '../../package.json';",
        options,
        errors: [{ messageId: 'outside' }],
      },
    ],
  });
});
