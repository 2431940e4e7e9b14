// An upstream is one base URL or several replicas of the same service (TRACKING_URL=http://a:8081,http://b:8081
// when ops run tracking processes side by side). Requests take turns across the replicas (round-robin);
// in Docker one name that resolves to every replica does the same job, so there one URL is enough.
export type UpstreamTarget = string | readonly string[];

/** The base URLs of a target, without trailing slashes. */
export function upstreamBases(target: UpstreamTarget): string[] {
  const bases = (typeof target === 'string' ? [target] : [...target]).map((base) => base.replace(/\/+$/, ''));
  if (bases.length === 0) throw new Error('an upstream needs at least one URL');
  return bases;
}

/** Returns the next base URL on each call, cycling through the replicas in order. */
export function roundRobin(target: UpstreamTarget): () => string {
  const bases = upstreamBases(target);
  let next = 0;
  return () => {
    const base = bases[next] as string;
    next = (next + 1) % bases.length;
    return base;
  };
}
