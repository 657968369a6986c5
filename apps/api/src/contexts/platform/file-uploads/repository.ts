import { type Database, fileUploads } from '@rtb/db';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import { columnSubquery } from '../../../core/column-subquery';

/** What the API says of a file (`FileUploadDto`). */
const fileUploadDtoColumns = {
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

/** A file as `FileUploadDto` needs it. */
export type FileUploadDtoRow = Omit<FileUploadRow, 'agencyId' | 'advertiserId'>;

/**
 * The file in `fileUploadId` as another context's row shows it (`toFileUploadDto`'s row), or
 * null: a correlated subquery, so other contexts name a file without reading this table.
 */
export const fileUploadOf = (fileUploadId: AnyColumn | SQL) =>
  columnSubquery<FileUploadDtoRow | null>(
    sql`select json_build_object('id', ${fileUploads.id}, 'createdAt', ${fileUploads.createdAt}, 'type', ${fileUploads.type}, 'name', ${fileUploads.name}, 'mimeType', ${fileUploads.mimeType}, 'size', ${fileUploads.size}) from ${fileUploads} where ${eq(fileUploads.id, fileUploadId)}`,
  ).mapWith((file: Omit<FileUploadDtoRow, 'createdAt'> & { createdAt: string }) => ({
    ...file,
    createdAt: new Date(file.createdAt),
  }));

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
