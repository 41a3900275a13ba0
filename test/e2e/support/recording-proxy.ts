// A pass-through proxy in front of the backend that keeps the body of every receipt upload, so
// a test can see exactly what the server received (Chromium does not report bodies with files
// to the test). The demo page opened through it mounts the widget against the proxy's origin.
import { createServer, request as forward, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_PATHS } from '../../../src/contract.ts';

export interface ReceivedUpload {
  /** The whole multipart body, as it arrived. */
  body: Buffer;
  /** The form's file part. */
  file: { name: string; type: string; bytes: Buffer };
  fileType: string | null;
}

export interface RecordingProxy {
  readonly url: string;
  /** Uploads the backend received through the proxy, oldest first. */
  readonly uploads: ReceivedUpload[];
  /** Requests for the receipt upload path that arrived so far (including ones still streaming). */
  readonly uploadRequests: number;
  close(): Promise<void>;
}

async function readForm(body: Buffer, headers: IncomingHttpHeaders): Promise<ReceivedUpload> {
  const form = await new Request('http://proxy/', {
    method: 'POST',
    body: new Uint8Array(body),
    headers: { 'content-type': String(headers['content-type'] ?? '') },
  }).formData();
  const file = form.get('file');
  const fileType = form.get('fileType');
  if (!(file instanceof File)) throw new Error('The upload had no file part');
  return {
    body,
    file: { name: file.name, type: file.type, bytes: Buffer.from(await file.arrayBuffer()) },
    fileType: typeof fileType === 'string' ? fileType : null,
  };
}

export async function startRecordingProxy(backendUrl: string): Promise<RecordingProxy> {
  const backend = new URL(backendUrl);
  const uploads: ReceivedUpload[] = [];
  let uploadRequests = 0;
  const server = createServer((incoming, outgoing) => {
    const isUpload = incoming.method === 'POST' && new URL(incoming.url ?? '/', backend).pathname === API_PATHS.processReceipt;
    if (isUpload) uploadRequests += 1;
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const send = () => {
        const upstream = forward(
          { host: backend.hostname, port: backend.port, path: incoming.url, method: incoming.method, headers: { ...incoming.headers, host: backend.host } },
          (answer) => {
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(outgoing);
          },
        );
        upstream.on('error', () => outgoing.destroy());
        upstream.end(body);
      };
      if (!isUpload) return send();
      readForm(body, incoming.headers).then(
        (upload) => {
          uploads.push(upload);
          send();
        },
        () => send(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    uploads,
    get uploadRequests() {
      return uploadRequests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
