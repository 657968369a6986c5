import { fileURLToPath } from 'node:url';

/** DejaVu Sans (Latin subset, committed with its licence): the built-in PDF fonts lack ą, ł, ő... */
const font = (file: string) => fileURLToPath(new URL(`../../../../assets/fonts/${file}`, import.meta.url));
const REGULAR = font('DejaVuSans.ttf');
const BOLD = font('DejaVuSans-Bold.ttf');

/** The money documents' page margin and colours. */
export const PDF_MARGIN = 50;
export const PDF_GREEN = '#15803d';
export const PDF_GREY = '#56645b';
export const PDF_RULE = '#c8d3cc';
export const PDF_BAND = '#eef5f0';

/** PDF metadata; a document's own date as its creation date, so it renders the same each time. */
export interface PdfInfo {
  Title: string;
  Author: string;
  CreationDate: Date;
}

/**
 * An A4 document with the fonts `regular` and `bold` registered (the money documents: invoices,
 * proformas, statements); `draw` writes it, and the promise gives its bytes once it has ended.
 */
export async function drawPdf(info: PdfInfo, draw: (pdf: PDFKit.PDFDocument) => void): Promise<Buffer> {
  // Loaded with the first document: pdfkit holds about 23 MB that a process never drawing one need not.
  const { default: PDFDocument } = await import('pdfkit');
  const pdf = new PDFDocument({ size: 'A4', margin: PDF_MARGIN, info });
  pdf.registerFont('regular', REGULAR);
  pdf.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  try {
    draw(pdf);
  } finally {
    pdf.end();
  }
  return done;
}
