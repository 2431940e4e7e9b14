// Progress goes to stderr: stdout carries exactly one JSON line per benchmark and nothing else.
const began = Date.now();

export function progress(bench: string, message: string): void {
  const at = ((Date.now() - began) / 1000).toFixed(1).padStart(6);
  process.stderr.write(`[bench ${bench} +${at}s] ${message}\n`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
