import { z } from 'zod';
import { type FileUploadType, fileUploadTypes } from '../enums';
import { apiDateTime } from './common';
import { fileUploadMessages, UPLOAD_MAX_BYTES } from './file-uploads-messages';

/**
 * The files the platform accepts, by extension: what type (spec: Image, Video, Document, Misc)
 * and MIME type each one is stored and served as. Nothing that a browser would run (HTML, SVG,
 * scripts) is on the list; the API also checks that the content matches the extension.
 */
export const uploadFormats = {
  png: { type: 'image', mimeType: 'image/png' },
  jpg: { type: 'image', mimeType: 'image/jpeg' },
  jpeg: { type: 'image', mimeType: 'image/jpeg' },
  gif: { type: 'image', mimeType: 'image/gif' },
  webp: { type: 'image', mimeType: 'image/webp' },
  mp4: { type: 'video', mimeType: 'video/mp4' },
  mov: { type: 'video', mimeType: 'video/quicktime' },
  webm: { type: 'video', mimeType: 'video/webm' },
  pdf: { type: 'document', mimeType: 'application/pdf' },
  txt: { type: 'document', mimeType: 'text/plain' },
  csv: { type: 'document', mimeType: 'text/csv' },
  doc: { type: 'document', mimeType: 'application/msword' },
  docx: {
    type: 'document',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  xls: { type: 'document', mimeType: 'application/vnd.ms-excel' },
  xlsx: { type: 'document', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  odt: { type: 'document', mimeType: 'application/vnd.oasis.opendocument.text' },
  ods: { type: 'document', mimeType: 'application/vnd.oasis.opendocument.spreadsheet' },
  zip: { type: 'misc', mimeType: 'application/zip' },
  json: { type: 'misc', mimeType: 'application/json' },
  log: { type: 'misc', mimeType: 'text/plain' },
} as const satisfies Record<string, { type: FileUploadType; mimeType: string }>;
export type UploadExtension = keyof typeof uploadFormats;

/** For a file input's `accept`: `.png,.jpg,...`. */
export const uploadAccept = Object.keys(uploadFormats)
  .map((extension) => `.${extension}`)
  .join(',');

/** The extension of a file name, lower case ('' without one). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The format of a file name's extension, if the platform accepts it. */
export function uploadFormatOf(name: string): (typeof uploadFormats)[UploadExtension] | undefined {
  const extension = extensionOf(name);
  return Object.hasOwn(uploadFormats, extension) ? uploadFormats[extension as UploadExtension] : undefined;
}

/**
 * A problem of an upload: its code of the error table (the web shows its text by it) and the
 * spec's text (the API's answer). The code is written out here, as this file is below the table
 * (error-codes.test.ts checks that it is the text's).
 */
export interface UploadProblem {
  code: 'file_uploads.unsupported_type' | 'file_uploads.empty' | 'file_uploads.too_large';
  message: string;
}

/**
 * What is wrong with a file by its name and size (null when nothing): the checks the browser
 * can make before sending it. The API makes them again and looks at the content too.
 */
export function uploadProblem(file: { name: string; size: number }): UploadProblem | null {
  if (!uploadFormatOf(file.name))
    return { code: 'file_uploads.unsupported_type', message: fileUploadMessages.unsupportedType };
  if (file.size === 0) return { code: 'file_uploads.empty', message: fileUploadMessages.empty };
  if (file.size > UPLOAD_MAX_BYTES)
    return { code: 'file_uploads.too_large', message: fileUploadMessages.tooLarge };
  return null;
}

/** A stored file as the API describes it (its content is downloaded separately). */
export const fileUploadDto = z.object({
  id: z.number().int(),
  createdAt: apiDateTime,
  type: z.enum(fileUploadTypes),
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
});
export type FileUploadDto = z.infer<typeof fileUploadDto>;
