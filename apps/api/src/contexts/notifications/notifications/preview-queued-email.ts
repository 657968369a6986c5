import type { EmailHtmlDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { findQueuedEmail } from '../../platform';

/** The mail as it was rendered and stored (and sent): its subject and HTML. */
export async function previewQueuedEmail(deps: AppDeps, id: number): Promise<EmailHtmlDto> {
  const row = await findQueuedEmail(deps.db, id);
  if (!row) throw notFound();
  return { subject: row.subject, html: row.html };
}
