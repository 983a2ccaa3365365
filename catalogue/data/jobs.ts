/** Crew departments with realistic jobs (GET /3/configuration/jobs). */
export interface DepartmentRow {
  readonly department: string;
  readonly jobs: readonly string[];
}

export const departments: readonly DepartmentRow[] = [
  {
    department: 'Directing',
    jobs: [
      'Director',
      'Co-Director',
      'First Assistant Director',
      'Second Assistant Director',
      'Script Supervisor',
      'Second Unit Director',
      'Action Director',
    ],
  },
  {
    department: 'Writing',
    jobs: [
      'Screenplay',
      'Writer',
      'Story',
      'Novel',
      'Characters',
      'Teleplay',
      'Original Story',
      'Script Consultant',
      'Staff Writer',
    ],
  },
  {
    department: 'Production',
    jobs: [
      'Producer',
      'Executive Producer',
      'Co-Producer',
      'Associate Producer',
      'Line Producer',
      'Casting',
      'Production Manager',
      'Unit Production Manager',
      'Production Coordinator',
      'Location Manager',
    ],
  },
  {
    department: 'Camera',
    jobs: [
      'Director of Photography',
      'Camera Operator',
      'First Assistant Camera',
      'Steadicam Operator',
      'Still Photographer',
      'Key Grip',
      'Dolly Grip',
      'Aerial Camera',
    ],
  },
  {
    department: 'Editing',
    jobs: [
      'Editor',
      'Assistant Editor',
      'Colorist',
      'Dialogue Editor',
      'First Assistant Editor',
      'Additional Editor',
    ],
  },
  {
    department: 'Sound',
    jobs: [
      'Original Music Composer',
      'Sound Designer',
      'Sound Mixer',
      'Supervising Sound Editor',
      'Boom Operator',
      'Foley Artist',
      'Music Supervisor',
      'Sound Re-Recording Mixer',
    ],
  },
  {
    department: 'Art',
    jobs: [
      'Production Design',
      'Art Direction',
      'Set Decoration',
      'Set Designer',
      'Property Master',
      'Storyboard Artist',
      'Concept Artist',
      'Construction Coordinator',
    ],
  },
  {
    department: 'Costume & Make-Up',
    jobs: [
      'Costume Design',
      'Makeup Artist',
      'Hairstylist',
      'Costume Supervisor',
      'Makeup Department Head',
      'Prosthetic Makeup Artist',
      'Wardrobe Supervisor',
    ],
  },
  {
    department: 'Visual Effects',
    jobs: [
      'Visual Effects Supervisor',
      'Visual Effects Producer',
      'Animation Supervisor',
      'Compositor',
      'CG Supervisor',
      'Matte Painter',
      'VFX Artist',
    ],
  },
  {
    department: 'Lighting',
    jobs: [
      'Gaffer',
      'Best Boy Electric',
      'Lighting Technician',
      'Rigging Gaffer',
      'Electrician',
      'Lighting Director',
    ],
  },
  {
    department: 'Crew',
    jobs: [
      'Stunt Coordinator',
      'Stunts',
      'Special Effects Coordinator',
      'Transportation Coordinator',
      'Craft Service',
      'Dialect Coach',
      'Choreographer',
      'Unit Publicist',
    ],
  },
  { department: 'Actors', jobs: ['Stunt Double', 'Voice', 'Cameo', 'Special Guest'] },
];

/** Departments people work in, with TMDB's `known_for_department` spelling. */
export const crewDepartments = departments.filter((d) => d.department !== 'Actors');

/**
 * GET /3/configuration/jobs. Messy, it lists "ADR Editor" twice under Sound, as real TMDB does,
 * so a client cannot key jobs by name alone.
 */
export function jobsFor(messy: boolean): readonly DepartmentRow[] {
  if (!messy) return departments;
  return departments.map((row) =>
    row.department === 'Sound'
      ? {
          department: row.department,
          jobs: [...row.jobs.slice(0, 2), 'ADR Editor', ...row.jobs.slice(2), 'ADR Editor'],
        }
      : row,
  );
}
