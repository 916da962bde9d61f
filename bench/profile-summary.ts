/**
 * Where the time goes in a V8 CPU profile (`node --cpu-prof`): self time by package (a
 * node_modules package, a Docket project, or Node itself) and the hottest functions.
 *   node -r @swc-node/register bench/profile-summary.ts FILE.cpuprofile [--top 25]
 * Profile a service of a bench stack with DOCKET_NODE_FLAGS (see deploy/stack/services.ts).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** `node_modules/@scope/pkg` or `node_modules/pkg`, `apps/x` / `libs/x`, or what V8 calls it. */
export function ownerOf(url: string, functionName: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const project = /\/((?:apps|libs)\/[^/]+)\//.exec(url);
  if (project) return project[1];
  if (url.startsWith('node:')) return 'node (built-in)';
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  return url;
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { top: { type: 'string', default: '25' } },
  });
  if (positionals.length !== 1) throw new Error('usage: profile-summary.ts FILE.cpuprofile');
  const profile = JSON.parse(readFileSync(positionals[0], 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfMs.set(id, (selfMs.get(id) ?? 0) + profile.timeDeltas[index] / 1000);
  });
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [id, ms] of selfMs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    total += ms;
    if (functionName === '(idle)') {
      idle += ms;
      continue;
    }
    const owner = ownerOf(url, functionName);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + ms);
    const name = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '')}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  const busy = total - idle;
  const top = Number(values.top);
  const table = (title: string, rows: Map<string, number>) => {
    process.stdout.write(`\n${title}\n`);
    for (const [name, ms] of [...rows].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      process.stdout.write(`  ${((100 * ms) / busy).toFixed(1).padStart(5)} %  ${name}\n`);
    }
  };
  process.stdout.write(
    `${positionals[0]}: ${(total / 1000).toFixed(1)} s sampled, ${((100 * idle) / total).toFixed(0)} % idle\n`,
  );
  table('self time by package (share of busy time)', byOwner);
  table('hottest functions (self time)', byFunction);
}

main();
