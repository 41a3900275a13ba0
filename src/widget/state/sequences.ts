// The progress steps of the two processing runs (spec §4) and the two delays after success.
import { step, type Processing } from './app-state.ts';

export interface ProcessingSequence {
  /** Before the request is sent. */
  start: Processing;
  /** While the request is on its way. */
  sending: Processing;
  /** Once the server has answered, while its body is read. */
  answered: Processing;
  /** The result has been read. */
  done: Processing;
}

export const UPLOAD_SEQUENCE: ProcessingSequence = {
  start: step('uploadStart', 0),
  sending: step('uploadSending', 20),
  answered: step('uploadAnalyzing', 70),
  done: step('uploadDone', 100),
};

export const SAMPLE_SEQUENCE: ProcessingSequence = {
  start: step('sampleStart', 0),
  sending: step('sampleStart', 0),
  answered: step('sampleProcessing', 50),
  done: step('sampleDone', 100),
};

/** After success: the result appears (and the message reads 'Complete!')… */
export const SHOW_RESULT_AFTER_MS = 500;
/** …and the progress view is cleared. */
export const CLEAR_PROCESSING_AFTER_MS = 1000;

export const COMPLETE: Processing = step('complete', 100);

/** Stats are refreshed this often while the home view shows. */
export const STATS_REFRESH_MS = 30_000;
