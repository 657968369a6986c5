import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { initI18n, loadTextSets } from '../lib/i18n';
import { type TextSet, textSets } from '../locales';
import { emptyToastQueue } from './toast-queue';

await initI18n('en');
// Every text, as the admin panel has them (the app loads them by sets when a page needs them).
await loadTextSets(...(Object.keys(textSets) as TextSet[]));
// findBy and waitFor keep looking for 5 s instead of 1 s: on a loaded machine (a load average of 10
// on two cores) a debounced search or a lazy page took longer than a second to appear.
configure({ asyncUtilTimeout: 5_000 });
afterEach(() => cleanup());
beforeEach(() => emptyToastQueue());
// jsdom has no modal dialogs: showModal opens the dialog in place.
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
