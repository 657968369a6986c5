import { type MeDto, messages, type UpdateMeBody } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalidField, unauthenticated } from '../../../core/errors';
import { type Actor, localeIsEnabled, recordActivity } from '../../platform';
import { toMeDto } from '../auth/me-dto';
import { findPrincipal, type Principal } from '../auth/principal-repository';
import { ownUserChange } from './own-user-change';
import { updateAccountLocale, updateOwnProfile } from './repository';

/** The user edits their own names, phone and language. */
export async function updateMe(
  deps: AppDeps,
  principal: Principal,
  body: UpdateMeBody,
  actor: Actor,
): Promise<MeDto> {
  if (!(await localeIsEnabled(deps, body.locale))) throw invalidField('locale', messages.unknownLocale);
  const profile = principal.profile;
  if (!profile) throw unauthenticated();
  const after = { firstName: body.firstName, lastName: body.lastName, phone: body.phone || null };
  await updateOwnProfile(deps.db, principal.kind, principal.accountId, after);
  await updateAccountLocale(deps.db, principal.accountId, body.locale);
  deps.sessionsChanged(principal.accountId);
  await recordActivity(deps, actor, [
    ownUserChange(
      principal,
      {
        firstName: profile.firstName,
        lastName: profile.lastName,
        phone: profile.phone,
        locale: principal.locale,
      },
      { ...after, locale: body.locale },
    ),
  ]);
  const updated = await findPrincipal(deps.db, { tokenId: principal.tokenId });
  if (!updated) throw unauthenticated();
  return toMeDto(updated);
}
