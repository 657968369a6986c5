import type { OrganisationAccountPurpose, StatementLineDto } from '@rtb/shared';
import type { StatementTexts } from './texts';

/** What a line's operation is called: spend on an agency's commission account is its commission. */
export const operationOf = (
  texts: StatementTexts,
  account: OrganisationAccountPurpose,
  line: Pick<StatementLineDto, 'type'>,
) => (line.type === 'spend' && account === 'commission' ? texts.commission : texts.types[line.type]);

/**
 * What a line is about, after its operation: the advertiser that spent (on an agency's
 * commission), the campaign, a transfer's other side, the invoice and the reason.
 */
export function descriptionOf(
  texts: StatementTexts,
  account: OrganisationAccountPurpose,
  line: StatementLineDto,
): string {
  return [
    account === 'commission' ? line.advertiser?.name : undefined,
    line.campaign?.name,
    line.counterparty?.name,
    line.invoice ? `${texts.invoice} ${line.invoice.number}` : undefined,
    line.reason ?? undefined,
  ]
    .filter((part): part is string => Boolean(part))
    .join(' · ');
}
