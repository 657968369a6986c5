import { type Database, fileUploads } from '@rtb/db';
import { eq } from 'drizzle-orm';

/** What the API says of a file (`FileUploadDto`); other modules select these where they join it. */
export const fileUploadDtoColumns = {
  id: fileUploads.id,
  createdAt: fileUploads.createdAt,
  type: fileUploads.type,
  name: fileUploads.name,
  mimeType: fileUploads.mimeType,
  size: fileUploads.size,
};

const fileUploadColumns = {
  ...fileUploadDtoColumns,
  agencyId: fileUploads.agencyId,
  advertiserId: fileUploads.advertiserId,
};

export type FileUploadRow = Awaited<ReturnType<typeof insertFileUpload>>;

export async function insertFileUpload(db: Database, values: typeof fileUploads.$inferInsert) {
  const [row] = await db.insert(fileUploads).values(values).returning(fileUploadColumns);
  if (!row) throw new Error('file upload not stored');
  return row;
}

/** The file with where its content is stored, for a download. */
export async function findStoredFile(db: Database, id: number) {
  const [row] = await db
    .select({ ...fileUploadColumns, storageKey: fileUploads.storageKey })
    .from(fileUploads)
    .where(eq(fileUploads.id, id));
  return row ?? null;
}
