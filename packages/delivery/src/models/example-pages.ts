import type { Database, PredictionModelKind } from '@rtb/db';
import { type ExampleCursor, type ExamplePage, examplesOf } from './training-examples-repository';

/** At most `max` rows in all, read `pageSize` at a time. */
export interface ExampleLimits {
  max: number;
  pageSize: number;
}

/**
 * The pages of a model's examples in [from, to) after `after`, in their order, until the window
 * ends (a page whose `next` is null) or `max` rows were read: memory holds one page.
 */
export async function* examplePages(
  db: Database,
  kind: PredictionModelKind,
  window: { from: Date; to: Date; after: ExampleCursor | null },
  limits: ExampleLimits,
): AsyncGenerator<ExamplePage> {
  let after = window.after;
  let read = 0;
  while (read < limits.max) {
    const limit = Math.min(limits.pageSize, limits.max - read);
    const page = await examplesOf[kind](db, { from: window.from, to: window.to, after, limit });
    yield page;
    if (!page.next) return;
    read += limit;
    after = page.next;
  }
}
