import type { FastifyPluginAsync } from 'fastify';
import { API_PATHS, type AnalysisResult } from '../../../../contract.ts';
import type { Config } from '../../../config.ts';
import { CodedError } from '../../../pipeline/errors.ts';
import { abortOnDisconnect } from '../../../plugins/app/abort-on-disconnect.ts';
import { countReceipt } from '../../../plugins/app/stats.ts';
import { processTextSchema, type ProcessTextBody } from '../../../schemas/process-text.ts';
import { isSampleReceipt } from '../../../stats/sample.ts';

export type ProcessTextOptions = Pick<Config, 'maxTextChars'>;

const processText: FastifyPluginAsync<ProcessTextOptions> = async (app, { maxTextChars }) => {
  const tooLong = (): CodedError =>
    new CodedError('text-too-long', `The text is longer than the ${maxTextChars.toLocaleString('en-US')}-character limit.`, {
      params: { max_chars: maxTextChars },
    });
  app.post<{ Body: ProcessTextBody }>(
    API_PATHS.processText,
    {
      schema: processTextSchema,
      // Room for the longest allowed text even if every character is JSON-escaped.
      bodyLimit: Math.max(64 * 1024, maxTextChars * 6 + 1024),
      config: { rateLimit: {}, tooLarge: tooLong },
    },
    async (request, reply): Promise<AnalysisResult> => {
      const { text } = request.body;
      if (text.trim() === '') throw new CodedError('empty-text', 'The receipt text is empty. Paste the text of a receipt.');
      if (text.length > maxTextChars) throw tooLong();
      const result = await app.pipeline.analyzeText(text, abortOnDisconnect(reply));
      // The widget's built-in sample is a demo, not a household's receipt.
      if (!isSampleReceipt(text)) await countReceipt(app, request, result);
      return result;
    },
  );
};

export default processText;
