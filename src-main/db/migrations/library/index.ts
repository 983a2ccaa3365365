import type { Migration } from '../../migrate';
import { library001 } from './001_initial';
import { library002 } from './002_tracking';
import { library003 } from './003_data_safety';

/** Append-only: add the next numbered file at the end. */
export const libraryMigrations: readonly Migration[] = [library001, library002, library003];
