import {
  extensionOf,
  type FileUploadDto,
  fileUploadMessages,
  type UploadExtension,
  uploadFormatOf,
  uploadProblem,
} from '@rtb/shared';
import type { OrganisationContext, OrganisationRef } from '../../../core/access';
import type { AppDeps } from '../../../core/deps';
import { invalidField } from '../../../core/errors';
import { type Actor, recordActivity } from '../activity-logs/service';
import { contentMatches } from './content-check';
import { toFileUploadDto } from './dto';
import { safeFileName } from './file-name';
import { removeStoredFile, writeStoredFile } from './file-store';
import type { IncomingFile } from './multipart';
import { insertFileUpload } from './repository';

export interface UploadContext {
  /** The body field the file came in: its errors go there. */
  field: string;
  /** Whose file it is: only that organisation's users (and admins) may download it. */
  owner: OrganisationRef;
  /** The organisation ids of its activity-log row. */
  organisationIds: OrganisationContext;
}

/**
 * Checks and keeps an uploaded file: an accepted extension, not empty, within the size limit,
 * and content that is what the extension says. Its type and MIME type come from the extension,
 * never from what the browser claimed. The file is removed again if the transaction rolls back.
 */
export async function storeUpload(
  deps: AppDeps,
  file: IncomingFile,
  context: UploadContext,
  actor: Actor,
): Promise<FileUploadDto> {
  const problem = uploadProblem({ name: file.filename, size: file.data.length });
  const format = uploadFormatOf(file.filename);
  if (problem || !format)
    throw invalidField(context.field, problem?.message ?? fileUploadMessages.unsupportedType);
  const extension = extensionOf(file.filename) as UploadExtension;
  if (!contentMatches(extension, file.data))
    throw invalidField(context.field, fileUploadMessages.contentMismatch);

  const storageKey = await writeStoredFile(deps.config, file.data);
  deps.onRollback(() => removeStoredFile(deps.config, storageKey));
  const row = await insertFileUpload(deps.db, {
    type: format.type,
    name: safeFileName(file.filename, extension),
    mimeType: format.mimeType,
    size: file.data.length,
    storageKey,
    agencyId: 'agencyId' in context.owner ? context.owner.agencyId : null,
    advertiserId: 'advertiserId' in context.owner ? context.owner.advertiserId : null,
    uploadedByAccountId: actor.accountId,
  });
  const upload = toFileUploadDto(row);
  await recordActivity(deps, actor, [
    {
      event: 'created',
      entityType: 'file_upload',
      entityId: upload.id,
      after: { name: upload.name, type: upload.type, mimeType: upload.mimeType, size: upload.size },
      ...context.organisationIds,
    },
  ]);
  return upload;
}
