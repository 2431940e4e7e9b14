// The short table `infra:up` and `infra:down` print: what runs where, and what they did about it.

export interface SummaryLine {
  service: string;
  where: string;
  outcome: string;
}

export function printSummary(title: string, lines: SummaryLine[]): void {
  const serviceWidth = Math.max(...lines.map((line) => line.service.length));
  const whereWidth = Math.max(...lines.map((line) => line.where.length));
  console.log(title);
  for (const line of lines) {
    console.log(`  ${line.service.padEnd(serviceWidth)}  ${line.where.padEnd(whereWidth)}  ${line.outcome}`);
  }
}

/** A URL fit for printing: the password, if any, is masked. */
export function displayUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

export type Step = [service: string, run: () => Promise<SummaryLine>];

/**
 * Runs the steps side by side, prints one line per service and exits non-zero with every failure's
 * message when any step failed — one service failing does not hide what happened to the others.
 */
export async function runSteps(command: string, steps: Step[]): Promise<void> {
  const began = Date.now();
  const results = await Promise.allSettled(steps.map(([, run]) => run()));
  const lines: SummaryLine[] = [];
  const failures: string[] = [];
  results.forEach((result, index) => {
    const service = steps[index]?.[0] ?? '?';
    if (result.status === 'fulfilled') {
      lines.push(result.value);
      return;
    }
    lines.push({ service, where: '', outcome: 'FAILED (see below)' });
    const reason = result.reason instanceof Error ? result.reason.message : String(result.reason);
    failures.push(`${service}: ${reason}`);
  });
  printSummary(`${command} (${seconds(Date.now() - began)})`, lines);
  if (failures.length > 0) {
    console.error(`\n${command} failed:\n${failures.join('\n\n')}`);
    process.exit(1);
  }
}
