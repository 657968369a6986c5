import type { StatementDto } from '@rtb/shared';
import { formatAmount } from '../documents/format';
import {
  drawPdf,
  PDF_MARGIN as MARGIN,
  PDF_BAND,
  PDF_GREEN,
  PDF_GREY,
  PDF_RULE,
} from '../documents/pdf-canvas';
import { descriptionOf, operationOf } from './line-texts';
import { monthName, statementTexts } from './texts';

/** `2026-05-31` as `31.05.2026` (spec section 9). */
const dayText = (day: string) => day.split('-').reverse().join('.');
/** An API datetime (`2026-05-31 10:15:00`, UTC) in the time zone: `31.05.2026 12:15`. */
function dateTimeText(at: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(`${at.replace(' ', 'T')}Z`))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
}

/**
 * A statement as a PDF in the user's language: the organisation and period, then each account's
 * opening balance, its lines (date, operation and what it is about, amount, running balance),
 * money in and out, totals per operation and its closing balance; pages added as the lines need.
 */
export function renderStatementPdf(
  statement: StatementDto,
  locale: 'en' | 'pl',
  minorUnits: number,
): Promise<Buffer> {
  const texts = statementTexts[locale];
  const symbol = statement.currency?.symbol || statement.currency?.code || '';
  const money = (minor: number) => `${formatAmount(minor, locale, minorUnits)} ${symbol}`.trim();
  const title = `${texts.title(monthName(texts, statement.month))}${statement.complete ? '' : ` (${texts.toDate})`}`;
  const madeAt = new Date(`${statement.madeAt.replace(' ', 'T')}Z`);

  return drawPdf({ Title: title, Author: statement.organisation.name, CreationDate: madeAt }, (pdf) => {
    const width = pdf.page.width - 2 * MARGIN;
    const bottom = () => pdf.page.height - MARGIN;
    const columns = [
      { label: texts.columns.date, width: 60, align: 'left' as const },
      { label: texts.columns.description, width: width - 60 - 80 - 88, align: 'left' as const },
      { label: texts.columns.amount, width: 80, align: 'right' as const },
      { label: texts.columns.balance, width: 88, align: 'right' as const },
    ];
    const rowHeight = (cells: string[]) =>
      Math.max(...cells.map((text, i) => pdf.heightOfString(text, { width: (columns[i]?.width ?? 0) - 8 })));
    const row = (cells: string[], font: 'regular' | 'bold') => {
      pdf.font(font).fontSize(8.5).fillColor('black');
      const height = rowHeight(cells);
      if (pdf.y + height + 6 > bottom()) {
        pdf.addPage();
        header();
        pdf.font(font).fontSize(8.5).fillColor('black');
      }
      const y = pdf.y;
      let x = MARGIN;
      cells.forEach((text, i) => {
        const column = columns[i];
        if (!column) return;
        pdf.text(text, x + 4, y, { width: column.width - 8, align: column.align });
        x += column.width;
      });
      pdf.x = MARGIN;
      pdf.y = y + height + 5;
    };
    const header = () => {
      const y = pdf.y;
      pdf
        .rect(MARGIN, y - 4, width, 18)
        .fill(PDF_BAND)
        .fillColor('black');
      pdf.y = y;
      row(
        columns.map((column) => column.label),
        'bold',
      );
    };
    const rule = () => {
      pdf
        .moveTo(MARGIN, pdf.y)
        .lineTo(MARGIN + width, pdf.y)
        .strokeColor(PDF_RULE)
        .stroke();
      pdf.y += 6;
    };
    const labelled = (label: string, value: string, bold = false) => {
      if (pdf.y + 16 > bottom()) pdf.addPage();
      const y = pdf.y;
      pdf
        .font(bold ? 'bold' : 'regular')
        .fontSize(bold ? 10.5 : 9.5)
        .fillColor('black');
      pdf.text(label, MARGIN, y, { width: width - 160 });
      pdf.text(value, MARGIN + width - 160, y, { width: 160, align: 'right' });
      pdf.x = MARGIN;
      pdf.y = Math.max(pdf.y, y + 14);
    };

    pdf.font('bold').fontSize(18).fillColor(PDF_GREEN).text(title, MARGIN, MARGIN, { width });
    pdf.moveDown(0.4).font('regular').fontSize(9.5).fillColor('black');
    for (const [label, value] of [
      [texts.organisation, statement.organisation.name],
      [texts.period, `${dayText(statement.from)} – ${dayText(statement.to)}`],
      [texts.currency, statement.currency?.code ?? '—'],
      [texts.timeZone, statement.timeZone],
      [texts.madeAt, dateTimeText(statement.madeAt, statement.timeZone)],
    ])
      pdf.text(`${label}: ${value}`, MARGIN, undefined, { width });

    if (statement.accounts.length === 0) {
      pdf.moveDown(1.2);
      pdf.font('regular').fontSize(9).fillColor(PDF_GREY).text(texts.noLines, MARGIN, undefined, { width });
    }
    for (const account of statement.accounts) {
      pdf.moveDown(1.2);
      if (pdf.y + 80 > bottom()) pdf.addPage();
      pdf
        .font('bold')
        .fontSize(12)
        .fillColor(PDF_GREEN)
        .text(texts.accounts[account.account], MARGIN, undefined, { width });
      pdf.moveDown(0.3);
      labelled(texts.opening, money(account.opening), true);
      pdf.moveDown(0.4);
      if (account.lines.length === 0) {
        pdf.font('regular').fontSize(9).fillColor(PDF_GREY).text(texts.noLines, MARGIN, undefined, { width });
      } else {
        header();
        for (const line of account.lines) {
          const about = descriptionOf(texts, account.account, line);
          const postings = line.postings > 1 ? ` (${texts.postings(line.postings)})` : '';
          row(
            [
              dayText(line.day),
              `${operationOf(texts, account.account, line)}${about ? ` · ${about}` : ''}${postings}`,
              money(line.amount),
              money(line.balance),
            ],
            'regular',
          );
        }
      }
      rule();
      labelled(texts.credits, money(account.credits));
      labelled(texts.debits, money(account.debits));
      if (account.totals.length) {
        pdf.moveDown(0.3);
        pdf.font('bold').fontSize(9).fillColor(PDF_GREY).text(texts.totals.toUpperCase(), MARGIN);
        for (const total of account.totals)
          labelled(`${operationOf(texts, account.account, total)} (${total.lines})`, money(total.amount));
      }
      pdf.moveDown(0.3);
      labelled(texts.closing, money(account.closing), true);
    }

    pdf.moveDown(1);
    if (pdf.y + 12 > bottom()) pdf.addPage();
    pdf.font('regular').fontSize(8.5).fillColor(PDF_GREY).text(texts.check, MARGIN, undefined, { width });
  });
}
