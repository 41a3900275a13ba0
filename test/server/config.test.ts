// The environment is checked once at start; a mistake stops the start with a sentence that
// names the variable.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { REPO_ROOT } from '../../scripts/paths.ts';

describe('loadConfig', () => {
  it('has working defaults for a newcomer with no environment at all', () => {
    const config = loadConfig({}, '/srv/receipts');
    expect(config).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      dataDir: '/srv/receipts/.data',
      maxUploadMb: 10,
      maxUploadBytes: 10 * 1024 * 1024,
      allowedOrigins: null,
      ocrWorkers: 2,
      ocrLanguages: ['fin'],
      openai: null,
      logLevel: 'info',
    });
  });

  it('reads every variable it documents', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        DATA_DIR: '/var/lib/receipts',
        DATABASE_URL: 'postgres://receipts:secret@db.example.fi:5432/receipts',
        DATABASE_POOL_SIZE: '4',
        STATS_CACHE_MS: '250',
        MAX_UPLOAD_MB: '5',
        MAX_TEXT_CHARS: '5000',
        ALLOWED_ORIGINS: 'https://a.example.fi/, https://b.example.fi',
        RATE_LIMIT_MAX: '7',
        RATE_LIMIT_WINDOW: '30 seconds',
        TRUST_PROXY: 'true',
        OCR_WORKERS: '3',
        OCR_QUEUE_LIMIT: '0',
        OCR_TIMEOUT_MS: '20000',
        OCR_LANGS: 'fin+eng',
        MAX_IMAGE_MEGAPIXELS: '40',
        MAX_PDF_PAGES: '3',
        PDF_WORKERS: '2',
        PDF_QUEUE_LIMIT: '4',
        PDF_TIMEOUT_MS: '6000',
        PDF_CPU_MS: '5000',
        PDF_MEMORY_MB: '512',
        MAX_PDF_INFLATED_MB: '128',
        MAX_PDF_MEGAPIXELS: '12',
        REQUEST_TIMEOUT_MS: '45000',
        OPENAI_API_KEY: 'sk-x',
        OPENAI_MODEL: 'gpt-4o',
        OPENAI_BASE_URL: 'http://127.0.0.1:4010/v1',
        OPENAI_TIMEOUT_MS: '15000',
        LOG_LEVEL: 'WARN',
      },
      '/ignored',
    );
    expect(config).toEqual({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/var/lib/receipts',
      databaseUrl: 'postgres://receipts:secret@db.example.fi:5432/receipts',
      databasePoolSize: 4,
      statsCacheMs: 250,
      maxUploadMb: 5,
      maxUploadBytes: 5 * 1024 * 1024,
      maxTextChars: 5000,
      allowedOrigins: ['https://a.example.fi', 'https://b.example.fi'],
      rateLimitMax: 7,
      rateLimitWindowMs: 30_000,
      trustProxy: true,
      ocrWorkers: 3,
      ocrQueueLimit: 0,
      ocrTimeoutMs: 20_000,
      ocrLanguages: ['fin', 'eng'],
      maxImageMegapixels: 40,
      maxPdfPages: 3,
      pdf: { workers: 2, queueLimit: 4, timeoutMs: 6000, cpuMs: 5000, memoryMb: 512, maxInflatedMb: 128, maxMegapixels: 12 },
      requestTimeoutMs: 45_000,
      openai: { apiKey: 'sk-x', model: 'gpt-4o', baseURL: 'http://127.0.0.1:4010/v1', timeoutMs: 15_000 },
      logLevel: 'warn',
    });
  });

  it('holds images inside a PDF to 16 megapixels, or to MAX_IMAGE_MEGAPIXELS when that is lower', () => {
    expect(loadConfig({}).pdf).toEqual({ workers: 1, queueLimit: 8, timeoutMs: 4000, cpuMs: 3000, memoryMb: 448, maxInflatedMb: 256, maxMegapixels: 16 });
    expect(loadConfig({ MAX_IMAGE_MEGAPIXELS: '10' }).pdf.maxMegapixels).toBe(10);
    expect(loadConfig({ MAX_IMAGE_MEGAPIXELS: '10', MAX_PDF_MEGAPIXELS: '20' }).pdf.maxMegapixels).toBe(20);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', OPENAI_API_KEY: '  ', OCR_LANGS: ' ' })).toMatchObject({ port: 8787, openai: null, ocrLanguages: ['fin'] });
  });

  it.each([
    ['fin', ['fin']],
    ['FIN+ENG', ['fin', 'eng']],
    ['eng+fin', ['eng', 'fin']],
    [' fin + eng ', ['fin', 'eng']],
  ])('reads OCR_LANGS=%j in order, the first language leading', (value, languages) => {
    expect(loadConfig({ OCR_LANGS: value }).ocrLanguages).toEqual(languages);
  });

  it.each([
    [{ PORT: 'eighty' }, /^PORT must be a whole number\.$/],
    [{ PORT: '70000' }, /^PORT must be at most 65535\.$/],
    [{ MAX_UPLOAD_MB: '0' }, /^MAX_UPLOAD_MB must be at least 1\.$/],
    [{ OCR_WORKERS: '1.5' }, /^OCR_WORKERS must be a whole number\.$/],
    [{ OCR_QUEUE_LIMIT: '-1' }, /^OCR_QUEUE_LIMIT must be at least 0\.$/],
    [{ PDF_MEMORY_MB: '64' }, /^PDF_MEMORY_MB must be at least 192\.$/],
    [{ MAX_PDF_MEGAPIXELS: 'many' }, /^MAX_PDF_MEGAPIXELS must be a whole number\.$/],
    [{ RATE_LIMIT_WINDOW: 'a while' }, /^RATE_LIMIT_WINDOW must be a duration/],
    [{ TRUST_PROXY: 'maybe' }, /^TRUST_PROXY must be/],
    [{ ALLOWED_ORIGINS: 'https://ok.example.fi,not a url' }, /^ALLOWED_ORIGINS must be .*"not a url"/],
    [{ ALLOWED_ORIGINS: 'https://example.fi/path' }, /^ALLOWED_ORIGINS must be/],
    [{ OPENAI_BASE_URL: 'openai' }, /^OPENAI_BASE_URL must be a full URL/],
    [{ DATABASE_URL: 'mysql://db.example.fi/receipts' }, /^DATABASE_URL must be a PostgreSQL URL/],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL must be one of/],
    [{ OCR_LANGS: 'swe' }, /^OCR_LANGS must be languages joined with "\+", each one of fin, eng once: "fin" \(the default\) or "fin\+eng"\.$/],
    [{ OCR_LANGS: 'fin,eng' }, /^OCR_LANGS must be/],
    [{ OCR_LANGS: 'fin+fin' }, /^OCR_LANGS must be/],
    [{ OCR_LANGS: 'fin+' }, /^OCR_LANGS must be/],
  ])('refuses %o with a sentence naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('names every wrong variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', OCR_WORKERS: '0' })).toThrow(/PORT.*OCR_WORKERS|OCR_WORKERS.*PORT/);
  });
});

describe('start-up with a bad environment', () => {
  it('exits non-zero and says which variable is wrong', () => {
    const main = join(REPO_ROOT, 'src/server/main.ts');
    const result = spawnSync(process.execPath, [main], {
      env: { PATH: process.env.PATH, MAX_UPLOAD_MB: 'ten' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('MAX_UPLOAD_MB must be a whole number.');
  });
});
