// The custom range's checks match the server's (contracts periodQuerySchema): a date that does not exist,
// a wrong shape, an end before the start and more than 400 days are each named on their date.
import { describe, expect, it } from 'vitest';
import { periodFormMessages } from '../texts';
import { rangeErrors } from './period-rules';

describe('rangeErrors', () => {
  it.each([
    ['', '', { from: periodFormMessages.required, to: periodFormMessages.required }],
    ['2026-02-30', '2026-03-10', { from: periodFormMessages.invalid }],
    ['2026-03-01', '10.03.2026', { to: periodFormMessages.invalid }],
    ['2026-03-10', '2026-03-09', { to: periodFormMessages.order }],
    ['2025-02-04', '2026-03-11', { to: periodFormMessages.tooLong(400) }],
    ['2025-02-05', '2026-03-11', {}],
    ['2026-03-01', '2026-03-01', {}],
  ])('%s .. %s', (from, to, expected) => {
    expect(rangeErrors(from, to)).toEqual(expected);
  });
});
