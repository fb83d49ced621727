// Reading back a PDF a journey printed (the browser's print to file): its pages' sizes and text.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfText {
  /** Each page's size in PDF points (1/72 in) and its text, items joined by spaces. */
  pages: Array<{ width: number; height: number; text: string }>;
}

export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  const doc = await getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false })
    .promise;
  const pages: PdfText['pages'] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const page = await doc.getPage(n);
    const [, , width, height] = page.view;
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? item.str : ''))
      .join(' ')
      .replace(/\s+/g, ' ');
    pages.push({ width: Math.round(width ?? 0), height: Math.round(height ?? 0), text });
  }
  await doc.destroy();
  return { pages };
}
