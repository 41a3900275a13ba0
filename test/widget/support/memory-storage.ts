// A Web Storage area held in memory with a byte quota, failing the way browsers fail: setItem
// past the quota throws a DOMException named QuotaExceededError and changes nothing.
export class QuotaStorage implements Storage {
  private readonly entries = new Map<string, string>();
  quotaChars: number;
  constructor(quotaChars = Infinity) {
    this.quotaChars = quotaChars;
  }

  get length(): number {
    return this.entries.size;
  }
  key(index: number): string | null {
    return [...this.entries.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.entries.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    let used = 0;
    for (const [k, v] of this.entries) if (k !== key) used += k.length + v.length;
    if (used + key.length + value.length > this.quotaChars) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    this.entries.set(key, String(value));
  }
  removeItem(key: string): void {
    this.entries.delete(key);
  }
  clear(): void {
    this.entries.clear();
  }
}
