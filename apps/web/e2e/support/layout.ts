import type { Page } from 'playwright-core';

/**
 * What a look at the page would call broken, found in the browser:
 * - two visible form controls or labels whose boxes intersect (a picker over its neighbour, a
 *   label under another control); a label around its own control does not count; while a modal
 *   dialog is open, only its own (the page behind is covered);
 * - a table wider than what shows it, without a scroll affordance: its scroll box must show a
 *   shadow (a pseudo-element with a gradient or shadow, visible) on an edge that hides columns;
 *   a table cut by a box that does not scroll, or wider than the page, is always a problem;
 * - a placeholder wider than its input, or a select's chosen option wider than the select (cut);
 * - a checkbox or radio beside a label of several lines, not beside its first line.
 * Each problem is one line naming the elements, so a failing test says what to look at.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const visible = (element: Element) => {
      const rect = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      // Visually hidden labels are 1px boxes: not what anyone sees.
      if (rect.width <= 1 || rect.height <= 1 || style.visibility === 'hidden' || style.opacity === '0')
        return false;
      // Scrolled out of a box that clips it (a long list of choices scrolls in its box).
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        const { overflowX, overflowY } = getComputedStyle(box);
        if (overflowX === 'visible' && overflowY === 'visible') continue;
        const clip = box.getBoundingClientRect();
        if (
          rect.bottom <= clip.top ||
          rect.top >= clip.bottom ||
          rect.right <= clip.left ||
          rect.left >= clip.right
        )
          return false;
      }
      return true;
    };
    const name = (element: Element) => {
      const text =
        element.getAttribute('aria-label') ??
        (element instanceof HTMLInputElement || element instanceof HTMLSelectElement
          ? (element.labels?.[0]?.textContent ?? element.name)
          : element.textContent);
      return `${element.tagName.toLowerCase()} "${(text ?? '').trim().slice(0, 40)}"`;
    };

    // Overlapping controls and labels; of an open modal dialog only, when one is open.
    const scope = document.querySelector('[aria-modal="true"]') ?? document;
    const controls = [
      ...scope.querySelectorAll('input:not([type="hidden"]), select, textarea, label'),
    ].filter(visible);
    const boxes = controls.map((element) => ({ element, rect: element.getBoundingClientRect() }));
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i] as (typeof boxes)[number];
        const b = boxes[j] as (typeof boxes)[number];
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        const width = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
        const height = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
        if (width > 1 && height > 1) problems.push(`${name(a.element)} overlaps ${name(b.element)}`);
      }
    }

    // Tables cut without a hint that they scroll.
    const shows = (element: Element, pseudo: '::before' | '::after') => {
      const style = getComputedStyle(element, pseudo);
      return (
        style.content !== 'none' &&
        Number(style.opacity) > 0 &&
        (style.backgroundImage !== 'none' || style.boxShadow !== 'none')
      );
    };
    const pageWidth = document.documentElement.clientWidth;
    for (const table of document.querySelectorAll('table')) {
      if (!visible(table)) continue;
      const label = `table "${table.caption?.textContent?.trim() ?? ''}"`;
      let box = table.parentElement;
      let cut = false;
      while (box && box !== document.body) {
        const overflow = getComputedStyle(box).overflowX;
        if (overflow !== 'visible' && box.scrollWidth > box.clientWidth + 1) {
          cut = true;
          if (overflow === 'hidden' || overflow === 'clip') {
            problems.push(`${label} is cut by a box that does not scroll`);
          } else {
            const around = [box, box.parentElement, box.parentElement?.parentElement].filter(
              (element): element is HTMLElement => element instanceof HTMLElement,
            );
            if (!around.some((element) => shows(element, '::before') || shows(element, '::after')))
              problems.push(`${label} scrolls sideways with no visible hint (e.g. an edge shadow)`);
          }
          break;
        }
        box = box.parentElement;
      }
      if (!cut && table.getBoundingClientRect().right > pageWidth + 1)
        problems.push(`${label} is wider than the page`);
    }

    // Placeholders cut by their input.
    const canvas = document.createElement('canvas').getContext('2d');
    for (const input of scope.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      if (!canvas || !visible(input) || input.value) continue;
      const style = getComputedStyle(input);
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      const needed = canvas.measureText(input.placeholder).width;
      if (needed > room + 1)
        problems.push(
          `the placeholder "${input.placeholder}" is cut (${Math.round(needed)} > ${Math.round(room)} px)`,
        );
    }

    // Checkboxes and radios beside text that wraps: the box by the first line, not the middle.
    for (const input of scope.querySelectorAll<HTMLInputElement>(
      'input[type="checkbox"], input[type="radio"]',
    )) {
      const label = input.labels?.[0];
      if (!label || !visible(input)) continue;
      // A label laid out in boxes of its own (a banner's card) is aligned as a whole.
      if (
        [...label.querySelectorAll('*')].some((element) =>
          /flex|grid|table/.test(getComputedStyle(element).display),
        )
      )
        continue;
      const lines: DOMRect[] = [];
      const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        lines.push(...[...range.getClientRects()].filter((rect) => rect.width > 0));
      }
      if (new Set(lines.map((rect) => Math.round(rect.top))).size < 2) continue;
      const first = lines.reduce((a, b) => (b.top < a.top ? b : a));
      const box = input.getBoundingClientRect();
      const middle = box.top + box.height / 2;
      if (middle < first.top - 1 || middle > first.bottom + 1)
        problems.push(
          `the ${input.type} of "${label.textContent?.trim().slice(0, 40)}" is not beside its first line`,
        );
    }

    // Selects whose chosen option is cut (its text wider than the room beside the arrow).
    for (const select of scope.querySelectorAll('select')) {
      const chosen = select.selectedOptions[0]?.textContent ?? '';
      if (!canvas || !visible(select) || !chosen) continue;
      const style = getComputedStyle(select);
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      const needed = canvas.measureText(chosen).width;
      if (needed > room + 1)
        problems.push(`the choice "${chosen}" is cut (${Math.round(needed)} > ${Math.round(room)} px)`);
    }
    return problems;
  });
}

/** Fails with the list of layout problems of the page (see `layoutProblems`), if any. */
export async function assertNoOverlaps(page: Page, where: string): Promise<void> {
  const problems = await layoutProblems(page);
  if (problems.length > 0)
    throw new Error(
      `Layout problems on ${where} (${page.viewportSize()?.width} px):\n- ${problems.join('\n- ')}`,
    );
}
