// The body of "My receipts" is a chunk of its own, fetched on first use: it holds most of what the
// view adds (its parts, charts and strings), which the first load of the widget does without. In
// the UMD bundle the import below becomes a script beside the bundle (see rollup.config.mjs).
type Body = typeof import('./HistoryBody.tsx');

let loading: Promise<Body> | null = null;
let loaded: Body | null = null;

/** The body once it has been loaded, so a later visit shows it at once. */
export function loadedBody(): Body | null {
  return loaded;
}

/** Loads the body once; a failed load (offline, say) is tried again on the next call. */
export function loadBody(): Promise<Body> {
  loading ??= import('./HistoryBody.tsx').then(
    (body) => (loaded = body),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
