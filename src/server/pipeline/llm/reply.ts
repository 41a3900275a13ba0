// A chat completion → the validated receipt JSON, or an LlmError saying what was wrong.
import type { ChatCompletion } from 'openai/resources/chat/completions';
import type { z } from 'zod';
import { LlmError } from './errors.ts';
import { ReceiptReplySchema } from './schema.ts';
import type { ReceiptReply } from './schema.ts';

export function receiptReplyFrom(completion: ChatCompletion): ReceiptReply {
  const choice = completion.choices?.[0];
  if (!choice) throw new LlmError('empty', 'the reply has no choices');
  const { message, finish_reason: finishReason } = choice;
  if (message?.refusal) throw new LlmError('refusal', 'the model refused to read the receipt');
  if (finishReason === 'content_filter') throw new LlmError('refusal', 'the reply was stopped by the content filter');
  if (finishReason === 'length') throw new LlmError('truncated', 'the reply was cut off at the token limit');
  const content = message?.content;
  if (typeof content !== 'string' || content.trim() === '') throw new LlmError('empty', 'the reply has no content');

  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    throw new LlmError('invalid-json', 'the reply content is not valid JSON');
  }
  const parsed = ReceiptReplySchema.safeParse(json);
  if (!parsed.success) throw new LlmError('schema', `the reply does not match the receipt schema: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

/** Where and what, never the offending values (they are receipt content). */
function describeIssues(error: z.ZodError): string {
  const shown = error.issues.slice(0, 3).map((issue) => {
    const expected = 'expected' in issue ? ` (expected ${String(issue.expected)})` : '';
    return `${issue.path.join('.') || '(root)'}: ${issue.code}${expected}`;
  });
  const more = error.issues.length > shown.length ? ` and ${error.issues.length - shown.length} more` : '';
  return shown.join('; ') + more;
}
