// Which backend the widget talks to. Precedence (fixed by the public contract): the value a
// visitor or operator saved in localStorage, else the mount argument, else the build default.

export const SAVED_BASE_URL_KEY = 'receiptCalculator.apiBaseUrl';

/** A usable base URL without trailing slashes, or null when the value is empty or not http(s). */
export function normalizeBaseUrl(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return trimmed.replace(/\/+$/, '');
}

export interface BaseUrlSources {
  saved: string | null | undefined;
  argument: string | null | undefined;
  buildDefault: string | null | undefined;
}

export interface ResolvedBaseUrl {
  url: string | null;
  /** Whether the URL came from the saved value or the argument: only then runs the health check. */
  fromEmbedding: boolean;
}

export function resolveBaseUrl(sources: BaseUrlSources): ResolvedBaseUrl {
  const explicit = normalizeBaseUrl(sources.saved) ?? normalizeBaseUrl(sources.argument);
  if (explicit !== null) return { url: explicit, fromEmbedding: true };
  return { url: normalizeBaseUrl(sources.buildDefault), fromEmbedding: false };
}
