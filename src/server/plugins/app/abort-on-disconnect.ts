// A visitor who closes the page should not keep an OCR worker or a model call busy.
import type { FastifyReply } from 'fastify';

export function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    // 'close' also follows a normal answer; only an unfinished one means the visitor left.
    if (!reply.raw.writableFinished) {
      controller.abort(new DOMException('The visitor closed the connection.', 'AbortError'));
    }
  });
  return controller.signal;
}
