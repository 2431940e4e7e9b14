// Reads a V8 .cpuprofile (node --cpu-prof) and says where the time went: self time by function and by
// package. Used to explain a figure that misses its target. CLI: tsx bench/lib/cpu-profile.ts <file> [top]
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface ProfileSummary {
  totalMs: number;
  idlePercent: number;
  byFunction: { name: string; percent: number }[];
  byPackage: { name: string; percent: number }[];
}

function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pnpm = url.match(/node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pnpm?.[1]) return pnpm[1];
  const nm = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (nm?.[1]) return nm[1];
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const ours = url.match(/\/(packages|services|bench)\/([^/]+)\//);
  if (ours) return `@bodymetrics/${ours[2]}`;
  return url.split('/').slice(-2).join('/');
}

export function summarizeProfile(file: string, top = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const id = samples[i] as number;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0));
  }
  let total = 0;
  let idle = 0;
  const fn = new Map<string, number>();
  const pkg = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    total += us;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') {
      idle += us;
      continue;
    }
    const short = url
      ? `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`
      : functionName;
    fn.set(short, (fn.get(short) ?? 0) + us);
    const p = packageOf(url, functionName);
    pkg.set(p, (pkg.get(p) ?? 0) + us);
  }
  const busy = total - idle || 1;
  const rank = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, percent: Math.round((1000 * us) / busy) / 10 }));
  return {
    totalMs: Math.round(total / 1000),
    idlePercent: Math.round((1000 * idle) / (total || 1)) / 10,
    byFunction: rank(fn),
    byPackage: rank(pkg),
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const [file, top] = process.argv.slice(2);
  if (!file) throw new Error('usage: tsx bench/lib/cpu-profile.ts <file.cpuprofile> [top]');
  const s = summarizeProfile(file, Number(top ?? 20));
  console.log(`total ${s.totalMs} ms, idle ${s.idlePercent} %; shares of busy time:`);
  console.log('by package:');
  for (const p of s.byPackage) console.log(`  ${String(p.percent).padStart(5)} %  ${p.name}`);
  console.log('by function (self):');
  for (const f of s.byFunction) console.log(`  ${String(f.percent).padStart(5)} %  ${f.name}`);
}
