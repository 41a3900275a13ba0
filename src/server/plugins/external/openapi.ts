// The OpenAPI 3 document of the HTTP API, generated from the routes' own JSON schemas by
// @fastify/swagger, served at /openapi.json, with a readable page at /docs (@fastify/swagger-ui).
import type { SwaggerOptions } from '@fastify/swagger';
import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import { API_PATHS } from '../../../contract.ts';

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';

type OpenApiDocument = Record<string, unknown> & { paths?: Record<string, Record<string, Record<string, unknown>>> };

/** The upload route reads its multipart form part by part, so its body is described here. */
function describeUpload(document: OpenApiDocument): OpenApiDocument {
  const post = document.paths?.[API_PATHS.processReceipt]?.post;
  if (post) {
    post.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            properties: {
              file: { type: 'string', format: 'binary', description: 'A photo, image or PDF of one receipt.' },
              fileType: { type: 'string', enum: ['pdf', 'image'], description: 'Optional: the bytes decide the reader.' },
            },
          },
        },
      },
    };
  }
  return document;
}

export function swaggerOptions(version: string): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Receipt carbon calculator API',
        description:
          'Reads Finnish grocery receipts (text, PDF or photo), classifies their items into 13 categories and estimates kg CO2e. ' +
          'Every refusal is `{ "error": "<sentence>", "code"?: "<stable code>" }`.',
        version,
      },
      tags: [
        { name: 'receipts', description: 'Reading and analysing receipts' },
        { name: 'statistics', description: 'Anonymous community statistics' },
        { name: 'operations', description: 'Health, readiness and metrics' },
      ],
    },
    // Shared schemas keep their names (AnalysisResult, ErrorResponse) in components.schemas.
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
    transformObject: (documentObject) =>
      'openapiObject' in documentObject ? describeUpload(documentObject.openapiObject as OpenApiDocument) : documentObject.swaggerObject,
  };
}

export const swaggerUiOptions: FastifySwaggerUiOptions = {
  routePrefix: DOCS_PATH,
  uiConfig: { docExpansion: 'list', deepLinking: false },
};
