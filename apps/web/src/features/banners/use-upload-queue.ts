import type { BannerDto, BannerRulesDto, ErrorIssue } from '@rtb/shared';
import { useCallback, useRef, useState } from 'react';
import { bannerFileProblem } from './banner-check';
import { uploadBanner, useRefreshBanners } from './banners-api';

export type UploadState = 'chosen' | 'refused' | 'uploading' | 'uploaded' | 'failed';

/** One chosen file and what became of it. */
export interface UploadItem {
  key: number;
  file: File;
  state: UploadState;
  /** 0 to 1 while it uploads. */
  progress: number;
  /** Refused here: the reason, by the API's code for it (its text is shown by the code). */
  problem: ErrorIssue | null;
  /** Refused by the API, or not sent: the call's error. */
  error: unknown;
  banner: BannerDto | null;
}

/**
 * The files of one batch: each is checked here first (type, size), then each one that passed
 * is uploaded in its own request, one after another, with its progress; a refused file keeps
 * its reason and the others go on.
 */
export function useUploadQueue(rules: BannerRulesDto | undefined) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [running, setRunning] = useState(false);
  /** What the last run did: files uploaded, and files refused (here or by the API). */
  const [summary, setSummary] = useState<{ uploaded: number; refused: number } | null>(null);
  const nextKey = useRef(1);
  const refresh = useRefreshBanners();

  const change = (key: number, changes: Partial<UploadItem>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...changes } : item)));

  /** Adds files to the batch (those already uploaded or refused by the API are dropped first). */
  const add = useCallback(
    (files: File[]) => {
      setSummary(null);
      setItems((current) => [
        ...current.filter((item) => item.state === 'chosen' || item.state === 'refused'),
        ...files.map((file): UploadItem => {
          const problem = bannerFileProblem(file, rules);
          return {
            key: nextKey.current++,
            file,
            state: problem ? 'refused' : 'chosen',
            progress: 0,
            problem,
            error: null,
            banner: null,
          };
        }),
      ]);
    },
    [rules],
  );

  const remove = (key: number) => setItems((current) => current.filter((item) => item.key !== key));
  const clear = () => {
    setItems([]);
    setSummary(null);
  };

  /** Uploads every file waiting, each with the batch's landing URL. */
  const upload = async (landingUrl: string) => {
    const waiting = items.filter((item) => item.state === 'chosen');
    if (!waiting.length) return;
    setRunning(true);
    let uploaded = 0;
    let refused = items.filter((item) => item.state === 'refused').length;
    try {
      for (const item of waiting) {
        change(item.key, { state: 'uploading', progress: 0 });
        try {
          const banner = await uploadBanner({ landingUrl }, item.file, ({ loaded, total }) =>
            change(item.key, { progress: total ? loaded / total : 0 }),
          );
          change(item.key, { state: 'uploaded', progress: 1, banner });
          uploaded++;
        } catch (error) {
          change(item.key, { state: 'failed', error });
          refused++;
        }
      }
    } finally {
      setRunning(false);
      setSummary({ uploaded, refused });
      refresh();
    }
  };

  return { items, running, summary, add, remove, clear, upload };
}
