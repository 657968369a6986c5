import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { configValues } from '@rtb/db';
import { bannerMessages, configKeys, defaultBannerSizes, HTML5_MAX_FILES, messages } from '@rtb/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { demoTokens, multipart } from '../../support/support/test-helpers';
import {
  animated,
  buildZip,
  html5Files,
  html5Zip,
  image,
  indexHtml,
  landingSite,
  upload,
  uploaded,
} from './test-helpers';

let t: TestApp;
let site: Awaited<ReturnType<typeof landingSite>>;
let token: string;
let landingUrl: string;

beforeAll(async () => {
  site = await landingSite();
  t = await createTestApp({ demo: true, config: { urlVerifyAllowPrivate: true } });
  token = (await demoTokens(t)).advertiser;
  landingUrl = `${site.base}/ok`;
});
afterAll(async () => {
  await t.close();
  await site.close();
});

const send = (content: Buffer, filename = 'banner.png', fields: Record<string, string> = {}) =>
  upload(t, { token, content, filename, fields: { landingUrl, ...fields } });
const accepted = (content: Buffer, filename = 'banner.png', fields: Record<string, string> = {}) =>
  uploaded(t, { token, content, filename, fields: { landingUrl, ...fields } });

/** The request was refused with exactly this error on `file`. */
async function expectFileError(res: Awaited<ReturnType<typeof send>>, message: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.errors).toEqual({ file: [message] });
}

const allowedSizes = defaultBannerSizes.join(', ');

describe('image banners', () => {
  it.each([
    ['png', 'image/png', 'banner.png'],
    ['jpeg', 'image/jpeg', 'banner.jpg'],
    ['gif', 'image/gif', 'banner.gif'],
    ['webp', 'image/webp', 'banner.webp'],
  ] as const)(
    'accepts a %s of an allowed size, pending review, named after the file',
    async (format, mimeType, entry) => {
      const content = await image(format, 300, 250);
      const banner = await accepted(content, `Spring sale.${format}`);
      expect(banner).toMatchObject({
        name: 'Spring sale',
        type: 'image',
        status: 'pending',
        width: 300,
        height: 250,
        mimeType,
        fileSize: content.length,
        animated: false,
        fileCount: null,
        landingUrl,
        campaignCount: 0,
        reviewedAt: null,
        reviewedBy: null,
      });
      expect(banner.updatedBy?.name).toBe('Dorota Sklepowa');
      expect(banner.previewUrl).toMatch(new RegExp(`^/creatives/[0-9a-f]{32}/${entry.replace('.', '\\.')}$`));
      const [, , key] = banner.previewUrl.split('/');
      expect(await readFile(join(t.deps.config.dataDir, 'creatives', key as string, entry))).toEqual(content);
    },
  );

  it('takes the type from the bytes: a PNG named .jpg is a PNG, stored as banner.png', async () => {
    const banner = await accepted(await image('png', 728, 90), 'leaderboard.jpg', { name: 'Leaderboard' });
    expect(banner).toMatchObject({ name: 'Leaderboard', mimeType: 'image/png', width: 728, height: 90 });
    expect(banner.previewUrl).toMatch(/\/banner\.png$/);
  });

  it('refuses an SVG (with a script) named .jpg, and anything else that is not an image or a ZIP', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="250"><script>alert(document.cookie)</script></svg>',
    );
    await expectFileError(await send(svg, 'banner.jpg'), bannerMessages.unsupportedFormat);
    await expectFileError(await send(svg, 'banner.svg'), bannerMessages.unsupportedFormat);
    await expectFileError(
      await send(Buffer.from('%PDF-1.7 ...'), 'banner.png'),
      bannerMessages.unsupportedFormat,
    );
    await expectFileError(
      await send(Buffer.from('<html></html>'), 'banner.html'),
      bannerMessages.unsupportedFormat,
    );
  });

  it('serves a 2x file at 1x', async () => {
    const banner = await accepted(await image('png', 600, 500), 'retina.png');
    expect(banner).toMatchObject({ width: 300, height: 250 });
  });

  it('names the allowed sizes when the size is not one of them (nor twice one)', async () => {
    await expectFileError(
      await send(await image('png', 301, 250)),
      `The banner is 301x250; allowed sizes are ${allowedSizes}.`,
    );
    await expectFileError(
      await send(await image('jpeg', 900, 750)),
      `The banner is 900x750; allowed sizes are ${allowedSizes}.`,
    );
  });

  it('follows the banner_sizes config value', async () => {
    await t.deps.settings.set(t.database.db, configKeys.bannerSizes, '300x250, 123x45');
    try {
      expect((await accepted(await image('png', 123, 45))).width).toBe(123);
      await expectFileError(
        await send(await image('png', 728, 90)),
        'The banner is 728x90; allowed sizes are 300x250, 123x45.',
      );
    } finally {
      await t.deps.settings.set(t.database.db, configKeys.bannerSizes, defaultBannerSizes.join(','));
    }
  });

  it('detects animation: a GIF of two frames, an animated WebP', async () => {
    const gif = await accepted(await animated('gif', 300, 250), 'moving.gif');
    expect(gif).toMatchObject({ mimeType: 'image/gif', animated: true });
    const webp = await accepted(await animated('webp', 300, 250), 'moving.webp');
    expect(webp).toMatchObject({ mimeType: 'image/webp', animated: true });
    const still = await accepted(await image('gif', 300, 250), 'still.gif');
    expect(still.animated).toBe(false);
  });

  it('refuses a truncated or corrupt image', async () => {
    for (const format of ['png', 'jpeg', 'gif', 'webp'] as const) {
      const whole = await image(format, 300, 250);
      const cut = whole.subarray(0, Math.floor(whole.length * 0.6));
      await expectFileError(await send(cut, `cut.${format}`), bannerMessages.unreadableImage);
    }
    const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    await expectFileError(await send(header), bannerMessages.unreadableImage);
  });

  it('refuses a file over banner_max_file_kb, naming the limit', async () => {
    const big = Buffer.concat([await image('png', 300, 250), Buffer.alloc(513_000)]);
    await expectFileError(await send(big), 'The file is larger than 500 KB.');
    await t.deps.settings.set(t.database.db, configKeys.bannerMaxFileKb, 2);
    try {
      await expectFileError(
        await send(await image('png', 300, 250).then((b) => Buffer.concat([b, Buffer.alloc(2049)]))),
        'The file is larger than 2 KB.',
      );
    } finally {
      await t.deps.settings.set(t.database.db, configKeys.bannerMaxFileKb, 500);
    }
  });

  it('needs a file and a landing page that answers over http(s)', async () => {
    const form = await multipart({ landingUrl });
    const none = await t.call({ method: 'POST', url: '/api/advertiser/banners', token, ...form });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ file: [bannerMessages.fileRequired] });
    await expectFileError(await send(Buffer.alloc(0)), bannerMessages.unsupportedFormat);
    const json = await t.call({
      method: 'POST',
      url: '/api/advertiser/banners',
      token,
      payload: { landingUrl },
    });
    expect(json.status).toBe(422);
    expect(json.body.errors.file).toEqual([bannerMessages.fileRequired]);

    const png = await image('png', 300, 250);
    const ftp = await send(png, 'b.png', { landingUrl: 'ftp://shop.example.com/' });
    expect(ftp.status).toBe(422);
    expect(ftp.body.errors.landingUrl).toEqual([messages.urlInvalid]);
    const missing = await send(png, 'b.png', { landingUrl: `${site.base}/gone` });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ landingUrl: [messages.urlErrorStatus(404)] });
    const unreachable = await send(png, 'b.png', { landingUrl: 'http://127.0.0.1:1/' });
    expect(unreachable.body.errors).toEqual({ landingUrl: [messages.urlUnreachable] });
  });

  it('refuses a second file in one request', async () => {
    const form = new FormData();
    form.append('landingUrl', landingUrl);
    const png = await image('png', 300, 250);
    form.append('file', new Blob([png]), 'a.png');
    form.append('file', new Blob([png]), 'b.png');
    const request = new Request('http://panel.test/', { method: 'POST', body: form });
    const res = await t.call({
      method: 'POST',
      url: '/api/advertiser/banners',
      token,
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['file']);
  });
});

describe('HTML5 banners', () => {
  it('accepts a ZIP with index.html, its size and clickTag, and stores the unpacked files', async () => {
    const zip = html5Zip();
    const banner = await accepted(zip, 'Summer.zip');
    expect(banner).toMatchObject({
      name: 'Summer',
      type: 'html5',
      mimeType: 'application/zip',
      width: 300,
      height: 250,
      fileSize: zip.length,
      fileCount: 4,
      animated: false,
    });
    expect(banner.previewUrl).toMatch(/^\/creatives\/[0-9a-f]{32}\/index\.html$/);
    const folder = join(t.deps.config.dataDir, 'creatives', banner.previewUrl.split('/')[2] as string);
    expect(await readFile(join(folder, 'img', 'bg.png'), 'utf8')).toBe('bg');
    expect((await stat(join(folder, 'index.html'))).isFile()).toBe(true);
  });

  it('is recognised by its bytes, whatever its name; a 2x ad.size serves at 1x', async () => {
    const banner = await accepted(
      html5Zip({ 'index.html': indexHtml({ size: 'height=500, width=600' }) }),
      'x.png',
    );
    expect(banner).toMatchObject({ type: 'html5', width: 300, height: 250 });
  });

  it('leaves out directories and what archivers add', async () => {
    const banner = await accepted(
      buildZip([
        ...html5Files(),
        { name: 'img/', content: '' },
        { name: '__MACOSX/._index.html', content: 'fork' },
        { name: '.DS_Store', content: 'finder' },
      ]),
      'mac.zip',
    );
    expect(banner.fileCount).toBe(4);
  });

  it.each([
    ['../evil.js'],
    ['img/../../evil.js'],
    ['/etc/evil.js'],
    ['C:/evil.js'],
    ['img\\..\\..\\evil.js'],
  ])('refuses an entry named %s', async (name) => {
    await expectFileError(
      await send(buildZip([...html5Files(), { name, content: 'x' }]), 'bad.zip'),
      `The ZIP file contains a path outside the archive: ${name}.`,
    );
  });

  it('refuses a symbolic link', async () => {
    await expectFileError(
      await send(
        buildZip([...html5Files(), { name: 'link', content: '/etc/passwd', mode: 0o120777 }]),
        'l.zip',
      ),
      'The ZIP file contains a path outside the archive: link.',
    );
  });

  it(`refuses more than ${HTML5_MAX_FILES} files`, async () => {
    const extra = Array.from({ length: HTML5_MAX_FILES - 3 }, (_, i) => ({
      name: `f/${i}.txt`,
      content: 'x',
    }));
    expect((await accepted(buildZip([...html5Files(), ...extra.slice(0, -1)]), 'full.zip')).fileCount).toBe(
      HTML5_MAX_FILES,
    );
    await expectFileError(
      await send(buildZip([...html5Files(), ...extra]), 'many.zip'),
      bannerMessages.zipTooManyFiles.replace('{max}', String(HTML5_MAX_FILES)),
    );
  });

  it('stops a ZIP bomb early: 20 MB of zeros in a few kB is refused by its header, before inflating', async () => {
    const bomb = buildZip([...html5Files(), { name: 'zeros.bin', content: Buffer.alloc(20 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(100_000);
    await expectFileError(await send(bomb, 'bomb.zip'), 'The ZIP file unpacks to more than 5 MB.');
    // The same header over data that is not even deflate: refused as too large, so never inflated.
    const garbage = buildZip([
      ...html5Files(),
      { name: 'zeros.bin', deflated: Buffer.alloc(4096, 0xff), declaredSize: 20 * 1024 * 1024 },
    ]);
    await expectFileError(await send(garbage, 'bomb.zip'), 'The ZIP file unpacks to more than 5 MB.');
  });

  it('counts the unpacked bytes of all entries: each within the limit, together over it, is refused', async () => {
    const parts = Array.from({ length: 6 }, (_, i) => ({
      name: `z/${i}.bin`,
      content: Buffer.alloc(1024 * 1024),
    }));
    await expectFileError(
      await send(buildZip([...html5Files(), ...parts]), 'bombs.zip'),
      'The ZIP file unpacks to more than 5 MB.',
    );
    await accepted(buildZip([...html5Files(), ...parts.slice(0, 4)]), 'four.zip');
  });

  it('refuses an entry inflating to more than its header claims (1 kB claimed, 20 MB inside)', async () => {
    const liar = buildZip([
      ...html5Files(),
      { name: 'lie.bin', content: Buffer.alloc(20 * 1024 * 1024), declaredSize: 1024 },
    ]);
    await expectFileError(await send(liar, 'liar.zip'), bannerMessages.zipUnreadable);
  });

  it('refuses an unreadable ZIP and one without index.html at its top level', async () => {
    const cut = html5Zip().subarray(0, 200);
    await expectFileError(
      await send(Buffer.concat([Buffer.from('PK\x03\x04'), cut]), 'cut.zip'),
      bannerMessages.zipUnreadable,
    );
    await expectFileError(
      await send(
        buildZip(html5Files({ 'index.html': null, 'banner/index.html': indexHtml() })),
        'nested.zip',
      ),
      bannerMessages.zipNoIndex,
    );
  });

  it.each([
    [
      'a script from another site',
      '<script src="https://cdn.example.com/lib.js"></script>',
      'https://cdn.example.com/lib.js',
    ],
    ['a protocol-relative image', '<img src="//tracker.example.com/p.gif">', '//tracker.example.com/p.gif'],
    ['an absolute path', '<img src="/logo.png">', '/logo.png'],
    ['a path out of the archive', '<img src="../logo.png">', '../logo.png'],
    ['a backslashed host', '<img src="\\\\evil.example.com\\x.png">', '\\\\evil.example.com\\x.png'],
    [
      'a srcset candidate',
      '<img srcset="img/logo.png 1x, https://x.example.com/a.png 2x">',
      'https://x.example.com/a.png',
    ],
    [
      'a style attribute',
      '<div style="background:url(https://x.example.com/bg.png)"></div>',
      'https://x.example.com/bg.png',
    ],
    [
      'a <style> element',
      '<style>@import "https://fonts.example.com/f.css";</style>',
      'https://fonts.example.com/f.css',
    ],
    ['a hard-coded landing link', '<a href="https://shop.example.com/">Buy</a>', 'https://shop.example.com/'],
    [
      'a refresh',
      '<meta http-equiv="refresh" content="0; url=https://x.example.com/">',
      'https://x.example.com/',
    ],
  ])('refuses %s outside the archive', async (_, markup, reference) => {
    await expectFileError(
      await send(html5Zip({ 'index.html': indexHtml({ body: markup }) }), 'ext.zip'),
      `index.html refers to a file outside the archive: ${reference}.`,
    );
  });

  it('refuses a style sheet of the archive that loads from elsewhere', async () => {
    await expectFileError(
      await send(
        html5Zip({ 'style.css': 'body { background: url(http://x.example.com/bg.png) }' }),
        'css.zip',
      ),
      'index.html refers to a file outside the archive: http://x.example.com/bg.png.',
    );
    await expectFileError(
      await send(html5Zip({ 'css/style.css': 'b { background: url(../../bg.png) }' }), 'css.zip'),
      'index.html refers to a file outside the archive: ../../bg.png.',
    );
  });

  it('refuses references to files the archive lacks, and accepts data: URIs and relative paths within it', async () => {
    await expectFileError(
      await send(html5Zip({ 'img/logo.png': null }), 'missing.zip'),
      'index.html refers to a file the archive does not contain: img/logo.png.',
    );
    await expectFileError(
      await send(html5Zip({ 'style.css': 'b { background: url(img/none.png) }' }), 'missing.zip'),
      'index.html refers to a file the archive does not contain: img/none.png.',
    );
    const fine = await accepted(
      html5Zip({
        'index.html': indexHtml({
          body: '<img src="data:image/png;base64,iVBORw0KGgo="><img src="./img/../img/logo.png?v=2#top"><a href="#">x</a>',
        }),
        'css/more.css': 'b { background: url("../img/bg.png") }',
      }),
      'fine.zip',
    );
    expect(fine.fileCount).toBe(5);
  });

  it('needs <meta name="ad.size"> of an allowed size', async () => {
    await expectFileError(
      await send(html5Zip({ 'index.html': indexHtml({ size: null }) }), 'nosize.zip'),
      bannerMessages.html5NoSize,
    );
    await expectFileError(
      await send(html5Zip({ 'index.html': indexHtml({ size: 'width=300' }) }), 'halfsize.zip'),
      bannerMessages.html5NoSize,
    );
    await expectFileError(
      await send(html5Zip({ 'index.html': indexHtml({ size: 'width=310,height=250' }) }), 'odd.zip'),
      `The banner is 310x250; allowed sizes are ${allowedSizes}.`,
    );
  });

  it('needs the clickTag variable, in index.html or a script of the archive', async () => {
    const noClickTag = indexHtml()
      .replace(/<a [^>]*>/, '<a href="#">')
      .replace(/<script>.*<\/script>/, '');
    await expectFileError(
      await send(html5Zip({ 'index.html': noClickTag }), 'noclick.zip'),
      bannerMessages.html5NoClickTag,
    );
    const inScript = await accepted(
      html5Zip({
        'index.html': noClickTag.replace('</body>', '<script src="js/ad.js"></script></body>'),
        'js/ad.js': 'document.body.onclick = () => window.open(window.clickTag);',
      }),
      'script.zip',
    );
    expect(inScript.type).toBe('html5');
  });
});

describe('GET /api/advertiser/banners/rules', () => {
  it('tells the sizes, the file limit and the HTML5 limits from the config', async () => {
    await t.database.db
      .update(configValues)
      .set({ value: 300 })
      .where(eq(configValues.key, configKeys.bannerMaxFileKb));
    t.deps.settings.forget(configKeys.bannerMaxFileKb);
    const res = await t.call({ method: 'GET', url: '/api/advertiser/banners/rules', token });
    expect(res.status).toBe(200);
    expect(res.body.data.bannerRules).toEqual({
      sizes: [...defaultBannerSizes],
      maxFileBytes: 300 * 1024,
      html5MaxFiles: 100,
      html5MaxUnpackedBytes: 5 * 1024 * 1024,
    });
  });
});
