import { ONLINE_RESTORED_HIDE_MS } from '@rtb/shared';
import { useEffect, useState } from 'react';

/** online: nothing to say; lost: offline now; restored: back online, shown for 5000 ms. */
export type Connectivity = 'online' | 'lost' | 'restored';

const initial = (): Connectivity =>
  typeof navigator !== 'undefined' && navigator.onLine === false ? 'lost' : 'online';

/** Follows the browser's offline and online events (spec section 4, 'Connectivity bar'). */
export function useConnectivity(): Connectivity {
  const [status, setStatus] = useState<Connectivity>(initial);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offline = () => {
      clearTimeout(timer);
      setStatus('lost');
    };
    const online = () => {
      clearTimeout(timer);
      setStatus((current) => (current === 'lost' ? 'restored' : current));
      timer = setTimeout(() => setStatus('online'), ONLINE_RESTORED_HIDE_MS);
    };
    // The state may have changed between the first render and now.
    if (navigator.onLine === false) offline();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);
  return status;
}
