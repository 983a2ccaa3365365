import { describe, expect, it } from 'vitest';
import type { CrewMember } from '../../../src-shared/tmdb/schemas/credits';
import { crewByDepartment } from './credits';

const crew = (id: number, name: string, department: string, job: string): CrewMember => ({
  adult: false,
  credit_id: `c${id}${job}`,
  gender: 0,
  id,
  known_for_department: department,
  name,
  original_name: name,
  popularity: 1,
  profile_path: null,
  department,
  job,
});

describe('crewByDepartment', () => {
  it('groups by department and job, each person once per job', () => {
    const groups = crewByDepartment([
      crew(1, 'Ann', 'Writing', 'Writer'),
      crew(2, 'Bo', 'Directing', 'Director'),
      crew(1, 'Ann', 'Writing', 'Writer'),
      crew(3, 'Cy', 'Writing', 'Story'),
    ]);
    expect(groups).toEqual([
      { department: 'Directing', jobs: [{ job: 'Director', names: [{ id: 2, name: 'Bo' }] }] },
      {
        department: 'Writing',
        jobs: [
          { job: 'Story', names: [{ id: 3, name: 'Cy' }] },
          { job: 'Writer', names: [{ id: 1, name: 'Ann' }] },
        ],
      },
    ]);
  });
});
