import type { FeedImportErrorCode } from '@rtb/shared';

/** Why an import stops as a whole (fetching, size, the feed's bytes): recorded on the import. */
export class FeedImportFailure extends Error {
  constructor(
    readonly code: FeedImportErrorCode,
    readonly detail: string | null = null,
  ) {
    super(detail ?? code);
    this.name = 'FeedImportFailure';
  }
}
