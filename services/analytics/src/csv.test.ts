import { describe, expect, it } from 'vitest';
import { neutraliseFormula, toCsv } from './csv';

describe('neutraliseFormula', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+40712345678', "'+40712345678"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', "'\rcmd"],
    ['Keto Plan', 'Keto Plan'],
    ['a=b', 'a=b'],
    ['', ''],
    // A trigger after a separator: a spreadsheet splitting on it would run the part after it.
    ['Chrome;=4+4', "'Chrome;=4+4"],
    ['Chrome; =4+4', "'Chrome; =4+4"],
    ['a,+1', "'a,+1"],
    ['a\t-1', "'a\t-1"],
    ['a\n@SUM(A1)', "'a\n@SUM(A1)"],
    ['a\r\n=1', "'a\r\n=1"],
    ['google.com;=HYPERLINK("https://evil.example")', `'google.com;=HYPERLINK("https://evil.example")`],
    // Separators and triggers that do not meet are plain text.
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64)', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)'],
    ['Lose weight - fast, safely', 'Lose weight - fast, safely'],
  ])('%j → %j', (input, expected) => {
    expect(neutraliseFormula(input)).toBe(expected);
  });
});

describe('toCsv', () => {
  it('writes a header and quotes every field; numbers stay numbers, nulls are empty', () => {
    const csv = toCsv(
      [
        { title: 'Plan, "nou"', count: -3, url: null },
        { title: '=cmd', count: 2, url: 'https://x.example' },
        { title: 'Chrome;=4+4', count: 1, url: '' },
      ],
      [{ key: 'title' }, { key: 'count' }, { key: 'url', header: 'link' }],
    );
    expect(csv).toBe(
      '\uFEFF"title","count","link"\n' +
        '"Plan, ""nou""","-3",""\n' +
        '"\'=cmd","2","https://x.example"\n' +
        '"\'Chrome;=4+4","1",""\n',
    );
  });
});
