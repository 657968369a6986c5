/** Texts of the download link checks. */
export const downloadLinkMessages = {
  notADownload: 'Only a file download can be opened with a link.',
} as const;
