// Public entry of the widget bundle (global `ReceiptCalculator` in the UMD build).
export { mountReceiptCalculator, type ReceiptCalculatorHandle } from './mount/mount.tsx';
export type { MountOptions } from './mount/options.ts';
export type { Locale } from './i18n/index.ts';
