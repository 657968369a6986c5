import type { Locator } from 'playwright-core';

/** A row's texts by the headers of its table's columns. */
export async function rowByHeader(table: Locator, row: Locator): Promise<Record<string, string>> {
  // Without the sort marks of the headers that sort.
  const headers = (await table.locator('thead th').allTextContents()).map((h) => h.replace(/[▲▼↕]/g, ''));
  const cells = await row.locator('th, td').allTextContents();
  return Object.fromEntries(headers.map((header, i) => [header.trim(), (cells[i] ?? '').trim()]));
}
