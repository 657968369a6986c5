import type { CommentsQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { limitOffset, listOfPage } from '../../../core/list';
import { countComments, findComments } from './comments-repository';
import { toCommentDto } from './dto';
import { findFormContact } from './form-contacts-repository';

/** The replies to a contact, oldest first (admin). */
export async function listCommentsPage(deps: AppDeps, query: CommentsQuery) {
  if (!(await findFormContact(deps.db, query.formContactId))) return listOfPage([], query, 0);
  const rows = await findComments(deps.db, query.formContactId, limitOffset(query));
  return listOfPage(rows.map(toCommentDto), query, await countComments(deps.db, query.formContactId));
}
