/** The largest file a user may upload (support attachments): 10 MiB. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** Texts of the upload checks (codes `file_uploads.*` of the error table). */
export const fileUploadMessages = {
  tooLarge: `The file may be at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`,
  unsupportedType:
    'Attach an image (PNG, JPG, GIF, WebP), a video (MP4, MOV, WebM), a document (PDF, TXT, CSV, DOC, DOCX, XLS, XLSX, ODT, ODS), or a ZIP, JSON or LOG file.',
  empty: 'The file is empty.',
  contentMismatch: 'The content of the file does not match its extension.',
  oneFile: 'Attach one file at most.',
} as const;
