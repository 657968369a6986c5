/** Characters a file name may not carry on common systems (an invoice number has slashes). */
const UNSAFE_IN_FILE_NAME = /[\\/:*?"<>|]+/g;

/** Saves what an object URL holds under the given name (the browser's own download). */
export function saveUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName.replace(UNSAFE_IN_FILE_NAME, '-');
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves a downloaded file; its object URL is released once the browser has taken it. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  saveUrl(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
