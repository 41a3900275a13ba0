// The household's size, kept on this device for the goal in My receipts; plain TypeScript like
// the saved history, changed in storage first and shown once storage took it.
import { checkHousehold, type Household } from '../rules/household.ts';
import { deviceSlot, type StorageFailure, type StorageSource } from './device-storage.ts';
import { createStore, type Store } from './store.ts';

export const HOUSEHOLD_KEY = 'receiptCalculator.household';
export const HOUSEHOLD_VERSION = 1;

export interface HouseholdState {
  household: Household | null;
  blocked: boolean;
  outcome: { kind: 'saved' } | { kind: 'failed'; failure: StorageFailure } | null;
}

export interface HouseholdStore {
  store: Store<HouseholdState>;
  load(): void;
  save(household: Household): StorageFailure | null;
}

/** The stored text → the household; anything unreadable is no household given. */
export function readHousehold(stored: string | null): Household | null {
  if (stored === null) return null;
  try {
    const parsed = JSON.parse(stored) as { version?: unknown };
    return parsed.version === HOUSEHOLD_VERSION ? checkHousehold(parsed) : null;
  } catch {
    return null;
  }
}

export function writeHousehold(household: Household): string {
  return JSON.stringify({ version: HOUSEHOLD_VERSION, adults: household.adults, children: household.children });
}

export function createHousehold(storage?: StorageSource): HouseholdStore {
  const slot = deviceSlot(HOUSEHOLD_KEY, storage);
  const store = createStore<HouseholdState>({ household: null, blocked: false, outcome: null });
  return {
    store,
    load() {
      const read = slot.read();
      store.setState('failure' in read ? { household: null, blocked: true, outcome: null } : { household: readHousehold(read.text), blocked: false, outcome: null });
    },
    save(household) {
      const failure = slot.write(writeHousehold(household));
      store.setState(failure === null ? { household, blocked: false, outcome: { kind: 'saved' } } : { outcome: { kind: 'failed', failure }, blocked: failure === 'blocked' });
      return failure;
    },
  };
}
