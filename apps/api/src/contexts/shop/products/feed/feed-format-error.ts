import type { FeedFormatErrorCode } from '@rtb/shared';

/**
 * A feed that cannot be read on (not XML, CSV or TSV; broken XML). Parsers throw it after
 * yielding everything read before the fault, so the importer keeps those and records this.
 */
export class FeedFormatError extends Error {
  constructor(
    readonly code: FeedFormatErrorCode,
    /** 1-based line of the fault, when known. */
    readonly line: number | null,
    detail: string,
  ) {
    super(detail);
    this.name = 'FeedFormatError';
  }
}
