// Everything the backend can be told comes from environment variables, validated once at
// start so a typo fails loudly with a sentence naming the variable instead of misbehaving later.
import { resolve } from 'node:path';
import { z } from 'zod';
import type { PdfSettings } from './pipeline/pdf/budget.ts';
import { DEFAULT_OCR_LANGUAGES, OCR_LANGUAGES, parseOcrLanguages, type OcrLanguage } from './pipeline/ocr/trained-data.ts';
import { StartupError } from './startup-error.ts';

export interface Config {
  port: number;
  host: string;
  /** Absolute folder for the stats database; created on first start. */
  dataDir: string;
  /** A postgres:// URL: statistics live in that shared database instead of the SQLite file. */
  databaseUrl: string | null;
  /** Connections each instance keeps to DATABASE_URL. */
  databasePoolSize: number;
  /** How long an instance reuses the /stats figures, ms (its own receipts show at once). */
  statsCacheMs: number;
  maxUploadBytes: number;
  maxUploadMb: number;
  maxTextChars: number;
  /** null: every origin may call the API. */
  allowedOrigins: string[] | null;
  rateLimitMax: number;
  rateLimitWindowMs: number;
  /** Honour X-Forwarded-For (set behind a reverse proxy so rate limits see the visitor's address). */
  trustProxy: boolean;
  ocrWorkers: number;
  ocrQueueLimit: number;
  ocrTimeoutMs: number;
  /** Tesseract languages, the first leading; each read from its own installed npm package. */
  ocrLanguages: OcrLanguage[];
  maxImageMegapixels: number;
  maxPdfPages: number;
  /** PDF reader processes and each upload's budget (pipeline/pdf/budget.ts). */
  pdf: PdfSettings;
  /** Upper bound for receiving one whole request, ms. */
  requestTimeoutMs: number;
  openai: { apiKey: string; model: string; baseURL: string | undefined; timeoutMs: number } | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

export type Env = Partial<Record<string, string | undefined>>;

export class ConfigError extends StartupError {
  override name = 'ConfigError';
}

const DURATION_UNITS_MS: Record<string, number> = {
  ms: 1,
  s: 1000,
  sec: 1000,
  second: 1000,
  seconds: 1000,
  m: 60_000,
  min: 60_000,
  minute: 60_000,
  minutes: 60_000,
  h: 3_600_000,
  hour: 3_600_000,
  hours: 3_600_000,
};

/** "60000", "30 seconds", "1 minute", "2h" → milliseconds; null when unreadable. */
export function parseDurationMs(value: string): number | null {
  const match = /^\s*(\d+)\s*([a-z]*)\s*$/i.exec(value);
  if (!match) return null;
  const unit = (match[2] ?? '').toLowerCase();
  const factor = unit === '' ? 1 : DURATION_UNITS_MS[unit];
  if (factor === undefined) return null;
  const ms = Number(match[1]) * factor;
  return ms > 0 ? ms : null;
}

// Empty strings count as unset, as `FOO= npm start` and many .env files produce them.
const unsetIfEmpty = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

function wholeNumber(name: string, min: number, max: number) {
  return z.coerce
    .number({ error: `${name} must be a whole number.` })
    .int({ error: `${name} must be a whole number.` })
    .min(min, { error: `${name} must be at least ${min}.` })
    .max(max, { error: `${name} must be at most ${max}.` });
}

function integer(name: string, fallback: number, min: number, max: number) {
  return z.preprocess(unsetIfEmpty, wholeNumber(name, min, max).default(fallback));
}

/** A whole number whose default depends on another variable (undefined when unset). */
function optionalInteger(name: string, min: number, max: number) {
  return z.preprocess(unsetIfEmpty, wholeNumber(name, min, max).optional());
}

function optionalText() {
  return z.preprocess(unsetIfEmpty, z.string().trim().optional());
}

function text(fallback: string) {
  return optionalText().transform((value) => value ?? fallback);
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  PORT: integer('PORT', 8787, 0, 65_535),
  HOST: text('127.0.0.1'),
  DATA_DIR: text('.data'),
  DATABASE_URL: optionalText().refine((value) => value === undefined || /^postgres(ql)?:\/\/[^\s]+$/.test(value), {
    error: 'DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@db.example.fi:5432/receipts.',
  }),
  DATABASE_POOL_SIZE: integer('DATABASE_POOL_SIZE', 10, 1, 100),
  STATS_CACHE_MS: integer('STATS_CACHE_MS', 1000, 0, 60_000),
  MAX_UPLOAD_MB: integer('MAX_UPLOAD_MB', 10, 1, 100),
  MAX_TEXT_CHARS: integer('MAX_TEXT_CHARS', 20_000, 100, 1_000_000),
  ALLOWED_ORIGINS: optionalText(),
  RATE_LIMIT_MAX: integer('RATE_LIMIT_MAX', 30, 1, 1_000_000),
  RATE_LIMIT_WINDOW: text('1 minute').refine((value) => parseDurationMs(value) !== null, {
    error: 'RATE_LIMIT_WINDOW must be a duration such as "60000", "30 seconds" or "1 minute".',
  }),
  TRUST_PROXY: text('false').refine((value) => ['true', 'false', '1', '0'].includes(value.toLowerCase()), {
    error: 'TRUST_PROXY must be "true" or "false".',
  }),
  OCR_WORKERS: integer('OCR_WORKERS', 2, 1, 16),
  OCR_QUEUE_LIMIT: integer('OCR_QUEUE_LIMIT', 8, 0, 1000),
  OCR_TIMEOUT_MS: integer('OCR_TIMEOUT_MS', 30_000, 1000, 600_000),
  OCR_LANGS: text(DEFAULT_OCR_LANGUAGES.join('+')).refine((value) => parseOcrLanguages(value) !== null, {
    error: `OCR_LANGS must be languages joined with "+", each one of ${OCR_LANGUAGES.join(', ')} once: "fin" (the default) or "fin+eng".`,
  }),
  MAX_IMAGE_MEGAPIXELS: integer('MAX_IMAGE_MEGAPIXELS', 50, 1, 500),
  MAX_PDF_PAGES: integer('MAX_PDF_PAGES', 5, 1, 100),
  PDF_WORKERS: integer('PDF_WORKERS', 1, 1, 16),
  PDF_QUEUE_LIMIT: integer('PDF_QUEUE_LIMIT', 8, 0, 1000),
  PDF_TIMEOUT_MS: integer('PDF_TIMEOUT_MS', 4000, 500, 600_000),
  PDF_CPU_MS: integer('PDF_CPU_MS', 3000, 500, 600_000),
  PDF_MEMORY_MB: integer('PDF_MEMORY_MB', 448, 192, 16_384),
  MAX_PDF_INFLATED_MB: integer('MAX_PDF_INFLATED_MB', 256, 16, 16_384),
  // Default: 16, or MAX_IMAGE_MEGAPIXELS when that is lower (see loadConfig).
  MAX_PDF_MEGAPIXELS: optionalInteger('MAX_PDF_MEGAPIXELS', 1, 500),
  REQUEST_TIMEOUT_MS: integer('REQUEST_TIMEOUT_MS', 60_000, 1000, 600_000),
  OPENAI_API_KEY: optionalText(),
  OPENAI_MODEL: text('gpt-4o-mini'),
  OPENAI_BASE_URL: optionalText().refine((value) => value === undefined || URL.canParse(value), {
    error: 'OPENAI_BASE_URL must be a full URL such as https://api.openai.com/v1.',
  }),
  OPENAI_TIMEOUT_MS: integer('OPENAI_TIMEOUT_MS', 30_000, 1000, 600_000),
  LOG_LEVEL: z.preprocess(
    (value) => (typeof unsetIfEmpty(value) === 'string' ? String(value).trim().toLowerCase() : undefined),
    z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}.` }).default('info'),
  ),
});

function parseOrigins(value: string | undefined): string[] | null {
  if (value === undefined || value === '*') return null;
  const origins = value
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter((origin) => origin !== '');
  for (const origin of origins) {
    if (!URL.canParse(origin) || new URL(origin).origin !== origin) {
      throw new ConfigError(
        `ALLOWED_ORIGINS must be a comma-separated list of origins such as https://example.fi; "${origin}" is not one.`,
      );
    }
  }
  return origins.length > 0 ? origins : null;
}

/**
 * Reads and checks the configuration. Throws ConfigError with one sentence per problem,
 * each naming its variable. `cwd` anchors a relative DATA_DIR.
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const sentences = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'configuration');
      return issue.message.includes(name) ? issue.message : `${name} is invalid: ${issue.message}`;
    });
    throw new ConfigError(sentences.join(' '));
  }
  const e = parsed.data;
  const openaiKey = e.OPENAI_API_KEY;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    statsCacheMs: e.STATS_CACHE_MS,
    maxUploadMb: e.MAX_UPLOAD_MB,
    maxUploadBytes: e.MAX_UPLOAD_MB * 1024 * 1024,
    maxTextChars: e.MAX_TEXT_CHARS,
    allowedOrigins: parseOrigins(e.ALLOWED_ORIGINS),
    rateLimitMax: e.RATE_LIMIT_MAX,
    rateLimitWindowMs: parseDurationMs(e.RATE_LIMIT_WINDOW) ?? 60_000,
    trustProxy: ['true', '1'].includes(e.TRUST_PROXY.toLowerCase()),
    ocrWorkers: e.OCR_WORKERS,
    ocrQueueLimit: e.OCR_QUEUE_LIMIT,
    ocrTimeoutMs: e.OCR_TIMEOUT_MS,
    ocrLanguages: parseOcrLanguages(e.OCR_LANGS) ?? [...DEFAULT_OCR_LANGUAGES],
    maxImageMegapixels: e.MAX_IMAGE_MEGAPIXELS,
    maxPdfPages: e.MAX_PDF_PAGES,
    pdf: {
      workers: e.PDF_WORKERS,
      queueLimit: e.PDF_QUEUE_LIMIT,
      timeoutMs: e.PDF_TIMEOUT_MS,
      cpuMs: e.PDF_CPU_MS,
      memoryMb: e.PDF_MEMORY_MB,
      maxInflatedMb: e.MAX_PDF_INFLATED_MB,
      maxMegapixels: e.MAX_PDF_MEGAPIXELS ?? Math.min(16, e.MAX_IMAGE_MEGAPIXELS),
    },
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    openai: openaiKey
      ? { apiKey: openaiKey, model: e.OPENAI_MODEL, baseURL: e.OPENAI_BASE_URL, timeoutMs: e.OPENAI_TIMEOUT_MS }
      : null,
    logLevel: e.LOG_LEVEL,
  };
}
