import type { FaqDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { toFaqDto } from './dto';
import { findFaq } from './faqs-repository';

export async function getFaq(deps: AppDeps, id: number): Promise<FaqDto> {
  const row = await findFaq(deps.db, id);
  if (!row) throw notFound();
  return toFaqDto(row);
}
