import type { Migration } from '../../migrate';
import { library001 } from './001_initial';

/** Append-only: add the next numbered file at the end. */
export const libraryMigrations: readonly Migration[] = [library001];
