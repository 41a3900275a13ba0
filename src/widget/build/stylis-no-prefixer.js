// Build-time stand-in for `stylis` inside the widget bundle (see rollup.config.mjs): stylis
// itself, minus its vendor prefixer. styled-components 6 adds the prefixer only when a
// StyleSheetManager sets `enableVendorPrefixes`, which this widget never does, so the
// prefixer (and the large prefix table behind it) would be dead weight.
export * from 'stylis';
export function prefixer() {}
