import { describe, expect, it } from 'vitest';
import { exportNotes } from './download';

describe('an export’s notes', () => {
  const file = { fileName: 'marquee-letterboxd.csv', mimeType: 'text/csv', text: 'x' };

  it('says nothing more when every row was written as stored', () => {
    expect(exportNotes(file)).toBeNull();
    expect(exportNotes({ ...file, notes: [] })).toBeNull();
  });

  it('shows the note of each row written without its date', () => {
    expect(
      exportNotes({
        ...file,
        notes: [
          'Ran: the viewing date 2100-01-01 is in the future, so it is written without a date.',
          'Heat: the viewing time 9000000000000000 is not a real date, so it is written without a date.',
        ],
      }),
    ).toBe(
      'Ran: the viewing date 2100-01-01 is in the future, so it is written without a date. Heat: the viewing time 9000000000000000 is not a real date, so it is written without a date.',
    );
  });
});
