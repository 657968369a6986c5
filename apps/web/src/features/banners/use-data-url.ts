import { useEffect, useState } from 'react';

/**
 * A chosen file as a `data:` URL, for a preview frame: the panel's CSP (which srcdoc frames
 * inherit) lets images come from our origin and `data:`, never `blob:`.
 */
export function useDataUrl(file: File | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => setUrl(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return url;
}
