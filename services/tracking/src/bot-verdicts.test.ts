// The remembered bot decision answers what contracts' isBotRequest answers, the first time and every time
// after, for each pair of user agents on its own (a claimed crawler behind a browser's header is a bot).
import { describe, expect, it } from 'vitest';
import { isBotRequest } from '@bodymetrics/contracts';
import { isBotRequestRemembered } from './bot-verdicts';

const browser =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const crawler = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const cases: [string | null | undefined, (string | null | undefined)?][] = [
  [browser],
  [browser, browser],
  [browser, crawler],
  [crawler],
  [crawler, browser],
  ['curl/8.5.0'],
  [''],
  ['   '],
  [null],
  [undefined, browser],
  [browser, null],
];

describe('isBotRequestRemembered', () => {
  it('answers as isBotRequest for each pair, and the same again when asked again', () => {
    const expected = cases.map(([request, claimed]) => isBotRequest(request, claimed));
    expect(expected).toEqual([false, false, true, true, true, true, true, true, true, true, false]);
    for (let round = 0; round < 3; round++)
      expect(cases.map(([request, claimed]) => isBotRequestRemembered(request, claimed))).toEqual(expected);
  });
});
