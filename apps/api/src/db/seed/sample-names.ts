// Names for demo and benchmark customers: common across the communities dealers serve, none real people.
export const SAMPLE_FIRST_NAMES = [
  'Maria',
  'James',
  'Aisha',
  'Luis',
  'Chen',
  'Emily',
  'Darnell',
  'Sofia',
  'Raj',
  'Hannah',
  'Omar',
  'Grace',
  'Ivan',
  'Keisha',
];
export const SAMPLE_LAST_NAMES = [
  'Garcia',
  'Johnson',
  'Nguyen',
  'Smith',
  'Patel',
  'Williams',
  'Brown',
  'Lopez',
  'Davis',
  'Kim',
  'Moore',
  'Clark',
  'Reyes',
  'Singh',
];

/**
 * The i-th of up to 196 distinct full names: the first name cycles, and the last name moves on by one more
 * place on each lap of the first names, so no pair comes round twice (the demo once showed three "Chen Brown").
 */
export function distinctSampleName(i: number): { firstName: string; lastName: string } {
  const firsts = SAMPLE_FIRST_NAMES.length;
  const lasts = SAMPLE_LAST_NAMES.length;
  const lap = Math.floor(i / firsts);
  return {
    firstName: SAMPLE_FIRST_NAMES[i % firsts] ?? 'Pat',
    lastName: SAMPLE_LAST_NAMES[(i * 5 + lap) % lasts] ?? 'Doe',
  };
}
