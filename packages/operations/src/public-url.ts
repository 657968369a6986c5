/**
 * The panel's public URL: `PUBLIC_URL`, or this machine on `PORT` (so that a start on another port
 * issues links, the tag snippet and notice URLs that reach it). The bidder reads it the same way.
 */
export function publicUrlOf(env: NodeJS.ProcessEnv): string {
  const port = env.PORT?.trim() || '8080';
  return (env.PUBLIC_URL?.trim() || `http://localhost:${port}`).replace(/\/$/, '');
}
