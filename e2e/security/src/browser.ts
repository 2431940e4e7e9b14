// The browser tests' Chromium: the shared launcher of @bodymetrics/testing, under this suite's names.
export {
  chromiumPath,
  launchChromium,
  windowedChromeUserAgent as visitorUserAgent,
} from '@bodymetrics/testing';
