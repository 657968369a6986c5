import { useCallback, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type BlockerFunction, UNSAFE_DataRouterContext, useBlocker } from 'react-router';

/**
 * While a form is saving, leaving asks for confirmation (spec section 4): closing or reloading
 * the tab (beforeunload) and moving inside the app (the router's blocker). The prompt text is
 * always Polish (spec section 1), whatever the interface language.
 */
export function useLeaveWhileSaving(saving: boolean): void {
  const { i18n } = useTranslation();
  const message = i18n.getFixedT('pl', 'common')('unsavedWhileSaving');

  useEffect(() => {
    if (!saving) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need the return value set; they show their own text anyway.
      event.returnValue = message;
      return message;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [saving, message]);

  // Blocking in-app navigation needs a data router (the app's); a plain router only gets the
  // beforeunload part. Whether there is one never changes for a mounted component.
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  if (dataRouter) {
    // biome-ignore lint/correctness/useHookAtTopLevel: the condition is fixed for the component's life
    useBlockNavigation(saving, message);
  }
}

/**
 * Blocks the user's own moves (links, back and forward) while saving. A replacing navigation is
 * the saving form itself opening what it has just saved (e.g. a new entry's page): not leaving.
 */
function useBlockNavigation(saving: boolean, message: string): void {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation, historyAction }) =>
      saving &&
      historyAction !== 'REPLACE' &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [saving],
  );
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);
}
