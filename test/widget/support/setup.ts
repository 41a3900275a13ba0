// Tells React that tests wrap their updates in act(), so every render and effect is flushed
// before the test looks at the DOM.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The body of My receipts is loaded on first use (a chunk of its own in the bundle). Loaded once
// here, so a test that opens the view sees it after the usual settle(); its loading and failing
// states have their own test (test/widget/views/history/loading.test.ts).
await import('../../../src/widget/views/history/load.ts').then((lazy) => lazy.loadBody());
