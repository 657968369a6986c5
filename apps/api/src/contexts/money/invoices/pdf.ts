import {
  drawPdf,
  PDF_GREEN as GREEN,
  PDF_GREY as GREY,
  PDF_MARGIN as MARGIN,
  PDF_BAND,
  PDF_RULE,
} from '../documents/pdf-canvas';
import type { PdfDocument } from './document';

/** Renders an invoice or proforma on one A4 page. */
export function renderPdf(document: PdfDocument): Promise<Buffer> {
  return drawPdf(document.info, (pdf) => drawDocument(pdf, document));
}

function drawDocument(pdf: PDFKit.PDFDocument, document: PdfDocument): void {
  const width = pdf.page.width - 2 * MARGIN;
  const half = width / 2 - 10;
  pdf.font('bold').fontSize(20).fillColor(GREEN).text(document.title, MARGIN, MARGIN);
  pdf.moveDown(0.5).font('regular').fontSize(10).fillColor('black');
  for (const [label, value] of document.facts) pdf.text(`${label}: ${value}`);

  const partiesTop = pdf.y + 20;
  const block = (heading: string, lines: string[], x: number) => {
    pdf.font('bold').fontSize(9).fillColor(GREY).text(heading.toUpperCase(), x, partiesTop, { width: half });
    pdf.font('regular').fontSize(10).fillColor('black');
    for (const line of lines) pdf.text(line, x, undefined, { width: half });
    return pdf.y;
  };
  const bottom = Math.max(
    block('Seller', document.seller, MARGIN),
    block('Buyer', document.buyer, MARGIN + half + 20),
  );

  // One line of goods: description, then the amounts right-aligned in their columns.
  const columns = [
    { key: 'description', label: 'Description', width: width - 3 * 95 - 60, align: 'left' },
    { key: 'net', label: 'Net', width: 95, align: 'right' },
    { key: 'taxPercent', label: 'VAT %', width: 60, align: 'right' },
    { key: 'tax', label: 'VAT', width: 95, align: 'right' },
    { key: 'gross', label: 'Gross', width: 95, align: 'right' },
  ] as const;
  const row = (y: number, cells: (key: (typeof columns)[number]['key']) => string, fontName: string) => {
    let x = MARGIN;
    let height = 0;
    pdf.font(fontName).fontSize(9);
    for (const column of columns) {
      const text = cells(column.key);
      pdf.text(text, x + 4, y, { width: column.width - 8, align: column.align });
      height = Math.max(height, pdf.heightOfString(text, { width: column.width - 8 }));
      x += column.width;
    }
    return y + height + 8;
  };
  const tableTop = bottom + 30;
  pdf
    .rect(MARGIN, tableTop - 6, width, 22)
    .fill(PDF_BAND)
    .fillColor('black');
  const lineTop = row(tableTop, (key) => columns.find((c) => c.key === key)?.label ?? '', 'bold');
  const lineBottom = row(lineTop + 4, (key) => document.line[key], 'regular');
  pdf
    .moveTo(MARGIN, lineBottom)
    .lineTo(MARGIN + width, lineBottom)
    .strokeColor(PDF_RULE)
    .stroke();

  let y = lineBottom + 12;
  for (const [index, [label, value]] of document.totals.entries()) {
    const last = index === document.totals.length - 1;
    pdf.font(last ? 'bold' : 'regular').fontSize(last ? 12 : 10);
    pdf.text(label, MARGIN + width - 250, y, { width: 120, align: 'right' });
    pdf.text(value, MARGIN + width - 125, y, { width: 125, align: 'right' });
    y = pdf.y + 4;
  }

  pdf.font('regular').fontSize(9).fillColor(GREY);
  pdf.text('', MARGIN, y + 24);
  for (const note of document.notes) pdf.text(note, MARGIN, undefined, { width }).moveDown(0.3);
}
