import type { ComponentType } from 'react';
import type { WelcomeKind } from './tour/welcome-popup';

/**
 * What a user must do in a panel before anything else (accept the regulations). A feature
 * provides it and the panel's routes pass it to the layout: the shell imports no feature.
 */
export interface PanelGate {
  /** Shown over the panel until it is done. */
  Gate: ComponentType<{ kind: WelcomeKind }>;
  /** Whether it is still to be done: the welcome popup and the tour wait for it. */
  usePending: (kind: WelcomeKind) => boolean;
}
