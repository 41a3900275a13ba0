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
