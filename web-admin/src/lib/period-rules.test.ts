// The custom range's checks match the server's (contracts periodQuerySchema): a date that does not exist,
// a wrong shape, an end before the start and more than 400 days are each named on their date. Dates are
// typed zz.ll.aaaa and asked for as YYYY-MM-DD.
import { describe, expect, it } from 'vitest';
import { periodFormMessages } from '../texts';
import { checkRange, parseRomanianDate } from './period-rules';

describe('a typed date', () => {
  it.each([
    ['05.03.2026', '2026-03-05'],
    ['5.3.2026', '2026-03-05'],
    [' 29.02.2028 ', '2028-02-29'],
    ['05/03/2026', '2026-03-05'],
    ['2026-03-05', '2026-03-05'],
    ['30.02.2026', null],
    ['03/05/26', null],
    ['13.13.2026', null],
    ['marți', null],
    ['', null],
  ])('"%s" reads %s', (text, expected) => {
    expect(parseRomanianDate(text)).toBe(expected);
  });
});

describe('checkRange', () => {
  it.each([
    ['', '', { errors: { from: periodFormMessages.required, to: periodFormMessages.required } }],
    ['30.02.2026', '10.03.2026', { errors: { from: periodFormMessages.invalid } }],
    ['01.03.2026', '2026/03/10', { errors: { to: periodFormMessages.invalid } }],
    ['10.03.2026', '09.03.2026', { errors: { to: periodFormMessages.order } }],
    ['04.02.2025', '11.03.2026', { errors: { to: periodFormMessages.tooLong(400) } }],
    ['05.02.2025', '11.03.2026', { range: { from: '2025-02-05', to: '2026-03-11' } }],
    ['01.03.2026', '1.3.2026', { range: { from: '2026-03-01', to: '2026-03-01' } }],
  ])('%s .. %s', (from, to, expected) => {
    expect(checkRange(from, to)).toEqual(expected);
  });
});
