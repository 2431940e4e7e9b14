import { describe, expect, it } from 'vitest';
import { neutraliseFormula, toCsv } from './csv';

describe('neutraliseFormula', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+40712345678', "'+40712345678"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['Keto Plan', 'Keto Plan'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(neutraliseFormula(input)).toBe(expected);
  });
});

describe('toCsv', () => {
  it('writes a header, quotes where needed, leaves numbers and nulls alone', () => {
    const csv = toCsv(
      [
        { title: 'Plan, "nou"', count: -3, url: null },
        { title: '=cmd', count: 2, url: 'https://x.example' },
      ],
      [{ key: 'title' }, { key: 'count' }, { key: 'url', header: 'link' }],
    );
    expect(csv).toBe('\uFEFFtitle,count,link\n"Plan, ""nou""",-3,\n\'=cmd,2,https://x.example\n');
  });
});
