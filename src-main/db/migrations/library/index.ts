import type { Migration } from '../../migrate';
import { library001 } from './001_initial';
import { library002 } from './002_tracking';
import { library003 } from './003_data_safety';
import { library004 } from './004_import_jobs';
import { library005 } from './005_stats_facts';
import { library006 } from './006_play_totals';
import { library007 } from './007_import_waiting';
import { library008 } from './008_import_follows';
import { library009 } from './009_changes';
import { library010 } from './010_capture';
import { library011 } from './011_sync';
import { library012 } from './012_capture_poll';
import { library013 } from './013_progress_summaries';
import { library014 } from './014_preferences';
import { library015 } from './015_bulk_plays';
import { library016 } from './016_arrivals';
import { library017 } from './017_stats_answers';
import { library018 } from './018_bulk_merge';

/** Append-only: add the next numbered file at the end. */
export const libraryMigrations: readonly Migration[] = [
  library001,
  library002,
  library003,
  library004,
  library005,
  library006,
  library007,
  library008,
  library009,
  library010,
  library011,
  library012,
  library013,
  library014,
  library015,
  library016,
  library017,
  library018,
];
