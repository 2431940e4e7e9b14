// The machine a figure came from: without it a number means nothing.
import { cpus, totalmem } from 'node:os';
import { readFileSync } from 'node:fs';

export interface Machine {
  cores: number;
  memoryGb: number;
  cpuModel: string;
  node: string;
  loadAverage1m: number;
}

export function machine(): Machine {
  let cpuModel = cpus()[0]?.model ?? 'unknown';
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    if (line) cpuModel = line.slice(line.indexOf(':') + 1).trim();
  } catch {
    // not Linux: os.cpus() said it
  }
  return {
    cores: cpus().length,
    memoryGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    cpuModel,
    node: process.version,
    loadAverage1m: Math.round(loadAverage() * 100) / 100,
  };
}

/** The 1-minute load average: the machine is shared, so a figure taken under load says so. */
export function loadAverage(): number {
  try {
    return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    return 0;
  }
}
