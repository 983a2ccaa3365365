import type { CastMember, CrewMember } from '../../../src-shared/tmdb/schemas/credits';

export interface JobGroup {
  job: string;
  names: { id: number; name: string }[];
}

export interface DepartmentGroup {
  department: string;
  jobs: JobGroup[];
}

/** Crew grouped by department, then by job, both alphabetically; a person listed twice for one job appears once. */
export function crewByDepartment(crew: readonly CrewMember[]): DepartmentGroup[] {
  const departments = new Map<string, Map<string, Map<number, string>>>();
  for (const member of crew) {
    const jobs = departments.get(member.department) ?? new Map<string, Map<number, string>>();
    departments.set(member.department, jobs);
    const people = jobs.get(member.job) ?? new Map<number, string>();
    jobs.set(member.job, people);
    people.set(member.id, member.name);
  }
  return [...departments.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([department, jobs]) => ({
      department,
      jobs: [...jobs.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([job, people]) => ({
          job,
          names: [...people.entries()].map(([id, name]) => ({ id, name })),
        })),
    }));
}

/** Older guest-star entries name the role `character_name`. */
export function roleOf(member: CastMember): string | null {
  return (member.character ?? member.character_name ?? '').trim() || null;
}

/** Top-billed cast: TMDB's billing order. */
export function topBilled(cast: readonly CastMember[], count: number): CastMember[] {
  return [...cast].sort((a, b) => a.order - b.order).slice(0, count);
}
