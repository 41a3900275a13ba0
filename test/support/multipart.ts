// A multipart/form-data body for `app.inject`, encoded the way a browser's FormData is: through
// the platform's own encoder, so boundaries and part headers are what real uploads send.
//
//   const form = await multipart({ file: { bytes, name: 'r.png', type: 'image/png' }, fileType: 'image' });
//   await app.inject({ method: 'POST', url: '/api/process-receipt-ai', ...form });

export interface MultipartBody {
  payload: Buffer;
  headers: Record<string, string>;
}

export interface FilePart {
  bytes: Uint8Array;
  name: string;
  type: string;
}

/** Fields are sent in the object's own order, so a test can put either field first. */
export async function multipart(fields: Record<string, string | FilePart>): Promise<MultipartBody> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(key, value);
    else form.append(key, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}
