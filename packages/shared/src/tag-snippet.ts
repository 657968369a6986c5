/** Where the tag script is served: the bidder's public URL (`RTB_PUBLIC_URL`, else the panel's). */
export const tagScriptUrl = (rtbPublicUrl: string) => `${rtbPublicUrl.replace(/\/$/, '')}/tag.js`;

/**
 * The snippet the shop pastes into every page's `<head>` (the Tags tab shows it): it defines
 * `rtbTag` as a queue at once, so calls made before `/tag.js` arrives are kept, loads the script
 * asynchronously (the page never waits for it, nor breaks when it fails to load) and starts the
 * tag with the advertiser's key. A shop that asks for consent first changes 'granted' to
 * 'pending' and calls `rtbTag('consent', 'granted' | 'denied')` once the visitor has chosen.
 */
export function tagSnippet(scriptUrl: string, tagKey: string): string {
  return [
    '<script>',
    '(function (w, d, u) {',
    '  w.rtbTag = w.rtbTag || function () { (w.rtbTag.q = w.rtbTag.q || []).push(arguments); };',
    "  var s = d.createElement('script'); s.async = true; s.src = u;",
    "  var f = d.getElementsByTagName('script')[0]; f.parentNode.insertBefore(s, f);",
    `})(window, document, ${JSON.stringify(scriptUrl)});`,
    `rtbTag('init', ${JSON.stringify(tagKey)}, { consent: 'granted' });`,
    '</script>',
  ].join('\n');
}
