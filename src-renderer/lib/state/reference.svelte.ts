import type { Country, DepartmentJobs } from '../../../src-shared/tmdb/schemas/reference';
import { call } from '../api';
import { RemoteList } from './remote-list.svelte';

/** TMDB's reference data shown in Settings: countries, and crew departments with their jobs. */
export class ReferenceData {
  readonly countries = new RemoteList<Country>(() => call('reference.countries'));
  readonly jobs = new RemoteList<DepartmentJobs>(() => call('reference.jobs'));

  /** Loads whatever has not been loaded yet. */
  async ensure(): Promise<void> {
    await Promise.all([this.countries.ensure(), this.jobs.ensure()]);
  }

  reset(): void {
    this.countries.reset();
    this.jobs.reset();
  }
}

export const reference = new ReferenceData();
