import { type ComponentType, lazy, Suspense } from 'react';
import { Loading } from './loading';

/**
 * A page that loads with its own chunk on its first visit: a panel's routes take their pages
 * through this, so opening a panel loads its layout and the page shown, not every page of the
 * panel (a page's charts and forms come with it). `Loading` shows while the chunk loads; a
 * navigation between pages keeps the previous one until then (the router's updates are
 * transitions).
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Page = lazy(async () => ({ default: await load() }));
  return function LazyPage(props: P) {
    return (
      <Suspense fallback={<Loading />}>
        <Page {...props} />
      </Suspense>
    );
  };
}
