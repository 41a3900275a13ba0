// Shared schemas are registered once by $id and referenced by routes as `Name#`.
import { analysisResultSchema } from './analysis.ts';
import { errorResponseSchema } from './error.ts';

export const sharedSchemas = [errorResponseSchema, analysisResultSchema] as const;
