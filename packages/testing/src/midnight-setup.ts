// vitest setupFiles of the integration, browser and fault runs: a file does not start in the last minutes
// of an analytics day (midnight.ts).
import { waitForMidnight } from './midnight';

const wait = waitForMidnight(new Date());
if (wait > 0) {
  console.log(
    `[midnight] an analytics day ends within minutes: this file starts in ${Math.ceil(wait / 1000)} s`,
  );
  await new Promise((resolve) => setTimeout(resolve, wait));
}
