import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { API_PATHS, type AnalysisResult, type UploadFileType } from '../../../../contract.ts';
import type { Config } from '../../../config.ts';
import { CodedError } from '../../../pipeline/errors.ts';
import { abortOnDisconnect } from '../../../plugins/app/abort-on-disconnect.ts';
import { countReceipt } from '../../../plugins/app/stats.ts';
import { isUploadFileType, processReceiptSchema } from '../../../schemas/process-receipt.ts';

export type ProcessReceiptOptions = Pick<Config, 'maxUploadMb'>;

interface Upload {
  file: Buffer;
  fileType: UploadFileType | undefined;
}

const noFile = (): CodedError =>
  new CodedError('no-file', 'Attach the receipt as the "file" field of a multipart form (a photo, image or PDF).');

/** Reads the form in any field order; the file stays in memory and is capped by the multipart limits. */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw noFile();
  let file: Buffer | undefined;
  let fileType: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && file === undefined) file = await part.toBuffer();
        else part.file.resume();
      } else if (part.fieldname === 'fileType') {
        fileType = String(part.value).trim().toLowerCase();
      }
    }
  } catch (error) {
    // The multipart plugin's own refusals (size, counts) carry a status; the parser's
    // complaints about a broken form do not, and are the sender's mistake, not ours.
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number' || (error as Error).name === 'AbortError') {
      throw error;
    }
    throw new CodedError('bad-multipart', 'The upload is not a well-formed multipart form. Please try again.', { cause: error });
  }
  if (file === undefined) throw noFile();
  if (file.length === 0) throw new CodedError('empty-file', 'The uploaded file is empty.');
  // fileType is optional (the bytes decide the reader), but a value we do not know is a mistake.
  if (fileType !== undefined && fileType !== '' && !isUploadFileType(fileType)) {
    throw new CodedError('bad-file-type', 'The fileType field must be "pdf" or "image".');
  }
  return { file, fileType: fileType && isUploadFileType(fileType) ? fileType : undefined };
}

const processReceipt: FastifyPluginAsync<ProcessReceiptOptions> = async (app, { maxUploadMb }) => {
  app.post(
    API_PATHS.processReceipt,
    {
      schema: processReceiptSchema,
      config: {
        rateLimit: {},
        tooLarge: () => new CodedError('file-too-large', `The file is larger than the ${maxUploadMb} MB limit.`, { params: { max_mb: maxUploadMb } }),
      },
    },
    async (request, reply): Promise<AnalysisResult> => {
      const signal = abortOnDisconnect(reply);
      const { file, fileType } = await readUpload(request);
      const result = await app.pipeline.analyzeFile(file, fileType, signal);
      await countReceipt(app, request, result);
      return result;
    },
  );
};

export default processReceipt;
