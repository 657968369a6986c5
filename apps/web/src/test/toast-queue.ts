import { toast } from 'react-toastify';

/**
 * Empties react-toastify's queue. A toast raised while no container is mounted (a copy that
 * resolves after its test unmounted) waits in the library's module and shows in the next
 * container; the files of a worker share that module, so the setup empties it before each test.
 * Called with no container mounted, `dismiss` drops what waits.
 */
export function emptyToastQueue(): void {
  toast.dismiss();
}
