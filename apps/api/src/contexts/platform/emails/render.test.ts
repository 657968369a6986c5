import { describe, expect, it } from 'vitest';
import { htmlToText, renderTemplate } from './render';

describe('renderTemplate', () => {
  it('fills placeholders, with or without spaces inside the braces', () => {
    expect(
      renderTemplate('Hi {{firstName}}, {{ count }} new / {{count}}', { firstName: 'Ann', count: 3 }),
    ).toBe('Hi Ann, 3 new / 3');
  });

  it('HTML-escapes the values', () => {
    const out = renderTemplate('<p>{{name}}</p>', { name: `<b>Tom & "Jerry"</b> 'x'` });
    expect(out).toBe('<p>&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt; &#39;x&#39;</p>');
  });

  it('leaves values unescaped when asked for plain text (subjects)', () => {
    expect(renderTemplate('Hello {{name}}', { name: 'Tom & <Jerry>' }, false)).toBe('Hello Tom & <Jerry>');
  });

  it('renders unknown placeholders as empty', () => {
    expect(renderTemplate('[{{missing}}]-[{{ other }}]', { name: 'x' })).toBe('[]-[]');
  });

  it('renders names of Object.prototype members as empty too', () => {
    expect(renderTemplate('[{{toString}}][{{constructor}}][{{hasOwnProperty}}]', {})).toBe('[][][]');
  });

  it('keeps text that is not a placeholder', () => {
    expect(renderTemplate('{ {a} } {{a-b}} {{}}', { a: 1 })).toBe('{ {a} } {{a-b}} {{}}');
  });
});

describe('htmlToText', () => {
  it('keeps the URL of a link after its label', () => {
    const text = htmlToText(
      '<p>Click <a href="https://panel.test/activate?token=abc" style="color:red">here</a>.</p>',
    );
    expect(text).toBe('Click here (https://panel.test/activate?token=abc).');
  });

  it('keeps the URL of a link whose tag or label spans lines', () => {
    const text = htmlToText(
      '<p><a\n  href="https://panel.test/reset?token=t1"\n  style="color:red">Set a\n  new password</a></p>',
    );
    expect(text).toContain('(https://panel.test/reset?token=t1)');
    expect(text).not.toMatch(/[<>]/);
  });

  it('decodes the escaped & in a link URL', () => {
    expect(htmlToText('<a href="https://x.test/?a=1&amp;b=2">go</a>')).toBe('go (https://x.test/?a=1&b=2)');
  });

  it('drops tags and turns paragraphs and line breaks into newlines', () => {
    expect(htmlToText('<html><body><h1>Title</h1><p>One<br>two<br/>three</p><p>Four</p></body></html>')).toBe(
      'Title\n\nOne\ntwo\nthree\n\nFour',
    );
  });

  it('collapses runs of spaces and blank lines', () => {
    expect(htmlToText('<p>a    b</p>\n\n\n<p>\t c </p>')).toBe('a b\n\nc');
  });

  it('decodes each entity once, giving back the text that was escaped', () => {
    const value = `&lt;b&gt; & <i> "q" 'a'`;
    expect(htmlToText(`<p>${renderTemplate('{{v}}', { v: value })}</p>`)).toBe(value);
  });
});
