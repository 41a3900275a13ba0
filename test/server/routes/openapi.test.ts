// The OpenAPI 3 document is generated from the routes' own schemas: every public path is in it
// with its answers, the shared schemas under their names, and /docs renders it for people.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, CATEGORY_NAMES, ERROR_CODES, MAX_RECALCULATE_ITEMS } from '../../../src/contract.ts';
import { buildTestApp, type TestApp } from '../../support/build-app.ts';

interface OpenApi {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: { content: Record<string, unknown> }; tags?: string[] }>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
}

let testApp: TestApp;
let document: OpenApi;
beforeAll(async () => {
  testApp = await buildTestApp();
  const response = await testApp.app.inject({ method: 'GET', url: '/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json<OpenApi>();
});
afterAll(async () => {
  await testApp.close();
});

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3 document with every public path and its methods', () => {
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(Object.keys(document.paths[API_PATHS.health] ?? {})).toContain('get');
    expect(Object.keys(document.paths[API_PATHS.stats] ?? {})).toContain('get');
    expect(Object.keys(document.paths[API_PATHS.processText] ?? {})).toContain('post');
    expect(Object.keys(document.paths[API_PATHS.processReceipt] ?? {})).toContain('post');
    expect(Object.keys(document.paths['/metrics'] ?? {})).toContain('get');
    // Its own address and the demo's files are not part of the API.
    expect(document.paths['/openapi.json']).toBeUndefined();
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/dist') || path === '/')).toEqual([]);
  });

  it('carries the schemas the routes validate and answer with', () => {
    const text = document.paths[API_PATHS.processText]!.post!;
    expect(JSON.stringify(text.requestBody)).toContain('"required":["text"]');
    expect(JSON.stringify(text.responses['200'])).toContain('#/components/schemas/AnalysisResult');
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['AnalysisResult', 'ErrorResponse']));
    expect(Object.keys(document.components.schemas.ErrorResponse!.properties ?? {})).toEqual(['error', 'code', 'params']);
    const stats = document.paths[API_PATHS.stats]!.get!.responses['200'];
    expect(JSON.stringify(stats)).toContain('receipts_this_week');
    expect(JSON.stringify(document.paths[API_PATHS.stats]!.get)).toContain('Retry-After');
    expect(JSON.stringify(document.components.schemas.ErrorResponse)).toContain(ERROR_CODES.at(-1)!);
    const upload = document.paths[API_PATHS.processReceipt]!.post!;
    expect(Object.keys(upload.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    expect(JSON.stringify(upload.requestBody)).toContain('"format":"binary"');
  });

  it('documents the optional ranges of the total and of each item, beside the required figures', () => {
    const result = document.components.schemas.AnalysisResult as {
      required: string[];
      properties: Record<string, { properties?: unknown; items?: { required: string[]; properties: Record<string, unknown> } }>;
    };
    expect(Object.keys(result.properties)).toEqual(expect.arrayContaining(['total_emissions_low', 'total_emissions_high']));
    expect(result.required).not.toContain('total_emissions_low');
    const item = result.properties.items!.items!;
    expect(Object.keys(item.properties)).toEqual(expect.arrayContaining(['emissions_low', 'emissions_high', 'factor_low', 'factor_high']));
    expect(item.required).toEqual(['name', 'category', 'weight', 'emissions', 'price']);
  });

  it('describes the recalculation with the body its checks accept and the analysis it answers', () => {
    const recalculate = document.paths[API_PATHS.recalculate]!.post!;
    expect(recalculate.tags).toEqual(['receipts']);
    expect(JSON.stringify(recalculate.responses['200'])).toContain('#/components/schemas/AnalysisResult');
    expect(JSON.stringify(recalculate.responses['4XX'] ?? recalculate.responses['4xx'])).toContain('ErrorResponse');
    const body = recalculate.requestBody!.content['application/json'] as {
      schema: { required: string[]; properties: { items: { minItems: number; maxItems: number; items: { required: string[]; properties: Record<string, { enum?: string[] }> } } } };
    };
    expect(body.schema.required).toEqual(['items']);
    expect(body.schema.properties.items.minItems).toBe(1);
    expect(body.schema.properties.items.maxItems).toBe(MAX_RECALCULATE_ITEMS);
    const item = body.schema.properties.items.items;
    expect(item.required).toEqual(['name']);
    expect(Object.keys(item.properties)).toEqual(['name', 'category', 'weight', 'quantity', 'price', 'edited']);
    expect(item.properties.category!.enum).toEqual([...CATEGORY_NAMES]);
    expect(JSON.stringify(document.components.schemas.ErrorResponse)).toContain('too-many-items');
  });
});

describe('GET /docs', () => {
  it('serves a readable page of the document', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toMatch(/swagger-ui/i);
    const init = await testApp.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    const spec = await testApp.app.inject({ method: 'GET', url: '/docs/json' });
    expect(spec.json<OpenApi>().paths[API_PATHS.stats]).toBeDefined();
  });
});
