// Tells React that tests wrap their updates in act(), so every render and effect is flushed
// before the test looks at the DOM.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
