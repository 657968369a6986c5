import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This folder: the OpenRTB 2.6 specification's example requests and responses. */
export const openRtbExamplesFolder = fileURLToPath(new URL('.', import.meta.url));

/** One example file, parsed. */
export const openRtbExample = (name: string): unknown =>
  JSON.parse(readFileSync(join(openRtbExamplesFolder, name), 'utf8'));

/** The example bid requests, by file name, in order. */
export function openRtbExampleRequests(): { name: string; body: Record<string, unknown> }[] {
  return readdirSync(openRtbExamplesFolder)
    .filter((name) => /^request-.*\.json$/.test(name))
    .sort()
    .map((name) => ({ name, body: openRtbExample(name) as Record<string, unknown> }));
}
