// The embedded SQLite store behind the common StatsBackend interface. Opening it happens at
// start (a DATA_DIR that cannot be made stops the start with one sentence); a failure later
// (disk full, a locked file) is logged and only makes /stats answer 503.
import { failureReason, recordOf, StatsUnavailableError, type StatsBackend, type StatsLog } from './backend.ts';
import { openStatsStore, type StatsStoreOptions } from './store.ts';

export function openSqliteBackend(options: StatsStoreOptions & { log: StatsLog }): StatsBackend {
  const store = openStatsStore(options);
  let ready = true;
  const fail = (error: unknown, doing: string) => {
    if (ready) options.log.error({ reason: failureReason(error) }, `statistics file failed while ${doing}; /stats answers 503 until it works again`);
    ready = false;
  };
  const backend: StatsBackend = {
    kind: 'sqlite',
    get ready() {
      return ready;
    },
    // Not `async`: the row is written before the call returns, as node:sqlite is synchronous.
    record(receipt) {
      try {
        store.record(receipt);
        ready = true;
        return Promise.resolve(true);
      } catch (error) {
        if (error instanceof RangeError) return Promise.reject(error);
        fail(error, 'counting a receipt');
        return Promise.resolve(false);
      }
    },
    recordAnalysis(result) {
      return backend.record(recordOf(result));
    },
    summary() {
      try {
        const summary = store.summary();
        ready = true;
        return Promise.resolve(summary);
      } catch (error) {
        fail(error, 'reading /stats');
        return Promise.reject(new StatsUnavailableError('The statistics file cannot be read.', { cause: error }));
      }
    },
    close() {
      store.close();
      return Promise.resolve();
    },
  };
  return backend;
}
