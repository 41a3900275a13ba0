// The embedding's options and their defaults.
import { DEFAULT_LOCALE, isLocale, type Locale } from '../i18n/index.ts';
import type { WidgetLinks } from '../state/widget-context.ts';

export interface MountOptions {
  /** Language of the widget's texts: `'fi'`, `'sv'` or `'en'` (the default). A language the visitor
   *  chose in the widget's own switch (kept in localStorage) wins over this. */
  locale?: Locale;
  /** CSP nonce put on the widget's `<style>` elements, for hosts with a strict style-src. */
  nonce?: string;
  /** The main site: the header's button, the footer's Contact (`/contact`) and About (`/about`) links,
   *  and the privacy policy's website. Default `https://example.fi`. */
  mainSiteUrl?: string;
  /** Privacy contact address shown in the privacy policy. Default `privacy@` + the main site's host. */
  contactEmail?: string;
}

export const DEFAULT_MAIN_SITE_URL = 'https://example.fi';

export interface ResolvedOptions {
  locale: Locale;
  nonce: string | undefined;
  links: WidgetLinks;
}

function siteUrl(value: string | undefined): URL {
  try {
    const url = new URL(value ?? DEFAULT_MAIN_SITE_URL);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    // Fall through to the default: a broken link is worse than the default one.
  }
  return new URL(DEFAULT_MAIN_SITE_URL);
}

export function resolveOptions(options: MountOptions = {}): ResolvedOptions {
  const site = siteUrl(options.mainSiteUrl);
  const base = site.href.endsWith('/') ? site.href : `${site.href}/`;
  return {
    locale: isLocale(options.locale) ? options.locale : DEFAULT_LOCALE,
    nonce: options.nonce,
    links: {
      mainSiteUrl: site.href,
      contactUrl: new URL('contact', base).href,
      aboutUrl: new URL('about', base).href,
      contactEmail: options.contactEmail ?? `privacy@${site.hostname}`,
    },
  };
}
