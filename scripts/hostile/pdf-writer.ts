// A PDF written object by object, with a correct cross-reference table, so a hostile file is
// exactly what it claims to be: a library that builds PDFs (pdf-lib) would refuse or repair the
// loops, lies and bombs these files are made of.

/** A PDF object's body: text (a dictionary, an array, a number …) or a stream. */
export type PdfObject = string | { dict: string; data: Buffer };

export interface PdfParts {
  /** Objects numbered from 1 in order. */
  objects: PdfObject[];
  /** The trailer's /Root object number. */
  root: number;
  /** More trailer entries (e.g. `/Encrypt 5 0 R /ID [<…> <…>]`). */
  trailer?: string;
}

/** The bytes of a PDF 1.7 file: header, objects, xref table, trailer. */
export function writePdf({ objects, root, trailer = '' }: PdfParts): Buffer {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(offset);
    const head = `${index + 1} 0 obj\n`;
    const body =
      typeof object === 'string'
        ? [Buffer.from(`${head}${object}\nendobj\n`, 'latin1')]
        : [
            Buffer.from(`${head}${object.dict.replace(/>>\s*$/, `/Length ${object.data.length} >>`)}\nstream\n`, 'latin1'),
            object.data,
            Buffer.from('\nendstream\nendobj\n', 'latin1'),
          ];
    for (const chunk of body) {
      chunks.push(chunk);
      offset += chunk.length;
    }
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n', ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`)];
  chunks.push(Buffer.from(`${xref.join('')}trailer\n<< /Size ${objects.length + 1} /Root ${root} 0 R ${trailer}>>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(chunks);
}

/** Catalog (1), page tree (2), and the given pages from object 3 on, each with its content stream. */
export function onePagePdf(content: Buffer, options: { filter?: string; resources?: string; extra?: PdfObject[] } = {}): Buffer {
  const filter = options.filter ? `/Filter ${options.filter} ` : '';
  return writePdf({
    root: 1,
    objects: [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 226 600] /Contents 4 0 R /Resources ${options.resources ?? '<< >>'} >>`,
      { dict: `<< ${filter}>>`, data: content },
      ...(options.extra ?? []),
    ],
  });
}
