import Bowser from 'bowser';
import { describe, expect, it } from 'vitest';
import { browserInfoFrom } from './browser-info';

const agents = [
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Chrome',
    'Windows',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Safari',
    'iOS',
  ],
  ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox', 'Linux'],
] as const;

describe('browser and operating system names', () => {
  it.each(agents)('%s', (userAgent, browserName, operatingSystem) => {
    expect(browserInfoFrom(Bowser.parse(userAgent))).toEqual({ browserName, operatingSystem });
  });

  it('says Unknown for what the parser cannot name', () => {
    expect(browserInfoFrom(Bowser.parse('SomethingUnrecognisable/1'))).toEqual({
      browserName: 'Unknown',
      operatingSystem: 'Unknown',
    });
  });
});
