// The one way the widget keeps something in the browser's storage (the receipts saved on this
// device, the corrections it remembers, the household's size). Every way storage can fail
// (blocked in a sandboxed frame or a privacy mode, full, missing) becomes a reason the view can
// state; nothing here throws.

/** blocked: storage cannot be reached at all; full: the browser refused to store more. */
export type StorageFailure = 'blocked' | 'full';

/** One key of the browser's storage. */
export interface DeviceSlot {
  /** The stored text (null when nothing is stored), or why it cannot be read. */
  read(): { text: string | null } | { failure: StorageFailure };
  /** Stores `text`, or removes the key for null. */
  write(text: string | null): StorageFailure | null;
}

/** Browsers name a full storage differently (Firefox: NS_ERROR_DOM_QUOTA_REACHED; old WebKit: code 22). */
export function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014;
}

export type StorageSource = () => Storage | null | undefined;

/** `storage` is read at each call: touching `localStorage` itself throws where it is blocked. */
export function deviceSlot(key: string, storage: StorageSource = () => globalThis.localStorage): DeviceSlot {
  function reach(): Storage | null {
    try {
      return storage() ?? null;
    } catch {
      return null;
    }
  }
  return {
    read() {
      const area = reach();
      if (area === null) return { failure: 'blocked' };
      try {
        return { text: area.getItem(key) };
      } catch {
        return { failure: 'blocked' };
      }
    },
    write(text) {
      const area = reach();
      if (area === null) return 'blocked';
      try {
        if (text === null) area.removeItem(key);
        else area.setItem(key, text);
        return null;
      } catch (error) {
        return isQuotaError(error) ? 'full' : 'blocked';
      }
    },
  };
}
