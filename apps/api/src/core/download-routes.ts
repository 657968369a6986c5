import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET that answers a file (a PDF, an attachment): a download link may open it, with its
     * token in `?authorization=` (identity's download-links).
     */
    download?: boolean;
  }
}

const BASE = 'http://api.invalid';

/**
 * A request path as download links store and compare it: the path and query string as the
 * URL parser normalises them, without any `authorization` parameter. Null for what is not a
 * path of this server (`//other.host/...`, a full URL).
 */
export function downloadPathOf(raw: string): string | null {
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  url.searchParams.delete('authorization');
  const search = url.searchParams.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}

/** The GET routes that declared `config.download`, by their URL patterns (`/api/admin/invoices/:id/pdf`). */
export class DownloadRoutes {
  private patterns: RegExp[] = [];

  add(url: string): void {
    const segments = url
      .split('/')
      .map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    this.patterns.push(new RegExp(`^${segments.join('/')}$`));
  }

  /** Whether the path (a `downloadPathOf` result) is one of a download route. */
  has(path: string): boolean {
    const pathname = path.split('?')[0] ?? '';
    return this.patterns.some((pattern) => pattern.test(pathname));
  }
}

/** Collects the download routes as they are added. */
export function registerDownloadRoutes(app: FastifyInstance): DownloadRoutes {
  const routes = new DownloadRoutes();
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (route.config?.download && methods.includes('GET')) routes.add(route.url);
  });
  return routes;
}
