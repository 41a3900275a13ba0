// The resident memory of a server as the machine sees it: its own process and every process it
// started (the PDF readers), read from /proc, so a benchmark or a test measures the server's
// own numbers from outside it.
import { readdirSync, readFileSync } from 'node:fs';

function statusField(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const kb = new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'latin1'))?.[1];
    return kb === undefined ? 0 : Number(kb) * 1024;
  } catch {
    return 0;
  }
}

/** The processes whose parent is `pid`, and theirs, read from /proc/<pid>/stat. */
export function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const stack = [pid];
  while (stack.length > 0) {
    for (const child of parents.get(stack.pop() ?? -1) ?? []) {
      found.push(child);
      stack.push(child);
    }
  }
  return found;
}

export interface TreeMemory {
  /** The server process alone, bytes. */
  server: number;
  /** The server and every process it started, bytes. */
  total: number;
}

/** Resident memory now; `children` from `descendants` (listing them costs a /proc walk, so callers refresh it when they choose). */
export function residentMemory(pid: number, children: readonly number[]): TreeMemory {
  const server = statusField(pid, 'VmRSS');
  return { server, total: server + children.reduce((sum, child) => sum + statusField(child, 'VmRSS'), 0) };
}

const MiB = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of a process and every process it started once steady: the same within 4 MiB for half a second (15 s at most). */
export async function settledMemory(pid: number): Promise<number> {
  let previous = Number.NaN;
  let steady = 0;
  for (let attempt = 0; attempt < 150 && steady < 5; attempt++) {
    await sleep(100);
    const { total } = residentMemory(pid, descendants(pid));
    steady = Math.abs(total - previous) < 4 * MiB ? steady + 1 : 0;
    previous = total;
  }
  return previous;
}

/**
 * The peak resident memory of a process and every process it started, sampled every 5 ms (its
 * children listed again every 100 ms) until `stop`; `onSample` sees each total.
 */
export function watchPeak(pid: number, onSample?: (total: number) => void): { stop(): number } {
  let children = descendants(pid);
  let peak = 0;
  let ticks = 0;
  const timer = setInterval(() => {
    if (++ticks % 20 === 0) children = descendants(pid);
    const { total } = residentMemory(pid, children);
    peak = Math.max(peak, total);
    onSample?.(total);
  }, 5);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}
