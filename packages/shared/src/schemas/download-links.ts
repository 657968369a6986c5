import { z } from 'zod';

/** How long a download link works, in seconds: long enough for the browser to open it. */
export const DOWNLOAD_LINK_LIFETIME_SECONDS = 60;

/** `POST /api/{panel}/download-links`: the API path of a download (`/api/...`, query string included). */
export const downloadLinkBody = z.object({ path: z.string().min(1).max(2000) });
export type DownloadLinkBody = z.infer<typeof downloadLinkBody>;

export const downloadLinkResponse = z.object({ data: z.object({ url: z.string() }) });
