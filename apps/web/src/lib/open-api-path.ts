import { accountKinds } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { api } from './api-client';

/**
 * Opens a download of the API (an invoice PDF, a proforma) in a new tab, with the authorization
 * value in the query string (spec section 7). That value is a download link's token, which the
 * API gives for this path only, for one use within a minute; never the session token. The tab
 * opens at once, within the click, so that popup blockers let it through, and gets its address
 * when the link arrives; it closes again if the link is refused (the error is rethrown).
 */
export async function openApiPath(path: string): Promise<void> {
  const tab = window.open('', '_blank');
  // The opened page must not reach back into the panel.
  if (tab) tab.opener = null;
  try {
    const panel = accountKinds.find((kind) => path.startsWith(`/${kind}/`));
    if (!panel) throw new Error(`${path} is not under a panel's prefix`);
    const { data } = await api.call(contract.downloadLinks.create, {
      path: { panel },
      body: { path: `/api${path}` },
    });
    const url = new URL(data.url, window.location.origin).href;
    if (tab) tab.location.href = url;
    else window.open(url, '_blank', 'noopener');
  } catch (error) {
    tab?.close();
    throw error;
  }
}
