import styles from './regulations.module.css';

/**
 * A document's text as paragraphs (blank lines separate them, line breaks are kept). Plain
 * text only: nothing in it is read as HTML.
 */
export function RegulationContent({ content }: { content: string }) {
  const paragraphs = content
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <div className={styles.content}>
      {paragraphs.map((paragraph, index) => (
        // Paragraphs have no identity of their own; their order is the document's.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}
