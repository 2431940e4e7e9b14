// zod compiles fast parsers with `new Function` when the page allows it, and probes for that once. Our
// CSP forbids eval ('unsafe-eval' is not granted), so the probe only produces a CSP violation report:
// tell zod up front to use its interpreter. Imported (for its effect) by every module that parses with zod.
import { config } from 'zod';

config({ jitless: true });
