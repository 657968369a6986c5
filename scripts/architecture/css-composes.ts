// A class that composes a class of another CSS module gets both class names; the two rules have
// the same specificity, so where both set a property, the stylesheet that comes last wins. Lightning
// CSS (decision 0016) keeps each module its own stylesheet and the order of the chunks' stylesheets
// is not the order of the imports: an override next to a `composes … from` holds on one page and not
// on the next. This finds the properties such a class sets again, and the compositions Lightning
// CSS leaves half done: composing a class of the same file that composes one of another file gives
// the first class's name only.
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

interface Rule {
  selector: string;
  declarations: Map<string, string>;
}

/** The top-level rules of a stylesheet (rules inside at-rules left out), comments removed. */
export function topLevelRules(css: string): Rule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: Rule[] = [];
  let depth = 0;
  let start = 0;
  let selector = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '{') {
      if (depth === 0) {
        selector = text.slice(start, i).trim();
        start = i + 1;
      }
      depth++;
    } else if (char === '}') {
      depth--;
      if (depth === 0) {
        if (!selector.startsWith('@'))
          rules.push({ selector, declarations: declarationsOf(text.slice(start, i)) });
        start = i + 1;
      }
    }
  }
  return rules;
}

function declarationsOf(body: string): Map<string, string> {
  const declarations = new Map<string, string>();
  for (const part of body.split(';')) {
    const colon = part.indexOf(':');
    if (colon > 0) declarations.set(part.slice(0, colon).trim(), part.slice(colon + 1).trim());
  }
  return declarations;
}

const COMPOSES_FROM = /^([\w\s-]+?)\s+from\s+["'](.+)["']$/;

/** Shorthands and the properties they set besides their own name's `shorthand-*`. */
const shorthandMembers: Record<string, string[]> = {
  gap: ['row-gap', 'column-gap'],
  flex: ['flex-grow', 'flex-shrink', 'flex-basis'],
  'flex-flow': ['flex-direction', 'flex-wrap'],
  'place-items': ['align-items', 'justify-items'],
  inset: ['top', 'right', 'bottom', 'left'],
};
/** Shorthands whose `name-*` properties they set (`border` leaves `border-radius` alone). */
const prefixShorthands = [
  'margin',
  'padding',
  'background',
  'font',
  'overflow',
  'outline',
  'grid',
  'list-style',
];
const borderMember = /^border-(top|right|bottom|left|width|style|color)(-(width|style|color))?$/;

/** Whether setting `a` and `b` on one element sets some property twice (the same, or a shorthand and its part). */
export function overlap(a: string, b: string): boolean {
  const setBy = (shorthand: string, property: string) =>
    shorthandMembers[shorthand]?.includes(property) ||
    (prefixShorthands.includes(shorthand) && property.startsWith(`${shorthand}-`)) ||
    (shorthand === 'border' && borderMember.test(property));
  return a === b || setBy(a, b) || setBy(b, a);
}

/** The properties a class sets in its file, with those the classes it composes from other files set. */
function classProperties(file: string, name: string, seen = new Set<string>()): Set<string> {
  const properties = new Set<string>();
  const key = `${file}#${name}`;
  if (seen.has(key)) return properties;
  seen.add(key);
  for (const rule of topLevelRules(readFileSync(file, 'utf8'))) {
    if (rule.selector !== `.${name}`) continue;
    const composes = COMPOSES_FROM.exec(rule.declarations.get('composes') ?? '');
    if (composes?.[1] && composes[2])
      for (const composed of composes[1].split(/\s+/))
        for (const property of classProperties(join(dirname(file), composes[2]), composed, seen))
          properties.add(property);
    for (const property of rule.declarations.keys()) if (property !== 'composes') properties.add(property);
  }
  return properties;
}

/**
 * Each property a class of `file` sets that a class it composes from another file sets too, as
 * `file .class: property` (relative to `root`).
 */
export function overriddenComposedProperties(file: string, root: string): string[] {
  const found: string[] = [];
  for (const rule of topLevelRules(readFileSync(file, 'utf8'))) {
    const composes = COMPOSES_FROM.exec(rule.declarations.get('composes') ?? '');
    if (!composes?.[1] || !composes[2]) continue;
    const composedFile = join(dirname(file), composes[2]);
    const composed = composes[1].split(/\s+/).flatMap((name) => [...classProperties(composedFile, name)]);
    for (const property of rule.declarations.keys())
      if (property !== 'composes' && composed.some((other) => overlap(property, other)))
        found.push(`${relative(root, file)} ${rule.selector}: ${property}`);
  }
  return found;
}

/**
 * Each class of `file` that composes a class of the same file which composes from another file,
 * as `file .class: composed` (relative to `root`): it gets the local class's name, not the other's.
 */
export function halfDoneCompositions(file: string, root: string): string[] {
  const rules = topLevelRules(readFileSync(file, 'utf8'));
  const fromOtherFile = new Set(
    rules
      .filter((rule) => COMPOSES_FROM.test(rule.declarations.get('composes') ?? ''))
      .map((rule) => rule.selector),
  );
  return rules.flatMap((rule) => {
    const composes = rule.declarations.get('composes');
    if (!composes || COMPOSES_FROM.test(composes)) return [];
    return composes
      .split(/\s+/)
      .filter((name) => fromOtherFile.has(`.${name}`))
      .map((name) => `${relative(root, file)} ${rule.selector}: ${name}`);
  });
}
